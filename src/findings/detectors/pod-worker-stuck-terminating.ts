/**
 * pod-worker-stuck-terminating (seed 004): a pod worker entered terminating and never finished. In 1.22–1.26 a
 * failed kill leaves the worker terminating; housekeeping keeps logging "requested for removal but is still not
 * fully terminated" (T20), and everything keyed off the worker state waits — the container GC keeps the sandbox,
 * volumes and the final status stay (kubelet-reference §2.4, §3.4, §3.6). Reads the pod-worker state spans.
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { eventsNear } from '../episodes.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { MACHINE_IDS, SpanFlag, type ContainerInstance, type Finding, type Trace } from '../../model/trace.ts';
import { podEvents } from '../../model/trace-query.ts';
import { clip } from '../text-scan.ts';
import { count, duration, lineRef, podName, timeOfEvent } from '../wording.ts';
import { KINDS } from '../../catalog/catalog.ts';

const WORKER_MACHINE = MACHINE_IDS.indexOf('pod-worker');
/** Terminating for this long past the grace period (and at least MIN_STUCK_US) is stuck, not slow. */
const MIN_STUCK_US = 2 * 60e6;
const LONG_STUCK_US = 10 * 60e6;

interface Stuck {
  pod: number;
  /** The pod's worker spans in time order; the last one is the open terminating span. */
  spans: number[];
  graceS: number;
  removals: number[];
  removalCount: number;
  failures: number[];
  orphanKills: number[];
}

export const podWorkerStuckTerminating: Detector = {
  id: 'pod-worker-stuck-terminating',
  detect(ctx) {
    const trace = ctx.trace;
    const sp = trace.spans;
    const ev = trace.events;
    // Each pod's worker spans, in start order.
    const byPod = new Map<number, number[]>();
    for (let s = 0; s < sp.count; s++) {
      if (sp.machine[s] !== WORKER_MACHINE) continue;
      const pod = trace.lanes[sp.lane[s]].pod;
      if (pod < 0) continue;
      const list = byPod.get(pod) ?? [];
      list.push(s);
      byPod.set(pod, list);
    }
    const stuck = new Map<number, Stuck>();
    for (const [pod, spans] of byPod) {
      spans.sort((a, b) => sp.startUs[a] - sp.startUs[b] || a - b);
      const last = spans[spans.length - 1];
      const state = trace.strings[sp.state[last]];
      if (!state.startsWith('terminating') || !(sp.flags[last] & SpanFlag.OpenEnded) || (sp.flags[last] & SpanFlag.Unknown)) continue;
      stuck.set(pod, { pod, spans, graceS: 0, removals: [], removalCount: 0, failures: [], orphanKills: [] });
    }
    if (stuck.size === 0) return [];
    // When the state entered: a band that a gap in the log split keeps, after the gap, the event that entered it.
    const spanStart = (s: Stuck) => {
      const last = s.spans[s.spans.length - 1];
      return sp.startEvent[last] >= 0 ? Math.min(sp.startUs[last], ev.timeUs[sp.startEvent[last]]) : sp.startUs[last];
    };

    for (const e of ctx.ofKinds(['sync.grace', 'runtime.kill', 'runtime.kill-override'])) {
      const s = stuck.get(ev.pod[e]);
      if (s && ev.timeUs[e] >= spanStart(s) && !Number.isNaN(ev.num[e])) s.graceS = Math.max(s.graceS, ev.num[e]);
    }
    for (const e of ctx.ofKind('pw.removal-not-terminated')) {
      const s = stuck.get(ev.pod[e]);
      if (!s || ev.timeUs[e] < spanStart(s)) continue;
      s.removalCount++;
      if (s.removals.length < 20) s.removals.push(e);
    }
    for (const e of ctx.ofKinds(['runtime.kill-failed', 'pw.sync-error', 'event.failed-kill-pod', 'event.exceeded-grace'])) {
      const s = stuck.get(ev.pod[e]);
      if (s && ev.timeUs[e] >= spanStart(s) && s.failures.length < 10) s.failures.push(e);
    }
    for (const e of ctx.ofKind('housekeeping.orphan-kill')) {
      const s = stuck.get(ev.pod[e]);
      if (s && Math.abs(ev.timeUs[e] - spanStart(s)) <= 5e6) s.orphanKills.push(e);
    }

    const out: Finding[] = [];
    for (const s of stuck.values()) {
      const stuckUs = trace.endUs - spanStart(s);
      const thresholdUs = Math.max(MIN_STUCK_US, 1.5 * s.graceS * 1e6 + 60e6);
      if (stuckUs < thresholdUs && s.removalCount === 0) continue;
      out.push(describe(ctx, s, stuckUs));
    }
    return out;
  },
};

