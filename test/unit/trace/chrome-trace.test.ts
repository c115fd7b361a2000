/**
 * The Chrome Trace Event export, checked against the format's rules by a validator written here (independent of the
 * exporter): required fields per phase, numeric times, non-negative durations, slices properly nested per thread,
 * every flow start finished and bound to a slice, every thread and process named by metadata.
 */
import { describe, expect, it } from 'vitest';
import { encodeChromeTrace } from '../../../src/trace/chrome-trace.ts';
import type { Trace } from '../../../src/model/trace.ts';
import { analyzeText, seedText } from '../../helpers.ts';

type Ev = Record<string, unknown>;

function validate(doc: unknown): string[] {
  const problems: string[] = [];
  if (typeof doc !== 'object' || doc === null || !Array.isArray((doc as Ev).traceEvents)) return ['no traceEvents array'];
  const events = (doc as { traceEvents: Ev[] }).traceEvents;
  const threads = new Set<string>();
  const processes = new Set<number>();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name' && typeof (e.args as Ev)?.name === 'string') threads.add(`${e.pid}/${e.tid}`);
    if (e.ph === 'M' && e.name === 'process_name' && typeof (e.args as Ev)?.name === 'string') processes.add(e.pid as number);
  }
  const slices = new Map<string, [number, number][]>();
  const flows = new Map<number, Ev[]>();
  events.forEach((e, i) => {
    const at = `event ${i} (${String(e.ph)})`;
    if (typeof e.ph !== 'string' || typeof e.name !== 'string') problems.push(`${at}: ph and name must be strings`);
    if (!Number.isInteger(e.pid) || !Number.isInteger(e.tid)) problems.push(`${at}: pid and tid must be integers`);
    if (e.ph === 'M') return;
    if (typeof e.ts !== 'number' || !Number.isFinite(e.ts) || e.ts < 0) problems.push(`${at}: ts must be a finite number ≥ 0`);
    if (!threads.has(`${e.pid}/${e.tid}`)) problems.push(`${at}: thread ${e.pid}/${e.tid} has no thread_name metadata`);
    if (!processes.has(e.pid as number)) problems.push(`${at}: process ${e.pid} has no process_name metadata`);
    if (e.ph === 'X') {
      if (typeof e.dur !== 'number' || !(e.dur >= 0)) problems.push(`${at}: dur must be a number ≥ 0`);
      const key = `${e.pid}/${e.tid}`;
      slices.set(key, [...(slices.get(key) ?? []), [e.ts as number, (e.ts as number) + (e.dur as number)]]);
    } else if (e.ph === 'i') {
      if (!['t', 'p', 'g'].includes(e.s as string)) problems.push(`${at}: instant scope must be t, p or g`);
    } else if (e.ph === 's' || e.ph === 'f') {
      if (typeof e.id !== 'number' && typeof e.id !== 'string') problems.push(`${at}: flow events need an id`);
      if (typeof e.cat !== 'string') problems.push(`${at}: flow events need a category`);
      flows.set(e.id as number, [...(flows.get(e.id as number) ?? []), e]);
    } else {
      problems.push(`${at}: unexpected phase`);
    }
  });
  for (const [thread, list] of slices) {
    list.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
    const open: number[] = [];
    for (const [s, e] of list) {
      while (open.length && open[open.length - 1] <= s) open.pop();
      if (open.length && e > open[open.length - 1]) problems.push(`thread ${thread}: slice ${s}…${e} partly overlaps its parent`);
      open.push(e);
    }
  }
  const enclosed = (e: Ev) => (slices.get(`${e.pid}/${e.tid}`) ?? []).some(([s, end]) => s <= (e.ts as number) && (e.ts as number) <= end);
  for (const [id, list] of flows) {
    const starts = list.filter((e) => e.ph === 's');
    const finishes = list.filter((e) => e.ph === 'f');
    if (starts.length !== 1 || finishes.length !== 1) { problems.push(`flow ${id}: needs one start and one finish`); continue; }
    const [s, f] = [starts[0], finishes[0]];
    if (s.cat !== f.cat || s.name !== f.name) problems.push(`flow ${id}: start and finish differ in cat/name`);
    if ((f.ts as number) < (s.ts as number)) problems.push(`flow ${id}: finishes before it starts`);
    if (!enclosed(s) || !enclosed(f)) problems.push(`flow ${id}: an end is not inside a slice on its thread`);
  }
  return problems;
}

describe('Chrome Trace Event export', () => {
  const traces: Trace[] = ['000', '001', '003', '004'].map((s) => analyzeText(seedText(s), `seed-${s}.txt`));

  it('follows the Trace Event Format rules on every seed', () => {
    for (const trace of traces) expect(validate(JSON.parse(encodeChromeTrace(trace)))).toEqual([]);
  });

  it('has one instant per log event, one complete event per state span and one flow per link', () => {
    for (const trace of traces) {
      const doc = JSON.parse(encodeChromeTrace(trace)) as { traceEvents: Ev[] };
      const count = (pred: (e: Ev) => boolean) => doc.traceEvents.filter(pred).length;
      expect(count((e) => e.ph === 'i')).toBe(trace.events.count);
      expect(count((e) => e.ph === 'X' && e.cat !== 'link-anchor')).toBe(trace.spans.count);
      expect(count((e) => e.ph === 's')).toBe(trace.links.count);
      expect(count((e) => e.ph === 'M' && e.name === 'thread_name')).toBeGreaterThanOrEqual(trace.lanes.length);
    }
    expect(traces.some((t) => t.links.count > 0)).toBe(true);
  });

  it('puts the raw log line, kind and line number in the instant args, relative times from the trace start', () => {
    const trace = traces[0];
    const doc = JSON.parse(encodeChromeTrace(trace)) as { traceEvents: Ev[] };
    const first = doc.traceEvents.find((e) => e.ph === 'i')!;
    const args = first.args as Ev;
    expect(args.line).toBe(trace.events.line[0]);
    expect(typeof args.kind).toBe('string');
    expect(seedText('000')).toContain((args.text as string).slice(0, 60));
    const minTs = Math.min(...doc.traceEvents.filter((e) => e.ph !== 'M').map((e) => e.ts as number));
    expect(minTs).toBe(0);
  });

  it('the validator catches broken output', () => {
    const doc = JSON.parse(encodeChromeTrace(traces[0])) as { traceEvents: Ev[] };
    doc.traceEvents.push({ ph: 's', name: 'dispatch', cat: 'link', id: 999_999, ts: 1, pid: 1, tid: 1 });
    doc.traceEvents.push({ ph: 'X', name: 'x', cat: 'c', ts: -5, dur: -1, pid: 1, tid: 424242 });
    const problems = validate(doc);
    expect(problems.some((p) => p.includes('flow 999999'))).toBe(true);
    expect(problems.some((p) => p.includes('dur must be'))).toBe(true);
    expect(problems.some((p) => p.includes('no thread_name'))).toBe(true);
  });
});
