/**
 * Stage 2 of building a Trace: put the collected events in time order, give each its lane, and run every state
 * machine over them — pod workers, container and sandbox instances, readiness, probe results, API status versions.
 */
import { KINDS } from '../catalog/catalog.ts';
import { parseStatusSummaryLine } from '../catalog/status-summary.ts';
import type { Collected } from './collector.ts';
import { LANE_KIND_LIST } from './collector.ts';
import {
  API_STATUS_MACHINE, CONTAINER_EVENTS, CONTAINER_MACHINE, GATE_OPEN_KINDS, NODE_READY_MACHINE, POD_WORKER_LIFECYCLE,
  POD_WORKER_SERIALIZER, PROBE_EVENTS, PROBE_MACHINE, READINESS_MACHINE, SANDBOX_EVENTS, SANDBOX_MACHINE, STATUS_KINDS,
  SYNC_GATE_MACHINE, KUBELET_START_KINDS,
} from './machines.ts';
import { CompiledMachine, SpanBuilder, StateRunner, type RunnerContext } from './state-runner.ts';
import { minorRange } from '../catalog/fingerprint.ts';
import { deriveLinks } from './links.ts';
import { inferContainerNames } from './name-inference.ts';
import { LaneMembers, laneIndex, permuteF64, permuteI32, permuteU16, permuteU32, permuteU8, timeOrder } from './event-order.ts';
import {
  LANE_TITLES, NODE_LANE_ORDER, POD_LANE_ORDER, type Anomaly, type ContainerInstance, type EventTable, type LaneInfo,
  type LaneKind, type NodeInfo, type PodInfo, type Trace,
} from './trace.ts';

const M_LIFECYCLE = new CompiledMachine(POD_WORKER_LIFECYCLE);
const M_SERIALIZER = new CompiledMachine(POD_WORKER_SERIALIZER);
const M_CONTAINER = new CompiledMachine(CONTAINER_MACHINE);
const M_SANDBOX = new CompiledMachine(SANDBOX_MACHINE);
const M_READINESS = new CompiledMachine(READINESS_MACHINE);
const M_PROBE = new CompiledMachine(PROBE_MACHINE);
const M_API = new CompiledMachine(API_STATUS_MACHINE);
const M_GATE = new CompiledMachine(SYNC_GATE_MACHINE);
const M_NODE_READY = new CompiledMachine(NODE_READY_MACHINE);
const NODE_READY_EVENTS: Readonly<Record<string, string>> = {
  'node.not-ready': 'node.not-ready', 'event.node-not-ready': 'node.not-ready', 'node.fast-ready': 'node.ready', 'event.node-ready': 'node.ready',
};
const PROBE_TYPES = ['', 'readiness', 'liveness', 'startup'];

/**
 * What the main loop does with each event kind, looked up once per kind here instead of by string for every event
 * (index = kind id).
 */
const GATE_OF_KIND = KINDS.map((k) => (k === 'syncloop.skipping' ? 'gate.closed' : GATE_OPEN_KINDS.has(k) ? 'gate.open' : ''));
const NODE_READY_OF_KIND = KINDS.map((k) => NODE_READY_EVENTS[k] ?? '');
const SANDBOX_EVENT_OF_KIND = KINDS.map((k) => SANDBOX_EVENTS[k] ?? '');
const CONTAINER_EVENT_OF_KIND = KINDS.map((k) => CONTAINER_EVENTS[k] ?? '');
const PROBE_EVENT_OF_KIND = KINDS.map((k) => PROBE_EVENTS[k] ?? '');
const IS_STATUS_KIND = KINDS.map((k) => STATUS_KINDS.has(k));
const IS_KUBELET_START_KIND = KINDS.map((k) => KUBELET_START_KINDS.has(k));
const LANE_KIND_CODE = new Map(LANE_KIND_LIST.map((k, i) => [k, i]));
const POD_WORKER_LANE = LANE_KIND_CODE.get('pod-worker')!;
const PROBE_LANE = LANE_KIND_CODE.get('probe')!;
const OTHER_LANE = LANE_KIND_CODE.get('other')!;

/** Container IDs are matched on their first 12 characters (the runtime's short ID). */
const idKey = (id: string) => id.slice(0, 12);

