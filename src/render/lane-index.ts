/**
 * Per-lane indices the drawing code walks: the events of each lane that survive the filters (all of them when no
 * filter is active), the subset that are warnings or errors (drawn on top, so a merged block never hides them),
 * and, for spans, a running maximum of end times so the first span reaching into the window is a binary search.
 */
import type { Trace } from '../model/trace.ts';

/** CSR lists: items of lane l are idx[start[l] .. start[l+1]), time-sorted. */
export interface LaneList {
  start: Uint32Array;
  idx: Uint32Array;
}

export interface LaneEventIndex {
  all: LaneList;
  /** Severity ≥ warning only. */
  problems: LaneList;
}

function filterList(trace: Trace, keep: (e: number) => boolean): LaneList {
  const lanes = trace.lanes.length;
  const src = trace.laneEventIdx;
  const srcStart = trace.laneEventStart;
  const start = new Uint32Array(lanes + 1);
  let n = 0;
  for (let l = 0; l < lanes; l++) {
    for (let k = srcStart[l]; k < srcStart[l + 1]; k++) if (keep(src[k])) n++;
    start[l + 1] = n;
  }
  const idx = new Uint32Array(n);
  let w = 0;
  for (let l = 0; l < lanes; l++) {
    for (let k = srcStart[l]; k < srcStart[l + 1]; k++) if (keep(src[k])) idx[w++] = src[k];
  }
  return { start, idx };
}

export function buildLaneEventIndex(trace: Trace, mask: Uint8Array | undefined): LaneEventIndex {
  const sev = trace.events.severity;
  const all = mask ? filterList(trace, (e) => mask[e] === 1) : { start: trace.laneEventStart, idx: trace.laneEventIdx };
  const problems = filterList(trace, mask ? (e) => mask[e] === 1 && sev[e] >= 1 : (e) => sev[e] >= 1);
  return { all, problems };
}

/** For laneSpanIdx order: the largest endUs among the lane's spans up to and including this one. */
export function buildSpanEndPrefix(trace: Trace): Float64Array {
  const prefix = new Float64Array(trace.laneSpanIdx.length);
  const endUs = trace.spans.endUs;
  for (let l = 0; l < trace.lanes.length; l++) {
    let max = -Infinity;
    for (let k = trace.laneSpanStart[l]; k < trace.laneSpanStart[l + 1]; k++) {
      max = Math.max(max, endUs[trace.laneSpanIdx[k]]);
      prefix[k] = max;
    }
  }
  return prefix;
}

/** First position in [from, to) of a time-sorted list whose time is ≥ tUs. */
export function firstAtOrAfter(idx: ArrayLike<number>, from: number, to: number, timeUs: Float64Array, tUs: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (timeUs[idx[mid]] < tUs) lo = mid + 1; else hi = mid;
  }
  return lo;
}

/** First position in [from, to) whose value is > v, for a non-decreasing array (e.g. the span end prefix). */
export function firstAbove(values: Float64Array, from: number, to: number, v: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid] <= v) lo = mid + 1; else hi = mid;
  }
  return lo;
}
