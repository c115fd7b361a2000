/**
 * After a PLEG ContainerDied the sync loop asks the pod container deletor to remove old dead containers of the pod:
 * all of them once the pod's content may be removed, otherwise all but the newest dead one per container. In
 * ≤1.21 deciding that regenerates the pod status (one more "Generating status" line per death, seed 000).
 */
import { recv, type Go } from '../engine/ops.ts';
import type { ApiPod } from '../world/types.ts';
import type { Kubelet } from './kubelet.ts';
import { generateAPIPodStatus } from './status-gen.ts';

export function* cleanUpContainersInPod(k: Kubelet, pod: ApiPod, containerId: string): Go {
  const cached = k.pleg.cache.get(pod.uid)?.status;
  if (!cached) return;
  let removeAll: boolean;
  if (k.profile.podWorkers === 'serializer') {
    yield* generateAPIPodStatus(k, pod, cached);
    removeAll = false;
  } else removeAll = k.podWorkers.shouldPodContentBeRemoved(pod.uid);
  k.sched.trySend(k.deletorCh, { uid: pod.uid, containerId, removeAll });
}

export function* containerDeletor(k: Kubelet): Go {
  for (;;) {
    const r = yield* recv(k.deletorCh, 'wait for dead containers to delete (podContainerDeletor)');
    if (!r.ok || !r.value) return;
    const { uid, containerId, removeAll } = r.value;
    const cached = k.pleg.cache.get(uid)?.status;
    if (!cached) continue;
    const died = cached.containers.find((c) => c.id === containerId);
    const dead = cached.containers
      .filter((c) => c.state === 'exited' && (removeAll || (died !== undefined && c.name === died.name)))
      .sort((a, b) => b.finishedUs - a.finishedUs);
    for (const c of dead.slice(removeAll ? 0 : 1)) {
      if (!k.world.cri.containers.has(c.id)) continue;
      k.log('runtime.remove-container', { containerID: c.id });
      yield* k.cri(k.world.cri.removeContainer(c.id), `CRI RemoveContainer ${c.id.slice(0, 12)}`);
    }
  }
}
