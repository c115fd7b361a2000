/**
 * The canvas over the timeline that draws the simulation's cursor, the veiled future and the comparison markers
 * (draw-sim-layer.ts). It redraws through one rAF when the cursor or the view changes, never through React, and
 * lets every pointer event through to the timeline below.
 */
import { useEffect, useMemo, useRef } from 'react';
import type { AppState } from '../../store/app-store.ts';
import { sizeCanvas } from '../../render/frame.ts';
import { useStoreApi } from '../app/StoreContext.tsx';
import { useResolvedTheme } from '../app/useResolvedTheme.ts';
import { createRafScheduler } from '../shared/raf.ts';
import { useDevicePixelRatio } from '../shared/useDevicePixelRatio.ts';
import { buildFrame } from '../timeline/build-frame.ts';
import { drawSimLayer, type LaneMarker } from './draw-sim-layer.ts';

const NO_MARKERS: readonly LaneMarker[] = [];

function viewChanged(s: AppState, p: AppState): boolean {
  return s.simCursor !== p.simCursor || s.viewport !== p.viewport || s.scrollTopPx !== p.scrollTopPx || s.loaded !== p.loaded ||
    s.filters !== p.filters || s.collapsed !== p.collapsed || s.podSort !== p.podSort;
}

export function SimLayer({ widthPx, heightPx, markers = NO_MARKERS }: { widthPx: number; heightPx: number; markers?: readonly LaneMarker[] }) {
  const store = useStoreApi();
  const theme = useResolvedTheme();
  const dpr = useDevicePixelRatio();
  const ref = useRef<HTMLCanvasElement>(null);
  const current = useRef({ widthPx, heightPx, theme, markers });
  current.current = { widthPx, heightPx, theme, markers };

  const scheduler = useMemo(() => createRafScheduler(() => {
    const canvas = ref.current;
    const c = current.current;
    if (!canvas || c.widthPx <= 0 || c.heightPx <= 0) return;
    const ctx = sizeCanvas(canvas, c.widthPx, c.heightPx, devicePixelRatio);
    const state = store.getState();
    const frame = buildFrame(state, c.widthPx, c.heightPx, c.theme);
    ctx.clearRect(0, 0, c.widthPx, c.heightPx);
    if (!frame) return;
    const cursor = state.simCursor;
    // Where the cursor was drawn, for tests and tools (the canvas itself cannot be read back cheaply).
    canvas.dataset.cursorX = cursor ? String(Math.round(frame.scale.toPx(cursor.timeUs))) : '';
    drawSimLayer(ctx, frame, {
      cursorUs: cursor ? cursor.timeUs : NaN, label: cursor ? `step ${cursor.step}` : '', markers: c.markers,
      markerColor: c.theme.severity[1],
    });
  }), [store]);

  useEffect(() => scheduler.schedule(), [scheduler, widthPx, heightPx, theme, markers, dpr]);
  useEffect(() => {
    const unsubscribe = store.subscribe((s, p) => { if (viewChanged(s, p)) scheduler.schedule(); });
    return () => { unsubscribe(); scheduler.cancel(); };
  }, [store, scheduler]);

  return <canvas ref={ref} className="sim-layer" data-testid="sim-layer" style={{ width: widthPx, height: heightPx }} />;
}
