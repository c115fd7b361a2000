/**
 * reconstruct's ordering helpers replaced Array.prototype.sort and arrays of [lane, item] pairs for speed
 * (src/model/event-order.ts); they must give exactly what the simple versions give, on the shapes real input has:
 * nearly sorted with small inversions, several sorted sources one after another, reversed, many equal times.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LaneMembers, laneIndex, movedIndices, permuteF64, permuteInPlace, permuteU8, timeOrder, unmovedStretches } from '../../../src/model/event-order.ts';

function referenceOrder(t: Float64Array): number[] {
  return Array.from(t, (_, i) => i).sort((a, b) => t[a] - t[b] || a - b);
}

const times = fc.oneof(
  // nearly sorted: a rising clock with now and then a step back of a few µs
  fc.array(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.boolean()), { maxLength: 300, size: 'max' }).map((steps) => {
    let t = 1e15;
    return steps.map(([d, back]) => (t = back ? t - d : t + d));
  }),
  // several sorted sources concatenated
  fc.array(fc.array(fc.integer({ min: 0, max: 100 }), { maxLength: 60, size: 'max' }).map((a) => a.sort((x, y) => x - y)), { maxLength: 5 }).map((a) => a.flat()),
  // anything, with many duplicates (long enough that runs break and get merged)
  fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 40, maxLength: 300, size: 'max' }),
);

describe('timeOrder', () => {
  it('is the stable sort by time', () => {
    fc.assert(fc.property(times, (arr) => {
      const t = Float64Array.from(arr);
      expect(Array.from(timeOrder(t))).toEqual(referenceOrder(t));
    }), { numRuns: 500 });
  });

  it('keeps ties in index order when runs are merged', () => {
    const t = Float64Array.from({ length: 300 }, (_, i) => (i * 7919) % 21);
    expect(Array.from(timeOrder(t))).toEqual(referenceOrder(t));
  });

  it('handles a reversed file and long displacements', () => {
    const n = 5000;
    const reversed = Float64Array.from({ length: n }, (_, i) => n - i);
    expect(Array.from(timeOrder(reversed))).toEqual(referenceOrder(reversed));
    const late = Float64Array.from({ length: n }, (_, i) => (i === n - 1 ? 0 : i + 1));
    expect(Array.from(timeOrder(late))).toEqual(referenceOrder(late));
  });
});

describe('permuting columns', () => {
  it('copies unmoved stretches natively and gives what a plain gather gives', () => {
    // Long sorted stretches with a few events stepping back, as a single forward log has.
    const nearlySorted = fc.array(fc.tuple(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 9 })), { maxLength: 12 }).map((cuts) => {
      const t = Array.from({ length: 1000 }, (_, i) => i * 10);
      for (const [at, back] of cuts) t[at] -= back * 7;
      return t;
    });
    fc.assert(fc.property(fc.oneof(times, nearlySorted), (arr) => {
      const t = Float64Array.from(arr);
      const order = timeOrder(t);
      const unmoved = unmovedStretches(order);
      for (let k = 0; k < unmoved.length; k += 2) for (let i = unmoved[k]; i < unmoved[k + 1]; i++) expect(order[i]).toBe(i);
      const bytes = Uint8Array.from(arr, (x) => x & 255);
      expect(Array.from(permuteF64(t, order, unmoved))).toEqual(Array.from(order, (i) => t[i]));
      expect(Array.from(permuteU8(bytes, order, unmoved))).toEqual(Array.from(order, (i) => bytes[i]));
    }), { numRuns: 300 });
  });

  it('puts a nearly sorted column in order in its own memory, and leaves a much shuffled one to be copied', () => {
    const nearlySorted = fc.array(fc.tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 1, max: 9 })), { maxLength: 12 }).map((cuts) => {
      // At most 12 × 7 of the 1,000 events move: under movedIndices' share.
      const t = Array.from({ length: 1000 }, (_, i) => i * 10);
      for (const [at, back] of cuts) t[at] -= back * 7;
      return t;
    });
    fc.assert(fc.property(nearlySorted, (arr) => {
      const t = Float64Array.from(arr);
      const order = timeOrder(t);
      const moved = movedIndices(order);
      expect(moved).toBeDefined();
      expect(Array.from(moved!)).toEqual(Array.from(order.keys()).filter((i) => order[i] !== i));
      const expected = Array.from(order, (i) => t[i]);
      const ids = Int32Array.from(arr, (x) => x * 3 - 7);
      const expectedIds = Array.from(order, (i) => ids[i]);
      // In place: the very array given, now in time order.
      expect(permuteInPlace(t, order, moved!)).toBe(t);
      expect(Array.from(t)).toEqual(expected);
      expect(Array.from(permuteInPlace(ids, order, moved!))).toEqual(expectedIds);
    }), { numRuns: 300 });
    // Several sources interleaved: most events move.
    const interleaved = Float64Array.from({ length: 1000 }, (_, i) => (i < 500 ? i * 2 : (i - 500) * 2 + 1));
    expect(movedIndices(timeOrder(interleaved))).toBeUndefined();
  });

  it('finds the long unmoved stretches of a nearly sorted order', () => {
    const t = Float64Array.from({ length: 1000 }, (_, i) => (i === 500 ? 4985 : i * 10));
    expect(Array.from(unmovedStretches(timeOrder(t)))).toEqual([0, 499, 501, 1000]);
  });
});

describe('laneIndex', () => {
  it('lists each lane\'s items sorted by (key, item) without duplicates', () => {
    fc.assert(fc.property(
      fc.array(fc.tuple(fc.nat({ max: 6 }), fc.nat({ max: 40 })), { maxLength: 200, size: 'max' }),
      fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 41, maxLength: 41 }),
      (pairs, keys) => {
        const key = Float64Array.from(keys);
        const members = new LaneMembers(4);
        for (const [l, e] of pairs) members.add(l, e);
        const [start, idx] = laneIndex(7, members, key);
        for (let l = 0; l < 7; l++) {
          const expected = [...new Set(pairs.filter(([pl]) => pl === l).map(([, e]) => e))].sort((a, b) => key[a] - key[b] || a - b);
          expect(Array.from(idx.subarray(start[l], start[l + 1]))).toEqual(expected);
        }
        expect(start[7]).toBe(idx.length);
      },
    ), { numRuns: 300 });
  });
});
