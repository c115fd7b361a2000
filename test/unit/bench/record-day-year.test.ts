/**
 * The fast path finds the weak year hint of a record from the `-MM-DD` mentions of its message, found once per
 * distinct message; it must answer exactly as the search over the whole record text does, for any message after a
 * clean klog header.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayMentions, yearFromMentions, yearOnRecordDay } from '../../../src/model/record-day-year.ts';
import { Era, type LogRecord } from '../../../src/ingest/record.ts';
import { yearlessUs } from '../../../src/util/time.ts';

function record(text: string, msgStart: number, month: number, day: number): LogRecord {
  return {
    line: 1, lineCount: 1, severity: 0, yearlessUs: yearlessUs(month, day, 0), yearHint: 0, pid: 1, file: 'a.go', fileLine: 1,
    era: Era.Structured, text, msgStart, json: undefined, host: '', wrapper: 'none', damage: '', cutShort: false,
  };
}

const PIECES = ['2024', '2023', '1999', '2e3 ', '.2e4', ' 203', '-03-14', '-03-15', '-03-13', '-12-31', '-01-01', '-3-14', 'x', ' ', '"', '-', '0', '9'];

describe('weak year from day mentions', () => {
  it('matches yearOnRecordDay on the whole record text', () => {
    let found = 0;
    fc.assert(fc.property(
      fc.array(fc.constantFrom(...PIECES), { maxLength: 16 }),
      fc.constantFrom([3, 14], [12, 31], [1, 1], [3, 1]),
      fc.nat(3),
      (parts, [month, day], fileDigits) => {
        const header = `I${String(month).padStart(2, '0')}${String(day).padStart(2, '0')} 10:02:03.123456  2891 kubelet.go:${'7'.repeat(fileDigits + 1)}] `;
        const message = parts.join('');
        const expected = yearOnRecordDay(record(header + message, header.length, month, day));
        expect(yearFromMentions(dayMentions(message), yearlessUs(month, day, 0), header.length)).toBe(expected);
        if (expected) found++;
      },
    ), { numRuns: 2000 });
    expect(found).toBeGreaterThan(50);
  });

  it('finds the year of a status dump on the record day, the day before, and not on another day', () => {
    const message = '"Status for pod updated successfully" status={StartTime:2024-03-14 09:14:07 +0000 UTC}';
    expect(yearFromMentions(dayMentions(message), yearlessUs(3, 14, 0), 60)).toBe(2024);
    expect(yearFromMentions(dayMentions(message), yearlessUs(3, 15, 0), 60)).toBe(2024);
    expect(yearFromMentions(dayMentions(message), yearlessUs(3, 17, 0), 60)).toBe(0);
  });
});
