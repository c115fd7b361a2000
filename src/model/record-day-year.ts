/**
 * A weak hint for the year of year-less klog times: a `YYYY-MM-DD` inside a record's text that falls on the
 * record's own month-day (±1 day for UTC conversions). The collector votes with the first twenty it finds per source
 * (see SourceHandle.assignYears).
 *
 * Two ways to ask, with the same answers: from a record's text, and — for the fast path, where the text is a
 * remembered message behind a clean header (ingest/klog-header-bytes.ts) — from the `-MM-DD` mentions found once per
 * distinct message.
 */
import type { LogRecord } from '../ingest/record.ts';
import { epochToParts, MONTHS, US_PER_DAY, yearlessToEpochUs } from '../util/time.ts';

/** Only the start of a long record is searched. */
const SEARCH_CHARS = 65536;

function recordDay(yearlessUs: number): { month: number; day: number } {
  const dayKey = Math.floor(yearlessUs / US_PER_DAY);
  const month = Math.floor(dayKey / 32);
  return { month, day: dayKey - month * 32 };
}

/** Stands for the separator in a month-day needle. */
const SEP = '\u0000';

/** A `YYYY-MM-DD` (or `YYYY/MM/DD`) inside the record text on the record's own month-day (±1 day for UTC conversions), or 0. */
export function yearOnRecordDay(rec: LogRecord): number {
  const { month, day } = recordDay(rec.yearlessUs);
  const text = rec.text.length > SEARCH_CHARS ? rec.text.slice(0, SEARCH_CHARS) : rec.text;
  for (const d of [day, day - 1, day + 1]) {
    if (d < 1) continue;
    const monthDay = `${month < 10 ? '0' : ''}${month}${SEP}${d < 10 ? '0' : ''}${d}`;
    // `YYYY-MM-DD`, and Go's log package's `YYYY/MM/DD` (a helper program's own line quoted in an error: socat, a plugin).
    for (const sep of ['-', '/']) {
      const needle = `${sep}${monthDay.replace(SEP, sep)}`;
      for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
        if (at >= 4) {
          const y = Number(text.slice(at - 4, at));
          if (y > 1970 && y < 2200) return y;
        }
      }
    }
    // `20-May-2023` (a Trace line's start time).
    const named = `${d < 10 ? '0' : ''}${d}-${MONTH_NAMES[month - 1]}-`;
    const at = MONTH_NAMES[month - 1] ? text.indexOf(named) : -1;
    if (at >= 0) {
      const y = Number(text.slice(at + 7, at + 11));
      if (y > 1970 && y < 2200) return y;
    }
  }
  return 0;
}

const MONTH_NAMES = Object.keys(MONTHS);

/** One `-MM-DD` in a message: where, which month-day, and the year its four characters before it read as. */
export interface DayMention {
  at: number;
  month: number;
  day: number;
  year: number;
}

const isDigit = (c: number) => c >= 48 && c <= 57;

/** What dayMentions gives a message without any (most): one shared array, so a memo that keeps the answer keeps nothing. */
const NO_MENTIONS: readonly DayMention[] = Object.freeze([]);

/**
 * Every `-MM-DD` (and `/MM/DD`) in a message that follows a clean klog header. The header always ends with `] `, so the four
 * characters before a mention near the message start are read as the whole line would have them (the message is
 * not joined to `] ` for that: a new message's text would be copied once more just to be searched).
 */
export function dayMentions(message: string): readonly DayMention[] {
  let out = mentionsAfter(message, 45 /* - */);
  // Go's log package's `YYYY/MM/DD`, as yearOnRecordDay reads it.
  if (message.includes('/')) {
    const slashed = mentionsAfter(message, 47 /* / */);
    if (slashed.length) out = out.length ? [...out, ...slashed] : slashed;
  }
  return out;
}

