/**
 * healthz-unhealthy: the kubelet's own health endpoint answered 500 (its HTTP server's request lines, `GET /healthz:
 * (…) 500`, -v=2 up to 1.20). /healthz fails its `syncloop` check when the sync loop has not finished an iteration for
 * max(2×syncFrequency, 5 min) (kubelet-reference §1.1): the loop is stuck — a runtime call that never returns, a
 * blocked channel. Whatever polls the endpoint (a supervisor, systemd's watchdog, kubeadm, monitoring) sees the
 * kubelet unhealthy and may restart it. The finding says when the sync loop was last seen before it, and the kubelet
 * start that followed, when the log shows them.
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { kubeletRestartsOf, firstRestartFrom } from '../../model/kubelet-restarts.ts';
import { count, duration, lineRef, timeOfEvent } from '../wording.ts';

const MAX_PER_NODE = 500;

export const healthzUnhealthy: Detector = {
  id: 'healthz-unhealthy',
  detect(ctx) {
    const ev = ctx.trace.events;
    const byNode = new Map<number, number[]>();
    for (const e of ctx.ofKind('server.request')) {
      if (ev.num[e] < 500 || !ctx.text(e).startsWith('/healthz')) continue;
      let list = byNode.get(ev.node[e]);
      if (!list) byNode.set(ev.node[e], (list = []));
      if (list.length < MAX_PER_NODE) list.push(e);
    }
    return [...byNode].map(([node, events]) => describe(ctx, node, events));
  },
};

/** The last line of `node`'s sync loop (its own lane, or housekeeping, which runs inside its iterations) before event `before`, or -1. */
function lastSyncLoopLine(ctx: FindingContext, node: number, before: number): number {
  const trace = ctx.trace;
  const ev = trace.events;
  for (let e = before - 1; e >= 0 && before - e < 1_000_000; e--) {
    const kind = trace.lanes[ev.lane[e]].kind;
    if (ev.node[e] === node && (kind === 'sync-loop' || kind === 'housekeeping')) return e;
  }
  return -1;
}

function describe(ctx: FindingContext, node: number, events: number[]): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const first = events[0];
  const last = events[events.length - 1];
  const b = new FindingBuilder(trace);
  for (const e of events) b.evidence(e);
  b.nodeLanes(node, ['sync-loop', 'housekeeping', 'other']);
  const parts = [
    `The kubelet's health endpoint answered ${ev.num[first]} ${events.length === 1 ? `at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})` : `${count(events.length, 'time')} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)})`}.`,
    '/healthz fails when the sync loop has not finished an iteration for max(2×syncFrequency, 5 min): the loop is stuck, usually on a runtime call that does not return (a hung docker or containerd), and no pod on the node is synced meanwhile.',
  ];
  const loop = lastSyncLoopLine(ctx, node, first);
  if (loop >= 0) {
    b.evidence(loop);
    parts.push(`The sync loop's last line before it is ${duration(ev.timeUs[first] - ev.timeUs[loop])} earlier (${lineRef(trace, loop)} at ${timeOfEvent(trace, loop)}).`);
  }
  const starts = kubeletRestartsOf(trace, node);
  const next = starts[firstRestartFrom(starts, ev.timeUs[first])];
  if (next) {
    b.evidence(next.startEvent);
    parts.push(`A new kubelet process starts ${duration(next.startUs - ev.timeUs[first])} after the first failed check (${lineRef(trace, next.startEvent)}): whatever polls the endpoint restarted it.`);
  }
  return b.build({
    id: 'healthz-unhealthy',
    title: `Kubelet unhealthy: /healthz answered ${ev.num[first]}${events.length > 1 ? ` (${events.length}×)` : ''}`,
    severity: 'error',
    explanation: parts.join(' '),
    next: 'Look at what the sync loop was waiting on: the runtime\'s health and log for those minutes (docker info / crictl info, journalctl -u docker / containerd), and a goroutine dump of the kubelet (curl its /debug/pprof/goroutine?debug=2 on the node, or SIGQUIT) if it hangs again.',
  });
}
