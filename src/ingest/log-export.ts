/**
 * Logs downloaded from a log platform rather than from the node: each kubelet line inside a JSON entry of the
 * platform's own shape — Google Cloud Logging (`jsonPayload.MESSAGE` or `textPayload`, the node in
 * `resource.labels.node_name`), Elasticsearch/OpenSearch hits (`_source`), Fluent Bit, Fluentd, Vector or CloudWatch
 * records (`log`, `message`, or the journal's `MESSAGE` with its `_HOSTNAME`), Grafana's JSON download and Loki's
 * logcli (`line` with its labels in `fields` or `labels`). Entries come one per line (NDJSON) or
 * pretty-printed over many lines, often as one JSON array (a console's "Download" button, `gcloud logging read
 * --format=json`, `jq .`): JsonValueCollector gathers such an object's lines back into one text.
 */
import { CriStream, type Wrapper } from './wrappers.ts';
import { setWrapperTime, tsToEpochUs } from './json-lines.ts';

/** An entry's kubelet line and what the platform says about it. */
export interface LogExportEntry {
  message: string;
  host: string;
  ident: string;
  /** Epoch µs of the entry's time (as printed; a zone offset is not applied), or NaN. */
  epochUs: number;
  /** The entry says it is the program's standard error (`"stream":"stderr"`: Docker's json-file, Fluent Bit's tail). */
  stderr: boolean;
}

type Obj = Record<string, unknown>;

