/** Small helpers the scenarios share for annotations and outcomes. */
import type { TruthChange, TruthMachine } from '../world/truth.ts';
import type { World } from '../world/world.ts';
import type { AnnotationRule, FaultOffer, StepFacts } from './types.ts';
import { S } from './build.ts';

export function changed(world: World, machine: TruthMachine, to: string, pod?: string): TruthChange[] {
  return world.truth.changes.filter((c) => c.machine === machine && c.to === to && (pod === undefined || c.pod === pod));
}

export function firstTime(world: World, machine: TruthMachine, to: string, pod?: string): number {
  return changed(world, machine, to, pod)[0]?.timeUs ?? NaN;
}

export const printed = (site: string) => (f: StepFacts) => f.sites.includes(site);
export const became = (machine: TruthMachine, to: string) => (f: StepFacts) => f.changes.some((c) => c.machine === machine && c.to === to);
export const happened = (moment: string) => (f: StepFacts) => f.moments.some((m) => m.name === moment);

/** The first teaching point of every scenario that starts a kubelet. */
export const KUBELET_START: AnnotationRule = { id: 'kubelet-start', title: 'The kubelet starts', text: 'Run() starts PLEG, the status manager, the runtime-health and node-status loops, then the sync loop. Look at the sync loop lane: its first iterations may be skipped until the runtime and PLEG have reported once.', match: printed('syncloop.start') };

/** The teaching points of any pod's life. */
export const lifecycleAnnotations: AnnotationRule[] = [
  KUBELET_START,
  { id: 'add', title: 'SyncLoop ADD', text: 'The config source reports a new pod. HandlePodAdditions admits it and calls UpdatePod, which starts a pod worker goroutine for the UID.', match: (f) => f.sites.includes('syncloop.add') && f.changes.some((c) => c.machine === 'pod-worker') },
  { id: 'sandbox', title: 'Sandbox created', text: 'computePodActions found no sandbox ("No sandbox for pod can be found"), so SyncPod called RunPodSandbox before starting the containers.', match: became('sandbox', 'ready') },
  { id: 'container-running', title: 'Container started', text: 'CreateContainer and StartContainer returned; PLEG will see the container running at its next relist and send ContainerStarted to the sync loop.', match: became('container', 'running') },
  { id: 'ready', title: 'Readiness probe passed', text: 'The probe worker\'s result flipped to Success; the status manager sets the container and pod Ready and PATCHes the status.', match: became('readiness', 'ready') },
  { id: 'update', title: 'SyncLoop UPDATE', text: 'A user changed the pod\'s metadata (a label). The config source sees a change outside the status and sends UPDATE; HandlePodUpdates hands the pod to its worker, whose sync finds nothing to do. (A status-only change is RECONCILE, printed at -v=4.)', match: printed('syncloop.update') },
  { id: 'delete', title: 'SyncLoop DELETE', text: 'The API server set the deletion timestamp. The pod worker moves to terminating (1.22+) and the container is stopped with the grace period.', match: printed('syncloop.delete') },
  { id: 'killing', title: 'Killing the container', text: 'killContainer sends SIGTERM through CRI StopContainer; the call returns when the process exits, or at the end of the grace period with SIGKILL.', match: became('container', 'killing') },
  { id: 'remove', title: 'SyncLoop REMOVE', text: 'The status manager saw the pod terminated and issued the final delete (grace 0); the API object is gone and the kubelet forgets the pod.', match: printed('syncloop.remove') },
  { id: 'sandbox-removed', title: 'GC removed the sandbox', text: 'The container GC (every minute) removes inactive sandboxes of pods whose content may be removed.', match: became('sandbox', 'removed') },
];

/** The runtime-slowdown fault the pod scenarios offer: every CRI call 20× slower for 30 s. */
export const SLOW_RUNTIME_FAULT: FaultOffer = {
  id: 'slow-runtime', label: 'runtime calls 20× slower for 30 s', fault: { kind: 'slow-runtime', factor: 20, durationUs: 30 * S },
};
