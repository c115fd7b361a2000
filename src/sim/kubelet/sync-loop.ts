/**
 * The main sync loop (§1.1): gate on runtime health (skip the iteration, back off 100 ms → 5 s), then one select
 * over config updates, PLEG events, the 1 s sync ticker, the 2 s housekeeping ticker and (1.21+) readiness results,
 * each dispatched to the pod workers through the Handle* functions.
 */
import { Chan, select, sleep, type Go, type SelectCase } from '../engine/ops.ts';
import type { ApiPod } from '../world/types.ts';
import { handlePodCleanups } from './housekeeping.ts';
import { podVal, uidVal, type Kubelet, type PlegEvent, type PodUpdate, type ProbeUpdate } from './kubelet.ts';
import { addPod } from './probe-manager.ts';
import { errorsText, runtimeErrors } from './runtime-health.ts';
import { admitPod, rejectPod } from './admission.ts';
import { killPod } from './runtime-manager.ts';
import { recv } from '../engine/ops.ts';
import { formatPod, rfc3339 } from '../log/go-values.ts';
import { cleanUpContainersInPod } from './container-deletor.ts';

const MAX_BACKOFF_US = 5e6;

export function* syncLoop(k: Kubelet): Go {
  k.log('syncloop.start');
  k.sched.ticker(k.syncTick, 1e6, k.nowUs + 1e6, () => k.alive);
  k.sched.ticker(k.housekeepingTick, 2e6, k.nowUs + 2e6, () => k.alive);
  let backoffUs = 100e3;
  for (;;) {
    const errs = runtimeErrors(k);
    if (errs.length > 0) {
      k.log('syncloop.skipping', { err: errorsText(k, errs) });
      k.truth('sync-gate', '', '', 'skipping pod sync');
      yield* sleep(backoffUs, `back off before the next sync-loop iteration (${backoffUs / 1e3}ms)`);
      backoffUs = Math.min(backoffUs * 2, MAX_BACKOFF_US);
      continue;
    }
    backoffUs = 100e3;
    yield* syncLoopIteration(k);
  }
}

function* syncLoopIteration(k: Kubelet): Go {
  const cases: SelectCase[] = [
    { kind: 'recv', ch: k.configCh as Chan<unknown> },
    { kind: 'recv', ch: k.plegCh as Chan<unknown> },
    { kind: 'recv', ch: k.syncTick as Chan<unknown> },
    { kind: 'recv', ch: k.housekeepingTick as Chan<unknown> },
  ];
  cases.push({ kind: 'recv', ch: k.livenessUpdates as Chan<unknown> });
  if (k.profile.probeResultsViaSyncLoop) cases.push({ kind: 'recv', ch: k.readinessUpdates as Chan<unknown> });
  const r = yield* select(cases, 'select: configCh / plegCh / syncCh / housekeepingCh / probe results');
  if (r.index !== 3) k.truth('sync-gate', '', '', 'running');
  switch (r.index) {
    case 0: return yield* handleConfig(k, r.value as PodUpdate);
    case 1: return yield* handlePleg(k, r.value as PlegEvent);
    case 2: return handleSyncTick(k);
    case 3: return yield* handleHousekeeping(k);
    case 4: return handleLiveness(k, r.value as ProbeUpdate);
    case 5: return handleReadiness(k, r.value as ProbeUpdate);
  }
}

