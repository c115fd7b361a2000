/**
 * 1.22+ pod workers (§2.2–§2.4): each pod UID has a sync status — sync → terminating → terminated → finished —
 * and a goroutine that runs SyncPod, SyncTerminatingPod or SyncTerminatedPod according to it.
 *   - 1.22–1.26 ('lifecycle'): work items carry their work type; an update arriving while the worker is busy is kept
 *     as the single "last undelivered" one.
 *   - 1.27+ ('pending'): updates are merged into a pending update and the goroutine is woken through a 1-slot
 *     channel; orphaned workers are driven to completion by housekeeping.
 * Housekeeping (syncKnownPods) forgets finished workers of pods no longer desired; an unfinished one stays, logging
 * "requested for removal but is still not fully terminated" — seed 004's stuck worker.
 */
import { Chan, recv, type Go } from '../engine/ops.ts';
import type { PodIdent } from '../log/go-values.ts';
import type { ApiPod, RuntimePodStatus } from '../world/types.ts';
import { podName, refFields, uidVal, type Kubelet, type PodWorkers, type UpdatePodOptions } from './kubelet.ts';
import { getNewerThan } from './pleg.ts';
import { syncPod, syncTerminatedPod, syncTerminatingPod, syncTerminatingRuntimePod } from './sync-pod.ts';

type WorkType = 'sync' | 'terminating' | 'terminated';
const WORK_INT: Record<WorkType, number> = { sync: 0, terminating: 1, terminated: 2 };

interface SyncStatus {
  ident: PodIdent;
  pod?: ApiPod;
  listed?: RuntimePodStatus;
  working: boolean;
  terminatingAt?: number;
  startedTerminating: boolean;
  deleted: boolean;
  terminatedAt?: number;
  finished: boolean;
  restartRequested: boolean;
  grace?: number;
  cancelled: boolean;
  /** A sync function is running (its context could be cancelled). */
  syncing: boolean;
  wake: Chan<boolean>;
  pending?: UpdatePodOptions;
  active?: UpdatePodOptions;
}

function workTypeOf(s: SyncStatus): WorkType {
  return s.terminatedAt !== undefined ? 'terminated' : s.terminatingAt !== undefined ? 'terminating' : 'sync';
}

export class LifecyclePodWorkers implements PodWorkers {
  private readonly statuses = new Map<string, SyncStatus>();
  private podsSynced = false;

  constructor(private readonly k: Kubelet) {}

  private get pendingMode(): boolean {
    return this.k.profile.podWorkers === 'pending';
  }

  private workTypeVal(t: WorkType) {
    return this.pendingMode ? { t: 'stringer' as const, v: t } : WORK_INT[t];
  }

