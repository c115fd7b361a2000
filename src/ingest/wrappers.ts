/**
 * Prefixes that other tools put in front of a kubelet line. Each recognizer looks only at the start of the line,
 * reads a bounded number of characters, and reports where the kubelet's own text begins plus what the wrapper told
 * us (a year, a host, an exact time, a CRI stream).
 */
import { MONTHS, US_PER_DAY, dayStartUs, epochToParts, yearlessUs } from '../util/time.ts';
import { scanKeyValues, unquoteGo, type KeyValue } from './structured.ts';
import { startsLikeKlogHeader } from './klog-header.ts';

export type WrapperKind =
  | 'journald-short'
  | 'journald-precise'
  | 'journald-iso'
  /** `journalctl -o short-monotonic` / `short-delta`: seconds since boot, no date. */
  | 'journald-monotonic'
  /** `journalctl -o short-unix`: epoch seconds. */
  | 'journald-unix'
  /** `journalctl -o short-full`: weekday, date, time and zone. */
  | 'journald-full'
  /** A journal line whose date and host were cut away, as pasted: only `kubelet[19121]: ` is left. */
  | 'journald-ident'
  | 'cri'
  | 'node-prefix'
  /** `grep` over --log-dir files: each line after its file's name (`kubelet.<host>.<user>.log.INFO.<date>-<time>.<pid>:`; glog-file-name.ts). */
  | 'glog-file'
  | 'timestamp'
  /** A `journalctl -o json` entry (set by the JSON reader, never by parseWrapper). */
  | 'journald-json'
  /** A log platform's JSON entry (Cloud Logging, Elasticsearch, Fluent Bit…; set by the JSON reader: log-export.ts). */
  | 'log-export'
  /** A row of a log platform's CSV download (Grafana, CloudWatch, Datadog…; set by the CSV reader: csv-log.ts). */
  | 'log-table'
  /** A logfmt/logrus record whose msg= holds the kubelet's line (k0s: `time="…" level=info msg="I0619 …" component=kubelet`; unwrapLogfmt). */
  | 'logfmt'
  | 'none';

export enum CriStream { None = 0, Stdout = 1, Stderr = 2 }

export interface Wrapper {
  kind: WrapperKind;
  payloadStart: number;
  /** Calendar year the wrapper states, or 0. */
  year: number;
  /** Month (1-12) of the wrapper's own date, or 0: compared with the klog month-day across a new year. */
  month: number;
  /** Wall-clock epoch µs the wrapper states (UTC as printed; offsets are not applied), or NaN. */
  epochUs: number;
  /** The wrapper's month, day and time when it prints no year (journald short) as util/time.ts yearlessUs, or NaN. */
  yearlessUs: number;
  /** Host / node name the wrapper states, or ''. */
  host: string;
  /** syslog identifier (`kubelet`, `k3s`, ...) for journald prefixes, or ''. */
  ident: string;
  /** CRI log files: which stream, and whether this is a partial (`P`) line the next line of the stream continues. */
  stream: CriStream;
  partial: boolean;
}

export function newWrapper(): Wrapper {
  return { kind: 'none', payloadStart: 0, year: 0, month: 0, epochUs: NaN, yearlessUs: NaN, host: '', ident: '', stream: CriStream.None, partial: false };
}

export function copyWrapper(w: Wrapper): Wrapper {
  return { ...w };
}

/** The time of day the wrapper prints for its line, in µs, or NaN: arithmetic only (it is asked for every record). */
export function wrapperTimeOfDayUs(w: Wrapper): number {
  if (Number.isFinite(w.yearlessUs)) return w.yearlessUs % US_PER_DAY;
  return Number.isFinite(w.epochUs) ? ((w.epochUs % US_PER_DAY) + US_PER_DAY) % US_PER_DAY : NaN;
}

/**
 * The time the wrapper prints for its line, without its year, as util/time.ts yearlessUs (the klog header's
 * measure); NaN when it prints none. Its time of day is this modulo a day.
 */
export function wrapperYearlessUs(w: Wrapper): number {
  // (Builds a Date for an epoch time: for the rare line that needs its wrapper's whole time, not for every record.)
  if (Number.isFinite(w.yearlessUs) || !Number.isFinite(w.epochUs)) return w.yearlessUs;
  const parts = epochToParts(w.epochUs);
  return yearlessUs(parts.month, parts.day, parts.todUs);
}

const isDigit = (c: number) => c >= 48 && c <= 57;

function num(s: string, i: number, n: number): number {
  let v = 0;
  for (let k = 0; k < n; k++) {
    const c = s.charCodeAt(i + k);
    if (!isDigit(c)) return -1;
    v = v * 10 + c - 48;
  }
  return v;
}

export interface IsoParts {
  year: number;
  month: number;
  epochUs: number;
}

