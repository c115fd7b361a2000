/**
 * The state machines the model reconstructs, written as transition tables (kubelet-reference §2 and §3).
 *
 * A row says: on event kind `on`, from one of `from`, go to `to` ('=' stays). `inferred` marks rows where the log
 * line does not state the new state but implies it (the usual case at --v=2). The engine in state-runner.ts applies
 * the first matching row; an event whose kind has rows but none for the current state is an impossible transition,
 * recorded as an anomaly with its evidence — and the log still wins: the first row's target is entered.
 *
 * 'unknown' is the state before any evidence. When the first evidence is a row with a single `from` state, that
 * state is what the pod must have been in before the log shows it (e.g. a graceful DELETE implies it was syncing),
 * and the engine labels the unknown stretch with it, marked inferred.
 */
import type { MachineId } from './trace.ts';

export interface TransitionRow {
  on: string;
  from: readonly string[] | '*';
  to: string;
  inferred?: boolean;
  /** Allowed (the log says so) but worth flagging: recorded as an anomaly with this explanation. */
  anomaly?: string;
  /** Appended to the new state's label when the event brings no detail of its own. */
  detail?: string;
  /**
   * The event contradicts an inference: if the current state was only inferred, the band since it began takes the
   * new state instead (it is relabelled, not closed); if the log stated it, that is an anomaly and the new state
   * starts here.
   */
  revises?: boolean;
  /**
   * The event shows the current state was entered on a misreading of the line that entered it (a resize's admission
   * check read as the pod's rejection): the band since it began takes the new state, stated or not.
   */
  retracts?: boolean;
}

export interface MachineTable {
  id: MachineId;
  /** States after which the instance no longer exists (its band ends there). */
  end: readonly string[];
  rows: readonly TransitionRow[];
  /**
   * Events that, once the instance has ended (an `end` state), say the kubelet acted on something that no longer
   * exists: recorded as an anomaly with this explanation. Other events after the end change nothing and are not
   * flagged (a second line about the same removal, PLEG reporting the removal it saw).
   */
  afterEnd?: readonly { on: string; anomaly: string }[];
}

const TEARDOWN = ['pw.teardown-deleted', 'pw.teardown-terminal', 'pw.teardown-evicted', 'pw.teardown-removed'];

/**
 * Admission (HandlePodAdditions) rejected the pod: the kubelet never starts a worker for it (kubelet-reference
 * §1.1, §3.7). The ADD line comes first and made the worker's state inferred; the rejection revises that.
 */
const REJECTED = 'rejected';
const REJECTED_DETAIL = '(at admission: no pod worker)';
function rejectionRows(running: string): TransitionRow[] {
  return [
    ...['admit.rejected', 'admit.predicate-failed', 'event.admit-rejected'].flatMap((on): TransitionRow[] => [
      { on, from: ['unknown'], to: REJECTED, detail: REJECTED_DETAIL },
      { on, from: [running], to: REJECTED, detail: REJECTED_DETAIL, revises: true },
      { on, from: [REJECTED], to: '=' },
    ]),
    // canAdmitPod logs "Pod admission denied" for a running pod's in-place resize too (1.27+): the resize's deferral
    // right after says the pod was never rejected; it runs on with the resources it had.
    { on: 'pod.resize-deferred', from: [REJECTED], to: running, detail: RESIZE_DETAIL, retracts: true },
    { on: 'pod.resize-deferred', from: ['unknown'], to: running, inferred: true },
    { on: 'pod.resize-deferred', from: '*', to: '=' },
    // Deleted later, a rejected pod gets a worker only to tear it down: it starts terminating.
    ...['pw.first-sync', 'pw.work-terminating', 'sync.terminating-enter', 'pw.observed-terminate'].map((on): TransitionRow => (
      { on, from: [REJECTED], to: 'terminating', detail: REJECTED_TEARDOWN_DETAIL })),
  ];
}
const RESIZE_DETAIL = '(running: the admission check was for a resize, deferred)';
const REJECTED_TEARDOWN_DETAIL = '(a worker only to tear the rejected pod down)';

