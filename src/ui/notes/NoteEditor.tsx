/**
 * The note editor: a small dialog for writing a new note or changing one. It says what the note is attached to;
 * Ctrl/⌘+Enter saves. Note text is plain text everywhere it is shown (React text nodes, canvas fillText).
 */
import { useState } from 'react';
import { NOTE_MAX_CHARS, selectResolvedNotes } from '../../store/notes-slice.ts';
import type { NoteTarget } from '../../trace/share-types.ts';
import { useTrace } from '../app/hooks.ts';
import { useAppStore, useStoreApi } from '../app/StoreContext.tsx';
import { Modal } from '../shared/Modal.tsx';
import { describeTarget } from './note-target.ts';
import './notes.css';

function EditorBody({ target, initial, id }: { target: NoteTarget; initial: string; id: string | undefined }) {
  const store = useStoreApi();
  const trace = useTrace();
  const resolved = useAppStore(selectResolvedNotes).find((r) => r.note.id === id);
  const [text, setText] = useState(initial);
  if (!trace) return null;
  const close = () => store.getState().closeNoteEditor();
  const save = () => {
    const s = store.getState();
    if (id) s.updateNote(id, text);
    else s.addNote(target, text);
    close();
  };
  return (
    <form className="note-editor" data-testid="note-editor" onSubmit={(e) => { e.preventDefault(); save(); }}>
      <p className="muted">On {describeTarget(trace, target, resolved)}</p>
      <textarea
        autoFocus
        value={text}
        maxLength={NOTE_MAX_CHARS}
        rows={4}
        placeholder="What happened here, what to look at…"
        aria-label="Note text"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); save(); } }}
      />
      <div className="note-editor-actions">
        <span className="muted">{text.length} / {NOTE_MAX_CHARS}</span>
        <div className="topbar-spacer" />
        {id && <button type="button" onClick={() => { store.getState().deleteNote(id); close(); }}>Delete</button>}
        <button type="button" onClick={close}>Cancel</button>
        <button type="submit" className="primary" disabled={!text.trim()}>{id ? 'Save' : 'Add note'}</button>
      </div>
    </form>
  );
}

export function NoteEditor() {
  const store = useStoreApi();
  const editor = useAppStore((s) => s.noteEditor);
  const notes = useAppStore((s) => s.notes);
  if (!editor) return null;
  const existing = editor.mode === 'edit' ? notes.find((n) => n.id === editor.id) : undefined;
  if (editor.mode === 'edit' && !existing) return null;
  const target = existing ? existing.target : (editor as { target: NoteTarget }).target;
  return (
    <Modal title={existing ? 'Edit note' : 'New note'} onClose={() => store.getState().closeNoteEditor()}>
      <EditorBody target={target} initial={existing?.text ?? ''} id={existing?.id} />
    </Modal>
  );
}
