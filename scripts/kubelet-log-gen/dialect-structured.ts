/**
 * Kubelet 1.23 structured text (klog v2.30): `"<message>" key=value …` with strings quoted, pod references as
 * `pod="ns/name"`, UIDs and other named string types unquoted, structs as Go `%+v` (kubelet-reference §6.3).
 * Callers (file:line) are those of 1.23.13 (kubelet-reference §4). Multi-line probe output uses the `key=<` block
 * form of newer klog, which the parser must also read.
 */
import type { ConfigOp, Dialect, ProbeType, WorkType } from './dialect.ts';
import type { LogWriter } from './log-writer.ts';
import type { PlegChange, SimContainer, SimPod } from './sim-types.ts';
import { containerSpec, goPodStatus, goTime, jsonStatusPatch, podFullName, postTerminationStates } from './status-text.ts';

/** Go %q for the plain ASCII this generator writes (JSON escaping agrees with Go's there). */
const q = JSON.stringify;
const ref = (p: SimPod) => `pod="${p.namespace}/${p.name}" podUID=${p.uid}`;
const podKey = (p: SimPod) => `pod="${p.namespace}/${p.name}"`;
const CONFIG_CALLERS: Record<ConfigOp, string> = {
  ADD: 'kubelet.go:2114', UPDATE: 'kubelet.go:2121', REMOVE: 'kubelet.go:2124', RECONCILE: 'kubelet.go:2127', DELETE: 'kubelet.go:2130',
};

export class StructuredDialect implements Dialect {
  private readonly epoch = (t: number) => this.w.epochUs(t);

  constructor(private readonly w: LogWriter) {}

  kubeletStarted(): void {
    this.w.line('I', 'status_manager.go:161', '"Starting to sync pod status with apiserver"');
    this.w.line('I', 'kubelet.go:2028', '"Starting kubelet main sync loop"');
    this.w.line('I', 'kubelet.go:2114', '"SyncLoop ADD" source="file" pods=[]');
  }

  configOp(op: ConfigOp, source: string, pods: readonly SimPod[]): void {
    this.w.line('I', CONFIG_CALLERS[op], `"SyncLoop ${op}" source=${q(source)} pods=[${pods.map((p) => `${p.namespace}/${p.name}`).join(' ')}]`);
  }

  syncTick(pods: readonly SimPod[]): void {
    this.w.line('I', 'kubelet.go:2171', `"SyncLoop (SYNC) pods" total=${pods.length} pods=[${pods.map((p) => `${p.namespace}/${p.name}`).join(' ')}]`);
  }

  housekeeping(forgotten: readonly SimPod[], failure: string): void {
    const w = this.w;
    w.line('I', 'kubelet.go:2202', '"SyncLoop (housekeeping)"');
    w.line('I', 'kubelet_pods.go:1082', '"Clean up pod workers for terminated pods"');
    for (const p of forgotten) w.line('I', 'pod_workers.go:1258', `"Pod has been terminated and is no longer known to the kubelet, remove all history" podUID=${p.uid}`);
    w.line('I', 'kubelet_pods.go:1111', '"Clean up probes for terminated pods"');
    w.line('I', 'kubelet_pods.go:1148', '"Clean up orphaned pod statuses"');
    if (failure) {
      w.line('E', 'remote_runtime.go:365', `"ListPodSandbox with filter from runtime service failed" err=${q(failure)} filter="&PodSandboxFilter{Id:,State:&PodSandboxStateValue{State:SANDBOX_READY,},LabelSelector:map[string]string{},}"`);
      w.line('E', 'kubelet.go:2204', `"Failed cleaning pods" err=${q(failure)}`);
    } else {
      w.line('I', 'kubelet_pods.go:1167', '"Clean up orphaned pod directories"');
      w.line('I', 'kubelet_pods.go:1178', '"Clean up orphaned mirror pods"');
      w.line('I', 'kubelet_pods.go:1185', '"Clean up orphaned pod cgroups"');
    }
    w.line('I', 'kubelet.go:2210', '"SyncLoop (housekeeping) end"');
  }

