/**
 * A fake container runtime behind the CRI: sandboxes, containers with their stored spec-hash labels, the simulated
 * applications inside them (readiness, SIGTERM handling, crashes), and injectable faults — a call that hangs for
 * one container, the whole runtime hanging, crashing and restarting for a window, or running slow. Every call
 * returns a CallPlan: it takes simulated time, and its effect and result are decided when it completes.
 */
import type { CallPlan, CallResult } from '../engine/ops.ts';
import type { Scheduler } from '../engine/scheduler.ts';
import { hexId } from '../engine/rng.ts';
import type { PodIdent } from '../log/go-values.ts';
import { copyContainer, copySandbox, type AppBehaviour, type RtContainer, type RtSandbox, type RuntimePodStatus } from './types.ts';

export type CriCall =
  | 'Status' | 'ListPodSandbox' | 'ListContainers' | 'PodSandboxStatus' | 'ContainerStatus' | 'RunPodSandbox'
  | 'StopPodSandbox' | 'RemovePodSandbox' | 'CreateContainer' | 'StartContainer' | 'StopContainer' | 'RemoveContainer'
  | 'ExecSync' | 'PullImage';

/** A runtime fault as injected: times are absolute once applied (see world.ts). */
export type RuntimeFault =
  | { kind: 'hang-container'; container: string; fromUs: number; untilUs: number }
  | { kind: 'hang-runtime'; fromUs: number; untilUs: number }
  | { kind: 'crash-runtime'; fromUs: number; untilUs: number }
  | { kind: 'slow-runtime'; factor: number; fromUs: number; untilUs: number };

export const UNAVAILABLE = 'rpc error: code = Unavailable desc = connection closed';
/** What the kubelet's gRPC client returns when a call outlives its context (the runtime request timeout). */
export const DEADLINE_EXCEEDED = 'rpc error: code = DeadlineExceeded desc = context deadline exceeded';

/** Typical latency of each call, µs. */
const BASE_US: Record<CriCall, number> = {
  Status: 1_500, ListPodSandbox: 1_200, ListContainers: 1_500, PodSandboxStatus: 900, ContainerStatus: 1_100,
  RunPodSandbox: 280_000, StopPodSandbox: 60_000, RemovePodSandbox: 40_000, CreateContainer: 45_000,
  StartContainer: 90_000, StopContainer: 0, RemoveContainer: 25_000, ExecSync: 18_000, PullImage: 0,
};

export class FakeRuntime {
  readonly sandboxes = new Map<string, RtSandbox>();
  readonly containers = new Map<string, RtContainer>();
  readonly faults: RuntimeFault[] = [];
  /**
   * Images a scenario makes the node pull (any other image counts as already present): how long a pull takes, or
   * the registry's error for an image it does not have. A pulled image is present from then on.
   */
  readonly registry = new Map<string, { pullUs: number; err?: string }>();
  private readonly pulled = new Set<string>();
  /** How the application of a container (by name) behaves from now on, replacing its spec's (the fix-app fault). */
  readonly appOverrides = new Map<string, AppBehaviour>();
  /** Told about every state change (the ground truth records them). */
  observer: (kind: 'container' | 'sandbox', podUid: string, id: string, state: string) => void = () => {};

  constructor(private readonly sched: Scheduler, private readonly seed: number) {}

  // ---- setting up the world before the kubelet starts -----------------------------------------------------------

  addSandbox(pod: PodIdent, attempt: number, state: RtSandbox['state'], createdUs: number): RtSandbox {
    const s: RtSandbox = { id: hexId(`${pod.uid}/sandbox/${attempt}`, this.seed), pod, attempt, state, createdUs };
    this.sandboxes.set(s.id, s);
    this.observer('sandbox', pod.uid, s.id, state === 'ready' ? 'ready' : 'not-ready');
    return s;
  }

