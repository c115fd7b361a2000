/**
 * Runtime manager details beyond the reference table (§3.6): container start failures and image pulls, sandbox
 * set-up and tear-down, unwanted containers, and cAdvisor's container discovery (which names docker containers
 * `k8s_<container>_<pod>_<namespace>_<uid>_<attempt>`, so its lines identify the pod).
 */
import type { CatalogEntry } from './entry.ts';

/** The start error names the step that failed; the image ones are worth their own kinds. */
const START_ERRORS = {
  ErrImagePull: 'image.pull-failed', ImagePullBackOff: 'image.backoff', ErrImageNeverPull: 'image.never-pull',
  InvalidImageName: 'image.invalid-name',
};

/** A cgroupfs-driver container cgroup: `/kubepods/besteffort/pod<uid>/<id>` (under `/kubelet` in kind and k3s). */
// (Docker's own cgroup for a container outside the pods' hierarchy: `/docker/<id>`.)
const CGROUP_PATHS = ['%s/pod%s{podUID}/%s{containerID}', '/docker/%s{containerID}'];

export const CRI_MESSAGES: CatalogEntry[] = [
  {
    id: 'X32', kind: 'runtime.start-failed', lane: 'pod-worker', v: 0,
    versions: 'all ("container start failed: …" ≤1.18; "<type> &Container{…} start failed in pod …" later, still unstructured; structured V3 line 1.22+ for ImagePullBackOff only)',
    msg: ['Container start failed in pod'],
    printf: [
      'container start failed: %v{err}: %s{containerMessage}', 'init container start failed: %v{err}: %s{containerMessage}',
      'container %v{container} start failed in pod %v{pod}: %v{err}: %s{containerMessage}',
      'init container %v{container} start failed in pod %v{pod}: %v{err}: %s{containerMessage}',
      'ephemeral container %v{container} start failed in pod %v{pod}: %v{err}: %s{containerMessage}',
      // The dockertools runtime (≤1.5) named the pod and the container.
      'Error running pod %q{pod} container %q{containerName}: %v{err}',
    ],
    refine: { field: 'err', map: START_ERRORS }, text: ['err'],
    explain: 'A container could not be started in this sync (image pull, config, runtime or hook error); the pod worker retries with a back-off.',
  },
  {
    id: 'X33', kind: 'image.pull-failed', lane: 'runtime', versions: 'all', v: 0,
    msg: ['Failed to pull image'],
    // dockertools (≤1.5) named the pod (name_namespace) and the container.
    printf: ['Pull image %q{image} failed: %v{err}', 'Failed to pull image %q{image} from pod %q{pod} and container %q{containerName}: %v{err}',
      'Failed to pull image %q{image} from pod %q{pod} %v{err}'],
    text: ['err'],
    explain: 'Pulling the container image failed (wrong name, no access, registry unreachable): the container stays Waiting with ErrImagePull, then ImagePullBackOff.',
  },
  {
    id: 'X34', kind: 'image.pulling', lane: 'runtime', versions: 'all', v: 3,
    msg: ['Pulling image without credentials'], printf: ['Pulling image %q{image} without credentials', 'Pulling image %s{image} without credentials'], text: ['image'],
    explain: 'The image is being pulled without registry credentials (no image pull secret applies).',
  },
  {
    // getPullSecretsForPod, in each SyncPod: a named secret that is missing (or an empty name, as some charts render it).
    id: 'X183', kind: 'image.pull-secret-missing', lane: 'pod-worker', versions: 'all', v: 0,
    msg: ['Unable to retrieve pull secret, the image pull may not succeed.'],
    printf: ['Unable to retrieve pull secret %s/%s{secret} for %s{namespace}/%s{name} due to %v{err}.  The image pull may not succeed.',
      'Unable to retrieve pull secret %s/%s{secret} for %s{namespace}/%s{name} due to %v{err}. The image pull may not succeed.'],
    text: ['err'],
    explain: 'The pod lists an imagePullSecret the kubelet cannot read (it does not exist in the pod\'s namespace, or its name is empty): pulls go on without it, which is harmless for public images and fails with an authorization error for private ones.',
  },
  {
    // plugin/plugin.go: an exec plugin configured by --image-credential-provider-config (1.20 alpha, 1.26 GA).
    id: 'X237', kind: 'image.credential-provider-failed', lane: 'runtime', versions: '1.20+', v: 0,
    msg: ['Failed getting credential from external registry credential provider'],
    printf: ['Failed getting credential from external registry credential provider: %v{err}'],
    text: ['err'],
    explain: 'The kubelet ran an image credential provider plugin for an image it is about to pull, and the plugin gave no credentials (it could not be started, failed or timed out): the pull goes on without them.',
  },
  {
    id: 'X122', kind: 'image.credentials', lane: 'runtime', versions: '≤1.26', v: 0,
    printf: ['looking for config.json at %s{path}', 'looking for .dockercfg at %s{path}', 'Refreshing cache for provider: %s{provider}',
      'while getting AWS credentials %s{err}', 'Unable to parse Docker config file: %v{err}'],
    text: ['provider', 'path', 'err'],
    explain: 'The in-tree image credential providers look for registry credentials before a pull (docker config files, the cloud\'s metadata); a cloud provider the node is not on reports errors that are harmless.',
  },
  {
    id: 'X123', kind: 'image.pulled', lane: 'runtime', versions: '≤1.23 (dockershim)', v: 2,
    printf: ['Stop pulling image %q{image}: %q{status}'], text: ['status'],
    explain: 'The dockershim finished pulling an image and reports Docker\'s last progress message ("Downloaded newer image", "Image is up to date").',
  },
  {
    id: 'X35', kind: 'runtime.sandbox-config-failed', lane: 'pod-worker', versions: 'all', v: 0,
    msg: ['GeneratePodSandboxConfig for pod failed', 'Failed to generate sandbox config for pod'],
    printf: ['GeneratePodSandboxConfig for pod %q{pod} failed: %v{err}', 'Failed to generate sandbox config for pod %q{pod}: %v{err}'],
    text: ['err'],
    explain: 'The sandbox configuration (DNS, hostname, ports, cgroup parent) could not be built, so no sandbox or container is created.',
  },
  {
    id: 'X36', kind: 'runtime.sandbox-stopping', lane: 'pod-worker', versions: 'all', v: 4,
    msg: ['Stopping PodSandbox for pod, will start new one', 'Stopping PodSandbox for pod, because all other containers are dead'],
    printf: ['Stopping PodSandbox for %q{pod}, will start new one', 'Stopping PodSandbox for %q{pod} because all other containers are dead.'],
    explain: 'SyncPod kills the whole pod (every container and the sandbox): a new sandbox is needed, or nothing is left to run.',
  },
  {
    id: 'X37', kind: 'runtime.kill-unwanted', lane: 'pod-worker', versions: 'all', v: 3,
    msg: ['Killing unwanted container for pod'],
    printf: ['Killing unwanted container %q{containerName}(id=%v{containerID}) for pod %q{pod}'],
    explain: 'The runtime manager listed this running container to be killed (spec changed, probe failed, or no longer in the spec).',
  },
  {
    id: 'X38', kind: 'runtime.sandbox-status-failed', lane: 'pod-worker', versions: '1.21+', v: 0,
    msg: ['Failed to get pod sandbox status; Skipping pod'], text: ['err'], cri: { role: 'caller', calls: ['PodSandboxStatus'] },
    explain: 'The new sandbox was created but its status could not be read, so its containers are not started in this sync.',
  },
  {
    // GetPodStatus, called by the PLEG's relist and by each pod sync: not the pod worker's line alone.
    id: 'X182', kind: 'runtime.sandbox-status-failed', lane: 'runtime', versions: 'all', v: 0,
    msg: ['PodSandboxStatus of sandbox for pod'], printf: ['PodSandboxStatus of sandbox %q{podSandboxID} for pod %q{pod} error: %v{err}'],
    text: ['err'], cri: { role: 'caller', calls: ['PodSandboxStatus'] },
    explain: 'Reading a pod\'s status from the runtime failed at its sandbox: the runtime did not answer PodSandboxStatus (a timeout means it is hung or overloaded), so the pod\'s status is not refreshed and its sync or relist is retried.',
  },
  {
    id: 'X39', kind: 'runtime.initialized', lane: 'node-status', versions: 'all', v: 0,
    msg: ['Container runtime initialized'],
    printf: ['Container runtime %s{containerRuntime} initialized, version: %s{version}, apiVersion: %s{apiVersion}'],
    text: ['containerRuntime'],
    explain: 'At kubelet start the runtime answered its Version call: this names the runtime (docker, containerd, cri-o) and its version.',
  },
  {
    // cAdvisor's manager, on an inotify event for a cgroup it watches (a new container's): setting up the watch failed.
    id: 'X254', kind: 'cadvisor.event-failed', lane: 'runtime', versions: 'all (cAdvisor inside the kubelet)', v: 0,
    printf: ['Error while processing event (%v{event}): %v{err}'], text: ['err'],
    explain: 'The kubelet\'s cAdvisor could not handle a cgroup event — a new container\'s cgroup it was to watch: "inotify_add_watch … no space left on device" means the node\'s inotify watches are used up, and the container\'s stats are then not collected.',
  },
  {
    id: 'X40', kind: 'cadvisor.container-added', lane: 'runtime', versions: 'all (cAdvisor inside the kubelet)', v: 3,
    printf: ['Added container: %q{cgroup} (aliases: [%s{pod} %s], namespace: %q{runtimeNamespace})',
      'Added container: %q{cgroup} (aliases: %v, namespace: %q{runtimeNamespace})'],
    // The IDs come from the cgroup path (cgroupfs driver: …/pod<uid>/<container ID>); docker's first alias is its
    // k8s_<container>_<pod>_… name, containerd's the bare ID.
    inner: { field: 'cgroup', printf: CGROUP_PATHS },
    text: ['cgroup'],
    explain: 'The kubelet\'s cAdvisor started watching a new cgroup: a container or sandbox is now running (with docker, its alias names the pod).',
  },
  {
    id: 'X41', kind: 'cadvisor.container-destroyed', lane: 'runtime', versions: 'all (cAdvisor inside the kubelet)', v: 3,
    printf: ['Destroyed container: %q{cgroup} (aliases: [%s{pod} %s], namespace: %q{runtimeNamespace})',
      'Destroyed container: %q{cgroup} (aliases: %v, namespace: %q{runtimeNamespace})'],
    // The IDs come from the cgroup path (cgroupfs driver: …/pod<uid>/<container ID>); docker's first alias is its
    // k8s_<container>_<pod>_… name, containerd's the bare ID.
    inner: { field: 'cgroup', printf: CGROUP_PATHS },
    text: ['cgroup'],
    explain: 'The kubelet\'s cAdvisor saw a watched cgroup disappear: the container or sandbox is gone.',
  },
  {
    id: 'X153', kind: 'cadvisor.watch', lane: 'runtime', versions: 'all (cAdvisor inside the kubelet)', v: 4,
    printf: ['Start housekeeping for container %q{cgroup}', 'Added event %v{event}'],
    inner: { field: 'cgroup', printf: CGROUP_PATHS },
    text: ['cgroup', 'event'],
    explain: 'The kubelet\'s cAdvisor follows a cgroup: an event about it (created, OOM) or the start of its periodic stats collection.',
  },
  {
    id: 'X188', kind: 'cadvisor.oom', lane: 'runtime', versions: 'all (cAdvisor inside the kubelet)', v: 0,
    msg: ['Got sys oom event'],
    printf: ['Created an OOM event in container %q{cgroup} at %v{time}', 'Got sys oom event: %v{event}', 'Got sys oom event from cadvisor: %v{event}'],
    inner: { field: 'cgroup', printf: CGROUP_PATHS },
    text: ['cgroup', 'event'],
    explain: 'The kernel\'s OOM killer killed a process and cAdvisor recorded it: in a container\'s cgroup when its memory limit was hit, in "/" when the whole node ran out of memory (a system OOM, which the kubelet reports as a SystemOOM event on the node).',
  },
  {
    id: 'X154', kind: 'cadvisor.create-failed', lane: 'runtime', versions: 'all (cAdvisor inside the kubelet)', v: 0,
    printf: ['Failed to create existing container: %s{cgroup}: %v{err}'],
    inner: { field: 'cgroup', printf: CGROUP_PATHS },
    text: ['err'],
    explain: 'The kubelet\'s cAdvisor found a container\'s cgroup but could not start watching it, usually because the runtime no longer knows the container (a leftover cgroup, or a race with its removal): that container gets no stats.',
  },
  {
    id: 'X42', kind: 'stats.system-container-failed', lane: 'other', versions: 'all', v: 0,
    msg: ['Failed to get system container stats'], printf: ['Failed to get system container stats for %q{cgroup}: %v{err}'],
    text: ['cgroup'],
    explain: 'Resource stats for a system cgroup (kubelet, runtime) were unavailable, usually a cgroup driver or path mismatch; harmless for pods.',
  },
  {
    id: 'S08', kind: 'runtime.hash-input', lane: 'pod-worker', versions: 'custom debug patch (seed 003)', v: 0,
    printf: ['hashstr is before: %v{container}'],
    explain: 'Debug output of the container spec text the kubelet hashes; two versions printing different text compute different hashes, and every container is restarted.',
  },
  {
    id: 'X163', kind: 'cri.status-invalid', lane: 'runtime', versions: '1.21+', v: 0,
    msg: ['verify ContainerStatus failed'], text: ['err'], cri: { role: 'call', calls: ['ContainerStatus'] },
    explain: 'The runtime answered ContainerStatus with a status that lacks a field the kubelet needs (such as the image): the call counts as failed, so the kubelet cannot tell that container\'s state; usually a runtime bug or a runtime too old or new for this kubelet.',
  },
  {
    id: 'X164', kind: 'runtime.pod-status-failed', lane: 'runtime', versions: 'all', v: 0,
    msg: ['getPodContainerStatuses for pod failed'], printf: ['getPodContainerStatuses for pod %q{pod} failed: %v{err}'], text: ['err'],
    cri: { role: 'caller', calls: ['ContainerStatus', 'ListContainers'] },
    explain: 'Reading the pod\'s containers from the runtime failed, so the kubelet has no fresh status for the pod: its sync fails and its status in the API server stops changing until the runtime answers.',
  },
  {
    id: 'X162', kind: 'runtime.pods-listed', lane: 'runtime', versions: 'all', v: 4,
    msg: ['Retrieved pods from runtime'], printf: ['Retrieved pods from runtime (all=%v{all})'], text: ['all'],
    explain: 'The runtime manager listed the pods\' sandboxes and containers from the runtime (all=true includes exited ones): what housekeeping and the PLEG compare with what should run.',
  },
  {
    id: 'X170', kind: 'cadvisor.create-failed', lane: 'runtime', versions: 'all (cAdvisor inside the kubelet)', v: 0,
    printf: ['Failed to createsummary reader for %q{cgroup}: %v{err}'],
    inner: { field: 'cgroup', printf: CGROUP_PATHS },
    text: ['err'],
    explain: 'The kubelet\'s cAdvisor could not start summarising a container\'s stats (its cgroup has no resources it tracks, typical of a container that just ended): that container gets no usage summary.',
  },
];
