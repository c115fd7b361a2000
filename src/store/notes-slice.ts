/**
 * The user's notes: short texts attached to a time range, a lane or an event. Notes are kept in their shareable
 * form (trace/share-types.ts: an event by source name and line, a lane by its id), so they go into links and trace
 * files as they are and survive re-parsing; `selectResolvedNotes` maps them onto the loaded trace for drawing.
 */
import type { StateCreator } from 'zustand/vanilla';
import type { Trace } from '../model/trace.ts';
import type { Note, NoteTarget } from '../trace/share-types.ts';
import { eventRef } from '../trace/view-keys.ts';
import type { AppState } from './app-store.ts';
import { lineToEvent } from './line-events.ts';
import { memoLast } from './memo.ts';
import type { Selection, Viewport } from './types.ts';

/** Notes are meant to be short; links and trace files accept up to 10,000 characters, the editor this many. */
export const NOTE_MAX_CHARS = 2000;
/** Most notes one incident keeps (the share formats accept 1,000). */
export const MAX_NOTES = 1000;

/** The note editor: a new note for a target, or an existing note by id. */
export type NoteEditorState = { mode: 'new'; target: NoteTarget } | { mode: 'edit'; id: string };

export interface NotesSlice {
  notes: readonly Note[];
  noteEditor: NoteEditorState | undefined;
  /** Adds a note (text trimmed and capped); returns its id, or '' when the text is empty or the list is full. */
  addNote(target: NoteTarget, text: string): string;
  updateNote(id: string, text: string): void;
  deleteNote(id: string): void;
  /** Replaces every note (a link or a trace file brought them). */
  setNotes(notes: readonly Note[]): void;
  openNoteEditor(editor: NoteEditorState): void;
  closeNoteEditor(): void;
}

function cleanText(text: string): string {
  return text.trim().slice(0, NOTE_MAX_CHARS);
}

function freshId(notes: readonly Note[]): string {
  const used = new Set(notes.map((n) => n.id));
  let k = notes.length + 1;
  while (used.has(`note-${k}`)) k++;
  return `note-${k}`;
}

export const createNotesSlice: StateCreator<AppState, [], [], NotesSlice> = (set, get) => ({
  notes: [],
  noteEditor: undefined,

  addNote(target, text) {
    const clean = cleanText(text);
    const notes = get().notes;
    if (!clean || notes.length >= MAX_NOTES) return '';
    const id = freshId(notes);
    set({ notes: [...notes, { id, text: clean, target }] });
    return id;
  },
  updateNote(id, text) {
    const clean = cleanText(text);
    if (!clean) { get().deleteNote(id); return; }
    set({ notes: get().notes.map((n) => (n.id === id ? { ...n, text: clean } : n)) });
  },
  deleteNote: (id) => set({ notes: get().notes.filter((n) => n.id !== id) }),
  setNotes(notes) {
    // Ids must be unique for editing; a hand-made file might repeat one.
    const seen = new Set<string>();
    const out: Note[] = [];
    for (const n of notes.slice(0, MAX_NOTES)) {
      const id = n.id && !seen.has(n.id) ? n.id : freshId([...out, ...notes]);
      seen.add(id);
      out.push({ id, text: n.text.slice(0, NOTE_MAX_CHARS), target: n.target });
    }
    set({ notes: out });
  },
  openNoteEditor: (noteEditor) => set({ noteEditor }),
  closeNoteEditor: () => set({ noteEditor: undefined }),
});

/** A note placed on the loaded trace: the event or lane it names (-1 when the trace has none), and its time range. */
export interface ResolvedNote {
  note: Note;
  event: number;
  lane: number;
  startUs: number;
  endUs: number;
}

function resolveNotes(trace: Trace, notes: readonly Note[]): ResolvedNote[] {
  const sourceIndex = new Map(trace.sources.map((s) => [s.name, s.index]));
  const laneIndex = new Map(trace.lanes.map((l) => [l.id, l.index]));
  return notes.map((note): ResolvedNote => {
    const t = note.target;
    if (t.kind === 'range') return { note, event: -1, lane: -1, startUs: Math.min(t.startUs, t.endUs), endUs: Math.max(t.startUs, t.endUs) };
    if (t.kind === 'lane') return { note, event: -1, lane: laneIndex.get(t.laneId) ?? -1, startUs: NaN, endUs: NaN };
    const source = sourceIndex.get(t.event.source);
    const e = source === undefined ? -1 : lineToEvent(trace)[source]?.[t.event.line - 1] ?? -1;
    const timeUs = e >= 0 ? trace.events.timeUs[e] : NaN;
    return { note, event: e, lane: e >= 0 ? trace.events.lane[e] : -1, startUs: timeUs, endUs: timeUs };
  });
}

const resolvedOf = memoLast(resolveNotes);

export function selectResolvedNotes(s: AppState): readonly ResolvedNote[] {
  const trace = s.loaded?.trace;
  return trace ? resolvedOf(trace, s.notes) : [];
}

/**
 * What a new note attaches to, from the selection: the selected event; a selected band's time range; a selected
 * pod's first lane; a selected range; with nothing selected, the visible window.
 */
export function noteTargetFor(trace: Trace, selection: Selection, viewport: Viewport): NoteTarget {
  switch (selection.kind) {
    case 'event': return { kind: 'event', event: eventRef(trace, selection.event) };
    case 'span': {
      const a = trace.spans.startUs[selection.span];
      const b = trace.spans.endUs[selection.span];
      if (Number.isFinite(a) && Number.isFinite(b)) return { kind: 'range', startUs: a, endUs: b };
      return { kind: 'lane', laneId: trace.lanes[trace.spans.lane[selection.span]].id };
    }
    case 'pod': {
      const lane = trace.pods[selection.pod]?.lanes[0];
      if (lane !== undefined) return { kind: 'lane', laneId: trace.lanes[lane].id };
      break;
    }
    case 'range': return { kind: 'range', startUs: selection.startUs, endUs: selection.endUs };
    case 'none': break;
  }
  return { kind: 'range', startUs: viewport.startUs, endUs: viewport.endUs };
}
