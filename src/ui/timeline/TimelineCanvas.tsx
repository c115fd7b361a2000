/**
 * The timeline's data area: a base canvas (lanes, bands, marks) and an overlay canvas (hover, selection, causal
 * arrows, drag range) stacked on top. Both redraw from store.subscribe through one rAF each; React renders this
 * component only when its size or theme changes. Coordinate spaces are documented in render/frame.ts.
 */
import { useCallback, useEffect, useMemo, useRef, type RefObject } from 'react';
import { drawOverlay } from '../../render/draw-overlay.ts';
import { drawTimeline } from '../../render/draw-timeline.ts';
import { sizeCanvas } from '../../render/frame.ts';
import type { Hit } from '../../render/hit-test.ts';
import type { NoteBox } from '../../render/draw-notes.ts';
import { axisTicks } from '../../render/time-ticks.ts';
import type { AppState } from '../../store/app-store.ts';
import { selectCausal } from '../../store/selectors.ts';
import { useStoreApi } from '../app/StoreContext.tsx';
import { useResolvedTheme } from '../app/useResolvedTheme.ts';
import { useDevicePixelRatio } from '../shared/useDevicePixelRatio.ts';
import { createRafScheduler } from '../shared/raf.ts';
import { findingUnderlay } from '../findings/finding-layer.ts';
import { annotationsChanged, drawNoteLayer } from '../notes/note-layer.ts';
import { TimelineNoteControls } from '../notes/TimelineNoteControls.tsx';
import { buildFrame, tickCount } from './build-frame.ts';
import { hoverText } from './hover-text.ts';
import { newInteraction, type TimelineInteraction } from './interaction.ts';
import { recordDraw, recordLayerDraw } from './perf-probe.ts';
import { usePanZoom } from './usePanZoom.ts';

const NO_EVENTS: ReadonlySet<number> = new Set();

/** Store changes that need the lanes redrawn (the overlay redraws on these too). */
function baseChanged(s: AppState, p: AppState): boolean {
  return s.viewport !== p.viewport || s.scrollTopPx !== p.scrollTopPx || s.loaded !== p.loaded || s.filters !== p.filters ||
    s.collapsed !== p.collapsed || s.podSort !== p.podSort;
}

/** Only the window or the vertical scroll moved. */
function onlyMoved(s: AppState, p: AppState): boolean {
  return s.loaded === p.loaded && s.filters === p.filters && s.collapsed === p.collapsed && s.podSort === p.podSort &&
    s.selection === p.selection && s.chainHops === p.chainHops && !annotationsChanged(s, p);
}

/**
 * Whether the overlay shows anything placed by time or row (selection, links, hover, a range being dragged, the
 * active finding, notes). When it does not, moving the window leaves it as it is (the pointer's cursor line stays
 * where the pointer is), and redrawing it would only cost the browser a canvas copy per frame.
 */
function overlayAnchored(s: AppState, interaction: TimelineInteraction): boolean {
  return s.selection.kind !== 'none' || interaction.hover !== undefined || interaction.dragRange !== undefined ||
    s.activeFinding >= 0 || s.notes.length > 0;
}

export function TimelineCanvas({ widthPx, heightPx, body }: { widthPx: number; heightPx: number; body: RefObject<HTMLElement | null> }) {
  const store = useStoreApi();
  const theme = useResolvedTheme();
  const dpr = useDevicePixelRatio();
  const baseRef = useRef<HTMLCanvasElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const tooltipRef = useRef<HTMLDivElement>(null);
  const interaction = useMemo(newInteraction, []);
  const noteBoxes = useRef<NoteBox[]>([]);
  const view = useRef({ widthPx, heightPx, theme });
  view.current = { widthPx, heightPx, theme };

  const getFrame = useCallback(
    () => buildFrame(store.getState(), view.current.widthPx, view.current.heightPx, view.current.theme),
    [store],
  );

  const schedulers = useMemo(() => {
    const base = createRafScheduler(() => {
      const canvas = baseRef.current;
      const frame = getFrame();
      if (!canvas || !frame) return;
      const started = performance.now();
      const ctx = sizeCanvas(canvas, frame.widthPx, frame.heightPx, devicePixelRatio, true);
      drawTimeline(ctx, frame, axisTicks(frame.scale, tickCount(frame.widthPx), store.getState().viewport.originUs));
      recordDraw(performance.now() - started);
    });
    const overlay = createRafScheduler(() => {
      const canvas = overlayRef.current;
      const frame = getFrame();
      if (!canvas || !frame) return;
      const started = performance.now();
      const state = store.getState();
      const causal = selectCausal(state);
      const ctx = sizeCanvas(canvas, frame.widthPx, frame.heightPx, devicePixelRatio);
      drawOverlay(ctx, frame, {
        selection: state.selection, links: causal?.links ?? [], linkedEvents: causal?.events ?? NO_EVENTS,
        hover: interaction.hover, cursorXPx: interaction.cursorXPx, dragRange: interaction.dragRange,
        underlay: findingUnderlay(state, frame),
      });
      noteBoxes.current = drawNoteLayer(ctx, frame, state);
      recordLayerDraw('overlay', performance.now() - started);
    });
    return { base, overlay };
  }, [getFrame, store, interaction]);

  useEffect(() => {
    schedulers.base.schedule();
    schedulers.overlay.schedule();
  }, [schedulers, widthPx, heightPx, theme, dpr]);

  useEffect(() => {
    const unsubscribe = store.subscribe((s, p) => {
      if (baseChanged(s, p)) schedulers.base.schedule();
      if (baseChanged(s, p) && onlyMoved(s, p) && !overlayAnchored(s, interaction)) return;
      if (baseChanged(s, p) || s.selection !== p.selection || s.chainHops !== p.chainHops || annotationsChanged(s, p)) schedulers.overlay.schedule();
    });
    return () => {
      unsubscribe();
      schedulers.base.cancel();
      schedulers.overlay.cancel();
    };
  }, [store, schedulers, interaction]);

  const onHover = useCallback((hit: Hit | undefined, clientX: number, clientY: number) => {
    const tip = tooltipRef.current;
    const trace = store.getState().loaded?.trace;
    if (!tip) return;
    if (!hit || !trace) { tip.hidden = true; return; }
    tip.textContent = hoverText(trace, hit);
    tip.hidden = false;
    const box = tip.parentElement!.getBoundingClientRect();
    const x = clientX - box.left + 14;
    tip.style.left = `${Math.min(x, Math.max(0, box.width - tip.offsetWidth - 4))}px`;
    tip.style.top = `${clientY - box.top + 16}px`;
  }, [store]);

  usePanZoom({ store, canvas: overlayRef, body, getFrame, interaction, onInteraction: schedulers.overlay.schedule, onHover });

  return (
    <div className="canvas-stack" style={{ width: widthPx, height: heightPx }}>
      <canvas ref={baseRef} className="timeline-canvas" style={{ width: widthPx, height: heightPx }} />
      <canvas
        ref={overlayRef}
        className="timeline-canvas timeline-overlay"
        data-testid="timeline-canvas"
        style={{ width: widthPx, height: heightPx }}
      />
      <div ref={tooltipRef} className="timeline-tooltip" hidden />
      <TimelineNoteControls canvas={overlayRef} getFrame={getFrame} boxes={noteBoxes} />
    </div>
  );
}
