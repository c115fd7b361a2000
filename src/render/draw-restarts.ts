/**
 * Kubelet restarts on the timeline (model/kubelet-restarts.ts): behind every row of the node, a shade from the old
 * process's last line to the new process's start (no kubelet was writing then, so nothing on the node was being
 * synced, probed or reported); over the rows, a thin line at each start; on the node's header row, a label.
 * A stretch with lines missing from the log (a cut), or a long one with neither the stop nor the start in it, is not
 * shaded: the log cannot say when the old process stopped.
 */
import { firstRestartFrom, kubeletRestartsOf, type KubeletRestart } from '../model/kubelet-restarts.ts';
import type { FrameContext } from './frame.ts';
import { fitText } from './text-fit.ts';

/** Within this many px of a start line, or inside its shade, the pointer is on the restart. */
const HIT_TOLERANCE_PX = 4;
const LABEL_GAP_PX = 4;

/** Where the shaded stretch before a start begins, or NaN when there is none to draw. */
export function downFromUs(r: KubeletRestart): number {
  const p = r.previous;
  return p && !p.cut && !p.unseen && r.startUs > p.fromUs ? p.fromUs : NaN;
}

/**
 * Calls `draw` for each restart of `node` whose line or shade may be in view, in time order. A shade ends at its
 * start, so the first that can show is the first starting at or after the view's start; the last, the first
 * starting after the view's end (its shade may reach into view).
 */
function forEachInView(frame: FrameContext, node: number, draw: (r: KubeletRestart, k: number, list: readonly KubeletRestart[]) => void): void {
  const list = kubeletRestartsOf(frame.trace, node);
  const { startUs, endUs } = frame.scale;
  for (let k = firstRestartFrom(list, startUs); k < list.length; k++) {
    draw(list[k], k, list);
    if (list[k].startUs > endUs) break;
  }
}

/** The down-time shade behind a row of `node`. */
export function drawDownShade(ctx: CanvasRenderingContext2D, frame: FrameContext, node: number, y: number, heightPx: number): void {
  const { scale, widthPx } = frame;
  ctx.fillStyle = frame.theme.kubeletDown;
  forEachInView(frame, node, (r) => {
    const fromUs = downFromUs(r);
    if (Number.isNaN(fromUs) || fromUs > scale.endUs) return;
    const x0 = Math.max(0, scale.toPx(fromUs));
    const x1 = Math.min(widthPx, scale.toPx(r.startUs));
    ctx.fillRect(x0, y, Math.max(1, x1 - x0), heightPx);
  });
}

/** The start lines over a row of `node`. */
export function drawStartLines(ctx: CanvasRenderingContext2D, frame: FrameContext, node: number, y: number, heightPx: number): void {
  const { scale, widthPx } = frame;
  ctx.fillStyle = frame.theme.kubeletStart;
  forEachInView(frame, node, (r) => {
    const x = Math.round(scale.toPx(r.startUs));
    if (x >= 0 && x <= widthPx) ctx.fillRect(x - 0.5, y, 1.5, heightPx);
  });
}

/** On the node's header row: the shade, the lines, and what each is where there is room. */
export function drawRestartLabels(ctx: CanvasRenderingContext2D, frame: FrameContext, node: number, y: number, heightPx: number): void {
  const { scale, widthPx, theme } = frame;
  drawDownShade(ctx, frame, node, y, heightPx);
  drawStartLines(ctx, frame, node, y, heightPx);
  ctx.font = theme.smallFont;
  ctx.textBaseline = 'middle';
  const midY = y + heightPx / 2;
  forEachInView(frame, node, (r, k, list) => {
    const x = scale.toPx(r.startUs);
    // Room up to the next start of this node, or the shade before it (which has a label of its own), or the edge.
    const next = list[k + 1];
    const nextUs = next ? Math.min(next.startUs, downFromUs(next) || next.startUs) : NaN;
    const nextX = next ? Math.min(widthPx, scale.toPx(nextUs)) : widthPx;
    const left = Math.max(0, x);
    // A pid change with neither the stop nor the start in the log: another process, its start not seen.
    const words = r.previous?.unseen ? `another kubelet · pid ${r.pid}` : r.pid ? `kubelet start · pid ${r.pid}` : 'kubelet start';
    const text = fitText(ctx, words, nextX - left - 2 * LABEL_GAP_PX);
    if (text) {
      ctx.fillStyle = theme.kubeletStart;
      ctx.fillText(text, left + LABEL_GAP_PX, midY);
    }
    const fromUs = downFromUs(r);
    if (Number.isNaN(fromUs)) return;
    const x0 = Math.max(0, scale.toPx(fromUs));
    const down = fitText(ctx, r.previous!.exitEvent >= 0 ? 'kubelet down' : 'no kubelet lines', Math.min(x, widthPx) - x0 - 2 * LABEL_GAP_PX);
    if (down) {
      ctx.fillStyle = theme.textMuted;
      ctx.fillText(down, x0 + LABEL_GAP_PX, midY);
    }
  });
}

/** The restart of `node` under canvas x: the nearest start line within a few px, else the shade x is in. */
export function restartAt(frame: FrameContext, node: number, xPx: number): KubeletRestart | undefined {
  const { scale } = frame;
  const list = kubeletRestartsOf(frame.trace, node);
  const t = scale.toUs(xPx);
  const k = firstRestartFrom(list, t - HIT_TOLERANCE_PX * scale.usPerPx);
  let best: KubeletRestart | undefined;
  let bestDistPx = Infinity;
  for (let j = k; j < list.length && list[j].startUs <= t + HIT_TOLERANCE_PX * scale.usPerPx; j++) {
    const dist = Math.abs(scale.toPx(list[j].startUs) - xPx);
    if (dist < bestDistPx) {
      best = list[j];
      bestDistPx = dist;
    }
  }
  if (best) return best;
  // The first start after x: x is in its shade if the shade reaches back that far.
  const after = list[firstRestartFrom(list, t)];
  return after && downFromUs(after) <= t ? after : undefined;
}
