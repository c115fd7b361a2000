/** Status manager (§4.5) and probes (§3.1, §4.6). */
import type { CatalogEntry } from './entry.ts';

export const STATUS_MESSAGES: CatalogEntry[] = [
  {
    id: 'M80', kind: 'status.start', lane: 'status-manager', versions: 'all', v: 0,
    msg: ['Starting to sync pod status with apiserver'], printf: ['Starting to sync pod status with apiserver'],
    explain: 'The status manager goroutine started (kubelet start).',
  },
  {
    id: 'M81', kind: 'status.readiness-before-sync', lane: 'sync-loop', versions: 'all (W ≤1.20, I 1.21+)', v: 0,
    msg: ['Container readiness changed before pod has synced'],
    printf: ['Container readiness changed before pod has synced: %q{pod} - %q{containerID}'],
    explain: 'A readiness result arrived before the pod worker wrote the pod\'s first status, so it was dropped; readiness comes from the next status generation instead. Common right after a kubelet restart.',
  },
  {
    id: 'M82', kind: 'status.startup-before-sync', lane: 'sync-loop', versions: '1.21+', v: 0,
    msg: ['Container startup changed before pod has synced'],
    explain: 'A startup-probe result arrived before the pod\'s first status was written.',
  },
  {
    id: 'M83', kind: 'status.same', lane: 'status-manager', versions: 'all', v: 3,
    msg: ['Ignoring same status for pod'], printf: ['Ignoring same status for pod %q{pod}, status: %v{status}'], statusField: 'status',
    explain: 'SetPodStatus was called with a status equal to the cached one; nothing is sent.',
  },
  {
    id: 'M84', kind: 'status.patch', lane: 'status-manager', versions: 'all', v: 3,
    msg: ['Patch status for pod'], printf: ['Patch status for pod %q{pod} with %q{patch}'], statusField: 'patch',
    explain: 'The status manager PATCHes the pod status in the API; the patch shows which conditions and container states changed.',
  },
  {
    id: 'M85', kind: 'status.updated', lane: 'status-manager', versions: 'all', v: 3,
    msg: ['Status for pod updated successfully'],
    // Up to 1.2 the status was printed without its version: `updated successfully: {status:{Phase:Running …`.
    printf: ['Status for pod %q{pod} updated successfully: (%d{statusVersion}, %v{status})',
      'Status for pod %q{pod} updated successfully after %s: (%d{statusVersion}, %v{status})',
      'Status for pod %q{pod} updated successfully: %v{status}'], num: 'statusVersion',
    statusField: 'status',
    explain: 'A new status version was written to the API server.',
  },
  {
    id: 'M86', kind: 'status.up-to-date', lane: 'status-manager', versions: '1.18+', v: 3,
    msg: ['Status for pod is up-to-date', 'Status for pod is up-to-date; skipping'],
    printf: ['Status for pod %q{pod} is up-to-date: (%d{statusVersion})',
      'Status for pod %q{pod} is up-to-date; skipping'], num: 'statusVersion',
    explain: 'The API already had this status; no write was needed.',
  },
  {
    id: 'M87', kind: 'status.recreated', lane: 'status-manager', versions: 'all', v: 2,
    msg: ['Pod was deleted and then recreated, skipping status update'],
    printf: ['Pod %q{pod} was deleted and then recreated, skipping status update; old UID %q{oldPodUID}, new UID %q{newPodUID}'],
    explain: 'The API object has a different UID now (pod recreated); the cached status is dropped.',
  },
  {
    id: 'M88', kind: 'status.deleted', lane: 'status-manager', versions: 'all', v: 3,
    msg: ['Pod fully terminated and removed from etcd'], printf: ['Pod %q{pod} fully terminated and removed from etcd'],
    explain: 'The status manager sent the final DELETE (grace 0): the API will now emit the REMOVE.',
  },
  {
    id: 'M89', kind: 'status.delete-gating', lane: 'status-manager', versions: '1.27+', v: 3,
    msg: ['Delaying pod deletion as the phase is non-terminal'],
    text: ['phase'],
    explain: 'The final delete waits for a terminal phase written after SyncTerminatedPod.',
  },
  {
    // The same check's other answer (kubelet-reference M89).
    id: 'M89f', kind: 'status.delete-ready', lane: 'status-manager', versions: '1.27+', v: 3,
    msg: ['The pod termination is finished as SyncTerminatedPod completes its execution'],
    text: ['phase'],
    explain: 'The pod\'s termination has finished and its phase is terminal: the status manager can send the final delete.',
  },
  {
    id: 'X60', kind: 'status.startup-duration', lane: 'status-manager', versions: '1.26+', v: 0,
    msg: ['Observed pod startup duration'], num: 'podStartSLOduration', text: ['podStartE2EDuration'],
    explain: 'The status manager wrote the first Running status of a new pod: the time from its creation to running, less the time spent pulling images (the pod startup SLI).',
  },
  {
    id: 'X74', kind: 'status.first-running', lane: 'status-manager', versions: '1.26+', v: 3,
    msg: ['Mark when the pod was running for the first time'],
    explain: 'The status manager saw the pod running for the first time: the end of its startup, as the pod startup SLI measures it.',
  },
  {
    id: 'X78', kind: 'status.delete-failed', lane: 'status-manager', versions: 'all', v: 0,
    msg: ['Failed to delete status for pod'], printf: ['Failed to delete status for pod %q{pod}: %v{err}'], text: ['err'],
    explain: 'The status manager could not delete the pod\'s API object (often because it is already gone: not found).',
  },
  {
    id: 'X79', kind: 'sync.phase', lane: 'pod-worker', versions: '1.21+', v: 4,
    msg: ['Got phase for pod'], text: ['phase'],
    explain: 'While generating the pod\'s API status the pod worker computed its phase from the container states (oldPhase is the one before).',
  },
  {
    id: 'X62', kind: 'status.resources-reclaimed', lane: 'status-manager', versions: '1.22+', v: 3,
    msg: ['Pod is terminated and all resources are reclaimed'],
    explain: 'A terminated pod has no running containers, volumes or cgroups left, so the status manager may delete its API object.',
  },
  {
    id: 'X63', kind: 'status.static-pod-read', lane: 'status-manager', versions: '1.21+', v: 2,
    msg: ['Pod status updated'], text: ['status'],
    explain: 'The kubelet listed its pods and gave a static pod the status the status manager holds (there is no API object to read it from).',
  },
  {
    id: 'M90', kind: 'status.aborted', lane: 'status-manager', versions: 'all', v: 0,
    msg: ['Status update on pod aborted'], printf: ['Status update on pod %v{namespace}/%v{name} aborted: %v{err}'], text: ['err'],
    explain: 'The status update was refused: an illegal container state transition (e.g. terminated back to running).',
  },
  {
    id: 'M91', kind: 'status.inconsistent', lane: 'status-manager', versions: 'all', v: 3,
    msg: ['Pod status is inconsistent with cached status for pod, a reconciliation should be triggered'],
    printf: ['Pod status is inconsistent with cached status for pod %q{pod}, a reconciliation should be triggered:%v'],
    explain: 'The API status drifted from the cached one; it will be rewritten.',
  },
  {
    id: 'M92', kind: 'status.syncing', lane: 'status-manager', versions: '1.27+', v: 4,
    msg: ['Syncing updated statuses', 'Syncing all statuses'],
    explain: 'The status manager goroutine woke up (on change, or the 10 s batch).',
  },
  {
    id: 'S01', kind: 'status.set', lane: 'status-manager', versions: '≤1.9', v: 3,
    printf: ['Status Manager: adding pod: %q{podUID}, with status: %v{status}'], statusField: 'status',
    explain: 'The status manager cached a new status for the pod.',
  },
  {
    id: 'X01', kind: 'status.internal', lane: 'status-manager', versions: '1.22+', v: 5,
    msg: ['updateStatusInternal'], num: 'version', text: ['containers'],
    explain: 'The status manager cached a new status version (debug dump).',
  },
  {
    id: 'X139', kind: 'status.get-failed', lane: 'status-manager', versions: 'all', v: 0,
    msg: ['Failed to get status for pod'], printf: ['Failed to get status for pod %q{pod}: %v{err}'], text: ['err', 'error'],
    explain: 'Before writing a pod\'s status the status manager reads the pod from the API server; that read failed, so the status is not written this time.',
  },
  {
    id: 'X150', kind: 'status.sync-batch', lane: 'status-manager', versions: '1.21+', v: 5,
    msg: ['Status Manager: syncPod in syncbatch'],
    explain: 'The status manager\'s periodic batch (every 10 s) found this pod\'s status out of step with the API server and writes it again.',
  },
  {
    id: 'X02', kind: 'status.failed', lane: 'status-manager', versions: 'all', v: 0,
    msg: ['Failed to update status for pod'], printf: ['Failed to update status for pod %q{pod}: %v{err}'], text: ['err'],
    explain: 'Writing the status to the API server failed.',
  },
  {
    id: 'X21', kind: 'status.not-found', lane: 'status-manager', versions: 'all', v: 3,
    msg: ['Pod does not exist on the server'], printf: ['Pod %q{podName} (%s{podUID}) does not exist on the server'],
    explain: 'The pod is already gone from the API server, so its status is not written.',
  },
  {
    id: 'X22', kind: 'status.channel-full', lane: 'status-manager', versions: '≤1.26', v: 4,
    msg: ['Skipping the status update for pod for now because the channel is full'],
    printf: ['Skipping the status update for pod %q{pod} for now because the channel is full; status: %v{status}'],
    statusField: 'status',
    explain: 'The status manager\'s queue of pending writes was full; the batch sync every 10 s will write this status later.',
  },
  {
    id: 'X23', kind: 'status.readiness-ignored', lane: 'sync-loop', versions: 'all', v: 4,
    msg: ['Container readiness changed for unknown container', 'Container readiness unchanged',
      'Pod has been deleted, no need to update readiness', 'Container startup changed for unknown container',
      'Container startup unchanged'],
    printf: ['Container readiness changed for unknown container: %q{pod} - %q{containerID}',
      'Container readiness unchanged (%v{ready}): %q{pod} - %q{containerID}'],
    explain: 'A probe result did not change the cached pod status (unknown container, same value, or pod deleted).',
  },
  {
    id: 'X24', kind: 'status.syncing', lane: 'status-manager', versions: '1.23–1.26', v: 5,
    msg: ['Status Manager: syncing batch'],
    explain: 'The status manager\'s 10 s batch pass: every cached status newer than the API\'s is written.',
  },
];