/** `YYYY-MM-DD[T ]hh:mm:ss[.frac][Z|±hh:mm|±hhmm]`; returns the end index or -1. Writes year, month and epoch. */
export function parseIsoTimestamp(s: string, i: number, out: IsoParts): number {
  const y = num(s, i, 4);
  if (y < 1970 || s.charCodeAt(i + 4) !== 45) return -1;
  const mo = num(s, i + 5, 2);
  const d = num(s, i + 8, 2);
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || s.charCodeAt(i + 7) !== 45) return -1;
  const sep = s.charCodeAt(i + 10);
  if (sep !== 84 /* T */ && sep !== 32) return -1;
  const hh = num(s, i + 11, 2);
  const mm = num(s, i + 14, 2);
  const ss = num(s, i + 17, 2);
  if (hh < 0 || mm < 0 || ss < 0 || s.charCodeAt(i + 13) !== 58 || s.charCodeAt(i + 16) !== 58) return -1;
  let p = i + 19;
  let fracUs = 0;
  if (s.charCodeAt(p) === 46 || s.charCodeAt(p) === 44) {
    p++;
    let nd = 0;
    // Bounded: nanoseconds are the most any tool prints; more digits are not a timestamp.
    while (nd < 12 && isDigit(s.charCodeAt(p))) {
      if (nd < 6) fracUs = fracUs * 10 + (s.charCodeAt(p) - 48);
      nd++;
      p++;
    }
    for (let k = nd; k < 6; k++) fracUs *= 10;
  }
  const c = s.charCodeAt(p);
  if (c === 90 /* Z */) p++;
  else if (c === 43 || c === 45) {
    if (num(s, p + 1, 2) >= 0) {
      p += 3;
      if (s.charCodeAt(p) === 58) p++;
      if (num(s, p, 2) >= 0) p += 2;
    }
  }
  out.year = y;
  out.month = mo;
  out.epochUs = dayStartUs(y, mo, d) + ((hh * 60 + mm) * 60 + ss) * 1_000_000 + fracUs;
  return p;
}

/** Only digits in s[from, to), and at least one. */
function isDigits(s: string, from: number, to: number): boolean {
  if (to <= from || to - from > 10) return false;
  for (let i = from; i < to; i++) if (!isDigit(s.charCodeAt(i))) return false;
  return true;
}

/**
 * `host ident[pid]: ` (or `ident[pid]: ` alone) after a journald time; returns the payload start or -1. The colon must
 * be followed by a space (or end the line): `I0315 10:02:03` after a CI timestamp has a host-like word and a colon
 * too, but never `: `.
 */
function parseHostIdent(s: string, p: number, w: Wrapper): number {
  if (s.charCodeAt(p) !== 32) return -1;
  p++;
  const hostStart = p;
  const limit = Math.min(s.length, p + 256);
  while (p < limit && s.charCodeAt(p) !== 32) p++;
  if (p >= limit) return -1;
  const hostEnd = p;
  // No host, the identifier right after the time (`Apr 29 15:20:01 kubelet[2384]: …`, a log someone trimmed): the
  // first word ends in `]:` (tested first: every journal line comes here), after `[digits`.
  if (s.charCodeAt(hostEnd - 1) === 58 && s.charCodeAt(hostEnd - 2) === 93) {
    const bracket = s.lastIndexOf('[', hostEnd - 3);
    if (bracket > hostStart && isDigits(s, bracket + 1, hostEnd - 2)) {
      w.host = '';
      w.ident = s.slice(hostStart, bracket);
      return hostEnd + 1;
    }
  }
  p++;
  const identStart = p;
  while (p < limit && s.charCodeAt(p) !== 91 /* [ */ && s.charCodeAt(p) !== 58 && s.charCodeAt(p) !== 32) p++;
  if (p >= limit || p === identStart) return -1;
  const identEnd = p;
  if (s.charCodeAt(p) === 91) {
    const close = s.indexOf(']', p);
    if (close < 0 || close - p > 12) return -1;
    p = close + 1;
  }
  if (s.charCodeAt(p) !== 58) return -1;
  p++;
  if (p < s.length && s.charCodeAt(p) !== 32) return -1;
  if (p < s.length) p++;
  // (A host the poster replaced by an ellipsis names none.)
  const host = s.slice(hostStart, hostEnd);
  w.host = host === '...' || host === '\u2026' ? '' : host;
  w.ident = s.slice(identStart, identEnd);
  return p;
}

/** syslog's severity names, as a remote syslog template prints them in brackets beside the program's. */
const SYSLOG_SEVERITIES = new Set(['emerg', 'alert', 'crit', 'err', 'error', 'warning', 'warn', 'notice', 'info', 'debug']);
const MAX_TAGS = 3;
const MAX_TAG_CHARS = 24;

/**
 * A remote syslog template's `<host> [<severity>] [<program>] ` after the time (`2017-12-18T22:36:59.048Z knode3
 * [err] [kubelet] E1218 …`): sets host and identifier (the last tag that is not a severity) and returns where the
 * payload starts, or -1.
 */
function parseHostTags(s: string, p: number, w: Wrapper): number {
  if (s.charCodeAt(p) !== 32) return -1;
  p++;
  const hostStart = p;
  const limit = Math.min(s.length, p + 256);
  while (p < limit && isHostChar(s.charCodeAt(p))) p++;
  if (p === hostStart || s.charCodeAt(p) !== 32 || s.charCodeAt(p + 1) !== 91 /* [ */) return -1;
  const hostEnd = p;
  let ident = '';
  for (let tags = 0; tags < MAX_TAGS && s.charCodeAt(p) === 32 && s.charCodeAt(p + 1) === 91; tags++) {
    const open = p + 1;
    let q = open + 1;
    while (q < s.length && q - open <= MAX_TAG_CHARS && isTagChar(s.charCodeAt(q))) q++;
    if (s.charCodeAt(q) !== 93 /* ] */ || q === open + 1) return -1;
    const tag = s.slice(open + 1, q);
    if (!SYSLOG_SEVERITIES.has(tag.toLowerCase())) ident = tag;
    p = q + 1;
  }
  if (!ident || s.charCodeAt(p) !== 32) return -1;
  w.host = s.slice(hostStart, hostEnd);
  w.ident = ident;
  return p + 1;
}

