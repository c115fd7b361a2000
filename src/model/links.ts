/**
 * Causal links between events, derived from how the kubelet works rather than drawn by hand: each rule says that an
 * event of one kind on one goroutine leads to the next event of another kind for the same pod (or container) within
 * a time window. Example chains: PLEG relist → sync loop dispatch → pod worker sync → status patch; probe result →
 * sync loop → kill; housekeeping orphan clean-up → new pod worker → failed kill.
 */
import { KINDS } from '../catalog/catalog.ts';
import { LINK_KINDS, type LinkKind, type LinkTable, type Trace } from './trace.ts';
import { US_PER_S } from '../util/time.ts';

export interface LinkRule {
  from: readonly string[];
  to: readonly string[];
  kind: LinkKind;
  /** Largest delay between cause and effect. */
  withinUs: number;
  /** Match on the same container instance instead of the same pod. */
  sameContainer?: boolean;
  why: string;
}

const POD_WORKER_STARTS = ['pw.work-sync', 'pw.work-terminating', 'pw.work-terminated', 'pw.first-sync', 'sync.pod-enter', 'sync.generating-status'];
const TEARDOWNS = ['pw.teardown-deleted', 'pw.teardown-terminal', 'pw.teardown-evicted', 'pw.teardown-removed', 'pw.teardown-orphaned'];

export const LINK_RULES: readonly LinkRule[] = [
  { from: ['pleg.to-running', 'pleg.to-exited', 'pleg.to-nonexistent', 'pleg.container-finished'], to: ['pleg.container-started', 'pleg.container-died', 'pleg.container-removed'], kind: 'pleg', withinUs: 2 * US_PER_S, sameContainer: true, why: 'PLEG relist saw the change and sent an event to the sync loop' },
  { from: ['pleg.container-started', 'pleg.container-died', 'syncloop.pleg'], to: POD_WORKER_STARTS, kind: 'dispatch', withinUs: 2 * US_PER_S, why: 'the sync loop handed the PLEG event to the pod worker' },
  { from: ['syncloop.add', 'syncloop.update', 'syncloop.sync', 'syncloop.probe', 'syncloop.probe-liveness-failed'], to: POD_WORKER_STARTS, kind: 'dispatch', withinUs: 2 * US_PER_S, why: 'the sync loop dispatched the pod to its worker' },
  { from: ['syncloop.delete', 'syncloop.remove', 'sync.deleted-must-kill'], to: [...TEARDOWNS, 'pw.finished-ignored', 'pw.work-terminating'], kind: 'dispatch', withinUs: 2 * US_PER_S, why: 'the config change asked the pod worker to terminate' },
  { from: TEARDOWNS, to: ['pw.observed-terminate', 'sync.terminating-enter', 'pw.work-terminating'], kind: 'sync', withinUs: 5 * US_PER_S, why: 'the pod worker goroutine picked up the termination request' },
  { from: ['sync.terminating-enter', 'pw.observed-terminate'], to: ['runtime.kill', 'runtime.kill-override'], kind: 'kill', withinUs: 5 * US_PER_S, why: 'the terminating sync kills every container' },
  { from: ['sync.generating-status'], to: ['status.patch', 'status.updated', 'status.same', 'status.up-to-date'], kind: 'status', withinUs: 11 * US_PER_S, why: 'the status the pod worker generated was written by the status manager' },
  { from: ['syncloop.probe', 'probe.failed', 'syncloop.probe-liveness-failed'], to: ['runtime.kill-decision'], kind: 'probe', withinUs: 5 * US_PER_S, why: 'the probe result made computePodActions kill the container' },
  { from: ['runtime.kill-decision'], to: ['runtime.kill'], kind: 'kill', withinUs: 2 * US_PER_S, sameContainer: true, why: 'computePodActions decided to kill this container' },
  { from: ['runtime.kill', 'runtime.kill-override'], to: ['runtime.container-exited', 'pleg.container-died', 'pleg.container-finished', 'runtime.kill-failed'], kind: 'kill', withinUs: 120 * US_PER_S, sameContainer: true, why: 'the kill stopped the container' },
  { from: ['runtime.call-failed'], to: ['runtime.kill-failed', 'pw.sync-error', 'housekeeping.failed'], kind: 'runtime', withinUs: US_PER_S, why: 'the failed CRI call made this fail' },
  { from: ['runtime.kill-failed'], to: ['pw.sync-error'], kind: 'runtime', withinUs: US_PER_S, why: 'the failed kill failed the pod sync' },
  { from: ['housekeeping.orphan-kill'], to: ['pw.first-sync', 'pw.teardown-orphaned'], kind: 'cleanup', withinUs: US_PER_S, why: 'housekeeping made a pod worker to kill the orphaned pod' },
  { from: ['pw.terminated'], to: ['pw.work-terminated', 'sync.terminated-enter'], kind: 'sync', withinUs: 5 * US_PER_S, why: 'after killing, the worker runs the terminated sync' },
  { from: ['pw.complete'], to: ['pw.forgotten'], kind: 'cleanup', withinUs: 10 * US_PER_S, why: 'housekeeping forgot the finished pod worker' },
  { from: ['status.deleted'], to: ['syncloop.remove'], kind: 'status', withinUs: 5 * US_PER_S, why: 'the final delete made the API send REMOVE' },
  { from: ['probe.worker-added', 'probe.initial-result'], to: ['syncloop.probe', 'probe.succeeded', 'probe.failed'], kind: 'probe', withinUs: 10 * US_PER_S, why: 'the new probe worker ran its first probe' },
];

