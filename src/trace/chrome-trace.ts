/**
 * Export to the Chrome Trace Event Format (JSON object form), which Perfetto and chrome://tracing open:
 *   - a process per node (its node-level lanes) and per pod (its lanes), named with `process_name` metadata;
 *   - a thread per lane, named with `thread_name` metadata (a lane whose state spans overlap gets extra threads);
 *   - state spans as complete events (`ph: "X"`), log events as thread-scoped instant events (`ph: "i"`, `s: "t"`);
 *   - causal links as flow events (`ph: "s"` → `ph: "f"`, same id). Flows bind to slices, and log events are
 *     instants, so each linked event also gets a 1 µs "anchor" slice on its thread for the arrow to attach to.
 * Times (`ts`, `dur`) are µs relative to the start of the trace.
 */
import { KINDS } from '../catalog/catalog.ts';
import { LINK_KINDS, MACHINE_IDS, SpanFlag, type Trace } from '../model/trace.ts';
import { eventRawText, nodeTitle, podLabel, str } from '../model/trace-query.ts';

export type ChromeTraceEvent =
  | { ph: 'M'; name: 'process_name' | 'thread_name' | 'process_sort_index' | 'thread_sort_index'; pid: number; tid: number; args: { name?: string; sort_index?: number } }
  | { ph: 'X'; name: string; cat: string; ts: number; dur: number; pid: number; tid: number; args: Record<string, unknown> }
  | { ph: 'i'; s: 't'; name: string; cat: string; ts: number; pid: number; tid: number; args: Record<string, unknown> }
  | { ph: 's' | 'f'; name: string; cat: string; id: number; ts: number; pid: number; tid: number; bp?: 'e' };

export interface ChromeTrace {
  traceEvents: ChromeTraceEvent[];
  displayTimeUnit: 'ms';
  otherData: { generator: string; sources: string[]; originUs: number };
}

export interface ChromeTraceOptions {
  /** Longest raw log text put in an instant event's args (default 2000 characters). */
  maxTextChars?: number;
}

const SPAN_FLAG_NAMES: [SpanFlag, string][] = [
  [SpanFlag.Inferred, 'inferred'], [SpanFlag.Unknown, 'unknown'], [SpanFlag.OpenEnded, 'open-ended'], [SpanFlag.Anomalous, 'anomalous'],
];

/** Process id of a lane: its pod's process, else its node's. */
function processOf(trace: Trace, lane: number): number {
  const l = trace.lanes[lane];
  return l.pod >= 0 ? trace.nodes.length + 1 + l.pod : Math.max(0, l.node) + 1;
}

/** Earliest time in the trace (spans may start before the first event), the zero of `ts`. */
function originOf(trace: Trace): number {
  let origin = Number.isFinite(trace.startUs) ? trace.startUs : Infinity;
  for (let s = 0; s < trace.spans.count; s++) if (trace.spans.startUs[s] < origin) origin = trace.spans.startUs[s];
  return Number.isFinite(origin) ? origin : 0;
}

/** Splits each lane's spans into rows without overlap; returns the row of every span and the row count per lane. */
function spanRows(trace: Trace): { rowOf: Uint16Array; rowsPerLane: Uint16Array } {
  const sp = trace.spans;
  const rowOf = new Uint16Array(sp.count);
  const rowsPerLane = new Uint16Array(trace.lanes.length);
  for (let l = 0; l < trace.lanes.length; l++) {
    const rowEnds: number[] = [];
    const ids = Array.from(trace.laneSpanIdx.subarray(trace.laneSpanStart[l], trace.laneSpanStart[l + 1]));
    ids.sort((a, b) => sp.startUs[a] - sp.startUs[b]);
    for (const s of ids) {
      let row = rowEnds.findIndex((end) => end <= sp.startUs[s]);
      if (row < 0 || row > 0xfffe) row = Math.min(rowEnds.length, 0xffff);
      rowEnds[row] = Math.max(sp.endUs[s], sp.startUs[s]);
      rowOf[s] = row;
    }
    rowsPerLane[l] = Math.max(1, rowEnds.length);
  }
  return { rowOf, rowsPerLane };
}

