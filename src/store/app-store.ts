/**
 * The one store of the app: a zustand vanilla store composed of slices. It is created in main.tsx (never a module
 * singleton) with its dependencies injected, so tests can build one with a fake ingest client.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Trace } from '../model/trace.ts';
import { createFilterSlice, type FilterSlice } from './filter-slice.ts';
import { createFindingsSlice, type FindingsSlice } from './findings-slice.ts';
import { createLayoutSlice, type LayoutSlice } from './layout-slice.ts';
import { createLoadSlice, type LoadDeps, type LoadSlice } from './load-slice.ts';
import { createNotesSlice, type NotesSlice } from './notes-slice.ts';
import { createSelectionSlice, type SelectionSlice } from './selection-slice.ts';
import { createShareSlice, type ShareSlice } from './share-slice.ts';
import { createSimSlice, type SimDeps, type SimSlice } from './sim-slice.ts';
import type { SimRunner } from '../worker/sim-run.ts';
import { createViewSlice, type ViewSlice } from './view-slice.ts';
import { DEFAULT_FILTERS } from './event-filter.ts';
import { runTextMatches, type TaskScheduler } from './text-match-runner.ts';

export interface TraceResetSlice {
  /** Puts view, selection, filters and layout back to their defaults for a newly loaded trace. */
  resetForTrace(trace: Trace): void;
}

export type AppState = LoadSlice & ViewSlice & SelectionSlice & FilterSlice & LayoutSlice & TraceResetSlice
  & FindingsSlice & NotesSlice & ShareSlice & SimSlice;
export type AppStore = StoreApi<AppState>;
/**
 * The simulation runner defaults to running on the calling thread (tests); the app passes the worker's. Tests may
 * pass the scheduler and the slice length of the text filter's passes (text-match-runner.ts) to step through them.
 */
export type AppDeps = LoadDeps & Partial<SimDeps> & { scheduleTask?: TaskScheduler; textMatchSliceMs?: number };

/** Runs simulations on this thread, loaded on first use (tests; the app passes the worker's runner). */
const inThreadSimRunner: SimRunner = {
  run: (params) => import('../worker/sim-run.ts').then((m) => m.runFullSimulation(params)),
};

export function createAppStore(deps: AppDeps): AppStore {
  const store = createStore<AppState>()((...a) => ({
    ...createLoadSlice(deps)(...a),
    ...createViewSlice(...a),
    ...createSelectionSlice(...a),
    ...createFilterSlice(...a),
    ...createLayoutSlice(...a),
    ...createFindingsSlice(...a),
    ...createNotesSlice(...a),
    ...createShareSlice(...a),
    ...createSimSlice({ simRunner: deps.simRunner ?? inThreadSimRunner })(...a),
    resetForTrace(trace) {
      const [set, get] = a;
      set({ selection: { kind: 'none' }, filters: { ...DEFAULT_FILTERS, logFollowsWindow: get().filters.logFollowsWindow }, collapsed: {}, logSource: 0, sourcesOpen: false });
      set({ activeFinding: -1, notes: [], noteEditor: undefined, shareOpen: false });
      get().resetView(trace);
    },
  }));
  runTextMatches(store, deps.scheduleTask, deps.textMatchSliceMs);
  return store;
}
