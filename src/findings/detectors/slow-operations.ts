/**
 * slow-operations: the kubelet traces some operations (k8s.io/utils/trace) and prints a Trace line only when one
 * took longer than its threshold: computing a volume's disk use ("Calculate volume metrics of …"), a reflector's list
 * from the API server ("Reflector ListAndWatch"), and others. Several slow ones close together, or one very slow, say
 * the node (its disk or CPU) or the API server was starved at the time — the kind of stall that delays node status
 * and probes. One finding per node and stretch, with the slowest operation named. Information: the cause is outside
 * the kubelet.
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { eventRawText, printedMessage } from '../../model/trace-query.ts';
import { clip, durationAfter } from '../text-scan.ts';
import { count, duration, lineRef, listOf, timeOfEvent } from '../wording.ts';
import { eventsNear } from '../episodes.ts';

/** A traced operation this slow counts; two within MAX_GAP_US make a finding, or one this slow alone. */
const SLOW_US = 2e6;
const VERY_SLOW_US = 10e6;
const MAX_GAP_US = 10 * 60e6;
const MAX_EVIDENCE = 20;
/** A CSI driver's socket failing this close to a slow volume-metrics call is why it was slow. */
const CSI_NEAR_US = 30e6;
/** Where CSI drivers' sockets live under the kubelet's directory. */
const CSI_SOCKET = /\/(?:csi-plugins|plugins)\/([A-Za-z0-9.-]{1,100})\/(?:csi\.sock|csi-[a-z]{1,20}\.sock)/;
/** Words of a connection that failed (gRPC's transport, a dial). */
const CONNECT_FAILED = ['failed to connect', 'connection refused', 'use of closed network connection', 'no such file or directory', 'transport is closing', 'deadline exceeded'];

interface Slow {
  event: number;
  totalUs: number;
  operation: string;
}

/** What a slow operation of each kind points at. */
const KINDS: readonly { words: string; what: string }[] = [
  { words: 'calculate volume metrics', what: 'measuring a volume\'s disk use (du over its files): the node\'s disk I/O' },
  { words: 'reflector listandwatch', what: 'listing objects from the API server: the API server or the network to it' },
  { words: 'iptables', what: 'an iptables call (kube-proxy in the same process): the xtables lock or the CPU' },
];

/** Operations only the API server traces: its storage's calls, the requests it serves (by their verb and url). */
const API_SERVER_TRACE = /etcd3|^(Create|Get|List|Update|Patch|Delete|GuaranteedUpdate|DeleteCollection|Watch)$|^SerializeObject|^cacher/;
const API_SERVER_TRACE_FIELDS = /\] Trace\[\d{1,20}\]: "[^"]{1,80}" (url|key):/;

export const slowOperations: Detector = {
  id: 'slow-operations',
  detect(ctx) {
    const trace = ctx.trace;
    const ev = trace.events;
    const stretches: { node: number; ops: Slow[] }[] = [];
    const open = new Map<number, { node: number; ops: Slow[] }>();
    for (const e of ctx.ofKind('node.slow-operation')) {
      const raw = eventRawText(trace, e, 1000);
      const totalUs = durationAfter(raw, '(total time: ');
      if (!(totalUs >= SLOW_US)) continue;
      // An all-in-one process (k3s, microk8s's kubelite) prints its API server's traces too: requests it served and
      // its storage's calls are the API server's slowness, not the node's.
      if (API_SERVER_TRACE.test(ctx.text(e)) || API_SERVER_TRACE_FIELDS.test(raw)) continue;
      let s = open.get(ev.node[e]);
      if (!s || ev.timeUs[e] - ev.timeUs[s.ops[s.ops.length - 1].event] > MAX_GAP_US) {
        if (stretches.length >= 100) break;
        s = { node: ev.node[e], ops: [] };
        open.set(ev.node[e], s);
        stretches.push(s);
      }
      if (s.ops.length < 500) s.ops.push({ event: e, totalUs, operation: ctx.text(e) });
    }
    return stretches
      .filter((s) => s.ops.length >= 2 || s.ops[0].totalUs >= VERY_SLOW_US)
      .map((s) => describe(ctx, s.node, s.ops));
  },
};

