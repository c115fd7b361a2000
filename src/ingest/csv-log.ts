/**
 * Logs downloaded from a log platform as a CSV table: Grafana's logs download and panel inspector (`Time`, `Line`,
 * `labels`), CloudWatch Logs Insights (`@timestamp`, `@message`, `@logStream`), Datadog (`Date`, `Host`, `Service`,
 * `Message`), Kibana's Discover report (`@timestamp`, `host.name`, `message`), Splunk (`_time`, `host`, `_raw`),
 * Azure Log Analytics (`TimeGenerated [UTC]`, `Computer`, `SyslogMessage`), Cloud Logging (`textPayload`,
 * `jsonPayload.MESSAGE`, `resource.labels.node_name`).
 *
 * Which column is which is known from the header row's names alone (a table of names below, not a rule per
 * platform). A row's fields may span lines (a quoted cell holding a multi-line record, a goroutine dump), so rows are
 * gathered by their quotes (CsvRowCollector) before they are split. Each row's message cell is then read as the line
 * the kubelet (or the journal, or another program) printed: the row's host, program and time stand in for a
 * journal's, and its time's year dates the klog header.
 */
import type { Wrapper } from './wrappers.ts';
import { setWrapperTime, tsToEpochUs } from './json-lines.ts';
import { MONTHS } from '../util/time.ts';

/** Where a CSV table keeps what the reader needs; -1 for a column the table does not have. */
export interface CsvLogLayout {
  delimiter: number;
  /** Columns that may hold the log line, best first: a row's first non-empty one is its message. */
  messages: number[];
  time: number;
  host: number;
  program: number;
  /** A JSON object of labels (Grafana/Loki): its host and unit stand in for missing columns. */
  labels: number;
  names: string[];
}

/** A header row that names no column holding log lines. */
export interface CsvHeaderWithoutMessage {
  names: string[];
}

// Column names, lower-cased, best first. A name is matched whole, so `message` never matches `messages_count`.
const MESSAGE_COLUMNS = [
  'message', '@message', '_raw', 'line', 'log', 'msg', 'body', 'textpayload', 'jsonpayload.message', 'syslogmessage',
  'content', 'log.original', 'event.original', '_source.message', 'raw', 'log_line', 'logline',
];
const TIME_COLUMNS = [
  '@timestamp', 'timestamp', '_time', 'time', 'date', 'datetime', 'timegenerated', 'timegenerated [utc]',
  'timegenerated [local time]', 'ts', 'tsns', 'eventtime', 'event_time', 'receivetimestamp', '__realtime_timestamp',
  '@ingestiontime',
];
const HOST_COLUMNS = [
  '_hostname', 'hostname', 'host', 'host.name', 'host.hostname', 'computer', 'node', 'nodename', 'node_name', 'node.name',
  'kubernetes.host', 'kubernetes.node_name', 'resource.labels.node_name', 'k8s.node.name', 'labels.node_name',
];
const PROGRAM_COLUMNS = [
  'syslog_identifier', '_comm', 'programname', 'processname', 'program', 'ident', 'appname', 'app', 'service',
  '_systemd_unit', 'systemd_unit', 'unit', 'kubernetes.container_name', 'container_name',
];
const LABEL_COLUMNS = ['labels', 'stream', 'resource.labels'];
// In a labels object.
const LABEL_HOSTS = ['hostname', 'host', 'node_name', 'nodename', 'node', 'kubernetes_host', '_hostname'];
const LABEL_PROGRAMS = ['syslog_identifier', 'unit', 'systemd_unit', '_systemd_unit', 'app', 'service_name', 'service'];

const MAX_HEADER_CHARS = 64 * 1024;
export const MAX_CSV_COLUMNS = 512;
const MAX_NAME_CHARS = 128;
const MAX_HOST_CHARS = 256;
const MAX_LABELS_CHARS = 64 * 1024;
/** A row spanning more lines or characters than this is not one (a quote left open): given up. */
export const MAX_ROW_LINES = 4096;
export const MAX_ROW_CHARS = 1 << 20;

const DELIMITERS = [44 /* , */, 9 /* \t */, 59 /* ; */];

/** A column name as tools write them: letters, digits and a little punctuation, no quote left inside. */
function isColumnName(name: string): boolean {
  if (name.length === 0 || name.length > MAX_NAME_CHARS) return false;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    const ok = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 64 /* @ */ || c === 95 /* _ */ ||
      c === 46 /* . */ || c === 32 || c === 45 /* - */ || c === 91 /* [ */ || c === 93 /* ] */ || c === 47 /* / */ || c === 58 /* : */ ||
      c === 40 /* ( */ || c === 41 /* ) */;
    if (!ok) return false;
  }
  return true;
}

function firstOf(names: readonly string[], wanted: readonly string[]): number {
  for (const w of wanted) {
    const i = names.indexOf(w);
    if (i >= 0) return i;
  }
  return -1;
}

