/**
 * Findings on logs written by the simulator (src/sim): the healthy pod-lifecycle scenario raises no alarm in any
 * modelled kubelet era or verbosity (its buggy variant, an application that ignores SIGTERM, only slow-termination), nor does an hour of a busy node, and each scenario-backed detector finds its incident in the scenario's buggy
 * variant (where the simulator's own outcome says the incident happened) and not in its fixed one. A scenario the
 * simulator does not offer is skipped, and says so in the test title.
 */
import { describe, expect, it } from 'vitest';
import { listScenarios, simulateToLog } from '../../../src/sim/simulate.ts';
import { Simulation, type Choice } from '../../../src/sim/simulation.ts';
import type { Variant } from '../../../src/sim/scenarios/types.ts';
import { alarms, analyse, type Analysed } from './findings-kit.ts';

interface Simulated extends Analysed { incident: boolean }

function simulated(scenario: string, variant: Variant, opts: { version?: string; verbosity?: number; pods?: number; choices?: Choice[] } = {}): Simulated {
  const log = simulateToLog({ scenario, variant, ...opts });
  return { ...analyse(log.text, `${scenario}-${variant}.log`), incident: log.outcome.incident };
}

const offered = (id: string) => listScenarios().some((s) => s.id === id);

/**
 * The interleaving that opens the readiness race: let the pod worker run whenever it can until the scenario marks the
 * race window (its "race" annotation: the readiness cache was read, the worker map not yet), then let the sync loop
 * run AddPod. The same choices are used for both variants; only the buggy one must end in the incident.
 */
function raceChoices(variant: Variant): Choice[] {
  const podWorker = 'pod-worker default/auto-srv-cwhttp-sf-30b71-0';
  const prefer: Choice[] = [];
  for (let step = 0; step < 300; step++) prefer.push({ step, goroutine: podWorker });
  const probe = new Simulation({ scenario: 'readiness-init-race', variant, choices: prefer });
  for (let rec = probe.step(); rec; rec = probe.step()) {
    if (rec.annotation === 'race') return [...prefer.filter((c) => c.step <= rec.index), { step: rec.index + 1, goroutine: 'sync-loop' }];
  }
  return prefer;
}

const CHOICES: Record<string, (v: Variant) => Choice[]> = { 'readiness-init-race': raceChoices };


describe('simulated healthy pod lifecycle', () => {
  for (const version of ['1.12', '1.23', '1.28']) {
    for (const verbosity of [2, 4]) {
      it(`raises no warning or error (kubelet ${version}, -v=${verbosity}); the buggy variant only its SIGKILL after the grace period`, () => {
        const fixed = simulated('pod-lifecycle', 'fixed', { version, verbosity });
        expect(fixed.trace.events.count, 'fixed log has kubelet lines').toBeGreaterThan(10);
        expect(alarms(fixed)).toEqual([]);
        // The buggy application ignores SIGTERM: the 10 s grace period runs out and the runtime kills it.
        const buggy = simulated('pod-lifecycle', 'buggy', { version, verbosity });
        expect(alarms(buggy)).toHaveLength(1);
        // (1.12 at -v=2 names the container by its ID only.)
        expect(alarms(buggy)[0]).toMatch(/^warning slow-termination: Slow termination: (app|c0e318321b0e) in default\/web-0 took 10\.\d\ds to stop \(killed when the grace period ran out\)$/);
      });
    }
  }
});

describe('simulated busy node', () => {
  it('an hour of 40 pods with rollouts, probes and restarts at -v=4 raises no warning or error', () => {
    const a = simulated('node-hour', 'fixed', { verbosity: 4, pods: 40 });
    expect(a.trace.events.count).toBeGreaterThan(10_000);
    expect(alarms(a)).toEqual([]);
  }, 60_000);
});

/** Scenario → detector it reproduces (the ids findings name in `scenario`). */
const BACKED: [scenario: string, detector: string][] = [
  ['readiness-init-race', 'readiness-init-race'],
  ['hash-change-restart', 'container-hash-changed'],
  ['upgrade-hash-1.7-1.9', 'container-hash-changed'],
  ['runtime-hang-notready', 'runtime-down'],
  ['sandbox-leak-terminating', 'pod-worker-stuck-terminating'],
  ['init-containers', 'crashloop-backoff'],
  ['liveness-restart', 'liveness-restart'],
  ['image-pull-backoff', 'image-pull-failed'],
  ['pod-lifecycle', 'slow-termination'],
];

describe('scenario-backed detectors on simulated logs', () => {
  for (const [scenario, detector] of BACKED) {
    it.skipIf(!offered(scenario))(`${detector}: found in ${scenario} (buggy), not in its fixed variant${offered(scenario) ? '' : ' — scenario not in the simulator yet'}`, () => {
      const choose = CHOICES[scenario] ?? (() => []);
      const buggy = simulated(scenario, 'buggy', { choices: choose('buggy') });
      const fixed = simulated(scenario, 'fixed', { choices: choose('fixed') });
      // The simulator's ground truth: the incident happened in the buggy run only.
      expect([buggy.incident, fixed.incident]).toEqual([true, false]);
      const found = buggy.of(detector).filter((f) => f.severity !== 'info');
      expect(found.length).toBeGreaterThan(0);
      expect(found[0].scenario).toBe(scenario);
      expect(fixed.of(detector).filter((f) => f.severity !== 'info')).toEqual([]);
    });
  }
});

describe('image-pull-failed on simulated pulls', () => {
  for (const version of ['1.12', '1.28']) {
    it(`${version}: the finding quotes the registry's error once, not the reason word or a quoted Go string`, () => {
      const a = simulated('image-pull-backoff', 'buggy', { version });
      const f = a.of('image-pull-failed')[0];
      expect(f.explanation).toMatch(/failed \(ErrImagePull, ImagePullBackOff\)/);
      expect(f.explanation).toMatch(/, "rpc error: code = \w+ desc = [^"]*(manifest for|failed to pull)/);
      expect(f.explanation).not.toContain('""');
      expect(f.explanation).not.toContain('\\"');
      // The registry's NotFound is no runtime failure: no runtime-call-errors finding about "removed containers".
      expect(a.of('runtime-call-errors')).toEqual([]);
    });
  }
});