  housekeepingSlow(seconds: number): void {
    this.w.line('E', 'kubelet.go:2208', `"Housekeeping took longer than 15s" err="housekeeping took too long" seconds=${seconds.toFixed(6)}`);
  }

  skippingSync(err: string): void {
    this.w.line('E', 'kubelet.go:2052', `"Skipping pod synchronization" err=${q(err)}`);
  }

  runtimeCheckFailed(err: string): void {
    this.w.line('E', 'remote_runtime.go:637', `"Status from runtime service failed" err=${q(err)}`);
    this.w.line('E', 'kubelet.go:2380', `"Container runtime sanity check failed" err=${q(err)}`);
  }

  relistFailed(err: string): void {
    this.w.line('E', 'remote_runtime.go:365', `"ListPodSandbox with filter from runtime service failed" err=${q(err)} filter="nil"`);
    this.w.line('E', 'generic.go:205', `"GenericPLEG: Unable to retrieve pods" err=${q(err)}`);
  }

  runtimeCallFailed(method: string, err: string, containerId: string): void {
    this.w.line('E', 'remote_runtime.go:578', `"${method} from runtime service failed" err=${q(err)} containerID=${q(containerId)}`);
  }

  nodeNotReady(node: string, message: string, epochUs: number): void {
    const at = goTime(epochUs);
    this.w.line('I', 'setters.go:578', `"Node became not ready" node=${q(node)} condition={Type:Ready Status:False LastHeartbeatTime:${at} LastTransitionTime:${at} Reason:KubeletNotReady Message:${message}}`);
  }

  nodeEvent(node: string, reason: string, message: string): void {
    this.w.line('I', 'event.go:294', `"Event occurred" object=${q(node)} kind="Node" apiVersion="" type="Normal" reason=${q(reason)} message=${q(message)}`);
  }

  firstSync(p: SimPod): void { this.w.line('I', 'pod_workers.go:571', `"Pod is being synced for the first time" ${ref(p)}`); }
  workStart(p: SimPod, type: WorkType): void { this.w.line('I', 'pod_workers.go:888', `"Processing pod event" ${ref(p)} updateType=${type}`); }
  workDone(p: SimPod, type: WorkType): void { this.w.line('I', 'pod_workers.go:988', `"Processing pod event done" ${ref(p)} updateType=${type}`); }
  syncPodEnter(p: SimPod): void { this.w.line('I', 'kubelet.go:1554', `"syncPod enter" ${ref(p)}`); }
  syncPodExit(p: SimPod): void { this.w.line('I', 'kubelet.go:1557', `"syncPod exit" ${ref(p)} isTerminal=false`); }
  generatingStatus(p: SimPod): void { this.w.line('I', 'kubelet_pods.go:1441', `"Generating pod status" ${podKey(p)}`); }
  noSandbox(p: SimPod): void { this.w.line('I', 'kuberuntime_manager.go:487', `"No sandbox for pod can be found. Need to start a new one" ${podKey(p)}`); }
  podActions(p: SimPod, actions: string): void { this.w.line('I', 'kuberuntime_manager.go:732', `"computePodActions got for pod" podActions=${actions} ${podKey(p)}`); }
  creatingSandbox(p: SimPod): void { this.w.line('I', 'kuberuntime_manager.go:803', `"Creating PodSandbox for pod" ${podKey(p)}`); }
  createdSandbox(p: SimPod): void { this.w.line('I', 'kuberuntime_manager.go:841', `"Created PodSandbox for pod" podSandboxID=${q(p.sandboxId)} ${podKey(p)}`); }

  containerToStart(p: SimPod, c: SimContainer): void {
    this.w.line('I', 'kuberuntime_manager.go:656', `"Container of pod is not in the desired state and shall be started" containerName=${q(c.name)} ${podKey(p)}`);
  }

