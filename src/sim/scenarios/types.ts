/**
 * What a scenario is: a node set-up (pods, runtime state, kubelet processes and their versions, user actions,
 * faults) for a buggy and a fixed variant, a narrative, teaching annotations on key steps, and how to tell from a
 * finished run whether the incident happened.
 */
import type { TruthChange } from '../world/truth.ts';
import type { World } from '../world/world.ts';
import type { AppBehaviour } from '../world/types.ts';
import type { Profile, ProfileId } from '../kubelet/profile.ts';

export type Variant = 'buggy' | 'fixed';

/** A fault as the user injects it (at the current step); durations are from the moment of injection. */
export type FaultSpec =
  | { kind: 'hang-container'; container: string; durationUs?: number }
  | { kind: 'hang-runtime'; durationUs?: number }
  | { kind: 'crash-runtime'; durationUs: number }
  | { kind: 'slow-runtime'; factor: number; durationUs?: number }
  /** The application in this container is fixed (its scenario's fixedApp): new instances behave well. */
  | { kind: 'fix-app'; container: string }
  /** The registry gets this image (its scenario's fixedImage): the next pull succeeds. */
  | { kind: 'fix-image'; image: string };

export interface FaultOffer {
  id: string;
  label: string;
  fault: FaultSpec;
}

/** What an annotation rule sees of one step: the call sites printed (at any verbosity), truth changes, hooks. */
export interface StepFacts {
  sites: readonly string[];
  changes: readonly TruthChange[];
  moments: readonly { name: string; arg: string }[];
  /** Names of every moment emitted so far in the run (this step's included). */
  seen: ReadonlySet<string>;
}

export interface AnnotationRule {
  id: string;
  title: string;
  /** What happened, which code path, what to look at. */
  text: string;
  match: (f: StepFacts) => boolean;
}

export interface Outcome {
  /** Did the incident the scenario is about happen? */
  incident: boolean;
  summary: string;
  /** Named moments (epoch µs). */
  keyTimesUs: Record<string, number>;
  counts: Record<string, number>;
}

export interface SetupContext {
  world: World;
  variant: Variant;
  profile: Profile;
  seed: number;
  pods: number;
  hours: number;
}

export interface ScenarioRun {
  world: World;
  variant: Variant;
  profile: Profile;
  /** Site names of every call the kubelet made to the logger, printed or not, with the step and time. */
  sites: readonly { site: string; step: number; timeUs: number }[];
}

export interface Scenario {
  id: string;
  title: string;
  /** One line for `simulate --list`. */
  summary: string;
  narrative: string;
  /** Seed document the scenario reproduces, if any ('000'…). */
  seed?: string;
  versions: readonly ProfileId[];
  /** Simulated wall-clock time the run starts at (epoch µs, printed as local time). */
  startUs: number;
  /** The version a variant runs when none is asked for. */
  defaultVersion: (variant: Variant) => ProfileId;
  /** The verbosity the seed's kubelet ran at (the incident's lines are visible from there). */
  defaultVerbosity: number;
  defaultSeed: number;
  /** A long run: do not keep per-step records or every logging call unless asked. */
  heavy?: boolean;
  variants: Record<Variant, string>;
  faults: readonly FaultOffer[];
  /** What a fix-app fault makes a container's application do from then on (undefined: the fault does nothing). */
  fixedApp?: (container: string) => AppBehaviour | undefined;
  /** What a fix-image fault puts in the registry for an image (undefined: the fault does nothing). */
  fixedImage?: (image: string) => { pullUs: number } | undefined;
  /** Builds the node and returns the simulated end time (epoch µs). */
  setup: (ctx: SetupContext) => number;
  annotations: readonly AnnotationRule[];
  outcome: (run: ScenarioRun) => Outcome;
}
