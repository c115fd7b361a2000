/**
 * One deterministic run of a scenario: builds the World from (scenario, variant, version, seed, verbosity), then
 * runs it step by step, applying the user's choices (which goroutine runs at step n) and injected faults (at
 * step n), recording for each step the goroutine, what it resumed from and blocked on, the log lines it printed,
 * the ground-truth state changes, and the teaching annotation it reached.
 */
import { profileOf, type Profile } from './kubelet/profile.ts';
import type { LogLine } from './log/klog-writer.ts';
import type { Goroutine } from './engine/scheduler.ts';
import type { RuntimeFault } from './world/cri.ts';
import type { TruthChange } from './world/truth.ts';
import { World } from './world/world.ts';
import type { FaultSpec, Outcome, Scenario, StepFacts, Variant } from './scenarios/types.ts';
import { scenarioById } from './scenarios/registry.ts';

export interface Choice {
  step: number;
  goroutine: string;
}

export interface FaultAt {
  step: number;
  fault: FaultSpec;
}

/** Everything a run depends on — and all a share link needs to carry. */
export interface RunParams {
  scenario: string;
  variant: Variant;
  version?: string;
  seed?: number;
  verbosity?: number;
  choices?: readonly Choice[];
  faults?: readonly FaultAt[];
  /** node-hour: pods on the node and simulated hours. */
  pods?: number;
  hours?: number;
}

export interface StepRecord {
  index: number;
  timeUs: number;
  goroutine: string;
  /** What the goroutine was resumed from, and the operation it stopped at. */
  resumed: string;
  next: string;
  /** Printed lines [lineStart, lineEnd) and truth changes [changeStart, changeEnd) of this step. */
  lineStart: number;
  lineEnd: number;
  changeStart: number;
  changeEnd: number;
  /** The annotation rules this step reached (usually one; a housekeeping pass can reach several). */
  annotation?: string;
  annotations?: string[];
  /** True if the user chose the goroutine for this step. */
  chosen: boolean;
}

export class Simulation {
  readonly world: World;
  readonly scenario: Scenario;
  readonly profile: Profile;
  readonly variant: Variant;
  readonly seed: number;
  readonly verbosity: number;
  readonly endUs: number;
  readonly steps: StepRecord[] = [];
  private readonly choices = new Map<number, string>();
  private readonly faults = new Map<number, FaultSpec[]>();
  private readonly reached = new Set<string>();
  private readonly seenMoments = new Set<string>();
  private readonly recording: boolean;
  private siteCursor = 0;
  private momentCursor = 0;
  finished = false;

  constructor(readonly params: RunParams, opts: { record?: boolean } = {}) {
    this.scenario = scenarioById(params.scenario);
    this.variant = params.variant;
    const version = params.version ?? this.scenario.defaultVersion(params.variant);
    if (!this.scenario.versions.includes(version as never)) {
      throw new Error(`scenario ${this.scenario.id} does not model version ${version} (it has ${this.scenario.versions.join(', ')})`);
    }
    this.profile = profileOf(version);
    this.seed = params.seed ?? this.scenario.defaultSeed;
    this.verbosity = params.verbosity ?? this.scenario.defaultVerbosity;
    for (const c of params.choices ?? []) this.choices.set(c.step, c.goroutine);
    for (const f of params.faults ?? []) this.faults.set(f.step, [...(this.faults.get(f.step) ?? []), f.fault]);
    this.recording = opts.record ?? !this.scenario.heavy;
    this.world = new World({ startUs: this.scenario.startUs, seed: this.seed, verbosity: this.verbosity });
    this.world.recordSites = this.recording;
    this.endUs = this.scenario.setup({ world: this.world, variant: this.variant, profile: this.profile, seed: this.seed, pods: params.pods ?? 100, hours: params.hours ?? 1 });
  }

  get stepCount(): number {
    return this.world.sched.stepCount;
  }

