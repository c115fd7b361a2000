/**
 * Stage 2 of building a Trace: put the collected events in time order, give each its lane, and run every state
 * machine over them — pod workers, container and sandbox instances, readiness, probe results, API status versions.
 *
 * The steps live in reconstruct/, one file each:
 *   ordered-events.ts     the columns in time order, final pod ids, nodes
 *   container-ids.ts      pre-pass: sandbox IDs, the pod of a line that names only an ID, container names of IDs
 *   context.ts            what the main pass's parts share (lanes: lane-registry.ts)
 *   event-pass.ts         the main pass, which hands each event to the parts it concerns:
 *     node-events.ts        kubelet restarts, the runtime gate, node Ready
 *     kubelet-memory.ts     runners for pod workers, readiness, probes, API status, gate and node Ready
 *     container-events.ts   container and sandbox lines (instances: container-instances.ts; labels: labels.ts)
 *     container-roles.ts    init, sidecar and ephemeral containers
 *     status-events.ts      readiness, API status versions, probe results
 *   node-names.ts         afterwards: nodes named after their static pods, or their kubelet's own name for them
 * This file runs them, closes what is still open when the log ends, orders and indexes the lanes.
 */
import type { Collected } from './collector.ts';
import { LaneMembers, laneIndex } from './event-order.ts';
import { deriveLinks } from './links.ts';
import { nodeTitle, readRawLines } from './trace-query.ts';
import { ContainerEvents } from './reconstruct/container-events.ts';
import { resolveContainerIds } from './reconstruct/container-ids.ts';
import { ContainerInstances } from './reconstruct/container-instances.ts';
import { ContainerRoles } from './reconstruct/container-roles.ts';
import { createContext, type ReconstructContext } from './reconstruct/context.ts';
import { runEventPass, type EventPassParts } from './reconstruct/event-pass.ts';
import { KubeletMemory, usesLifecycleWorkers } from './reconstruct/kubelet-memory.ts';
import { findLogGaps } from './reconstruct/log-gaps.ts';
import { NodeEvents, startsByClock } from './reconstruct/node-events.ts';
import { orderEvents } from './reconstruct/ordered-events.ts';
import { nameNodes } from './reconstruct/node-names.ts';
import { StatusEvents } from './reconstruct/status-events.ts';
import type { StateRunner } from './state-runner.ts';
import { keepAlive } from '../util/keep-alive.ts';
import { NODE_LANE_ORDER, POD_LANE_ORDER, type LogGap, type SourceInfo, type Trace } from './trace.ts';

/**
 * The main pass's state from the last reconstruct of a small input, kept alive on purpose. V8 drops a class's hidden
 * classes once no object of it is left, and with them the optimised code and inline-cache feedback built for them
 * (the next full GC deoptimises that code, "weak objects"): in a long-lived process (the browser's analysis worker,
 * the benchmark after its warm-up) each analysis would run the main pass from cold again. Only
 * a small input's state is kept, and it holds the pass's own objects, not the collected input: about 6 MB for 58k
 * events (test/unit/model/keep-alive.test.ts checks the raw text is let go).
 */
const KEEP_FOR_JIT_MAX_EVENTS = 1 << 16;

export function reconstruct(c: Collected): Trace {
  const ordered = orderEvents(c);
  const ids = resolveContainerIds(c, ordered);
  const gaps = findLogGaps(c.sources, ordered.events, ordered.nodes.length);
  const ctx = createContext(c, ordered, gaps);
  noteGaps(ctx, gaps, c.sources);
  const memory = new KubeletMemory(ctx, usesLifecycleWorkers(c.sources));
  const instances = new ContainerInstances(ctx);
  const containerRoles = new ContainerRoles(ctx);
  const parts: EventPassParts = {
    memory,
    nodeEvents: new NodeEvents(ctx, memory, c.sources, startsByClock(ctx.events, (e) => readRawLines(c.raw, ctx.events.source[e], ctx.events.line[e], 1, 2000))),
    containerEvents: new ContainerEvents(ctx, ids, instances, ordered.sandboxIdCol),
    statusEvents: new StatusEvents(ctx, memory, ordered.probeTypeCol, containerRoles),
    containerRoles,
  };
  runEventPass(ctx, ordered, parts);
  if (ctx.events.count <= KEEP_FOR_JIT_MAX_EVENTS) keepAlive('reconstruct state', { ctx, parts });

  const { events } = ctx;
  const n = events.count;
  const startUs = n ? events.timeUs[0] : 0;
  const endUs = n ? events.timeUs[n - 1] : 0;
  closeOpenRunners(memory, instances, endUs);
  parts.containerRoles.finish(instances);
  const spans = ctx.spans.finish();
  orderLanes(ctx, startUs, parts.containerRoles.initLaneBeginUs);

  const lanes = ctx.lanes.lanes;
  const [laneEventStart, laneEventIdx] = laneIndex(lanes.length, ctx.members, events.timeUs);
  const spanMembers = new LaneMembers(spans.count);
  for (let s = 0; s < spans.count; s++) spanMembers.add(spans.lane[s], s);
  const [laneSpanStart, laneSpanIdx] = laneIndex(lanes.length, spanMembers, spans.startUs);

  const trace: Trace = {
    version: 1, sources: c.sources, raw: c.raw, strings: c.strings.list, events, spans,
    links: { count: 0, from: new Uint32Array(0), to: new Uint32Array(0), kind: new Uint8Array(0) },
    nodes: ctx.nodes, lanes, laneEventStart, laneEventIdx, laneSpanStart, laneSpanIdx, pods: ctx.pods,
    containers: instances.list, multiPod: ordered.multiPod, anomalies: ctx.anomalies, gaps, findings: [], startUs, endUs,
  };
  nameNodes(trace);
  trace.links = deriveLinks(trace);
  return trace;
}

