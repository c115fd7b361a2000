/**
 * The klog/glog text header: `Lmmdd hh:mm:ss.uuuuuu PPPPPPP file:line] msg` (kubelet-reference §6.1).
 *
 * Parsed by hand, character by character, so that the cost is bounded and no regular expression can backtrack.
 * Damage that real logs show is tolerated and reported: a missing severity letter (lost first character), a
 * shortened fraction, a missing pid, a header cut before `] ` by a pager, or the whole `Lmmdd ` prefix gone (a paste
 * whose columns were cut away, leaving `hh:mm:ss.uuuuuu pid file:line] msg`: month and day are 0 then, and the
 * reader dates the line) — or the time as well (`29867 server.go:292] msg`: todUs is NaN, and the reader times it).
 */

export enum Severity { Info = 0, Warning = 1, Error = 2, Fatal = 3 }
export const SEVERITY_LETTERS = ['I', 'W', 'E', 'F'] as const;
const SEVERITY_WORDS = ['INFO:', 'WARNING:', 'ERROR:', 'FATAL:'] as const;

export interface KlogHeader {
  severity: Severity;
  month: number;
  day: number;
  todUs: number;
  pid: number;
  /** Caller file as printed (with the dir when --add-dir-header was used). */
  file: string;
  fileLine: number;
  /** Index in the line where the message starts. */
  msgStart: number;
  /** Index where the header started. */
  start: number;
  /** A short description of tolerated damage, or '' for a clean header. */
  damage: string;
}

const isDigit = (c: number) => c >= 48 && c <= 57;

function severityOf(c: number): number {
  switch (c) {
    case 73: return Severity.Info; // I
    case 87: return Severity.Warning; // W
    case 69: return Severity.Error; // E
    case 70: return Severity.Fatal; // F
    default: return -1;
  }
}

function digits(s: string, i: number, n: number): number {
  let v = 0;
  for (let k = 0; k < n; k++) {
    const c = s.charCodeAt(i + k);
    if (!isDigit(c)) return -1;
    v = v * 10 + (c - 48);
  }
  return v;
}

/**
 * The cheap first test of a klog header at `p`: its severity letter and month-day, then a space (`E0831 `) — where a
 * paste's marks, a quote or a tool's text may come before it; parseKlogHeaderAt reads the rest.
 */
export function startsLikeKlogHeader(s: string, p = 0): boolean {
  const c = s.charCodeAt(p);
  return (c === 73 || c === 87 || c === 69 || c === 70) && isDigit(s.charCodeAt(p + 1)) && isDigit(s.charCodeAt(p + 2)) &&
    isDigit(s.charCodeAt(p + 3)) && isDigit(s.charCodeAt(p + 4)) && s.charCodeAt(p + 5) === 32;
}

/**
 * Parses a header starting exactly at `i`. Returns false if there is none there. `out` is reused across calls so the
 * hot path allocates nothing but the file name.
 */
