/**
 * The pod sync functions the pod workers call. ≤1.21: one syncPod for everything (status, soft admission, kill if
 * deleted or rejected, else the runtime sync). 1.22+: SyncPod, SyncTerminatingPod (incl. runtime-only orphans)
 * and SyncTerminatedPod (§2).
 */
import type { Go } from '../engine/ops.ts';
import type { ApiPod, RuntimePodStatus } from '../world/types.ts';
import { addPod } from './probe-manager.ts';
import { refFields, type Kubelet, type UpdatePodOptions } from './kubelet.ts';
import { killPod, runtimeSyncPod } from './runtime-manager.ts';
import { generateAPIPodStatus } from './status-gen.ts';
import { canRunPod } from './admission.ts';

/** An aggregate of sync errors as the kubelet prints it: one error alone, several as `[a, b]`. */
export function aggregate(errs: string[]): string | undefined {
  if (errs.length === 0) return undefined;
  return errs.length === 1 ? errs[0] : `[${errs.join(', ')}]`;
}

const running = (rt: RuntimePodStatus) => rt.containers.filter((c) => c.state === 'running');
const readySandboxes = (rt: RuntimePodStatus) => rt.sandboxes.filter((s) => s.state === 'ready');

/** ≤1.21 syncPod. Returns the sync error, if any. */
export function* syncPodLegacy(k: Kubelet, o: UpdatePodOptions, rt: RuntimePodStatus): Go<string | undefined> {
  const pod = o.pod!;
  if (o.updateType === 'kill') return aggregate(yield* killPod(k, pod, running(rt), readySandboxes(rt), o.graceOverride));
  const status = yield* generateAPIPodStatus(k, pod, rt);
  // Soft admission (canRunPod): seed 000's restart-limit handler reads the status manager's cached status.
  const admit = canRunPod(k, pod);
  if (!admit.ok) {
    k.world.emit('soft-admit-rejected', pod.uid);
    status.reason = admit.reason;
    status.message = admit.message;
  }
  k.status.setPodStatus(pod, status);
  if (!admit.ok || pod.deletionUs !== undefined || status.phase === 'Failed') {
    return aggregate(yield* killPod(k, pod, running(rt), readySandboxes(rt)));
  }
  return aggregate(yield* runtimeSyncPod(k, pod, rt));
}

/** 1.22+ SyncPod: returns [isTerminal, error]. */
export function* syncPod(k: Kubelet, pod: ApiPod, rt: RuntimePodStatus): Go<[boolean, string | undefined]> {
  k.log('sync.pod-enter', refFields(pod));
  const status = yield* generateAPIPodStatus(k, pod, rt);
  k.status.setPodStatus(pod, status);
  const isTerminal = status.phase === 'Succeeded' || status.phase === 'Failed';
  let err: string | undefined;
  if (!isTerminal) {
    yield* addPod(k, pod);
    err = aggregate(yield* runtimeSyncPod(k, pod, rt));
  }
  k.log('sync.pod-exit', { ...refFields(pod), isTerminal });
  return [isTerminal, err];
}

/** 1.22+ SyncTerminatingPod: stop probes, kill every container with the grace period, report the final state. */
export function* syncTerminatingPod(k: Kubelet, pod: ApiPod, rt: RuntimePodStatus, graceSeconds: number): Go<string | undefined> {
  k.log('sync.terminating-enter', refFields(pod));
  k.probes.removePod(pod.uid);
  k.status.setPodStatus(pod, yield* generateAPIPodStatus(k, pod, rt));
  k.log('sync.terminating-grace', { ...refFields(pod), gracePeriod: graceSeconds });
  const err = aggregate(yield* killPod(k, pod, running(rt), readySandboxes(rt), graceSeconds));
  if (err) {
    k.log('sync.terminating-exit', refFields(pod));
    return err;
  }
  const after = yield* k.inspectPod(pod, rt.containers.map((c) => c.id), `GetPodStatus ${pod.name} after the kill`);
  if (after.ok && after.value) k.status.setPodStatus(pod, yield* generateAPIPodStatus(k, pod, after.value));
  k.log('sync.stopped-all', refFields(pod));
  k.log('sync.terminating-exit', refFields(pod));
  return undefined;
}

/** A pod known only from the runtime (orphan): kill what the listing said was running, 1 s grace. */
export function* syncTerminatingRuntimePod(k: Kubelet, listed: RuntimePodStatus): Go<string | undefined> {
  const pod = listed.pod;
  if (k.profile.podWorkers === 'pending') k.log('sync.runtime-pod-enter', refFields(pod));
  else {
    k.log('sync.terminating-enter', refFields(pod));
    k.log('sync.terminating-grace', { ...refFields(pod), gracePeriod: 1 });
  }
  const err = aggregate(yield* killPod(k, pod, running(listed), readySandboxes(listed), 1));
  if (!err) k.log('sync.stopped-all-orphan', refFields(pod));
  if (k.profile.podWorkers !== 'pending') k.log('sync.terminating-exit', refFields(pod));
  return err;
}

/** 1.22+ SyncTerminatedPod: volumes, cgroups, and TerminatePod (the final status). */
export function* syncTerminatedPod(k: Kubelet, pod: ApiPod, rt: RuntimePodStatus): Go<string | undefined> {
  k.log('sync.terminated-enter', refFields(pod));
  k.status.setPodStatus(pod, yield* generateAPIPodStatus(k, pod, rt));
  k.log('sync.unmounted', refFields(pod));
  k.log('sync.cgroups-removed', refFields(pod));
  k.reclaimed.add(pod.uid);
  k.status.terminatePod(pod);
  k.log('sync.no-more-status', refFields(pod));
  k.log('sync.terminated-exit', refFields(pod));
  return undefined;
}