  addContainer(sandbox: RtSandbox, name: string, attempt: number, image: string, hash: number, app: AppBehaviour,
    state: RtContainer['state'], startedUs: number, exit?: { code: number; reason: string; finishedUs: number }): RtContainer {
    const c: RtContainer = {
      id: hexId(`${sandbox.pod.uid}/${name}/${attempt}`, this.seed), sandboxId: sandbox.id, pod: sandbox.pod, name, attempt,
      state, exitCode: exit?.code ?? 0, reason: exit?.reason ?? '', createdUs: startedUs - 50_000, startedUs,
      finishedUs: exit?.finishedUs ?? 0, hash, image, app,
    };
    this.containers.set(c.id, c);
    this.observer('container', c.pod.uid, c.id, state);
    if (state === 'running') this.scheduleCrash(c);
    return c;
  }

  // ---- faults -----------------------------------------------------------------------------------------------------

  private active<K extends RuntimeFault['kind']>(kind: K, atUs: number): Extract<RuntimeFault, { kind: K }>[] {
    return this.faults.filter((f): f is Extract<RuntimeFault, { kind: K }> => f.kind === kind && atUs >= f.fromUs && atUs < f.untilUs);
  }

  crashedAt(atUs: number): boolean {
    return this.active('crash-runtime', atUs).length > 0;
  }

  private hangs(call: CriCall, containerId: string | undefined, atUs: number): boolean {
    return this.hangEnd(call, containerId, atUs) !== undefined;
  }

  /**
   * When a call issued at `atUs` would stop hanging: the end of the hang faults that catch it (Infinity for an
   * endless one), undefined if none does. A whole-runtime hang catches every call; a container's hang catches the
   * calls that take its lock (inspect and stop).
   */
  private hangEnd(call: CriCall, containerId: string | undefined, atUs: number): number | undefined {
    const ends = this.active('hang-runtime', atUs).map((f) => f.untilUs);
    if (containerId && (call === 'ContainerStatus' || call === 'StopContainer')) {
      const c = this.containers.get(containerId);
      for (const f of this.active('hang-container', atUs)) {
        if (f.container === containerId || (c && (f.container === c.name || f.container === `${c.pod.name}/${c.name}`))) ends.push(f.untilUs);
      }
    }
    return ends.length ? Math.max(...ends) : undefined;
  }

  private slowFactor(atUs: number): number {
    return this.active('slow-runtime', atUs).reduce((f, x) => f * x.factor, 1);
  }

  /** Builds the plan of one call: latency (with a little seeded jitter), faults, then the effect at completion. */
  plan<T>(call: CriCall, containerId: string | undefined, effect: (nowUs: number) => T, durationUs = BASE_US[call], exact = false): (nowUs: number) => CallPlan<T> {
    return (issuedUs) => {
      if (this.crashedAt(issuedUs)) {
        return { durationUs: 300, hang: false, complete: () => ({ ok: false, err: UNAVAILABLE }) };
      }
      const jitter = exact ? 1 : 0.85 + 0.3 * this.sched.rng.float();
      const d = Math.max(50, Math.round(durationUs * jitter * this.slowFactor(issuedUs)));
      // A call caught by a hang that ends returns that long after the hang ends (unless its deadline comes first).
      const hangUntilUs = this.hangEnd(call, containerId, issuedUs);
      return {
        durationUs: hangUntilUs === undefined || hangUntilUs === Infinity ? d : hangUntilUs - issuedUs + d,
        hang: hangUntilUs === Infinity,
        complete: (nowUs): CallResult<T> => (this.crashedAt(nowUs) ? { ok: false, err: UNAVAILABLE } : { ok: true, value: effect(nowUs) }),
      };
    };
  }

  // ---- the CRI --------------------------------------------------------------------------------------------------------

  status(): (nowUs: number) => CallPlan<{ runtimeReady: boolean; networkReady: boolean }> {
    return this.plan('Status', undefined, () => ({ runtimeReady: true, networkReady: true }));
  }

  listSandboxes(readyOnly: boolean): (nowUs: number) => CallPlan<RtSandbox[]> {
    return this.plan('ListPodSandbox', undefined, () => [...this.sandboxes.values()].filter((s) => !readyOnly || s.state === 'ready').map(copySandbox));
  }

