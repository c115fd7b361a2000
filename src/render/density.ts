/**
 * Event density over the whole trace for the overview strip: visible events counted into fixed-width time bins.
 * Computed once per (trace, filter) — the minimap redraws from the bins, never from the events.
 */
import type { Trace } from '../model/trace.ts';

export interface Density {
  startUs: number;
  endUs: number;
  counts: Float32Array;
  /** Warnings and errors per bin. */
  problems: Float32Array;
  max: number;
}

export const DENSITY_BINS = 2048;

export function computeDensity(trace: Trace, mask: Uint8Array | undefined, startUs: number, endUs: number): Density {
  const counts = new Float32Array(DENSITY_BINS);
  const problems = new Float32Array(DENSITY_BINS);
  const span = Math.max(1, endUs - startUs);
  const ev = trace.events;
  for (let e = 0; e < ev.count; e++) {
    if (mask && mask[e] !== 1) continue;
    const bin = Math.min(DENSITY_BINS - 1, Math.max(0, Math.floor(((ev.timeUs[e] - startUs) / span) * DENSITY_BINS)));
    counts[bin]++;
    if (ev.severity[e] >= 1) problems[bin]++;
  }
  let max = 0;
  for (let i = 0; i < DENSITY_BINS; i++) max = Math.max(max, counts[i]);
  return { startUs, endUs, counts, problems, max };
}
