/**
 * Level of detail (gotraceui's merged spans): items closer together than a few pixels are drawn as one block.
 *
 * The merge distance is the pixel gap converted to µs at the current zoom and rounded up to a power of two, so the
 * merging only changes at discrete zoom levels and does not shimmer while the user zooms. A block keeps absorbing
 * items until there is a real gap (or, for spans, an item wide enough to stand alone), so a block's extent depends
 * on the data, not on where the window starts. In dense stretches a binary search jumps over everything already
 * inside the block, so drawing costs about one step per block, not per item.
 */
import type { LaneList } from './lane-index.ts';

export function mergeThresholdUs(usPerPx: number, minGapPx: number): number {
  return 2 ** Math.ceil(Math.log2(Math.max(1e-6, usPerPx * minGapPx)));
}

export interface MarkRun {
  /** Positions in the lane list (inclusive). */
  firstPos: number;
  lastPos: number;
  startUs: number;
  endUs: number;
}

/** First position in [from, to) whose time is > tUs. */
function firstAfter(idx: Uint32Array, from: number, to: number, timeUs: Float64Array, tUs: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (timeUs[idx[mid]] <= tUs) lo = mid + 1; else hi = mid;
  }
  return lo;
}

/**
 * Calls `emit` for each run of the lane's marks that reaches into [fromUs, toUs]: a lone mark (firstPos === lastPos)
 * or a block of marks each within `thresholdUs` of the one before.
 */
export function forEachMarkRun(
  list: LaneList, lane: number, timeUs: Float64Array, fromUs: number, toUs: number, thresholdUs: number,
  emit: (run: MarkRun) => void,
): void {
  const end = list.start[lane + 1];
  const idx = list.idx;
  let pos = firstAfter(idx, list.start[lane], end, timeUs, fromUs - thresholdUs - 1);
  const run: MarkRun = { firstPos: 0, lastPos: 0, startUs: 0, endUs: 0 };
  while (pos < end) {
    const startUs = timeUs[idx[pos]];
    if (startUs > toUs) break;
    let last = pos;
    let reachUs = startUs;
    for (;;) {
      const next = firstAfter(idx, last + 1, end, timeUs, reachUs + thresholdUs);
      if (next - 1 <= last) break;
      last = next - 1;
      reachUs = timeUs[idx[last]];
    }
    run.firstPos = pos;
    run.lastPos = last;
    run.startUs = startUs;
    run.endUs = reachUs;
    emit(run);
    pos = last + 1;
  }
}

export interface SpanRun {
  /** A single span (its index), or -1 for a merged block. */
  span: number;
  startUs: number;
  endUs: number;
  /** Spans inside a merged block. */
  count: number;
}

/**
 * Merges spans narrower than `thresholdUs` that follow each other within `thresholdUs` into blocks; wide spans are
 * emitted alone. `spans` are span indices in start order (one sub-row of one lane), already culled to the window.
 */
export function forEachSpanRun(
  spans: readonly number[], startUs: Float64Array, endUs: Float64Array, thresholdUs: number, emit: (run: SpanRun) => void,
): void {
  const run: SpanRun = { span: -1, startUs: 0, endUs: 0, count: 0 };
  let i = 0;
  while (i < spans.length) {
    const s = spans[i];
    const narrow = endUs[s] - startUs[s] < thresholdUs;
    if (!narrow) {
      run.span = s; run.startUs = startUs[s]; run.endUs = endUs[s]; run.count = 1;
      emit(run);
      i++;
      continue;
    }
    let j = i;
    let reach = endUs[s];
    while (j + 1 < spans.length) {
      const n = spans[j + 1];
      if (startUs[n] > reach + thresholdUs || endUs[n] - startUs[n] >= thresholdUs) break;
      j++;
      reach = Math.max(reach, endUs[n]);
    }
    run.span = j === i ? s : -1; run.startUs = startUs[s]; run.endUs = reach; run.count = j - i + 1;
    emit(run);
    i = j + 1;
  }
}
