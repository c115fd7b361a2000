/**
 * Round trip, per scenario: the simulated log, parsed by the core (analyzeSources), reconstructs the same per-pod
 * pod-worker states and per-ID container and sandbox states that the simulator recorded as ground truth — at the
 * verbosity where they are visible (pod-worker states are V4 lines in 1.22+; ≤1.21 they are inferred from config
 * ops and the V3 final-delete line; container states are compared from -v=2 in the printf era, where no line names a
 * container only by its name, and -v=4 in the structured era). Three seeds each, both variants, every version.
 * What no line can show is left out of the truth, each rule documented in round-trip-kit.ts.
 */
import { describe, expect, it } from 'vitest';
import { profileOf } from '../../../src/sim/kubelet/profile.ts';
import { SCENARIOS } from '../../../src/sim/scenarios/registry.ts';
import { Simulation } from '../../../src/sim/simulation.ts';
import type { TruthMachine } from '../../../src/sim/world/truth.ts';
import { parse, parsedSequences, truthSequences, untilRemoved, visibleKeys, withoutUnseenRunning } from './round-trip-kit.ts';

function compare(scenario: string, version: string, variant: 'buggy' | 'fixed', seed: number, machines: TruthMachine[], verbosity: number) {
  const sim = new Simulation({ scenario, variant, version, seed, verbosity });
  sim.run();
  const trace = parse(sim);
  const printf = profileOf(version).minor <= 20;
  const all = withoutUnseenRunning(truthSequences(sim, machines), sim);
  const truth = printf ? untilRemoved(all) : all;
  const parsed = printf ? untilRemoved(parsedSequences(trace, machines)) : parsedSequences(trace, machines);
  const keys = visibleKeys(truth, trace, sim);
  const diffs = keys.filter((k) => truth[k].join(' → ') !== (parsed[k] ?? []).join(' → '))
    .map((k) => `${k}: truth ${truth[k].join(' → ')} | parsed ${(parsed[k] ?? []).join(' → ')}`);
  return { keys, diffs };
}

for (const s of SCENARIOS.filter((x) => x.id !== 'node-hour')) {
  describe(`round trip: ${s.id}`, () => {
    for (const version of s.versions) {
      const printf = profileOf(version).minor <= 20;
      it(`${version}: pod-worker, container and sandbox states`, () => {
        let compared = 0;
        for (const variant of ['buggy', 'fixed'] as const) {
          for (const seed of [1, 2, 3]) {
            const workers = compare(s.id, version, variant, seed, ['pod-worker'], printf ? 3 : 4);
            const containers = compare(s.id, version, variant, seed, ['container', 'sandbox'], printf ? 2 : 4);
            expect(workers.diffs, `${variant} seed ${seed}`).toEqual([]);
            expect(containers.diffs, `${variant} seed ${seed}`).toEqual([]);
            compared += workers.keys.length + containers.keys.length;
          }
        }
        expect(compared).toBeGreaterThan(6);
      });
    }
  });
}
