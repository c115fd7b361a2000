/**
 * The filters, applied: which events stay visible. Filters hide (the timeline, the log pane and the counts all use
 * this result), they combine with AND, and each reports how many events it alone would hide.
 */
import type { Trace } from '../model/trace.ts';
import { compileSafeRegex } from './safe-regex.ts';
import { plainTextTest, regexTest, RegexBudgetExceeded, type EventTextTest } from './text-match.ts';
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
}

export function hasEventFilter(f: Filters): boolean {
  return f.text !== '' || f.pods.length > 0 || f.namespaces.length > 0 || f.containers.length > 0 ||
    f.laneKinds.length > 0 || f.minSeverity > 0;
}

const REGEX_BUDGET_MS = 1_500;

function textTest(trace: Trace, f: Filters): { test: EventTextTest | undefined; error: string | undefined } {
  if (f.text === '') return { test: undefined, error: undefined };
  if (!f.textIsRegex) return { test: plainTextTest(trace, f.text), error: undefined };
  const checked = compileSafeRegex(f.text);
  if (!checked.ok) return { test: undefined, error: checked.reason };
  return { test: regexTest(trace, checked.regex, REGEX_BUDGET_MS, () => performance.now()), error: undefined };
}

/** Name of an event's container: from its instance, or the name the line mentions. */
function containerNameOf(trace: Trace, e: number): string {
  const ci = trace.events.container[e];
  if (ci >= 0) return trace.containers[ci].name;
  const id = trace.events.cname[e];
  return id > 0 ? trace.strings[id] : '';
}

export function computeVisibility(trace: Trace, f: Filters): EventVisibility {
  const ev = trace.events;
  const n = ev.count;
  const podVisible = new Uint32Array(trace.pods.length);
  const laneVisible = new Uint32Array(trace.lanes.length);
  const NO_PODS: readonly number[] = [];
  const podsOf = (e: number): readonly number[] => (ev.pod[e] >= 0 ? [ev.pod[e]] : trace.multiPod[e] ?? NO_PODS);
  if (!hasEventFilter(f)) {
    for (let e = 0; e < n; e++) {
      laneVisible[ev.lane[e]]++;
      if (ev.pod[e] >= 0) podVisible[ev.pod[e]]++;
      else for (const p of trace.multiPod[e] ?? []) podVisible[p]++;
    }
    return { mask: undefined, visibleCount: n, hiddenCount: 0, hiddenBy: {}, podVisible, laneVisible, textError: undefined };
  }
  const pods = new Set(f.pods);
  const namespaces = new Set(f.namespaces);
  const containers = new Set(f.containers);
  const laneKinds = new Set(f.laneKinds);
  const { test: text, error: textError } = textTest(trace, f);
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
    if (text) {
      try {
        if (!text(e)) { ok = false; count('text'); }
      } catch (err) {
        if (!(err instanceof RegexBudgetExceeded)) throw err;
        // Too slow for this log: drop the text filter rather than freeze the page, and say so.
        const withoutText = computeVisibility(trace, { ...f, text: '' });
        return { ...withoutText, textError: 'this pattern is too slow on this log; simplify it or use plain text' };
      }
    }
    if (!ok) continue;
    mask[e] = 1;
    visibleCount++;
    laneVisible[ev.lane[e]]++;
    if (ev.pod[e] >= 0) podVisible[ev.pod[e]]++;
    else for (const p of trace.multiPod[e] ?? []) podVisible[p]++;
  }
  return { mask, visibleCount, hiddenCount: n - visibleCount, hiddenBy, podVisible, laneVisible, textError };
}
