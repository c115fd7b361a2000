import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { indexOfByte } from '../../../src/util/byte-search.ts';

/** The answer by a plain loop, with the typed array's rules for where to start. */
function reference(bytes: Uint8Array, value: number, from: number): number {
  let start = from < 0 ? Math.max(0, bytes.length + from) : from;
  for (; start < bytes.length; start++) if (bytes[start] === value) return start;
  return -1;
}

describe('indexOfByte', () => {
  it('finds what a plain loop finds, in views at any offset and from any start', () => {
    fc.assert(fc.property(
      fc.uint8Array({ maxLength: 300 }), fc.nat(40), fc.nat(40), fc.integer({ min: -50, max: 350 }), fc.constantFrom(0, 10, 13, 34, 255),
      (all, cutStart, cutEnd, from, value) => {
        // A view into a larger buffer, as the ingest's chunks are.
        const view = all.subarray(Math.min(cutStart, all.length), Math.max(Math.min(cutStart, all.length), all.length - cutEnd));
        expect(indexOfByte(view, value, from)).toBe(reference(view, value, from));
      },
    ), { numRuns: 2000 });
  });

  it('never looks outside the view', () => {
    const buf = new Uint8Array([10, 1, 2, 3, 10]);
    const view = buf.subarray(1, 4);
    expect(indexOfByte(view, 10)).toBe(-1);
    expect(indexOfByte(buf, 10, 1)).toBe(4);
    expect(indexOfByte(view, 3)).toBe(2);
  });
});
