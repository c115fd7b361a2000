/** PLEG, runtime manager, GC, admission, node status, eviction, events (§4.6, §3.3, §3.6–3.8). */
import type { CatalogEntry, InnerSpec } from './entry.ts';

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
    cri: { role: 'caller', calls: ['ListPodSandbox', 'ListContainers'] },
    explain: 'Listing the runtime failed, so the relist timestamp did not advance; after 3 min PLEG is reported unhealthy.',
  },
  {
    id: 'M96', kind: 'pleg.channel-full', lane: 'pleg', versions: '1.20+', v: 0,
    msg: ['Event channel is full, discard this relist() cycle event'],
    printf: ['event channel is full, discard this relist() cycle event'],
    explain: 'The sync loop is not draining PLEG events; this relist\'s events were dropped.',
  },
  {
    id: 'M97', kind: 'pleg.unhealthy', lane: 'pleg', versions: 'all', v: 0,
    embeddedIn: ['M02', 'M114'],
    printf: ['PLEG is not healthy: pleg was last seen active %v{sinceLastRelist} ago; threshold is %v{threshold}',
      'pleg was last seen active %v{sinceLastRelist} ago; threshold is %v{threshold}'],
    text: ['sinceLastRelist'],
    explain: 'PLEG has not finished a relist for longer than its threshold (3 min), so the runtime is considered unhealthy: pod syncs stop and the node turns NotReady.',
  },
  {
    id: 'X06', kind: 'pleg.inspect-failed', lane: 'pleg', versions: 'all', v: 4,
    // 1.12 writes name/namespace (the template names them); structured lines use the usual namespace/name.
    msg: ['PLEG: Ignoring events for pod'], printf: ['PLEG: Ignoring events for pod %v{name}/%v{namespace}: %v{err}'],
    text: ['err'],
    explain: 'Inspecting the pod after a relist failed; its events are retried at the next relist.',
  },
  {
    id: 'X55', kind: 'pleg.reinspect-failed', lane: 'pleg',
    versions: '≤1.3x: E (glog.Errorf) in 1.12, V5 later (Infof, then ErrorS in the structured era); gone where reinspection became part of the relist loop',
    v: 5,
    // Like X06, the printf era writes name/namespace; the structured line uses the usual namespace/name.
    msg: ['PLEG: pod failed reinspection'], printf: ['PLEG: pod %v{name}/%v{namespace} failed reinspection: %v{err}'],
    text: ['err'],
    cri: { role: 'caller', calls: ['PodSandboxStatus', 'ContainerStatus'] },
    explain: 'A pod whose inspection failed at an earlier relist failed again (the runtime did not answer GetPodStatus): its cached status stays stale, its events wait, and PLEG retries at the next relist.',
  },
];

/**
 * The runtime client's own line for each failed CRI call (remote_runtime.go / remote_image.go; printf ≤1.20,
 * structured 1.21+): one entry per call, so an event names its call. `printf` omits calls whose ≤1.20 line is not
 * known here.
 */
/** The dockershim's (and early CRI-O's) CNI teardown error, naming the pod as name_namespace. */
const CNI_TEARDOWN_POD = '%vfailed to teardown pod %q{pod} network%v';

const CRI_CALL_LINES: readonly { id: string; call: string; msg: string; printf?: string; inner?: InnerSpec }[] = [
  { id: 'X09', call: 'StopContainer', msg: 'StopContainer from runtime service failed', printf: 'StopContainer %q{containerID} from runtime service failed: %v{err}' },
  { id: 'X09b', call: 'ListPodSandbox', msg: 'ListPodSandbox with filter from runtime service failed', printf: 'ListPodSandbox with filter %v from runtime service failed: %v{err}' },
  { id: 'X09c', call: 'ListContainers', msg: 'ListContainers with filter from runtime service failed', printf: 'ListContainers with filter %v from runtime service failed: %v{err}' },
  // As RunPodSandbox's: the dockershim's CNI teardown error names the pod.
  { id: 'X09d', call: 'StopPodSandbox', msg: 'StopPodSandbox from runtime service failed', printf: 'StopPodSandbox %q{podSandboxID} from runtime service failed: %v{err}',
    inner: { field: 'err', printf: [CNI_TEARDOWN_POD] } },
  { id: 'X09e', call: 'RemoveContainer', msg: 'RemoveContainer from runtime service failed', printf: 'RemoveContainer %q{containerID} from runtime service failed: %v{err}' },
  { id: 'X09f', call: 'RemovePodSandbox', msg: 'RemovePodSandbox from runtime service failed', printf: 'RemovePodSandbox %q{podSandboxID} from runtime service failed: %v{err}' },
  { id: 'X09g', call: 'ContainerStatus', msg: 'ContainerStatus from runtime service failed', printf: 'ContainerStatus %q{containerID} from runtime service failed: %v{err}' },
  { id: 'X09h', call: 'PodSandboxStatus', msg: 'PodSandboxStatus from runtime service failed', printf: 'PodSandboxStatus %q{podSandboxID} from runtime service failed: %v{err}' },
  { id: 'X09i', call: 'CreateContainer', msg: 'CreateContainer in sandbox from runtime service failed', printf: 'CreateContainer in sandbox %q{podSandboxID} from runtime service failed: %v{err}' },
  { id: 'X09j', call: 'StartContainer', msg: 'StartContainer from runtime service failed', printf: 'StartContainer %q{containerID} from runtime service failed: %v{err}' },
  // The dockershim's CNI error names the pod as name_namespace.
  { id: 'X09k', call: 'RunPodSandbox', msg: 'RunPodSandbox from runtime service failed', printf: 'RunPodSandbox from runtime service failed: %v{err}',
    inner: { field: 'err', printf: ['%vfailed to set up pod %q{pod} network%v'] } },
  { id: 'X09l', call: 'Status', msg: 'Status from runtime service failed', printf: 'Status from runtime service failed: %v{err}' },
  { id: 'X09m', call: 'Version', msg: 'Version from runtime service failed', printf: 'Version from runtime service failed: %v{err}' },
  { id: 'X09n', call: 'ExecSync', msg: 'ExecSync cmd from runtime service failed', printf: "ExecSync %s{containerID} '%s' from runtime service failed: %v{err}" },
  { id: 'X09o', call: 'ListPodSandboxStats', msg: 'ListPodSandboxStats with filter from runtime service failed' },
  { id: 'X09p', call: 'ListContainerStats', msg: 'ListContainerStats with filter from runtime service failed', printf: 'ListContainerStats with filter %v from runtime service failed: %v{err}' },
  { id: 'X09q', call: 'ImageFsInfo', msg: 'ImageFsInfo from image service failed' },
  { id: 'X09r', call: 'PullImage', msg: 'PullImage from image service failed', printf: 'PullImage %q{image} from image service failed: %v{err}' },
  { id: 'X09s', call: 'ImageStatus', msg: 'ImageStatus from image service failed', printf: 'ImageStatus %q{image} from image service failed: %v{err}' },
  // (Image GC and the eviction manager's image stats list images: minikube#5752.)
  { id: 'X09y', call: 'ListImages', msg: 'ListImages with filter from image service failed', printf: 'ListImages with filter %v from image service failed: %v{err}' },
];

const CRI_CALL_FAILED: CatalogEntry[] = CRI_CALL_LINES.map((c) => ({
  id: c.id, kind: 'runtime.call-failed', lane: 'runtime', versions: 'all (remote_runtime.go printf ≤1.20, structured 1.21+)', v: 0,
  msg: [c.msg], ...(c.printf ? { printf: [c.printf] } : {}), ...(c.inner ? { inner: c.inner } : {}), text: ['err'], cri: { role: 'call', calls: [c.call] },
  explain: `The CRI ${c.call} call to the container runtime failed (deadline exceeded, connection closed or refused, EOF…).`,
}));

