/**
 * Vertical layout of the timeline in CSS px: which rows exist (group headers and lanes, after collapsing and
 * filtering), their heights and their y positions. Lane headers (DOM) and the canvas both read this one layout,
 * so they cannot drift apart.
 *
 *   ┌ pinned rows (y from 0)            ┐ always visible (the sync loop)
 *   ├ scrolled rows (y from 0, minus scrollTop) ┤ everything else
 */
import type { LaneKind, Trace } from '../model/trace.ts';

/** Lanes kept in view above the scrolling lanes. */
export const PINNED_LANE_KINDS: ReadonlySet<LaneKind> = new Set<LaneKind>(['sync-loop']);

export interface LaneGroup {
  /** `node:<index>` or `pod:<uid>`; the key for collapsed state. */
  id: string;
  kind: 'node' | 'pod';
  node: number;
  /** Pod index, -1 for a node group. */
  pod: number;
  title: string;
  lanes: readonly number[];
}

export interface LaneGroups {
  nodes: readonly LaneGroup[];
  /** Indexed by pod. */
  pods: readonly LaneGroup[];
}

/** Sub-row of each container instance within its lane, and the sub-row count of each lane (see assignSubRows). */
export interface SubRows {
  containerRow: Int32Array;
  laneRows: Uint8Array;
}

/** What the filters mean for the layout (the store derives it from its Filters). */
export interface RowFilter {
  laneKinds: readonly string[];
  containers: readonly string[];
  pods: readonly number[];
  namespaces: readonly string[];
  /** Some event filter is active: lanes without visible events (and without state bands) are dropped. */
  eventsFiltered: boolean;
  /** An event filter that selects pods (text, severity, pod, namespace, container): pods without visible events are dropped. */
  narrowsPods: boolean;
  podVisible: Uint32Array;
  laneVisible: Uint32Array;
}

export const GROUP_ROW_PX = 24;
export const LANE_ROW_PX = 22;
export const SUB_ROW_PX = 16;

export interface GroupRow {
  kind: 'group';
  group: LaneGroup;
  yPx: number;
  heightPx: number;
  collapsed: boolean;
  /** Lanes shown when expanded (after filters). */
  laneCount: number;
}

export interface LaneRow {
  kind: 'lane';
  lane: number;
  group: LaneGroup;
  yPx: number;
  heightPx: number;
  subRows: number;
  pinned: boolean;
}

export type Row = GroupRow | LaneRow;

export interface RowLayout {
  pinned: readonly LaneRow[];
  pinnedHeightPx: number;
  rows: readonly Row[];
  contentHeightPx: number;
  /** Lane → index in `rows` (-1 if not a scrolled row). */
  rowOfLane: Int32Array;
  /** Lane → index in `pinned` (-1 if not pinned). */
  pinnedOfLane: Int32Array;
  /** Pod → index of its group row in `rows` (-1 if the pod is hidden). */
  groupRowOfPod: Int32Array;
  /** Pods shown, in order. */
  shownPods: readonly number[];
}

export interface LayoutInput {
  trace: Trace;
  groups: LaneGroups;
  podOrder: readonly number[];
  collapsed: Readonly<Record<string, boolean>>;
  filter: RowFilter;
  subRows: SubRows;
}

export function laneHasSpans(trace: Trace, lane: number): boolean {
  return trace.laneSpanStart[lane + 1] > trace.laneSpanStart[lane];
}

export function laneHasEvents(trace: Trace, lane: number): boolean {
  return trace.laneEventStart[lane + 1] > trace.laneEventStart[lane];
}

/** Height of the strip of event marks under the bands of a lane that has both. */
const MARK_STRIP_PX = 10;

function laneHeight(trace: Trace, lane: number, subRows: SubRows): number {
  const rows = subRows.laneRows[lane];
  const spans = laneHasSpans(trace, lane);
  if (spans && laneHasEvents(trace, lane)) return 3 + rows * SUB_ROW_PX + 1 + MARK_STRIP_PX + 3;
  if (spans && rows > 1) return 6 + rows * SUB_ROW_PX;
  return LANE_ROW_PX;
}

/** Where a lane's state band (sub-row `subRow`) sits, as offsets from the row's top. */
export function bandBox(trace: Trace, row: LaneRow, subRow: number): { topPx: number; heightPx: number } {
  if (row.subRows > 1 || laneHasEvents(trace, row.lane)) return { topPx: 3 + subRow * SUB_ROW_PX, heightPx: SUB_ROW_PX - 2 };
  return { topPx: 3, heightPx: row.heightPx - 6 };
}