function describe(ctx: FindingContext, node: number, ops: Slow[]): Finding {
  const trace = ctx.trace;
  const b = new FindingBuilder(trace);
  for (const o of ops.slice(0, MAX_EVIDENCE)) b.evidence(o.event);
  b.nodeLanes(node, ['other']);
  const slowest = ops.reduce((a, o) => (o.totalUs > a.totalUs ? o : a), ops[0]);
  const first = ops[0].event;
  const last = ops[ops.length - 1].event;
  const names = [...new Set(ops.map((o) => clip(o.operation, 80)))];
  const pointers = KINDS.filter((k) => ops.some((o) => o.operation.toLowerCase().includes(k.words))).map((k) => k.what);
  const parts = [
    `${ops.length === 1 ? 'One traced operation' : `${count(ops.length, 'traced operation')}`} took ${ops.length === 1 ? '' : 'up to '}${duration(slowest.totalUs)}`
      + (ops.length > 1 ? ` between ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) and ${timeOfEvent(trace, last)} (${lineRef(trace, last)})` : ` at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})`)
      + `: ${listOf(names.map((n) => `"${n}"`), 4)}.${ops.length > 1 ? ` The slowest was "${clip(slowest.operation, 120)}" (${lineRef(trace, slowest.event)}).` : ''}`,
    'The kubelet prints a Trace line only for an operation that overran its threshold; seconds for what takes milliseconds mean the node was starved at the time, and its other work — node status, probes, pod syncs — waited as well.',
  ];
  const csi = csiDriverDown(ctx, node, ops);
  if (csi) {
    b.evidence(csi.event);
    parts[1] = `Near it the kubelet could not connect to the CSI driver ${csi.driver}'s socket (${lineRef(trace, csi.event)}): "${clip(printedMessage(trace, csi.event), 200)}". A CSI volume's metrics come from its driver (NodeGetVolumeStats), so the call waited on a driver that does not answer until it gave up — not the node being slow.`;
  } else if (pointers.length) parts.push(`It points at ${listOf(pointers, 3)}.`);
  return b.build({
    id: 'slow-operations',
    title: csi ? `Volume metrics wait on CSI driver ${csi.driver}, which does not answer (${duration(slowest.totalUs)})`
      : `Slow operations on the node: ${ops.length === 1 ? duration(slowest.totalUs) : `${ops.length} traced, up to ${duration(slowest.totalUs)}`}`,
    severity: csi ? 'warning' : 'info',
    explanation: parts.join(' '),
    next: csi ? `Check the ${csi.driver} node plugin on this node (its pod in the driver's DaemonSet: running, restarting, its log) and that its socket exists; restarting the node plugin re-creates the socket. Mounts it serves may hang until it answers.`
      : 'Check the node at those times: disk I/O and latency (iostat -x, the volume\'s disk), CPU steal and load (top, vmstat), and memory pressure; for lists from the API server, its latency (apiserver_request_duration_seconds).',
  });
}

/** A line near a slow volume-metrics call saying a CSI driver's socket could not be reached: the driver and the line. */
function csiDriverDown(ctx: FindingContext, node: number, ops: readonly Slow[]): { driver: string; event: number } | undefined {
  const ev = ctx.trace.events;
  const metrics = ops.filter((o) => o.operation.toLowerCase().includes('calculate volume metrics'));
  if (!metrics.length) return undefined;
  // (gRPC's own logging of the failed dial is no catalog message.)
  const candidates = ctx.ofKind('unknown');
  for (const o of metrics) {
    const t = ev.timeUs[o.event];
    for (const e of eventsNear(ctx, candidates, node, t - CSI_NEAR_US, t + CSI_NEAR_US, 20)) {
      const raw = eventRawText(ctx.trace, e, 1000);
      const m = CSI_SOCKET.exec(raw);
      if (m && CONNECT_FAILED.some((w) => raw.includes(w))) return { driver: m[1], event: e };
    }
  }
  return undefined;
}
