/**
 * What the UI sees of a stepping Session: a plain, immutable snapshot taken after every action (the Session itself
 * is mutable and stays out of the store), and the cursor the timeline layer and the log pane draw.
 */
import type { NarrativeCard } from '../sim/narrative.ts';
import type { RunnableView, Session, StepView } from '../sim/session.ts';
import type { ResolvedSim } from './sim-params.ts';

export type SimState = ResolvedSim['state'];

export interface SimAt {
  step: number;
  timeUs: number;
  finished: boolean;
  last: StepView | undefined;
  card: NarrativeCard;
  /** Goroutines that could run next (empty when every goroutine waits for the clock). */
  runnable: readonly RunnableView[];
}

/** Where the story stands, in the terms of the drawn log. */
export interface SimCursor {
  step: number;
  timeUs: number;
  /** The run has printed the log's first `printedLines` lines so far; later lines are the future. */
  printedLines: number;
  /** 1-based, inclusive: the lines the current step printed (stepFrom > stepTo when it printed none). */
  stepFrom: number;
  stepTo: number;
}

export function sessionState(session: Session): SimState {
  const s = session.state;
  return {
    scenario: s.scenario, variant: s.variant, version: s.version ?? '', seed: s.seed ?? 0, verbosity: s.verbosity ?? 0,
    choices: s.choices ?? [], faults: s.faults ?? [], step: s.step,
  };
}

export function snapshotOf(session: Session): { at: SimAt; cursor: SimCursor } {
  const cur = session.current();
  const records = session.simulation.steps;
  const rec = records[records.length - 1];
  const at: SimAt = { step: cur.step, timeUs: cur.timeUs, finished: cur.finished, last: cur.last, card: cur.card, runnable: session.runnable() };
  const cursor: SimCursor = {
    step: cur.step, timeUs: cur.timeUs, printedLines: session.lines().length,
    stepFrom: rec ? rec.lineStart + 1 : 1, stepTo: rec ? rec.lineEnd : 0,
  };
  return { at, cursor };
}

/** The same story: only choices and faults may differ (they change the future from their step on). */
export function sameStory(a: SimState, b: SimState): boolean {
  return a.scenario === b.scenario && a.variant === b.variant && a.version === b.version && a.seed === b.seed && a.verbosity === b.verbosity;
}

/**
 * True when a run with inputs `drawn` printed exactly what a run with inputs `now` has printed by step `step`:
 * same story, and the same choices and faults before that step (a choice or fault at step n acts in step n).
 */
export function samePast(drawn: SimState, now: SimState, step: number): boolean {
  if (!sameStory(drawn, now)) return false;
  const before = <T extends { step: number }>(list: readonly T[] | undefined) => JSON.stringify((list ?? []).filter((x) => x.step < step));
  return before(drawn.choices) === before(now.choices) && before(drawn.faults) === before(now.faults);
}

/**
 * The first window on a run: from its start to a little past its third teaching moment (the opening of the story
 * — for the race scenario, the race itself), at least 150 ms wide. Later the cursor is followed at that zoom.
 */
export function storyWindow(run: { startUs: number; endUs: number; annotations: readonly { timeUs: number }[] }): { startUs: number; endUs: number } {
  const k = Math.min(2, run.annotations.length - 1);
  const keyUs = k >= 0 ? run.annotations[k].timeUs : run.endUs;
  const widthUs = Math.min(run.endUs - run.startUs, Math.max(150_000, (keyUs - run.startUs) * 1.3));
  const padUs = widthUs * 0.03;
  return { startUs: run.startUs - padUs, endUs: run.startUs - padUs + widthUs };
}
