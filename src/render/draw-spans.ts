/**
 * State bands: one rectangle per span, coloured by state. What the logs cannot show is hatched grey (Unknown);
 * what is implied rather than printed is drawn lighter with a dashed outline (Inferred); a state still open when
 * the log ends fades out with an arrow (OpenEnded); a state entered by an illegal transition gets a red top edge
 * (Anomalous). Narrow spans merge into level-of-detail blocks.
 */
import { NOT_IN_LOG_LABEL, SpanFlag } from '../model/trace.ts';
import type { FrameContext } from './frame.ts';
import { firstAbove } from './lane-index.ts';
import { forEachSpanRun, mergeThresholdUs, type SpanRun } from './lod.ts';
import { hatchPattern } from './patterns.ts';
import { bandBox, type LaneRow } from './row-layout.ts';
import { stateColor, stateTextColor } from './state-style.ts';
import { fitText } from './text-fit.ts';

const scratch: number[][] = [];

/** Span indices of a lane that reach into the window, grouped by sub-row, in start order. */
export function visibleSpansBySubRow(frame: FrameContext, lane: number, subRowCount: number): number[][] {
  const { trace, scale, subRows, spanEndPrefix } = frame;
  const sp = trace.spans;
  for (let r = 0; r < subRowCount; r++) (scratch[r] ??= []).length = 0;
  const from = trace.laneSpanStart[lane];
  const to = trace.laneSpanStart[lane + 1];
  for (let k = firstAbove(spanEndPrefix, from, to, scale.startUs); k < to; k++) {
    const s = trace.laneSpanIdx[k];
    if (sp.startUs[s] > scale.endUs) break;
    if (sp.endUs[s] < scale.startUs) continue;
    const c = sp.container[s];
    const r = subRowCount > 1 && c >= 0 ? Math.min(subRowCount - 1, subRows.containerRow[c]) : 0;
    scratch[r].push(s);
  }
  return scratch.slice(0, subRowCount);
}

/** A band's label; the first visible band of each container instance also names the instance by its short ID. */
function bandLabel(frame: FrameContext, s: number, withId: boolean): string {
  const { trace } = frame;
  const label = trace.strings[trace.spans.state[s]] ?? '';
  const c = trace.spans.container[s];
  const id = c >= 0 ? trace.containers[c]?.id : '';
  return withId && id ? `${id.slice(0, 12)} · ${label}` : label;
}

/** Draws one run; returns true if its label (with the container ID when asked) was written. */
function drawSpan(ctx: CanvasRenderingContext2D, frame: FrameContext, run: SpanRun, y: number, h: number, withId: boolean): boolean {
  const { scale, theme, widthPx, trace } = frame;
  const x0 = Math.max(-4, scale.toPx(run.startUs));
  const x1 = Math.min(widthPx + 4, scale.toPx(run.endUs));
  const w = Math.max(1, x1 - x0);
  if (run.span < 0) {
    ctx.fillStyle = theme.lodBlock;
    ctx.fillRect(x0, y, w, h);
    const text = fitText(ctx, `${run.count} states`, w - 6);
    if (text) { ctx.fillStyle = theme.text; ctx.fillText(text, x0 + 3, y + h / 2); }
    return false;
  }
  const s = run.span;
  const flags = trace.spans.flags[s];
  const label = trace.strings[trace.spans.state[s]] ?? '';
  const unknown = (flags & SpanFlag.Unknown) !== 0;
  const color = stateColor(theme, label);
  if (unknown) ctx.fillStyle = hatchPattern(ctx, theme) ?? theme.unknownBand;
  else ctx.fillStyle = color;
  const inferred = (flags & SpanFlag.Inferred) !== 0;
  if (inferred) ctx.globalAlpha = 0.5;
  ctx.fillRect(x0, y, w, h);
  ctx.globalAlpha = 1;
  if (inferred && w > 3) {
    ctx.strokeStyle = color;
    ctx.setLineDash([4, 3]);
    ctx.lineWidth = 1;
    ctx.strokeRect(x0 + 0.5, y + 0.5, w - 1, h - 1);
    ctx.setLineDash([]);
  }
  if (flags & SpanFlag.OpenEnded) drawOpenEnd(ctx, frame, x1, y, h, w);
  if (flags & SpanFlag.Anomalous) {
    ctx.fillStyle = theme.severity[2];
    ctx.fillRect(x0, y, w, 2);
  }
  if (w <= 18) return false;
  const text = fitText(ctx, unknown ? (label === NOT_IN_LOG_LABEL ? label : 'unknown') : bandLabel(frame, s, withId), Math.min(x1, frame.widthPx) - Math.max(0, x0) - 6);
  if (!text) return false;
  ctx.fillStyle = unknown ? theme.textMuted : stateTextColor(theme);
  ctx.fillText(text, Math.max(x0, 0) + 4, y + h / 2 + 0.5);
  return true;
}

/** Fade the last stretch of an open-ended band into the background and mark its end with an arrow. */
function drawOpenEnd(ctx: CanvasRenderingContext2D, frame: FrameContext, x1: number, y: number, h: number, w: number): void {
  const { theme, widthPx } = frame;
  if (x1 > widthPx) return;
  const fade = Math.min(24, w / 3);
  const g = ctx.createLinearGradient(x1 - fade, 0, x1, 0);
  g.addColorStop(0, theme.background + '00');
  g.addColorStop(1, theme.background);
  ctx.fillStyle = g;
  ctx.fillRect(x1 - fade, y, fade, h);
  ctx.fillStyle = theme.textMuted;
  ctx.beginPath();
  ctx.moveTo(x1 + 1, y + 1);
  ctx.lineTo(x1 + 6, y + h / 2);
  ctx.lineTo(x1 + 1, y + h - 1);
  ctx.closePath();
  ctx.fill();
}

export function drawLaneSpans(ctx: CanvasRenderingContext2D, frame: FrameContext, row: LaneRow, rowTopPx: number): void {
  const threshold = mergeThresholdUs(frame.scale.usPerPx, frame.minGapPx);
  const bySubRow = visibleSpansBySubRow(frame, row.lane, row.subRows);
  const { startUs, endUs } = frame.trace.spans;
  for (let r = 0; r < bySubRow.length; r++) {
    const box = bandBox(frame.trace, row, r);
    // The first band of each container instance that has room for a label also names the instance.
    let labelledContainer = -2;
    forEachSpanRun(bySubRow[r], startUs, endUs, threshold, (run) => {
      const container = run.span >= 0 ? frame.trace.spans.container[run.span] : -2;
      const withId = container >= 0 && container !== labelledContainer;
      if (drawSpan(ctx, frame, run, rowTopPx + box.topPx, box.heightPx, withId) && withId) labelledContainer = container;
    });
  }
}
