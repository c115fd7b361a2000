/**
 * A small, fast byte compressor for the raw log text the app keeps (see model/raw-text.ts): LZ77 with a 64 KB window,
 * greedy matching through a hash of the next four bytes, and a byte-aligned sequence format (a token byte holding
 * the literal and match lengths, lengths past 15 continued in 255-steps, literals, a 16-bit offset). Log text packs
 * several times smaller — every line repeats a header shape and, mostly, a message seen a few lines before — and
 * unpacks at memory speed, synchronously, so a log line can be read back on demand.
 *
 * Both directions are linear in their input and bounded: pack() never writes more than packBound(n) bytes, and
 * unpack() checks every length and offset against the buffers, so a damaged block throws instead of reading or
 * writing out of bounds.
 */

const MIN_MATCH = 4;
const HASH_BITS = 16;
const MAX_OFFSET = 65535;
/** The last bytes of a block are always literals (the matcher reads four bytes ahead). */
const END_LITERALS = 8;

/** The most pack() writes for `n` input bytes. */
export function packBound(n: number): number {
  return n + Math.ceil(n / 255) + 16;
}

function hash4(word: number): number {
  return Math.imul(word, 2654435761) >>> (32 - HASH_BITS);
}

function writeLength(out: Uint8Array, o: number, extra: number): number {
  while (extra >= 255) {
    out[o++] = 255;
    extra -= 255;
  }
  out[o++] = extra;
  return o;
}

/** Reusable working memory: a packer per thread. */
export class Packer {
  private readonly table = new Int32Array(1 << HASH_BITS);
  private out = new Uint8Array(0);

  /** `src` packed, as a new array of exactly the packed size. */
  pack(src: Uint8Array): Uint8Array {
    const n = src.length;
    const bound = packBound(n);
    if (this.out.length < bound) this.out = new Uint8Array(bound);
    const out = this.out;
    const table = this.table;
    table.fill(-1);
    const view = new DataView(src.buffer, src.byteOffset, src.byteLength);
    let o = 0;
    let anchor = 0;
    let i = 0;
    const limit = n - END_LITERALS;
    let misses = 0;
    while (i < limit) {
      const word = view.getUint32(i, true);
      const h = hash4(word);
      const ref = table[h];
      table[h] = i;
      if (ref < 0 || i - ref > MAX_OFFSET || view.getUint32(ref, true) !== word) {
        // Incompressible stretches are skipped faster and faster (one step more every 32 misses).
        i += 1 + (misses++ >> 5);
        continue;
      }
      misses = 0;
      // Extend the match backwards over pending literals, then forwards.
      let start = i;
      let from = ref;
      while (start > anchor && from > 0 && src[start - 1] === src[from - 1]) { start--; from--; }
      let end = i + MIN_MATCH;
      let refEnd = ref + MIN_MATCH;
      while (end + 4 <= limit && view.getUint32(end, true) === view.getUint32(refEnd, true)) { end += 4; refEnd += 4; }
      while (end < limit && src[end] === src[refEnd]) { end++; refEnd++; }
      const literals = start - anchor;
      const matchExtra = end - start - MIN_MATCH;
      const tokenAt = o++;
      let token = (literals >= 15 ? 15 : literals) << 4;
      if (literals >= 15) o = writeLength(out, o, literals - 15);
      if (literals < 32) for (let k = anchor; k < start; k++) out[o++] = src[k];
      else {
        out.set(src.subarray(anchor, start), o);
        o += literals;
      }
      const offset = start - from;
      out[o++] = offset & 255;
      out[o++] = offset >>> 8;
      token |= matchExtra >= 15 ? 15 : matchExtra;
      if (matchExtra >= 15) o = writeLength(out, o, matchExtra - 15);
      out[tokenAt] = token;
      // Remember a position inside the match too, so the next line can refer to this one.
      if (end - 2 > start) table[hash4(view.getUint32(end - 2 < limit ? end - 2 : start, true))] = end - 2 < limit ? end - 2 : start;
      anchor = end;
      i = end;
    }
    // The last sequence: literals only.
    const literals = n - anchor;
    out[o++] = (literals >= 15 ? 15 : literals) << 4;
    if (literals >= 15) o = writeLength(out, o, literals - 15);
    out.set(src.subarray(anchor, n), o);
    o += literals;
    return out.slice(0, o);
  }
}

/** Unpacks a block made by Packer.pack into `out`, which must be exactly the original length. */
export function unpackInto(src: Uint8Array, out: Uint8Array): void {
  let i = 0;
  let o = 0;
  const n = src.length;
  const bad = () => new Error('damaged packed text');
  while (i < n) {
    const token = src[i++];
    let literals = token >>> 4;
    if (literals === 15) {
      let b = 255;
      while (b === 255) {
        if (i >= n) throw bad();
        b = src[i++];
        literals += b;
      }
    }
    if (i + literals > n || o + literals > out.length) throw bad();
    if (literals < 32) for (const end = i + literals; i < end;) out[o++] = src[i++];
    else {
      out.set(src.subarray(i, i + literals), o);
      i += literals;
      o += literals;
    }
    if (i >= n) break;
    if (i + 2 > n) throw bad();
    const offset = src[i] | (src[i + 1] << 8);
    i += 2;
    let length = (token & 15) + MIN_MATCH;
    if ((token & 15) === 15) {
      let b = 255;
      while (b === 255) {
        if (i >= n) throw bad();
        b = src[i++];
        length += b;
      }
    }
    if (offset === 0 || offset > o || o + length > out.length) throw bad();
    let from = o - offset;
    if (length < 32 || offset < length) {
      // Short or overlapping (a repeat of the last `offset` bytes): byte by byte, in order.
      for (const end = o + length; o < end;) out[o++] = out[from++];
    } else {
      out.copyWithin(o, from, from + length);
      o += length;
    }
  }
  if (o !== out.length) throw bad();
}