  creatingContainer(p: SimPod, c: SimContainer): void {
    this.w.line('I', 'kuberuntime_manager.go:903', `"Creating container in pod" containerType="container" container=${q(containerSpec(c, p))} ${podKey(p)}`);
  }

  backOff(p: SimPod, c: SimContainer): void {
    this.w.line('I', 'kuberuntime_manager.go:980', `"Back-off restarting failed container" err=${q(backOffText(p, c))}`);
    this.w.line('I', 'kuberuntime_manager.go:895', `"Backing Off restarting container in pod" containerType="container" container=${q(containerSpec(c, p))} ${podKey(p)}`);
  }

  syncError(p: SimPod, c: SimContainer): void {
    const err = `failed to "StartContainer" for "${c.name}" with CrashLoopBackOff: ${q(backOffText(p, c))}`;
    this.w.line('E', 'pod_workers.go:951', `"Error syncing pod, skipping" err=${q(err)} ${ref(p)}`);
  }

  event(p: SimPod, _c: SimContainer | undefined, type: 'Normal' | 'Warning', reason: string, message: string): void {
    this.w.line('I', 'event.go:294', `"Event occurred" object="${p.namespace}/${p.name}" kind="Pod" apiVersion="v1" type=${q(type)} reason=${q(reason)} message=${q(message)}`);
  }

  killDecision(p: SimPod, c: SimContainer, message: string): void {
    this.w.line('I', 'kuberuntime_manager.go:710', `"Message for Container of pod" containerName=${q(c.name)} containerStatusID={Type:containerd ID:${c.id}} ${podKey(p)} containerMessage=${q(message)}`);
  }

  killing(p: SimPod, c: SimContainer, graceS: number): void {
    this.w.line('I', 'kuberuntime_container.go:723', `"Killing container with a grace period" ${ref(p)} containerName=${q(c.name)} containerID="containerd://${c.id}" gracePeriod=${graceS}`);
  }

  exitedNormally(p: SimPod, c: SimContainer): void {
    this.w.line('I', 'kuberuntime_container.go:732', `"Container exited normally" ${ref(p)} containerName=${q(c.name)} containerID="containerd://${c.id}"`);
  }

  teardown(p: SimPod): void { this.w.line('I', 'pod_workers.go:625', `"Pod is marked for graceful deletion, begin teardown" ${ref(p)}`); }
  observedTerminate(p: SimPod): void { this.w.line('I', 'pod_workers.go:1005', `"Pod worker has observed request to terminate" ${ref(p)}`); }
  terminatingEnter(p: SimPod): void { this.w.line('I', 'kubelet.go:1795', `"syncTerminatingPod enter" ${ref(p)}`); }
  terminatingGrace(p: SimPod): void { this.w.line('I', 'kubelet.go:1804', `"Pod terminating with grace period" ${ref(p)} gracePeriod=${p.grace}`); }
  postTermination(p: SimPod): void { this.w.line('I', 'kubelet.go:1866', `"Post-termination container state" ${ref(p)} containers=${q(postTerminationStates(p, this.epoch))}`); }
  stoppedAll(p: SimPod): void { this.w.line('I', 'kubelet.go:1873', `"Pod termination stopped all running containers" ${ref(p)}`); }
  terminatingExit(p: SimPod): void { this.w.line('I', 'kubelet.go:1875', `"syncTerminatingPod exit" ${ref(p)}`); }
  terminatedAll(p: SimPod): void { this.w.line('I', 'pod_workers.go:1050', `"Pod terminated all containers successfully" ${ref(p)}`); }
  terminatedEnter(p: SimPod): void { this.w.line('I', 'kubelet.go:1883', `"syncTerminatedPod enter" ${ref(p)}`); }
  cleanupStep(p: SimPod, message: string): void { this.w.line('I', 'kubelet.go:1896', `${q(message)} ${ref(p)}`); }
  noMoreStatus(p: SimPod): void { this.w.line('I', 'kubelet.go:1922', `"Pod is terminated and will need no more status updates" ${ref(p)}`); }
  terminatedExit(p: SimPod): void { this.w.line('I', 'kubelet.go:1924', `"syncTerminatedPod exit" ${ref(p)}`); }
  complete(p: SimPod): void { this.w.line('I', 'pod_workers.go:1105', `"Pod is complete and the worker can now stop" ${ref(p)}`); }
  mustKill(p: SimPod): void { this.w.line('I', 'kubelet.go:1969', `"Pod has been deleted and must be killed" ${ref(p)}`); }
  finishedNoUpdates(p: SimPod): void { this.w.line('I', 'pod_workers.go:611', `"Pod is finished processing, no further updates" ${ref(p)}`); }

