/** Reading the CLI's `link --pod / --from / --to` words: times as logs print them, pods by name, and the errors. */
import { describe, expect, it } from 'vitest';
import { findPods, parseLogTime, selectionFromWords, SelectionError } from '../../../src/trace/link-selection.ts';
import { analyzeText } from '../../helpers.ts';

const at = (y: number, mo: number, d: number, h: number, mi: number, s: number, us = 0) => Date.UTC(y, mo - 1, d, h, mi, s) * 1000 + us;

const line = (date: string, time: string, pod: string) =>
  `I${date} ${time}  190330 kubelet.go:2130] "SyncLoop DELETE" source="api" pods=[${pod}]`;

describe('parseLogTime', () => {
  const oneDay = analyzeText([line('0919', '11:11:20.322601', 'default/web-0'), line('0919', '11:15:00.000000', 'prod/web-0')].join('\n') + '\n', 'a.log', { year: 2023 });

  it('reads RFC 3339 and Syncloop\'s own format on the log\'s clock (a zone is accepted, not applied)', () => {
    expect(parseLogTime(oneDay, '2023-09-19T11:11:22Z')).toBe(at(2023, 9, 19, 11, 11, 22));
    expect(parseLogTime(oneDay, '2023-09-19T11:11:22.5+02:00')).toBe(at(2023, 9, 19, 11, 11, 22, 500_000));
    expect(parseLogTime(oneDay, '2023-09-19 11:11:22.237513')).toBe(at(2023, 9, 19, 11, 11, 22, 237_513));
  });

  it('reads the klog header, journald\'s time and a time of day, taking the year and day from the log', () => {
    expect(parseLogTime(oneDay, 'I0919 11:11:22.237513')).toBe(at(2023, 9, 19, 11, 11, 22, 237_513));
    expect(parseLogTime(oneDay, '0919 11:11:22')).toBe(at(2023, 9, 19, 11, 11, 22));
    expect(parseLogTime(oneDay, 'Sep 19 11:11:22')).toBe(at(2023, 9, 19, 11, 11, 22));
    expect(parseLogTime(oneDay, '11:12')).toBe(at(2023, 9, 19, 11, 12, 0));
  });

  it('as an end, a time stands for the end of the second or minute it names', () => {
    expect(parseLogTime(oneDay, '11:12', true)).toBe(at(2023, 9, 19, 11, 12, 59, 999_999));
    expect(parseLogTime(oneDay, '11:12:30', true)).toBe(at(2023, 9, 19, 11, 12, 30, 999_999));
    expect(parseLogTime(oneDay, '11:12:30.25', true)).toBe(at(2023, 9, 19, 11, 12, 30, 259_999));
    expect(parseLogTime(oneDay, '11:12:30.123456', true)).toBe(at(2023, 9, 19, 11, 12, 30, 123_456));
  });

  it('takes the year nearest the log across New Year, and asks for the date when a time of day is ambiguous', () => {
    const newYear = analyzeText([line('1231', '23:59:00.000000', 'default/web-0'), line('0101', '00:01:00.000000', 'default/web-0')].join('\n') + '\n', 'b.log', { year: 2023 });
    expect(parseLogTime(newYear, '0101 00:00:30')).toBe(at(2024, 1, 1, 0, 0, 30));
    expect(parseLogTime(newYear, 'Dec 31 23:59:30')).toBe(at(2023, 12, 31, 23, 59, 30));
    // 23:59:30 falls inside the log only on the first day; 12:00 on neither: the date is needed.
    expect(parseLogTime(newYear, '23:59:30')).toBe(at(2023, 12, 31, 23, 59, 30));
    expect(() => parseLogTime(newYear, '12:00')).toThrow(/give the date too/);
  });

  it('refuses what is not a time, or not a date', () => {
    expect(() => parseLogTime(oneDay, 'tomorrow')).toThrow(SelectionError);
    expect(() => parseLogTime(oneDay, '2023-02-30 10:00')).toThrow(/not a date/);
    expect(() => parseLogTime(oneDay, '25:00')).toThrow(/not a time of day/);
  });
});

describe('findPods and selectionFromWords', () => {
  const trace = analyzeText([line('0919', '11:11:20.322601', 'default/web-0'), line('0919', '11:15:00.000000', 'prod/web-0'),
    line('0919', '11:16:00.000000', 'prod/db-1')].join('\n') + '\n', 'a.log', { year: 2023 });

  it('finds pods by namespace/name, or by a name only one pod has', () => {
    const idx = (id: string) => trace.pods.findIndex((p) => `${p.namespace}/${p.name}` === id);
    expect(findPods(trace, ['prod/web-0'])).toEqual([idx('prod/web-0')]);
    expect(findPods(trace, ['db-1', 'prod/db-1'])).toEqual([idx('prod/db-1')]);
    expect(() => findPods(trace, ['web-0'])).toThrow(/2 pods have that name; write NAMESPACE\/NAME/);
    expect(() => findPods(trace, ['prod/nope'])).toThrow(/no such pod in the log \(pods: default\/web-0, prod\/web-0, prod\/db-1\)/);
  });

  it('builds the Share dialog\'s selection, or none when nothing narrows the log', () => {
    expect(selectionFromWords(trace, {})).toBeUndefined();
    expect(selectionFromWords(trace, { pods: ['prod/db-1'], from: '11:15', to: '11:16' })).toEqual({
      pods: [trace.pods.findIndex((p) => p.name === 'db-1')], startUs: at(2023, 9, 19, 11, 15, 0), endUs: at(2023, 9, 19, 11, 16, 59, 999_999),
    });
    expect(() => selectionFromWords(trace, { from: '11:16', to: '11:15' })).toThrow(/--to 11:15 is before --from 11:16/);
  });
});
