/**
 * Choosing what a logs link carries from words a person types (the CLI's `link --pod NS/NAME --from T --to T`):
 * pods by `namespace/name`, name or UID, and times as the log prints them. The result is the same LogSelection the
 * app's Share dialog builds from its pod filter and visible window, so both go through chooseLogLines.
 *
 * Times are read on the log's own clock, like every time in a Trace (util/time.ts): klog prints local time without
 * a zone, so an RFC 3339 zone suffix is accepted but not applied.
 */
import type { Trace } from '../model/trace.ts';
import { podId } from '../model/trace-query.ts';
import { dayStartUs, epochToParts, formatEpochUs, US_PER_DAY, US_PER_MIN, US_PER_S } from '../util/time.ts';
import type { LogSelection } from './link-logs.ts';

export class SelectionError extends Error {}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `YYYY-MM-DD[T ]hh:mm[:ss[.frac]][Z|±hh:mm]` (RFC 3339, or as Syncloop prints times). */
const ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:Z|[+-]\d{2}:?\d{2})?$/;
/** The klog header's `[IWEF]MMDD hh:mm:ss.frac`, severity letter optional. */
const KLOG = /^[IWEF]?(\d{2})(\d{2}) (\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;
/** journald's / syslog's `Mon DD hh:mm:ss`. */
const SYSLOG = /^([A-Z][a-z]{2}) {1,2}(\d{1,2}) (\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;
/** A time of day alone. */
const TIME_OF_DAY = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;

interface Clock { h: number; mi: number; s?: string; frac?: string }

/** Microseconds into the day; `end` reads a time up to the end of what it names (`11:12` → 11:12:59.999999). */
function timeOfDayUs(c: Clock, end: boolean, text: string): number {
  const h = c.h;
  const mi = c.mi;
  const s = c.s === undefined ? 0 : Number(c.s);
  if (h > 23 || mi > 59 || s > 60) throw new SelectionError(`${text}: not a time of day`);
  let us = ((h * 60 + mi) * 60 + s) * US_PER_S;
  if (c.frac !== undefined) {
    us += Number(c.frac.slice(0, 6).padEnd(6, '0'));
    if (end) us += 10 ** Math.max(0, 6 - c.frac.length) - 1;
  } else if (end) {
    us += (c.s === undefined ? US_PER_MIN : US_PER_S) - 1;
  }
  return us;
}

function checkDate(year: number, month: number, day: number, text: string): void {
  if (month < 1 || month > 12 || day < 1 || day > 31) throw new SelectionError(`${text}: not a date`);
  const back = epochToParts(dayStartUs(year, month, day));
  if (back.month !== month) throw new SelectionError(`${text}: not a date`);
}

/** The candidate nearest the log's time range (inside it when one is). */
function nearest(trace: Trace, candidates: readonly number[]): number {
  const distance = (t: number) => (t < trace.startUs ? trace.startUs - t : t > trace.endUs ? t - trace.endUs : 0);
  return candidates.reduce((best, t) => (distance(t) < distance(best) ? t : best));
}

/**
 * A time typed by a person, as epoch µs on the log's clock. Accepts RFC 3339 / `2023-09-19 11:11:22.5`, the klog
 * header's `0919 11:11:22.237513`, journald's `Sep 19 11:11:22`, or a time of day alone when the log covers one
 * day. With `end`, a time stands for the end of the second (or minute) it names, so `--to 11:12` includes 11:12:30.
 */
export function parseLogTime(trace: Trace, input: string, end = false): number {
  const text = input.trim();
  let m = ISO.exec(text);
  if (m) {
    const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
    checkDate(year, month, day, text);
    return dayStartUs(year, month, day) + timeOfDayUs({ h: Number(m[4]), mi: Number(m[5]), s: m[6], frac: m[7] }, end, text);
  }
  let month = 0;
  let day = 0;
  let clock: Clock | undefined;
  if ((m = KLOG.exec(text))) {
    [month, day] = [Number(m[1]), Number(m[2])];
    clock = { h: Number(m[3]), mi: Number(m[4]), s: m[5], frac: m[6] };
  } else if ((m = SYSLOG.exec(text)) && MONTHS.includes(m[1])) {
    [month, day] = [MONTHS.indexOf(m[1]) + 1, Number(m[2])];
    clock = { h: Number(m[3]), mi: Number(m[4]), s: m[5], frac: m[6] };
  }
  if (clock) {
    if (!Number.isFinite(trace.startUs) || !Number.isFinite(trace.endUs)) throw new SelectionError(`${text}: the log has no times to take the year from; give the date (YYYY-MM-DD hh:mm:ss)`);
    // The year the log gives for that month and day (a log across New Year has two).
    const years = [...new Set([epochToParts(trace.startUs).year, epochToParts(trace.endUs).year])];
    const tod = timeOfDayUs(clock, end, text);
    const candidates = years.map((y) => { checkDate(y, month, day, text); return dayStartUs(y, month, day) + tod; });
    return nearest(trace, candidates);
  }
  if ((m = TIME_OF_DAY.exec(text))) {
    if (!Number.isFinite(trace.startUs) || !Number.isFinite(trace.endUs)) throw new SelectionError(`${text}: the log has no times to take the day from; give the date (YYYY-MM-DD hh:mm:ss)`);
    const tod = timeOfDayUs({ h: Number(m[1]), mi: Number(m[2]), s: m[3], frac: m[4] }, end, text);
    const firstDay = trace.startUs - epochToParts(trace.startUs).todUs;
    const lastDay = trace.endUs - epochToParts(trace.endUs).todUs;
    if (firstDay === lastDay) return firstDay + tod;
    const inside: number[] = [];
    for (let d = firstDay; d <= lastDay && inside.length < 2; d += US_PER_DAY) {
      if (d + tod >= trace.startUs && d + tod <= trace.endUs) inside.push(d + tod);
    }
    if (inside.length === 1) return inside[0];
    throw new SelectionError(`${text}: the log runs from ${formatEpochUs(trace.startUs)} to ${formatEpochUs(trace.endUs)}; give the date too (YYYY-MM-DD hh:mm:ss)`);
  }
  throw new SelectionError(`${text}: not a time (expected e.g. 2023-09-19T11:11:22Z, "2023-09-19 11:11:22.5", "0919 11:11:22.237513", "Sep 19 11:11:22" or 11:11:22)`);
}

/** Pod indices for `namespace/name`, a name that only one pod has, or a UID. */
export function findPods(trace: Trace, refs: readonly string[]): number[] {
  const out: number[] = [];
  for (const ref of refs) {
    const want = ref.trim();
    let found = trace.pods.filter((p) => podId(p) === want || p.uid === want).map((p) => p.index);
    if (!found.length && !want.includes('/')) found = trace.pods.filter((p) => p.name === want).map((p) => p.index);
    if (found.length > 1 && !want.includes('/')) {
      throw new SelectionError(`--pod ${want}: ${found.length} pods have that name; write NAMESPACE/NAME (${found.slice(0, 4).map((p) => podId(trace.pods[p])).join(', ')})`);
    }
    if (!found.length) {
      const known = trace.pods.slice(0, 8).map((p) => podId(p));
      throw new SelectionError(`--pod ${want}: no such pod in the log${known.length ? ` (pods: ${known.join(', ')}${trace.pods.length > known.length ? ', …' : ''})` : ' (it names no pods)'}`);
    }
    for (const p of found) if (!out.includes(p)) out.push(p);
  }
  return out;
}

export interface SelectionWords {
  pods?: readonly string[];
  from?: string;
  to?: string;
}

/** The LogSelection for what was asked, or undefined when nothing narrows the log. */
export function selectionFromWords(trace: Trace, words: SelectionWords): LogSelection | undefined {
  const pods = words.pods?.length ? findPods(trace, words.pods) : undefined;
  const startUs = words.from !== undefined ? parseLogTime(trace, words.from) : undefined;
  const endUs = words.to !== undefined ? parseLogTime(trace, words.to, true) : undefined;
  if (startUs !== undefined && endUs !== undefined && endUs < startUs) {
    throw new SelectionError(`--to ${words.to} is before --from ${words.from}`);
  }
  if (!pods && startUs === undefined && endUs === undefined) return undefined;
  return { ...(pods ? { pods } : {}), ...(startUs !== undefined ? { startUs } : {}), ...(endUs !== undefined ? { endUs } : {}) };
}