/** 1.22+ pod worker: sync → terminating → terminated → finished (→ forgotten by housekeeping). */
export const POD_WORKER_LIFECYCLE: MachineTable = {
  id: 'pod-worker',
  end: [],
  rows: [
    { on: 'pw.first-sync', from: ['unknown'], to: 'sync' },
    { on: 'pw.first-sync', from: ['forgotten', 'finished'], to: 'sync', detail: '(new worker for the same UID)' },
    { on: 'pw.first-sync', from: ['sync'], to: '=' },
    // A static pod whose full name another pod (an older UID of the same manifest) still holds: its worker waits.
    { on: 'pw.cannot-start-yet', from: ['unknown'], to: 'sync', detail: '(cannot start yet: a pod of the same full name has not finished terminating)' },
    { on: 'pw.cannot-start-yet', from: ['sync'], to: '=' },
    { on: 'syncloop.add', from: ['unknown', 'forgotten'], to: 'sync', inferred: true },
    { on: 'syncloop.add', from: ['sync', REJECTED], to: '=' },
    // An ADD of the same UID while the worker terminates only asks for a restart after it: no evidence of the state.
    { on: 'syncloop.add', from: ['terminating', 'terminated', 'finished'], to: '=', inferred: true },
    { on: 'syncloop.update', from: ['unknown'], to: 'sync', inferred: true },
    { on: 'syncloop.update', from: '*', to: '=' },
    { on: 'syncloop.delete', from: ['sync'], to: 'terminating', inferred: true },
    { on: 'syncloop.delete', from: ['terminating', 'terminated', 'finished', 'forgotten', REJECTED], to: '=' },
    { on: 'syncloop.remove', from: ['sync'], to: 'terminating', inferred: true },
    // The API object is only removed after the status manager's final delete, which waits for the worker to have
    // terminated — so at low verbosity a REMOVE after a graceful DELETE means termination is done.
    { on: 'syncloop.remove', from: ['terminating'], to: 'terminated', inferred: true },
    { on: 'syncloop.remove', from: ['terminated', 'finished', 'forgotten', REJECTED], to: '=' },
    { on: 'sync.deleted-must-kill', from: ['sync'], to: 'terminating', inferred: true },
    { on: 'sync.deleted-must-kill', from: ['terminating', 'terminated', 'finished', 'forgotten', REJECTED], to: '=' },
    // As the first line about a pod it says nothing of the worker: the kill request follows the API object's removal,
    // which usually waits for the worker to have finished (a force delete does not).
    { on: 'sync.deleted-must-kill', from: ['unknown'], to: '=' },
    { on: 'pw.work-sync', from: ['sync'], to: '=' },
    { on: 'sync.pod-enter', from: ['sync'], to: '=' },
    { on: 'sync.pod-exit', from: ['sync', 'terminating'], to: '=' },
    { on: 'pw.work-terminating', from: ['sync', 'terminating'], to: 'terminating' },
    { on: 'pw.work-terminated', from: ['terminating', 'terminated'], to: 'terminated' },
    ...TEARDOWN.map((on) => ({ on, from: ['sync'], to: 'terminating' })),
    ...TEARDOWN.map((on) => ({ on, from: ['terminating'], to: '=' })),
    { on: 'pw.teardown-orphaned', from: ['sync', 'forgotten'], to: 'terminating' },
    { on: 'pw.teardown-orphaned', from: ['terminating'], to: '=' },
    // Its termination had completed: housekeeping, having lost that state, tears the pod down a second time.
    { on: 'pw.teardown-orphaned', from: ['terminated'], to: 'terminating', anomaly: 'housekeeping tore down again a pod whose worker had already terminated (the worker\'s termination state was lost)' },
    // syncTerminatingPod logs it only once every container is stopped, just before it returns: the worker terminates.
    { on: 'sync.stopped-all', from: ['terminating'], to: 'terminated', inferred: true },
    { on: 'sync.stopped-all', from: ['terminated'], to: '=' },
    // A pod known only from the runtime has no API object to report: once stopped, its worker is finished.
    { on: 'sync.stopped-all-orphan', from: ['terminating'], to: 'finished', inferred: true },
    { on: 'sync.stopped-all-orphan', from: ['finished'], to: '=' },
    { on: 'pw.terminal', from: ['sync'], to: 'terminating' },
    { on: 'pw.terminal', from: ['terminating'], to: '=' },
    { on: 'pw.observed-terminate', from: ['terminating'], to: '=' },
    { on: 'pw.observed-terminate', from: ['sync'], to: 'terminating' },
    { on: 'sync.terminating-enter', from: ['terminating'], to: '=' },
    { on: 'sync.terminating-enter', from: ['sync'], to: 'terminating' },
    { on: 'sync.terminating-exit', from: ['terminating', 'terminated'], to: '=' },
    { on: 'pw.terminated', from: ['terminating'], to: 'terminated' },
    // After "Pod termination stopped all running containers" the worker's own line confirms it.
    { on: 'pw.terminated', from: ['terminated'], to: '=' },
    { on: 'sync.terminated-enter', from: ['terminated'], to: '=' },
    { on: 'sync.terminated-enter', from: ['terminating'], to: 'terminated', inferred: true },
    { on: 'pw.complete', from: ['terminated'], to: 'finished' },
    { on: 'pw.orphan-terminated', from: ['terminating'], to: 'finished' },
    { on: 'pw.never-started', from: ['sync', 'terminating'], to: 'finished' },
    { on: 'pw.stopped', from: ['finished'], to: '=' },
    { on: 'pw.stopped', from: ['terminated', 'terminating'], to: 'finished' },
    { on: 'pw.finished-ignored', from: ['finished'], to: '=' },
    // The worker says it has finished: its termination completed where the log's verbosity printed nothing of it.
    { on: 'pw.finished-ignored', from: ['terminating', 'terminated'], to: 'finished', inferred: true },
    { on: 'pw.forgotten', from: ['finished'], to: 'forgotten' },
    // Housekeeping forgets only finished workers: likewise.
    { on: 'pw.forgotten', from: ['terminating', 'terminated'], to: 'forgotten', inferred: true },
    { on: 'pw.removal-not-terminated', from: ['terminating', 'terminated'], to: '=' },
    { on: 'pw.orphan-housekeeping', from: ['sync', 'terminating', 'terminated'], to: 'terminating', inferred: true },
    { on: 'status.deleted', from: ['terminated', 'finished', 'terminating', REJECTED], to: '=' },
    // The final delete waits for a terminal phase: the pod has a deletion timestamp, so its worker is past syncing.
    { on: 'status.delete-gating', from: ['unknown', 'sync'], to: 'terminating', inferred: true },
    { on: 'status.delete-gating', from: '*', to: '=', inferred: true },
    // Housekeeping removes a pod's volume dirs only once its worker can have no running containers: it is done.
    { on: 'housekeeping.orphan-volumes', from: ['terminating', 'terminated'], to: 'finished', inferred: true },
    // The eviction manager logs this once its kill of the pod returned: the pod is Failed (Evicted), its containers stopped.
    { on: 'eviction.evicted', from: ['unknown', 'sync', 'terminating'], to: 'terminated', inferred: true, detail: '(evicted: phase Failed, reason Evicted)' },
    { on: 'eviction.evicted', from: '*', to: '=' },
    // A pod the log shows nothing else of: housekeeping treats it as an orphan, so no pod worker has it any more.
    { on: 'housekeeping.orphan-volumes', from: ['unknown'], to: 'forgotten', inferred: true, detail: '(its volumes directory cleaned up as an orphan\'s: no pod worker has it)' },
    { on: 'housekeeping.orphan-volumes', from: '*', to: '=' },
    // Only SyncPod asks for a new sandbox: a finished worker of the same UID was started again (a static pod re-added
    // from an unchanged manifest: the ADD while it terminated asked for a restart, housekeeping does it).
    { on: 'runtime.sandbox-changed', from: ['finished', 'forgotten'], to: 'sync', inferred: true, detail: '(started again for the same UID)' },
    // Otherwise no evidence of a state: from 1.27 the check (util.go) also runs when the status is generated, in any phase.
    { on: 'runtime.sandbox-changed', from: '*', to: '=', inferred: true },
    ...rejectionRows('sync'),
  ],
};

