/**
 * pod-cgroup-cleanup-failed: the kubelet could not remove a pod's cgroup ("Failed to delete cgroup paths"). Since 1.22
 * the terminated sync removes it before the pod worker finishes, and housekeeping removes the cgroups of pods gone
 * from the node: a failure is retried, and meanwhile the pod is not finished (it stays Terminating) or its cgroup
 * leaks. "device or resource busy" means a process is still in one of the pod's cgroups — one the runtime left
 * behind, such as a `runc init` frozen in the freezer cgroup on cgroup v1.
 */
import type { Detector } from '../detectors.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { clip } from '../text-scan.ts';
import { count, duration, lineRef, podName, timeOfEvent } from '../wording.ts';
import { eventsByPod } from '../episodes.ts';

const MAX_PER_POD = 2000;
const ATTEMPT_US = 1e6;
const BUSY = /device or resource busy|\bEBUSY\b/i;
/** A container's cgroup in a path: containerd's, CRI-O's or Docker's scope, named by the container's ID. */
const CONTAINER_SCOPE = /(?:cri-containerd-|crio-|docker-)([0-9a-f]{12})[0-9a-f]{0,52}\.scope/;

export const podCgroupCleanupFailed: Detector = {
  id: 'pod-cgroup-cleanup-failed',
  detect(ctx) {
    const trace = ctx.trace;
    const ev = trace.events;
    const out: Finding[] = [];
    for (const [pod, failures] of eventsByPod(ctx, 'cm.pod-cgroup-delete-failed', MAX_PER_POD)) {
      if (pod < 0) continue;
      const first = failures[0];
      const last = failures[failures.length - 1];
      const b = new FindingBuilder(trace);
      for (const e of failures) b.evidence(e);
      // One attempt logs a line per cgroup hierarchy (runc's) and its own summary at once: lines within a second are one.
      let attempts = 1;
      for (let k = 1; k < failures.length; k++) if (ev.timeUs[failures[k]] - ev.timeUs[failures[k - 1]] > ATTEMPT_US) attempts++;
      // The line that says why, where one does ("device or resource busy"), else the last.
      const busyLine = failures.find((e) => BUSY.test(ctx.text(e)));
      const error = ctx.text(busyLine ?? last);
      const busy = busyLine !== undefined;
      const holder = busy ? CONTAINER_SCOPE.exec(error) : null;
      const when = attempts > 1
        ? `${count(attempts, 'time')} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)}), over ${duration(ev.timeUs[last] - ev.timeUs[first])}`
        : `at ${timeOfEvent(trace, first)} (${lineRef(trace, first)}${failures.length > 1 ? `, ${failures.length} lines` : ''})`;
      out.push(b.build({
        id: 'pod-cgroup-cleanup-failed',
        title: `Cgroup of ${podName(trace, pod)} cannot be removed${busy ? ': a process is still in it' : ''}`,
        severity: 'warning',
        explanation: `The kubelet failed to remove the cgroup of ${podName(trace, pod)} ${when}: "${clip(error, 240)}". `
          + 'Since 1.22 the pod worker removes a terminated pod\'s cgroup before it finishes with the pod, and housekeeping removes those of pods gone from the node; a failure is retried, and meanwhile the pod is not finished — it stays Terminating in the API — or its cgroup is left behind.'
          + (busy ? ` "Device or resource busy" means a process is still in one of the pod's cgroups${holder ? ` (here container ${holder[1]}'s)` : ''}, though its containers are gone: one the runtime left behind, commonly a \`runc init\` stuck frozen in the freezer cgroup (cgroup v1).` : ''),
        next: 'Look inside the pod\'s cgroup for what is left: the `cgroup.procs` (or `tasks`) files under its directory (`find /sys/fs/cgroup -path "*pod<uid>*" -name cgroup.procs | xargs cat`, the UID with underscores in a systemd slice) and `ps -o pid,stat,cmd -p` those pids. A frozen `runc init` leaves once thawed (`echo THAWED > …/freezer.state` of its cgroup); the kubelet\'s next try then removes the cgroup. Upgrading runc, or moving the node to cgroup v2, keeps it from coming back.',
      }));
    }
    return out;
  },
};
