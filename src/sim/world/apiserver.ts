/**
 * A fake API server: the pods bound to this node with their stored status, the Node's Ready condition, and a watch
 * stream per subscribed kubelet. Users (the scenario's "kubectl") create and delete pods; the kubelet reads pods,
 * patches their status and issues the final delete through calls that take a few ms of simulated time.
 */
import type { CallPlan } from '../engine/ops.ts';
import { Signal } from '../engine/ops.ts';
import type { Scheduler } from '../engine/scheduler.ts';
import { copyStatus, type ApiPod, type PodStatus } from './types.ts';

/** What changed in a MODIFIED event, which the config source turns into UPDATE / DELETE / RECONCILE. */
export type ChangeKind = 'create' | 'spec' | 'status' | 'deletion' | 'remove';

export interface WatchEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  change: ChangeKind;
  pod: ApiPod;
}

export interface Watch {
  queue: WatchEvent[];
  signal: Signal;
  open: boolean;
}

const API_LATENCY_US = 4_000;

export function copyPod(p: ApiPod): ApiPod {
  return { ...p, status: copyStatus(p.status), labels: p.labels && { ...p.labels } };
}

export class ApiServer {
  readonly pods = new Map<string, ApiPod>();
  private readonly watches: Watch[] = [];
  /** The Node's Ready condition as the kubelet last posted it. */
  nodeReady: 'True' | 'False' = 'True';
  nodeReadySinceUs = 0;

  constructor(private readonly sched: Scheduler) {}

  /** List + watch: the current pods, and a queue that receives every later change. */
  watch(): { pods: ApiPod[]; watch: Watch } {
    const watch: Watch = { queue: [], signal: new Signal('apiserver watch'), open: true };
    this.watches.push(watch);
    return { pods: [...this.pods.values()].map(copyPod), watch };
  }

  private notify(type: WatchEvent['type'], change: ChangeKind, pod: ApiPod): void {
    for (const w of this.watches) {
      if (!w.open) continue;
      w.queue.push({ type, change, pod: copyPod(pod) });
      this.sched.broadcast(w.signal);
    }
  }

  private latency(): number {
    return Math.round(API_LATENCY_US * (0.6 + 0.8 * this.sched.rng.float()));
  }

  private plan<T>(effect: (nowUs: number) => T): (nowUs: number) => CallPlan<T> {
    return () => ({ durationUs: this.latency(), hang: false, complete: (now) => ({ ok: true, value: effect(now) }) });
  }

  // ---- users ----------------------------------------------------------------------------------------------------------

  create(pod: ApiPod): void {
    this.pods.set(pod.uid, pod);
    this.notify('ADDED', 'create', pod);
  }

  /** `kubectl delete`: graceful deletion sets the deletion timestamp; the kubelet finishes it. */
  requestDelete(uid: string, graceSeconds: number): void {
    const p = this.pods.get(uid);
    if (!p || p.deletionUs !== undefined) return;
    p.deletionUs = this.sched.nowUs + graceSeconds * 1e6;
    p.deletionGraceSeconds = graceSeconds;
    p.resourceVersion++;
    this.notify('MODIFIED', 'deletion', p);
  }

  /** `kubectl label`: a metadata change the kubelet sees as UPDATE (it changes nothing it runs). */
  label(uid: string, key: string, value: string): void {
    const p = this.pods.get(uid);
    if (!p) return;
    p.labels = { ...p.labels, [key]: value };
    p.resourceVersion++;
    this.notify('MODIFIED', 'spec', p);
  }

  // ---- the kubelet's calls -----------------------------------------------------------------------------------------

  getPod(uid: string): (nowUs: number) => CallPlan<ApiPod | undefined> {
    return this.plan(() => {
      const p = this.pods.get(uid);
      return p && copyPod(p);
    });
  }

  patchStatus(uid: string, status: PodStatus): (nowUs: number) => CallPlan<boolean> {
    return this.plan(() => {
      const p = this.pods.get(uid);
      if (!p) return false;
      p.status = copyStatus(status);
      p.resourceVersion++;
      this.notify('MODIFIED', 'status', p);
      return true;
    });
  }

  /** The status manager's final delete (grace 0, UID precondition): the object goes away. */
  deletePod(uid: string): (nowUs: number) => CallPlan<boolean> {
    return this.plan(() => {
      const p = this.pods.get(uid);
      if (!p) return false;
      p.deletionGraceSeconds = 0;
      p.resourceVersion++;
      this.notify('MODIFIED', 'deletion', p);
      this.pods.delete(uid);
      this.notify('DELETED', 'remove', p);
      return true;
    });
  }

  patchNodeReady(ready: 'True' | 'False'): (nowUs: number) => CallPlan<boolean> {
    return this.plan((now) => {
      if (this.nodeReady !== ready) this.nodeReadySinceUs = now;
      this.nodeReady = ready;
      return true;
    });
  }

  /** A plain round trip (registration, node GET…). */
  roundTrip(): (nowUs: number) => CallPlan<boolean> {
    return this.plan(() => true);
  }
}
