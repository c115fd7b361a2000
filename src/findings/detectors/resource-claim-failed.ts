/**
 * resource-claim-failed: the kubelet cannot prepare a pod's dynamic resources ("Failed to prepare dynamic resources",
 * 1.27+): SyncPod stops before the sandbox, so the pod stays ContainerCreating, and every sync tries again. "is not
 * allowed to use resource claim" means the claim is not reserved for the pod (its status.reservedFor): the scheduler
 * or the controller manager runs without DRA, or the pod bypassed the scheduler (spec.nodeName set) — google/dranet#30.
 * The same for the unprepare at termination, told by the pod sync error that carries it: the pod stays Terminating.
 */
import type { Detector } from '../detectors.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { clip } from '../text-scan.ts';
import { count, duration, lineRef, podName, timeOfEvent } from '../wording.ts';
import { kindId } from '../../catalog/catalog.ts';

const MAX_PER_POD = 500;
const NOT_RESERVED = /is not allowed to use resource claim/;
/** A pod sync error from the DRA manager (1.27+ wraps it "prepare dynamic resources: …" / "unprepare dynamic resources: …"). */
const DRA_ERROR = /\b(?:un)?prepare dynamic resources\b/i;
const UNPREPARE = /\bunprepare dynamic resources\b/i;
const SYNC_ERROR = kindId('pw.sync-error');

export const resourceClaimFailed: Detector = {
  id: 'resource-claim-failed',
  detect(ctx) {
    const trace = ctx.trace;
    const ev = trace.events;
    const out: Finding[] = [];
    // The prepare failure's own line, and the pod sync error that carries it (also for the unprepare at termination).
    const byPod = new Map<number, number[]>();
    for (const e of ctx.ofKinds(['dra.prepare-failed', 'pw.sync-error'])) {
      if (ev.pod[e] < 0 || (ev.kind[e] === SYNC_ERROR && !DRA_ERROR.test(ctx.text(e)))) continue;
      const list = byPod.get(ev.pod[e]) ?? [];
      if (list.length < MAX_PER_POD) list.push(e);
      byPod.set(ev.pod[e], list);
    }
    for (const [pod, failures] of byPod) {
      const first = failures[0];
      const last = failures[failures.length - 1];
      const error = ctx.text(last);
      const notReserved = NOT_RESERVED.test(error);
      const unprepare = UNPREPARE.test(error);
      const b = new FindingBuilder(trace);
      for (const e of failures) b.evidence(e);
      const when = failures.length > 1
        ? `${count(failures.length, 'time')} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)}), over ${duration(ev.timeUs[last] - ev.timeUs[first])}`
        : `at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})`;
      if (unprepare) {
        out.push(b.build({
          id: 'resource-claim-failed',
          title: `Dynamic resources of ${podName(trace, pod)} cannot be released`,
          severity: failures.length > 1 ? 'error' : 'warning',
          explanation: `The kubelet could not unprepare the dynamic resources of ${podName(trace, pod)} ${when}: "${clip(error, 240)}". A terminating pod's ResourceClaims are unprepared (through their DRA drivers) before its worker finishes with it, so until that succeeds the pod stays Terminating in the API and each sync tries again.`,
          next: 'Check the pod\'s ResourceClaims (`kubectl get resourceclaim -n <ns> -o yaml`: do they exist, are they allocated and reserved for it) and the DRA driver\'s kubelet plugin on this node (its pod and log); the error names which.',
        }));
        continue;
      }
      out.push(b.build({
        id: 'resource-claim-failed',
        title: `Dynamic resources of ${podName(trace, pod)} cannot be prepared${notReserved ? ': its claim is not reserved for it' : ''}`,
        severity: failures.length > 1 ? 'error' : 'warning',
        explanation: `The kubelet could not prepare the dynamic resources of ${podName(trace, pod)} ${when}: "${clip(error, 240)}". It prepares a pod's ResourceClaims (through their DRA drivers) before it creates the sandbox, so until that succeeds the pod stays ContainerCreating and each sync tries again.${notReserved
          ? ' "Not allowed to use resource claim" means the claim does not list the pod in its status.reservedFor: the scheduler allocates and reserves claims, so a scheduler or controller manager running without DynamicResourceAllocation, or a pod that skipped the scheduler (spec.nodeName set), leaves it unreserved.'
          : ' The error names the claim or the driver that failed: the DRA driver\'s plugin on this node did not prepare the device.'}`,
        next: notReserved
          ? 'Look at the claim (`kubectl get resourceclaim <name> -o yaml`: status.allocation and status.reservedFor); enable the DynamicResourceAllocation feature gate (and the resource.k8s.io API) on kube-apiserver, kube-scheduler and kube-controller-manager as well as the kubelet, and let the scheduler place the pod (no spec.nodeName).'
          : 'Check the DRA driver\'s kubelet plugin on this node (its pod and log, the socket under /var/lib/kubelet/plugins) and the claim\'s status (`kubectl get resourceclaim -o yaml`).',
      }));
    }
    return out;
  },
};