/** The `<sep>MM<sep>DD` mentions of a message (and, for `-`, `DD-Mon-YYYY`). */
function mentionsAfter(message: string, sep: number): readonly DayMention[] {
  let out: DayMention[] | undefined;
  const ch = String.fromCharCode(sep);
  for (let j = message.indexOf(ch); j >= 0 && j + 6 <= message.length; j = message.indexOf(ch, j + 1)) {
    const a = message.charCodeAt(j + 1);
    const b = message.charCodeAt(j + 2);
    const c = message.charCodeAt(j + 4);
    const d = message.charCodeAt(j + 5);
    if (!isDigit(a) || !isDigit(b) || message.charCodeAt(j + 3) !== sep || !isDigit(c) || !isDigit(d)) {
      if (sep !== 45) continue;
      // `20-May-2023 07:14:52.856`: the start time of the kubelet's Trace lines (Go's 02-Jan-2006).
      if (a >= 65 && a <= 90 && message.charCodeAt(j + 4) === 45 && j >= 2) {
        const named = namedDayMention(message, j);
        if (named) (out ??= []).push(named);
      }
      continue;
    }
    // The four characters before the mention in the line: within the message, or ` ` and its first three (a
    // number, Number() skipping the space), or `] ` and two (never one).
    const year = j >= 4 ? Number(message.slice(j - 4, j)) : j === 3 ? Number(message.slice(0, 3)) : NaN;
    (out ??= []).push({ at: j, month: (a - 48) * 10 + (b - 48), day: (c - 48) * 10 + (d - 48), year });
  }
  return out ?? NO_MENTIONS;
}

/** `DD-Mon-YYYY` around the `-` at j (j - 2 the day, j + 1 the month's name), or undefined. */
function namedDayMention(message: string, j: number): DayMention | undefined {
  const month = MONTHS[message.slice(j + 1, j + 4)] ?? 0;
  if (month === 0 || !isDigit(message.charCodeAt(j - 1)) || !isDigit(message.charCodeAt(j - 2))) return undefined;
  for (let k = j + 5; k < j + 9; k++) if (!isDigit(message.charCodeAt(k))) return undefined;
  return { at: j, month, day: Number(message.slice(j - 2, j)), year: Number(message.slice(j + 5, j + 9)) };
}

/** yearOnRecordDay for a record whose message starts at character `msgStart` of its text and holds `mentions`. */
export function yearFromMentions(mentions: readonly DayMention[], yearlessUs: number, msgStart: number): number {
  if (mentions.length === 0) return 0;
  const { month, day } = recordDay(yearlessUs);
  for (const d of [day, day - 1, day + 1]) {
    if (d < 1) continue;
    for (const m of mentions) {
      if (m.month !== month || m.day !== d || msgStart + m.at + 6 > SEARCH_CHARS || msgStart + m.at < 4) continue;
      if (m.year > 1970 && m.year < 2200) return m.year;
    }
  }
  return 0;
}

