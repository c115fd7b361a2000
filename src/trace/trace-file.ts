/**
 * The app's own trace file: a versioned JSON document, optionally gzipped, holding a whole Trace (sources with their
 * raw text, events, spans, links, lanes, pods, containers, anomalies, findings) plus the view and the user's notes.
 *
 *   { "format": "syncloop-trace", "version": 1,
 *     "tables": { "kinds": [...], "catalog": [...], "machines": [...], "linkKinds": [...] },
 *     "trace": { ...Trace, typed arrays as base64 columns (trace-file-columns.ts) },
 *     "view": ViewState?, "notes": Note[] }
 *
 * Event kinds, catalog entries, state machines and link kinds are stored as indices into `tables`, the names this
 * build used; a later build with a longer catalog maps them back by name, so an old file keeps its meaning.
 * Reading validates structure, sizes and every cross reference, and throws only ShareError.
 */
import { CATALOG, KINDS } from '../catalog/catalog.ts';
import { joinRaw, plainRaw } from '../model/raw-text.ts';
import { LINK_KINDS, MACHINE_IDS, type EventTable, type LinkTable, type RawText, type SpanTable, type Trace } from '../model/trace.ts';
import { decodeBase64, encodeBase64 } from './base64.ts';
import { compressBytes, decompressBytes, formatBytes, isGzip } from './compression.ts';
import { asShareError, ShareError } from './errors.ts';
import { arrayOf, jsonNumberReplacer, num, object, optional, readJson, type Spec } from './schema.ts';
import { NOTES_SPEC, VIEW_SPEC } from './share-schema.ts';
import type { Note, ViewState } from './share-types.ts';
import { checkTraceReferences } from './trace-check.ts';
import { decodeColumn, encodeColumn, type ColumnType } from './trace-file-columns.ts';
import {
  ANOMALY_SPEC, GAP_SPEC, CONTAINER_SPEC, FINDING_SPEC, LANE_SPEC, MULTI_POD_SPEC, NAME_TABLE_SPEC, NODE_SPEC, POD_SPEC, SOURCE_SPEC,
  STRINGS_SPEC, TRACE_LIMITS,
} from './trace-file-schema.ts';

export const TRACE_FILE_FORMAT = 'syncloop-trace';
export const TRACE_FILE_VERSION = 1;
/** Below V8's longest string, since the document is parsed as one string. */
export const MAX_TRACE_FILE_BYTES = 500 * (1 << 20);

export interface TraceFileContents {
  trace: Trace;
  view?: ViewState;
  notes: Note[];
}

const EVENT_COLUMNS = {
  timeUs: 'f64', source: 'u16', line: 'u32', lineCount: 'u16', severity: 'u8', node: 'u16', pid: 'u32', msg: 'u16',
  kind: 'u16', lane: 'u32', pod: 'i32', container: 'i32', cid: 'i32', cname: 'i32', num: 'f64', text: 'i32',
} as const satisfies Record<Exclude<keyof EventTable, 'count'>, ColumnType>;
const SPAN_COLUMNS = {
  lane: 'u32', machine: 'u8', startUs: 'f64', endUs: 'f64', state: 'i32', startEvent: 'i32', endEvent: 'i32', flags: 'u8',
  container: 'i32',
} as const satisfies Record<Exclude<keyof SpanTable, 'count'>, ColumnType>;
const LINK_COLUMNS = { from: 'u32', to: 'u32', kind: 'u8' } as const satisfies Record<Exclude<keyof LinkTable, 'count'>, ColumnType>;
const LANE_INDEX_COLUMNS = ['laneEventStart', 'laneEventIdx', 'laneSpanStart', 'laneSpanIdx'] as const;

type Columns = Record<string, Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array>;

function encodeTable(table: { count: number } & object, columns: Record<string, ColumnType>): Record<string, unknown> {
  const out: Record<string, unknown> = { count: table.count };
  for (const name of Object.keys(columns)) out[name] = encodeColumn((table as unknown as Columns)[name]);
  return out;
}

function decodeTable(value: unknown, columns: Record<string, ColumnType>, path: string): Record<string, unknown> & { count: number } {
  const { count } = readJson(object({ count: num() }), value, path) as { count: number };
  if (!Number.isSafeInteger(count) || count < 0 || count > TRACE_LIMITS.events) throw new ShareError('bad-structure', `${path}.count: ${count} is not a usable count`);
  const v = value as Record<string, unknown>;
  const out: Record<string, unknown> & { count: number } = { count };
  for (const [name, type] of Object.entries(columns)) out[name] = decodeColumn(v[name], type, count, `${path}.${name}`);
  return out;
}

