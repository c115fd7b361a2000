/**
 * Matching the message-text filter against events' raw lines.
 *
 * Plain text is searched in the raw UTF-8 bytes, never decoded: native Uint8Array.indexOf finds each occurrence of
 * the needle's rarest byte (in both ASCII cases), the needle is compared around it with ASCII case folding, and a
 * hit's line is mapped to the event whose record covers it; the search then goes on from the next line. Cost: one
 * native pass over the bytes plus the candidates. Case folding is ASCII-only (other characters match as typed).
 *
 * A regular expression runs on the core's linear-time engine (trace/safe-regex.ts: an NFA simulation, no
 * backtracking) over each record cut to MAX_SUBJECT_CHARS, with one step budget for the whole pass. Records that
 * lack the pattern's required literal (required-literal.ts) are rejected by the byte search first. Both passes come in
 * steps that yield their progress (event-filter.ts textMatchSteps runs them, text-match-runner.ts spreads them).
 */
import { eventRawText } from '../model/trace-query.ts';
import { pieceAt, pieceBytes, pieceLength } from '../model/raw-text.ts';
import type { RawText, Trace } from '../model/trace.ts';
import type { SafePattern, StepBudget } from '../trace/safe-regex-run.ts';
import { lineToEvent } from './line-events.ts';

/** Characters of each record a regular expression looks at. */
export const MAX_SUBJECT_CHARS = 2_000;

const encoder = new TextEncoder();
const lowerAscii = (b: number) => (b >= 65 && b <= 90 ? b + 32 : b);

/** The byte at a source offset, in whichever piece holds it (for the rare match that straddles two pieces), or -1. */
function byteAt(raw: RawText, offset: number): number {
  if (offset < 0 || raw.pieces.length === 0) return -1;
  const c = pieceAt(raw, offset);
  const at = offset - raw.pieceStarts[c];
  return at < pieceLength(raw, c) ? pieceBytes(raw, c)[at] : -1;
}

/**
 * How common each lower-case ASCII byte is in kubelet logs, most common first (spaces, vowels and the letters of
 * common words; digits and separators of timestamps and IDs). The search runs on the needle's rarest byte, so
 * `probe` is found by its `b`, not by every `p` of the log.
 */
const COMMON_FIRST = ' etaoinsrdlc0123456789u:.-"mpghfy=/_bwvk,x[]{}()jqz';

function rarity(b: number): number {
  const at = COMMON_FIRST.indexOf(String.fromCharCode(b));
  return at < 0 ? COMMON_FIRST.length : at;
}

/** Marks every event whose record contains `text` (ASCII case-insensitive). */
export function plainTextMask(trace: Trace, text: string): Uint8Array {
  return runToEnd(plainTextMaskSteps(trace, text));
}

/** A stepwise pass run as the first `share` of another's progress. */
function* scaled<R>(steps: Generator<number, R>, share: number): Generator<number, R> {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    yield r.value * share;
  }
}

/** Runs a stepwise pass to its end on the calling thread. */
export function runToEnd<R>(steps: Generator<number, R>): R {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/**
 * plainTextMask in steps: yields the fraction of the text searched after each piece (a piece is a pack block, a
 * few hundred KB), so a caller can spread a pass over a big log across frames (text-match-runner.ts).
 */
export function* plainTextMaskSteps(trace: Trace, text: string): Generator<number, Uint8Array> {
  const mask = new Uint8Array(trace.events.count);
  const needle = encoder.encode(text.toLowerCase()).map(lowerAscii);
  if (needle.length === 0) return mask.fill(1);
  const n = needle.length;
  let anchor = 0;
  for (let k = 1; k < n; k++) if (rarity(needle[k]) > rarity(needle[anchor])) anchor = k;
  const lowerByte = needle[anchor];
  const upperByte = lowerByte >= 97 && lowerByte <= 122 ? lowerByte - 32 : lowerByte;
  const maps = lineToEvent(trace);
  let total = 0;
  for (const raw of trace.raw) total += raw.pieces.length;
  let piecesDone = 0;
  for (let s = 0; s < trace.raw.length; s++) {
    const raw = trace.raw[s];
    const { pieceStarts, lineStarts } = raw;
    const map = maps[s];
    const lastLine = lineStarts.length - 2;
    let line = 0;
    // Where the next anchor may be, in the source: after a hit, the rest of its line adds nothing.
    let resumeAt = 0;
    for (let c = 0; c < raw.pieces.length; c++) {
      const chunk = pieceBytes(raw, c);
      const base = pieceStarts[c];
      const from = Math.max(0, resumeAt - base);
      if (from >= chunk.length) { yield ++piecesDone / total; continue; }
      let lower = chunk.indexOf(lowerByte, from);
      let upper = upperByte === lowerByte ? -1 : chunk.indexOf(upperByte, from);
      while (lower >= 0 || upper >= 0) {
        const q = upper < 0 || (lower >= 0 && lower < upper) ? lower : upper;
        // The match would start at p (possibly in the piece before) and end at p + n (possibly in the next).
        const p = q - anchor;
        let k = 0;
        if (p >= 0 && p + n <= chunk.length) while (k < n && lowerAscii(chunk[p + k]) === needle[k]) k++;
        else while (k < n && lowerAscii(byteAt(raw, base + p + k)) === needle[k]) k++;
        let next = q + 1;
        if (k === n) {
          const at = base + p;
          while (line < lastLine && lineStarts[line + 1] <= at) line++;
          const e = map[line];
          if (e >= 0) mask[e] = 1;
          if (line < lastLine) {
            resumeAt = lineStarts[line + 1] + anchor;
            next = Math.max(next, resumeAt - base);
          } else {
            next = chunk.length;
          }
        }
        if (next >= chunk.length) break;
        if (lower >= 0 && lower < next) lower = chunk.indexOf(lowerByte, next);
        if (upper >= 0 && upper < next) upper = chunk.indexOf(upperByte, next);
      }
      yield ++piecesDone / total;
    }
  }
  return mask;
}

/**
 * Events a regular-expression pass tests between two yields: few enough that a step stays short when every line is a
 * candidate (the engine takes tens of µs on a long line), since the runner can only stop between steps.
 */
const REGEX_EVENTS_PER_STEP = 256;

/**
 * The regular-expression pass in steps, as a mask: the required literal's byte search first (the first half of the
 * progress when there is one), then the engine on each remaining record. Throws the engine's 'budget-exceeded'.
 */
export function* regexMaskSteps(trace: Trace, pattern: SafePattern, budget: StepBudget, literal = ''): Generator<number, Uint8Array> {
  const n = trace.events.count;
  const candidates = literal ? yield* scaled(plainTextMaskSteps(trace, literal), 0.5) : undefined;
  const mask = new Uint8Array(n);
  const base = candidates ? 0.5 : 0;
  for (let from = 0; from < n; from += REGEX_EVENTS_PER_STEP) {
    const to = Math.min(n, from + REGEX_EVENTS_PER_STEP);
    for (let e = from; e < to; e++) {
      if (candidates && candidates[e] === 0) continue;
      if (pattern.find(eventRawText(trace, e, MAX_SUBJECT_CHARS), 0, budget) !== undefined) mask[e] = 1;
    }
    yield base + (1 - base) * (to / n);
  }
  return mask;
}
