/**
 * Container garbage collection (every minute, §3.6): remove dead containers beyond one per container (all of them
 * once the pod's content may be removed) and inactive sandboxes — every one of a pod whose content may be removed,
 * otherwise all but the newest. Whether a pod's content may be removed is the pod workers' call.
 */
import { sleep, type Go } from '../engine/ops.ts';
import type { RtContainer, RtSandbox } from '../world/types.ts';
import type { Kubelet } from './kubelet.ts';

export function* gcLoop(k: Kubelet): Go {
  for (;;) {
    yield* garbageCollect(k);
    yield* sleep(60e6, 'container GC period (1m)');
  }
}

function* garbageCollect(k: Kubelet): Go {
  const sb = yield* k.cri(k.world.cri.listSandboxes(false), 'GC: CRI ListPodSandbox');
  const cs = sb.ok ? yield* k.cri(k.world.cri.listContainers(false), 'GC: CRI ListContainers') : sb;
  if (!sb.ok || !cs.ok) {
    k.log('gc.failed', { err: (sb.ok ? cs.err : sb.err) ?? 'unknown' });
    return;
  }
  let containers = (cs.value ?? []) as RtContainer[];
  // evictContainers: dead containers beyond the newest one per container, or all of a pod that may go.
  const dead = containers.filter((c) => c.state === 'exited').sort((a, b) => b.finishedUs - a.finishedUs);
  const kept = new Set<string>();
  for (const c of dead) {
    const key = `${c.pod.uid}/${c.name}`;
    if (!k.podWorkers.shouldPodContentBeRemoved(c.pod.uid) && !kept.has(key)) { kept.add(key); continue; }
    if (k.structured) k.log('runtime.remove-container', { containerID: c.id });
    const r = yield* k.cri(k.world.cri.removeContainer(c.id), `GC: CRI RemoveContainer ${c.id.slice(0, 12)}`);
    if (r.ok) containers = containers.filter((x) => x.id !== c.id);
  }
  const byPod = new Map<string, RtSandbox[]>();
  for (const s of sb.value ?? []) byPod.set(s.pod.uid, [...(byPod.get(s.pod.uid) ?? []), s]);
  for (const [uid, sandboxes] of [...byPod].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const removable = k.podWorkers.shouldPodContentBeRemoved(uid);
    const inactive = sandboxes
      .filter((s) => s.state !== 'ready' && !containers.some((c) => c.sandboxId === s.id))
      .sort((a, b) => a.createdUs - b.createdUs);
    const victims = removable ? inactive : inactive.slice(0, Math.max(0, inactive.length - 1));
    // The newest inactive sandbox of a pod whose content may not be removed yet stays (a scenario moment).
    if (!removable && inactive.length > 0) k.world.emit('gc-kept-sandbox', uid);
    for (const s of victims) {
      k.log('gc.remove-sandbox', { podSandboxID: s.id, sandboxID: s.id });
      yield* k.cri(k.world.cri.removeSandbox(s.id), `GC: CRI RemovePodSandbox ${s.id.slice(0, 12)}`);
    }
  }
}
