/**
 * Notes on the timeline canvas: a tooltip with a note's full text when the pointer is over it, and the context menu
 * (right-click) to add a note to the event, lane or time range under the pointer, or to edit or delete the note
 * there. Reads the canvas and the note boxes the overlay last drew; writes only store actions.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { noteAt, type NoteBox } from '../../render/draw-notes.ts';
import type { FrameContext } from '../../render/frame.ts';
import { hitTest } from '../../render/hit-test.ts';
import type { NoteTarget } from '../../trace/share-types.ts';
import { eventRef } from '../../trace/view-keys.ts';
import { useStoreApi } from '../app/StoreContext.tsx';
import './notes.css';

interface MenuItem {
  label: string;
  run(): void;
}

interface Menu {
  x: number;
  y: number;
  items: MenuItem[];
}

export interface TimelineNoteControlsProps {
  canvas: RefObject<HTMLCanvasElement | null>;
  getFrame: () => FrameContext | undefined;
  /** Where the overlay drew each note on its last draw. */
  boxes: RefObject<NoteBox[]>;
}

export function TimelineNoteControls({ canvas, getFrame, boxes }: TimelineNoteControlsProps) {
  const store = useStoreApi();
  const tipRef = useRef<HTMLDivElement>(null);
  const [menu, setMenu] = useState<Menu | undefined>(undefined);

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const local = (e: MouseEvent) => {
      const r = el.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    const move = (e: PointerEvent) => {
      const tip = tipRef.current;
      if (!tip) return;
      const p = local(e);
      const id = e.buttons === 0 ? noteAt(boxes.current ?? [], p.x, p.y) : undefined;
      const note = id ? store.getState().notes.find((n) => n.id === id) : undefined;
      if (!note) { tip.hidden = true; return; }
      tip.textContent = note.text;
      tip.hidden = false;
      tip.style.left = `${Math.max(0, Math.min(p.x + 12, el.clientWidth - tip.offsetWidth - 4))}px`;
      tip.style.top = `${Math.max(0, p.y - tip.offsetHeight - 10)}px`;
    };
    const leave = () => { if (tipRef.current) tipRef.current.hidden = true; };
    const contextMenu = (e: MouseEvent) => {
      const frame = getFrame();
      const s = store.getState();
      const trace = s.loaded?.trace;
      if (!frame || !trace) return;
      e.preventDefault();
      const p = local(e);
      const items: MenuItem[] = [];
      const add = (label: string, target: NoteTarget) => items.push({ label, run: () => store.getState().openNoteEditor({ mode: 'new', target }) });
      const noteId = noteAt(boxes.current ?? [], p.x, p.y);
      if (noteId) {
        items.push({ label: 'Edit this note', run: () => store.getState().openNoteEditor({ mode: 'edit', id: noteId }) });
        items.push({ label: 'Delete this note', run: () => store.getState().deleteNote(noteId) });
      }
      const hit = hitTest(frame, p.x, p.y);
      if (hit?.kind === 'event') add(`Add a note to this event (line ${trace.events.line[hit.event]})`, { kind: 'event', event: eventRef(trace, hit.event) });
      if (hit && (hit.kind === 'event' || hit.kind === 'span' || hit.kind === 'lane' || (hit.kind === 'restart' && hit.lane >= 0))) {
        add(`Add a note to the lane “${trace.lanes[hit.lane].title}”`, { kind: 'lane', laneId: trace.lanes[hit.lane].id });
      }
      if (hit?.kind === 'group' && hit.group.lanes.length) {
        add(`Add a note to ${hit.group.title}`, { kind: 'lane', laneId: trace.lanes[hit.group.lanes[0]].id });
      }
      if (s.selection.kind === 'range') add('Add a note to the selected time range', { kind: 'range', startUs: s.selection.startUs, endUs: s.selection.endUs });
      add('Add a note to the visible time window', { kind: 'range', startUs: s.viewport.startUs, endUs: s.viewport.endUs });
      setMenu({ x: p.x, y: p.y, items });
    };
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerleave', leave);
    el.addEventListener('contextmenu', contextMenu);
    return () => {
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerleave', leave);
      el.removeEventListener('contextmenu', contextMenu);
    };
  }, [canvas, getFrame, boxes, store]);

  // The menu closes on Escape, on a click elsewhere, and after a choice.
  useEffect(() => {
    if (!menu) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent && e.key !== 'Escape') return;
      if (e instanceof PointerEvent && (e.target as Element | null)?.closest?.('.note-menu')) return;
      e.stopPropagation();
      setMenu(undefined);
    };
    window.addEventListener('keydown', close, true);
    window.addEventListener('pointerdown', close, true);
    return () => {
      window.removeEventListener('keydown', close, true);
      window.removeEventListener('pointerdown', close, true);
    };
  }, [menu]);

  return (
    <>
      <div ref={tipRef} className="timeline-tooltip note-tooltip" data-testid="note-tooltip" hidden />
      {menu && (
        <div className="note-menu" role="menu" style={{ left: menu.x, top: menu.y }} data-testid="note-menu">
          {menu.items.map((item) => (
            <button key={item.label} type="button" role="menuitem" onClick={() => { setMenu(undefined); item.run(); }}>{item.label}</button>
          ))}
        </div>
      )}
    </>
  );
}