  get nowUs(): number {
    return this.world.sched.nowUs;
  }

  get lines(): readonly LogLine[] {
    return this.world.log.lines;
  }

  /** Runs the next step; undefined when the scenario has ended. */
  step(): StepRecord | undefined {
    if (this.finished) return undefined;
    const w = this.world;
    const index = w.sched.stepCount;
    w.stepIndex = index;
    for (const f of this.faults.get(index) ?? []) this.applyFault(f);
    const lineStart = w.log.lines.length;
    const changeStart = w.truth.changes.length;
    const wanted = this.choices.get(index);
    let chosen = false;
    const info = w.sched.step(this.endUs, (ready: Goroutine[]) => {
      const g = wanted === undefined ? undefined : ready.find((x) => x.name === wanted);
      chosen = g !== undefined;
      return g;
    });
    if (!info) {
      this.finished = true;
      return undefined;
    }
    const rec: StepRecord = {
      index, timeUs: info.startUs, goroutine: info.name, resumed: info.resumed, next: info.next, lineStart,
      lineEnd: w.log.lines.length, changeStart, changeEnd: w.truth.changes.length, chosen,
    };
    if (this.recording) {
      const hit = this.annotate(rec);
      if (hit.length) {
        rec.annotation = hit[0];
        rec.annotations = hit;
      }
      this.steps.push(rec);
    }
    return rec;
  }

  /** Runs to the end (or until `maxSteps` more steps). */
  run(maxSteps = Infinity): void {
    for (let n = 0; n < maxSteps && this.step(); n++) { /* keep stepping */ }
  }

  /** Goroutines that could run at the next step (in id order). */
  runnable(): Goroutine[] {
    return this.world.sched.runnable();
  }

  outcome(): Outcome {
    return this.scenario.outcome({ world: this.world, variant: this.variant, profile: this.profile, sites: this.world.siteCalls });
  }

  private applyFault(f: FaultSpec): void {
    if (f.kind === 'fix-image') {
      const entry = this.scenario.fixedImage?.(f.image);
      if (entry) this.world.cri.registry.set(f.image, { ...entry });
      return;
    }
    if (f.kind === 'fix-app') {
      const app = this.scenario.fixedApp?.(f.container);
      if (app) this.world.cri.appOverrides.set(f.container, { ...app });
      return;
    }
    const now = this.world.sched.nowUs;
    const until = 'durationUs' in f && f.durationUs !== undefined ? now + f.durationUs : Infinity;
    let rf: RuntimeFault;
    switch (f.kind) {
      case 'hang-container': rf = { kind: 'hang-container', container: f.container, fromUs: now, untilUs: until }; break;
      case 'hang-runtime': rf = { kind: 'hang-runtime', fromUs: now, untilUs: until }; break;
      case 'crash-runtime': rf = { kind: 'crash-runtime', fromUs: now, untilUs: until }; break;
      case 'slow-runtime': rf = { kind: 'slow-runtime', factor: f.factor, fromUs: now, untilUs: until }; break;
    }
    this.world.cri.faults.push(rf);
  }

  private annotate(rec: StepRecord): string[] {
    const w = this.world;
    const sites: string[] = [];
    while (this.siteCursor < w.siteCalls.length) sites.push(w.siteCalls[this.siteCursor++].site);
    const moments: { name: string; arg: string }[] = [];
    while (this.momentCursor < w.moments.length) moments.push(w.moments[this.momentCursor++]);
    for (const m of moments) this.seenMoments.add(m.name);
    const facts: StepFacts = { sites, changes: w.truth.changes.slice(rec.changeStart, rec.changeEnd) as TruthChange[], moments, seen: this.seenMoments };
    const hit: string[] = [];
    for (const rule of this.scenario.annotations) {
      if (this.reached.has(rule.id) || !rule.match(facts)) continue;
      this.reached.add(rule.id);
      hit.push(rule.id);
    }
    return hit;
  }
}
