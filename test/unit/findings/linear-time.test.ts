/**
 * The detectors are linear in the number of events: a synthetic trace of about 100k events, built by repeating
 * real fixture lines with shifted times and renamed pods, is analysed once; all detectors run over it within a
 * generous bound, and the time per million events is printed.
 */
import { describe, expect, it } from 'vitest';
import { runDetectors } from '../../../src/findings/run.ts';
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

describe('detector cost', () => {
  it('runs all detectors over ~100k events in linear time', () => {
    const trace = analyzeText(syntheticLog(165), 'synthetic.log');
    expect(trace.events.count).toBeGreaterThan(100_000);
    // Best of three runs: the first pays for compilation, and the machine is shared with other work.
    let ms = Infinity;
    let findings = runDetectors(trace);
    for (let run = 0; run < 3; run++) {
      const t0 = performance.now();
      findings = runDetectors(trace);
      ms = Math.min(ms, performance.now() - t0);
    }
    const perMillion = (ms / trace.events.count) * 1e6;
    console.log(`findings: ${trace.events.count} events, ${findings.length} findings, ${ms.toFixed(0)} ms, ${perMillion.toFixed(0)} ms per million events`);
    expect(findings.length).toBeGreaterThan(0);
    // Linear work stays around a second per million events; a quadratic step over 100k events would take minutes.
    expect(perMillion).toBeLessThan(10_000);
  }, 60_000);
});
