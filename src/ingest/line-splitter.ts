/**
 * Splits a stream of UTF-8 byte chunks into lines, correctly across chunk boundaries.
 *
 * Two scans run side by side over the same chunk: a byte scan (for the byte offset of every line, which the raw
 * text store needs) and a scan of the decoded string (for the line text the parsers read). They stay in step because
 * a newline byte (0x0A) never occurs inside a multi-byte UTF-8 sequence, and the decoder emits every 0x0A as '\n'
 * even in invalid input.
 *
 * A line longer than `maxLineChars` is cut for parsing (the caller is told, the raw bytes stay intact), so a 10 MB
 * line costs O(length) time and O(maxLineChars) memory, whatever the chunk size.
 *
 * Damage (NUL bytes, invalid UTF-8 that the decoder turned into U+FFFD) is found with one native search per chunk,
 * so clean input pays nothing per line; only lines of a damaged chunk are looked at individually.
 */
import { indexOfByte } from '../util/byte-search.ts';

export const DEFAULT_MAX_LINE_CHARS = 256 * 1024;

/**
 * Chunks are decoded at most this many bytes at a time. Node turns a decoded string of about 1 MB or more into an
 * external two-byte string: twice the memory, slower to search and slice, and every line sliced from it keeps the
 * whole of it alive. Smaller pieces decode to compact one-byte heap strings (for ASCII logs). Below V8's
 * large-object size (128 KB) a string is made in the young generation, whose memory is used again and again; a
 * larger one gets fresh pages each time, and where the kernel is slow to hand out pages (~15 µs a page on the
 * benchmark's VM) decoding 100 MB in 512 KB pieces took 0.6 s, in 64 KB pieces 0.02 s.
 */
const DECODE_PIECE_BYTES = 64 * 1024;

/** Bits of the `flags` argument of a LineSink. */
export const LINE_TRUNCATED = 1;
export const LINE_HAS_NUL = 2;
export const LINE_BAD_UTF8 = 4;

export interface LineSink {
  /** `byteStart`/`byteEnd` are offsets in the whole stream; `byteEnd` excludes the newline (and a trailing CR). */
  (text: string, byteStart: number, byteEnd: number, flags: number): void;
}

export class LineSplitter {
  /** Strips a byte-order mark only at the very start of the stream (replaced once the stream has started elsewhere). */
  private decoder = new TextDecoder('utf-8');
  /** Bytes have gone through `decoder`, or the stream started in bytes read elsewhere (see skipTo). */
  private started = false;
  /**
   * For pieces that start and end on a character boundary, a one-shot decode gives exactly what the streaming one
   * would, and Node's one-shot UTF-8 decode is much faster (its streaming mode goes through ICU). It must not strip
   * a byte-order mark: only the stream's very first bytes may lose one, and those always go to `decoder`.
   */
  private readonly wholeDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
  /** The stream so far ended on a character boundary (after its first piece): no bytes wait in `decoder`. */
  private atBoundary = false;
  private pieces: string[] = [];
  private piecesChars = 0;
  private truncated = false;
  /** LINE_HAS_NUL / LINE_BAD_UTF8 seen in the current line so far. */
  private damage = 0;
  private lineStartByte = 0;
  private streamOffset = 0;
  private lastByteWasCR = false;

  constructor(private readonly sink: LineSink, private readonly maxLineChars = DEFAULT_MAX_LINE_CHARS) {}

  push(chunk: Uint8Array): void {
    if (chunk.length <= DECODE_PIECE_BYTES) {
      this.pushPiece(chunk);
      return;
    }
    for (let p = 0; p < chunk.length; p += DECODE_PIECE_BYTES) this.pushPiece(chunk.subarray(p, p + DECODE_PIECE_BYTES));
  }