  listContainers(runningOnly: boolean): (nowUs: number) => CallPlan<RtContainer[]> {
    return this.plan('ListContainers', undefined, () => [...this.containers.values()].filter((c) => !runningOnly || c.state === 'running').map(copyContainer));
  }

  containerStatus(id: string): (nowUs: number) => CallPlan<RtContainer | undefined> {
    return this.plan('ContainerStatus', id, () => {
      const c = this.containers.get(id);
      return c && copyContainer(c);
    });
  }

  sandboxStatus(id: string): (nowUs: number) => CallPlan<RtSandbox | undefined> {
    return this.plan('PodSandboxStatus', undefined, () => {
      const s = this.sandboxes.get(id);
      return s && copySandbox(s);
    });
  }

  /** The first of these containers whose inspection would hang if issued now (undefined if none). */
  hangingInspect(containerIds: readonly string[]): string | undefined {
    return containerIds.find((id) => this.hangs('ContainerStatus', id, this.sched.nowUs));
  }

  /**
   * GetPodStatus for one pod: what PLEG and the pod workers read — one call standing for the pod's sandbox and
   * container inspections, so it hangs if any of them would.
   */
  podStatus(pod: PodIdent, containerIds: string[]): (nowUs: number) => CallPlan<RuntimePodStatus> {
    return this.plan('ContainerStatus', this.hangingInspect(containerIds), () => this.snapshot(pod), 1_000 + 600 * containerIds.length);
  }

  snapshot(pod: PodIdent): RuntimePodStatus {
    return {
      uid: pod.uid, pod,
      sandboxes: [...this.sandboxes.values()].filter((s) => s.pod.uid === pod.uid).map(copySandbox),
      containers: [...this.containers.values()].filter((c) => c.pod.uid === pod.uid).map(copyContainer),
    };
  }

  runSandbox(pod: PodIdent, attempt: number): (nowUs: number) => CallPlan<RtSandbox> {
    return this.plan('RunPodSandbox', undefined, (now) => {
      const s: RtSandbox = { id: hexId(`${pod.uid}/sandbox/${attempt}`, this.seed), pod, attempt, state: 'ready', createdUs: now };
      this.sandboxes.set(s.id, s);
      this.observer('sandbox', pod.uid, s.id, 'ready');
      return copySandbox(s);
    });
  }

  stopSandbox(id: string): (nowUs: number) => CallPlan<boolean> {
    return this.plan('StopPodSandbox', undefined, (now) => {
      const s = this.sandboxes.get(id);
      if (!s) return false;
      s.state = 'notready';
      this.observer('sandbox', s.pod.uid, s.id, 'not-ready');
      // The runtime stops what still runs in the sandbox — except a container whose stop hangs (its lock is stuck).
      for (const c of this.containers.values()) {
        if (c.sandboxId === id && c.state === 'running' && !this.hangs('StopContainer', c.id, now)) this.exit(c, 137, 'Error', now);
      }
      return true;
    });
  }

  removeSandbox(id: string): (nowUs: number) => CallPlan<boolean> {
    return this.plan('RemovePodSandbox', undefined, () => {
      for (const [cid, c] of this.containers) {
        if (c.sandboxId !== id) continue;
        this.containers.delete(cid);
        this.observer('container', c.pod.uid, cid, 'removed');
      }
      const s = this.sandboxes.get(id);
      if (s) this.observer('sandbox', s.pod.uid, id, 'removed');
      return this.sandboxes.delete(id);
    });
  }

  createContainer(sandboxId: string, pod: PodIdent, name: string, attempt: number, image: string, hash: number, app: AppBehaviour): (nowUs: number) => CallPlan<RtContainer> {
    return this.plan('CreateContainer', undefined, (now) => {
      const c: RtContainer = {
        id: hexId(`${pod.uid}/${name}/${attempt}`, this.seed), sandboxId, pod, name, attempt, state: 'created', exitCode: 0,
        reason: '', createdUs: now, startedUs: 0, finishedUs: 0, hash, image, app: this.appOverrides.get(name) ?? app,
      };
      this.containers.set(c.id, c);
      this.observer('container', pod.uid, c.id, 'created');
      return copyContainer(c);
    });
  }

