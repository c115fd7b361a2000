/**
 * pod-delete-delayed: the status manager holds back a deleted pod's final delete because its phase is not terminal
 * ("Delaying pod deletion as the phase is non-terminal", 1.27+). It deletes the API object only once the pod has a
 * terminal phase (Succeeded or Failed), written after its worker has finished terminating it. A pod held this way for
 * minutes stays in the API — Terminating — with its phase unchanged. One finding per pod whose delete waits long with
 * a phase other than Running, or Running where the log shows no kill of its containers (else the wait is their
 * stopping: slow-termination's story).
 *
 * Before 1.22 the status manager held it back while the pod's resources were not reclaimed ("Pod … is terminated, but
 * some containers have not been cleaned up"): its exited containers stay until the container garbage collector
 * removes them, so the pod stays Terminating that long (kubernetes/kubernetes#57865). One finding per pod whose log
 * ends with it held, or held a minute or more.
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { count, duration, lineRef, podName, timeOfEvent } from '../wording.ts';
import { eventsByPod } from '../episodes.ts';

const MAX_PER_POD = 2000;
/** The status manager checks every 10 s: a minute of it is no passing moment of a termination. */
const LONG_US = 60e6;

export const podDeleteDelayed: Detector = {
  id: 'pod-delete-delayed',
  detect(ctx) {
    const trace = ctx.trace;
    const ev = trace.events;
    const out: Finding[] = [];
    const deletedOf = eventsByPod(ctx, 'status.deleted', 50);
    const killed = new Set<number>();
    for (const e of ctx.ofKind('runtime.kill')) if (ev.pod[e] >= 0) killed.add(ev.pod[e]);
    for (const [pod, held] of eventsByPod(ctx, 'status.delete-gating', MAX_PER_POD)) {
      if (pod < 0) continue;
      const first = held[0];
      const last = held[held.length - 1];
      // The delete that went through at last, if the log shows it.
      let done = -1;
      for (const e of deletedOf.get(pod) ?? []) if (ev.timeUs[e] >= ev.timeUs[last]) { done = e; break; }
      const endUs = done >= 0 ? ev.timeUs[done] : ev.timeUs[last];
      const heldUs = endUs - ev.timeUs[first];
      if (heldUs < LONG_US) continue;
      // The catalog keeps the phase as the line's text. A Running pod's delete waits for its containers to stop:
      // that wait is the termination's own (slow-termination, pod-kill-failed tell it).
      const phase = /^[A-Z][a-z]{2,15}$/.test(ctx.text(last)) ? ctx.text(last) : '';
      // Where the log shows no kill of its containers (an excerpt grepped for the pod), the wait is told here.
      const running = phase === 'Running';
      if (running && killed.has(pod)) continue;
      const b = new FindingBuilder(trace);
      for (const e of held) b.evidence(e);
      if (done >= 0) b.evidence(done);
      const outcome = done >= 0
        ? ` It went through at ${timeOfEvent(trace, done)} (${lineRef(trace, done)}), ${duration(heldUs)} after the first check.`
        : ` The log ends with it still held, ${duration(heldUs)} after the first check.`;
      out.push(b.build({
        id: 'pod-delete-delayed',
        title: `Deletion of ${podName(trace, pod)} held back ${duration(heldUs)}: its phase${phase ? ` stays ${phase}` : ' is not terminal'}`,
        severity: 'warning',
        explanation: `The status manager held back the final delete of ${podName(trace, pod)} ${count(held.length, 'time')}, from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)}): "Delaying pod deletion as the phase is non-terminal"${phase ? ` (phase ${phase})` : ''}.${outcome} The kubelet deletes a deleted pod's API object only once it has a terminal phase (Succeeded or Failed), which it writes after the pod worker has finished terminating the pod; meanwhile the pod stays Terminating in the API with its old phase.${running ? ' With phase Running its containers had not stopped yet: the wait is their termination — a preStop hook, or a process slow to exit within its grace period; this log shows no kill line for them.' : ''}`,
        next: running
          ? 'Its containers were still stopping: a preStop hook that takes long (its sleep or command), or a process that ignores SIGTERM until terminationGracePeriodSeconds runs out. Check the pod\'s preStop hook and grace period (`kubectl get pod -o yaml`) and the kubelet\'s kill lines for it (`journalctl -u kubelet | grep <pod>` at -v=2 or more); the delete goes through once the containers have stopped.'
          : 'Look at why the pod\'s termination does not finish on this node: its pod worker\'s lines (a kill or a volume teardown that keeps failing, a worker that never started for a pod that never ran) and `kubectl get pod -o yaml` (its phase and conditions).',
      }));
    }
    for (const [pod, held] of eventsByPod(ctx, 'status.not-reclaimed', MAX_PER_POD)) {
      // Only the containers left behind (the line carries their statuses); still-running ones are the termination's own.
      const leftBehind = held.filter((e) => ctx.text(e) !== '');
      if (pod < 0 || leftBehind.length === 0) continue;
      const finding = notReclaimed(ctx, pod, leftBehind, deletedOf.get(pod) ?? []);
      if (finding) out.push(finding);
    }
    const orphanReports = eventsByPod(ctx, 'housekeeping.orphan-volumes-left', 20);
    for (const [pod, held] of eventsByPod(ctx, 'sync.volumes-pending', MAX_PER_POD)) {
      if (pod < 0) continue;
      const finding = volumesPending(ctx, pod, held, orphanReports.get(pod) ?? [], deletedOf.get(pod) ?? []);
      if (finding) out.push(finding);
    }
    return out;
  },
};

