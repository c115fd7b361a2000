/**
 * Each injectable runtime fault has the effect it promises, seen against the same run without it: a whole-runtime
 * hang after initialization stops the base runtime sync, so 30 s later the runtime counts as down and the node goes
 * NotReady until the hang ends (the sync loop meanwhile waits in housekeeping's runtime listing); a container's
 * hang makes its kill hang (no exit, no REMOVE);
 * a slow runtime delays a pod's start by the slowed calls. (crash-runtime: session.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { Simulation, type FaultAt } from '../../../src/sim/simulation.ts';
import { S } from '../../../src/sim/scenarios/build.ts';
import type { FaultSpec } from '../../../src/sim/scenarios/types.ts';
import { MACHINE_IDS, SpanFlag, type Trace } from '../../../src/model/trace.ts';
import { parse } from './round-trip-kit.ts';

/** The node Ready condition's spans the parser reconstructed: [state, start in ms], in time order. */
function parsedNodeReady(trace: Trace): [string, number][] {
  const sp = trace.spans;
  const machine = MACHINE_IDS.indexOf('node-ready');
  const out: [string, number][] = [];
  for (let s = 0; s < sp.count; s++) {
    if (sp.machine[s] !== machine || sp.flags[s] & SpanFlag.Unknown) continue;
    out.push([trace.strings[sp.state[s]].split(' ')[0], Math.round(sp.startUs[s] / 1000)]);
  }
  return out.sort((a, b) => a[1] - b[1]);
}

function run(scenario: string, version: string, faults: FaultAt[] = []) {
  const sim = new Simulation({ scenario, variant: 'fixed', version, faults, verbosity: 2 });
  sim.run();
  return sim;
}

/** The first step at or after `atUs` (epoch µs) of the fault-free run: where the fault is injected. */
function stepAt(scenario: string, version: string, atUs: number): number {
  const probe = new Simulation({ scenario, variant: 'fixed', version, verbosity: 0 });
  for (let r = probe.step(); r; r = probe.step()) if (r.timeUs >= atUs) return r.index;
  throw new Error('the run ended first');
}

const inject = (scenario: string, version: string, afterS: number, fault: FaultSpec): [Simulation, Simulation, number] => {
  const start = new Simulation({ scenario, variant: 'fixed', version, verbosity: 0 }).scenario.startUs;
  const step = stepAt(scenario, version, start + afterS * S);
  return [run(scenario, version), run(scenario, version, [{ step, fault }]), start];
};

describe('hang-runtime after initialization: the 30 s runtime threshold', () => {
  for (const version of ['1.12', '1.23']) {
    it(`${version}: NotReady with "container runtime is down" 30 s after the last runtime sync, Ready again once the hang ends`, () => {
      const [base, hung] = inject('runtime-hang-notready', version, 100, { kind: 'hang-runtime', durationUs: 60 * S });
      const faultUs = hung.world.cri.faults.find((f) => f.kind === 'hang-runtime')!.fromUs;
      expect(base.world.truth.changes.some((c) => c.machine === 'node-ready' && c.to === 'NotReady')).toBe(false);
      const node = hung.world.truth.changes.filter((c) => c.machine === 'node-ready' && c.timeUs > faultUs);
      expect(node.map((c) => c.to)).toEqual(['NotReady', 'Ready']);
      // updateRuntimeUp last succeeded at most 5 s before the hang, the threshold is 30 s, node status runs every 10 s.
      const downS = (node[0].timeUs - faultUs) / S;
      expect(downS).toBeGreaterThan(25);
      expect(downS).toBeLessThan(41);
      expect(hung.lines.find((l) => l.site === 'node.not-ready')?.text).toContain('container runtime is down');
      // Ready again after the hang (its Status call returns and the sync time is set again).
      expect((node[1].timeUs - faultUs) / S).toBeGreaterThan(60);
      // The log tells the same story: the parsed node Ready condition goes NotReady and back at the truth's times.
      const truthAll = hung.world.truth.changes.filter((c) => c.machine === 'node-ready');
      expect(parsedNodeReady(parse(hung)).slice(-truthAll.length)).toEqual(truthAll.map((c) => [c.to, Math.round(c.timeUs / 1000)]));
      // Meanwhile the sync loop itself is stuck: housekeeping's runtime listing runs in its goroutine.
      const loop = hung.steps.filter((x) => x.goroutine === 'sync-loop' && x.timeUs > faultUs - S).map((x) => x.timeUs);
      expect(Math.max(...loop.slice(1).map((t, i) => t - loop[i])) / S).toBeGreaterThan(55);
    });
  }
});

describe('hang-container: the container\'s kill hangs', () => {
  it('pod-lifecycle: deleting web-0 leaves its container running, no REMOVE; without the fault it goes', () => {
    const [base, hung] = inject('pod-lifecycle', '1.23', 20, { kind: 'hang-container', container: 'app' });
    const outcome = (sim: Simulation) => ({
      exited: sim.world.truth.changes.some((c) => c.machine === 'container' && c.to === 'exited'),
      killing: sim.world.truth.changes.some((c) => c.machine === 'container' && c.to === 'killing'),
      removed: sim.lines.some((l) => l.site === 'syncloop.remove'),
    });
    expect(outcome(base)).toEqual({ exited: true, killing: true, removed: true });
    expect(outcome(hung)).toEqual({ exited: false, killing: true, removed: false });
  });
});

