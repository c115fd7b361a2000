/**
 * The deterministic Go scheduler: a virtual clock in µs, a timer agenda, channels, mutexes and conditions, and
 * exactly one goroutine step at a time. A step resumes one runnable goroutine with the result of the operation it
 * last yielded and runs it to its next yield. Which runnable goroutine goes next is the caller's choice (the user
 * playing "Go scheduler") or, by default, a pick from the seeded PRNG; Go's random choice among ready select cases
 * comes from the same PRNG. Nothing here reads a clock or unseeded randomness, so a run is a pure function of
 * (seed, choices).
 */
import { Rng } from './rng.ts';
import { TimerHeap } from './timer-heap.ts';
import type { CallResult, Chan, Go, Mutex, Op, SelectResult, Signal } from './ops.ts';
import { canRecv, canSend, closeChan, recvNow, sendNow, type Waker } from './channels.ts';

export type GoState = 'runnable' | 'blocked' | 'sleeping' | 'done';

export interface Goroutine {
  readonly id: number;
  readonly name: string;
  /** The kubelet process it belongs to (0 = the world: runtime, API server, users). */
  readonly process: number;
  state: GoState;
  /** What it is doing or waiting for: the description of the operation it last yielded. */
  what: string;
  gen: Go<unknown>;
  resume: unknown;
  /** A mutex it will take when it next runs (it can only run while the mutex is free). */
  lockWant?: Mutex;
  /** Bumped on every block/wake, so a stale timer cannot wake it twice. */
  epoch: number;
}

export interface StepInfo {
  index: number;
  gid: number;
  name: string;
  startUs: number;
  /** What the goroutine was resumed from. */
  resumed: string;
  /** What it yielded at the end of the step ('exit' if it returned). */
  next: string;
}

/** Default CPU cost of one step: a few µs of Go code between two switch points. */
const STEP_COST_MIN_US = 3;
const STEP_COST_SPREAD_US = 28;

export class Scheduler {
  nowUs: number;
  readonly rng: Rng;
  private readonly timers = new TimerHeap();
  private readonly gs: Goroutine[] = [];
  private readonly liveNames = new Map<string, number>();
  private steps = 0;
  current: Goroutine | undefined;

  constructor(startUs: number, seed: number) {
    this.nowUs = startUs;
    this.rng = new Rng(seed);
  }

  get stepCount(): number {
    return this.steps;
  }

  /** Starts a goroutine; its name is made unique among live goroutines (`name#2`). */
  spawn(name: string, gen: Go<unknown>, process = 0): number {
    let unique = name;
    for (let k = 2; this.liveNames.has(unique); k++) unique = `${name}#${k}`;
    const g: Goroutine = { id: this.gs.length, name: unique, process, state: 'runnable', what: 'start', gen, resume: undefined, epoch: 0 };
    this.gs.push(g);
    this.liveNames.set(unique, g.id);
    return g.id;
  }

  goroutine(id: number): Goroutine | undefined {
    return this.gs[id];
  }

  byName(name: string): Goroutine | undefined {
    const id = this.liveNames.get(name);
    return id === undefined ? undefined : this.gs[id];
  }

  /** Every goroutine of a process stops where it is (a kubelet exit). */
  killProcess(process: number): void {
    for (const g of this.gs) if (g.process === process && g.state !== 'done') this.finish(g);
  }

  /** Goroutines that could run next, in id order (one waiting for a held mutex cannot). */
  runnable(): Goroutine[] {
    return this.gs.filter((g) => g.state === 'runnable' && (!g.lockWant || g.lockWant.holder < 0));
  }

  live(): Goroutine[] {
    return this.gs.filter((g) => g.state !== 'done');
  }

  addTimer(atUs: number, fire: () => void): void {
    this.timers.push(Math.max(atUs, this.nowUs), fire);
  }

  /** Adds CPU time to the current step (expensive work between switch points). */
  spend(us: number): void {
    this.nowUs += us;
  }

