/**
 * Event marks on a lane: a tick per event coloured by severity (messages the catalog does not know are grey),
 * runs of ticks closer than a few pixels merged into blocks. Warnings and errors are drawn in a second pass from
 * their own index, so a merged block never hides them. Lone marks with room get their label.
 */
import type { FrameContext } from './frame.ts';
import { cachedEventLabel } from './labels.ts';
import type { LaneList } from './lane-index.ts';
import { forEachMarkRun, mergeThresholdUs } from './lod.ts';
import { markBox, type LaneRow } from './row-layout.ts';
import { fitText } from './text-fit.ts';

const TICK_PX = 2;
const LABEL_GAP_PX = 40;

/**
 * Rectangles batched per fill colour, so the fill style changes once per colour. Each is drawn with fillRect, not
 * gathered into one path: the browser rasterises a canvas's drawing when it hands the frame over, and an axis-aligned
 * rectangle takes its fast path there, while a path of thousands of rectangles goes through the general path filler
 * (on the 1M-event benchmark, in software rendering, a zoom frame's hand-over took 3.9 ms instead of 5.8).
 */
class RectBatch {
  private readonly rects = new Map<string, number[]>();
  add(color: string, x: number, y: number, w: number, h: number): void {
    let list = this.rects.get(color);
    if (!list) this.rects.set(color, (list = []));
    list.push(x, y, w, h);
  }
  flush(ctx: CanvasRenderingContext2D): void {
    for (const [color, r] of this.rects) {
      if (!r.length) continue;
      ctx.fillStyle = color;
      for (let i = 0; i < r.length; i += 4) ctx.fillRect(r[i], r[i + 1], r[i + 2], r[i + 3]);
      r.length = 0;
    }
  }
}

const batch = new RectBatch();
const loneX: number[] = [];
const loneEvent: number[] = [];

function markColor(frame: FrameContext, e: number): string {
  const ev = frame.trace.events;
  const sev = ev.severity[e];
  if (sev === 0 && ev.msg[e] === 0) return frame.theme.unknownMark;
  return frame.theme.severity[Math.min(3, sev)];
}

function drawRuns(frame: FrameContext, list: LaneList, lane: number, y: number, h: number, problems: boolean, collectLabels: boolean): void {
  const { scale, theme, trace } = frame;
  const timeUs = trace.events.timeUs;
  const threshold = mergeThresholdUs(scale.usPerPx, frame.minGapPx);
  forEachMarkRun(list, lane, timeUs, scale.startUs, scale.endUs, threshold, (run) => {
    const x0 = scale.toPx(run.startUs) - TICK_PX / 2;
    if (run.firstPos === run.lastPos) {
      const e = list.idx[run.firstPos];
      batch.add(markColor(frame, e), x0, y, TICK_PX, h);
      if (collectLabels) { loneX.push(x0); loneEvent.push(e); }
      return;
    }
    const w = scale.toPx(run.endUs) - scale.toPx(run.startUs) + TICK_PX;
    if (problems) {
      // A burst of warnings/errors: coloured by the worst one at its ends (cheap), never hidden.
      const worst = Math.max(trace.events.severity[list.idx[run.firstPos]], trace.events.severity[list.idx[run.lastPos]]);
      batch.add(theme.severity[Math.min(3, worst)], x0, y, w, h);
    } else {
      batch.add(theme.lodBlock, x0, y + 1, w, h - 2);
    }
    if (collectLabels) { loneX.push(x0); loneEvent.push(-1); }
  });
}

export function drawLaneMarks(ctx: CanvasRenderingContext2D, frame: FrameContext, row: LaneRow, rowTopPx: number): void {
  const box = markBox(frame.trace, row);
  const y = rowTopPx + box.topPx;
  loneX.length = 0;
  loneEvent.length = 0;
  drawRuns(frame, frame.events.all, row.lane, y, box.heightPx, false, true);
  drawRuns(frame, frame.events.problems, row.lane, y - 1, box.heightPx + 2, true, false);
  batch.flush(ctx);
  if (box.heightPx < 9) return;
  ctx.fillStyle = frame.theme.text;
  for (let i = 0; i < loneEvent.length; i++) {
    if (loneEvent[i] < 0) continue;
    const next = i + 1 < loneX.length ? loneX[i + 1] : frame.widthPx + 200;
    const room = next - loneX[i] - 8;
    if (room < LABEL_GAP_PX) continue;
    const text = fitText(ctx, cachedEventLabel(frame.trace, loneEvent[i]), Math.min(room, 360));
    if (text) ctx.fillText(text, loneX[i] + TICK_PX + 3, y + box.heightPx / 2 + 0.5);
  }
}
