/**
 * Reading a source's raw text (Trace.raw). The text is kept once, in the pieces it was read in; in the app each
 * piece is packed (util/lz-pack.ts) as soon as stage 1 has read it, which keeps a log in a fraction of its size
 * (the raw text is otherwise the largest thing a loaded log holds). Everything reads the text through here: a packed
 * piece is unpacked on demand, and the few most recently used stay unpacked in a small cache, so the log pane
 * scrolling through one stretch, or a filter reading the pieces in order, unpacks each piece once.
 */
import { unpackInto, type Packer } from '../util/lz-pack.ts';
import type { RawText } from './trace.ts';

/** Unpacked pieces kept at once, in bytes: sixteen blocks of PACK_BLOCK_BYTES, a few screens of the log pane. */
const CACHE_BYTES = 4 << 20;

interface Unpacked {
  packed: Uint8Array;
  plain: Uint8Array;
}

/** Most recently used last. */
const cache: Unpacked[] = [];
let cachedBytes = 0;

/** Total bytes of the text. */
export function rawLength(raw: RawText): number {
  return raw.lineStarts.length ? raw.lineStarts[raw.lineStarts.length - 1] : 0;
}

/** Plain length of piece `c`. */
export function pieceLength(raw: RawText, c: number): number {
  return (c + 1 < raw.pieces.length ? raw.pieceStarts[c + 1] : rawLength(raw)) - raw.pieceStarts[c];
}

/** The plain bytes of piece `c` (do not modify them). */
export function pieceBytes(raw: RawText, c: number): Uint8Array {
  const piece = raw.pieces[c];
  if (!raw.packed[c]) return piece;
  for (let k = cache.length - 1; k >= 0; k--) {
    const hit = cache[k];
    if (hit.packed !== piece) continue;
    if (k !== cache.length - 1) {
      cache.splice(k, 1);
      cache.push(hit);
    }
    return hit.plain;
  }
  const plain = new Uint8Array(pieceLength(raw, c));
  unpackInto(piece, plain);
  cache.push({ packed: piece, plain });
  cachedBytes += plain.length;
  while (cachedBytes > CACHE_BYTES && cache.length > 1) cachedBytes -= cache.shift()!.plain.length;
  return plain;
}

/** The piece holding byte `offset`. */
export function pieceAt(raw: RawText, offset: number): number {
  const starts = raw.pieceStarts;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid; else hi = mid - 1;
  }
  return lo;
}

/** Bytes [from, to) of the text (a range may span pieces; a view into a piece when it does not). */
export function rawBytes(raw: RawText, from: number, to: number): Uint8Array {
  if (to <= from || raw.pieces.length === 0) return new Uint8Array(0);
  const firstPiece = pieceAt(raw, from);
  const first = pieceBytes(raw, firstPiece);
  const off = from - raw.pieceStarts[firstPiece];
  if (off + (to - from) <= first.length) return first.subarray(off, off + (to - from));
  const out = new Uint8Array(to - from);
  let written = 0;
  for (let c = firstPiece, start = off; c < raw.pieces.length && written < out.length; c++, start = 0) {
    const bytes = c === firstPiece ? first : pieceBytes(raw, c);
    const piece = bytes.subarray(start, Math.min(bytes.length, start + out.length - written));
    out.set(piece, written);
    written += piece.length;
  }
  return out;
}

/** The whole text as one array (a view of the only piece when it is plain). */
export function joinRaw(raw: RawText): Uint8Array {
  if (raw.pieces.length === 1 && !raw.packed[0]) return raw.pieces[0];
  const out = new Uint8Array(rawLength(raw));
  for (let c = 0; c < raw.pieces.length; c++) out.set(pieceBytes(raw, c), raw.pieceStarts[c]);
  return out;
}

/** Raw text held as one plain piece. */
export function plainRaw(bytes: Uint8Array, lineStarts: Float64Array): RawText {
  return { pieces: bytes.length ? [bytes] : [], pieceStarts: bytes.length ? [0] : [], packed: bytes.length ? [false] : [], lineStarts };
}

/** Pieces are packed in blocks of this size, so reading a line back unpacks little more than its neighbourhood. */
export const PACK_BLOCK_BYTES = 256 * 1024;

/**
 * Collects a source's text as it is read. With a packer, every piece but the last few is packed into blocks of
 * PACK_BLOCK_BYTES once the caller says nothing reads it as bytes any more (packAllBut); without one the pieces
 * stay as they came.
 */
export class RawTextBuilder {
  private readonly pieces: Uint8Array[] = [];
  private readonly pieceStarts: number[] = [];
  private readonly packed: boolean[] = [];
  /** Pieces before this index are final (packed, or left plain because they would not pack). */
  private settled = 0;
  bytes = 0;

  constructor(private readonly packer: Packer | undefined) {}

  /** The next bytes of the source (kept, not copied). */
  add(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    this.pieces.push(chunk);
    this.pieceStarts.push(this.bytes);
    this.packed.push(false);
    this.bytes += chunk.length;
  }

  /** Packs every piece added so far except the last `keepPlain`. */
  packAllBut(keepPlain: number): void {
    const end = this.pieces.length - keepPlain;
    if (!this.packer || end <= this.settled) return;
    const tail = this.pieces.splice(this.settled);
    const tailStarts = this.pieceStarts.splice(this.settled);
    this.packed.length = this.settled;
    const packCount = end - this.settled;
    tail.forEach((piece, k) => {
      if (k >= packCount) {
        this.pushPiece(piece, tailStarts[k], false);
        return;
      }
      for (let at = 0; at < piece.length; at += PACK_BLOCK_BYTES) {
        const block = piece.subarray(at, Math.min(piece.length, at + PACK_BLOCK_BYTES));
        const packed = this.packer!.pack(block);
        // Text that does not pack (binary noise) is kept as it is (a copy, so the whole piece can go).
        if (packed.length < block.length) this.pushPiece(packed, tailStarts[k] + at, true);
        else this.pushPiece(block.length === piece.length ? piece : block.slice(), tailStarts[k] + at, false);
      }
    });
    this.settled = this.pieces.length - keepPlain;
  }

  /** The pieces as read, for a part of a source read on its own (never packed: see collected-part.ts). */
  plainPieces(): { chunks: Uint8Array[]; chunkStarts: number[] } {
    if (this.packed.includes(true)) throw new Error('a packed source cannot be handed over as a part');
    return { chunks: this.pieces, chunkStarts: this.pieceStarts };
  }

  finish(lineStarts: Float64Array): RawText {
    this.packAllBut(0);
    return { pieces: this.pieces, pieceStarts: this.pieceStarts, packed: this.packed, lineStarts };
  }

  private pushPiece(bytes: Uint8Array, start: number, packed: boolean): void {
    this.pieces.push(bytes);
    this.pieceStarts.push(start);
    this.packed.push(packed);
  }
}
