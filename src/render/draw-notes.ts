/**
 * The user's notes on the timeline, drawn on the overlay canvas over everything else:
 *   range note — a bar at the top of the scrolled lanes across its range (stacked when ranges overlap), its edges as
 *                dashed lines, and its text;
 *   lane note  — a tag at the left end of its lane (or of the collapsed group standing in for it);
 *   event note — a pin above the event's mark with its text.
 * Texts are cut to fit; the full text is in the notes list and in the tooltip, for which `drawNotes` returns the
 * box of every note it drew (CSS px on the canvas).
 */
import { eventPoint } from './draw-overlay.ts';
import { rowForLane, rowTopPx, type FrameContext } from './frame.ts';
import { fitText } from './text-fit.ts';

export interface NoteMark {
  id: string;
  text: string;
  kind: 'range' | 'lane' | 'event';
  /** Event index (event notes) and lane index (lane and event notes); -1 when the trace has none. */
  event: number;
  lane: number;
  startUs: number;
  endUs: number;
}

export interface NoteBox {
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export const NOTE_COLOURS = {
  light: { ink: '#7a4d00', fill: '#f7d774', edge: 'rgba(176, 111, 12, 0.55)' },
  dark: { ink: '#1b1400', fill: '#e0b84a', edge: 'rgba(240, 166, 58, 0.55)' },
} as const;

const TAG_H = 14;
const BAR_H = 4;
const LEVEL_H = TAG_H + BAR_H + 2;
const MAX_LEVELS = 3;
const MAX_LABEL_PX = 220;

/** A text tag: a filled rounded box with the (cut) text; returns its box, or undefined if nothing fits. */
function tag(ctx: CanvasRenderingContext2D, frame: FrameContext, text: string, x: number, y: number, maxPx: number): { w: number } | undefined {
  const colours = NOTE_COLOURS[frame.theme.name];
  const label = fitText(ctx, `✎ ${text}`, Math.min(MAX_LABEL_PX, maxPx) - 8);
  const w = label ? ctx.measureText(label).width + 8 : 14;
  ctx.fillStyle = colours.fill;
  ctx.beginPath();
  ctx.roundRect(x, y, w, TAG_H, 3);
  ctx.fill();
  ctx.fillStyle = colours.ink;
  ctx.fillText(label || '✎', x + 4, y + TAG_H / 2);
  return { w };
}

function drawRangeNotes(ctx: CanvasRenderingContext2D, frame: FrameContext, notes: readonly NoteMark[], boxes: NoteBox[]): void {
  const { scale, widthPx, heightPx, layout } = frame;
  const colours = NOTE_COLOURS[frame.theme.name];
  /** Right end (px) of what each level holds, so overlapping ranges go on separate levels. */
  const levelEnds: number[] = [];
  const sorted = notes.filter((n) => Number.isFinite(n.startUs) && Number.isFinite(n.endUs)).sort((a, b) => a.startUs - b.startUs);
  for (const n of sorted) {
    const x0 = scale.toPx(n.startUs);
    const x1 = Math.max(x0 + 2, scale.toPx(n.endUs));
    if (x1 < 0 || x0 > widthPx) continue;
    let level = levelEnds.findIndex((end) => end < x0 - 4);
    if (level < 0) level = levelEnds.length < MAX_LEVELS ? levelEnds.length : MAX_LEVELS - 1;
    const y = layout.pinnedHeightPx + 2 + level * LEVEL_H;
    const left = Math.max(0, x0);
    const right = Math.min(widthPx, x1);
    ctx.fillStyle = colours.edge;
    ctx.setLineDash([3, 3]);
    ctx.strokeStyle = colours.edge;
    ctx.lineWidth = 1;
    ctx.beginPath();
    if (x0 >= 0) { ctx.moveTo(Math.round(x0) + 0.5, y); ctx.lineTo(Math.round(x0) + 0.5, heightPx); }
    if (x1 <= widthPx) { ctx.moveTo(Math.round(x1) + 0.5, y); ctx.lineTo(Math.round(x1) + 0.5, heightPx); }
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = colours.fill;
    ctx.fillRect(left, y, right - left, BAR_H);
    const t = tag(ctx, frame, n.text, left + 2, y + BAR_H + 1, Math.max(40, widthPx - left - 4));
    const w = Math.max(right - left, t ? t.w + 2 : 0);
    levelEnds[level] = Math.max(levelEnds[level] ?? -Infinity, left + w);
    boxes.push({ id: n.id, x: left, y, w, h: BAR_H + 1 + TAG_H });
  }
}

function drawLaneNotes(ctx: CanvasRenderingContext2D, frame: FrameContext, notes: readonly NoteMark[], boxes: NoteBox[]): void {
  /** Tags already on a row, so several notes on one lane sit side by side. */
  const usedPx = new Map<unknown, number>();
  for (const n of notes) {
    const row = n.lane >= 0 ? rowForLane(frame, n.lane) : undefined;
    if (!row) continue;
    const y = rowTopPx(frame, row) + Math.max(1, (Math.min(row.heightPx, 22) - TAG_H) / 2);
    if (y + TAG_H < 0 || y > frame.heightPx) continue;
    const x = 4 + (usedPx.get(row) ?? 0);
    const t = tag(ctx, frame, n.text, x, y, 180);
    if (!t) continue;
    usedPx.set(row, x + t.w + 2);
    boxes.push({ id: n.id, x, y, w: t.w, h: TAG_H });
  }
}

function drawEventNotes(ctx: CanvasRenderingContext2D, frame: FrameContext, notes: readonly NoteMark[], boxes: NoteBox[]): void {
  const colours = NOTE_COLOURS[frame.theme.name];
  for (const n of notes) {
    if (n.event < 0 || n.event >= frame.trace.events.count) continue;
    const p = eventPoint(frame, n.event);
    if (!p || p.offScreen || p.x < -MAX_LABEL_PX || p.x > frame.widthPx) continue;
    const top = p.y - 6 - TAG_H - 4;
    ctx.strokeStyle = colours.ink;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.moveTo(p.x, p.y - 5);
    ctx.lineTo(p.x, top + TAG_H);
    ctx.stroke();
    const t = tag(ctx, frame, n.text, p.x, top, Math.max(40, frame.widthPx - p.x - 4));
    if (t) boxes.push({ id: n.id, x: p.x, y: top, w: t.w, h: TAG_H + 10 });
  }
}

export function drawNotes(ctx: CanvasRenderingContext2D, frame: FrameContext, notes: readonly NoteMark[]): NoteBox[] {
  const boxes: NoteBox[] = [];
  if (!notes.length) return boxes;
  ctx.save();
  ctx.font = frame.theme.smallFont;
  ctx.textBaseline = 'middle';
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, frame.layout.pinnedHeightPx, frame.widthPx, frame.heightPx - frame.layout.pinnedHeightPx);
  ctx.clip();
  drawRangeNotes(ctx, frame, notes.filter((n) => n.kind === 'range'), boxes);
  ctx.restore();
  drawLaneNotes(ctx, frame, notes.filter((n) => n.kind === 'lane'), boxes);
  drawEventNotes(ctx, frame, notes.filter((n) => n.kind === 'event'), boxes);
  ctx.restore();
  return boxes;
}

/** The note drawn at a point (the last drawn wins, as it is on top), or undefined. */
export function noteAt(boxes: readonly NoteBox[], x: number, y: number): string | undefined {
  for (let i = boxes.length - 1; i >= 0; i--) {
    const b = boxes[i];
    if (x >= b.x && x <= b.x + b.w && y >= b.y && y <= b.y + b.h) return b.id;
  }
  return undefined;
}
