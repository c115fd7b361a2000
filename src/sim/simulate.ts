/**
 * The simulator's entry points. Module layout of src/sim:
 *
 *   engine/      rng.ts (seeded PRNG), ops.ts (what goroutines yield: channels, select, mutex, wait, sleep, calls),
 *                scheduler.ts (virtual clock, one goroutine step at a time, seeded or user-chosen), timer-heap.ts
 *   log/         klog-writer.ts (header, printf/structured rendering, -v), go-values.ts (Go and klog value rules),
 *                sites.ts (every line the kubelet can print → catalog entry, keys, verbosity, file:line per build)
 *   world/       world.ts (the node: clock, runtime, API server, log, truth), cri.ts (fake runtime + faults),
 *                apiserver.ts, truth.ts (ground-truth state changes), types.ts
 *   kubelet/     one kubelet process: run.ts starts the goroutines — sync-loop.ts, housekeeping.ts, pleg.ts,
 *                pod-workers-serializer.ts (≤1.21), pod-workers-lifecycle.ts (1.22+), sync-pod.ts, runtime-manager.ts,
 *                status-manager.ts, status-gen.ts, probe-manager.ts, runtime-health.ts, gc.ts, config-source.ts,
 *                container-deletor.ts, admission.ts, events.ts; profile.ts holds the per-version behaviours
 *   scenarios/   one file per scenario + registry.ts (ids), build.ts and common.ts helpers
 *   simulation.ts one deterministic run (choices, faults, step records, annotations)
 *   session.ts   the headless API the UI drives (step, stepBack, choose, injectFault, current, traceOf)
 *   narrative.ts the narrative card of a step
 *   simulate.ts  this file: listScenarios, simulateToLog
 */
import { SCENARIOS } from './scenarios/registry.ts';
import type { FaultOffer, Outcome, Variant } from './scenarios/types.ts';
import { Simulation, type RunParams } from './simulation.ts';

export interface ScenarioInfo {
  id: string;
  title: string;
  summary: string;
  narrative: string;
  seed?: string;
  versions: readonly string[];
  defaultVersion: Record<Variant, string>;
  defaultVerbosity: number;
  defaultSeed: number;
  variants: Record<Variant, string>;
  faults: readonly FaultOffer[];
}

export function listScenarios(): ScenarioInfo[] {
  return SCENARIOS.map((s) => ({
    id: s.id, title: s.title, summary: s.summary, narrative: s.narrative, seed: s.seed, versions: s.versions,
    defaultVersion: { buggy: s.defaultVersion('buggy'), fixed: s.defaultVersion('fixed') }, defaultVerbosity: s.defaultVerbosity,
    defaultSeed: s.defaultSeed, variants: s.variants, faults: s.faults,
  }));
}

export interface SimulatedLog {
  text: string;
  outcome: Outcome;
  version: string;
  seed: number;
  verbosity: number;
  steps: number;
  lines: number;
  startUs: number;
  endUs: number;
}

/** Runs a scenario to its end and returns the kubelet log it printed and the outcome. */
export function simulateToLog(params: RunParams): SimulatedLog {
  const sim = new Simulation(params);
  sim.run();
  return {
    text: sim.world.log.text(), outcome: sim.outcome(), version: sim.profile.id, seed: sim.seed, verbosity: sim.verbosity,
    steps: sim.stepCount, lines: sim.lines.length, startUs: sim.scenario.startUs, endUs: sim.nowUs,
  };
}
