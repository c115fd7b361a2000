/**
 * Reading a source's raw text (Trace.raw). The text is kept once, in pieces. The app keeps it packed
 * (util/lz-pack.ts) in blocks of PACK_BLOCK_BYTES — packed by the pack worker from the chunks the ingest worker is
 * done with, or by the ingest worker itself as stage 1 reads each chunk — which keeps a log in a fraction of its
 * size (the raw text is otherwise the largest thing a loaded log holds). The command line holds a plain file's text
 * not at all: it stays on disk, and the trace reads it back (RawText.external); other inputs (gzip, a part read by
 * a second thread) keep the pieces they were read in. Everything reads the text through here: a packed or external
 * piece is unpacked or read back on demand, and the most recently used stay in a small cache, so the log pane
 * scrolling through one stretch, or a filter reading the pieces in order, unpacks each once.
 */
import { unpackInto, type Packer } from '../util/lz-pack.ts';
import type { ExternalText, RawText } from './trace.ts';

/** Unpacked pieces kept at once, in bytes: sixteen blocks of PACK_BLOCK_BYTES, a few screens of the log pane. */
const CACHE_BYTES = 4 << 20;

interface Unpacked {
  /** The piece as the trace holds it (packed bytes, or an external piece's placeholder). */
  piece: Uint8Array;
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

/** A buffer the cache let go, kept to unpack the next piece of the same length into (no allocation per piece). */
let spare: Uint8Array | undefined;

/**
 * The plain bytes of piece `c` (do not modify them). For a packed or external piece they stay valid while fewer
 * than the cache's worth of other pieces (a few MB) are read: keep text, not the bytes, beyond that.
 */
export function pieceBytes(raw: RawText, c: number): Uint8Array {
  const piece = raw.pieces[c];
  if (!raw.packed[c] && !raw.external) return piece;
  for (let k = cache.length - 1; k >= 0; k--) {
    const hit = cache[k];
    if (hit.piece !== piece) continue;
    if (k !== cache.length - 1) {
      cache.splice(k, 1);
      cache.push(hit);
    }
    return hit.plain;
  }
  const length = pieceLength(raw, c);
  const plain = spare && spare.length === length ? spare : new Uint8Array(length);
  spare = undefined;
  if (raw.packed[c]) unpackInto(piece, plain);
  else raw.external!.read(c, plain);
  cache.push({ piece, plain });
  cachedBytes += plain.length;
  while (cachedBytes > CACHE_BYTES && cache.length > 1) {
    const evicted = cache.shift()!;
    cachedBytes -= evicted.plain.length;
    spare = evicted.plain;
  }
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
  if (raw.pieces.length === 1 && !raw.packed[0] && !raw.external) return raw.pieces[0];
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

/** A text's pieces without its line offsets (what RawTextBuilder collects, or a packer elsewhere hands over). */
export interface RawPieces {
  pieces: Uint8Array[];
  pieceStarts: number[];
  packed: boolean[];
}

export function emptyPieces(): RawPieces {
  return { pieces: [], pieceStarts: [], packed: [] };
}

/** Appends `chunk`, which starts at byte `start` of the text, to `out` as packed blocks of PACK_BLOCK_BYTES (keeps no view of it). */
export function appendPacked(out: RawPieces, chunk: Uint8Array, start: number, packer: Packer): void {
  for (let at = 0; at < chunk.length; at += PACK_BLOCK_BYTES) {
    const block = chunk.subarray(at, Math.min(chunk.length, at + PACK_BLOCK_BYTES));
    const packed = packer.pack(block);
    out.pieceStarts.push(start + at);
    // Text that does not pack (binary noise) is kept as it is: a copy, so the caller may reuse the chunk's buffer.
    if (packed.length < block.length) {
      out.pieces.push(packed);
      out.packed.push(true);
    } else {
      out.pieces.push(block.slice());
      out.packed.push(false);
    }
  }
}

/** The text packed in blocks of PACK_BLOCK_BYTES (a text already packed, or kept outside, is returned as it is). */
export function packRaw(raw: RawText, packer: Packer): RawText {
  if (raw.packed.some(Boolean) || raw.pieces.length === 0 || raw.external) return raw;
  const out = emptyPieces();
  raw.pieces.forEach((piece, c) => appendPacked(out, piece, raw.pieceStarts[c], packer));
  return { ...out, lineStarts: raw.lineStarts };
}

/**
 * A text kept elsewhere, handed to RawTextBuilder.finish: its pieces and its length. Packed by the app's pack
 * worker, or left where it was read from (`external`: the pieces are empty placeholders, one per stretch read back
 * at once, and are read back through it).
 */
export interface PackedText extends RawPieces {
  bytes: number;
  external?: ExternalText;
}

/**
 * Collects a source's text as it is read, in one of three ways: kept as it came (no packer); packed as it goes
 * (with a packer: every chunk but the last few is packed once the caller says nothing reads it as bytes any more,
 * packAllBut); or not kept at all (`keepBytes` false: the caller keeps it — the app's pack worker packs the chunks
 * it is handed, the command line leaves them in the file — and hands its pieces to finish()).
 */
export class RawTextBuilder {
  private readonly out = emptyPieces();
  /** Chunks before this index are final (packed, or left plain because they would not pack). */
  private settled = 0;
  /** Bytes added so far (the source's length as read). */
  bytes = 0;

  constructor(private readonly packer: Packer | undefined, private readonly keepBytes = true) {}

  /** The next bytes of the source (kept, not copied). */
  add(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    if (this.keepBytes) {
      this.out.pieces.push(chunk);
      this.out.pieceStarts.push(this.bytes);
      this.out.packed.push(false);
    }
    this.bytes += chunk.length;
  }

  /** Packs every chunk added so far except the last `keepPlain`. */
  packAllBut(keepPlain: number): void {
    const o = this.out;
    const end = o.pieces.length - keepPlain;
    if (!this.packer || end <= this.settled) return;
    const tail = o.pieces.splice(this.settled);
    const tailStarts = o.pieceStarts.splice(this.settled);
    o.packed.length = this.settled;
    const packCount = end - this.settled;
    tail.forEach((chunk, k) => {
      if (k < packCount) appendPacked(o, chunk, tailStarts[k], this.packer!);
      else {
        o.pieces.push(chunk);
        o.pieceStarts.push(tailStarts[k]);
        o.packed.push(false);
      }
    });
    this.settled = o.pieces.length - keepPlain;
  }

  /** The pieces as read, for a part of a source read on its own (never packed: see collected-part.ts). */
  plainPieces(): { chunks: Uint8Array[]; chunkStarts: number[] } {
    if (this.out.packed.includes(true) || !this.keepBytes) throw new Error('only a source kept as read can be handed over as a part');
    return { chunks: this.out.pieces, chunkStarts: this.out.pieceStarts };
  }

  /** The raw text; `elsewhere` gives it when this builder kept no bytes (it must hold exactly the bytes read here). */
  finish(lineStarts: Float64Array, elsewhere?: PackedText): RawText {
    if (!this.keepBytes) {
      if (!elsewhere) throw new Error('the raw text was to be kept elsewhere, and was not handed over');
      if (elsewhere.bytes !== this.bytes) throw new Error(`the raw text kept elsewhere has ${elsewhere.bytes} bytes, the source ${this.bytes}`);
      const text: RawText = { pieces: elsewhere.pieces, pieceStarts: elsewhere.pieceStarts, packed: elsewhere.packed, lineStarts };
      if (elsewhere.external) text.external = elsewhere.external;
      return text;
    }
    this.packAllBut(0);
    return { ...this.out, lineStarts };
  }
}