  /** A time.Ticker: a 1-slot channel the runtime fills every period, dropping ticks nobody took. */
  ticker(ch: Chan<number>, periodUs: number, firstUs = this.nowUs + periodUs, alive: () => boolean = () => true): void {
    const tick = (at: number) => {
      this.addTimer(at, () => {
        if (!alive()) return;
        this.trySend(ch, this.nowUs);
        tick(at + periodUs);
      });
    };
    tick(firstUs);
  }

  /**
   * Runs one step. `choose` picks among the runnable goroutines (sorted by id); without it the seeded policy picks.
   * Advances the clock to the next timer when nothing is runnable. Returns undefined when nothing can ever run
   * again before `horizonUs`.
   */
  step(horizonUs: number, choose?: (runnable: Goroutine[]) => Goroutine | undefined): StepInfo | undefined {
    let ready = this.runnable();
    while (ready.length === 0) {
      // Nothing can run now: move the clock to the next timer (a sleep, a tick, a call completing).
      if (!this.advance(horizonUs)) return undefined;
      ready = this.runnable();
    }
    const g = choose?.(ready) ?? ready[this.rng.int(ready.length)];
    if (g.lockWant) {
      // Lock() returns when the goroutine runs and finds the mutex free.
      g.lockWant.holder = g.id;
      g.lockWant = undefined;
    }
    const startUs = this.nowUs;
    this.nowUs += STEP_COST_MIN_US + this.rng.int(STEP_COST_SPREAD_US);
    this.fireDue();
    const info: StepInfo = { index: this.steps++, gid: g.id, name: g.name, startUs, resumed: g.what, next: '' };
    this.current = g;
    const resume = g.resume;
    g.resume = undefined;
    let r: IteratorResult<Op, unknown>;
    try {
      r = g.gen.next(resume);
    } finally {
      this.current = undefined;
    }
    if (r.done) {
      this.finish(g);
      info.next = 'exit';
    } else {
      g.what = r.value.what;
      info.next = r.value.what;
      if (g.state !== 'done') this.perform(g, r.value);
    }
    return info;
  }

  /** Moves the clock to the next timer (if before the horizon) and fires everything due then. */
  advance(horizonUs: number): boolean {
    const next = this.timers.peek();
    if (!next || next.atUs > horizonUs) return false;
    if (next.atUs > this.nowUs) this.nowUs = next.atUs;
    this.fireDue();
    return true;
  }

  private fireDue(): void {
    for (let t = this.timers.peek(); t && t.atUs <= this.nowUs; t = this.timers.peek()) {
      this.timers.pop();
      t.fire();
    }
  }

  // ---- operations -------------------------------------------------------------------------------------------

  private perform(g: Goroutine, op: Op): void {
    switch (op.op) {
      case 'yield':
        return;
      case 'sleep': {
        this.park(g, 'sleeping');
        const epoch = g.epoch;
        this.addTimer(this.nowUs + op.us, () => this.wake(g, epoch, undefined));
        return;
      }
      case 'send':
        if (!this.sendNow(op.ch, op.value)) {
          this.park(g, 'blocked');
          op.ch.sendq.push({ w: { gid: g.id, arm: -1, token: { fired: false } }, value: op.value });
        }
        return;
      case 'recv': {
        const got = this.recvNow(op.ch);
        if (got) g.resume = got;
        else {
          this.park(g, 'blocked');
          op.ch.recvq.push({ gid: g.id, arm: -1, token: { fired: false } });
        }
        return;
      }
      case 'select':
        return this.doSelect(g, op);
      case 'lock':
        g.lockWant = op.mu;
        return;
      case 'wait':
        this.park(g, 'blocked');
        op.signal.waiters.push(g.id);
        return;
      case 'call': {
        const plan = op.plan(this.nowUs);
        const epoch = ++g.epoch;
        if (plan.hang && op.deadlineUs <= 0) {
          g.state = 'blocked';
          return;
        }
        g.state = 'sleeping';
        const timedOut = plan.hang || (op.deadlineUs > 0 && plan.durationUs > op.deadlineUs);
        if (timedOut) {
          this.addTimer(this.nowUs + op.deadlineUs, () => this.wake(g, epoch, { ok: false, err: 'context deadline exceeded' } satisfies CallResult));
        } else {
          this.addTimer(this.nowUs + plan.durationUs, () => {
            if (g.state === 'done' || g.epoch !== epoch) return;
            this.wake(g, epoch, plan.complete(this.nowUs));
          });
        }
        return;
      }
    }
  }