function isTagChar(c: number): boolean {
  return isDigit(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45 || c === 95 || c === 46;
}

const isoScratch: IsoParts = { year: 0, month: 0, epochUs: NaN };

function reset(w: Wrapper): void {
  w.kind = 'none';
  w.payloadStart = 0;
  w.year = 0;
  w.month = 0;
  w.epochUs = NaN;
  w.yearlessUs = NaN;
  w.host = '';
  w.ident = '';
  w.stream = CriStream.None;
  w.partial = false;
}

/** `12月` / `3월` — the month as journalctl prints it under a Chinese, Japanese or Korean locale — or 0. */
function cjkMonthEnd(s: string): number {
  let p = 0;
  while (p < 2 && isDigit(s.charCodeAt(p))) p++;
  const c = s.charCodeAt(p);
  return p > 0 && (c === 0x6708 /* 月 */ || c === 0xc6d4 /* 월 */) ? p + 1 : 0;
}

/**
 * Month abbreviations journalctl prints under other locales (its `%b`), lower-cased, without the trailing dot:
 * French, German, Spanish, Italian, Portuguese, Dutch, Swedish, Norwegian, Polish, Czech, Turkish, Russian,
 * Bulgarian and Ukrainian. English ones are MONTHS.
 */
const LOCALE_MONTHS: ReadonlyMap<string, number> = new Map(Object.entries({
  janv: 1, jan: 1, ene: 1, gen: 1, sty: 1, led: 1, oca: 1, янв: 1, яну: 1, січ: 1,
  févr: 2, fév: 2, fevr: 2, fev: 2, feb: 2, lut: 2, úno: 2, şub: 2, фев: 2, лют: 2,
  mars: 3, mar: 3, mär: 3, mrt: 3, bře: 3, мар: 3, бер: 3,
  avr: 4, apr: 4, abr: 4, kwi: 4, dub: 4, nis: 4, апр: 4, кві: 4,
  mai: 5, may: 5, mag: 5, mei: 5, maj: 5, kvě: 5, мая: 5, май: 5, тра: 5,
  juin: 6, jun: 6, giu: 6, cze: 6, čvn: 6, haz: 6, июн: 6, юни: 6, чер: 6,
  juil: 7, jul: 7, lug: 7, lip: 7, čvc: 7, tem: 7, июл: 7, юли: 7, лип: 7,
  août: 8, aout: 8, aug: 8, ago: 8, sie: 8, srp: 8, ağu: 8, авг: 8, сер: 8,
  sept: 9, sep: 9, set: 9, wrz: 9, zář: 9, eyl: 9, сен: 9, сеп: 9, вер: 9,
  oct: 10, okt: 10, ott: 10, out: 10, paź: 10, říj: 10, eki: 10, окт: 10, жов: 10,
  nov: 11, lis: 11, kas: 11, ноя: 11, ное: 11, лис: 11,
  déc: 12, dec: 12, dez: 12, dic: 12, des: 12, gru: 12, pro: 12, ara: 12, дек: 12, гру: 12,
}));

/** A letter of a month abbreviation: ASCII or any non-ASCII letter (é, û, ä, Cyrillic). */
const isMonthLetter = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 0xc0 && c <= 0x24f) || (c >= 0x400 && c <= 0x4ff);

/** `sept. 20`, `Mär 20`, `дек 20`: a month abbreviated under another locale, as [month, end], or [0, 0]. */
function localeMonth(s: string): [number, number] {
  let p = 0;
  while (p < 5 && isMonthLetter(s.charCodeAt(p))) p++;
  if (p < 3) return [0, 0];
  const month = LOCALE_MONTHS.get(s.slice(0, p).toLowerCase()) ?? 0;
  if (s.charCodeAt(p) === 46 /* . */) p++;
  return month && s.charCodeAt(p) === 32 ? [month, p] : [0, 0];
}

/**
 * journald short / short-precise: `Mar 15 10:02:03[.123456] host ident[pid]: ` (the day may be space-padded, or not), the
 * month also as a number and 月 or 월 (`12月 25 16:02:37 …`) or abbreviated under another locale (`sept. 20 …`).
 */
