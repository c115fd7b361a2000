/**
 * The byte-keyed table of the ingest fast path answers like a Map keyed by the same strings, even when every key
 * lands in the same few slots, and stops taking keys at its limits. The hash sees every byte and tells ASCII apart.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteKeyTable, hashAsciiBytes, hashAsciiLine, NO_NEWLINE } from '../../../src/util/byte-hash.ts';

const enc = new TextEncoder();
const viewOf = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);

describe('ByteKeyTable', () => {
  it('answers like a Map, whatever the keys and however badly they hash', () => {
    fc.assert(fc.property(
      fc.array(fc.tuple(fc.string({ maxLength: 40 }), fc.nat(1000)), { maxLength: 60 }),
      fc.boolean(),
      (ops, collide) => {
        const table = new ByteKeyTable(1000, 1 << 16);
        const ref = new Map<string, number>();
        for (const [key, value] of ops) {
          // Each key sits somewhere inside a larger buffer, as a line's message sits inside a chunk.
          const bytes = enc.encode(`xx${key}yy`);
          const end = bytes.length - 2;
          const view = viewOf(bytes);
          const hash = collide ? 7 : hashAsciiBytes(view, 2, end) & 0x7fffffff;
          expect(table.get(view, 2, end, hash)).toBe(ref.get(key) ?? -1);
          expect(table.set(bytes, view, 2, end, hash, value)).toBe(true);
          ref.set(key, value);
        }
        expect(table.size).toBe(ref.size);
      },
    ), { numRuns: 300 });
  });

  it('tells apart ASCII keys that differ in one byte anywhere, NUL and DEL bytes too, when all hashes collide', () => {
    // Keys are compared eight bytes at a time as doubles; for ASCII bytes that must be exact.
    fc.assert(fc.property(
      fc.array(fc.constantFrom(0, 1, 0x20, 0x30, 0x7e, 0x7f), { minLength: 1, maxLength: 40 }),
      fc.nat(), fc.constantFrom(0, 1, 0x7f, 0x41),
      (base, at, byte) => {
        const a = Uint8Array.from(base);
        const b = a.slice();
        b[at % b.length] = byte;
        const table = new ByteKeyTable(10, 1 << 10);
        table.set(a, viewOf(a), 0, a.length, 7, 1);
        const same = a.every((x, i) => x === b[i]);
        expect(table.get(viewOf(b), 0, b.length, 7)).toBe(same ? 1 : -1);
      },
    ), { numRuns: 2000 });
  });

  it('refuses new keys beyond its entry and byte limits, and forgets everything when cleared', () => {
    const table = new ByteKeyTable(3, 10);
    const put = (s: string) => { const b = enc.encode(s); return table.set(b, viewOf(b), 0, b.length, hashAsciiBytes(viewOf(b), 0, b.length), 1); };
    expect([put('aaaa'), put('bbbb'), put('cccc')]).toEqual([true, true, false]);
    expect(put('aaaa')).toBe(true);
    expect([put('c'), put('d')]).toEqual([true, false]);
    table.clear();
    const b = enc.encode('aaaa');
    expect(table.get(viewOf(b), 0, 4, hashAsciiBytes(viewOf(b), 0, 4))).toBe(-1);
  });
});

describe('hashAsciiBytes', () => {
  it('changes with any byte of the key and returns -1 when a byte is not ASCII', () => {
    const base = enc.encode('"Probe succeeded" probeType="Readiness" pod="default/web-0"');
    const h = hashAsciiBytes(viewOf(base), 0, base.length);
    expect(h).toBeGreaterThanOrEqual(0);
    let differ = 0;
    for (let i = 0; i < base.length; i++) {
      const copy = base.slice();
      copy[i] ^= 1;
      if (hashAsciiBytes(viewOf(copy), 0, copy.length) !== h) differ++;
    }
    expect(differ).toBe(base.length);
    expect(hashAsciiBytes(viewOf(enc.encode('pod="café"')), 0, 11)).toBe(-1);
    expect(hashAsciiBytes(viewOf(enc.encode('abc')), 0, 2)).not.toBe(hashAsciiBytes(viewOf(enc.encode('abc')), 0, 3));
  });
});

/** Text with newlines, non-ASCII, NUL and DEL among ordinary characters. */
const textOf = (maxLength: number) =>
  fc.array(fc.constantFrom('a', 'b', 'c', 'd', ' ', '"', '\n', 'é', '\u0000', '\u007f'), { maxLength }).map((cs) => cs.join(''));

describe('hashAsciiLine', () => {
  it('finds the newline and hashes what is before it exactly as hashAsciiBytes does, wherever the line starts', () => {
    fc.assert(fc.property(
      textOf(40), textOf(12), fc.nat(7), fc.boolean(),
      (line, after, offset, withNewline) => {
        const bytes = enc.encode('x'.repeat(offset) + line + (withNewline ? '\n' : '') + after);
        const view = viewOf(bytes);
        const end = { newline: -1 };
        const got = hashAsciiLine(view, offset, bytes.length, end);
        const stop = bytes.indexOf(10, offset);
        if (stop < 0) {
          expect(got).toBe(NO_NEWLINE);
          return;
        }
        expect(end.newline).toBe(stop);
        expect(got).toBe(hashAsciiBytes(view, offset, stop));
        const ascii = bytes.subarray(offset, stop).every((b) => b < 0x80);
        expect(got >= 0).toBe(ascii);
      },
    ), { numRuns: 3000 });
  });

  it('tells apart keys that differ only in which lane a word went to', () => {
    // Words swapped between even and odd positions must not hash alike.
    const a = enc.encode('aaaabbbbccccdddd');
    const b = enc.encode('bbbbaaaaddddcccc');
    expect(hashAsciiBytes(viewOf(a), 0, a.length)).not.toBe(hashAsciiBytes(viewOf(b), 0, b.length));
  });
});
