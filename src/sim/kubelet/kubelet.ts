/**
 * One kubelet process: its in-memory state (pod manager, pod workers, status cache, probe results, PLEG cache,
 * runtime state) and `run()`, which starts its goroutines the way Kubelet.Run does. Everything here dies with the
 * process; the runtime and the API server (the World) outlive it.
 */
import { Chan, Mutex, Signal, type CallPlan, type CallResult, type Go, call } from '../engine/ops.ts';
import type { Scheduler } from '../engine/scheduler.ts';
import type { Fields, Build } from '../log/klog-writer.ts';
import type { PodIdent, Val } from '../log/go-values.ts';
import type { World } from '../world/world.ts';
import { DEADLINE_EXCEEDED } from '../world/cri.ts';
import type { ApiPod, RuntimePodStatus } from '../world/types.ts';
import type { HashInput } from './container-hash.ts';
import { buildOf, type Profile } from './profile.ts';
import type { TruthMachine } from '../world/truth.ts';
import type { StatusManager } from './status-manager.ts';
import type { ProbeManager } from './probe-manager.ts';
import type { Allocatable } from './admission.ts';

/** The scheduler's result for a call that outlived its deadline. */
const TIMED_OUT = 'context deadline exceeded';
/** logreduction's identicalErrorDelay in the runtime client. */
const IDENTICAL_ERROR_DELAY_US = 60e6;

export interface KubeletConfig {
  nodeName: string;
  pid: number;
  hash: HashInput;
  /** What the predicate admit handler checks pods' requests against (node allocatable, and --max-pods). */
  allocatable: Allocatable;
  /** Seed 000's custom 1.12.4 branch: default readiness prober with an initial Success, restart-limit admission. */
  custom?: { restartCountLimit: number; atomicReadinessRead: boolean };
  /** Deadline on cAdvisor's container inspections in the one-time initializer (0 = none, as upstream). */
  initInspectDeadlineUs: number;
  /** The node status loop runs one runtime check before its first status (as master does). */
  statusWaitsForRuntime: boolean;
  /** The runtime client's request timeout (dockershim's docker client, later the CRI runtime request timeout: 2 min). */
  runtimeCallTimeoutUs: number;
  /** Deadline on the kubelet's own container inspections (CRI ContainerStatus); unset: the request timeout. */
  inspectDeadlineUs?: number;
  syncFrequencyUs: number;
  /**
   * Where housekeeping's orphan check reads the running pods: the 2 s runtime cache (1.22–1.26) or a forced fresh
   * listing (1.27+). Unset: as the version profile does; a scenario sets it to model a fix backported, or not taken.
   */
  housekeepingListing?: 'cache' | 'fresh';
}

export type ConfigOp = 'ADD' | 'UPDATE' | 'DELETE' | 'REMOVE' | 'RECONCILE';

export interface PodUpdate {
  op: ConfigOp;
  pods: ApiPod[];
  source: string;
}

export type PlegEventType = 'ContainerStarted' | 'ContainerDied' | 'ContainerRemoved' | 'ContainerChanged';

export interface PlegEvent {
  id: string;
  type: PlegEventType;
  data: string;
}

export interface UpdatePodOptions {
  updateType: 'create' | 'update' | 'sync' | 'kill';
  pod?: ApiPod;
  /** A pod known only from the runtime (orphan): killed without config. */
  runningPod?: RuntimePodStatus;
  graceOverride?: number;
}

export interface ProbeUpdate {
  uid: string;
  containerId: string;
  result: 'Success' | 'Failure';
  /** Which results manager sent it (liveness and startup updates share one channel here). */
  type?: 'readiness' | 'liveness' | 'startup';
}

/** What the pod workers offer the rest of the kubelet (implemented per version in pod-workers-*.ts). */
export interface PodWorkers {
  updatePod(o: UpdatePodOptions): void;
  /** Housekeeping: forget finished workers of pods no longer desired; returns the state of each known worker. */
  syncKnownPods(desired: ReadonlySet<string>): Map<string, 'sync' | 'terminating' | 'terminated'>;
  shouldPodContentBeRemoved(uid: string): boolean;
  couldHaveRunningContainers(uid: string): boolean;
  isTerminationRequested(uid: string): boolean;
  /** ≤1.21: REMOVE forgets the worker at once. */
  forgetWorker?(uid: string): void;
}

