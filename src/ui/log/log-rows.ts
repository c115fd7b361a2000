/**
 * What the log pane lists. With no filter it is every physical line of one source (prose and all, as in the
 * file). With a filter, or when it follows the visible time window, it is the lines of the visible events, in
 * time order across sources. Lines map back to events through a per-source line → event table.
 */
import type { Trace } from '../../model/trace.ts';
import { lineToEvent } from '../../store/line-events.ts';

export { lineToEvent };

export type LogRows =
  | { mode: 'raw'; source: number; count: number }
  | { mode: 'events'; events: Uint32Array; count: number };

/** Visible events (mask) inside [startUs, endUs] (or all of them when the window is undefined), in time order. */
export function eventRows(trace: Trace, mask: Uint8Array | undefined, window: { startUs: number; endUs: number } | undefined): Uint32Array {
  const t = trace.events.timeUs;
  const n = trace.events.count;
  const lowerBound = (x: number) => {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (t[mid] < x) lo = mid + 1; else hi = mid;
    }
    return lo;
  };
  const from = window ? lowerBound(window.startUs) : 0;
  const to = window ? lowerBound(window.endUs + 1) : n;
  const out = new Uint32Array(to - from);
  let w = 0;
  for (let e = from; e < to; e++) if (!mask || mask[e] === 1) out[w++] = e;
  return out.subarray(0, w);
}

/** Row of an event in the current list, or -1. */
export function rowOfEvent(trace: Trace, rows: LogRows, e: number): number {
  if (rows.mode === 'raw') return trace.events.source[e] === rows.source ? trace.events.line[e] - 1 : -1;
  let lo = 0;
  let hi = rows.events.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (rows.events[mid] < e) lo = mid + 1; else hi = mid;
  }
  return rows.events[lo] === e ? lo : -1;
}

/** The event behind a row, or -1 (a line that is not part of a kubelet record). */
export function eventOfRow(trace: Trace, rows: LogRows, row: number): number {
  if (rows.mode === 'events') return rows.events[row] ?? -1;
  return lineToEvent(trace)[rows.source]?.[row] ?? -1;
}
