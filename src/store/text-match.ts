/**
 * Matching the message-text filter against events' raw lines. Plain text is searched in the raw UTF-8 bytes with
 * ASCII case folding (no decoding, so a million events take a fraction of a second); a regular expression
 * decodes each record, cut to the safe-regex subject cap, and stops when its time budget runs out.
 */
import { eventRawText } from '../model/trace-query.ts';
import type { Trace } from '../model/trace.ts';
import { MAX_SUBJECT_CHARS, testBounded } from './safe-regex.ts';

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

export class RegexBudgetExceeded extends Error {}

/** A regex test with a total time budget across all calls; throws RegexBudgetExceeded when it is spent. */
export function regexTest(trace: Trace, regex: RegExp, budgetMs: number, now: () => number): EventTextTest {
  const deadline = now() + budgetMs;
  let calls = 0;
  return (e) => {
    if ((++calls & 255) === 0 && now() > deadline) throw new RegexBudgetExceeded('pattern too slow');
    return testBounded(regex, eventRawText(trace, e, MAX_SUBJECT_CHARS));
  };
}
