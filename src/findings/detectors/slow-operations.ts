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
import { eventRawText } from '../../model/trace-query.ts';
import { clip, durationAfter } from '../text-scan.ts';
import { count, duration, lineRef, listOf, timeOfEvent } from '../wording.ts';

/** A traced operation this slow counts; two within MAX_GAP_US make a finding, or one this slow alone. */
const SLOW_US = 2e6;
const VERY_SLOW_US = 10e6;
const MAX_GAP_US = 10 * 60e6;
const MAX_EVIDENCE = 20;

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
  if (pointers.length) parts.push(`It points at ${listOf(pointers, 3)}.`);
  return b.build({
    id: 'slow-operations',
    title: `Slow operations on the node: ${ops.length === 1 ? duration(slowest.totalUs) : `${ops.length} traced, up to ${duration(slowest.totalUs)}`}`,
    severity: 'info',
    explanation: parts.join(' '),
    next: 'Check the node at those times: disk I/O and latency (iostat -x, the volume\'s disk), CPU steal and load (top, vmstat), and memory pressure; for lists from the API server, its latency (apiserver_request_duration_seconds).',
  });
}
