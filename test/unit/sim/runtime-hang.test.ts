/**
 * runtime-hang-notready in detail. The fixed variant (a 2 s deadline on the inspect call) keeps the node Ready and
 * confines the hung container to its own pod: the other pods' syncs and probes keep their rhythm, another pod is
 * deleted normally, and only the hung pod's worker fails. The same hang arriving after initialization only blocks
 * what touches that container. And why the deadline has to cover the kubelet's own inspections too: with only
 * cAdvisor's deadline (the seed write-up's proposal) PLEG waits out the 2-minute runtime request timeout on the hung
 * container, once per relist and then twice, so every pod's syncs stall and PLEG turns unhealthy.
 */
import { describe, expect, it } from 'vitest';
import { analyzeSources } from '../../../src/model/analyze.ts';
import { eventKind } from '../../../src/model/trace-query.ts';
import { Simulation, type FaultAt, type StepRecord } from '../../../src/sim/simulation.ts';
import { RUNTIME_HANG_PROBE_PERIOD_S } from '../../../src/sim/scenarios/runtime-hang-notready.ts';
import { S, container, makePod, uidFor } from '../../../src/sim/scenarios/build.ts';
import { DEADLINE_EXCEEDED } from '../../../src/sim/world/cri.ts';
import { NODE_START, startNode } from './node-kit.ts';

const ID = 'runtime-hang-notready';

function run(version: string, faults: FaultAt[] = [], verbosity = 3) {
  const sim = new Simulation({ scenario: ID, variant: 'fixed', version, faults, verbosity });
  sim.run();
  return sim;
}

/** Each time a pod worker waited for a fresh pod cache entry (GetNewerThan) before a sync: how long, in µs. */
function cacheWaits(steps: readonly Pick<StepRecord, 'goroutine' | 'timeUs' | 'resumed' | 'next'>[], worker: string): number[] {
  const waits: number[] = [];
  let since = -1;
  for (const st of steps) {
    if (st.goroutine !== worker) continue;
    if (since >= 0 && st.resumed.startsWith('wait for a pod cache entry')) waits.push(st.timeUs - since);
    since = st.next.startsWith('wait for a pod cache entry') ? st.timeUs : -1;
  }
  return waits;
}

/** Times of the printed lines of a site that mention `text`. */
const timesOf = (sim: Simulation, site: string, text: string) => sim.lines.filter((l) => l.site === site && l.text.includes(text)).map((l) => l.timeUs);
const gaps = (ts: number[]) => ts.slice(1).map((t, i) => t - ts[i]);

/** The first step after the one-time initializer finished and `afterUs` has passed. */
function stepAfterInit(version: string, afterUs: number): number {
  const probe = new Simulation({ scenario: ID, variant: 'fixed', version, verbosity: 0 });
  for (let r = probe.step(); r; r = probe.step()) {
    if (probe.world.moments.some((m) => m.name === 'runtime-initialized') && r.timeUs >= afterUs) return r.index + 1;
  }
  throw new Error('the initializer never finished');
}