/** The trace file as JSON text (not compressed). */
export function encodeTraceFile(contents: TraceFileContents): string {
  const t = contents.trace;
  const doc = {
    format: TRACE_FILE_FORMAT,
    version: TRACE_FILE_VERSION,
    tables: { kinds: KINDS, catalog: CATALOG.map((e) => e.id), machines: MACHINE_IDS, linkKinds: LINK_KINDS },
    trace: {
      sources: t.sources,
      raw: t.raw.map((r) => ({ bytes: encodeBase64(joinRaw(r)), lines: r.lineStarts.length, lineStarts: encodeColumn(r.lineStarts) })),
      strings: t.strings,
      events: encodeTable(t.events, EVENT_COLUMNS),
      spans: encodeTable(t.spans, SPAN_COLUMNS),
      links: encodeTable(t.links, LINK_COLUMNS),
      nodes: t.nodes,
      lanes: t.lanes,
      ...Object.fromEntries(LANE_INDEX_COLUMNS.map((k) => [k, { count: t[k].length, data: encodeColumn(t[k]) }])),
      pods: t.pods,
      containers: t.containers,
      multiPod: t.multiPod,
      anomalies: t.anomalies,
      gaps: t.gaps,
      findings: t.findings,
      startUs: t.startUs,
      endUs: t.endUs,
    },
    view: contents.view,
    notes: contents.notes,
  };
  return JSON.stringify(doc, jsonNumberReplacer);
}

/** The trace file as bytes, gzipped on request (CLI `--out x.json.gz`, the app's download). */
export async function exportTraceFile(contents: TraceFileContents, opts: { gzip?: boolean } = {}): Promise<Uint8Array> {
  const bytes = new TextEncoder().encode(encodeTraceFile(contents));
  return opts.gzip ? compressBytes(bytes, 'gzip') : bytes;
}

/**
 * Reads a trace file (JSON text, or its bytes, gzipped or not). Returns the trace with its view and notes, or throws a
 * ShareError saying what is wrong; never anything else.
 */
export async function importTraceFile(input: Uint8Array | string, opts: { maxBytes?: number } = {}): Promise<TraceFileContents> {
  const maxBytes = opts.maxBytes ?? MAX_TRACE_FILE_BYTES;
  try {
    let text: string;
    if (typeof input === 'string') {
      if (input.length > maxBytes) throw new ShareError('too-large', `the trace file is larger than ${formatBytes(maxBytes)}`);
      text = input;
    } else {
      if (input.length > maxBytes) throw new ShareError('too-large', `the trace file is larger than ${formatBytes(maxBytes)}`);
      const bytes = isGzip(input) ? await decompressBytes(input, 'gzip', maxBytes, 'the trace file') : input;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        throw new ShareError('bad-encoding', 'the trace file is not UTF-8 text (is it a trace file?)');
      }
    }
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (e) {
      if (e instanceof SyntaxError) throw new ShareError('bad-json', `the trace file is not valid JSON (${e.message.slice(0, 200)})`);
      throw e;
    }
    return readTraceDocument(doc);
  } catch (e) {
    throw asShareError(e, 'the trace file');
  }
}

function readTraceDocument(doc: unknown): TraceFileContents {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc) || (doc as Record<string, unknown>).format !== TRACE_FILE_FORMAT) {
    throw new ShareError('wrong-format', `this is not a Syncloop trace file (no "format": "${TRACE_FILE_FORMAT}")`);
  }
  const d = doc as Record<string, unknown>;
  const version = d.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new ShareError('bad-structure', 'version: expected a positive integer');
  }
  if (version > TRACE_FILE_VERSION) {
    throw new ShareError('unsupported-version', `the trace file has format version ${version}; this Syncloop reads up to version ${TRACE_FILE_VERSION} (it was made by a newer Syncloop)`);
  }
  // Version 1 is current: when version 2 exists, upgrade older documents step by step here before reading.
  const tables = readJson(object({ kinds: NAME_TABLE_SPEC, catalog: NAME_TABLE_SPEC, machines: NAME_TABLE_SPEC, linkKinds: NAME_TABLE_SPEC }), d.tables, 'tables') as NameTables;
  const trace = readTrace(d.trace, tables);
  const view = readJson(optional(VIEW_SPEC), d.view, 'view') as ViewState | undefined;
  const notes = (readJson(optional(NOTES_SPEC), d.notes, 'notes') as Note[] | undefined) ?? [];
  if (view?.selected) checkSelected(trace, view.selected);
  return view ? { trace, view, notes } : { trace, notes };
}

interface NameTables {
  kinds: string[];
  catalog: string[];
  machines: string[];
  linkKinds: string[];
}

function part(spec: Spec, value: unknown, path: string): unknown {
  return readJson(spec, value, path);
}

