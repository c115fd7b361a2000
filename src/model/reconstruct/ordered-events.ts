/**
 * Reconstruct's first step: the collected columns put in time order (ties keep source, then line order — the
 * collection order), with final pod ids, a node id per event, and the pods a multi-pod line lists re-indexed to the
 * new order. Everything here is a pass over typed columns; nothing is decided about states yet.
 */
import { NAMES_OWN_NODE } from '../../catalog/catalog.ts';
import type { Collected } from '../collector.ts';
import { ASSUMED_NODE_NAME } from '../source-segment.ts';
import { movedIndices, permuteF64, type Column, permuteI32, permuteInPlace, permuteU16, permuteU32, permuteU8, timeOrder, unmovedStretches } from '../event-order.ts';
import type { EventTable, NodeInfo, PodInfo } from '../trace.ts';
import { releaseColumn } from '../../util/columns.ts';

/** Gives back a collected column's memory now, if the collector was asked to (CollectOptions.releaseColumnsEarly). */
function release(c: Collected, col: ArrayBufferView): void {
  if (c.releaseEarly) releaseColumn(col);
}

/** The Trace's event columns plus the lane kind code the collector gave each event (an index into LANE_KIND_LIST). */
export type OrderedEventTable = EventTable & { laneKind: Uint8Array };

export interface OrderedEvents {
  events: OrderedEventTable;
  /** String id of the sandbox ID the line mentions (0 = none), in time order; the Trace does not keep it. */
  sandboxIdCol: Int32Array;
  /** Probe type the line states (an index into PROBE_TYPES, 0 = none), in time order. */
  probeTypeCol: Uint8Array;
  pods: PodInfo[];
  nodes: NodeInfo[];
  /** Pods listed by a multi-pod line: event index → pod indices (Trace.multiPod). */
  multiPod: Record<number, number[]>;
  /** 1 where multiPod has an entry: a flag is cheaper to test for every event than a sparse object. */
  isMultiPod: Uint8Array;
}

export function orderEvents(c: Collected): OrderedEvents {
  const n = c.count;
  const order = timeOrder(c.time.subarray(0, n));
  const unmoved = unmovedStretches(order);
  releaseCollectorColumns(c);
  const events = permute(c, order, unmoved);

  const { map: podMap, pods } = c.pods.finish();
  const podCol = events.pod;
  for (let i = 0; i < n; i++) {
    const p = podCol[i];
    podCol[i] = p >= 0 ? podMap[p] : -1;
  }
  const { multiPod, isMultiPod } = multiPodInOrder(c, order, podMap);
  const nodes = assignNodes(c, order, events);
  release(c, c.source);
  release(c, c.nodeName);
  c.source = new Uint16Array(0);
  c.nodeName = new Int32Array(0);
  // Pods get the node of their first event in the main pass.
  for (const p of pods) p.node = -1;
  const sandboxIdCol = permuteI32(c.sid.subarray(0, n), order, unmoved);
  const probeTypeCol = permuteU8(c.probe.subarray(0, n), order, unmoved);
  release(c, c.sid);
  release(c, c.probe);
  c.sid = new Int32Array(0);
  c.probe = new Uint8Array(0);
  return { events, pods, nodes, multiPod, isMultiPod, sandboxIdCol, probeTypeCol };
}

function multiPodInOrder(c: Collected, order: Uint32Array, podMap: Int32Array): Pick<OrderedEvents, 'multiPod' | 'isMultiPod'> {
  const n = order.length;
  const inverse = new Uint32Array(n);
  for (let i = 0; i < n; i++) inverse[order[i]] = i;
  const multiPod: Record<number, number[]> = {};
  const isMultiPod = new Uint8Array(n);
  for (const [collectedIdx, ids] of c.multiPod) {
    const mapped = [...new Set(ids.map((id) => podMap[id]).filter((x) => x >= 0))];
    if (mapped.length) {
      multiPod[inverse[collectedIdx]] = mapped;
      isMultiPod[inverse[collectedIdx]] = 1;
    }
  }
  return { multiPod, isMultiPod };
}