export function parseKlogHeaderAt(s: string, i: number, out: KlogHeader): boolean {
  const n = s.length;
  let damage = '';
  let sev = severityOf(s.charCodeAt(i));
  let p = i + 1;
  let dateless = false;
  if (sev >= 0 && !isDigit(s.charCodeAt(p))) {
    // A glog build that spells the severity out (`INFO:1211 11:42:07.972324 …`, k8s#56996).
    const word = SEVERITY_WORDS[sev];
    if (!s.startsWith(word, i)) return false;
    p = i + word.length;
  }
  if (sev < 0) {
    // Lost first character: the line starts straight with mmdd — or, with the date gone too, with hh:.
    if (!isDigit(s.charCodeAt(i))) return false;
    sev = Severity.Info;
    p = i;
    dateless = s.charCodeAt(i + 2) === 58;
    damage = dateless ? 'no severity letter or date' : 'missing severity letter';
  }
  if (p + (dateless ? 15 : 20) > n) return false;
  let month = 0;
  let day = 0;
  if (!dateless) {
    month = digits(s, p, 2);
    day = digits(s, p + 2, 2);
    if (month < 1 || month > 12 || day < 1 || day > 31 || s.charCodeAt(p + 4) !== 32) return false;
    p += 5;
  }
  const hh = digits(s, p, 2);
  const mm = digits(s, p + 3, 2);
  const ss = digits(s, p + 6, 2);
  if (hh < 0 || hh > 23 || mm < 0 || mm > 59 || ss < 0 || ss > 60) return false;
  if (s.charCodeAt(p + 2) !== 58 || s.charCodeAt(p + 5) !== 58) return false;
  p += 8;
  let fracUs = 0;
  if (s.charCodeAt(p) === 46) {
    p++;
    let nd = 0;
    let v = 0;
    while (nd < 9 && isDigit(s.charCodeAt(p))) {
      if (nd < 6) v = v * 10 + (s.charCodeAt(p) - 48);
      nd++;
      p++;
    }
    if (nd === 0) return false;
    for (let k = nd; k < 6; k++) v *= 10;
    if (nd !== 6 && !damage) damage = `fraction has ${nd} digits`;
    fracUs = v;
  }
  out.severity = sev as Severity;
  out.month = month;
  out.day = day;
  out.todUs = ((hh * 60 + mm) * 60 + ss) * 1_000_000 + fracUs;
  out.start = i;
  // Pid: right-aligned in a 7-char field, so at least one space first.
  if (s.charCodeAt(p) !== 32) return false;
  while (p < n && s.charCodeAt(p) === 32) p++;
  let pid = 0;
  const pidStart = p;
  while (p < n && isDigit(s.charCodeAt(p))) pid = pid * 10 + (s.charCodeAt(p++) - 48);
  if (p === pidStart) {
    damage ||= 'missing pid';
    pid = -1;
  } else if (s.charCodeAt(p) === 32) {
    p++;
  } else {
    return false;
  }
  out.pid = pid;
  // file:line]
  const fileStart = p;
  const limit = Math.min(n, p + 256);
  let colon = -1;
  while (p < limit) {
    const c = s.charCodeAt(p);
    if (c === 93 /* ] */) break;
    if (c === 32) return false;
    if (c === 58) colon = p;
    p++;
  }
  if (p >= limit || s.charCodeAt(p) !== 93) {
    // Without its date, only a whole header is one: a time and a number are too common.
    if (dateless) return false;
    // Cut inside the header: keep what we have, the message is empty.
    out.file = colon > fileStart ? s.slice(fileStart, colon) : s.slice(fileStart, p);
    out.fileLine = colon > 0 ? digits(s, colon + 1, Math.min(p - colon - 1, 6)) : -1;
    out.msgStart = n;
    out.damage = 'header cut before "]"';
    return p > fileStart || pid >= 0;
  }
  if (colon < 0) return false;
  out.file = s.slice(fileStart, colon);
  let fl = 0;
  for (let k = colon + 1; k < p; k++) {
    const c = s.charCodeAt(k);
    if (!isDigit(c)) return false;
    fl = fl * 10 + (c - 48);
  }
  out.fileLine = fl;
  p++;
  if (s.charCodeAt(p) === 32) p++;
  out.msgStart = p;
  out.damage = damage;
  return true;
}

/**
 * Finds a klog header in the first `searchLimit` characters of a line (after a wrapper such as a journald prefix,
 * a CRI prefix, a line number from a blog's code view, ...). Returns false if none.
 */
export function findKlogHeader(s: string, from: number, out: KlogHeader, searchLimit = 512): boolean {
  if (parseKlogHeaderAt(s, from, out)) return true;
  // A header that lost its severity letter (and maybe its date) is only looked for at the line's start, indented by
  // at most a few spaces (a paste's), since its first character is any digit.
  let first = from;
  while (first < from + 8 && (s.charCodeAt(first) === 32 || s.charCodeAt(first) === 9)) first++;
  if (first > from && isDigit(s.charCodeAt(first)) && parseKlogHeaderAt(s, first, out)) return true;
  if (isDigit(s.charCodeAt(first)) && parseTimelessHeaderAt(s, first, out)) return true;
  if (severityOf(s.charCodeAt(first)) >= 0 && parseDateOnlyHeaderAt(s, first, out)) return true;
  if (isFileStart(s.charCodeAt(first)) && parseCallerOnlyAt(s, first, out)) return true;
  const end = Math.min(s.length - 20, from + searchLimit);
  for (let i = from + 1; i < end; i++) {
    const c = s.charCodeAt(i);
    const next = s.charCodeAt(i + 1);
    // `I0312 …`, or a glog build's spelled-out `INFO:1211 …` (parseKlogHeaderAt checks the word).
    if (severityOf(c) >= 0 && (isDigit(next) || (next >= 65 && next <= 90))) {
      const prev = s.charCodeAt(i - 1);
      // A header follows a separator, never the middle of a word.
      if ((prev === 32 || prev === 9 || prev === 58 || prev === 93 || prev === 62 || prev === 124 || prev === 96) &&
        parseKlogHeaderAt(s, i, out)) {
        return true;
      }
    }
  }
  return false;
}

/**
 * A header cut down to its pid and caller (`29867 cpu_manager.go:158] msg`, the date, time and severity cut away
 * with a paste's columns). With no time to anchor it, only this whole shape counts: a pid of at most 7 digits, one
 * space, a Go file's name and line, `] `.
 */