/** ≤1.21 pod worker: a per-pod serializer without a lifecycle; deletion is seen through the config ops. */
export const POD_WORKER_SERIALIZER: MachineTable = {
  id: 'pod-worker',
  end: [],
  rows: [
    { on: 'syncloop.add', from: ['unknown', 'removed'], to: 'syncing', inferred: true },
    { on: 'syncloop.add', from: ['syncing', 'deleting', 'completed', REJECTED], to: '=' },
    { on: 'syncloop.update', from: ['unknown'], to: 'syncing', inferred: true },
    { on: 'syncloop.update', from: '*', to: '=' },
    { on: 'sync.generating-status', from: ['unknown'], to: 'syncing', inferred: true },
    // dispatchWork: a pod whose phase is Succeeded or Failed gets no more syncs (its containers all finished).
    { on: 'syncloop.work-after-completion', from: ['unknown', 'syncing'], to: 'completed', detail: '(phase Succeeded or Failed: no more syncs)' },
    { on: 'syncloop.work-after-completion', from: '*', to: '=', inferred: true },
    // The eviction manager set the pod Failed (Evicted) and its kill returned: no more syncs.
    { on: 'eviction.evicted', from: ['unknown', 'syncing'], to: 'completed', inferred: true, detail: '(evicted: phase Failed, reason Evicted)' },
    { on: 'eviction.evicted', from: '*', to: '=' },
    // Before 1.22 only computePodActions (SyncPod) asks for a new sandbox, and logs what it decided: the pod is being
    // synced; in another state the line says nothing of it.
    { on: 'runtime.sandbox-changed', from: ['unknown', 'syncing'], to: 'syncing' },
    { on: 'runtime.pod-actions', from: ['unknown', 'syncing'], to: 'syncing' },
    { on: 'runtime.pod-actions', from: '*', to: '=', inferred: true },
    { on: 'runtime.sandbox-changed', from: '*', to: '=', inferred: true },
    { on: 'sync.generating-status', from: ['syncing', 'deleting', 'terminated', 'completed'], to: '=' },
    // The closed channel may still hold one buffered update: the worker runs a last sync after REMOVE.
    { on: 'sync.generating-status', from: ['removed'], to: '=' },
    { on: 'syncloop.delete', from: ['syncing'], to: 'deleting', inferred: true },
    { on: 'syncloop.delete', from: ['completed'], to: 'deleting', inferred: true },
    { on: 'syncloop.delete', from: ['deleting', 'terminated', REJECTED], to: '=' },
    // The pod killer kills a pod the config no longer wants (its REMOVE may not be in the log).
    { on: 'housekeeping.kill-unwanted', from: ['unknown', 'syncing', 'completed'], to: 'deleting', detail: '(the pod killer: no longer wanted)' },
    { on: 'housekeeping.kill-unwanted', from: ['deleting', 'removed', 'terminated'], to: '=' },
    // The status manager asks whether a pod's resources are reclaimed only once the pod has a deletion timestamp.
    { on: 'status.not-reclaimed', from: ['unknown', 'syncing', 'completed'], to: 'deleting', inferred: true, detail: '(deleted: its final delete waits for its containers)' },
    { on: 'status.not-reclaimed', from: '*', to: '=' },
    { on: 'status.deleted', from: ['deleting'], to: 'terminated', inferred: true },
    { on: 'status.deleted', from: ['syncing'], to: 'terminated', inferred: true },
    { on: 'status.deleted', from: ['completed'], to: 'terminated', inferred: true },
    { on: 'syncloop.remove', from: ['syncing', 'deleting', 'terminated', 'completed'], to: 'removed', inferred: true },
    { on: 'syncloop.remove', from: ['removed', REJECTED], to: '=' },
    { on: 'status.deleted', from: [REJECTED], to: '=' },
    // The status manager logs its final delete when the API call returns; the REMOVE that delete caused may come in
    // on the watch and be logged first.
    { on: 'status.deleted', from: ['removed'], to: '=' },
    ...rejectionRows('syncing'),
  ],
};

