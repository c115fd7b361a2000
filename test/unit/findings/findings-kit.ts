/** Helpers for the findings tests: analyse a fixture (or seed) and look at its findings by id and line numbers. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { kindName } from '../../../src/catalog/catalog.ts';
import { runDetectors } from '../../../src/findings/run.ts';
import { podId } from '../../../src/model/trace-query.ts';
import type { Finding, Trace } from '../../../src/model/trace.ts';
import { formatEpochUs } from '../../../src/util/time.ts';
import { analyzeText, seedText } from '../../helpers.ts';

export const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'findings');

export interface Analysed {
  /** The text that was analysed. */
  text: string;
  trace: Trace;
  findings: Finding[];
  /** Findings with this id. */
  of(id: string): Finding[];
  /** Source line numbers of a finding's evidence, in order. */
  lines(f: Finding): number[];
  pods(f: Finding): string[];
  /** Event kinds of the records that start on a source line. */
  kinds(line: number): string[];
  /** The time of the first record that starts on a source line ('' if none). */
  at(line: number): string;
}

export function analyse(text: string, name = 'test.log'): Analysed {
  const trace = analyzeText(text, name);
  const findings = runDetectors(trace);
  return {
    text, trace, findings,
    of: (id) => findings.filter((f) => f.id === id),
    lines: (f) => f.evidence.map((e) => trace.events.line[e]),
    pods: (f) => f.pods.map((p) => podId(trace.pods[p])),
    at: (line) => {
      for (let e = 0; e < trace.events.count; e++) if (trace.events.line[e] === line) return formatEpochUs(trace.events.timeUs[e]);
      return '';
    },
    kinds: (line) => {
      const out: string[] = [];
      for (let e = 0; e < trace.events.count; e++) if (trace.events.line[e] === line) out.push(kindName(trace.events.kind[e]));
      return out;
    },
  };
}

export function fixtureText(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

export const fixture = (name: string): Analysed => analyse(fixtureText(name), name);
export const seed = (prefix: string): Analysed => analyse(seedText(prefix), `seed-${prefix}.txt`);

/** Severities of all findings that are warnings or errors (for "no false alarm" checks). */
export function alarms(a: Analysed): string[] {
  return a.findings.filter((f) => f.severity !== 'info').map((f) => `${f.severity} ${f.id}: ${f.title}`);
}

/** A klog header's month, day and time as printed (`MMDD hh:mm:ss.uuuuuu` → `MM-DD hh:mm:ss.uuuuuu`), or undefined. */
export function printedTime(line: string): string | undefined {
  // (A log viewer may glue its own date to the header: `10:40:03 PMI0412 19:40:03.656270`.)
  const m = /(?:\b|(?<=\d|[AP]M))[IWEF](\d{2})(\d{2}) (\d{2}:\d{2}:\d{2}\.\d{6})\b/.exec(line);
  return m ? `${m[1]}-${m[2]} ${m[3]}` : undefined;
}

const seconds = (hhmmss: string) => Number(hhmmss.slice(0, 2)) * 3600 + Number(hhmmss.slice(3, 5)) * 60 + Number(hhmmss.slice(6, 8));

/** The same form for a time in the trace (the year dropped: the log does not print it). */
const asPrinted = (us: number) => formatEpochUs(us).slice(5);

/**
 * A finding says what to do next, and its time range runs from its earliest to its latest evidence line — read off
 * the text of those lines as the log printed them, not from the trace — or, for a state still open when the log
 * ends (`toLogEnd`), to the last time the log prints. Every evidence line lies inside the range.
 */
export function expectRangeAndNext(a: Analysed, f: Finding, opts: { toLogEnd?: boolean } = {}): void {
  expect(f.next.trim().length, `${f.id}: next`).toBeGreaterThan(20);
  expect(f.next, `${f.id}: next is not the explanation`).not.toBe(f.explanation);
  const lines = a.text.split('\n');
  const times = f.evidence.map((e) => {
    const line = lines[a.trace.events.line[e] - 1];
    const klog = printedTime(line);
    if (klog !== undefined) return klog;
    // A line without a klog header (a crash report, systemd's line about the kubelet's unit) is timed on the klog
    // clock from its journal time: that time is printed to the second.
    const traced = asPrinted(a.trace.events.timeUs[e]);
    // journalctl's mark between two boots prints no time: it is timed as the kubelet's line before it.
    if (/^-- (Reboot|Boot [0-9a-f]+) --$/.test(line.trim())) return traced;
    const journal = /^\w{3} +\d{1,2} (\d\d:\d\d:\d\d) /.exec(line)?.[1];
    return journal !== undefined && Math.abs(seconds(traced.slice(6, 14)) - seconds(journal)) <= 1 ? traced : undefined;
  });
  expect(times.every((t) => t !== undefined), `${f.id}: every evidence line has a klog time, or a journal time its event keeps`).toBe(true);
  // Within one year "MM-DD hh:mm:ss.uuuuuu" sorts as time does.
  const sorted = (times as string[]).slice().sort();
  expect(asPrinted(f.startUs), `${f.id}: start`).toBe(sorted[0]);
  const last = opts.toLogEnd
    ? lines.map(printedTime).filter((t): t is string => t !== undefined).sort().at(-1)
    : sorted[sorted.length - 1];
  expect(asPrinted(f.endUs), `${f.id}: end`).toBe(last);
  for (const t of sorted) {
    expect(t >= asPrinted(f.startUs) && t <= asPrinted(f.endUs), `${f.id}: evidence at ${t} inside the range`).toBe(true);
  }
}
