/**
 * Runs the text filter's pass (event-filter.ts textMatchSteps) for whatever text the filters hold, in slices of a
 * few milliseconds, so a pass over a big log (about a second for plain text on a million lines, more for a pattern)
 * never freezes the page: between slices the page draws, scrolls and takes input, the filter shows how far the
 * pass is, and a newer text or log stops the old pass. A pass that fits in its first slice (most logs) finishes
 * before the change that asked for it returns.
 *
 * Until a pass finishes, the events shown are those of the previous text's pass on the same log (or no text filter
 * on a new log): selectors.ts (textMatchOf) tells the visibility which one it is.
 */
import type { Trace } from '../model/trace.ts';
import type { AppState, AppStore } from './app-store.ts';
import { textMatchSteps, type TextMatch } from './event-filter.ts';

/** The result of the last finished pass, and what it was for. */
export interface AppliedTextMatch extends TextMatch {
  trace: Trace;
  text: string;
  isRegex: boolean;
}

/** Runs `task` soon (after the page had a chance to draw and take input); returns a function that cancels it. */
export type TaskScheduler = (task: () => void) => () => void;

/** Work per slice, in ms: leaves most of a frame's time to the page. */
const SLICE_MS = 12;
/** The progress shown changes at most this often (each change renders the filter bar again). */
const PROGRESS_EVERY_MS = 100;

/** The next task of the event loop (a message to ourselves: unlike setTimeout it is not clamped to 4 ms). */
export const nextTask: TaskScheduler = (task) => {
  if (typeof MessageChannel === 'undefined') {
    const timer = setTimeout(task, 0);
    return () => clearTimeout(timer);
  }
  const channel = new MessageChannel();
  let live = true;
  channel.port1.onmessage = () => {
    channel.port1.close();
    if (live) task();
  };
  channel.port2.postMessage(null);
  return () => {
    live = false;
    channel.port1.close();
  };
};

interface Job {
  trace: Trace;
  text: string;
  isRegex: boolean;
  steps: Generator<number, TextMatch>;
  cancel: (() => void) | undefined;
  /** When the progress was last put in the store (performance.now()). */
  progressShownAt: number;
}

const sameRequest = (a: { trace: Trace; text: string; isRegex: boolean }, trace: Trace, text: string, isRegex: boolean) =>
  a.trace === trace && a.text === text && a.isRegex === isRegex;

/** Keeps the store's text match in step with its filters from now on; returns a function that stops it. */
export function runTextMatches(store: AppStore, schedule: TaskScheduler = nextTask, sliceMs = SLICE_MS): () => void {
  let job: Job | undefined;

  // Every store change below runs `check` again before it returns: `job` is always final by then.
  const drop = () => {
    job?.cancel?.();
    job = undefined;
  };

  const slice = (mine: Job) => {
    if (job !== mine) return;
    mine.cancel = undefined;
    const deadline = performance.now() + sliceMs;
    for (;;) {
      const r = mine.steps.next();
      if (r.done) {
        job = undefined;
        const { trace, text, isRegex } = mine;
        store.setState({ textMatch: { trace, text, isRegex, ...r.value }, textMatchProgress: undefined });
        return;
      }
      const now = performance.now();
      if (now >= deadline) {
        mine.cancel = schedule(() => slice(mine));
        if (now >= mine.progressShownAt + PROGRESS_EVERY_MS || store.getState().textMatchProgress === undefined) {
          mine.progressShownAt = now;
          store.setState({ textMatchProgress: r.value });
        }
        return;
      }
    }
  };

  const check = (s: AppState) => {
    const trace = s.loaded?.trace;
    const { text, textIsRegex } = s.filters;
    const applied = s.textMatch;
    if (applied && applied.trace !== trace) {
      // A result for another log would keep that log's whole trace alive.
      drop();
      store.setState({ textMatch: undefined, textMatchProgress: undefined });
      return;
    }
    if (!trace || text === '' || (applied && sameRequest(applied, trace, text, textIsRegex))) {
      drop();
      if (s.textMatchProgress !== undefined) store.setState({ textMatchProgress: undefined });
      return;
    }
    if (job && sameRequest(job, trace, text, textIsRegex)) return;
    drop();
    job = { trace, text, isRegex: textIsRegex, steps: textMatchSteps(trace, text, textIsRegex), cancel: undefined, progressShownAt: -Infinity };
    slice(job);
  };

  const unsubscribe = store.subscribe(check);
  check(store.getState());
  return () => {
    unsubscribe();
    drop();
  };
}
