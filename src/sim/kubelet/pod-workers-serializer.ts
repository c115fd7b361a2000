/**
 * ≤1.21 pod workers (§2.1): a per-pod serializer with no lifecycle. UpdatePod starts a goroutine for a new UID,
 * hands it the update if it is idle, otherwise keeps the newest undelivered one (a pending kill is never replaced).
 * The worker waits for a fresh PLEG cache entry, runs syncPod, requeues the pod (resync ~1 min, or back-off 10 s
 * after an error) and takes the pending update. REMOVE forgets the worker; housekeeping forgets those of pods
 * that are no longer desired.
 */
import { Chan, recv, type Go } from '../engine/ops.ts';
import type { ApiPod } from '../world/types.ts';
import { podName, podVal, uidVal, type Kubelet, type PodWorkers, type UpdatePodOptions } from './kubelet.ts';
import { getNewerThan } from './pleg.ts';
import { syncPodLegacy } from './sync-pod.ts';

interface Worker {
  ch: Chan<UpdatePodOptions>;
  working: boolean;
  pending?: UpdatePodOptions;
}

export class SerializerPodWorkers implements PodWorkers {
  private readonly workers = new Map<string, Worker>();

  constructor(private readonly k: Kubelet) {}

  updatePod(o: UpdatePodOptions): void {
    const pod = o.pod!;
    let w = this.workers.get(pod.uid);
    if (!w) {
      w = { ch: new Chan(`podUpdates[${pod.name}]`, 1), working: false };
      this.workers.set(pod.uid, w);
      this.k.spawn(`pod-worker ${podName(pod)}`, this.loop(pod, w));
    }
    if (!w.working) {
      w.working = true;
      this.k.sched.trySend(w.ch, o);
    } else if (!w.pending || w.pending.updateType !== 'kill') {
      w.pending = o;
    }
  }

  private *loop(pod: ApiPod, w: Worker): Go {
    const k = this.k;
    let lastSyncUs = 0;
    for (;;) {
      const r = yield* recv(w.ch, 'wait for a pod update (managePodLoop)');
      if (!r.ok || !r.value) return;
      const o = r.value;
      const cached = yield* getNewerThan(k, o.pod!, lastSyncUs);
      const err = cached.err ? `error determining status: ${cached.err}` : yield* syncPodLegacy(k, o, cached.status);
      lastSyncUs = k.nowUs;
      if (err) k.log('pw.sync-error', { podUID: uidVal(pod.uid), pod: podVal(o.pod!), err });
      // wrapUp: requeue, then deliver the pending update or go idle.
      k.enqueue(pod.uid, err ? k.sched.rng.jitter(10e6, 0.5) : k.sched.rng.jitter(k.cfg.syncFrequencyUs, 0.5));
      if (w.pending) {
        const next = w.pending;
        w.pending = undefined;
        k.sched.trySend(w.ch, next);
      } else w.working = false;
    }
  }

  forgetWorker(uid: string): void {
    const w = this.workers.get(uid);
    if (!w) return;
    w.pending = undefined;
    this.k.sched.close(w.ch as Chan<unknown>);
    this.workers.delete(uid);
  }

  syncKnownPods(desired: ReadonlySet<string>): Map<string, 'sync' | 'terminating' | 'terminated'> {
    for (const uid of [...this.workers.keys()]) if (!desired.has(uid)) this.forgetWorker(uid);
    return new Map([...this.workers.keys()].map((uid) => [uid, 'sync' as const]));
  }

  shouldPodContentBeRemoved(uid: string): boolean {
    return !this.k.podManager.has(uid);
  }

  couldHaveRunningContainers(uid: string): boolean {
    return this.workers.has(uid);
  }

  isTerminationRequested(uid: string): boolean {
    return this.k.podManager.get(uid)?.deletionUs !== undefined;
  }
}
