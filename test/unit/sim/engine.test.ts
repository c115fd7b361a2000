/** The deterministic Go scheduler: channel, select, mutex, timer and call semantics, and seeded choice. */
import { describe, expect, it } from 'vitest';
import { Chan, Mutex, Signal, call, lock, recv, select, send, sleep, wait, type CallPlan, type Go } from '../../../src/sim/engine/ops.ts';
import { Scheduler } from '../../../src/sim/engine/scheduler.ts';
import { Rng, hexId } from '../../../src/sim/engine/rng.ts';

function runAll(s: Scheduler, horizonUs = 1e12, choose?: Parameters<Scheduler['step']>[1]): string[] {
  const names: string[] = [];
  for (let info = s.step(horizonUs, choose); info; info = s.step(horizonUs, choose)) names.push(info.name);
  return names;
}

describe('channels', () => {
  it('an unbuffered send blocks until a receiver takes the value', () => {
    const s = new Scheduler(0, 1);
    const ch = new Chan<string>('c', 0);
    const log: string[] = [];
    s.spawn('sender', (function* (): Go {
      log.push('send start');
      yield* send(ch, 'x');
      log.push(`send done at ${s.nowUs}`);
    })());
    s.spawn('receiver', (function* (): Go {
      yield* sleep(1000, 'wait a bit');
      const r = yield* recv(ch);
      log.push(`got ${r.value}`);
    })());
    runAll(s);
    expect(log[0]).toBe('send start');
    expect(log).toContain('got x');
    const done = log.find((l) => l.startsWith('send done'))!;
    expect(Number(done.split(' at ')[1])).toBeGreaterThanOrEqual(1000);
  });

  it('a buffered channel accepts `capacity` sends without a receiver, then blocks', () => {
    const s = new Scheduler(0, 2);
    const ch = new Chan<number>('c', 2);
    let sent = 0;
    s.spawn('sender', (function* (): Go {
      for (let i = 0; i < 3; i++) { yield* send(ch, i); sent++; }
    })());
    runAll(s);
    expect(sent).toBe(2);
    expect(ch.buffer).toEqual([0, 1]);
    expect(s.live().map((g) => `${g.name}:${g.state}`)).toEqual(['sender:blocked']);
  });

  it('receiving from a closed channel returns ok=false; sending on it throws', () => {
    const s = new Scheduler(0, 3);
    const ch = new Chan<number>('c', 1);
    const got: boolean[] = [];
    s.spawn('r', (function* (): Go { got.push((yield* recv(ch)).ok); })());
    s.step(1e9);
    s.close(ch as Chan<unknown>);
    runAll(s);
    expect(got).toEqual([false]);
    expect(() => s.trySend(ch, 1)).toThrow(/closed/);
  });
});

describe('select', () => {
  it('picks among ready cases through the seeded PRNG, so both arms happen across seeds', () => {
    const picked = new Set<number>();
    for (let seed = 1; seed <= 20; seed++) {
      const s = new Scheduler(0, seed);
      const a = new Chan<number>('a', 1);
      const b = new Chan<number>('b', 1);
      s.trySend(a, 1);
      s.trySend(b, 2);
      s.spawn('sel', (function* (): Go {
        const r = yield* select([{ kind: 'recv', ch: a as Chan<unknown> }, { kind: 'recv', ch: b as Chan<unknown> }], 'select');
        picked.add(r.index);
      })());
      runAll(s);
    }
    expect([...picked].sort()).toEqual([0, 1]);
  });

  it('takes the default case when nothing is ready, and otherwise blocks until one arm is', () => {
    const s = new Scheduler(0, 4);
    const a = new Chan<number>('a', 0);
    const results: number[] = [];
    s.spawn('sel', (function* (): Go {
      results.push((yield* select([{ kind: 'recv', ch: a as Chan<unknown> }], 'poll', true)).index);
      const r = yield* select([{ kind: 'recv', ch: a as Chan<unknown> }], 'wait');
      results.push(r.value as number);
    })());
    s.spawn('late', (function* (): Go { yield* sleep(500, 'later'); yield* send(a, 42); })());
    runAll(s);
    expect(results).toEqual([-1, 42]);
  });
});

