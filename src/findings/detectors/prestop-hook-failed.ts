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
import { eventsNear } from '../episodes.ts';

const MAX_PER_NODE = 500;
const PRESTOP_EVENT = kindId('event.failed-prestop');
/** Words of an error that says the container had already stopped when the hook was run. */
const NOT_RUNNING = ['container not running', 'is not running'];
const TIMED_OUT = ['deadline exceeded', 'timeout', 'timed out'];

type Why = 'not-running' | 'timed-out' | 'cannot-exec' | 'failed';

function whyOf(err: string): Why {
  const lower = err.toLowerCase();
  if (NOT_RUNNING.some((w) => lower.includes(w))) return 'not-running';
  if (TIMED_OUT.some((w) => lower.includes(w))) return 'timed-out';
  // An exec hook's 126: the command could not be executed in the container at all.
  if (/exited with 126\b/.test(lower)) return 'cannot-exec';
  return 'failed';
}

/** A kill of the hook's container (by name) that failed this close to the hook's failure is the same stop's. */
const KILL_NEAR_US = 60e6;
const KILL_FAILED_KINDS = ['runtime.kill-failed', 'pw.sync-error'];

/** The lines saying the kill of container `name` failed near event e on its node (the first is the stop's). */
function killFailuresNear(ctx: FindingContext, e: number, name: string): number[] {
  if (!name) return [];
  const ev = ctx.trace.events;
  const near = eventsNear(ctx, ctx.ofKinds(KILL_FAILED_KINDS), ev.node[e], ev.timeUs[e] - KILL_NEAR_US, ev.timeUs[e] + KILL_NEAR_US, 200);
  const needle = `"KillContainer" for "${name}"`;
  return near.filter((k) => ctx.text(k).includes(needle));
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
      // The stop that followed failed too: the container was not stopped (and the failing kill names its pod).
      const killFailures = killFailuresNear(ctx, last, ev.cname[last] > 0 ? trace.strings[ev.cname[last]] : '');
      const killFailed = killFailures.length ? killFailures[0] : -1;
      for (const k of killFailures) {
        b.evidence(k);
        if (ev.pod[k] >= 0) pods.add(ev.pod[k]);
      }
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
          : g.why === 'timed-out' ? 'PreStop hook timed out' : g.why === 'cannot-exec' ? 'PreStop hook could not be run in the container' : 'PreStop hook failed',
        severity: g.why === 'not-running' ? 'info' : 'warning',
        explanation: `A container's preStop hook failed${whose} ${when}${quoted}. The kubelet runs the hook before it sends the stop signal, and then stops the container whatever the hook did. ${
          g.why === 'not-running'
            ? 'The runtime says the container was not running any more: it had exited (crashed, finished, or stopped by its own process) before the kubelet came to stop it, so there was nothing left for the hook to do — noise, not a lost shutdown step.'
            : g.why === 'timed-out'
            ? 'The hook did not finish in time: it takes its time out of the pod\'s termination grace period, and when that runs out the container is killed, so what the hook was to do (drain connections, deregister) may be half done.'
            : g.why === 'cannot-exec'
            ? 'Exit code 126 is the exec itself failing: the command could not be executed in the container — one whose process is half gone (its namespaces missing, as when its process cannot exit), or a command that is not executable.'
            : 'What the hook was for (draining connections, deregistering from a load balancer, flushing state) did not happen.'}${
          killFailed >= 0 ? ` And the container was not stopped either: its kill failed (${lineRef(trace, killFailed)}), so the pod cannot finish terminating — pod-kill-failed tells that part.` : g.why === 'not-running' ? '' : ' The container was stopped after it regardless.'}${restarted}`,
        next: killFailed >= 0
          ? 'The container cannot be stopped: read the runtime\'s log for it (journalctl -u docker / containerd: a stop that fails even with SIGKILL) and look for what holds its process — a mount that hangs (NFS, glusterfs, a CSI volume), a process in uninterruptible sleep (`ps -eo pid,stat,cmd | awk \'$2 ~ /D/\'`); the hook failing follows from the container being half gone.'
          : g.why === 'not-running'
          ? 'Nothing to do for the hook. If the container should not have exited before it was stopped, look at why it ended (its last state: kubectl describe pod, the container\'s log with --previous).'
          : 'Run the hook\'s command by hand in the container (`kubectl exec … -- <command>`) and check its exit status and the tools it needs; for an HTTP hook, that the port and path answer. Keep the hook shorter than terminationGracePeriodSeconds.',
      }));
    }
    return out;
  },
};