/** One container instance (one container ID) as the runtime and PLEG report it. */
export const CONTAINER_MACHINE: MachineTable = {
  id: 'container',
  end: ['removed'],
  rows: [
    // Not created yet: the image cannot be pulled, or the start failed (a pending instance without an ID).
    { on: 'container.waiting', from: ['unknown', 'waiting'], to: 'waiting' },
    { on: 'container.waiting', from: ['running', 'killing', 'created', 'exited'], to: '=' },
    // CrashLoopBackOff: the dead instance waits for its restart back-off (10s, 20s, 40s … 5m0s).
    { on: 'container.backoff', from: ['exited'], to: 'exited' },
    { on: 'container.backoff', from: ['unknown'], to: 'exited', inferred: true },
    { on: 'container.backoff', from: ['running', 'killing', 'created', 'waiting'], to: '=' },
    { on: 'container.create', from: ['unknown', 'waiting'], to: 'created' },
    { on: 'container.create', from: ['created', 'running'], to: '=' },
    { on: 'container.start', from: ['unknown', 'created', 'exited', 'waiting'], to: 'running' },
    { on: 'container.start', from: ['running', 'killing'], to: '=' },
    { on: 'container.kill', from: ['running'], to: 'killing' },
    { on: 'container.kill', from: ['created'], to: 'killing' },
    { on: 'container.kill', from: ['killing'], to: '=' },
    { on: 'container.kill', from: ['exited'], to: '=', anomaly: 'kill sent to a container that had already exited (the kubelet acted on stale runtime state)' },
    { on: 'container.kill-failed', from: ['killing', 'running'], to: '=' },
    { on: 'container.exit', from: ['running'], to: 'exited' },
    { on: 'container.exit', from: ['killing', 'created'], to: 'exited' },
    { on: 'container.exit', from: ['exited'], to: '=' },
    { on: 'container.remove', from: '*', to: 'removed' },
  ],
  afterEnd: [
    { on: 'container.kill', anomaly: 'kill sent to a container that had already been removed (the kubelet acted on stale state)' },
    { on: 'container.start', anomaly: 'a container reported started after it had been removed' },
  ],
};