/**
 * The layout of a CSV log table whose header row is `text`; a CsvHeaderWithoutMessage when the line is a header row
 * of names (three or more) but none holds log lines; undefined when it is no header row.
 */
export function readCsvLogHeader(text: string): CsvLogLayout | CsvHeaderWithoutMessage | undefined {
  if (text.length > MAX_HEADER_CHARS) return undefined;
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const fields: string[] = [];
  let without: CsvHeaderWithoutMessage | undefined;
  for (const delimiter of DELIMITERS) {
    if (text.indexOf(String.fromCharCode(delimiter)) < 0) continue;
    const n = splitCsvFields(text, delimiter, fields);
    if (n < 2 || n >= MAX_CSV_COLUMNS) continue;
    const shown = fields.slice(0, n).map((f) => f.trim());
    if (!shown.every(isColumnName)) continue;
    const names = shown.map((f) => f.toLowerCase());
    const messages = MESSAGE_COLUMNS.map((m) => names.indexOf(m)).filter((i) => i >= 0);
    if (messages.length === 0) {
      // Prose with commas has names of many words, or a sentence's full stop or colon; a table names some column
      // this reader knows (a time, a host, a program) besides the log lines it lacks.
      const known = [TIME_COLUMNS, HOST_COLUMNS, PROGRAM_COLUMNS, LABEL_COLUMNS].some((list) => firstOf(names, list) >= 0);
      if (n >= 3 && known && shown.every((f) => f.split(' ').length <= 2 && !f.endsWith('.') && !f.endsWith(':'))) without ??= { names: shown };
      continue;
    }
    return {
      delimiter, messages, names: shown, time: firstOf(names, TIME_COLUMNS), host: firstOf(names, HOST_COLUMNS),
      program: firstOf(names, PROGRAM_COLUMNS), labels: firstOf(names, LABEL_COLUMNS),
    };
  }
  return without;
}

export function isCsvLogLayout(h: CsvLogLayout | CsvHeaderWithoutMessage | undefined): h is CsvLogLayout {
  return h !== undefined && 'messages' in h;
}

/**
 * (Not papaparse, which trace/csv-import.ts uses for whole event tables: the reader hands rows over one at a time, and
 * a papaparse run per row cost ~4.6 µs against ~0.2 µs here, measured on a 300-character row.)
 *
 * Splits one CSV row (RFC 4180: a field in double quotes may hold the delimiter, newlines and `""` for a quote) into
 * `out`, returning the number of fields. Lenient where writers are: text after a closing quote is kept, a quote
 * inside an unquoted field is a character. Linear; at most MAX_CSV_COLUMNS fields (the rest joins the last).
 */