const asObj = (v: unknown): Obj | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);
const asStr = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** How deep envelopes may nest (a hit's `_source`, a payload inside it). */
const MAX_ENVELOPES = 3;
const MAX_NAME_CHARS = 256;

/**
 * The kubelet line inside a log platform's entry, or undefined when `o` is no such entry (no message field). The
 * kubelet's own JSON records (`ts`, `msg`) and `journalctl -o json` entries are read elsewhere, before this is asked.
 */
export function logExportEntry(o: Obj): LogExportEntry | undefined {
  const outer = o;
  let payload = o;
  for (let depth = 0; depth < MAX_ENVELOPES; depth++) {
    const inner = asObj(payload._source) ?? asObj(payload.jsonPayload);
    if (!inner) break;
    payload = inner;
  }
  // Grafana's JSON download and Loki's logcli (`--output=jsonl`): the line, and its labels as `fields` or `labels`.
  const fields = asObj(payload.fields) ?? asObj(payload.labels);
  const message = asStr(payload.MESSAGE) ?? asStr(outer.textPayload) ?? asStr(payload.log) ?? asStr(payload.message) ?? asStr(payload.line);
  if (message === undefined) return undefined;
  const realtime = Number(payload.__REALTIME_TIMESTAMP);
  let epochUs = Number.isFinite(realtime) && realtime > 0 ? realtime : NaN;
  for (const v of [payload['@timestamp'], payload.timestamp, payload.time, payload.date, outer.timestamp, outer['@timestamp'], outer.receiveTimestamp]) {
    if (Number.isFinite(epochUs)) break;
    epochUs = tsToEpochUs(v);
  }
  const labels = asObj(asObj(outer.resource)?.labels);
  const k8s = asObj(payload.kubernetes);
  const host = asStr(payload._HOSTNAME) ?? asStr(labels?.node_name) ?? asStr(k8s?.host) ?? asStr(payload.hostname) ??
    asStr(payload.host) ?? asStr(asObj(payload.host)?.name) ?? asStr(fields?.host) ?? asStr(fields?.hostname) ?? asStr(fields?.nodename) ??
    asStr(fields?.node_name) ?? '';
  const unit = asStr(payload._SYSTEMD_UNIT) ?? asStr(payload.systemd_unit) ?? asStr(fields?.unit) ?? asStr(fields?.systemd_unit);
  const logName = asStr(outer.logName);
  const ident = asStr(payload.SYSLOG_IDENTIFIER) ?? asStr(payload._COMM) ?? asStr(fields?.syslog_identifier) ??
    (unit ? unit.replace(/\.service$/, '') : undefined) ?? (logName ? uriDecoded(logName.slice(logName.lastIndexOf('/') + 1)) : '');
  // Docker's json-file driver (and collectors that read it) keep the line's own newline in `log`.
  const line = message.endsWith('\n') ? message.slice(0, message.endsWith('\r\n') ? -2 : -1) : message;
  return { message: line, host: host.slice(0, MAX_NAME_CHARS), ident: ident.slice(0, 64), epochUs, stderr: payload.stream === 'stderr' };
}

/** `%2F`-style escapes decoded; the text as it is when they are malformed (hostile input must not throw). */
function uriDecoded(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Fills `w` (kind 'log-export') from an entry: its host, program and time (for the year). */
export function exportEntryWrapper(e: LogExportEntry, w: Wrapper): void {
  w.kind = 'log-export';
  w.payloadStart = 0;
  w.host = e.host;
  w.ident = e.ident;
  w.yearlessUs = NaN;
  w.stream = e.stderr ? CriStream.Stderr : CriStream.None;
  setWrapperTime(w, e.epochUs);
}

/**
 * A line that opens a pretty-printed JSON object: `{`, an array's `[` or `[{`, or `},{` between two objects, with
 * nothing else but spaces. (Asked of every line that is not a bare klog line: no allocation.)
 */
export function opensJsonDocument(text: string): boolean {
  let i = 0;
  const n = text.length;
  while (i < n && text.charCodeAt(i) === 32) i++;
  if (i === n || i > 16) return false;
  let end = n;
  while (end > i && (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 13)) end--;
  const first = text.charCodeAt(i);
  const last = text.charCodeAt(end - 1);
  if (end - i > 4 || (first !== 123 && first !== 91 && first !== 125) || (last !== 123 && last !== 91)) return false;
  const t = text.slice(i, end);
  return t === '{' || t === '[' || t === '[{' || t === '[ {' || t === '},{' || t === '}, {';
}

/** Lines and characters one pretty-printed object may take; past them it is given up on. */
export const MAX_OBJECT_LINES = 4096;
export const MAX_OBJECT_CHARS = 1 << 20;

/**
 * The lines of one JSON object printed over several, gathered until its braces balance (strings and escapes
 * followed, so a brace inside a message does not count). The array's brackets and commas between objects are
 * dropped. `feed` returns 'more', 'done' (then `text` is the object) or 'overflow' (too long: give up).
 */
export class JsonValueCollector {
  private parts: string[] = [];
  private chars = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private started = false;
  /** Lines fed, and how many of them came before the object's `{` (an array's `[`). */
  lines = 0;
  linesBefore = 0;
  /** The line number where the object's `{` is. */
  objectLine = 0;

  constructor(readonly firstLine: number) {}

  get text(): string {
    return this.parts.join('');
  }

  feed(line: string, lineNo: number): 'more' | 'done' | 'overflow' {
    this.lines++;
    if (this.lines > MAX_OBJECT_LINES || this.chars + line.length > MAX_OBJECT_CHARS) return 'overflow';
    let from = 0;
    let to = line.length;
    for (let i = 0; i < line.length; i++) {
      const c = line.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === 92 /* \ */) this.escaped = true;
        else if (c === 34 /* " */) this.inString = false;
        continue;
      }
      if (!this.started) {
        // Before the object: an array's `[`, the `},` that ended the one before, spaces.
        if (c === 123 /* { */) {
          this.started = true;
          this.objectLine = lineNo;
          this.linesBefore = this.lines - 1;
          this.depth = 1;
          from = i;
        }
        continue;
      }
      if (c === 34) this.inString = true;
      else if (c === 123 || c === 91 /* [ */) this.depth++;
      else if (c === 125 /* } */ || c === 93 /* ] */) {
        this.depth--;
        if (this.depth === 0) {
          to = i + 1;
          this.push(line.slice(from, to));
          return 'done';
        }
      }
    }
    if (this.started) this.push(from === 0 ? line : line.slice(from));
    return 'more';
  }

  private push(piece: string): void {
    this.parts.push(piece);
    this.chars += piece.length;
  }
}