function parseJournaldShort(s: string, w: Wrapper): boolean {
  // (The fourth character is tested first: most lines that get here are no journal lines, and slicing costs.)
  let month = s.charCodeAt(3) === 32 ? MONTHS[s.slice(0, 3)] : undefined;
  let monthEnd = 3;
  if (!month) {
    monthEnd = cjkMonthEnd(s);
    month = monthEnd ? num(s, 0, monthEnd - 1) : 0;
    if (!monthEnd) [month, monthEnd] = localeMonth(s);
    if (!(month >= 1 && month <= 12)) return false;
  }
  const padded = s.charCodeAt(monthEnd + 1) === 32;
  const dayStart = monthEnd + (padded ? 2 : 1);
  // (A day of one digit unpadded, `Jun 2 19:41:48`, as a paste that squeezed spaces leaves it.)
  const dayLen = padded || !isDigit(s.charCodeAt(dayStart + 1)) ? 1 : 2;
  const day = num(s, dayStart, dayLen);
  let p = dayStart + dayLen;
  if (day < 1 || day > 31 || s.charCodeAt(p) !== 32 || num(s, p + 1, 2) < 0 || s.charCodeAt(p + 3) !== 58) return false;
  const todStart = p + 1;
  p += 9;
  let precise = false;
  let fracUs = 0;
  if (s.charCodeAt(p) === 46) {
    precise = true;
    p++;
    const fracStart = p;
    const fracEnd = p + 12;
    while (p < fracEnd && isDigit(s.charCodeAt(p))) p++;
    const digits = Math.min(6, p - fracStart);
    fracUs = digits > 0 ? num(s, fracStart, digits) * 10 ** (6 - digits) : 0;
  }
  const payload = parseHostIdent(s, p, w);
  if (payload < 0) return false;
  w.kind = precise ? 'journald-precise' : 'journald-short';
  w.month = month;
  const hh = num(s, todStart, 2);
  const mm = num(s, todStart + 3, 2);
  const ss = num(s, todStart + 6, 2);
  if (mm >= 0 && ss >= 0) w.yearlessUs = yearlessUs(month, day, ((hh * 60 + mm) * 60 + ss) * 1_000_000 + fracUs);
  w.payloadStart = payload;
  return true;
}

/**
 * journald short-monotonic / short-delta: `[ 1234.567890] host ident[pid]: ` or `[ 1234.567890 <    0.000123>] …`
 * (seconds since boot, then the gap since the previous entry): no date, so no year either.
 */
function parseJournaldMonotonic(s: string, w: Wrapper): boolean {
  let p = 1;
  while (p < 16 && s.charCodeAt(p) === 32) p++;
  const digitsStart = p;
  while (p < 24 && isDigit(s.charCodeAt(p))) p++;
  if (p === digitsStart || s.charCodeAt(p) !== 46 || num(s, p + 1, 6) < 0) return false;
  p += 7;
  if (s.charCodeAt(p) === 32 && s.charCodeAt(p + 1) === 60 /* < */) {
    const close = s.indexOf('>', p);
    if (close < 0 || close - p > 24) return false;
    p = close + 1;
  }
  if (s.charCodeAt(p) !== 93 /* ] */) return false;
  const payload = parseHostIdent(s, p + 1, w);
  if (payload < 0) return false;
  w.kind = 'journald-monotonic';
  w.payloadStart = payload;
  return true;
}

/** journald short-unix: `1710496923.123456 host ident[pid]: ` (epoch seconds, UTC). */
function parseJournaldUnix(s: string, w: Wrapper): boolean {
  let p = 0;
  while (p < 12 && isDigit(s.charCodeAt(p))) p++;
  // Ten digits from 2001 to 2286; nine before (1973–2001).
  if (p < 9 || p > 11 || s.charCodeAt(p) !== 46) return false;
  const seconds = num(s, 0, p);
  const fracStart = p + 1;
  p = fracStart;
  while (p < fracStart + 9 && isDigit(s.charCodeAt(p))) p++;
  if (p === fracStart) return false;
  const fracUs = Math.floor(num(s, fracStart, Math.min(6, p - fracStart)) * 10 ** Math.max(0, 6 - (p - fracStart)));
  const payload = parseHostIdent(s, p, w);
  if (payload < 0) return false;
  const date = new Date(seconds * 1000);
  w.kind = 'journald-unix';
  w.payloadStart = payload;
  w.year = date.getUTCFullYear();
  w.month = date.getUTCMonth() + 1;
  w.epochUs = seconds * 1_000_000 + fracUs;
  return true;
}

const WEEKDAYS = new Set(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);

/** journald short-full: `Fri 2024-03-15 10:02:03 UTC host ident[pid]: ` (the zone is a name or an offset). */
function parseJournaldFull(s: string, w: Wrapper): boolean {
  if (!WEEKDAYS.has(s.slice(0, 3)) || s.charCodeAt(3) !== 32) return false;
  const end = parseIsoTimestamp(s, 4, isoScratch);
  if (end < 0 || s.charCodeAt(end) !== 32) return false;
  let p = end + 1;
  const zoneStart = p;
  while (p < zoneStart + 8 && s.charCodeAt(p) !== 32 && p < s.length) p++;
  if (p === zoneStart || !/^[A-Z]{2,6}$|^[+-]\d{2}:?\d{2}$/.test(s.slice(zoneStart, p))) return false;
  const payload = parseHostIdent(s, p, w);
  if (payload < 0) return false;
  w.kind = 'journald-full';
  w.payloadStart = payload;
  w.year = isoScratch.year;
  w.month = isoScratch.month;
  w.epochUs = isoScratch.epochUs;
  return true;
}

/**
 * Docker Desktop's log of its VM's services: `[2024-03-07T10:32:41.617552843Z][kubelet][I] …` — the time, the
 * component (taken as the line's program, like a journal's identifier) and its level letter in brackets.
 */
function parseBracketedIso(s: string, w: Wrapper): boolean {
  const end = parseIsoTimestamp(s, 1, isoScratch);
  if (end < 0 || s.charCodeAt(end) !== 93 /* ] */) return false;
  let p = end + 1;
  if (s.charCodeAt(p) === 91) {
    const close = s.indexOf(']', p);
    if (close < 0 || close - p > 48 || close === p + 1) return false;
    w.ident = s.slice(p + 1, close);
    p = close + 1;
    // The level: one letter.
    if (s.charCodeAt(p) === 91 && s.charCodeAt(p + 2) === 93) p += 3;
  }
  while (s.charCodeAt(p) === 32) p++;
  w.year = isoScratch.year;
  w.month = isoScratch.month;
  w.epochUs = isoScratch.epochUs;
  w.kind = 'timestamp';
  w.payloadStart = p;
  return true;
}

