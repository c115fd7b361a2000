/**
 * The interactive layer over the timeline (a second canvas, cheap to redraw on every pointer move): hover, the
 * selected event or band, its causal links as arrows, the range being dragged, and the cursor's time.
 */
import type { LinkKind } from '../model/trace.ts';
import { LINK_KINDS } from '../model/trace.ts';
import { rowForLane, rowTopPx, type FrameContext } from './frame.ts';
import type { Hit } from './hit-test.ts';
import { bandBox, markBox, type Row } from './row-layout.ts';
import { fitText } from './text-fit.ts';

export type OverlaySelection =
  | { kind: 'none' }
  | { kind: 'event'; event: number }
  | { kind: 'span'; span: number }
  | { kind: 'pod'; pod: number }
  | { kind: 'range'; startUs: number; endUs: number };

export interface OverlayState {
  selection: OverlaySelection;
  /** Links to draw (indices into Trace.links) and the events they touch. */
  links: readonly number[];
  linkedEvents: ReadonlySet<number>;
  hover: Hit | undefined;
  /** Pointer x for the cursor line, NaN when the pointer is elsewhere. */
  cursorXPx: number;
  dragRange: { startUs: number; endUs: number } | undefined;
  /** Drawn first, under everything else on this layer (the active finding's highlight). */
  underlay?: (ctx: CanvasRenderingContext2D) => void;
}

/**
 * Canvas position of an event's mark (its lane row, or the collapsed group standing in for it). A row scrolled out
 * of view gives a point on the top or bottom edge (`offScreen`), so an arrow still shows which way its end lies.
 */
export function eventPoint(frame: FrameContext, e: number): { x: number; y: number; row: Row; offScreen: boolean } | undefined {
  const lane = frame.trace.events.lane[e];
  const row = rowForLane(frame, lane);
  if (!row) return undefined;
  const top = rowTopPx(frame, row);
  const y = row.kind === 'lane' ? top + markBox(frame.trace, row).topPx + markBox(frame.trace, row).heightPx / 2 : top + row.heightPx / 2;
  const pinned = row.kind === 'lane' && row.pinned;
  const minY = frame.layout.pinnedHeightPx + 3;
  const maxY = frame.heightPx - 3;
  const offScreen = !pinned && (y < minY || y > maxY);
  return { x: frame.scale.toPx(frame.trace.events.timeUs[e]), y: offScreen ? Math.min(maxY, Math.max(minY, y)) : y, row, offScreen };
}

function spanBox(frame: FrameContext, s: number): { x: number; y: number; w: number; h: number } | undefined {
  const sp = frame.trace.spans;
  const row = rowForLane(frame, sp.lane[s]);
  if (!row || row.kind !== 'lane') return undefined;
  const c = sp.container[s];
  const sub = row.subRows > 1 && c >= 0 ? Math.min(row.subRows - 1, frame.subRows.containerRow[c]) : 0;
  const box = bandBox(frame.trace, row, sub);
  const x = frame.scale.toPx(sp.startUs[s]);
  return { x, y: rowTopPx(frame, row) + box.topPx, w: Math.max(2, frame.scale.toPx(sp.endUs[s]) - x), h: box.heightPx };
}

function ring(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, color: string, width: number): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.stroke();
}

