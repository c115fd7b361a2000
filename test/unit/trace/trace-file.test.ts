/** The trace file: export → import keeps every column and object of the five seed traces, plus view and notes. */
import { describe, expect, it } from 'vitest';
import { exportTraceFile, encodeTraceFile, importTraceFile, type TraceFileContents } from '../../../src/trace/trace-file.ts';
import { ShareError } from '../../../src/trace/errors.ts';
import { runDetectors } from '../../../src/findings/run.ts';
import type { Trace } from '../../../src/model/trace.ts';
import { analyzeText, seedText } from '../../helpers.ts';
import { comparableTrace, sampleNotes } from './trace-fixtures.ts';

const SEEDS = ['000', '001', '002', '003', '004'];

function seedTrace(seed: string): Trace {
  const trace = analyzeText(seedText(seed), `seed-${seed}.txt`);
  trace.findings = runDetectors(trace);
  // A finding that exercises every field, whether or not the detectors found something in this seed.
  trace.findings.push({
    id: 'test-finding', title: 'Test <b>finding</b>', severity: 'warning', startUs: trace.startUs, endUs: trace.endUs,
    pods: trace.pods.length ? [0] : [], containers: trace.containers.length ? [0] : [], lanes: trace.lanes.length ? [0] : [],
    evidence: trace.events.count > 1 ? [0, 1] : [],
    explanation: 'why', next: 'what next', scenario: 'readiness-init-race',
  });
  return trace;
}

describe('trace file round trip', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}: nothing is lost (plain and gzipped)`, async () => {
      const trace = seedTrace(seed);
      const contents: TraceFileContents = {
        trace,
        view: {
          startUs: trace.startUs, endUs: trace.endUs, originUs: NaN, selected: trace.events.count > 1 ? { kind: 'event', index: 1 } : undefined,
          filters: { text: 'Killing', pods: ['default/web-0'], minSeverity: 1 }, collapsedLanes: trace.lanes.map((l) => l.id).slice(0, 3),
        },
        notes: sampleNotes(trace),
      };
      for (const gzip of [false, true]) {
        const bytes = await exportTraceFile(contents, { gzip });
        expect(bytes[0] === 0x1f && bytes[1] === 0x8b).toBe(gzip);
        const back = await importTraceFile(bytes);
        expect(comparableTrace(back.trace)).toEqual(comparableTrace(trace));
        expect(back.view).toEqual(contents.view);
        expect(Number.isNaN(back.view!.originUs)).toBe(true);
        expect(back.notes).toEqual(contents.notes);
      }
    });
  }

  it('keeps NaN, infinities and -0 in plain-object fields', async () => {
    const trace = seedTrace('004');
    const c = trace.containers[0];
    c.exitCode = NaN;
    c.removedUs = Infinity;
    trace.pods[0].firstUs = -0;
    const back = await importTraceFile(encodeTraceFile({ trace, notes: [] }));
    expect(back.trace.containers[0].exitCode).toBeNaN();
    expect(back.trace.containers[0].removedUs).toBe(Infinity);
    expect(Object.is(back.trace.pods[0].firstUs, -0)).toBe(true);
  });

  it('maps event kinds by name, so a file written with a different catalog order keeps its meaning', async () => {
    const trace = seedTrace('004');
    const doc = JSON.parse(encodeTraceFile({ trace, notes: [] }));
    // Pretend the writer's kind table had an extra kind in front: every stored index shifts by one.
    doc.tables.kinds = ['kind-from-the-future', ...doc.tables.kinds];
    const kinds = Uint16Array.from(trace.events.kind, (k) => k + 1);
    doc.trace.events.kind = Buffer.from(kinds.buffer).toString('base64');
    const back = await importTraceFile(JSON.stringify(doc));
    expect(Array.from(back.trace.events.kind)).toEqual(Array.from(trace.events.kind));
  });

  it('rejects a file from a newer format version with a clear message', async () => {
    const doc = JSON.parse(encodeTraceFile({ trace: seedTrace('000'), notes: [] }));
    doc.version = 7;
    const err = await importTraceFile(JSON.stringify(doc)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ShareError);
    expect((err as ShareError).code).toBe('unsupported-version');
    expect((err as ShareError).message).toContain('version 7');
  });
});
