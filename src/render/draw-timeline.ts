/**
 * The base layer of the timeline: row backgrounds, grid, state bands and event marks for the rows in view. The
 * pinned rows (sync loop) are drawn last, over the scrolled rows, with a separator below them.
 */
import { drawLaneMarks } from './draw-marks.ts';
import { drawDownShade, drawRestartLabels, drawStartLines } from './draw-restarts.ts';
import { kubeletRestarts } from '../model/kubelet-restarts.ts';
import { drawLaneSpans } from './draw-spans.ts';
import { rowTopPx, visibleRows, type FrameContext } from './frame.ts';
import { forEachMarkRun, mergeThresholdUs } from './lod.ts';
import { laneHasEvents, laneHasSpans, type GroupRow, type LaneRow, type Row } from './row-layout.ts';
import type { Tick } from './time-ticks.ts';

function drawGroupRow(ctx: CanvasRenderingContext2D, frame: FrameContext, row: GroupRow, y: number): void {
  const { theme, widthPx } = frame;
  ctx.fillStyle = theme.groupBackground;
  ctx.fillRect(0, y, widthPx, row.heightPx);
  const restarts = kubeletRestarts(frame.trace).length > 0;
  // A node's header says where its kubelet restarted; a pod's shows the same lines and shades as its lanes.
  if (restarts && row.group.kind === 'node') drawRestartLabels(ctx, frame, row.group.node, y, row.heightPx);
  else if (restarts) drawDownShade(ctx, frame, row.group.node, y, row.heightPx);
  if (row.collapsed) drawCollapsedSummary(ctx, frame, row, y);
  if (restarts && row.group.kind === 'pod') drawStartLines(ctx, frame, row.group.node, y, row.heightPx);
  ctx.fillStyle = theme.separator;
  ctx.fillRect(0, y + row.heightPx - 1, widthPx, 1);
}

/** A collapsed group still shows where its events are: thin ticks from all its lanes. */
function drawCollapsedSummary(ctx: CanvasRenderingContext2D, frame: FrameContext, row: GroupRow, y: number): void {
  const { scale, theme, trace, events } = frame;
  const threshold = mergeThresholdUs(scale.usPerPx, frame.minGapPx);
  const timeUs = trace.events.timeUs;
  // fillRect per run rather than one path of rects: see draw-marks.ts (RectBatch) for why.
  ctx.fillStyle = theme.minimapDensity;
  for (const lane of row.group.lanes) {
    forEachMarkRun(events.all, lane, timeUs, scale.startUs, scale.endUs, threshold, (run) => {
      const x0 = scale.toPx(run.startUs) - 1;
      ctx.fillRect(x0, y + 6, Math.max(2, scale.toPx(run.endUs) + 1 - x0), row.heightPx - 12);
    });
  }
  ctx.fillStyle = theme.severity[2];
  for (const lane of row.group.lanes) {
    forEachMarkRun(events.problems, lane, timeUs, scale.startUs, scale.endUs, threshold, (run) => {
      const x0 = scale.toPx(run.startUs) - 1;
      ctx.fillRect(x0, y + 4, Math.max(2, scale.toPx(run.endUs) + 1 - x0), row.heightPx - 8);
    });
  }
}

function drawLaneRow(ctx: CanvasRenderingContext2D, frame: FrameContext, row: LaneRow, y: number): void {
  const { theme, widthPx, trace } = frame;
  // Pinned lanes sit on a tinted background so they read as a separate, fixed strip.
  ctx.fillStyle = row.pinned ? theme.laneStripe : theme.background;
  ctx.fillRect(0, y, widthPx, row.heightPx);
  const node = trace.lanes[row.lane].node;
  const restarts = kubeletRestarts(trace).length > 0;
  if (trace.gaps.length) drawGapShade(ctx, frame, node, y, row.heightPx);
  if (restarts) drawDownShade(ctx, frame, node, y, row.heightPx);
  if (laneHasSpans(trace, row.lane)) drawLaneSpans(ctx, frame, row, y);
  if (laneHasEvents(trace, row.lane)) drawLaneMarks(ctx, frame, row, y);
  if (restarts) drawStartLines(ctx, frame, node, y, row.heightPx);
  ctx.fillStyle = theme.separator;
  ctx.fillRect(0, y + row.heightPx - 1, widthPx, 0.5);
}

/** Where the lane's node has a gap in its log, a shade behind the lane: nothing drawn there comes from the log. */
function drawGapShade(ctx: CanvasRenderingContext2D, frame: FrameContext, node: number, y: number, heightPx: number): void {
  const { scale, widthPx } = frame;
  ctx.fillStyle = frame.theme.gapShade;
  for (const g of frame.trace.gaps) {
    if (g.node !== node) continue;
    const x0 = Math.max(0, scale.toPx(g.startUs));
    const x1 = Math.min(widthPx, scale.toPx(g.endUs));
    if (x1 > x0) ctx.fillRect(x0, y, x1 - x0, heightPx);
  }
}

function drawRows(ctx: CanvasRenderingContext2D, frame: FrameContext, rows: readonly Row[]): void {
  for (const row of rows) {
    const y = rowTopPx(frame, row);
    if (row.kind === 'group') drawGroupRow(ctx, frame, row, y);
    else drawLaneRow(ctx, frame, row, y);
  }
}

function drawGrid(ctx: CanvasRenderingContext2D, frame: FrameContext, ticks: readonly Tick[]): void {
  ctx.fillStyle = frame.theme.grid;
  for (const t of ticks) ctx.fillRect(Math.round(frame.scale.toPx(t.timeUs)), 0, 1, frame.heightPx);
}

export function drawTimeline(ctx: CanvasRenderingContext2D, frame: FrameContext, ticks: readonly Tick[]): void {
  const { theme, widthPx, heightPx, layout } = frame;
  ctx.font = theme.smallFont;
  ctx.textBaseline = 'middle';
  ctx.fillStyle = theme.background;
  ctx.fillRect(0, 0, widthPx, heightPx);

  ctx.save();
  ctx.beginPath();
  ctx.rect(0, layout.pinnedHeightPx, widthPx, heightPx - layout.pinnedHeightPx);
  ctx.clip();
  drawRows(ctx, frame, visibleRows(frame));
  ctx.restore();

  if (layout.pinned.length) {
    drawRows(ctx, frame, layout.pinned);
    ctx.fillStyle = theme.separator;
    ctx.fillRect(0, layout.pinnedHeightPx - 2, widthPx, 2);
  }
  drawGrid(ctx, frame, ticks);
}
