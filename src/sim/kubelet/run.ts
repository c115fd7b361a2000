/**
 * Kubelet.Run: build one kubelet process for a version profile and start its goroutines in the order the real
 * kubelet does (GC from createAndInitKubelet; node status, runtime health, podKiller, status manager, prober,
 * PLEG from Run; the config source; the sync loop last).
 */
import type { World } from '../world/world.ts';
import { configSource } from './config-source.ts';
import { containerDeletor } from './container-deletor.ts';
import { gcLoop } from './gc.ts';
import { Kubelet, type KubeletConfig } from './kubelet.ts';
import { plegLoop } from './pleg.ts';
import { LifecyclePodWorkers } from './pod-workers-lifecycle.ts';
import { SerializerPodWorkers } from './pod-workers-serializer.ts';
import { ProbeManager, readinessUpdater } from './probe-manager.ts';
import type { Profile } from './profile.ts';
import { nodeStatusLoop, updateRuntimeUpLoop } from './runtime-health.ts';
import { StatusManager, statusManagerLoop } from './status-manager.ts';
import { podKiller, syncLoop } from './sync-loop.ts';

export function startKubelet(world: World, profile: Profile, cfg: KubeletConfig): Kubelet {
  const k = new Kubelet(world, profile, cfg);
  k.podWorkers = profile.podWorkers === 'serializer' ? new SerializerPodWorkers(k) : new LifecyclePodWorkers(k);
  k.status = new StatusManager(k);
  k.probes = new ProbeManager(k);
  k.spawn('gc', gcLoop(k));
  k.spawn('node-status', nodeStatusLoop(k));
  k.spawn('runtime-health', updateRuntimeUpLoop(k));
  if (profile.podWorkers === 'serializer') k.spawn('pod-killer', podKiller(k));
  k.spawn('status-manager', statusManagerLoop(k));
  if (!profile.probeResultsViaSyncLoop) k.spawn('probe-results', readinessUpdater(k));
  k.spawn('pleg', plegLoop(k));
  k.spawn('container-deletor', containerDeletor(k));
  k.spawn('config-source', configSource(k));
  k.spawn('sync-loop', syncLoop(k));
  return k;
}
