/** PLEG, runtime manager, GC, admission, node status, events, volumes (§4.6, §3.3, §3.6–3.8). */
import type { CatalogEntry } from './entry.ts';

export const PLEG_MESSAGES: CatalogEntry[] = [
  {
    id: 'M93', kind: 'pleg.transition', lane: 'pleg', versions: 'all', v: 4,
    msg: ['GenericPLEG'], printf: ['GenericPLEG: %v{podUID}/%v{containerID}: %v{oldState} -> %v{newState}'],
    text: ['newState'], refine: { field: 'newState', map: { running: 'pleg.to-running', exited: 'pleg.to-exited', unknown: 'pleg.to-unknown', 'non-existent': 'pleg.to-nonexistent' } },
    explain: 'PLEG relist saw a container or sandbox change state in the runtime.',
  },
  {
    id: 'M94', kind: 'pleg.container-finished', lane: 'pleg', versions: '1.21+', v: 2,
    msg: ['Generic (PLEG): container finished'], num: 'exitCode',
    explain: 'PLEG saw a container exit, with its exit code.',
  },
  {
    id: 'M95', kind: 'pleg.relist-failed', lane: 'pleg', versions: 'all', v: 0,
    msg: ['GenericPLEG: Unable to retrieve pods'], printf: ['GenericPLEG: Unable to retrieve pods: %v{err}'], text: ['err'],
    explain: 'Listing the runtime failed, so the relist timestamp did not advance; after 3 min PLEG is reported unhealthy.',
  },
  {
    id: 'M96', kind: 'pleg.channel-full', lane: 'pleg', versions: '1.20+', v: 0,
    msg: ['Event channel is full, discard this relist() cycle event'],
    printf: ['event channel is full, discard this relist() cycle event'],
    explain: 'The sync loop is not draining PLEG events; this relist\'s events were dropped.',
  },
  {
    id: 'X06', kind: 'pleg.inspect-failed', lane: 'pleg', versions: 'all', v: 4,
    msg: ['PLEG: Ignoring events for pod'], printf: ['PLEG: Ignoring events for pod %v{name}/%v{namespace}: %v{err}'],
    podNameFirst: true, text: ['err'],
    explain: 'Inspecting the pod after a relist failed; its events are retried at the next relist.',
  },
];

