/**
 * The filters, applied: which events stay visible. Filters hide (the timeline, the log pane and the counts all use
 * this result), they combine with AND, and each reports how many events it alone would hide.
 */
import type { Trace } from '../model/trace.ts';
import { ShareError } from '../trace/errors.ts';
import { safePattern, type SafePattern } from '../trace/safe-regex-run.ts';
import { requiredLiteral } from './required-literal.ts';
import { plainTextMaskSteps, regexMaskSteps, runToEnd } from './text-match.ts';
import type { Filters } from './types.ts';

export const DEFAULT_FILTERS: Filters = {
  text: '', textIsRegex: false, pods: [], namespaces: [], containers: [], laneKinds: [], minSeverity: 0,
  logFollowsWindow: false,
};

export type FilterName = 'pod' | 'namespace' | 'container' | 'lane kind' | 'severity' | 'text';

export interface EventVisibility {
  /** 1 = visible, per event; undefined when no filter is active (everything visible). */
  mask: Uint8Array | undefined;
  visibleCount: number;
  hiddenCount: number;
  /** Events each active filter rejects on its own. */
  hiddenBy: Partial<Record<FilterName, number>>;
  /** Visible events per pod (multi-pod lines count for every pod they list) and per lane. */
  podVisible: Uint32Array;
  laneVisible: Uint32Array;
  /** A problem with the text filter (bad or too slow a pattern); the text filter is then ignored. */
  textError: string | undefined;
  /** The text filter's pass for its current text is still running: the text filter shown is the previous one. */
  textPending: boolean;
}

export function hasEventFilter(f: Filters): boolean {
  return f.text !== '' || f.pods.length > 0 || f.namespaces.length > 0 || f.containers.length > 0 ||
    f.laneKinds.length > 0 || f.minSeverity > 0;
}

/** Work allowed for one regular-expression filter pass (NFA steps; a couple of seconds at most). */
export const REGEX_STEP_BUDGET = 20_000_000;

/** Compiles a filter pattern (case-insensitive) on the linear-time engine, or says why it cannot. */
export function compileFilterPattern(source: string): { pattern: SafePattern } | { error: string } {
  try {
    return { pattern: safePattern(source, 'i') };
  } catch (e) {
    if (e instanceof ShareError) return { error: e.message.replace(/^pattern \/.*?\/: /, '') };
    throw e;
  }
}

/** The text filter's result for one text: which events match, or why the text filter cannot apply. */
export interface TextMatch {
  /** 1 = the event's line matches; undefined when the text filter does not apply (no text, or `error`). */
  mask: Uint8Array | undefined;
  /** A bad pattern, or one that needs too much work on this log: the text filter is then ignored. */
  error: string | undefined;
}

const TOO_MUCH_WORK = 'this pattern needs too much work on a log this size; use plain text or a simpler pattern';

/**
 * The text filter's pass in steps (yielding the fraction done), so a pass over a big log can be spread over frames
 * (text-match-runner.ts); runToEnd runs it at once.
 */
export function* textMatchSteps(trace: Trace, text: string, isRegex: boolean): Generator<number, TextMatch> {
  if (text === '') return { mask: undefined, error: undefined };
  if (!isRegex) return { mask: yield* plainTextMaskSteps(trace, text), error: undefined };
  const compiled = compileFilterPattern(text);
  if ('error' in compiled) return { mask: undefined, error: compiled.error };
  try {
    return { mask: yield* regexMaskSteps(trace, compiled.pattern, { steps: REGEX_STEP_BUDGET }, requiredLiteral(text)), error: undefined };
  } catch (err) {
    if (!(err instanceof ShareError && err.code === 'budget-exceeded')) throw err;
    // Too much work for this log: drop the text filter rather than freeze the page, and say so.
    return { mask: undefined, error: TOO_MUCH_WORK };
  }
}

/** Name of an event's container: from its instance, or the name the line mentions. */
function containerNameOf(trace: Trace, e: number): string {
  const ci = trace.events.container[e];
  if (ci >= 0) return trace.containers[ci].name;
  const id = trace.events.cname[e];
  return id > 0 ? trace.strings[id] : '';
}

/**
 * Which events the filters leave visible. `text` is the text filter's result when the caller has it (the store runs
 * the pass in steps, text-match-runner.ts; `pending` says the one shown is not yet the filter's current text);
 * without it the pass runs here, at once.
 */
export function computeVisibility(trace: Trace, f: Filters, text?: TextMatch & { pending: boolean }): EventVisibility {
  const ev = trace.events;
  const n = ev.count;
  const podVisible = new Uint32Array(trace.pods.length);
  const laneVisible = new Uint32Array(trace.lanes.length);
  const NO_PODS: readonly number[] = [];
  const podsOf = (e: number): readonly number[] => (ev.pod[e] >= 0 ? [ev.pod[e]] : trace.multiPod[e] ?? NO_PODS);
  const match = f.text === '' ? undefined : text ?? { ...runToEnd(textMatchSteps(trace, f.text, f.textIsRegex)), pending: false };
  const textMask = match?.mask;
  const textError = match?.error;
  const textPending = match?.pending ?? false;
  if (!hasEventFilter({ ...f, text: textMask ? f.text : '' })) {
    for (let e = 0; e < n; e++) {
      laneVisible[ev.lane[e]]++;
      if (ev.pod[e] >= 0) podVisible[ev.pod[e]]++;
      else for (const p of trace.multiPod[e] ?? []) podVisible[p]++;
    }
    return { mask: undefined, visibleCount: n, hiddenCount: 0, hiddenBy: {}, podVisible, laneVisible, textError, textPending };
  }
  const pods = new Set(f.pods);
  const namespaces = new Set(f.namespaces);
  const containers = new Set(f.containers);
  const laneKinds = new Set(f.laneKinds);
  const hiddenBy: Partial<Record<FilterName, number>> = {};
  const count = (name: FilterName) => { hiddenBy[name] = (hiddenBy[name] ?? 0) + 1; };
  const mask = new Uint8Array(n);
  let visibleCount = 0;
  for (let e = 0; e < n; e++) {
    let ok = true;
    if (pods.size && !podsOf(e).some((p) => pods.has(p))) { ok = false; count('pod'); }
    if (namespaces.size && !podsOf(e).some((p) => namespaces.has(trace.pods[p].namespace))) { ok = false; count('namespace'); }
    if (containers.size && !containers.has(containerNameOf(trace, e))) { ok = false; count('container'); }
    if (laneKinds.size && !laneKinds.has(trace.lanes[ev.lane[e]].kind)) { ok = false; count('lane kind'); }
    if (ev.severity[e] < f.minSeverity) { ok = false; count('severity'); }
    if (textMask && textMask[e] === 0) { ok = false; count('text'); }
    if (!ok) continue;
    mask[e] = 1;
    visibleCount++;
    laneVisible[ev.lane[e]]++;
    if (ev.pod[e] >= 0) podVisible[ev.pod[e]]++;
    else for (const p of trace.multiPod[e] ?? []) podVisible[p]++;
  }
  return { mask, visibleCount, hiddenCount: n - visibleCount, hiddenBy, podVisible, laneVisible, textError, textPending };
}