export class Kubelet {
  readonly sched: Scheduler;
  readonly build: Build;
  readonly process: number;
  alive = true;
  readonly configCh = new Chan<PodUpdate>('configCh', 50);
  readonly plegCh = new Chan<PlegEvent>('plegCh', 1000);
  readonly syncTick = new Chan<number>('syncTicker', 1);
  readonly housekeepingTick = new Chan<number>('housekeepingTicker', 1);
  readonly readinessUpdates = new Chan<ProbeUpdate>('readinessManager.Updates', 20);
  /** livenessManager.Updates() and (1.16+) startupManager.Updates(): the sync loop reads both. */
  readonly livenessUpdates = new Chan<ProbeUpdate>('livenessManager.Updates', 20);
  readonly podManager = new Map<string, ApiPod>();
  /** ≤1.21: pods the podKiller goroutine must kill. */
  readonly podKillingCh = new Chan<{ pod: ApiPod; running: RuntimePodStatus }>('podKillingCh', 50);
  /** Dead containers to remove (the pod container deletor). */
  readonly deletorCh = new Chan<{ uid: string; containerId: string; removeAll: boolean }>('podContainerDeletor', 50);
  /** Pods whose volumes and cgroups SyncTerminatedPod has cleaned up (PodResourcesAreReclaimed, 1.22–1.26). */
  readonly reclaimed = new Set<string>();
  /** Called when the process stops (closing its API watch). */
  readonly onStop: (() => void)[] = [];
  sourcesReady = false;
  /** Work queue: pod UID → when its resync or back-off is due. */
  readonly workQueue = new Map<string, number>();
  podWorkers!: PodWorkers;
  status!: StatusManager;
  probes!: ProbeManager;
  /** lastBaseRuntimeSync (0 = never). */
  lastRuntimeSyncUs = 0;
  /** The one-time initializer (sync.Once around initializeRuntimeDependentModules). */
  readonly init = { state: 'idle' as 'idle' | 'running' | 'done', done: new Signal('oneTimeInitializer') };
  /** PLEG: last successful relist start, the pod cache and its "newer than" condition. */
  readonly pleg = {
    relistUs: 0, cacheTimeUs: 0, cache: new Map<string, { status: RuntimePodStatus; modifiedUs: number; err?: string }>(),
    updated: new Signal('podCache'), states: new Map<string, { uid: string; pod: PodIdent; state: string; sandbox: boolean }>(),
    reinspect: new Set<string>(),
  };
  /** The 2 s runtime cache housekeeping reads (≤1.26). */
  readonly runtimeCache = { pods: [] as RuntimePodStatus[], timeUs: -Infinity };
  /** Containers the status manager or probes need to find by ID → pod UID. */
  readonly backoff = new Map<string, { untilUs: number; periodUs: number }>();
  /** The image manager's pull back-off, per pod UID and image. */
  readonly imageBackoff = new Map<string, { untilUs: number; periodUs: number }>();
  /** The reason a container could not be started in the last sync (`uid/name` → ErrImagePull…), for its status. */
  readonly reasonCache = new Map<string, string>();
  readonly mu = { probeWorkers: new Mutex('probe workerLock') };

  constructor(readonly world: World, readonly profile: Profile, readonly cfg: KubeletConfig) {
    this.sched = world.sched;
    this.build = buildOf(profile, cfg.custom !== undefined);
    this.process = world.newProcessId();
  }

  get nowUs(): number {
    return this.sched.nowUs;
  }

  get minor(): number {
    return this.profile.minor;
  }

  get structured(): boolean {
    return this.profile.minor >= 21;
  }

  log(site: string, fields: Fields = {}): void {
    this.world.print(this.build, this.cfg.pid, site, fields);
  }

  spawn(name: string, gen: Go<unknown>): number {
    return this.sched.spawn(name, gen, this.process);
  }

  truth(machine: TruthMachine, pod: string, key: string, state: string): void {
    this.world.truth.set(machine, pod, key, state);
  }

  /**
   * A runtime call with the kubelet's client-side timeout unless `deadlineUs` says otherwise; a call that outlives
   * its deadline fails as the gRPC client reports it.
   */
  *cri<T>(plan: (nowUs: number) => CallPlan<T>, what: string, deadlineUs = this.cfg.runtimeCallTimeoutUs): Go<CallResult<T>> {
    const r = yield* call(plan, what, deadlineUs);
    return !r.ok && r.err === TIMED_OUT ? { ok: false, err: DEADLINE_EXCEEDED } : r;
  }

  /** GetPodStatus: inspect the pod's sandboxes and containers (with the inspection deadline). */
  *inspectPod(pod: PodIdent, containerIds: string[], what: string): Go<CallResult<RuntimePodStatus>> {
    const hung = this.world.cri.hangingInspect(containerIds);
    const r = yield* this.cri(this.world.cri.podStatus(pod, containerIds), what, this.cfg.inspectDeadlineUs ?? this.cfg.runtimeCallTimeoutUs);
    if (!r.ok) this.logCallFailure('runtime.container-status-failed', hung ?? containerIds[0] ?? pod.uid, r.err ?? 'unknown', { containerID: hung ?? containerIds[0] ?? '' });
    return r;
  }

  /** When each (site, object) last printed which error: the runtime client repeats an identical error once a minute. */
  private readonly logReduction = new Map<string, { err: string; atUs: number }>();

  logCallFailure(site: string, key: string, err: string, fields: Fields): void {
    const id = `${site}|${key}`;
    const last = this.logReduction.get(id);
    if (last && last.err === err && this.nowUs - last.atUs < IDENTICAL_ERROR_DELAY_US) return;
    this.logReduction.set(id, { err, atUs: this.nowUs });
    this.log(site, { err, ...fields });
  }

  containerId(id: string): string {
    return `${this.profile.runtime}://${id}`;
  }

  /** Requeue a pod for its next sync (the pod workers' work queue). */
  enqueue(uid: string, delayUs: number): void {
    this.workQueue.set(uid, this.nowUs + delayUs);
  }

  /** Stops the process: its goroutines stop, its tickers stop ticking. */
  stop(): void {
    this.alive = false;
    for (const fn of this.onStop) fn();
    this.sched.killProcess(this.process);
  }
}

// ---- log argument helpers --------------------------------------------------------------------------------------------

export const podVal = (p: PodIdent): Val => ({ t: 'pod', pod: p });
export const uidVal = (uid: string): Val => ({ t: 'uid', v: uid });
export const refFields = (p: PodIdent): Fields => ({ pod: podVal(p), podUID: uidVal(p.uid) });
export const shortId = (id: string): string => id.slice(0, 12);
export const podName = (p: PodIdent): string => `${p.namespace}/${p.name}`;