export const SANDBOX_MACHINE: MachineTable = {
  id: 'sandbox',
  end: ['removed'],
  rows: [
    { on: 'sandbox.ready', from: ['unknown', 'not-ready'], to: 'ready' },
    { on: 'sandbox.ready', from: ['ready'], to: '=' },
    { on: 'sandbox.down', from: ['ready'], to: 'not-ready' },
    { on: 'sandbox.down', from: ['not-ready'], to: '=' },
    { on: 'sandbox.remove', from: '*', to: 'removed' },
  ],
  afterEnd: [{ on: 'sandbox.ready', anomaly: 'a sandbox reported ready after it had been removed' }],
};

/** Container readiness as the kubelet reports it in the pod status (and the sync loop's readiness results). */
export const READINESS_MACHINE: MachineTable = {
  id: 'readiness',
  end: [],
  rows: [
    { on: 'readiness.ready', from: ['unknown', 'not-ready'], to: 'ready' },
    { on: 'readiness.ready', from: ['ready'], to: '=' },
    { on: 'readiness.not-ready', from: ['unknown', 'ready'], to: 'not-ready' },
    { on: 'readiness.not-ready', from: ['not-ready'], to: '=' },
  ],
};

/** A probe worker's cached result (success/failure) per container and probe type. */
export const PROBE_MACHINE: MachineTable = {
  id: 'probe',
  end: ['stopped'],
  rows: [
    { on: 'probe.success', from: ['unknown', 'failure', 'success'], to: 'success' },
    { on: 'probe.failure', from: ['unknown', 'success', 'failure'], to: 'failure' },
    // An errored run's result is thrown away by the probe worker: the result stays what it was.
    { on: 'probe.error', from: '*', to: '=' },
    // The sync loop reports a result change for the pod without naming the container (status-events.ts sends these
    // to the pod's one container probe of that type).
    { on: 'probe.pod-success', from: ['failure', 'unknown'], to: 'success', inferred: true, detail: '(sync loop)' },
    { on: 'probe.pod-success', from: ['success'], to: '=' },
    { on: 'probe.pod-failure', from: ['success', 'unknown'], to: 'failure', inferred: true, detail: '(sync loop)' },
    { on: 'probe.pod-failure', from: ['failure'], to: '=' },
    { on: 'probe.stop', from: '*', to: 'stopped' },
  ],
};

/** The API status versions the status manager wrote for a pod (each new version is a new state). */
export const API_STATUS_MACHINE: MachineTable = {
  id: 'api-status',
  end: [],
  rows: [{ on: 'status.version', from: '*', to: '*' }],
};

/**
 * The sync loop's runtime gate (§1.1): while runtimeErrors() is non-empty every iteration is skipped. The
 * "Skipping pod synchronization" line closes it; any dispatch the sync loop does proves it open again.
 */
