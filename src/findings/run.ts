/** Runs every incident detector over a trace (see detectors/). Each detector is a small rule over events and states. */
import type { Finding, Trace } from '../model/trace.ts';
import { DETECTORS } from './detectors.ts';

export function runDetectors(trace: Trace): Finding[] {
  const out: Finding[] = [];
  for (const d of DETECTORS) out.push(...d.detect(trace));
  const rank = { error: 0, warning: 1, info: 2 };
  return out.sort((a, b) => rank[a.severity] - rank[b.severity] || a.startUs - b.startUs);
}
