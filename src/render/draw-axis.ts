/** The time axis above the lanes: tick marks and labels, plus the relative-time origin when one is set. */
import type { Theme } from './theme.ts';
import type { Tick } from './time-ticks.ts';
import type { TimeScale } from './time-scale.ts';

export function drawAxis(
  ctx: CanvasRenderingContext2D, scale: TimeScale, ticks: readonly Tick[], theme: Theme, heightPx: number, originUs: number,
): void {
  const widthPx = scale.widthPx;
  ctx.fillStyle = theme.axisBackground;
  ctx.fillRect(0, 0, widthPx, heightPx);
  ctx.font = theme.smallFont;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  for (const t of ticks) {
    const x = Math.round(scale.toPx(t.timeUs));
    ctx.fillStyle = theme.separator;
    ctx.fillRect(x, heightPx - 7, 1, 7);
    ctx.fillStyle = theme.textMuted;
    ctx.fillText(t.label, x + 3, heightPx / 2 - 2);
  }
  if (Number.isFinite(originUs)) {
    const x = scale.toPx(originUs);
    if (x >= 0 && x <= widthPx) {
      ctx.fillStyle = theme.selection;
      ctx.beginPath();
      ctx.moveTo(x - 5, 0);
      ctx.lineTo(x + 5, 0);
      ctx.lineTo(x, 7);
      ctx.closePath();
      ctx.fill();
    }
  }
  ctx.fillStyle = theme.separator;
  ctx.fillRect(0, heightPx - 1, widthPx, 1);
}
