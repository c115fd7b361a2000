/**
 * Every line the simulated kubelet can print, as data: for each call site, the catalog entry and the exact text it
 * uses in each logging era (printf ≤1.20, structured 1.21+), the structured keys in the order the kubelet passes
 * them, the verbosity, the severity, and the source file:line per build where the reference (or a seed) knows it.
 * The catalog stays the single source of truth for message text: a unit test checks every text here against it.
 */

export type Sev = 'I' | 'W' | 'E';

export interface SiteVariant {
  era: 'printf' | 'structured';
  entry: string;
  /** The printf template or structured message, verbatim from the catalog entry. */
  text: string;
  keys?: readonly string[];
  v: number;
  sev?: Sev | ((minor: number) => Sev);
  file: string;
  /** Build id ('1.12', '1.12-custom', '1.23', '1.28'…) → source line. */
  lines: Record<string, number>;
  /** Minor versions where this variant exists (inclusive). */
  from: number;
  to: number;
}

type Opt = Partial<Pick<SiteVariant, 'sev' | 'from' | 'to'>>;

const P = (entry: string, text: string, v: number, file: string, lines: Record<string, number>, opt: Opt = {}): SiteVariant =>
  ({ era: 'printf', entry, text, v, file, lines, from: 0, to: 20, ...opt });
const S = (entry: string, text: string, keys: readonly string[], v: number, file: string, lines: Record<string, number>, opt: Opt = {}): SiteVariant =>
  ({ era: 'structured', entry, text, keys, v, file, lines, from: 21, to: 99, ...opt });

const REF = ['pod', 'podUID'] as const;