function* handleConfig(k: Kubelet, u: PodUpdate): Go {
  const site = { ADD: 'syncloop.add', UPDATE: 'syncloop.update', DELETE: 'syncloop.delete', REMOVE: 'syncloop.remove', RECONCILE: 'syncloop.reconcile' }[u.op];
  const deletion = (p: { uid: string }) => {
    const pod = u.pods.find((x) => x.uid === p.uid);
    return pod?.deletionUs !== undefined ? rfc3339(pod.deletionUs) : undefined;
  };
  k.log(site, { source: u.source, pods: { t: 'pods', pods: u.pods, deletion: u.op === 'DELETE' || u.op === 'UPDATE' ? deletion : undefined } });
  switch (u.op) {
    case 'ADD': yield* handlePodAdditions(k, u.pods); break;
    case 'UPDATE': case 'DELETE': handlePodUpdates(k, u.pods, u.op === 'DELETE'); break;
    case 'REMOVE': handlePodRemoves(k, u.pods); break;
    case 'RECONCILE': for (const p of u.pods) if (k.podManager.has(p.uid)) k.podManager.set(p.uid, p); break;
  }
  k.sourcesReady = true;
}

function* handlePodAdditions(k: Kubelet, pods: ApiPod[]): Go {
  for (const pod of [...pods].sort((a, b) => a.creationUs - b.creationUs)) {
    const existing = [...k.podManager.values()];
    k.podManager.set(pod.uid, pod);
    const verdict = admitPod(k, pod, existing);
    if (!verdict.ok) {
      rejectPod(k, pod, verdict.reason, verdict.message);
      continue;
    }
    k.podWorkers.updatePod({ updateType: 'create', pod });
    if (k.profile.podWorkers === 'serializer') k.truth('pod-worker', pod.uid, '', 'syncing');
    if (!k.profile.probesAddedBySyncPod) yield* addPod(k, pod);
  }
}

/**
 * dispatchWork: hand a known pod to its worker. ≤1.21 first skips a pod whose phase is terminal (a rejected or
 * completed pod has no worker to run it; a deleted one gets its final status so the status manager can delete it);
 * 1.22+ pod workers handle terminal pods themselves.
 */
function dispatchWork(k: Kubelet, o: { updateType: 'update' | 'sync'; pod: ApiPod }): void {
  if (k.profile.podWorkers === 'serializer') {
    const phase = (k.status.cached(o.pod.uid) ?? o.pod.status).phase;
    if (phase === 'Failed' || phase === 'Succeeded') {
      if (o.pod.deletionUs !== undefined) k.status.terminatePod(o.pod);
      return;
    }
  }
  k.podWorkers.updatePod(o);
}

function handlePodUpdates(k: Kubelet, pods: ApiPod[], deletion: boolean): void {
  for (const pod of pods) {
    k.podManager.set(pod.uid, pod);
    if (deletion && k.profile.podWorkers === 'serializer' && k.world.truth.get('pod-worker', pod.uid) === 'syncing') k.truth('pod-worker', pod.uid, '', 'deleting');
    dispatchWork(k, { updateType: 'update', pod });
  }
}

function handlePodRemoves(k: Kubelet, pods: ApiPod[]): void {
  for (const pod of pods) {
    k.podManager.delete(pod.uid);
    if (k.profile.podWorkers !== 'serializer') {
      k.log('pod.deleted-must-kill', { pod: podVal(pod), podUID: uidVal(pod.uid) });
      k.podWorkers.updatePod({ updateType: 'kill', pod });
      continue;
    }
    // ≤1.21 deletePod: forget the worker, hand anything still running to the podKiller, stop probing.
    k.podWorkers.forgetWorker?.(pod.uid);
    k.truth('pod-worker', pod.uid, '', 'removed');
    const cached = k.pleg.cache.get(pod.uid)?.status;
    if (cached && cached.containers.some((c) => c.state === 'running')) k.sched.trySend(k.podKillingCh, { pod, running: cached });
    k.probes.removePod(pod.uid);
  }
}

function* handlePleg(k: Kubelet, e: PlegEvent): Go {
  const pod = k.podManager.get(e.id);
  const event = plegEventVal(k, e);
  if (!pod) {
    k.log('syncloop.pleg-ignored', { event });
    return;
  }
  if (e.type !== 'ContainerRemoved') {
    k.log('syncloop.pleg', { pod: podVal(pod), event });
    dispatchWork(k, { updateType: 'sync', pod });
  }
  if (e.type === 'ContainerDied') yield* cleanUpContainersInPod(k, pod, e.data);
}

