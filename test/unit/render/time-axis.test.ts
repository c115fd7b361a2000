import { describe, expect, test } from 'vitest';
import { axisTicks, absoluteLabel, relativeLabel } from '../../../src/render/time-ticks.ts';
import { TimeScale } from '../../../src/render/time-scale.ts';

const T0 = Date.UTC(2023, 8, 19, 11, 11, 20) * 1000 + 322601; // 2023-09-19 11:11:20.322601

describe('time axis', () => {
  test('the scale maps times to pixels and back exactly enough at epoch magnitudes', () => {
    const s = new TimeScale(T0, T0 + 1000, 1000);
    expect(s.toPx(T0 + 250)).toBeCloseTo(250, 6);
    expect(s.toUs(750)).toBeCloseTo(T0 + 750, 3);
  });

  test('absolute ticks fall on round times and print only the digits the step needs', () => {
    const ticks = axisTicks(new TimeScale(T0, T0 + 2_000, 1000), 8, NaN);
    expect(ticks.length).toBeGreaterThan(3);
    const step = ticks[1].timeUs - ticks[0].timeUs;
    for (const t of ticks) expect(t.timeUs % step).toBe(0);
    expect(ticks[0].label).toMatch(/^11:11:20\.32\d\d$/);
    const seconds = axisTicks(new TimeScale(T0, T0 + 60_000_000, 1000), 6, NaN);
    for (const t of seconds) expect(t.label).toMatch(/^11:1\d:\d\d$/);
    expect(absoluteLabel(Date.UTC(2023, 8, 24) * 1000, 86_400_000_000)).toBe('Sep 24');
  });

  test('relative ticks are round offsets from the origin', () => {
    const origin = T0;
    const ticks = axisTicks(new TimeScale(T0 - 1_100_000, T0 + 900_000, 1000), 8, origin);
    const step = ticks[1].timeUs - ticks[0].timeUs;
    for (const t of ticks) expect(Math.abs((t.timeUs - origin) % step)).toBe(0);
    expect(ticks.map((t) => t.label)).toContain('0');
    expect(relativeLabel(1_500_000)).toBe('+1.500s');
    expect(relativeLabel(-250_000)).toBe('-250.0ms');
  });
});
