/**
 * PLEG, the pod lifecycle event generator (§3.3): every second list the runtime, diff each container's and
 * sandbox's state against the pod's previous record, inspect each pod that changed (GetPodStatus) into the pod
 * cache and send its events to the sync loop; then re-inspect the pods whose inspection failed last time, and stamp
 * the cache. A failed listing does not advance the relist time — after 3 minutes PLEG is unhealthy.
 *
 * As in generic.go (1.7–1.28), one relist inspects pods one after another, each call bounded only by the runtime
 * request timeout. A pod whose inspection fails keeps its old record — so the same events come back at the next
 * relist — and is re-inspected at the end of that relist as well: from the second relist on, a hung inspect costs
 * the timeout twice per relist, during which nobody's events are sent and the cache's global time stands still.
 */
import { sleep, wait, type Go } from '../engine/ops.ts';
import type { PodIdent } from '../log/go-values.ts';
import type { RtContainer, RtSandbox, RuntimePodStatus } from '../world/types.ts';
import { podVal, uidVal, type Kubelet, type PlegEvent, type PlegEventType } from './kubelet.ts';

type PlegState = 'running' | 'exited' | 'unknown' | 'non-existent';

interface PlegRecord {
  uid: string;
  pod: PodIdent;
  state: string;
  sandbox: boolean;
}

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

/** One pod's records before and after this listing. */
interface PodDiff {
  pod?: PodIdent;
  old: [string, PlegRecord][];
  cur: [string, PlegRecord][];
  events: PlegEvent[];
}

function* relist(k: Kubelet): Go {
  const p = k.pleg;
  const startUs = k.nowUs;
  const sb = yield* k.cri(k.world.cri.listSandboxes(false), 'PLEG relist: CRI ListPodSandbox');
  const cs = sb.ok ? yield* k.cri(k.world.cri.listContainers(false), 'PLEG relist: CRI ListContainers') : sb;
  if (!sb.ok || !cs.ok) {
    k.log('pleg.relist-failed', { err: (sb.ok ? cs.err : sb.err) ?? 'unknown' });
    return;
  }
  p.relistUs = startUs;
  const diffs = new Map<string, PodDiff>();
  const diffOf = (uid: string) => {
    let d = diffs.get(uid);
    if (!d) diffs.set(uid, (d = { old: [], cur: [], events: [] }));
    return d;
  };
  for (const [id, rec] of p.states) diffOf(rec.uid).old.push([id, rec]);
  for (const s of sb.value ?? []) { const d = diffOf(s.pod.uid); d.pod = s.pod; d.cur.push([s.id, { uid: s.pod.uid, pod: s.pod, state: stateOf(s), sandbox: true }]); }
  for (const c of (cs.value ?? []) as RtContainer[]) { const d = diffOf(c.pod.uid); d.pod = c.pod; d.cur.push([c.id, { uid: c.pod.uid, pod: c.pod, state: stateOf(c), sandbox: false }]); }
  const order = [...diffs.keys()].sort();
  // Diff each container's and sandbox's state (old ∪ new) per pod.
  for (const uid of order) {
    const d = diffs.get(uid)!;
    const cur = new Map(d.cur);
    const transition = (id: string, before: PlegState, after: PlegState) => {
      k.log('pleg.transition', { podUID: uidVal(uid), containerID: id, oldState: { t: 'uid', v: before }, newState: { t: 'uid', v: after } });
      d.events.push(...eventsFor(uid, id, before, after));
    };
    const old = new Map(d.old);
    // getContainersFromPods(oldPod, pod): the old record's containers then its sandboxes, then what is new, in the
    // same order; so a sandbox's event follows its containers' when both start in one relist.
    const seen = new Set<string>();
    const inOrder: string[] = [];
    for (const list of [d.old, d.cur]) {
      for (const sandbox of [false, true]) for (const [id, rec] of list) if (rec.sandbox === sandbox && !seen.has(id)) { seen.add(id); inOrder.push(id); }
    }
    for (const id of inOrder) {
      const before = (old.get(id)?.state ?? 'non-existent') as PlegState;
      const after = (cur.get(id)?.state ?? 'non-existent') as PlegState;
      if (before !== after) transition(id, before, after);
    }
  }
  const next = new Map<string, PlegRecord>();
  const keep = (entries: [string, PlegRecord][]) => { for (const [id, rec] of entries) next.set(id, rec); };
  const toReinspect = new Set(p.reinspect);
  const needsReinspection = new Set<string>();
  for (const uid of order) {
    const d = diffs.get(uid)!;
    if (d.events.length === 0) { keep(d.cur); continue; }
    const pod = d.pod ?? k.podManager.get(uid) ?? p.cache.get(uid)?.status.pod;
    if (pod && !(yield* updateCache(k, uid, pod, d.cur))) {
      if (k.structured) k.log('pleg.inspect-failed', { pod: podVal(pod), err: p.cache.get(uid)?.err ?? 'unknown' });
      else k.log('pleg.inspect-failed', { name: pod.name, namespace: pod.namespace, err: p.cache.get(uid)?.err ?? 'unknown' });
      // The old record stays, so these events are found again next time; nothing is sent now.
      needsReinspection.add(uid);
      keep(d.old);
      continue;
    }
    toReinspect.delete(uid);
    keep(d.cur);
    sendEvents(k, d.events);
  }
  // Pods whose inspection failed in the previous relist, and were not inspected successfully above, once more.
  for (const uid of [...toReinspect].sort()) {
    const d = diffs.get(uid);
    const pod = d?.pod ?? k.podManager.get(uid) ?? p.cache.get(uid)?.status.pod;
    if (pod && !(yield* updateCache(k, uid, pod, d?.cur ?? []))) {
      const err = p.cache.get(uid)?.err ?? 'unknown';
      if (k.structured) k.log('pleg.reinspect-failed', { pod: podVal(pod), err });
      else k.log('pleg.reinspect-failed', { name: pod.name, namespace: pod.namespace, err });
      needsReinspection.add(uid);
    }
  }
  p.states.clear();
  for (const [id, rec] of next) p.states.set(id, rec);
  p.reinspect = needsReinspection;
  p.cacheTimeUs = startUs;
  k.sched.broadcast(p.updated);
}