/** Runtime-manager and housekeeping lines that log a failed CRI call's error again, on the way up. */
const CRI_CALLERS: CatalogEntry[] = [
  {
    id: 'X236', kind: 'runtime.call-failed', lane: 'runtime', versions: '≤1.5 (dockertools, before the CRI)', v: 0,
    printf: ['Failed to execute Info() call to the Docker client: %v{err}'], text: ['err'],
    cri: { role: 'call', calls: ['Info'] },
    explain: 'The kubelet\'s Docker client (dockertools, before the CRI) could not get the Docker daemon\'s info: Docker is not running, or not answering on its socket.',
  },
  {
    id: 'X09t', kind: 'runtime.call-failed', lane: 'runtime', versions: 'all (printf ≤1.20, structured 1.21+)', v: 0,
    msg: ['Failed to list pod sandboxes'], printf: ['ListPodSandbox failed: %v{err}'], text: ['err'],
    cri: { role: 'caller', calls: ['ListPodSandbox'] },
    explain: 'Listing the pod sandboxes failed (kuberuntime_sandbox.go, logging the ListPodSandbox error it got back).',
  },
  {
    id: 'X09u', kind: 'runtime.call-failed', lane: 'runtime', versions: 'all (printf ≤1.20, structured 1.21+)', v: 0,
    msg: ['ListContainers failed'], printf: ['getKubeletContainers failed: %v{err}'], text: ['err'],
    cri: { role: 'caller', calls: ['ListContainers'] },
    explain: 'Listing the kubelet\'s containers failed (kuberuntime_container.go, logging the ListContainers error it got back).',
  },
  {
    id: 'X09v', kind: 'runtime.call-failed', lane: 'runtime', versions: 'all (printf ≤1.20, structured 1.21+)', v: 0,
    msg: ['Error listing containers'], printf: ['Error listing containers: %v{err}'], text: ['err'],
    cri: { role: 'caller', calls: ['ListPodSandbox', 'ListContainers'] },
    explain: 'Housekeeping (HandlePodCleanups) could not list the runtime\'s pods: the sandbox or container listing failed.',
  },
  {
    id: 'X09w', kind: 'runtime.call-failed', lane: 'runtime', versions: 'all', v: 0,
    // The printf form is the dockershim's own (docker_sandbox.go), under the kubelet's header.
    msg: ['Failed to stop sandbox', 'StopPodSandbox failed'],
    // (≤1.20's runtime manager printed the ID as a struct, and no error: `Failed to stop sandbox {"docker" "<id>"}`.)
    printf: ['Failed to stop sandbox %q{podSandboxID}: %v{err}', 'Failed to stop sandbox {%q %q{podSandboxID}}'], text: ['err'],
    inner: { field: 'err', printf: [CNI_TEARDOWN_POD] },
    cri: { role: 'caller', calls: ['StopPodSandbox'] },
    explain: 'Stopping the pod\'s sandbox failed while the pod was being killed.',
  },
  {
    // kuberuntime_image.go logging the ListImages error again (≤1.20's words).
    id: 'X09z', kind: 'runtime.call-failed', lane: 'runtime', versions: '≤1.20 (printf)', v: 0,
    printf: ['ListImages failed: %v{err}'], text: ['err'],
    cri: { role: 'caller', calls: ['ListImages'] },
    explain: 'Listing the node\'s images failed (kuberuntime_image.go, logging the ListImages error it got back): image garbage collection and the image filesystem\'s stats need it.',
  },
  {
    id: 'X09x', kind: 'runtime.call-failed', lane: 'gc', versions: '1.21+', v: 0,
    msg: ['Error getting ContainerStatus for containerID'], text: ['err'],
    cri: { role: 'caller', calls: ['ContainerStatus'] },
    explain: 'Container garbage collection asked the runtime for the status of a container it is about to remove and got an error (NotFound: the container was removed meanwhile, which is routine).',
  },
];