/** Fills the node column (the node a line names, else its source's default node) and lists the nodes seen. */
function assignNodes(c: Collected, order: Uint32Array, events: OrderedEventTable): NodeInfo[] {
  const n = order.length;
  const strings = c.strings;
  const nodeNames: string[] = [];
  const nodeIndex = new Map<string, number>();
  const nodeOf = (name: string) => {
    let i = nodeIndex.get(name);
    if (i === undefined) { i = nodeNames.length; nodeNames.push(name); nodeIndex.set(name, i); }
    return i;
  };
  nameAssumedNodes(c, events);
  const sourceDefaultNode = c.sources.map((s) => nodeOf(s.node));
  const nodeNameCol = c.nodeName.subarray(0, n);
  const nodeCol = events.node;
  const sourceCol = events.source;
  for (let i = 0; i < n; i++) {
    const nameId = nodeNameCol[order[i]];
    nodeCol[i] = nameId ? nodeOf(strings.get(nameId)) : sourceDefaultNode[sourceCol[i]];
  }
  return nodeNames.map((name, index) => ({ index, name, starts: [], lanes: [] }));
}

/**
 * A source whose node name was only assumed takes the name its kubelet states for its own node (the first line of a
 * catalog entry with namesOwnNode, such as "Attempting to register node", which every kubelet start prints).
 */
function nameAssumedNodes(c: Collected, events: OrderedEventTable): void {
  const open = new Set<number>();
  c.sources.forEach((s, i) => { if (s.node === ASSUMED_NODE_NAME) open.add(i); });
  const { msg, text, source } = events;
  for (let i = 0; i < events.count && open.size > 0; i++) {
    if (NAMES_OWN_NODE[msg[i]] !== 1 || text[i] === 0 || !open.has(source[i])) continue;
    c.sources[source[i]].node = c.strings.get(text[i]);
    open.delete(source[i]);
  }
}

/**
 * The collected columns in time order. A log that is nearly in order already (a single forward file) is put in
 * order in the collector's own buffers (permuteInPlace); otherwise each column is copied into a new array in time
 * order and the collected one's memory given back at once (on a big log the collector's columns and the ordered
 * ones are each tens of MB, and the peak memory of a load is here). Either way the collector's columns are left
 * empty: nothing reads them after this.
 */
function permute(c: Collected, order: Uint32Array, unmoved: Uint32Array): OrderedEventTable {
  const n = order.length;
  const m = c.count;
  const moved = movedIndices(order);
  // The collected column `key` in time order; the collector is left an empty one.
  const columns = c as unknown as Record<OrderedColumn, Column>;
  const inOrder = <T extends Column>(key: OrderedColumn, copy: (src: T, order: Uint32Array, unmoved: Uint32Array) => T): T => {
    const col = columns[key] as T;
    const collected = col.subarray(0, m) as T;
    columns[key] = new (col.constructor as new (length: number) => T)(0);
    if (moved) return permuteInPlace(collected, order, moved);
    const ordered = copy(collected, order, unmoved);
    release(c, col);
    return ordered;
  };
  return {
    count: n,
    timeUs: inOrder('time', permuteF64),
    // The collector's source column is read in collected order afterwards (assignNodes): copied.
    source: permuteU16(c.source.subarray(0, m), order, unmoved),
    line: inOrder('line', permuteU32),
    lineCount: inOrder('lineCount', permuteU16),
    severity: inOrder('severity', permuteU8),
    node: new Uint16Array(n),
    pid: inOrder('pid', permuteU32),
    msg: inOrder('msg', permuteU16),
    kind: inOrder('kind', permuteU16),
    lane: new Uint32Array(n),
    pod: inOrder('pod', permuteI32),
    container: new Int32Array(n).fill(-1),
    cid: inOrder('cid', permuteI32),
    cname: inOrder('cname', permuteI32),
    num: inOrder('num', permuteF64),
    text: inOrder('text', permuteI32),
    laneKind: inOrder('laneKind', permuteU8),
  };
}

/** The collected columns the ordered events take over (permute). */
type OrderedColumn = 'time' | 'line' | 'lineCount' | 'severity' | 'pid' | 'msg' | 'kind' | 'pod' | 'cid' | 'cname' | 'num' | 'text' | 'laneKind';

/** The columns only the collector used (the ordered events carry what the model reads on). */
function releaseCollectorColumns(c: Collected): void {
  for (const col of [c.yearHint, c.podRef, c.defaultNode, c.fileAdd]) release(c, col);
  c.yearHint = new Uint16Array(0);
  c.podRef = new Int32Array(0);
  c.defaultNode = new Int32Array(0);
  c.fileAdd = new Uint8Array(0);
}
