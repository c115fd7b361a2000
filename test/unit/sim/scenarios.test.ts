/**
 * Every scenario, both variants: the buggy variant reaches its incident for the default seed, the fixed variant
 * never does in 200 seeds. For the readiness race the fraction of seeds where the container is killed is reported,
 * and both outcomes are shown reachable by choosing the interleaving at the race.
 */
import { describe, expect, it } from 'vitest';
import { SCENARIOS } from '../../../src/sim/scenarios/registry.ts';
import { Simulation, type Choice } from '../../../src/sim/simulation.ts';
import type { Variant } from '../../../src/sim/scenarios/types.ts';

const INCIDENTS = SCENARIOS.filter((s) => s.id !== 'node-hour');
const SWEEP = 200;

function outcome(scenario: string, variant: Variant, seed?: number, choices?: Choice[], version?: string) {
  const sim = new Simulation({ scenario, variant, seed, choices, version, verbosity: 0 });
  sim.run();
  return sim.outcome();
}

describe('buggy variants reach their incident for the default seed', () => {
  for (const s of INCIDENTS) {
    // sandbox-leak-terminating at 1.28 reads the stale cache too, but 1.27+ housekeeping re-drives the orphaned
    // worker until its kill succeeds (tested below): the leak needs the 1.22–1.26 pod workers.
    for (const version of s.id === 'sandbox-leak-terminating' ? [s.defaultVersion('buggy')] : s.versions) {
      it(`${s.id} (${version})`, () => {
        const o = outcome(s.id, 'buggy', undefined, undefined, version);
        expect(o.incident, o.summary).toBe(true);
      });
    }
  }
});

describe(`fixed variants never reach the incident (${SWEEP} seeds, every version the scenario models)`, () => {
  for (const s of INCIDENTS) {
    for (const version of s.versions) {
      it(`${s.id} (${version})`, () => {
        const hits: number[] = [];
        for (let seed = 1; seed <= SWEEP; seed++) {
          const o = outcome(s.id, 'fixed', seed, undefined, version);
          // sandbox-leak-terminating: not only no stuck worker — the deleted pod's sandbox is gone by the end.
          if (o.incident || (s.id === 'sandbox-leak-terminating' && o.counts.sandboxesLeft !== 0)) hits.push(seed);
        }
        expect(hits).toEqual([]);
      });
    }
  }
});

describe('readiness-init-race: the interleaving decides', () => {
  const POD_WORKER = 'pod-worker default/auto-srv-cwhttp-sf-30b71-0';

  /** Let the pod worker run first until the race window opens, then give the step to one side. */
  function raceWith(variant: Variant, next: 'sync-loop' | 'pod-worker'): { killed: boolean; readyFalse: boolean } {
    const prefer: Choice[] = [];
    for (let step = 0; step < 400; step++) prefer.push({ step, goroutine: POD_WORKER });
    const probe = new Simulation({ scenario: 'readiness-init-race', variant, choices: prefer, verbosity: 0 });
    let window = -1;
    for (let r = probe.step(); r; r = probe.step()) if (r.annotation === 'race') { window = r.index; break; }
    expect(window, 'the race window opens').toBeGreaterThan(0);
    const choices = [...prefer.filter((c) => c.step <= window), { step: window + 1, goroutine: next === 'pod-worker' ? POD_WORKER : 'sync-loop' }];
    const sim = new Simulation({ scenario: 'readiness-init-race', variant, choices, verbosity: 0 });
    sim.run();
    // What the status manager first wrote to the API for this pod's readiness.
    const firstWritten = sim.world.truth.changes.find((c) => c.machine === 'readiness');
    return { killed: sim.outcome().incident, readyFalse: firstWritten?.to === 'not-ready' };
  }

  it('buggy: letting the sync loop run AddPod inside the window makes the pod worker report ready:false', () => {
    expect(raceWith('buggy', 'sync-loop').readyFalse).toBe(true);
  });

  it('buggy: both outcomes are reachable by choice — some choices after the window end in the kill', () => {
    // Which later interleavings kill depends on the prober's own update racing the first status write; the
    // seeded policy after the window decides it. Both must be reachable.
    const outcomes = new Set<boolean>();
    for (let seed = 1; seed <= 30 && outcomes.size < 2; seed++) {
      const prefer: Choice[] = [];
      for (let step = 0; step < 400; step++) prefer.push({ step, goroutine: POD_WORKER });
      const probe = new Simulation({ scenario: 'readiness-init-race', variant: 'buggy', seed, choices: prefer, verbosity: 0 });
      let window = -1;
      for (let r = probe.step(); r; r = probe.step()) if (r.annotation === 'race') { window = r.index; break; }
      const sim = new Simulation({ scenario: 'readiness-init-race', variant: 'buggy', seed, verbosity: 0,
        choices: [...prefer.filter((c) => c.step <= window), { step: window + 1, goroutine: 'sync-loop' }] });
      sim.run();
      outcomes.add(sim.outcome().incident);
    }
    expect([...outcomes].sort()).toEqual([false, true]);
  });

  it('buggy: letting the pod worker finish its lookup first keeps the container ready and alive', () => {
    const r = raceWith('buggy', 'pod-worker');
    expect(r.readyFalse).toBe(false);
    expect(r.killed).toBe(false);
  });

  it(`buggy: the seeded scheduler kills the container in some seeds but not all (${SWEEP} seeds)`, () => {
    let killed = 0;
    for (let seed = 1; seed <= SWEEP; seed++) if (outcome('readiness-init-race', 'buggy', seed).incident) killed++;
    console.log(`readiness-init-race buggy: container killed in ${killed}/${SWEEP} seeds (${((100 * killed) / SWEEP).toFixed(1)}%)`);
    // The kill needs two unlikely picks by a uniform scheduler: the sync loop must run AddPod in the one step
    // between the pod worker's cache read and its worker lookup (one runnable goroutine among two or three), and
    // the prober's own Success must not reach the status manager before the ready:false status is written. Measured:
    // 27/200. A share outside 5–30% means the race window or the policy changed, not chance (±3σ at 200 seeds ≈ ±7%).
    expect(killed / SWEEP).toBeGreaterThanOrEqual(0.05);
    expect(killed / SWEEP).toBeLessThanOrEqual(0.3);
  });

  it('fixed: no choice at the race produces ready:false', () => {
    for (const next of ['sync-loop', 'pod-worker'] as const) expect(raceWith('fixed', next).readyFalse).toBe(false);
  });
});