export function reconstruct(c: Collected): Trace {
  const n = c.count;
  const strings = c.strings;

  // 1. Time order; ties keep source, then line order (the collection order).
  const t0 = c.time.subarray(0, c.count);
  const order = timeOrder(t0);
  const events = permute(c, order, t0);

  // 2. Pods (provisional ids → final), nodes.
  const { map: podMap, pods } = c.pods.finish();
  for (let i = 0; i < n; i++) {
    const p = events.pod[i];
    events.pod[i] = p >= 0 ? podMap[p] : -1;
  }
  const inverse = new Uint32Array(n);
  for (let i = 0; i < n; i++) inverse[order[i]] = i;
  const multiPod: Record<number, number[]> = {};
  /** 1 where multiPod has an entry: a flag is cheaper to test for every event than a sparse object. */
  const isMultiPod = new Uint8Array(n);
  for (const [oldIdx, ids] of c.multiPod) {
    const mapped = [...new Set(ids.map((id) => podMap[id]).filter((x) => x >= 0))];
    if (mapped.length) {
      multiPod[inverse[oldIdx]] = mapped;
      isMultiPod[inverse[oldIdx]] = 1;
    }
  }
  const nodeNames: string[] = [];
  const nodeIndex = new Map<string, number>();
  const nodeOf = (name: string) => {
    let i = nodeIndex.get(name);
    if (i === undefined) { i = nodeNames.length; nodeNames.push(name); nodeIndex.set(name, i); }
    return i;
  };
  const srcDefaultNode = c.sources.map((s) => nodeOf(s.node));
  const nodeNameCol = c.nodeName.subarray(0, c.count);
  const nodeCol = events.node;
  const sourceCol = events.source;
  for (let i = 0; i < n; i++) {
    const nn = nodeNameCol[order[i]];
    nodeCol[i] = nn ? nodeOf(strings.get(nn)) : srcDefaultNode[sourceCol[i]];
  }
  for (const p of pods) p.node = -1;
  const nodes: NodeInfo[] = nodeNames.map((name, index) => ({ index, name, starts: [], lanes: [] }));

  // Which pod-worker table applies: ≤1.21 serializer or 1.22+ lifecycle, by the source's version range.
  const lifecycle = c.sources.map((s) => {
    const [lo, hi] = minorRange(s.versionRange);
    if (hi !== Infinity && hi <= 21) return false;
    if (lo >= 22) return true;
    return s.eras.structured + s.eras.json > s.eras.printf;
  });

  // 3. Pre-pass: which IDs are sandboxes, and container names for IDs that some line names.
  const sidCol = permuteI32(c.sid.subarray(0, c.count), order);
  const probeCol = permuteU8(c.probe.subarray(0, c.count), order);
  // Each distinct ID string is cut to its short form once; the same short string object is then looked up again and
  // again, and V8 hashes a string object only once.
  // (Sized up front: filled at scattered indices, a growing array would turn into a slow dictionary.)
  const shortIds = new Array<string | undefined>(strings.size);
  const shortId = (stringId: number): string => shortIds[stringId] ?? (shortIds[stringId] = idKey(strings.get(stringId)));
  const podCol = events.pod;
  const cidCol = events.cid;
  const cnameCol = events.cname;
  const sandboxIds = new Set<string>();
  for (let i = 0; i < n; i++) if (sidCol[i]) sandboxIds.add(shortId(sidCol[i]));
  const nameOfId = new Map<string, string>(c.idNames);
  // Lines that name only a container ID (1.12 kill lines) belong to the pod that ID belongs to.
  const podOfId = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    if (podCol[i] < 0) continue;
    if (cidCol[i]) podOfId.set(shortId(cidCol[i]), podCol[i]);
    if (sidCol[i]) podOfId.set(shortId(sidCol[i]), podCol[i]);
  }
  for (let i = 0; i < n; i++) {
    if (podCol[i] >= 0 || (!cidCol[i] && !sidCol[i])) continue;
    const p = podOfId.get(shortId(cidCol[i] || sidCol[i]));
    if (p !== undefined && !isMultiPod[i]) podCol[i] = p;
  }
  for (let i = 0; i < n; i++) {
    if (cidCol[i] && cnameCol[i]) {
      const k = shortId(cidCol[i]);
      if (!sandboxIds.has(k) && !nameOfId.has(k)) nameOfId.set(k, strings.get(cnameCol[i]));
    }
  }
  inferContainerNames(events, strings, sandboxIds, nameOfId);

  // 4. Main pass.
  const spans = new SpanBuilder();
  const anomalies: Anomaly[] = [];
  const ctx: RunnerContext = { spans, strings, anomalies };
  const lanes: LaneInfo[] = [];
  const laneIds = new Map<string, number>();
  const members = new LaneMembers(n + (n >> 1));
  const containers: ContainerInstance[] = [];
  const instanceByKey = new Map<string, number>();
  /** Per pod, container name → its newest (non-sandbox) instance. */
  const latestByName: (Map<string, number> | undefined)[] = [];
  const instanceRunner: StateRunner[] = [];
  const pendingKillReason = new Map<number, string>();
  const workerRunner = new Map<number, StateRunner>();
  /** workerRunner by pod index, for the per-event lookup (the Map's order decides the order spans are closed in). */
  const workerOfPod: (StateRunner | undefined)[] = [];
  const readinessRunner = new Map<number, StateRunner>();
  const probeRunner = new Map<string, StateRunner>();
  const apiRunner = new Map<number, StateRunner>();
  const gateRunner = new Map<number, StateRunner>();
  const nodeReadyRunner = new Map<number, StateRunner>();
  /** Per node (arrays: these are read for every event). */
  const lastPid: (number | undefined)[] = [];
  const lastNodeStart = new Map<number, number>();
  const lastEventUs: (number | undefined)[] = [];
  /** Status texts repeat (the same status dump every resync); each distinct one is read once. */
  const statusReadings = new Map<number, StatusReading>();

  /**
   * A kubelet restart loses everything the kubelet kept in memory: pod workers, probe results, the status cache
   * and the runtime gate start again from nothing. Their bands end at the old process's last line (we cannot know
   * how long it was down); the containers live on in the runtime and keep their bands.
   */
  const forgetKubeletMemory = (node: number, lastUs: number) => {
    const onNode = (r: StateRunner) => r.pod < 0 ? lanes[r.lane].node === node : pods[r.pod].node === node;
    for (const map of [workerRunner, readinessRunner, apiRunner, gateRunner, nodeReadyRunner] as Map<number, StateRunner>[]) {
      for (const [k, r] of map) if (onNode(r)) { r.stop(lastUs); map.delete(k); }
    }
    for (const [k, r] of probeRunner) if (onNode(r)) { r.stop(lastUs); probeRunner.delete(k); }
    probeRunnerByNumber.length = 0;
    workerOfPod.length = 0;
    for (const [k, r] of workerRunner) workerOfPod[k] = r;
  };

  const lane = (kind: LaneKind, node: number, pod: number, containerName = '', probeType = ''): number => {
    const id = pod >= 0
      ? `pod:${pods[pod].uid || `${pods[pod].namespace}/${pods[pod].name}`}/${kind}${containerName || probeType ? `:${containerName}${probeType ? `:${probeType}` : ''}` : ''}`
      : `n${node}/${kind}`;
    let li = laneIds.get(id);
    if (li === undefined) {
      li = lanes.length;
      const title = kind === 'container' && containerName.startsWith('?')
        ? `unidentified ID ${containerName.slice(1)}`
        : kind === 'container' || kind === 'sandbox' ? `${LANE_TITLES[kind]} ${containerName}`.trim()
        : kind === 'probe' ? `${probeType || 'probe'} probe${containerName ? ` ${containerName}` : ''}` : LANE_TITLES[kind];
      lanes.push({ index: li, id, kind, node, pod, containerName, probeType, title });
      laneIds.set(id, li);
      if (pod >= 0) pods[pod].lanes.push(li);
      else nodes[node].lanes.push(li);
    }
    return li;
  };

  // The main loop asks for a lane (and probe events for a probe runner) on every event: these remember the answer
  // by number, so the id string is only built the first time.
  const nodeLaneByKind: number[][] = [];
  /** `code` is the lane kind's index in LANE_KIND_LIST. */
  const nodeLane = (code: number, node: number): number => {
    const row = nodeLaneByKind[node] ?? (nodeLaneByKind[node] = []);
    return row[code] ?? (row[code] = lane(LANE_KIND_LIST[code], node, -1));
  };
  const podLaneByKey: (Map<number, number> | undefined)[] = [];
  /** `code` as for nodeLane, `cname` a string id, `probeType` an index into PROBE_TYPES. */
  const podLane = (code: number, node: number, pod: number, cname: number, probeType: number): number => {
    const memo = podLaneByKey[pod] ?? (podLaneByKey[pod] = new Map());
    const key = (cname * 4 + probeType) * 32 + code;
    let li = memo.get(key);
    if (li === undefined) {
      li = lane(LANE_KIND_LIST[code], node, pod, cname ? strings.get(cname) : '', PROBE_TYPES[probeType]);
      memo.set(key, li);
    }
    return li;
  };
  const probeRunnerByNumber: (Map<number, StateRunner> | undefined)[] = [];
  const probeByNumber = (pod: number, cname: number, probeType: number, i: number, t: number): StateRunner => {
    const memo = probeRunnerByNumber[pod] ?? (probeRunnerByNumber[pod] = new Map());
    const key = cname * 4 + probeType;
    let r = memo.get(key);
    if (!r) {
      r = probe(pod, cname ? strings.get(cname) : '', PROBE_TYPES[probeType], i, t);
      memo.set(key, r);
    }
    return r;
  };

  const podWorker = (pod: number, i: number, t: number): StateRunner => {
    let r = workerOfPod[pod];
    if (!r) {
      r = new StateRunner(lifecycle[events.source[i]] ? M_LIFECYCLE : M_SERIALIZER, ctx, lane('pod-worker', events.node[i], pod), -1, pod, t, i);
      workerRunner.set(pod, r);
      workerOfPod[pod] = r;
    }
    return r;
  };

  /** True if the newest instance of the container has exited or was removed (so a create is for a new one). */
  const latestIsDead = (pod: number, name: string): boolean => {
    const latest = latestByName[pod]?.get(name);
    if (latest === undefined) return false;
    const r = instanceRunner[latest];
    return r.isClosed || r.state === 'exited' || r.state === 'removed';
  };

  const pendingInstance = (pod: number, name: string, i: number, t: number): number => {
    const key = `${pod}|c|pending:${name}`;
    const known = instanceByKey.get(key);
    if (known !== undefined && !instanceRunner[known].isClosed && !containers[known].id) return known;
    const latest = latestByName[pod]?.get(name);
    if (latest !== undefined && !containers[latest].id && !instanceRunner[latest].isClosed) return latest;
    instanceByKey.delete(key);
    return instance(pod, '', name, false, i, t, key);
  };

  const instance = (pod: number, id: string, name: string, sandbox: boolean, i: number, t: number, pendingKey = ''): number => {
    const key = pendingKey || `${pod}|${sandbox ? 's' : 'c'}|${id ? idKey(id) : `name:${name}`}`;
    let ci = instanceByKey.get(key);
    if (ci !== undefined) {
      const inst = containers[ci];
      if (!inst.id && id) inst.id = id;
      else if (id.length > inst.id.length && id.startsWith(inst.id)) inst.id = id;
      return ci;
    }
    // A container known only by name attaches to the latest instance of that name.
    if (!id && !sandbox && !pendingKey) {
      const latest = latestByName[pod]?.get(name);
      if (latest !== undefined) return latest;
    }
    // The first line with an ID for a container that was being created (or waiting) by name: the same instance.
    if (id && !sandbox && name) {
      const latest = latestByName[pod]?.get(name);
      if (latest !== undefined && !containers[latest].id && !instanceRunner[latest].isClosed) {
        containers[latest].id = id;
        instanceByKey.set(key, latest);
        // It is no longer pending: the next create by name must start a new instance.
        if (instanceByKey.get(`${pod}|c|pending:${name}`) === latest) instanceByKey.delete(`${pod}|c|pending:${name}`);
        return latest;
      }
    }
    ci = containers.length;
    const laneIdx = lane(sandbox ? 'sandbox' : 'container', events.node[i], pod, sandbox ? '' : name || `?${id.slice(0, 12)}`);
    containers.push({
      index: ci, pod, name, id, runtime: '', sandbox, lane: laneIdx, createdUs: NaN, startedUs: NaN, endedUs: NaN,
      exitCode: NaN, killReason: '', removedUs: NaN,
    });
    pods[pod].containers.push(ci);
    instanceByKey.set(key, ci);
    if (!sandbox) (latestByName[pod] ?? (latestByName[pod] = new Map())).set(name, ci);
    instanceRunner[ci] = new StateRunner(sandbox ? M_SANDBOX : M_CONTAINER, ctx, laneIdx, ci, pod, t, i);
    return ci;
  };

  const timeCol = events.timeUs;
  const kindCol = events.kind;
  const laneKindCol = events.laneKind;
  const laneCol = events.lane;
  for (let i = 0; i < n; i++) {
    const t = timeCol[i];
    const kindId = kindCol[i];
    const kind = KINDS[kindId];
    const node = nodeCol[i];
    const pod = podCol[i];
    const laneCode = laneKindCol[i];
    const sev = events.severity[i];

    // Kubelet (re)starts: the pid changed on this node, or the sync loop says it started.
    const pid = events.pid[i];
    let started = false;
    if (pid && lastPid[node] !== pid) {
      if (lastPid[node] !== undefined) started = markStart(nodes[node], i, t, lastNodeStart);
      lastPid[node] = pid;
    }
    if (IS_KUBELET_START_KIND[kindId]) started = markStart(nodes[node], i, t, lastNodeStart) || started;
    if (started) forgetKubeletMemory(node, lastEventUs[node] ?? t);
    lastEventUs[node] = t;

    // Primary lane.
    let primary: number;
    const podGoroutine = laneCode === POD_WORKER_LANE || laneCode === PROBE_LANE;
    if (pod >= 0 && podGoroutine) {
      if (pods[pod].node < 0) pods[pod].node = node;
      primary = laneCode === PROBE_LANE ? podLane(PROBE_LANE, node, pod, cnameCol[i], probeCol[i]) : podLane(POD_WORKER_LANE, node, pod, 0, 0);
    } else {
      primary = nodeLane(podGoroutine ? OTHER_LANE : laneCode, node);
    }
    laneCol[i] = primary;
    members.add(primary, i);

    // Node-level state: the sync loop's runtime gate and the node's Ready condition.
    const gate = GATE_OF_KIND[kindId];
    if (gate) {
      let g = gateRunner.get(node);
      if (!g) { g = new StateRunner(M_GATE, ctx, lane('sync-loop', node, -1), -1, -1, t, i); gateRunner.set(node, g); }
      const closed = gate === 'gate.closed';
      if (g.apply(gate, i, t, closed ? `(${shortText(strings.get(events.text[i]), 60)})` : '') && g.lane !== primary) members.add(g.lane, i);
    }
    const nodeReady = NODE_READY_OF_KIND[kindId];
    if (nodeReady) {
      let r = nodeReadyRunner.get(node);
      if (!r) { r = new StateRunner(M_NODE_READY, ctx, lane('node-status', node, -1), -1, -1, t, i); nodeReadyRunner.set(node, r); }
      if (r.apply(nodeReady, i, t, nodeReady === 'node.not-ready' ? `(${shortText(strings.get(events.text[i]), 80)})` : '') && r.lane !== primary) members.add(r.lane, i);
    }

    const involved = pod < 0 && isMultiPod[i] ? multiPod[i] : undefined;
    for (let k = 0, count = pod >= 0 ? 1 : involved ? involved.length : 0; k < count; k++) {
      const p = involved ? involved[k] : pod;
      const info = pods[p];
      if (info.node < 0) info.node = node;
      if (t < info.firstUs) info.firstUs = t;
      if (t > info.lastUs) info.lastUs = t;
      info.eventCount++;
      if (sev === 1) info.warningCount++;
      else if (sev >= 2) info.errorCount++;
      const w = podWorker(p, i, t);
      // Most events are not in the pod-worker table; apply() would only look them up and return.
      if (w.machine.handlesKindId(kindId, kind) && w.apply(kind, i, t) && w.lane !== primary) members.add(w.lane, i);
    }
    if (pod < 0) continue;

    // Admission.
    if (kind === 'admit.rejected') pods[pod].admission = { result: 'rejected', reason: strings.get(events.text[i]), event: i };
    else if (kind === 'admit.admitted' && pods[pod].admission.result === 'unknown') pods[pod].admission = { result: 'admitted', reason: '', event: i };

    // Containers and sandboxes.
    const cid = events.cid[i] ? strings.get(events.cid[i]) : '';
    const sid = sidCol[i] ? strings.get(sidCol[i]) : '';
    const cname = events.cname[i] ? strings.get(events.cname[i]) : '';
    // cAdvisor names a sandbox's pause container "POD" (docker name k8s_POD_…).
    const isSandboxId = (cid !== '' && sandboxIds.has(shortId(events.cid[i]))) || cname === 'POD';
    if ((kind === 'runtime.kill-decision' || kind === 'runtime.kill-unwanted') && (cid || cname) && !isSandboxId) {
      const ci = instance(pod, cid, cname || (cid && nameOfId.get(shortId(events.cid[i]))) || '', false, i, t);
      pendingKillReason.set(ci, shortReason(strings.get(events.text[i])));
      containers[ci].killReason = strings.get(events.text[i]);
      events.container[i] = ci;
      members.add(containers[ci].lane, i);
    }
    const sandboxEvent = SANDBOX_EVENT_OF_KIND[kindId];
    const containerEvent = CONTAINER_EVENT_OF_KIND[kindId];
    if (sandboxEvent && (sid || isSandboxId)) {
      const ci = instance(pod, sid || cid, '', true, i, t);
      instanceRunner[ci].apply(sandboxEvent, i, t);
      events.container[i] = ci;
      members.add(containers[ci].lane, i);
    } else if (containerEvent && (cid || cname)) {
      const name = cname || (cid && nameOfId.get(shortId(events.cid[i]))) || '';
      // A container that cannot be created yet has no ID: it gets a pending instance of its own.
      const ci = !cid && (containerEvent === 'container.waiting' || (containerEvent === 'container.create' && latestIsDead(pod, name)))
        ? pendingInstance(pod, name, i, t) : instance(pod, cid, name, false, i, t);
      const inst = containers[ci];
      let detail = '';
      if (containerEvent === 'container.waiting') detail = `(${waitingReason(kind, strings.get(events.text[i]))})`;
      if (containerEvent === 'container.backoff') detail = backoffDetail(strings.get(events.text[i]));
      if (containerEvent === 'container.kill') {
        const grace = events.num[i];
        detail = [pendingKillReason.get(ci) ?? '', Number.isNaN(grace) ? '' : `grace ${grace}s`].filter(Boolean).join(' ');
      }
      if (containerEvent === 'container.exit') {
        const code = events.num[i];
        if (!Number.isNaN(code)) { inst.exitCode = code; detail = `(exit ${code})`; }
        else if (!Number.isNaN(inst.exitCode)) detail = `(exit ${inst.exitCode})`;
      }
      const r = instanceRunner[ci];
      const before = r.state;
      r.apply(containerEvent, i, t, detail);
      if ((r.state === 'running' || r.state === 'created') && before !== r.state) {
        // The new instance replaces dead ones of the same container: their "exited" bands end here.
        for (const other of pods[pod].containers) {
          const o = instanceRunner[other];
          if (other !== ci && containers[other].lane === inst.lane && (o.state === 'exited' || o.state === 'unknown' || o.state === 'waiting')) o.stop(t, i);
        }
      }
      if (r.state === 'running' && before !== 'running' && Number.isNaN(inst.startedUs)) inst.startedUs = t;
      if (r.state === 'created' && Number.isNaN(inst.createdUs)) inst.createdUs = t;
      if (r.state === 'exited' && before !== 'exited') inst.endedUs = t;
      if (r.state === 'removed') inst.removedUs = t;
      events.container[i] = ci;
      if (containers[ci].lane !== primary) members.add(containers[ci].lane, i);
    }

    // Readiness and API status, from what the status manager wrote and the sync loop's probe results.
    if (IS_STATUS_KIND[kindId] && events.text[i]) {
      const textId = events.text[i];
      const reading = statusReadings.get(textId) ?? readStatus(strings.get(textId));
      statusReadings.set(textId, reading);
      if (reading.readinessEvent) {
        const r = readiness(pod, i, t);
        r.apply(reading.readinessEvent, i, t, reading.readinessDetail);
        members.add(r.lane, i);
      }
      if (kind !== 'status.same') {
        const version = events.num[i];
        const label = [
          Number.isNaN(version) ? (kind === 'status.patch' ? 'patch' : 'set') : `v${version}`, reading.phase, reading.readyLabel,
        ].filter(Boolean).join(' ');
        const r = api(pod, i, t);
        r.apply('status.version', i, t, label);
        members.add(r.lane, i);
      }
    }
    if (kind === 'status.up-to-date' && !Number.isNaN(events.num[i])) {
      const r = api(pod, i, t);
      if (r.state === 'unknown') r.apply('status.version', i, t, `v${events.num[i]} (already in the API)`);
      members.add(r.lane, i);
    }
    if (kind === 'syncloop.probe') {
      const text = strings.get(events.text[i]);
      const [probeType, ...rest] = text.split(' ');
      const status = rest.join(' ');
      const ok = status === 'ready' || status === 'started' || status === 'healthy';
      const pr = probe(pod, '', probeType, i, t);
      pr.apply(ok ? 'probe.success' : 'probe.failure', i, t, status);
      members.add(pr.lane, i);
      if (probeType === 'readiness') {
        const r = readiness(pod, i, t);
        r.apply(ok ? 'readiness.ready' : 'readiness.not-ready', i, t, '(probe)');
        members.add(r.lane, i);
      }
    } else if (PROBE_EVENT_OF_KIND[kindId] || kind === 'probe.worker-added') {
      // Without a probe type on the line, an initial result or a new worker is the readiness prober's (PROBE_TYPES[1]).
      const type = probeCol[i] || (kind.startsWith('probe.initial') || kind === 'probe.worker-added' ? 1 : 0);
      const pr = probeByNumber(pod, events.cname[i], type, i, t);
      const probeEvent = PROBE_EVENT_OF_KIND[kindId];
      if (probeEvent) pr.apply(probeEvent, i, t, kind === 'probe.initial-result' ? '(initial)' : '');
      if (pr.lane !== primary) members.add(pr.lane, i);
    }
  }

  function readiness(pod: number, i: number, t: number): StateRunner {
    let r = readinessRunner.get(pod);
    if (!r) {
      r = new StateRunner(M_READINESS, ctx, lane('readiness', events.node[i], pod), -1, pod, t, i);
      readinessRunner.set(pod, r);
    }
    return r;
  }
  function api(pod: number, i: number, t: number): StateRunner {
    let r = apiRunner.get(pod);
    if (!r) {
      r = new StateRunner(M_API, ctx, lane('api-status', events.node[i], pod), -1, pod, t, i);
      apiRunner.set(pod, r);
    }
    return r;
  }
  function probe(pod: number, container: string, type: string, i: number, t: number): StateRunner {
    const key = `${pod}|${container}|${type}`;
    let r = probeRunner.get(key);
    if (!r) {
      r = new StateRunner(M_PROBE, ctx, lane('probe', events.node[i], pod, container, type), -1, pod, t, i);
      probeRunner.set(key, r);
    }
    return r;
  }

  // 5. Close what is still open at the end of the log.
  const startUs = n ? events.timeUs[0] : 0;
  const endUs = n ? events.timeUs[n - 1] : 0;
  const closeAt = (r: StateRunner) => r.finish(endUs);
  workerRunner.forEach(closeAt);
  instanceRunner.forEach(closeAt);
  readinessRunner.forEach(closeAt);
  probeRunner.forEach(closeAt);
  apiRunner.forEach(closeAt);
  gateRunner.forEach(closeAt);
  nodeReadyRunner.forEach(closeAt);
  const spanTable = spans.finish();

  // 6. Lane order: node lanes in NODE_LANE_ORDER, each pod's lanes in POD_LANE_ORDER.
  for (const nd of nodes) nd.lanes.sort((a, b) => NODE_LANE_ORDER.indexOf(lanes[a].kind) - NODE_LANE_ORDER.indexOf(lanes[b].kind));
  for (const p of pods) {
    if (p.node < 0) p.node = 0;
    p.lanes.sort((a, b) => POD_LANE_ORDER.indexOf(lanes[a].kind) - POD_LANE_ORDER.indexOf(lanes[b].kind) || lanes[a].title.localeCompare(lanes[b].title));
    if (!Number.isFinite(p.firstUs)) { p.firstUs = startUs; p.lastUs = startUs; }
  }

  const [laneEventStart, laneEventIdx] = laneIndex(lanes.length, members, events.timeUs);
  const spanMembers = new LaneMembers(spanTable.count);
  for (let s = 0; s < spanTable.count; s++) spanMembers.add(spanTable.lane[s], s);
  const [laneSpanStart, laneSpanIdx] = laneIndex(lanes.length, spanMembers, spanTable.startUs);

  const trace: Trace = {
    version: 1, sources: c.sources, raw: c.raw, strings: strings.list, events, spans: spanTable,
    links: { count: 0, from: new Uint32Array(0), to: new Uint32Array(0), kind: new Uint8Array(0) },
    nodes, lanes, laneEventStart, laneEventIdx, laneSpanStart, laneSpanIdx, pods, containers, multiPod, anomalies,
    findings: [], startUs, endUs,
  };
  trace.links = deriveLinks(trace);
  return trace;
}

