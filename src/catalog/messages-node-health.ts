/**
 * Node-level lines beyond the reference table: kubelet start-up, node Ready events, eviction details, image and
 * container garbage collection, and the config sources (§1.6–1.9, §3.7).
 */
import type { CatalogEntry } from './entry.ts';

export const NODE_HEALTH_MESSAGES: CatalogEntry[] = [
  {
    id: 'X43', kind: 'kubelet.version', lane: 'sync-loop', versions: 'all', v: 0,
    // `Version: v1.x` — not cAdvisor's `Version: {KernelVersion:…}` at start-up.
    msg: ['Kubelet version'], printf: ['Version: v%v{kubeletVersion}'], text: ['kubeletVersion'],
    explain: 'The kubelet process started and printed its exact version.',
    alsoPrintedBy: 'the other components\' start-up banner (`Version: v1.x`)',
  },
  {
    id: 'X44', kind: 'kubelet.started', lane: 'sync-loop', versions: 'all', v: 0,
    msg: ['Started kubelet'], printf: ['Started kubelet', 'Started kubelet %s{kubeletVersion}'], text: ['kubeletVersion'],
    explain: 'The kubelet finished its set-up and starts its goroutines; the main sync loop follows.',
  },
  {
    id: 'X45', kind: 'node.recording-event', lane: 'node-status', versions: 'all', v: 2,
    msg: ['Recording event message for node'], printf: ['Recording %s{event} event message for node %s{node}'],
    refine: { field: 'event', map: { NodeReady: 'event.node-ready', NodeNotReady: 'event.node-not-ready' } },
    text: ['event'],
    explain: 'The kubelet records a node event (NodeReady, NodeNotReady, NodeHasSufficientMemory…) because a node condition changed.',
  },
  {
    id: 'X46', kind: 'node.lease-failed', lane: 'node-status', versions: 'all', v: 0,
    msg: ['Failed to update lease', 'Failed to ensure lease exists, will retry'],
    printf: ['failed to ensure node lease exists, will retry in %v, error: %v{err}', 'failed to ensure lease exists, will retry in %v, error: %v{err}',
      'failed to update node lease, error: %v{err}', 'failed to update lease, error: %v{err}'],
    text: ['err'],
    explain: 'Renewing the node lease failed; if renewals keep failing the control plane marks the node Unknown.',
  },
  {
    id: 'X201', kind: 'node.lease-failed', lane: 'node-status', versions: '1.21+', v: 0,
    msg: ['failed to update lease using latest lease, fallback to ensure lease'], text: ['err'],
    explain: 'Renewing the node lease from the copy the kubelet keeps failed several times in a row (the API server slow or not answering), so it reads the lease again and retries with back-off; if renewals keep failing the control plane marks the node Unknown.',
  },
  {
    id: 'X202', kind: 'node.not-ready-after-start', lane: 'node-status', versions: '1.26+', v: 0,
    msg: ['Node not becoming ready in time after startup'],
    explain: 'After a start the kubelet updates the node\'s status quickly until the node is Ready; it gave up waiting: the node is still NotReady (most often the network plugin is not ready, or the runtime is not), and it goes back to its usual status interval.',
  },
  {
    id: 'X27', kind: 'eviction.synchronize', lane: 'eviction', versions: 'all', v: 3,
    msg: ['Eviction manager: synchronize housekeeping', 'Eviction manager: no resources are starved'],
    printf: ['eviction manager: synchronize housekeeping', 'eviction manager: no resources are starved'],
    explain: 'The eviction manager\'s 10 s check ran; no eviction threshold is crossed.',
  },
  {
    id: 'X28', kind: 'eviction.evict-failed', lane: 'eviction', versions: 'all', v: 0,
    msg: ['Eviction manager: pod failed to evict'], printf: ['eviction manager: pod %s{pod} failed to evict %v{err}'], text: ['err'],
    explain: 'Killing the pod chosen for eviction failed; the next check tries again.',
  },
  {
    id: 'X29', kind: 'eviction.critical', lane: 'eviction', versions: 'all', v: 0,
    msg: ['Eviction manager: cannot evict a critical pod'],
    printf: ['eviction manager: cannot evict a critical pod %s{pod}', 'eviction manager: cannot evict a critical static pod %s{pod}'],
    explain: 'The pod chosen for eviction is critical (static or system priority), so it is not evicted.',
  },
  {
    id: 'X30', kind: 'admit.rejected', lane: 'sync-loop', versions: 'all', v: 0,
    msg: ['Failed to admit pod to node'], printf: ['Failed to admit pod %s{pod} - node has conditions: %v{nodeCondition}'],
    text: ['nodeCondition'],
    explain: 'The eviction manager\'s admit handler rejected the pod because the node is under resource pressure.',
  },
  {
    id: 'X47', kind: 'eviction.failed', lane: 'eviction', versions: '1.21+', v: 0,
    msg: ['Eviction manager: failed to synchronize', 'Eviction manager: failed to get summary stats'], text: ['err'],
    explain: 'The eviction manager could not read node or pod stats, so this check evicted nothing.',
  },
  {
    id: 'X200', kind: 'eviction.failed', lane: 'eviction', versions: '≤1.20', v: 0,
    printf: ['eviction manager: unexpected err: %v{err}', 'eviction manager: failed to get summary stats: %v{err}'], text: ['err'],
    explain: 'The eviction manager\'s check stopped on an error: it could not read the node (not registered: "failed to get node info") or its stats, so this check evicted nothing.',
  },
  {
    // helpers.go: a signal whose stats are missing from the summary; its thresholds go unchecked in this pass.
    id: 'X227', kind: 'eviction.signal-failed', lane: 'eviction', versions: 'all (printf ≤1.20, structured 1.21+)', v: 0,
    msg: ['Eviction manager: failed to construct signal'], printf: ['eviction manager: failed to construct signal: %q{signal} error: %v{err}'],
    text: ['signal'],
    explain: 'The eviction manager could not work out one of its signals (memory.available, allocatableMemory.available, nodefs…) from the stats summary: a container or filesystem it needs is missing there. Thresholds on that signal are not checked while this goes on.',
  },
  {
    id: 'X48', kind: 'gc.succeeded', lane: 'gc', versions: 'all', v: 4,
    msg: ['Container garbage collection succeeded', 'Image garbage collection succeeded'],
    printf: ['Container garbage collection succeeded', 'Image garbage collection succeeded'],
    explain: 'A garbage collection pass finished without error.',
  },
  {
    id: 'X66', kind: 'gc.reclaim-unused', lane: 'gc', versions: 'all', v: 0,
    msg: ['Attempting to delete unused containers', 'Attempting to delete unused images'],
    printf: ['attempting to delete unused containers', 'attempting to delete unused images',
      'eviction manager: attempting to delete unused containers', 'eviction manager: attempting to delete unused images'],
    explain: 'The eviction manager is short of disk and first tries to reclaim it by deleting unused containers and images, before it evicts pods.',
  },
  {
    id: 'X75', kind: 'node.panic', lane: 'other', versions: 'all', v: 0,
    msg: ['Observed a panic'], printf: ['Observed a panic: %s{panic}', 'Recovered from panic: %s{panic}'], text: ['panic'],
    explain: 'A goroutine of the kubelet panicked; the crash handler logged it with its stack (the lines after it) and, unless the panic is recovered, the kubelet exits and restarts.',
  },
  {
    id: 'X111', kind: 'node.crash', lane: 'other', versions: 'all', v: 0,
    printf: ['panic: %s{panic}', 'fatal error: %s{panic}', 'SIGABRT: abort', 'SIGQUIT: quit', 'SIGSEGV: segmentation violation',
      'SIGBUS: bus error', 'SIGILL: illegal instruction', 'SIGTRAP: trace trap', 'SIGFPE: floating-point exception',
      'SIGSYS: bad system call'],
    text: ['panic', 'msg'], alsoPrintedBy: 'every Go program',
    explain: 'The kubelet process died: the Go runtime printed why (a panic nothing recovered, a fatal error such as concurrent map writes, or a fatal signal) and the stacks of its goroutines after it, and exited; the service manager starts it again.',
  },
  {
    id: 'X134', kind: 'node.stack', lane: 'other', versions: 'all', v: 0,
    printf: ['goroutine %d [%s]:', 'goroutine %d %s [%s]:'], alsoPrintedBy: 'every Go program',
    explain: 'A goroutine\'s stack with no line before it in the log: the excerpt starts inside a panic report or a goroutine dump, and the line that opened it is not there.',
  },
  // The service manager's journal lines about the kubelet's unit (`kubelet.service: …`, the unit's name taken off):
  // read as the kubelet's own when a journal holds them (ingest/source-reader.ts serviceRecord).
  {
    id: 'X129', kind: 'service.exited', lane: 'other', versions: 'all', v: 0,
    printf: ['Main process exited, code=%s{code}, status=%s{status}', 'main process exited, code=%s{code}, status=%s{status}'],
    text: ['msg'], alsoPrintedBy: 'systemd, for the kubelet\'s unit',
    explain: 'The service manager saw the kubelet process end: code=exited with its exit status (1/FAILURE after an error of its own), code=killed with the signal that killed it (9/KILL: the OOM killer or a stop that timed out), code=dumped when it crashed with a core dump.',
  },
  {
    // systemd's child, before it became the kubelet: the exec itself failed (status 203/EXEC follows).
    id: 'X253', kind: 'service.exec-failed', lane: 'other', versions: 'all', v: 0,
    printf: ['Failed at step %s{step} spawning %s{path}: %s{err}', 'Failed to execute command: %s{err}'], text: ['err'], alsoPrintedBy: 'systemd, for the kubelet\'s unit',
    explain: 'The service manager could not start the kubelet\'s program at all: the exec of the binary the unit names failed (permission denied: not executable, or on a filesystem mounted noexec; no such file: a wrong path), so no kubelet process ran.',
  },
  {
    id: 'X130', kind: 'service.failed', lane: 'other', versions: 'all', v: 0,
    printf: ["Failed with result '%s{result}'.", 'entered failed state.'], text: ['result'], alsoPrintedBy: 'systemd, for the kubelet\'s unit',
    explain: 'The service manager marks the kubelet\'s unit failed and says why: exit-code, signal, core-dump, oom-kill, timeout or watchdog; with Restart= set it starts the kubelet again after RestartSec.',
  },
  {
    id: 'X131', kind: 'service.restart', lane: 'other', versions: 'all', v: 0,
    // (The last one: the line cut before its counter, by a paste or a screen.)
    // (An older systemd, in a 2015 journal, said "Service hold-off time over".)
    printf: ['Scheduled restart job, restart counter is at %d{restarts}.', 'holdoff time over, scheduling restart.', 'Service hold-off time over, scheduling restart.', 'Scheduled restart job%v'], num: 'restarts', alsoPrintedBy: 'systemd, for the kubelet\'s unit',
    explain: 'The service manager schedules the kubelet\'s restart after it ended; the counter says how often it has restarted it since the unit was last started by hand.',
  },
  {
    id: 'X132', kind: 'service.oom', lane: 'other', versions: 'all', v: 0,
    printf: ['A process of this unit has been killed by the OOM killer.'], alsoPrintedBy: 'systemd, for the kubelet\'s unit',
    explain: 'The kernel\'s OOM killer killed a process of the kubelet\'s unit: the node ran out of memory, or the unit hit its own memory limit.',
  },
  {
    id: 'X133', kind: 'service.killed', lane: 'other', versions: 'all', v: 0,
    printf: ['Watchdog timeout (limit %s{limit})!', "State 'stop-sigterm' timed out. Killing.", "State 'stop-final-sigterm' timed out. Killing."],
    text: ['limit'], alsoPrintedBy: 'systemd, for the kubelet\'s unit',
    explain: 'The service manager killed the kubelet itself: it stopped answering the service watchdog, or it did not stop within the unit\'s stop timeout after SIGTERM.',
  },
  {
    id: 'X190', kind: 'service.stopping', lane: 'other', versions: 'all', v: 0,
    printf: ['Stopping %s{unit}...'], text: ['unit'], alsoPrintedBy: 'systemd, for the kubelet\'s unit',
    explain: 'The service manager begins to stop the kubelet (systemctl stop or restart, a package upgrade, or the machine shutting down): it sends SIGTERM and waits up to the unit\'s stop timeout.',
  },
  {
    id: 'X191', kind: 'service.stopped', lane: 'other', versions: 'all', v: 0,
    printf: ['Stopped %s{unit}.', 'Succeeded.', 'Deactivated successfully.'], text: ['unit'], alsoPrintedBy: 'systemd, for the kubelet\'s unit',
    explain: 'The kubelet stopped when the service manager asked it to: the unit is inactive until something starts it again.',
  },
  {
    id: 'X206', kind: 'service.started', lane: 'other', versions: 'all', v: 0,
    printf: ['Started %s{unit}.'], text: ['unit'], alsoPrintedBy: 'systemd, for the kubelet\'s unit',
    explain: 'The service manager started the kubelet\'s unit (at boot, by hand, or again after it exited): the kubelet\'s own first lines follow.',
  },
  {
    id: 'X192', kind: 'node.reboot', lane: 'other', versions: 'all', v: 0,
    printf: ['-- Reboot --', '-- Boot %s{boot} --'], text: ['boot'], alsoPrintedBy: 'journalctl, between two boots',
    explain: 'The journal marks where one boot of the machine ends and the next begins: the node restarted between the line before and the line after.',
  },
  {
    // Logged each time a pod's DNS configuration is built (every sync of a pod using the node's resolv.conf).
    id: 'X76', kind: 'node.dns-limits', lane: 'other', versions: 'all', v: 0,
    msg: ['Nameserver limits exceeded'],
    printf: ['Nameserver limits were exceeded, some nameservers have been omitted, the applied nameserver line is: %s{err}'],
    text: ['err'],
    explain: 'The node\'s resolv.conf lists more nameservers than a pod may use (3): the extra ones are left out of the pods\' DNS configuration.',
  },
  {
    id: 'X214', kind: 'node.dns-search-limits', lane: 'other', versions: 'all', v: 0,
    msg: ['Search Line limits exceeded'],
    printf: ['Search Line limits were exceeded, some search paths have been omitted, the applied search line is: %s{err}',
      'Search Line limits were exceeded, some dns names have been omitted, the applied search line is: %s{err}'],
    text: ['err'],
    explain: 'A pod\'s DNS search list (the node\'s search domains, or the pod\'s own dnsConfig, after the cluster\'s) is longer than the kubelet allows: the last domains are left out of the pod\'s resolv.conf.',
  },
  {
    id: 'X49', kind: 'gc.image-removing', lane: 'gc', versions: 'all', v: 0,
    // (≤1.2's image manager named itself ImageManager.)
    msg: ['Removing image to free bytes'], printf: ['[imageGCManager]: Removing image %q{imageID} to free %d{size} bytes', '[ImageManager]: Removing image %q{imageID} to free %d{size} bytes'],
    num: 'size', text: ['imageID'],
    explain: 'Image garbage collection deletes an unused image to bring disk usage under the low threshold.',
  },
  {
    id: 'X50', kind: 'gc.image-disk-pressure', lane: 'gc', versions: 'all', v: 0,
    msg: ['Disk usage on image filesystem is over the high threshold, trying to free bytes down to the low threshold'],
    printf: ['[imageGCManager]: Disk usage on image filesystem is at %d{usage}%% which is over the high threshold (%d{highThreshold}%%). Trying to free %d{amountToFree} bytes down to the low threshold (%d{lowThreshold}%%).',
      // Up to 1.9 or so, without the low threshold.
      '[imageGCManager]: Disk usage on image filesystem is at %d{usage}%% which is over the high threshold (%d{highThreshold}%%). Trying to free %d{amountToFree} bytes'],
    num: 'usage',
    explain: 'The image filesystem is fuller than the high threshold: unused images will be removed.',
  },
  {
    // The runtime's refusal is its answer, not a runtime failing: read with image GC, not as a CRI call failing.
    id: 'X207', kind: 'gc.image-remove-failed', lane: 'gc', versions: 'all', v: 0,
    msg: ['RemoveImage from image service failed'], printf: ['RemoveImage %q{imageID} from image service failed: %v{err}'], text: ['err'],
    explain: 'The runtime refused to remove an image the kubelet asked it to (image garbage collection, or kubectl\'s image clean-up): an image a container still uses — a running one, or a stopped one the runtime keeps — or a parent of other images.',
  },
  {
    id: 'X81', kind: 'config.set-pods', lane: 'config', versions: '≤1.20', v: 4,
    printf: ['Setting pods for source %s{source}'], text: ['source'],
    explain: 'A pod source (api, file, http) sent its whole pod list; the config merges it and sends the changes as ADD/UPDATE/REMOVE.',
  },
  {
    id: 'X85', kind: 'node.startup-step', lane: 'node-status', versions: 'all', v: 0,
    msg: ['Starting FS ResourceAnalyzer', 'Adding debug handlers to kubelet server', 'Starting to listen read-only',
      'Starting CPU manager', 'None policy: Start', 'Starting memorymanager', 'Initialized new in-memory state store',
      'Initialized protocol iptables rules.', 'CPUAccounting not enabled for process', 'MemoryAccounting not enabled for process', 'Reconciling',
      'Golang settings', 'Client rotation is on, will bootstrap in background', 'Starting controller',
      '--cgroups-per-qos enabled, but --cgroup-root was not specified.  defaulting to /', 'Creating topology manager with policy per scope',
      // (The same with one space, as a web page shows it.)
      '--cgroups-per-qos enabled, but --cgroup-root was not specified. defaulting to /',
      // The CPU and memory managers' state (1.21+), and the pod resource allocations' (1.27+).
      'Initialized new in-memory state store for pod resource allocation tracking',
      // Read at start-up; with failSwapOn the start then fails ("running with swap on is not supported").
      'Swap is on',
      'Creating device plugin manager', 'Initializing new in-memory state store', 'Updated default CPUSet', 'Updated CPUSet assignments',
      'Starting Kubelet Plugin Manager', 'Attempting to sync node with API server', 'Waiting for node sync before watching apiserver pods',
      'Not starting ClusterTrustBundle informer because we are in static kubelet mode', 'Reserved CPUs not available for exclusive assignment',
      '--pod-infra-container-image will not be pruned by the image garbage collector in kubelet and should also be set in the remote runtime',
      'Systemd watchdog is not enabled', 'Using this format as endpoint is deprecated, please consider using full url format.',
      'Using cgroup driver setting received from the CRI runtime', 'NoSwap is set due to memorySwapBehavior not specified',
      'Container manager verified user specified cgroup-root exists',
      'Creating topology manager with none policy', 'Initialized iptables rules.', 'Starting to listen',
      'Updated machine memory state', 'Eviction manager: starting control loop', 'Initializing container log rotate workers',
      'eviction manager: failed to check if we have separate container filesystem. Ignoring.',
      'Warning: For remote container runtime, --pod-infra-container-image is ignored in kubelet, which should be set in that remote runtime instead',
      // Windows nodes: the kubelet is not in the Administrators group (its checks of admin rights fail; it runs on).
      'kubelet running with insufficient permissions'],
    printf: ['Starting FS ResourceAnalyzer', 'Adding debug handlers to kubelet server.', '[cpumanager] initializing new in-memory state store', 'Registering %s factory',
      'Started watching for new ooms in manager', 'Starting recovery of all containers', 'Recovery completed',
      'CPUAccounting not enabled for pid: %d', 'MemoryAccounting not enabled for pid: %d',
      'Client rotation is on, will bootstrap in background', 'Loading cert/key pair from %q.', 'No cloud provider specified.',
      'feature gates: %v', 'Connecting to docker on %s', 'Start docker client with request timeout=%v',
      'Hairpin mode set to %q but kubenet is not enabled, falling back to %q', 'Hairpin mode set to %q',
      'kubelet config controller: starting controller', 'Found node without any CPU, nodeDir: %s, number of cpuDirs %d, err: %v',
      // The gRPC library's own lines as the kubelet dials its runtime (1.14–1.19).
      'parsed scheme: %q', 'scheme %q not registered, fallback to default scheme', 'ClientConn switching balancer to %q',
      'ccResolverWrapper: sending update to cc: %v',
      'Using %q as endpoint is deprecated, please consider using full url format %q.', 'Docker cri networking managed by %s',
      'Using root directory: %s', 'cAdvisor running in container: %q'],
    explain: 'A step of the kubelet\'s start-up: its settings, certificates, the runtime connection, cAdvisor, the stats analyzer, the CPU, memory, topology and device managers and the HTTP server come up before the sync loop does.',
  },
  {
    id: 'X86', kind: 'volume.startup', lane: 'volume', versions: 'all', v: 0,
    msg: ['Starting Kubelet Volume Manager', 'Desired state populator starts to run', 'Reconciler: start to sync state',
      'Finished populating initial desired state of world'],
    printf: ['Starting Kubelet Volume Manager', 'Desired state populator starts to run', 'Reconciler: start to sync state'],
    explain: 'The volume manager starts at kubelet start-up: the populator reads the pods\' volumes, the reconciler then mounts and unmounts them every 100 ms.',
  },
  {
    id: 'X87', kind: 'node.cloud-label', lane: 'node-status', versions: '1.21+', v: 2,
    msg: ['Adding node label from cloud provider', 'Adding label from cloud provider'], text: ['labelKey'],
    explain: 'While building its Node object the kubelet adds a label the cloud provider gave it (zone, instance type).',
  },
  {
    id: 'X147', kind: 'eviction.nothing-to-evict', lane: 'eviction', versions: 'all', v: 0,
    msg: ['Eviction manager: eviction thresholds have been met, but no pods are active to evict'],
    printf: ['eviction manager: eviction thresholds have been met, but no pods are active to evict'],
    explain: 'The node is over an eviction threshold, but no pod on it is active, so the eviction manager has nothing to evict: the pressure stays until something else frees the resource.',
  },
  {
    id: 'X184', kind: 'eviction.no-ranking', lane: 'eviction', versions: 'all', v: 0,
    msg: ['Eviction manager: no ranking function for signal'],
    printf: ['eviction manager: no ranking function for resource %s{resource}', 'eviction manager: no ranking function for signal %s{resource}'],
    text: ['threshold', 'resource'],
    explain: 'The node is over an eviction threshold for a signal the eviction manager cannot rank pods by (early kubelets had no ranking for imagefs on a node without a separate image filesystem), so it evicts nothing for it.',
  },
  {
    id: 'X185', kind: 'eviction.reclaim-failed', lane: 'eviction', versions: 'all', v: 0,
    msg: ['Eviction manager: unexpected error when attempting to reduce resource pressure'],
    printf: ['eviction manager: unexpected error when attempting to reduce %v{resourceName} pressure: %v{err}'],
    text: ['err'],
    explain: 'The node-level cleanup the eviction manager tries before evicting pods (deleting unused images and dead containers) failed or freed too little; it goes on to evict pods.',
  },
  {
    id: 'X89', kind: 'eviction.observation', lane: 'eviction', versions: 'all', v: 0,
    // (≤1.7 printed no time.)
    printf: ['eviction manager: %s: signal=%v{signal}, available: %v{available}, capacity: %v{capacity}, time: %v',
      'eviction manager: %s: signal=%v{signal}, available: %v{available}, capacity: %v{capacity}',
      'eviction manager: thresholds - reclaim not satisfied: threshold [signal=%s{signal}, quantity=%v] observed %v',
      'eviction manager: thresholds - updated stats: threshold [signal=%s{signal}, quantity=%v] observed %v',
      'eviction manager: node conditions - observed: %v{signal}'], text: ['signal'],
    explain: 'The eviction manager lists what it measured for one eviction signal (available and capacity), before or after reclaiming.',
  },
  {
    id: 'X90', kind: 'node.volume-annotation', lane: 'node-status', versions: 'all', v: 0,
    msg: ['Setting node annotation to enable volume controller attach/detach'],
    printf: ['Setting node annotation to enable volume controller attach/detach'],
    explain: 'While building its Node object the kubelet marks it so that the attach/detach controller attaches volumes for it.',
  },
  {
    // client-go's cached discovery (memcache.go): kubectl run on the node, its errors pasted among the kubelet's.
    id: 'X229', kind: 'client.discovery-failed', lane: 'other', versions: 'all (kubectl 1.2x+)', v: 0,
    printf: ["couldn't get current server API group list: %v{err}"], text: ['err'],
    alsoPrintedBy: 'kubectl and other API clients (client-go\'s cached discovery); not the kubelet, which does not use it', notKubelet: true,
    explain: 'Not the kubelet: kubectl (or another API client) could not reach the API server to discover its API groups — a command run on the node, its errors pasted with the kubelet\'s log. Its process is not a kubelet.',
  },
  {
    // nodeshutdown_manager_linux.go, at start-up when graceful node shutdown is configured.
    id: 'X228', kind: 'node.shutdown-manager-created', lane: 'node-status', versions: '1.21+', v: 0,
    msg: ['Creating node shutdown manager'], text: ['shutdownGracePeriodRequested'],
    explain: 'Graceful node shutdown is on: at a system shutdown the kubelet holds it back (a systemd inhibitor lock) for the configured grace period and kills the pods first — by priority group where shutdownGracePeriodByPodPriority is set, else regular pods before critical ones. Static pods carry no priority unless their manifest sets one, so they fall in the lowest group.',
  },
  {
    id: 'X92', kind: 'node.shutdown-processing', lane: 'node-status', versions: '1.21+', v: 0,
    msg: ['Shutdown manager processing shutdown event'],
    explain: 'Graceful node shutdown: the shutdown manager holds the system shutdown back while it kills the pods, in priority order, within their shutdown grace periods.',
  },
  {
    id: 'X93', kind: 'pw.shutdown-kill', lane: 'pod-worker', versions: '1.21+', v: 0,
    msg: ['Shutdown manager killing pod with gracePeriod'], num: 'gracePeriod',
    explain: 'Graceful node shutdown: the shutdown manager asks the pod worker to kill this pod within the shutdown grace period it has left for the pod\'s priority.',
  },
  {
    id: 'X157', kind: 'pw.shutdown-killed', lane: 'pod-worker', versions: '1.21+', v: 1,
    msg: ['Shutdown manager finished killing pod'],
    explain: 'Graceful node shutdown: the pod\'s kill finished (its containers stopped) within the grace period the shutdown manager gave it.',
  },
  {
    id: 'X148', kind: 'api.request', lane: 'other', versions: 'all', v: 6,
    printf: ['%s{verb} %s{url} %s{status} in %d{durationMs} milliseconds', 'curl -v -X%s{verb}'], num: 'durationMs', text: ['status'],
    explain: 'At -v=6 and above client-go logs each request the kubelet makes to the API server (at -v=8 as the curl command it amounts to), with its status and latency.',
  },
  {
    id: 'X140', kind: 'api.list-failed', lane: 'node-status', versions: 'all', v: 0,
    msg: ['Failed to watch'],
    printf: ['%s: Failed to list %s{resource}: %v{err}', '%s: failed to list %s{resource}: %v{err}', '%s: Failed to watch %s{resource}: %v{err}'],
    text: ['err'],
    explain: 'One of the kubelet\'s informers (its pods, its Node, services, CSI drivers…) could not list or watch its objects in the API server; it retries with back-off, and the kubelet works from what it last saw.',
  },
  {
    id: 'X213', kind: 'node.runtime-cgroups', lane: 'node-status', versions: 'all', v: 0,
    msg: ['Discovered runtime cgroup name'], printf: ['[ContainerManager]: Discovered runtime cgroups name: %s{cgroup}'], text: ['cgroup'],
    explain: 'The container manager found the cgroup the container runtime runs in (for its stats and OOM scores); a periodic task looks again every 5 minutes, so the line repeats through a kubelet\'s life, not only at its start.',
  },
  {
    id: 'X211', kind: 'api.watch-ended', lane: 'node-status', versions: 'all (client-go streamwatcher)', v: 0,
    printf: ['Unexpected EOF during watch stream event decoding: %v{err}'],
    text: ['err'],
    explain: 'A watch the kubelet holds open on the API server (its pods, its Node…) ended in the middle of an event: the connection dropped (an API server restart, a load balancer\'s idle timeout, the network). The informer lists and watches again; many at once, or again and again, say the connection to the API server is unstable.',
  },
  {
    id: 'X212', kind: 'node.standalone', lane: 'node-status', versions: 'all (printf Warningf ≤1.20, InfoS after)', v: 0,
    printf: ['standalone mode, no API client'], msg: ['Standalone mode, no API client'],
    explain: 'The kubelet has no kubeconfig (no --kubeconfig, or a file it could not read), so it runs on its own: it registers no Node, reads no pods from the API server (static pods only) and reports nothing. On a node meant to join a cluster this is the misconfiguration.',
  },
  {
    id: 'X179', kind: 'node.shutdown-group-timeout', lane: 'node-status', versions: '1.24+', v: 0,
    msg: ['Shutdown manager pod killing time out'], num: 'gracePeriod', text: ['priority'],
    explain: 'Graceful node shutdown by pod priority: the shutdown manager stopped waiting for one priority group\'s kills when the group\'s grace period ran out; some pod of the group had not finished, and the next group is killed now.',
  },
  {
    id: 'X180', kind: 'node.shutdown-group-done', lane: 'node-status', versions: '1.24+', v: 1,
    msg: ['Done waiting for all pods in group to terminate'], num: 'gracePeriod', text: ['priority'],
    explain: 'Graceful node shutdown by pod priority: every pod of one priority group finished within the group\'s grace period.',
  },
  {
    id: 'X189', kind: 'node.shutdown-manager-failed', lane: 'node-status', versions: '1.20+', v: 0,
    msg: ['Failed to start node shutdown manager'], printf: ['Failed to start node shutdown manager: %v{err}'], text: ['err'],
    explain: 'The kubelet could not set up graceful node shutdown (its systemd-logind inhibitor lock): it runs on, but at a shutdown or reboot its pods are not stopped within their grace periods first.',
  },
  {
    id: 'X178', kind: 'api.event-write-failed', lane: 'node-status', versions: 'all', v: 0,
    msg: ['Unable to write event (may retry after sleeping)', 'Server rejected event (will not retry!)'],
    // client-go's event broadcaster; older ones put the event dump first ('%#v': '%v'), so the error is the rest.
    printf: ['Unable to write event: %v{err}', 'Unable to write event %v{err}', 'Server rejected event %v{err}'],
    text: ['err'],
    explain: 'The kubelet\'s event recorder could not send an event (Pulled, Killing, NodeReady…) to the API server: it retries a few times, then drops the event, so kubectl describe will not show it.',
  },
  {
    id: 'X173', kind: 'api.cache-synced', lane: 'node-status', versions: 'all', v: 0,
    msg: ['Caches populated'], printf: ['Caches populated for %s{resource} from %s{source}'], text: ['resource', 'type'],
    alsoPrintedBy: 'every program built on client-go',
    explain: 'One of the kubelet\'s informers or watches (its Node, its pods, services, a pod\'s ConfigMap or Secret) has its first full list from the API server; from here it follows changes.',
  },
  {
    id: 'X141', kind: 'error.unhandled', lane: 'other', versions: '1.31+', v: 0,
    msg: ['Unhandled Error'], text: ['err'],
    // 1.31+ reports a container that failed to start this way too (kuberuntime_manager.go): its pod and container.
    inner: { field: 'err', printf: ['container %v{container} start failed in pod %v{pod}: %v', 'init container %v{container} start failed in pod %v{pod}: %v',
      'ephemeral container %v{container} start failed in pod %v{pod}: %v'] },
    explain: 'An error reported through the libraries\' common handler (runtime.HandleError) rather than by the code that met it: most often an informer that cannot list or watch in the API server; from 1.31 also a container that failed to start (its pod named inside).',
  },
  {
    id: 'X142', kind: 'node.cert-rotated', lane: 'node-status', versions: 'all', v: 0,
    printf: ['certificate rotation detected, shutting down client connections to start using new credentials'],
    explain: 'The kubelet\'s client certificate was renewed: it closes its connections to the API server so the next ones use the new certificate.',
  },
  {
    id: 'X198', kind: 'node.oom-score-failed', lane: 'node-status', versions: '1.21+', v: 0,
    msg: ['Failed to ensure process in container with oom score'], text: ['err'],
    explain: 'The container manager could not give the kubelet (or the runtime) its protective OOM score (-999): writing oom_score_adj was not permitted, as for a kubelet in a user namespace (rootless) or an unprivileged container. It runs on, but under memory pressure the kernel may kill it before the pods.',
  },
  {
    id: 'X193', kind: 'node.cert-requesting', lane: 'node-status', versions: 'all', v: 0,
    printf: ['Requesting new certificate.'],
    explain: 'The certificate manager starts asking for a new client or serving certificate (the current one is past most of its lifetime, or there is none yet): it files a certificate signing request and waits for it to be signed.',
  },
  {
    // cni.go (1.16–1.23): each config file checked against what its plugin binaries say they support.
    id: 'X256', kind: 'node.cni-config-invalid', lane: 'node-status', versions: '1.16–1.23', v: 0,
    printf: ['Error validating CNI config %v{config}: %v{err}', 'Error validating CNI config list %v{config}: %v{err}', 'Error validating CNI config %v{config}'], text: ['err'],
    explain: 'A CNI configuration file is there, but the kubelet rejected it: it checks each config against the CNI versions its plugin binaries support, and a config without a cniVersion, or with one they do not support, counts as no config.',
  },
  {
    id: 'X194', kind: 'node.cni-config', lane: 'node-status', versions: '≤1.23', v: 0,
    printf: ['Unable to update cni config: %v{err}'], text: ['err'],
    explain: 'The kubelet\'s network plugin found no usable CNI configuration (No networks found in /etc/cni/net.d): until a network add-on writes one, the pod network is not ready and only host-network pods start.',
  },
  {
    id: 'X143', kind: 'node.cert-request-failed', lane: 'node-status', versions: 'all', v: 0,
    msg: ['Failed while requesting a signed certificate from the control plane'],
    printf: ['Failed while requesting a signed certificate from the master: %v{err}', 'Failed while requesting a signed certificate from the control plane: %v{err}'],
    text: ['err'],
    explain: 'The certificate manager asked the API server to sign a new certificate for the kubelet (a CSR) and did not get one; it retries with back-off, and the old certificate stays in use until it expires.',
  },
  {
    // certificate_manager.go (1.8–1.2x): the CSR was filed, and nobody signed it within the manager's wait.
    id: 'X272', kind: 'node.cert-not-signed', lane: 'node-status', versions: 'all (printf)', v: 0,
    // (Newer releases put the signer's name first: `kubernetes.io/kubelet-serving: Certificate request was not signed: …`.)
    printf: ['Certificate request was not signed: %v{err}', 'Reached backoff limit, still unable to rotate certs: %v{err}',
      '%s{signer}: Certificate request was not signed: %v{err}', '%s{signer}: Reached backoff limit, still unable to rotate certs: %v{err}'], text: ['err'],
    explain: 'The kubelet filed a certificate signing request for its client or serving certificate and waited for it to be signed, in vain: the CSR is Pending — no approver approved it (kube-controller-manager approves a node\'s client certificates when the right bindings exist; serving certificates need an approver of their own) — or no signer issued it. After repeated tries the manager backs off; the old certificate stays in use until it expires.',
  },
  {
    id: 'X96', kind: 'node.lister-failed', lane: 'node-status', versions: '1.21+', v: 0,
    msg: ['Error getting the current node from lister'], text: ['err'],
    explain: 'The kubelet could not read its own Node object from its informer cache (not registered yet, or deleted from the API).',
  },
  {
    // ≤1.20's words for the same, the node's name alone: the kubelet's own node.
    id: 'X96b', kind: 'node.lister-failed', lane: 'node-status', versions: '≤1.20', v: 0,
    printf: ['node %q{node} not found'], text: ['node'], namesOwnNode: true,
    explain: 'The kubelet could not read its own Node object from its informer cache (not registered yet, or deleted from the API).',
  },
  {
    id: 'X97', kind: 'node.pod-cidr', lane: 'node-status', versions: 'all', v: 0,
    msg: ['Updating runtime config through cri with podcidr'], printf: ['updating runtime config through cri with podcidr %s{cidr}'], text: ['CIDR', 'cidr'],
    explain: 'The node got its pod CIDR and the kubelet passes it to the container runtime (for the network plugin).',
  },
  {
    id: 'X103', kind: 'node.runtime-status', lane: 'node-status', versions: '≤1.20', v: 4,
    printf: ['Container runtime status: %v{status}'], text: ['status'],
    explain: 'The runtime check (updateRuntimeUp, every 5 s) read the runtime\'s conditions: RuntimeReady and NetworkReady.',
  },
  {
    id: 'X91', kind: 'eviction.evicted', lane: 'eviction', versions: 'all', v: 0,
    msg: ['Eviction manager: pod is evicted successfully'], printf: ['eviction manager: pod %s{pod} is evicted successfully', 'eviction manager: pod %s{pod} evicted successfully'],
    explain: 'The eviction manager\'s kill of the pod it chose finished: the pod is Failed with reason Evicted and its resources are being reclaimed.',
  },
  {
    id: 'X102', kind: 'eviction.no-observation', lane: 'eviction', versions: 'all', v: 0,
    printf: ['eviction manager: no observation found for eviction signal %v{signal}'], text: ['signal'],
    explain: 'The eviction manager has a threshold for this signal but the stats had no value for it (the filesystem reports no inodes, as on Windows), so it is not checked.',
  },
  {
    id: 'X109', kind: 'node.volume-limit-error', lane: 'node-status', versions: '≤1.20', v: 0,
    printf: ['Error getting volume limit for plugin %s{plugin}'], text: ['plugin'],
    explain: 'Building the Node object, the kubelet could not read how many volumes of a cloud disk plugin the node can attach (harmless where that cloud is not used).',
  },
  {
    id: 'X110', kind: 'node.cni-config', lane: 'node-status', versions: '≤1.23 (dockershim)', v: 0,
    printf: ['Using CNI configuration file %s{path}'], text: ['path'],
    explain: 'The dockershim network plugin found the CNI configuration it sets up pod networks with.',
  },
  {
    id: 'X116', kind: 'stats.failed', lane: 'other', versions: '1.21+', v: 0,
    msg: ['Error getting summary for resourceMetric prometheus endpoint', 'Failed to get the info of the filesystem with mountpoint',
      // A pod's log directory gone (the pod removed while its stats were read).
      'Unable to fetch pod log stats'], text: ['err'],
    explain: 'The kubelet could not get stats it reports (a scrape of its resource metrics without the stats summary, often because the runtime did not answer in time; a filesystem not yet in cAdvisor\'s cache, routine right after start-up).',
  },
  {
    // Go's HTTP server logs a failed TLS handshake through the kubelet's logger (log.go, logs.go).
    id: 'X221', kind: 'server.no-serving-cert', lane: 'other', versions: 'all (serving certificate bootstrap)', v: 0,
    // (1.8's certificate manager answered "no certificate available": kubernetes/kubeadm#591.)
    printf: ['http: TLS handshake error from %s{client}: no serving certificate available for the kubelet', 'http: TLS handshake error from %s{client}: no certificate available'], text: ['client'],
    explain: 'A client connected to the kubelet\'s HTTPS port (10250) and the handshake failed: the kubelet has no serving certificate yet — it requests one from the cluster (serverTLSBootstrap) and the request has not been approved — so it serves nothing over TLS.',
  },
  {
    // The streaming server's port forwarding (httpstream.go, websocket.go): a `kubectl port-forward` connection.
    id: 'X259', kind: 'server.port-forward-failed', lane: 'other', versions: 'all (printf)', v: 0,
    printf: ['error forwarding port %d{port} to pod %s{podSandboxID}, uid %v: %v{err}'], num: 'port', text: ['err'],
    explain: 'A `kubectl port-forward` stream through the kubelet could not be copied to the pod\'s port: nothing listens on that port in the pod (connection refused), the runtime\'s helper failed (socat missing on a Docker node, nsenter), or the client or the pod\'s side closed the stream (EOF, broken pipe) — the port-forward session breaks, the pod itself is not affected.',
  },
  {
    id: 'X260', kind: 'server.port-forward', lane: 'other', versions: 'all (printf)', v: 4,
    printf: ['Upgrading port forward response', '(conn=%s) setting port forwarding streaming connection idle timeout to %v', '(conn=%s) waiting for port forward streams'],
    explain: 'The kubelet\'s streaming server set up a `kubectl port-forward` connection (the API server passes it on): the upgrade to a multiplexed stream and its idle timeout.',
  },
  {
    // kuberuntime_logs.go (≤1.20) / kuberuntime/logs/logs.go: the copy of a container's log to a client of the kubelet.
    id: 'X239', kind: 'server.log-write-failed', lane: 'other', versions: 'all', v: 0,
    printf: ['Failed with err %v{err} when writing log for log file %q{path}: %s'],
    msg: ['Failed when writing line to log file'], text: ['err'],
    explain: 'Copying a container\'s log to a client (kubectl logs -f, a log collector through the API server) failed because the client went away mid-stream (broken pipe, connection reset): harmless; the container and its log file are not affected.',
  },
  {
    // Go's HTTP server reports a handler's misuse of its response through the kubelet's logger (logs.go).
    id: 'X240', kind: 'server.http-notice', lane: 'other', versions: 'all', v: 0,
    printf: ['http: multiple response.WriteHeader calls', 'http: superfluous response.WriteHeader call from %s{caller}'],
    explain: 'Go\'s HTTP server noted that a handler of the kubelet\'s API wrote a response header twice (after a stream it served broke off, say): harmless.',
  },
  {
    id: 'X117', kind: 'server.auth-failed', lane: 'other', versions: 'all', v: 0,
    msg: ['Unable to authenticate the request'], printf: ['Unable to authenticate the request due to an error: %v{err}'], text: ['err'],
    explain: 'A client of the kubelet\'s API (metrics-server, the API server\'s exec/logs proxy, a monitoring agent) sent credentials the kubelet could not verify; the request is refused with 401.',
  },
  {
    id: 'X118', kind: 'node.client-cert-stuck', lane: 'node-status', versions: '1.11+', v: 0,
    msg: ['The currently active client certificate has expired, but the server is not responsive. A restart may be necessary to retrieve new initial credentials.'],
    printf: ['The currently active client certificate has expired, but the server is not responsive. A restart may be necessary to retrieve new initial credentials.'],
    explain: 'The kubelet\'s client certificate has expired and the API server does not answer, so it cannot get a new one: the node stops reporting until the kubelet is restarted with credentials that work.',
  },
  {
    id: 'X186', kind: 'node.no-client-cert', lane: 'node-status', versions: '1.11+', v: 0,
    msg: ['No valid client certificate is found but the server is not responsive. A restart may be necessary to retrieve new initial credentials.'],
    printf: ['No valid client certificate is found but the server is not responsive. A restart may be necessary to retrieve new initial credentials.'],
    explain: 'For longer than its shutdown threshold (5 min) the kubelet has had no client certificate (a node still bootstrapping whose certificate request is not yet signed, or a certificate deleted or unreadable), and the API server does not answer, so it cannot get one.',
  },
  {
    id: 'X187', kind: 'server.authz-failed', lane: 'other', versions: 'all', v: 0,
    msg: ['Authorization error'],
    printf: ['Failed to make webhook authorizer request: %v{err}'],
    text: ['err'],
    explain: 'A request to the kubelet\'s HTTP API (from the API server, metrics or logs collectors) could not be authorized: with webhook authorization the kubelet asks the API server (SubjectAccessReview), and that request failed.',
  },
  {
    // kuberuntime_manager.go's NewKubeGenericRuntimeManager: the runtime's version is asked once, as the kubelet is made.
    id: 'X264', kind: 'node.startup-check-failed', lane: 'node-status', versions: 'all', v: 0,
    msg: ['Get runtime version failed'], printf: ['Get runtime version failed: %v{err}'], text: ['err'],
    explain: 'As the kubelet is being created, its runtime manager asks the container runtime for its version; that failed (the runtime\'s socket not answering, or a runtime that does not serve the CRI), so the kubelet cannot be created and exits — "Failed to run kubelet … failed to create kubelet" follows.',
  },
  {
    // A manager's checkpoint that cannot be restored stops the start (findings/checkpoint-state.ts reads why).
    id: 'X215', kind: 'node.state-restore-failed', lane: 'node-status', versions: 'all', v: 0,
    msg: ['Failed to initialize cpu manager'], printf: ['failed to initialize cpu manager: %v{err}'], text: ['err'],
    explain: 'The CPU manager could not start: usually the state it saved in /var/lib/kubelet/cpu_manager_state does not fit its configuration (another policy, other reserved CPUs) or cannot be read, and the kubelet exits until the file is removed.',
  },
  {
    // ≤1.3's node status: the images it reports on the Node, listed from the runtime.
    id: 'X246', kind: 'node.image-list-failed', lane: 'node-status', versions: '≤1.3', v: 0,
    printf: ['Error getting image list: %v{err}'], text: ['err'],
    explain: 'Building its node status, the kubelet could not list the runtime\'s images: the runtime failed the call (its error says why), and the node\'s status goes without them this time.',
  },
  {
    // --configure-cbr0 (kubelet.go syncNetworkStatus, container_bridge.go): the kubelet makes the pods' bridge itself.
    id: 'X244', kind: 'node.bridge-failed', lane: 'node-status', versions: '≤1.4 (--configure-cbr0)', v: 0,
    printf: ['Error configuring cbr0: %v{err}'], text: ['err'],
    explain: 'With --configure-cbr0 the kubelet creates the pods\' bridge (cbr0) from the node\'s pod CIDR itself; it could not, so it reports the network not configured (the node is not Ready) and tries again at its next status sync.',
  },
  {
    id: 'X245', kind: 'node.network-setup', lane: 'node-status', versions: '≤1.4 (--configure-cbr0)', v: 0,
    printf: ['CBR0 doesn\'t exist, attempting to create it with range: %s{cidr}'], text: ['cidr'],
    explain: 'With --configure-cbr0 the kubelet found no pods\' bridge (cbr0) and creates it from the node\'s pod CIDR (with brctl and ip).',
  },
  {
    // The memory manager (1.21+) refuses to start on a policy it does not know or a saved state that does not fit.
    id: 'X241', kind: 'node.state-restore-failed', lane: 'node-status', versions: '1.21+', v: 0,
    msg: ['Failed to initialize memory manager', 'Policy start error', 'Invalid state, please drain node and remove policy state file'], text: ['err'],
    explain: 'The memory manager could not start: its policy\'s name is not one it knows (None or Static, capitalised), or the state it saved in /var/lib/kubelet/memory_manager_state does not fit the machine (the memory of a NUMA node, or what is reserved, changed); the kubelet exits until the file is removed or the configuration fits.',
  },
  {
    // The detail the static memory manager logs before its "Invalid state" error.
    id: 'X242', kind: 'node.memory-state-differs', lane: 'node-status', versions: '1.21+', v: 0,
    msg: ['Memory states for the NUMA node and resource are different'], text: ['resource'],
    explain: 'The static memory manager compared the memory of a NUMA node it saved with what the machine has now, and they differ: it will refuse to start (the next line says so).',
  },
  {
    // The status manager's record of pods' allocated resources (InPlacePodVerticalScaling), 1.27–1.32; the
    // allocation manager keeps it from 1.33. The kubelet panics right after this line.
    id: 'X216', kind: 'node.state-restore-failed', lane: 'status-manager', versions: '1.27–1.32', v: 0,
    msg: ['Could not initialize pod allocation checkpoint manager, please drain node and remove policy state file'], text: ['err'],
    explain: 'The status manager could not restore the pods\' resource allocations it saved in /var/lib/kubelet/pod_status_manager_state (a file left damaged, or written by another release): the kubelet panics and does not start until the file is removed.',
  },
  {
    id: 'X119', kind: 'node.checkpoint-unreadable', lane: 'node-status', versions: '1.21+', v: 0,
    msg: ['Failed to read data from checkpoint'], text: ['err'],
    explain: 'A manager (device, CPU, memory) found no usable checkpoint of its state: normal on a first start ("checkpoint is not found"), otherwise its saved assignments are lost.',
  },
  {
    id: 'X120', kind: 'cm.qos-updated', lane: 'other', versions: 'all', v: 4,
    msg: ['Updated QoS cgroup configuration'], printf: ['[ContainerManager]: Updated QoS cgroup configuration'],
    explain: 'The container manager rewrote the Burstable and BestEffort QoS cgroups\' limits for the pods now on the node (after a pod was added or removed).',
  },
  {
    id: 'X121', kind: 'cm.cpu-assign', lane: 'other', versions: '≤1.20 (Windows)', v: 0,
    printf: ['[fake cpumanager] AddContainer (pod: %s, container: %s{containerName}, container id: %s{containerID})',
      '[fake cpumanager] RemoveContainer (container id: %s{containerID})'],
    explain: 'On Windows the kubelet runs a no-op CPU manager that only logs each container it is told about.',
  },
  {
    id: 'X125', kind: 'server.log-read', lane: 'other', versions: '1.22+', v: 0,
    msg: ['Finished parsing log file'], text: ['path'],
    explain: 'The kubelet served a container\'s log (kubectl logs) and reached the end of the file it read.',
  },
  {
    id: 'X124', kind: 'server.request', lane: 'other', versions: '≤1.20', v: 2,
    // 1.2–1.3 printed no user agent and remote address after the code.
    printf: ['GET %s{path}: (%s) %d{status} [%s]', 'GET %s{path}: (%s) %d{status}'], num: 'status', text: ['path'],
    explain: 'A request to the kubelet\'s HTTP API (stats, logs, exec, healthz), with its latency and response code.',
  },
  {
    id: 'X126', kind: 'node.ip', lane: 'node-status', versions: '≤1.20', v: 2,
    printf: ['Using node IP: %q{ip}'], text: ['ip'],
    explain: 'The address the kubelet reports for its Node (from --node-ip, else the first address of its hostname).',
  },
  {
    // config/file.go, each time it reads the static pod path (every 20 s, and on a change). Older kubelets said
    // "config file"; on inotify's events (file_linux.go) the error is logged alone, or after "Unable to process watch event: ".
    id: 'X238', kind: 'config.manifest-invalid', lane: 'config', versions: 'all (printf ≤1.20, structured 1.21+)', v: 0,
    msg: ['Could not process manifest file'],
    printf: ['Can\'t process manifest file %q{path}: %v{err}', 'Can\'t process config file %q{path}: %v{err}', 'can\'t process config file %q{path}: %v{err}',
      'Unable to process watch event: can\'t process config file %q{path}: %v{err}'],
    text: ['err', 'path'],
    explain: 'The kubelet could not read a static pod manifest from its manifest directory (a YAML or validation error, a file that is no pod): that static pod is not created, and the error comes back each time it reads the directory.',
  },
  {
    // config/file_linux.go (1.21+): an inotify event on the static pod path that could not be handled — nearly always a
    // manifest that could not be read (its error says "can't process config file"), which the finding reads.
    id: 'X270', kind: 'config.watch-event-failed', lane: 'config', versions: '1.21+', v: 0,
    msg: ['Unable to process watch event'], text: ['err'],
    inner: { field: 'err', printf: ['can\'t process config file %q{path}: %v'] },
    explain: 'The kubelet could not handle a change in its static pod directory; when the error says "can\'t process config file", a manifest there could not be read (a YAML or validation error, a file that is no pod) and that static pod is not created or updated.',
  },
  {
    // config/apiserver.go (1.2x+): the API-server pod source checks each second whether the node's informer has synced.
    id: 'X263', kind: 'config.node-sync-wait', lane: 'config', versions: '1.21+', v: 4,
    msg: ['node sync has not completed yet'], printf: ['node sync has not completed yet'],
    explain: 'The API-server pod source waits, checking each second, until the kubelet has seen its own Node object from the API server: it watches the API server\'s pods only after that. Lasting long, the API server is out of reach or the node is not registered; meanwhile no pod from the API server reaches this kubelet (static pods do).',
  },
  {
    id: 'X51', kind: 'config.source', lane: 'config', versions: 'all', v: 0,
    msg: ['Adding static pod path', 'Watching apiserver', 'Adding apiserver pod source', 'Adding pod URL with HTTP header', 'node sync completed'],
    printf: ['Adding pod path: %v{path}', 'Watching apiserver'], text: ['path'],
    explain: 'At start-up the kubelet registers a pod source: static pod manifests on disk, or the API server.',
  },
  {
    id: 'X151', kind: 'config.static-pod-read', lane: 'config', versions: 'all', v: 3,
    msg: ['Reading config file', 'Generated pod name', 'Set namespace for pod'],
    printf: ['Reading config file %q{path}',
      'Generated Name %q for UID %q{podUID} from URL %s{path}', 'Using namespace %q{namespace} for pod %q{podName} from %s{path}'],
    text: ['path', 'source'],
    explain: 'The file (or URL) pod source read a static pod manifest and filled in what it lacks: a UID hashed from the node and the file, the node\'s name appended to the pod\'s, the namespace.',
  },
  {
    // The UID is made before the node's name is appended to the manifest's: pod= (or the printf name) is the
    // manifest's own name, which no pod has — only the UID says whose line it is.
    id: 'X262', kind: 'config.static-pod-read', lane: 'config', versions: 'all', v: 3, podUidOnly: true,
    msg: ['Generated UID'], printf: ['Generated UID %q{podUID} pod %q from %s{path}'],
    text: ['path', 'source'],
    explain: 'The file (or URL) pod source made a static pod\'s UID, a hash of the node\'s name and the manifest (the pod named here is the manifest\'s own name: the node\'s is appended next).',
  },
  {
    id: 'X155', kind: 'node.startup-step', lane: 'node-status', versions: 'all', v: 1,
    printf: ['FLAG: %s{flag}=%s{value}'], text: ['flag'],
    explain: 'At start-up the kubelet prints each of its command-line flags with its value (at -v=1 and above), one line each.',
  },
  {
    id: 'X156', kind: 'node.startup-step', lane: 'node-status', versions: '≤1.2x (cloud providers in the kubelet)', v: 2,
    printf: ['Using Node Hostname from cloudprovider: %q{node}'], text: ['node'], namesOwnNode: true,
    explain: 'The kubelet takes its node\'s name from the cloud provider (the instance\'s name) rather than the machine\'s hostname.',
  },
  {
    id: 'X152', kind: 'node.startup-step', lane: 'node-status', versions: 'all (Windows nodes)', v: 0,
    printf: ['kubelet needs to run as uid `0`. It is being run as %d', 'Watching source file is unsupported in this build',
      'Could not get process start time, could not read /proc: %v{err}'],
    explain: 'A start-up complaint the kubelet makes on Windows, where there is no uid 0, no file watching of static pod manifests and no /proc: expected there, and harmless.',
  },
  {
    id: 'X52', kind: 'config.read-failed', lane: 'config', versions: 'all', v: 0,
    msg: ['Unable to read config path'], printf: ['Unable to read config path %q{path}: %v{err}', 'unable to read config path %q{path}: %v{err}',
      'Unable to read manifest path %q{path}: %v{err}'], text: ['err'],
    explain: 'The static pod directory could not be read: often it does not exist, which is harmless; "too many open files" from inotify means the node ran out of inotify instances, and static pod changes go unseen.',
  },
  {
    id: 'X158', kind: 'stats.failed', lane: 'other', versions: 'all (Windows nodes)', v: 0,
    printf: ['Unable to get cpu perf counter data; err: %v{err}', 'Unable to get memory perf counter data; err: %v{err}'], text: ['err'],
    explain: 'On Windows the kubelet reads node CPU and memory from performance counters; one could not be read (error 800007d6 is a missing counter, often a damaged counter registry), so the node\'s stats lack it until it can.',
  },
  {
    // The static policy (≤1.17 printf): a Guaranteed container's exclusive CPUs could not be taken from the shared pool.
    id: 'X225', kind: 'cpumanager.allocate-failed', lane: 'other', versions: '≤1.17 (printf)', v: 0,
    printf: ['[cpumanager] unable to allocate %d{cpus} CPUs (container id: %s{containerID}, error: %v{err})', '[cpumanager] AddContainer error: %v{err}'],
    text: ['err'],
    explain: 'The CPU manager\'s static policy could not give a container the exclusive CPUs its integer request asks for: the shared pool has too few left. The container\'s start fails (PreStartHookError) and is retried.',
  },
  {
    // bootstrap.go: the kubelet's current client certificate (kubelet.conf's) has expired, so it must bootstrap anew.
    id: 'X224', kind: 'node.client-cert-expired', lane: 'node-status', versions: '≤1.20 (printf)', v: 0,
    // Capitalised in older releases (a 1.15 journal), lower-case later (a 1.20 one).
    printf: ['part of the existing bootstrap client certificate is expired: %v{expiry}', 'Part of the existing bootstrap client certificate is expired: %v{expiry}'], text: ['expiry'],
    explain: 'The client certificate the kubelet\'s kubeconfig holds has expired (at the time given): it falls back to the bootstrap kubeconfig to request a new one, and cannot talk to the API server until it gets one.',
  },
  {
    // cgroup_manager_linux.go's Update, printf in the 1.2x releases (a kubelet on a cgroup v2 node, kubepods failing).
    id: 'X223', kind: 'node.cgroup-update-failed', lane: 'node-status', versions: '1.2x (printf)', v: 0,
    printf: ['cgroup update failed %v{err}'], text: ['err'],
    explain: 'The kubelet\'s cgroup manager could not apply a cgroup\'s settings (on cgroup v2: enable the controllers it needs in cgroup.subtree_control); the pods\' cgroups it was setting up are missing or incomplete.',
  },
  {
    // kubelet_network_linux.go: the kubelet's own iptables chains (KUBE-MARK-DROP, KUBE-MARK-MASQ, KUBE-FIREWALL…).
    id: 'X268', kind: 'node.iptables-failed', lane: 'node-status', versions: 'all', v: 0,
    printf: ['Failed to ensure that %s{table} chain %s{chain} exists: %v{err}'],
    text: ['err'],
    explain: 'The kubelet could not set up one of its own iptables chains (the marks for dropped and masqueraded packets, its firewall rules): the iptables binary is missing on the node or in the kubelet\'s container ("executable file not found in $PATH"), or the kernel lacks the table. It tries again every minute; until then what relies on those chains (hostPort, the node\'s firewall rules) is not in place.',
  },
  {
    // kubelet_node_status.go: one of the node status setters failed; the others' fields are still sent.
    id: 'X266', kind: 'node.status-fields-failed', lane: 'node-status', versions: 'all', v: 0,
    msg: ['Failed to set some node status fields'], printf: ['Failed to set some node status fields: %v{err}'], text: ['err'],
    explain: 'Building the node\'s status, one of its setters failed — the error says which: its addresses (a node IP that is not on this host, all zeros or loopback), its machine info, its capacity — and the status is sent without those fields.',
  },
  {
    // Generating a pod's status: the node's own address for status.hostIP (kubelet.go, kubelet_pods.go).
    id: 'X267', kind: 'pod.host-ip-failed', lane: 'status-manager', versions: 'all', v: 0,
    msg: ['Cannot get host IPs', 'Cannot get host IP'], printf: ['Cannot get host IP: %v{err}', 'Cannot get host IPs: %v{err}'], text: ['err'],
    explain: 'Generating a pod\'s status, the kubelet could not find its node\'s own IP address — its Node object not found, or listing no address — so the pod\'s status goes without hostIP (and a host-network pod without its pod IP).',
  },
  {
    id: 'X159', kind: 'node.kubelet-failed', lane: 'node-status', versions: '1.21+', v: 0,
    msg: ['Failed to listen and serve'], text: ['err'],
    explain: 'The kubelet\'s HTTPS server (port 10250: the API server\'s logs, exec and port-forward calls, metrics) could not listen, usually because another process — often a second kubelet — holds the port; the kubelet exits.',
  },
  {
    id: 'X175', kind: 'node.healthz-failed', lane: 'node-status', versions: 'all', v: 0,
    msg: ['Failed to start healthz server'], printf: ['Starting healthz server failed: %v{err}'], text: ['err'],
    explain: 'The kubelet\'s local health endpoint (127.0.0.1:10248, what kubeadm and monitoring poll) could not listen — usually another process, often a second kubelet, holds the port; it tries again every 5 s, and the kubelet looks unhealthy to whatever polls it meanwhile.',
  },
  {
    id: 'X176', kind: 'node.device-plugin', lane: 'other', versions: 'all', v: 0,
    msg: ['Got registration request from device plugin with resource'],
    printf: ['Got registration request from device plugin with resource name %q{resource}'], text: ['resourceName', 'resource'],
    explain: 'A device plugin (GPUs, SR-IOV NICs, FPGAs) registered with the kubelet\'s device manager: the node advertises its resource and pods that request it can be admitted.',
  },
  {
    id: 'X177', kind: 'node.device-plugin-failed', lane: 'other', versions: 'all', v: 0,
    // (1.21–1.25's device manager endpoint wrote it lower-case.)
    msg: ['ListAndWatch ended unexpectedly for device plugin', 'listAndWatch ended unexpectedly for device plugin'],
    // (≤1.10's endpoint.go wrote the printf form lower-case too.)
    printf: ['ListAndWatch ended unexpectedly for device plugin %s{resource} with error %v{err}', 'listAndWatch ended unexpectedly for device plugin %s{resource} with error %v{err}'], text: ['err'],
    explain: 'The device manager lost its stream to a device plugin (the plugin\'s pod restarted or crashed): the node reports none of its devices until the plugin registers again, and pods that need them are not admitted.',
  },
  {
    id: 'X160', kind: 'node.registered', lane: 'node-status', versions: 'all', v: 0,
    msg: ['Node was previously registered'], printf: ['Node %s{node} was previously registered'], text: ['node'], namesOwnNode: true,
    explain: 'At start-up the kubelet found its Node object already in the API server (a restart, not a new node) and goes on updating it.',
  },
  {
    id: 'X161', kind: 'config.sources-seen', lane: 'config', versions: 'all', v: 5,
    msg: ['Looking for sources, have seen'], printf: ['Looking for %v{sources}, have seen %v{seenSources}'], text: ['seenSources'],
    explain: 'The sync loop checks whether every pod source (the API server, the static pod directory, a manifest URL) has sent its first full list; until they all have, housekeeping does not remove pods it does not know.',
  },
  {
    id: 'X171', kind: 'image.credentials-config', lane: 'other', versions: '≤1.2x (docker credential file)', v: 0,
    printf: ['Docker config file not found: %v{err}'], text: ['err'],
    explain: 'No Docker credentials file was found for image pulls; harmless unless a private registry needs one (pods then use their imagePullSecrets).',
  },
];
