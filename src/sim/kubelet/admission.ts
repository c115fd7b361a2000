/**
 * Admission (§3.7). HandlePodAdditions runs the admit handlers in order against the pods already active on the
 * node, and the first rejection wins: the pod gets a Warning event with the reason, status Failed with the message,
 * and no pod worker. syncPod runs the soft handlers (canRunPod) on every sync; a soft rejection keeps the pod
 * Running but kills its containers.
 *
 * Modelled handlers:
 *   - the predicate handler's resource fit (GeneralPredicates → PodFitsResources): the pod's requests plus those of
 *     the active pods against the node's allocatable pods, CPU and memory, first misfit reported as `OutOf<name>`
 *     with "Node didn't have enough resource: …" (logged "Predicate failed on Pod" at V2). Seed 000's custom build
 *     admits a pod that is already running on the node without checking ("just admit it").
 *   - seed 000's custom restart-limit handler, registered as an admit handler and as a soft admit handler: a pod
 *     whose status (the status manager's, else the API's) is not Running+Ready is rejected if a container has
 *     restarted `restartCountLimit` times and is not both running and ready.
 */
import type { ApiPod, PodStatus } from '../world/types.ts';
import { copyStatus } from '../world/types.ts';
import { formatPod } from '../log/go-values.ts';
import { podVal, type Kubelet } from './kubelet.ts';
import { recordEvent } from './events.ts';

export type Verdict = { ok: true } | { ok: false; reason: string; message: string };

export interface AdmitAttributes {
  pod: ApiPod;
  /** The pods already active on the node (admitted, not terminated). */
  otherPods: readonly ApiPod[];
}

export interface AdmitHandler {
  name: string;
  admit(k: Kubelet, attrs: AdmitAttributes): Verdict;
}

const ADMIT: Verdict = { ok: true };

/** The node's allocatable resources as the predicate handler reads them. */
export interface Allocatable {
  cpuMilli: number;
  memoryBytes: number;
  pods: number;
}

function requestsOf(pod: ApiPod): { cpuMilli: number; memoryBytes: number } {
  let cpuMilli = 0;
  let memoryBytes = 0;
  for (const c of pod.spec.containers) {
    cpuMilli += c.requests?.cpuMilli ?? 0;
    memoryBytes += c.requests?.memoryBytes ?? 0;
  }
  return { cpuMilli, memoryBytes };
}

/** PodFitsResources: pods count, then CPU, then memory; a resource the pod does not request is not checked. */
function resourceMisfit(alloc: Allocatable, pod: ApiPod, others: readonly ApiPod[]): { resource: string; requested: number; used: number; capacity: number } | undefined {
  if (others.length + 1 > alloc.pods) return { resource: 'pods', requested: 1, used: others.length, capacity: alloc.pods };
  const want = requestsOf(pod);
  const used = others.reduce((u, p) => {
    const r = requestsOf(p);
    return { cpuMilli: u.cpuMilli + r.cpuMilli, memoryBytes: u.memoryBytes + r.memoryBytes };
  }, { cpuMilli: 0, memoryBytes: 0 });
  if (want.cpuMilli > 0 && used.cpuMilli + want.cpuMilli > alloc.cpuMilli) return { resource: 'cpu', requested: want.cpuMilli, used: used.cpuMilli, capacity: alloc.cpuMilli };
  if (want.memoryBytes > 0 && used.memoryBytes + want.memoryBytes > alloc.memoryBytes) return { resource: 'memory', requested: want.memoryBytes, used: used.memoryBytes, capacity: alloc.memoryBytes };
  return undefined;
}

const predicateHandler: AdmitHandler = {
  name: 'predicate',
  admit(k, { pod, otherPods }) {
    // Seed 000's branch: a pod already running here is admitted without the predicates.
    if (k.cfg.custom && pod.status.phase === 'Running') {
      k.log('admit.running-on-node', { pod: pod.name });
      return ADMIT;
    }
    const misfit = resourceMisfit(k.cfg.allocatable, pod, otherPods);
    if (!misfit) return ADMIT;
    const message = `Node didn't have enough resource: ${misfit.resource}, requested: ${misfit.requested}, used: ${misfit.used}, capacity: ${misfit.capacity}`;
    k.log('admit.predicate-failed', k.structured ? { pod: podVal(pod), err: message } : { pod: formatPod(pod), reason: message });
    return { ok: false, reason: `OutOf${misfit.resource}`, message };
  },
};

function isPodReady(s: PodStatus): boolean {
  return s.conditions.some((c) => c.type === 'Ready' && c.status === 'True');
}

/** Seed 000's restartLimitAdmitHandler (as quoted in the write-up). */
const restartLimitHandler: AdmitHandler = {
  name: 'restart-limit',
  admit(k, { pod }) {
    const limit = k.cfg.custom?.restartCountLimit ?? 0;
    const status = k.status.cached(pod.uid) ?? pod.status;
    if (status.phase === 'Running' && isPodReady(status)) return ADMIT;
    for (const cs of status.containerStatuses) {
      if (cs.running && cs.ready) return ADMIT;
      if (limit > 0 && cs.restartCount >= limit) return { ok: false, reason: 'RestartLimit', message: `container restart time reaches the limit: ${limit}` };
    }
    return ADMIT;
  },
};

/** The admit handlers of this kubelet, in the order NewMainKubelet registers them. */
function admitHandlers(k: Kubelet): AdmitHandler[] {
  return k.cfg.custom ? [predicateHandler, restartLimitHandler] : [predicateHandler];
}

/** The soft admit handlers canRunPod consults on every sync. */
function softAdmitHandlers(k: Kubelet): AdmitHandler[] {
  return k.cfg.custom ? [restartLimitHandler] : [];
}

function runChain(k: Kubelet, handlers: AdmitHandler[], attrs: AdmitAttributes): Verdict {
  for (const h of handlers) {
    const v = h.admit(k, attrs);
    if (!v.ok) return v;
  }
  return ADMIT;
}

const isTerminal = (s: PodStatus) => s.phase === 'Failed' || s.phase === 'Succeeded';

/** filterOutTerminatedPods: pods whose status (the status manager's, else the API's) is not Failed or Succeeded. */
export function activePods(k: Kubelet, pods: Iterable<ApiPod>): ApiPod[] {
  return [...pods].filter((p) => !isTerminal(k.status.cached(p.uid) ?? p.status));
}

/** canAdmitPod, for HandlePodAdditions: the pods that were on the node before this one are the others. */
export function admitPod(k: Kubelet, pod: ApiPod, existing: readonly ApiPod[]): Verdict {
  return runChain(k, admitHandlers(k), { pod, otherPods: activePods(k, existing) });
}

/** canRunPod, for syncPod. */
export function canRunPod(k: Kubelet, pod: ApiPod): Verdict {
  const others = activePods(k, [...k.podManager.values()].filter((p) => p.uid !== pod.uid));
  return runChain(k, softAdmitHandlers(k), { pod, otherPods: others });
}

/** rejectPod: a Warning event with the reason, and status Failed with "Pod " + the message. No log line of its own. */
export function rejectPod(k: Kubelet, pod: ApiPod, reason: string, message: string): void {
  recordEvent(k, { kind: 'Pod', pod }, 'Warning', reason, message);
  const status = copyStatus(pod.status);
  status.phase = 'Failed';
  status.reason = reason;
  status.message = `Pod ${message}`;
  k.status.setPodStatus(pod, status);
  k.world.emit('pod-rejected', `${pod.uid} ${reason}`);
}
