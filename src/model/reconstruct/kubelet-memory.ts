/**
 * The state machines for what the kubelet process keeps in memory: pod workers, readiness, probe workers, the status
 * cache's API versions, the sync loop's runtime gate and the node's Ready condition. Each runner is created on first
 * use. A kubelet restart loses all of it (forget); containers live on in the runtime and are not here.
 */
import { minorRange } from '../../catalog/fingerprint.ts';
import {
  API_STATUS_MACHINE, NODE_READY_MACHINE, POD_WORKER_LIFECYCLE, POD_WORKER_SERIALIZER, PROBE_MACHINE, READINESS_MACHINE,
  SYNC_GATE_MACHINE,
} from '../machines.ts';
import { CompiledMachine, StateRunner } from '../state-runner.ts';
import type { LaneKind, SourceInfo } from '../trace.ts';
import type { ReconstructContext } from './context.ts';
import { PROBE_TYPES } from './lane-registry.ts';

const M_LIFECYCLE = new CompiledMachine(POD_WORKER_LIFECYCLE);
const M_SERIALIZER = new CompiledMachine(POD_WORKER_SERIALIZER);
const M_READINESS = new CompiledMachine(READINESS_MACHINE);
const M_PROBE = new CompiledMachine(PROBE_MACHINE);
const M_API = new CompiledMachine(API_STATUS_MACHINE);
const M_GATE = new CompiledMachine(SYNC_GATE_MACHINE);
const M_NODE_READY = new CompiledMachine(NODE_READY_MACHINE);

/** Per source, whether its pod workers follow the 1.22+ lifecycle table (else the ≤1.21 serializer), by its version range. */
export function usesLifecycleWorkers(sources: readonly SourceInfo[]): boolean[] {
  return sources.map((s) => {
    const [lo, hi] = minorRange(s.versionRange);
    if (hi !== Infinity && hi <= 21) return false;
    if (lo >= 22) return true;
    return s.eras.structured + s.eras.json > s.eras.printf;
  });
}

export class KubeletMemory {
  // The Maps' insertion order decides the order in which open spans are closed (and so span order in the trace).
  readonly workerRunners = new Map<number, StateRunner>();
  readonly readinessRunners = new Map<number, StateRunner>();
  /** Key `pod|container|probe type`. */
  readonly probeRunners = new Map<string, StateRunner>();
  readonly apiRunners = new Map<number, StateRunner>();
  readonly gateRunners = new Map<number, StateRunner>();
  readonly nodeReadyRunners = new Map<number, StateRunner>();
  /** workerRunners by pod index, for the per-event lookup. */
  private workerOfPod: (StateRunner | undefined)[] = [];
  /** probeRunners by pod, then (container name string id, probe type number) as one number. */
  private probeRunnerByNumber: (Map<number, StateRunner> | undefined)[] = [];
  /** The probe runners of each pod that name a container (a restart closes them; the list keeps them, closed). */
  private readonly containerProbes: ({ type: string; runner: StateRunner }[] | undefined)[] = [];

  constructor(private readonly ctx: ReconstructContext, private readonly lifecycleBySource: readonly boolean[]) {}

  /** The pod's worker; created at event i (its source decides the worker table) if the pod has none. */
  podWorker(pod: number, i: number, t: number): StateRunner {
    let r = this.workerOfPod[pod];
    if (!r) {
      const events = this.ctx.events;
      r = this.newRunner(this.lifecycleBySource[events.source[i]] ? M_LIFECYCLE : M_SERIALIZER, 'pod-worker', events.node[i], pod, i, t);
      this.workerRunners.set(pod, r);
      this.workerOfPod[pod] = r;
    }
    return r;
  }

  readiness(pod: number, i: number, t: number): StateRunner {
    return this.readinessRunners.get(pod)
      ?? remember(this.readinessRunners, pod, this.newRunner(M_READINESS, 'readiness', this.ctx.events.node[i], pod, i, t));
  }

  api(pod: number, i: number, t: number): StateRunner {
    return this.apiRunners.get(pod) ?? remember(this.apiRunners, pod, this.newRunner(M_API, 'api-status', this.ctx.events.node[i], pod, i, t));
  }

