/**
 * Which log lines a link carries, and turning them back into a Trace. A small log travels whole; a larger one
 * carries the lines of the chosen pods (plus node-level lines, which tell the node's side of the story) inside the
 * chosen time window. Left-out lines become empty lines, so every kept line keeps its line number and every
 * `source:line` reference in the view and notes stays valid.
 */
import { runDetectors } from '../findings/run.ts';
import { Analyzer } from '../model/analyze.ts';
import { pieceBytes } from '../model/raw-text.ts';
import type { Trace } from '../model/trace.ts';
import { lineCountOf, readLines } from '../model/trace-query.ts';
import type { SharedLogSource } from './share-types.ts';

export interface LogSelection {
  /** Pod indices; their events and node-level events are kept, other pods' events are not. Omit for every pod. */
  pods?: readonly number[];
  startUs?: number;
  endUs?: number;
}

export interface LogChoice {
  sources: SharedLogSource[];
  /** True when every line of every source is included. */
  whole: boolean;
  /** Lines carried (not counting the empty placeholders). */
  lines: number;
}

/** Logs up to this size travel whole (it compresses to roughly a tenth). */
export const WHOLE_LOG_MAX_BYTES = 512 * 1024;

const decoder = new TextDecoder('utf-8');

function wholeText(trace: Trace, source: number): string {
  const raw = trace.raw[source];
  let text = '';
  for (let c = 0; c < raw.pieces.length; c++) text += decoder.decode(pieceBytes(raw, c), { stream: true });
  return text + decoder.decode();
}

/** Marks the physical lines (1-based) of the events the selection keeps, per source. */
function selectedLines(trace: Trace, sel: LogSelection): Uint8Array[] {
  const keep = trace.sources.map((_, s) => new Uint8Array(lineCountOf(trace, s) + 1));
  const pods = sel.pods ? new Set(sel.pods) : undefined;
  const from = sel.startUs ?? -Infinity;
  const to = sel.endUs ?? Infinity;
  const ev = trace.events;
  for (let e = 0; e < ev.count; e++) {
    if (ev.timeUs[e] < from || ev.timeUs[e] > to) continue;
    if (pods) {
      const pod = ev.pod[e];
      const listed = trace.multiPod[e];
      const nodeLevel = pod < 0 && !listed;
      if (!nodeLevel && !pods.has(pod) && !listed?.some((p) => pods.has(p))) continue;
    }
    const marks = keep[ev.source[e]];
    for (let l = ev.line[e]; l < ev.line[e] + Math.max(1, ev.lineCount[e]) && l < marks.length; l++) marks[l] = 1;
  }
  return keep;
}

/**
 * The lines a link should carry: everything when the log is small (and no selection narrows it), else the selection
 * (with no selection: every event's lines, without the lines that are not kubelet records).
 */
export function chooseLogLines(trace: Trace, opts: { selection?: LogSelection; wholeMaxBytes?: number } = {}): LogChoice {
  const totalBytes = trace.sources.reduce((n, s) => n + s.bytes, 0);
  const sources = trace.sources.map((s) => ({ name: s.name, year: s.year.value, text: '' }));
  if (!opts.selection && totalBytes <= (opts.wholeMaxBytes ?? WHOLE_LOG_MAX_BYTES)) {
    trace.sources.forEach((_, i) => { sources[i].text = wholeText(trace, i); });
    return { sources, whole: true, lines: trace.sources.reduce((n, _, i) => n + lineCountOf(trace, i), 0) };
  }
  const keep = selectedLines(trace, opts.selection ?? {});
  let lines = 0;
  keep.forEach((marks, s) => {
    const out: string[] = [];
    for (let l = 1; l < marks.length; l++) {
      if (marks[l]) {
        out.push(readLines(trace, s, l, 1));
        lines++;
      } else {
        out.push('');
      }
    }
    // Trim the empty tail: nothing after the last kept line is needed to keep line numbers.
    while (out.length && !out[out.length - 1]) out.pop();
    sources[s].text = out.length ? out.join('\n') + '\n' : '';
  });
  return { sources: sources.filter((s) => s.text.length > 0), whole: false, lines };
}

/**
 * Parses shared log sources into a Trace with findings, the way the app loads a file. Year-less klog lines take the
 * year the sender's parse settled on (the first source's, when several differ).
 */
export function analyzeSharedLogs(sources: readonly SharedLogSource[]): Trace {
  const analyzer = new Analyzer({ defaultYear: sources[0]?.year || 2024, yearFromCaller: true });
  const encoder = new TextEncoder();
  for (const s of sources) {
    const handle = analyzer.addSource(s.name);
    const bytes = encoder.encode(s.text);
    for (let at = 0; at < bytes.length; at += 1 << 20) handle.push(bytes.subarray(at, at + (1 << 20)));
    handle.end();
  }
  const trace = analyzer.finish();
  try {
    trace.findings = runDetectors(trace);
  } catch (err) {
    // Findings are extra: a failing detector must not stop a shared log from opening.
    trace.findings = [];
    trace.sources[0]?.diagnostics.push({ source: 0, line: 0, level: 'error', message: `the incident detectors failed: ${err instanceof Error ? err.message : String(err)}` });
  }
  return trace;
}
