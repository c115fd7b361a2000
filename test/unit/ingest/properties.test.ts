/**
 * Properties that must hold for any input: random bytes, and real kubelet lines from the seeds after random damage
 * (characters deleted, duplicated or replaced, lines cut, newlines inserted). Reading never throws, every line is
 * counted once, every event points inside its file, chunking changes nothing, and time stays linear in the input.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { analyze, countedLines } from './ingest-helpers.ts';
import { dumpTrace } from '../../../src/model/dump.ts';
import type { Trace } from '../../../src/model/trace.ts';
import { seedText } from '../../helpers.ts';

/** Physical lines in the bytes: one per newline, plus an unterminated last line. */
function physicalLines(bytes: Uint8Array): number {
  let n = 0;
  for (const b of bytes) if (b === 10) n++;
  return bytes.length > 0 && bytes[bytes.length - 1] !== 10 ? n + 1 : n;
}

/** Checks what must hold for every source of every trace; returns the trace for further checks. */
function checkInvariants(trace: Trace, bytes: Uint8Array): void {
  const src = trace.sources[0];
  expect(src.lines.total).toBe(physicalLines(bytes));
  expect(countedLines(src)).toBe(src.lines.total);
  expect(src.bytes).toBe(bytes.length);
  const ev = trace.events;
  for (let i = 0; i < ev.count; i++) {
    expect(ev.line[i]).toBeGreaterThanOrEqual(1);
    expect(ev.line[i] + ev.lineCount[i] - 1).toBeLessThanOrEqual(src.lines.total);
    expect(Number.isFinite(ev.timeUs[i])).toBe(true);
    if (i > 0) expect(ev.timeUs[i]).toBeGreaterThanOrEqual(ev.timeUs[i - 1]);
  }
  for (const d of src.diagnostics) expect(d.line).toBeLessThanOrEqual(src.lines.total);
}

/** Real kubelet lines (every era and wrapper the seeds hold) plus wrapped and JSON variants of a few. */
const REAL_LINES: string[] = (() => {
  const header = /^(\s*\d+\s*\|\s*)?[IWEF]\d{4} \d\d:\d\d:\d\d\.\d+ /;
  const lines = ['000', '003', '004'].flatMap((s) => seedText(s).split('\n')).filter((l) => header.test(l) || l.startsWith('\t'));
  const some = lines.slice(0, 6);
  return [
    ...lines,
    ...some.map((l) => `Mar 15 10:02:03 node-1 kubelet[2891]: ${l}`),
    ...some.map((l) => `2024-03-15T10:02:03.123456789Z stderr ${l.length % 2 ? 'P' : 'F'} ${l}`),
    ...some.map((l) => `10.5.0.2: ${l}`),
    '{"ts":1710496923123.456,"caller":"kubelet/kubelet.go:2389","msg":"SyncLoop ADD","v":2,"source":"api","pods":[{"name":"web-0","namespace":"default"}]}',
    '{"__REALTIME_TIMESTAMP":"1710496923123456","_HOSTNAME":"n","MESSAGE":[73,48,51,49,53,32,49,48,58,48,50,58,48,51,46,49,50,51,52,53,54,32,49,32,97,46,103,111,58,49,93,32,120]}',
    ' >',
    'panic: boom',
    'goroutine 1 [running]:',
    '```',
    '',
  ];
})();

const CHARS = ['"', '\\', '\t', ' ', '=', '<', '>', '[', ']', '{', '}', ':', '\0', '\uFFFD', 'é', '日', '\u{1F680}', 'I', '0', '\r'];

type Mutation = { at: number; op: number; ch: number };

function mutate(line: string, muts: readonly Mutation[]): string {
  let s = line;
  for (const m of muts) {
    const at = s.length ? m.at % (s.length + 1) : 0;
    switch (m.op) {
      case 0: s = s.slice(0, at) + s.slice(at + 1); break; // delete a character
      case 1: s = s.slice(0, at) + s.slice(at, at + 1) + s.slice(at); break; // duplicate one
      case 2: s = s.slice(0, at) + CHARS[m.ch % CHARS.length] + s.slice(at + 1); break; // replace one
      case 3: s = s.slice(0, at); break; // cut the line (a pager, a truncated file)
      default: s = s.slice(0, at) + '\n' + s.slice(at); break; // insert a newline (a hard wrap)
    }
  }
  return s;
}

