/** The notes tab of the findings panel: every note with what it is attached to; go to it, edit it, delete it. */
import type { Trace } from '../../model/trace.ts';
import { noteTargetFor, selectResolvedNotes } from '../../store/notes-slice.ts';
import { useAppStore, useStoreApi } from '../app/StoreContext.tsx';
import { describeTarget, goToNote } from './note-target.ts';
import './notes.css';

export function NotesList({ trace }: { trace: Trace }) {
  const store = useStoreApi();
  const notes = useAppStore(selectResolvedNotes);
  const addForSelection = () => {
    const s = store.getState();
    s.openNoteEditor({ mode: 'new', target: noteTargetFor(trace, s.selection, s.viewport) });
  };
  return (
    <div className="notes-body" data-testid="notes-list">
      {notes.length === 0 && (
        <p className="muted notes-empty">
          No notes yet. Select an event, a band, a pod or a range (Shift+drag) and press <kbd>N</kbd>, or right-click the
          timeline. Notes travel with share links and trace files.
        </p>
      )}
      <ul className="notes">
        {notes.map((r) => (
          <li key={r.note.id} className="note-row" data-note={r.note.id}>
            <button type="button" className="note-target link-button" title="Show it on the timeline" onClick={() => goToNote(store, r)}>
              {describeTarget(trace, r.note.target, r)}
            </button>
            <span className="note-text">{r.note.text}</span>
            <span className="note-actions">
              <button type="button" className="small" onClick={() => store.getState().openNoteEditor({ mode: 'edit', id: r.note.id })}>Edit</button>
              <button type="button" className="small" aria-label={`Delete note: ${r.note.text.slice(0, 40)}`} onClick={() => store.getState().deleteNote(r.note.id)}>Delete</button>
            </span>
          </li>
        ))}
      </ul>
      <button type="button" className="small" onClick={addForSelection}>Add a note (N)</button>
    </div>
  );
}
