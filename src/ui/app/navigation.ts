/**
 * Navigation commands shared by the keyboard and the buttons: step through events, pods, zoom to the selection.
 * Each reads the store, decides, and calls store actions.
 */
import type { AppStore } from '../../store/app-store.ts';
import { selectCausal, selectRowLayout, selectVisibility } from '../../store/selectors.ts';

/** Selects the next (+1) or previous (-1) visible event after the selection, or from the window's centre. */
export function stepEvent(store: AppStore, direction: 1 | -1): void {
  const s = store.getState();
  const trace = s.loaded?.trace;
  if (!trace || trace.events.count === 0) return;
  const mask = selectVisibility(s)?.mask;
  const times = trace.events.timeUs;
  let e: number;
  if (s.selection.kind === 'event') e = s.selection.event + direction;
  else {
    const centre = (s.viewport.startUs + s.viewport.endUs) / 2;
    let lo = 0;
    let hi = trace.events.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (times[mid] < centre) lo = mid + 1; else hi = mid;
    }
    e = direction > 0 ? lo : lo - 1;
  }
  while (e >= 0 && e < trace.events.count && mask && mask[e] !== 1) e += direction;
  if (e >= 0 && e < trace.events.count) s.selectEventAndReveal(e);
}

/** Selects the next (+1) or previous (-1) pod in display order. */
export function stepPod(store: AppStore, direction: 1 | -1): void {
  const s = store.getState();
  const trace = s.loaded?.trace;
  const layout = selectRowLayout(s);
  if (!trace || !layout || !layout.shownPods.length) return;
  const current = s.selection.kind === 'pod' ? s.selection.pod
    : s.selection.kind === 'event' ? trace.events.pod[s.selection.event] : -1;
  const at = layout.shownPods.indexOf(current);
  const next = at < 0 ? (direction > 0 ? 0 : layout.shownPods.length - 1) : at + direction;
  if (next < 0 || next >= layout.shownPods.length) return;
  s.select({ kind: 'pod', pod: layout.shownPods[next] });
  s.requestReveal();
}

/** The time range of the selection (an event with its causal neighbours, a band, a pod, a range). */
export function selectionRange(store: AppStore): { startUs: number; endUs: number } | undefined {
  const s = store.getState();
  const trace = s.loaded?.trace;
  if (!trace) return undefined;
  const sel = s.selection;
  switch (sel.kind) {
    case 'event': {
      let a = trace.events.timeUs[sel.event];
      let b = a;
      for (const e of selectCausal(s)?.events ?? []) {
        a = Math.min(a, trace.events.timeUs[e]);
        b = Math.max(b, trace.events.timeUs[e]);
      }
      return { startUs: a, endUs: b };
    }
    case 'span': return { startUs: trace.spans.startUs[sel.span], endUs: trace.spans.endUs[sel.span] };
    case 'pod': return { startUs: trace.pods[sel.pod].firstUs, endUs: trace.pods[sel.pod].lastUs };
    case 'range': return { startUs: sel.startUs, endUs: sel.endUs };
    case 'none': return undefined;
  }
}

export function zoomToSelection(store: AppStore): void {
  const r = selectionRange(store);
  if (r) store.getState().zoomToRange(r.startUs, r.endUs);
}

/** Sets the relative-time origin at the selection's start. */
export function originAtSelection(store: AppStore): void {
  const r = selectionRange(store);
  if (r) store.getState().setOrigin(r.startUs);
}

/** The pod the selection belongs to: a selected pod, an event's pod, a band's pod; -1 for none. */
export function selectedPod(store: AppStore): number {
  const s = store.getState();
  const trace = s.loaded?.trace;
  if (!trace) return -1;
  switch (s.selection.kind) {
    case 'pod': return s.selection.pod;
    case 'event': return trace.events.pod[s.selection.event];
    case 'span': return trace.lanes[trace.spans.lane[s.selection.span]]?.pod ?? -1;
    default: return -1;
  }
}

/** Filters to the selection's pod (hiding the others), or removes that pod from the filter if it is in it. */
export function toggleOnlySelectedPod(store: AppStore): void {
  const pod = selectedPod(store);
  if (pod < 0) return;
  const s = store.getState();
  const pods = s.filters.pods;
  s.setFilters({ pods: pods.includes(pod) ? pods.filter((p) => p !== pod) : [...pods, pod] });
}