const mutationArb = fc.record({ at: fc.nat(100000), op: fc.integer({ min: 0, max: 4 }), ch: fc.nat(100) });
const damagedLogArb = fc.array(
  fc.record({ line: fc.nat(REAL_LINES.length - 1), muts: fc.array(mutationArb, { maxLength: 3 }) }),
  { minLength: 1, maxLength: 40 },
).map((picks) => picks.map((p) => mutate(REAL_LINES[p.line], p.muts)).join('\n'));

const enc = new TextEncoder();

describe('properties of reading any input', () => {
  it('random bytes: never throws, counts add up, events point inside the file', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 3000 }), fc.integer({ min: 1, max: 64 }), (bytes, chunk) => {
      checkInvariants(analyze({ name: 'random.bin', data: bytes }, { chunk }), bytes);
    }), { numRuns: 150 });
  });

  it('real lines from the seeds, randomly damaged: invariants hold and chunking changes nothing', () => {
    fc.assert(fc.property(damagedLogArb, fc.integer({ min: 1, max: 97 }), (text, chunk) => {
      const bytes = enc.encode(text);
      const whole = analyze({ name: 'damaged.log', data: bytes });
      checkInvariants(whole, bytes);
      const chunked = analyze({ name: 'damaged.log', data: bytes }, { chunk });
      expect(dumpTrace(chunked, { events: true })).toBe(dumpTrace(whole, { events: true }));
    }), { numRuns: 150 });
  });

  it('undamaged real lines are all read as kubelet records or their continuations', () => {
    const text = REAL_LINES.filter((l) => !l.startsWith('2024-') && !l.startsWith('{') && l !== '```' && l !== '').join('\n');
    const trace = analyze({ name: 'real.log', data: text });
    const src = trace.sources[0];
    expect(src.lines.unrecognized).toBe(0);
    expect(src.lines.klog).toBeGreaterThan(100);
    checkInvariants(trace, enc.encode(text));
  });
});

/** Field names log platforms use (log-export.ts, csv-log.ts), and values that are awkward for them. */
const PLATFORM_KEYS = ['MESSAGE', 'message', 'textPayload', 'log', 'line', 'logName', 'host', '_HOSTNAME', 'timestamp', 'date', 'time',
  '@timestamp', '__REALTIME_TIMESTAMP', 'SYSLOG_IDENTIFIER', '_SYSTEMD_UNIT', 'fields', 'labels', 'resource', 'jsonPayload', '_source'];
const awkwardValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...REAL_LINES.slice(0, 20)), fc.string({ maxLength: 40 }), fc.constantFrom('%E0%A4%A', '%', '%zz', '1e400', '-1', 'NaN', ''),
  fc.integer(), fc.double(), fc.constant(null), fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('node_name', 'host', 'unit', 'name', 'labels'), fc.string({ maxLength: 12 }), { maxKeys: 3 }));
const platformEntryArb = fc.dictionary(fc.constantFrom(...PLATFORM_KEYS), awkwardValue, { maxKeys: 6 });
const csvCellArb = fc.oneof(fc.constantFrom(...REAL_LINES.slice(0, 20)), fc.string({ maxLength: 30 }), fc.constantFrom('"', '""', ',', '\n', '1655998936744', 'Jun 23, 2022 @ 15:42:16.744', '13/45/2022, 3:42:16 PM'));

