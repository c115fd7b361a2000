/**
 * The node-level goroutines of a kubelet (kubelet-reference §1, §7 periods): the sync loop's 1 s ticker and 2 s
 * housekeeping, the 1 s PLEG relist, container GC, plus the outside world — pods added and removed by rollouts
 * and scaling, and now and then a container-runtime outage (the gate closes, PLEG relists fail, the node goes
 * NotReady). Pod behaviour lives in pod-life.ts.
 */
import { Agenda } from './agenda.ts';
import type { Dialect } from './dialect.ts';
import type { LogWriter } from './log-writer.ts';
import { PodLife, type SimContext } from './pod-life.ts';
import type { Prng } from './prng.ts';
import type { PlegChange, SimPod, Workload } from './sim-types.ts';
import { NameFactory, WORKLOADS, newPod } from './workloads.ts';

const MS = 1_000;
const S = 1_000_000;
const RUNTIME_DOWN_ERR = 'rpc error: code = DeadlineExceeded desc = context deadline exceeded';
const RELIST_ERR = 'rpc error: code = Unavailable desc = connection error: desc = "transport: Error while dialing dial unix /run/containerd/containerd.sock: connect: connection refused"';

export interface NodeOptions {
  /** Pods the node runs at a time (it drifts ±10 % with scaling). */
  pods: number;
  nodeName: string;
  /** Mean seconds between pod churn events (rollout steps, scaling, spec updates). */
  churnMeanS: number;
  /** Mean seconds between container-runtime outages. */
  outageMeanS: number;
}

export class NodeSim implements SimContext {
  readonly agenda = new Agenda();
  readonly pleg: PlegChange[] = [];
  readonly forget: SimPod[] = [];
  readonly garbage: PlegChange[] = [];
  runtimeDown = false;
  /** The runtime has been down for 30 s: the sync loop skips whole iterations (no ticks, no housekeeping). */
  private gateClosed = false;
  /** Every pod this log mentions. */
  podsCreated = 0;
  private readonly active: SimPod[] = [];
  private readonly life: PodLife;
  private readonly names: NameFactory;
  private readonly appWorkloads: Workload[];
  private readonly totalWeight: number;
  private slowHousekeepingS = 0;

  constructor(readonly rng: Prng, readonly w: LogWriter, readonly d: Dialect, private readonly opts: NodeOptions) {
    this.life = new PodLife(this);
    this.names = new NameFactory(rng);
    this.appWorkloads = WORKLOADS.filter((x) => x.kind !== 'DaemonSet');
    this.totalWeight = this.appWorkloads.reduce((a, x) => a + x.weight, 0);
  }

  onGone(p: SimPod): void {
    const i = this.active.indexOf(p);
    if (i >= 0) this.active.splice(i, 1);
  }

  /** Runs the node until the log holds at least `targetBytes`. */
  run(targetBytes: number): void {
    this.agenda.schedule(0, () => this.start());
    while (this.w.bytes < targetBytes) {
      const task = this.agenda.next();
      if (!task) break;
      this.w.at(task.tUs);
      task.run();
    }
    this.w.flush();
  }

  private every(periodUs: number, firstUs: number, run: () => void): void {
    const tick = (tUs: number) => this.agenda.schedule(tUs, () => {
      run();
      tick(tUs + periodUs);
    });
    tick(firstUs);
  }

  private start(): void {
    this.d.kubeletStarted();
    const initial: SimPod[] = WORKLOADS.filter((x) => x.kind === 'DaemonSet').map((x) => this.create(x));
    while (initial.length < this.opts.pods) initial.push(this.create(this.pickWorkload()));
    this.d.configOp('ADD', 'api', initial);
    // Every pod gets a worker at once; their first syncs spread over the first seconds.
    for (const p of initial) this.life.admitted(p, this.rng.int(1, 4000) * MS);
    this.every(S, 1_000 * MS + 13 * MS, () => this.syncTick());
    this.every(2 * S, 2_000 * MS + 7 * MS, () => this.housekeeping());
    this.every(S, 1_000 * MS + 311 * MS, () => this.relist());
    this.every(60 * S, 60_000 * MS + 503 * MS, () => this.containerGc());
    this.agenda.schedule(this.rng.exponential(this.opts.churnMeanS) * S, () => this.churn());
    this.agenda.schedule((600 + this.rng.exponential(this.opts.outageMeanS)) * S, () => this.outage());
  }

  private create(w: Workload): SimPod {
    this.podsCreated++;
    const p = newPod(this.rng, this.names, w, this.w.nowUs, 17);
    this.active.push(p);
    return p;
  }

  private pickWorkload(): Workload {
    let r = this.rng.float() * this.totalWeight;
    for (const x of this.appWorkloads) {
      r -= x.weight;
      if (r < 0) return x;
    }
    return this.appWorkloads[0];
  }

  private syncTick(): void {
    if (this.gateClosed) return;
    const now = this.w.nowUs;
    const due = this.active.filter((p) => p.state === 'sync' && p.nextResyncUs <= now && !p.workScheduled && !p.busy);
    if (due.length === 0) return;
    this.d.syncTick(due);
    for (const p of due) this.life.requestWork(p, this.rng.int(1, 3) * MS);
  }

