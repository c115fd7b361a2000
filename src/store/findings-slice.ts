/**
 * Findings in the incident view: which finding is being looked at (the timeline highlights its lanes and time
 * range), which tab of the findings/notes panel is open, and stepping through findings most severe first.
 * Focusing a finding zooms to its range, expands its pods and asks the timeline (via `findingFocusNonce`) to scroll
 * its lanes into view; the scrolling itself needs the DOM and lives in ui/findings/useFindingFocus.ts.
 */
import type { StateCreator } from 'zustand/vanilla';
import type { Finding, FindingSeverity, Trace } from '../model/trace.ts';
import type { AppState } from './app-store.ts';

export type FindingsPanelTab = 'findings' | 'notes' | 'closed';

export interface FindingsSlice {
  /** Index into trace.findings of the finding being looked at, -1 for none. */
  activeFinding: number;
  findingsPanel: FindingsPanelTab;
  /** Bumped to ask the timeline to scroll the active finding's lanes into view. */
  findingFocusNonce: number;
  /** Makes a finding the active one and brings it into view (zoom to its range, expand and scroll to its lanes). */
  focusFinding(index: number): void;
  clearFinding(): void;
  /** Moves to the next (+1) or previous (-1) finding in panel order (most severe first). */
  stepFinding(direction: 1 | -1): void;
  setFindingsPanel(tab: FindingsPanelTab): void;
}

const SEVERITY_RANK: Record<FindingSeverity, number> = { error: 0, warning: 1, info: 2 };

const orderCache = new WeakMap<Trace, number[]>();

/** Finding indices in panel order: most severe first, then earliest first (stable for equal findings). */
export function findingOrder(trace: Trace): readonly number[] {
  let order = orderCache.get(trace);
  if (!order) {
    const f = trace.findings;
    order = f.map((_, i) => i).sort((a, b) =>
      (SEVERITY_RANK[f[a].severity] ?? 3) - (SEVERITY_RANK[f[b].severity] ?? 3) || f[a].startUs - f[b].startUs || a - b);
    orderCache.set(trace, order);
  }
  return order;
}

/** Pods a finding involves: its own list, and the pods of its lanes. */
export function findingPods(trace: Trace, finding: Finding): number[] {
  const pods = new Set(finding.pods.filter((p) => p >= 0 && p < trace.pods.length));
  for (const l of finding.lanes) {
    const pod = trace.lanes[l]?.pod ?? -1;
    if (pod >= 0) pods.add(pod);
  }
  return [...pods];
}

/** The finding's time range, made finite and non-empty (evidence times when the stated range is unusable). */
export function findingRange(trace: Trace, finding: Finding): { startUs: number; endUs: number } {
  let { startUs, endUs } = finding;
  if (!Number.isFinite(startUs) || !Number.isFinite(endUs) || endUs < startUs) {
    const times = finding.evidence.filter((e) => e >= 0 && e < trace.events.count).map((e) => trace.events.timeUs[e]);
    startUs = times.length ? Math.min(...times) : trace.startUs;
    endUs = times.length ? Math.max(...times) : trace.endUs;
  }
  return { startUs, endUs };
}

export const createFindingsSlice: StateCreator<AppState, [], [], FindingsSlice> = (set, get) => ({
  activeFinding: -1,
  findingsPanel: 'findings',
  findingFocusNonce: 0,

  focusFinding(index) {
    const trace = get().loaded?.trace;
    const finding = trace?.findings[index];
    if (!trace || !finding) return;
    for (const pod of findingPods(trace, finding)) get().expandGroup(`pod:${trace.pods[pod].uid}`);
    const { startUs, endUs } = findingRange(trace, finding);
    get().zoomToRange(startUs, endUs);
    set({ activeFinding: index, findingFocusNonce: get().findingFocusNonce + 1, findingsPanel: 'findings' });
  },

  clearFinding: () => set({ activeFinding: -1 }),

  stepFinding(direction) {
    const trace = get().loaded?.trace;
    if (!trace || trace.findings.length === 0) return;
    const order = findingOrder(trace);
    const at = order.indexOf(get().activeFinding);
    const next = at < 0 ? (direction > 0 ? 0 : order.length - 1) : (at + direction + order.length) % order.length;
    get().focusFinding(order[next]);
  },

  setFindingsPanel: (findingsPanel) => set({ findingsPanel }),
});
