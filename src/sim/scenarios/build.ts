/**
 * Helpers the scenarios share: pod and container specs with sensible defaults, a pod already running on the
 * node (sandbox and containers in the runtime, a matching status in the API server), kubelet configs per version,
 * and time constants.
 */
import { fnv1a32 } from '../engine/rng.ts';
import type { HashInput } from '../kubelet/container-hash.ts';
import { hashContainer } from '../kubelet/container-hash.ts';
import type { KubeletConfig } from '../kubelet/kubelet.ts';
import type { Profile } from '../kubelet/profile.ts';
import { epochToParts } from '../../util/time.ts';
import type { ApiPod, AppBehaviour, Condition, ContainerSpec, ContainerStatus, PodStatus } from '../world/types.ts';
import type { World } from '../world/world.ts';

export const S = 1e6;
export const MIN = 60 * S;

/** Epoch µs of a calendar time (UTC, as klog prints it). */
export function at(year: number, month: number, day: number, h: number, m: number, s: number, us = 0): number {
  return Date.UTC(year, month - 1, day, h, m, s) * 1000 + us;
}

export function yearOf(us: number): number {
  return epochToParts(us).year;
}

export const APP: AppBehaviour = { readyAfterUs: 2_500_000, exitAfterTermUs: 350_000, termExitCode: 0 };

export function container(name: string, image: string, over: Partial<ContainerSpec> = {}): ContainerSpec {
  return { name, image, ports: [], app: { ...APP }, ...over };
}

/** A UUID-shaped pod UID derived from a name (stable across runs). */
export function uidFor(name: string): string {
  const h = (i: number) => fnv1a32(`${i}/${name}`).toString(16).padStart(8, '0');
  const hex = h(0) + h(1) + h(2) + h(3);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export function emptyStatus(): PodStatus {
  return { phase: 'Pending', conditions: [], message: '', reason: '', hostIP: '', podIP: '', startUs: 0, containerStatuses: [], qosClass: 'BestEffort' };
}

export function makePod(name: string, namespace: string, containers: ContainerSpec[], opts: { uid?: string; graceSeconds?: number; creationUs: number; restartPolicy?: ApiPod['spec']['restartPolicy'] }): ApiPod {
  return {
    name, namespace, uid: opts.uid ?? uidFor(`${namespace}/${name}`),
    spec: { containers, restartPolicy: opts.restartPolicy ?? 'Always', terminationGracePeriodSeconds: opts.graceSeconds ?? 30 },
    status: emptyStatus(), creationUs: opts.creationUs, resourceVersion: 1,
  };
}

/** The pod is created in the API server at its creationUs (the kubelet's config source then sends ADD). */
export function createAt(world: World, pod: ApiPod): void {
  world.sched.addTimer(pod.creationUs, () => world.api.create(pod));
}

export function kubeletConfig(profile: Profile, over: Partial<KubeletConfig> & { nodeName: string; pid: number }): KubeletConfig {
  return {
    hash: hashInputFor(profile), initInspectDeadlineUs: 0, statusWaitsForRuntime: false,
    allocatable: { cpuMilli: 8000, memoryBytes: 32 * 2 ** 30, pods: 110 },
    runtimeCallTimeoutUs: 2 * MIN, syncFrequencyUs: MIN, ...over,
  };
}

export function hashInputFor(profile: Profile, extraFields: HashInput['extraFields'] = []): HashInput {
  return { scheme: profile.hashScheme, api: profile.containerApi, extraFields };
}

const cond = (type: string, ok: boolean, sinceUs: number, reason = '', message = ''): Condition =>
  ({ type, status: ok ? 'True' : 'False', lastTransitionUs: sinceUs, reason: ok ? '' : reason, message: ok ? '' : message });

export interface RunningOptions {
  startedUs: number;
  /** Earlier instances of each container that exited (restartCount). */
  restarts: number;
  /** The runtime scheme the IDs carry. */
  runtime: 'docker' | 'containerd';
  /** The hash the kubelet that created the containers stored. */
  hash: HashInput;
  /** The pod's Ready condition in the API (the node controller sets it False while the kubelet is away). */
  apiPodReady: boolean;
}

/** Puts a pod that a previous kubelet started into the runtime and the API server. */
export function placeRunningPod(world: World, pod: ApiPod, o: RunningOptions): void {
  const cri = world.cri;
  const statuses: ContainerStatus[] = [];
  let sandbox = cri.addSandbox(pod, 0, o.restarts > 0 ? 'notready' : 'ready', o.startedUs - 20 * MIN);
  if (o.restarts > 0) sandbox = cri.addSandbox(pod, o.restarts, 'ready', o.startedUs - 2 * S);
  for (const spec of pod.spec.containers) {
    const hash = hashContainer(spec, o.hash);
    let last;
    for (let a = 0; a < o.restarts; a++) {
      last = cri.addContainer(sandbox, spec.name, a, spec.image, hash, spec.app, 'exited', o.startedUs - (30 - a) * MIN,
        { code: 137, reason: 'Error', finishedUs: o.startedUs - 25 * MIN });
    }
    const c = cri.addContainer(sandbox, spec.name, o.restarts, spec.image, hash, spec.app, 'running', o.startedUs);
    statuses.push({
      name: spec.name, running: { startedUs: c.startedUs }, ready: true, restartCount: o.restarts, image: spec.image,
      imageID: `docker-pullable://${spec.image.split(':')[0]}@sha256:${c.id.slice(0, 64)}`, containerID: `${o.runtime}://${c.id}`,
      lastTerminated: last && { exitCode: 137, reason: 'Error', startedUs: last.startedUs, finishedUs: last.finishedUs, containerID: `${o.runtime}://${last.id}` },
    });
  }
  const since = o.startedUs - 40 * MIN;
  pod.status = {
    phase: 'Running', message: '', reason: '', hostIP: '10.86.98.42', podIP: `10.161.${fnv1a32(pod.uid) & 0xff}.${(fnv1a32(pod.name) & 0x7f) + 2}`,
    startUs: since, qosClass: 'Burstable', containerStatuses: statuses,
    conditions: [cond('Initialized', true, since), cond('Ready', o.apiPodReady, o.startedUs + S), cond('ContainersReady', true, o.startedUs + S), cond('PodScheduled', true, since)],
  };
  world.api.pods.set(pod.uid, pod);
}
