/**
 * The overview strip: where the events are over the whole trace, and the current window. Drag the window to move
 * it, drag elsewhere to choose a new window, click to centre there, wheel to zoom.
 */
import { useEffect } from 'react';
import { kubeletRestarts } from '../../model/kubelet-restarts.ts';
import { drawMinimap } from '../../render/draw-minimap.ts';
import type { Theme } from '../../render/theme.ts';
import type { AppState } from '../../store/app-store.ts';
import { selectDensity } from '../../store/selectors.ts';
import { useStoreApi } from '../app/StoreContext.tsx';
import { WHEEL_BURST_MS, wheelZoomFactor } from './usePanZoom.ts';
import { useCanvasLayer } from './useCanvasLayer.ts';

export const MINIMAP_HEIGHT_PX = 34;

const changed = (s: AppState, p: AppState) => s.viewport !== p.viewport || s.loaded !== p.loaded || s.filters !== p.filters;

function draw(ctx: CanvasRenderingContext2D, s: AppState, widthPx: number, heightPx: number, theme: Theme) {
  const density = selectDensity(s);
  if (!density) return;
  const restarts = s.loaded ? kubeletRestarts(s.loaded.trace) : [];
  drawMinimap(ctx, density, theme, widthPx, heightPx, s.viewport.startUs, s.viewport.endUs, restarts);
}

export function Minimap({ widthPx, theme }: { widthPx: number; theme: Theme }) {
  const store = useStoreApi();
  const ref = useCanvasLayer('minimap', widthPx, MINIMAP_HEIGHT_PX, theme, changed, draw);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const timeAt = (clientX: number) => {
      const density = selectDensity(store.getState());
      const r = el.getBoundingClientRect();
      if (!density) return NaN;
      return density.startUs + ((clientX - r.left) / r.width) * (density.endUs - density.startUs);
    };
    let drag: { startUs: number; mode: 'move' | 'brush'; offsetUs: number; moved: boolean; x: number } | undefined;
    let lastWheel = 0;
    const down = (e: PointerEvent) => {
      if (e.button !== 0) return;
      const t = timeAt(e.clientX);
      const v = store.getState().viewport;
      const inside = t >= v.startUs && t <= v.endUs;
      drag = { startUs: t, mode: inside ? 'move' : 'brush', offsetUs: t - v.startUs, moved: false, x: e.clientX };
      store.getState().recordNavigation();
      el.setPointerCapture(e.pointerId);
    };
    const move = (e: PointerEvent) => {
      if (!drag) return;
      if (Math.abs(e.clientX - drag.x) >= 3) drag.moved = true;
      if (!drag.moved) return;
      const t = timeAt(e.clientX);
      const s = store.getState();
      if (drag.mode === 'move') {
        const width = s.viewport.endUs - s.viewport.startUs;
        s.setViewport({ startUs: t - drag.offsetUs, endUs: t - drag.offsetUs + width, originUs: s.viewport.originUs });
      } else {
        s.setViewport({ startUs: Math.min(drag.startUs, t), endUs: Math.max(drag.startUs, t), originUs: s.viewport.originUs });
      }
    };
    const up = (e: PointerEvent) => {
      if (!drag) return;
      if (!drag.moved) {
        const s = store.getState();
        const width = s.viewport.endUs - s.viewport.startUs;
        s.setViewport({ startUs: drag.startUs - width / 2, endUs: drag.startUs + width / 2, originUs: s.viewport.originUs });
      }
      drag = undefined;
      if (el.hasPointerCapture(e.pointerId)) el.releasePointerCapture(e.pointerId);
    };
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const s = store.getState();
      // One burst of wheel events is one step of the navigation history (U undoes it), as on the timeline.
      const now = performance.now();
      if (now - lastWheel > WHEEL_BURST_MS) s.recordNavigation();
      lastWheel = now;
      const v = s.viewport;
      s.zoomAt(wheelZoomFactor(e), (v.startUs + v.endUs) / 2);
    };
    el.addEventListener('pointerdown', down);
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
    el.addEventListener('wheel', wheel, { passive: false });
    return () => {
      el.removeEventListener('pointerdown', down);
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
      el.removeEventListener('wheel', wheel);
    };
  }, [store, ref]);
  return (
    <canvas
      ref={ref}
      className="minimap"
      data-testid="minimap"
      title="Overview — drag the window to move it, drag elsewhere to pick a range, wheel to zoom"
      style={{ width: widthPx, height: MINIMAP_HEIGHT_PX }}
    />
  );
}
