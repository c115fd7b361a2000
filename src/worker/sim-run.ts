/**
 * One simulation run to its end, parsed like a real log: the page draws the whole run once and moves a cursor
 * over it, instead of re-parsing the growing log at every step. A run is a pure function of its inputs, so the
 * log's first n lines at step k are exactly what a stepping session has printed by then.
 *
 * Runs in the simulation worker (sim.worker.ts); `createDirectSimRunner` runs it on the calling thread for tests.
 */
import { runDetectors } from '../findings/run.ts';
import { analyzeSources } from '../model/analyze.ts';
import type { Trace } from '../model/trace.ts';
import { yearOf } from '../sim/scenarios/build.ts';
import type { Outcome } from '../sim/scenarios/types.ts';
import { Simulation, type RunParams } from '../sim/simulation.ts';

/** A step that reached a teaching annotation; `afterStep` is the cursor position once it has run. */
export interface AnnotatedStep {
  afterStep: number;
  timeUs: number;
  ids: string[];
  title: string;
}

export interface FullRun {
  trace: Trace;
  outcome: Outcome;
  /** Steps in the whole run. */
  steps: number;
  startUs: number;
  endUs: number;
  annotations: AnnotatedStep[];
  /** Time to simulate and to parse, ms (measured where the run happened). */
  simulateMs: number;
  parseMs: number;
}

export interface SimRunner {
  run(params: RunParams): Promise<FullRun>;
}

export function runFullSimulation(params: RunParams): FullRun {
  const started = performance.now();
  const sim = new Simulation(params, { record: true });
  sim.run();
  const simulated = performance.now();
  const trace = analyzeSources(
    [{ name: `${sim.scenario.id}-${sim.variant}.log`, data: sim.world.log.text() }],
    { defaultYear: yearOf(sim.scenario.startUs), yearFromCaller: true },
  );
  try {
    trace.findings = runDetectors(trace);
  } catch {
    trace.findings = []; // findings are extra; the run still draws
  }
  // The time axis spans the scenario's whole time, not only the printed lines: the cursor can stand before the
  // first line, and two runs of one scenario (variants, seeds) share one axis.
  if (trace.events.count > 0) {
    trace.startUs = Math.min(trace.startUs, sim.scenario.startUs);
    trace.endUs = Math.max(trace.endUs, sim.nowUs, sim.endUs);
  }
  const annotations: AnnotatedStep[] = [];
  for (const s of sim.steps) {
    if (!s.annotations?.length) continue;
    const rules = s.annotations.map((id) => sim.scenario.annotations.find((a) => a.id === id));
    annotations.push({ afterStep: s.index + 1, timeUs: s.timeUs, ids: s.annotations, title: rules.map((r) => r?.title ?? '').join(' · ') });
  }
  return {
    trace, outcome: sim.outcome(), steps: sim.stepCount, startUs: sim.scenario.startUs, endUs: sim.nowUs, annotations,
    simulateMs: simulated - started, parseMs: performance.now() - simulated,
  };
}

/** Runs on the calling thread (unit tests, and a fallback where workers are unavailable). */
export function createDirectSimRunner(): SimRunner {
  return { run: (params) => Promise.resolve().then(() => runFullSimulation(params)) };
}