export const RUNTIME_MESSAGES: CatalogEntry[] = [
  {
    id: 'M103', kind: 'runtime.pod-actions', lane: 'pod-worker', versions: 'all', v: 3,
    msg: ['computePodActions got for pod'], printf: ['computePodActions got %v{podActions} for pod %q{pod}'],
    struct: ['podActions'], text: ['podActions'],
    explain: 'computePodActions decided what this sync must do: kill or create the sandbox, which containers to start or kill.',
  },
  {
    id: 'M104', kind: 'runtime.kill-decision', lane: 'pod-worker', versions: 'all', v: 2,
    msg: ['Message for Container of pod'],
    printf: ['Container %q{containerName} (%v{containerID}) of pod %s{pod}: %s{containerMessage}'],
    text: ['containerMessage'],
    explain: 'computePodActions decided to kill a running container, and says why (spec hash changed, probe failed…).',
  },
  {
    id: 'S06', kind: 'runtime.kill-decision', lane: 'pod-worker', versions: '1.7', v: 0,
    printf: ['Pod %q{podName} container %q{containerName} hash changed (%d{oldHash} vs %d{newHash}), it will be killed and re-created.'],
    podNameOnly: true, text: ['containerName'],
    explain: 'The running container\'s stored spec hash differs from the hash of its spec: it is killed and re-created.',
  },
  {
    id: 'M105', kind: 'runtime.sandbox-changed', lane: 'pod-worker', versions: 'all', v: 2,
    msg: ['No sandbox for pod can be found. Need to start a new one', 'No ready sandbox for pod can be found. Need to start a new one',
      'Sandbox for pod has changed. Need to start a new one', 'Sandbox for pod has no IP address. Need to start a new one',
      'Multiple sandboxes are ready for Pod. Need to reconcile them', 'More than 1 sandboxes for pod are ready. Need to reconcile them'],
    printf: ['No sandbox for pod %q{pod} can be found. Need to start a new one',
      'No ready sandbox for pod %q{pod} can be found. Need to start a new one',
      'Sandbox for pod %q{pod} has changed. Need to start a new one',
      'Sandbox for pod %q{pod} has no IP address. Need to start a new one'],
    explain: 'The pod needs a new sandbox (first start, or the old one died or changed); all its containers will be recreated.',
  },
  {
    id: 'M106', kind: 'runtime.sandbox-creating', lane: 'runtime', versions: 'all', v: 4,
    msg: ['Creating PodSandbox for pod'], printf: ['Creating sandbox for pod %q{pod}'],
    explain: 'RunPodSandbox is being called.',
  },
  {
    id: 'M106b', kind: 'runtime.sandbox-created', lane: 'runtime', versions: 'all', v: 4,
    msg: ['Created PodSandbox for pod'], printf: ['Created PodSandbox %q{podSandboxID} for pod %q{pod}'],
    explain: 'The runtime created the pod sandbox.',
  },
  {
    id: 'M107', kind: 'runtime.container-creating', lane: 'runtime', versions: 'all', v: 4,
    msg: ['Creating container in pod'], printf: ['Creating container %v{container} in pod %v{pod}'], text: ['containerType'],
    explain: 'A container is being created and started (init, regular or ephemeral).',
  },
  {
    id: 'M107b', kind: 'runtime.container-to-start', lane: 'pod-worker', versions: 'all', v: 3,
    msg: ['Container of pod is not in the desired state and shall be started'],
    printf: ['Container %q{containerName} of pod %q{pod} is not in the desired state and shall be started',
      'Container %v{container} is dead, but RestartPolicy says that we should restart it.'],
    explain: 'A dead container will be (re)started in this sync.',
  },
  {
    id: 'M108', kind: 'runtime.backoff', lane: 'pod-worker', versions: 'all', v: 4,
    msg: ['Backing Off restarting container in pod'], printf: ['Backing Off restarting container %v{container} in pod %v{pod}'],
    explain: 'The container is in CrashLoopBackOff: its restart is delayed.',
  },
  {
    id: 'M108b', kind: 'runtime.backoff', lane: 'pod-worker', versions: '1.22+', v: 3,
    msg: ['Back-off restarting failed container'], text: ['err'],
    explain: 'The container is in CrashLoopBackOff; the back-off (10s, 20s, 40s … 5m0s) grows with each failed restart.',
  },
  {
    id: 'M109', kind: 'runtime.kill', lane: 'pod-worker', versions: 'all', v: 2,
    msg: ['Killing container with a grace period'],
    printf: ['Killing container %q{containerID} with %d{gracePeriod} second grace period',
      'Killing container %q{containerID} with a grace period of %d{gracePeriod} seconds'],
    num: 'gracePeriod',
    explain: 'StopContainer was sent to the runtime with this grace period (after any preStop hook).',
  },
  {
    id: 'M109o', kind: 'runtime.kill-override', lane: 'pod-worker', versions: '1.22+', v: 3,
    msg: ['Killing container with a grace period override'], num: 'gracePeriod',
    explain: 'The kill uses a grace period override (deletion grace, eviction, or 1 s for orphans).',
  },
  {
    id: 'X07', kind: 'runtime.prestop', lane: 'pod-worker', versions: 'all', v: 3,
    msg: ['Running preStop hook', 'PreStop hook completed', 'PreStop hook not completed in grace period'],
    printf: ['Running preStop hook for container %q{containerID}'],
    explain: 'The container\'s preStop hook runs before it is stopped.',
  },
  {
    id: 'M110', kind: 'runtime.container-exited', lane: 'pod-worker', versions: 'all', v: 3,
    msg: ['Container exited normally'], printf: ['Container %q{containerID} exited normally'],
    explain: 'StopContainer returned: the container has stopped.',
  },
  {
    id: 'X08', kind: 'runtime.kill-failed', lane: 'pod-worker', versions: '1.21+', v: 0,
    msg: ['Container termination failed with gracePeriod', 'Kill container failed'], text: ['err'],
    explain: 'Stopping the container failed; the pod cannot finish terminating until a later attempt succeeds.',
  },
  {
    id: 'X09', kind: 'runtime.call-failed', lane: 'runtime', versions: '1.21+', v: 0,
    msg: ['StopContainer from runtime service failed', 'ListPodSandbox with filter from runtime service failed',
      'ListContainers with filter from runtime service failed', 'StopPodSandbox from runtime service failed',
      'RemoveContainer from runtime service failed', 'RemovePodSandbox from runtime service failed',
      'ContainerStatus from runtime service failed', 'PodSandboxStatus from runtime service failed',
      'CreateContainer in sandbox from runtime service failed', 'StartContainer from runtime service failed',
      'RunPodSandbox from runtime service failed', 'Status from runtime service failed', 'Version from runtime service failed',
      'ExecSync cmd from runtime service failed', 'ListPodSandboxStats with filter from runtime service failed',
      'ListContainerStats with filter from runtime service failed', 'ImageFsInfo from image service failed',
      'PullImage from image service failed', 'Failed to list pod sandboxes', 'Error listing containers',
      'Failed to stop sandbox', 'StopPodSandbox failed'],
    text: ['err'],
    explain: 'A CRI call to the container runtime failed (deadline exceeded, connection closed or refused, EOF…).',
  },
  {
    id: 'X10', kind: 'runtime.remove-container', lane: 'pod-worker', versions: 'all', v: 4,
    msg: ['Removing container', 'RemoveContainer'],
    explain: 'A dead container is removed from the runtime.',
  },
  {
    id: 'M111', kind: 'gc.remove-sandbox', lane: 'gc', versions: 'all', v: 4,
    msg: ['Removing sandbox'], printf: ['Removing sandbox %q{podSandboxID}'],
    explain: 'Container GC removed an inactive sandbox of a pod whose content may be removed.',
  },
  {
    id: 'X11', kind: 'gc.failed', lane: 'gc', versions: 'all', v: 0,
    msg: ['Container garbage collection failed', 'Image garbage collection failed multiple times in a row'],
    printf: ['Container garbage collection failed: %v{err}'], text: ['err'],
    explain: 'A garbage collection pass failed.',
  },
];

