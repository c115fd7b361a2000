/** The notes layer of the timeline's overlay canvas: the store's notes placed on the trace, then drawn. */
import { drawNotes, type NoteBox, type NoteMark } from '../../render/draw-notes.ts';
import type { FrameContext } from '../../render/frame.ts';
import type { AppState } from '../../store/app-store.ts';
import { memoLast } from '../../store/memo.ts';
import { selectResolvedNotes, type ResolvedNote } from '../../store/notes-slice.ts';

const marksOf = memoLast((resolved: readonly ResolvedNote[]): NoteMark[] => resolved.map((r) => ({
  id: r.note.id, text: r.note.text, kind: r.note.target.kind, event: r.event, lane: r.lane, startUs: r.startUs, endUs: r.endUs,
})));

/** Draws the notes; returns where each one was drawn (for the tooltip and the context menu). */
export function drawNoteLayer(ctx: CanvasRenderingContext2D, frame: FrameContext, state: AppState): NoteBox[] {
  return drawNotes(ctx, frame, marksOf(selectResolvedNotes(state)));
}

/** Store changes that need the overlay redrawn for findings or notes. */
export function annotationsChanged(s: AppState, p: AppState): boolean {
  return s.activeFinding !== p.activeFinding || s.notes !== p.notes;
}