describe('slow-runtime: every call takes longer', () => {
  for (const version of ['1.12', '1.28']) {
    it(`${version}: 20× slower calls delay web-0's start by seconds (sandbox, create, start)`, () => {
      const [base, slow, start] = inject('pod-lifecycle', version, 0, { kind: 'slow-runtime', factor: 20, durationUs: 30 * S });
      const startedS = (sim: Simulation) => (sim.world.truth.changes.find((c) => c.machine === 'container' && c.to === 'running')!.timeUs - start) / S;
      // RunPodSandbox ≈ 0.28 s, CreateContainer 0.045 s, StartContainer 0.09 s: 20× adds about 8 s.
      expect(startedS(slow) - startedS(base)).toBeGreaterThan(5);
      expect(startedS(slow) - startedS(base)).toBeLessThan(12);
    });
  }
});

describe('fix-app: the container\'s application behaves from its next instance on', () => {
  const buggyWith = (scenario: string, faults: FaultAt[]) => {
    const sim = new Simulation({ scenario, variant: 'buggy', version: '1.28', faults, verbosity: 2 });
    sim.run();
    return sim;
  };
  const stepOf = (scenario: string, afterS: number) => {
    const probe = new Simulation({ scenario, variant: 'buggy', version: '1.28', verbosity: 0 });
    const atUs = probe.scenario.startUs + afterS * S;
    for (let r = probe.step(); r; r = probe.step()) if (r.timeUs >= atUs) return r.index;
    throw new Error('the run ended first');
  };

  it('init-containers: the database comes back at 60 s, so the failing migration succeeds on its next run and the app starts', () => {
    const without = buggyWith('init-containers', []);
    const withFix = buggyWith('init-containers', [{ step: stepOf('init-containers', 60), fault: { kind: 'fix-app', container: 'migrate' } }]);
    expect(without.outcome().incident).toBe(true);
    expect(withFix.outcome().incident).toBe(false);
    const runs = (sim: Simulation) => [...sim.world.cri.containers.values()].filter((c) => c.name === 'migrate');
    // The instances that ran before the fix failed; the last one, after it, exited 0.
    expect(runs(withFix).at(-1)).toMatchObject({ state: 'exited', exitCode: 0, reason: 'Completed' });
    expect(runs(without).every((c) => c.exitCode === 1)).toBe(true);
  });

  it('liveness-restart: once the app warms up in 5 s, the next restart is the last', () => {
    const without = buggyWith('liveness-restart', []);
    const withFix = buggyWith('liveness-restart', [{ step: stepOf('liveness-restart', 60), fault: { kind: 'fix-app', container: 'app' } }]);
    const kills = (sim: Simulation) => sim.world.truth.changes.filter((c) => c.machine === 'container' && c.to === 'killing');
    expect(kills(withFix).length).toBeGreaterThan(0);
    expect(kills(withFix).length).toBeLessThan(kills(without).length);
    const lastKillUs = kills(withFix).at(-1)!.timeUs;
    expect(lastKillUs).toBeLessThan(withFix.scenario.startUs + 90 * S);
    expect(withFix.outcome().keyTimesUs.ready).toBeGreaterThan(lastKillUs);
  });

  it('a fix-app fault for a container the scenario has no fix for changes nothing', () => {
    const a = buggyWith('liveness-restart', []);
    const b = buggyWith('liveness-restart', [{ step: 10, fault: { kind: 'fix-app', container: 'no-such' } }]);
    expect(b.world.log.text()).toBe(a.world.log.text());
  });
});

describe('fix-image: the registry gets the missing tag', () => {
  it('image-pull-backoff: after the tag is pushed, the next pull once the back-off expires succeeds and the container starts', () => {
    const probe = new Simulation({ scenario: 'image-pull-backoff', variant: 'buggy', version: '1.28', verbosity: 0 });
    const atUs = probe.scenario.startUs + 60 * S;
    let step = 0;
    for (let r = probe.step(); r; r = probe.step()) if (r.timeUs >= atUs) { step = r.index; break; }
    const image = 'registry.example/checkout:5.3';
    const run = (faults: FaultAt[]) => {
      const sim = new Simulation({ scenario: 'image-pull-backoff', variant: 'buggy', version: '1.28', faults, verbosity: 3 });
      sim.run();
      return sim;
    };
    const without = run([]);
    const withFix = run([{ step, fault: { kind: 'fix-image', image } }]);
    expect(without.outcome().incident).toBe(true);
    expect(withFix.outcome().incident).toBe(false);
    const running = withFix.outcome().keyTimesUs.containerRunning;
    expect(running).toBeGreaterThan(atUs);
    // The API status said why it waited until then.
    const reasons = without.world.log.text().match(/"waiting":\{"reason":"(ErrImagePull|ImagePullBackOff)"/g) ?? [];
    expect(new Set(reasons.map((r) => r.replace(/.*"reason":"/, '').replace('"', '')))).toEqual(new Set(['ErrImagePull', 'ImagePullBackOff']));
    expect(withFix.world.log.text()).toContain(`Successfully pulled image \\"${image}\\" in`);
  });
});