  private doSelect(g: Goroutine, op: Extract<Op, { op: 'select' }>): void {
    const ready: number[] = [];
    op.cases.forEach((c, i) => {
      if (c.kind === 'recv' ? this.canRecv(c.ch) : this.canSend(c.ch)) ready.push(i);
    });
    if (ready.length > 0) {
      // Go picks uniformly among the ready cases.
      const i = ready[this.rng.int(ready.length)];
      const c = op.cases[i];
      if (c.kind === 'recv') {
        const got = this.recvNow(c.ch)!;
        g.resume = { index: i, value: got.value, ok: got.ok } satisfies SelectResult;
      } else {
        this.sendNow(c.ch, c.value);
        g.resume = { index: i, value: undefined, ok: true } satisfies SelectResult;
      }
      return;
    }
    if (op.hasDefault) {
      g.resume = { index: -1, value: undefined, ok: false } satisfies SelectResult;
      return;
    }
    this.park(g, 'blocked');
    const token = { fired: false };
    op.cases.forEach((c, i) => {
      if (c.kind === 'recv') c.ch.recvq.push({ gid: g.id, arm: i, token });
      else c.ch.sendq.push({ w: { gid: g.id, arm: i, token }, value: c.value });
    });
  }

  private readonly waker: Waker = {
    isLive: (w) => !w.token.fired && this.gs[w.gid].state === 'blocked',
    wake: (gid, value) => this.wakeNow(this.gs[gid], value),
  };

  private canRecv(ch: Chan<unknown>): boolean {
    return canRecv(ch, this.waker);
  }

  private canSend(ch: Chan<unknown>): boolean {
    return canSend(ch, this.waker);
  }

  private sendNow(ch: Chan<unknown>, value: unknown): boolean {
    return sendNow(ch, value, this.waker);
  }

  private recvNow(ch: Chan<unknown>): { value: unknown; ok: boolean } | undefined {
    return recvNow(ch, this.waker);
  }

  // ---- non-blocking helpers for code inside a step (or a timer) ------------------------------------------------

  /** Non-blocking send (`select { case ch <- v: default: }`); false if it would block. */
  trySend<T>(ch: Chan<T>, value: T): boolean {
    return this.sendNow(ch as Chan<unknown>, value);
  }

  /** Non-blocking receive; undefined if nothing is there. */
  tryRecv<T>(ch: Chan<T>): T | undefined {
    const got = this.recvNow(ch as Chan<unknown>);
    return got && got.ok ? (got.value as T) : undefined;
  }

  close(ch: Chan<unknown>): void {
    closeChan(ch, this.waker);
  }

  /** Releases a mutex; goroutines waiting to lock it become eligible to run again. */
  unlock(mu: Mutex): void {
    mu.holder = -1;
  }

  broadcast(signal: Signal): void {
    for (const id of signal.waiters.splice(0)) {
      const g = this.gs[id];
      if (g.state === 'blocked') this.wakeNow(g, undefined);
    }
  }

  // ---- goroutine state ---------------------------------------------------------------------------------------

  private park(g: Goroutine, state: 'blocked' | 'sleeping'): void {
    g.state = state;
    g.epoch++;
  }

  private wake(g: Goroutine, epoch: number, value: unknown): void {
    if (g.state === 'done' || g.epoch !== epoch) return;
    this.wakeNow(g, value);
  }

  private wakeNow(g: Goroutine, value: unknown): void {
    g.state = 'runnable';
    g.epoch++;
    g.resume = value;
  }

  private finish(g: Goroutine): void {
    g.state = 'done';
    g.epoch++;
    if (this.liveNames.get(g.name) === g.id) this.liveNames.delete(g.name);
  }
}
