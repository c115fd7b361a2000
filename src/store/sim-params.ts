/**
 * The inputs of a simulation run in their three shapes, and the mapping between them:
 *   - SimInit: what a caller asks for (`openSimulation`, a `#sim=` address, a share link) — loose, possibly wrong;
 *   - SessionState: what the simulator's Session takes (scenario, variant, version, seed, verbosity, choices,
 *     faults as FaultSpec, step) — checked against the scenario catalogue here;
 *   - SimulationState: what a share link carries (faults as kind / target / params, see trace/share-types.ts).
 * Anything in an init that the scenario cannot use is dropped with a notice, never a crash.
 */
import type { SessionState } from '../sim/session.ts';
import { listScenarios, type ScenarioInfo } from '../sim/simulate.ts';
import type { FaultAt } from '../sim/simulation.ts';
import type { FaultSpec, Variant } from '../sim/scenarios/types.ts';
import type { SimChoice, SimFault, SimulationState } from '../trace/share-types.ts';

export interface SimInit {
  scenario: string;
  variant?: string;
  version?: string;
  seed?: number;
  verbosity?: number;
  step?: number;
  choices?: readonly SimChoice[];
  faults?: readonly SimFault[];
}

/** A checked run: every field resolved (defaults filled in), plus the cursor step. */
export interface ResolvedSim {
  state: SessionState & { version: string; seed: number; verbosity: number; step: number };
  /** What was asked for but could not be used (shown to the user). */
  notices: string[];
}

export const SIM_LIMITS = {
  /** Steps a cursor may ask for (the longest scenario has a few thousand; node-hour is not stepped). */
  maxStep: 1_000_000,
  maxSeed: 2 ** 31 - 1,
  maxVerbosity: 10,
  /** Choices and faults one run may carry. */
  maxEntries: 10_000,
};

const VARIANTS: readonly Variant[] = ['buggy', 'fixed'];

/** Scenarios the browser offers (node-hour is a load generator, not a story to step through). */
export function steppableScenarios(): ScenarioInfo[] {
  return listScenarios().filter((s) => s.id !== 'node-hour');
}

export function scenarioInfo(id: string): ScenarioInfo | undefined {
  return steppableScenarios().find((s) => s.id === id);
}

function clampInt(value: number | undefined, min: number, max: number): number | undefined {
  if (value === undefined || !Number.isFinite(value)) return undefined;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

/** A share-link fault as the simulator's FaultSpec, or why it cannot be one. */
export function faultFromShare(f: SimFault): FaultSpec | string {
  const p = f.params ?? {};
  const numberParam = (key: string): number | undefined => {
    const v = p[key];
    return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined;
  };
  const durationUs = numberParam('durationUs');
  switch (f.kind) {
    case 'hang-container':
      if (!f.target) return 'a hang-container fault needs the container it hangs';
      return { kind: 'hang-container', container: f.target, durationUs };
    case 'hang-runtime':
      return { kind: 'hang-runtime', durationUs };
    case 'fix-app':
      if (!f.target) return 'a fix-app fault needs the container it fixes';
      return { kind: 'fix-app', container: f.target };
    case 'fix-image':
      if (!f.target) return 'a fix-image fault needs the image it fixes';
      return { kind: 'fix-image', image: f.target };
    case 'crash-runtime':
      return durationUs === undefined ? 'a crash-runtime fault needs durationUs' : { kind: 'crash-runtime', durationUs };
    case 'slow-runtime': {
      const factor = numberParam('factor');
      return factor === undefined || factor < 1 ? 'a slow-runtime fault needs a factor ≥ 1' : { kind: 'slow-runtime', factor, durationUs };
    }
    default:
      return `the simulator has no fault "${f.kind.slice(0, 60)}"`;
  }
}

export function faultToShare(at: FaultAt): SimFault {
  const f = at.fault;
  const params: Record<string, number> = {};
  if ('durationUs' in f && f.durationUs !== undefined) params.durationUs = f.durationUs;
  if (f.kind === 'slow-runtime') params.factor = f.factor;
  return {
    step: at.step, kind: f.kind,
    ...(f.kind === 'hang-container' || f.kind === 'fix-app' ? { target: f.container } : f.kind === 'fix-image' ? { target: f.image } : {}),
    ...(Object.keys(params).length ? { params } : {}),
  };
}

/** Checks an init against the catalogue; undefined with a message when the scenario does not exist. */
export function resolveSimInit(init: SimInit): ResolvedSim | { error: string } {
  const info = scenarioInfo(init.scenario);
  if (!info) {
    return { error: `there is no simulation "${String(init.scenario).slice(0, 80)}" (known: ${steppableScenarios().map((s) => s.id).join(', ')})` };
  }
  const notices: string[] = [];
  let variant: Variant = 'buggy';
  if (init.variant !== undefined) {
    if ((VARIANTS as readonly string[]).includes(init.variant)) variant = init.variant as Variant;
    else notices.push(`variant "${init.variant.slice(0, 40)}" does not exist; showing the buggy one`);
  }
  let version = info.defaultVersion[variant];
  if (init.version !== undefined) {
    if (info.versions.includes(init.version)) version = init.version;
    else notices.push(`${info.id} models kubelet ${info.versions.join(', ')}, not ${init.version.slice(0, 20)}; showing ${version}`);
  }
  const seed = clampInt(init.seed, 0, SIM_LIMITS.maxSeed) ?? info.defaultSeed;
  const verbosity = clampInt(init.verbosity, 0, SIM_LIMITS.maxVerbosity) ?? info.defaultVerbosity;
  const step = clampInt(init.step, 0, SIM_LIMITS.maxStep) ?? 0;
  const choices = (init.choices ?? []).slice(0, SIM_LIMITS.maxEntries)
    .filter((c) => Number.isInteger(c.step) && c.step >= 0 && typeof c.goroutine === 'string')
    .map((c) => ({ step: c.step, goroutine: c.goroutine }));
  const faults: FaultAt[] = [];
  for (const f of (init.faults ?? []).slice(0, SIM_LIMITS.maxEntries)) {
    const spec = faultFromShare(f);
    if (typeof spec === 'string') notices.push(`a fault at step ${f.step} was left out: ${spec}`);
    else if (Number.isInteger(f.step) && f.step >= 0) faults.push({ step: f.step, fault: spec });
  }
  choices.sort((a, b) => a.step - b.step);
  faults.sort((a, b) => a.step - b.step);
  return { state: { scenario: info.id, variant, version, seed, verbosity, choices, faults, step }, notices };
}

/** The share-link form of a session's state. */
export function toSimulationState(state: ResolvedSim['state']): SimulationState {
  return {
    scenario: state.scenario, variant: state.variant, version: state.version, seed: state.seed, verbosity: state.verbosity,
    choices: (state.choices ?? []).map((c) => ({ step: c.step, goroutine: c.goroutine })),
    faults: (state.faults ?? []).map(faultToShare), step: state.step,
  };
}

/** Everything that decides the run (not the cursor): two states with the same key print the same log. */
export function runKey(state: ResolvedSim['state']): string {
  const { scenario, variant, version, seed, verbosity, choices, faults } = state;
  return JSON.stringify([scenario, variant, version, seed, verbosity, choices ?? [], faults ?? []]);
}