export function deriveLinks(trace: Trace, rules: readonly LinkRule[] = LINK_RULES): LinkTable {
  const ev = trace.events;
  // Rules by kind id, looked up by number for every event.
  const kindToFrom: (number[] | undefined)[] = [];
  const kindToTo: (number[] | undefined)[] = [];
  const kindIdx = new Map(KINDS.map((k, i) => [k, i]));
  rules.forEach((r, ri) => {
    for (const k of r.from) { const id = kindIdx.get(k); if (id !== undefined) (kindToFrom[id] ??= []).push(ri); }
    for (const k of r.to) { const id = kindIdx.get(k); if (id !== undefined) (kindToTo[id] ??= []).push(ri); }
  });
  // Latest unconsumed cause (its event index) per (rule, pod or container).
  const pending = rules.map((r) => new PendingCauses(r.sameContainer ? trace.containers.length : trace.pods.length));
  const linkKindOf = rules.map((r) => LINK_KINDS.indexOf(r.kind));
  const from: number[] = [];
  const to: number[] = [];
  const kind: number[] = [];
  const timeUs = ev.timeUs;
  for (let i = 0; i < ev.count; i++) {
    const k = ev.kind[i];
    const effects = kindToTo[k];
    if (effects) {
      for (const ri of effects) {
        const r = rules[ri];
        const key = r.sameContainer ? ev.container[i] : ev.pod[i];
        if (key < 0) continue;
        const cause = pending[ri].get(key);
        if (cause >= 0 && cause !== i && timeUs[i] - timeUs[cause] <= r.withinUs) {
          from.push(cause);
          to.push(i);
          kind.push(linkKindOf[ri]);
          pending[ri].delete(key);
        }
      }
    }
    const causes = kindToFrom[k];
    if (causes) {
      for (const ri of causes) {
        const r = rules[ri];
        if (r.sameContainer) {
          if (ev.container[i] >= 0) pending[ri].set(ev.container[i], i);
        } else if (ev.pod[i] >= 0) {
          pending[ri].set(ev.pod[i], i);
        } else {
          const listed = trace.multiPod[i];
          if (listed) for (const p of listed) pending[ri].set(p, i);
        }
      }
    }
  }
  return { count: from.length, from: Uint32Array.from(from), to: Uint32Array.from(to), kind: Uint8Array.from(kind) };
}

/** Keys (pod or container indices) up to this many are kept in an array; beyond, in a Map (a hostile log's millions). */
const MAX_ARRAY_KEYS = 1 << 20;

/** Event index of the latest unconsumed cause per key (-1: none), for one rule. */
class PendingCauses {
  private readonly byKey: Int32Array | undefined;
  private readonly map: Map<number, number> | undefined;

  constructor(keys: number) {
    if (keys <= MAX_ARRAY_KEYS) this.byKey = new Int32Array(keys).fill(-1);
    else this.map = new Map();
  }

  get(key: number): number {
    return this.byKey ? (key < this.byKey.length ? this.byKey[key] : -1) : this.map!.get(key) ?? -1;
  }

  set(key: number, event: number): void {
    if (this.byKey) this.byKey[key] = event;
    else this.map!.set(key, event);
  }

  delete(key: number): void {
    if (this.byKey) this.byKey[key] = -1;
    else this.map!.delete(key);
  }
}
