/**
 * The record being read: its header line plus the continuation lines that follow. The pieces are joined once when
 * the record is done, and the "are we inside a quoted value?" question is answered incrementally, so a record with
 * a hundred thousand continuation lines costs linear time, never quadratic.
 */
import type { LogRecord } from './record.ts';

/** Text kept per record; continuation lines beyond it are still counted, and the raw lines stay in the raw store. */
export const MAX_RECORD_CHARS = 1 << 20;

enum Quote { Unknown = -1, Closed = 0, Open = 1, OpenEscape = 2 }

/** One instance per reader, reused for every record (no allocation per line beyond the record itself). */
export class PendingRecord {
  rec!: LogRecord;
  /** parts[0] is the header line's text, parts[1..count) the continuation pieces (the array is reused, never shrunk). */
  private readonly parts: string[] = [''];
  private count = 1;
  private chars = 0;
  private quote: Quote = Quote.Unknown;
  /** Parts already folded into `quote`. */
  private scannedParts = 0;
  /** Open `{` and `[` so far (a Go value printed with %+v), and the parts folded into it. */
  private depth = 0;
  private depthParts = 0;
  /** Lines joined as the rest of a message an editor hard-wrapped right after the header (see messageEmpty). */
  wrappedLines = 0;

  start(rec: LogRecord): this {
    this.rec = rec;
    this.parts[0] = rec.text;
    this.count = 1;
    this.chars = rec.text.length;
    this.quote = Quote.Unknown;
    this.scannedParts = 0;
    this.depth = 0;
    this.depthParts = 0;
    this.wrappedLines = 0;
    return this;
  }

  /** Nothing after the header yet: the header ended its line. */
  messageEmpty(): boolean {
    return this.count === 1 && this.rec.text.trimEnd().length <= this.rec.msgStart;
  }

  /** Only the header's line so far: no continuation line taken. */
  headerOnly(): boolean {
    return this.count === 1;
  }

  get length(): number {
    return this.chars;
  }

  /** Whether the text so far ends with `suffix` (looks only at the last piece). */
  endsWith(suffix: string): boolean {
    return this.parts[this.count - 1].endsWith(suffix);
  }

  /** The last `n` characters of the text so far (of its last piece). */
  tail(n: number): string {
    const last = this.parts[this.count - 1];
    return last.length <= n ? last : last.slice(last.length - n);
  }

  /** Adds `s` to the text and stretches the record to physical line `lastLine`. */
  append(s: string, lastLine: number): void {
    this.extendTo(lastLine);
    if (this.chars + s.length > MAX_RECORD_CHARS) return;
    this.parts[this.count++] = s;
    this.chars += s.length;
  }

  /** Drops trailing spaces of the text so far (before joining a hard-wrapped line with one space). */
  trimEnd(): void {
    const last = this.count - 1;
    const trimmed = this.parts[last].trimEnd();
    this.chars -= this.parts[last].length - trimmed.length;
    this.parts[last] = trimmed;
    if (this.scannedParts > last) this.quote = Quote.Unknown;
    // (Trailing spaces hold no brackets: the depth stays right.)
  }

  /** Stretches the record to physical line `lastLine` without adding text (an attached panic or goroutine dump). */
  extendTo(lastLine: number): void {
    const rec = this.rec;
    if (lastLine - rec.line + 1 > rec.lineCount) rec.lineCount = lastLine - rec.line + 1;
  }

  /** An odd number of unescaped double quotes after the message start: the text was cut inside a quoted value. */
  insideQuote(): boolean {
    if (this.quote === Quote.Unknown) {
      this.quote = Quote.Closed;
      this.scannedParts = 0;
    }
    while (this.scannedParts < this.count) {
      const k = this.scannedParts++;
      this.quote = scanQuotes(this.parts[k], k === 0 ? this.rec.msgStart : 0, this.quote);
    }
    return this.quote !== Quote.Closed;
  }

  /**
   * How many `{` and `[` the message leaves open (a Go struct or list printed with %+v and cut by a terminal): the
   * bracket count over the parts not yet folded in, so asking after each line costs only the new text.
   */
  openBrackets(): number {
    while (this.depthParts < this.count) {
      const k = this.depthParts++;
      this.depth += bracketBalance(this.parts[k], k === 0 ? this.rec.msgStart : 0, this.parts[k].length);
    }
    return this.depth;
  }

  /** The finished record, with its text joined. */
  finish(): LogRecord {
    const rec = this.rec;
    if (this.count > 1) {
      let text = this.parts[0];
      for (let k = 1; k < this.count; k++) text += this.parts[k];
      rec.text = text;
    }
    // Drop references to the text so the pieces can be collected.
    for (let k = 0; k < this.count; k++) this.parts[k] = '';
    this.count = 1;
    return rec;
  }
}

function scanQuotes(s: string, from: number, state: Quote): Quote {
  let q = state;
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (q === Quote.OpenEscape) q = Quote.Open;
    else if (q === Quote.Open) {
      if (c === 92) q = Quote.OpenEscape;
      else if (c === 34) q = Quote.Closed;
    } else if (c === 34) q = Quote.Open;
  }
  return q;
}

/** `{` and `[` minus `}` and `]` in s[from, to). */
function bracketBalance(s: string, from: number, to: number): number {
  let d = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c === 123 || c === 91) d++;
    else if (c === 125 || c === 93) d--;
  }
  return d;
}

/** Whether s from `from` closes `open` brackets somewhere (the count falls to zero), on its own line. */
export function closesBrackets(s: string, from: number, open: number): boolean {
  let d = open;
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 123 || c === 91) d++;
    else if ((c === 125 || c === 93) && --d <= 0) return true;
  }
  return false;
}
