/**
 * prestop-hook-failed: a container's preStop hook failed ("preStop hook for container … failed", "PreStop hook
 * failed", or the FailedPreStopHook event). The kubelet runs the hook before it sends the stop signal and goes on to
 * stop the container whatever the hook did, so a failed hook means the graceful steps it was for (draining
 * connections, deregistering) did not happen. When the error says the container was no longer running, the container
 * had exited before the hook ran: nothing to drain, and the line is noise. One finding per node and kind of failure.
 */
import type { Detector } from '../detectors.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { clip } from '../text-scan.ts';
import { count, lineRef, podNames, timeOfEvent } from '../wording.ts';
import { recordedEventMessage } from '../../model/trace-query.ts';
import { kindId } from '../../catalog/catalog.ts';
import type { FindingContext } from '../context.ts';

const MAX_PER_NODE = 500;
const PRESTOP_EVENT = kindId('event.failed-prestop');
/** Words of an error that says the container had already stopped when the hook was run. */
const NOT_RUNNING = ['container not running', 'is not running'];
const TIMED_OUT = ['deadline exceeded', 'timeout', 'timed out'];

type Why = 'not-running' | 'timed-out' | 'failed';

function whyOf(err: string): Why {
  const lower = err.toLowerCase();
  if (NOT_RUNNING.some((w) => lower.includes(w))) return 'not-running';
  if (TIMED_OUT.some((w) => lower.includes(w))) return 'timed-out';
  return 'failed';
}

/** The error a line gives: the catalog's field, or for the event (whose text column is its reason) its message. */
function errorOf(ctx: FindingContext, e: number): string {
  return ctx.trace.events.kind[e] === PRESTOP_EVENT ? recordedEventMessage(ctx.trace, e) : ctx.text(e);
}

export const prestopHookFailed: Detector = {
  id: 'prestop-hook-failed',
  detect(ctx) {
    const trace = ctx.trace;
    const ev = trace.events;
    const groups = new Map<string, { node: number; why: Why; events: number[]; error: string }>();
    for (const e of ctx.ofKinds(['runtime.prestop-failed', 'event.failed-prestop'])) {
      const error = errorOf(ctx, e);
      const why = whyOf(error);
      const key = `${ev.node[e]}\n${why}`;
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { node: ev.node[e], why, events: [], error }));
      if (g.events.length < MAX_PER_NODE) g.events.push(e);
    }
    const out: Finding[] = [];
    for (const g of groups.values()) {
      const first = g.events[0];
      const last = g.events[g.events.length - 1];
      const pods = new Set<number>();
      for (const e of g.events) if (ev.pod[e] >= 0) pods.add(ev.pod[e]);
      const b = new FindingBuilder(trace);
      for (const e of g.events) b.evidence(e);
      b.nodeLanes(g.node, ['pod-worker']);
      const when = g.events.length === 1
        ? `at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})`
        : `${count(g.events.length, 'time')}, from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)})`;
      const whose = pods.size > 0 ? ` for ${podNames(trace, pods)}` : '';
      const quoted = g.error ? `: "${clip(g.error, 200)}"` : '';
      const restarted = new Set(g.events.map((e) => ev.pid[e]).filter((p) => p > 0)).size > 1
        ? ' The lines come from more than one kubelet process.' : '';
      out.push(b.build({
        id: 'prestop-hook-failed',
        title: g.why === 'not-running' ? 'PreStop hook not run: the container had already stopped'
          : g.why === 'timed-out' ? 'PreStop hook timed out' : 'PreStop hook failed',
        severity: g.why === 'not-running' ? 'info' : 'warning',
        explanation: `A container's preStop hook failed${whose} ${when}${quoted}. The kubelet runs the hook before it sends the stop signal, and stops the container whatever the hook did. ${
          g.why === 'not-running'
            ? 'The runtime says the container was not running any more: it had exited (crashed, finished, or stopped by its own process) before the kubelet came to stop it, so there was nothing left for the hook to do — noise, not a lost shutdown step.'
            : g.why === 'timed-out'
            ? 'The hook did not finish in time: it takes its time out of the pod\'s termination grace period, and when that runs out the container is killed, so what the hook was to do (drain connections, deregister) may be half done.'
            : 'What the hook was for (draining connections, deregistering from a load balancer, flushing state) did not happen, and the container was stopped anyway.'}${restarted}`,
        next: g.why === 'not-running'
          ? 'Nothing to do for the hook. If the container should not have exited before it was stopped, look at why it ended (its last state: kubectl describe pod, the container\'s log with --previous).'
          : 'Run the hook\'s command by hand in the container (`kubectl exec … -- <command>`) and check its exit status and the tools it needs; for an HTTP hook, that the port and path answer. Keep the hook shorter than terminationGracePeriodSeconds.',
      }));
    }
    return out;
  },
};
