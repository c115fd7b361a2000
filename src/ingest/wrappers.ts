/**
 * Prefixes that other tools put in front of a kubelet line. Each recognizer looks only at the start of the line,
 * reads a bounded number of characters, and reports where the kubelet's own text begins plus what the wrapper told
 * us (a year, a host, an exact time).
 */
import { MONTHS, dayStartUs } from '../util/time.ts';

export type WrapperKind =
  | 'journald-short'
  | 'journald-precise'
  | 'journald-iso'
  | 'cri'
  | 'node-prefix'
  | 'timestamp'
  | 'none';

export interface Wrapper {
  kind: WrapperKind;
  payloadStart: number;
  /** Calendar year the wrapper states, or 0. */
  year: number;
  /** Wall-clock epoch µs the wrapper states (UTC as printed; offsets are not applied), or NaN. */
  epochUs: number;
  /** Host / node name the wrapper states, or ''. */
  host: string;
  /** syslog identifier (`kubelet`, `k3s`, ...) for journald prefixes, or ''. */
  ident: string;
}

export function newWrapper(): Wrapper {
  return { kind: 'none', payloadStart: 0, year: 0, epochUs: NaN, host: '', ident: '' };
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

/** `YYYY-MM-DD[T ]hh:mm:ss[.frac][Z|±hh:mm|±hhmm]`; returns the end index or -1. Writes year and epoch. */
export function parseIsoTimestamp(s: string, i: number, out: { year: number; epochUs: number }): number {
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
    while (isDigit(s.charCodeAt(p))) {
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
  out.epochUs = dayStartUs(y, mo, d) + ((hh * 60 + mm) * 60 + ss) * 1_000_000 + fracUs;
  return p;
}

/** `host ident[pid]: ` after a journald time; returns payload start or -1. */
function parseHostIdent(s: string, p: number, w: Wrapper): number {
  if (s.charCodeAt(p) !== 32) return -1;
  p++;
  const hostStart = p;
  const limit = Math.min(s.length, p + 256);
  while (p < limit && s.charCodeAt(p) !== 32) p++;
  if (p >= limit) return -1;
  const host = s.slice(hostStart, p);
  p++;
  const identStart = p;
  while (p < limit && s.charCodeAt(p) !== 91 /* [ */ && s.charCodeAt(p) !== 58 && s.charCodeAt(p) !== 32) p++;
  if (p >= limit || p === identStart) return -1;
  const ident = s.slice(identStart, p);
  if (s.charCodeAt(p) === 91) {
    const close = s.indexOf(']', p);
    if (close < 0 || close - p > 12) return -1;
    p = close + 1;
  }
  if (s.charCodeAt(p) !== 58) return -1;
  p++;
  if (s.charCodeAt(p) === 32) p++;
  w.host = host;
  w.ident = ident;
  return p;
}

const isoScratch = { year: 0, epochUs: NaN };

/** Tries every known wrapper at the start of the line. Fills `w` and returns true if one matched. */
export function parseWrapper(s: string, w: Wrapper): boolean {
  w.kind = 'none';
  w.payloadStart = 0;
  w.year = 0;
  w.epochUs = NaN;
  w.host = '';
  w.ident = '';
  const c0 = s.charCodeAt(0);
  // journald short / short-precise: `Mar 15 10:02:03[.123456] host ident[pid]: `
  if (c0 >= 65 && c0 <= 90 && s.charCodeAt(3) === 32) {
    const month = MONTHS[s.slice(0, 3)];
    if (month) {
      const dayStr = s.charCodeAt(4) === 32 ? 5 : 4; // day may be space-padded
      const day = num(s, dayStr, s.charCodeAt(4) === 32 ? 1 : 2);
      let p = dayStr + (s.charCodeAt(4) === 32 ? 1 : 2);
      if (day > 0 && s.charCodeAt(p) === 32 && num(s, p + 1, 2) >= 0 && s.charCodeAt(p + 3) === 58) {
        p += 9;
        let precise = false;
        if (s.charCodeAt(p) === 46) {
          precise = true;
          p++;
          while (isDigit(s.charCodeAt(p))) p++;
        }
        const payload = parseHostIdent(s, p, w);
        if (payload > 0) {
          w.kind = precise ? 'journald-precise' : 'journald-short';
          w.payloadStart = payload;
          return true;
        }
      }
    }
  }
  if (isDigit(c0)) {
    // ISO-stamped wrappers: journald short-iso, CRI log files, CI runners.
    const end = parseIsoTimestamp(s, 0, isoScratch);
    if (end > 0) {
      w.year = isoScratch.year;
      w.epochUs = isoScratch.epochUs;
      // CRI: `<ts> stdout|stderr F|P <payload>`
      if (s.startsWith(' stderr ', end) || s.startsWith(' stdout ', end)) {
        const tag = s.charCodeAt(end + 8);
        if ((tag === 70 || tag === 80) && s.charCodeAt(end + 9) === 32) {
          w.kind = 'cri';
          w.payloadStart = end + 10;
          return true;
        }
      }
      const payload = parseHostIdent(s, end, w);
      if (payload > 0) {
        w.kind = 'journald-iso';
        w.payloadStart = payload;
        return true;
      }
      w.kind = 'timestamp';
      let p = end;
      while (s.charCodeAt(p) === 32 || s.charCodeAt(p) === 9) p++;
      w.payloadStart = p;
      return true;
    }
    // talosctl / multi-node prefixes: `10.5.0.2: <payload>`
    let p = 0;
    let dots = 0;
    while (p < 40 && (isDigit(s.charCodeAt(p)) || s.charCodeAt(p) === 46)) {
      if (s.charCodeAt(p) === 46) dots++;
      p++;
    }
    if (dots === 3 && s.charCodeAt(p) === 58 && s.charCodeAt(p + 1) === 32) {
      w.kind = 'node-prefix';
      w.host = s.slice(0, p);
      w.payloadStart = p + 2;
      return true;
    }
  }
  return false;
}

/** Finds a year stated anywhere in a prefix (prose, CI banner, ...): the first `YYYY-MM-DD`. */
export function yearInText(s: string, from: number, to: number): number {
  for (let i = s.indexOf('-', from); i >= 0 && i < to; i = s.indexOf('-', i + 1)) {
    if (i >= from + 4 && s.charCodeAt(i + 3) === 45) {
      const y = num(s, i - 4, 4);
      const m = num(s, i + 1, 2);
      if (y >= 1970 && y < 2200 && m >= 1 && m <= 12) return y;
    }
  }
  return 0;
}
