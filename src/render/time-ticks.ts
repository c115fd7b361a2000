/**
 * Axis ticks and their labels. Above a couple of seconds d3's UTC time scale picks calendar-friendly steps (15 s,
 * 5 min, 6 h, 1 day); below that, d3's linear 1-2-5 steps in µs (a time scale works in ms and cannot go finer).
 * Labels show only the digits the step needs. Epoch µs are klog wall-clock as printed, so UTC formatting shows
 * exactly what the log says.
 */
import { scaleUtc, utcFormat } from 'd3';
import { US_PER_DAY, US_PER_MS, US_PER_S, formatDurationUs, formatTimeOfDayUs } from '../util/time.ts';
import { TimeScale } from './time-scale.ts';

export interface Tick {
  timeUs: number;
  label: string;
}

const dayLabel = utcFormat('%b %d');

/** Decimals of seconds worth printing for ticks `stepUs` apart. */
function decimalsFor(stepUs: number): number {
  if (stepUs >= US_PER_S) return 0;
  if (stepUs >= 100_000) return 1;
  if (stepUs >= 10_000) return 2;
  if (stepUs >= 1_000) return 3;
  if (stepUs >= 100) return 4;
  if (stepUs >= 10) return 5;
  return 6;
}

/** Absolute label: `11:11:20`, `11:11:20.32`, `Sep 19` (for day steps). */
export function absoluteLabel(timeUs: number, stepUs: number): string {
  if (stepUs >= US_PER_DAY) return dayLabel(new Date(Math.floor(timeUs / US_PER_MS)));
  const todUs = ((timeUs % US_PER_DAY) + US_PER_DAY) % US_PER_DAY;
  const full = formatTimeOfDayUs(todUs);
  const decimals = decimalsFor(stepUs);
  return decimals === 0 ? full.slice(0, 8) : full.slice(0, 9 + decimals);
}

/** Relative label: `+1.5s`, `-250ms`, `0`. */
export function relativeLabel(deltaUs: number): string {
  if (Math.abs(deltaUs) < 0.5) return '0';
  return (deltaUs > 0 ? '+' : '') + formatDurationUs(deltaUs);
}

export function axisTicks(scale: TimeScale, approxCount: number, originUs: number): Tick[] {
  const spanUs = scale.endUs - scale.startUs;
  const relative = Number.isFinite(originUs);
  let timesUs: number[];
  let stepUs: number;
  if (!relative && spanUs > 2 * US_PER_S) {
    const utc = scaleUtc().domain([new Date(scale.startUs / US_PER_MS), new Date(scale.endUs / US_PER_MS)]);
    timesUs = utc.ticks(approxCount).map((d) => d.getTime() * US_PER_MS);
    stepUs = timesUs.length > 1 ? timesUs[1] - timesUs[0] : spanUs;
  } else if (relative) {
    // Ticks on round offsets from the origin.
    const shifted = new TimeScale(scale.startUs - originUs, scale.endUs - originUs, scale.widthPx, 0);
    const t = shifted.ticks(approxCount);
    timesUs = t.timesUs.map((d) => d + originUs);
    stepUs = t.stepUs;
  } else {
    ({ timesUs, stepUs } = scale.ticks(approxCount));
  }
  return timesUs.map((timeUs) => ({
    timeUs,
    label: relative ? relativeLabel(timeUs - originUs) : absoluteLabel(timeUs, stepUs),
  }));
}
