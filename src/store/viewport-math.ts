/**
 * Viewport arithmetic in trace time (epoch µs). Pure: the store's view actions call these, and tests check them.
 * The window may run past the data a little (so edge events can be centred) but never leave it entirely.
 */
import type { Viewport } from './types.ts';

export interface Extent {
  startUs: number;
  endUs: number;
}

/** Narrowest window: 20 µs (klog prints µs, so this already separates neighbouring lines). */
export const MIN_WINDOW_US = 20;
/** Empty or single-instant traces still get a window this wide. */
const MIN_FIT_US = 1_000_000;

export function extentWidth(extent: Extent): number {
  return Math.max(MIN_FIT_US, extent.endUs - extent.startUs);
}

export function clampViewport(v: Viewport, extent: Extent): Viewport {
  const maxWidth = extentWidth(extent) * 2;
  let width = Math.min(maxWidth, Math.max(MIN_WINDOW_US, v.endUs - v.startUs));
  if (!Number.isFinite(width)) width = extentWidth(extent);
  let startUs = Number.isFinite(v.startUs) ? v.startUs : extent.startUs;
  // Keep at least a tenth of the window over the data.
  const minStart = extent.startUs - width * 0.9;
  const maxStart = Math.max(extent.endUs, extent.startUs + MIN_FIT_US) - width * 0.1;
  startUs = Math.min(maxStart, Math.max(minStart, startUs));
  return { startUs, endUs: startUs + width, originUs: v.originUs };
}

/** Zoom by `factor` (< 1 zooms in) keeping `anchorUs` at the same screen position. */
export function zoomViewport(v: Viewport, factor: number, anchorUs: number, extent: Extent): Viewport {
  const width = v.endUs - v.startUs;
  const newWidth = Math.max(MIN_WINDOW_US, width * factor);
  const ratio = width > 0 ? (anchorUs - v.startUs) / width : 0.5;
  const startUs = anchorUs - ratio * newWidth;
  return clampViewport({ startUs, endUs: startUs + newWidth, originUs: v.originUs }, extent);
}

export function panViewport(v: Viewport, deltaUs: number, extent: Extent): Viewport {
  return clampViewport({ startUs: v.startUs + deltaUs, endUs: v.endUs + deltaUs, originUs: v.originUs }, extent);
}

/** The whole extent with a small margin on both sides. */
export function fitViewport(extent: Extent, originUs: number): Viewport {
  const width = extentWidth(extent);
  const centre = (extent.startUs + extent.endUs) / 2;
  const pad = width * 0.02;
  return { startUs: centre - width / 2 - pad, endUs: centre + width / 2 + pad, originUs };
}

/** A window of `widthUs` centred on `centreUs`. */
export function centreViewport(v: Viewport, centreUs: number, extent: Extent): Viewport {
  const width = v.endUs - v.startUs;
  return clampViewport({ startUs: centreUs - width / 2, endUs: centreUs + width / 2, originUs: v.originUs }, extent);
}

/**
 * A range with a margin, for zoom-to-selection. An instant gets 1 ms around it; a short range (a causal chain
 * tens of µs long) is shown at its own scale.
 */
export function rangeViewport(startUs: number, endUs: number, v: Viewport, extent: Extent): Viewport {
  const width = endUs > startUs ? Math.max(endUs - startUs, MIN_WINDOW_US) : 1_000;
  const pad = width * 0.15;
  const mid = (startUs + endUs) / 2;
  return clampViewport({ startUs: mid - width / 2 - pad, endUs: mid + width / 2 + pad, originUs: v.originUs }, extent);
}

/** Fewer events than this open in full (see busiestCluster). */
const MIN_EVENTS_TO_ZOOM = 20;

/**
 * Where a freshly opened trace should look. Real excerpts are often a burst of activity plus a few lines weeks
 * later; fitting everything would show two dots. The events are split into clusters at gaps longer than a quarter
 * of the whole extent, and the cluster with the most events is returned — unless it already spans most of the
 * extent or holds no more than half of the events, or the log is short, so an ordinary continuous log, a few lines
 * far apart, or a short excerpt opens in full. The overview strip still shows the rest; F or undo shows everything.
 */
export function busiestCluster(timesUs: ArrayLike<number>, count: number): Extent | undefined {
  if (count < 2) return undefined;
  const full = timesUs[count - 1] - timesUs[0];
  if (!(full > 0)) return undefined;
  const minGap = full / 4;
  let best: Extent | undefined;
  let bestCount = 0;
  let start = 0;
  for (let i = 1; i <= count; i++) {
    if (i < count && timesUs[i] - timesUs[i - 1] < minGap) continue;
    if (i - start > bestCount) {
      bestCount = i - start;
      best = { startUs: timesUs[start], endUs: timesUs[i - 1] };
    }
    start = i;
  }
  // A short log is read whole: zoomed onto part of it, the rest is out of sight for no gain (a few marks fit anyway).
  // Nor is a cluster without most of the events a burst to open on.
  if (count < MIN_EVENTS_TO_ZOOM || bestCount * 2 <= count) return undefined;
  return best && best.endUs - best.startUs < full / 2 ? best : undefined;
}
