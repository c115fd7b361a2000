/**
 * Kubelet 1.12 printf text (glog/klog `Infof`): pods written `name_namespace(uid)`, lists joined with ", " and
 * quoted, PLEG events as `%#v`, probe keys `pod:container`, events as `Event(v1.ObjectReference{…})`. Messages the
 * 1.12 kubelet did not have (pod-worker lifecycle lines, housekeeping steps, …) print nothing. Callers are those of
 * 1.12.10 (kubelet-reference §4).
 */
import type { ConfigOp, Dialect, ProbeType, WorkType } from './dialect.ts';
import type { LogWriter } from './log-writer.ts';
import type { PlegChange, SimContainer, SimPod } from './sim-types.ts';
import { containerSpec, goPodStatus, jsonStatusPatch, podFullName } from './status-text.ts';

const q = JSON.stringify;
const CONFIG_CALLERS: Record<ConfigOp, string> = {
  ADD: 'kubelet.go:1883', UPDATE: 'kubelet.go:1890', REMOVE: 'kubelet.go:1893', RECONCILE: 'kubelet.go:1896', DELETE: 'kubelet.go:1899',
};

function objectRef(kind: string, namespace: string, name: string, uid: string, fieldPath: string): string {
  return `v1.ObjectReference{Kind:"${kind}", Namespace:"${namespace}", Name:"${name}", UID:"${uid}", APIVersion:"${kind === 'Pod' ? 'v1' : ''}", ResourceVersion:"", FieldPath:"${fieldPath}"}`;
}

export class PrintfDialect implements Dialect {
  private readonly epoch = (t: number) => this.w.epochUs(t);

  constructor(private readonly w: LogWriter) {}

  kubeletStarted(): void {
    this.w.line('I', 'status_manager.go:152', 'Starting to sync pod status with apiserver');
    this.w.line('I', 'kubelet.go:1804', 'Starting kubelet main sync loop.');
    this.w.line('I', 'kubelet.go:1883', 'SyncLoop (ADD, "file"): ""');
  }

  configOp(op: ConfigOp, source: string, pods: readonly SimPod[]): void {
    this.w.line('I', CONFIG_CALLERS[op], `SyncLoop (${op}, ${q(source)}): ${q(pods.map(podFullName).join(', '))}`);
  }

  syncTick(pods: readonly SimPod[]): void {
    this.w.line('I', 'kubelet.go:1947', `SyncLoop (SYNC): ${pods.length} pods; ${pods.map(podFullName).join(', ')}`);
  }

  housekeeping(_forgotten: readonly SimPod[], failure: string): void {
    this.w.line('I', 'kubelet.go:1970', 'SyncLoop (housekeeping)');
    if (failure) this.w.line('E', 'kubelet.go:1972', `Failed cleaning pods: ${failure}`);
  }

  housekeepingSlow(): void {}

  skippingSync(err: string): void {
    this.w.line('I', 'kubelet.go:1821', `skipping pod synchronization - [${err}]`);
  }

  runtimeCheckFailed(err: string): void {
    this.w.line('E', 'kubelet.go:2154', `Container runtime sanity check failed: ${err}`);
  }

  relistFailed(err: string): void {
    this.w.line('E', 'generic.go:197', `GenericPLEG: Unable to retrieve pods: ${err}`);
  }

  runtimeCallFailed(): void {}

  nodeNotReady(_node: string, message: string, epochUs: number): void {
    const at = new Date(Math.floor(epochUs / 1000)).toISOString().replace('T', ' ').slice(0, 19);
    this.w.line('I', 'setters.go:518', `Node became not ready: {Type:Ready Status:False LastHeartbeatTime:${at} +0000 UTC LastTransitionTime:${at} +0000 UTC Reason:KubeletNotReady Message:${message}}`);
  }

  nodeEvent(node: string, reason: string, message: string): void {
    this.w.line('I', 'event.go:221', `Event(${objectRef('Node', '', node, node, '')}): type: 'Normal' reason: '${reason}' ${message}`);
  }

  firstSync(): void {}
  workStart(_p: SimPod, _type: WorkType): void {}
  workDone(_p: SimPod, _type: WorkType): void {}
  syncPodEnter(): void {}
  syncPodExit(): void {}
  generatingStatus(p: SimPod): void { this.w.line('I', 'kubelet_pods.go:1327', `Generating status for ${q(podFullName(p))}`); }
  noSandbox(p: SimPod): void { this.w.line('I', 'kuberuntime_manager.go:396', `No sandbox for pod ${q(podFullName(p))} can be found. Need to start a new one`); }
  podActions(p: SimPod, actions: string): void { this.w.line('I', 'kuberuntime_manager.go:581', `computePodActions got ${actions} for pod ${q(podFullName(p))}`); }
  creatingSandbox(p: SimPod): void { this.w.line('I', 'kuberuntime_manager.go:651', `Creating sandbox for pod ${q(podFullName(p))}`); }
  createdSandbox(p: SimPod): void { this.w.line('I', 'kuberuntime_manager.go:665', `Created PodSandbox ${q(p.sandboxId)} for pod ${q(podFullName(p))}`); }

