/**
 * How the simulated kubelet speaks: one method per log message it prints. The simulation decides *what* happens;
 * a dialect decides how a given kubelet era writes it (1.23 structured text, or 1.12 printf text). A dialect may
 * print nothing for a message its era did not have.
 */
import type { PlegChange, SimContainer, SimPod } from './sim-types.ts';

export type ConfigOp = 'ADD' | 'UPDATE' | 'DELETE' | 'REMOVE' | 'RECONCILE';
/** Pod worker work types (1.22–1.26 print them as integers). */
export type WorkType = 0 | 1 | 2;
export type ProbeType = 'Readiness' | 'Liveness';

export interface Dialect {
  kubeletStarted(): void;
  configOp(op: ConfigOp, source: string, pods: readonly SimPod[]): void;
  syncTick(pods: readonly SimPod[]): void;
  housekeeping(forgotten: readonly SimPod[], failure: string): void;
  housekeepingSlow(seconds: number): void;
  skippingSync(err: string): void;
  runtimeCheckFailed(err: string): void;
  relistFailed(err: string): void;
  runtimeCallFailed(method: string, err: string, containerId: string): void;
  nodeNotReady(node: string, message: string, epochUs: number): void;
  nodeEvent(node: string, reason: string, message: string): void;

  firstSync(p: SimPod): void;
  workStart(p: SimPod, type: WorkType): void;
  workDone(p: SimPod, type: WorkType): void;
  syncPodEnter(p: SimPod): void;
  syncPodExit(p: SimPod): void;
  generatingStatus(p: SimPod): void;
  noSandbox(p: SimPod): void;
  podActions(p: SimPod, actions: string): void;
  creatingSandbox(p: SimPod): void;
  createdSandbox(p: SimPod): void;
  containerToStart(p: SimPod, c: SimContainer): void;
  creatingContainer(p: SimPod, c: SimContainer): void;
  backOff(p: SimPod, c: SimContainer): void;
  syncError(p: SimPod, c: SimContainer): void;
  event(p: SimPod, c: SimContainer | undefined, type: 'Normal' | 'Warning', reason: string, message: string): void;
  killDecision(p: SimPod, c: SimContainer, message: string): void;
  killing(p: SimPod, c: SimContainer, graceS: number): void;
  exitedNormally(p: SimPod, c: SimContainer): void;

  teardown(p: SimPod): void;
  observedTerminate(p: SimPod): void;
  terminatingEnter(p: SimPod): void;
  terminatingGrace(p: SimPod): void;
  postTermination(p: SimPod): void;
  stoppedAll(p: SimPod): void;
  terminatingExit(p: SimPod): void;
  terminatedAll(p: SimPod): void;
  terminatedEnter(p: SimPod): void;
  cleanupStep(p: SimPod, message: string): void;
  noMoreStatus(p: SimPod): void;
  terminatedExit(p: SimPod): void;
  complete(p: SimPod): void;
  mustKill(p: SimPod): void;
  finishedNoUpdates(p: SimPod): void;

  statusPatch(p: SimPod): void;
  statusUpdated(p: SimPod): void;
  statusSame(p: SimPod): void;
  statusUpToDate(p: SimPod): void;
  fullyTerminated(p: SimPod): void;

  plegTransition(ch: PlegChange): void;
  plegFinished(ch: PlegChange): void;
  plegEvent(p: SimPod, type: 'ContainerStarted' | 'ContainerDied', id: string): void;
  probeSucceeded(p: SimPod, c: SimContainer, type: ProbeType): void;
  probeFailed(p: SimPod, c: SimContainer, type: ProbeType, output: readonly string[]): void;
  probeResult(p: SimPod, type: 'readiness' | 'liveness', status: string): void;
}
