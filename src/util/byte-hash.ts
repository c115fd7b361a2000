/**
 * Hashing and remembering byte strings without turning them into JS strings.
 *
 * The ingest hot path (ingest/byte-lines.ts, model/record-memo.ts) recognises a log line it has seen before by its
 * bytes: decoding every line to a string and hashing that string costs more than the rest of reading it. Keys are
 * hashed four bytes at a time (little-endian words read through a DataView, so no alignment is needed), each word
 * mixed in with one multiply and a rotation that brings the high bits back down (in two lanes: hashAsciiBytes), and
 * the result finished with murmur3's avalanche. A table lookup always compares the bytes, so a hash collision — even
 * a crafted one — only costs a probe, never a wrong answer.
 *
 * The same pass checks that every byte is ASCII: callers use bytes and characters interchangeably only then.
 */

function mixWord(h: number, word: number): number {
  h = Math.imul(h ^ word, 0x9e3779b1);
  // A rotation (one instruction) carries the product's high bits down to where the next word's multiply reaches them.
  return (h << 13) | (h >>> 19);
}

const SEED = 0x9747b28c | 0;
/** The second lane's seed (any other constant). */
const SEED2 = 0x5bd1e995 | 0;
/** A word's four bytes all 0x0A, 0x01, 0x80: for the zero-byte test below. */
const NEWLINES = 0x0a0a0a0a;
const ONES = 0x01010101;
const HIGHS = 0x80808080 | 0;

function finishHash(h1: number, h2: number, high: number, tail: number, length: number): number {
  if ((high | tail) & HIGHS) return -1;
  let h = mixWord(h1, h2);
  if (length & 3) h = mixWord(h, tail);
  h ^= length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h & 0x7fffffff;
}

/**
 * Hash of bytes [start, end) of `view` as a non-negative 31-bit integer, or -1 if one of them is not ASCII
 * (≥ 0x80). Linear in the length, no allocation.
 *
 * The words go into two lanes, even-numbered words into one and odd-numbered into the other, combined at the end:
 * each lane's next multiply waits for its last, so one lane is bound by the multiply's latency; two run side by side.
 */
export function hashAsciiBytes(view: DataView, start: number, end: number): number {
  let h1 = SEED;
  let h2 = SEED2;
  let high = 0;
  let i = start;
  for (const last = end - 8; i <= last; i += 8) {
    const a = view.getInt32(i, true);
    const b = view.getInt32(i + 4, true);
    high |= a | b;
    h1 = mixWord(h1, a);
    h2 = mixWord(h2, b);
  }
  if (i <= end - 4) {
    // An even-numbered last word.
    const a = view.getInt32(i, true);
    high |= a;
    h1 = mixWord(h1, a);
    i += 4;
  }
  let tail = 0;
  for (let shift = 0; i < end; i++, shift += 8) tail |= view.getUint8(i) << shift;
  return finishHash(h1, h2, high, tail, end - start);
}

/** Where hashAsciiLine found the newline. */
export interface LineEnd {
  newline: number;
}

/** hashAsciiLine's answer when there is no newline before `limit`. */
export const NO_NEWLINE = -2;

/**
 * Reads from `start` to the next newline (before `limit`) once, finding the newline and hashing what comes before
 * it: returns hashAsciiBytes(view, start, newline) — or -1 if a byte there is not ASCII, NO_NEWLINE if no newline
 * comes before `limit` — and puts the newline's index in `out`. A word holds a newline when one of its bytes XOR
 * 0x0A is zero, which the classic zero-byte test tells without a branch per byte.
 */
export function hashAsciiLine(view: DataView, start: number, limit: number, out: LineEnd): number {
  let h1 = SEED;
  let h2 = SEED2;
  let high = 0;
  let i = start;
  for (const last = limit - 8; i <= last; i += 8) {
    const a = view.getInt32(i, true);
    const b = view.getInt32(i + 4, true);
    const xa = a ^ NEWLINES;
    const xb = b ^ NEWLINES;
    if ((((xa - ONES) & ~xa) | ((xb - ONES) & ~xb)) & HIGHS) break;
    high |= a | b;
    h1 = mixWord(h1, a);
    h2 = mixWord(h2, b);
  }
  if (i <= limit - 4) {
    // One more whole word may come before the newline (or the limit): an even-numbered one.
    const a = view.getInt32(i, true);
    const xa = a ^ NEWLINES;
    if ((((xa - ONES) & ~xa) & HIGHS) === 0) {
      high |= a;
      h1 = mixWord(h1, a);
      i += 4;
    }
  }
  // At most three bytes before the newline are left.
  let tail = 0;
  for (let shift = 0; i < limit; i++, shift += 8) {
    const b = view.getUint8(i);
    if (b === 10) {
      out.newline = i;
      return finishHash(h1, h2, high, tail, i - start);
    }
    tail |= b << shift;
  }
  return NO_NEWLINE;
}