  updatePod(o: UpdatePodOptions): void {
    const k = this.k;
    const ident: PodIdent = o.pod ?? o.runningPod!.pod;
    const uid = ident.uid;
    const runtimeOnly = o.pod === undefined;
    let s = this.statuses.get(uid);
    if (!s) {
      s = { ident, working: false, startedTerminating: false, deleted: false, finished: false, restartRequested: false, cancelled: false, syncing: false, wake: new Chan(`podUpdates[${ident.name}]`, 1) };
      this.statuses.set(uid, s);
      k.log('pw.first-sync', { ...refFields(ident), updateType: { t: 'stringer', v: o.updateType } });
      k.truth('pod-worker', uid, '', 'sync');
      k.spawn(`pod-worker ${podName(ident)}`, this.loop(uid, s));
    }
    if (s.terminatingAt !== undefined && o.updateType === 'create') {
      s.restartRequested = true;
      k.log('pw.restart-requested', refFields(ident));
      return;
    }
    if (s.finished) {
      k.log('pw.finished-ignored', refFields(ident));
      return;
    }
    let becameTerminating = false;
    if (s.terminatingAt === undefined) {
      if (runtimeOnly) { k.log('pw.teardown-orphaned', refFields(ident)); s.deleted = true; }
      else if (o.pod!.deletionUs !== undefined) { k.log('pw.teardown-deleted', refFields(ident)); s.deleted = true; }
      else if (o.pod!.status.phase === 'Failed' || o.pod!.status.phase === 'Succeeded') k.log('pw.teardown-terminal', refFields(ident));
      else if (o.updateType === 'kill') k.log('pw.teardown-removed', refFields(ident));
      if (runtimeOnly || o.pod!.deletionUs !== undefined || o.updateType === 'kill' || o.pod!.status.phase === 'Failed' || o.pod!.status.phase === 'Succeeded') {
        s.terminatingAt = k.nowUs;
        becameTerminating = true;
        k.truth('pod-worker', uid, '', 'terminating');
      }
    }
    if (s.terminatedAt !== undefined && runtimeOnly) return;
    if (s.terminatingAt !== undefined) s.grace = effectiveGrace(s, o);
    if (o.pod) s.pod = o.pod;
    if (o.runningPod) s.listed = o.runningPod;
    s.pending = o;
    if (this.pendingMode) k.log('pw.pending-update', { ...refFields(ident), workType: { t: 'stringer', v: workTypeOf(s) } });
    if (!s.working || this.pendingMode) {
      s.working = true;
      k.sched.trySend(s.wake, true);
    }
    if (becameTerminating && s.syncing) {
      s.cancelled = true;
      k.log('pw.cancel-sync', { ...refFields(ident), updateType: WORK_INT.terminating, workType: { t: 'stringer', v: 'terminating' } });
    }
  }

  private *loop(uid: string, s: SyncStatus): Go {
    const k = this.k;
    let lastSyncUs = 0;
    for (;;) {
      const r = yield* recv(s.wake, 'wait for pod work (pod worker loop)');
      if (!r.ok) break;
      const o = s.pending ?? s.active;
      s.pending = undefined;
      if (!o) { s.working = false; continue; }
      s.active = o;
      s.cancelled = false;
      s.syncing = true;
      const type = workTypeOf(s);
      const pod = s.pod;
      k.log('pw.work', { ...refFields(s.ident), updateType: this.workTypeVal(type) });
      const listed = type === 'terminating' && !pod ? s.listed : undefined;
      const cached = listed ? undefined : yield* getNewerThan(k, s.ident, lastSyncUs);
      const rt = cached?.status;
      let err: string | undefined = cached?.err && `error determining status: ${cached.err}`;
      let isTerminal = false;
      if (err) { /* the sync function does not run */ }
      else if (type === 'terminated') err = yield* syncTerminatedPod(k, pod!, rt!);
      else if (type === 'terminating') {
        if (!s.startedTerminating) {
          s.startedTerminating = true;
          k.log('pw.observed-terminate', refFields(s.ident));
        }
        err = listed ? yield* syncTerminatingRuntimePod(k, listed) : yield* syncTerminatingPod(k, pod!, rt!, s.grace ?? 30);
      } else [isTerminal, err] = yield* syncPod(k, pod!, rt!);
      lastSyncUs = k.nowUs;
      s.syncing = false;
      const done = { ...refFields(s.ident), updateType: this.workTypeVal(type) };
      if (s.cancelled && type === 'sync') {
        k.log('pw.sync-cancelled', done);
      } else if (err) {
        k.log('pw.sync-error', { err, ...refFields(s.ident) });
      } else if (type === 'terminated') {
        this.finish(s, 'pw.complete');
        k.log('pw.work-done', done);
        break;
      } else if (type === 'terminating' && listed) {
        this.finish(s, 'pw.orphan-terminated');
        k.log('pw.work-done', done);
        break;
      } else if (type === 'terminating') {
        k.log('pw.terminated', refFields(s.ident));
        s.terminatedAt = k.nowUs;
        k.truth('pod-worker', uid, '', 'terminated');
        if (!s.pending) s.pending = s.active;
      } else if (isTerminal) {
        k.log('pw.terminal', refFields(s.ident));
        s.terminatingAt = k.nowUs;
        k.truth('pod-worker', uid, '', 'terminating');
        if (!s.pending) s.pending = s.active;
      }
      // completeWork: requeue, then run the next update at once or go idle.
      const transition = !err && (type === 'terminating' || isTerminal);
      k.enqueue(uid, transition ? 0 : err ? k.sched.rng.jitter(10e6, 0.5) : k.sched.rng.jitter(k.cfg.syncFrequencyUs, 0.5));
      k.log('pw.work-done', done);
      if (s.pending) {
        if (this.pendingMode) k.log('pw.requeue', { ...refFields(s.ident), workType: { t: 'stringer', v: workTypeOf(s) } });
        k.sched.trySend(s.wake, true);
      } else s.working = false;
    }
    if (this.pendingMode) k.log('pw.stopped', { podUID: uidVal(uid) });
  }