  probe(pod: number, container: string, type: string, i: number, t: number): StateRunner {
    const key = `${pod}|${container}|${type}`;
    const known = this.probeRunners.get(key);
    if (known) return known;
    const r = remember(this.probeRunners, key, this.newRunner(M_PROBE, 'probe', this.ctx.events.node[i], pod, i, t, container, type));
    if (container) (this.containerProbes[pod] ??= []).push({ type, runner: r });
    return r;
  }

  /** The pod-level probe runner of `type` (from lines that name no container), if one was made. */
  podProbe(pod: number, type: string): StateRunner | undefined {
    return this.probeRunners.get(`${pod}||${type}`);
  }

  /** The pod's one open container probe of `type` (any state), or undefined if none or several are. */
  onlyContainerProbe(pod: number, type: string): StateRunner | undefined {
    let found: StateRunner | undefined;
    for (const p of this.containerProbes[pod] ?? []) {
      if (p.type !== type || p.runner.isClosed) continue;
      if (found) return undefined;
      found = p.runner;
    }
    return found;
  }

  /**
   * The pod's one open container probe of `type` in `state`, or undefined if none or several are: a result change the
   * sync loop reports for the pod belongs to a probe whose last result it reverses, and is that one's if it is alone.
   */
  onlyContainerProbeIn(pod: number, type: string, state: string): StateRunner | undefined {
    let found: StateRunner | undefined;
    for (const p of this.containerProbes[pod] ?? []) {
      if (p.type !== type || p.runner.isClosed || p.runner.currentState !== state) continue;
      if (found) return undefined;
      found = p.runner;
    }
    return found;
  }

  /** probe() by numbers: `cname` a string id, `probeType` an index into PROBE_TYPES (the key string is built once). */
  probeByNumber(pod: number, cname: number, probeType: number, i: number, t: number): StateRunner {
    const memo = this.probeRunnerByNumber[pod] ?? (this.probeRunnerByNumber[pod] = new Map());
    const key = cname * 4 + probeType;
    return memo.get(key) ?? remember(memo, key, this.probe(pod, cname ? this.ctx.strings.get(cname) : '', PROBE_TYPES[probeType], i, t));
  }

  gate(node: number, i: number, t: number): StateRunner {
    return this.gateRunners.get(node) ?? remember(this.gateRunners, node, this.newRunner(M_GATE, 'sync-loop', node, -1, i, t));
  }

  nodeReady(node: number, i: number, t: number): StateRunner {
    return this.nodeReadyRunners.get(node) ?? remember(this.nodeReadyRunners, node, this.newRunner(M_NODE_READY, 'node-status', node, -1, i, t));
  }

  /** A runner of `machine` on the `kind` lane of the pod (or the node, pod < 0), starting at event i. */
  private newRunner(machine: CompiledMachine, kind: LaneKind, node: number, pod: number, i: number, t: number, container = '', probeType = ''): StateRunner {
    const { lanes, runnerContext } = this.ctx;
    return new StateRunner(machine, runnerContext, lanes.lane(kind, node, pod, container, probeType), -1, pod, t, i);
  }

  /**
   * A kubelet restart on `node`: pod workers, probe results, the status cache and the runtime gate start again from
   * nothing. Their bands end at the old process's last line (we cannot know how long it was down).
   */
  forget(node: number, lastUs: number): void {
    const { lanes, pods } = this.ctx;
    const onNode = (r: StateRunner) => r.pod < 0 ? lanes.lanes[r.lane].node === node : pods[r.pod].node === node;
    for (const map of [this.workerRunners, this.readinessRunners, this.apiRunners, this.gateRunners, this.nodeReadyRunners]) {
      for (const [k, r] of map) if (onNode(r)) { r.stop(lastUs); map.delete(k); }
    }
    for (const [k, r] of this.probeRunners) if (onNode(r)) { r.stop(lastUs); this.probeRunners.delete(k); }
    this.probeRunnerByNumber = [];
    this.workerOfPod = [];
    for (const [k, r] of this.workerRunners) this.workerOfPod[k] = r;
  }
}

function remember<K>(map: Map<K, StateRunner>, key: K, r: StateRunner): StateRunner {
  map.set(key, r);
  return r;
}