export const NODE_MESSAGES: CatalogEntry[] = [
  {
    id: 'M40', kind: 'node.network-not-ready', lane: 'node-status', versions: 'all', v: 0,
    msg: ['Container runtime network not ready'], printf: ['Container runtime network not ready: %v{networkReady}'],
    text: ['networkReady'],
    explain: 'The runtime says the pod network (CNI) is not ready: pods without host networking cannot be synced.',
  },
  {
    id: 'M41', kind: 'node.runtime-not-ready', lane: 'node-status', versions: 'all', v: 0,
    msg: ['Container runtime not ready'], printf: ['Container runtime not ready: %v{runtimeReady}'], text: ['runtimeReady'],
    explain: 'The runtime reports itself not ready; the base runtime sync time is not refreshed.',
  },
  {
    id: 'M42', kind: 'node.runtime-sanity-failed', lane: 'node-status', versions: 'all', v: 0,
    msg: ['Container runtime sanity check failed'], printf: ['Container runtime sanity check failed: %v{err}'], text: ['err'],
    explain: 'The CRI Status call failed; after 30 s without a successful check the runtime is considered down.',
  },
  {
    id: 'M114', kind: 'node.not-ready', lane: 'node-status', versions: 'all', v: 0,
    msg: ['Node became not ready'], printf: ['Node became not ready: %v{condition}'], struct: ['condition'],
    text: ['condition.Message', 'condition.message', 'condition'],
    explain: 'The kubelet set its node Ready condition to False (runtime down, PLEG unhealthy, network not ready…).',
  },
  {
    id: 'X12', kind: 'node.status-error', lane: 'node-status', versions: 'all', v: 0,
    msg: ['Error updating node status, will retry', 'Unable to update node status'],
    printf: ['Error updating node status, will retry: %v{err}', 'Unable to update node status: %v{err}'], text: ['err'],
    explain: 'Writing the node status to the API server failed.',
  },
  {
    id: 'X13', kind: 'node.fast-ready', lane: 'node-status', versions: '1.26+', v: 0,
    msg: ['Fast updating node status as it just became ready'],
    explain: 'The node just became ready; its status is pushed immediately.',
  },
  {
    id: 'X14', kind: 'node.registered', lane: 'node-status', versions: 'all', v: 0,
    msg: ['Successfully registered node', 'Attempting to register node'],
    printf: ['Successfully registered node %v{node}', 'Attempting to register node %v{node}'], text: ['node'],
    explain: 'The kubelet registers its Node object (kubelet start).',
  },
  {
    id: 'M112', kind: 'admit.rejected', lane: 'sync-loop', versions: 'all (W ≤1.20, I 1.21+)', v: 0,
    msg: ['Failed to admit pod'], printf: ['Failed to admit pod %v{pod} - %s{message}'], text: ['message', 'err'],
    explain: 'An admit handler rejected the pod: it gets status Failed and no pod worker.',
  },
  {
    id: 'M113', kind: 'admit.predicate-failed', lane: 'sync-loop', versions: 'all', v: 2,
    msg: ['Predicate failed on Pod'], printf: ['Predicate failed on Pod: %v{pod}, for reason: %v{reason}'], text: ['reason', 'err'],
    explain: 'A resource or affinity predicate failed during admission.',
  },
  {
    id: 'S07', kind: 'admit.admitted', lane: 'sync-loop', versions: 'custom 1.12.4 patch (seed 000)', v: 0,
    printf: ['pod %s{pod} is running on local node, just admit it.'], podNameOnly: true,
    explain: 'The custom predicate handler admits a pod that is already running on this node.',
  },
  {
    id: 'X15', kind: 'eviction.reclaim', lane: 'eviction', versions: 'all', v: 0,
    msg: ['Eviction manager: attempting to reclaim'], printf: ['eviction manager: attempting to reclaim %v{resourceName}'],
    text: ['resourceName'],
    explain: 'A node resource crossed an eviction threshold; the eviction manager starts evicting pods.',
  },
  {
    id: 'X16', kind: 'eviction.evicting', lane: 'eviction', versions: 'all', v: 0,
    msg: ['Evicting pod'], printf: ['eviction manager: pods %s{pod} evicted successfully'],
    explain: 'The eviction manager kills a pod to reclaim a starved resource.',
  },
  {
    id: 'X17', kind: 'eviction.pressure', lane: 'eviction', versions: 'all', v: 0,
    msg: ['Eviction manager: must evict pod(s) to reclaim', 'Eviction manager: pods ranked for eviction',
      'Eviction manager: pod is evicted successfully', 'Eviction manager: timed out waiting for pods to be cleaned up',
      'Eviction manager: unable to evict any pods from the node'],
    text: ['resourceName'],
    explain: 'The eviction manager is acting on resource pressure.',
  },
  {
    id: 'M70', kind: 'event.recorded', lane: 'events', versions: 'all', v: 3,
    msg: ['Event occurred'],
    printf: ["Event(%v{involvedObject}): type: '%v{type}' reason: '%v{reason}' %v{message}"],
    struct: ['involvedObject'], text: ['reason'],
    refine: {
      field: 'reason', map: {
        Killing: 'event.killing', Started: 'event.started', Created: 'event.created', BackOff: 'event.backoff',
        Unhealthy: 'event.unhealthy', Evicted: 'event.evicted', FailedMount: 'event.failed-mount', NodeNotReady: 'event.node-not-ready', NodeReady: 'event.node-ready',
        Failed: 'event.failed', FailedCreatePodSandBox: 'event.sandbox-failed', SandboxChanged: 'event.sandbox-changed',
        Pulling: 'event.pulling', Pulled: 'event.pulled', ErrImagePull: 'event.image-pull-failed', ImagePullBackOff: 'event.image-backoff',
        ExceededGracePeriod: 'event.exceeded-grace', NetworkNotReady: 'event.network-not-ready', Preempting: 'event.preempting',
      },
    },
    explain: 'The kubelet recorded a Kubernetes Event (Started, Killing, Unhealthy, BackOff…) for an object.',
  },
  {
    id: 'M115', kind: 'volume.op', lane: 'volume', versions: 'all', v: 1,
    msg: ['operationExecutor.MountVolume started for volume', 'MountVolume.SetUp succeeded for volume',
      'UnmountVolume.TearDown succeeded for volume', 'operationExecutor.UnmountVolume started for volume',
      'operationExecutor.VerifyControllerAttachedVolume started for volume', 'Volume detached for volume'],
    explain: 'The volume manager mounted or unmounted a volume for a pod.',
  },
  {
    id: 'X18', kind: 'config.receiving', lane: 'config', versions: '≤1.10', v: 4,
    printf: ['Receiving a new pod %q{pod}'],
    explain: 'The config source received a new pod (printed before the sync loop sees the ADD).',
  },
];
