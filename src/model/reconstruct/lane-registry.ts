/**
 * The lanes of the trace, created on first use: one per node-level goroutine, and per pod its worker, probe workers,
 * container and sandbox instances, readiness and API status. A lane's id names what it shows (`n0/pleg`,
 * `pod:<uid>/probe::readiness`), so asking again for the same thing gives the same lane; the main pass asks by
 * number (nodeLane, podLane), and the answer is remembered so that the id string is only built the first time.
 */
import { LANE_KIND_LIST } from '../collector.ts';
import type { StringTable } from '../../util/string-table.ts';
import { LANE_TITLES, type LaneInfo, type LaneKind, type NodeInfo, type PodInfo } from '../trace.ts';

/** Probe types by the number the collector stores (0 = the line does not say). */
export { PROBE_TYPES } from '../record-memo.ts';
import { PROBE_TYPES } from '../record-memo.ts';

const LANE_KIND_CODE = new Map(LANE_KIND_LIST.map((k, i) => [k, i]));
/** Lane kind codes (index in LANE_KIND_LIST) the main pass tests for every event. */
export const POD_WORKER_LANE = LANE_KIND_CODE.get('pod-worker')!;
export const PROBE_LANE = LANE_KIND_CODE.get('probe')!;
export const OTHER_LANE = LANE_KIND_CODE.get('other')!;

export class LaneRegistry {
  readonly lanes: LaneInfo[] = [];
  private readonly laneIds = new Map<string, number>();
  /** Per node, lane kind code → lane. */
  private readonly nodeLaneByKind: number[][] = [];
  /** Per pod, (container name, probe type, lane kind code) as one number → lane. */
  private readonly podLaneByKey: (Map<number, number> | undefined)[] = [];

  constructor(private readonly pods: readonly PodInfo[], private readonly nodes: readonly NodeInfo[], private readonly strings: StringTable) {}

  /** The lane for `kind` on a node (pod < 0) or of a pod; adds it to its node's or pod's lane list when new. */
  lane(kind: LaneKind, node: number, pod: number, containerName = '', probeType = ''): number {
    const pods = this.pods;
    const id = pod >= 0
      ? `pod:${pods[pod].uid || `${pods[pod].namespace}/${pods[pod].name}`}/${kind}${containerName || probeType ? `:${containerName}${probeType ? `:${probeType}` : ''}` : ''}`
      : `n${node}/${kind}`;
    let li = this.laneIds.get(id);
    if (li === undefined) {
      li = this.lanes.length;
      this.lanes.push({ index: li, id, kind, node, pod, containerName, probeType, title: laneTitle(kind, containerName, probeType) });
      this.laneIds.set(id, li);
      if (pod >= 0) pods[pod].lanes.push(li);
      else this.nodes[node].lanes.push(li);
    }
    return li;
  }

  /** `code` is the lane kind's index in LANE_KIND_LIST. */
  nodeLane(code: number, node: number): number {
    const row = this.nodeLaneByKind[node] ?? (this.nodeLaneByKind[node] = []);
    return row[code] ?? (row[code] = this.lane(LANE_KIND_LIST[code], node, -1));
  }

  /** `code` as for nodeLane, `cname` a string id, `probeType` an index into PROBE_TYPES. */
  podLane(code: number, node: number, pod: number, cname: number, probeType: number): number {
    const memo = this.podLaneByKey[pod] ?? (this.podLaneByKey[pod] = new Map());
    const key = (cname * 4 + probeType) * 32 + code;
    let li = memo.get(key);
    if (li === undefined) {
      li = this.lane(LANE_KIND_LIST[code], node, pod, cname ? this.strings.get(cname) : '', PROBE_TYPES[probeType]);
      memo.set(key, li);
    }
    return li;
  }
}

function laneTitle(kind: LaneKind, containerName: string, probeType: string): string {
  if (kind === 'container' && containerName.startsWith('?')) return `unidentified ID ${containerName.slice(1)}`;
  if (kind === 'container' || kind === 'sandbox') return `${LANE_TITLES[kind]} ${containerName}`.trim();
  if (kind === 'probe') return `${probeType ? `${probeType} ` : ''}probe${containerName ? ` ${containerName}` : ''}`;
  return LANE_TITLES[kind];
}