describe('scenario specifics', () => {
  it('hash upgrades recreate containers but keep sandboxes', () => {
    for (const id of ['hash-change-restart', 'upgrade-hash-1.7-1.9']) {
      const o = outcome(id, 'buggy');
      expect(o.counts.containersKilled, id).toBeGreaterThan(0);
      expect(o.counts.sandboxesReplaced, id).toBe(0);
    }
  });

  it('runtime-hang-notready: the buggy node skips pod work for the whole run; the fixed one resumes within seconds', () => {
    const buggy = outcome('runtime-hang-notready', 'buggy');
    const fixed = outcome('runtime-hang-notready', 'fixed');
    expect(buggy.counts.skippedSeconds).toBeGreaterThan(120);
    expect(fixed.counts.skippedSeconds).toBeLessThan(5);
  });

  it('sandbox-leak-terminating: the stuck worker is reported on every housekeeping pass', () => {
    const o = outcome('sandbox-leak-terminating', 'buggy');
    expect(o.counts.stuckReports).toBeGreaterThan(50);
    expect(o.counts.sandboxesLeft).toBe(1);
  });
});

describe('sandbox-leak-terminating: the variant decides the listing, the profile the pod workers', () => {
  const UID = '95d6b80b-77f5-4218-824e-69eec4998c22';
  const run = (variant: Variant, version: string) => {
    const sim = new Simulation({ scenario: 'sandbox-leak-terminating', variant, version, verbosity: 0 });
    sim.run();
    return sim;
  };
  const sandboxesOf = (sim: Simulation) => [...sim.world.cri.sandboxes.values()].filter((x) => x.pod.uid === UID);

  for (const version of ['1.23', '1.28']) {
    it(`fixed@${version}: no orphan worker is recreated and the GC removes the deleted pod's sandbox`, () => {
      const sim = run('fixed', version);
      expect(sim.world.moments.filter((m) => m.name === 'orphan-kill')).toEqual([]);
      const removed = sim.world.truth.changes.filter((c) => c.machine === 'sandbox' && c.pod === UID && c.to === 'removed');
      expect(removed.length).toBe(1);
      expect(sandboxesOf(sim)).toEqual([]);
      // Removed by the GC goroutine, after the worker was forgotten.
      const step = sim.steps.find((x) => x.index === removed[0].step)!;
      expect(step.goroutine).toBe('gc');
      expect(sim.world.truth.get('pod-worker', UID)).toBe('forgotten');
    });
  }

  it('buggy@1.23: the GC step that keeps the stuck pod\'s sandbox carries the "gc" annotation', () => {
    const sim = run('buggy', '1.23');
    const gc = sim.steps.filter((x) => x.annotations?.includes('gc'));
    expect(gc.length).toBe(1);
    expect(gc[0].goroutine).toBe('gc');
    expect(sim.world.moments.some((m) => m.name === 'gc-kept-sandbox' && m.arg === UID && m.step === gc[0].index)).toBe(true);
    expect(sandboxesOf(sim).length).toBe(1);
  });

  it('buggy@1.28: the orphan worker is recreated from the stale cache and its kill fails, yet 1.27+ housekeeping finishes it', () => {
    const sim = run('buggy', '1.28');
    expect(sim.world.moments.some((m) => m.name === 'orphan-kill' && m.arg === UID)).toBe(true);
    expect(sim.world.siteCalls.some((c) => c.site === 'pw.sync-error')).toBe(true);
    expect(sim.world.siteCalls.some((c) => c.site === 'pw.orphan-still-terminating')).toBe(true);
    expect(sim.world.truth.get('pod-worker', UID)).toBe('forgotten');
    expect(sandboxesOf(sim)).toEqual([]);
    expect(sim.outcome().incident).toBe(false);
  });
});

describe('every teaching annotation is reached (default seed, some variant and version)', () => {
  for (const s of INCIDENTS) {
    it(s.id, () => {
      const fired = new Set<string>();
      for (const variant of ['buggy', 'fixed'] as const) {
        for (const version of s.versions) {
          const sim = new Simulation({ scenario: s.id, variant, version, verbosity: 0 });
          sim.run();
          for (const st of sim.steps) for (const a of st.annotations ?? []) fired.add(a);
        }
      }
      expect(s.annotations.map((a) => a.id).filter((id) => !fired.has(id))).toEqual([]);
    });
  }
});
