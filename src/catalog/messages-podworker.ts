/** Pod workers (pod_workers.go) and the pod sync functions (kubelet.go) — kubelet-reference §2, §4.2, §4.3. */
import type { CatalogEntry } from './entry.ts';

/** "Processing pod event" carries the work type: an integer ≤1.26, a name 1.27+. */
const WORK_TYPES = {
  '0': 'pw.work-sync', '1': 'pw.work-terminating', '2': 'pw.work-terminated',
  sync: 'pw.work-sync', terminating: 'pw.work-terminating', terminated: 'pw.work-terminated',
};

/**
 * A sync error about one container (`failed to "StartContainer" for "app" with CrashLoopBackOff: …`) names it; a
 * list of failures (`[failed to …, failed to …]`) or one about the sandbox names none.
 */
const SYNC_ERROR_CONTAINER = {
  field: 'err',
  printf: [
    'failed to "StartContainer" for %q{containerName} with %s', 'failed to "KillContainer" for %q{containerName} with %s',
    // A failed kill of the whole pod (before 1.22) lists its containers' errors, which quote the container killed.
    'error killing pod: [failed to "KillContainer" for %q{containerName} with KillContainerError: "%s container \\"%s{containerID}\\"%s',
    'error killing pod: [failed to "KillContainer" for %q{containerName} with %s',
  ],
};

