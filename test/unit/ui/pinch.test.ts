import { describe, expect, test } from 'vitest';
import { pinchScrollDeltaPx, pinchWindow, type PinchStart } from '../../../src/ui/timeline/pinch.ts';

// A 1,000 µs window on a 100 px canvas at a realistic epoch (10 µs per px), fingers at 40 and 60 px.
const T0 = 1_710_237_600_000_000;
const start: PinchStart = { startUs: T0, endUs: T0 + 1000, widthPx: 100, a: { xPx: 40, yPx: 10 }, b: { xPx: 60, yPx: 10 } };
const at = (xPx: number, yPx = 10) => ({ xPx, yPx });

describe('two-finger gestures', () => {
  test('fingers that do not move leave the window as it was', () => {
    expect(pinchWindow(start, at(40), at(60))).toEqual({ startUs: T0, endUs: T0 + 1000 });
  });

  test('spreading the fingers to twice their distance zooms in 2× around the pinch centre', () => {
    // The centre (50 px = T0 + 500 µs) stays under the centre; the window halves.
    expect(pinchWindow(start, at(30), at(70))).toEqual({ startUs: T0 + 250, endUs: T0 + 750 });
  });

  test('pinching to half the distance zooms out 2× around the centre', () => {
    expect(pinchWindow(start, at(45), at(55))).toEqual({ startUs: T0 - 500, endUs: T0 + 1500 });
  });

  test('moving both fingers right by 10 px pans the window 10 px of time earlier', () => {
    expect(pinchWindow(start, at(50), at(70))).toEqual({ startUs: T0 - 100, endUs: T0 + 900 });
  });

  test('zoom and pan together: the time under the old centre ends under the new centre', () => {
    const w = pinchWindow(start, at(60), at(100));
    expect(w.endUs - w.startUs).toBe(500);
    const usPerPx = (w.endUs - w.startUs) / 100;
    expect(w.startUs + 80 * usPerPx).toBe(T0 + 500); // new centre 80 px shows what the old centre (50 px) showed
  });

  test('a vertical pinch zooms by the fingers’ distance, not its horizontal part', () => {
    const vertical: PinchStart = { ...start, a: at(50, 0), b: at(50, 20) };
    const w = pinchWindow(vertical, at(50, -10), at(50, 30));
    expect(w).toEqual({ startUs: T0 + 250, endUs: T0 + 750 });
  });

  test('fingers on top of each other do not zoom (no trustworthy distance), they still pan', () => {
    const together: PinchStart = { ...start, a: at(50), b: at(52) };
    // The centre moves from 51 to 80 px: 29 px of time earlier, same width.
    expect(pinchWindow(together, at(60), at(100))).toEqual({ startUs: T0 - 290, endUs: T0 + 710 });
  });

  test('moving the centre down by 30 px scrolls the lanes by 30 px', () => {
    expect(pinchScrollDeltaPx(start, at(40, 40), at(60, 40))).toBe(30);
  });
});
