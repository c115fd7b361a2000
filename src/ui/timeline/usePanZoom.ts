/**
 * The one place timeline gestures are interpreted. Its output is store actions (the store owns the viewport) and
 * the pointer-speed interaction state (hover, drag range) in a ref.
 *
 *   drag            pan in time and scroll the lanes        shift+drag   select a time range
 *   click           select the event / band / pod under it  double-click zoom into it
 *   ctrl/⌘+wheel    zoom at the pointer (trackpad pinch sends this)
 *   shift+wheel     pan in time                              wheel        scroll the lanes
 *   two fingers     pinch zooms around their centre, moving them pans in time and scrolls the lanes (pinch.ts)
 */
import { useEffect, type RefObject } from 'react';
import type { FrameContext } from '../../render/frame.ts';
import { hitTest, type Hit } from '../../render/hit-test.ts';
import type { AppStore } from '../../store/app-store.ts';
import type { TimelineInteraction } from './interaction.ts';
import { pinchScrollDeltaPx, pinchWindow, type PinchPoint, type PinchStart } from './pinch.ts';

const DRAG_THRESHOLD_PX = 4;
/** Wheel events closer than this are one gesture: one entry in the navigation history. */
export const WHEEL_BURST_MS = 400;

export interface PanZoomDeps {
  store: AppStore;
  canvas: RefObject<HTMLCanvasElement | null>;
  /** The scrolling element of the lanes (its scrollTop is the lanes' vertical scroll). */
  body: RefObject<HTMLElement | null>;
  getFrame: () => FrameContext | undefined;
  interaction: TimelineInteraction;
  onInteraction: () => void;
  onHover: (hit: Hit | undefined, clientX: number, clientY: number) => void;
}

/** Zoom factor for a wheel delta (pixel mode); lines and pages are converted to pixels first. */
export function wheelZoomFactor(e: WheelEvent): number {
  const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
  return Math.exp(Math.max(-200, Math.min(200, e.deltaY * unit)) * 0.004);
}

export function selectHit(store: AppStore, hit: Hit | undefined): void {
  const s = store.getState();
  if (!hit || hit.kind === 'lane') s.clearSelection();
  else if (hit.kind === 'event') s.select({ kind: 'event', event: hit.event });
  else if (hit.kind === 'span') s.select({ kind: 'span', span: hit.span });
  else if (hit.kind === 'restart') s.select({ kind: 'event', event: hit.startEvent });
  else if (hit.group.pod >= 0) s.select({ kind: 'pod', pod: hit.group.pod });
  else s.toggleGroup(hit.group.id);
}

