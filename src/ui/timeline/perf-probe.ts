/**
 * Numbers the performance script (scripts/ui-perf.ts) and the browser tests read: how long each timeline draw
 * took and when the first one after a load happened. A few numbers on `window`, nothing else.
 */
import type { AppStore } from '../../store/app-store.ts';
import { traceTransferables } from '../../worker/transfer.ts';

export interface PerfProbe {
  /** Duration of recent base-layer draws, ms (ring buffer, newest last). */
  drawMs: number[];
  /** performance.now() when the last trace finished loading, and when the timeline first painted it. */
  loadedAt: number;
  firstPaintAt: number;
  parseMs: number;
  /** How many base-layer draws happened (tests use it to wait for a redraw). */
  draws: number;
  /** The visible window (tests check zoom and pan with it). */
  viewport(): { startUs: number; endUs: number };
}

const MAX_SAMPLES = 2_000;

export const perfProbe: PerfProbe = {
  drawMs: [], loadedAt: NaN, firstPaintAt: NaN, parseMs: NaN, draws: 0, viewport: () => ({ startUs: NaN, endUs: NaN }),
};

export function recordDraw(ms: number): void {
  perfProbe.draws++;
  perfProbe.drawMs.push(ms);
  if (perfProbe.drawMs.length > MAX_SAMPLES) perfProbe.drawMs.splice(0, perfProbe.drawMs.length - MAX_SAMPLES);
  if (Number.isNaN(perfProbe.firstPaintAt) && !Number.isNaN(perfProbe.loadedAt)) perfProbe.firstPaintAt = performance.now();
}

export function exposePerfProbe(store: AppStore): void {
  (window as unknown as { __syncloopPerf: PerfProbe }).__syncloopPerf = perfProbe;
  // Bytes held in the loaded trace's ArrayBuffers (columns and raw text): memory outside the JS heap.
  (window as unknown as { __syncloopTraceBytes: () => number }).__syncloopTraceBytes = () => {
    const trace = store.getState().loaded?.trace;
    return trace ? traceTransferables(trace).reduce((sum, b) => sum + b.byteLength, 0) : 0;
  };
  perfProbe.viewport = () => {
    const { startUs, endUs } = store.getState().viewport;
    return { startUs, endUs };
  };
  store.subscribe((state, previous) => {
    if (state.loaded !== previous.loaded && state.loaded) {
      perfProbe.loadedAt = performance.now();
      perfProbe.firstPaintAt = NaN;
      perfProbe.parseMs = state.loadStats?.parseMs ?? NaN;
    }
  });
}
