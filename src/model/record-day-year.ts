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
import { US_PER_DAY } from '../util/time.ts';

/** Only the start of a long record is searched. */
const SEARCH_CHARS = 65536;

function recordDay(yearlessUs: number): { month: number; day: number } {
  const dayKey = Math.floor(yearlessUs / US_PER_DAY);
  const month = Math.floor(dayKey / 32);
  return { month, day: dayKey - month * 32 };
}

/** A `YYYY-MM-DD` inside the record text on the record's own month-day (±1 day for UTC conversions), or 0. */
export function yearOnRecordDay(rec: LogRecord): number {
  const { month, day } = recordDay(rec.yearlessUs);
  const text = rec.text.length > SEARCH_CHARS ? rec.text.slice(0, SEARCH_CHARS) : rec.text;
  for (const d of [day, day - 1, day + 1]) {
    if (d < 1) continue;
    const needle = `-${month < 10 ? '0' : ''}${month}-${d < 10 ? '0' : ''}${d}`;
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
      if (at >= 4) {
        const y = Number(text.slice(at - 4, at));
        if (y > 1970 && y < 2200) return y;
      }
    }
  }
  return 0;
}

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
 * Every `-MM-DD` in a message that follows a clean klog header. The header always ends with `] `, so the four
 * characters before a mention near the message start are read as the whole line would have them (the message is
 * not joined to `] ` for that: a new message's text would be copied once more just to be searched).
 */
export function dayMentions(message: string): readonly DayMention[] {
  let out: DayMention[] | undefined;
  for (let j = message.indexOf('-'); j >= 0 && j + 6 <= message.length; j = message.indexOf('-', j + 1)) {
    const a = message.charCodeAt(j + 1);
    const b = message.charCodeAt(j + 2);
    const c = message.charCodeAt(j + 4);
    const d = message.charCodeAt(j + 5);
    if (!isDigit(a) || !isDigit(b) || message.charCodeAt(j + 3) !== 45 || !isDigit(c) || !isDigit(d)) continue;
    // The four characters before the mention in the line: within the message, or ` ` and its first three (a
    // number, Number() skipping the space), or `] ` and two (never one).
    const year = j >= 4 ? Number(message.slice(j - 4, j)) : j === 3 ? Number(message.slice(0, 3)) : NaN;
    (out ??= []).push({ at: j, month: (a - 48) * 10 + (b - 48), day: (c - 48) * 10 + (d - 48), year });
  }
  return out ?? NO_MENTIONS;
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