/** ISO-stamped wrappers: CRI log files, journald short-iso(-precise), CI runners' per-line timestamps. */
function parseIsoWrapper(s: string, w: Wrapper): boolean {
  const end = parseIsoTimestamp(s, 0, isoScratch);
  if (end < 0) return false;
  w.year = isoScratch.year;
  w.month = isoScratch.month;
  w.epochUs = isoScratch.epochUs;
  // CRI: `<ts> stdout|stderr F|P <payload>`
  if (s.startsWith(' stderr ', end) || s.startsWith(' stdout ', end)) {
    const tag = s.charCodeAt(end + 8);
    const after = end + 9;
    if ((tag === 70 || tag === 80) && (s.charCodeAt(after) === 32 || after === s.length)) {
      w.kind = 'cri';
      w.stream = s.charCodeAt(end + 4) === 101 ? CriStream.Stderr : CriStream.Stdout;
      w.partial = tag === 80;
      w.payloadStart = Math.min(s.length, after + 1);
      return true;
    }
  }
  const payload = parseHostIdent(s, end, w);
  if (payload > 0) {
    w.kind = 'journald-iso';
    w.payloadStart = payload;
    return true;
  }
  const tagged = parseHostTags(s, end, w);
  if (tagged > 0) {
    w.kind = 'journald-iso';
    w.payloadStart = tagged;
    return true;
  }
  // RFC 5424's header without its priority: `2024-02-07T02:49:40.739405+00:00 NodeA kubelet 24578 - -  E0207 …`.
  if (s.charCodeAt(end) === 32 && syslogProtocolHeader(s, end, w, true)) return true;
  w.kind = 'timestamp';
  let p = end;
  while (s.charCodeAt(p) === 32 || s.charCodeAt(p) === 9) p++;
  w.payloadStart = p;
  return true;
}

/**
 * A UI's local date before each line, day and month as numbers and the year in full: Rancher 1.x's log viewer
 * (`4/12/2017 10:40:03 PM`, `3-1-2017 00:16:09`), often glued to the klog header that follows. Only the year is
 * taken (and the month where the order can be told): the time is the browser's zone, not the kubelet's.
 */
function parseNumericDateWrapper(s: string, w: Wrapper): boolean {
  const m = NUMERIC_DATE.exec(s);
  if (!m) return false;
  const a = Number(m[1]);
  const b = Number(m[3]);
  const year = Number(m[4]);
  if (a < 1 || b < 1 || a > 31 || b > 31 || (a > 12 && b > 12) || year < 2000 || year > 2100) return false;
  // `M/D/YYYY h:mm:ss AM` is the US order; with a day over 12 either order tells itself.
  const month = m[2] === '/' && m[8] ? a : a > 12 ? b : b > 12 ? a : 0;
  w.kind = 'timestamp';
  w.year = year;
  w.month = month;
  let p = m[0].length;
  while (s.charCodeAt(p) === 32 || s.charCodeAt(p) === 9) p++;
  w.payloadStart = p;
  return true;
}

/** `4/12/2017 10:40:03 PM`, `3-1-2017 00:16:09`: day and month (either order), year, time, AM/PM. Anchored, bounded. */
const NUMERIC_DATE = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4}),? (\d{1,2}):(\d{2}):(\d{2})(?: ?([AP]M))?/;

/** talosctl and other multi-node prefixes: `10.5.0.2: <payload>`. */
function parseIpPrefix(s: string, w: Wrapper): boolean {
  let p = 0;
  let dots = 0;
  while (p < 40 && (isDigit(s.charCodeAt(p)) || s.charCodeAt(p) === 46)) {
    if (s.charCodeAt(p) === 46) dots++;
    p++;
  }
  if (dots !== 3 || s.charCodeAt(p) !== 58 || s.charCodeAt(p + 1) !== 32) return false;
  w.kind = 'node-prefix';
  w.host = s.slice(0, p);
  w.payloadStart = p + 2;
  return true;
}

/**
 * talosctl with node names (`talosctl -n sanji logs kubelet`): `sanji: {"ts":…}`. A name without digits or dots is
 * taken for a node only before a kubelet JSON record (it starts with "ts" or names its "caller"), so that prose such
 * as `Example: {…}` stays prose.
 */
function parseNamePrefixBeforeJson(s: string, w: Wrapper): boolean {
  let p = 0;
  while (p < 64 && isHostChar(s.charCodeAt(p))) p++;
  if (p === 0 || s.charCodeAt(p) !== 58 || s.charCodeAt(p + 1) !== 32 || s.charCodeAt(p + 2) !== 123) return false;
  const json = p + 2;
  const caller = s.indexOf('"caller":', json);
  if (!s.startsWith('{"ts":', json) && (caller < 0 || caller - json > 200)) return false;
  w.kind = 'node-prefix';
  w.host = s.slice(0, p);
  w.payloadStart = json;
  return true;
}

