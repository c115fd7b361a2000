/**
 * The detectors are linear in the number of events: synthetic traces of about 25k and 100k events, built by
 * repeating real fixture lines with shifted times and renamed pods, are each analysed; the cost per event at 4× the
 * size must stay near the cost at 1× (a quadratic step would make it 4× higher), all detectors run over the larger
 * one within a generous bound, and the time per million events is printed.
 */
import { describe, expect, it } from 'vitest';
import { runDetectors } from '../../../src/findings/run.ts';
import type { Trace } from '../../../src/model/trace.ts';
import { analyzeText } from '../../helpers.ts';
import { fixtureText } from './findings-kit.ts';

/** Fixtures whose lines are bare klog lines (no journald prefix), so the time can be rewritten at a fixed place. */
const SOURCES = ['healthy-constructed.log', 'crashloop-backoff-constructed.log', 'probe-failures-constructed.log',
  'sync-loop-stall-constructed.log', 'admission-rejected-constructed.log'];

const pad = (n: number, w: number) => String(n).padStart(w, '0');
/** Pod UIDs and names of the fixtures, renamed per copy so every copy brings its own pods. */
const UIDS = ['2b1c4d5e-6f70-4a81-9b2c-3d4e5f6a7b8c', '5f1c2a3b-9d4e-4f60-8a71-2b3c4d5e6f70', '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d'];
const NAMES = ['web-7c5ddbdf54-x2x9q', 'web-0', 'api-6d5f7b9c8-x2x9q', 'report-27941580-7xk2p', 'report-27941595-q9zrt'];

function renamed(line: string, k: number): string {
  let out = line;
  for (const uid of UIDS) out = out.replaceAll(uid, uid.slice(0, -4) + pad(k, 4));
  for (const name of NAMES) out = out.replaceAll(`/${name}"`, `/${name}-${k}"`).replaceAll(`/${name}]`, `/${name}-${k}]`).replaceAll(`=${name}_`, `=${name}-${k}_`);
  return out;
}

/** `copies` copies of the fixture lines, copy k shifted by k minutes and with its pod names suffixed by k. */
function syntheticLog(copies: number): string {
  const lines = SOURCES.flatMap((name) => fixtureText(name).split('\n').filter((l) => /^[IWE]\d{4} /.test(l)));
  const out: string[] = [];
  for (let k = 0; k < copies; k++) {
    const day = 1 + Math.floor(k / 1440);
    const hh = Math.floor((k % 1440) / 60);
    const mm = k % 60;
    for (const l of lines) {
      // Keep seconds and micros, replace month/day/hour/minute: copies never overlap in time.
      const head = `${l[0]}05${pad(day, 2)} ${pad(hh, 2)}:${pad(mm, 2)}${l.slice(11, 14)}`;
      out.push(head + renamed(l.slice(14), k));
    }
  }
  return out.join('\n');
}

/** Best of `runs` timed runs of all detectors (after one untimed run that pays for compilation), in ms. */
function bestMs(trace: Trace, runs: number): { ms: number; findings: number } {
  let findings = runDetectors(trace).length;
  let ms = Infinity;
  for (let run = 0; run < runs; run++) {
    const t0 = performance.now();
    findings = runDetectors(trace).length;
    ms = Math.min(ms, performance.now() - t0);
  }
  return { ms, findings };
}

describe('detector cost', () => {
  it('grows linearly: 4× the events costs about 4× the time, and ~100k events stay within a generous bound', () => {
    const small = analyzeText(syntheticLog(41), 'synthetic-small.log');
    const large = analyzeText(syntheticLog(164), 'synthetic-large.log');
    expect(small.events.count).toBeGreaterThan(24_000);
    expect(large.events.count).toBeGreaterThan(100_000);
    expect(large.events.count / small.events.count).toBeCloseTo(4, 1);
    // Warm both up first (the compiler's tiers would otherwise make whichever runs first look dear), then the best
    // of five each, interleaved so that a burst of other work on the shared machine hits both sizes.
    bestMs(large, 2);
    bestMs(small, 2);
    let smallMs = Infinity;
    let largeMs = Infinity;
    let findings = 0;
    for (let round = 0; round < 5; round++) {
      smallMs = Math.min(smallMs, bestMs(small, 1).ms);
      const l = bestMs(large, 1);
      largeMs = Math.min(largeMs, l.ms);
      findings = l.findings;
    }
    const perEventSmall = smallMs / small.events.count;
    const perEventLarge = largeMs / large.events.count;
    const ratio = perEventLarge / perEventSmall;
    const perMillion = perEventLarge * 1e6;
    console.log(`findings: ${small.events.count} events ${smallMs.toFixed(1)} ms, ${large.events.count} events ${largeMs.toFixed(1)} ms ` +
      `(${findings} findings); cost per event at 4× / at 1×: ${ratio.toFixed(2)}; ${perMillion.toFixed(0)} ms per million events`);
    expect(findings).toBeGreaterThan(0);
    // Linear: about 1 (fixed costs make the small run dearer per event, lowering it); quadratic: about 4. The bound
    // leaves room for a noisy machine and still fails a quadratic step.
    expect(ratio).toBeLessThan(2.5);
    // Linear work stays around a second per million events; a quadratic step over 100k events would take minutes.
    expect(perMillion).toBeLessThan(10_000);
  }, 120_000);
});
