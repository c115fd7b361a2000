/**
 * The overview strip: event density over the whole trace (log-scaled so a lone line next to a burst still shows),
 * warnings/errors in their colour, a tick at each kubelet start, and the current window as a highlighted box.
 */
import type { KubeletRestart } from '../model/kubelet-restarts.ts';
import type { Density } from './density.ts';
import type { Theme } from './theme.ts';

export function drawMinimap(
  ctx: CanvasRenderingContext2D, density: Density, theme: Theme, widthPx: number, heightPx: number,
  windowStartUs: number, windowEndUs: number, restarts: readonly KubeletRestart[] = [],
): void {
  ctx.fillStyle = theme.axisBackground;
  ctx.fillRect(0, 0, widthPx, heightPx);
  const bins = density.counts.length;
  const logMax = Math.log1p(density.max);
  const columns = Math.max(1, Math.floor(widthPx));
  const plotH = heightPx - 4;
  for (const [values, color] of [[density.counts, theme.minimapDensity], [density.problems, theme.severity[2]]] as const) {
    ctx.fillStyle = color;
    for (let x = 0; x < columns; x++) {
      const b0 = Math.floor((x / columns) * bins);
      const b1 = Math.max(b0 + 1, Math.floor(((x + 1) / columns) * bins));
      let v = 0;
      for (let b = b0; b < b1; b++) v += values[b];
      if (v <= 0) continue;
      const h = Math.max(1.5, (Math.log1p(v) / (logMax || 1)) * plotH);
      ctx.fillRect(x, heightPx - 2 - h, 1, h);
    }
  }
  const span = Math.max(1, density.endUs - density.startUs);
  ctx.fillStyle = theme.kubeletStart;
  for (const r of restarts) ctx.fillRect(Math.round(((r.startUs - density.startUs) / span) * widthPx) - 0.5, 0, 1.5, heightPx * 0.5);
  const x0 = ((windowStartUs - density.startUs) / span) * widthPx;
  const x1 = ((windowEndUs - density.startUs) / span) * widthPx;
  const left = Math.max(0, Math.min(widthPx - 2, x0));
  const right = Math.max(left + 2, Math.min(widthPx, x1));
  ctx.fillStyle = theme.minimapWindow;
  ctx.fillRect(left, 0, right - left, heightPx);
  ctx.strokeStyle = theme.selection;
  ctx.lineWidth = 1;
  ctx.strokeRect(left + 0.5, 0.5, right - left - 1, heightPx - 1);
}