// Version-1 UUIDs (pod UIDs from API servers before 1.15, which switched to random ones) carry the time they were
// made: 60 bits of 100 ns since 1582-10-15, the time's low 32 bits first, then its middle 16, then a `1` and its top 12.
const UUID_V1 = /^[0-9a-f]{8}-[0-9a-f]{4}-1[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
/** 100 ns ticks from 1582-10-15 to 1970-01-01. */
const GREGORIAN_TO_UNIX_TICKS = 122_192_928_000_000_000;
/** Kubernetes' first pods, and a bound past which a time in a UUID is not believed. */
const EARLIEST_POD_US = Date.UTC(2014, 5, 1) * 1000;
const LATEST_POD_US = Date.UTC(2040, 0, 1) * 1000;

/**
 * When a version-1 UUID was made, in epoch µs (to ~13 µs: the 60-bit count is summed as a float), or 0 for any other
 * string or a time outside Kubernetes' years.
 */
export function uuidV1TimeUs(uid: string): number {
  if (uid.length !== 36 || !UUID_V1.test(uid)) return 0;
  const low = parseInt(uid.slice(0, 8), 16);
  const mid = parseInt(uid.slice(9, 13), 16);
  const high = parseInt(uid.slice(15, 18), 16);
  const ticks = high * 2 ** 48 + mid * 2 ** 32 + low;
  const us = (ticks - GREGORIAN_TO_UNIX_TICKS) / 10;
  return us >= EARLIEST_POD_US && us < LATEST_POD_US ? Math.floor(us) : 0;
}

/**
 * When the CronJob run a pod belongs to was scheduled, in epoch µs, from the pod's name, or 0. The CronJob controller
 * names each Job `<cronjob>-<time>` — Unix seconds before the controller was rewritten (1.21), Unix minutes after —
 * and the Job names its pod `<job>-<5 characters>`. A ReplicaSet's pod-template hash in the same place is drawn from
 * an alphabet without 0, 1 and 3, so a number with none of them is not believed; nor is one outside Kubernetes' years.
 */
export function cronJobScheduledUs(podName: string): number {
  const n = podName.length;
  if (n < 16 || podName.charCodeAt(n - 6) !== 45 /* - */ || !/^[a-z0-9]{5}$/.test(podName.slice(n - 5))) return 0;
  let start = n - 7;
  while (start >= 0 && isDigit(podName.charCodeAt(start))) start--;
  const digits = n - 7 - start;
  if ((digits !== 10 && digits !== 8) || start < 1 || podName.charCodeAt(start) !== 45) return 0;
  const number = podName.slice(start + 1, n - 6);
  if (!/[013]/.test(number)) return 0;
  const us = Number(number) * (digits === 10 ? 1_000_000 : 60_000_000);
  // Seconds were only written before the rewrite, minutes only after it: a time the other form's years hold is no
  // CronJob's (before 1.8 a ReplicaSet's hash was a decimal number, any of ten digits).
  if (digits === 10 ? us >= SECONDS_NAMES_UNTIL_US : us < MINUTES_NAMES_FROM_US) return 0;
  return us >= EARLIEST_POD_US && us < LATEST_POD_US ? us : 0;
}

/** The CronJob controller rewritten in 1.21 (April 2021) names its Jobs by minutes; the old one was gone by 1.23. */
const SECONDS_NAMES_UNTIL_US = Date.UTC(2023, 0, 1) * 1000;
const MINUTES_NAMES_FROM_US = Date.UTC(2021, 0, 1) * 1000;

/** The latest year that puts a year-less time no later than `endUs` (a day's slack, as above). */
export function yearUpTo(yearlessUs: number, endUs: number): number {
  const y = epochToParts(endUs).year;
  return yearlessToEpochUs(yearlessUs, y) <= endUs + US_PER_DAY ? y : y - 1;
}

/**
 * The year of a year-less time that first mentions a pod made at `madeUs`: the earliest year that puts it after the
 * pod was made (a day's slack for the local time of klog headers against the UTC of the UUID).
 */
export function yearAfterMade(yearlessUs: number, madeUs: number): number {
  const y = epochToParts(madeUs).year;
  return yearlessToEpochUs(yearlessUs, y) >= madeUs - US_PER_DAY ? y : y + 1;
}

/**
 * The year of a document's excerpt from the dates in its prose (yyyymmdd numbers; day 0 = some day of the month):
 * the year most of them name, or the year next to it when that puts the records nearer to the dates. A
 * `systemctl status` header "since 2017-11-29" above lines of Jan 02 dates them to the January after, an issue filed
 * 2017-03-10 about lines of Dec 20 to the December before. `firstUs`/`lastUs` are the records' year-less span (the
 * last with its own year offset `lastOffset`, for a span across a new year). 0 without dates.
 */
export function yearNearDates(dates: readonly number[], firstUs: number, lastUs: number, lastOffset: number): number {
  const counts = new Map<number, number>();
  let base = 0;
  let best = 0;
  for (const date of dates) {
    const y = Math.floor(date / 10000);
    const c = (counts.get(y) ?? 0) + 1;
    counts.set(y, c);
    if (c > best || (c === best && y < base)) { base = y; best = c; }
  }
  if (!base) return 0;
  const datesUs = dates.map((d) => {
    const day = d % 100;
    return Date.UTC(Math.floor(d / 10000), Math.floor(d / 100) % 100 - 1, day || 15) * 1000;
  });
  /** How far the records of year y lie from the nearest date (0 when a date falls within them). */
  const distance = (y: number) => {
    const startUs = yearlessToEpochUs(firstUs, y);
    const endUs = yearlessToEpochUs(lastUs, y + lastOffset);
    let least = Infinity;
    for (const t of datesUs) least = Math.min(least, t < startUs ? startUs - t : t > endUs ? t - endUs : 0);
    return least;
  };
  let year = base;
  let nearest = distance(base);
  for (const y of [base - 1, base + 1]) {
    const d = distance(y);
    if (d < nearest) { year = y; nearest = d; }
  }
  return year;
}
