/**
 * pod-update-flood: one pod's "SyncLoop UPDATE" over and over, seconds or milliseconds apart. The kubelet's config
 * source passes an UPDATE only when the pod's spec or metadata changed (a status-only change is a RECONCILE), so a
 * stream of them means something keeps rewriting the pod object — a controller, operator or admission webhook
 * setting a label or an annotation, often two of them fighting over one value (rancher/rancher#30052: an ingress
 * controller's pod updated every ~20 ms after an upgrade, the node's load out of control). Each UPDATE makes the pod
 * worker sync the pod again. One finding per pod, for its densest run.
 */
import type { Detector } from '../detectors.ts';
import { eventsByPod } from '../episodes.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { count, duration, lineRef, podName, timeOfEvent } from '../wording.ts';

/** UPDATEs this close together belong to one run. */
const RUN_GAP_US = 2e6;
/** A run this long is a flood. */
const MIN_RUN = 4;
/** A run this fast (per second), or this long, is a warning. */
const WARN_RATE_PER_S = 2;
const WARN_RUN = 20;
const MAX_PER_POD = 100_000;

export const podUpdateFlood: Detector = {
  id: 'pod-update-flood',
  detect(ctx) {
    const trace = ctx.trace;
    const ev = trace.events;
    const out: Finding[] = [];
    for (const [pod, events] of eventsByPod(ctx, 'syncloop.update', MAX_PER_POD)) {
      if (pod < 0 || events.length < MIN_RUN) continue;
      // The longest run of UPDATEs each within RUN_GAP_US of the one before.
      let best = { from: 0, to: 0 };
      let from = 0;
      for (let i = 1; i <= events.length; i++) {
        if (i < events.length && ev.timeUs[events[i]] - ev.timeUs[events[i - 1]] <= RUN_GAP_US) continue;
        if (i - from > best.to - best.from) best = { from, to: i };
        from = i;
      }
      const run = events.slice(best.from, best.to);
      if (run.length < MIN_RUN) continue;
      out.push(describe(ctx, pod, run, events.length));
    }
    return out;
  },
};

function describe(ctx: Parameters<Detector['detect']>[0], pod: number, run: number[], total: number): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const first = run[0];
  const last = run[run.length - 1];
  const spanUs = ev.timeUs[last] - ev.timeUs[first];
  // Updates per second over the run (its n - 1 gaps).
  const rate = spanUs > 0 ? ((run.length - 1) * 1e6) / spanUs : Infinity;
  const every = duration(spanUs / (run.length - 1));
  const source = ctx.text(first);
  const b = new FindingBuilder(trace);
  b.pod(pod);
  for (const e of run) b.evidence(e);
  const fromFile = source === 'file' || source === 'http';
  const who = fromFile
    ? `the static pod's manifest (source "${source}") keeps changing — something rewrites the file (a configuration tool, a template run on a timer) with a different content each time`
    : 'something keeps rewriting the pod object in the API — a controller, operator or admission webhook setting a label or an annotation, often two of them fighting over one value';
  const parts = [
    `The kubelet received ${count(run.length, 'UPDATE')} for ${podName(trace, pod)} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)}), one every ${every} on average${total > run.length ? ` (${total} in the whole log)` : ''}.`,
    `The config source passes an UPDATE only when the pod's spec or metadata changed (a change of status alone is a RECONCILE), so ${who}.`,
    'Each UPDATE makes the sync loop hand the pod to its pod worker for another sync: the log floods, and with many such pods the kubelet\'s CPU and the API server\'s load climb.',
  ];
  return b.build({
    id: 'pod-update-flood',
    title: `${podName(trace, pod)} updated ${run.length} times in ${duration(spanUs)}`,
    severity: rate >= WARN_RATE_PER_S || run.length >= WARN_RUN ? 'warning' : 'info',
    explanation: parts.join(' '),
    next: fromFile
      ? 'Find what writes the manifest (ls -l --time-style=full-iso on the manifest directory, auditd) and make it write only on a real change.'
      : 'Watch the pod\'s metadata change (kubectl get pod -o yaml --show-managed-fields, or the API server\'s audit log for this pod\'s updates): the managedFields name the manager that keeps writing; fix or stop the controller or webhook that flips the value.',
  });
}