/** Tries every known wrapper at the start of the line. Fills `w` and returns true if one matched. */
export function parseWrapper(s: string, w: Wrapper): boolean {
  reset(w);
  const c0 = s.charCodeAt(0);
  // A bare klog line (`I0315 …`) is rejected within its first few characters.
  if (isMonthLetter(c0) || (isDigit(c0) && cjkMonthEnd(s) > 0)) {
    if (parseJournaldShort(s, w)) return true;
    reset(w);
    if (c0 >= 65 && c0 <= 90 && s.charCodeAt(3) === 32 && parseJournaldFull(s, w)) return true;
    reset(w);
  }
  if (c0 === 91 /* [ */) {
    if (parseJournaldMonotonic(s, w)) return true;
    reset(w);
    if (parseBracketedIso(s, w)) return true;
    reset(w);
  }
  if (c0 === 60 /* < */) {
    if (parseSyslogProtocol(s, w)) return true;
    reset(w);
  }
  if (isDigit(c0)) {
    if (parseIsoWrapper(s, w)) return true;
    reset(w);
    if (parseJournaldUnix(s, w)) return true;
    reset(w);
    if (parseIpPrefix(s, w)) return true;
    reset(w);
    if (parseNumericDateWrapper(s, w)) return true;
    reset(w);
  }
  if (isHostChar(c0) && parseNamePrefixBeforeJson(s, w)) return true;
  reset(w);
  if (isMonthLetter(c0) && parseIdentOnly(s, w)) return true;
  reset(w);
  return false;
}

/** Where a syslog priority `<PRI>` (0–191) ends, or -1. */
function syslogPriorityEnd(s: string): number {
  let p = 1;
  while (p < 4 && isDigit(s.charCodeAt(p))) p++;
  return p > 1 && s.charCodeAt(p) === 62 /* > */ && Number(s.slice(1, p)) <= 191 ? p + 1 : -1;
}

/** A token of printable characters up to the next space (RFC 5424's HOSTNAME, APP-NAME, PROCID, MSGID), or -1. */
function tokenEnd(s: string, p: number, max: number): number {
  const start = p;
  while (p < s.length && p - start < max && s.charCodeAt(p) > 32) p++;
  return p > start && s.charCodeAt(p) === 32 ? p : -1;
}

/**
 * A line as the syslog protocol carries it, its priority first (a syslog server's raw capture, `logger`, a forwarder
 * writing what it receives): RFC 5424's `<30>1 2024-03-15T10:02:03.123456Z node-1 kubelet 2891 - - I0315 …` (version,
 * ISO time, host, app, procid, msgid, structured data `-` or `[…]`, then the message, which may start with a BOM) or
 * RFC 3164's `<30>Mar 15 10:02:03 node-1 kubelet[2891]: I0315 …`. Read as the journal lines they are like.
 */
function parseSyslogProtocol(s: string, w: Wrapper): boolean {
  const pri = syslogPriorityEnd(s);
  if (pri < 0) return false;
  if (s.charCodeAt(pri) === 49 /* 1 */ && s.charCodeAt(pri + 1) === 32) {
    const end = parseIsoTimestamp(s, pri + 2, isoScratch);
    if (end < 0 || s.charCodeAt(end) !== 32) return false;
    return syslogProtocolHeader(s, end, w, false);
  }
  // RFC 3164: the traditional line after its priority.
  const rest = s.slice(pri);
  if (!parseJournaldShort(rest, w)) return false;
  w.payloadStart += pri;
  return true;
}

/**
 * RFC 5424's header after its time (at `end`, parsed into isoScratch): ` host app procid msgid structured-data `, then
 * the message. `strict` (no priority before it: a file rsyslog wrote with its protocol template): the procid must be
 * a number or `-`, so that another tool's timestamped line is not taken for one.
 */
function syslogProtocolHeader(s: string, end: number, w: Wrapper, strict: boolean): boolean {
  const hostEnd = tokenEnd(s, end + 1, 255);
  const appEnd = hostEnd < 0 ? -1 : tokenEnd(s, hostEnd + 1, 48);
  const procEnd = appEnd < 0 ? -1 : tokenEnd(s, appEnd + 1, 128);
  const msgIdEnd = procEnd < 0 ? -1 : tokenEnd(s, procEnd + 1, 32);
  if (msgIdEnd < 0) return false;
  const data = structuredDataEnd(s, msgIdEnd + 1);
  if (data < 0) return false;
  const proc = s.slice(appEnd + 1, procEnd);
  if (strict) {
    // (Structured data is `-` or `[…]`, never absent; a host is a host name's characters.)
    const sd = s.charCodeAt(msgIdEnd + 1);
    if ((proc !== '-' && !isDigits(s, appEnd + 1, procEnd)) || (sd !== 45 && sd !== 91)) return false;
    for (let i = end + 1; i < hostEnd; i++) if (!isHostChar(s.charCodeAt(i))) return false;
  }
  const host = s.slice(end + 1, hostEnd);
  const app = s.slice(hostEnd + 1, appEnd);
  w.kind = 'journald-iso';
  w.year = isoScratch.year;
  w.month = isoScratch.month;
  w.epochUs = isoScratch.epochUs;
  w.host = host === '-' ? '' : host;
  w.ident = app === '-' ? '' : app;
  let payload = Math.min(s.length, data + 1);
  // (rsyslog's files may put two spaces after the structured data.)
  if (strict && s.charCodeAt(payload) === 32) payload++;
  if (s.charCodeAt(payload) === 0xfeff) payload++;
  w.payloadStart = payload;
  return true;
}

