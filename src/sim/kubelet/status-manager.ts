/**
 * The status manager: the cache of the statuses the kubelet generated (with a version each), its goroutine that
 * PATCHes them to the API server (on change, and every 10 s in a batch), readiness updates from the prober, and the
 * final delete of a pod once its resources are reclaimed (§3.2).
 */
import { Chan, call, select, type Go } from '../engine/ops.ts';
import { formatPod } from '../log/go-values.ts';
import { copyStatus, type ApiPod, type PodStatus } from '../world/types.ts';
import { podVal, uidVal, type Kubelet } from './kubelet.ts';
import { statusJson, statusPatch, statusPlusV } from './status-text.ts';

interface Cached {
  status: PodStatus;
  version: number;
  pod: ApiPod;
  /** 1.27+: TerminatePod was called (the status after SyncTerminatedPod). */
  finished: boolean;
}

const same = (a: PodStatus, b: PodStatus) => JSON.stringify(a) === JSON.stringify(b);

export class StatusManager {
  readonly statuses = new Map<string, Cached>();
  readonly apiVersions = new Map<string, number>();
  /** ≤1.26: per-pod sync requests; 1.27+: a 1-slot "something changed" signal. */
  readonly ch: Chan<string>;

  constructor(private readonly k: Kubelet) {
    this.ch = new Chan('podStatusChannel', k.profile.statusSignal ? 1 : 1000);
  }

  cached(uid: string): PodStatus | undefined {
    return this.statuses.get(uid)?.status;
  }

  /** The status value printed in status-manager lines: `%+v` ≤1.27, JSON after; printf lines get the `%+v` text. */
  statusVal(s: PodStatus) {
    const started = this.k.minor >= 16;
    return { t: 'struct' as const, text: () => statusPlusV(s, started), json: () => statusJson(s, true) };
  }

  setPodStatus(pod: ApiPod, status: PodStatus): void {
    this.update(pod, status, pod.deletionUs !== undefined, false);
  }

  private update(pod: ApiPod, status: PodStatus, forced: boolean, finished: boolean): void {
    const k = this.k;
    const old = this.statuses.get(pod.uid);
    if (old && same(old.status, status) && !forced && old.finished === finished) {
      k.log('status.same', { pod: podVal(pod), status: this.statusVal(status) });
      return;
    }
    const version = (old?.version ?? 0) + 1;
    this.statuses.set(pod.uid, { status: copyStatus(status), version, pod, finished: finished || (old?.finished ?? false) });
    k.log('status.adding', { podUID: pod.uid, status: this.statusVal(status) });
    k.sched.trySend(this.ch, pod.uid);
  }

  setContainerReadiness(uid: string, containerId: string, ready: boolean): void {
    const k = this.k;
    const pod = k.podManager.get(uid);
    if (!pod) return;
    const old = this.statuses.get(uid);
    const fullId = k.containerId(containerId);
    if (!old) {
      k.log('status.readiness-before-sync', { pod: k.structured ? podVal(pod) : formatPod(pod), containerID: fullId });
      return;
    }
    const status = copyStatus(old.status);
    const cs = status.containerStatuses.find((c) => c.containerID === fullId);
    if (!cs || cs.ready === ready) return;
    cs.ready = ready;
    const notReady = status.containerStatuses.filter((c) => !c.ready).map((c) => c.name);
    for (const c of status.conditions) {
      if (c.type !== 'Ready' && c.type !== 'ContainersReady') continue;
      const want = notReady.length === 0 ? 'True' : 'False';
      if (c.status !== want) c.lastTransitionUs = k.nowUs;
      c.status = want;
      c.reason = want === 'True' ? '' : 'ContainersNotReady';
      c.message = want === 'True' ? '' : `containers with unready status: [${notReady.join(' ')}]`;
    }
    this.update(old.pod, status, false, false);
  }

  /** TerminatePod: every container ends terminated; 1.27+ also marks the status final (terminal phase). */
  terminatePod(pod: ApiPod): void {
    const old = this.statuses.get(pod.uid);
    const status = copyStatus(old?.status ?? pod.status);
    for (const c of status.containerStatuses) {
      if (c.terminated) continue;
      c.terminated = { exitCode: 137, reason: 'ContainerStatusUnknown', startedUs: c.running?.startedUs ?? 0, finishedUs: this.k.nowUs, containerID: c.containerID };
      c.running = undefined;
      c.waiting = undefined;
      c.ready = false;
    }
    if (this.k.profile.deleteNeedsTerminalPhase) {
      status.phase = status.containerStatuses.every((c) => c.terminated?.exitCode === 0) ? 'Succeeded' : 'Failed';
    }
    this.update(old?.pod ?? pod, status, true, this.k.profile.deleteNeedsTerminalPhase);
  }