export const RUNTIME_MESSAGES: CatalogEntry[] = [
  {
    id: 'M103', kind: 'runtime.pod-actions', lane: 'pod-worker', versions: 'all', v: 3,
    msg: ['computePodActions got for pod'], printf: ['computePodActions got %v{podActions} for pod %q{pod}'],
    struct: ['podActions'], text: ['podActions'],
    explain: 'The runtime manager (computePodActions) decided what this sync must do: kill or create the sandbox, which containers to start or kill.',
  },
  {
    id: 'M104', kind: 'runtime.kill-decision', lane: 'pod-worker', versions: 'all', v: 2,
    msg: ['Message for Container of pod'],
    printf: ['Container %q{containerName} (%v{containerID}) of pod %s{pod}: %s{containerMessage}'],
    text: ['containerMessage'],
    explain: 'The runtime manager (computePodActions) decided to kill a running container, and says why (spec hash changed, probe failed…).',
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
      'Sandbox for pod %q{pod} has no IP address. Need to start a new one',
      'SyncPod received new pod %q{pod}, will create a sandbox for it'],
    // Which reason (none yet, not ready, changed, no IP) is in the words: the sandbox-churn finding reads them.
    text: ['msg'],
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
    containerRole: 'containerType',
    explain: 'A container is being created and started (init, regular or ephemeral).',
  },
  {
    id: 'M107i', kind: 'runtime.container-creating', lane: 'runtime', versions: '≤1.20', v: 4,
    printf: ['Creating init container %v{container} in pod %v{pod}'], containerRole: 'init',
    explain: 'The next init container is being created and started; the app containers wait until every init container has succeeded.',
  },
  {
    id: 'M107c', kind: 'runtime.init-started', lane: 'runtime', versions: 'all', v: 4,
    msg: ['Completed init container for pod'], printf: ['Completed init container %q{containerName} for pod %q{pod}'],
    containerRole: 'init',
    explain: 'The init container was started (despite the wording, it has not finished yet: the next sync checks whether it exited 0).',
  },
  {
    id: 'X56', kind: 'runtime.init-action', lane: 'pod-worker', versions: '1.28+', v: 4,
    msg: ['Computing init container action'], containerRole: 'init',
    explain: 'The runtime manager (computePodActions) looks at an init container (last one first) to decide which to start next and whether the pod is initialised.',
  },
  {
    id: 'X57', kind: 'runtime.init-done', lane: 'pod-worker', versions: '1.28+', v: 4,
    msg: ['Init container has been initialized'], containerRole: 'init',
    explain: 'This init container has done its part: it exited 0, or (a sidecar) it is running; the next one may start.',
  },
  {
    id: 'X58', kind: 'runtime.init-aborted', lane: 'pod-worker', versions: '1.28+', v: 4,
    msg: ['Failed to initialize the pod, as the init container failed to start, aborting',
      'Failed to start the restartable init container for the pod, skipping'], containerRole: 'init',
    explain: 'An init container could not be started (often: it is in restart back-off); the pod stays uninitialised until a later sync.',
  },
  {
    id: 'X59', kind: 'runtime.remove-container', lane: 'pod-worker', versions: 'all', v: 4,
    msg: ['Removing init container'], printf: ['Removing init container %q{containerName} instance %q{containerID} %d{count}'],
    containerRole: 'init',
    explain: 'Before starting init containers, the kubelet removes all but the newest exited instance of each one.',
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
    text: ['containerType'], containerRole: 'containerType',
    explain: 'The container is in CrashLoopBackOff: its restart is delayed.',
  },
  {
    id: 'M108i', kind: 'runtime.backoff', lane: 'pod-worker', versions: '≤1.20', v: 4,
    printf: ['Backing Off restarting init container %v{container} in pod %v{pod}'], containerRole: 'init',
    explain: 'The init container keeps failing and its restart is delayed (Init:CrashLoopBackOff): the app containers cannot start.',
  },
  {
    id: 'M108b', kind: 'runtime.backoff', lane: 'pod-worker', versions: 'all (own line ≤1.20, err= 1.22+)', v: 3,
    msg: ['Back-off restarting failed container'], text: ['err', 'msg'],
    // ≤1.20 logs the error text itself at V3 ("Back-off" until 1.15, "back-off" after); 1.22+ puts it in err.
    printf: ['Back-off %s{backoff} restarting failed container=%s{containerName} pod=%s{pod}',
      'back-off %s{backoff} restarting failed container=%s{containerName} pod=%s{pod}'],
    inner: { field: 'err', printf: ['back-off %s{backoff} restarting failed container=%s{containerName} pod=%s{pod}'] },
    explain: 'The container is in CrashLoopBackOff; the back-off (10s, 20s, 40s … 5m0s) grows with each failed restart.',
  },
  {
    id: 'X19', kind: 'runtime.sandbox-create-failed', lane: 'pod-worker', versions: 'all', v: 0,
    msg: ['Failed to create sandbox for pod', 'CreatePodSandbox for pod failed'],
    printf: ['CreatePodSandbox for pod %q{pod} failed: %v{err}', 'createPodSandbox for pod %q{pod} failed: %v{err}',
      'Failed to create sandbox for pod %q{pod}: %v{err}'],
    text: ['err'],
    explain: 'RunPodSandbox failed (CNI setup, sandbox image, runtime error): the pod cannot start any container and stays ContainerCreating.',
  },
  {
    id: 'X127', kind: 'runtime.sandbox-ip', lane: 'pod-worker', versions: 'all', v: 4,
    // (dockertools, ≤1.6: `Determined pod ip after infra change: "<pod>": "10.2.37.2"`.)
    printf: ['Determined the ip %v{ips} for pod %q{pod} after sandbox changed', 'Determined pod ip after infra change: %q{pod}: %q{ips}'], text: ['ips'],
    explain: 'The pod\'s new sandbox has its network set up: SyncPod read the IPs the runtime gave it and goes on to start the containers.',
  },
  {
    id: 'X128', kind: 'runtime.sandbox-create-failed', lane: 'pod-worker', versions: '≤1.5 (dockertools)', v: 0,
    // ≤1.1 ended at the pod (its reason the whole error).
    printf: ['Failed to create pod infra container: %v{reason}; Skipping pod %q{pod}: %v{err}', 'Failed to create pod infra container: %v{reason}; Skipping pod %q{pod}'], text: ['err', 'reason'],
    explain: 'The kubelet could not start the pod\'s infrastructure (pause) container — often because the pause image cannot be pulled — so none of its containers can start.',
  },
  {
    id: 'X181', kind: 'runtime.sandbox-create-failed', lane: 'pod-worker', versions: '≤1.5 (dockertools)', v: 0,
    printf: ['Failed to setup network for pod %q{pod} using network plugins %q{plugin}: %v{err}; Skipping pod'], text: ['err'],
    explain: 'The pod\'s infrastructure container started, but the network plugin (CNI or kubenet) could not give it its network, so the sync stops here and is retried; the pod stays ContainerCreating. The plugin\'s own error, when it gave one, is in the line.',
  },
  {
    id: 'X114', kind: 'runtime.sandbox-network', lane: 'runtime', versions: '≤1.23 (dockershim)', v: 4,
    printf: ['Calling network plugin %s{plugin} to set up pod %q', 'Adding %s to network %s netns %q', 'Added %s to network %s: %v'],
    explain: 'The dockershim asks the network plugin (CNI) to give a new sandbox its network; the pod\'s IP comes from this step.',
  },
  {
    id: 'X174', kind: 'runtime.sandbox-network-failed', lane: 'runtime', versions: '≤1.23 (dockershim)', v: 0,
    // (Windows' cni_windows.go writes its line lower-case.)
    printf: ['Error adding network: %v{err}', 'Error while adding to cni network: %v{err}', 'error while adding to cni network: %v{err}', 'Error deleting network: %v{err}',
      // The sandbox is named `<namespace>_<name>/<sandbox ID>` (a namespace has no underscore).
      'Error while removing pod from cni network: %v{err}', 'Error adding %s{namespace}_%s{name}/%s{podSandboxID} to network %s: %v{err}',
      'Error deleting %s{namespace}_%s{name}/%s{podSandboxID} from network %s: %v{err}'],
    text: ['err'],
    explain: 'The dockershim\'s CNI call failed for a sandbox: adding it to the pod network (the sandbox is not created and the pod stays ContainerCreating, retried) or removing it (its IP and endpoint may leak); the error is the plugin\'s own.',
  },
  {
    // kube_docker_client.go (dockershim and dockertools): --image-pull-progress-deadline (1m by default) ran out.
    id: 'X252', kind: 'image.pull-failed', lane: 'runtime', versions: '≤1.23 (Docker)', v: 0,
    printf: ['Cancel pulling image %q{image} because of no progress for %v{deadline}, latest progress: %q{progress}'], text: ['msg'],
    explain: 'The kubelet stopped a Docker image pull that had made no progress for its --image-pull-progress-deadline (1 minute by default): the pull fails with "request canceled" and is tried again after a back-off.',
  },
  {
    // docker_sandbox.go (dockershim): the sandbox's IP asked of the network plugin, which had none for it.
    id: 'X257', kind: 'runtime.network-status-failed', lane: 'runtime', versions: '≤1.23 (dockershim)', v: 0,
    printf: ["Couldn't find network status for %s{pod} through plugin: %v{err}"], text: ['err'],
    explain: 'Asked for a sandbox\'s IP address, the network plugin had none for it: the pod\'s network was not set up by the plugin (no CNI plugin configured, or the host network), so its status shows no pod IP.',
  },
  {
    // docker_service.go at start-up: what Docker says of itself (its cgroup driver among it), checked next.
    id: 'X255', kind: 'runtime.docker-info', lane: 'runtime', versions: '≤1.23 (dockershim)', v: 0,
    msg: ['Docker Info'], printf: ['Docker Info: %+v{dockerInfo}'],
    explain: 'The dockershim read Docker\'s own description at start-up (its storage driver, cgroup driver, version): the kubelet checks its cgroup driver against Docker\'s right after.',
  },
  {
    // dockershim's helpers.go: Docker refused a create because a container of the name exists; it tries to remove that
    // one (for containers too, in the sandbox's words) and, if it is gone, creates under a random name.
    id: 'X248', kind: 'runtime.name-conflict', lane: 'runtime', versions: '≤1.23 (dockershim)', v: 0,
    printf: ['Unable to create pod sandbox due to conflict. Attempting to remove sandbox %q{containerID}'],
    text: ['containerID'],
    explain: 'Docker already has a container of the name the kubelet asked for (its pod, container and restart attempt): the dockershim removes that old container and the create is retried.',
  },
  {
    id: 'X249', kind: 'runtime.conflict-remove-failed', lane: 'runtime', versions: '≤1.23 (dockershim)', v: 0,
    printf: ['Failed to remove the conflicting container %q{containerID}: %v{err}'],
    text: ['err'],
    explain: 'The dockershim could not remove the old container that holds the name it needs (Docker refuses to remove one still running): the create keeps failing until that container is gone.',
  },
  {
    // libcni runs the plugin with the kubelet's own stderr: its lines land in the kubelet's journal without a header.
    id: 'X250', kind: 'runtime.cni-plugin-output', lane: 'runtime', versions: '≤1.23 (dockershim)', v: 0,
    printf: ['%s{plugin}-cni: %s{err}'], text: ['err'], alsoPrintedBy: 'the CNI plugin the kubelet runs (weave-cni, cilium-cni…)',
    explain: 'A pod network (CNI) plugin that the kubelet ran to set up or tear down a sandbox\'s network printed this itself, to the stderr it shares with the kubelet: what the plugin says went wrong (for weave, its router at 127.0.0.1:6784 not answering), the step failing with it.',
  },
  {
    id: 'X136', kind: 'pleg.write-status', lane: 'pleg', versions: '≤1.20', v: 4, podNameFirst: true,
    // The status dump starts with the pod's UID: %+v (≤1.17, `&{ID:<uid> Name:…`) or %#v (`&container.PodStatus{ID:"<uid>", …`).
    printf: ['PLEG: Write status for %s{pod}: &{ID:%s{podUID} %v', 'PLEG: Write status for %s{pod}: &container.PodStatus{ID:%q{podUID}, %v',
      'PLEG: Write status for %s{pod}: %v'],
    explain: 'The PLEG read a pod\'s status from the runtime while relisting and cached it (the pod is written name/namespace).',
  },
  {
    id: 'X115', kind: 'pleg.status-error', lane: 'pleg', versions: '1.21+', v: 0,
    msg: ['PLEG: Write status'], text: ['err'], errorOnlyWithText: true,
    explain: 'The PLEG could not read a pod\'s status from the runtime while relisting (its sandbox IP, a container it lost): the pod\'s cached status stays old until a later relist succeeds. Without err= it is no error: 1.22 logged this debugging line (the pod\'s whole status) at error level by mistake.',
  },
  {
    id: 'M109', kind: 'runtime.kill', lane: 'pod-worker', versions: 'all', v: 2,
    msg: ['Killing container with a grace period'],
    // 1.2–1.4 (dockertools) quote the ID with the container's name and the pod's namespace/name, or with a bare "/"
    // when it had neither spec nor pod; these go first, before the plain %q takes the whole quoted text as an ID.
    printf: ['Killing container "%s{containerID} %s{containerName} %s{pod}" with %d{gracePeriod} second grace period',
      'Killing container "%s{containerID} /" with %d{gracePeriod} second grace period',
      'Killing container %q{containerID} with %d{gracePeriod} second grace period',
      'Killing container %q{containerID} with a %d{gracePeriod} second grace period',
      'Killing container %q{containerID} with a grace period of %d{gracePeriod} seconds'],
    num: 'gracePeriod',
    explain: 'StopContainer was sent to the runtime with this grace period (after any preStop hook).',
  },
  {
    id: 'M109o', kind: 'runtime.kill-override', lane: 'pod-worker', versions: 'all (printf ≤1.21)', v: 3,
    msg: ['Killing container with a grace period override'], num: 'gracePeriod',
    // ≤1.21 logged it after the preStop hook, the ID as a string or (≤1.1x) as its struct: `{"docker" "<id>"}`.
    printf: ['Killing container %q{containerID}, but using %d{gracePeriod} second grace period override',
      'Killing container {%q %q{containerID}}, but using %d{gracePeriod} second grace period override'],
    explain: 'The kill uses a grace period override (deletion grace, eviction, or 1 s for orphans).',
  },
  {
    id: 'X07', kind: 'runtime.prestop', lane: 'pod-worker', versions: 'all', v: 3,
    msg: ['Running preStop hook', 'PreStop hook completed', 'PreStop hook not completed in grace period'],
    printf: ['Running preStop hook for container %q{containerID}'],
    explain: 'The container\'s preStop hook runs before it is stopped.',
  },
  {
    // kubecontainer's port mappings: each port is named after the container's port and protocol.
    id: 'X269', kind: 'runtime.port-name-conflict', lane: 'pod-worker', versions: 'all', v: 0,
    printf: ['Port name conflicted, %q{port} is defined more than once'], msg: ['Port name conflicted, it is defined more than once'], text: ['port', 'portName'],
    explain: 'Two of the container\'s ports get the same name — the kubelet names each mapping after the container port and protocol, so two hostPorts for one container port clash — and only the first is kept: the other hostPort is not mapped.',
  },
  {
    // kuberuntime_container.go, right after the start: the kubelet then kills the container (FailedPostStartHook).
    id: 'X261', kind: 'runtime.poststart-failed', lane: 'pod-worker', versions: '1.20+', v: 0,
    msg: ['Failed to execute PostStartHook'], text: ['err'],
    explain: 'The container\'s postStart hook failed (its command exited non-zero or could not be run, or its HTTP call failed): the kubelet records a FailedPostStartHook event, kills the container, and the sync fails with PostStartHookError.',
  },
  {
    id: 'X210', kind: 'runtime.prestop-failed', lane: 'pod-worker', versions: 'all', v: 0,
    msg: ['PreStop hook failed'],
    printf: ['preStop hook for container %q{containerName} failed: %v{err}'],
    text: ['err'],
    explain: 'The container\'s preStop hook failed (its command exited non-zero, or its HTTP call failed): the kubelet records a FailedPreStopHook event and goes on to stop the container.',
  },
  {
    id: 'M110', kind: 'runtime.container-exited', lane: 'pod-worker', versions: 'all', v: 3,
    msg: ['Container exited normally'],
    // 1.2–1.6 (dockertools) say how long the stop took, the ID quoted with the container's and pod's names as M109.
    printf: ['Container %q{containerID} exited normally', 'Container "%s{containerID} %s{containerName} %s{pod}" exited after %v',
      'Container "%s{containerID} /" exited after %v', 'Container %q{containerID} exited after %v'],
    explain: 'StopContainer returned: the container has stopped.',
  },
  {
    id: 'X08', kind: 'runtime.kill-failed', lane: 'pod-worker', versions: 'all', v: 0,
    msg: ['Container termination failed with gracePeriod', 'Kill container failed'],
    printf: ['Container %q{containerID} termination failed with gracePeriod %d{gracePeriod}: %v{err}',
      // 1.2–1.5 (dockertools): the ID quoted with the container's name and the pod, and how long the stop waited.
      'Container "%s{containerID} %s{containerName} %s{pod}" termination failed after %s{waited}: %v{err}',
      'Container %q{containerID} termination failed after %s{waited}: %v{err}'],
    num: 'gracePeriod', text: ['err'], cri: { role: 'caller', calls: ['StopContainer'] },
    explain: 'Stopping the container failed; the pod cannot finish terminating until a later attempt succeeds.',
  },
  {
    id: 'X08b', kind: 'runtime.kill-failed', lane: 'pod-worker', versions: 'all', v: 0,
    // (≤1.21's killPod in kubelet.go said it in its own words.)
    msg: ['killPodWithSyncResult failed'], printf: ['killPodWithSyncResult failed: %v{err}', 'error killing pod: %v{err}'],
    text: ['err'], cri: { role: 'caller', calls: ['StopContainer', 'StopPodSandbox'] },
    explain: 'Killing the pod (its containers, then its sandbox) failed; the pod cannot finish terminating until a later attempt succeeds.',
  },
  ...CRI_CALL_FAILED,
  ...CRI_CALLERS,
  {
    id: 'X10', kind: 'runtime.remove-container', lane: 'pod-worker', versions: 'all', v: 4,
    msg: ['Removing container', 'RemoveContainer'], printf: ['Removing container %q{containerID}'],
    explain: 'A dead container is removed from the runtime.',
  },
  {
    id: 'M111', kind: 'gc.remove-sandbox', lane: 'gc', versions: 'all', v: 4,
    msg: ['Removing sandbox'], printf: ['Removing sandbox %q{podSandboxID}'],
    explain: 'Container GC removed an inactive sandbox of a pod whose content may be removed.',
  },
  {
    id: 'X11', kind: 'gc.failed', lane: 'gc', versions: 'all', v: 0,
    msg: ['Container garbage collection failed'], printf: ['Container garbage collection failed: %v{err}'],
    text: ['err'], cri: { role: 'caller', calls: ['ListContainers', 'ListPodSandbox', 'RemoveContainer', 'RemovePodSandbox'] },
    explain: 'A container garbage collection pass failed (listing or removing containers and sandboxes in the runtime).',
  },
  {
    // image_gc_manager.go's detectImages pass (every 5 minutes) lists images and containers through the runtime.
    id: 'X276', kind: 'gc.image-monitor-failed', lane: 'gc', versions: 'all (printf ≤1.20, structured 1.21+)', v: 0,
    msg: ['Failed to monitor images'],
    printf: ['[imageGCManager] Failed to monitor images: %v{err}', '[ImageManager] Failed to monitor images: %v{err}'],
    text: ['err'],
    explain: 'The image manager\'s periodic pass could not list the node\'s images and containers from the runtime, so it could not note which images are in use: the runtime did not answer (or answered with this error); image garbage collection works from what it knew before.',
  },
  {
    // Image GC reads the image filesystem's stats (cAdvisor or the runtime's ImageFsInfo): not counted as a CRI call.
    id: 'X11b', kind: 'gc.image-failed', lane: 'gc', versions: 'all', v: 0,
    msg: ['Image garbage collection failed multiple times in a row'],
    printf: ['Image garbage collection failed multiple times in a row: %v{err}'],
    text: ['err'],
    explain: 'Image garbage collection failed pass after pass: it cannot bring the image filesystem under its low threshold, or cannot read that filesystem\'s stats.',
  },
  {
    // Before 1.7 every failed pass printed this; 1.7 split it into "failed once" (at start-up) and "multiple times in a row".
    id: 'X11d', kind: 'gc.image-failed', lane: 'gc', versions: '≤1.6', v: 0,
    printf: ['Image garbage collection failed: %v{err}'],
    text: ['err'],
    explain: 'An image garbage collection pass failed: it could not free as much of the image filesystem as its high threshold asked for (images in use, or a removal the runtime refused), or could not read that filesystem\'s stats.',
  },
  {
    id: 'X11c', kind: 'gc.image-failed-once', lane: 'gc', versions: 'all', v: 0,
    msg: ['Image garbage collection failed once. Stats initialization may not have completed yet'],
    printf: ['Image garbage collection failed once. Stats initialization may not have completed yet: %v{err}'],
    text: ['err'],
    explain: 'An image garbage collection pass failed once, usually right after start-up while the image filesystem\'s stats are not known yet.',
  },
  {
    id: 'X172', kind: 'runtime.resize-record-missing', lane: 'pod-worker', versions: '1.33+', v: 0,
    msg: ['Missing actuated resource record'],
    explain: 'For in-place resize the kubelet remembers the resources it last applied to each running container; this one has no record (typically a container started before an upgrade to 1.33), so the kubelet treats it as having none: it applies the pod\'s resources again, and where the resize policy says RestartContainer the container may be restarted.',
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
    cri: { role: 'caller', calls: ['Status'] },
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
    // (The lower-case wording is 0.x's: kubernetes/kubernetes#8195.)
    printf: ['Error updating node status, will retry: %v{err}', 'Unable to update node status: %v{err}', 'error updating node status, will retry: %v{err}'], text: ['err'],
    explain: 'Writing the node status to the API server failed.',
  },
  {
    id: 'X13', kind: 'node.fast-ready', lane: 'node-status', versions: '1.26+', v: 0,
    msg: ['Fast updating node status as it just became ready'],
    explain: 'The node just became ready; its status is pushed immediately.',
  },
  {
    id: 'X65', kind: 'node.get-failed', lane: 'node-status', versions: '1.21+', v: 0,
    msg: ['Error getting node'], text: ['err'],
    explain: 'Right after a start the kubelet polls for its Node object to update the pod CIDR and status early; "not found" only means it is not registered yet.',
  },
  {
    // The first kubelets (1.0–1.1) said it on the sync loop, naming the node.
    id: 'X205', kind: 'node.get-failed', lane: 'node-status', versions: '≤1.1', v: 0,
    printf: ['error getting node: node %s{node} not found'], text: ['node'], namesOwnNode: true,
    explain: 'The kubelet could not find its own Node object in the API server: not registered yet right after a start, else deleted since (the kubelet of this era registered only at its start).',
  },
  {
    id: 'X71', kind: 'node.shutdown-detected', lane: 'node-status', versions: '1.21+', v: 1,
    msg: ['Shutdown manager detected new shutdown event, isNodeShuttingDownNow', 'Shutdown manager detected new shutdown event'],
    text: ['event'],
    explain: 'Graceful node shutdown: systemd announced a shutdown (event=true) or its cancellation; the kubelet marks the node not ready and stops its pods within the configured grace periods.',
  },
  {
    id: 'X72', kind: 'node.shutdown-done', lane: 'node-status', versions: '1.21+', v: 1,
    msg: ['Shutdown manager completed processing shutdown event, node will shutdown shortly'],
    explain: 'Graceful node shutdown: the kubelet has stopped the pods it had to and released its inhibitor lock, so the node powers off now.',
  },
  {
    // The start-up errors after which the kubelet exits (os.Exit(1); klog.Fatal in the printf era, whose F lines
    // print the error itself): its flags, its config file, its dependencies, the runtime, cAdvisor, the container
    // manager. The kubelet-exited finding reads any F line too.
    id: 'X73', kind: 'node.kubelet-failed', lane: 'node-status', versions: '1.21+', v: 0,
    msg: ['Failed to run kubelet', 'Failed to parse kubelet flag', 'Failed to validate kubelet flags', 'Failed to load kubelet config file',
      'Failed to validate kubelet configuration', 'Failed to construct kubelet dependencies', 'Failed to create a new kubelet configuration',
      'Failed to initialize logging', 'Failed to start cAdvisor', 'Kubelet failed to get node info', 'Failed to start ContainerManager',
      'Failed to initialize internal modules',
      // NewMainKubelet returns the error after saying so: in a user namespace without KubeletInUserNamespace.
      'Failed to create an oomWatcher (running in UserNS, Hint: enable KubeletInUserNamespace feature flag to ignore the error)'],
    printf: ['failed to run Kubelet: %s', 'Failed to start ContainerManager %s', 'Failed to start cAdvisor %s', 'Kubelet failed to get node info: %s',
      // ≤1.20's server.go before the kubelet ran: the config file, the flags.
      'failed to load Kubelet config file %s{path}, error %v{err}', 'failed to validate kubelet flags: %v{err}',
      // ≤1.6's server.go.
      'Failed running kubelet: %s'],
    text: ['err', 'msg'],
    explain: 'The kubelet could not start (its flags or config file, its certificates, the container runtime not answering, swap, cgroups) and exits; its service manager starts it again, and it fails the same way until the cause is fixed.',
  },
  {
    id: 'X113', kind: 'node.kubelet-failed', lane: 'node-status', versions: 'all', v: 0,
    printf: ['Error: %s{err}', 'error: %s{err}', 'kubelet: Exit with error: %s{err}'], text: ['err'], alsoPrintedBy: 'every command-line program', headerless: true,
    explain: 'The kubelet\'s command ended on an error and printed it to stderr without a log header (its command-line library\'s "Error:" line, or the "error:" of older kubelets\' main) before it exits; its service manager starts it again.',
  },
  {
    id: 'X135', kind: 'node.flag-deprecated', lane: 'node-status', versions: 'all', v: 0,
    printf: ['Flag --%s{flag} has been deprecated, %s{why}'], text: ['flag'], alsoPrintedBy: 'every command built on pflag',
    explain: 'A flag on the kubelet\'s command line is deprecated (the flag library says so on stderr at every start): a later release removes it, and the kubelet then refuses to start with "unknown flag"; its setting belongs in the config file.',
  },
  {
    id: 'X112', kind: 'node.kubelet-failed', lane: 'node-status', versions: '1.24+', v: 0,
    msg: ['command failed'], text: ['err'], alsoPrintedBy: 'every command built on component-base (kube-proxy, kubeadm, …)',
    explain: 'The kubelet\'s command returned an error (newer kubelets report every start-up failure this way: "failed to run Kubelet: …", "failed to validate kubelet flags: …") and the process exits; its service manager starts it again.',
  },
  {
    id: 'X14a', kind: 'node.registering', lane: 'node-status', versions: 'all', v: 0,
    msg: ['Attempting to register node'], printf: ['Attempting to register node %v{node}'], text: ['node'], namesOwnNode: true,
    explain: 'The kubelet starts registering its Node object with the API server (kubelet start); it retries until it succeeds.',
  },
  {
    // registerWithApiserver before the create: initialNode could not fill the Node in (its addresses, the cloud
    // provider's instance ID). ≤1.6 "api.Node", later "v1.Node".
    id: 'X251', kind: 'node.construct-failed', lane: 'node-status', versions: 'all', v: 0,
    printf: ['Unable to construct api.Node object for kubelet: %v{err}', 'Unable to construct v1.Node object for kubelet: %v{err}'], text: ['err'],
    explain: 'The kubelet could not build its own Node object to register it (its address, or what the cloud provider says of the instance), so it does not even try to register; it tries again with a growing delay (up to 7 s).',
  },
  {
    id: 'X138', kind: 'node.register-failed', lane: 'node-status', versions: 'all', v: 0,
    msg: ['Unable to register node with API server', 'Unable to register node with API server, error getting existing node'],
    // (≤1.3: "Unable to register 10.0.0.4 with the apiserver: …".)
    printf: ['Unable to register node %q with API server: %v{err}', 'Unable to register %s{node} with the apiserver: %v{err}'], text: ['err'],
    explain: 'Creating the kubelet\'s Node object in the API server failed; the kubelet retries with a growing delay (up to 7 s) until it succeeds.',
  },
  {
    id: 'X209', kind: 'node.csinode-failed', lane: 'volume', versions: 'all', v: 0,
    msg: ['Failed to contact API server when waiting for CSINode publishing'], printf: ['Failed to contact API server when waiting for CSINode publishing: %v{err}'], text: ['err'],
    explain: 'At start-up the kubelet waits for its CSINode object (the CSI drivers on the node) and could not read it from the API server: not reachable, not registered yet, or forbidden — a node name that differs from the one in its credentials is refused.',
  },
  {
    id: 'X14', kind: 'node.registered', lane: 'node-status', versions: 'all', v: 0,
    msg: ['Successfully registered node'], printf: ['Successfully registered node %v{node}'], text: ['node'], namesOwnNode: true,
    explain: 'The API server accepted the kubelet\'s Node object: the node is registered.',
  },
  {
    id: 'X208', kind: 'admit.topology-hint', lane: 'sync-loop', versions: 'all', v: 0,
    msg: ['Hint Provider has no preference for NUMA affinity with any resource'],
    printf: ['[topologymanager] Pod QoS Level: %s{qos}', '[topologymanager] Hint Provider has no preference for NUMA affinity with any resource',
      '[topologymanager] ContainerTopologyHint: %s{hint}', '[topologymanager] TopologyHints for pod \'%s{pod}\', container \'%s{container}\': %v{hints}',
      // 1.16–1.17: the CPU manager's hints for a container (the pod by its name alone), the merged affinity by its UID.
      '[cpumanager] TopologyHints generated for pod \'%s{pod}\', container \'%s{container}\': %v{hints}',
      '[topologymanager] Topology Affinity for Pod: %s{podUID} are %v{hint}',
      // 1.18–1.20: one container's merged affinity (kubernetes/kubernetes#99370).
      '[topologymanager] Topology Affinity for (pod: %s{podUID} container: %s{container}): %v{hint}'],
    text: ['hint', 'qos'], podNameOnly: true,
    explain: 'While the topology manager admits a pod, it asks each hint provider (CPU, memory, device managers) where the container\'s resources can go and merges the answers into one NUMA affinity; with the single-numa-node policy a merged hint that spans NUMA nodes rejects the pod (Topology Affinity Error). A provider with no preference leaves the choice to the others.',
  },
  {
    id: 'X77', kind: 'admit.topology', lane: 'sync-loop', versions: '1.16+', v: 0,
    msg: ['Topology Admit Handler'], printf: ['[topologymanager] Topology Admit Handler'],
    explain: 'The topology manager\'s admit handler ran for a pod the sync loop is admitting (the line names the pod from 1.26 on).',
  },
  {
    id: 'X195', kind: 'admit.devices', lane: 'sync-loop', versions: '1.21+', v: 0,
    msg: ['Looking for needed resources', 'Found pre-allocated devices for resource on pod', 'Need devices to allocate for pod',
      'container not present in the initial running set'],
    text: ['resourceName'], num: 'deviceNumber',
    explain: 'While a pod is admitted the device manager allocates the device-plugin resources its containers ask for: how many a container needs, which it already holds (pre-allocated), how many it must allocate anew. After a kubelet restart, a container that is not in the set found running at the start is given its devices again.',
  },
  {
    id: 'M112', kind: 'admit.rejected', lane: 'sync-loop', versions: 'all (W ≤1.20, I 1.21+)', v: 0,
    msg: ['Failed to admit pod'], printf: ['Failed to admit pod %v{pod} - %s{message}'], text: ['message', 'err'],
    explain: 'An admit handler rejected the pod: it gets status Failed and no pod worker.',
  },
  {
    id: 'X53', kind: 'admit.rejected', lane: 'sync-loop', versions: 'recent structured versions (kubelet.go canAdmitPod, allocation_manager.go from 1.33)', v: 0,
    msg: ['Pod admission denied'], text: ['reason', 'message'],
    explain: 'An admit handler rejected the pod, with the reason the pod\'s status will show (OutOfcpu, NodeAffinity, NodeShutdown, UnexpectedAdmissionError…): it gets status Failed and no pod worker.',
  },
  {
    id: 'X54', kind: 'admit.rejected', lane: 'sync-loop', versions: '1.21+ (≤1.20 says it in "Failed to admit pod")', v: 0,
    msg: ['Failed to admit pod, unexpected error while attempting to recover from admission failure'], text: ['err'],
    explain: 'The pod did not fit and, as a critical pod (static or system-critical), the kubelet tried to evict other pods to make room, but found no set of pods whose eviction would free enough: the pod is rejected with UnexpectedAdmissionError.',
  },
  {
    // kubelet.go's handlePodResourcesResize (1.27–1.32, in SyncPod), allocation_manager.go from 1.33; canAdmitPod logs
    // "Pod admission denied" for the same pod just before it.
    id: 'X275', kind: 'pod.resize-deferred', lane: 'pod-worker', versions: '1.27+ (InPlacePodVerticalScaling)', v: 3,
    msg: ['Resize cannot be accommodated'], text: ['reason', 'Reason', 'message'],
    explain: 'A running pod asked for new resources (an in-place resize) that do not fit on the node now: the admit handlers refused them, so the resize is Deferred and retried later while the pod keeps running with the resources it has. The "Pod admission denied" line just before it is that check\'s, not a rejection of the pod.',
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
    id: 'X16', kind: 'eviction.evicting', lane: 'eviction', versions: '1.21+', v: 3,
    msg: ['Evicting pod'], text: ['message'],
    explain: 'The eviction manager kills a pod to reclaim a starved resource; the message says which resource and how much the pod used.',
  },
  {
    id: 'X17', kind: 'eviction.pressure', lane: 'eviction', versions: 'all', v: 0,
    msg: ['Eviction manager: pods ranked for eviction',
      'Eviction manager: timed out waiting for pods to be cleaned up',
      'Eviction manager: unable to evict any pods from the node', 'Eviction manager: pods evicted, waiting for pod to be cleaned up',
      'Eviction manager: pods successfully cleaned up'],
    printf: ['eviction manager: pods ranked for eviction: %s{pods}',
      'eviction manager: unable to evict any pods from the node',
      'eviction manager: pods %s{pods} evicted, waiting for pod to be cleaned up', 'eviction manager: pods %s{pods} successfully cleaned up',
      'eviction manager: timed out waiting for pods %s{pods} to be cleaned up'],
    text: ['resourceName'],
    explain: 'The eviction manager is acting on resource pressure.',
  },
  {
    id: 'X17m', kind: 'eviction.must-evict', lane: 'eviction', versions: 'all', v: 0,
    msg: ['Eviction manager: must evict pod(s) to reclaim'], printf: ['eviction manager: must evict pod(s) to reclaim %v{resourceName}'],
    text: ['resourceName'],
    explain: 'The node-level cleanup for the resource (dead containers, unused images) did not relieve the pressure, or there is none for it: the eviction manager goes on to evict pods.',
  },
  {
    id: 'X17r', kind: 'eviction.reclaimed-without-evicting', lane: 'eviction', versions: 'all', v: 0,
    msg: ['Eviction manager: able to reduce resource pressure without evicting pods.'],
    printf: ['eviction manager: able to reduce %v{resourceName} pressure without evicting pods.'],
    text: ['resourceName'],
    explain: 'The node-level cleanup (dead containers, unused images) relieved the pressure: no pod is evicted this time.',
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
        FailedKillPod: 'event.failed-kill-pod', FailedSync: 'event.failed-sync', FailedPreStopHook: 'event.failed-prestop',
        FailedPostStartHook: 'event.failed-poststart', EvictionThresholdMet: 'event.eviction-threshold',
        Starting: 'event.kubelet-starting', Rebooted: 'event.node-rebooted', OOMKilling: 'event.oom-killing',
        SuccessfulMountVolume: 'event.mounted', FailedAttachVolume: 'event.failed-attach', InspectFailed: 'event.inspect-failed',
        ErrImageNeverPull: 'event.image-never-pull', DNSConfigForming: 'event.dns-config-forming',
        // An admit handler's rejection, recorded on the pod with the reason its status gets.
        UnexpectedAdmissionError: 'event.admit-rejected', TopologyAffinityError: 'event.admit-rejected',
        SMTAlignmentError: 'event.admit-rejected', NodeAffinity: 'event.admit-rejected', PodOSNotSupported: 'event.admit-rejected',
      },
      // OutOfcpu, OutOfmemory, OutOfpods, OutOfhugepages-2Mi, OutOfnvidia.com/gpu…: the resource the pod did not fit.
      prefixes: { OutOf: 'event.admit-rejected' },
      // Before ImagePullBackOff (≤1.2) an image's pull back-off was a BackOff event too: its message tells.
      then: { field: 'message', prefixes: { 'Back-off pulling image': 'event.image-backoff' } },
    },
    explain: 'The kubelet recorded a Kubernetes Event (Started, Killing, Unhealthy, BackOff…) for an object.',
    alsoPrintedBy: 'every component that records Events through client-go (controller manager, scheduler, kube-proxy)',
  },
  {
    id: 'X61', kind: 'syncloop.deletor-not-found', lane: 'sync-loop', versions: 'all (W ≤1.20, I 1.21+)', v: 0,
    msg: ["Container not found in pod's containers"], printf: ["Container %q{containerID} not found in pod's containers"],
    explain: 'After a ContainerDied event the sync loop prunes the pod\'s old dead containers, and the container that died is no longer among them (already removed, or the pod sandbox): harmless.',
  },
  {
    id: 'X18', kind: 'config.receiving', lane: 'config', versions: 'all', v: 4,
    msg: ['Receiving a new pod'], printf: ['Receiving a new pod %q{pod}'],
    explain: 'The config source received a new pod (printed before the sync loop sees the ADD).',
  },
  {
    id: 'X82', kind: 'runtime.no-swap-controller', lane: 'runtime', versions: '1.28+', v: 0,
    msg: ['No swap cgroup controller present'], text: ['swapBehavior'],
    explain: 'Creating a container\'s config, the runtime manager found no swap cgroup controller on the node, so the container gets no swap settings.',
  },
  {
    // container_log_manager.go: every 10 s, each running container's log past containerLogMaxSize is rotated.
    id: 'X265', kind: 'gc.log-rotate-failed', lane: 'gc', versions: '1.21+', v: 0,
    msg: ['Failed to rotate log for container'], text: ['err'],
    explain: 'The kubelet\'s container log manager could not rotate a container\'s log, which has grown past containerLogMaxSize: renaming it, or asking the runtime to reopen it (ReopenContainerLog), failed. It tries again on its next pass (every 10 s) and says so each time, and the log keeps growing meanwhile.',
  },
  {
    // (kuberuntime_gc.go's own line for a container it could not remove: every pass tries it again.)
    id: 'X83', kind: 'gc.delete-container-failed', lane: 'gc', versions: 'all ("DeleteContainer returned error" 1.21+)', v: 0,
    msg: ['DeleteContainer returned error', 'Failed to remove container'], printf: ['Failed to remove container %q{containerID}: %v{err}'],
    // (It reads the container's status first, for its log's path: a container already gone fails there.)
    text: ['err'], cri: { role: 'caller', calls: ['RemoveContainer', 'ContainerStatus'] },
    explain: 'Removing a dead container (container GC or the pod\'s container deletor) failed; a not-found error means it was already gone.',
  },
  {
    id: 'X84', kind: 'gc.image-list-failed', lane: 'gc', versions: 'all', v: 0,
    msg: ['Failed to update image list'], printf: ['[imageGCManager] Failed to update image list: %v{err}'], text: ['err'],
    cri: { role: 'caller', calls: ['ListImages'] },
    explain: 'The image garbage collector could not list the node\'s images from the runtime (every 30 s); image GC works from a stale list until it can.',
  },
  {
    id: 'X88', kind: 'server.pod-broadcast', lane: 'other', versions: '1.34+', v: 0,
    msg: ['Pod update broadcasted', 'Pod removed broadcasted'], text: ['type'],
    explain: 'The kubelet\'s pods server told its watchers (the local pods API) that a pod changed or was removed.',
  },
  {
    id: 'X199', kind: 'pleg.evented-fallback', lane: 'pleg', versions: '1.26+', v: 4,
    msg: ['Fall back to Generic PLEG relisting since Evented PLEG is not working',
      'Evented PLEG: disabling unexpected-termination fast path after exhausting event stream retries'],
    explain: 'The evented PLEG gave up on the runtime\'s event stream after its retries: the kubelet relists the runtime every second again (the generic PLEG) and does not go back to events until it restarts.',
  },
  {
    id: 'X94', kind: 'pleg.evented-failed', lane: 'pleg', versions: '1.26+', v: 0,
    msg: ['Evented PLEG: Failed to get container events, retrying: ', 'GetContainerEvents failed to get streaming client'], text: ['err'],
    cri: { role: 'call', calls: ['GetContainerEvents'] },
    explain: 'The evented PLEG lost its stream of container events from the runtime; after too many failures the kubelet falls back to relisting (the generic PLEG).',
  },
  {
    id: 'X95', kind: 'pleg.relisting', lane: 'pleg', versions: '1.26+', v: 5,
    msg: ['GenericPLEG: Relisting'],
    explain: 'The generic PLEG starts a relist: it lists every pod and container from the runtime and compares them with the last list.',
  },
  {
    id: 'X98', kind: 'cm.stale-state', lane: 'other', versions: '1.21+', v: 0,
    msg: ['RemoveStaleState: removing container', 'Deleted CPUSet assignment', 'RemoveStaleState removing state'],
    explain: 'The CPU or memory manager drops what it had assigned to a container that no longer exists.',
  },
  {
    id: 'X99', kind: 'housekeeping.orphan-volumes', lane: 'housekeeping', versions: '1.21+', v: 0,
    msg: ['Cleaned up orphaned pod volumes dir'], text: ['path'],
    explain: 'Housekeeping removed the volume directory of a pod that is gone (its volumes were unmounted).',
  },
  {
    id: 'X144', kind: 'housekeeping.orphan-volumes-left', lane: 'housekeeping', versions: 'all', v: 0,
    msg: ['Orphaned pod found, but volume paths are still present on disk', 'Orphaned pod found, but failed to rmdir() volume at path',
      'Orphaned pod found, but volume subpaths are still present on disk',
      'Orphaned pod found, but error occurred during reading volume dir from disk',
      // 1.22+: the first of a pass's errors in err= (numErrs= of them), then each at -v=5; only kubelet_volumes.go says these.
      'There were many similar errors. Turn up verbosity to see them.', 'Orphan pod', 'Orphaned pod found, but volumes are not cleaned up'],
    inner: { field: 'err', printf: ['orphaned pod %q{podUID} found, but %v'] },
    printf: ['Orphaned pod %q{podUID} found, but volume paths are still present on disk : There were a total of %d{numErrs} errors similar to this. Turn up verbosity to see them.',
      'Orphaned pod %q{podUID} found, but volume paths are still present on disk.',
      'Orphaned pod %q{podUID} found, but volume paths are still present on disk',
      // 1.16–1.18 wrote it lowercase, the summary on one line and each pod's at -v=3 after "Orphan pod: ".
      'orphaned pod %q{podUID} found, but volume paths are still present on disk : There were a total of %d{numErrs} errors similar to this. Turn up verbosity to see them.',
      // 1.19–1.20 also reported subPath mounts left under the pod's directory.
      'orphaned pod %q{podUID} found, but volume subpaths are still present on disk : There were a total of %d{numErrs} errors similar to this. Turn up verbosity to see them.',
      'Orphan pod: orphaned pod %q{podUID} found, but volume subpaths are still present on disk',
      'Orphan pod: orphaned pod %q{podUID} found, but volume paths are still present on disk',
      'Orphaned pod %q{podUID} found, but error %v{err} occured during reading volume dir from disk',
      'Orphaned pod %q{podUID} found, but error %v{err} occurred during reading volume dir from disk',
      // ≤1.5: the volumes it still saw under the directory, at -v=3.
      'Orphaned pod %q{podUID} found, but volumes are still mounted; err: %v{err}, volumes: %v',
      // 1.6–1.7: the pod cgroup's cleanup waits for the volumes, and gives the cgroup the least CPU meanwhile.
      'Orphaned pod %q{podUID} found, but volumes not yet removed.  Reducing cpu to minimum'],
    num: 'numErrs', text: ['err', 'path'],
    explain: 'Housekeeping (every 2 s) found the directory of a pod that is gone from this node, but volume paths are still under it (a volume that did not unmount), so it leaves it there and says so again each time.',
  },
  {
    id: 'X234', kind: 'housekeeping.orphan-dir-removing', lane: 'housekeeping', versions: 'all (-v=3)', v: 3,
    msg: ['Orphaned pod found, removing'], printf: ['Orphaned pod %q{podUID} found, removing'],
    explain: 'Housekeeping found the directory of a pod that is gone from this node, with no volume left mounted under it, and removes it.',
  },
  {
    id: 'X235', kind: 'housekeeping.orphan-dirs-failed', lane: 'housekeeping', versions: 'all (printf ≤1.21, structured 1.22+)', v: 0,
    msg: ['Failed to remove orphaned pod dir', 'Failed to remove orphaned pod subdir'], printf: ['Failed to remove orphaned pod %q{podUID} dir; err: %v{err}'],
    text: ['err', 'path'],
    explain: 'Housekeeping could not remove the directory of a pod that is gone from the node: something under it is still mounted or held ("device or resource busy"), so it stays and the error comes back every pass.',
  },
  {
    id: 'X203', kind: 'housekeeping.orphan-dirs-failed', lane: 'housekeeping', versions: '≤1.6', v: 0,
    printf: ['Failed cleaning up orphaned pod directories: %v{err}'], text: ['err'],
    explain: 'Housekeeping could not remove the directory of a pod that is gone from the node: something under it is still mounted or held open ("device or resource busy"), so it stays and the error comes back every pass.',
  },
  {
    id: 'X204', kind: 'gc.remove-failed', lane: 'gc', versions: '≤1.5 (dockertools)', v: 0,
    // (No runtime call of the CRI's, and most often a busy mount, not the runtime failing: kubernetes#22911.)
    printf: ['Failed to remove dead container %q{container}: %v{err}'], text: ['err'],
    explain: 'Container garbage collection could not remove a dead container: the runtime refused or did not answer (a filesystem or shm mount still busy, held by another mount namespace), so dead containers pile up and are tried again every minute.',
  },
  {
    // kuberuntime_gc.go: a sandbox is stopped (its network torn down) before it is removed.
    id: 'X274', kind: 'gc.remove-failed', lane: 'gc', versions: '1.5+ (the CRI)', v: 0,
    printf: ['Failed to stop sandbox %q{sandboxID} before removing: %v{err}'], text: ['err'],
    inner: { field: 'err', printf: [CNI_TEARDOWN_POD] },
    cri: { role: 'caller', calls: ['StopPodSandbox'] },
    explain: 'Container garbage collection could not stop a dead sandbox before removing it: the runtime or the network plugin it runs to tear the sandbox\'s network down failed or did not answer, so the sandbox is kept and tried again every minute.',
  },
  {
    id: 'X146', kind: 'volume.object-missing', lane: 'volume', versions: '≤1.20', v: 0,
    printf: ["Couldn't get configMap %s{object}: %v{err}", "Couldn't get secret %s{object}: %v{err}"], text: ['err'],
    explain: 'Setting up a ConfigMap or Secret volume, the kubelet could not get the object (missing in the pod\'s namespace, or not readable): the mount fails and is retried.',
  },
  {
    id: 'X196', kind: 'volume.not-mountpoint', lane: 'volume', versions: 'all', v: 0,
    printf: ['Warning: %q{path} is not a mountpoint, deleting', '%q{path} is not a mountpoint, deleting'], text: ['path'],
    explain: 'Cleaning up a volume path (a subPath bind mount, a pod\'s volume directory) the kubelet found nothing mounted there any more, so it only removes the directory: the mount was gone already.',
  },
  {
    // k8s.io/utils/trace: printed when a traced operation took longer than its threshold, its steps on the lines after.
    id: 'X197', kind: 'node.slow-operation', lane: 'other', versions: 'all', v: 0,
    printf: ['Trace[%d]: %q{operation} %s'], text: ['operation'], alsoPrintedBy: 'every Kubernetes component (k8s.io/utils/trace)',
    // A volume's metrics name the pod they are for.
    inner: { field: 'operation', printf: ['Calculate volume metrics of %s{volume} for pod %s{pod}'] },
    explain: 'An operation the kubelet traces took longer than its threshold (listing from the API server, computing a volume\'s disk use, a runtime call); the line gives its start and total time, and the lines after it its steps. Seconds for what usually takes milliseconds mean the node\'s disk or CPU, or the API server, was starved.',
  },
  {
    id: 'X145', kind: 'volume.reconstruct-failed', lane: 'volume', versions: 'all', v: 0,
    msg: ['Could not construct volume information'], printf: ['Could not construct volume information: %v{err}'], text: ['err'],
    explain: 'After a kubelet start the volume manager rebuilds what was mounted from the pods\' directories on disk; this volume it could not rebuild (not mounted any more, or its plugin cannot tell), so it will not be cleaned up the usual way.',
  },
  {
    id: 'X100', kind: 'cm.topology-remove', lane: 'other', versions: '1.18–1.20', v: 0,
    printf: ['[topologymanager] RemoveContainer - Container ID: %s{containerID}'],
    explain: 'The topology manager forgets the resource alignment of a container that was removed.',
  },
  {
    id: 'X101', kind: 'status.not-reclaimed', lane: 'status-manager', versions: '≤1.21', v: 3,
    printf: ['Pod %q{pod} is terminated, but some containers are still running', 'Pod %q{pod} is terminated, but some containers have not been cleaned up: %v{err}'],
    text: ['err'],
    explain: 'The status manager cannot delete the pod\'s API object yet: some of its containers still run or are not removed.',
  },
  {
    id: 'X107', kind: 'runtime.sandbox-ids', lane: 'runtime', versions: '≤1.20 (printf)', v: 4,
    printf: ['getSandboxIDByPodUID got sandbox IDs [%q{podSandboxID}] for pod %q{pod}'],
    explain: 'The runtime manager looked up the pod\'s sandbox (to read its IP or stop it): this ID is the pod\'s sandbox.',
  },
  {
    id: 'X108', kind: 'stats.no-network', lane: 'other', versions: '≤1.20 (printf)', v: 0,
    printf: ['Unable to find network stats for sandbox %q{podSandboxID}'],
    explain: 'The stats provider found no network statistics for the sandbox (its network is torn down, or it never had one).',
  },
  {
    // dockertools (≤1.5, glog.Errorf, the pod's name only) and the dockershim (W, "name_namespace"; "networkPlugin" later).
    id: 'X222', kind: 'runtime.pod-ip-failed', lane: 'runtime', versions: '≤1.23 (Docker)', v: 0,
    printf: ['NetworkPlugin %s failed on the status hook for pod \'%s{podName}\' - %v{err}',
      'failed to read pod IP from plugin/docker: %s failed on the status hook for pod %q{pod}: %v{err}',
      // The 1.6 dockershim's own line (docker_sandbox.go).
      'NetworkPlugin %s failed on the status hook for pod %q{pod}: %v{err}'],
    text: ['err'],
    explain: 'Reading the pod\'s status, the Docker integration asked the network plugin (CNI) for the pod\'s IP and it failed: the network is not set up yet or is being torn down, so the status has no IP for now. For a terminated sandbox ("cannot find network namespace for the terminated container") it is routine.',
  },
];
