/**
 * pod-sync-failing (a fallback, run after every other detector): a pod whose sync keeps failing with an error no other
 * rule explains ("Error syncing pod, skipping" with a runtime's API error, a devicemapper "Unknown device", a cgroup
 * or a secret the kubelet cannot read...). Each failed sync is retried after a back-off; until one succeeds the pod
 * does not progress: its containers are not (re)started, and a deleted pod is not torn down — it stays Terminating
 * (kubernetes/kubernetes#24252). The errors other findings already give as evidence are not told again.
 */
import type { Detector } from '../detectors.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { clip } from '../text-scan.ts';
import { count, duration, lineRef, podName, timeOfEvent } from '../wording.ts';
import { eventsByPod } from '../episodes.ts';

const MAX_PER_POD = 5000;
/**
 * The steps other rules read from a sync error (crashloop-backoff, image-pull-failed, sandbox-create-failed,
 * pod-kill-failed, container-config-error, network-not-ready, volume-mount-timeout, resource-claim-failed): told there,
 * or not a fault there.
 */
const READ_ELSEWHERE = /CrashLoopBackOff|ImagePullBackOff|ErrImagePull|ImageInspectError|CreatePodSandbox|KillPodSandbox|"KillContainer"|CreateContainerConfigError|network is not ready|NetworkPluginNotReady|unmounted volumes|attach or mount volumes|prepare dynamic resources/;

export const podSyncFailing: Detector = {
  id: 'pod-sync-failing',
  detect(ctx, earlier) {
    const trace = ctx.trace;
    const ev = trace.events;
    const told = new Set<number>();
    for (const f of earlier) for (const e of f.evidence) told.add(e);
    const out: Finding[] = [];
    for (const [pod, all] of eventsByPod(ctx, 'pw.sync-error', MAX_PER_POD)) {
      if (pod < 0) continue;
      const errors = all.filter((e) => !told.has(e) && ctx.text(e) !== '' && !READ_ELSEWHERE.test(ctx.text(e)));
      if (errors.length === 0) continue;
      const first = errors[0];
      const last = errors[errors.length - 1];
      const spanUs = ev.timeUs[last] - ev.timeUs[first];
      const b = new FindingBuilder(trace);
      for (const e of errors) b.evidence(e);
      const error = ctx.text(last);
      const repeated = errors.length > 1 ? ` ${count(errors.length, 'time')} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)}), over ${duration(spanUs)}` : ` at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})`;
      const same = errors.every((e) => ev.text[e] === ev.text[last]);
      out.push(b.build({
        id: 'pod-sync-failing',
        title: `Sync of ${podName(trace, pod)} failing: ${clip(error, 70)}`,
        severity: errors.length > 1 ? 'warning' : 'info',
        explanation: `The pod worker's sync of ${podName(trace, pod)} failed${repeated}: "${clip(error, 240)}"${errors.length > 1 ? (same ? ', the same error each time' : ' (the last error)') : ''}. A failed sync is retried after a back-off; until one succeeds the pod does not get further — its containers are not started or restarted, and a pod being deleted is not torn down, so it stays Terminating in the API.`,
        next: 'The error names the step that failed and who answered: an API error from the container runtime (an HTTP 500, an "rpc error") is the runtime\'s — read its log for that container (journalctl -u containerd / docker) and check it with crictl inspect / docker inspect; a container the runtime can no longer inspect or remove may have to be removed by hand for the sync to go on.',
      }));
    }
    return out;
  },
};
