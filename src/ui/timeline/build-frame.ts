/** Assembles the FrameContext for one draw from the store's current state (all derived parts are memoised). */
import type { AppState } from '../../store/app-store.ts';
import {
  selectLaneEventIndex, selectRowLayout, selectSpanEndPrefix, selectSubRows, selectTrace,
} from '../../store/selectors.ts';
import type { FrameContext } from '../../render/frame.ts';
import type { Theme } from '../../render/theme.ts';
import { TimeScale } from '../../render/time-scale.ts';

/** Items closer than this merge into level-of-detail blocks. */
export const MIN_GAP_PX = 3;

export function buildFrame(state: AppState, widthPx: number, heightPx: number, theme: Theme): FrameContext | undefined {
  const trace = selectTrace(state);
  const layout = selectRowLayout(state);
  const events = selectLaneEventIndex(state);
  const spanEndPrefix = selectSpanEndPrefix(state);
  const subRows = selectSubRows(state);
  if (!trace || !layout || !events || !spanEndPrefix || !subRows || widthPx <= 0 || heightPx <= 0) return undefined;
  const scale = new TimeScale(state.viewport.startUs, state.viewport.endUs, widthPx);
  return {
    trace, scale, widthPx, heightPx, layout, scrollTopPx: state.scrollTopPx, events, spanEndPrefix, subRows, theme,
    minGapPx: MIN_GAP_PX,
  };
}

/** Approximate number of axis ticks for a width. */
export function tickCount(widthPx: number): number {
  return Math.max(2, Math.floor(widthPx / 120));
}
