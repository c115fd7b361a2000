/** Sync loop, config ops and housekeeping (kubelet-reference §4.1, §4.4). */
import type { CatalogEntry } from './entry.ts';

const PLEG_TYPES = {
  ContainerStarted: 'pleg.container-started',
  ContainerDied: 'pleg.container-died',
  ContainerRemoved: 'pleg.container-removed',
  ContainerChanged: 'pleg.container-changed',
  PodSync: 'pleg.pod-sync',
  ConditionMet: 'pleg.condition-met',
};

export const SYNC_LOOP_MESSAGES: CatalogEntry[] = [
  {
    // dispatchWork before the pod worker rewrite (kubernetes/kubernetes#92613 quotes it).
    id: 'X218', kind: 'syncloop.work-after-completion', lane: 'sync-loop', versions: '≤1.21', v: 4,
    // (≤1.16: "is terminated"; kubernetes/kubernetes#77870 quotes it.)
    printf: ['Pod %q{pod} has completed, ignoring remaining sync work: %s{syncType}', 'Pod %q{pod} is terminated, ignoring remaining sync work: %s{syncType}'],
    text: ['syncType'],
    explain: 'The sync loop had work for a pod whose containers have all finished (phase Succeeded or Failed): it hands none to the pod worker, so nothing of the pod is started again.',
  },
  {
    id: 'M01', kind: 'syncloop.start', lane: 'sync-loop', versions: 'all', v: 0,
    msg: ['Starting kubelet main sync loop'], printf: ['Starting kubelet main sync loop.'],
    explain: 'The kubelet entered its main sync loop: this is a kubelet (re)start.',
  },
  {
    id: 'M02', kind: 'syncloop.skipping', lane: 'sync-loop', versions: 'all (E-level from 1.18)', v: 0,
    msg: ['Skipping pod synchronization'], printf: ['skipping pod synchronization - %v{err}'], text: ['err'],
    explain: 'The runtime gate is closed (runtime down, PLEG unhealthy or runtime not ready), so this sync-loop iteration handled no pod work.',
  },
  {
    id: 'M03', kind: 'syncloop.add', lane: 'sync-loop', versions: '≤1.20', v: 2,
    printf: ['SyncLoop (ADD, %q{source}): %q{pods}'], text: ['source'],
    explain: 'The config source reported new pods; each is admitted and handed to a new pod worker.',
  },
  {
    id: 'M04', kind: 'syncloop.add', lane: 'sync-loop', versions: '1.21+', v: 2,
    msg: ['SyncLoop ADD'], text: ['source'],
    explain: 'The config source reported new pods; each is admitted and handed to a new pod worker.',
  },
  {
    id: 'M05', kind: 'syncloop.update', lane: 'sync-loop', versions: '≤1.20', v: 2,
    printf: ['SyncLoop (UPDATE, %q{source}): %q{pods}'], text: ['source'],
    explain: 'The pod spec or metadata changed in the API; the pod worker re-syncs it.',
  },
  {
    id: 'M06', kind: 'syncloop.update', lane: 'sync-loop', versions: '1.21+', v: 2,
    msg: ['SyncLoop UPDATE'], text: ['source'],
    explain: 'The pod spec or metadata changed in the API; the pod worker re-syncs it.',
  },
  {
    id: 'M07', kind: 'syncloop.delete', lane: 'sync-loop', versions: 'all', v: 2,
    msg: ['SyncLoop DELETE'], printf: ['SyncLoop (DELETE, %q{source}): %q{pods}'], text: ['source'],
    explain: 'The pod got a deletion timestamp: graceful deletion begins and the pod worker starts terminating it.',
  },
  {
    id: 'M08', kind: 'syncloop.remove', lane: 'sync-loop', versions: 'all', v: 2,
    msg: ['SyncLoop REMOVE'], printf: ['SyncLoop (REMOVE, %q{source}): %q{pods}'], text: ['source'],
    explain: 'The pod object is gone from its source; the kubelet kills anything left and forgets the pod.',
  },
  {
    id: 'M09', kind: 'syncloop.reconcile', lane: 'sync-loop', versions: 'all', v: 4,
    msg: ['SyncLoop RECONCILE'], printf: ['SyncLoop (RECONCILE, %q{source}): %q{pods}'], text: ['source'],
    explain: 'Only the pod status changed in the API; the kubelet re-syncs only if readiness disagrees.',
  },
  {
    id: 'M10', kind: 'syncloop.add', lane: 'sync-loop', versions: '1.12–1.18', v: 2,
    printf: ['SyncLoop (RESTORE, %q{source}): %q{pods}'], text: ['source'],
    explain: 'Pods restored from the bootstrap checkpoint are treated as additions.',
  },
  {
    id: 'M11', kind: 'syncloop.pleg', lane: 'sync-loop', versions: '≤1.20', v: 2,
    printf: ['SyncLoop (PLEG): %q{pod}, event: %v{event}'], struct: ['event'], text: ['event.Type'],
    refine: { field: 'event.Type', map: PLEG_TYPES },
    explain: 'PLEG saw a container change state; the sync loop dispatches a sync of the pod to its worker.',
  },
  {
    id: 'M12', kind: 'syncloop.pleg', lane: 'sync-loop', versions: '1.21+', v: 2,
    msg: ['SyncLoop (PLEG): event for pod'], struct: ['event'], text: ['event.Type'],
    refine: { field: 'event.Type', map: PLEG_TYPES },
    explain: 'PLEG saw a container change state; the sync loop dispatches a sync of the pod to its worker.',
  },
  {
    id: 'M13', kind: 'syncloop.pleg-ignored', lane: 'sync-loop', versions: 'all', v: 4,
    msg: ['SyncLoop (PLEG): pod does not exist, ignore irrelevant event'],
    printf: ['SyncLoop (PLEG): ignore irrelevant event: %v{event}'], struct: ['event'], text: ['event.Type'],
    explain: 'A PLEG event arrived for a pod the pod manager no longer knows; it is dropped.',
  },
  {
    id: 'M14', kind: 'syncloop.sync', lane: 'sync-loop', versions: 'all', v: 4,
    msg: ['SyncLoop (SYNC) pods'], printf: ['SyncLoop (SYNC): %d{total} pods; %s{pods}'], num: 'total',
    explain: 'The 1 s sync ticker found pods whose resync or back-off timer is due and hands them to their workers.',
  },
  {
    id: 'M15', kind: 'syncloop.probe-liveness-failed', lane: 'sync-loop', versions: '≤1.20', v: 1,
    printf: ['SyncLoop (container unhealthy): %q{pod}'],
    explain: 'A liveness probe failed; the sync loop syncs the pod so the container is killed and restarted.',
  },
  {
    id: 'M16', kind: 'syncloop.probe', lane: 'sync-loop', versions: '1.21+', v: 1,
    msg: ['SyncLoop (probe)'], text: ['probe', 'status'],
    explain: 'A probe result changed; the sync loop records it (readiness/startup in the status manager) and syncs the pod.',
  },
  {
    id: 'M17', kind: 'syncloop.probe-ignored', lane: 'sync-loop', versions: '1.21+', v: 4,
    msg: ['SyncLoop (probe): ignore irrelevant update'], text: ['probe', 'status'],
    explain: 'A probe result arrived for a pod the pod manager no longer knows.',
  },
  {
    id: 'M18', kind: 'housekeeping.start', lane: 'housekeeping', versions: 'all', v: 4,
    msg: ['SyncLoop (housekeeping)'], printf: ['SyncLoop (housekeeping)'],
    explain: 'The 2 s housekeeping tick: HandlePodCleanups reconciles pod workers, probes, statuses, dirs and cgroups.',
  },
  {
    id: 'M18e', kind: 'housekeeping.end', lane: 'housekeeping', versions: '1.21+ (absent in 1.20.5; duration from 1.28)', v: 4,
    msg: ['SyncLoop (housekeeping) end'], text: ['duration'],
    explain: 'Housekeeping finished this pass.',
  },
  {
    id: 'M19', kind: 'housekeeping.skipped', lane: 'housekeeping', versions: 'all', v: 4,
    msg: ["SyncLoop (housekeeping, skipped): sources aren't ready yet"],
    printf: ["SyncLoop (housekeeping, skipped): sources aren't ready yet."],
    explain: 'Housekeeping waits until every config source has reported once (kubelet start-up).',
  },
  {
    id: 'M20', kind: 'housekeeping.slow', lane: 'housekeeping', versions: '1.21/1.22–1.26 ("than 15s"), 1.28+ ("than expected")', v: 0,
    msg: ['Housekeeping took longer than 15s', 'Housekeeping took longer than expected'], text: ['actual', 'seconds'],
    explain: 'A housekeeping pass took too long; while it runs the sync loop handles nothing else.',
  },
  {
    id: 'M21', kind: 'housekeeping.failed', lane: 'housekeeping', versions: 'all', v: 0,
    msg: ['Failed cleaning pods'], printf: ['Failed cleaning pods: %v{err}'], text: ['err'],
    cri: { role: 'caller', calls: ['ListPodSandbox', 'ListContainers'] },
    explain: 'HandlePodCleanups returned an error (often the runtime could not be listed); the pass stopped early.',
  },
  {
    id: 'X20', kind: 'syncloop.containermanager', lane: 'sync-loop', versions: 'newer than 1.29 (master 2025)', v: 2,
    msg: ['SyncLoop (containermanager): event for pod'],
    explain: 'The container manager (devices, dynamic resources) reported a change for the pod; the sync loop syncs it.',
  },
  {
    id: 'M22', kind: 'syncloop.exit', lane: 'sync-loop', versions: 'all', v: 0,
    msg: ['Update channel is closed, exiting the sync loop'], printf: ['Update channel is closed. Exiting the sync loop.'],
    explain: 'The config channel closed: the kubelet is shutting down its sync loop.',
  },
  {
    id: 'M73', kind: 'housekeeping.step', lane: 'housekeeping', versions: '1.22+', v: 3,
    msg: ['Clean up pod workers for terminated pods'],
    explain: 'First step of housekeeping: the pod workers are reconciled with the pods the kubelet still wants (SyncKnownPods).',
  },
  {
    id: 'M74', kind: 'housekeeping.step', lane: 'housekeeping', versions: '1.22+ (user namespace step 1.27+)', v: 3,
    msg: [
      'Clean up probes for terminated pods', 'Clean up orphaned pod statuses', 'Clean up orphaned pod directories',
      'Clean up orphaned mirror pods', 'Clean up orphaned pod cgroups', 'Clean up orphaned pod user namespace allocations',
    ],
    explain: 'One step of housekeeping: stale probe workers, statuses, pod directories, mirror pods or cgroups are removed.',
  },
  {
    id: 'M75', kind: 'housekeeping.orphan-kill', lane: 'housekeeping', versions: '1.22–1.26', v: 3,
    msg: ['Clean up orphaned pod containers'],
    explain: 'Housekeeping found a pod in the runtime with no pod worker and no config, and asks a new pod worker to kill it (grace 1 s). In 1.22–1.26 the runtime list comes from a cache that can be stale.',
  },
  {
    id: 'M76', kind: 'housekeeping.orphan-kill', lane: 'housekeeping', versions: '1.27+', v: 2,
    msg: ['Clean up containers for orphaned pod we had not seen before'], text: ['killPodOptions'],
    explain: 'Housekeeping found running containers of a pod it never knew (fresh runtime listing) and has them killed.',
  },
  {
    id: 'M77', kind: 'housekeeping.terminate-deleted', lane: 'housekeeping', versions: '1.27+', v: 3,
    msg: ['Handling termination and deletion of the pod to pod workers'],
    explain: 'A terminal, deleted pod the workers do not track is handed to a pod worker to finish termination.',
  },
  {
    id: 'M78', kind: 'housekeeping.restart-uid-reuse', lane: 'housekeeping', versions: '1.22+', v: 3,
    msg: ['Pod is restartable after termination due to UID reuse',
      'Pod will be restarted because it is in the desired set and not known to the pod workers (likely due to UID reuse)'],
    explain: 'A pod with a reused UID (static pods) gets a fresh pod worker after its previous incarnation terminated.',
  },
  {
    id: 'M79', kind: 'housekeeping.kill-unwanted', lane: 'housekeeping', versions: '1.12–1.21', v: 2,
    msg: ['Killing unwanted pod'], printf: ['Killing unwanted pod %q{pod}'], podNameOnly: true,
    explain: 'The podKiller goroutine kills a pod that is running but no longer wanted (removed or not desired).',
  },
  {
    // The pod killer's first step for a pod it is handed (1.19–1.21), before "Killing unwanted pod".
    id: 'X220', kind: 'housekeeping.kill-pending', lane: 'housekeeping', versions: '1.19–1.21', v: 2,
    printf: ['marking pod pending termination %q{podUID}'],
    explain: 'The pod killer marks a pod as being terminated before it kills it, so a second request to kill it waits for this one.',
  },
  {
    id: 'M79e', kind: 'housekeeping.kill-unwanted-failed', lane: 'housekeeping', versions: '1.12–1.21', v: 0,
    msg: ['Failed killing the pod'], printf: ['Failed killing the pod %q{pod}: %v{err}'], podNameOnly: true, text: ['err'],
    // The failed kill's error names the pod's uid ("failed to "KillPodSandbox" for "<uid>" with …").
    inner: { field: 'err', printf: ['failed to "KillPodSandbox" for %q{podUID} with %v'] },
    explain: 'The podKiller could not kill an unwanted pod.',
  },
];
