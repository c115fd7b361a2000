/**
 * A small canvas that redraws through one rAF whenever the given store slices change (or its size/theme do),
 * without React re-rendering: used by the time axis and the overview strip.
 */
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import type { AppState } from '../../store/app-store.ts';
import type { Theme } from '../../render/theme.ts';
import { sizeCanvas } from '../../render/frame.ts';
import { useStoreApi } from '../app/StoreContext.tsx';
import { createRafScheduler } from '../shared/raf.ts';
import { useDevicePixelRatio } from '../shared/useDevicePixelRatio.ts';
import { recordLayerDraw } from './perf-probe.ts';

export function useCanvasLayer(
  /** Name of the layer in the performance probe's frame records. */
  layer: string,
  widthPx: number, heightPx: number, theme: Theme,
  changed: (s: AppState, p: AppState) => boolean,
  draw: (ctx: CanvasRenderingContext2D, state: AppState, widthPx: number, heightPx: number, theme: Theme) => void,
): RefObject<HTMLCanvasElement | null> {
  const store = useStoreApi();
  const dpr = useDevicePixelRatio();
  const ref = useRef<HTMLCanvasElement>(null);
  const current = useRef({ widthPx, heightPx, theme, draw });
  current.current = { widthPx, heightPx, theme, draw };
  const scheduler = useMemo(() => createRafScheduler(() => {
    const canvas = ref.current;
    const c = current.current;
    if (!canvas || c.widthPx <= 0 || c.heightPx <= 0) return;
    const started = performance.now();
    c.draw(sizeCanvas(canvas, c.widthPx, c.heightPx, devicePixelRatio), store.getState(), c.widthPx, c.heightPx, c.theme);
    recordLayerDraw(layer, performance.now() - started);
  }), [store, layer]);
  useEffect(() => scheduler.schedule(), [scheduler, widthPx, heightPx, theme, dpr]);
  useEffect(() => {
    const unsubscribe = store.subscribe((s, p) => { if (changed(s, p)) scheduler.schedule(); });
    return () => { unsubscribe(); scheduler.cancel(); };
  }, [store, scheduler, changed]);
  return ref;
}