const CUT_WHY: Record<LogGap['kind'], string> = {
  elision: 'an elision mark', fence: 'the end of a quoted excerpt', prose: 'text between two excerpts',
  section: 'the start of another file', suppressed: "journald's notice that it dropped lines",
};

/** One anomaly per gap, at the first event after it, saying where the lines were left out. */
function noteGaps(ctx: ReconstructContext, gaps: readonly LogGap[], sources: readonly SourceInfo[]): void {
  const t = ctx.events.timeUs;
  for (const g of gaps) {
    let lo = 0;
    let hi = ctx.events.count;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (t[mid] < g.endUs) lo = mid + 1; else hi = mid; }
    const seconds = (g.endUs - g.startUs) / 1e6;
    ctx.anomalies.push({
      kind: 'gap', event: lo < ctx.events.count ? lo : -1, pod: -1,
      message: `lines left out at line ${g.line} of ${sources[g.source]?.name ?? 'the log'} (${CUT_WHY[g.kind]}): ${seconds >= 1 ? seconds.toFixed(1) + ' s' : Math.round(seconds * 1000) + ' ms'} of ${ctx.nodes[g.node] ? nodeTitle(ctx.nodes[g.node].name) : `node ${g.node}`} is not in the log; states across it are unknown`,
    });
  }
}

/** Ends every band still open at the end of the log (in this order: it is the order of their spans). */
function closeOpenRunners(memory: KubeletMemory, instances: ContainerInstances, endUs: number): void {
  const inOrder: Iterable<StateRunner>[] = [
    memory.workerRunners.values(), instances.runners, memory.readinessRunners.values(), memory.probeRunners.values(),
    memory.apiRunners.values(), memory.gateRunners.values(), memory.nodeReadyRunners.values(),
  ];
  for (const runners of inOrder) for (const r of runners) r.finish(endUs);
}

/** Node lanes in NODE_LANE_ORDER, each pod's lanes in POD_LANE_ORDER (then by title); pods without events start the log. */
/** Node lanes by kind; a pod's lanes by kind, its init and sidecar containers first in the order they ran, then by title. */
function orderLanes(ctx: ReconstructContext, startUs: number, initLaneBeginUs: ReadonlyMap<number, number>): void {
  const lanes = ctx.lanes.lanes;
  for (const nd of ctx.nodes) nd.lanes.sort((a, b) => NODE_LANE_ORDER.indexOf(lanes[a].kind) - NODE_LANE_ORDER.indexOf(lanes[b].kind));
  const initRank = (l: number) => {
    const t = initLaneBeginUs.get(l);
    return t === undefined ? Infinity : Number.isNaN(t) ? Number.MAX_VALUE : t;
  };
  for (const p of ctx.pods) {
    if (p.node < 0) p.node = 0;
    p.lanes.sort((a, b) => POD_LANE_ORDER.indexOf(lanes[a].kind) - POD_LANE_ORDER.indexOf(lanes[b].kind) ||
      (initRank(a) === initRank(b) ? 0 : initRank(a) < initRank(b) ? -1 : 1) || lanes[a].title.localeCompare(lanes[b].title));
    if (!Number.isFinite(p.firstUs)) { p.firstUs = startUs; p.lastUs = startUs; }
  }
}
