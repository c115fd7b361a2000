/**
 * The klog header read straight from bytes, for the ingest fast path (byte-lines.ts): a bare line
 * `Lmmdd hh:mm:ss.uuuuuu PPPPPPP file.go:NNN] msg` that starts at the first byte of the line.
 *
 * Stricter than parseKlogHeaderAt (klog-header.ts) on purpose: it accepts only clean headers — exactly six fraction
 * digits, a pid, a caller `file:line` whose file name uses `[A-Za-z0-9_./]` only, and `] ` before the message — and
 * for every line it accepts, the string parser reads the same values. Anything else (damage, wrappers, a header
 * further into the line, unusual file names) is left to the string path, which handles it.
 *
 * The file-name rule matters beyond parsing: with no `=`, `"`, `-` or space in the header, nothing that later looks
 * for `key=`, quoted values or `-MM-DD` dates in a record's text can find it in the header, so the fast path may
 * look at the message alone.
 */

export interface BareKlogHeader {
  severity: number;
  month: number;
  day: number;
  todUs: number;
  pid: number;
  /** The caller's file name is bytes [fileStart, fileEnd) of the line. */
  fileStart: number;
  fileEnd: number;
  fileLine: number;
  /** Byte where the message starts (after `] `). */
  msgStart: number;
}

export function newBareKlogHeader(): BareKlogHeader {
  return { severity: 0, month: 0, day: 0, todUs: 0, pid: 0, fileStart: 0, fileEnd: 0, fileLine: 0, msgStart: 0 };
}

const SPACE = 32;
const COLON = 58;
/** Longest pid / line number read here (longer ones are left to the string parser). */
const MAX_NUMBER_DIGITS = 9;
/** parseKlogHeaderAt reads `file:line]` within this many characters. */
const MAX_CALLER_CHARS = 256;

function severityOf(c: number): number {
  switch (c) {
    case 73: return 0; // I
    case 87: return 1; // W
    case 69: return 2; // E
    case 70: return 3; // F
    default: return -1;
  }
}

const isDigit = (c: number) => c >= 48 && c <= 57;

function twoDigits(b: Uint8Array, i: number): number {
  const a = b[i];
  const c = b[i + 1];
  return isDigit(a) && isDigit(c) ? (a - 48) * 10 + (c - 48) : -1;
}

/** 1 for the bytes a caller's file name may hold here: `[A-Za-z0-9_./]` (a table: this runs for every byte of it). */
const FILE_NAME_BYTE = new Uint8Array(256);
for (const c of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./') FILE_NAME_BYTE[c.charCodeAt(0)] = 1;

/** Parses a clean bare header at b[start] within the line b[start, end). False if the line is anything else. */
export function parseBareKlogHeader(b: Uint8Array, start: number, end: number, out: BareKlogHeader): boolean {
  // `Lmmdd hh:mm:ss.uuuuuu ` is 22 bytes; the pid, caller and `] ` need at least 6 more.
  if (end - start < 28) return false;
  const severity = severityOf(b[start]);
  if (severity < 0) return false;
  const month = twoDigits(b, start + 1);
  const day = twoDigits(b, start + 3);
  if (month < 1 || month > 12 || day < 1 || day > 31 || b[start + 5] !== SPACE) return false;
  const hh = twoDigits(b, start + 6);
  const mm = twoDigits(b, start + 9);
  const ss = twoDigits(b, start + 12);
  if (hh < 0 || hh > 23 || mm < 0 || mm > 59 || ss < 0 || ss > 60) return false;
  if (b[start + 8] !== COLON || b[start + 11] !== COLON || b[start + 14] !== 46 /* . */) return false;
  let fracUs = 0;
  for (let k = start + 15; k < start + 21; k++) {
    const c = b[k];
    if (!isDigit(c)) return false;
    fracUs = fracUs * 10 + (c - 48);
  }
  let p = start + 21;
  if (b[p] !== SPACE) return false;
  while (p < end && b[p] === SPACE) p++;
  const pidStart = p;
  let pid = 0;
  while (p < end && isDigit(b[p])) pid = pid * 10 + (b[p++] - 48);
  if (p === pidStart || p - pidStart > MAX_NUMBER_DIGITS || p >= end || b[p] !== SPACE) return false;
  p++;
  const fileStart = p;
  const callerLimit = Math.min(end, fileStart + MAX_CALLER_CHARS);
  while (p < callerLimit && FILE_NAME_BYTE[b[p]] === 1) p++;
  const fileEnd = p;
  if (fileEnd === fileStart || p >= callerLimit || b[p] !== COLON) return false;
  p++;
  const lineStart = p;
  let fileLine = 0;
  while (p < callerLimit && isDigit(b[p])) fileLine = fileLine * 10 + (b[p++] - 48);
  if (p === lineStart || p - lineStart > MAX_NUMBER_DIGITS || p >= callerLimit) return false;
  if (b[p] !== 93 /* ] */ || p + 1 >= end || b[p + 1] !== SPACE) return false;
  out.severity = severity;
  out.month = month;
  out.day = day;
  out.todUs = ((hh * 60 + mm) * 60 + ss) * 1_000_000 + fracUs;
  out.pid = pid;
  out.fileStart = fileStart;
  out.fileEnd = fileEnd;
  out.fileLine = fileLine;
  out.msgStart = p + 2;
  return true;
}
