/**
 * JSON lines: the kubelet's own `--logging-format=json` objects (kubelet-reference §6.2) and `journalctl -o json`
 * export entries, whose MESSAGE holds the kubelet's line (klog text, or a JSON log object again).
 */
import { Severity } from './klog-header.ts';
import { Era, type LogRecord } from './record.ts';
import { parseIsoTimestamp, type IsoParts, type Wrapper } from './wrappers.ts';
import { epochToParts, yearlessUs } from '../util/time.ts';

/** MESSAGE given as an array of bytes (journald does that for non-UTF-8 or binary-looking text) is cut here. */
const MAX_MESSAGE_BYTES = 1 << 20;
const utf8 = new TextDecoder('utf-8');

/** Parses s[start..] as one JSON object; undefined if it is not one (or not an object). */
export function parseJsonObject(s: string, start: number): Record<string, unknown> | undefined {
  let v: unknown;
  try {
    v = JSON.parse(start === 0 ? s : s.slice(start));
  } catch {
    return undefined;
  }
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** A line that was meant to be a kubelet JSON log object (so a parse failure is damage, not prose). */
export function looksLikeJsonLog(s: string): boolean {
  return s.includes('"ts"') && s.includes('"msg"');
}

export function isJournaldExport(o: Record<string, unknown>): boolean {
  return (typeof o.MESSAGE === 'string' || Array.isArray(o.MESSAGE)) && ('__REALTIME_TIMESTAMP' in o || '_HOSTNAME' in o ||
    'SYSLOG_IDENTIFIER' in o || '_PID' in o || '__CURSOR' in o);
}

export function isKubeletJsonLog(o: Record<string, unknown>): boolean {
  return (typeof o.ts === 'number' || typeof o.ts === 'string') && typeof o.msg === 'string';
}

/**
 * klog's JSON writes its level as `v` (and errors as `err`), never a `level` field: an object with one is another
 * program's zap or logrus log (etcd's; a CNI plugin's, whose stderr lands in the kubelet's journal).
 */
export function isOtherProgramsJsonLog(o: Record<string, unknown>): boolean {
  return typeof o.level === 'string';
}

/** The MESSAGE of a journald export entry as text (byte arrays are decoded as UTF-8). */
export function journaldMessage(o: Record<string, unknown>): string {
  const m = o.MESSAGE;
  if (typeof m === 'string') return m;
  const list = m as unknown[];
  const n = Math.min(list.length, MAX_MESSAGE_BYTES);
  const bytes = new Uint8Array(n);
  for (let i = 0; i < n; i++) bytes[i] = Number(list[i]) & 255;
  // journald keeps the trailing newline of a line written in one piece; the line itself ends before it.
  const end = n > 0 && bytes[n - 1] === 10 ? n - 1 : n;
  return utf8.decode(bytes.subarray(0, end));
}

/** Fills `w` (kind 'journald-json') from an export entry's fields. */
export function journaldWrapper(o: Record<string, unknown>, w: Wrapper): void {
  const rt = Number(o.__REALTIME_TIMESTAMP);
  w.kind = 'journald-json';
  w.payloadStart = 0;
  w.host = typeof o._HOSTNAME === 'string' ? o._HOSTNAME.slice(0, 256) : '';
  w.ident = typeof o.SYSLOG_IDENTIFIER === 'string' ? o.SYSLOG_IDENTIFIER.slice(0, 64) : typeof o._COMM === 'string' ? o._COMM.slice(0, 64) : '';
  setWrapperTime(w, Number.isFinite(rt) && rt > 0 ? rt : NaN);
}

/** A JSON entry's time on its wrapper: epoch µs (NaN for none) with the year and month it falls in, for the year. */
export function setWrapperTime(w: Wrapper, epochUs: number): void {
  w.epochUs = epochUs;
  if (Number.isFinite(epochUs)) {
    const parts = epochToParts(epochUs);
    w.year = parts.year;
    w.month = parts.month;
  } else {
    w.year = 0;
    w.month = 0;
  }
}

const isoScratch: IsoParts = { year: 0, month: 0, epochUs: NaN };

/** `ts` as epoch µs: milliseconds (component-base), seconds (zap's default), or an RFC 3339 string. NaN if unreadable. */
export function tsToEpochUs(ts: unknown): number {
  if (typeof ts === 'number') {
    if (!Number.isFinite(ts) || ts <= 0) return NaN;
    return Math.round(ts < 1e11 ? ts * 1e6 : ts * 1e3);
  }
  if (typeof ts === 'string' && parseIsoTimestamp(ts, 0, isoScratch) > 0) return isoScratch.epochUs;
  return NaN;
}

function severityOf(o: Record<string, unknown>): Severity {
  const level = typeof o.level === 'string' ? o.level.toLowerCase() : '';
  if (level === 'error') return Severity.Error;
  if (level === 'warn' || level === 'warning') return Severity.Warning;
  if (level === 'fatal' || level === 'panic' || level === 'dpanic') return Severity.Fatal;
  if (level) return Severity.Info;
  // component-base: error lines carry `err` and no `v`; info lines always carry `v`.
  return o.err !== undefined && o.v === undefined ? Severity.Error : Severity.Info;
}

/** A record for a kubelet JSON log object, or undefined if its `ts` cannot be read. */
export function jsonLogRecord(o: Record<string, unknown>, text: string, lineNo: number, w: Wrapper | undefined): LogRecord | undefined {
  const epochUs = tsToEpochUs(o.ts);
  if (!Number.isFinite(epochUs)) return undefined;
  const parts = epochToParts(epochUs);
  const caller = typeof o.caller === 'string' ? o.caller.slice(0, 256) : '';
  const colon = caller.lastIndexOf(':');
  return {
    line: lineNo, lineCount: 1, severity: severityOf(o), yearlessUs: yearlessUs(parts.month, parts.day, parts.todUs),
    yearHint: parts.year, pid: -1, file: colon > 0 ? caller.slice(0, colon) : caller,
    fileLine: colon > 0 ? Number(caller.slice(colon + 1)) || 0 : 0, era: Era.Json, text, msgStart: 0, json: o,
    host: w?.host ?? '', wrapper: w ? w.kind : 'none', damage: '', cutShort: false,
  };
}

/**
 * What can be read of a JSON log object cut short (a terminal's width, an excerpt's end): its members up to the last
 * complete one, and `msg` as far as it goes when the cut falls inside it. Undefined if that leaves no `ts` or `msg`.
 * One pass over the text (linear), then one JSON.parse of the complete part.
 */
export function salvageCutJson(s: string): Record<string, unknown> | undefined {
  if (s.charCodeAt(0) !== 123 /* { */) return undefined;
  let depth = 0;
  let inString = false;
  let lastMemberEnd = -1;
  // The top-level key being read, and where its string value starts (when the value is a string).
  let keyStart = -1;
  let key = '';
  let expectingKey = true;
  let valueStringStart = -1;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) {
        inString = false;
        if (depth === 1 && expectingKey && keyStart >= 0) {
          key = s.slice(keyStart, i);
          expectingKey = false;
        }
        if (depth === 1) valueStringStart = -1;
      }
      continue;
    }
    if (c === 34) {
      inString = true;
      if (depth === 1 && expectingKey) keyStart = i + 1;
      else if (depth === 1) valueStringStart = i + 1;
    } else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) depth--;
    else if (c === 44 /* , */ && depth === 1) {
      lastMemberEnd = i;
      expectingKey = true;
      keyStart = -1;
    }
  }
  let o: Record<string, unknown> | undefined;
  if (lastMemberEnd > 0) o = parseJsonObject(s.slice(0, lastMemberEnd) + '}', 0);
  if (!o) return undefined;
  if (inString && depth === 1 && !expectingKey && key === 'msg' && valueStringStart > 0 && o.msg === undefined) {
    // A cut escape (`\`, `\u00`) is dropped with the rest.
    const partial = s.slice(valueStringStart).replace(/\\(u[0-9a-fA-F]{0,3})?$/, '');
    try { o.msg = JSON.parse(`"${partial}"`); } catch { /* an escape that still does not read: no msg */ }
  }
  return isKubeletJsonLog(o) ? o : undefined;
}
