/**
 * The simulation's layer over the timeline: the future (everything after the cursor) under a veil, the cursor
 * line with its step number, and — when comparing two runs — a marker on every lane that differs from the other
 * run, with a tick where it first differs. Drawn from the same FrameContext as the timeline, so it lines up.
 */
import { rowForLane, rowTopPx, type FrameContext } from '../../render/frame.ts';

export interface LaneMarker {
  /** Lane index in this frame's trace. */
  lane: number;
  firstUs: number;
}

export interface SimLayerState {
  /** Cursor time (epoch µs); NaN for no cursor. */
  cursorUs: number;
  label: string;
  markers: readonly LaneMarker[];
  /** Colour of the difference markers. */
  markerColor: string;
}

/** How much of the background shows over the future. */
const FUTURE_VEIL_ALPHA = 0.62;

/** Draws over what the canvas holds (its own layer clears first; the compare canvas draws it over the bands). */
export function drawSimLayer(ctx: CanvasRenderingContext2D, frame: FrameContext, st: SimLayerState): void {
  const { widthPx, heightPx, scale, theme, layout } = frame;

  for (const m of st.markers) {
    const row = rowForLane(frame, m.lane);
    if (!row) continue;
    const top = rowTopPx(frame, row);
    const pinned = row.kind === 'lane' && row.pinned;
    if (!pinned && (top + row.heightPx < layout.pinnedHeightPx || top > heightPx)) continue;
    const x = Math.max(0, Math.min(widthPx, scale.toPx(m.firstUs)));
    ctx.globalAlpha = 0.13;
    ctx.fillStyle = st.markerColor;
    ctx.fillRect(x, top, widthPx - x, row.heightPx - 1);
    ctx.globalAlpha = 1;
    ctx.fillRect(0, top + 1, 4, row.heightPx - 2);
    ctx.fillRect(Math.round(x) - 1, top + 1, 2, row.heightPx - 2);
    ctx.beginPath();
    ctx.moveTo(x - 5, top + 1);
    ctx.lineTo(x + 5, top + 1);
    ctx.lineTo(x, top + 7);
    ctx.closePath();
    ctx.fill();
  }

  if (!Number.isFinite(st.cursorUs)) return;
  const x = Math.round(scale.toPx(st.cursorUs));
  if (x < widthPx) {
    ctx.globalAlpha = FUTURE_VEIL_ALPHA;
    ctx.fillStyle = theme.background;
    ctx.fillRect(Math.max(0, x + 1), 0, widthPx - Math.max(0, x + 1), heightPx);
    ctx.globalAlpha = 1;
  }
  if (x < 0 || x > widthPx) return;
  ctx.fillStyle = theme.selection;
  ctx.fillRect(x - 1, 0, 2, heightPx);
  ctx.font = theme.font;
  ctx.textBaseline = 'middle';
  const textW = ctx.measureText(st.label).width;
  const boxX = Math.min(widthPx - textW - 8, x + 3);
  ctx.fillRect(boxX, 1, textW + 8, 16);
  ctx.fillStyle = theme.background;
  ctx.fillText(st.label, boxX + 4, 9);
}
