/**
 * CSV event tables as a trace input. The route is the simplest faithful one: every row is rendered back into the
 * log line it stands for, and the lines go through the same Analyzer as any log, so a CSV gets exactly the parsing,
 * classification and reconstruction a log gets.
 *
 * A row becomes `<time> <node> kubelet: <message>` — the journald short-iso shape, which states the year and the
 * node — followed by the message's continuation lines. A message that is not a kubelet record (no klog header and
 * not a JSON object) gets a klog header made from the row's time and severity. Rows are grouped into sources by the
 * `source` column; when every row of a source has a `line`, rows are placed at those line numbers (gaps become
 * empty lines), so line numbers, evidence lines and links to `source:line` match the original log.
 *
 * Only `time` (or `time_us`) and `message` are required; lane, kind, pod and container columns are recomputed by
 * the Analyzer, not read. Bad rows are skipped with a diagnostic naming the row (spreadsheet numbering: the header
 * is row 1); a table without the required columns or without one usable row is a ShareError 'bad-csv'.
 */
import Papa from 'papaparse';
import { findKlogHeader, newKlogHeader } from '../ingest/klog-header.ts';
import { Analyzer } from '../model/analyze.ts';
import type { SourceHandle } from '../model/collector.ts';
import type { Trace } from '../model/trace.ts';
import { epochToParts, formatTimeOfDayUs } from '../util/time.ts';
import { CSV_COLUMNS, CUT_ROW_KIND, FORMULA_START, isoMicros, SEVERITY_NAMES } from './csv.ts';
import type { CutKind, CutMark } from '../ingest/source-notes.ts';
import { ShareError } from './errors.ts';

export interface CsvImportOptions {
  /** Largest CSV text accepted (default 500 MB). */
  maxChars?: number;
  maxRows?: number;
  /** Year for rows whose time cannot say (never, with ISO times; kept for the Analyzer). */
  defaultYear?: number;
}

interface RenderedRow {
  line: number;
  lines: string[];
}

const CUT_KINDS: readonly CutKind[] = ['elision', 'fence', 'prose', 'section', 'suppressed'];
const MAX_PADDING_LINES = 1 << 24;
const MAX_DIAGNOSTICS = 1000;
const SEVERITY_LETTER: Readonly<Record<string, string>> = {
  i: 'I', w: 'W', e: 'E', f: 'F', info: 'I', warning: 'W', warn: 'W', error: 'E', fatal: 'F',
};
const pad2 = (n: number) => (n < 10 ? '0' : '') + n;
const header = newKlogHeader();

/** `2024-03-15T10:02:03.123456` (or a space for T; zone and fraction optional) → epoch µs as printed, or NaN. */
export function parseIsoMicros(s: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:[.,](\d{1,9}))?(Z|[+-]\d{2}:?\d{2})?$/.exec(s);
  if (!m) return NaN;
  const [y, mo, d, h, mi, sec] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i]));
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || sec > 60) return NaN;
  const fracUs = m[7] ? Number(m[7].slice(0, 6).padEnd(6, '0')) : 0;
  return Date.UTC(y, mo - 1, d, h, mi, sec) * 1000 + fracUs;
}

/** A cell the exporter protected against spreadsheet formulas ("'=..."), restored. */
function unescapeCell(s: string): string {
  return s.charCodeAt(0) === 39 && FORMULA_START.test(s.slice(1)) ? s.slice(1) : s;
}

/** Host names in the journald prefix cannot hold spaces; anything unusual becomes `_`. */
function hostToken(node: string): string {
  return node.slice(0, 253).replace(/[^A-Za-z0-9._-]/g, '_');
}

function klogHeaderFor(timeUs: number, severity: string, row: number): string {
  const p = epochToParts(timeUs);
  return `${severity}${pad2(p.month)}${pad2(p.day)} ${formatTimeOfDayUs(p.todUs)} 1 csv:${row}] `;
}

/** Takes CSV rows one at a time (from papaparse's `step`, in this module or in a worker) and builds a Trace. */
export class CsvEventReader {
  private columns = new Map<string, number>();
  private rowNumber = 0;
  private readonly groups = new Map<string, RenderedRow[]>();
  /** Cut rows (kind `cut`) per source: where lines were left out. */
  private readonly cuts = new Map<string, CutMark[]>();
  private readonly diagnostics: string[] = [];
  private dropped = 0;
  private firstYear = 0;
  private rows = 0;

  constructor(private readonly csvName: string, private readonly opts: CsvImportOptions = {}) {}

