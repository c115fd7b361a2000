/**
 * Ordering helpers for reconstruct: the stable time order of the collected events, permuting columns into it, and
 * the per-lane index (CSR) of events and spans. All of it works on typed arrays, because these passes touch every
 * event and a million small arrays or closures would cost more than the work itself.
 */
import { growU32, type GrowableColumn } from '../util/columns.ts';

/** How far back one out-of-order element may be moved into the current run before a new run is started. */
const MAX_INSERT_DISTANCE = 32;

/**
 * Indices 0..n-1 sorted by time, ties in index order (stable).
 *
 * A natural merge sort: kubelet lines are almost in time order (goroutines take their timestamps just before
 * writing, so a line is now and then a few µs older than the one before it), so one pass builds long runs —
 * fixing such small inversions in place — and only several sources or a shuffled file need the merge passes.
 * Worst case O(n log n), nearly sorted input O(n).
 */
export function timeOrder(t: Float64Array): Uint32Array {
  const n = t.length;
  let order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  let sorted = true;
  for (let i = 1; i < n; i++) if (t[i] < t[i - 1]) { sorted = false; break; }
  if (sorted) return order;

  // Runs are contiguous index ranges [runStarts[k], runStarts[k + 1]) whose order is already sorted.
  const runStarts: number[] = [0];
  let runStart = 0;
  for (let i = 1; i < n; i++) {
    const ti = t[i];
    if (ti >= t[order[i - 1]]) continue;
    const limit = Math.max(runStart, i - MAX_INSERT_DISTANCE);
    let j = i - 1;
    while (j >= limit && t[order[j]] > ti) j--;
    if (j < limit && limit > runStart) {
      runStarts.push(i);
      runStart = i;
      continue;
    }
    for (let k = i; k > j + 1; k--) order[k] = order[k - 1];
    order[j + 1] = i;
  }
  runStarts.push(n);

  // Bottom-up merges of neighbouring runs; a left run's indices are all smaller, so taking left on ties is stable.
  let buffer = new Uint32Array(n);
  let runs = runStarts;
  while (runs.length > 2) {
    const next: number[] = [0];
    for (let r = 0; r + 1 < runs.length; r += 2) {
      const a = runs[r];
      const b = runs[r + 1];
      const c = r + 2 < runs.length ? runs[r + 2] : b;
      let i = a;
      let j = b;
      let o = a;
      while (i < b && j < c) buffer[o++] = t[order[j]] < t[order[i]] ? order[j++] : order[i++];
      while (i < b) buffer[o++] = order[i++];
      while (j < c) buffer[o++] = order[j++];
      next.push(c);
    }
    [order, buffer] = [buffer, order];
    runs = next;
  }
  return order;
}

/** Stretches shorter than this are gathered element by element (a native copy costs a call). */
const MIN_UNMOVED = 64;

/**
 * Where a time order leaves events in place (order[i] === i) for at least MIN_UNMOVED events in a row, as
 * [start, end) pairs. A single forward log is almost sorted already (on the benchmark's log 736 of 781,395 events
 * move), so permuting a column is then mostly native copies of these stretches.
 */
export function unmovedStretches(order: Uint32Array): Uint32Array {
  const pairs: number[] = [];
  const n = order.length;
  let i = 0;
  while (i < n) {
    if (order[i] !== i) { i++; continue; }
    const start = i;
    while (i < n && order[i] === i) i++;
    if (i - start >= MIN_UNMOVED) pairs.push(start, i);
  }
  return Uint32Array.from(pairs);
}

export type Column = Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array;

/** out[i] = src[order[i]]: the unmoved stretches copied natively, the rest gathered. */
function permuteInto<T extends Column>(out: T, src: T, order: Uint32Array, unmoved: Uint32Array | undefined): T {
  const n = order.length;
  let i = 0;
  if (unmoved) {
    for (let k = 0; k < unmoved.length; k += 2) {
      const start = unmoved[k];
      const end = unmoved[k + 1];
      for (; i < start; i++) out[i] = src[order[i]];
      out.set(src.subarray(start, end) as never, start);
      i = end;
    }
  }
  for (; i < n; i++) out[i] = src[order[i]];
  return out;
}

/** An order that moves more than this share of the events is applied by copying (see movedIndices). */
const MAX_MOVED_SHARE = 1 / 8;

