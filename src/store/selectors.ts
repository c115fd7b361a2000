/**
 * Derived data, memoised by reference: recomputed only when the trace, the filters or the layout choices change,
 * never stored next to them. Components use these through the named hooks in ui/app/hooks.ts; the canvases call
 * them directly with store.getState().
 */
import type { Trace } from '../model/trace.ts';
import type { AppState } from './app-store.ts';
import { buildLinkIndex, causalSet, type CausalSet } from './causal.ts';
import { filterEvents, withTextState, type EventVisibility, type TextMatch } from './event-filter.ts';
import type { AppliedTextMatch } from './text-match-runner.ts';
import { assignSubRows, buildLaneGroups, sortPods } from './lane-groups.ts';
import { memoLast } from './memo.ts';
import { layoutRows, type LaneGroups, type RowFilter, type RowLayout, type SubRows } from '../render/row-layout.ts';
import type { Filters } from './types.ts';
import { buildLaneEventIndex, buildSpanEndPrefix, type LaneEventIndex } from '../render/lane-index.ts';
import { computeDensity, type Density } from '../render/density.ts';
import { fitViewport } from './viewport-math.ts';
import { traceExtent } from './view-slice.ts';

const groupsOf = memoLast(buildLaneGroups);
const subRowsOf = memoLast(assignSubRows);
const podOrderOf = memoLast(sortPods);
const linkIndexOf = memoLast(buildLinkIndex);

/** The filters that decide event visibility (the log pane's window option is not one of them). */
const eventFilterKey = memoLast(
  (text: string, textIsRegex: boolean, pods: readonly number[], namespaces: readonly string[], containers: readonly string[],
    laneKinds: readonly string[], minSeverity: number): Filters =>
    ({ text, textIsRegex, pods, namespaces, containers, laneKinds, minSeverity, logFollowsWindow: false }),
);
/**
 * The filters other than text, as one object per combination: with the text filter's mask in effect, all the pass
 * over every event depends on (so typing a new text, whose own pass is still running, does not redo it).
 */
const otherFilterKey = memoLast(
  (pods: readonly number[], namespaces: readonly string[], containers: readonly string[], laneKinds: readonly string[],
    minSeverity: number): Filters =>
    ({ text: '', textIsRegex: false, pods, namespaces, containers, laneKinds, minSeverity, logFollowsWindow: false }),
);
const filteredOf = memoLast(filterEvents);
const visibilityOf = memoLast(withTextState);
const layoutOf = memoLast(
  (trace: Trace, groups: LaneGroups, podOrder: readonly number[], collapsed: Readonly<Record<string, boolean>>,
    f: Filters, visibility: EventVisibility, subRows: SubRows): RowLayout => {
    const filter: RowFilter = {
      laneKinds: f.laneKinds, containers: f.containers, pods: f.pods, namespaces: f.namespaces,
      eventsFiltered: visibility.mask !== undefined,
      narrowsPods: f.text !== '' || f.minSeverity > 0 || f.pods.length > 0 || f.namespaces.length > 0 || f.containers.length > 0,
      podVisible: visibility.podVisible, laneVisible: visibility.laneVisible,
    };
    return layoutRows({ trace, groups, podOrder, collapsed, filter, subRows });
  },
);
const causalOf = memoLast(causalSet);

export function selectTrace(s: AppState): Trace | undefined {
  return s.loaded?.trace;
}

export function selectEventFilters(s: AppState): Filters {
  const f = s.filters;
  return eventFilterKey(f.text, f.textIsRegex, f.pods, f.namespaces, f.containers, f.laneKinds, f.minSeverity);
}

/**
 * The text filter's result the visibility uses: the finished pass for the current text, or while that pass runs,
 * the previous text's on the same log (pending), or none yet (pending).
 */
const textMatchOf = memoLast(
  (trace: Trace, text: string, isRegex: boolean, applied: AppliedTextMatch | undefined): TextMatch & { pending: boolean } => {
    if (!applied || applied.trace !== trace) return { mask: undefined, error: undefined, pending: true };
    const current = applied.text === text && applied.isRegex === isRegex;
    return { mask: applied.mask, error: current ? applied.error : undefined, pending: !current };
  },
);

export function selectVisibility(s: AppState): EventVisibility | undefined {
  const trace = selectTrace(s);
  if (!trace) return undefined;
  const f = s.filters;
  const text = f.text === '' ? undefined : textMatchOf(trace, f.text, f.textIsRegex, s.textMatch);
  const others = otherFilterKey(f.pods, f.namespaces, f.containers, f.laneKinds, f.minSeverity);
  return visibilityOf(filteredOf(trace, others, text?.mask), text?.error, text?.pending ?? false);
}

export function selectLaneGroups(s: AppState): LaneGroups | undefined {
  const trace = selectTrace(s);
  return trace ? groupsOf(trace) : undefined;
}

export function selectSubRows(s: AppState): SubRows | undefined {
  const trace = selectTrace(s);
  return trace ? subRowsOf(trace) : undefined;
}

export function selectPodOrder(s: AppState): readonly number[] {
  const trace = selectTrace(s);
  return trace ? podOrderOf(trace, s.podSort) : [];
}

export function selectRowLayout(s: AppState): RowLayout | undefined {
  const trace = selectTrace(s);
  if (!trace) return undefined;
  return layoutOf(trace, groupsOf(trace), podOrderOf(trace, s.podSort), s.collapsed, selectEventFilters(s),
    selectVisibility(s)!, subRowsOf(trace));
}

/** Causal links around the selected event (or the events at both ends of a selected state band). */
export function selectCausal(s: AppState): CausalSet | undefined {
  const trace = selectTrace(s);
  if (!trace || s.selection.kind !== 'event') return undefined;
  return causalOf(trace, linkIndexOf(trace), s.selection.event, s.chainHops === 'all' ? Infinity : 1);
}

export function selectLinkIndex(s: AppState) {
  const trace = selectTrace(s);
  return trace ? linkIndexOf(trace) : undefined;
}

const laneEventIndexOf = memoLast(buildLaneEventIndex);
const spanEndPrefixOf = memoLast(buildSpanEndPrefix);
const densityOf = memoLast(computeDensity);

/** Per-lane event lists after the filters (see render/lane-index.ts). */
export function selectLaneEventIndex(s: AppState): LaneEventIndex | undefined {
  const trace = selectTrace(s);
  const visibility = selectVisibility(s);
  return trace && visibility ? laneEventIndexOf(trace, visibility.mask) : undefined;
}

export function selectSpanEndPrefix(s: AppState): Float64Array | undefined {
  const trace = selectTrace(s);
  return trace ? spanEndPrefixOf(trace) : undefined;
}

/** Event density over the whole extent for the overview strip. */
export function selectDensity(s: AppState): Density | undefined {
  const trace = selectTrace(s);
  const visibility = selectVisibility(s);
  if (!trace || !visibility) return undefined;
  const extent = fitViewport(traceExtent(trace), NaN);
  return densityOf(trace, visibility.mask, extent.startUs, extent.endUs);
}
