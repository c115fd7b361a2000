/**
 * Housekeeping, HandlePodCleanups (§3.4), every 2 s in the sync loop goroutine. What matters for seed 004 is where
 * the list of running pods comes from: 1.22–1.26 read the runtime cache, which may be up to 2 s old, and start a
 * pod worker to kill any listed pod that has neither config nor worker — even one that already stopped; 1.27+
 * force a fresh listing first.
 */
import type { Go } from '../engine/ops.ts';
import type { RtContainer, RtSandbox, RuntimePodStatus } from '../world/types.ts';
import { uidVal, type Kubelet } from './kubelet.ts';
import { activePods } from './admission.ts';

const RUNTIME_CACHE_PERIOD_US = 2e6;
const READY_FILTER = '&PodSandboxFilter{Id:,State:&PodSandboxStateValue{State:SANDBOX_READY,},LabelSelector:map[string]string{},}';

/** GetPods(all=false): ready sandboxes and running containers, grouped by pod. Returns [pods, error]. */
function* listRunningPods(k: Kubelet): Go<[RuntimePodStatus[], string | undefined]> {
  const sb = yield* k.cri(k.world.cri.listSandboxes(true), 'CRI ListPodSandbox (ready)');
  if (!sb.ok) {
    k.log('runtime.list-failed', { err: sb.err ?? '', filter: { t: 'raw', v: JSON.stringify(READY_FILTER) }, $0: READY_FILTER });
    k.log('runtime.list-sandboxes-failed', { err: sb.err ?? '' });
    return [[], sb.err ?? 'unknown'];
  }
  const cs = yield* k.cri(k.world.cri.listContainers(true), 'CRI ListContainers (running)');
  if (!cs.ok) return [[], cs.err ?? 'unknown'];
  const pods = new Map<string, RuntimePodStatus>();
  const podOf = (x: RtSandbox | RtContainer) => {
    let p = pods.get(x.pod.uid);
    if (!p) pods.set(x.pod.uid, (p = { uid: x.pod.uid, pod: x.pod, sandboxes: [], containers: [] }));
    return p;
  };
  for (const s of sb.value ?? []) podOf(s).sandboxes.push(s);
  for (const c of cs.value ?? []) podOf(c).containers.push(c);
  return [[...pods.values()].sort((a, b) => (a.uid < b.uid ? -1 : 1)), undefined];
}

/** runtimeCache.GetPods(): refreshes the listing only when it is older than 2 s. */
function* cachedRunningPods(k: Kubelet): Go<[RuntimePodStatus[], string | undefined]> {
  const c = k.runtimeCache;
  if (k.nowUs - c.timeUs > RUNTIME_CACHE_PERIOD_US) {
    const at = k.nowUs;
    const [pods, err] = yield* listRunningPods(k);
    if (err) return [[], err];
    c.pods = pods;
    c.timeUs = at;
    k.world.emit('runtime-cache-refreshed', '');
  }
  return [c.pods, undefined];
}

/** Does housekeeping list the runtime fresh before looking for orphans (the 1.27+ behaviour)? */
export function freshListing(k: Kubelet): boolean {
  return k.cfg.housekeepingListing ? k.cfg.housekeepingListing === 'fresh' : k.profile.freshRuntimeListing;
}

export function* handlePodCleanups(k: Kubelet): Go<string | undefined> {
  const desired = new Set(k.podManager.keys());
  // ≤1.21 cleans up against the active pods: a rejected (Failed) pod's leftovers go to the podKiller.
  if (k.profile.podWorkers === 'serializer') return yield* legacyCleanups(k, new Set(activePods(k, k.podManager.values()).map((p) => p.uid)), desired);
  k.log('housekeeping.workers');
  const workers = k.podWorkers.syncKnownPods(desired);
  k.log('housekeeping.probes');
  k.probes.cleanupPods(new Set([...desired, ...[...workers].filter(([, s]) => s !== 'terminated').map(([uid]) => uid)]));
  if (!freshListing(k)) {
    const [running, err] = yield* cachedRunningPods(k);
    if (err) {
      k.log('housekeeping.list-failed', { err });
      return err;
    }
    for (const rp of running) {
      const state = workers.get(rp.uid);
      if (state === 'sync' || state === 'terminating' || desired.has(rp.uid)) continue;
      killOrphan(k, rp);
    }
  }
  k.log('housekeeping.statuses');
  k.status.removeOrphaned(new Set([...desired, ...workers.keys()]));
  const [fresh, err] = yield* listRunningPods(k);
  if (err) {
    k.log('housekeeping.list-failed', { err });
    return err;
  }
  k.log('housekeeping.dirs');
  k.log('housekeeping.mirrors');
  if (freshListing(k)) {
    k.runtimeCache.pods = fresh;
    k.runtimeCache.timeUs = k.nowUs;
    k.world.emit('runtime-cache-refreshed', '');
    for (const rp of fresh) if (!workers.has(rp.uid) && !desired.has(rp.uid)) killOrphan(k, rp);
  }
  k.log('housekeeping.cgroups');
  return undefined;
}

function killOrphan(k: Kubelet, rp: RuntimePodStatus): void {
  const opts = { t: 'struct' as const, text: '{CompletedCh:<nil> Evict:false PodStatusFunc:<nil> PodTerminationGracePeriodSecondsOverride:0xc000b4e6a8}', json: { CompletedCh: null, Evict: false, PodTerminationGracePeriodSecondsOverride: 1 } };
  k.log('housekeeping.orphan-kill', { podUID: uidVal(rp.uid), killPodOptions: opts });
  k.world.emit('orphan-kill', rp.uid);
  k.podWorkers.updatePod({ updateType: 'kill', runningPod: rp, graceOverride: 1 });
}

/** ≤1.21: forget workers of inactive pods, stop their probes, hand running leftovers to the podKiller. */
function* legacyCleanups(k: Kubelet, desired: ReadonlySet<string>, allPods: ReadonlySet<string>): Go<string | undefined> {
  k.podWorkers.syncKnownPods(desired);
  k.probes.cleanupPods(desired);
  const [running, err] = yield* cachedRunningPods(k);
  if (err) return err;
  for (const rp of running) {
    if (desired.has(rp.uid)) continue;
    const cached = k.pleg.cache.get(rp.uid)?.status;
    const pod = { uid: rp.uid, name: rp.pod.name, namespace: rp.pod.namespace };
    k.sched.trySend(k.podKillingCh, { pod: { ...pod, spec: { containers: [], restartPolicy: 'Always', terminationGracePeriodSeconds: 30 }, status: emptyStatus(), creationUs: 0, resourceVersion: 0 }, running: cached ?? rp });
  }
  k.status.removeOrphaned(allPods);
  return undefined;
}

function emptyStatus() {
  return { phase: 'Running' as const, conditions: [], message: '', reason: '', hostIP: '', podIP: '', startUs: 0, containerStatuses: [], qosClass: '' };
}