  private finish(s: SyncStatus, site: string): void {
    this.k.log(site, refFields(s.ident));
    s.finished = true;
    this.k.truth('pod-worker', s.ident.uid, '', 'finished');
  }

  syncKnownPods(desired: ReadonlySet<string>): Map<string, 'sync' | 'terminating' | 'terminated'> {
    this.podsSynced = true;
    const out = new Map<string, 'sync' | 'terminating' | 'terminated'>();
    for (const [uid, s] of [...this.statuses]) {
      const orphan = !desired.has(uid);
      if ((orphan || s.restartRequested) && this.removeTerminated(uid, s, orphan)) continue;
      out.set(uid, workTypeOf(s));
    }
    return out;
  }

  /** removeTerminatedWorker: true if the worker was forgotten. */
  private removeTerminated(uid: string, s: SyncStatus, orphan: boolean): boolean {
    const k = this.k;
    if (!s.finished) {
      if (!this.pendingMode || !orphan) {
        k.log('pw.removal-not-terminated', { podUID: uidVal(uid) });
        k.world.emit('removal-not-terminated', uid);
        return false;
      }
      s.deleted = true;
      if (s.terminatingAt === undefined) {
        s.terminatingAt = k.nowUs;
        s.grace = s.pod ? s.pod.spec.terminationGracePeriodSeconds : 1;
        k.truth('pod-worker', uid, '', 'terminating');
        k.log('pw.orphan-still-running', { podUID: uidVal(uid) });
      } else k.log('pw.orphan-still-terminating', { podUID: uidVal(uid) });
      if (!s.pending) s.pending = s.active;
      k.sched.trySend(s.wake, true);
      return false;
    }
    k.log('pw.forgotten', { podUID: uidVal(uid) });
    this.statuses.delete(uid);
    k.sched.close(s.wake as Chan<unknown>);
    k.truth('pod-worker', uid, '', 'forgotten');
    k.world.emit('worker-forgotten', uid);
    return true;
  }

  shouldPodContentBeRemoved(uid: string): boolean {
    const s = this.statuses.get(uid);
    if (s) return s.deleted && s.terminatedAt !== undefined;
    return this.podsSynced;
  }

  couldHaveRunningContainers(uid: string): boolean {
    const s = this.statuses.get(uid);
    if (s) return s.terminatedAt === undefined;
    return !this.podsSynced;
  }

  isTerminationRequested(uid: string): boolean {
    return this.statuses.get(uid)?.terminatingAt !== undefined;
  }
}

/** calculateEffectiveGracePeriod: the API's deletion grace, a kill override, else the spec; it can only shrink. */
function effectiveGrace(s: SyncStatus, o: UpdatePodOptions): number {
  let g = o.pod?.deletionGraceSeconds ?? o.pod?.spec.terminationGracePeriodSeconds ?? s.pod?.spec.terminationGracePeriodSeconds ?? 1;
  if (o.graceOverride !== undefined && o.graceOverride < g) g = o.graceOverride;
  if (s.grace !== undefined && s.grace < g) g = s.grace;
  return Math.max(1, g);
}
