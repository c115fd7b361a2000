/** Runs every incident detector over a trace (see detectors/). Each detector is a small rule over events and states. */
import type { Finding, Trace } from '../model/trace.ts';
import { buildContext } from './context.ts';
import { DETECTORS, type Detector } from './detectors.ts';

/** Findings kept per detector (the most severe, then the earliest); a huge log cannot flood the list. */
export const MAX_FINDINGS_PER_DETECTOR = 50;

const RANK = { error: 0, warning: 1, info: 2 } as const;

function bySeverityThenTime(a: Finding, b: Finding): number {
  return RANK[a.severity] - RANK[b.severity] || a.startUs - b.startUs;
}

export function runDetectors(trace: Trace, detectors: readonly Detector[] = DETECTORS): Finding[] {
  const ctx = buildContext(trace);
  const out: Finding[] = [];
  for (const d of detectors) {
    const found = d.detect(ctx, out);
    if (found.length > MAX_FINDINGS_PER_DETECTOR) found.sort(bySeverityThenTime).length = MAX_FINDINGS_PER_DETECTOR;
    out.push(...found);
  }
  return out.sort(bySeverityThenTime);
}