function drawArrow(ctx: CanvasRenderingContext2D, frame: FrameContext, from: { x: number; y: number }, to: { x: number; y: number }, kind: LinkKind, strong: boolean): void {
  const { theme } = frame;
  const color = strong ? theme.link : theme.linkChain;
  const dx = to.x - from.x;
  const sameRow = Math.abs(to.y - from.y) < 2;
  const bend = sameRow ? -Math.max(14, Math.min(40, Math.abs(dx) / 3)) : 0;
  const c1 = { x: from.x + dx * 0.4, y: from.y + bend };
  const c2 = { x: to.x - dx * 0.4, y: to.y + bend };
  if (!sameRow) { c1.y = from.y; c2.y = to.y; c1.x = from.x + Math.max(20, dx * 0.5); c2.x = to.x - Math.max(20, dx * 0.5); }
  ctx.strokeStyle = color;
  ctx.lineWidth = strong ? 1.6 : 1.2;
  ctx.beginPath();
  ctx.moveTo(from.x, from.y);
  ctx.bezierCurveTo(c1.x, c1.y, c2.x, c2.y, to.x, to.y);
  ctx.stroke();
  // Arrowhead along the curve's final tangent.
  const angle = Math.atan2(to.y - c2.y, to.x - c2.x);
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.moveTo(to.x, to.y);
  ctx.lineTo(to.x - 8 * Math.cos(angle - 0.4), to.y - 8 * Math.sin(angle - 0.4));
  ctx.lineTo(to.x - 8 * Math.cos(angle + 0.4), to.y - 8 * Math.sin(angle + 0.4));
  ctx.closePath();
  ctx.fill();
  if (strong && Math.abs(dx) > 60) {
    const text = fitText(ctx, kind, Math.abs(dx) - 20);
    if (text) {
      const mx = (from.x + to.x) / 2;
      const my = (from.y + to.y) / 2 + (sameRow ? bend * 0.75 : 0) - 6;
      ctx.fillStyle = theme.background;
      ctx.fillRect(mx - 2, my - 6, ctx.measureText(text).width + 4, 12);
      ctx.fillStyle = color;
      ctx.fillText(text, mx, my);
    }
  }
}

export function drawOverlay(ctx: CanvasRenderingContext2D, frame: FrameContext, state: OverlayState): void {
  const { theme, widthPx, heightPx, scale, trace } = frame;
  ctx.clearRect(0, 0, widthPx, heightPx);
  ctx.font = theme.smallFont;
  ctx.textBaseline = 'middle';
  state.underlay?.(ctx);
  const sel = state.selection;

  const range = sel.kind === 'range' ? sel : state.dragRange;
  if (range) {
    const x0 = scale.toPx(Math.min(range.startUs, range.endUs));
    const x1 = scale.toPx(Math.max(range.startUs, range.endUs));
    ctx.fillStyle = theme.rangeFill;
    ctx.fillRect(x0, 0, x1 - x0, heightPx);
    ctx.fillStyle = theme.selection;
    ctx.fillRect(x0, 0, 1, heightPx);
    ctx.fillRect(x1, 0, 1, heightPx);
  }

  if (Number.isFinite(state.cursorXPx)) {
    ctx.fillStyle = theme.hover;
    ctx.fillRect(Math.round(state.cursorXPx), 0, 1, heightPx);
  }

  if (state.hover?.kind === 'event') {
    const p = eventPoint(frame, state.hover.event);
    if (p) ring(ctx, p.x, p.y, 6, theme.hover, 2);
  } else if (state.hover?.kind === 'restart') {
    const x = frame.scale.toPx(frame.trace.events.timeUs[state.hover.startEvent]);
    ctx.fillStyle = theme.hover;
    ctx.fillRect(Math.round(x) - 1.5, 0, 3, frame.heightPx);
  } else if (state.hover?.kind === 'span') {
    const b = spanBox(frame, state.hover.span);
    if (b) { ctx.strokeStyle = theme.hover; ctx.lineWidth = 2; ctx.strokeRect(b.x, b.y, b.w, b.h); }
  }

  if (sel.kind === 'span') {
    const b = spanBox(frame, sel.span);
    if (b) { ctx.strokeStyle = theme.selection; ctx.lineWidth = 2; ctx.strokeRect(b.x - 1, b.y - 1, b.w + 2, b.h + 2); }
  }

  if (sel.kind === 'event') {
    const links = trace.links;
    for (const l of state.links) {
      const a = eventPoint(frame, links.from[l]);
      const b = eventPoint(frame, links.to[l]);
      if (!a || !b) continue;
      const direct = links.from[l] === sel.event || links.to[l] === sel.event;
      drawArrow(ctx, frame, a, b, LINK_KINDS[links.kind[l]] ?? 'sync', direct);
    }
    for (const e of state.linkedEvents) {
      if (e === sel.event) continue;
      const p = eventPoint(frame, e);
      if (p && !p.offScreen) ring(ctx, p.x, p.y, 5, theme.link, 1.5);
    }
    const p = eventPoint(frame, sel.event);
    if (p) {
      ctx.fillStyle = theme.selection;
      ctx.globalAlpha = 0.5;
      ctx.fillRect(Math.round(p.x), 0, 1, heightPx);
      ctx.globalAlpha = 1;
      ring(ctx, p.x, p.y, 7, theme.selection, 2.5);
    }
  }
}