export const PROBE_MESSAGES: CatalogEntry[] = [
  {
    id: 'X219', kind: 'probe.http-request', lane: 'probe', versions: 'all', v: 4,
    msg: ['HTTP-Probe Host', 'HTTP-Probe Headers'], printf: ['HTTP-Probe Host: %v://%v, Port: %v, Path: %v', 'HTTP-Probe Headers: %v'],
    explain: 'An HTTP probe is about to send its request: the address, port, path and headers it uses (a probe of a pod\'s IP, unless the probe names a host).',
  },
  {
    id: 'M98', kind: 'probe.failed', lane: 'probe', versions: 'all', v: 1,
    msg: ['Probe failed'], printf: ['%s{probeType} probe for %q{podContainer} failed (%v{probeResult}): %s{output}'],
    text: ['output'],
    explain: 'A probe run failed; after failureThreshold consecutive failures the result flips to Failure.',
  },
  {
    // OpenShift's kubelet adds this line for a failing probe, beside the kubelet's own "Probe failed".
    id: 'X149', kind: 'probe.openshift-detail', lane: 'probe', versions: 'OpenShift 4.x', v: 0,
    printf: ['interesting pod/%s{podName} container/%s{containerName} namespace/%s{namespace}: %s{probeType} probe status=%s{probeResult} output=%q{output} start-of-body=%s'],
    text: ['output'],
    explain: 'OpenShift\'s kubelet notes a failing probe with its output and the start of the response body (the same failure as the kubelet\'s own probe line, in more detail).',
  },
  {
    id: 'M99', kind: 'probe.errored', lane: 'probe', versions: 'all', v: 1,
    msg: ['Probe errored'], printf: ['%s{probeType} probe for %q{podContainer} errored: %v{err}'], text: ['err'],
    explain: 'The probe could not be run, or its answer not read: the probe worker throws the result away, so it does not count toward failureThreshold and the probe\'s result stays as it was.',
  },
  {
    id: 'M100', kind: 'probe.succeeded', lane: 'probe', versions: 'all', v: 3,
    msg: ['Probe succeeded'], printf: ['%s{probeType} probe for %q{podContainer} succeeded'],
    explain: 'A probe run succeeded.',
  },
  {
    id: 'M101', kind: 'probe.worker-exit', lane: 'probe', versions: 'all', v: 3,
    msg: ['Pod is terminated, exiting probe worker'], printf: ['Pod %v{pod} %v{phase}, exiting probe worker'], text: ['phase'],
    explain: 'The pod reached a terminal phase; the probe worker goroutine exits.',
  },
  {
    id: 'M102', kind: 'probe.non-running', lane: 'probe', versions: 'all', v: 3,
    msg: ['Non-running container probed'], printf: ['Non-running container probed: %v{pod} - %v{containerName}'],
    explain: 'The probed container is not running; the result is set to Failure.',
  },
  {
    // prober.go (≤1.1x): the reference manager knows only containers this kubelet process started (kubernetes#49063).
    id: 'X273', kind: 'probe.no-ref', lane: 'probe', versions: 'all', v: 0,
    msg: ['No ref for container'], printf: ['No ref for container %q{containerID} (%s{podContainer})'],
    explain: 'The prober has no object reference for the container, so its probe results (Unhealthy) and a kill for a failed liveness probe are not recorded as events, though the probe runs as usual: the kubelet keeps references only for containers it started itself, and one already running when it restarted has none (kubernetes/kubernetes#49063).',
  },
  {
    id: 'X03', kind: 'probe.no-status', lane: 'probe', versions: 'all', v: 3,
    msg: ['No status for pod'], printf: ['No status for pod: %v{pod}'],
    explain: 'The status manager has no status for the pod yet; the probe worker keeps waiting.',
  },
  {
    id: 'X04', kind: 'probe.trigger-failed', lane: 'pod-worker', versions: '1.21+', v: 0,
    msg: ['Failed to trigger a manual run'], text: ['probe'],
    explain: 'The manual readiness probe trigger channel was full.',
  },
  {
    id: 'X05', kind: 'probe.deletion-success', lane: 'probe', versions: '1.22+', v: 3,
    msg: ['Pod deletion requested, setting probe result to success'],
    explain: 'The pod is being deleted: liveness/startup results are forced to success so no restart happens.',
  },
  {
    id: 'X25', kind: 'probe.target-not-found', lane: 'probe', versions: 'all', v: 3,
    msg: ['Probe target container not found'], printf: ['Probe target container not found: %v{pod} - %v{containerName}'],
    explain: 'The probed container is not in the pod status yet (not created, or being restarted); the probe waits.',
  },
  {
    id: 'X26', kind: 'probe.deletion-before-started', lane: 'probe', versions: '1.22+', v: 0,
    msg: ['Pod deletion requested before container has fully started'],
    explain: 'The pod was deleted while its startup probe had not yet succeeded; the probe worker stops.',
  },
  // Seed 000: a custom 1.12.4 branch that installs a default readiness prober and an initial Success result.
  {
    id: 'X64', kind: 'probe.worker-exists', lane: 'sync-loop', versions: 'all (V0 ≤1.27, V8 1.28+)', v: 0,
    msg: ['Readiness probe already exists for container', 'Liveness probe already exists for container', 'Startup probe already exists for container'],
    printf: ['Readiness probe already exists! %v{pod} - %v{containerName}', 'Liveness probe already exists! %v{pod} - %v{containerName}',
      'Startup probe already exists! %v{pod} - %v{containerName}'],
    explain: 'The probe manager was asked to start a probe worker for a container that already has one (the pod was added again); the existing worker keeps running.',
  },
  {
    id: 'S02', kind: 'probe.worker-added', lane: 'sync-loop', versions: 'custom 1.12.4 patch (seed 000)', v: 3,
    printf: ['add a readiness prober for pod: %s{pod} - %s{containerName}: %v{probe}'],
    explain: 'The probe manager (AddPod, called from HandlePodAdditions on the sync loop goroutine) created a readiness probe worker and made it visible to the pod worker.',
  },
  {
    id: 'S03', kind: 'probe.initial-result', lane: 'sync-loop', versions: 'custom 1.12.4 patch (seed 000)', v: 3,
    printf: ["LEOPOLD_INIT_PROBER: %s{pod}'s container %s{containerName} has been already running on the host(%v)"],
    explain: 'The new readiness worker installed an initial Success result for a container the API said was ready. A status generated before this line reads no result and reports ready:false.',
  },
  {
    id: 'S04', kind: 'probe.initial-status', lane: 'sync-loop', versions: 'custom 1.12.4 patch (seed 000)', v: 2,
    printf: ['INITIAL_STATUS %v{status}'],
    explain: 'Debug dump of the pod status a new probe worker starts from.',
  },
  {
    id: 'S05', kind: 'probe.default-prober', lane: 'sync-loop', versions: 'custom 1.12.4 patch (seed 000)', v: 2,
    printf: ['DEFAULT_PROBER: pod %s{pod} is notready state(%v{phase}) and has no readiness prober, add a default one.'],
    podNameOnly: true,
    explain: 'The custom branch adds a default readiness probe to a pod that has none.',
  },
];
