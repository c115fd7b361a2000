/**
 * What one drawing pass needs, in one readonly object (Perfetto's TrackRenderContext idea). Built by the canvas
 * component from the store each frame; the draw functions read nothing else.
 *
 * Coordinate spaces:
 *   trace space — epoch µs × row (RowLayout, in content px from the top of the scrolled rows);
 *   CSS px      — canvas x = scale.toPx(µs); canvas y = pinned rows from 0, scrolled rows from pinnedHeightPx −
 *                 scrollTopPx; pointer events report these;
 *   device px   — CSS px × devicePixelRatio, applied once by sizeCanvas() as a context transform.
 */
import type { Trace } from '../model/trace.ts';
import type { LaneEventIndex } from './lane-index.ts';
import type { LaneRow, Row, RowLayout, SubRows } from './row-layout.ts';
import type { Theme } from './theme.ts';
import type { TimeScale } from './time-scale.ts';

export interface FrameContext {
  readonly trace: Trace;
  readonly scale: TimeScale;
  readonly widthPx: number;
  readonly heightPx: number;
  readonly layout: RowLayout;
  readonly scrollTopPx: number;
  readonly events: LaneEventIndex;
  readonly spanEndPrefix: Float64Array;
  readonly subRows: SubRows;
  readonly theme: Theme;
  /** Items closer than this many px merge into a block. */
  readonly minGapPx: number;
}

/** Canvas y of a row's top edge. */
export function rowTopPx(frame: FrameContext, row: Row): number {
  return row.kind === 'lane' && row.pinned ? row.yPx : frame.layout.pinnedHeightPx + row.yPx - frame.scrollTopPx;
}

/** The row a lane is drawn in: its own, or its collapsed group's header. */
export function rowForLane(frame: FrameContext, lane: number): Row | undefined {
  const { layout, trace } = frame;
  const pinned = layout.pinnedOfLane[lane];
  if (pinned >= 0) return layout.pinned[pinned];
  const r = layout.rowOfLane[lane];
  if (r >= 0) return layout.rows[r];
  const pod = trace.lanes[lane]?.pod ?? -1;
  if (pod >= 0 && layout.groupRowOfPod[pod] >= 0) return layout.rows[layout.groupRowOfPod[pod]];
  // A node lane in a collapsed node group: the group header row.
  const node = trace.lanes[lane]?.node ?? -1;
  return layout.rows.find((row) => row.kind === 'group' && row.group.kind === 'node' && row.group.node === node);
}

/** Scrolled rows overlapping the canvas (binary search on y), in order. */
export function visibleRows(frame: FrameContext): Row[] {
  const { layout, scrollTopPx, heightPx } = frame;
  const rows = layout.rows;
  const topPx = scrollTopPx;
  const bottomPx = scrollTopPx + heightPx - layout.pinnedHeightPx;
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (rows[mid].yPx + rows[mid].heightPx <= topPx) lo = mid + 1; else hi = mid;
  }
  const out: Row[] = [];
  for (let i = lo; i < rows.length && rows[i].yPx < bottomPx; i++) out.push(rows[i]);
  return out;
}

export function isLaneRow(row: Row): row is LaneRow {
  return row.kind === 'lane';
}

/**
 * Sizes a canvas for its CSS box and the device pixel ratio; returns a context scaled to CSS px. An `opaque` canvas
 * (one whose drawing covers every pixel) gets a context without alpha, which the browser composites and copies
 * more cheaply; the choice is fixed by the first call for a canvas.
 */
export function sizeCanvas(canvas: HTMLCanvasElement, widthPx: number, heightPx: number, dpr: number, opaque = false): CanvasRenderingContext2D {
  const w = Math.max(1, Math.round(widthPx * dpr));
  const h = Math.max(1, Math.round(heightPx * dpr));
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  const ctx = canvas.getContext('2d', { alpha: !opaque })!;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  return ctx;
}
