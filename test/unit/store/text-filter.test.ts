import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { analyzeText, seedText } from '../../helpers.ts';
import { computeVisibility, compileFilterPattern, DEFAULT_FILTERS } from '../../../src/store/event-filter.ts';
import { eventRawText } from '../../../src/model/trace-query.ts';
import type { Trace } from '../../../src/model/trace.ts';
import type { Filters } from '../../../src/store/types.ts';
import { syntheticKlog } from '../../browser/synthetic-log.ts';

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

describe('every filter combination, against a direct reading of the trace', () => {
  // Seed 004 (one pod, containers by instance), seed 000 (a bulk SyncLoop ADD naming its 50 pods) and a generated log
  // (12 pods; lines that name a container only by its name).
  const traces = [analyzeText(seedText('004'), 'seed-004.log'), analyzeText(seedText('000'), 'seed-000.log'),
    analyzeText([...syntheticKlog({ pods: 12, lines: 3000 })].join(''), 'gen.log')];

  const pick = <T,>(xs: T[], most: number) => fc.subarray(xs, { maxLength: Math.min(most, xs.length) });

  /** What each filter says about event e, read from the trace as plainly as possible. */
  function verdicts(trace: Trace, f: Filters, e: number): Record<string, boolean> {
    const ev = trace.events;
    const pods = ev.pod[e] >= 0 ? [ev.pod[e]] : trace.multiPod[e] ?? [];
    const ci = ev.container[e];
    const container = ci >= 0 ? trace.containers[ci].name : ev.cname[e] > 0 ? trace.strings[ev.cname[e]] : '';
    return {
      pod: !f.pods.length || pods.some((p) => f.pods.includes(p)),
      namespace: !f.namespaces.length || pods.some((p) => f.namespaces.includes(trace.pods[p].namespace)),
      container: !f.containers.length || f.containers.includes(container),
      'lane kind': !f.laneKinds.length || f.laneKinds.includes(trace.lanes[ev.lane[e]].kind),
      severity: ev.severity[e] >= f.minSeverity,
    };
  }

  test('visible events, what each filter hides on its own, and the visible counts per pod and lane', () => {
    for (const trace of traces) {
      const namespaces = [...new Set(trace.pods.map((p) => p.namespace))];
      const containers = [...new Set(trace.containers.map((c) => c.name))];
      const laneKinds = [...new Set(trace.lanes.map((l) => l.kind))];
      fc.assert(fc.property(
        pick(trace.pods.map((_, i) => i), 3), pick(namespaces, 2), pick(containers, 2), pick(laneKinds, 3), fc.integer({ min: 0, max: 2 }),
        (pods, ns, cs, lanes, minSeverity) => {
          const f: Filters = { ...DEFAULT_FILTERS, pods, namespaces: ns, containers: cs, laneKinds: lanes, minSeverity };
          const v = computeVisibility(trace, f);
          const hiddenBy: Record<string, number> = {};
          const podVisible = new Array<number>(trace.pods.length).fill(0);
          const laneVisible = new Array<number>(trace.lanes.length).fill(0);
          const shown: number[] = [];
          for (let e = 0; e < trace.events.count; e++) {
            const verdict = verdicts(trace, f, e);
            for (const [k, ok] of Object.entries(verdict)) if (!ok) hiddenBy[k] = (hiddenBy[k] ?? 0) + 1;
            if (!Object.values(verdict).every(Boolean)) continue;
            shown.push(e);
            laneVisible[trace.lanes.length ? trace.events.lane[e] : 0]++;
            for (const p of trace.events.pod[e] >= 0 ? [trace.events.pod[e]] : trace.multiPod[e] ?? []) podVisible[p]++;
          }
          expect(visible(v.mask, trace.events.count)).toEqual(shown);
          expect(v.hiddenBy).toEqual(hiddenBy);
          expect([...v.podVisible]).toEqual(podVisible);
          expect([...v.laneVisible]).toEqual(laneVisible);
        }), { numRuns: 60 });
    }
  });
});
