/**
 * The timeline region: overview strip and time axis on top, then lane headers (DOM) beside the canvases. The
 * body scrolls natively (a sticky viewport-sized box over a spacer as tall as the lanes), so the scrollbar,
 * wheel and keyboard scrolling behave as users expect; the scroll offset goes to the store for the canvas.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useRowLayout, useVisibility } from '../app/hooks.ts';
import { useStoreApi } from '../app/StoreContext.tsx';
import { useResolvedTheme } from '../app/useResolvedTheme.ts';
import { useElementSize } from '../shared/useElementSize.ts';
import { LaneHeaders, HEADER_WIDTH_PX } from './LaneHeaders.tsx';
import { Minimap } from './Minimap.tsx';
import { TimeAxis } from './TimeAxis.tsx';
import { TimelineCanvas } from './TimelineCanvas.tsx';
import { TimelineCorner } from './TimelineCorner.tsx';
import { useReveal } from './useReveal.ts';
import { useFindingFocus } from '../findings/useFindingFocus.ts';

/** `layers` draws extra canvases over the data area (the simulation's cursor), sized like it. */
export function Timeline({ layers }: { layers?: (size: { widthPx: number; heightPx: number }) => ReactNode } = {}) {
  const store = useStoreApi();
  const theme = useResolvedTheme();
  const layout = useRowLayout();
  const visibility = useVisibility();
  const bodyRef = useRef<HTMLDivElement>(null);
  const canvasBoxRef = useRef<HTMLDivElement>(null);
  const body = useElementSize(bodyRef);
  const canvasBox = useElementSize(canvasBoxRef);
  useReveal(bodyRef);
  useFindingFocus(bodyRef);

  // Store → DOM: programmatic scrolls (reveal, keyboard) set the store; keep the element in step.
  useEffect(() => store.subscribe((s) => {
    const el = bodyRef.current;
    if (el && Math.abs(el.scrollTop - s.scrollTopPx) > 1) el.scrollTop = s.scrollTopPx;
  }), [store]);

  const viewportH = body.heightPx;
  const totalH = layout ? layout.pinnedHeightPx + layout.contentHeightPx : 0;
  const widthPx = Math.max(0, canvasBox.widthPx);
  return (
    <section className="timeline" aria-label="Timeline">
      <div className="timeline-head">
        <TimelineCorner width={HEADER_WIDTH_PX} />
        <div className="timeline-head-canvases">
          <Minimap widthPx={widthPx} theme={theme} />
          <TimeAxis widthPx={widthPx} theme={theme} />
        </div>
      </div>
      <div
        ref={bodyRef}
        className="timeline-body"
        onScroll={(e) => store.getState().setScrollTop(e.currentTarget.scrollTop)}
      >
        <div className="timeline-sticky" style={{ height: viewportH }}>
          <LaneHeaders heightPx={viewportH} />
          <div ref={canvasBoxRef} className="canvas-box">
            <TimelineCanvas widthPx={widthPx} heightPx={viewportH} body={bodyRef} />
            {layers?.({ widthPx, heightPx: viewportH })}
            {visibility?.mask && visibility.visibleCount === 0 && (
              <div className="timeline-empty" role="status">
                No events match the filters.{' '}
                <button type="button" className="link-button" onClick={() => store.getState().clearFilters()}>Clear filters</button>
              </div>
            )}
          </div>
        </div>
        <div style={{ height: Math.max(0, totalH - viewportH) }} />
      </div>
    </section>
  );
}