describe('mutex, conditions, timers, calls', () => {
  it('a second locker waits until the holder unlocks', () => {
    const s = new Scheduler(0, 5);
    const mu = new Mutex('mu');
    const order: string[] = [];
    const worker = (name: string): Go => (function* () {
      yield* lock(mu);
      order.push(`${name} in`);
      yield* sleep(100, 'hold');
      order.push(`${name} out`);
      s.unlock(mu);
    })();
    s.spawn('a', worker('a'));
    s.spawn('b', worker('b'));
    runAll(s);
    expect(order).toHaveLength(4);
    expect(order[1]).toBe(`${order[0].split(' ')[0]} out`);
  });

  it('sleeps advance the virtual clock exactly, in time order', () => {
    const s = new Scheduler(1_000_000, 6);
    const woke: [string, number][] = [];
    for (const [name, us] of [['slow', 3000], ['fast', 1000], ['mid', 2000]] as const) {
      s.spawn(name, (function* (): Go { yield* sleep(us, 'nap'); woke.push([name, s.nowUs]); })());
    }
    runAll(s);
    expect(woke.map(([n]) => n)).toEqual(['fast', 'mid', 'slow']);
    expect(woke[0][1]).toBeGreaterThanOrEqual(1_001_000);
    expect(woke[0][1]).toBeLessThan(1_002_000);
  });

  it('a broadcast wakes every waiter', () => {
    const s = new Scheduler(0, 7);
    const sig = new Signal('cond');
    let woken = 0;
    for (const n of ['x', 'y']) s.spawn(n, (function* (): Go { yield* wait(sig); woken++; })());
    s.step(1e9);
    s.step(1e9);
    s.broadcast(sig);
    runAll(s);
    expect(woken).toBe(2);
  });

  it('a call takes its planned time; a hanging call blocks forever unless the caller has a deadline', () => {
    const s = new Scheduler(0, 8);
    const ok = (): CallPlan<string> => ({ durationUs: 5000, hang: false, complete: () => ({ ok: true, value: 'done' }) });
    const hang = (): CallPlan<string> => ({ durationUs: 0, hang: true, complete: () => ({ ok: true }) });
    const results: string[] = [];
    s.spawn('fine', (function* (): Go { const r = yield* call(ok, 'ok'); results.push(`${r.value}@${Math.round(s.nowUs / 1000)}ms`); })());
    s.spawn('bounded', (function* (): Go { const r = yield* call(hang, 'hang', 20_000); results.push(`${r.err}`); })());
    s.spawn('stuck', (function* (): Go { yield* call(hang, 'hang forever'); results.push('never'); })());
    runAll(s, 1e9);
    expect(results).toContain('context deadline exceeded');
    expect(results.some((r) => r.startsWith('done@5'))).toBe(true);
    expect(results).not.toContain('never');
    expect(s.live().map((g) => g.name)).toEqual(['stuck']);
  });
});

describe('seeded choice', () => {
  function program(seed: number, choose?: Parameters<Scheduler['step']>[1]): string[] {
    const s = new Scheduler(0, seed);
    for (const n of ['a', 'b', 'c']) {
      s.spawn(n, (function* (): Go { for (let i = 0; i < 3; i++) yield { op: 'yield', what: `${n}${i}` }; })());
    }
    return runAll(s, 1e9, choose);
  }

  it('is reproducible from the seed and differs between seeds', () => {
    expect(program(11)).toEqual(program(11));
    const distinct = new Set([1, 2, 3, 4, 5, 6].map((seed) => program(seed).join(',')));
    expect(distinct.size).toBeGreaterThan(1);
  });

  it('lets the caller pick the goroutine instead', () => {
    const order = program(11, (ready) => ready.find((g) => g.name === 'c') ?? ready.find((g) => g.name === 'b'));
    // Three yields make four steps: the start and three resumptions (the last one returns).
    expect(order.slice(0, 4)).toEqual(['c', 'c', 'c', 'c']);
    expect(order.slice(4, 8)).toEqual(['b', 'b', 'b', 'b']);
    expect(order.slice(8)).toEqual(['a', 'a', 'a', 'a']);
  });

  it('the PRNG and derived IDs are stable', () => {
    const r = new Rng(42);
    const first = [r.nextU32(), r.nextU32()];
    expect(new Rng(42).nextU32()).toBe(first[0]);
    expect(first[0]).not.toBe(first[1]);
    expect(hexId('pod/app/0', 1)).toMatch(/^[0-9a-f]{64}$/);
    expect(hexId('pod/app/0', 1)).toBe(hexId('pod/app/0', 1));
    expect(hexId('pod/app/1', 1)).not.toBe(hexId('pod/app/0', 1));
  });
});
