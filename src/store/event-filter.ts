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

/**
 * Which events the filters leave visible. `text` is the text filter's result when the caller has it (the store runs
 * the pass in steps, text-match-runner.ts; `pending` says the one shown is not yet the filter's current text);
 * without it the pass runs here, at once.
 */
export function computeVisibility(trace: Trace, f: Filters, text?: TextMatch & { pending: boolean }): EventVisibility {
  const match = f.text === '' ? undefined : text ?? { ...runToEnd(textMatchSteps(trace, f.text, f.textIsRegex)), pending: false };
  return withTextState(filterEvents(trace, f, match?.mask), match?.error, match?.pending ?? false);
}

/** What filterEvents decides: everything in EventVisibility but the text filter's error and pending state. */
export type FilteredEvents = Omit<EventVisibility, 'textError' | 'textPending'>;

/** A visibility from filterEvents' result and the text filter's state (cheap: the arrays are shared). */
export function withTextState(filtered: FilteredEvents, textError: string | undefined, textPending: boolean): EventVisibility {
  return { ...filtered, textError, textPending };
}

/**
 * The pass over every event: the filters other than text (`f.text` is not read) and the text filter's mask in
 * effect, if any. It depends on nothing else, so a caller can keep its result while only the text filter's state
 * changes (a new text whose pass has not finished still shows the previous mask: selectors.ts).
 */
export function filterEvents(trace: Trace, f: Filters, textMask: Uint8Array | undefined): FilteredEvents {
  const ev = trace.events;
  const n = ev.count;
  const podVisible = new Uint32Array(trace.pods.length);
  const laneVisible = new Uint32Array(trace.lanes.length);
  const isMulti = multiPodFlags(trace);
  if (!textMask && !hasEventFilter({ ...f, text: '' })) {
    const { lane, pod } = ev;
    for (let e = 0; e < n; e++) {
      laneVisible[lane[e]]++;
      const p = pod[e];
      if (p >= 0) podVisible[p]++;
      else if (isMulti[e] === 1) for (const q of trace.multiPod[e]) podVisible[q]++;
    }
    return { mask: undefined, visibleCount: n, hiddenCount: 0, hiddenBy: {}, podVisible, laneVisible };
  }
  // Each filter's verdict per pod, lane, container instance and name, decided once: the loop below runs per event
  // (a million on a big log) and only reads these tables.
  const podOk = f.pods.length ? tableOf(trace.pods.length, (p) => f.pods.includes(p)) : undefined;
  const namespaces = new Set(f.namespaces);
  const namespaceOk = namespaces.size ? tableOf(trace.pods.length, (p) => namespaces.has(trace.pods[p].namespace)) : undefined;
  const containers = new Set(f.containers);
  const instanceOk = containers.size ? tableOf(trace.containers.length, (c) => containers.has(trace.containers[c].name)) : undefined;
  const nameOk = containers.size ? new Map<number, boolean>() : undefined;
  const laneKinds = new Set(f.laneKinds);
  const laneOk = laneKinds.size ? tableOf(trace.lanes.length, (l) => laneKinds.has(trace.lanes[l].kind)) : undefined;
  const hidden = new Uint32Array(FILTER_NAMES.length);
  const mask = new Uint8Array(n);
  let visibleCount = 0;
  for (let e = 0; e < n; e++) {
    let ok = true;
    const pod = ev.pod[e];
    if (podOk && !(pod >= 0 ? podOk[pod] === 1 : isMulti[e] === 1 && anyPod(trace.multiPod[e], podOk))) { ok = false; hidden[POD]++; }
    if (namespaceOk && !(pod >= 0 ? namespaceOk[pod] === 1 : isMulti[e] === 1 && anyPod(trace.multiPod[e], namespaceOk))) { ok = false; hidden[NAMESPACE]++; }
    if (instanceOk && !containerOk(trace, e, instanceOk, nameOk!, containers)) { ok = false; hidden[CONTAINER]++; }
    if (laneOk && laneOk[ev.lane[e]] === 0) { ok = false; hidden[LANE_KIND]++; }
    if (ev.severity[e] < f.minSeverity) { ok = false; hidden[SEVERITY]++; }
    if (textMask && textMask[e] === 0) { ok = false; hidden[TEXT]++; }
    if (!ok) continue;
    mask[e] = 1;
    visibleCount++;
    laneVisible[ev.lane[e]]++;
    if (pod >= 0) podVisible[pod]++;
    else if (isMulti[e] === 1) for (const p of trace.multiPod[e]) podVisible[p]++;
  }
  const hiddenBy: Partial<Record<FilterName, number>> = {};
  FILTER_NAMES.forEach((name, k) => { if (hidden[k]) hiddenBy[name] = hidden[k]; });
  return { mask, visibleCount, hiddenCount: n - visibleCount, hiddenBy, podVisible, laneVisible };
}

const multiPodCache = new WeakMap<Trace, Uint8Array>();

/**
 * 1 for the events that list several pods (keys of Trace.multiPod), built once per trace: looking an event up in
 * that sparse object costs more than the rest of a pass over a million events.
 */
function multiPodFlags(trace: Trace): Uint8Array {
  let flags = multiPodCache.get(trace);
  if (!flags) {
    flags = new Uint8Array(trace.events.count);
    for (const key of Object.keys(trace.multiPod)) flags[Number(key)] = 1;
    multiPodCache.set(trace, flags);
  }
  return flags;
}

const FILTER_NAMES: readonly FilterName[] = ['pod', 'namespace', 'container', 'lane kind', 'severity', 'text'];
const [POD, NAMESPACE, CONTAINER, LANE_KIND, SEVERITY, TEXT] = [0, 1, 2, 3, 4, 5];

/** 1 where `ok(i)`, for i below `n`. */
function tableOf(n: number, ok: (i: number) => boolean): Uint8Array {
  const t = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (ok(i)) t[i] = 1;
  return t;
}

/** A line that names several pods passes if one of them does. */
function anyPod(pods: readonly number[], ok: Uint8Array): boolean {
  for (const p of pods) if (ok[p] === 1) return true;
  return false;
}

/** The container filter for event e: by its instance's name, or by the name the line mentions (decided once per name). */
function containerOk(trace: Trace, e: number, instanceOk: Uint8Array, nameOk: Map<number, boolean>, names: ReadonlySet<string>): boolean {
  const ci = trace.events.container[e];
  if (ci >= 0) return instanceOk[ci] === 1;
  const id = trace.events.cname[e];
  let ok = nameOk.get(id);
  if (ok === undefined) nameOk.set(id, (ok = names.has(id > 0 ? trace.strings[id] : '')));
  return ok;
}