/** `ErrImagePull`, `ImagePullBackOff`, or the start failure's reason, for a waiting container's label. */
function waitingReason(kind: string, text: string): string {
  if (kind === 'image.backoff' || kind === 'event.image-backoff') return 'ImagePullBackOff';
  if (kind === 'image.pull-failed' || kind === 'event.image-pull-failed') return 'ErrImagePull';
  return shortText(text || 'start failed', 40);
}

/** `back-off 40s restarting failed container=…` → `(back-off 40s)`: the current CrashLoopBackOff delay. */
function backoffDetail(text: string): string {
  const lower = text.toLowerCase();
  const at = lower.indexOf('back-off ');
  if (at < 0) return '(back-off)';
  let end = at + 9;
  while (end < text.length && end < at + 20 && text.charCodeAt(end) !== 32) end++;
  return `(back-off ${text.slice(at + 9, end)})`;
}

/** What a status summary line (catalog/status-summary.ts) says about readiness and the API status label. */
interface StatusReading {
  /** 'readiness.ready' / 'readiness.not-ready', or '' when the status does not say. */
  readinessEvent: string;
  readinessDetail: string;
  phase: string;
  readyLabel: string;
}

function readStatus(text: string): StatusReading {
  const sum = parseStatusSummaryLine(text);
  let ready = sum.conditions.find(([k]) => k === 'Ready')?.[1];
  if (ready === '?') ready = undefined;
  const notReady = sum.containers.filter((x) => x.ready === 'false').map((x) => x.name);
  const allReady = sum.containers.length > 0 && sum.containers.every((x) => x.ready === 'true');
  const state = ready === 'True' || (ready !== 'False' && allReady) ? 'ready' : ready === 'False' || notReady.length ? 'not-ready' : '';
  return {
    readinessEvent: state ? `readiness.${state}` : '',
    readinessDetail: notReady.length ? `(${notReady.join(', ')})` : '',
    phase: sum.phase,
    readyLabel: ready ? `Ready=${ready}` : notReady.length ? `not ready: ${notReady.join(', ')}` : '',
  };
}

