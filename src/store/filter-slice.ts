/** The filters (they hide events and lanes; see event-filter.ts for what each one means). */
import type { StateCreator } from 'zustand/vanilla';
import type { AppState } from './app-store.ts';
import { DEFAULT_FILTERS } from './event-filter.ts';
import type { AppliedTextMatch } from './text-match-runner.ts';
import type { Filters } from './types.ts';

/** The severity filter's choices (minimum severity: 1 = warning, 2 = error), in the order the key cycles them. */
export const MIN_SEVERITY_OPTIONS: readonly { value: number; label: string }[] = [
  { value: 0, label: 'all' },
  { value: 1, label: 'warnings and errors' },
  { value: 2, label: 'errors only' },
];

export interface FilterSlice {
  filters: Filters;
  /** The last finished pass of the text filter (text-match-runner.ts keeps it in step with `filters`). */
  textMatch: AppliedTextMatch | undefined;
  /** How far the running pass is (0–1), while one runs over more than one slice. */
  textMatchProgress: number | undefined;
  setFilters(patch: Partial<Filters>): void;
  clearFilters(): void;
}

export const createFilterSlice: StateCreator<AppState, [], [], FilterSlice> = (set, get) => ({
  filters: DEFAULT_FILTERS,
  textMatch: undefined,
  textMatchProgress: undefined,
  setFilters: (patch) => set({ filters: { ...get().filters, ...patch } }),
  clearFilters: () => set({ filters: { ...DEFAULT_FILTERS, logFollowsWindow: get().filters.logFollowsWindow } }),
});