function parseTimelessHeaderAt(s: string, i: number, out: KlogHeader): boolean {
  const n = s.length;
  let p = i;
  let pid = 0;
  while (p < n && p - i < 8 && isDigit(s.charCodeAt(p))) pid = pid * 10 + (s.charCodeAt(p++) - 48);
  if (p - i > 7 || s.charCodeAt(p) !== 32) return false;
  const fileStart = ++p;
  const limit = Math.min(n, p + 256);
  while (p < limit && s.charCodeAt(p) !== 58 && s.charCodeAt(p) !== 32 && s.charCodeAt(p) !== 93) p++;
  return timelessCallerAt(s, i, fileStart, p, pid, 'no severity letter, date or time', out);
}

/**
 * A header that lost its time of day and pid but kept its severity and date (`W0216 eviction_manager.go:329] msg`, a
 * paste that cut the columns between them): at the line's start, severity letter, month-day, spaces, perhaps the pid,
 * a Go file's name and line, `] `. Its time is unknown (NaN): the reader times it by its day.
 */
function parseDateOnlyHeaderAt(s: string, i: number, out: KlogHeader): boolean {
  const month = digits(s, i + 1, 2);
  const day = digits(s, i + 3, 2);
  if (month < 1 || month > 12 || day < 1 || day > 31 || s.charCodeAt(i + 5) !== 32) return false;
  const n = s.length;
  let p = i + 5;
  while (p < n && p - i < 14 && s.charCodeAt(p) === 32) p++;
  let pid = -1;
  if (isDigit(s.charCodeAt(p))) {
    const pidStart = p;
    pid = 0;
    while (p < n && p - pidStart < 8 && isDigit(s.charCodeAt(p))) pid = pid * 10 + (s.charCodeAt(p++) - 48);
    if (p - pidStart > 7 || s.charCodeAt(p) !== 32) return false;
    while (p < n && s.charCodeAt(p) === 32 && p - pidStart < 16) p++;
  }
  const fileStart = p;
  const limit = Math.min(n, p + MAX_CALLER_FILE);
  while (p < limit && isFileChar(s.charCodeAt(p))) p++;
  if (!isFileStart(s.charCodeAt(fileStart)) || !timelessCallerAt(s, i, fileStart, p, pid, '', out)) return false;
  out.severity = severityOf(s.charCodeAt(i));
  out.month = month;
  out.day = day;
  return true;
}

/**
 * The rest of a header that kept only its caller (and perhaps its pid): `file.go:LINE] ` with the file from
 * `fileStart` to the colon at `colon`. Fills `out` as a record with no time (severity unknown, read as information).
 */
function timelessCallerAt(s: string, start: number, fileStart: number, colon: number, pid: number, damage: string, out: KlogHeader): boolean {
  if (s.charCodeAt(colon) !== 58 || colon - fileStart < 4 || !s.startsWith('.go', colon - 3)) return false;
  const n = s.length;
  let p = colon + 1;
  let fl = 0;
  while (p < n && p - colon < 8 && isDigit(s.charCodeAt(p))) fl = fl * 10 + (s.charCodeAt(p++) - 48);
  if (p === colon + 1 || s.charCodeAt(p) !== 93 || s.charCodeAt(p + 1) !== 32) return false;
  out.severity = Severity.Info;
  out.month = 0;
  out.day = 0;
  out.todUs = NaN;
  out.pid = pid;
  out.file = s.slice(fileStart, colon);
  out.fileLine = fl;
  out.msgStart = p + 2;
  out.start = start;
  out.damage = damage;
  return true;
}

/**
 * A header cut down to its caller alone (`cni.go:157] Unable to update cni config: …`, a paste that kept only what
 * follows the pid): at the line's start, a Go file's name and line and `] `. No pid (-1), no time.
 */
function parseCallerOnlyAt(s: string, i: number, out: KlogHeader): boolean {
  let p = i;
  const limit = Math.min(s.length, p + MAX_CALLER_FILE);
  while (p < limit && isFileChar(s.charCodeAt(p))) p++;
  // (Not damage line by line: a paste of such lines is trimmed on purpose, and the reader says so once.)
  return timelessCallerAt(s, i, i, p, -1, '', out);
}
const MAX_CALLER_FILE = 80;

/** A Go source file's name: letters, digits, `_`, `-`, `.`. */
function isFileChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45 || c === 46;
}
function isFileStart(c: number): boolean {
  return (c >= 97 && c <= 122) || c === 95;
}

export function newKlogHeader(): KlogHeader {
  return { severity: Severity.Info, month: 0, day: 0, todUs: 0, pid: 0, file: '', fileLine: 0, msgStart: 0, start: 0, damage: '' };
}
