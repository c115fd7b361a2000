/**
 * The headless session API: stepping back equals replaying to the previous step (identical state and output), a
 * session restored from its serialisable state lands on the same step, choices and faults change the run, and the
 * simulated log parses into a Trace with the scenario's pods.
 */
import { describe, expect, it } from 'vitest';
import { createSession, traceOf } from '../../../src/sim/session.ts';
import { listScenarios, simulateToLog } from '../../../src/sim/simulate.ts';
import { Simulation } from '../../../src/sim/simulation.ts';

const snapshot = (s: ReturnType<typeof createSession>) => ({
  log: s.logText(), state: s.state, truth: s.simulation.world.truth.changes.length, now: s.current().timeUs,
  runnable: s.runnable().map((r) => `${r.goroutine}|${r.willDo}`),
});

describe('session', () => {
  it('step back then forward gives the identical state and output', () => {
    const s = createSession({ scenario: 'pod-lifecycle', variant: 'fixed', verbosity: 4 });
    for (let i = 0; i < 180; i++) s.step();
    const at180 = snapshot(s);
    const last = s.current().last;
    s.stepBack();
    expect(s.state.step).toBe(179);
    expect(s.logText().length).toBeLessThanOrEqual(at180.log.length);
    const again = s.step();
    expect(snapshot(s)).toEqual(at180);
    expect(again).toEqual(last);
  });

  it('step back to N-1 equals a fresh run to N-1 (log, truth, world, step records), with choices and faults', () => {
    /** Everything a run has produced and holds, as plain data. */
    const state = (sim: Simulation) => JSON.stringify({
      log: sim.world.log.text(), truth: sim.world.truth.changes, moments: sim.world.moments, steps: sim.steps, now: sim.nowUs,
      sandboxes: [...sim.world.cri.sandboxes.values()], containers: [...sim.world.cri.containers.values()],
      pods: [...sim.world.api.pods.values()], runnable: sim.runnable().map((g) => `${g.name}|${g.what}`),
    });
    const cases = [
      { scenario: 'pod-lifecycle', variant: 'fixed' as const, version: '1.23', n: 411, faults: [{ step: 60, fault: { kind: 'slow-runtime' as const, factor: 5, durationUs: 10e6 } }] },
      { scenario: 'readiness-init-race', variant: 'buggy' as const, n: 95, choices: [{ step: 33, goroutine: 'sync-loop' }] },
      { scenario: 'sandbox-leak-terminating', variant: 'buggy' as const, n: 700 },
    ];
    for (const c of cases) {
      const s = createSession({ ...c });
      s.runTo(c.n);
      expect(s.state.step, c.scenario).toBe(c.n);
      s.stepBack();
      const fresh = new Simulation({ ...c }, { record: true });
      fresh.run(c.n - 1);
      expect(fresh.stepCount).toBe(c.n - 1);
      expect(state(s.simulation), c.scenario).toBe(state(fresh));
    }
  });

  it('same inputs with choices and faults give identical log bytes, and those inputs change the log', () => {
    const params = {
      scenario: 'readiness-init-race', variant: 'buggy' as const, seed: 7, verbosity: 4,
      choices: [{ step: 20, goroutine: 'pleg' }, { step: 33, goroutine: 'sync-loop' }],
      faults: [{ step: 120, fault: { kind: 'slow-runtime' as const, factor: 10, durationUs: 20e6 } }, { step: 400, fault: { kind: 'crash-runtime' as const, durationUs: 3e6 } }],
    };
    const a = simulateToLog(params);
    const b = simulateToLog(params);
    expect(a.text).toBe(b.text);
    expect(a.text).toContain('connection closed');
    expect(simulateToLog({ ...params, faults: [] }).text).not.toBe(a.text);
    expect(simulateToLog({ ...params, choices: [] }).text).not.toBe(a.text);
  });

  it('same inputs give identical log bytes; a restored state lands on the same step', () => {
    const a = simulateToLog({ scenario: 'sandbox-leak-terminating', variant: 'buggy' });
    const b = simulateToLog({ scenario: 'sandbox-leak-terminating', variant: 'buggy' });
    expect(a.text).toBe(b.text);
    expect(a.text.length).toBeGreaterThan(10_000);
    const s = createSession({ scenario: 'readiness-init-race', variant: 'buggy' });
    s.runToNextAnnotation();
    s.runToNextAnnotation();
    const shared = JSON.parse(JSON.stringify(s.state));
    const restored = createSession(shared);
    expect(snapshot(restored)).toEqual(snapshot(s));
  });

  it('the verbosity changes what is printed, not what happens', () => {
    const run = (verbosity: number) => {
      const s = createSession({ scenario: 'sandbox-leak-terminating', variant: 'buggy', verbosity });
      s.runTo(1e9);
      return { truth: JSON.stringify(s.simulation.world.truth.changes), lines: s.lines().length, steps: s.state.step };
    };
    const quiet = run(0);
    const loud = run(5);
    expect(loud.truth).toBe(quiet.truth);
    expect(loud.steps).toBe(quiet.steps);
    expect(loud.lines).toBeGreaterThan(quiet.lines * 5);
  });

  it('a different seed changes the interleaving of the race scenario', () => {
    const texts = new Set([1, 2, 3, 4].map((seed) => simulateToLog({ scenario: 'readiness-init-race', variant: 'buggy', seed }).text));
    expect(texts.size).toBeGreaterThan(1);
  });

  it('runToNextAnnotation walks the teaching steps in order, each with a narrative card', () => {
    const s = createSession({ scenario: 'sandbox-leak-terminating', variant: 'buggy' });
    const seen: string[] = [];
    for (let v = s.runToNextAnnotation(); v?.annotation; v = s.runToNextAnnotation()) {
      seen.push(...v.annotationIds!);
      const card = s.current().card;
      expect(card.title).toBe(v.annotation.title);
      expect(card.text.length).toBeGreaterThan(40);
    }
    expect(seen.slice(0, 6)).toEqual(['delete', 'terminated', 'remove', 'forgotten', 'orphan', 'kill-failed']);
  });

  it('choose runs the chosen goroutine and records the choice in the state', () => {
    const s = createSession({ scenario: 'readiness-init-race', variant: 'buggy' });
    s.runToNextAnnotation();
    const ready = s.runnable();
    expect(ready.length).toBeGreaterThan(0);
    const pick = ready[ready.length - 1].goroutine;
    const v = s.choose(pick);
    expect(v?.goroutine).toBe(pick);
    expect(v?.chosen).toBe(true);
    expect(s.state.choices?.at(-1)).toEqual({ step: (v?.index ?? -1), goroutine: pick });
    expect(() => s.choose('no-such-goroutine')).toThrow(/not runnable/);
  });

  it('an injected runtime crash makes the kubelet log failures it did not log before', () => {
    const base = createSession({ scenario: 'pod-lifecycle', variant: 'fixed', version: '1.23' });
    const crashed = createSession({ scenario: 'pod-lifecycle', variant: 'fixed', version: '1.23' });
    for (let i = 0; i < 40; i++) { base.step(); crashed.step(); }
    crashed.injectFault({ kind: 'crash-runtime', durationUs: 5e6 });
    base.runTo(2000);
    crashed.runTo(2000);
    expect(base.logText()).not.toContain('connection closed');
    expect(crashed.logText()).toContain('rpc error: code = Unavailable desc = connection closed');
    expect(crashed.state.faults).toEqual([{ step: 40, fault: { kind: 'crash-runtime', durationUs: 5e6 } }]);
  });

  it('traceOf parses the simulated log with the same lanes the incident view draws', () => {
    const s = createSession({ scenario: 'hash-change-restart', variant: 'buggy' });
    s.runTo(100_000);
    const trace = traceOf(s);
    expect(trace.pods.map((p) => `${p.namespace}/${p.name}`).sort()).toEqual(['default/db-0', 'default/web-0']);
    expect(trace.nodes[0].starts.length).toBe(2);
    expect(trace.lanes.some((l) => l.kind === 'pod-worker')).toBe(true);
  });

  it('lists every scenario id with its variants and versions', () => {
    const ids = listScenarios().map((s) => s.id);
    expect(ids).toEqual(['pod-lifecycle', 'readiness-init-race', 'hash-change-restart', 'runtime-hang-notready', 'upgrade-hash-1.7-1.9', 'sandbox-leak-terminating', 'init-containers', 'liveness-restart', 'image-pull-backoff', 'node-hour']);
    for (const s of listScenarios()) {
      expect(s.variants.buggy && s.variants.fixed, s.id).toBeTruthy();
      expect(s.versions).toContain(s.defaultVersion.buggy);
    }
  });
});
