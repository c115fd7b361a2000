/**
 * Applies a Sanitizer to a whole Trace (and the view and notes that go with it), returning new objects; the input is
 * not modified. Line numbers do not change (a replacement never adds or removes a newline), so every event, span
 * and EventRef still points at the same line; byte offsets are recomputed.
 */
import { joinRaw } from '../model/raw-text.ts';
import type { RawText, Trace } from '../model/trace.ts';
import { Sanitizer, type PreviewEntry, type SanitizeOptions } from './sanitize.ts';
import type { Note, NoteTarget, StableViewState, ViewState } from './share-types.ts';

export interface SanitizeResult<V extends ViewState | StableViewState = ViewState> {
  trace: Trace;
  view?: V;
  notes: Note[];
  preview: PreviewEntry[];
  sanitizer: Sanitizer;
}

/** Work in blocks of whole lines of about this many bytes, so a large source never becomes one huge string. */
const BLOCK_BYTES = 1 << 20;

/** Calls `visit` with the text of blocks of whole lines (about BLOCK_BYTES each): [first line, end line, text]. */
function forEachBlock(raw: RawText, visit: (line: number, end: number, text: string) => void): void {
  const bytes = joinRaw(raw);
  const starts = raw.lineStarts;
  const lines = starts.length - 1;
  const decoder = new TextDecoder('utf-8');
  for (let line = 0; line < lines;) {
    let end = line + 1;
    while (end < lines && starts[end + 1] - starts[line] <= BLOCK_BYTES) end++;
    visit(line, end, decoder.decode(bytes.subarray(starts[line], starts[end])));
    line = end;
  }
}

function forEachLine(raw: RawText, visit: (line: string) => void): void {
  forEachBlock(raw, (_a, _b, text) => { for (const l of text.split('\n')) visit(l); });
}

function sanitizeRaw(raw: RawText, sanitizer: Sanitizer): RawText {
  const encoder = new TextEncoder();
  const pieces: Uint8Array[] = [];
  const pieceStarts: number[] = [];
  const newStarts = new Float64Array(raw.lineStarts.length);
  let written = 0;
  forEachBlock(raw, (line, end, text) => {
    const out = encoder.encode(text.split('\n').map((l) => sanitizer.rawText(l)).join('\n'));
    // Line starts inside the block: after every newline (the last newline ends the block's last line).
    newStarts[line] = written;
    let k = line + 1;
    for (let p = out.indexOf(10); p >= 0 && k < end; p = out.indexOf(10, p + 1)) newStarts[k++] = written + p + 1;
    if (k !== end) throw new Error(`sanitize changed the line structure of a source (block at line ${line + 1})`);
    pieces.push(out);
    pieceStarts.push(written);
    written += out.length;
  });
  newStarts[newStarts.length - 1] = written;
  return { pieces, pieceStarts, packed: pieces.map(() => false), lineStarts: newStarts };
}

function sanitizeTarget(t: NoteTarget, s: Sanitizer): NoteTarget {
  if (t.kind === 'lane') return { kind: 'lane', laneId: s.text(t.laneId) };
  if (t.kind === 'event') return { kind: 'event', event: { source: s.text(t.event.source), line: t.event.line } };
  return { ...t };
}

function sanitizeView<V extends ViewState | StableViewState>(view: V, s: Sanitizer): V {
  const out = { ...view };
  if (view.filters) {
    const f = view.filters;
    out.filters = {
      ...f,
      text: f.text === undefined ? undefined : s.text(f.text),
      pods: f.pods?.map((p) => s.text(p)),
      namespaces: f.namespaces?.map((n) => s.name(n)),
      containers: f.containers?.map((c) => s.text(c)),
    };
  }
  if (view.collapsedLanes) out.collapsedLanes = view.collapsedLanes.map((l) => s.text(l));
  const sel = (view as StableViewState).selected;
  if (sel && 'event' in sel) (out as StableViewState).selected = { kind: 'event', event: { source: s.text(sel.event.source), line: sel.event.line } };
  else if (sel && sel.kind === 'pod') (out as StableViewState).selected = { kind: 'pod', pod: s.text(sel.pod) };
  else if (sel && 'laneId' in sel) (out as StableViewState).selected = { ...sel, laneId: s.text(sel.laneId) };
  return out;
}

export function sanitizeTrace<V extends ViewState | StableViewState = ViewState>(
  trace: Trace, opts: SanitizeOptions = {}, extras: { view?: V; notes?: readonly Note[] } = {},
): SanitizeResult<V> {
  const s = new Sanitizer(trace, opts);
  for (const r of trace.raw) forEachLine(r, (line) => s.discover(line));
  for (const x of trace.strings) s.discover(x);
  const raw = trace.raw.map((r) => sanitizeRaw(r, s));
  const out: Trace = {
    ...trace,
    sources: trace.sources.map((src, i) => ({
      ...src,
      name: s.text(src.name),
      node: s.name(src.node),
      bytes: raw[i].lineStarts[raw[i].lineStarts.length - 1],
      versionRange: { ...src.versionRange, signals: src.versionRange.signals.map((x) => s.text(x)) },
      diagnostics: src.diagnostics.map((d) => ({ ...d, message: s.text(d.message) })),
    })),
    raw,
    strings: trace.strings.map((x) => s.text(x)),
    nodes: trace.nodes.map((n) => ({ ...n, name: s.name(n.name) })),
    lanes: trace.lanes.map((l) => ({ ...l, id: s.text(l.id), title: s.text(l.title), containerName: s.text(l.containerName) })),
    pods: trace.pods.map((p) => ({
      ...p, uid: s.name(p.uid), namespace: s.name(p.namespace), name: s.name(p.name),
      admission: { ...p.admission, reason: s.text(p.admission.reason) },
    })),
    containers: trace.containers.map((c) => ({ ...c, id: s.name(c.id), name: s.text(c.name), killReason: s.text(c.killReason) })),
    anomalies: trace.anomalies.map((a) => ({ ...a, message: s.text(a.message) })),
    findings: trace.findings.map((f) => ({ ...f, title: s.text(f.title), explanation: s.text(f.explanation), next: s.text(f.next) })),
  };
  const notes = (extras.notes ?? []).map((n) => ({ id: n.id, text: s.text(n.text), target: sanitizeTarget(n.target, s) }));
  const result: SanitizeResult<V> = { trace: out, notes, preview: s.preview(), sanitizer: s };
  if (extras.view) result.view = sanitizeView(extras.view, s);
  return result;
}
