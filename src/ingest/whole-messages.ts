/**
 * For the fast path (model/fast-records.ts): whether a bare one-line structured record's text ends where a value may
 * end (structured.ts cutInside finds nothing). The ordinary way reports a record cut inside a value, so the fast path
 * must hand such a line back to it. The answer is remembered by the message's hash and length, so a message a log
 * repeats a million times is looked at once. (A cut message whose hash and length both equal those of a whole one
 * seen before would go unreported: a one-in-billions chance per message, and then only the diagnostic is missing.)
 */
import { cutInside } from './structured.ts';

/** Slots of the table (a power of two); it is emptied when half full. */
const SLOTS = 1 << 16;

export class WholeMessages {
  private readonly hashes = new Int32Array(SLOTS);
  private readonly lengths = new Int32Array(SLOTS);
  private count = 0;
  private readonly decoder = new TextDecoder('utf-8');

  /** Bytes [msgStart, end) are the message of a one-line record (ASCII, hashed to `hash` ≥ 0 by the caller). */
  isWhole(bytes: Uint8Array, msgStart: number, end: number, hash: number): boolean {
    // Only structured messages are judged (a printf message has no syntax to be cut inside of).
    if (bytes[msgStart] !== 34) return true;
    const length = end - msgStart;
    const mask = SLOTS - 1;
    let slot = hash & mask;
    // Slots hold hash + 1, so 0 is empty.
    for (let h = this.hashes[slot]; h !== 0; slot = (slot + 1) & mask, h = this.hashes[slot]) {
      if (h === hash + 1 && this.lengths[slot] === length) return true;
    }
    if (cutInside(this.decoder.decode(bytes.subarray(msgStart, end)), 0)) return false;
    if (this.count >= SLOTS >> 1) {
      this.hashes.fill(0);
      this.count = 0;
      slot = hash & mask;
    }
    this.hashes[slot] = hash + 1;
    this.lengths[slot] = length;
    this.count++;
    return true;
  }
}