/** Where a lane's event marks sit, as offsets from the row's top: under the bands, or centred when there are none. */
export function markBox(trace: Trace, row: LaneRow): { topPx: number; heightPx: number } {
  if (laneHasSpans(trace, row.lane)) return { topPx: 3 + row.subRows * SUB_ROW_PX + 1, heightPx: MARK_STRIP_PX };
  return { topPx: 4, heightPx: row.heightPx - 8 };
}

export function layoutRows(input: LayoutInput): RowLayout {
  const { trace, groups, filter, subRows } = input;
  const kinds = new Set(filter.laneKinds);
  const containers = new Set(filter.containers);

  const laneShown = (lane: number): boolean => {
    const info = trace.lanes[lane];
    if (kinds.size && !kinds.has(info.kind)) return false;
    if (containers.size && info.containerName && !containers.has(info.containerName)) return false;
    if (filter.eventsFiltered && filter.laneVisible[lane] === 0 && !laneHasSpans(trace, lane)) return false;
    return true;
  };

  const pinned: LaneRow[] = [];
  const rows: Row[] = [];
  const rowOfLane = new Int32Array(trace.lanes.length).fill(-1);
  const pinnedOfLane = new Int32Array(trace.lanes.length).fill(-1);
  const groupRowOfPod = new Int32Array(trace.pods.length).fill(-1);
  const shownPods: number[] = [];
  let pinnedY = 0;
  let y = 0;

  const addGroup = (group: LaneGroup, lanes: number[]) => {
    const collapsed = input.collapsed[group.id] ?? false;
    if (group.pod >= 0) groupRowOfPod[group.pod] = rows.length;
    rows.push({ kind: 'group', group, yPx: y, heightPx: GROUP_ROW_PX, collapsed, laneCount: lanes.length });
    y += GROUP_ROW_PX;
    if (collapsed) return;
    for (const lane of lanes) {
      const heightPx = laneHeight(trace, lane, subRows);
      rowOfLane[lane] = rows.length;
      rows.push({ kind: 'lane', lane, group, yPx: y, heightPx, subRows: subRows.laneRows[lane], pinned: false });
      y += heightPx;
    }
  };

  for (const group of groups.nodes) {
    const lanes: number[] = [];
    for (const lane of group.lanes) {
      if (!laneShown(lane)) continue;
      if (PINNED_LANE_KINDS.has(trace.lanes[lane].kind)) {
        const heightPx = laneHeight(trace, lane, subRows);
        pinnedOfLane[lane] = pinned.length;
        pinned.push({ kind: 'lane', lane, group, yPx: pinnedY, heightPx, subRows: subRows.laneRows[lane], pinned: true });
        pinnedY += heightPx;
      } else lanes.push(lane);
    }
    if (lanes.length) addGroup(group, lanes);
  }

  const podFilter = new Set(filter.pods);
  const nsFilter = new Set(filter.namespaces);
  for (const p of input.podOrder) {
    const pod = trace.pods[p];
    if (podFilter.size && !podFilter.has(p)) continue;
    if (nsFilter.size && !nsFilter.has(pod.namespace)) continue;
    if (filter.narrowsPods && filter.podVisible[p] === 0) continue;
    const lanes = groups.pods[p].lanes.filter(laneShown);
    // Hidden when the lane filters hide all its lanes; a pod with none to draw (only node lines name it) keeps its
    // header while no lane filter is set.
    if (!lanes.length && (groups.pods[p].lanes.length || kinds.size || containers.size)) continue;
    shownPods.push(p);
    addGroup(groups.pods[p], lanes);
  }
  return { pinned, pinnedHeightPx: pinnedY, rows, contentHeightPx: y, rowOfLane, pinnedOfLane, groupRowOfPod, shownPods };
}

/** Index of the scrolled row at content y (binary search), or -1. */
export function rowAtY(layout: RowLayout, contentYPx: number): number {
  const rows = layout.rows;
  let lo = 0;
  let hi = rows.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = rows[mid];
    if (contentYPx < r.yPx) hi = mid - 1;
    else if (contentYPx >= r.yPx + r.heightPx) lo = mid + 1;
    else return mid;
  }
  return -1;
}
