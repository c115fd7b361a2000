/**
 * generateAPIPodStatus: the pod status the pod worker computes from the runtime's view on every sync. Container
 * readiness comes from the probe manager (updatePodStatus) — the read at the heart of seed 000's race.
 */
import type { Go } from '../engine/ops.ts';
import { isSidecar, type ApiPod, type Condition, type ContainerSpec, type ContainerStatus, type PodStatus, type RtContainer,
  type RuntimePodStatus } from '../world/types.ts';
import { podVal, type Kubelet } from './kubelet.ts';
import { updatePodStatus } from './probe-manager.ts';

/** A stable stand-in for an image's sha256 digest (64 hex digits). */
export function imageDigest(image: string): string {
  return (image.length * 2654435761 >>> 0).toString(16).padStart(8, '0').repeat(8);
}

/** The newest instance of each container name first. */
export function instancesOf(rt: RuntimePodStatus, name: string): RtContainer[] {
  return rt.containers.filter((c) => c.name === name).sort((a, b) => b.attempt - a.attempt || b.createdUs - a.createdUs);
}

function containerStatus(k: Kubelet, rt: RuntimePodStatus, name: string, image: string, olds: readonly ContainerStatus[] | undefined,
  notCreatedReason: string): ContainerStatus {
  const [latest, previous] = instancesOf(rt, name);
  const prevCs = olds?.find((c) => c.name === name);
  const imageID = prevCs?.imageID || `docker-pullable://${image.split(':')[0]}@sha256:${imageDigest(image)}`;
  const cs: ContainerStatus = { name, ready: false, restartCount: latest?.attempt ?? 0, image, imageID, containerID: latest ? k.containerId(latest.id) : '' };
  if (!latest) cs.waiting = { reason: k.reasonCache.get(`${rt.uid}/${name}`) ?? notCreatedReason };
  else if (latest.state === 'running') cs.running = { startedUs: latest.startedUs };
  else if (latest.state === 'exited') {
    cs.terminated = { exitCode: latest.exitCode, reason: latest.reason || 'Error', startedUs: latest.startedUs, finishedUs: latest.finishedUs, containerID: k.containerId(latest.id) };
  } else cs.waiting = { reason: 'ContainerCreating' };
  if (previous && previous.state === 'exited') {
    cs.lastTerminated = { exitCode: previous.exitCode, reason: previous.reason || 'Error', startedUs: previous.startedUs, finishedUs: previous.finishedUs, containerID: k.containerId(previous.id) };
  } else if (prevCs?.lastTerminated && latest && prevCs.containerID === cs.containerID) {
    cs.lastTerminated = prevCs.lastTerminated;
  }
  return cs;
}

/**
 * getPhase: Pending while an init container has still to succeed (Failed if one failed and the policy is Never) or
 * until something runs; terminal only when every container exited and the policy forbids restarts.
 */
export function podPhase(pod: ApiPod, statuses: ContainerStatus[], initStatuses: readonly ContainerStatus[] = []): PodStatus['phase'] {
  let pendingInit = 0;
  let failedInit = 0;
  (pod.spec.initContainers ?? []).forEach((spec, i) => {
    const c = initStatuses[i];
    if (!c || (c.running && !isSidecar(spec))) pendingInit++;
    else if (c.terminated) { if (c.terminated.exitCode !== 0) failedInit++; }
    else if (c.waiting) { if (c.lastTerminated && c.lastTerminated.exitCode !== 0) failedInit++; else if (!c.lastTerminated) pendingInit++; }
  });
  if (failedInit > 0 && pod.spec.restartPolicy === 'Never') return 'Failed';
  if (pendingInit > 0) return 'Pending';
  const running = statuses.filter((c) => c.running).length;
  const waiting = statuses.filter((c) => c.waiting).length;
  const exited = statuses.filter((c) => c.terminated);
  if (running > 0) return 'Running';
  if (waiting > 0 && exited.length === 0) return 'Pending';
  if (exited.length === statuses.length && statuses.length > 0) {
    if (pod.spec.restartPolicy === 'Always') return 'Running';
    if (exited.every((c) => c.terminated!.exitCode === 0)) return 'Succeeded';
    if (pod.spec.restartPolicy === 'Never') return 'Failed';
    return 'Running';
  }
  return waiting > 0 ? 'Pending' : 'Running';
}