export function toChromeTrace(trace: Trace, opts: ChromeTraceOptions = {}): ChromeTrace {
  const maxText = opts.maxTextChars ?? 2000;
  const out: ChromeTraceEvent[] = [];
  const origin = originOf(trace);
  const rel = (us: number) => us - origin;

  // Processes: nodes first, then pods.
  trace.nodes.forEach((n, i) => {
    out.push({ ph: 'M', name: 'process_name', pid: i + 1, tid: 0, args: { name: nodeTitle(n.name) } });
    out.push({ ph: 'M', name: 'process_sort_index', pid: i + 1, tid: 0, args: { sort_index: i } });
  });
  if (trace.nodes.length === 0 && trace.lanes.length) out.push({ ph: 'M', name: 'process_name', pid: 1, tid: 0, args: { name: 'node' } });
  trace.pods.forEach((p, i) => {
    const pid = trace.nodes.length + 1 + i;
    out.push({ ph: 'M', name: 'process_name', pid, tid: 0, args: { name: `pod ${podLabel(p)}` } });
    out.push({ ph: 'M', name: 'process_sort_index', pid, tid: 0, args: { sort_index: trace.nodes.length + i } });
  });

  // Threads: lane l is tid l+1; extra rows of overlapping spans get tids after all lanes.
  const { rowOf, rowsPerLane } = spanRows(trace);
  const extraTid: number[][] = trace.lanes.map(() => []);
  let nextTid = trace.lanes.length + 1;
  trace.lanes.forEach((lane, l) => {
    const pid = processOf(trace, l);
    for (let row = 0; row < rowsPerLane[l]; row++) {
      const tid = row === 0 ? l + 1 : nextTid++;
      if (row > 0) extraTid[l][row] = tid;
      out.push({ ph: 'M', name: 'thread_name', pid, tid, args: { name: row === 0 ? lane.title : `${lane.title} (overlap ${row + 1})` } });
      out.push({ ph: 'M', name: 'thread_sort_index', pid, tid, args: { sort_index: l * 16 + Math.min(row, 15) } });
    }
  });

  const sp = trace.spans;
  for (let s = 0; s < sp.count; s++) {
    if (!Number.isFinite(sp.startUs[s]) || !Number.isFinite(sp.endUs[s])) continue;
    const l = sp.lane[s];
    const flags = SPAN_FLAG_NAMES.filter(([f]) => sp.flags[s] & f).map(([, name]) => name);
    const args: Record<string, unknown> = { state: str(trace, sp.state[s]), flags };
    if (sp.startEvent[s] >= 0) args.startLine = trace.events.line[sp.startEvent[s]];
    if (sp.endEvent[s] >= 0) args.endLine = trace.events.line[sp.endEvent[s]];
    out.push({
      ph: 'X', name: str(trace, sp.state[s]) || '(state)', cat: MACHINE_IDS[sp.machine[s]] ?? 'state', ts: rel(sp.startUs[s]),
      dur: Math.max(0, sp.endUs[s] - sp.startUs[s]), pid: processOf(trace, l), tid: rowOf[s] === 0 ? l + 1 : extraTid[l][rowOf[s]], args,
    });
  }

  const ev = trace.events;
  const where = (e: number) => ({ ts: rel(ev.timeUs[e]), pid: processOf(trace, ev.lane[e]), tid: ev.lane[e] + 1 });
  for (let e = 0; e < ev.count; e++) {
    const kind = KINDS[ev.kind[e]] ?? 'unknown';
    const args: Record<string, unknown> = {
      kind, source: trace.sources[ev.source[e]]?.name ?? '', line: ev.line[e], text: eventRawText(trace, e, maxText),
    };
    if (ev.text[e] > 0) args.detail = str(trace, ev.text[e]);
    if (!Number.isNaN(ev.num[e])) args.num = ev.num[e];
    out.push({ ph: 'i', s: 't', name: kind, cat: trace.lanes[ev.lane[e]]?.kind ?? 'event', ...where(e), args });
  }

  const anchored = new Set<number>();
  for (let k = 0; k < trace.links.count; k++) {
    for (const e of [trace.links.from[k], trace.links.to[k]]) {
      if (anchored.has(e)) continue;
      anchored.add(e);
      out.push({ ph: 'X', name: KINDS[ev.kind[e]] ?? 'event', cat: 'link-anchor', ...where(e), dur: 1, args: { line: ev.line[e] } });
    }
  }
  for (let k = 0; k < trace.links.count; k++) {
    const name = LINK_KINDS[trace.links.kind[k]] ?? 'link';
    out.push({ ph: 's', name, cat: 'link', id: k + 1, ...where(trace.links.from[k]) });
    out.push({ ph: 'f', bp: 'e', name, cat: 'link', id: k + 1, ...where(trace.links.to[k]) });
  }

  return {
    traceEvents: out,
    displayTimeUnit: 'ms',
    otherData: { generator: 'syncloop', sources: trace.sources.map((s) => s.name), originUs: origin },
  };
}

/** The export as JSON text. */
export function encodeChromeTrace(trace: Trace, opts: ChromeTraceOptions = {}): string {
  return JSON.stringify(toChromeTrace(trace, opts));
}
