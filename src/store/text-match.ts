/**
 * Matching the message-text filter against events' raw lines.
 *
 * Plain text is searched in the raw UTF-8 bytes, never decoded: native Uint8Array.indexOf finds each occurrence of
 * the first byte (in both ASCII cases), the rest is compared with ASCII case folding, and a hit's line is mapped to
 * the event whose record covers it. Cost: one native pass over the bytes plus the candidates. Case folding is
 * ASCII-only (other characters match as typed).
 *
 * A regular expression runs on the core's linear-time engine (trace/safe-regex.ts: an NFA simulation, no
 * backtracking) over each record cut to MAX_SUBJECT_CHARS, with one step budget for the whole pass. Records that
 * lack the pattern's required literal (required-literal.ts) are rejected by the byte search first.
 */
import { eventRawText } from '../model/trace-query.ts';
import { pieceBytes, pieceLength } from '../model/raw-text.ts';
import type { RawText, Trace } from '../model/trace.ts';
import type { SafePattern, StepBudget } from '../trace/safe-regex-run.ts';
import { lineToEvent } from './line-events.ts';

/** Characters of each record a regular expression looks at. */
export const MAX_SUBJECT_CHARS = 2_000;

export type EventTextTest = (e: number) => boolean;

const encoder = new TextEncoder();
const lowerAscii = (b: number) => (b >= 65 && b <= 90 ? b + 32 : b);

/** The byte at a source offset past piece `c` (slow path for matches that straddle two pieces). */
function byteAt(raw: RawText, c: number, offset: number): number {
  while (c < raw.pieces.length && offset >= raw.pieceStarts[c] + pieceLength(raw, c)) c++;
  return c < raw.pieces.length ? pieceBytes(raw, c)[offset - raw.pieceStarts[c]] : -1;
}

/** Marks every event whose record contains `text` (ASCII case-insensitive). */
export function plainTextMask(trace: Trace, text: string): Uint8Array {
  const mask = new Uint8Array(trace.events.count);
  const needle = encoder.encode(text.toLowerCase()).map(lowerAscii);
  if (needle.length === 0) return mask.fill(1);
  const n = needle.length;
  const first = needle[0];
  const firstUpper = first >= 97 && first <= 122 ? first - 32 : first;
  const maps = lineToEvent(trace);
  trace.raw.forEach((raw, s) => {
    const { pieceStarts, lineStarts } = raw;
    const map = maps[s];
    let line = 0;
    for (let c = 0; c < raw.pieces.length; c++) {
      const chunk = pieceBytes(raw, c);
      const base = pieceStarts[c];
      let lower = chunk.indexOf(first);
      let upper = firstUpper === first ? -1 : chunk.indexOf(firstUpper);
      while (lower >= 0 || upper >= 0) {
        const p = upper < 0 || (lower >= 0 && lower < upper) ? lower : upper;
        let k = 1;
        if (p + n <= chunk.length) while (k < n && lowerAscii(chunk[p + k]) === needle[k]) k++;
        else while (k < n && lowerAscii(byteAt(raw, c, base + p + k)) === needle[k]) k++;
        if (k === n) {
          while (line + 1 < lineStarts.length - 1 && lineStarts[line + 1] <= base + p) line++;
          const e = map[line];
          if (e >= 0) mask[e] = 1;
        }
        if (p === lower) lower = chunk.indexOf(first, p + 1);
        else upper = chunk.indexOf(firstUpper, p + 1);
      }
    }
  });
  return mask;
}

/** A plain-text test (the whole pass runs once, up front). */
export function plainTextTest(trace: Trace, text: string): EventTextTest {
  const mask = plainTextMask(trace, text);
  return (e) => mask[e] === 1;
}

/**
 * A pattern test; the budget is shared by every call (the engine throws 'budget-exceeded' when it is spent).
 * `literal`, when given, must occur in every match: records without it are skipped without running the engine.
 */
export function regexTest(trace: Trace, pattern: SafePattern, budget: StepBudget, literal = ''): EventTextTest {
  const candidates = literal ? plainTextMask(trace, literal) : undefined;
  return (e) => (!candidates || candidates[e] === 1) && pattern.find(eventRawText(trace, e, MAX_SUBJECT_CHARS), 0, budget) !== undefined;
}
