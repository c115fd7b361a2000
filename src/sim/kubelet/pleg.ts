/**
 * PLEG, the pod lifecycle event generator (§3.3): every second list the runtime, diff each container's and
 * sandbox's state against the previous listing, inspect the pods that changed into the pod cache, and send the
 * events to the sync loop. A failed listing does not advance the relist time — after 3 minutes PLEG is unhealthy.
 */
import { sleep, wait, type Go } from '../engine/ops.ts';
import type { PodIdent } from '../log/go-values.ts';
import type { RtContainer, RtSandbox, RuntimePodStatus } from '../world/types.ts';
import { podVal, uidVal, type Kubelet, type PlegEvent, type PlegEventType } from './kubelet.ts';

type PlegState = 'running' | 'exited' | 'unknown' | 'non-existent';

const RELIST_PERIOD_US = 1e6;
export const RELIST_THRESHOLD_US = 3 * 60e6;

function stateOf(x: RtContainer | RtSandbox): PlegState {
  if ('sandboxId' in x) return x.state === 'running' ? 'running' : x.state === 'exited' ? 'exited' : 'unknown';
  return x.state === 'ready' ? 'running' : 'exited';
}

function eventsFor(uid: string, id: string, from: PlegState, to: PlegState): PlegEvent[] {
  const ev = (type: PlegEventType): PlegEvent => ({ id: uid, type, data: id });
  switch (to) {
    case 'running': return [ev('ContainerStarted')];
    case 'exited': return [ev('ContainerDied')];
    case 'unknown': return [ev('ContainerChanged')];
    case 'non-existent':
      return from === 'exited' ? [ev('ContainerRemoved')] : [ev('ContainerDied'), ev('ContainerRemoved')];
  }
}

export function* plegLoop(k: Kubelet): Go {
  for (;;) {
    yield* relist(k);
    yield* sleep(RELIST_PERIOD_US, 'PLEG relist period (1s)');
  }
}