  statusPatch(p: SimPod): void {
    this.w.line('I', 'status_manager.go:685', `"Patch status for pod" ${podKey(p)} patch=${q(jsonStatusPatch(p, this.epoch))}`);
  }

  statusUpdated(p: SimPod): void {
    this.w.line('I', 'status_manager.go:694', `"Status for pod updated successfully" ${podKey(p)} statusVersion=${p.statusVersion} status=${goPodStatus(p, this.epoch, p.statusVersion * 7919)}`);
  }

  statusSame(p: SimPod): void {
    this.w.line('I', 'status_manager.go:535', `"Ignoring same status for pod" ${podKey(p)} status=${goPodStatus(p, this.epoch, p.statusVersion * 7919)}`);
  }

  statusUpToDate(p: SimPod): void { this.w.line('I', 'status_manager.go:692', `"Status for pod is up-to-date" ${podKey(p)} statusVersion=${p.statusVersion}`); }
  fullyTerminated(p: SimPod): void { this.w.line('I', 'status_manager.go:713', `"Pod fully terminated and removed from etcd" ${podKey(p)}`); }

  plegTransition(ch: PlegChange): void {
    this.w.line('I', 'generic.go:155', `"GenericPLEG" podUID=${ch.pod.uid} containerID=${q(ch.id)} oldState=${ch.from} newState=${ch.to}`);
  }

  plegFinished(ch: PlegChange): void {
    this.w.line('I', 'generic.go:296', `"Generic (PLEG): container finished" podID=${ch.pod.uid} containerID=${q(ch.id)} exitCode=${ch.exitCode}`);
  }

  plegEvent(p: SimPod, type: 'ContainerStarted' | 'ContainerDied', id: string): void {
    this.w.line('I', 'kubelet.go:2152', `"SyncLoop (PLEG): event for pod" ${podKey(p)} event=&{ID:${p.uid} Type:${type} Data:${id}}`);
  }

  probeSucceeded(p: SimPod, c: SimContainer, type: ProbeType): void {
    this.w.line('I', 'prober.go:130', `"Probe succeeded" probeType=${q(type)} ${ref(p)} containerName=${q(c.name)}`);
  }

  probeFailed(p: SimPod, c: SimContainer, type: ProbeType, output: readonly string[]): void {
    const head = `"Probe failed" probeType=${q(type)} ${ref(p)} containerName=${q(c.name)} probeResult=failure output=`;
    if (output.length === 1) {
      this.w.line('I', 'prober.go:121', head + q(output[0]));
      return;
    }
    // klog writes a multi-line string value as `key=<`, TAB-indented lines, then ` >`.
    this.w.line('I', 'prober.go:121', head + '<');
    for (const l of output) this.w.continuation('\t' + l);
    this.w.continuation(' >');
  }

  probeResult(p: SimPod, type: 'readiness' | 'liveness', status: string): void {
    this.w.line('I', 'kubelet.go:2224', `"SyncLoop (probe)" probe=${q(type)} status=${q(status)} ${podKey(p)}`);
  }
}

export function backOffText(p: SimPod, c: SimContainer): string {
  return `back-off ${c.backoffS}s restarting failed container=${c.name} pod=${podFullName(p)}`;
}