/**
 * updateCache: GetPodStatus into the pod cache, stamped with the time the inspection started; a failure is cached
 * too (the pod's worker then fails its syncs with it). True if the inspection succeeded.
 */
function* updateCache(k: Kubelet, uid: string, pod: PodIdent, records: [string, PlegRecord][]): Go<boolean> {
  const atUs = k.nowUs;
  const ids = records.filter(([, r]) => !r.sandbox).map(([id]) => id);
  const r = yield* k.inspectPod(pod, ids, `PLEG GetPodStatus ${pod.name}`);
  if (!r.ok || !r.value) {
    const prev = k.pleg.cache.get(uid);
    k.pleg.cache.set(uid, { status: prev?.status ?? { uid, pod, sandboxes: [], containers: [] }, modifiedUs: atUs, err: r.err ?? 'unknown' });
    return false;
  }
  setCache(k, uid, r.value, atUs);
  return true;
}

function sendEvents(k: Kubelet, events: PlegEvent[]): void {
  for (const e of events) {
    if (e.type === 'ContainerDied' && k.minor >= 21) {
      const c = k.pleg.cache.get(e.id)?.status.containers.find((x) => x.id === e.data);
      if (c && c.state === 'exited') k.log('pleg.container-finished', { podID: uidVal(e.id), containerID: e.data, exitCode: c.exitCode });
    }
    // ContainerChanged only refreshes the cache; it is never sent to the sync loop.
    if (e.type !== 'ContainerChanged') k.sched.trySend(k.plegCh, e);
  }
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