  /** Feeds the next row (the header first). Returns false when the row limit is reached and parsing should stop. */
  row(fields: readonly string[], errors: readonly { message: string }[] = []): boolean {
    const n = ++this.rowNumber;
    if (n === 1) {
      this.readHeader(fields);
      return true;
    }
    if (errors.length) {
      this.diagnose(`CSV row ${n}: ${errors[0].message}; row skipped`);
      return true;
    }
    if (++this.rows > (this.opts.maxRows ?? 10_000_000)) {
      this.diagnose(`CSV rows after row ${n - 1} were not read (limit ${this.opts.maxRows ?? 10_000_000} rows)`);
      return false;
    }
    this.readRow(fields, n);
    return true;
  }

  private readHeader(fields: readonly string[]): void {
    fields.forEach((f, i) => {
      const name = (i === 0 ? f.replace(/^\uFEFF/, '') : f).trim().toLowerCase();
      if (!this.columns.has(name)) this.columns.set(name, i);
    });
    if ((!this.columns.has('time') && !this.columns.has('time_us')) || !this.columns.has('message')) {
      const found = fields.slice(0, 20).map((f) => `"${f.slice(0, 40)}"`).join(', ');
      throw new ShareError('bad-csv', `${this.csvName}: a CSV event table needs a "time" (or "time_us") column and a "message" column; the header row has ${found || 'no columns'}`);
    }
  }

  private cell(fields: readonly string[], name: string): string {
    const i = this.columns.get(name);
    return i === undefined || i >= fields.length ? '' : unescapeCell(fields[i]);
  }

  private readRow(fields: readonly string[], n: number): void {
    const usText = this.cell(fields, 'time_us').trim();
    let timeUs = usText ? Number(usText) : NaN;
    if (!Number.isFinite(timeUs) || timeUs < 0 || timeUs > 2 ** 53) timeUs = parseIsoMicros(this.cell(fields, 'time').trim());
    if (!Number.isFinite(timeUs)) {
      const shown = (usText || this.cell(fields, 'time')).slice(0, 40);
      this.diagnose(`CSV row ${n}: time "${shown}" is neither an ISO time (2024-03-15T10:02:03.123456) nor epoch µs; row skipped`);
      return;
    }
    if (this.cell(fields, 'kind').trim() === CUT_ROW_KIND) {
      this.readCut(fields, n);
      return;
    }
    const message = this.cell(fields, 'message');
    if (!message.trim()) {
      this.diagnose(`CSV row ${n}: empty message; row skipped`);
      return;
    }
    if (!this.firstYear) this.firstYear = epochToParts(timeUs).year;
    const severityText = this.cell(fields, 'severity').trim().toLowerCase();
    const severity = SEVERITY_LETTER[severityText] ?? 'I';
    if (severityText && !SEVERITY_LETTER[severityText]) this.diagnose(`CSV row ${n}: severity "${severityText.slice(0, 20)}" not one of ${SEVERITY_NAMES.join(', ')}; read as info`);
    const msgLines = message.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
    const first = msgLines[0];
    const isRecord = (findKlogHeader(first, 0, header, 64) && header.start < 64) || first.trimStart().startsWith('{');
    const node = this.cell(fields, 'node').trim();
    const prefix = `${isoMicros(timeUs)} ${node ? `${hostToken(node)} kubelet: ` : ''}`;
    msgLines[0] = prefix + (isRecord ? first : klogHeaderFor(timeUs, severity, n) + first);
    const lineText = this.cell(fields, 'line').trim();
    const line = /^[1-9][0-9]{0,9}$/.test(lineText) ? Number(lineText) : NaN;
    const source = this.cell(fields, 'source').trim() || this.csvName;
    let group = this.groups.get(source);
    if (!group) this.groups.set(source, (group = []));
    group.push({ line, lines: msgLines });
  }

  private readCut(fields: readonly string[], n: number): void {
    const line = Number(this.cell(fields, 'line').trim());
    const kind = this.cell(fields, 'text').trim() as CutKind;
    if (!Number.isSafeInteger(line) || line < 1 || !CUT_KINDS.includes(kind)) {
      this.diagnose(`CSV row ${n}: a "${CUT_ROW_KIND}" row needs a line number and one of ${CUT_KINDS.join(', ')} as its text; row skipped`);
      return;
    }
    const source = this.cell(fields, 'source').trim() || this.csvName;
    let list = this.cuts.get(source);
    if (!list) this.cuts.set(source, (list = []));
    list.push({ line, kind });
  }

  private diagnose(message: string): void {
    if (this.diagnostics.length < MAX_DIAGNOSTICS) this.diagnostics.push(message);
    else this.dropped++;
  }