describe('properties of reading log platform downloads', () => {
  it('random JSON entries (one per line, or pretty-printed in an array): never throws, counts add up', () => {
    fc.assert(fc.property(fc.array(platformEntryArb, { maxLength: 8 }), fc.boolean(), (entries, pretty) => {
      const text = pretty ? JSON.stringify(entries, null, 2) : entries.map((e) => JSON.stringify(e)).join('\n');
      checkInvariants(analyze({ name: 'export.json', data: text }), enc.encode(text));
    }), { numRuns: 150 });
  });

  it('random CSV tables under a platform\'s header row: never throws, counts add up, chunking changes nothing', () => {
    const header = fc.constantFrom('Time,Line,labels', '"@timestamp","@message"', 'Date;Host;Service;Message', '_time\thost\t_raw', 'sep=,\ntimestamp,message');
    fc.assert(fc.property(header, fc.array(fc.array(csvCellArb, { maxLength: 4 }), { maxLength: 10 }), fc.integer({ min: 1, max: 64 }), (head, rows, chunk) => {
      const text = [head, ...rows.map((r) => r.map((c) => (/[",\n]/.test(c) && c.length > 1 ? `"${c.replace(/"/g, '""')}"` : c)).join(','))].join('\n');
      const bytes = enc.encode(text);
      const whole = analyze({ name: 'table.csv', data: bytes });
      checkInvariants(whole, bytes);
      expect(dumpTrace(analyze({ name: 'table.csv', data: bytes }, { chunk }), { events: true })).toBe(dumpTrace(whole, { events: true }));
    }), { numRuns: 150 });
  });
});

describe('time is linear in the input', () => {
  /** Ordinary lines plus the shapes that would be quadratic in a careless reader, each growing with `n`. */
  function hostileLog(n: number): string {
    const out: string[] = [];
    // One record whose quoted value never closes, continued by n lines (each could toggle the quote state).
    out.push('I0315 10:02:03.123456    2891 kubelet.go:2389] "SyncLoop ADD" source="api" err="open quote never closed');
    for (let i = 0; i < n; i++) out.push(`continued ${i} "toggle \\" back`);
    // One multi-line value of n lines.
    out.push('I0315 10:02:04.000001    2891 status_manager.go:883] "Patch status for pod" pod="default/web-0" patch=<');
    for (let i = 0; i < n; i++) out.push(`\t{"line": ${i}, "v": "[[[{{{"}`);
    out.push(' >');
    // One goroutine dump of n frames.
    out.push('F0315 10:02:05.000001    2891 kubelet.go:2405] "SyncLoop DELETE" source="api" pods=["default/web-0"]', 'panic: boom');
    for (let i = 0; i < n; i++) out.push(i % 2 ? `\t/go/src/x.go:${i} +0x1` : `k8s.io/kubernetes/pkg/x.(*T).f${i}(0xc000)`);
    // A block close with no block open (what a newest-first journal shows first), then n value lines and no header.
    out.push('I0315 10:02:05.500000    2891 kubelet.go:2290] "Housekeeping took longer than expected"', ' >');
    for (let i = 0; i < n; i++) out.push(`\tupside-down value line ${i}`);
    // n cut JSON log lines, n ordinary lines and n real lines.
    for (let i = 0; i < n; i++) out.push(`{"ts": ${i}, "msg": "cut json`);
    for (let i = 0; i < n; i++) out.push(`I0315 10:02:${String(i % 60).padStart(2, '0')}.000001    2891 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-${i % 50}"]`);
    for (let i = 0; i < n; i++) out.push(REAL_LINES[i % REAL_LINES.length]);
    // One line with n×100 opening brackets and n×50 escaped quotes.
    out.push('I0315 10:02:06.000001    2891 kubelet.go:2405] "x" key=' + '['.repeat(100 * n) + ' other="' + '\\"'.repeat(50 * n) + '"');
    return out.join('\n') + '\n';
  }

  function bestMs(text: string): number {
    const bytes = enc.encode(text);
    let best = Infinity;
    for (let r = 0; r < 2; r++) {
      const t0 = performance.now();
      analyze({ name: 'hostile.log', data: bytes });
      best = Math.min(best, performance.now() - t0);
    }
    return best;
  }

  it('reading 4× the input takes less than 6× the time', () => {
    const n = 4000;
    bestMs(hostileLog(n / 4)); // warm up the JIT
    const small = bestMs(hostileLog(n));
    const large = bestMs(hostileLog(4 * n));
    expect(large / small).toBeLessThan(6);
  }, 20_000);
});