/** A terminated pod whose volumes are still mounted: its final delete waits for their teardown. */
function volumesPending(ctx: FindingContext, pod: number, held: number[], orphaned: readonly number[], deleted: readonly number[]): Finding | undefined {
  const trace = ctx.trace;
  const h = heldBack(ctx, held, deleted);
  // Held briefly and then deleted: the volume manager's unmount took its moment.
  if (!h) return undefined;
  const b = new FindingBuilder(trace);
  for (const e of held.slice(0, 20)) b.evidence(e);
  for (const e of orphaned.slice(0, 5)) b.evidence(e);
  if (h.done >= 0) b.evidence(h.done);
  b.pod(pod);
  const orphan = orphaned.length
    ? ` Housekeeping also found its directory orphaned with volumes still under it (${lineRef(trace, orphaned[0])}): the pod is gone from the kubelet's pods, and what is mounted for it is not being unmounted.`
    : '';
  return b.build({
    id: 'pod-delete-delayed',
    title: `Deletion of ${podName(trace, pod)} held back: its volumes are not cleaned up`,
    severity: h.heldUs >= LONG_US || orphaned.length ? 'warning' : 'info',
    explanation: `${podName(trace, pod)} is terminated, but its API object is not deleted${h.span}: "is terminated, but some volumes have not been cleaned up".${h.outcome} The kubelet deletes a deleted pod's API object only once its volumes are unmounted, so the pod stays Terminating until the volume manager has torn them down.${orphan}`,
    next: 'On the node: `mount | grep <uid>` for what is still mounted under /var/lib/kubelet/pods/<uid>/volumes, and the volume manager\'s lines for the pod (UnmountVolume.TearDown failed …). A kubelet that runs in a container (a wrapper, a containerized kubelet) must see the node\'s mounts of /var/lib/kubelet (shared, recursive propagation): a mount it cannot see is one it never unmounts.',
  });
}

/**
 * How long the final delete of a pod was held back by the status manager's checks `held`, and whether a delete in
 * `deleted` went through after them: undefined when it went through within LONG_US (a passing moment).
 */
function heldBack(ctx: FindingContext, held: readonly number[], deleted: readonly number[]): { done: number; heldUs: number; span: string; outcome: string } | undefined {
  const trace = ctx.trace;
  const ev = trace.events;
  const first = held[0];
  const last = held[held.length - 1];
  const done = deleted.find((e) => ev.timeUs[e] >= ev.timeUs[last]) ?? -1;
  const heldUs = (done >= 0 ? ev.timeUs[done] : ev.timeUs[last]) - ev.timeUs[first];
  if (done >= 0 && heldUs < LONG_US) return undefined;
  const span = held.length > 1 ? ` ${count(held.length, 'time')}, from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)})` : ` at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})`;
  const outcome = done >= 0
    ? ` The delete went through at ${timeOfEvent(trace, done)} (${lineRef(trace, done)}), ${duration(heldUs)} after the first check.`
    : held.length > 1 ? ` The log ends with it still held, ${duration(heldUs)} after the first check.` : ' The log ends with it held.';
  return { done, heldUs, span, outcome };
}

/** The ≤1.21 status manager's hold: a terminated pod's exited containers not removed yet. */
function notReclaimed(ctx: FindingContext, pod: number, held: number[], deleted: readonly number[]): Finding | undefined {
  const trace = ctx.trace;
  const h = heldBack(ctx, held, deleted);
  // Held briefly and then deleted: the usual moment before the garbage collector's next pass.
  if (!h) return undefined;
  const b = new FindingBuilder(trace);
  for (const e of held) b.evidence(e);
  if (h.done >= 0) b.evidence(h.done);
  return b.build({
    id: 'pod-delete-delayed',
    title: `Deletion of ${podName(trace, pod)} ${h.done >= 0 ? `held back ${duration(h.heldUs)}` : 'held back'}: its exited containers are not removed yet`,
    severity: h.heldUs >= LONG_US ? 'warning' : 'info',
    explanation: `The status manager did not delete the API object of ${podName(trace, pod)}${h.span}: "is terminated, but some containers have not been cleaned up".${h.outcome} Before 1.22 the kubelet deletes a deleted pod's API object only once its resources are reclaimed: no container running and none of its exited containers left on the node. Exited containers are removed by the container garbage collector (a pass a minute), so until then the pod stays Terminating in the API; a crash-looping pod leaves several (kubernetes/kubernetes#57865).`,
    next: 'Usually it clears at the garbage collector\'s next pass; if it does not, look for container GC errors in the kubelet\'s log and at the runtime (`docker ps -a` / `crictl ps -a` for the pod\'s exited containers, and whether removing them fails).',
  });
}
