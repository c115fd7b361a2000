/** Share links: round trips for logs and simulations, deep links, a committed v1 link, and hostile fragments. */
import { describe, expect, it } from 'vitest';
import { constants as zlibConstants, deflateRawSync, inflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { CURRENT_LINK_FORMAT, decodeShareLink, encodeShareLink, LINK_VERSION, linkSize, type LinkFormat } from '../../../src/trace/link.ts';
import { analyzeSharedLogs, chooseLogLines } from '../../../src/trace/link-logs.ts';
import { fromStableView, toStableView } from '../../../src/trace/view-keys.ts';
import { summarizeShare } from '../../../src/trace/share-summary.ts';
import { ShareError } from '../../../src/trace/errors.ts';
import type { ShareState } from '../../../src/trace/share-types.ts';
import { KINDS } from '../../../src/catalog/catalog.ts';
import { podEvents } from '../../../src/model/trace-query.ts';
import { analyzeText, seedText } from '../../helpers.ts';
import { sampleNotes } from './trace-fixtures.ts';
import { V1_LOGS, V1_SIMULATION } from './link-fixtures.ts';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const linkWith = (payload: string | Uint8Array, v = '1') =>
  `http://127.0.0.1:5173/#v=${v}&p=${b64url(deflateRawSync(typeof payload === 'string' ? Buffer.from(payload) : payload))}`;

async function errorOf(link: string): Promise<ShareError> {
  const result = await decodeShareLink(link).then(() => undefined, (e: unknown) => e);
  expect(result).toBeInstanceOf(ShareError);
  return result as ShareError;
}

describe('share links: logs', () => {
  it('a small log travels whole, with view and notes, and reopens to the same events and selection', async () => {
    const text = seedText('004');
    const trace = analyzeText(text, 'seed-004.txt');
    const e = 10;
    const view = toStableView(trace, { startUs: trace.startUs, endUs: trace.endUs, originUs: NaN, selected: { kind: 'event', index: e }, collapsedLanes: [trace.lanes[1].id] });
    const notes = sampleNotes(trace);
    const choice = chooseLogLines(trace);
    expect(choice.whole).toBe(true);
    const link = await encodeShareLink({ kind: 'logs', sources: choice.sources, view, notes });
    expect(link.startsWith('http://127.0.0.1:5173/#v=1&p=')).toBe(true);

    const back = await decodeShareLink(link);
    if (back.kind !== 'logs') throw new Error('expected a logs link');
    expect(back.sources).toEqual([{ name: 'seed-004.txt', year: trace.sources[0].year.value, text }]);
    expect(back.notes).toEqual(notes);
    const reopened = analyzeSharedLogs(back.sources);
    expect(Array.from(reopened.events.line)).toEqual(Array.from(trace.events.line));
    expect(Array.from(reopened.events.timeUs)).toEqual(Array.from(trace.events.timeUs));
    const resolved = fromStableView(reopened, back.view!);
    expect(resolved.selected).toEqual({ kind: 'event', index: e });
    expect(resolved.collapsedLanes).toEqual([trace.lanes[1].id]);
    expect(Number.isNaN(resolved.originUs)).toBe(true);
  });

  it('a larger log carries the chosen pod and time window at the original line numbers', async () => {
    const trace = analyzeText(seedText('000'), 'seed-000.txt');
    const pod = trace.pods.find((p) => p.name === 'auto-srv-cwhttp-sf-30b71-0')!;
    const evs = podEvents(trace, pod.index);
    const window = { startUs: trace.events.timeUs[evs[2]], endUs: trace.endUs };
    const choice = chooseLogLines(trace, { selection: { pods: [pod.index], ...window } });
    expect(choice.whole).toBe(false);
    const back = await decodeShareLink(await encodeShareLink({ kind: 'logs', sources: choice.sources, notes: [] }));
    if (back.kind !== 'logs') throw new Error('expected a logs link');
    const reopened = analyzeSharedLogs(back.sources);
    const kept = evs.filter((e) => trace.events.timeUs[e] >= window.startUs);
    const at = (t: typeof trace, e: number) => `${t.events.line[e]} ${KINDS[t.events.kind[e]]}`;
    const reopenedPod = reopened.pods.find((p) => p.name === pod.name)!;
    expect(podEvents(reopened, reopenedPod.index).map((e) => at(reopened, e))).toEqual(kept.map((e) => at(trace, e)));
    // Another pod's own lines were left out.
    const other = trace.pods.find((p) => p.index !== pod.index && podEvents(trace, p.index).some((e) => trace.events.pod[e] === p.index));
    if (other) expect(reopened.pods.some((p) => p.name === other.name && p.eventCount > 0)).toBe(false);
  });
});

describe('share links: simulations', () => {
  it('carries scenario, variant, version, seed, choices, faults and step', async () => {
    const state: ShareState = {
      kind: 'simulation',
      simulation: {
        scenario: 'sandbox-leak-terminating', variant: 'fixed', version: '1.27', seed: 123456789,
        choices: [{ step: 4, goroutine: 'housekeeping' }, { step: 9, goroutine: 'pod-worker:web-0' }],
        faults: [{ step: 6, kind: 'runtime-crash', params: { durationS: 20, hard: true } }], step: 57,
      },
      view: { startUs: 0, endUs: 5e6, originUs: 0, selected: { kind: 'lane', laneId: 'n0/housekeeping' } },
      notes: [{ id: 'x', text: 'watch the GC', target: { kind: 'range', startUs: 1, endUs: 2 } }],
    };
    const link = await encodeShareLink(state, 'https://example.org/syncloop/#old');
    expect(link.startsWith('https://example.org/syncloop/#v=1&p=')).toBe(true);
    expect(await decodeShareLink(link)).toEqual(state);
  });
});

describe('share links: format versions', () => {

  it('a version 1 logs link opens', async () => {
    expect(await decodeShareLink(V1_LOGS)).toEqual({
      kind: 'logs',
      sources: [{
        name: 'kubelet.log', year: 2023,
        text: 'I0919 11:11:20.322601  190330 kubelet.go:2130] "SyncLoop DELETE" source="api" pods=[default/web-0]\n\n\n' +
          'E0919 11:11:21.000001  190330 pod_workers.go:1294] "Error syncing pod, skipping" err="rpc error" pod="default/web-0"\n',
      }],
      view: {
        startUs: 1695121880000000, endUs: 1695121890000000, originUs: NaN,
        selected: { kind: 'event', event: { source: 'kubelet.log', line: 4 } },
        filters: { text: 'web', minSeverity: 1 }, collapsedLanes: ['n0/sync-loop'],
      },
      notes: [{ id: 'a', text: 'kill fails here <b>!</b>', target: { kind: 'event', event: { source: 'kubelet.log', line: 4 } } }],
    });
  });

  it('a version 1 simulation link opens', async () => {
    expect(await decodeShareLink(V1_SIMULATION)).toEqual({
      kind: 'simulation',
      simulation: {
        scenario: 'readiness-init-race', variant: 'buggy', version: '1.12', seed: 7,
        choices: [{ step: 12, goroutine: 'pod-worker/web-0' }],
        faults: [{ step: 3, kind: 'runtime-hang', target: 'web-0/app', params: { seconds: 30 } }], step: 40,
      },
      notes: [],
    });
  });

  it('this build has an upgrader from every earlier version', () => {
    expect(CURRENT_LINK_FORMAT.version).toBe(LINK_VERSION);
    for (let n = 1; n < LINK_VERSION; n++) expect(typeof CURRENT_LINK_FORMAT.upgraders[n], `upgrader ${n} → ${n + 1}`).toBe('function');
  });

  describe('upgrading (a made-up history, since version 1 is the only real one so far)', () => {
    // Version 1 carried files as {file, year, text} and notes on a line; version 2 renamed them to sources with
    // event notes; version 3, "current" here, is this build's payload (runs of lines).
    interface V1 { kind: 'logs'; files: { file: string; year: number; text: string }[]; notes: { id: string; text: string; line: number }[] }
    interface V2 { kind: 'logs'; sources: { name: string; year: number; text: string }[]; notes: object[] }
    const calls: string[] = [];
    const format: LinkFormat = {
      version: 3,
      upgraders: {
        1: (payload) => {
          calls.push('1→2');
          const p = payload as V1;
          const source = p.files[0].file;
          return {
            kind: 'logs', sources: p.files.map((f) => ({ name: f.file, year: f.year, text: f.text })),
            notes: p.notes.map((n) => ({ id: n.id, text: n.text, target: { kind: 'event', event: { source, line: n.line } } })),
          } satisfies V2;
        },
        2: (payload) => {
          calls.push('2→3');
          const p = payload as V2;
          return { ...p, sources: p.sources.map((x) => ({ name: x.name, year: x.year, lines: x.text.split('\n').length, runs: [{ at: 1, text: x.text }] })) };
        },
      },
    };
    const text = seedText('004');
    const v1: V1 = { kind: 'logs', files: [{ file: 'kubelet.log', year: 2023, text }], notes: [{ id: 'k', text: 'the kill fails', line: 230 }] };

    it('a version 1 link is upgraded to version 3, one step at a time, and opens', async () => {
      calls.length = 0;
      const state = await decodeShareLink(linkWith(JSON.stringify(v1), '1'), format);
      expect(calls).toEqual(['1→2', '2→3']);
      if (state.kind !== 'logs') throw new Error('expected a logs link');
      expect(state.sources).toEqual([{ name: 'kubelet.log', year: 2023, text }]);
      expect(state.notes).toEqual([{ id: 'k', text: 'the kill fails', target: { kind: 'event', event: { source: 'kubelet.log', line: 230 } } }]);
      const opened = analyzeSharedLogs(state.sources);
      const direct = analyzeText(text, 'kubelet.log', { year: 2023 });
      expect(Array.from(opened.events.kind)).toEqual(Array.from(direct.events.kind));
      expect(opened.pods.map((p) => p.name)).toEqual(['nginx-deployment-bd4476b48-fpgvc']);
      // The upgraded note's event is there to attach to.
      expect(Array.from(opened.events.line)).toContain(230);
    });

    it('a version 2 link takes only the last step; a version 3 link none', async () => {
      const v2 = format.upgraders[1](v1);
      const v3 = format.upgraders[2](v2);
      calls.length = 0;
      const fromV2 = await decodeShareLink(linkWith(JSON.stringify(v2), '2'), format);
      expect(calls).toEqual(['2→3']);
      calls.length = 0;
      const fromV3 = await decodeShareLink(linkWith(JSON.stringify(v3), '3'), format);
      expect(calls).toEqual([]);
      expect(fromV3).toEqual(fromV2);
      expect((await errorOf(linkWith(JSON.stringify(v1), '4'))).code).toBe('unsupported-version');
    });

    it('a missing, failing or wrong upgrader gives a clear ShareError', async () => {
      const missing: LinkFormat = { version: 3, upgraders: { 2: format.upgraders[2] } };
      const gone = await decodeShareLink(linkWith(JSON.stringify(v1), '1'), missing).then(() => undefined, (e: unknown) => e);
      expect(gone).toBeInstanceOf(ShareError);
      expect((gone as ShareError).code).toBe('unsupported-version');
      expect((gone as ShareError).message).toContain('no upgrade from version 1');
      // A version 1 payload that is not what version 1 wrote: the upgrader's TypeError becomes a ShareError.
      const failing = await decodeShareLink(linkWith('{"kind":"logs"}', '1'), format).then(() => undefined, (e: unknown) => e);
      expect(failing).toBeInstanceOf(ShareError);
      expect((failing as ShareError).message).toContain('could not be upgraded from version 1');
      // What an upgrader returns is validated like any payload.
      const wrong: LinkFormat = { version: 2, upgraders: { 1: () => ({ kind: 'logs', sources: [{ name: 1 }] }) } };
      const invalid = await decodeShareLink(linkWith(JSON.stringify(v1), '1'), wrong).then(() => undefined, (e: unknown) => e);
      expect((invalid as ShareError).code).toBe('bad-structure');
    });
  });

  it('a link from a newer version, or with a version that is not a number, gets a clear message', async () => {
    const fragment = V1_LOGS.slice(V1_LOGS.indexOf('&p='));
    expect((await errorOf(`x#v=2${fragment}`)).code).toBe('unsupported-version');
    expect((await errorOf(`x#v=2${fragment}`)).message).toContain('newer Syncloop');
    expect((await errorOf(`x#v=one${fragment}`)).code).toBe('bad-structure');
  });
});

describe('share links: hostile input', () => {
  it('random text and random bytes in the payload give a ShareError, never a crash or hang', async () => {
    await fc.assert(fc.asyncProperty(fc.string({ maxLength: 200 }), async (junk) => {
      await errorOf(`http://h/#v=1&p=${junk}`);
    }), { numRuns: 150 });
    await fc.assert(fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), async (bytes) => {
      await errorOf(`http://h/#v=1&p=${b64url(bytes)}`);
    }), { numRuns: 150 });
  });

  it('a truncated link, a missing fragment and a plain URL get clear messages', async () => {
    const good = await encodeShareLink({ kind: 'logs', sources: [{ name: 'a.log', year: 2024, text: seedText('004') }], notes: [] });
    expect(['bad-compression', 'bad-encoding', 'bad-json']).toContain((await errorOf(good.slice(0, Math.floor(good.length * 0.6)))).code);
    expect((await errorOf('http://127.0.0.1:5173/')).code).toBe('wrong-format');
    expect((await errorOf('#v=1')).code).toBe('wrong-format');
  });

  it('a zip bomb is cut off at the size limit, quickly', async () => {
    // 1 MB of zeros as a non-final, byte-aligned deflate block, repeated 200 times, then a final empty block:
    // a valid raw-deflate stream of 200 MB that is cheap to build.
    const block = deflateRawSync(Buffer.alloc(1 << 20), { level: 9, finishFlush: zlibConstants.Z_SYNC_FLUSH });
    const bomb = Buffer.concat([...Array.from({ length: 200 }, () => block), deflateRawSync(Buffer.alloc(0))]);
    expect(bomb.length).toBeLessThan(300_000);
    expect(inflateRawSync(Buffer.concat([block, block, deflateRawSync(Buffer.alloc(0))])).length).toBe(2 << 20);
    const started = Date.now();
    const err = await errorOf(`#v=1&p=${b64url(bomb)}`);
    expect(err.code).toBe('too-large');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('an oversized fragment is refused before anything is decoded', async () => {
    const err = await errorOf(`#v=1&p=${'A'.repeat(9 * (1 << 20))}`);
    expect(err.code).toBe('too-large');
  });

  it('deeply nested JSON, huge numbers, wrong shapes and prototype keys are rejected or made inert', async () => {
    expect(['bad-json', 'too-large', 'bad-structure']).toContain((await errorOf(linkWith('['.repeat(500_000) + ']'.repeat(500_000)))).code);
    const sim = (step: string) => `{"kind":"simulation","simulation":{"scenario":"s","variant":"v","version":"1","seed":1,"choices":[],"faults":[],"step":${step}},"notes":[]}`;
    expect((await errorOf(linkWith(sim('1e400')))).message).toContain('simulation.step');
    expect((await errorOf(linkWith(sim('"12"')))).code).toBe('bad-structure');
    expect((await errorOf(linkWith('{"kind":"files"}'))).code).toBe('bad-structure');
    expect((await errorOf(linkWith(new Uint8Array([0xff, 0xfe, 0x00])))).code).toBe('bad-encoding');
    const polluted = linkWith('{"kind":"simulation","__proto__":{"polluted":true},"simulation":{"scenario":"s","variant":"v","version":"1","seed":1,"choices":[],"faults":[{"step":1,"kind":"k","params":{"__proto__":"x"}}],"step":2}}');
    const state = await decodeShareLink(polluted);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(state)).toBe(Object.prototype);
    if (state.kind !== 'simulation') throw new Error('expected a simulation link');
    const params = state.simulation.faults[0].params!;
    expect(Object.getPrototypeOf(params)).toBe(Object.prototype);
    expect(Object.keys(params)).toEqual(['__proto__']);
    const nested = linkWith('{"kind":"simulation","simulation":{"scenario":"s","variant":"v","version":"1","seed":1,"choices":[],"faults":[{"step":1,"kind":"k","params":{"__proto__":{"x":1}}}],"step":2}}');
    expect((await errorOf(nested)).code).toBe('bad-structure');
  });

  it('HTML and script text in a link decode to the same inert strings', async () => {
    const evil = '<script>alert(document.cookie)</script><img src=x onerror=alert(1)>';
    const link = await encodeShareLink({ kind: 'logs', sources: [{ name: `${evil}.log`, year: 2024, text: `${evil}\n` }], notes: [{ id: evil, text: evil, target: { kind: 'lane', laneId: evil } }] });
    expect(link).not.toContain('<');
    const back = await decodeShareLink(link);
    expect(back.notes[0]).toEqual({ id: evil, text: evil, target: { kind: 'lane', laneId: evil } });
    if (back.kind === 'logs') expect(back.sources[0].text).toBe(`${evil}\n`);
  });
});

