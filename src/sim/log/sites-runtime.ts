/** Call sites of the runtime manager, PLEG, the status manager, probes, node status, admission and events. */
import { P, REF, S, type SiteVariant } from './site-types.ts';

export const RUNTIME_SITES: Record<string, readonly SiteVariant[]> = {
  // ---- runtime manager (kuberuntime_*.go) ---------------------------------------------------------------------------
  'runtime.pod-actions': [
    P('M103', 'computePodActions got %v{podActions} for pod %q{pod}', 3, 'kuberuntime_manager.go', { '1.9': 570, '1.12': 581, '1.12-custom': 580 }),
    S('M103', 'computePodActions got for pod', ['podActions', 'pod'], 3, 'kuberuntime_manager.go', { '1.23': 732, '1.28': 1009 }),
  ],
  'runtime.kill-decision': [
    P('M104', 'Container %q{containerName} (%v{containerID}) of pod %s{pod}: %s{containerMessage}', 2, 'kuberuntime_manager.go', { '1.9': 550, '1.12': 560 }, { from: 8 }),
    S('M104', 'Message for Container of pod', ['containerName', 'containerStatusID', 'pod', 'containerMessage'], 2, 'kuberuntime_manager.go', { '1.23': 710, '1.28': 983 }),
  ],
  'runtime.hash-changed-1.7': [
    P('S06', 'Pod %q{podName} container %q{containerName} hash changed (%d{oldHash} vs %d{newHash}), it will be killed and re-created.', 0, 'kuberuntime_manager.go', { '1.7': 519 }, { to: 7 }),
  ],
  'runtime.no-sandbox': [
    P('M105', 'No sandbox for pod %q{pod} can be found. Need to start a new one', 2, 'kuberuntime_manager.go', { '1.7': 376, '1.9': 386, '1.12': 396 }),
    S('M105', 'No sandbox for pod can be found. Need to start a new one', ['pod'], 2, 'kuberuntime_manager.go', { '1.23': 487 }, { to: 27 }),
    // By 1.28 the sandbox check had moved to kuberuntime/util (seen in the 1.28 source; the minor it moved in is not known here).
    S('M105', 'No sandbox for pod can be found. Need to start a new one', ['pod'], 2, 'util.go', { '1.28': 30 }, { from: 28 }),
  ],
  'runtime.no-ready-sandbox': [
    P('M105', 'No ready sandbox for pod %q{pod} can be found. Need to start a new one', 2, 'kuberuntime_manager.go', { '1.12': 408 }),
    S('M105', 'No ready sandbox for pod can be found. Need to start a new one', ['pod'], 2, 'kuberuntime_manager.go', { '1.23': 499 }, { to: 27 }),
    S('M105', 'No ready sandbox for pod can be found. Need to start a new one', ['pod'], 2, 'util.go', { '1.28': 48 }, { from: 28 }),
  ],
  'runtime.sandbox-creating': [
    P('M106', 'Creating sandbox for pod %q{pod}', 4, 'kuberuntime_manager.go', { '1.12': 651 }),
    S('M106', 'Creating PodSandbox for pod', ['pod'], 4, 'kuberuntime_manager.go', { '1.23': 803, '1.28': 1080 }),
  ],
  'runtime.sandbox-created': [
    P('M106b', 'Created PodSandbox %q{podSandboxID} for pod %q{pod}', 4, 'kuberuntime_manager.go', { '1.12': 665 }),
    S('M106b', 'Created PodSandbox for pod', ['podSandboxID', 'pod'], 4, 'kuberuntime_manager.go', { '1.23': 841, '1.28': 1132 }),
  ],
  'runtime.container-creating': [
    P('M107', 'Creating container %v{container} in pod %v{pod}', 4, 'kuberuntime_manager.go', { '1.12': 735 }),
    S('M107', 'Creating container in pod', ['containerType', 'container', 'pod'], 4, 'kuberuntime_manager.go', { '1.23': 903, '1.28': 1198 }),
  ],
  // Init containers. ≤1.20 prints its own "init container" texts; 1.21+ passes containerType="init container" to the
  // common lines above. 1.28 lines from its source. 1.23: the 1.23.0 source's line plus the offset the seeds' build
  // shows in the same file (kuberuntime_manager.go +1 throughout; kuberuntime_container.go +9 at the kill line, so
  // the two "Removing init container" lines after it are estimated). The 1.12 lines are estimated from the init
  // step's place just before the regular containers' (731, 735).
  'runtime.init-backoff-printf': [
    P('M108i', 'Backing Off restarting init container %v{container} in pod %v{pod}', 4, 'kuberuntime_manager.go', { '1.12': 702 }),
  ],
  'runtime.init-creating-printf': [
    P('M107i', 'Creating init container %v{container} in pod %v{pod}', 4, 'kuberuntime_manager.go', { '1.12': 706 }),
  ],
  'runtime.init-started': [
    P('M107c', 'Completed init container %q{containerName} for pod %q{pod}', 4, 'kuberuntime_manager.go', { '1.12': 714 }),
    S('M107c', 'Completed init container for pod', ['containerName', 'pod'], 4, 'kuberuntime_manager.go', { '1.23': 945, '1.28': 1244 }),
  ],
  'runtime.init-aborted': [
    S('X58', 'Failed to initialize the pod, as the init container failed to start, aborting', ['initContainerName', 'pod'], 4, 'kuberuntime_manager.go', { '1.28': 1239 }, { from: 28 }),
  ],
  'runtime.sidecar-skipped': [
    S('X58', 'Failed to start the restartable init container for the pod, skipping', ['initContainerName', 'pod'], 4, 'kuberuntime_manager.go', { '1.28': 1236 }, { from: 28 }),
  ],
  'runtime.init-action': [
    S('X56', 'Computing init container action', ['pod', 'container', 'status'], 4, 'kuberuntime_container.go', { '1.28': 907 }, { from: 28 }),
  ],
  'runtime.init-done-running': [
    S('X57', 'Init container has been initialized', ['pod', 'container'], 4, 'kuberuntime_container.go', { '1.28': 956 }, { from: 28 }),
  ],
  'runtime.init-done-exited': [
    S('X57', 'Init container has been initialized', ['pod', 'container'], 4, 'kuberuntime_container.go', { '1.28': 1005 }, { from: 28 }),
  ],
  'runtime.remove-init': [
    P('X59', 'Removing init container %q{containerName} instance %q{containerID} %d{count}', 4, 'kuberuntime_container.go', { '1.12': 660 }),
    S('X59', 'Removing init container', ['containerName', 'containerID', 'count'], 4, 'kuberuntime_container.go', { '1.23': 796, '1.28': 818 }),
  ],
  'runtime.purge-init': [
    P('X59', 'Removing init container %q{containerName} instance %q{containerID} %d{count}', 4, 'kuberuntime_container.go', { '1.12': 685 }),
    S('X59', 'Removing init container', ['containerName', 'containerID', 'count'], 4, 'kuberuntime_container.go', { '1.23': 821, '1.28': 843 }),
  ],
  // Image pulls. remote_image.go: the v1 CRI path, 1.23 from the 1.23.0 source (no seed shows the file);
  // kuberuntime_manager.go: 1.23.0's line + 1 as the seeds' build shows throughout that file. The 1.12 lines are
  // estimated: the regular containers' start step follows "Creating container" (735).
  'runtime.pull-failed': [
    P('X09r', 'PullImage %q{image} from image service failed: %v{err}', 0, 'remote_image.go', { '1.12': 110 }, { sev: 'E' }),
    S('X09r', 'PullImage from image service failed', ['err', 'image'], 0, 'remote_image.go', { '1.23': 236, '1.28': 180 }, { sev: 'E' }),
  ],
  // utilruntime.HandleError: an unstructured error line even in the structured era, at the line that calls it.
  'runtime.start-failed': [
    P('X32', 'container start failed: %v{err}: %s{containerMessage}', 0, 'kuberuntime_manager.go', { '1.12': 744 }, { sev: 'E', to: 18 }),
    P('X32', 'container %v{container} start failed in pod %v{pod}: %v{err}: %s{containerMessage}', 0, 'kuberuntime_manager.go', { '1.23': 919, '1.28': 1214 }, { sev: 'E', from: 21, to: 99 }),
  ],
  'runtime.start-failed-quiet': [
    P('X32', 'container start failed: %v{err}: %s{containerMessage}', 3, 'kuberuntime_manager.go', { '1.12': 742 }, { to: 18 }),
    S('X32', 'Container start failed in pod', ['containerType', 'container', 'pod', 'containerMessage', 'err'], 3, 'kuberuntime_manager.go', { '1.23': 917, '1.28': 1212 }, { from: 22 }),
  ],
  'runtime.container-to-start': [
    P('M107b', 'Container %v{container} is dead, but RestartPolicy says that we should restart it.', 3, 'kuberuntime_manager.go', { '1.12': 524 }, { to: 18 }),
    S('M107b', 'Container of pod is not in the desired state and shall be started', ['containerName', 'pod'], 3, 'kuberuntime_manager.go', { '1.23': 656, '1.28': 923 }),
  ],
  'runtime.backoff': [
    P('M108', 'Backing Off restarting container %v{container} in pod %v{pod}', 4, 'kuberuntime_manager.go', { '1.12': 731 }),
    S('M108', 'Backing Off restarting container in pod', ['containerType', 'container', 'pod'], 4, 'kuberuntime_manager.go', { '1.23': 895, '1.28': 1190 }),
  ],
  'runtime.kill': [
    P('M109', 'Killing container %q{containerID} with %d{gracePeriod} second grace period', 2, 'kuberuntime_container.go', { '1.7': 536, '1.9': 546, '1.12': 555, '1.12-custom': 561 }),
    S('M109', 'Killing container with a grace period', [...REF, 'containerName', 'containerID', 'gracePeriod'], 2, 'kuberuntime_container.go', { '1.23': 723, '1.28': 745 }),
  ],
  'runtime.kill-override': [S('M109o', 'Killing container with a grace period override', [...REF, 'containerName', 'containerID', 'gracePeriod'], 3, 'kuberuntime_container.go', { '1.23': 719, '1.28': 731 }, { from: 22 })],
  'runtime.prestop': [
    P('X07', 'Running preStop hook for container %q{containerID}', 3, 'kuberuntime_container.go', { '1.12': 460, '1.12-custom': 466 }),
    S('X07', 'Running preStop hook', [...REF, 'containerName', 'containerID'], 3, 'kuberuntime_container.go', { '1.23': 621, '1.28': 627 }),
  ],
  'runtime.container-exited': [
    P('M110', 'Container %q{containerID} exited normally', 3, 'kuberuntime_container.go', { '1.12': 579 }),
    S('M110', 'Container exited normally', [...REF, 'containerName', 'containerID'], 3, 'kuberuntime_container.go', { '1.23': 732, '1.28': 754 }),
  ],
  'runtime.kill-failed': [
    P('X08', 'Container %q{containerID} termination failed with gracePeriod %d{gracePeriod}: %v{err}', 0, 'kuberuntime_container.go', { '1.12': 585 }, { sev: 'E' }),
    S('X08', 'Container termination failed with gracePeriod', ['err', ...REF, 'containerName', 'containerID', 'gracePeriod'], 0, 'kuberuntime_container.go', { '1.23': 728, '1.28': 750 }, { sev: 'E' }),
  ],
  'runtime.stop-failed': [
    P('X09', 'StopContainer %q{containerID} from runtime service failed: %v{err}', 0, 'remote_runtime.go', { '1.12': 262 }, { sev: 'E' }),
    S('X09', 'StopContainer from runtime service failed', ['err', 'containerID'], 0, 'remote_runtime.go', { '1.23': 479, '1.28': 366 }, { sev: 'E' }),
  ],
  'runtime.stop-sandbox-failed': [
    P('X09d', 'StopPodSandbox %q{podSandboxID} from runtime service failed: %v{err}', 0, 'remote_runtime.go', { '1.12': 113 }, { sev: 'E' }),
    S('X09d', 'StopPodSandbox from runtime service failed', ['err', 'podSandboxID'], 0, 'remote_runtime.go', { '1.23': 245, '1.28': 222 }, { sev: 'E' }),
  ],
  // Printed by the runtime client for each failed inspection, an identical error at most once a minute (logreduction).
  // Lines: 1.12 estimated from the neighbouring calls' offsets; 1.23 and 1.28 from their sources (the v1 CRI path).
  'runtime.container-status-failed': [
    P('X09g', 'ContainerStatus %q{containerID} from runtime service failed: %v{err}', 0, 'remote_runtime.go', { '1.12': 312 }, { sev: 'E' }),
    S('X09g', 'ContainerStatus from runtime service failed', ['err', 'containerID'], 0, 'remote_runtime.go', { '1.23': 597, '1.28': 432 }, { sev: 'E' }),
  ],
  'runtime.list-failed': [
    P('X09b', 'ListPodSandbox with filter %v from runtime service failed: %v{err}', 0, 'remote_runtime.go', { '1.12': 166 }, { sev: 'E' }),
    S('X09b', 'ListPodSandbox with filter from runtime service failed', ['err', 'filter'], 0, 'remote_runtime.go', { '1.23': 365, '1.28': 294 }, { sev: 'E' }),
  ],
  'runtime.list-sandboxes-failed': [S('X09t', 'Failed to list pod sandboxes', ['err'], 0, 'kuberuntime_sandbox.go', { '1.23': 292, '1.28': 297 }, { sev: 'E' })],
  'runtime.remove-container': [S('X10', 'Removing container', ['containerID'], 4, 'kuberuntime_container.go', { '1.23': 947, '1.28': 1136 }, { from: 22 })],
  'gc.remove-sandbox': [
    P('M111', 'Removing sandbox %q{podSandboxID}', 4, 'kuberuntime_gc.go', { '1.12': 148 }),
    S('M111', 'Removing sandbox', ['sandboxID'], 4, 'kuberuntime_gc.go', { '1.23': 171, '1.28': 175 }),
  ],
  'gc.failed': [
    P('X11', 'Container garbage collection failed: %v{err}', 0, 'kubelet.go', { '1.12': 1311 }, { sev: 'E' }),
    S('X11', 'Container garbage collection failed', ['err'], 0, 'kubelet.go', { '1.23': 1329, '1.28': 1402 }, { sev: 'E' }),
  ],
  // ---- PLEG (generic.go) ----------------------------------------------------------------------------------------------
  'pleg.transition': [
    P('M93', 'GenericPLEG: %v{podUID}/%v{containerID}: %v{oldState} -> %v{newState}', 4, 'generic.go', { '1.12': 147 }),
    S('M93', 'GenericPLEG', ['podUID', 'containerID', 'oldState', 'newState'], 4, 'generic.go', { '1.23': 155, '1.28': 184 }),
  ],
  'pleg.container-finished': [S('M94', 'Generic (PLEG): container finished', ['podID', 'containerID', 'exitCode'], 2, 'generic.go', { '1.23': 296, '1.28': 334 })],
  'pleg.relist-failed': [
    P('M95', 'GenericPLEG: Unable to retrieve pods: %v{err}', 0, 'generic.go', { '1.12': 197 }, { sev: 'E' }),
    S('M95', 'GenericPLEG: Unable to retrieve pods', ['err'], 0, 'generic.go', { '1.23': 205, '1.28': 238 }, { sev: 'E' }),
  ],
  'pleg.inspect-failed': [
    P('X06', 'PLEG: Ignoring events for pod %v{name}/%v{namespace}: %v{err}', 0, 'generic.go', { '1.12': 253 }, { sev: 'E' }),
    S('X06', 'PLEG: Ignoring events for pod', ['pod', 'err'], 4, 'generic.go', { '1.23': 252, '1.28': 285 }),
  ],
  // The pods that failed inspection, inspected again at the end of the next relist (1.12 line estimated: a few lines
  // after the relist loop's 'Ignoring events' line; 1.23 and 1.28 from their sources).
  'pleg.reinspect-failed': [
    P('X55', 'PLEG: pod %v{name}/%v{namespace} failed reinspection: %v{err}', 0, 'generic.go', { '1.12': 278 }, { sev: 'E' }),
    S('X55', 'PLEG: pod failed reinspection', ['pod', 'err'], 5, 'generic.go', { '1.23': 310, '1.28': 348 }),
  ],
  // ---- status manager (status_manager.go) ------------------------------------------------------------------------------
  'status.start': [
    P('M80', 'Starting to sync pod status with apiserver', 0, 'status_manager.go', { '1.12': 152 }),
    S('M80', 'Starting to sync pod status with apiserver', [], 0, 'status_manager.go', { '1.23': 161, '1.28': 217 }),
  ],
  'status.readiness-before-sync': [
    P('M81', 'Container readiness changed before pod has synced: %q{pod} - %q{containerID}', 0, 'status_manager.go', { '1.12': 205 }, { sev: 'W' }),
    S('M81', 'Container readiness changed before pod has synced', ['pod', 'containerID'], 0, 'status_manager.go', { '1.23': 220, '1.28': 308 }),
  ],
  'status.adding': [P('S01', 'Status Manager: adding pod: %q{podUID}, with status: %v{status}', 3, 'status_manager.go', { '1.7': 340, '1.9': 340 }, { to: 9 })],
  'status.same': [
    P('M83', 'Ignoring same status for pod %q{pod}, status: %v{status}', 3, 'status_manager.go', { '1.12': 364 }),
    S('M83', 'Ignoring same status for pod', ['pod', 'status'], 3, 'status_manager.go', { '1.23': 535, '1.28': 693 }),
  ],
  'status.patch': [
    P('M84', 'Patch status for pod %q{pod} with %q{patch}', 3, 'status_manager.go', { '1.12': 499 }, { from: 11 }),
    S('M84', 'Patch status for pod', ['pod', 'patch'], 3, 'status_manager.go', { '1.23': 685 }, { to: 27 }),
    S('M84', 'Patch status for pod', ['pod', 'podUID', 'patch'], 3, 'status_manager.go', { '1.28': 874 }, { from: 28 }),
  ],
  'status.updated': [
    P('M85', 'Status for pod %q{pod} updated successfully: (%d{statusVersion}, %v{status})', 3, 'status_manager.go', { '1.7': 444, '1.9': 444, '1.12': 506 }),
    S('M85', 'Status for pod updated successfully', ['pod', 'statusVersion', 'status'], 3, 'status_manager.go', { '1.23': 694, '1.28': 883 }),
  ],
  'status.up-to-date': [S('M86', 'Status for pod is up-to-date', ['pod', 'statusVersion'], 3, 'status_manager.go', { '1.23': 692, '1.28': 881 })],
  'status.deleted': [
    P('M88', 'Pod %q{pod} fully terminated and removed from etcd', 3, 'status_manager.go', { '1.12': 519 }),
    S('M88', 'Pod fully terminated and removed from etcd', ['pod'], 3, 'status_manager.go', { '1.23': 713, '1.28': 912 }),
  ],
  'status.termination-finished': [S('M89f', 'The pod termination is finished as SyncTerminatedPod completes its execution', ['phase', 'localPhase', ...REF], 3, 'status_manager.go', { '1.28': 944 }, { from: 27 })],
  'status.syncing-updated': [S('M92', 'Syncing updated statuses', [], 4, 'status_manager.go', { '1.28': 227 }, { from: 27 })],
  'status.syncing-all': [S('M92', 'Syncing all statuses', [], 4, 'status_manager.go', { '1.28': 230 }, { from: 27 })],
  'status.containers-pending': [S('S31b', 'Pod is terminated, but some containers are still running', ['pod'], 4, 'kubelet_pods.go', { '1.23': 932 }, { from: 22, to: 26 })],
  // ---- probes (prober.go, worker.go, prober_manager.go) --------------------------------------------------------------------
  'probe.succeeded': [
    P('M100', '%s{probeType} probe for %q{podContainer} succeeded', 3, 'prober.go', { '1.12': 118 }),
    S('M100', 'Probe succeeded', ['probeType', 'pod', 'podUID', 'containerName'], 3, 'prober.go', { '1.23': 130, '1.28': 116 }),
  ],
  'probe.failed': [
    P('M98', '%s{probeType} probe for %q{podContainer} failed (%v{probeResult}): %s{output}', 1, 'prober.go', { '1.12': 111 }),
    S('M98', 'Probe failed', ['probeType', 'pod', 'podUID', 'containerName', 'probeResult', 'output'], 1, 'prober.go', { '1.23': 121, '1.28': 107 }),
  ],
  'probe.no-status': [
    P('X03', 'No status for pod: %v{pod}', 3, 'worker.go', { '1.12': 176 }),
    S('X03', 'No status for pod', ['pod'], 3, 'worker.go', { '1.23': 200, '1.28': 206 }),
  ],
  'probe.default-prober': [P('S05', 'DEFAULT_PROBER: pod %s{pod} is notready state(%v{phase}) and has no readiness prober, add a default one.', 2, 'prober_manager.go', { '1.12-custom': 160 })],
  'probe.initial-status': [P('S04', 'INITIAL_STATUS %v{status}', 2, 'worker.go', { '1.12-custom': 95 })],
  'probe.initial-result': [P('S03', "LEOPOLD_INIT_PROBER: %s{pod}'s container %s{containerName} has been already running on the host(%v)", 3, 'worker.go', { '1.12-custom': 104 })],
  'probe.worker-added': [P('S02', 'add a readiness prober for pod: %s{pod} - %s{containerName}: %v{probe}', 3, 'prober_manager.go', { '1.12-custom': 193 })],
  // ---- node status, runtime health, admission, events ------------------------------------------------------------------------
  'node.not-ready': [
    P('M114', 'Node became not ready: %v{condition}', 0, 'setters.go', { '1.12': 518 }),
    S('M114', 'Node became not ready', ['node', 'condition'], 0, 'setters.go', { '1.23': 578, '1.28': 552 }),
  ],
  // recordNodeStatusEvent (kubelet_node_status.go), called by the Ready setter on each transition. Lines: 1.28 from
  // its source; 1.23 from the 1.23.0 source (no seed shows this file, so no later patch's offset is known); 1.12
  // estimated from the printf-era file's layout.
  'node.recording-event': [
    P('X45', 'Recording %s{event} event message for node %s{node}', 2, 'kubelet_node_status.go', { '1.12': 493 }),
    S('X45', 'Recording event message for node', ['node', 'event'], 2, 'kubelet_node_status.go', { '1.23': 563, '1.28': 669 }),
  ],
  'node.registering': [
    P('X14a', 'Attempting to register node %v{node}', 0, 'kubelet_node_status.go', { '1.12': 71 }),
    S('X14a', 'Attempting to register node', ['node'], 0, 'kubelet_node_status.go', { '1.23': 70, '1.28': 70 }),
  ],
  'node.registered': [
    P('X14', 'Successfully registered node %v{node}', 0, 'kubelet_node_status.go', { '1.12': 74 }),
    S('X14', 'Successfully registered node', ['node'], 0, 'kubelet_node_status.go', { '1.23': 73, '1.28': 73 }),
  ],
  'runtime.sanity-failed': [
    P('M42', 'Container runtime sanity check failed: %v{err}', 0, 'kubelet.go', { '1.12': 2154 }, { sev: 'E' }),
    S('M42', 'Container runtime sanity check failed', ['err'], 0, 'kubelet.go', { '1.23': 2380, '1.28': 2840 }, { sev: 'E' }),
  ],
  'admit.running-on-node': [P('S07', 'pod %s{pod} is running on local node, just admit it.', 0, 'predicate.go', { '1.12-custom': 80 })],
  // A resource misfit (InsufficientResourceError); the 1.12 line is estimated from the switch's order after 133.
  'admit.predicate-failed': [
    P('M113', 'Predicate failed on Pod: %v{pod}, for reason: %v{reason}', 2, 'predicate.go', { '1.12': 137 }),
    S('M113', 'Predicate failed on Pod', ['pod', 'err'], 2, 'predicate.go', { '1.23': 145, '1.28': 151 }),
  ],
  event: [
    P('M70', "Event(%v{involvedObject}): type: '%v{type}' reason: '%v{reason}' %v{message}", 3, 'event.go', { '1.7': 218, '1.9': 218, '1.12': 221, '1.12-custom': 221 }, { to: 19 }),
    S('M70', 'Event occurred', ['object', 'kind', 'apiVersion', 'type', 'reason', 'message'], 3, 'event.go', { '1.23': 294 }, { from: 20, to: 25 }),
    S('M70', 'Event occurred', ['object', 'fieldPath', 'kind', 'apiVersion', 'type', 'reason', 'message'], 3, 'event.go', { '1.28': 307 }, { from: 26 }),
  ],
};