function condition(type: string, ok: boolean, nowUs: number, old: PodStatus | undefined, reason = '', message = ''): Condition {
  const prev = old?.conditions.find((c) => c.type === type);
  const status = ok ? 'True' : 'False';
  return { type, status, lastTransitionUs: prev && prev.status === status ? prev.lastTransitionUs : nowUs, reason: ok ? '' : reason, message: ok ? '' : message };
}

export function* generateAPIPodStatus(k: Kubelet, pod: ApiPod, rt: RuntimePodStatus): Go<PodStatus> {
  if (k.minor >= 28) k.log('pod.generating-status', { podIsTerminal: false, pod: podVal(pod) });
  else k.log('pod.generating-status', { pod: podVal(pod) });
  const old = k.status.cached(pod.uid) ?? pod.status;
  const inits = pod.spec.initContainers ?? [];
  const initStatuses = inits.map((c) => containerStatus(k, rt, c.name, c.image, old.initContainerStatuses, 'PodInitializing'));
  // An init container is ready once it exited 0; a sidecar while it runs (no readiness probe is modelled for it).
  initStatuses.forEach((cs, i) => { cs.ready = isSidecar(inits[i]) ? cs.running !== undefined : cs.terminated?.exitCode === 0; });
  // Once an app container exists, initialisation is over even if the runtime no longer lists an init container.
  const appCreated = pod.spec.containers.some((c) => instancesOf(rt, c.name).length > 0);
  const incomplete = appCreated ? [] : inits.filter((c, i) => !initDone(c, initStatuses[i])).map((c) => c.name);
  const statuses = pod.spec.containers.map((c) => containerStatus(k, rt, c.name, c.image, old.containerStatuses, incomplete.length ? 'PodInitializing' : 'ContainerCreating'));
  yield* updatePodStatus(k, pod, statuses);
  const notReady = statuses.filter((c) => !c.ready).map((c) => c.name);
  const msg = `containers with unready status: [${notReady.join(' ')}]`;
  const now = k.nowUs;
  const conditions = [
    condition('Initialized', incomplete.length === 0, now, old, 'ContainersNotInitialized', `containers with incomplete status: [${incomplete.join(' ')}]`),
    condition('Ready', notReady.length === 0, now, old, 'ContainersNotReady', msg),
    condition('ContainersReady', notReady.length === 0, now, old, 'ContainersNotReady', msg),
    condition('PodScheduled', true, now, old),
  ];
  const status: PodStatus = {
    phase: podPhase(pod, statuses, initStatuses), conditions, message: '', reason: '', hostIP: old.hostIP || '10.0.0.10',
    podIP: old.podIP || (rt.sandboxes.some((s) => s.state === 'ready') ? podIpOf(pod.uid) : ''),
    startUs: old.startUs || now, containerStatuses: statuses, qosClass: old.qosClass || 'BestEffort',
  };
  if (inits.length) status.initContainerStatuses = initStatuses;
  return status;
}

/** An init container has done its part: exited 0, or (a sidecar) is running or has run. */
function initDone(spec: ContainerSpec, c: ContainerStatus): boolean {
  if (isSidecar(spec)) return c.running !== undefined || c.restartCount > 0 || c.terminated !== undefined;
  return c.terminated?.exitCode === 0;
}

function podIpOf(uid: string): string {
  let h = 0;
  for (let i = 0; i < uid.length; i++) h = (h * 31 + uid.charCodeAt(i)) >>> 0;
  return `10.244.${(h >>> 8) & 0xff}.${(h & 0xfd) + 2}`;
}
