/**
 * How lanes are grouped and ordered for display: one group per node (its goroutines, sync loop first), then one
 * group per pod. Pure functions of the Trace; the selectors memoise them.
 */
import { nodeTitle, podLabel } from '../model/trace-query.ts';
import type { LaneKind, Trace } from '../model/trace.ts';
import type { LaneGroup, LaneGroups, SubRows } from '../render/row-layout.ts';
import type { PodSort } from './types.ts';

/** Node goroutines in reading order: the dispatcher first, then what feeds it, then the periodic loops. */
export const NODE_LANE_DISPLAY_ORDER: readonly LaneKind[] = [
  'sync-loop', 'pleg', 'housekeeping', 'status-manager', 'runtime', 'node-status', 'gc', 'eviction', 'config',
  'volume', 'events', 'other',
];

export function buildLaneGroups(trace: Trace): LaneGroups {
  const rank = (k: LaneKind) => {
    const i = NODE_LANE_DISPLAY_ORDER.indexOf(k);
    return i < 0 ? NODE_LANE_DISPLAY_ORDER.length : i;
  };
  const nodes = trace.nodes.map((n): LaneGroup => ({
    id: `node:${n.index}`, kind: 'node', node: n.index, pod: -1,
    title: `kubelet goroutines · ${nodeTitle(n.name)}`,
    lanes: [...n.lanes].sort((a, b) => rank(trace.lanes[a].kind) - rank(trace.lanes[b].kind) || a - b),
  }));
  // A pod's lane with neither a line nor a state band says nothing (the pod worker of a pod an eviction only ranked).
  const eventsPerLane = new Uint32Array(trace.lanes.length);
  for (let i = 0; i < trace.events.count; i++) eventsPerLane[trace.events.lane[i]]++;
  const shows = (li: number) => eventsPerLane[li] > 0 || trace.laneSpanStart[li + 1] > trace.laneSpanStart[li];
  const pods = trace.pods.map((p): LaneGroup => ({
    id: `pod:${p.uid}`, kind: 'pod', node: p.node, pod: p.index, title: podLabel(p), lanes: p.lanes.filter(shows),
  }));
  return { nodes, pods };
}

/** Pod indices in the chosen order. Ties fall back to the name so the order is stable. */
export function sortPods(trace: Trace, sort: PodSort): number[] {
  const labels = trace.pods.map(podLabel);
  const byName = (a: number, b: number) => (labels[a] < labels[b] ? -1 : labels[a] > labels[b] ? 1 : a - b);
  const order = trace.pods.map((p) => p.index);
  switch (sort) {
    case 'name': return order.sort(byName);
    case 'first-activity': return order.sort((a, b) => trace.pods[a].firstUs - trace.pods[b].firstUs || byName(a, b));
    case 'problems': {
      // Errors first, then warnings; among equals the busier pod (more to read) comes first.
      const p = trace.pods;
      return order.sort((a, b) => p[b].errorCount - p[a].errorCount || p[b].warningCount - p[a].warningCount ||
        p[b].eventCount - p[a].eventCount || byName(a, b));
    }
  }
}

/**
 * Container instances of one name can overlap in time (a new one starts before the old one is removed). Each gets a
 * sub-row in its lane, first fit by start time. Returns the sub-row per container and the sub-row count per lane.
 */
export function assignSubRows(trace: Trace): SubRows {
  const sp = trace.spans;
  const nC = trace.containers.length;
  const firstUs = new Float64Array(nC).fill(Infinity);
  const lastUs = new Float64Array(nC).fill(-Infinity);
  for (let s = 0; s < sp.count; s++) {
    const c = sp.container[s];
    if (c < 0) continue;
    firstUs[c] = Math.min(firstUs[c], sp.startUs[s]);
    lastUs[c] = Math.max(lastUs[c], sp.endUs[s]);
  }
  const containerRow = new Int32Array(nC);
  const laneRows = new Uint8Array(trace.lanes.length).fill(1);
  const byLane = new Map<number, number[]>();
  for (const c of trace.containers) {
    if (!Number.isFinite(firstUs[c.index])) continue;
    const list = byLane.get(c.lane) ?? [];
    list.push(c.index);
    byLane.set(c.lane, list);
  }
  const MAX_ROWS = 8;
  for (const [lane, list] of byLane) {
    list.sort((a, b) => firstUs[a] - firstUs[b]);
    const rowEnds: number[] = [];
    for (const c of list) {
      let r = rowEnds.findIndex((end) => end <= firstUs[c]);
      if (r < 0) r = rowEnds.length < MAX_ROWS ? rowEnds.length : rowEnds.length - 1;
      rowEnds[r] = Math.max(rowEnds[r] ?? -Infinity, lastUs[c]);
      containerRow[c] = r;
    }
    laneRows[lane] = Math.max(1, rowEnds.length);
  }
  return { containerRow, laneRows };
}
