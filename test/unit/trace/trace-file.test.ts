/** The trace file: export → import keeps every column and object of the five seed traces, plus view and notes. */
import { describe, expect, it } from 'vitest';
import { exportTraceFile, encodeTraceFile, importTraceFile, type TraceFileContents } from '../../../src/trace/trace-file.ts';
import { ShareError } from '../../../src/trace/errors.ts';
import { runDetectors } from '../../../src/findings/run.ts';
import type { Trace } from '../../../src/model/trace.ts';
import { analyzeText, seedText } from '../../helpers.ts';
import { comparableTrace, sampleNotes } from './trace-fixtures.ts';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';

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

  it('keeps what a pasted systemctl status said of the unit', async () => {
    const text = ['$ systemctl status kubelet', '   Active: active (running) since Wed 2017-11-29 16:04:21 CST; 1 months 4 days ago',
      ' Main PID: 22966 (kubelet)', '', 'Jan 02 10:31:41 node-1 kubelet-wrapper[22966]: I0102 10:31:41.000001   22966 kubelet.go:1794] "SyncLoop (housekeeping)"'].join('\n');
    const trace = analyzeText(text, 'status.txt');
    expect(trace.sources[0].service).toEqual({ active: 'active (running)', mainPid: 22966, since: '2017-11-29 16:04:21', line: 2 });
    const back = await importTraceFile(await exportTraceFile({ trace, notes: [] }, { gzip: false }));
    expect(back.trace.sources[0].service).toEqual(trace.sources[0].service);
  });

  it('keeps how the unit\'s main process exited, as its status block says (the main PID\'s line first, else ExecStart\'s)', async () => {
    const block = (main: string) => ['● kubelet.service - Kubernetes Kubelet Server', '   Active: failed (Result: start-limit) since 三 2017-10-25 16:08:09 CST; 8s ago',
      '  Process: 1436 ExecStartPre=/usr/bin/kubelet-pre-start.sh (code=exited, status=0/SUCCESS)',
      '  Process: 18607 ExecStart=/usr/local/bin/kubelet $KUBELET_ARGS (code=exited, status=1/FAILURE)', main, '',
      '10月 25 16:08:09 test-node1 systemd[1]: Unit kubelet.service entered failed state.'].join('\n');
    const withMain = analyzeText(block(' Main PID: 18607 (code=exited, status=2)'), 'status.txt');
    expect(withMain.sources[0].service).toMatchObject({ mainPid: 18607, exitCode: 'exited', exitStatus: '2' });
    // Without it, the ExecStart process's line (not ExecStartPre's).
    const processOnly = analyzeText(block(''), 'status.txt');
    expect(processOnly.sources[0].service).toMatchObject({ exitCode: 'exited', exitStatus: '1/FAILURE' });
    const back = await importTraceFile(await exportTraceFile({ trace: withMain, notes: [] }, { gzip: false }));
    expect(back.trace.sources[0].service).toEqual(withMain.sources[0].service);
  });

  it('keeps what says a node runs Windows', async () => {
    const text = ['Log file created at: 2020/05/03 13:38:35', 'Binary: Built with gc go1.13.9 for windows/amd64',
      'E0503 13:38:35.986907    5324 file_unsupported.go:28] Watching source file is unsupported in this build'].join('\n');
    const trace = analyzeText(text, 'kubelet.ERROR');
    expect(trace.sources[0].windows).toBe('the glog file header ("built … for windows")');
    const back = await importTraceFile(await exportTraceFile({ trace, notes: [] }, { gzip: false }));
    expect(back.trace.sources[0].windows).toBe(trace.sources[0].windows);
  });

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

describe('trace file: hostile input', () => {
  async function errorOf(input: Uint8Array | string): Promise<ShareError> {
    const e = await importTraceFile(input).then(() => undefined, (err: unknown) => err);
    expect(e).toBeInstanceOf(ShareError);
    return e as ShareError;
  }
  const good = () => JSON.parse(encodeTraceFile({ trace: seedTrace('004'), notes: [] }));

  it('random bytes and random text give a ShareError', async () => {
    await fc.assert(fc.asyncProperty(fc.uint8Array({ maxLength: 400 }), async (bytes) => { await errorOf(bytes); }), { numRuns: 100 });
    await fc.assert(fc.asyncProperty(fc.string({ maxLength: 200 }), async (text) => { await errorOf(text); }), { numRuns: 100 });
  });

  it('a truncated gzip file, a zip bomb and a file over the size limit are refused', async () => {
    const gz = await exportTraceFile({ trace: seedTrace('004'), notes: [] }, { gzip: true });
    expect((await errorOf(gz.subarray(0, gz.length >> 1))).code).toBe('bad-compression');
    const bomb = gzipSync(Buffer.alloc(16 << 20));
    const refused = (input: Uint8Array | string, maxBytes: number) =>
      importTraceFile(input, { maxBytes }).then(() => undefined, (err: unknown) => err as ShareError);
    expect((await refused(bomb, 8 << 20))?.code).toBe('too-large');
    expect((await refused('x'.repeat(2000), 1000))?.code).toBe('too-large');
  });

  it('other JSON, deep nesting, wrong versions, huge numbers and broken references get clear messages', async () => {
    expect((await errorOf('{"traceEvents":[]}')).code).toBe('wrong-format');
    expect(['bad-json', 'wrong-format', 'too-large']).toContain((await errorOf('['.repeat(300_000) + ']'.repeat(300_000))).code);
    const v0 = { ...good(), version: 0 };
    expect((await errorOf(JSON.stringify(v0))).code).toBe('bad-structure');
    const doc = good();
    doc.trace.pods[0].node = 1e400;
    expect((await errorOf(JSON.stringify(doc).replace('"node":null', '"node":1e400'))).message).toMatch(/pods\[0\]\.node/);
    const badRef = good();
    badRef.trace.findings = [{ id: 'x', title: 't', severity: 'info', startUs: 0, endUs: 0, pods: [99], containers: [], lanes: [], evidence: [], explanation: '', next: '' }];
    expect((await errorOf(JSON.stringify(badRef))).message).toContain('findings[0].pods');
    const badLine = good();
    badLine.trace.raw[0].lines = 3;
    badLine.trace.raw[0].lineStarts = Buffer.from(new Float64Array([0, 1, 2]).buffer).toString('base64');
    expect((await errorOf(JSON.stringify(badLine))).code).toBe('bad-structure');
    const badColumn = good();
    badColumn.trace.events.timeUs = badColumn.trace.events.timeUs.slice(8);
    expect((await errorOf(JSON.stringify(badColumn))).message).toContain('events.timeUs');
  });
});