for (const version of ['1.12', '1.23']) {
  describe(`runtime-hang-notready fixed (${version}): only the hung pod is affected`, () => {
    const sim = run(version);
    const start = sim.scenario.startUs;

    it('the node stays Ready and the sync loop stops skipping once the runtime has been checked', () => {
      expect(sim.world.truth.changes.filter((c) => c.machine === 'node-ready' && c.to === 'NotReady')).toEqual([]);
      const skips = sim.world.siteCalls.filter((c) => c.site === 'syncloop.skipping');
      expect(skips.length).toBeGreaterThan(0);
      expect(Math.max(...skips.map((c) => c.timeUs)) - start).toBeLessThan(5 * S);
    });

    it('the other pods\' syncs wait at most a few seconds for PLEG, and their probes keep their period', () => {
      for (const name of ['redis-a', 'redis-c']) {
        const waits = cacheWaits(sim.steps, `pod-worker redis/${name}-0`);
        expect(waits.length, name).toBeGreaterThan(1);
        // A relist costs the hung pod's inspect twice (2 × 2 s) plus the 1 s period: a sync never waits longer.
        expect(Math.max(...waits), name).toBeLessThan(6 * S);
      }
      const probes = timesOf(sim, 'probe.succeeded', 'redis-a-0');
      expect(probes.length).toBeGreaterThan(20);
      expect(Math.max(...gaps(probes))).toBeLessThan((RUNTIME_HANG_PROBE_PERIOD_S + 0.5) * S);
    });

    it('another pod is deleted normally: killed and removed within seconds', () => {
      const del = timesOf(sim, 'syncloop.delete', 'redis-c-0')[0];
      const removed = timesOf(sim, 'syncloop.remove', 'redis-c-0')[0];
      expect((del - start) / S).toBeCloseTo(90, 1);
      expect(removed - del).toBeGreaterThan(0);
      expect(removed - del).toBeLessThan(10 * S);
      expect(sim.world.api.pods.has(uidFor('redis/redis-c-0'))).toBe(false);
    });

    it('only the hung pod fails: its status cannot be read, so the delete never kills it', () => {
      const errors = sim.lines.filter((l) => l.site === 'pw.sync-error');
      expect(errors.length).toBeGreaterThan(5);
      for (const l of errors) {
        expect(l.text).toContain('redis-b-0');
        expect(l.text).toContain(`error determining status: ${DEADLINE_EXCEEDED}`);
      }
      const hungUid = uidFor('redis/redis-b-0');
      expect(sim.world.api.pods.get(hungUid)?.deletionUs).toBeGreaterThan(0);
      expect(sim.world.truth.changes.filter((c) => c.pod === hungUid && c.to === 'killing')).toEqual([]);
      expect(sim.outcome().counts.podsLeft).toBe(2);
    });

    it('the same hang after initialization only blocks what touches that container (redis-c\'s kill)', () => {
      const at = stepAfterInit(version, start + 60 * S);
      const hung = run(version, [{ step: at, fault: { kind: 'hang-container', container: 'redis-c' } }]);
      const cUid = uidFor('redis/redis-c-0');
      const c = hung.world.truth.changes.filter((x) => x.pod === cUid && x.machine === 'container');
      expect(c.map((x) => x.to)).toContain('killing');
      expect(c.map((x) => x.to)).not.toContain('exited');
      // StopContainer gives up at the grace period (10 s) plus the 2 min request timeout.
      const stopFailed = hung.lines.filter((l) => l.site === 'runtime.stop-failed');
      expect(stopFailed.length).toBe(1);
      expect(stopFailed[0].text).toContain(DEADLINE_EXCEEDED);
      const kill = timesOf(hung, 'runtime.kill', c.find((x) => x.to === 'killing')!.key)[0];
      expect((stopFailed[0].timeUs - kill) / S).toBeCloseTo(130, 0);
      expect(hung.world.api.pods.has(cUid)).toBe(true);
      // Everyone else as before: node Ready, redis-a probing on its period and syncing without stalls.
      expect(hung.world.truth.changes.some((x) => x.machine === 'node-ready' && x.to === 'NotReady')).toBe(false);
      expect(Math.max(...gaps(timesOf(hung, 'probe.succeeded', 'redis-a-0')))).toBeLessThan((RUNTIME_HANG_PROBE_PERIOD_S + 0.5) * S);
      expect(Math.max(...cacheWaits(hung.steps, 'pod-worker redis/redis-a-0'))).toBeLessThan(6 * S);
    });
  });
}

describe('with only cAdvisor\'s deadline (upstream inspect timeout, 2 min), PLEG stalls on the hung container', () => {
  it('every pod\'s syncs wait minutes, and the 4-minute relists turn PLEG unhealthy (3 min threshold)', () => {
    const pods = ['a', 'b', 'c'].map((n) => makePod(`web-${n}`, 'shop', [container(`web-${n}`, 'nginx:1.21')], { creationUs: NODE_START - 3600 * S }));
    const node = startNode({ version: '1.12', verbosity: 2, running: pods, cfg: { initInspectDeadlineUs: 2 * S, statusWaitsForRuntime: true } });
    node.world.cri.faults.push({ kind: 'hang-container', container: 'web-b', fromUs: NODE_START - 60 * S, untilUs: Infinity });
    node.runUntil(NODE_START + 7 * 60 * S);
    // PLEG's inspect of web-b fails only at the request timeout: first after 2 min, then after 4 (events + reinspection).
    const failed = node.lines('runtime.container-status-failed').map((l) => Math.round((l.timeUs - NODE_START) / S));
    expect(failed.slice(0, 3)).toEqual([120, 241, 361]);
    // The second failure (at ~4 min) is the reinspection at the end of the relist after the one that failed first,
    // printed as 1.12 prints it and read back by the core as that line.
    const reinspect = node.lines('pleg.reinspect-failed');
    expect(reinspect.length).toBeGreaterThan(0);
    expect(reinspect[0].text).toMatch(/^E\d{4} [\d:.]+ +\d+ generic\.go:\d+\] PLEG: pod web-b-?\w*\/shop failed reinspection: rpc error: code = DeadlineExceeded/);
    expect(Math.round((reinspect[0].timeUs - NODE_START) / S)).toBe(361);
    const read = analyzeSources([{ name: 'kubelet.log', data: reinspect[0].text + '\n' }], { defaultYear: 2020 });
    expect(eventKind(read, 0)).toBe('pleg.reinspect-failed');
    // The relist that started at ~2 min is still running 3 min later: PLEG is unhealthy, pod sync stops, NotReady.
    const unhealthy = node.lines('syncloop.skipping').filter((l) => l.text.includes('PLEG is not healthy: pleg was last seen active 3m'));
    expect(unhealthy.length).toBeGreaterThan(0);
    expect((unhealthy[0].timeUs - NODE_START) / S).toBeGreaterThan(300);
    expect(node.lines('node.not-ready').some((l) => l.text.includes('PLEG is not healthy'))).toBe(true);
    // Other pods' later syncs wait for a relist that started after their last one ended: minutes, not seconds.
    for (const name of ['web-a', 'web-c']) {
      const waits = cacheWaits(node.steps, `pod-worker shop/${name}`);
      expect(waits.length, name).toBeGreaterThan(0);
      expect(Math.max(...waits), name).toBeGreaterThan(120 * S);
    }
  });
});
