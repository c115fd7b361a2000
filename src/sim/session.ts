/**
 * The headless session the UI drives: step forward and back, run to the next teaching annotation, see which
 * goroutines could run next and pick one ("be the Go scheduler"), inject a fault now, read the narrative card and
 * the log. Its state is plain data (SessionState) — scenario, variant, version, seed, verbosity, choices, faults and
 * the step — so a share link can carry it and `createSession(state)` lands on exactly the same step.
 *
 * Stepping back replays from the start with the same inputs: a run is a pure function of them. The scenarios run
 * in a few milliseconds per thousand steps, so replay is cheap; long runs (node-hour) keep one checkpoint-free path.
 */
import { analyzeSources } from '../model/analyze.ts';
import type { Trace } from '../model/trace.ts';
import type { LogLine } from './log/klog-writer.ts';
import { cardFor, type NarrativeCard } from './narrative.ts';
import { yearOf } from './scenarios/build.ts';
import type { FaultSpec, Outcome } from './scenarios/types.ts';
import { Simulation, type Choice, type FaultAt, type RunParams, type StepRecord } from './simulation.ts';
import type { TruthChange } from './world/truth.ts';

export interface SessionState extends RunParams {
  /** Steps taken (the cursor). */
  step: number;
}

export interface StepView {
  index: number;
  timeUs: number;
  goroutine: string;
  resumed: string;
  next: string;
  chosen: boolean;
  lines: string[];
  changes: TruthChange[];
  /** The teaching annotation(s) this step reached, merged into one (title "A · B"). */
  annotation?: { id: string; title: string; text: string };
  annotationIds?: string[];
}

export interface RunnableView {
  goroutine: string;
  /** What it will do when it runs: the operation it is about to complete. */
  willDo: string;
}

export interface CurrentView {
  step: number;
  timeUs: number;
  finished: boolean;
  last?: StepView;
  card: NarrativeCard;
}

export class Session {
  private sim: Simulation;
  private choices: Choice[];
  private faults: FaultAt[];

  constructor(private readonly base: RunParams, startStep = 0) {
    this.choices = [...(base.choices ?? [])];
    this.faults = [...(base.faults ?? [])];
    this.sim = this.fresh();
    this.advanceTo(startStep);
  }

  private fresh(): Simulation {
    return new Simulation({ ...this.base, choices: this.choices, faults: this.faults }, { record: true });
  }

  private advanceTo(step: number): void {
    while (this.sim.stepCount < step && this.sim.step()) { /* replay */ }
  }

  get state(): SessionState {
    return {
      scenario: this.base.scenario, variant: this.base.variant, version: this.sim.profile.id, seed: this.sim.seed,
      verbosity: this.sim.verbosity, pods: this.base.pods, hours: this.base.hours, choices: [...this.choices], faults: [...this.faults],
      step: this.sim.stepCount,
    };
  }

  get simulation(): Simulation {
    return this.sim;
  }

  step(): StepView | undefined {
    const r = this.sim.step();
    return r && this.view(r);
  }

  /** Back one step: replay from the start to the previous step. */
  stepBack(): StepView | undefined {
    const target = Math.max(0, this.sim.stepCount - 1);
    this.sim = this.fresh();
    this.advanceTo(target);
    return this.last();
  }

  runTo(step: number): StepView | undefined {
    if (step < this.sim.stepCount) {
      this.sim = this.fresh();
    }
    this.advanceTo(step);
    return this.last();
  }

  /** Runs until a step reaches a teaching annotation (or the end, or `maxSteps`). */
  runToNextAnnotation(maxSteps = 200_000): StepView | undefined {
    for (let n = 0; n < maxSteps; n++) {
      const r = this.sim.step();
      if (!r) return undefined;
      if (r.annotation) return this.view(r);
    }
    return this.last();
  }

  runnable(): RunnableView[] {
    return this.sim.runnable().map((g) => ({ goroutine: g.name, willDo: g.what }));
  }

  /** Runs `goroutine` as the next step; later recorded choices are dropped (the future diverges). */
  choose(goroutine: string): StepView | undefined {
    if (!this.sim.runnable().some((g) => g.name === goroutine)) throw new Error(`goroutine "${goroutine}" is not runnable now`);
    const at = this.sim.stepCount;
    this.choices = this.choices.filter((c) => c.step < at);
    this.choices.push({ step: at, goroutine });
    this.sim = this.fresh();
    this.advanceTo(at);
    return this.step();
  }

  /** Injects a fault that takes effect at the next step. */
  injectFault(fault: FaultSpec): void {
    const at = this.sim.stepCount;
    this.faults.push({ step: at, fault });
    this.sim = this.fresh();
    this.advanceTo(at);
  }

  current(): CurrentView {
    const last = this.last();
    const rule = last?.annotation && { id: last.annotation.id, title: last.annotation.title, text: last.annotation.text, match: () => false };
    return {
      step: this.sim.stepCount, timeUs: this.sim.nowUs, finished: this.sim.finished, last,
      card: cardFor(last, last?.lines ?? [], rule),
    };
  }

  /** Every step taken so far that reached an annotation. */
  annotationsReached(): StepView[] {
    return this.sim.steps.filter((s) => s.annotation).map((s) => this.view(s));
  }

  lines(): readonly LogLine[] {
    return this.sim.lines;
  }

  logText(): string {
    return this.sim.world.log.text();
  }

  outcome(): Outcome {
    return this.sim.outcome();
  }

  private last(): StepView | undefined {
    const r = this.sim.steps[this.sim.steps.length - 1];
    return r && this.view(r);
  }

  private view(r: StepRecord): StepView {
    const w = this.sim.world;
    const rules = (r.annotations ?? []).map((id) => this.sim.scenario.annotations.find((a) => a.id === id)!);
    return {
      index: r.index, timeUs: r.timeUs, goroutine: r.goroutine, resumed: r.resumed, next: r.next, chosen: r.chosen,
      lines: w.log.lines.slice(r.lineStart, r.lineEnd).map((l) => l.text),
      changes: w.truth.changes.slice(r.changeStart, r.changeEnd),
      annotation: rules.length ? { id: rules[0].id, title: rules.map((x) => x.title).join(' · '), text: rules.map((x) => x.text).join('\n\n') } : undefined,
      annotationIds: rules.length ? rules.map((x) => x.id) : undefined,
    };
  }
}

/** A session at step `state.step` (0 if absent) of the run the state describes. */
export function createSession(state: RunParams & { step?: number }): Session {
  return new Session(state, state.step ?? 0);
}

/** The simulated log so far, parsed by the same core as real logs: the UI draws it with the same lanes and bands. */
export function traceOf(session: Session): Trace {
  const sim = session.simulation;
  return analyzeSources([{ name: `${sim.scenario.id}-${sim.variant}.log`, data: session.logText() }], { defaultYear: yearOf(sim.scenario.startUs), yearFromCaller: true });
}