  startContainer(id: string): (nowUs: number) => CallPlan<boolean> {
    return this.plan('StartContainer', undefined, (now) => {
      const c = this.containers.get(id);
      if (!c || c.state !== 'created') return false;
      c.state = 'running';
      c.startedUs = now;
      this.observer('container', c.pod.uid, c.id, 'running');
      this.scheduleCrash(c);
      return true;
    });
  }

  /**
   * SIGTERM now; the call returns when the process exits — by itself within the grace period, or SIGKILLed at its
   * end (exit 137). An already stopped container returns at once.
   */
  stopContainer(id: string, graceSeconds: number): (nowUs: number) => CallPlan<boolean> {
    const c = this.containers.get(id);
    const graceUs = graceSeconds * 1e6;
    const running = c !== undefined && c.state === 'running';
    const byItself = running && c.app.exitAfterTermUs <= graceUs;
    const durationUs = !running ? 2_000 : byItself ? c.app.exitAfterTermUs : graceUs;
    return this.plan('StopContainer', id, (now) => {
      const cur = this.containers.get(id);
      if (cur && cur.state === 'running') this.exit(cur, byItself ? cur.app.termExitCode : 137, byItself && cur.app.termExitCode === 0 ? 'Completed' : 'Error', now);
      return true;
    }, durationUs, running);
  }

  /** Whether starting a container of this image needs a pull first. */
  needsPull(image: string): boolean {
    return this.registry.has(image) && !this.pulled.has(image);
  }

  /** PullImage: the image's pull time, then present — or the registry's error. */
  pullImage(image: string): (nowUs: number) => CallPlan<boolean> {
    const entry = this.registry.get(image) ?? { pullUs: 2_000_000 };
    const inner = this.plan('PullImage', undefined, () => {
      if (!entry.err) this.pulled.add(image);
      return !entry.err;
    }, entry.pullUs);
    return (issuedUs) => {
      const p = inner(issuedUs);
      return { ...p, complete: (nowUs) => {
        const r = p.complete(nowUs);
        return r.ok && r.value === false ? { ok: false, err: entry.err } : r;
      } };
    };
  }

  removeContainer(id: string): (nowUs: number) => CallPlan<boolean> {
    return this.plan('RemoveContainer', undefined, () => {
      const c = this.containers.get(id);
      if (c) this.observer('container', c.pod.uid, id, 'removed');
      return this.containers.delete(id);
    });
  }

  /** An exec probe: succeeds once the application inside is ready. */
  execProbe(id: string): (nowUs: number) => CallPlan<boolean> {
    return this.plan('ExecSync', undefined, (now) => this.appReady(id, now));
  }

  appReady(id: string, nowUs: number): boolean {
    const c = this.containers.get(id);
    return c !== undefined && c.state === 'running' && nowUs - c.startedUs >= c.app.readyAfterUs;
  }

  private exit(c: RtContainer, code: number, reason: string, nowUs: number): void {
    c.state = 'exited';
    c.exitCode = code;
    c.reason = reason;
    c.finishedUs = nowUs;
    this.observer('container', c.pod.uid, c.id, 'exited');
  }

  private scheduleCrash(c: RtContainer): void {
    const after = c.app.crashAfterUs;
    if (after === undefined) return;
    const startedUs = c.startedUs;
    this.sched.addTimer(startedUs + after, () => {
      const cur = this.containers.get(c.id);
      const code = c.app.crashExitCode ?? 1;
      if (cur && cur.state === 'running' && cur.startedUs === startedUs) this.exit(cur, code, code === 0 ? 'Completed' : 'Error', this.sched.nowUs);
    });
  }
}
