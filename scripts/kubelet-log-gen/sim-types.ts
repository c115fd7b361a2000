/** The generator's own picture of the node: pods, their containers, and what the kubelet knows about them. */

export interface Workload {
  namespace: string;
  app: string;
  kind: 'Deployment' | 'DaemonSet' | 'StatefulSet';
  image: string;
  port: number;
  /** Relative share of the node's application pods (DaemonSets get exactly one pod). */
  weight: number;
  /** Runs an istio-proxy sidecar next to the app container. */
  sidecar: boolean;
  liveness: boolean;
  /** Probes run a command (their failure output can span several lines). */
  execProbe: boolean;
  grace: number;
}

export interface SimContainer {
  name: string;
  image: string;
  imageId: string;
  port: number;
  readinessProbe: boolean;
  livenessProbe: boolean;
  execProbe: boolean;
  probePeriodS: number;
  /** Current instance's runtime ID (64 hex), '' before the first start. */
  id: string;
  state: 'none' | 'running' | 'exited';
  ready: boolean;
  restarts: number;
  exitCode: number;
  startedUs: number;
  finishedUs: number;
  /** The previous instance (the status's last termination state). */
  lastId: string;
  lastExitCode: number;
  lastStartedUs: number;
  lastFinishedUs: number;
  /** CrashLoopBackOff: the current back-off and when it ends. */
  backoffS: number;
  backoffUntilUs: number;
  /** > 0: this container exits with an error this many seconds after each start. */
  crashAfterS: number;
  /** Consecutive liveness failures in the current streak. */
  failStreak: number;
  /** The liveness probe reached its failure threshold; the next sync kills and restarts the container. */
  livenessFailed: boolean;
  /** Bumped on every (re)start so stale probe and crash timers of an old instance do nothing. */
  probeSeq: number;
  mountName: string;
}

export type PodState = 'new' | 'sync' | 'terminating' | 'terminated' | 'finished' | 'gone';

export interface SimPod {
  uid: string;
  namespace: string;
  name: string;
  workload: Workload;
  containers: SimContainer[];
  sandboxId: string;
  podIp: string;
  phase: 'Pending' | 'Running' | 'Succeeded' | 'Failed';
  /** The pod worker's state. */
  state: PodState;
  statusVersion: number;
  /** Short form of the last status set, to tell "Ignoring same status" from a real change. */
  statusKey: string;
  createdUs: number;
  startedUs: number;
  grace: number;
  nextResyncUs: number;
  workScheduled: boolean;
  /** The liveness probe of this pod's app fails now and then (a slow dependency). */
  flakyLiveness: boolean;
  readySinceUs: number;
  /** The pod worker is inside a multi-step work item (a kill in progress, waiting for PLEG). */
  busy: boolean;
  /** Terminated work waits until the next PLEG relist has seen the containers stop. */
  awaitRelist: boolean;
}

/** A container state change the runtime made, waiting for the next PLEG relist to notice it. */
export interface PlegChange {
  pod: SimPod;
  id: string;
  from: 'non-existent' | 'running' | 'exited';
  to: 'running' | 'exited' | 'non-existent';
  exitCode: number;
  sandbox: boolean;
}