  /** Runs the Analyzer over the rendered sources. Throws ShareError 'bad-csv' when no row was usable. */
  finish(): Trace {
    if (this.rowNumber === 0) throw new ShareError('bad-csv', `${this.csvName}: the CSV is empty`);
    if (this.groups.size === 0) {
      throw new ShareError('bad-csv', `${this.csvName}: no usable rows${this.diagnostics.length ? ` (${this.diagnostics.slice(0, 3).join('; ')})` : ''}`);
    }
    const analyzer = new Analyzer({ defaultYear: this.firstYear || this.opts.defaultYear || 2024, yearFromCaller: false });
    const encoder = new TextEncoder();
    let padding = MAX_PADDING_LINES;
    let first = true;
    for (const [name, rows] of this.groups) {
      const handle = analyzer.addSource(name);
      if (first) this.flushDiagnostics(handle);
      first = false;
      const lines = placeRows(rows, padding, (msg) => handle.diagnostic(0, 'info', msg));
      padding -= lines.padded;
      for (let at = 0; at < lines.text.length; at += 4096) {
        handle.push(encoder.encode(lines.text.slice(at, at + 4096).join('\n') + '\n'));
      }
      // Cuts are line numbers: they hold only where the rows kept theirs.
      if (lines.numbered) for (const cut of this.cuts.get(name) ?? []) handle.addCut(cut);
      handle.end();
    }
    const trace = analyzer.finish();
    for (const s of trace.sources) {
      s.format = 'csv';
      s.formatLabel = 'CSV event table';
    }
    return trace;
  }

  private flushDiagnostics(handle: SourceHandle): void {
    for (const d of this.diagnostics) handle.diagnostic(0, 'warning', d);
    if (this.dropped) handle.diagnostic(0, 'warning', `${this.dropped} more CSV problems not listed`);
  }
}

/**
 * Orders a source's rows and lays them out as text lines: at their original line numbers when every row has one
 * (and the padding fits the budget), else in table order.
 */
function placeRows(rows: RenderedRow[], paddingBudget: number, note: (msg: string) => void): { text: string[]; padded: number; numbered: boolean } {
  const numbered = rows.every((r) => !Number.isNaN(r.line));
  const text: string[] = [];
  if (!numbered) {
    for (const r of rows) text.push(...r.lines);
    if (rows.some((r) => !Number.isNaN(r.line))) note('some CSV rows have no line number; lines are numbered in table order');
    return { text, padded: 0, numbered };
  }
  const sorted = rows.map((r, i) => ({ r, i })).sort((a, b) => a.r.line - b.r.line || a.i - b.i).map((x) => x.r);
  const maxLine = sorted[sorted.length - 1].line;
  if (maxLine - rows.length > paddingBudget) {
    note('line numbers too far apart to keep; lines are numbered in table order');
    for (const r of sorted) text.push(...r.lines);
    return { text, padded: 0, numbered: false };
  }
  let padded = 0;
  for (const r of sorted) {
    while (text.length + 1 < r.line) {
      text.push('');
      padded++;
    }
    text.push(...r.lines);
  }
  return { text, padded, numbered };
}

/**
 * Whether `text` starts with the header row of a CSV event table (Syncloop's own, csv.ts, or one written by hand):
 * a `message` column and a `time` or `time_us` column, and either `time_us` or only event-table columns. A table with
 * other columns (a log platform's download: `host`, `@timestamp`, `Line`…) is a log for the log reader
 * (ingest/csv-log.ts), which reads its rows as log lines.
 */
export function isEventTableHeader(text: string): boolean {
  const end = text.indexOf('\n');
  const first = (end >= 0 ? text.slice(0, end) : text).replace(/^\uFEFF/, '').replace(/\r$/, '');
  const delimiter = first.includes('\t') && !first.includes(',') ? '\t' : ',';
  const names = first.split(delimiter, 64).map((c) => c.trim().replace(/^"|"$/g, '').toLowerCase());
  const has = (n: string) => names.includes(n);
  if (!has('message') || (!has('time') && !has('time_us'))) return false;
  return has('time_us') || names.every((n) => (CSV_COLUMNS as readonly string[]).includes(n));
}

/** Parses a whole CSV text (papaparse, row by row) into a Trace. See CsvEventReader for streaming input. */
export function importEventsCsv(text: string, name: string, opts: CsvImportOptions = {}): Trace {
  const maxChars = opts.maxChars ?? 500 * (1 << 20);
  if (text.length > maxChars) throw new ShareError('too-large', `${name}: the CSV is larger than ${maxChars} characters`);
  const firstLine = text.slice(0, Math.max(0, text.indexOf('\n')) || 4096);
  const delimiter = firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ',';
  const reader = new CsvEventReader(name, opts);
  Papa.parse(text, {
    delimiter,
    skipEmptyLines: 'greedy',
    step: (result, parser) => {
      if (!reader.row(result.data as string[], result.errors)) parser.abort();
    },
  });
  return reader.finish();
}