/**
 * The indices a time order moves (order[i] !== i), when they are few: a single forward log moves a thousandth of
 * its events, and its columns are then rearranged in their own memory (permuteInPlace) rather than copied into
 * new arrays — tens of MB on a big log that the kernel would otherwise have to hand out page by page. Undefined
 * when more than MAX_MOVED_SHARE move (several sources interleaved: copy).
 */
export function movedIndices(order: Uint32Array): Uint32Array | undefined {
  const n = order.length;
  const limit = Math.floor(n * MAX_MOVED_SHARE);
  let count = 0;
  for (let i = 0; i < n; i++) if (order[i] !== i && ++count > limit) return undefined;
  const moved = new Uint32Array(count);
  for (let i = 0, k = 0; i < n; i++) if (order[i] !== i) moved[k++] = i;
  return moved;
}

/**
 * col[i] = col[order[i]] for every i, in col's own memory, given movedIndices(order): every moved event's value is
 * read before any is written, and an event the order leaves in place keeps its value.
 */
export function permuteInPlace<T extends Column>(col: T, order: Uint32Array, moved: Uint32Array): T {
  const values = new Float64Array(moved.length);
  for (let k = 0; k < moved.length; k++) values[k] = col[order[moved[k]]];
  for (let k = 0; k < moved.length; k++) col[moved[k]] = values[k];
  return col;
}

/** The column in time order (`unmoved`: unmovedStretches(order), if at hand). */
export function permuteF64(src: Float64Array, order: Uint32Array, unmoved?: Uint32Array): Float64Array {
  return permuteInto(new Float64Array(order.length), src, order, unmoved);
}

export function permuteI32(src: Int32Array, order: Uint32Array, unmoved?: Uint32Array): Int32Array {
  return permuteInto(new Int32Array(order.length), src, order, unmoved);
}

export function permuteU32(src: Uint32Array, order: Uint32Array, unmoved?: Uint32Array): Uint32Array {
  return permuteInto(new Uint32Array(order.length), src, order, unmoved);
}

export function permuteU16(src: Uint16Array, order: Uint32Array, unmoved?: Uint32Array): Uint16Array {
  return permuteInto(new Uint16Array(order.length), src, order, unmoved);
}

export function permuteU8(src: Uint8Array, order: Uint32Array, unmoved?: Uint32Array): Uint8Array {
  return permuteInto(new Uint8Array(order.length), src, order, unmoved);
}

/** (lane, item) pairs, as two flat columns instead of one small array per pair. */
export class LaneMembers {
  readonly lane: GrowableColumn<Uint32Array>;
  readonly item: GrowableColumn<Uint32Array>;

  constructor(initialCapacity = 1024) {
    this.lane = growU32(initialCapacity);
    this.item = growU32(initialCapacity);
  }

  add(lane: number, item: number): void {
    this.lane.push(lane);
    this.item.push(item);
  }
}

/**
 * Compressed rows: items of lane l are idx[start[l] .. start[l+1]), sorted by (key, item), duplicates removed.
 * Members arrive in event order, so a lane's run is usually sorted already and is only checked.
 */
export function laneIndex(laneCount: number, members: LaneMembers, key: Float64Array): [Uint32Array, Uint32Array] {
  const lanes = members.lane.view();
  const items = members.item.view();
  const m = lanes.length;
  const counts = new Uint32Array(laneCount + 1);
  for (let k = 0; k < m; k++) counts[lanes[k] + 1]++;
  for (let l = 0; l < laneCount; l++) counts[l + 1] += counts[l];
  const fill = counts.slice(0, laneCount);
  const idx = new Uint32Array(m);
  for (let k = 0; k < m; k++) idx[fill[lanes[k]]++] = items[k];
  const start = new Uint32Array(laneCount + 1);
  const out = new Uint32Array(m);
  let o = 0;
  for (let l = 0; l < laneCount; l++) {
    start[l] = o;
    const run = idx.subarray(counts[l], counts[l + 1]);
    let ordered = true;
    for (let k = 1; k < run.length; k++) {
      const a = run[k - 1];
      const b = run[k];
      if (key[b] < key[a] || (key[b] === key[a] && b < a)) { ordered = false; break; }
    }
    if (!ordered) run.sort((a, b) => key[a] - key[b] || a - b);
    let prev = -1;
    for (let k = 0; k < run.length; k++) if (run[k] !== prev) { out[o++] = run[k]; prev = run[k]; }
  }
  start[laneCount] = o;
  return [start, out.slice(0, o)];
}
