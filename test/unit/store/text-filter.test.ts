import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { analyzeText, seedText } from '../../helpers.ts';
import { computeVisibility, compileFilterPattern, DEFAULT_FILTERS } from '../../../src/store/event-filter.ts';
import { eventRawText } from '../../../src/model/trace-query.ts';
import type { Trace } from '../../../src/model/trace.ts';

/** Events whose raw record contains `needle`, found the slow obvious way. */
function containing(trace: Trace, needle: string): number[] {
  const out: number[] = [];
  for (let e = 0; e < trace.events.count; e++) if (eventRawText(trace, e).toLowerCase().includes(needle.toLowerCase())) out.push(e);
  return out;
}

const visible = (mask: Uint8Array | undefined, n: number) => Array.from({ length: n }, (_, e) => e).filter((e) => !mask || mask[e] === 1);

describe('message-text filter', () => {
  const text = seedText('004');
  // 7-byte chunks: most records straddle chunk boundaries, which the byte scanner must handle.
  const traces = [analyzeText(text, 'seed-004.log'), analyzeText(text, 'seed-004.log', { chunk: 7 })];

  test.each([0, 1])('plain text matches exactly the records that contain it, case-insensitively (chunking %i)', (i) => {
    const trace = traces[i];
    for (const needle of ['Killing container', 'KILLING CONTAINER', 'podUID=95d6b80b', 'containerd://24bee860', 'no such text']) {
      const v = computeVisibility(trace, { ...DEFAULT_FILTERS, text: needle });
      expect(visible(v.mask, trace.events.count)).toEqual(containing(trace, needle));
      expect(v.hiddenCount).toBe(trace.events.count - containing(trace, needle).length);
    }
  });

  test('plain text on random logs, needles and chunkings (packed text too) finds exactly the records that contain it', () => {
    // Lines from a small alphabet, so needles recur many times per line, across lines and across chunk boundaries.
    fc.assert(fc.property(
      fc.array(fc.string({ unit: fc.constantFrom('a', 'b', 'B', 'x', ' ', '=', 'é'), minLength: 1, maxLength: 30 }), { minLength: 1, maxLength: 25 }),
      fc.string({ unit: fc.constantFrom('a', 'B', 'x', ' ', 'é'), minLength: 1, maxLength: 4 }),
      fc.integer({ min: 1, max: 40 }), fc.boolean(),
      (messages, needle, chunk, packRawText) => {
        const log = messages.map((m, i) => `I0314 09:14:0${i % 10}.000001 1 kubelet.go:1] ${m}`).join('\n') + '\n';
        const trace = analyzeText(log, 'random.log', { chunk, packRawText });
        const v = computeVisibility(trace, { ...DEFAULT_FILTERS, text: needle });
        expect(visible(v.mask, trace.events.count)).toEqual(containing(trace, needle));
      }), { numRuns: 300 });
  });

  test('a regular expression runs on the linear-time engine and matches what the browser engine would', () => {
    const trace = traces[0];
    const source = 'killing container .*grace';
    const v = computeVisibility(trace, { ...DEFAULT_FILTERS, text: source, textIsRegex: true });
    const reference = new RegExp(source, 'i');
    const expected = Array.from({ length: trace.events.count }, (_, e) => e).filter((e) => reference.test(eventRawText(trace, e, 2000)));
    expect(expected.length).toBeGreaterThan(0);
    expect(visible(v.mask, trace.events.count)).toEqual(expected);
  });

  test('patterns that could backtrack are refused with a reason', () => {
    for (const bad of ['(a+)+$', '(x*)*y', '(a)\\1', '(?=a)b']) {
      const c = compileFilterPattern(bad);
      expect('error' in c && c.error.length > 0).toBe(true);
    }
    const trace = traces[0];
    const v = computeVisibility(trace, { ...DEFAULT_FILTERS, text: '(a+)+$', textIsRegex: true });
    expect(v.textError).toMatch(/nested quantifier/);
    expect(v.hiddenCount).toBe(0);
  });
});

describe('combined filters', () => {
  const trace = analyzeText(seedText('000'), 'seed-000.log');

  test('severity hides events below it, and each filter reports what it alone hides', () => {
    const v = computeVisibility(trace, { ...DEFAULT_FILTERS, minSeverity: 1, text: 'readiness' });
    const sev = Array.from(trace.events.severity);
    const lowSeverity = sev.filter((s) => s < 1).length;
    expect(v.hiddenBy.severity).toBe(lowSeverity);
    expect(v.hiddenBy.text).toBe(trace.events.count - containing(trace, 'readiness').length);
    for (const e of visible(v.mask, trace.events.count)) {
      expect(trace.events.severity[e]).toBeGreaterThanOrEqual(1);
      expect(eventRawText(trace, e).toLowerCase()).toContain('readiness');
    }
  });

  test('a pod filter keeps the lines about that pod, including bulk lines that list it', () => {
    const pod = trace.pods.findIndex((p) => p.name === 'lifejuhe-pre-sf-d46e3-0');
    expect(pod).toBeGreaterThanOrEqual(0);
    const v = computeVisibility(trace, { ...DEFAULT_FILTERS, pods: [pod] });
    const kept = visible(v.mask, trace.events.count);
    expect(kept.length).toBeGreaterThan(0);
    for (const e of kept) {
      const raw = eventRawText(trace, e);
      expect(raw.includes('lifejuhe-pre-sf-d46e3-0') || raw.includes(trace.pods[pod].uid)).toBe(true);
    }
    expect(v.podVisible[pod]).toBe(kept.length);
  });
});
