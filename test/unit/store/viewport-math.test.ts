import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  busiestCluster, clampViewport, fitViewport, MIN_WINDOW_US, panViewport, rangeViewport, zoomViewport,
} from '../../../src/store/viewport-math.ts';

const extent = { startUs: 1_000_000_000, endUs: 1_060_000_000 }; // one minute
const view = (startUs: number, endUs: number) => ({ startUs, endUs, originUs: NaN });

describe('viewport maths', () => {
  test('zooming keeps the anchor time at the same screen fraction', () => {
    fc.assert(fc.property(fc.double({ min: 0.05, max: 0.95, noNaN: true }), fc.double({ min: 0.2, max: 5, noNaN: true }), (fraction, factor) => {
      const v = view(1_010_000_000, 1_020_000_000);
      const anchor = v.startUs + fraction * (v.endUs - v.startUs);
      const z = zoomViewport(v, factor, anchor, extent);
      const after = (anchor - z.startUs) / (z.endUs - z.startUs);
      // Clamping may move the window only when it runs off the data; inside it the anchor stays put.
      if (z.startUs > extent.startUs - (z.endUs - z.startUs) * 0.9 + 1 && z.endUs < extent.endUs + (z.endUs - z.startUs) * 0.9 - 1) {
        expect(after).toBeCloseTo(fraction, 6);
      }
    }));
  });

  test('the window never gets narrower than the minimum nor leaves the data', () => {
    const tiny = zoomViewport(view(1_010_000_000, 1_010_000_100), 0.0001, 1_010_000_050, extent);
    expect(tiny.endUs - tiny.startUs).toBe(MIN_WINDOW_US);
    const far = panViewport(view(1_010_000_000, 1_020_000_000), 10 * 60_000_000, extent);
    expect(far.startUs).toBeLessThan(extent.endUs);
    const before = panViewport(view(1_010_000_000, 1_020_000_000), -10 * 60_000_000, extent);
    expect(before.endUs).toBeGreaterThan(extent.startUs);
  });

  test('fit shows the whole extent with a margin; an instant gets a one-second window', () => {
    const fit = fitViewport(extent, NaN);
    expect(fit.startUs).toBeLessThan(extent.startUs);
    expect(fit.endUs).toBeGreaterThan(extent.endUs);
    const instant = fitViewport({ startUs: 5e15, endUs: 5e15 }, NaN);
    expect(instant.endUs - instant.startUs).toBeGreaterThanOrEqual(1_000_000);
    expect(instant.startUs).toBeLessThan(5e15);
  });

  test('zoom-to-range shows the range with a margin; an instant gets a millisecond', () => {
    const r = rangeViewport(1_030_000_000, 1_030_000_060, view(extent.startUs, extent.endUs), extent);
    expect(r.startUs).toBeLessThan(1_030_000_000);
    expect(r.endUs).toBeGreaterThan(1_030_000_060);
    expect(r.endUs - r.startUs).toBeLessThan(200);
    const p = rangeViewport(1_030_000_000, 1_030_000_000, view(extent.startUs, extent.endUs), extent);
    expect(p.endUs - p.startUs).toBeGreaterThanOrEqual(1_000);
  });

  test('clamping repairs a non-finite window', () => {
    const v = clampViewport(view(NaN, NaN), extent);
    expect(Number.isFinite(v.startUs) && Number.isFinite(v.endUs)).toBe(true);
  });
});

describe('busiest cluster (the initial view of a freshly opened trace)', () => {
  test('a burst plus a few lines weeks later opens on the burst', () => {
    const burst = Array.from({ length: 40 }, (_, i) => 1e15 + i * 50_000);
    const later = Array.from({ length: 10 }, (_, i) => 1e15 + 60 * 86_400_000_000 + i * 1_000_000);
    const times = [...burst, ...later];
    expect(busiestCluster(times, times.length)).toEqual({ startUs: burst[0], endUs: burst[burst.length - 1] });
  });

  test('a few lines far apart open in full, not on the first of them', () => {
    // Four probe results ten seconds apart: every gap is longer than a quarter of the extent.
    const times = [0, 1, 2, 3].map((i) => 1e15 + i * 10_000_000);
    expect(busiestCluster(times, times.length)).toBeUndefined();
    // Nor a short log with three close together (six mirror-pod deletions, three of them within a millisecond: opened
    // on those, the other three are out of sight).
    const three = [0, 30, 30.001, 30.002, 60, 90].map((s) => 1e15 + s * 1_000_000);
    expect(busiestCluster(three, three.length)).toBeUndefined();
  });

  test('a longer log opens on a burst only when the burst holds most of its events', () => {
    const spread = (n: number, fromS: number) => Array.from({ length: n }, (_, i) => 1e15 + (fromS + i * 0.001) * 1e6);
    const most = [...spread(4, 0), ...spread(30, 600), ...spread(4, 1200)];
    expect(busiestCluster(most, most.length)).toEqual({ startUs: most[4], endUs: most[33] });
    const half = [...spread(15, 0), ...spread(15, 600), ...spread(4, 1200)];
    expect(busiestCluster(half, half.length)).toBeUndefined();
  });

  test('an ordinary continuous log opens in full', () => {
    const times = Array.from({ length: 1000 }, (_, i) => 1e15 + i * 1_000_000 + (i % 7) * 10_000);
    expect(busiestCluster(times, times.length)).toBeUndefined();
  });
});
