/**
 * Time in Syncloop is an integer number of microseconds since the Unix epoch, kept in float64 (exact up to 2^53 µs,
 * i.e. the year 2255). klog prints local wall-clock time without a zone, and we keep it as printed: a klog time of
 * 10:42:26.101676 is stored as if it were 10:42:26.101676 UTC, so what the user sees is what the log says.
 */
export const US_PER_MS = 1_000;
export const US_PER_S = 1_000_000;
export const US_PER_MIN = 60 * US_PER_S;
export const US_PER_HOUR = 60 * US_PER_MIN;
export const US_PER_DAY = 24 * US_PER_HOUR;

const dayStartCache = new Map<number, number>();

/** Epoch µs of 00:00 on the given calendar day (month 1-12). Cached: logs revisit the same few days. */
export function dayStartUs(year: number, month: number, day: number): number {
  const key = (year * 13 + month) * 32 + day;
  let v = dayStartCache.get(key);
  if (v === undefined) {
    v = Date.UTC(year, month - 1, day) * US_PER_MS;
    dayStartCache.set(key, v);
  }
  return v;
}

/**
 * A klog header carries month, day and time but no year. We store that as "year-less µs"
 * (month*32 + day) * day + time-of-day, and turn it into epoch µs once the source's year is known.
 */
export function yearlessUs(month: number, day: number, todUs: number): number {
  return (month * 32 + day) * US_PER_DAY + todUs;
}

/** Midnight of the day after the year-less day starting at `dayUs` (the 31st of a month is followed by the 1st). */
export function yearlessNextDayUs(dayUs: number): number {
  const dayKey = Math.floor(dayUs / US_PER_DAY);
  const month = Math.floor(dayKey / 32);
  const day = dayKey - month * 32;
  // Without a year, February is given 29 days.
  const lastDay = month === 2 ? 29 : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  if (day < lastDay) return dayUs + US_PER_DAY;
  return month === 12 ? yearlessUs(1, 1, 0) : yearlessUs(month + 1, 1, 0);
}

export function yearlessMonth(y: number): number {
  return Math.floor(Math.floor(y / US_PER_DAY) / 32);
}

export function yearlessToEpochUs(y: number, year: number): number {
  const dayKey = Math.floor(y / US_PER_DAY);
  const month = Math.floor(dayKey / 32);
  const day = dayKey - month * 32;
  return dayStartUs(year, month, day) + (y - dayKey * US_PER_DAY);
}

export function epochToParts(epochUs: number): { year: number; month: number; day: number; todUs: number } {
  const ms = Math.floor(epochUs / US_PER_MS);
  const d = new Date(ms);
  const dayStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) * US_PER_MS;
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), todUs: epochUs - dayStart };
}

const pad2 = (n: number) => (n < 10 ? '0' : '') + n;

/** `2024-03-15 10:02:03.123456` */
export function formatEpochUs(epochUs: number): string {
  if (!Number.isFinite(epochUs)) return '—';
  const p = epochToParts(epochUs);
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)} ${formatTimeOfDayUs(p.todUs)}`;
}

/** `10:02:03.123456` */
export function formatTimeOfDayUs(todUs: number): string {
  const us = Math.round(todUs);
  const s = Math.floor(us / US_PER_S);
  const frac = String(us - s * US_PER_S).padStart(6, '0');
  return `${pad2(Math.floor(s / 3600))}:${pad2(Math.floor(s / 60) % 60)}:${pad2(s % 60)}.${frac}`;
}

/** Human duration: `850µs`, `12.3ms`, `4.52s`, `3m0s`, `2h5m`, `61d3h`. */
export function formatDurationUs(us: number): string {
  const a = Math.abs(us);
  const sign = us < 0 ? '-' : '';
  if (a < 1000) return `${sign}${Math.round(a)}µs`;
  if (a < US_PER_S) return `${sign}${(a / 1000).toFixed(a < 10_000 ? 2 : 1)}ms`;
  if (a < US_PER_MIN) return `${sign}${(a / US_PER_S).toFixed(a < 10 * US_PER_S ? 3 : 2)}s`;
  if (a < US_PER_HOUR) return `${sign}${Math.floor(a / US_PER_MIN)}m${Math.floor((a % US_PER_MIN) / US_PER_S)}s`;
  if (a < US_PER_DAY) return `${sign}${Math.floor(a / US_PER_HOUR)}h${Math.floor((a % US_PER_HOUR) / US_PER_MIN)}m`;
  return `${sign}${Math.floor(a / US_PER_DAY)}d${Math.floor((a % US_PER_DAY) / US_PER_HOUR)}h`;
}

/** Parses Go duration strings such as `3m0.5s`, `1.2s`, `850ms`, `5m0s`. Returns µs, or NaN. */
export function parseGoDurationUs(s: string): number {
  let i = 0;
  let total = 0;
  let any = false;
  const n = s.length;
  while (i < n) {
    let j = i;
    while (j < n && ((s.charCodeAt(j) >= 48 && s.charCodeAt(j) <= 57) || s.charCodeAt(j) === 46)) j++;
    if (j === i) return NaN;
    const value = Number(s.slice(i, j));
    let k = j;
    while (k < n && !((s.charCodeAt(k) >= 48 && s.charCodeAt(k) <= 57) || s.charCodeAt(k) === 46)) k++;
    const unit = s.slice(j, k);
    const mult =
      unit === 'h' ? US_PER_HOUR : unit === 'm' ? US_PER_MIN : unit === 's' ? US_PER_S : unit === 'ms' ? US_PER_MS
        : unit === 'µs' || unit === 'us' ? 1 : unit === 'ns' ? 0.001 : NaN;
    if (Number.isNaN(mult) || Number.isNaN(value)) return NaN;
    total += value * mult;
    any = true;
    i = k;
  }
  return any ? total : NaN;
}

export const MONTHS: Record<string, number> = {
  Jan: 1, Feb: 2, Mar: 3, Apr: 4, May: 5, Jun: 6, Jul: 7, Aug: 8, Sep: 9, Oct: 10, Nov: 11, Dec: 12,
};
