import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { forEachMarkRun, forEachSpanRun, mergeThresholdUs, type MarkRun } from '../../../src/render/lod.ts';

/** A one-lane list over the given sorted times. */
function lane(times: number[]) {
  return { list: { start: Uint32Array.from([0, times.length]), idx: Uint32Array.from(times.map((_, i) => i)) }, timeUs: Float64Array.from(times) };
}

function runs(times: number[], fromUs: number, toUs: number, thresholdUs: number): MarkRun[] {
  const { list, timeUs } = lane(times);
  const out: MarkRun[] = [];
  forEachMarkRun(list, 0, timeUs, fromUs, toUs, thresholdUs, (r) => out.push({ ...r }));
  return out;
}

const sortedTimes = fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 400 }).map((a) => a.sort((x, y) => x - y));

describe('level-of-detail merging of marks', () => {
  test('marks closer than the threshold merge; a gap ends the block', () => {
    const r = runs([0, 3, 6, 9, 100, 200, 203], 0, 1000, 5);
    expect(r.map((x) => [x.firstPos, x.lastPos])).toEqual([[0, 3], [4, 4], [5, 6]]);
  });

  test('every mark in the window is covered by exactly one run, runs in order, none twice', () => {
    fc.assert(fc.property(sortedTimes, fc.integer({ min: 1, max: 2000 }), (times, threshold) => {
      const r = runs(times, 0, 100_000, threshold);
      let next = 0;
      for (const run of r) {
        expect(run.firstPos).toBe(next);
        expect(run.lastPos).toBeGreaterThanOrEqual(run.firstPos);
        for (let k = run.firstPos + 1; k <= run.lastPos; k++) expect(times[k] - times[k - 1]).toBeLessThanOrEqual(threshold);
        if (run.lastPos + 1 < times.length) expect(times[run.lastPos + 1] - times[run.lastPos]).toBeGreaterThan(threshold);
        next = run.lastPos + 1;
      }
      expect(next).toBe(times.length);
    }));
  });

  test('blocks do not depend on where the window starts (no flicker while panning)', () => {
    fc.assert(fc.property(sortedTimes, fc.integer({ min: 1, max: 2000 }), fc.integer({ min: 0, max: 100_000 }), (times, threshold, from) => {
      const all = runs(times, -Infinity, Infinity, threshold);
      const windowed = runs(times, from, 100_000, threshold);
      // Each run reaching into the window ends where the same block ends when everything is drawn.
      for (const w of windowed) {
        const full = all.find((a) => a.firstPos <= w.firstPos && a.lastPos >= w.firstPos)!;
        expect(w.lastPos).toBe(full.lastPos);
      }
    }));
  });

  test('the threshold is quantised to powers of two, so small zoom changes keep the same merging', () => {
    expect(mergeThresholdUs(100, 3)).toBe(512);
    expect(mergeThresholdUs(120, 3)).toBe(512);
    expect(mergeThresholdUs(171, 3)).toBe(1024);
  });

  test('a dense lane costs about one step per block, not per mark', () => {
    const times = Array.from({ length: 200_000 }, (_, i) => i * 10);
    const started = performance.now();
    const r = runs(times, 0, 2_000_000, 100);
    expect(r.length).toBe(1);
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('level-of-detail merging of state spans', () => {
  test('narrow neighbouring spans merge into one block; wide spans stand alone', () => {
    const start = Float64Array.from([0, 2, 4, 6, 100]);
    const end = Float64Array.from([2, 4, 6, 8, 500]);
    const out: { span: number; count: number; startUs: number; endUs: number }[] = [];
    forEachSpanRun([0, 1, 2, 3, 4], start, end, 5, (r) => out.push({ ...r }));
    expect(out).toEqual([{ span: -1, count: 4, startUs: 0, endUs: 8 }, { span: 4, count: 1, startUs: 100, endUs: 500 }]);
  });
});