function plegEventVal(k: Kubelet, e: PlegEvent) {
  if (!k.structured) return { t: 'raw' as const, v: `&pleg.PodLifecycleEvent{ID:"${e.id}", Type:"${e.type}", Data:"${e.data}"}` };
  return { t: 'struct' as const, text: `&{ID:${e.id} Type:${e.type} Data:${e.data}}`, json: { ID: e.id, Type: e.type, Data: e.data } };
}

function handleSyncTick(k: Kubelet): void {
  const due: ApiPod[] = [];
  for (const [uid, at] of k.workQueue) {
    if (at > k.nowUs) continue;
    k.workQueue.delete(uid);
    const pod = k.podManager.get(uid);
    if (pod) due.push(pod);
  }
  if (due.length === 0) return;
  due.sort((a, b) => (a.uid < b.uid ? -1 : 1));
  k.log('syncloop.sync', { total: due.length, pods: k.structured ? { t: 'pods', pods: due } : { t: 'raw', v: due.map((p) => `${p.name}_${p.namespace}(${p.uid})`).join(', ') } });
  for (const pod of due) dispatchWork(k, { updateType: 'sync', pod });
}

function* handleHousekeeping(k: Kubelet): Go {
  if (!k.sourcesReady) {
    k.log('housekeeping.skipped');
    return;
  }
  k.truth('sync-gate', '', '', 'running');
  const startUs = k.nowUs;
  k.log('housekeeping.start');
  const err = yield* handlePodCleanups(k);
  if (err) k.log('housekeeping.failed', { err });
  k.log('housekeeping.end', { duration: k.minor >= 28 ? { t: 'stringer', v: `${Math.max(1, Math.round((k.nowUs - startUs) / 1e3))}ms` } : undefined });
}

/**
 * A liveness Failure (or, 1.16+, any startup result): sync the pod, whose computePodActions then kills the failed
 * container. ≤1.20 says "SyncLoop (container unhealthy)"; 1.21+ handleProbeSync says "SyncLoop (probe)".
 */
function handleLiveness(k: Kubelet, u: ProbeUpdate): void {
  if (u.type !== 'startup' && u.result !== 'Failure') return;
  const pod = k.podManager.get(u.uid);
  if (!pod) return;
  if (k.structured) k.log('syncloop.probe', { probe: u.type ?? 'liveness', status: u.type === 'startup' && u.result === 'Success' ? 'started' : 'unhealthy', pod: podVal(pod) });
  else k.log('syncloop.container-unhealthy', { pod: formatPod(pod) });
  dispatchWork(k, { updateType: 'sync', pod });
}

function handleReadiness(k: Kubelet, u: ProbeUpdate): void {
  const ready = u.result === 'Success';
  k.status.setContainerReadiness(u.uid, u.containerId, ready);
  const pod = k.podManager.get(u.uid);
  if (!pod) return;
  k.truth('readiness', u.uid, '', ready ? 'ready' : 'not-ready');
  k.log('syncloop.probe', { probe: 'readiness', status: ready ? 'ready' : '', pod: podVal(pod) });
  dispatchWork(k, { updateType: 'sync', pod });
}

/** ≤1.21: the podKiller goroutine kills pods that are running but no longer wanted. */
export function* podKiller(k: Kubelet): Go {
  for (;;) {
    const r = yield* recv(k.podKillingCh, 'wait for a pod to kill (podKiller)');
    if (!r.ok || !r.value) return;
    const { pod, running } = r.value;
    k.log('kill.unwanted-pod', { pod: pod.name });
    yield* killPod(k, pod, running.containers.filter((c) => c.state === 'running'), running.sandboxes.filter((s) => s.state === 'ready'));
  }
}