/** Where RFC 5424's structured data ends: `-`, or `[id k="v" …]` elements (quoted values may hold `]`); -1 if malformed. */
function structuredDataEnd(s: string, p: number): number {
  if (s.charCodeAt(p) === 45 /* - */) return p + 1;
  const limit = Math.min(s.length, p + 8192);
  while (p < limit && s.charCodeAt(p) === 91 /* [ */) {
    let quoted = false;
    for (p++; p < limit; p++) {
      const c = s.charCodeAt(p);
      if (c === 92 /* \ */ && quoted) p++;
      else if (c === 34 /* " */) quoted = !quoted;
      else if (c === 93 /* ] */ && !quoted) break;
    }
    if (p >= limit) return -1;
    p++;
  }
  return p;
}

/**
 * `kubelet[19121]: …` — a journal line whose date and host the person who pasted it cut away: an identifier of
 * letters, digits, `_`, `.` and `-` that starts with a letter, its pid in brackets, a colon and a space. No time,
 * no host.
 */
function parseIdentOnly(s: string, w: Wrapper): boolean {
  let p = 1;
  while (p < 64 && isHostChar(s.charCodeAt(p))) p++;
  // `host1 kubelet[1537]: W1017 …`: the host kept, the date cut away — only before a klog header, so that prose
  // (`See kubelet[123]: …`) is not taken for a host.
  let identStart = 0;
  if (s.charCodeAt(p) === 32) {
    identStart = p + 1;
    p = identStart;
    while (p < identStart + 64 && isHostChar(s.charCodeAt(p))) p++;
    if (p === identStart) return false;
  }
  if (s.charCodeAt(p) !== 91 /* [ */) return false;
  const identEnd = p;
  p++;
  const pidStart = p;
  while (p < pidStart + 10 && isDigit(s.charCodeAt(p))) p++;
  if (p === pidStart || s.charCodeAt(p) !== 93 /* ] */ || s.charCodeAt(p + 1) !== 58 /* : */) return false;
  p += 2;
  if (p < s.length && s.charCodeAt(p) !== 32) return false;
  if (identStart > 0 && !startsLikeKlogHeader(s, p + 1)) return false;
  w.kind = 'journald-ident';
  w.ident = s.slice(identStart, identEnd);
  if (identStart > 0) w.host = s.slice(0, identStart - 1);
  w.payloadStart = Math.min(s.length, p + 1);
  return true;
}


/** systemd unit types: a name ending so is a unit's, never a host's. */
const UNIT_SUFFIX = /\.(service|scope|socket|slice|mount|timer|target)$/;

const isHostChar = (c: number) =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || isDigit(c) || c === 45 || c === 46 || c === 95;

/**
 * A node name written before a kubelet header as `<host>: ` (talosctl with host names, `pdsh`, `parallel-ssh -i`...).
 * The name must look like a host (letters, digits, `.-_`, and at least one digit, dot or dash) so that prose such as
 * `log: I0315 …` or `kubelet: I0315 …` is not taken for a node. Returns the host or ''.
 */
export function hostPrefixBefore(s: string, headerStart: number): string {
  if (headerStart < 3 || headerStart > 256) return '';
  if (s.charCodeAt(headerStart - 1) !== 32 || s.charCodeAt(headerStart - 2) !== 58) return '';
  return hostNameIn(s, 0, headerStart - 2);
}

/**
 * s[from, end) when it is a host name: host characters only, marked as one by a digit, a dot or a dash (a lone word
 * is none), and not a systemd unit's name (`kubelet.service: I0504 …` names a unit, not a node); else ''.
 */
function hostNameIn(s: string, from: number, end: number): string {
  let marked = false;
  for (let i = from; i < end; i++) {
    const c = s.charCodeAt(i);
    if (!isHostChar(c)) return '';
    if (isDigit(c) || c === 46 || c === 45) marked = true;
  }
  const name = s.slice(from, end);
  return marked && !UNIT_SUFFIX.test(name) && !PROGRAM_LABELS.has(name.toLowerCase()) ? name : '';
}

/** A program's name a tool puts before its output (Testcontainers' `K3S: `), no node's. */
const PROGRAM_LABELS = new Set(['k3s', 'k3d', 'k0s', 'rke2', 'microk8s', 'minikube', 'kubelet', 'containerd', 'dockerd', 'cri-o', 'crio']);

/** Where s's text from `from` ends without its trailing spaces, TABs and CR. */
function trimmedEnd(s: string, from: number): number {
  let end = s.length;
  while (end > from && (s.charCodeAt(end - 1) === 32 || s.charCodeAt(end - 1) === 9 || s.charCodeAt(end - 1) === 13)) end--;
  return end;
}

/**
 * A line that is one node name and nothing else, as log viewers that show each entry's fields on lines of their own
 * print it (Google Cloud Logging's copy: the time, then the node, then the kubelet's line): the name, or ''. A name
 * neither starts nor ends with a dot or a dash.
 */
export function loneHostName(s: string, from: number): string {
  const end = trimmedEnd(s, from);
  if (end - from < 3 || end - from > 253) return '';
  const first = s.charCodeAt(from);
  const last = s.charCodeAt(end - 1);
  if (first === 45 || first === 46 || last === 45 || last === 46) return '';
  return hostNameIn(s, from, end);
}

/** A time zone's name or offset, or nothing, after a log viewer's lone timestamp (`PDT`, `UTC`, `+02:00`). */
export function isZoneOnly(s: string, from: number): boolean {
  const end = trimmedEnd(s, from);
  return end - from <= 9 && ZONE.test(s.slice(from, end));
}

