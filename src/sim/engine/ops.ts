/**
 * What a simulated goroutine may yield: exactly the points where the Go scheduler could switch goroutines — a
 * channel send or receive, a select, taking a mutex, waiting on a condition, sleeping, a call to the container
 * runtime or API server (which takes simulated time and may fail or hang), or an explicit preemption point.
 *
 * Goroutines are generator functions; they use the `yield*` helpers below, which give each operation its typed
 * result. `what` is a short human description ("recv configCh", "CRI StopContainer 24bee8…") shown to the user
 * when they pick which runnable goroutine runs next.
 */

export class Chan<T> {
  readonly buffer: T[] = [];
  closed = false;
  /** Goroutines blocked receiving (or selecting) on this channel. */
  readonly recvq: Waiter[] = [];
  /** Goroutines blocked sending, with their values. */
  readonly sendq: { w: Waiter; value: T }[] = [];

  constructor(readonly name: string, readonly capacity: number) {}

  get length(): number {
    return this.buffer.length;
  }
}

export class Mutex {
  /** Goroutine id holding it, -1 if free. */
  holder = -1;
  constructor(readonly name: string) {}
}

/** A condition a goroutine can wait on until someone broadcasts (sync.Cond, or a cache's "newer than" wait). */
export class Signal {
  readonly waiters: number[] = [];
  constructor(readonly name: string) {}
}

/** A blocked goroutine (or one arm of its select) registered on a channel. */
export interface Waiter {
  gid: number;
  /** Select arm index, or -1 for a plain send/receive. */
  arm: number;
  /** Shared by every arm of one select; set when any arm fires. */
  token: { fired: boolean };
}

export interface RecvResult<T> {
  value: T | undefined;
  ok: boolean;
}

export interface SelectResult {
  /** Index of the case that fired, or -1 for the default case. */
  index: number;
  value: unknown;
  ok: boolean;
}

export type SelectCase = { kind: 'recv'; ch: Chan<unknown> } | { kind: 'send'; ch: Chan<unknown>; value: unknown };

/** A call's outcome as the caller sees it. */
export interface CallResult<T = unknown> {
  ok: boolean;
  value?: T;
  err?: string;
}

/** What a call will do, decided when it is issued (see world/cri.ts). */
export interface CallPlan<T = unknown> {
  /** Simulated duration when it completes. */
  durationUs: number;
  /** Never completes (unless the caller set a deadline). */
  hang: boolean;
  /** Computes the result at completion time (state changes happen here). */
  complete: (nowUs: number) => CallResult<T>;
}

export type Op =
  | { op: 'sleep'; us: number; what: string }
  | { op: 'send'; ch: Chan<unknown>; value: unknown; what: string }
  | { op: 'recv'; ch: Chan<unknown>; what: string }
  | { op: 'select'; cases: SelectCase[]; hasDefault: boolean; what: string }
  | { op: 'lock'; mu: Mutex; what: string }
  | { op: 'wait'; signal: Signal; what: string }
  | { op: 'call'; plan: (nowUs: number) => CallPlan; deadlineUs: number; what: string }
  | { op: 'yield'; what: string };

export type Go<R = void> = Generator<Op, R, unknown>;

export function* sleep(us: number, what: string): Go {
  yield { op: 'sleep', us, what };
}

export function* send<T>(ch: Chan<T>, value: T, what = `send ${ch.name}`): Go {
  yield { op: 'send', ch: ch as Chan<unknown>, value, what };
}

export function* recv<T>(ch: Chan<T>, what = `recv ${ch.name}`): Go<RecvResult<T>> {
  return (yield { op: 'recv', ch: ch as Chan<unknown>, what }) as RecvResult<T>;
}

export function* select(cases: SelectCase[], what: string, hasDefault = false): Go<SelectResult> {
  return (yield { op: 'select', cases, hasDefault, what }) as SelectResult;
}

export function* lock(mu: Mutex, what = `lock ${mu.name}`): Go {
  yield { op: 'lock', mu, what };
}

export function* wait(signal: Signal, what = `wait ${signal.name}`): Go {
  yield { op: 'wait', signal, what };
}

/** A runtime or API call. `deadlineUs` > 0 bounds a hanging call (the caller's context timeout). */
export function* call<T>(plan: (nowUs: number) => CallPlan<T>, what: string, deadlineUs = 0): Go<CallResult<T>> {
  return (yield { op: 'call', plan: plan as (nowUs: number) => CallPlan, deadlineUs, what }) as CallResult<T>;
}

/** A point where Go could switch goroutines although nothing blocks (between two reads of shared state). */
export function* preempt(what: string): Go {
  yield { op: 'yield', what };
}
