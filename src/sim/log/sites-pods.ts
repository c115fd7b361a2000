/** Call sites of the sync loop, housekeeping, the pod sync functions and the pod workers (kubelet.go, kubelet_pods.go, pod_workers.go). */
import { P, REF, S, type SiteVariant } from './site-types.ts';

export const POD_SITES: Record<string, readonly SiteVariant[]> = {
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
  // 1.12: syncLoopIteration's liveness case, between the SYNC (1947) and housekeeping (1968) lines whose numbers are
  // known; the line is counted from the upstream layout of that case.
  'syncloop.container-unhealthy': [P('M15', 'SyncLoop (container unhealthy): %q{pod}', 1, 'kubelet.go', { '1.12': 1961 })],
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
  'housekeeping.list-failed': [S('X09v', 'Error listing containers', ['err'], 0, 'kubelet_pods.go', { '1.23': 1156, '1.28': 1090 }, { sev: 'E' })],
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
    S('M24x', 'SyncTerminatingPod exit', REF, 4, 'kubelet.go', { '1.28': 1981 }, { from: 27 }),
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
    S('M29x', 'SyncTerminatedPod exit', REF, 4, 'kubelet.go', { '1.28': 2116 }, { from: 27 }),
  ],
  'sync.unmounted': [S('M30', 'Pod termination unmounted volumes', REF, 4, 'kubelet.go', { '1.23': 1896, '1.28': 2129 }, { from: 22 })],
  'sync.cgroups-removed': [S('M30', 'Pod termination removed cgroups', REF, 4, 'kubelet.go', { '1.23': 1917, '1.28': 2165 }, { from: 22 })],
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
};
