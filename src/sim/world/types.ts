/**
 * The objects the simulated node works with: API pods (spec and status as the API server stores them) and the
 * container runtime's sandboxes and containers. Field names follow the Kubernetes types they stand for.
 */
import type { PodIdent } from '../log/go-values.ts';

export interface ProbeSpec {
  kind: 'exec' | 'http';
  periodSeconds: number;
  initialDelaySeconds: number;
  failureThreshold: number;
  successThreshold: number;
  /** For the custom seed-000 default prober: the printed probe (`&Probe{…}`). */
  text?: string;
}

/** A container of the pod spec, plus how the simulated application inside behaves. */
export interface ContainerSpec {
  name: string;
  image: string;
  ports: { name: string; containerPort: number; protocol: string }[];
  readinessProbe?: ProbeSpec;
  /** A liveness probe: the container is killed and restarted when it fails `failureThreshold` times in a row. */
  livenessProbe?: ProbeSpec;
  /** A startup probe (1.16+): liveness and readiness probes wait until it has succeeded once. */
  startupProbe?: ProbeSpec;
  preStop?: boolean;
  /**
   * On an init container: 'Always' makes it a sidecar (1.28+ with the SidecarContainers gate): it keeps running
   * beside the app containers, and the next init container starts once it is running rather than once it exits.
   */
  restartPolicy?: 'Always';
  /** resources.requests (what admission's resource fit adds up); unset: none. */
  requests?: { cpuMilli?: number; memoryBytes?: number };
  app: AppBehaviour;
}

export interface AppBehaviour {
  /** µs after start before readiness probes succeed. */
  readyAfterUs: number;
  /** µs the process takes to exit after SIGTERM; beyond the grace period it is SIGKILLed (exit 137). */
  exitAfterTermUs: number;
  /** Exit code when it exits on SIGTERM. */
  termExitCode: number;
  /**
   * If set, the process exits this long after each start, with `crashExitCode` (default 1; 0 is an init container
   * completing its work, reason Completed).
   */
  crashAfterUs?: number;
  crashExitCode?: number;
}

export type RestartPolicy = 'Always' | 'OnFailure' | 'Never';

export interface PodSpec {
  /** Run one after another, each to completion (a sidecar: until it runs), before the app containers start. */
  initContainers?: ContainerSpec[];
  containers: ContainerSpec[];
  restartPolicy: RestartPolicy;
  terminationGracePeriodSeconds: number;
}

export interface Condition {
  type: string;
  status: 'True' | 'False';
  lastTransitionUs: number;
  reason: string;
  message: string;
}

export interface ContainerStateRunning { startedUs: number }
export interface ContainerStateTerminated { exitCode: number; reason: string; startedUs: number; finishedUs: number; containerID: string }

export interface ContainerStatus {
  name: string;
  running?: ContainerStateRunning;
  terminated?: ContainerStateTerminated;
  waiting?: { reason: string };
  lastTerminated?: ContainerStateTerminated;
  ready: boolean;
  restartCount: number;
  image: string;
  imageID: string;
  /** `docker://…` / `containerd://…`, '' if none yet. */
  containerID: string;
}

export interface PodStatus {
  phase: 'Pending' | 'Running' | 'Succeeded' | 'Failed';
  conditions: Condition[];
  message: string;
  reason: string;
  hostIP: string;
  podIP: string;
  startUs: number;
  /** Only for a pod with init containers. */
  initContainerStatuses?: ContainerStatus[];
  containerStatuses: ContainerStatus[];
  qosClass: string;
}

export interface ApiPod extends PodIdent {
  spec: PodSpec;
  status: PodStatus;
  creationUs: number;
  deletionUs?: number;
  deletionGraceSeconds?: number;
  resourceVersion: number;
  /** metadata.labels (a change is a spec-side change: the config source sends UPDATE). */
  labels?: Record<string, string>;
}

export type SandboxState = 'ready' | 'notready';
export type RuntimeContainerState = 'created' | 'running' | 'exited';

export interface RtSandbox {
  id: string;
  pod: PodIdent;
  attempt: number;
  state: SandboxState;
  createdUs: number;
}

export interface RtContainer {
  id: string;
  sandboxId: string;
  pod: PodIdent;
  name: string;
  attempt: number;
  state: RuntimeContainerState;
  exitCode: number;
  reason: string;
  createdUs: number;
  startedUs: number;
  finishedUs: number;
  /** The spec hash label the kubelet that created it computed. */
  hash: number;
  image: string;
  app: AppBehaviour;
}

/** What a runtime listing or inspect returns for one pod (kubecontainer.PodStatus). */
export interface RuntimePodStatus {
  uid: string;
  pod: PodIdent;
  sandboxes: RtSandbox[];
  containers: RtContainer[];
}

export function copySandbox(s: RtSandbox): RtSandbox {
  return { ...s };
}

export function copyContainer(c: RtContainer): RtContainer {
  return { ...c };
}

function copyContainerStatus(c: ContainerStatus): ContainerStatus {
  return {
    ...c, running: c.running && { ...c.running }, terminated: c.terminated && { ...c.terminated },
    waiting: c.waiting && { ...c.waiting }, lastTerminated: c.lastTerminated && { ...c.lastTerminated },
  };
}

export function copyStatus(s: PodStatus): PodStatus {
  const out: PodStatus = {
    ...s,
    conditions: s.conditions.map((c) => ({ ...c })),
    containerStatuses: s.containerStatuses.map(copyContainerStatus),
  };
  if (s.initContainerStatuses) out.initContainerStatuses = s.initContainerStatuses.map(copyContainerStatus);
  return out;
}

/** A sidecar: an init container that keeps running (restartPolicy Always). */
export const isSidecar = (c: ContainerSpec): boolean => c.restartPolicy === 'Always';
