/** What the user has selected (committed on click; hover stays in the canvas) and how far its causal chain opens. */
import type { StateCreator } from 'zustand/vanilla';
import type { AppState } from './app-store.ts';
import type { Selection } from './types.ts';

export interface SelectionSlice {
  selection: Selection;
  /** Causal links shown around a selected event: 1 hop, or the whole chain. */
  chainHops: 1 | 'all';
  select(selection: Selection): void;
  /**
   * Selects an event and brings it into view: reveals its lane, and moves the timeline so the event is inside the
   * window (`centre`: exactly in the middle, as when a log line is clicked).
   */
  selectEventAndReveal(event: number, centre?: boolean): void;
  clearSelection(): void;
  setChainHops(hops: 1 | 'all'): void;
}

export const createSelectionSlice: StateCreator<AppState, [], [], SelectionSlice> = (set, get) => ({
  selection: { kind: 'none' },
  chainHops: 1,
  select: (selection) => set({ selection }),
  selectEventAndReveal(event, centre = false) {
    const trace = get().loaded?.trace;
    if (!trace || event < 0 || event >= trace.events.count) return;
    set({ selection: { kind: 'event', event } });
    const pod = trace.events.pod[event];
    if (pod >= 0) get().expandGroup(`pod:${trace.pods[pod].uid}`);
    const { startUs, endUs } = get().viewport;
    const t = trace.events.timeUs[event];
    const margin = (endUs - startUs) * 0.05;
    if (centre || t < startUs + margin || t > endUs - margin) get().centreOn(t);
    get().requestReveal();
  },
  clearSelection: () => set({ selection: { kind: 'none' } }),
  setChainHops: (chainHops) => set({ chainHops }),
});