export function splitCsvFields(text: string, delimiter: number, out: string[]): number {
  let n = 0;
  let i = 0;
  const len = text.length;
  for (;;) {
    let value = '';
    if (text.charCodeAt(i) === 34 /* " */) {
      i++;
      let from = i;
      for (;;) {
        const q = text.indexOf('"', i);
        if (q < 0) {
          value += text.slice(from);
          i = len;
          break;
        }
        value += text.slice(from, q);
        if (text.charCodeAt(q + 1) === 34) {
          value += '"';
          i = from = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      // Anything between the closing quote and the delimiter belongs to the field.
      const next = n + 1 >= MAX_CSV_COLUMNS ? -1 : text.indexOf(String.fromCharCode(delimiter), i);
      const end = next < 0 ? len : next;
      if (end > i) value += text.slice(i, end);
      i = end;
    } else {
      const next = n + 1 >= MAX_CSV_COLUMNS ? -1 : text.indexOf(String.fromCharCode(delimiter), i);
      const end = next < 0 ? len : next;
      value = text.slice(i, end);
      i = end;
    }
    out[n++] = value;
    if (i >= len) return n;
    i++; // the delimiter
    if (i === len) {
      out[n++] = '';
      return n;
    }
  }
}

/**
 * Gathers a CSV row's lines: a row is complete when its double quotes pair up (a quoted field's newlines and its
 * doubled quotes keep the count odd until the field closes). Bounded by MAX_ROW_LINES and MAX_ROW_CHARS.
 */
export class CsvRowCollector {
  private parts: string[] = [];
  private chars = 0;
  private quotes = 0;
  firstLine = 0;

  get lines(): number {
    return this.parts.length;
  }

  get open(): boolean {
    return this.parts.length > 0;
  }

  /** The row so far, its lines joined by newlines. */
  get text(): string {
    return this.parts.join('\n');
  }

  /** Adds a line: 'row' when the row is complete (read `text`, then reset), 'more', or 'overflow' (too long). */
  feed(line: string, lineNo: number): 'row' | 'more' | 'overflow' {
    if (this.parts.length === 0) this.firstLine = lineNo;
    this.parts.push(line);
    this.chars += line.length + 1;
    for (let q = line.indexOf('"'); q >= 0; q = line.indexOf('"', q + 1)) this.quotes++;
    if ((this.quotes & 1) === 0) return 'row';
    return this.parts.length >= MAX_ROW_LINES || this.chars >= MAX_ROW_CHARS ? 'overflow' : 'more';
  }

  reset(): void {
    this.parts.length = 0;
    this.chars = 0;
    this.quotes = 0;
  }
}

// Anchored, no nested quantifiers: linear.
/** Kibana's default date format: `Mar 15, 2024 @ 10:02:03.123`. */
const KIBANA_TIME = /^([A-Za-z]{3})[a-z]* (\d{1,2}), (\d{4}) @ (\d{1,2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?$/;
/** Azure's portal (US): `3/15/2024, 10:02:03.123 AM`. */
const US_TIME = /^(\d{1,2})\/(\d{1,2})\/(\d{4}),? (\d{1,2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?: ?([AaPp][Mm]))?$/;

function fractionUs(digits: string | undefined): number {
  return digits ? Number(digits.slice(0, 6).padEnd(6, '0')) : 0;
}

function partsToUs(y: number, mo: number, d: number, h: number, mi: number, s: number, fracUs: number): number {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60 || y < 1970 || y > 2200) return NaN;
  return Date.UTC(y, mo - 1, d, h, mi, s) * 1000 + fracUs;
}

/**
 * A time cell as epoch µs (as printed; a zone offset is not applied), or NaN: RFC 3339 / ISO (with a space or T),
 * epoch seconds, milliseconds, microseconds or nanoseconds (Loki's `tsNs`), Kibana's `Mar 15, 2024 @ 10:02:03.123`,
 * Azure's `3/15/2024, 10:02:03.123 AM`.
 */
export function tableTimeToEpochUs(cell: string): number {
  const s = cell.trim();
  if (s.length === 0 || s.length > 64) return NaN;
  if (/^\d{9,19}(?:\.\d{1,9})?$/.test(s)) {
    const digits = s.indexOf('.') < 0 ? s.length : s.indexOf('.');
    const v = Number(s);
    const us = digits <= 11 ? v * 1e6 : digits <= 14 ? v * 1e3 : digits <= 17 ? v : v / 1e3;
    return us > 0 ? Math.round(us) : NaN;
  }
  const iso = tsToEpochUs(s);
  if (Number.isFinite(iso)) return iso;
  let m = KIBANA_TIME.exec(s);
  if (m) {
    const mo = MONTHS[m[1][0].toUpperCase() + m[1].slice(1, 3).toLowerCase()] ?? 0;
    return partsToUs(Number(m[3]), mo, Number(m[2]), Number(m[4]), Number(m[5]), Number(m[6]), fractionUs(m[7]));
  }
  m = US_TIME.exec(s);
  if (m) {
    let h = Number(m[4]);
    const half = m[8]?.toLowerCase();
    if (half && (h < 1 || h > 12)) return NaN;
    if (half === 'pm' && h < 12) h += 12;
    if (half === 'am' && h === 12) h = 0;
    return partsToUs(Number(m[3]), Number(m[1]), Number(m[2]), h, Number(m[5]), Number(m[6]), fractionUs(m[7]));
  }
  return NaN;
}

/** A labels cell's object (`{"host":"node-1","unit":"kubelet.service"}`), or undefined. */
function labelsOf(cell: string): Record<string, unknown> | undefined {
  const s = cell.trim();
  if (s.charCodeAt(0) !== 123 || s.length > MAX_LABELS_CHARS) return undefined;
  try {
    const v: unknown = JSON.parse(s);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function labelString(labels: Record<string, unknown> | undefined, keys: readonly string[]): string {
  if (!labels) return '';
  for (const k of keys) {
    const v = labels[k];
    if (typeof v === 'string' && v) return v;
  }
  return '';
}

/** `kubelet.service` → `kubelet` (a systemd unit names the program it runs). */
function programName(s: string): string {
  const t = s.trim();
  return (t.endsWith('.service') ? t.slice(0, -8) : t).slice(0, 64);
}

/**
 * A row's message cell (the first non-empty of the layout's message columns; '' if none) and, into `w` (kind
 * 'log-table'), its host, program and time.
 */
export function csvRowEntry(fields: readonly string[], count: number, layout: CsvLogLayout, w: Wrapper): string {
  const cell = (i: number) => (i >= 0 && i < count ? fields[i] : '');
  let message = '';
  for (const i of layout.messages) {
    message = cell(i);
    if (message.trim()) break;
  }
  const labels = layout.labels >= 0 ? labelsOf(cell(layout.labels)) : undefined;
  const host = cell(layout.host).trim() || labelString(labels, LABEL_HOSTS);
  const program = cell(layout.program) || labelString(labels, LABEL_PROGRAMS);
  w.kind = 'log-table';
  w.payloadStart = 0;
  w.host = host.slice(0, MAX_HOST_CHARS);
  w.ident = programName(program);
  w.yearlessUs = NaN;
  setWrapperTime(w, tableTimeToEpochUs(cell(layout.time)));
  return message;
}