const ZONE = /^(?:[A-Z]{2,5}|[+-]\d{2}:?\d{2}|(?:UTC|GMT)[+-]\d{1,2}(?::?\d{2})?)?$/;

/** Finds a year stated anywhere in a prefix (prose, CI banner, ...): the first `YYYY-MM-DD`. */
export function yearInText(s: string, from: number, to: number): number {
  return Math.floor(dateInText(s, from, to) / 10000);
}

/** The first YYYY-MM-DD in s[from, to) as the number yyyymmdd (day 0 when the day is not two digits), or 0. */
export function dateInText(s: string, from: number, to: number): number {
  // YYYY-MM-DD, or Go's log package's YYYY/MM/DD (other programs' lines: `2025/10/04 12:52AM WRN …`), whichever comes first.
  const dash = dateAfter(s, from, to, '-');
  const slash = dateAfter(s, from, to, '/');
  return !slash.date ? dash.date : !dash.date || slash.at < dash.at ? slash.date : dash.date;
}

function dateAfter(s: string, from: number, to: number, sep: string): { date: number; at: number } {
  const code = sep.charCodeAt(0);
  for (let i = s.indexOf(sep, from); i >= 0 && i < to; i = s.indexOf(sep, i + 1)) {
    if (i >= from + 4 && s.charCodeAt(i + 3) === code) {
      const y = num(s, i - 4, 4);
      const m = num(s, i + 1, 2);
      const d = num(s, i + 4, 2);
      // (A slash date needs its day: `2024/10/` is more likely a path.)
      if (y >= 1970 && y < 2200 && m >= 1 && m <= 12 && (code === 45 || (d >= 1 && d <= 31))) return { date: y * 10000 + m * 100 + (d >= 1 && d <= 31 ? d : 0), at: i };
    }
  }
  return { date: 0, at: -1 };
}

/**
 * The year of a klog month-day printed next to a wrapper date. klog prints local time and many wrappers print UTC,
 * so around a new year the two dates can sit on either side of it (wrapper Dec 31, klog Jan 1).
 */
export function klogYearNearWrapper(wrapperYear: number, wrapperMonth: number, klogMonth: number): number {
  if (!wrapperYear) return 0;
  if (wrapperMonth === 12 && klogMonth === 1) return wrapperYear + 1;
  if (wrapperMonth === 1 && klogMonth === 12) return wrapperYear - 1;
  return wrapperYear;
}

/**
 * Where a line goes on after the list bullet `minikube logs` puts before other tools' lines: `* ` (minikube 1.x put
 * it before every line of its report, `\t* ` as its tests print it) or `  - ` (its "Problems detected in kubelet:"
 * list). -1 if there is none.
 */
export function bulletEnd(s: string, from: number): number {
  let p = from;
  // Spaces, or the TAB of a test harness that indents the report it prints (minikube's integration tests).
  while (p < from + 4 && (s.charCodeAt(p) === 32 || s.charCodeAt(p) === 9)) p++;
  const c = s.charCodeAt(p);
  return (c === 42 || c === 45) && (s.charCodeAt(p + 1) === 32 || p + 1 === s.length) ? Math.min(s.length, p + 2) : -1;
}

const logfmtPairs: KeyValue[] = [];
/** Pairs read from a logfmt record (k0s writes time, level, msg, component, stream). */
const MAX_LOGFMT_PAIRS = 12;

/**
 * A logfmt record that carries another program's output line in its msg= — k0s runs the kubelet as a child and logs
 * each line it prints as `time="2023-06-19 14:32:03" level=info msg="E0619 14:32:03.177497 117 remote_runtime.go:176]
 * …" component=kubelet stream=stderr`. Returns that line, unquoted, with `w` filled (kind 'logfmt', the program from
 * component= as the identifier, year and time from time=), or undefined if `s` from `from` is no such record: a record
 * without component= counts only when its msg is a kubelet line (a klog header or a JSON object follows), so that an
 * ordinary logrus line stays what it is. `isKubeletLine` judges that.
 */
export function unwrapLogfmt(s: string, from: number, w: Wrapper, isKubeletLine: (inner: string) => boolean): string | undefined {
  if (!s.startsWith('time=', from)) return undefined;
  const n = scanKeyValues(s, from, logfmtPairs, MAX_LOGFMT_PAIRS);
  let msg = -1;
  let component = '';
  let time = -1;
  for (let i = 0; i < n; i++) {
    const kv = logfmtPairs[i];
    if (kv.key === 'msg' && kv.shape === 1) msg = i;
    else if (kv.key === 'component') component = s.slice(kv.valStart, kv.valEnd).replace(/"/g, '');
    else if (kv.key === 'time') time = i;
    // The scratch must not keep the line alive.
    kv.key = '';
  }
  if (msg < 0 || time < 0) return undefined;
  const inner = unquoteGo(s, logfmtPairs[msg].valStart, logfmtPairs[msg].valEnd);
  if (!component && !isKubeletLine(inner)) return undefined;
  reset(w);
  const t = logfmtPairs[time];
  if (parseIsoTimestamp(s, s.charCodeAt(t.valStart) === 34 ? t.valStart + 1 : t.valStart, isoScratch) > 0) {
    w.year = isoScratch.year;
    w.month = isoScratch.month;
    w.epochUs = isoScratch.epochUs;
  }
  w.kind = 'logfmt';
  w.ident = component.length <= 64 ? component : component.slice(0, 64);
  w.payloadStart = 0;
  return inner;
}
