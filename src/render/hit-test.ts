/**
 * Which drawn thing is under a pointer position (CSS px on the timeline canvas): an event mark, a state band, a
 * kubelet restart, or a group header. Uses the same layout and band/mark boxes as the drawing code, so what you see is what you hit.
 */
import { visibleSpansBySubRow } from './draw-spans.ts';
import { restartAt } from './draw-restarts.ts';
import { rowTopPx, type FrameContext } from './frame.ts';
import { firstAtOrAfter } from './lane-index.ts';
import { bandBox, laneHasEvents, laneHasSpans, markBox, rowAtY, type LaneGroup, type LaneRow, type Row } from './row-layout.ts';

export type Hit =
  | { kind: 'event'; event: number; lane: number }
  | { kind: 'span'; span: number; lane: number }
  | { kind: 'group'; group: LaneGroup }
  /** A kubelet start line, or the shade before it (draw-restarts.ts): its start event; the lane row it is on (-1: a header). */
  | { kind: 'restart'; node: number; startEvent: number; lane: number }
  | { kind: 'lane'; lane: number };

const EVENT_TOLERANCE_PX = 5;

export function rowAtCanvasY(frame: FrameContext, yPx: number): Row | undefined {
  const { layout } = frame;
  if (yPx < layout.pinnedHeightPx) return layout.pinned.find((r) => yPx >= r.yPx && yPx < r.yPx + r.heightPx);
  const i = rowAtY(layout, yPx - layout.pinnedHeightPx + frame.scrollTopPx);
  return i >= 0 ? layout.rows[i] : undefined;
}

/** The event of a lane nearest to x, within a few pixels. */
export function nearestEvent(frame: FrameContext, lane: number, xPx: number, tolerancePx = EVENT_TOLERANCE_PX): number {
  const { scale, trace, events } = frame;
  const list = events.all;
  const t = scale.toUs(xPx);
  const tol = tolerancePx * scale.usPerPx;
  const timeUs = trace.events.timeUs;
  const end = list.start[lane + 1];
  let best = -1;
  let bestDist = Infinity;
  for (let k = firstAtOrAfter(list.idx, list.start[lane], end, timeUs, t - tol); k < end; k++) {
    const e = list.idx[k];
    const d = Math.abs(timeUs[e] - t);
    if (timeUs[e] > t + tol) break;
    // Among equally near marks prefer the more severe one (it is drawn on top).
    if (d < bestDist || (d === bestDist && trace.events.severity[e] > trace.events.severity[best])) { best = e; bestDist = d; }
  }
  return best;
}

function spanAt(frame: FrameContext, row: LaneRow, subRow: number, xPx: number): number {
  const spans = visibleSpansBySubRow(frame, row.lane, row.subRows)[subRow] ?? [];
  const t = frame.scale.toUs(xPx);
  const tol = 2 * frame.scale.usPerPx;
  let best = -1;
  let bestWidth = Infinity;
  for (const s of spans) {
    const a = frame.trace.spans.startUs[s];
    const b = frame.trace.spans.endUs[s];
    // The narrowest band under the pointer wins, so a short state inside a long one can be picked.
    if (t >= a - tol && t <= b + tol && b - a < bestWidth) { best = s; bestWidth = b - a; }
  }
  return best;
}

export function hitTest(frame: FrameContext, xPx: number, yPx: number): Hit | undefined {
  const row = rowAtCanvasY(frame, yPx);
  if (!row) return undefined;
  if (row.kind === 'group') {
    const r = row.group.kind === 'node' ? restartAt(frame, row.group.node, xPx) : undefined;
    return r ? { kind: 'restart', node: r.node, startEvent: r.startEvent, lane: -1 } : { kind: 'group', group: row.group };
  }
  const { trace } = frame;
  const localY = yPx - rowTopPx(frame, row);
  if (laneHasEvents(trace, row.lane)) {
    const box = markBox(trace, row);
    const inMarks = !laneHasSpans(trace, row.lane) || localY >= box.topPx - 2;
    if (inMarks) {
      const e = nearestEvent(frame, row.lane, xPx);
      if (e >= 0) return { kind: 'event', event: e, lane: row.lane };
    }
  }
  if (laneHasSpans(trace, row.lane)) {
    for (let r = 0; r < row.subRows; r++) {
      const box = bandBox(trace, row, r);
      if (localY < box.topPx - 1 || localY > box.topPx + box.heightPx + 1) continue;
      const s = spanAt(frame, row, r, xPx);
      if (s >= 0) return { kind: 'span', span: s, lane: row.lane };
    }
  }
  const r = restartAt(frame, trace.lanes[row.lane].node, xPx);
  return r ? { kind: 'restart', node: r.node, startEvent: r.startEvent, lane: row.lane } : { kind: 'lane', lane: row.lane };
}