  private pushPiece(chunk: Uint8Array): void {
    // A piece that ends with an ASCII byte ends on a character boundary.
    const endsAtBoundary = chunk.length > 0 && chunk[chunk.length - 1] < 0x80;
    const text = this.atBoundary && endsAtBoundary ? this.wholeDecoder.decode(chunk) : this.decoder.decode(chunk, { stream: true });
    if (chunk.length > 0) {
      this.atBoundary = endsAtBoundary;
      this.started = true;
    }
    let bytePos = 0;
    let strPos = 0;
    // Next damaged position in the decoded chunk (a NUL, a U+FFFD), -1 if none left. Searching the string is much
    // faster than searching the bytes (V8 knows a one-byte string cannot hold U+FFFD at all).
    let nextNul = text.indexOf('\0');
    let nextBad = text.indexOf('\uFFFD');
    for (;;) {
      const nl = indexOfByte(chunk, 10, bytePos);
      if (nl < 0) break;
      const sNl = text.indexOf('\n', strPos);
      if (nextNul >= 0 && nextNul < sNl) {
        this.damage |= LINE_HAS_NUL;
        nextNul = text.indexOf('\0', sNl + 1);
      }
      if (nextBad >= 0 && nextBad < sNl) {
        this.damage |= LINE_BAD_UTF8;
        nextBad = text.indexOf('\uFFFD', sNl + 1);
      }
      this.appendPiece(text, strPos, sNl);
      const endsWithCR = nl > 0 ? chunk[nl - 1] === 13 : this.lastByteWasCR;
      this.emit(this.streamOffset + nl, endsWithCR);
      this.lineStartByte = this.streamOffset + nl + 1;
      bytePos = nl + 1;
      strPos = sNl + 1;
    }
    if (nextNul >= 0) this.damage |= LINE_HAS_NUL;
    if (nextBad >= 0) this.damage |= LINE_BAD_UTF8;
    this.appendPiece(text, strPos, text.length);
    if (chunk.length > 0) this.lastByteWasCR = chunk[chunk.length - 1] === 13;
    this.streamOffset += chunk.length;
  }

  /** Flushes the last line if the stream did not end with a newline. */
  end(): void {
    const tail = this.decoder.decode();
    if (tail) {
      // A multi-byte sequence cut by the end of the stream.
      if (tail.indexOf('\uFFFD') >= 0) this.damage |= LINE_BAD_UTF8;
      this.appendPiece(tail, 0, tail.length);
    }
    if (this.piecesChars > 0 || this.truncated || this.streamOffset > this.lineStartByte) {
      this.emit(this.streamOffset, this.lastByteWasCR);
      this.lineStartByte = this.streamOffset;
    }
  }

  get bytesSeen(): number {
    return this.streamOffset;
  }

  /** A line has begun and not ended yet (its bytes so far are held here). */
  get midLine(): boolean {
    return this.piecesChars > 0 || this.truncated || this.streamOffset > this.lineStartByte;
  }

  /**
   * The lines up to `streamOffset` were read elsewhere (byte-lines.ts): the next push starts there, at the start of
   * a line. Only valid between lines.
   */
  skipTo(streamOffset: number): void {
    if (this.midLine) throw new Error('LineSplitter.skipTo inside a line');
    if (!this.started && streamOffset > 0) {
      // The stream has started, so a byte-order mark from now on is a character, as a streaming decode keeps it.
      this.decoder = new TextDecoder('utf-8', { ignoreBOM: true });
      this.started = true;
    }
    // Between lines nothing waits in the decoder; the last byte before a line start is a newline.
    if (streamOffset > 0) this.atBoundary = true;
    this.lastByteWasCR = false;
    this.streamOffset = streamOffset;
    this.lineStartByte = streamOffset;
  }

  private appendPiece(text: string, from: number, to: number): void {
    if (to <= from || this.truncated) return;
    const room = this.maxLineChars - this.piecesChars;
    if (to - from > room) {
      to = from + room;
      this.truncated = true;
    }
    if (to > from) {
      this.pieces.push(from === 0 && to === text.length ? text : text.slice(from, to));
      this.piecesChars += to - from;
    }
  }

  private emit(byteEnd: number, endsWithCR: boolean): void {
    let line = this.pieces.length === 1 ? this.pieces[0] : this.pieces.join('');
    let end = byteEnd;
    if (endsWithCR && !this.truncated) {
      if (line.endsWith('\r')) line = line.slice(0, -1);
      end = Math.max(this.lineStartByte, end - 1);
    }
    this.sink(line, this.lineStartByte, end, (this.truncated ? LINE_TRUNCATED : 0) | this.damage);
    this.pieces.length = 0;
    this.piecesChars = 0;
    this.truncated = false;
    this.damage = 0;
  }
}