export const SYNC_GATE_MACHINE: MachineTable = {
  id: 'sync-gate',
  end: [],
  rows: [
    { on: 'gate.closed', from: '*', to: 'skipping pod sync' },
    { on: 'gate.open', from: ['unknown'], to: 'running', inferred: true },
    { on: 'gate.open', from: ['skipping pod sync'], to: 'running' },
    { on: 'gate.open', from: ['running'], to: '=' },
  ],
};

/** The node's Ready condition as the kubelet reports it (§3.8). */
export const NODE_READY_MACHINE: MachineTable = {
  id: 'node-ready',
  end: [],
  rows: [
    { on: 'node.not-ready', from: '*', to: 'NotReady' },
    { on: 'node.ready', from: ['unknown', 'NotReady'], to: 'Ready' },
    { on: 'node.ready', from: ['Ready'], to: '=' },
  ],
};

/** Sync-loop events that prove the runtime gate was open (the iteration ran). */
export const GATE_OPEN_KINDS: ReadonlySet<string> = new Set([
  'syncloop.add', 'syncloop.update', 'syncloop.delete', 'syncloop.remove', 'syncloop.reconcile', 'syncloop.pleg',
  'pleg.container-started', 'pleg.container-died', 'pleg.container-removed', 'syncloop.sync', 'syncloop.probe',
  'housekeeping.start', 'syncloop.containermanager',
]);

/** Which container-machine event a log event is, for events that name a container ID or name. */
export const CONTAINER_EVENTS: Readonly<Record<string, string>> = {
  'runtime.container-creating': 'container.create', 'event.created': 'container.create',
  'pleg.container-started': 'container.start', 'pleg.to-running': 'container.start', 'event.started': 'container.start',
  'runtime.kill': 'container.kill', 'runtime.kill-override': 'container.kill', 'event.killing': 'container.kill',
  'runtime.kill-failed': 'container.kill-failed',
  'runtime.container-exited': 'container.exit', 'pleg.container-died': 'container.exit', 'pleg.to-exited': 'container.exit',
  'pleg.container-finished': 'container.exit',
  'pleg.container-removed': 'container.remove', 'pleg.to-nonexistent': 'container.remove', 'runtime.remove-container': 'container.remove',
  // (cAdvisor's cgroup goes when the container's processes have ended: an exit, not the container's removal.)
  'cadvisor.container-added': 'container.start', 'cadvisor.container-destroyed': 'container.exit',
  'image.pull-failed': 'container.waiting', 'image.backoff': 'container.waiting', 'runtime.start-failed': 'container.waiting',
  'event.image-pull-failed': 'container.waiting', 'event.image-backoff': 'container.waiting',
  'runtime.backoff': 'container.backoff', 'event.backoff': 'container.backoff',
};

/** The same for events about a sandbox ID. */
export const SANDBOX_EVENTS: Readonly<Record<string, string>> = {
  'runtime.sandbox-created': 'sandbox.ready', 'pleg.container-started': 'sandbox.ready', 'pleg.to-running': 'sandbox.ready',
  'pleg.container-died': 'sandbox.down', 'pleg.to-exited': 'sandbox.down',
  'gc.remove-sandbox': 'sandbox.remove', 'pleg.container-removed': 'sandbox.remove', 'pleg.to-nonexistent': 'sandbox.remove',
  'runtime.sandbox-stopping': 'sandbox.down', 'cadvisor.container-added': 'sandbox.ready', 'cadvisor.container-destroyed': 'sandbox.down',
};

/** Lines that announce a kubelet process start (besides a pid change). */
export const KUBELET_START_KINDS: ReadonlySet<string> = new Set(['syncloop.start', 'kubelet.started', 'kubelet.version']);

/** Probe-result events: kind → probe-machine event (syncloop.probe is decided by its text). */
export const PROBE_EVENTS: Readonly<Record<string, string>> = {
  'probe.succeeded': 'probe.success', 'probe.failed': 'probe.failure', 'probe.errored': 'probe.error',
  'probe.non-running': 'probe.failure', 'probe.initial-result': 'probe.success', 'probe.worker-exit': 'probe.stop',
  'probe.deletion-success': 'probe.success', 'syncloop.probe-liveness-failed': 'probe.failure',
};

/** Kinds that carry a pod status (their text is a status summary, catalog/status-summary.ts). */
export const STATUS_KINDS: ReadonlySet<string> = new Set(['status.patch', 'status.updated', 'status.set', 'status.same']);