export const POD_WORKER_MESSAGES: CatalogEntry[] = [
  {
    id: 'M43', kind: 'pw.sync-error', lane: 'pod-worker', versions: '1.12–1.21', v: 0,
    printf: ['Error syncing pod %s{podUID} (%q{pod}), skipping: %v{err}', 'Error syncing pod %s{podUID}, skipping: %v{err}'], text: ['err'],
    inner: SYNC_ERROR_CONTAINER,
    explain: 'The pod sync returned an error; the pod worker retries after a back-off (10–15 s, or 1 s for network-not-ready).',
  },
  {
    id: 'M44', kind: 'pw.sync-error', lane: 'pod-worker', versions: '1.21+', v: 0,
    msg: ['Error syncing pod, skipping'], text: ['err'], inner: SYNC_ERROR_CONTAINER,
    explain: 'The pod sync returned an error; the pod worker stays in its state and retries after a back-off.',
  },
  {
    id: 'M45', kind: 'pw.first-sync', lane: 'pod-worker', versions: '1.22+ (updateType from 1.28)', v: 4,
    msg: ['Pod is being synced for the first time'], text: ['updateType'],
    explain: 'A pod worker is created for a UID it has not seen (T1): the pod starts in the sync state.',
  },
  {
    id: 'M46', kind: 'pw.teardown-deleted', lane: 'pod-worker', versions: '1.22+', v: 4,
    msg: ['Pod is marked for graceful deletion, begin teardown'],
    explain: 'The update carries a deletion timestamp (T5): the pod worker moves to terminating.',
  },
  {
    id: 'M47', kind: 'pw.teardown-terminal', lane: 'pod-worker', versions: '1.22+', v: 4,
    msg: ['Pod is in a terminal phase (success/failed), begin teardown'],
    explain: 'The config says the pod phase is Succeeded or Failed (T6): the pod worker moves to terminating.',
  },
  {
    id: 'M48', kind: 'pw.teardown-evicted', lane: 'pod-worker', versions: '1.22+', v: 4,
    msg: ['Pod is being evicted by the kubelet, begin teardown'],
    explain: 'The eviction manager or node shutdown asked to kill the pod (T7): terminating, marked evicted.',
  },
  {
    id: 'M49', kind: 'pw.teardown-removed', lane: 'pod-worker', versions: '1.22+', v: 4,
    msg: ['Pod is being removed by the kubelet, begin teardown'],
    explain: 'The kubelet itself asked to kill the pod — REMOVE, preemption or housekeeping (T8): terminating.',
  },
  {
    id: 'M50', kind: 'pw.teardown-orphaned', lane: 'pod-worker', versions: '1.22+', v: 4,
    msg: ['Pod is orphaned and must be torn down'],
    explain: 'Housekeeping found the pod only in the runtime, with no config (T9): a worker is made to tear it down.',
  },
  {
    id: 'M51', kind: 'pw.restart-requested', lane: 'pod-worker', versions: '1.22+', v: 4,
    msg: ['Pod is terminating but has been requested to restart with same UID, will be reconciled later'],
    explain: 'A create arrived for a UID that is still terminating (T16); it will be restarted once termination ends.',
  },
  {
    id: 'M52', kind: 'pw.finished-ignored', lane: 'pod-worker', versions: '1.22+', v: 4,
    msg: ['Pod is finished processing, no further updates'],
    explain: 'The pod worker already finished this UID (T17); the update is ignored.',
  },
  {
    id: 'M53', kind: 'pw.pending-update', lane: 'pod-worker', versions: '1.27+', v: 4,
    msg: ['Notifying pod of pending update'], text: ['workType'],
    explain: 'An update is stored as pending and the pod worker goroutine is woken to pick it up.',
  },
  {
    id: 'M54', kind: 'pw.cancel-sync', lane: 'pod-worker', versions: '1.22+', v: 3,
    msg: ['Cancelling current pod sync'], text: ['workType', 'updateType'],
    explain: 'Termination was requested while a sync was running (T10): its context is cancelled.',
  },
  {
    id: 'M55', kind: 'pw.cannot-start-yet', lane: 'pod-worker', versions: '1.22+', v: 4,
    msg: ['Pod cannot start yet'],
    explain: 'Another static pod with the same full name is still running (T3); this one waits.',
  },
  {
    id: 'M56', kind: 'pw.never-started', lane: 'pod-worker', versions: '1.22+', v: 4,
    msg: ['Pod never started and the worker can now stop', 'Pod cannot start ever'], text: ['updateType'],
    explain: 'Termination was requested before the pod ever started (T4): the worker finishes without running it.',
  },
  {
    id: 'M57', kind: 'pw.work', lane: 'pod-worker', versions: '1.22+', v: 4,
    msg: ['Processing pod event'], text: ['updateType'], refine: { field: 'updateType', map: WORK_TYPES },
    explain: 'The pod worker goroutine starts a work item; the work type (sync / terminating / terminated) is its state.',
  },
  {
    id: 'M58', kind: 'pw.work-done', lane: 'pod-worker', versions: '1.22+', v: 4,
    msg: ['Processing pod event done'], text: ['updateType'],
    explain: 'The pod worker goroutine finished a work item.',
  },
  {
    id: 'M59', kind: 'pw.sync-cancelled', lane: 'pod-worker', versions: '1.22+', v: 2,
    msg: ['Sync exited with context cancellation error'], text: ['updateType'],
    explain: 'A running sync stopped because termination cancelled its context (T10).',
  },
  {
    id: 'M60', kind: 'pw.terminal', lane: 'pod-worker', versions: '1.22+', v: 4,
    msg: ['Pod is terminal', 'Pod indicated lifecycle completed naturally and should now terminate'],
    explain: 'All containers exited and the restart policy forbids restarts (T11): the pod moves to terminating.',
  },
  {
    id: 'M61', kind: 'pw.observed-terminate', lane: 'pod-worker', versions: '1.22+', v: 4,
    msg: ['Pod worker has observed request to terminate'],
    explain: 'The pod worker goroutine picked up the termination request (T12): no new containers will start.',
  },
  {
    id: 'M62', kind: 'pw.terminated', lane: 'pod-worker', versions: '1.22+', v: 4,
    msg: ['Pod terminated all containers successfully'],
    explain: 'The terminating sync stopped every container (T13): the pod worker moves to terminated.',
  },
  {
    id: 'M63', kind: 'pw.orphan-terminated', lane: 'pod-worker', versions: '1.22+', v: 4,
    msg: ['Pod terminated all orphaned containers successfully and worker can now stop'],
    explain: 'A runtime-only (orphaned) pod was killed (T14): the worker finishes.',
  },
  {
    id: 'M64', kind: 'pw.complete', lane: 'pod-worker', versions: '1.22+', v: 4,
    msg: ['Pod is complete and the worker can now stop'],
    explain: 'The terminated sync finished cleanup (T15): the pod worker is finished and its goroutine exits.',
  },
  {
    id: 'M65', kind: 'pw.stopped', lane: 'pod-worker', versions: '1.27+', v: 3,
    msg: ['Pod worker has stopped'],
    explain: 'The pod worker goroutine exited.',
  },
  {
    id: 'M66', kind: 'pw.requeue', lane: 'pod-worker', versions: '1.27+', v: 4,
    msg: ['Requeueing pod due to pending update', 'Requeuing pod due to pending update', 'Pending update already queued'],
    explain: 'Another update arrived during the sync; the worker runs again straight away.',
  },
  {
    id: 'M67', kind: 'pw.removal-not-terminated', lane: 'housekeeping', versions: '1.22+', v: 4,
    msg: ['Pod worker has been requested for removal but is still not fully terminated'],
    explain: 'Housekeeping wants to forget this pod worker, but it has not finished terminating (T20), so it stays — and so does everything keyed off it (sandbox GC, volumes).',
  },
  {
    id: 'M68', kind: 'pw.orphan-housekeeping', lane: 'housekeeping', versions: '1.27+', v: 4,
    msg: ['Pod is orphaned and has not been started', 'Pod is orphaned and still running, began terminating',
      'Pod is orphaned and still terminating, notified the pod worker'],
    explain: 'Housekeeping handles a pod worker whose pod is gone from the config (T21–T23).',
  },
  {
    id: 'M69', kind: 'pw.forgotten', lane: 'housekeeping', versions: '1.22+', v: 4,
    msg: ['Pod has been terminated and is no longer known to the kubelet, remove all history',
      'Pod has been terminated but another pod with the same UID was created, remove history to allow restart'],
    explain: 'Housekeeping forgets a finished pod worker (T19); a later update for this UID would create a new worker.',
  },
  {
    id: 'M23', kind: 'sync.pod-enter', lane: 'pod-worker', versions: '1.22+', v: 4,
    msg: ['syncPod enter', 'SyncPod enter'],
    explain: 'The setup sync starts: generate status, admit softly, create sandbox and containers.',
  },
  {
    id: 'M23x', kind: 'sync.pod-exit', lane: 'pod-worker', versions: '1.22+', v: 4,
    msg: ['syncPod exit', 'SyncPod exit'], text: ['isTerminal'],
    explain: 'The setup sync returned.',
  },
  {
    id: 'M24', kind: 'sync.terminating-enter', lane: 'pod-worker', versions: '1.22+', v: 4,
    msg: ['syncTerminatingPod enter', 'SyncTerminatingPod enter'],
    explain: 'The terminating sync starts: stop probes, kill every container with the grace period.',
  },
  {
    id: 'M24x', kind: 'sync.terminating-exit', lane: 'pod-worker', versions: '1.22+', v: 4,
    msg: ['syncTerminatingPod exit', 'SyncTerminatingPod exit'],
    explain: 'The terminating sync returned (successfully only if "Pod terminated all containers successfully" follows).',
  },
  {
    id: 'M25', kind: 'sync.grace', lane: 'pod-worker', versions: '1.22+', v: 4,
    msg: ['Pod terminating with grace period'], num: 'gracePeriod',
    explain: 'The effective grace period for this termination was chosen.',
  },
  {
    id: 'M26', kind: 'sync.stopped-all', lane: 'pod-worker', versions: '1.22+', v: 4,
    msg: ['Pod termination stopped all running containers'],
    explain: 'Every container of the pod has been stopped.',
  },
  {
    id: 'M28o', kind: 'sync.stopped-all-orphan', lane: 'pod-worker', versions: '1.22–1.26', v: 4,
    msg: ['Pod termination stopped all running orphan containers'],
    explain: 'Every container of a pod known only from the runtime (orphaned) has been stopped.',
  },
  {
    id: 'M28s', kind: 'sync.stopped-all-orphan', lane: 'pod-worker', versions: '1.28 (maybe 1.27)+', v: 4,
    msg: ['Pod termination stopped all running orphaned containers'],
    explain: 'Every container of a pod known only from the runtime (orphaned) has been stopped.',
  },
  {
    id: 'M27', kind: 'sync.post-termination', lane: 'pod-worker', versions: '1.22+', v: 4,
    msg: ['Post-termination container state'], text: ['containers'],
    explain: 'The exit state of each container after the kill.',
  },
  {
    id: 'M28', kind: 'sync.terminating-runtime-enter', lane: 'pod-worker', versions: '1.28 (maybe 1.27)+', v: 4,
    msg: ['SyncTerminatingRuntimePod enter', 'Orphaned running pod terminating without grace period'],
    explain: 'A pod known only from the runtime is being killed without a grace period.',
  },
  {
    id: 'M29', kind: 'sync.terminated-enter', lane: 'pod-worker', versions: '1.22+', v: 4,
    msg: ['syncTerminatedPod enter', 'SyncTerminatedPod enter'],
    explain: 'The terminated sync starts: wait for volumes to unmount, release resources, final status.',
  },
  {
    id: 'M29x', kind: 'sync.terminated-exit', lane: 'pod-worker', versions: '1.22+', v: 4,
    msg: ['syncTerminatedPod exit', 'SyncTerminatedPod exit'],
    explain: 'The terminated sync returned.',
  },
  {
    id: 'M30', kind: 'sync.cleanup-step', lane: 'pod-worker', versions: '1.22+', v: 4,
    msg: ['Pod termination unmounted volumes', 'Pod termination removed cgroups'],
    explain: 'A cleanup step of the terminated sync finished.',
  },
  {
    id: 'M30b', kind: 'sync.cleanup-step', lane: 'pod-worker', versions: '1.28+', v: 4,
    msg: ['Pod termination cleaned up volume paths'],
    explain: 'The terminated sync removed the pod\'s volume directories.',
  },
  {
    // The pod container manager's Destroy: from the terminated sync (1.22+) or housekeeping's orphaned-cgroup cleanup.
    // The cgroup name is a list (["kubepods","burstable","pod<uid>"]): the pod is read from it.
    id: 'X230', kind: 'cm.pod-cgroup-delete-failed', lane: 'pod-worker', versions: '1.21+', v: 0,
    msg: ['Failed to delete cgroup paths'],
    text: ['err'],
    explain: 'The kubelet could not remove the pod\'s cgroup: a process is still in it (the runtime left one behind) or the cgroup filesystem refused. The terminated pod\'s cleanup is retried, and the pod is not finished until it succeeds.',
  },
  {
    // SyncPod asks the DRA manager to prepare the pod's resource claims before it creates the sandbox.
    id: 'X232', kind: 'dra.prepare-failed', lane: 'pod-worker', versions: '1.27+', v: 0,
    msg: ['Failed to prepare dynamic resources'],
    text: ['err'],
    explain: 'The kubelet could not prepare the pod\'s dynamic resources (its ResourceClaims, through their DRA drivers): SyncPod stops before the sandbox, so the pod stays ContainerCreating and the sync is retried.',
  },
  {
    // runc's libcontainer inside the kubelet, logging through logrus as it removes each hierarchy's cgroup: its error
    // says why (`rmdir …/kubepods-pod<uid>.slice/…scope: device or resource busy`).
    id: 'X231', kind: 'cm.pod-cgroup-delete-failed', lane: 'pod-worker', versions: 'all (logrus lines of runc\'s libcontainer)', v: 0,
    // (Newer runc, which retries the removal, says so: "Failed to remove cgroup (will retry)".)
    msg: ['Failed to remove cgroup', 'Failed to remove cgroup (will retry)'],
    text: ['error'],
    explain: 'The cgroup library of runc (libcontainer), inside the kubelet, could not remove one of a cgroup\'s directories; "device or resource busy" means a process is still in it.',
  },
  {
    id: 'M31', kind: 'sync.volumes-pending', lane: 'pod-worker', versions: 'all', v: 3,
    msg: ['Pod is terminated, but some volumes have not been cleaned up'],
    printf: ['Pod %q{pod} is terminated, but some volumes have not been cleaned up'],
    explain: 'The pod is terminated but its volumes are still mounted, so its final deletion waits.',
  },
  {
    id: 'S31b', kind: 'sync.containers-pending', lane: 'status-manager', versions: '1.22–1.26', v: 4,
    msg: ['Pod is terminated, but some containers are still running'],
    explain: 'The status manager will not send the final delete yet: containers of the pod still run.',
  },
  {
    id: 'M32', kind: 'sync.no-more-status', lane: 'pod-worker', versions: '1.22+', v: 4,
    msg: ['Pod is terminated and will need no more status updates'],
    explain: 'TerminatePod was called: the status manager writes the final status (T15).',
  },
  {
    id: 'M33', kind: 'sync.deleted-must-kill', lane: 'sync-loop', versions: '1.22+', v: 3,
    msg: ['Pod has been deleted and must be killed'],
    explain: 'REMOVE from the config: the sync loop asks the pod worker to kill the pod (SyncPodKill).',
  },
  {
    id: 'M34', kind: 'sync.delete-failed', lane: 'sync-loop', versions: 'all', v: 2,
    msg: ['Failed to delete pod'], printf: ['Failed to delete pod %q{pod}, err: %v{err}', 'Failed killing the pod %q{pod}, err: %v{err}'], text: ['err'],
    explain: 'The kubelet refused to delete the pod, for example because not every config source has reported yet.',
  },
  {
    id: 'M35', kind: 'sync.first-seen-missing', lane: 'pod-worker', versions: 'all', v: 3,
    msg: ['First seen time not recorded for pod'], printf: ['First seen time not recorded for pod %q{pod}'],
    explain: 'The pod has no config.seen annotation, so start latency metrics are skipped.',
  },
  {
    id: 'M36', kind: 'sync.not-runnable', lane: 'pod-worker', versions: '1.22–1.29', v: 2,
    msg: ['Pod is not runnable and must have running containers stopped'], text: ['message'],
    explain: 'Soft admission failed (AppArmor, NoNewPrivs…): running containers are stopped, the pod shows Blocked.',
  },
  {
    id: 'M37', kind: 'sync.mount-failed', lane: 'pod-worker', versions: 'all', v: 0,
    msg: ['Unable to attach or mount volumes for pod; skipping pod'],
    printf: ['Unable to mount volumes for pod %q{pod}: %v{err}; skipping pod',
      'Unable to attach or mount volumes for pod %q{pod}: %v{err}; skipping pod',
      // 1.8–1.9 printed it without the last words.
      'Unable to mount volumes for pod %q{pod}: %v{err}'], text: ['err'],
    explain: 'Volumes were not attached/mounted in time (2m3s wait); the sync is retried with back-off.',
  },
  {
    id: 'M38', kind: 'sync.mirror-create', lane: 'pod-worker', versions: 'all (V4 up to 1.2x, unconditional from 1.28)', v: 4,
    msg: ['Creating a mirror pod for static pod'], printf: ['Creating a mirror pod for static pod %q{pod}'],
    explain: 'A mirror pod is created in the API for this static pod.',
  },
  {
    id: 'M39', kind: 'sync.mirror-outdated', lane: 'pod-worker', versions: 'all', v: 0,
    msg: ['Deleted mirror pod because it is outdated', "Deleted mirror pod as it didn't match the static Pod", 'Trying to delete pod'],
    printf: ['Deleting mirror pod %q{pod} because it is outdated'],
    explain: 'The mirror pod did not match its static pod (or is being deleted) and is deleted, to be created again.',
  },
  {
    id: 'X137', kind: 'sync.mirror-delete-failed', lane: 'pod-worker', versions: '1.21+', v: 0,
    msg: ['Failed deleting a mirror pod'], text: ['err'],
    explain: 'SyncPod of a static pod could not delete its outdated mirror pod in the API (often: the API server is unreachable, as when the static pod is the API server itself); the static pod itself runs on.',
  },
  {
    id: 'X80', kind: 'sync.mirror-create-failed', lane: 'pod-worker', versions: 'all', v: 0,
    // Up to 1.1 without "for", the pod as name_namespace with no UID; 1.28+ structured without "for" again.
    msg: ['Failed creating a mirror pod for', 'Failed creating a mirror pod'], printf: ['Failed creating a mirror pod for %q{pod}: %v{err}', 'Failed creating a mirror pod %q{pod}: %v{err}'], text: ['err'],
    explain: 'SyncPod of a static pod could not create its mirror pod in the API (already exists, or the API server is unreachable); the static pod itself runs on.',
  },
  {
    id: 'M71', kind: 'sync.generating-status', lane: 'pod-worker', versions: 'all', v: 3,
    msg: ['Generating pod status'], printf: ['Generating status for %q{pod}'], text: ['podIsTerminal'],
    explain: 'The pod worker computes the API status; container readiness is read from the probe manager here.',
  },
  {
    id: 'M72', kind: 'sync.illegal-phase', lane: 'pod-worker', versions: 'all', v: 0,
    msg: ['Pod attempted illegal phase transition'],
    printf: ['Pod attempted illegal phase transition from %s{originalStatusPhase} to %s{apiStatusPhase}: %v'],
    text: ['apiStatusPhase'],
    explain: 'The kubelet refused to move a pod out of a terminal phase.',
  },
];
