/**
 * Named selector hooks: components ask for what they need by name and never see the store's shape. Derived data
 * comes from the memoised selectors, so these return stable references until their inputs change.
 */
import type { Trace } from '../../model/trace.ts';
import type { EventVisibility } from '../../store/event-filter.ts';
import {
  selectCausal, selectLaneGroups, selectRowLayout, selectTrace, selectVisibility,
} from '../../store/selectors.ts';
import type { CausalSet } from '../../store/causal.ts';
import type { LaneGroups, RowLayout } from '../../render/row-layout.ts';
import type { Filters, LoadStatus, Selection, Viewport } from '../../store/types.ts';
import { useAppStore } from './StoreContext.tsx';

export const useTrace = (): Trace | undefined => useAppStore(selectTrace);
export const useTraceTitle = (): string => useAppStore((s) => s.loaded?.title ?? '');
export const useLoadStatus = (): LoadStatus => useAppStore((s) => s.load);
export const useSelection = (): Selection => useAppStore((s) => s.selection);
export const useFilters = (): Filters => useAppStore((s) => s.filters);
export const useVisibility = (): EventVisibility | undefined => useAppStore(selectVisibility);
/** How far the text filter's running pass is (0–1), or undefined when none runs. */
export const useTextMatchProgress = (): number | undefined => useAppStore((s) => s.textMatchProgress);
export const useRowLayout = (): RowLayout | undefined => useAppStore(selectRowLayout);
export const useLaneGroups = (): LaneGroups | undefined => useAppStore(selectLaneGroups);
export const useCausal = (): CausalSet | undefined => useAppStore(selectCausal);
export const useViewport = (): Viewport => useAppStore((s) => s.viewport);
export const useScrollTop = (): number => useAppStore((s) => s.scrollTopPx);
