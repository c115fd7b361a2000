/**
 * The pure parts of the simulation view: the #sim= address (round trip, hostile input), the run-to-run lane
 * differences, and the cursor layer's drawing (the veil starts at the cursor; markers sit on the differing lanes).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isSimHash, parseSimHash, simHash } from '../../../src/ui/sim/sim-hash.ts';
import { resolveSimInit } from '../../../src/store/sim-params.ts';
import { diffRuns, markersFor } from '../../../src/ui/sim/compare-diff.ts';
import { drawSimLayer } from '../../../src/ui/sim/draw-sim-layer.ts';
import { runFullSimulation } from '../../../src/worker/sim-run.ts';
import { frameFor, recordingContext } from '../render/render-kit.ts';

describe('the simulation address', () => {
  it('round-trips a run with choices and faults through #sim=', () => {
    const resolved = resolveSimInit({
      scenario: 'runtime-hang-notready', variant: 'fixed', version: '1.23', seed: 12, verbosity: 4, step: 77,
      choices: [{ step: 5, goroutine: 'pod-worker redis/redis-a-0' }, { step: 9, goroutine: 'odd:name&x=1 #2' }],
      faults: [{ step: 20, kind: 'hang-container', target: 'redis-c' }, { step: 30, kind: 'slow-runtime', params: { factor: 10, durationUs: 5e6 } }],
    });
    if ('error' in resolved) throw new Error(resolved.error);
    const hash = simHash(resolved.state);
    expect(isSimHash(hash)).toBe(true);
    const back = resolveSimInit(parseSimHash(hash)!);
    if ('error' in back) throw new Error(back.error);
    expect(back.state).toEqual(resolved.state);
    expect(back.notices).toEqual([]);
  });

  it('round-trips fix-app and fix-image faults (the container or image they fix is the target)', () => {
    const resolved = resolveSimInit({ scenario: 'init-containers', variant: 'buggy', version: '1.28', seed: 1, step: 400, faults: [{ step: 300, kind: 'fix-app', target: 'migrate' }] });
    if ('error' in resolved) throw new Error(resolved.error);
    expect(resolved.state.faults).toEqual([{ step: 300, fault: { kind: 'fix-app', container: 'migrate' } }]);
    const back = resolveSimInit(parseSimHash(simHash(resolved.state))!);
    if ('error' in back) throw new Error(back.error);
    expect(back.state).toEqual(resolved.state);
    const image = resolveSimInit({ scenario: 'image-pull-backoff', faults: [{ step: 40, kind: 'fix-image', target: 'registry.example/checkout:5.3' }] });
    if ('error' in image) throw new Error(image.error);
    expect(image.state.faults).toEqual([{ step: 40, fault: { kind: 'fix-image', image: 'registry.example/checkout:5.3' } }]);
    const imageBack = resolveSimInit(parseSimHash(simHash(image.state))!);
    if ('error' in imageBack) throw new Error(imageBack.error);
    expect(imageBack.state).toEqual(image.state);
    const untargeted = resolveSimInit({ scenario: 'init-containers', faults: [{ step: 3, kind: 'fix-app' }] });
    if ('error' in untargeted) throw new Error(untargeted.error);
    expect(untargeted.state.faults).toEqual([]);
    expect(untargeted.notices.join(' ')).toContain('needs the container it fixes');
  });

  it('never throws on hostile addresses; what it cannot read is left out or reported', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (junk) => {
      const init = parseSimHash(`#sim=${junk}`);
      if (init) resolveSimInit(init);
    }), { numRuns: 300 });
    expect(parseSimHash('#sim=')).toBeUndefined();
    expect(parseSimHash('#v=1&p=abc')).toBeUndefined();
    const odd = parseSimHash('#sim=pod-lifecycle&seed=-4&step=1e9&choice=x&choice=7:&fault=%E0%A4%A:zz&fault=3:crash-runtime')!;
    expect(odd).toMatchObject({ scenario: 'pod-lifecycle', seed: undefined, step: undefined, choices: [{ step: 7, goroutine: '' }] });
    const resolved = resolveSimInit(odd);
    if ('error' in resolved) throw new Error(resolved.error);
    expect(resolved.state.faults).toEqual([]);
    expect(resolved.notices.join(' ')).toContain('crash-runtime fault needs durationUs');
    expect(resolveSimInit({ scenario: '__proto__' })).toHaveProperty('error');
  });
});

describe('comparing two runs', () => {
  const buggyRun = runFullSimulation({ scenario: 'hash-change-restart', variant: 'buggy' });
  const buggy = buggyRun.trace;
  const fixed = runFullSimulation({ scenario: 'hash-change-restart', variant: 'fixed' }).trace;

  it('a run does not differ from itself; buggy and fixed differ in the restarted containers', () => {
    expect(diffRuns(buggy, buggy)).toEqual([]);
    const diffs = diffRuns(buggy, fixed);
    const titles = diffs.map((d) => d.title).join('\n');
    expect(titles).toMatch(/container app/);
    // Named in the buggy run (its kill line names it), unidentified in the fixed one: the same container, paired by ID.
    expect(diffs.filter((d) => d.title.includes('container app'))).toHaveLength(1);
    expect(diffs.every((d) => Number.isFinite(d.firstUs))).toBe(true);
    // The variants share everything up to the new kubelet's start: nothing differs before it.
    const newStartUs = buggyRun.annotations.find((a) => a.ids.includes('new-start'))!.timeUs;
    for (const d of diffs) expect(d.firstUs).toBeGreaterThanOrEqual(newStartUs);
    expect(markersFor(buggy, diffs).length).toBeGreaterThan(0);
    expect(markersFor(fixed, diffs).length).toBeGreaterThan(0);
  });
});

describe('the cursor layer', () => {
  const trace = runFullSimulation({ scenario: 'pod-lifecycle', variant: 'fixed' }).trace;
  const frame = frameFor(trace, trace.startUs, trace.endUs, 1000, 600);

  it('veils from the cursor to the right edge and labels the cursor', () => {
    const cursorUs = trace.startUs + (trace.endUs - trace.startUs) / 4;
    const log = recordingContext();
    drawSimLayer(log.ctx, frame, { cursorUs, label: 'step 9', markers: [], markerColor: 'orange' });
    const x = Math.round(frame.scale.toPx(cursorUs));
    expect(log.rectXs).toContain(x + 1); // the veil
    expect(log.rectXs).toContain(x - 1); // the cursor line
    expect(log.texts).toEqual(['step 9']);
  });

  it('draws nothing for no cursor and no markers, and a marker per visible differing lane', () => {
    const empty = recordingContext();
    drawSimLayer(empty.ctx, frame, { cursorUs: NaN, label: '', markers: [], markerColor: 'orange' });
    expect(empty.calls.size).toBe(0);
    const lanes = frame.layout.rows.filter((r) => r.kind === 'lane').slice(0, 2).map((r) => (r.kind === 'lane' ? r.lane : -1));
    const log = recordingContext();
    const firstUs = (trace.startUs + trace.endUs) / 2;
    drawSimLayer(log.ctx, frame, { cursorUs: NaN, label: '', markers: lanes.map((lane) => ({ lane, firstUs })), markerColor: 'orange' });
    expect(log.calls.get('fill')).toBe(lanes.length); // one tick per lane
    expect(log.rectXs.filter((x) => x === 0)).toHaveLength(lanes.length); // one stripe per lane at the left edge
    expect(log.rectXs.filter((x) => x === frame.scale.toPx(firstUs))).toHaveLength(lanes.length); // tinted from the first difference
  });
});