export function usePanZoom(deps: PanZoomDeps): void {
  const { store, canvas, body, getFrame, interaction, onInteraction, onHover } = deps;
  useEffect(() => {
    const el = canvas.current;
    const scroller = body.current;
    if (!el || !scroller) return;
    let drag: { x: number; y: number; startUs: number; endUs: number; usPerPx: number; scrollTop: number; range: boolean; moved: boolean } | undefined;
    let lastWheel = 0;
    // Pointers down on the canvas (touch contacts, the mouse), and the two-finger gesture while two are down.
    const pointers = new Map<number, PinchPoint>();
    let pinch: { start: PinchStart; ids: readonly [number, number]; scrollTop: number } | undefined;
    const local = (e: MouseEvent) => {
      const r = el.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };

    const startPinch = (frame: FrameContext) => {
      const [[idA, a], [idB, b]] = [...pointers];
      const v = store.getState().viewport;
      drag = undefined; // the first finger's touch is neither a click nor a one-finger drag any more
      interaction.dragRange = undefined;
      store.getState().recordNavigation();
      pinch = { start: { startUs: v.startUs, endUs: v.endUs, widthPx: frame.widthPx, a, b }, ids: [idA, idB], scrollTop: scroller.scrollTop };
      onHover(undefined, 0, 0);
    };
    const movePinch = (g: NonNullable<typeof pinch>) => {
      const a = pointers.get(g.ids[0]);
      const b = pointers.get(g.ids[1]);
      if (!a || !b) return;
      const s = store.getState();
      s.setViewport({ ...pinchWindow(g.start, a, b), originUs: s.viewport.originUs });
      scroller.scrollTop = g.scrollTop - pinchScrollDeltaPx(g.start, a, b);
    };

    const down = (e: PointerEvent) => {
      if (e.button !== 0) return;
      const frame = getFrame();
      if (!frame) return;
      const p = local(e);
      pointers.set(e.pointerId, { xPx: p.x, yPx: p.y });
      el.setPointerCapture(e.pointerId);
      if (pointers.size === 2) startPinch(frame);
      if (pointers.size >= 2 || pinch) return;
      const v = store.getState().viewport;
      drag = { ...p, startUs: v.startUs, endUs: v.endUs, usPerPx: frame.scale.usPerPx, scrollTop: scroller.scrollTop, range: e.shiftKey, moved: false };
    };
    const move = (e: PointerEvent) => {
      const p = local(e);
      if (pointers.has(e.pointerId)) pointers.set(e.pointerId, { xPx: p.x, yPx: p.y });
      if (pinch) {
        if (pinch.ids.includes(e.pointerId)) movePinch(pinch);
        return;
      }
      const frame = getFrame();
      if (!frame) return;
      if (drag) {
        const dx = p.x - drag.x;
        const dy = p.y - drag.y;
        if (!drag.moved && Math.hypot(dx, dy) >= DRAG_THRESHOLD_PX) {
          drag.moved = true;
          if (!drag.range) store.getState().recordNavigation();
          onHover(undefined, 0, 0);
        }
        if (drag.moved && !drag.range) {
          // Panning: the window moves with the pointer, and the store change redraws the lanes (and the overlay, if
          // something on it is placed by time). The cursor line is hidden until the drag ends, so a move needs no
          // overlay redraw of its own: handing a second full-size canvas to the compositor on every frame of a pan
          // cost ~1–2 ms a frame in software rendering.
          if (!Number.isNaN(interaction.cursorXPx) || interaction.hover) {
            interaction.cursorXPx = NaN;
            interaction.hover = undefined;
            onInteraction();
          }
          const shift = -dx * drag.usPerPx;
          store.getState().setViewport({ startUs: drag.startUs + shift, endUs: drag.endUs + shift, originUs: store.getState().viewport.originUs });
          scroller.scrollTop = drag.scrollTop - dy;
          return;
        }
        interaction.cursorXPx = p.x;
        if (drag.moved) interaction.dragRange = { startUs: drag.startUs + drag.x * drag.usPerPx, endUs: drag.startUs + p.x * drag.usPerPx };
        onInteraction();
        return;
      }
      interaction.cursorXPx = p.x;
      const hit = hitTest(frame, p.x, p.y);
      interaction.hover = hit && hit.kind !== 'lane' && hit.kind !== 'group' ? hit : undefined;
      el.style.cursor = interaction.hover ? 'pointer' : 'grab';
      onHover(interaction.hover, e.clientX, e.clientY);
      onInteraction();
    };
    const up = (e: PointerEvent) => {
      pointers.delete(e.pointerId);
      if (el.hasPointerCapture(e.pointerId)) el.releasePointerCapture(e.pointerId);
      if (pinch) {
        // Lifting one finger ends the gesture; the other does nothing until it lifts too.
        if (pointers.size === 0) pinch = undefined;
        return;
      }
      if (!drag) return;
      const d = drag;
      drag = undefined;
      if (d.moved && d.range && interaction.dragRange) {
        const { startUs, endUs } = interaction.dragRange;
        interaction.dragRange = undefined;
        if (Math.abs(endUs - startUs) > 0) store.getState().select({ kind: 'range', startUs: Math.min(startUs, endUs), endUs: Math.max(startUs, endUs) });
        onInteraction();
        return;
      }
      if (d.moved) {
        // The pan is over: the cursor line comes back under the pointer.
        interaction.cursorXPx = local(e).x;
        onInteraction();
        return;
      }
      const frame = getFrame();
      if (frame) selectHit(store, hitTest(frame, d.x, d.y));
    };
    const leave = () => {
      interaction.hover = undefined;
      interaction.cursorXPx = NaN;
      onHover(undefined, 0, 0);
      onInteraction();
    };
    const dblclick = (e: MouseEvent) => {
      const frame = getFrame();
      if (!frame) return;
      const p = local(e);
      const hit = hitTest(frame, p.x, p.y);
      const s = store.getState();
      if (hit?.kind === 'span') s.zoomToRange(frame.trace.spans.startUs[hit.span], frame.trace.spans.endUs[hit.span]);
      else {
        s.recordNavigation();
        s.zoomAt(0.35, frame.scale.toUs(p.x));
      }
    };
    // Zooming or panning moves what was under the pointer away: drop the hover (and its tooltip) as a drag does;
    // the next pointer move finds what is there now. (An overlay with nothing placed by time is then not redrawn.)
    const dropHover = () => {
      if (!interaction.hover) return;
      interaction.hover = undefined;
      onHover(undefined, 0, 0);
      onInteraction();
    };
    const wheel = (e: WheelEvent) => {
      const frame = getFrame();
      if (!frame) return;
      const s = store.getState();
      const now = performance.now();
      if (e.ctrlKey || e.metaKey || e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) dropHover();
      if (e.ctrlKey || e.metaKey) {
        e.preventDefault();
        if (now - lastWheel > WHEEL_BURST_MS) s.recordNavigation();
        lastWheel = now;
        const r = el.getBoundingClientRect();
        s.zoomAt(wheelZoomFactor(e), frame.scale.toUs(e.clientX - r.left));
      } else if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
        e.preventDefault();
        if (now - lastWheel > WHEEL_BURST_MS) s.recordNavigation();
        lastWheel = now;
        const delta = e.shiftKey && e.deltaX === 0 ? e.deltaY : e.deltaX;
        s.panBy(delta * (e.deltaMode === 1 ? 16 : 1) * frame.scale.usPerPx);
      }
    };
    el.addEventListener('pointerdown', down);
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', up);
    el.addEventListener('pointerleave', leave);
    el.addEventListener('dblclick', dblclick);
    scroller.addEventListener('wheel', wheel, { passive: false });
    return () => {
      el.removeEventListener('pointerdown', down);
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
      el.removeEventListener('pointercancel', up);
      el.removeEventListener('pointerleave', leave);
      el.removeEventListener('dblclick', dblclick);
      scroller.removeEventListener('wheel', wheel);
    };
  }, [store, canvas, body, getFrame, interaction, onInteraction, onHover]);
}
