/**
 * The two ways a source's bytes become lines.
 *
 * The fast way: most lines of a big kubelet log are bare klog lines that repeat a text seen before. For those, the
 * line is found and handed to a FastLineTaker as bytes — no decoding, no string — and the taker recognises the text
 * by its bytes (model/record-memo.ts). The ordinary way: LineSplitter decodes the line and the source reader reads
 * it as text; it handles everything (wrappers, JSON, continuation lines, damage, very long lines, documents).
 *
 * Lines keep their order whichever way they go. The taker reads a line offered to it up to its newline itself (so
 * the bytes of a line it takes are read once, not once to find the newline and again to recognise it); it must
 * refuse a line that does not end inside the chunk, holds a NUL byte or more than the splitter would keep, and
 * whatever else it cannot handle exactly as the ordinary way would. Before any line goes the ordinary way the taker
 * is told (so a line it holds is handed over first), and the splitter is told where the ordinary way resumes
 * (LineSplitter.skipTo).
 */
import { DEFAULT_MAX_LINE_CHARS, LineSplitter } from './line-splitter.ts';
import { indexOfByte } from '../util/byte-search.ts';

export interface FastLineTaker {
  /** False while lines should not even be offered (the whole chunk then goes the ordinary way). */
  readonly takingLines: boolean;
  /**
   * The line that starts at bytes[start] (`streamStart` in the source), its newline not looked for yet. If taken,
   * returns the index of its newline, which lies before `limit`; -1 sends the line the ordinary way. `nulAt` is the
   * first NUL byte at or after `start` (or `limit`): a line holding one must be refused. Refuse lines longer than
   * `maxLineBytes` (without their newline) too.
   */
  takeLine(bytes: Uint8Array, view: DataView, start: number, limit: number, streamStart: number, nulAt: number, maxLineBytes: number): number;
  /** The next line goes the ordinary way: hand over anything held first. Also called at the end. */
  yieldToSlowPath(): void;
  /** The source stops here for now and its next line starts a record (see ByteLines.pause): a held line is complete. */
  completeHeld(): void;
}

const NEWLINE = 10;
/** While the taker takes no lines, they go the ordinary way in stretches of about this size. */
const SLOW_STRETCH_BYTES = 16 * 1024;

/** The first bytes of a line that a taker could accept: a severity letter and a digit (`I0315 …`). */
function mayStartBareHeader(b: Uint8Array, i: number): boolean {
  const c = b[i];
  const d = b[i + 1];
  return (c === 73 || c === 87 || c === 69 || c === 70) && d >= 48 && d <= 57;
}

export class ByteLines {
  private streamOffset = 0;

  constructor(
    private readonly taker: FastLineTaker,
    private readonly splitter: LineSplitter,
    private readonly maxLineBytes = DEFAULT_MAX_LINE_CHARS,
  ) {}

  push(chunk: Uint8Array): void {
    const base = this.streamOffset;
    this.streamOffset += chunk.length;
    let pos = 0;
    if (this.splitter.midLine) {
      // The end of a line the previous chunk began.
      const nl = indexOfByte(chunk, NEWLINE);
      if (nl < 0) {
        this.splitter.push(chunk);
        return;
      }
      this.splitter.push(chunk.subarray(0, nl + 1));
      pos = nl + 1;
    }
    // Until the taker takes lines (a source's first records are read as text), go the ordinary way a stretch at a
    // time, asking again after each.
    while (pos < chunk.length && !this.taker.takingLines) pos = this.slowStretch(chunk, base, pos);
    if (pos >= chunk.length) return;
    const view = new DataView(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const limit = chunk.length;
    let nulAt = -1;
    while (pos < limit) {
      if (nulAt < pos) {
        nulAt = indexOfByte(chunk, 0, pos);
        if (nulAt < 0) nulAt = limit;
      }
      const taken = this.taker.takeLine(chunk, view, pos, limit, base + pos, nulAt, this.maxLineBytes);
      if (taken >= 0) {
        pos = taken + 1;
        continue;
      }
      const nl = indexOfByte(chunk, NEWLINE, pos);
      if (nl < 0) break;
      // This line and those after it that no taker could accept go the ordinary way together (one decode).
      let runEnd = nl + 1;
      while (runEnd < chunk.length && !mayStartBareHeader(chunk, runEnd)) {
        const next = indexOfByte(chunk, NEWLINE, runEnd);
        runEnd = next < 0 ? chunk.length : next + 1;
      }
      this.slow(chunk, base, pos, runEnd);
      pos = runEnd;
      while (pos < chunk.length && !this.taker.takingLines) pos = this.slowStretch(chunk, base, pos);
    }
    // An unfinished last line: the splitter holds it until the next chunk ends it.
    if (pos < chunk.length) this.slow(chunk, base, pos, chunk.length);
  }

  end(): void {
    this.taker.yieldToSlowPath();
    this.splitter.end();
  }

  /**
   * Stops after the bytes so far, which must end with a newline, because the rest of the source is read elsewhere
   * starting with a klog header line. False (and nothing done) if the bytes so far end inside a line.
   */
  pause(): boolean {
    if (this.splitter.midLine) return false;
    this.taker.completeHeld();
    return true;
  }

  /** Sends about SLOW_STRETCH_BYTES from `from` (up to a line end) the ordinary way; returns where it stopped. */
  private slowStretch(chunk: Uint8Array, base: number, from: number): number {
    const nl = from + SLOW_STRETCH_BYTES < chunk.length ? indexOfByte(chunk, NEWLINE, from + SLOW_STRETCH_BYTES) : -1;
    const to = nl < 0 ? chunk.length : nl + 1;
    this.slow(chunk, base, from, to);
    return to;
  }

  private slow(chunk: Uint8Array, base: number, from: number, to: number): void {
    if (to <= from) return;
    this.taker.yieldToSlowPath();
    if (!this.splitter.midLine) this.splitter.skipTo(base + from);
    this.splitter.push(chunk.subarray(from, to));
  }
}