export const SITES: Record<string, readonly SiteVariant[]> = {
  // ---- sync loop (kubelet.go) ----------------------------------------------------------------------------------
  'syncloop.start': [
    P('M01', 'Starting kubelet main sync loop.', 0, 'kubelet.go', { '1.7': 1783, '1.9': 1760, '1.12': 1804 }),
    S('M01', 'Starting kubelet main sync loop', [], 0, 'kubelet.go', { '1.23': 2028, '1.28': 2303 }),
  ],
  'syncloop.skipping': [
    P('M02', 'skipping pod synchronization - %v{err}', 0, 'kubelet.go', { '1.12': 1821 }, { sev: (m) => (m >= 18 ? 'E' : 'I') }),
    S('M02', 'Skipping pod synchronization', ['err'], 0, 'kubelet.go', { '1.23': 2052, '1.28': 2327 }, { sev: 'E' }),
  ],
  'syncloop.add': [
    P('M03', 'SyncLoop (ADD, %q{source}): %q{pods}', 2, 'kubelet.go', { '1.7': 1882, '1.9': 1857, '1.12': 1883, '1.12-custom': 1887 }),
    S('M04', 'SyncLoop ADD', ['source', 'pods'], 2, 'kubelet.go', { '1.23': 2114, '1.28': 2389 }),
  ],
  'syncloop.update': [
    P('M05', 'SyncLoop (UPDATE, %q{source}): %q{pods}', 2, 'kubelet.go', { '1.12': 1890 }),
    S('M06', 'SyncLoop UPDATE', ['source', 'pods'], 2, 'kubelet.go', { '1.23': 2121, '1.28': 2396 }),
  ],
  'syncloop.delete': [
    P('M07', 'SyncLoop (DELETE, %q{source}): %q{pods}', 2, 'kubelet.go', { '1.12': 1899 }),
    S('M07', 'SyncLoop DELETE', ['source', 'pods'], 2, 'kubelet.go', { '1.23': 2130, '1.28': 2405 }),
  ],
  'syncloop.remove': [
    P('M08', 'SyncLoop (REMOVE, %q{source}): %q{pods}', 2, 'kubelet.go', { '1.12': 1893 }),
    S('M08', 'SyncLoop REMOVE', ['source', 'pods'], 2, 'kubelet.go', { '1.23': 2124, '1.28': 2399 }),
  ],
  'syncloop.reconcile': [
    P('M09', 'SyncLoop (RECONCILE, %q{source}): %q{pods}', 4, 'kubelet.go', { '1.12': 1896 }),
    S('M09', 'SyncLoop RECONCILE', ['source', 'pods'], 4, 'kubelet.go', { '1.23': 2127, '1.28': 2402 }),
  ],
  'syncloop.pleg': [
    P('M11', 'SyncLoop (PLEG): %q{pod}, event: %v{event}', 2, 'kubelet.go', { '1.9': 1902, '1.12': 1928, '1.12-custom': 1932 }),
    S('M12', 'SyncLoop (PLEG): event for pod', ['pod', 'event'], 2, 'kubelet.go', { '1.23': 2152, '1.28': 2421 }),
  ],
  'syncloop.pleg-ignored': [
    P('M13', 'SyncLoop (PLEG): ignore irrelevant event: %v{event}', 4, 'kubelet.go', { '1.12': 1932 }),
    S('M13', 'SyncLoop (PLEG): pod does not exist, ignore irrelevant event', ['event'], 4, 'kubelet.go', { '1.23': 2156, '1.28': 2425 }),
  ],
  'syncloop.sync': [
    P('M14', 'SyncLoop (SYNC): %d{total} pods; %s{pods}', 4, 'kubelet.go', { '1.12': 1947 }),
    S('M14', 'SyncLoop (SYNC) pods', ['total', 'pods'], 4, 'kubelet.go', { '1.23': 2171, '1.28': 2440 }),
  ],
  'syncloop.probe': [S('M16', 'SyncLoop (probe)', ['probe', 'status', 'pod'], 1, 'kubelet.go', { '1.23': 2224, '1.28': 2493 })],
  'housekeeping.start': [
    P('M18', 'SyncLoop (housekeeping)', 4, 'kubelet.go', { '1.12': 1970 }),
    S('M18', 'SyncLoop (housekeeping)', [], 4, 'kubelet.go', { '1.23': 2202, '1.28': 2471 }),
  ],
  'housekeeping.end': [S('M18e', 'SyncLoop (housekeeping) end', ['duration'], 4, 'kubelet.go', { '1.23': 2210, '1.28': 2479 }, { from: 22 })],
  'housekeeping.skipped': [
    P('M19', "SyncLoop (housekeeping, skipped): sources aren't ready yet.", 4, 'kubelet.go', { '1.12': 1968 }),
    S('M19', "SyncLoop (housekeeping, skipped): sources aren't ready yet", [], 4, 'kubelet.go', { '1.23': 2199, '1.28': 2468 }),
  ],
  'housekeeping.failed': [
    P('M21', 'Failed cleaning pods: %v{err}', 0, 'kubelet.go', { '1.12': 1972 }, { sev: 'E' }),
    S('M21', 'Failed cleaning pods', ['err'], 0, 'kubelet.go', { '1.23': 2204, '1.28': 2473 }, { sev: 'E' }),
  ],
  'housekeeping.workers': [S('M73', 'Clean up pod workers for terminated pods', [], 3, 'kubelet_pods.go', { '1.23': 1082, '1.28': 1050 }, { from: 22 })],
  'housekeeping.probes': [S('M74', 'Clean up probes for terminated pods', [], 3, 'kubelet_pods.go', { '1.23': 1111, '1.28': 1100 }, { from: 22 })],
  'housekeeping.statuses': [S('M74', 'Clean up orphaned pod statuses', [], 3, 'kubelet_pods.go', { '1.23': 1148, '1.28': 1104 }, { from: 22 })],
  'housekeeping.dirs': [S('M74', 'Clean up orphaned pod directories', [], 3, 'kubelet_pods.go', { '1.23': 1167, '1.28': 1120 }, { from: 22 })],
  'housekeeping.mirrors': [S('M74', 'Clean up orphaned mirror pods', [], 3, 'kubelet_pods.go', { '1.23': 1178, '1.28': 1131 }, { from: 22 })],
  'housekeeping.cgroups': [S('M74', 'Clean up orphaned pod cgroups', [], 3, 'kubelet_pods.go', { '1.23': 1185, '1.28': 1273 }, { from: 22 })],
  'housekeeping.orphan-kill': [
    S('M75', 'Clean up orphaned pod containers', ['podUID'], 3, 'kubelet_pods.go', { '1.23': 1134 }, { from: 22, to: 26 }),
    S('M76', 'Clean up containers for orphaned pod we had not seen before', ['podUID', 'killPodOptions'], 2, 'kubelet_pods.go', { '1.28': 1226 }, { from: 27 }),
  ],
  'housekeeping.list-failed': [S('X09', 'Error listing containers', ['err'], 0, 'kubelet_pods.go', { '1.23': 1156, '1.28': 1114 }, { sev: 'E' })],
  'kill.unwanted-pod': [P('M79', 'Killing unwanted pod %q{pod}', 2, 'kubelet_pods.go', { '1.12': 1083 }, { to: 21 })],
  'pod.deleted-must-kill': [S('M33', 'Pod has been deleted and must be killed', REF, 3, 'kubelet.go', { '1.23': 1969, '1.28': 2228 }, { from: 22 })],
  'pod.generating-status': [
    P('M71', 'Generating status for %q{pod}', 3, 'kubelet_pods.go', { '1.7': 1220, '1.9': 1240, '1.12': 1327, '1.12-custom': 1424 }),
    S('M71', 'Generating pod status', ['pod'], 3, 'kubelet_pods.go', { '1.23': 1441 }, { to: 27 }),
    S('M71', 'Generating pod status', ['podIsTerminal', 'pod'], 3, 'kubelet_pods.go', { '1.28': 1655 }, { from: 28 }),
  ],
  // ---- pod sync functions (kubelet.go, 1.22+) ----------------------------------------------------------------------
  'sync.pod-enter': [
    S('M23', 'syncPod enter', REF, 4, 'kubelet.go', { '1.23': 1554 }, { from: 22, to: 26 }),
    S('M23', 'SyncPod enter', REF, 4, 'kubelet.go', { '1.28': 1695 }, { from: 27 }),
  ],
  'sync.pod-exit': [
    S('M23x', 'syncPod exit', [...REF, 'isTerminal'], 4, 'kubelet.go', { '1.23': 1556 }, { from: 22, to: 26 }),
    S('M23x', 'SyncPod exit', [...REF, 'isTerminal'], 4, 'kubelet.go', { '1.28': 1697 }, { from: 27 }),
  ],
  'sync.terminating-enter': [
    S('M24', 'syncTerminatingPod enter', REF, 4, 'kubelet.go', { '1.23': 1795 }, { from: 22, to: 26 }),
    S('M24', 'SyncTerminatingPod enter', REF, 4, 'kubelet.go', { '1.28': 1980 }, { from: 27 }),
  ],
  'sync.terminating-exit': [
    S('M24x', 'syncTerminatingPod exit', REF, 4, 'kubelet.go', { '1.23': 1812 }, { from: 22, to: 26 }),
    S('M24x', 'SyncTerminatingPod exit', REF, 4, 'kubelet.go', { '1.28': 1982 }, { from: 27 }),
  ],
  'sync.terminating-grace': [S('M25', 'Pod terminating with grace period', [...REF, 'gracePeriod'], 4, 'kubelet.go', { '1.23': 1804, '1.28': 1990 }, { from: 22 })],
  'sync.stopped-all': [S('M26', 'Pod termination stopped all running containers', REF, 4, 'kubelet.go', { '1.23': 1873, '1.28': 2064 }, { from: 22 })],
  'sync.stopped-all-orphan': [
    S('M28o', 'Pod termination stopped all running orphan containers', REF, 4, 'kubelet.go', { '1.23': 1814 }, { from: 22, to: 26 }),
    S('M28s', 'Pod termination stopped all running orphaned containers', REF, 4, 'kubelet.go', { '1.28': 2094 }, { from: 27 }),
  ],
  'sync.runtime-pod-enter': [S('M28', 'SyncTerminatingRuntimePod enter', REF, 4, 'kubelet.go', { '1.28': 2081 }, { from: 27 })],
  'sync.terminated-enter': [
    S('M29', 'syncTerminatedPod enter', REF, 4, 'kubelet.go', { '1.23': 1883 }, { from: 22, to: 26 }),
    S('M29', 'SyncTerminatedPod enter', REF, 4, 'kubelet.go', { '1.28': 2115 }, { from: 27 }),
  ],
  'sync.terminated-exit': [
    S('M29x', 'syncTerminatedPod exit', REF, 4, 'kubelet.go', { '1.23': 1924 }, { from: 22, to: 26 }),
    S('M29x', 'SyncTerminatedPod exit', REF, 4, 'kubelet.go', { '1.28': 2117 }, { from: 27 }),
  ],
  'sync.unmounted': [S('M30', 'Pod termination unmounted volumes', REF, 4, 'kubelet.go', { '1.23': 1896, '1.28': 2129 }, { from: 22 })],
  'sync.cgroups-removed': [S('M30', 'Pod termination removed cgroups', REF, 4, 'kubelet.go', { '1.23': 1917, '1.28': 2143 }, { from: 22 })],
  'sync.no-more-status': [S('M32', 'Pod is terminated and will need no more status updates', REF, 4, 'kubelet.go', { '1.23': 1922, '1.28': 2172 }, { from: 22 })],
  // ---- pod workers (pod_workers.go) ---------------------------------------------------------------------------------
  'pw.sync-error': [
    P('M43', 'Error syncing pod %s{podUID} (%q{pod}), skipping: %v{err}', 0, 'pod_workers.go', { '1.7': 182, '1.9': 182, '1.12': 186 }, { sev: 'E', to: 21 }),
    S('M44', 'Error syncing pod, skipping', ['err', ...REF], 0, 'pod_workers.go', { '1.23': 951, '1.28': 1300 }, { sev: 'E', from: 22 }),
  ],
  'pw.first-sync': [
    S('M45', 'Pod is being synced for the first time', REF, 4, 'pod_workers.go', { '1.23': 571 }, { from: 22, to: 27 }),
    S('M45', 'Pod is being synced for the first time', [...REF, 'updateType'], 4, 'pod_workers.go', { '1.28': 770 }, { from: 28 }),
  ],
  'pw.teardown-deleted': [S('M46', 'Pod is marked for graceful deletion, begin teardown', REF, 4, 'pod_workers.go', { '1.23': 625, '1.28': 856 }, { from: 22 })],
  'pw.teardown-terminal': [S('M47', 'Pod is in a terminal phase (success/failed), begin teardown', REF, 4, 'pod_workers.go', { '1.23': 630, '1.28': 861 }, { from: 22 })],
  'pw.teardown-removed': [S('M49', 'Pod is being removed by the kubelet, begin teardown', REF, 4, 'pod_workers.go', { '1.23': 638, '1.28': 869 }, { from: 22 })],
  'pw.teardown-orphaned': [S('M50', 'Pod is orphaned and must be torn down', REF, 4, 'pod_workers.go', { '1.23': 620, '1.28': 851 }, { from: 22 })],
  'pw.restart-requested': [S('M51', 'Pod is terminating but has been requested to restart with same UID, will be reconciled later', REF, 4, 'pod_workers.go', { '1.23': 604, '1.28': 835 }, { from: 22 })],
  'pw.finished-ignored': [S('M52', 'Pod is finished processing, no further updates', REF, 4, 'pod_workers.go', { '1.23': 611, '1.28': 842 }, { from: 22 })],
  'pw.pending-update': [S('M53', 'Notifying pod of pending update', [...REF, 'workType'], 4, 'pod_workers.go', { '1.28': 965 }, { from: 27 })],
  'pw.cancel-sync': [
    S('M54', 'Cancelling current pod sync', [...REF, 'updateType'], 3, 'pod_workers.go', { '1.23': 761 }, { from: 22, to: 26 }),
    S('M54', 'Cancelling current pod sync', [...REF, 'workType'], 3, 'pod_workers.go', { '1.28': 972 }, { from: 27 }),
  ],
  'pw.never-started': [
    S('M56', 'Pod never started and the worker can now stop', REF, 4, 'pod_workers.go', { '1.23': 1131 }, { from: 22, to: 26 }),
    S('M56', 'Pod cannot start ever', [...REF, 'updateType'], 4, 'pod_workers.go', { '1.28': 1170 }, { from: 27 }),
  ],
  'pw.work': [S('M57', 'Processing pod event', [...REF, 'updateType'], 4, 'pod_workers.go', { '1.23': 888, '1.28': 1232 }, { from: 22 })],
  'pw.work-done': [S('M58', 'Processing pod event done', [...REF, 'updateType'], 4, 'pod_workers.go', { '1.23': 988, '1.28': 1308 }, { from: 22 })],
  'pw.sync-cancelled': [S('M59', 'Sync exited with context cancellation error', [...REF, 'updateType'], 2, 'pod_workers.go', { '1.23': 947, '1.28': 1296 }, { from: 22 })],
  'pw.terminal': [S('M60', 'Pod indicated lifecycle completed naturally and should now terminate', REF, 4, 'pod_workers.go', { '1.23': 1023, '1.28': 1372 }, { from: 22 })],
  'pw.observed-terminate': [S('M61', 'Pod worker has observed request to terminate', REF, 4, 'pod_workers.go', { '1.23': 1005, '1.28': 1354 }, { from: 22 })],
  'pw.terminated': [S('M62', 'Pod terminated all containers successfully', REF, 4, 'pod_workers.go', { '1.23': 1050, '1.28': 1401 }, { from: 22 })],
  'pw.orphan-terminated': [S('M63', 'Pod terminated all orphaned containers successfully and worker can now stop', REF, 4, 'pod_workers.go', { '1.23': 1081, '1.28': 1432 }, { from: 22 })],
  'pw.complete': [S('M64', 'Pod is complete and the worker can now stop', REF, 4, 'pod_workers.go', { '1.23': 1105, '1.28': 1462 }, { from: 22 })],
  'pw.stopped': [S('M65', 'Pod worker has stopped', ['podUID'], 3, 'pod_workers.go', { '1.28': 951 }, { from: 27 })],
  'pw.requeue': [S('M66', 'Requeueing pod due to pending update', [...REF, 'workType'], 4, 'pod_workers.go', { '1.28': 1510 }, { from: 27 })],
  'pw.removal-not-terminated': [S('M67', 'Pod worker has been requested for removal but is still not fully terminated', ['podUID'], 4, 'pod_workers.go', { '1.23': 1251, '1.28': 1595 }, { from: 22 })],
  'pw.forgotten': [S('M69', 'Pod has been terminated and is no longer known to the kubelet, remove all history', ['podUID'], 4, 'pod_workers.go', { '1.23': 1258, '1.28': 1636 }, { from: 22 })],
  'pw.orphan-still-running': [S('M68', 'Pod is orphaned and still running, began terminating', ['podUID'], 4, 'pod_workers.go', { '1.28': 1621 }, { from: 27 })],
  'pw.orphan-still-terminating': [S('M68', 'Pod is orphaned and still terminating, notified the pod worker', ['podUID'], 4, 'pod_workers.go', { '1.28': 1628 }, { from: 27 })],
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
    S('M105', 'No sandbox for pod can be found. Need to start a new one', ['pod'], 2, 'kuberuntime_manager.go', { '1.23': 487, '1.28': 53 }),
  ],
  'runtime.no-ready-sandbox': [
    P('M105', 'No ready sandbox for pod %q{pod} can be found. Need to start a new one', 2, 'kuberuntime_manager.go', { '1.12': 408 }),
    S('M105', 'No ready sandbox for pod can be found. Need to start a new one', ['pod'], 2, 'kuberuntime_manager.go', { '1.23': 499, '1.28': 64 }),
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
  'runtime.kill-override': [S('M109o', 'Killing container with a grace period override', [...REF, 'containerName', 'containerID', 'gracePeriod'], 3, 'kuberuntime_container.go', { '1.23': 719, '1.28': 741 }, { from: 22 })],
  'runtime.prestop': [
    P('X07', 'Running preStop hook for container %q{containerID}', 3, 'kuberuntime_container.go', { '1.12': 460, '1.12-custom': 466 }),
    S('X07', 'Running preStop hook', [...REF, 'containerName', 'containerID'], 3, 'kuberuntime_container.go', { '1.23': 621, '1.28': 643 }),
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
    S('X09', 'StopContainer from runtime service failed', ['err', 'containerID'], 0, 'remote_runtime.go', { '1.23': 479, '1.28': 361 }, { sev: 'E' }),
  ],
  'runtime.stop-sandbox-failed': [
    P('X09', 'StopPodSandbox %q{podSandboxID} from runtime service failed: %v{err}', 0, 'remote_runtime.go', { '1.12': 113 }, { sev: 'E' }),
    S('X09', 'StopPodSandbox from runtime service failed', ['err', 'podSandboxID'], 0, 'remote_runtime.go', { '1.23': 194, '1.28': 176 }, { sev: 'E' }),
  ],
  'runtime.list-failed': [
    P('X09', 'ListPodSandbox with filter %v from runtime service failed: %v{err}', 0, 'remote_runtime.go', { '1.12': 166 }, { sev: 'E' }),
    S('X09', 'ListPodSandbox with filter from runtime service failed', ['err', 'filter'], 0, 'remote_runtime.go', { '1.23': 365, '1.28': 299 }, { sev: 'E' }),
  ],
  'runtime.list-sandboxes-failed': [S('X09', 'Failed to list pod sandboxes', ['err'], 0, 'kuberuntime_sandbox.go', { '1.23': 292, '1.28': 294 }, { sev: 'E' })],
  'runtime.remove-container': [S('X10', 'Removing container', ['containerID'], 4, 'kuberuntime_container.go', { '1.23': 947, '1.28': 987 }, { from: 22 })],
  'gc.remove-sandbox': [
    P('M111', 'Removing sandbox %q{podSandboxID}', 4, 'kuberuntime_gc.go', { '1.12': 148 }),
    S('M111', 'Removing sandbox', ['sandboxID'], 4, 'kuberuntime_gc.go', { '1.23': 171, '1.28': 175 }),
  ],
  'gc.failed': [
    P('X11', 'Container garbage collection failed: %v{err}', 0, 'kubelet.go', { '1.12': 1311 }, { sev: 'E' }),
    S('X11', 'Container garbage collection failed', ['err'], 0, 'kubelet.go', { '1.23': 1329, '1.28': 1452 }, { sev: 'E' }),
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
    S('X06', 'PLEG: Ignoring events for pod', ['pod', 'err'], 4, 'generic.go', { '1.23': 266, '1.28': 303 }),
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
  'status.termination-finished': [S('M89', 'The pod termination is finished as SyncTerminatedPod completes its execution', ['phase', 'localPhase', ...REF], 3, 'status_manager.go', { '1.28': 944 }, { from: 27 })],
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
    S('X03', 'No status for pod', ['pod'], 3, 'worker.go', { '1.23': 200, '1.28': 218 }),
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
  'node.registering': [
    P('X14', 'Attempting to register node %v{node}', 0, 'kubelet_node_status.go', { '1.12': 71 }),
    S('X14', 'Attempting to register node', ['node'], 0, 'kubelet_node_status.go', { '1.23': 72, '1.28': 76 }),
  ],
  'node.registered': [
    P('X14', 'Successfully registered node %v{node}', 0, 'kubelet_node_status.go', { '1.12': 74 }),
    S('X14', 'Successfully registered node', ['node'], 0, 'kubelet_node_status.go', { '1.23': 75, '1.28': 79 }),
  ],
  'runtime.sanity-failed': [
    P('M42', 'Container runtime sanity check failed: %v{err}', 0, 'kubelet.go', { '1.12': 2154 }, { sev: 'E' }),
    S('M42', 'Container runtime sanity check failed', ['err'], 0, 'kubelet.go', { '1.23': 2380, '1.28': 2840 }, { sev: 'E' }),
  ],
  'admit.running-on-node': [P('S07', 'pod %s{pod} is running on local node, just admit it.', 0, 'predicate.go', { '1.12-custom': 80 })],
  'admit.rejected': [
    P('M112', 'Failed to admit pod %v{pod} - %s{message}', 0, 'predicate.go', { '1.12': 75 }, { sev: 'W' }),
    S('M112', 'Failed to admit pod', ['pod', 'message'], 0, 'predicate.go', { '1.23': 81, '1.28': 83 }),
  ],
  event: [
    P('M70', "Event(%v{involvedObject}): type: '%v{type}' reason: '%v{reason}' %v{message}", 3, 'event.go', { '1.7': 218, '1.9': 218, '1.12': 221, '1.12-custom': 221 }, { to: 19 }),
    S('M70', 'Event occurred', ['object', 'kind', 'apiVersion', 'type', 'reason', 'message'], 3, 'event.go', { '1.23': 294 }, { from: 20, to: 25 }),
    S('M70', 'Event occurred', ['object', 'fieldPath', 'kind', 'apiVersion', 'type', 'reason', 'message'], 3, 'event.go', { '1.28': 307 }, { from: 26 }),
  ],
};

/** The variant of a call site a kubelet of this minor version prints, or undefined if it has none. */
export function resolveSite(site: string, minor: number): SiteVariant | undefined {
  const variants = SITES[site];
  if (!variants) throw new Error(`unknown log site ${site}`);
  for (const v of variants) if (minor >= v.from && minor <= v.to) return v;
  return undefined;
}