function shortText(s: string, max: number): string {
  return s.length > max ? s.slice(0, max) + '…' : s;
}

/** Records a kubelet start on the node; returns false if one was recorded in the last minute (same start). */
function markStart(node: NodeInfo, i: number, t: number, last: Map<number, number>): boolean {
  const prev = last.get(node.index);
  if (prev !== undefined && t - prev < 60_000_000) return false;
  last.set(node.index, t);
  node.starts.push(i);
  return true;
}

/** "Container spec hash changed (1 vs 2).. Container will be killed…" → "spec hash changed". */
function shortReason(msg: string): string {
  const m = msg.toLowerCase();
  if (m.includes('hash changed') || m.includes('definition changed')) return '(spec hash changed)';
  if (m.includes('liveness')) return '(liveness probe failed)';
  if (m.includes('startup')) return '(startup probe failed)';
  return msg ? `(${msg.length > 40 ? msg.slice(0, 40) + '…' : msg})` : '';
}

/** The collected columns in time order (read in place from the collector's buffers, written to new arrays). */
function permute(c: Collected, order: Uint32Array, time: Float64Array): EventTable & { laneKind: Uint8Array } {
  const n = order.length;
  return {
    count: n,
    timeUs: permuteF64(time, order),
    source: permuteU16(c.source.subarray(0, c.count), order),
    line: permuteU32(c.line.subarray(0, c.count), order),
    lineCount: permuteU16(c.lineCount.subarray(0, c.count), order),
    severity: permuteU8(c.severity.subarray(0, c.count), order),
    node: new Uint16Array(n),
    pid: permuteU32(c.pid.subarray(0, c.count), order),
    msg: permuteU16(c.msg.subarray(0, c.count), order),
    kind: permuteU16(c.kind.subarray(0, c.count), order),
    lane: new Uint32Array(n),
    pod: permuteI32(c.pod.subarray(0, c.count), order),
    container: new Int32Array(n).fill(-1),
    cid: permuteI32(c.cid.subarray(0, c.count), order),
    cname: permuteI32(c.cname.subarray(0, c.count), order),
    num: permuteF64(c.num.subarray(0, c.count), order),
    text: permuteI32(c.text.subarray(0, c.count), order),
    laneKind: permuteU8(c.laneKind.subarray(0, c.count), order),
  };
}