function describe(ctx: FindingContext, s: Stuck, stuckUs: number): Finding {
  const trace = ctx.trace;
  const sp = trace.spans;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  b.pod(s.pod);
  const last = s.spans[s.spans.length - 1];
  const enter = sp.startEvent[last];
  const stateAt = (k: number) => (k >= 0 ? trace.strings[sp.state[s.spans[k]]] : '');
  const k = s.spans.length - 1;
  // A worker re-created for a UID that had finished: the states before it are finished → forgotten → sync (new …).
  const recreated = stateAt(k - 1).startsWith('sync (new worker');
  const finishedSpan = s.spans.slice(0, k).reverse().find((x) => trace.strings[sp.state[x]] === 'finished');
  const forgottenSpan = s.spans.slice(0, k).reverse().find((x) => trace.strings[sp.state[x]] === 'forgotten');
  for (const x of [finishedSpan, forgottenSpan, recreated ? s.spans[k - 1] : undefined]) if (x !== undefined) b.evidence(sp.startEvent[x]);
  b.evidence(enter);
  for (const e of s.orphanKills) b.evidence(e);
  // The runtime calls that failed as the kill was attempted (they name no pod, so match by time on the node).
  const failAt = s.failures.length ? ev.timeUs[s.failures[0]] : NaN;
  const callFailures = s.failures.length ? eventsNear(ctx, ctx.ofKind('runtime.call-failed'), ev.node[s.failures[0]], failAt - 1e6, failAt, 5) : [];
  for (const e of [...callFailures, ...s.failures, ...s.removals]) b.evidence(e);
  b.extendTo(trace.endUs);

  const parts: string[] = [];
  parts.push(`The pod worker of ${podName(trace, s.pod)} (UID ${trace.pods[s.pod].uid || '?'}) entered terminating at ${timeOfEvent(trace, enter >= 0 ? enter : s.removals[0])}${enter >= 0 ? ` (${lineRef(trace, enter)})` : ''} and was still terminating when the log ends, ${duration(stuckUs)} later${s.graceS ? ` (grace period ${s.graceS} s)` : ''}.`);
  if (recreated && finishedSpan !== undefined && forgottenSpan !== undefined) {
    parts.push(`This worker was a new one for the same UID: the previous worker had finished (${lineRef(trace, sp.startEvent[finishedSpan])}) and housekeeping had forgotten it (${lineRef(trace, sp.startEvent[forgottenSpan])})` +
      `${s.orphanKills.length ? `, then in the same pass "Clean up orphaned pod containers" (${lineRef(trace, s.orphanKills[0])}) still found the pod in the runtime pod cache — a stale listing — and started a worker to kill it` : ', then it was re-created to tear the pod down again'}.`);
  }
  if (s.failures.length) {
    const firstCall = callFailures[callFailures.length - 1];
    parts.push(`The kill failed: ${firstCall !== undefined ? `"${clip(ctx.text(firstCall), 100)}" (${lineRef(trace, firstCall)}), then ` : ''}"${clip(ctx.text(s.failures[0]), 140)}" (${lineRef(trace, s.failures[0])}). The terminating sync returned an error and the worker stayed in terminating.`);
  }
  if (s.removalCount) {
    parts.push(`Housekeeping logged "Pod worker has been requested for removal but is still not fully terminated" ${count(s.removalCount, 'time')} (first ${lineRef(trace, s.removals[0])}, ${timeOfEvent(trace, s.removals[0])}): it will not forget a worker that has not terminated.`);
  }
  const sandbox = keptSandbox(trace, s.pod);
  let sandboxText = '';
  if (sandbox) {
    b.container(sandbox.index);
    const seen = lastEventOf(trace, s.pod, sandbox.index);
    if (seen >= 0) b.evidence(seen);
    const said = seen < 0 ? '' : KINDS[trace.events.kind[seen]] === 'pleg.container-died' ? ', stopped' : ', last mentioned';
    sandboxText = ` (${sandbox.id.slice(0, 12)}${said}${seen >= 0 ? ` at ${timeOfEvent(trace, seen)}, ${lineRef(trace, seen)}` : ''}; no line removes it)`;
  }
  parts.push(`While the worker says the pod may still have running containers, the container GC keeps its sandbox${sandboxText}, and volume cleanup and the final status wait too.`);

  const long = stuckUs >= LONG_STUCK_US || s.removalCount > 0;
  return b.build({
    id: 'pod-worker-stuck-terminating',
    title: `Pod worker stuck terminating for ${duration(stuckUs)}${s.failures.length ? ' after a failed kill' : ''}`,
    severity: long ? 'error' : 'warning',
    explanation: parts.join(' '),
    next: `Check that the runtime is healthy now and whether the pod's containers and sandbox still exist (crictl ps -a, crictl pods${sandbox ? `, crictl inspectp ${sandbox.id.slice(0, 12)}` : ''}). In 1.22–1.26 a worker whose runtime-only kill failed is not retried; restarting the kubelet rebuilds the workers from the runtime and lets the kill and the sandbox GC finish. 1.27+ re-lists the runtime in housekeeping and kills orphans through SyncTerminatingRuntimePod.`,
    scenario: 'sandbox-leak-terminating',
  });
}

/** The pod's sandbox that the log reported last and no line removed: the one the GC keeps while the worker waits. */
function keptSandbox(trace: Trace, pod: number): ContainerInstance | undefined {
  let best: ContainerInstance | undefined;
  let bestUs = -Infinity;
  for (const ci of trace.pods[pod].containers) {
    const c = trace.containers[ci];
    if (!c.sandbox || !Number.isNaN(c.removedUs)) continue;
    const seenUs = Math.max(...[c.createdUs, c.startedUs, c.endedUs].filter((t) => !Number.isNaN(t)), -Infinity);
    if (!best || seenUs >= bestUs) { best = c; bestUs = seenUs; }
  }
  return best;
}

/** The pod's last event about container instance `ci`, or -1. */
function lastEventOf(trace: Trace, pod: number, ci: number): number {
  const evs = podEvents(trace, pod);
  for (let k = evs.length - 1; k >= 0; k--) if (trace.events.container[evs[k]] === ci) return evs[k];
  return -1;
}