  containerToStart(p: SimPod, c: SimContainer): void {
    this.w.line('I', 'kuberuntime_manager.go:524', `Container ${containerSpec(c, p)} is dead, but RestartPolicy says that we should restart it.`);
  }

  creatingContainer(p: SimPod, c: SimContainer): void {
    this.w.line('I', 'kuberuntime_manager.go:735', `Creating container ${containerSpec(c, p)} in pod ${podFullName(p)}`);
  }

  backOff(p: SimPod, c: SimContainer): void {
    this.w.line('I', 'kuberuntime_manager.go:731', `Backing Off restarting container ${containerSpec(c, p)} in pod ${podFullName(p)}`);
  }

  syncError(p: SimPod, c: SimContainer): void {
    const backOff = `Back-off ${c.backoffS}s restarting failed container=${c.name} pod=${podFullName(p)}`;
    this.w.line('E', 'pod_workers.go:186', `Error syncing pod ${p.uid} (${q(podFullName(p))}), skipping: failed to "StartContainer" for "${c.name}" with CrashLoopBackOff: ${q(backOff)}`);
  }

  event(p: SimPod, c: SimContainer | undefined, type: 'Normal' | 'Warning', reason: string, message: string): void {
    const ref = objectRef('Pod', p.namespace, p.name, p.uid, c ? `spec.containers{${c.name}}` : '');
    this.w.line(type === 'Warning' ? 'W' : 'I', 'event.go:221', `Event(${ref}): type: '${type}' reason: '${reason}' ${message}`);
  }

  killDecision(p: SimPod, c: SimContainer): void {
    this.w.line('I', 'kuberuntime_manager.go:560', `Container ${q(c.name)} ({"containerd" ${q(c.id)}}) of pod ${podFullName(p)}: Container failed liveness probe.. Container will be killed and recreated.`);
  }

  killing(_p: SimPod, c: SimContainer, graceS: number): void {
    this.w.line('I', 'kuberuntime_container.go:555', `Killing container "containerd://${c.id}" with ${graceS} second grace period`);
  }

  exitedNormally(_p: SimPod, c: SimContainer): void {
    this.w.line('I', 'kuberuntime_container.go:579', `Container "containerd://${c.id}" exited normally`);
  }

  // The 1.12 pod worker has no lifecycle lines: termination shows only as kills, PLEG events and status writes.
  teardown(): void {}
  observedTerminate(): void {}
  terminatingEnter(): void {}
  terminatingGrace(): void {}
  postTermination(): void {}
  stoppedAll(): void {}
  terminatingExit(): void {}
  terminatedAll(): void {}
  terminatedEnter(): void {}
  cleanupStep(): void {}
  noMoreStatus(): void {}
  terminatedExit(): void {}
  complete(): void {}
  mustKill(): void {}
  finishedNoUpdates(): void {}

  statusPatch(p: SimPod): void {
    this.w.line('I', 'status_manager.go:499', `Patch status for pod ${q(podFullName(p))} with ${q(jsonStatusPatch(p, this.epoch))}`);
  }

  statusUpdated(p: SimPod): void {
    this.w.line('I', 'status_manager.go:506', `Status for pod ${q(podFullName(p))} updated successfully: (${p.statusVersion}, ${goPodStatus(p, this.epoch, p.statusVersion * 7919)})`);
  }

  statusSame(p: SimPod): void {
    this.w.line('I', 'status_manager.go:364', `Ignoring same status for pod ${q(podFullName(p))}, status: ${goPodStatus(p, this.epoch, p.statusVersion * 7919)}`);
  }

  statusUpToDate(): void {}
  fullyTerminated(p: SimPod): void { this.w.line('I', 'status_manager.go:519', `Pod ${q(podFullName(p))} fully terminated and removed from etcd`); }

  plegTransition(ch: PlegChange): void {
    this.w.line('I', 'generic.go:147', `GenericPLEG: ${ch.pod.uid}/${ch.id}: ${ch.from} -> ${ch.to}`);
  }

  plegFinished(): void {}

  plegEvent(p: SimPod, type: 'ContainerStarted' | 'ContainerDied', id: string): void {
    this.w.line('I', 'kubelet.go:1928', `SyncLoop (PLEG): ${q(podFullName(p))}, event: &pleg.PodLifecycleEvent{ID:"${p.uid}", Type:"${type}", Data:"${id}"}`);
  }

  probeSucceeded(p: SimPod, c: SimContainer, type: ProbeType): void {
    this.w.line('I', 'prober.go:118', `${type} probe for ${q(`${podFullName(p)}:${c.name}`)} succeeded`);
  }

  probeFailed(p: SimPod, c: SimContainer, type: ProbeType, output: readonly string[]): void {
    this.w.line('I', 'prober.go:111', `${type} probe for ${q(`${podFullName(p)}:${c.name}`)} failed (failure): ${output[0]}`);
  }

  probeResult(p: SimPod, type: 'readiness' | 'liveness'): void {
    // 1.12 handles readiness results outside the sync loop; only liveness failures show here.
    if (type === 'liveness') this.w.line('I', 'kubelet.go:1961', `SyncLoop (container unhealthy): ${q(podFullName(p))}`);
  }
}
