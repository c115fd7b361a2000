/**
 * Events as a CSV table (one row per log event, time order), written with papaparse. The columns are documented in
 * README.md ("CSV event tables"); csv-import.ts reads the same table back.
 *
 * `message` is the kubelet's record as it printed it — from the klog header (or the JSON object) on, continuation
 * lines joined with "\n" — without the prefix another tool put in front (journald, CRI, a timestamp, a node name).
 * Fields that a spreadsheet would run as a formula (starting with = + @ tab CR, or - followed by a non-number) get a
 * leading apostrophe; the importer removes it again.
 */
import Papa from 'papaparse';
import { CATALOG, KINDS } from '../catalog/catalog.ts';
import { findKlogHeader, newKlogHeader } from '../ingest/klog-header.ts';
import { newWrapper, parseWrapper } from '../ingest/wrappers.ts';
import type { Trace } from '../model/trace.ts';
import { readLines, str } from '../model/trace-query.ts';
import { epochToParts, formatTimeOfDayUs } from '../util/time.ts';

export const CSV_COLUMNS = [
  'time', 'time_us', 'source', 'line', 'node', 'lane', 'lane_kind', 'pod_namespace', 'pod_name', 'pod_uid', 'container',
  'container_id', 'severity', 'kind', 'catalog_id', 'num', 'text', 'message',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

export const SEVERITY_NAMES = ['info', 'warning', 'error', 'fatal'] as const;

/** A cell a spreadsheet would evaluate. Negative numbers (`-1`, `-0.5`) are left alone. */
export const FORMULA_START = /^(?:[=+@\t\r]|-(?![0-9.]+$))/;

const pad2 = (n: number) => (n < 10 ? '0' : '') + n;

/** `2024-03-15T10:02:03.123456` — the log's wall-clock time as printed, with no zone (see util/time.ts). */
export function isoMicros(epochUs: number): string {
  const p = epochToParts(epochUs);
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)}T${formatTimeOfDayUs(p.todUs)}`;
}

const wrapper = newWrapper();
const header = newKlogHeader();

/** A physical line without the prefix another tool added. */
function payloadOf(line: string): string {
  return parseWrapper(line, wrapper) ? line.slice(wrapper.payloadStart) : line;
}

/** The kubelet's own text of event e: from the klog header or JSON object on, continuation lines included. */
export function eventMessage(trace: Trace, e: number, maxChars = 1 << 20): string {
  const ev = trace.events;
  const lines = readLines(trace, ev.source[e], ev.line[e], Math.max(1, ev.lineCount[e]), maxChars).split('\n');
  const first = payloadOf(lines[0].endsWith('\r') ? lines[0].slice(0, -1) : lines[0]);
  let start = 0;
  if (findKlogHeader(first, 0, header)) start = header.start;
  else if (first.indexOf('{') >= 0 && first.indexOf('{') < 64) start = first.indexOf('{');
  const out = [first.slice(start)];
  for (let k = 1; k < lines.length; k++) out.push(payloadOf(lines[k].endsWith('\r') ? lines[k].slice(0, -1) : lines[k]));
  return out.join('\n');
}

/** One CSV row per event, in CSV_COLUMNS order. */
export function eventRow(trace: Trace, e: number): (string | number)[] {
  const ev = trace.events;
  const pod = ev.pod[e] >= 0 ? trace.pods[ev.pod[e]] : undefined;
  const container = ev.container[e] >= 0 ? trace.containers[ev.container[e]] : undefined;
  const lane = trace.lanes[ev.lane[e]];
  const row: Record<CsvColumn, string | number> = {
    time: isoMicros(ev.timeUs[e]),
    time_us: ev.timeUs[e],
    source: trace.sources[ev.source[e]]?.name ?? '',
    line: ev.line[e],
    node: trace.nodes[ev.node[e]]?.name ?? '',
    lane: lane?.title ?? '',
    lane_kind: lane?.kind ?? '',
    pod_namespace: pod?.namespace ?? '',
    pod_name: pod?.name ?? '',
    pod_uid: pod?.uid ?? '',
    container: str(trace, ev.cname[e]) || container?.name || '',
    container_id: str(trace, ev.cid[e]) || container?.id || '',
    severity: SEVERITY_NAMES[ev.severity[e]] ?? 'info',
    kind: KINDS[ev.kind[e]] ?? 'unknown',
    catalog_id: CATALOG[ev.msg[e]]?.id ?? '',
    num: Number.isNaN(ev.num[e]) ? '' : ev.num[e],
    text: str(trace, ev.text[e]),
    message: eventMessage(trace, e),
  };
  return CSV_COLUMNS.map((c) => row[c]);
}

/** The kind of the rows that mark a cut (SourceInfo.cuts): lines were left out after `line`; `text` says why. */
export const CUT_ROW_KIND = 'cut';

/**
 * One row per cut, after the events: at the time of the source's last record before it (the rows need a time), with
 * the cut's line and kind, so an import leaves the same stretches unknown.
 */
function cutRows(trace: Trace): (string | number)[][] {
  const rows: (string | number)[][] = [];
  trace.sources.forEach((source, s) => {
    if (!source.cuts.length) return;
    const byLine: { line: number; timeUs: number }[] = [];
    for (let e = 0; e < trace.events.count; e++) if (trace.events.source[e] === s) byLine.push({ line: trace.events.line[e], timeUs: trace.events.timeUs[e] });
    // A source without records has no stretch between records to mark (and no time to give the row).
    if (!byLine.length) return;
    byLine.sort((a, b) => a.line - b.line);
    let k = 0;
    let timeUs = byLine[0].timeUs;
    for (const cut of source.cuts) {
      for (; k < byLine.length && byLine[k].line < cut.line; k++) timeUs = byLine[k].timeUs;
      const row: Partial<Record<CsvColumn, string | number>> = {
        time: isoMicros(timeUs), time_us: timeUs, source: source.name, line: cut.line, node: source.node, severity: 'info',
        kind: CUT_ROW_KIND, text: cut.kind, message: `[lines left out here: ${cut.kind}]`,
      };
      rows.push(CSV_COLUMNS.map((c) => row[c] ?? ''));
    }
  });
  return rows;
}

/** The whole event table as CSV text (header row first, "\n" line ends), then the cut rows. */
export function exportEventsCsv(trace: Trace): string {
  const data: (string | number)[][] = [];
  for (let e = 0; e < trace.events.count; e++) data.push(eventRow(trace, e));
  data.push(...cutRows(trace));
  return Papa.unparse({ fields: [...CSV_COLUMNS], data }, { newline: '\n', escapeFormulae: FORMULA_START }) + '\n';
}