  private housekeeping(): void {
    if (this.gateClosed) return;
    if (this.runtimeDown) {
      this.d.housekeeping([], RELIST_ERR);
      return;
    }
    if (this.slowHousekeepingS > 0) {
      this.d.housekeepingSlow(this.slowHousekeepingS);
      this.slowHousekeepingS = 0;
    }
    this.d.housekeeping(this.forget.splice(0), '');
  }

  private relist(): void {
    if (this.runtimeDown) {
      this.d.relistFailed(RELIST_ERR);
      return;
    }
    const changes = this.pleg.splice(0);
    for (const ch of changes) {
      this.d.plegTransition(ch);
      if (ch.to === 'exited' && !ch.sandbox) this.d.plegFinished(ch);
    }
    for (const ch of changes) {
      const p = ch.pod;
      if (ch.to === 'non-existent' || p.state === 'gone') continue;
      this.d.plegEvent(p, ch.to === 'running' ? 'ContainerStarted' : 'ContainerDied', ch.id);
      if (p.state === 'sync') this.life.requestWork(p, this.rng.int(1, 20) * MS);
    }
    for (const p of this.active) if (p.awaitRelist) this.life.relisted(p);
  }

  private containerGc(): void {
    if (this.runtimeDown) return;
    const removed = this.garbage.splice(0);
    this.pleg.push(...removed);
    // A status query racing with the removal: the runtime no longer knows the container.
    if (removed.length > 0 && this.rng.chance(0.3)) {
      const id = this.rng.pick(removed).id;
      this.d.runtimeCallFailed('ContainerStatus', `rpc error: code = NotFound desc = an error occurred when try to find container "${id}": not found`, id);
    }
  }

  /** Rollout steps, scaling and spec updates: what keeps pods coming and going on a busy node. */
  private churn(): void {
    this.agenda.schedule(this.w.nowUs + this.rng.exponential(this.opts.churnMeanS) * S, () => this.churn());
    if (this.runtimeDown) return;
    const running = this.active.filter((p) => p.state === 'sync' && p.workload.kind === 'Deployment');
    const r = this.rng.float();
    const target = this.opts.pods;
    if (r < 0.6 || running.length === 0) {
      // One rollout step: a new pod of the new template, then an old one goes.
      const w = running.length > 0 && this.rng.chance(0.7) ? this.rng.pick(running).workload : this.pickWorkload();
      if (this.rng.chance(0.3)) this.names.rollout(w);
      const p = this.create(w);
      this.d.configOp('ADD', 'api', [p]);
      this.life.admitted(p, this.rng.int(1, 20) * MS);
      const old = running.filter((x) => x.workload === w);
      if (old.length > 0) {
        const victim = this.rng.pick(old);
        this.agenda.schedule(this.w.nowUs + this.rng.int(5, 25) * S, () => this.delete(victim));
      }
    } else if (r < 0.75 && this.active.length < target * 1.1) {
      const p = this.create(this.pickWorkload());
      this.d.configOp('ADD', 'api', [p]);
      this.life.admitted(p, this.rng.int(1, 20) * MS);
    } else if (r < 0.9 && this.active.length > target * 0.9) {
      this.delete(this.rng.pick(running));
    } else {
      const p = this.rng.pick(running);
      this.d.configOp('UPDATE', 'api', [p]);
      this.life.requestWork(p, this.rng.int(1, 10) * MS);
    }
  }

  private delete(p: SimPod): void {
    if (p.state !== 'sync') return;
    this.d.configOp('DELETE', 'api', [p]);
    this.life.deleted(p);
  }

  /**
   * The container runtime stops answering: Status checks fail every 5 s, PLEG relists fail every second; after
   * 30 s the runtime counts as down, the sync loop skips its iterations (back-off 100 ms doubling to 5 s) and the
   * node reports NotReady; then the runtime comes back.
   */
  private outage(): void {
    this.agenda.schedule(this.w.nowUs + (600 + this.rng.exponential(this.opts.outageMeanS)) * S, () => this.outage());
    if (this.runtimeDown) return;
    const startUs = this.w.nowUs;
    const lengthUs = this.rng.int(35, 90) * S;
    this.runtimeDown = true;
    this.every5s(startUs, startUs + lengthUs);
    let backoffUs = 100 * MS;
    const skip = (tUs: number) => {
      if (tUs >= startUs + lengthUs) return;
      this.agenda.schedule(tUs, () => {
        this.d.skippingSync('container runtime is down');
        backoffUs = Math.min(5 * S, backoffUs * 2);
        skip(this.w.nowUs + backoffUs);
      });
    };
    this.agenda.schedule(startUs + 30 * S, () => {
      this.gateClosed = true;
      this.d.nodeNotReady(this.opts.nodeName, 'container runtime is down', this.w.epochUs(this.w.nowUs));
      skip(this.w.nowUs + 100 * MS);
    });
    this.agenda.schedule(startUs + lengthUs, () => {
      this.runtimeDown = false;
      this.gateClosed = false;
      this.slowHousekeepingS = Math.min(120, lengthUs / S - 10 + this.rng.float());
      this.d.nodeEvent(this.opts.nodeName, 'NodeReady', `Node ${this.opts.nodeName} status is now: NodeReady`);
    });
  }

  private every5s(fromUs: number, toUs: number): void {
    for (let t = fromUs + 2 * S; t < toUs; t += 5 * S) this.agenda.schedule(t, () => this.d.runtimeCheckFailed(RUNTIME_DOWN_ERR));
  }
}