  removeOrphaned(desired: ReadonlySet<string>): void {
    for (const uid of [...this.statuses.keys()]) {
      if (!desired.has(uid)) {
        this.statuses.delete(uid);
        this.apiVersions.delete(uid);
      }
    }
  }
}

export function* statusManagerLoop(k: Kubelet): Go {
  const m = k.status;
  k.log('status.start');
  const tick = new Chan<number>('status syncTicker', 1);
  k.sched.ticker(tick, 10e6, k.nowUs + 10e6, () => k.alive);
  for (;;) {
    const r = yield* select([{ kind: 'recv', ch: m.ch as Chan<unknown> }, { kind: 'recv', ch: tick as Chan<unknown> }], 'select: podStatusChannel / 10s batch ticker');
    if (r.index === 0) {
      if (k.profile.statusSignal) {
        k.log('status.syncing-updated');
        yield* syncBatch(k);
      } else yield* syncStatus(k, r.value as string);
    } else {
      if (k.profile.statusSignal) k.log('status.syncing-all');
      yield* syncBatch(k);
    }
  }
}

function* syncBatch(k: Kubelet): Go {
  const m = k.status;
  const due = [...m.statuses.entries()].filter(([uid, c]) => c.version > (m.apiVersions.get(uid) ?? 0)).map(([uid]) => uid).sort();
  for (const uid of due) yield* syncStatus(k, uid);
}

/** syncPod of the status manager: GET, PATCH, and the final delete when allowed. */
function* syncStatus(k: Kubelet, uid: string): Go {
  const m = k.status;
  const c = m.statuses.get(uid);
  if (!c || c.version <= (m.apiVersions.get(uid) ?? 0)) return;
  const got = yield* call(k.world.api.getPod(uid), `GET pod ${c.pod.name} (status manager)`);
  const apiPod = got.value;
  if (!apiPod) return;
  const cur = m.statuses.get(uid);
  if (!cur) return;
  const [patch, changed] = statusPatch(apiPod.status, cur.status, uid, k.minor);
  k.log('status.patch', { pod: k.structured ? podVal(apiPod) : formatPod(apiPod), podUID: uidVal(uid), patch });
  yield* call(k.world.api.patchStatus(uid, cur.status), `PATCH status of ${c.pod.name}`);
  if (changed || k.minor < 18) k.log('status.updated', { pod: k.structured ? podVal(apiPod) : formatPod(apiPod), statusVersion: cur.version, status: m.statusVal(cur.status) });
  else k.log('status.up-to-date', { pod: podVal(apiPod), statusVersion: cur.version });
  m.apiVersions.set(uid, cur.version);
  const ready = cur.status.conditions.find((x) => x.type === 'Ready');
  if (ready) k.truth('readiness', uid, '', ready.status === 'True' ? 'ready' : 'not-ready');
  if (!canBeDeleted(k, apiPod, cur)) return;
  const del = yield* call(k.world.api.deletePod(uid), `DELETE pod ${c.pod.name} (grace 0)`);
  if (!del.ok || !del.value) return;
  k.log('status.deleted', { pod: k.structured ? podVal(apiPod) : formatPod(apiPod) });
  if (k.profile.podWorkers === 'serializer') k.truth('pod-worker', uid, '', 'terminated');
  m.statuses.delete(uid);
}

function canBeDeleted(k: Kubelet, apiPod: ApiPod, c: { status: PodStatus; finished: boolean }): boolean {
  if (apiPod.deletionUs === undefined) return false;
  if (k.profile.deleteNeedsTerminalPhase) {
    const terminal = c.status.phase === 'Succeeded' || c.status.phase === 'Failed';
    if (terminal && c.finished) k.log('status.termination-finished', { phase: { t: 'uid', v: c.status.phase }, localPhase: { t: 'uid', v: c.status.phase }, pod: podVal(apiPod), podUID: uidVal(apiPod.uid) });
    return terminal && c.finished;
  }
  if (k.profile.podWorkers === 'serializer') {
    const cached = k.pleg.cache.get(apiPod.uid);
    return cached !== undefined && !cached.err && cached.status.containers.every((x) => x.state !== 'running');
  }
  if (k.podWorkers.couldHaveRunningContainers(apiPod.uid)) {
    k.log('status.containers-pending', { pod: podVal(apiPod) });
    return false;
  }
  return k.reclaimed.has(apiPod.uid);
}