function* relist(k: Kubelet): Go {
  const p = k.pleg;
  const startUs = k.nowUs;
  const sb = yield* k.cri(k.world.cri.listSandboxes(false), 'PLEG relist: CRI ListPodSandbox');
  const cs = sb.ok ? yield* k.cri(k.world.cri.listContainers(false), 'PLEG relist: CRI ListContainers', 0) : sb;
  if (!sb.ok || !cs.ok) {
    k.log('pleg.relist-failed', { err: (sb.ok ? cs.err : sb.err) ?? 'unknown' });
    return;
  }
  p.relistUs = startUs;
  // Diff each container's and sandbox's state against the previous listing (old ∪ new).
  const now = new Map<string, { uid: string; pod: PodIdent; state: PlegState; sandbox: boolean }>();
  for (const s of sb.value ?? []) now.set(s.id, { uid: s.pod.uid, pod: s.pod, state: stateOf(s), sandbox: true });
  for (const c of (cs.value ?? []) as RtContainer[]) now.set(c.id, { uid: c.pod.uid, pod: c.pod, state: stateOf(c), sandbox: false });
  const events: PlegEvent[] = [];
  const changed = new Map<string, PodIdent>();
  const transition = (id: string, uid: string, pod: PodIdent | undefined, before: PlegState, after: PlegState) => {
    k.log('pleg.transition', { podUID: uidVal(uid), containerID: id, oldState: { t: 'uid', v: before }, newState: { t: 'uid', v: after } });
    events.push(...eventsFor(uid, id, before, after));
    const known = pod ?? k.podManager.get(uid) ?? k.pleg.cache.get(uid)?.status.pod;
    if (known) changed.set(uid, known);
  };
  for (const [id, cur] of now) {
    const before = (p.states.get(id)?.state ?? 'non-existent') as PlegState;
    if (before !== cur.state) transition(id, cur.uid, cur.pod, before, cur.state);
  }
  for (const [id, old] of p.states) if (!now.has(id)) transition(id, old.uid, undefined, old.state as PlegState, 'non-existent');
  p.states.clear();
  for (const [id, v] of now) p.states.set(id, v);
  for (const uid of p.reinspect) {
    const pod = k.podManager.get(uid) ?? k.pleg.cache.get(uid)?.status.pod;
    if (pod) changed.set(uid, pod);
  }
  const idsOf = new Map<string, string[]>();
  for (const [id, v] of now) if (!v.sandbox) idsOf.set(v.uid, [...(idsOf.get(v.uid) ?? []), id]);
  for (const [uid, pod] of [...changed].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const ids = idsOf.get(uid) ?? [];
    const r = yield* k.cri(k.world.cri.podStatus(pod, ids), `PLEG GetPodStatus ${pod.name}`);
    if (!r.ok || !r.value) {
      if (k.structured) k.log('pleg.inspect-failed', { pod: podVal(pod), err: r.err ?? 'unknown' });
      else k.log('pleg.inspect-failed', { name: pod.name, namespace: pod.namespace, err: `operation timeout: ${r.err ?? 'unknown'}` });
      p.reinspect.add(uid);
      // The cache keeps the error: the pod's worker fails its syncs until an inspection succeeds.
      const prev = p.cache.get(uid);
      p.cache.set(uid, { status: prev?.status ?? { uid, pod, sandboxes: [], containers: [] }, modifiedUs: startUs, err: `operation timeout: ${r.err ?? 'unknown'}` });
      continue;
    }
    p.reinspect.delete(uid);
    setCache(k, uid, r.value, startUs);
  }
  for (const e of events) {
    if (e.type === 'ContainerDied' && k.minor >= 21) {
      const c = p.cache.get(e.id)?.status.containers.find((x) => x.id === e.data);
      if (c && c.state === 'exited') k.log('pleg.container-finished', { podID: uidVal(e.id), containerID: e.data, exitCode: c.exitCode });
    }
    // ContainerChanged only refreshes the cache; it is never sent to the sync loop.
    if (e.type !== 'ContainerChanged') k.sched.trySend(k.plegCh, e);
  }
  p.cacheTimeUs = startUs;
  k.sched.broadcast(p.updated);
}

function setCache(k: Kubelet, uid: string, status: RuntimePodStatus, atUs: number): void {
  k.pleg.cache.set(uid, { status, modifiedUs: atUs });
}

/** podCache.GetNewerThan: block until the cache holds a status for the pod newer than `minUs` (or its error). */
export function* getNewerThan(k: Kubelet, pod: PodIdent, minUs: number): Go<{ status: RuntimePodStatus; err?: string }> {
  const p = k.pleg;
  for (;;) {
    const e = p.cache.get(pod.uid);
    if ((e && e.modifiedUs > minUs) || p.cacheTimeUs > minUs) return { status: e?.status ?? { uid: pod.uid, pod, sandboxes: [], containers: [] }, err: e?.err };
    yield* wait(p.updated, 'wait for a pod cache entry newer than the last sync (PLEG)');
  }
}

/** PLEG's health check as runtimeState reports it. */
export function plegHealthError(k: Kubelet): string | undefined {
  const p = k.pleg;
  if (p.relistUs === 0) {
    return k.profile.plegYetToSucceed ? 'pleg has yet to be successful' : 'pleg was last seen active 2562047h47m16.854775807s ago; threshold is 3m0s';
  }
  const elapsed = k.nowUs - p.relistUs;
  if (elapsed > RELIST_THRESHOLD_US) return `pleg was last seen active ${goSeconds(elapsed)} ago; threshold is 3m0s`;
  return undefined;
}

function goSeconds(us: number): string {
  const m = Math.floor(us / 60e6);
  const s = (us - m * 60e6) / 1e6;
  return `${m}m${s.toFixed(6).replace(/0+$/, '').replace(/\.$/, '')}s`;
}
