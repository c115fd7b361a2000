/**
 * reconstruct() keeps the main pass's state of the last small input alive (reconstruct.ts says why: V8 keeps the
 * code compiled for a class only while an object of it lives). It must be the last small input's, and hold no more
 * than the pass's own state: once the trace is dropped, the collected input's raw text must be collectable (a
 * closure in the pass's context once held all of the collected input).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { Simulation } from '../../../src/sim/simulation.ts';
import { keptAlive } from '../../../src/util/keep-alive.ts';
import { analyzeText } from '../../helpers.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function simulatedLog(scenario: string, version: string): string {
  const sim = new Simulation({ scenario, variant: 'buggy', version, verbosity: 4 });
  sim.run();
  return sim.lines.map((l) => l.text).join('\n');
}

interface Kept { ctx: { events: unknown } }

/** Analyzes a log and keeps only weak references to its trace and raw text. */
function analyzeWeakly(scenario: string, version: string, name: string): { trace: WeakRef<object>; raw: WeakRef<object>; events: WeakRef<object> } {
  const trace = analyzeText(simulatedLog(scenario, version), name, { year: 2024 });
  expect((keptAlive('reconstruct state') as Kept).ctx.events).toBe(trace.events);
  return { trace: new WeakRef(trace), raw: new WeakRef(trace.raw), events: new WeakRef(trace.events) };
}

describe('the state kept alive for the JIT', () => {
  it('is the last small input\'s main-pass state, and does not hold the raw text', async () => {
    const first = analyzeWeakly('sandbox-leak-terminating', '1.28', 'a.log');
    const second = analyzeWeakly('readiness-init-race', '1.12', 'b.log');
    // Let the test's own frames drop their temporaries, then collect.
    await new Promise((r) => setTimeout(r, 0));
    gc();
    expect(second.trace.deref()).toBeUndefined();
    expect(second.raw.deref()).toBeUndefined();
    // The last one's events are held (through the kept state); the first's not any more.
    expect(second.events.deref()).toBeDefined();
    expect((keptAlive('reconstruct state') as Kept).ctx.events).toBe(second.events.deref());
    expect(first.events.deref()).toBeUndefined();
  });
});
