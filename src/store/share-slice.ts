/**
 * Sharing: whether the share dialog is open, and the mapping between the store and the shareable view
 * (trace/share-types.ts ViewState: time window, selection, filters, collapsed lanes). `currentViewState` reads the
 * view for a link or a trace file; `applySavedView` puts a trace file's or a link's view and notes back.
 *
 * Collapsed lanes: the timeline collapses whole groups, so `collapsedLanes` holds group ids (`pod:<uid>`,
 * `node:<index>`); a plain lane id in a link collapses the group it belongs to.
 */
import type { StateCreator } from 'zustand/vanilla';
import { podId } from '../model/trace-query.ts';
import type { Trace } from '../model/trace.ts';
import type { Note, ViewFilters, ViewState } from '../trace/share-types.ts';
import type { AppState } from './app-store.ts';
import { DEFAULT_FILTERS } from './event-filter.ts';
import { selectLaneGroups } from './selectors.ts';
import type { Filters, Selection } from './types.ts';

export interface ShareSlice {
  shareOpen: boolean;
  setShareOpen(open: boolean): void;
  /** Applies a saved view and notes to the loaded trace (after a trace file or a link opened). */
  applySavedView(view: ViewState | undefined, notes: readonly Note[]): void;
}

function selectedOf(selection: Selection): ViewState['selected'] {
  switch (selection.kind) {
    case 'event': return { kind: 'event', index: selection.event };
    case 'span': return { kind: 'span', index: selection.span };
    case 'pod': return { kind: 'pod', index: selection.pod };
    default: return undefined;
  }
}

/** Filters in shareable form: pods by podId; only what differs from the defaults. */
export function viewFilters(trace: Trace, f: Filters): ViewFilters | undefined {
  const out: ViewFilters = {};
  if (f.text) { out.text = f.text; out.textIsRegex = f.textIsRegex; }
  if (f.pods.length) out.pods = f.pods.filter((p) => trace.pods[p]).map((p) => podId(trace.pods[p]));
  if (f.namespaces.length) out.namespaces = [...f.namespaces];
  if (f.containers.length) out.containers = [...f.containers];
  if (f.laneKinds.length) out.laneKinds = [...f.laneKinds];
  if (f.minSeverity > 0) out.minSeverity = f.minSeverity;
  if (f.logFollowsWindow) out.logFollowsWindow = true;
  return Object.keys(out).length ? out : undefined;
}

/** The view as the share formats hold it (selection by index: toStableView turns it into keys for a link). */
export function currentViewState(s: AppState): ViewState | undefined {
  const trace = s.loaded?.trace;
  if (!trace) return undefined;
  const { startUs, endUs, originUs } = s.viewport;
  const view: ViewState = { startUs, endUs, originUs };
  const selected = selectedOf(s.selection);
  if (selected) view.selected = selected;
  const filters = viewFilters(trace, s.filters);
  if (filters) view.filters = filters;
  const collapsed = Object.keys(s.collapsed).filter((id) => s.collapsed[id]).sort();
  if (collapsed.length) view.collapsedLanes = collapsed;
  return view;
}

/** Store filters from shared ones (pods by podId or uid; names the trace does not have are dropped). */
export function filtersFromView(trace: Trace, f: ViewFilters | undefined, keepFollow: boolean): Filters {
  if (!f) return { ...DEFAULT_FILTERS, logFollowsWindow: keepFollow };
  const podIndex = new Map<string, number>();
  for (const p of trace.pods) { podIndex.set(p.uid, p.index); podIndex.set(podId(p), p.index); }
  return {
    text: f.text ?? '', textIsRegex: f.textIsRegex ?? false,
    pods: (f.pods ?? []).map((id) => podIndex.get(id)).filter((p): p is number => p !== undefined),
    namespaces: f.namespaces ?? [], containers: f.containers ?? [], laneKinds: f.laneKinds ?? [],
    minSeverity: f.minSeverity ?? 0, logFollowsWindow: f.logFollowsWindow ?? keepFollow,
  };
}

/** Group ids to collapse for the ids a view lists (group ids as they are; lane ids → their group). */
export function collapsedFromView(s: AppState, ids: readonly string[] | undefined): Record<string, boolean> {
  const trace = s.loaded?.trace;
  const groups = selectLaneGroups(s);
  if (!trace || !groups || !ids?.length) return {};
  const groupIds = new Set([...groups.nodes, ...groups.pods].map((g) => g.id));
  const laneById = new Map(trace.lanes.map((l) => [l.id, l]));
  const out: Record<string, boolean> = {};
  for (const id of ids) {
    if (groupIds.has(id)) { out[id] = true; continue; }
    const lane = laneById.get(id);
    if (!lane) continue;
    const group = lane.pod >= 0 ? groups.pods[lane.pod] : groups.nodes[lane.node];
    if (group) out[group.id] = true;
  }
  return out;
}

export const createShareSlice: StateCreator<AppState, [], [], ShareSlice> = (set, get) => ({
  shareOpen: false,
  setShareOpen: (shareOpen) => set({ shareOpen }),

  applySavedView(view, notes) {
    const s = get();
    const trace = s.loaded?.trace;
    if (!trace) return;
    get().setNotes(notes);
    if (!view) return;
    if (Number.isFinite(view.startUs) && Number.isFinite(view.endUs) && view.endUs > view.startUs) {
      s.setViewport({ startUs: view.startUs, endUs: view.endUs, originUs: Number.isFinite(view.originUs) ? view.originUs : NaN });
    }
    set({ filters: filtersFromView(trace, view.filters, s.filters.logFollowsWindow), collapsed: collapsedFromView(get(), view.collapsedLanes) });
    const sel = view.selected;
    const valid = sel && sel.index >= 0 && sel.index < { event: trace.events.count, span: trace.spans.count, pod: trace.pods.length, lane: trace.lanes.length }[sel.kind];
    if (valid && sel.kind === 'event') s.select({ kind: 'event', event: sel.index });
    else if (valid && sel.kind === 'span') s.select({ kind: 'span', span: sel.index });
    else if (valid && sel.kind === 'pod') s.select({ kind: 'pod', pod: sel.index });
    else if (valid && sel.kind === 'lane' && trace.lanes[sel.index].pod >= 0) s.select({ kind: 'pod', pod: trace.lanes[sel.index].pod });
    if (valid) {
      // A selected event inside a collapsed pod would be hidden; showing it wins over the collapsed state.
      const pod = sel.kind === 'event' ? trace.events.pod[sel.index] : sel.kind === 'span' ? trace.lanes[trace.spans.lane[sel.index]].pod : -1;
      if (pod >= 0) s.expandGroup(`pod:${trace.pods[pod].uid}`);
      s.requestReveal();
    }
  },
});