describe('link size', () => {
  it('warns past what chat tools and browsers accept', () => {
    expect(linkSize('x'.repeat(3000))).toEqual({ length: 3000, warnings: [] });
    expect(linkSize('x'.repeat(5000)).warnings).toHaveLength(1);
    expect(linkSize('x'.repeat(5000)).warnings[0]).toContain('Slack');
    expect(linkSize('x'.repeat(2_500_000)).warnings).toHaveLength(2);
  });
});

describe('share summary', () => {
  it('says what a link carries, in plain words', () => {
    expect(summarizeShare({
      kind: 'logs',
      sources: [{ name: 'kubelet.log', year: 2024, text: '\n\nline three\nline four\n\n' }],
      view: { startUs: 0, endUs: 1, originUs: NaN, selected: { kind: 'pod', pod: 'default/web-0' }, filters: { text: '' }, collapsedLanes: ['a', 'b'] },
      notes: [{ id: '1', text: 'x', target: { kind: 'lane', laneId: 'a' } }],
    })).toEqual(['kubelet.log: 2 log lines (lines 3–4)', 'the time window', 'the selected pod', '2 collapsed lanes', '1 note']);
    expect(summarizeShare({
      kind: 'simulation',
      simulation: { scenario: 'hash-change-restart', variant: 'buggy', version: '1.9', seed: 3, choices: [], faults: [{ step: 1, kind: 'runtime-hang' }], step: 12 },
      notes: [],
    })).toEqual(['simulation hash-change-restart (buggy, kubelet 1.9), seed 3, at step 12', '1 injected fault: runtime-hang']);
  });
});
