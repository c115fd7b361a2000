/**
 * The shapes of the simulation state the UI reads (sim-slice.ts owns and changes it), and what is derived from
 * them: the comparison run's inputs, and the share-link form of the current run.
 */
import type { ScenarioInfo } from '../sim/simulate.ts';
import type { SimulationState } from '../trace/share-types.ts';
import type { FullRun } from '../worker/sim-run.ts';
import type { AppState } from './app-store.ts';
import { memoLast } from './memo.ts';
import { toSimulationState } from './sim-params.ts';
import type { SimAt, SimState } from './sim-snapshot.ts';

export type SimRoute = 'off' | 'gallery' | 'sim';
export type CompareMode = 'off' | 'variant' | 'seed';

export type RunInfo = Omit<FullRun, 'trace'>;

export interface SimView {
  scenario: ScenarioInfo;
  state: SimState;
  at: SimAt;
  /** The run drawn now; while a new one is computed, the previous one. */
  run: RunInfo | undefined;
  computing: boolean;
  /** Things asked for that could not be used, and failures, for the banner. */
  notices: readonly string[];
}

export interface CompareView {
  mode: Exclude<CompareMode, 'off'>;
  state: SimState;
  run: FullRun | undefined;
  error: string | undefined;
}

export interface SimPlayback {
  playing: boolean;
  stepsPerSecond: number;
  /** Playing pauses when a step reaches a teaching annotation. */
  stopAtAnnotations: boolean;
}

export const PLAY_SPEEDS: readonly number[] = [2, 5, 10, 25, 50, 100, 250, 1000];

/** The run a compare pane shows next to `state`. */
export function compareState(state: SimState, mode: Exclude<CompareMode, 'off'>, info: ScenarioInfo): SimState {
  if (mode === 'seed') return { ...state, seed: state.seed + 1 };
  const variant = state.variant === 'buggy' ? 'fixed' : 'buggy';
  // A run on its variant's default version compares with the other variant on its own default (1.23 → 1.28).
  const version = state.version === info.defaultVersion[state.variant] ? info.defaultVersion[variant] : state.version;
  return { ...state, variant, version };
}

const simulationStateOf = memoLast(toSimulationState);

/** The current simulation as a share link carries it (undefined outside the simulation view). */
export function selectSimulationState(s: AppState): SimulationState | undefined {
  return s.simRoute === 'sim' && s.sim ? simulationStateOf(s.sim.state) : undefined;
}

