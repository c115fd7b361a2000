/**
 * The simulated node: one scheduler and clock, the container runtime, the API server, the log file, the ground
 * truth, and whichever kubelet process is running. It outlives kubelet processes — a kubelet restart stops one
 * process's goroutines and starts another's against the same runtime and API server, as on a real node.
 */
import { Scheduler } from '../engine/scheduler.ts';
import { KlogWriter, type Build, type Fields } from '../log/klog-writer.ts';
import { ApiServer } from './apiserver.ts';
import { FakeRuntime } from './cri.ts';
import { Truth } from './truth.ts';

export interface WorldOptions {
  startUs: number;
  seed: number;
  verbosity: number;
}

export class World {
  readonly sched: Scheduler;
  readonly cri: FakeRuntime;
  readonly api: ApiServer;
  readonly log: KlogWriter;
  readonly truth: Truth;
  /** Index of the step being run (set by the driver), for attributing lines and truth changes. */
  stepIndex = -1;
  private readonly hooks = new Map<string, ((arg: string) => void)[]>();
  /** Every hook emitted, in order, with the step it happened in (annotations and outcomes read them). */
  readonly moments: { name: string; arg: string; step: number; timeUs: number }[] = [];
  private nextProcess = 1;

  constructor(readonly opts: WorldOptions) {
    this.sched = new Scheduler(opts.startUs, opts.seed);
    this.cri = new FakeRuntime(this.sched, opts.seed);
    this.api = new ApiServer(this.sched);
    this.log = new KlogWriter(opts.verbosity);
    this.truth = new Truth(() => ({ step: this.stepIndex, timeUs: this.sched.nowUs }));
    this.cri.observer = (kind, pod, id, state) => this.truth.set(kind, pod, id, state);
  }

  newProcessId(): number {
    return this.nextProcess++;
  }

  /** Every logging call, printed or filtered out by -v (when recording); what annotations and outcomes read. */
  readonly siteCalls: { site: string; step: number; timeUs: number }[] = [];
  recordSites = true;
  private calls = 0;

  print(build: Build, pid: number, site: string, fields: Fields): void {
    // Formatting a line costs a few µs whether or not -v lets it through, so the run is the same at every verbosity.
    this.sched.spend(2 + (this.calls++ % 5));
    if (this.recordSites) this.siteCalls.push({ site, step: this.stepIndex, timeUs: this.sched.nowUs });
    this.log.emit(site, build, pid, this.sched.nowUs, fields);
  }

  /** Scenario triggers: named moments of the kubelet's life (e.g. a pod worker forgotten) a scenario can react to. */
  on(name: string, fn: (arg: string) => void): void {
    const list = this.hooks.get(name) ?? [];
    list.push(fn);
    this.hooks.set(name, list);
  }

  emit(name: string, arg: string): void {
    this.moments.push({ name, arg, step: this.stepIndex, timeUs: this.sched.nowUs });
    for (const fn of this.hooks.get(name) ?? []) fn(arg);
  }
}