/**
 * Whether a[aStart, aStart + length) and b[bStart, bStart + length) hold the same bytes, both ranges ASCII (what the
 * table keeps: every key it is given was hashed by hashAsciiBytes or hashAsciiLine, which refuse other bytes).
 * Eight bytes at a time, read as doubles: for ASCII bytes two doubles are equal exactly when their bytes are — a NaN
 * needs a byte ≥ 0xF0 and -0 a byte 0x80, so the two cases where a double's equality and its bits disagree cannot
 * occur.
 */
function sameAsciiBytes(a: DataView, aStart: number, b: DataView, bStart: number, length: number): boolean {
  if (length < 8) {
    for (let i = 0; i < length; i++) if (a.getUint8(aStart + i) !== b.getUint8(bStart + i)) return false;
    return true;
  }
  // The last eight bytes first, read as one double even where they overlap the ones before (no byte-by-byte tail).
  const last = length - 8;
  if (a.getFloat64(aStart + last, true) !== b.getFloat64(bStart + last, true)) return false;
  for (let i = 0; i < last; i += 8) if (a.getFloat64(aStart + i, true) !== b.getFloat64(bStart + i, true)) return false;
  return true;
}

const EMPTY_SLOT = -1;
/** A slot is four numbers side by side (one cache line holds four slots): hash, value, key start, key length. */
const SLOT = 4;

/**
 * An open-addressing hash table from byte strings to non-negative integers. Keys are copied into one growing byte
 * arena, so a table of a hundred thousand keys is two typed arrays and holds no reference to the chunks the keys
 * came from. Bounded: `set` refuses (returns false) once `maxEntries` keys or `maxKeyBytes` bytes are held; the
 * caller decides what to forget (see RecordMemo's two generations).
 */
export class ByteKeyTable {
  private readonly mask: number;
  private readonly slots: Int32Array;
  private arena: Uint8Array;
  private arenaView: DataView;
  private arenaUsed = 0;
  size = 0;

  constructor(readonly maxEntries: number, readonly maxKeyBytes: number) {
    let capacity = 16;
    while (capacity < maxEntries * 2) capacity *= 2;
    this.mask = capacity - 1;
    this.slots = new Int32Array(capacity * SLOT);
    this.clearSlots();
    this.arena = new Uint8Array(Math.min(maxKeyBytes, 1 << 20));
    this.arenaView = new DataView(this.arena.buffer);
  }

  /** The value stored for bytes [start, end) of `view` whose hash is `hash`, or -1. */
  get(view: DataView, start: number, end: number, hash: number): number {
    const at = this.slotOf(view, start, end, hash);
    return at < 0 ? -1 : this.slots[at + 1];
  }

  /** Stores `value` for the key (replacing the value of an equal key). False if the table is full. */
  set(bytes: Uint8Array, view: DataView, start: number, end: number, hash: number, value: number): boolean {
    const existing = this.slotOf(view, start, end, hash);
    if (existing >= 0) {
      this.slots[existing + 1] = value;
      return true;
    }
    const length = end - start;
    if (this.size >= this.maxEntries || this.arenaUsed + length > this.maxKeyBytes) return false;
    if (this.arenaUsed + length > this.arena.length) this.growArena();
    this.arena.set(bytes.subarray(start, end), this.arenaUsed);
    const slots = this.slots;
    let slot = hash & this.mask;
    while (slots[slot * SLOT] !== EMPTY_SLOT) slot = (slot + 1) & this.mask;
    const at = slot * SLOT;
    slots[at] = hash;
    slots[at + 1] = value;
    slots[at + 2] = this.arenaUsed;
    slots[at + 3] = length;
    this.arenaUsed += length;
    this.size++;
    return true;
  }

  /** Whether another key of `length` bytes would still fit. */
  hasRoomFor(length: number): boolean {
    return this.size < this.maxEntries && this.arenaUsed + length <= this.maxKeyBytes;
  }

  clear(): void {
    this.clearSlots();
    this.arenaUsed = 0;
    this.size = 0;
  }

  private clearSlots(): void {
    for (let at = 0; at < this.slots.length; at += SLOT) this.slots[at] = EMPTY_SLOT;
  }

  /** Where the key's slot starts in `slots`, or -1. */
  private slotOf(view: DataView, start: number, end: number, hash: number): number {
    const length = end - start;
    const slots = this.slots;
    for (let slot = hash & this.mask; ; slot = (slot + 1) & this.mask) {
      const at = slot * SLOT;
      const h = slots[at];
      if (h === EMPTY_SLOT) return -1;
      if (h === hash && slots[at + 3] === length && sameAsciiBytes(this.arenaView, slots[at + 2], view, start, length)) return at;
    }
  }

  /**
   * A table that outgrows its first arena is a big log's: it goes straight to its limit (set never needs more),
   * rather than through copies of every size on the way (each a fresh allocation, which is what costs most on some VMs).
   */
  private growArena(): void {
    const next = new Uint8Array(this.maxKeyBytes);
    next.set(this.arena.subarray(0, this.arenaUsed));
    this.arena = next;
    this.arenaView = new DataView(next.buffer);
  }
}
