/**
 * The visible time window, the vertical scroll of the lanes, and navigation history (for undo). The canvases
 * read these with store.subscribe, so changing them redraws without re-rendering React.
 */
import type { StateCreator } from 'zustand/vanilla';
import type { Trace } from '../model/trace.ts';
import type { AppState } from './app-store.ts';
import type { Viewport } from './types.ts';
import {
  busiestCluster, centreViewport, clampViewport, fitViewport, panViewport, rangeViewport, zoomViewport, type Extent,
} from './viewport-math.ts';

const HISTORY_LIMIT = 100;

export interface ViewSlice {
  viewport: Viewport;
  /** Earlier viewports, newest last. */
  navHistory: readonly Viewport[];
  /** Vertical scroll of the (non-pinned) lanes, CSS px. */
  scrollTopPx: number;
  /** Remember the current viewport so the next change can be undone (call once per gesture). */
  recordNavigation(): void;
  setViewport(v: Viewport): void;
  zoomAt(factor: number, anchorUs: number): void;
  panBy(deltaUs: number): void;
  fitAll(): void;
  zoomToRange(startUs: number, endUs: number): void;
  centreOn(timeUs: number): void;
  undoNavigation(): void;
  /** Relative-time origin; NaN for absolute time. */
  setOrigin(originUs: number): void;
  setScrollTop(px: number): void;
  /** Initial view for a freshly loaded trace. */
  resetView(trace: Trace): void;
}

export function traceExtent(trace: Trace | undefined): Extent {
  if (!trace || !(trace.endUs >= trace.startUs) || trace.events.count === 0) return { startUs: 0, endUs: 1_000_000 };
  return { startUs: trace.startUs, endUs: trace.endUs };
}

const sameViewport = (a: Viewport, b: Viewport) => a.startUs === b.startUs && a.endUs === b.endUs;

export const createViewSlice: StateCreator<AppState, [], [], ViewSlice> = (set, get) => {
  const extent = () => traceExtent(get().loaded?.trace);
  const change = (v: Viewport) => set({ viewport: v });
  const navigate = (v: Viewport) => {
    get().recordNavigation();
    change(v);
  };
  return {
    viewport: { startUs: 0, endUs: 1_000_000, originUs: NaN },
    navHistory: [],
    scrollTopPx: 0,

    recordNavigation() {
      const { viewport, navHistory } = get();
      const last = navHistory[navHistory.length - 1];
      if (last && sameViewport(last, viewport)) return;
      set({ navHistory: [...navHistory, viewport].slice(-HISTORY_LIMIT) });
    },
    setViewport: (v) => change(clampViewport(v, extent())),
    zoomAt: (factor, anchorUs) => change(zoomViewport(get().viewport, factor, anchorUs, extent())),
    panBy: (deltaUs) => change(panViewport(get().viewport, deltaUs, extent())),
    fitAll: () => navigate(fitViewport(extent(), get().viewport.originUs)),
    zoomToRange: (startUs, endUs) => navigate(rangeViewport(startUs, endUs, get().viewport, extent())),
    centreOn: (timeUs) => navigate(centreViewport(get().viewport, timeUs, extent())),
    undoNavigation() {
      const history = get().navHistory;
      const previous = history[history.length - 1];
      if (!previous) return;
      set({ viewport: { ...previous, originUs: get().viewport.originUs }, navHistory: history.slice(0, -1) });
    },
    setOrigin: (originUs) => set({ viewport: { ...get().viewport, originUs } }),
    setScrollTop: (px) => set({ scrollTopPx: Math.max(0, px) }),
    resetView(trace) {
      const ext = traceExtent(trace);
      const busy = busiestCluster(trace.events.timeUs, trace.events.count);
      const v = busy ? rangeViewport(busy.startUs, busy.endUs, fitViewport(ext, NaN), ext) : fitViewport(ext, NaN);
      set({ viewport: v, navHistory: busy ? [fitViewport(ext, NaN)] : [], scrollTopPx: 0 });
    },
  };
};
