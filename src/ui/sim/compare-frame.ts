/**
 * The drawing context of the compared run: the same lane groups, layout and indices the main timeline derives
 * through the store's selectors, built here from the compared run's trace directly (it is not the loaded trace,
 * and the selectors memoise per loaded trace). Pods sort and collapse as in the main timeline, so the two line up.
 */
import type { Trace } from '../../model/trace.ts';
import type { FrameContext } from '../../render/frame.ts';
import { buildLaneEventIndex, buildSpanEndPrefix } from '../../render/lane-index.ts';
import { layoutRows, type RowLayout } from '../../render/row-layout.ts';
import type { Theme } from '../../render/theme.ts';
import { TimeScale } from '../../render/time-scale.ts';
import { computeVisibility, DEFAULT_FILTERS } from '../../store/event-filter.ts';
import { assignSubRows, buildLaneGroups, sortPods } from '../../store/lane-groups.ts';
import type { PodSort, Viewport } from '../../store/types.ts';
import { MIN_GAP_PX } from '../timeline/build-frame.ts';

export interface CompareModel {
  trace: Trace;
  layout: RowLayout;
  frameParts: Pick<FrameContext, 'trace' | 'layout' | 'events' | 'spanEndPrefix' | 'subRows'>;
}

export function compareModel(trace: Trace, podSort: PodSort, collapsed: Readonly<Record<string, boolean>>): CompareModel {
  const visibility = computeVisibility(trace, DEFAULT_FILTERS);
  const subRows = assignSubRows(trace);
  const layout = layoutRows({
    trace, groups: buildLaneGroups(trace), podOrder: sortPods(trace, podSort), collapsed, subRows,
    filter: {
      laneKinds: [], containers: [], pods: [], namespaces: [], eventsFiltered: false, narrowsPods: false,
      podVisible: visibility.podVisible, laneVisible: visibility.laneVisible,
    },
  });
  return {
    trace, layout,
    frameParts: { trace, layout, subRows, events: buildLaneEventIndex(trace, undefined), spanEndPrefix: buildSpanEndPrefix(trace) },
  };
}

export function compareFrame(model: CompareModel, viewport: Viewport, widthPx: number, heightPx: number, scrollTopPx: number, theme: Theme): FrameContext {
  return {
    ...model.frameParts, scale: new TimeScale(viewport.startUs, viewport.endUs, widthPx), widthPx, heightPx, scrollTopPx, theme,
    minGapPx: MIN_GAP_PX,
  };
}
