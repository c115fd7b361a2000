/** The time axis: absolute wall-clock time, or offsets from a chosen origin. Wheel zooms, double-click sets the origin. */
import { useEffect } from 'react';
import { drawAxis } from '../../render/draw-axis.ts';
import { axisTicks } from '../../render/time-ticks.ts';
import { TimeScale } from '../../render/time-scale.ts';
import type { AppState } from '../../store/app-store.ts';
import type { Theme } from '../../render/theme.ts';
import { useStoreApi } from '../app/StoreContext.tsx';
import { tickCount } from './build-frame.ts';
import { WHEEL_BURST_MS, wheelZoomFactor } from './usePanZoom.ts';
import { useCanvasLayer } from './useCanvasLayer.ts';

export const AXIS_HEIGHT_PX = 24;

const changed = (s: AppState, p: AppState) => s.viewport !== p.viewport || s.loaded !== p.loaded;

function draw(ctx: CanvasRenderingContext2D, s: AppState, widthPx: number, heightPx: number, theme: Theme) {
  const scale = new TimeScale(s.viewport.startUs, s.viewport.endUs, widthPx);
  drawAxis(ctx, scale, axisTicks(scale, tickCount(widthPx), s.viewport.originUs), theme, heightPx, s.viewport.originUs);
}

export function TimeAxis({ widthPx, theme }: { widthPx: number; theme: Theme }) {
  const store = useStoreApi();
  const ref = useCanvasLayer('axis', widthPx, AXIS_HEIGHT_PX, theme, changed, draw);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let lastWheel = 0;
    const timeAt = (clientX: number) => {
      const v = store.getState().viewport;
      const r = el.getBoundingClientRect();
      return new TimeScale(v.startUs, v.endUs, r.width).toUs(clientX - r.left);
    };
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const s = store.getState();
      if (performance.now() - lastWheel > WHEEL_BURST_MS) s.recordNavigation();
      lastWheel = performance.now();
      s.zoomAt(wheelZoomFactor(e), timeAt(e.clientX));
    };
    const dblclick = (e: MouseEvent) => store.getState().setOrigin(timeAt(e.clientX));
    el.addEventListener('wheel', wheel, { passive: false });
    el.addEventListener('dblclick', dblclick);
    return () => {
      el.removeEventListener('wheel', wheel);
      el.removeEventListener('dblclick', dblclick);
    };
  }, [store, ref]);
  return (
    <canvas
      ref={ref}
      className="time-axis"
      data-testid="time-axis"
      title="Time axis — wheel to zoom, double-click to measure from here (O / Shift+O)"
      style={{ width: widthPx, height: AXIS_HEIGHT_PX }}
    />
  );
}
