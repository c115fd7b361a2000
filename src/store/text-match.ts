/**
 * Matching the message-text filter against events' raw lines. Plain text is searched in the raw UTF-8 bytes with
 * ASCII case folding (no decoding, so a million events take a fraction of a second). A regular expression runs on
 * the core's linear-time engine (trace/safe-regex.ts: an NFA simulation, no backtracking) over each record cut to
 * MAX_SUBJECT_CHARS, with one step budget for the whole filter pass.
 */
import { eventRawText } from '../model/trace-query.ts';
import type { Trace } from '../model/trace.ts';
import type { SafePattern, StepBudget } from '../trace/safe-regex-run.ts';

/** Characters of each record a regular expression looks at. */
export const MAX_SUBJECT_CHARS = 2_000;

export type EventTextTest = (e: number) => boolean;

const encoder = new TextEncoder();
const lowerAscii = (b: number) => (b >= 65 && b <= 90 ? b + 32 : b);

/** Case-insensitive (ASCII) search of `needle` in bytes[from, to). */
function includesFolded(bytes: Uint8Array, from: number, to: number, needle: Uint8Array): boolean {
  const n = needle.length;
  const first = needle[0];
  const last = to - n;
  for (let i = from; i <= last; i++) {
    if (lowerAscii(bytes[i]) !== first) continue;
    let k = 1;
    while (k < n && lowerAscii(bytes[i + k]) === needle[k]) k++;
    if (k === n) return true;
  }
  return false;
}

/** A plain-text test. Non-ASCII needles fall back to decoding (case-sensitive beyond ASCII). */
export function plainTextTest(trace: Trace, text: string): EventTextTest {
  const needle = encoder.encode(text.toLowerCase()).map(lowerAscii);
  const ev = trace.events;
  const lastChunk = new Int32Array(trace.raw.length);
  return (e) => {
    const raw = trace.raw[ev.source[e]];
    const from = raw.lineStarts[ev.line[e] - 1];
    const to = raw.lineStarts[Math.min(raw.lineStarts.length - 1, ev.line[e] - 1 + ev.lineCount[e])];
    if (from === undefined || to === undefined) return false;
    // Events come mostly in file order, so the chunk of the previous event is the best first guess.
    let c = lastChunk[ev.source[e]];
    if (raw.chunkStarts[c] > from || (c + 1 < raw.chunks.length && raw.chunkStarts[c + 1] <= from)) {
      c = 0;
      while (c + 1 < raw.chunks.length && raw.chunkStarts[c + 1] <= from) c++;
      lastChunk[ev.source[e]] = c;
    }
    const chunk = raw.chunks[c];
    const start = from - raw.chunkStarts[c];
    const end = to - raw.chunkStarts[c];
    if (end <= chunk.length) return includesFolded(chunk, start, end, needle);
    return eventRawText(trace, e, 1 << 16).toLowerCase().includes(text.toLowerCase());
  };
}

/** A pattern test; the budget is shared by every call (the engine throws 'budget-exceeded' when it is spent). */
export function regexTest(trace: Trace, pattern: SafePattern, budget: StepBudget): EventTextTest {
  return (e) => pattern.find(eventRawText(trace, e, MAX_SUBJECT_CHARS), 0, budget) !== undefined;
}