function readTrace(value: unknown, tables: NameTables): Trace {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ShareError('bad-structure', 'trace: expected an object');
  const v = value as Record<string, unknown>;
  const sources = (part(arrayOf(SOURCE_SPEC, TRACE_LIMITS.sources), v.sources, 'trace.sources') as Trace['sources'])
    .map((s) => ({ ...s, cuts: s.cuts ?? [] }));
  const raw = readRaw(v.raw, sources.length);
  const events = decodeTable(v.events, EVENT_COLUMNS, 'trace.events') as unknown as EventTable;
  const spans = decodeTable(v.spans, SPAN_COLUMNS, 'trace.spans') as unknown as SpanTable;
  const links = decodeTable(v.links, LINK_COLUMNS, 'trace.links') as unknown as LinkTable;
  remap(events.kind, tables.kinds, KINDS, 0, 'event kind');
  remap(events.msg, tables.catalog, CATALOG.map((e) => e.id), 0, 'catalog entry');
  remap(spans.machine, tables.machines, MACHINE_IDS, -1, 'state machine');
  remap(links.kind, tables.linkKinds, LINK_KINDS, -1, 'link kind');
  const laneIndex = Object.fromEntries(LANE_INDEX_COLUMNS.map((k) => {
    const c = readJson(object({ count: num() }), v[k], `trace.${k}`) as { count: number };
    if (!Number.isSafeInteger(c.count) || c.count < 0 || c.count > TRACE_LIMITS.events) throw new ShareError('bad-structure', `trace.${k}.count: not a usable count`);
    return [k, decodeColumn((v[k] as Record<string, unknown>).data, 'u32', c.count, `trace.${k}.data`)];
  })) as Pick<Trace, (typeof LANE_INDEX_COLUMNS)[number]>;
  const trace: Trace = {
    version: 1,
    sources,
    raw,
    strings: part(STRINGS_SPEC, v.strings, 'trace.strings') as string[],
    events,
    spans,
    links,
    nodes: part(arrayOf(NODE_SPEC, TRACE_LIMITS.objects), v.nodes, 'trace.nodes') as Trace['nodes'],
    lanes: part(arrayOf(LANE_SPEC, TRACE_LIMITS.objects), v.lanes, 'trace.lanes') as Trace['lanes'],
    ...laneIndex,
    pods: part(arrayOf(POD_SPEC, TRACE_LIMITS.objects), v.pods, 'trace.pods') as Trace['pods'],
    containers: part(arrayOf(CONTAINER_SPEC, TRACE_LIMITS.objects), v.containers, 'trace.containers') as Trace['containers'],
    multiPod: part(MULTI_POD_SPEC, v.multiPod, 'trace.multiPod') as Trace['multiPod'],
    anomalies: part(arrayOf(ANOMALY_SPEC, TRACE_LIMITS.objects), v.anomalies, 'trace.anomalies') as Trace['anomalies'],
    // Files written before gaps were found have none.
    gaps: v.gaps === undefined ? [] : part(arrayOf(GAP_SPEC, TRACE_LIMITS.objects), v.gaps, 'trace.gaps') as Trace['gaps'],
    findings: part(arrayOf(FINDING_SPEC, TRACE_LIMITS.objects), v.findings, 'trace.findings') as Trace['findings'],
    startUs: part(num(), v.startUs, 'trace.startUs') as number,
    endUs: part(num(), v.endUs, 'trace.endUs') as number,
  };
  checkTraceReferences(trace);
  return trace;
}

function readRaw(value: unknown, sourceCount: number): RawText[] {
  if (!Array.isArray(value) || value.length !== sourceCount) throw new ShareError('bad-structure', `trace.raw: expected ${sourceCount} entries (one per source)`);
  return value.map((r, i) => {
    const { lines } = readJson(object({ lines: num() }), r, `trace.raw[${i}]`) as { lines: number };
    if (!Number.isSafeInteger(lines) || lines < 1 || lines > TRACE_LIMITS.events) throw new ShareError('bad-structure', `trace.raw[${i}].lines: not a usable count`);
    const o = r as Record<string, unknown>;
    if (typeof o.bytes !== 'string') throw new ShareError('bad-structure', `trace.raw[${i}].bytes: expected base64 text`);
    const bytes = decodeBase64(o.bytes, `trace.raw[${i}].bytes`);
    return plainRaw(bytes, decodeColumn(o.lineStarts, 'f64', lines, `trace.raw[${i}].lineStarts`) as Float64Array);
  });
}

/** Rewrites indices into the file's name table as indices into this build's table (`missing` when unknown, or an error if -1). */
function remap(column: Uint8Array | Uint16Array, fileNames: readonly string[], ourNames: readonly string[], missing: number, what: string): void {
  if (fileNames.length === ourNames.length && fileNames.every((n, i) => n === ourNames[i])) {
    for (let i = 0; i < column.length; i++) if (column[i] >= ourNames.length) throw new ShareError('bad-structure', `${what} ${column[i]} is not in the file's table`);
    return;
  }
  const ours = new Map(ourNames.map((n, i) => [n, i]));
  const map = fileNames.map((n) => ours.get(n) ?? missing);
  for (let i = 0; i < column.length; i++) {
    const to = map[column[i]];
    if (to === undefined) throw new ShareError('bad-structure', `${what} ${column[i]} is not in the file's table`);
    if (to < 0) throw new ShareError('unsupported-version', `the file uses ${what} "${fileNames[column[i]]}", which this Syncloop does not know`);
    column[i] = to;
  }
}

function checkSelected(trace: Trace, sel: NonNullable<ViewState['selected']>): void {
  const size = { event: trace.events.count, span: trace.spans.count, pod: trace.pods.length, lane: trace.lanes.length }[sel.kind];
  if (sel.index >= size) throw new ShareError('bad-structure', `view.selected: there is no ${sel.kind} ${sel.index}`);
}
