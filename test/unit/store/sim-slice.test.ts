/**
 * The simulation slice: opening a scenario draws its whole run and puts a cursor on it; the drawn log's first
 * lines are exactly what the stepping session has printed; stepping back equals the earlier state; a choice at the
 * race changes the outcome without changing the past; the share-link state reopens the same step.
 */
import { describe, expect, test, vi } from 'vitest';
import { createAppStore, type AppStore } from '../../../src/store/app-store.ts';
import { selectSimulationState } from '../../../src/store/sim-slice.ts';
import { createSession } from '../../../src/sim/session.ts';
import { readLines } from '../../../src/model/trace-query.ts';
import type { IngestClient } from '../../../src/worker/ingest-client.ts';

const noIngest: IngestClient = {
  load: () => new Promise(() => { /* never: these tests only start a load to see the simulation leave */ }),
  cancel: () => {},
};

function newStore(): AppStore {
  return createAppStore({ ingest: noIngest, fetchIncident: () => Promise.reject(new Error('offline')) });
}

/** Waits until the drawn run matches the session's inputs. */
async function settled(store: AppStore): Promise<void> {
  await vi.waitFor(() => {
    const s = store.getState();
    if (!s.sim?.run || s.sim.computing || !s.simCursor) throw new Error('still computing');
  }, { timeout: 20_000, interval: 5 });
}

function rawLine(store: AppStore, line: number): string {
  return readLines(store.getState().loaded!.trace, 0, line, 1, 10_000);
}

describe('the simulation slice', () => {
  test('opening a scenario fills in its defaults and draws the whole run with the cursor at step 0', async () => {
    const store = newStore();
    expect(store.getState().openSimulation({ scenario: 'readiness-init-race' })).toBe(true);
    await settled(store);
    const s = store.getState();
    expect(s.simRoute).toBe('sim');
    expect(s.sim!.state).toMatchObject({ scenario: 'readiness-init-race', variant: 'buggy', version: '1.12', seed: 3, verbosity: 3, step: 0 });
    expect(s.simCursor).toMatchObject({ step: 0, printedLines: 0 });
    expect(s.loaded!.trace.events.count).toBeGreaterThan(50);
    expect(s.sim!.run!.outcome.incident).toBe(true);
    expect(s.sim!.run!.annotations.map((a) => a.ids[0])).toContain('race');
  });

  test('the drawn log begins with exactly the lines the session has printed, and the rest is later', async () => {
    const store = newStore();
    store.getState().openSimulation({ scenario: 'sandbox-leak-terminating' });
    await settled(store);
    for (let i = 0; i < 3; i++) store.getState().simNextAnnotation();
    const cursor = store.getState().simCursor!;
    const independent = createSession({ scenario: 'sandbox-leak-terminating', variant: 'buggy', step: cursor.step });
    const printed = independent.lines();
    expect(cursor.printedLines).toBe(printed.length);
    expect(printed.length).toBeGreaterThan(10);
    for (const n of [1, Math.floor(printed.length / 2), printed.length]) expect(rawLine(store, n)).toBe(printed[n - 1].text);
    const trace = store.getState().loaded!.trace;
    for (let e = 0; e < trace.events.count; e++) {
      if (trace.events.line[e] > cursor.printedLines) expect(trace.events.timeUs[e]).toBeGreaterThanOrEqual(cursor.timeUs);
      else expect(trace.events.timeUs[e]).toBeLessThanOrEqual(cursor.timeUs);
    }
  });

  test('step back equals the earlier state', async () => {
    const store = newStore();
    store.getState().openSimulation({ scenario: 'readiness-init-race' });
    await settled(store);
    store.getState().simNextAnnotation();
    store.getState().simStep(5);
    const before = { at: store.getState().sim!.at, cursor: store.getState().simCursor };
    store.getState().simStep();
    expect(store.getState().simCursor!.step).toBe(before.cursor!.step + 1);
    store.getState().simStepBack();
    expect(store.getState().sim!.at).toEqual(before.at);
    expect(store.getState().simCursor).toEqual(before.cursor);
  });

  test('at the race, the goroutine the user picks decides whether the container is killed', async () => {
    const outcomes: Record<string, boolean> = {};
    for (const pick of ['sync-loop', 'pod-worker']) {
      const store = newStore();
      store.getState().openSimulation({ scenario: 'readiness-init-race' });
      await settled(store);
      while (!store.getState().sim!.at.last?.annotationIds?.includes('race')) store.getState().simNextAnnotation();
      const runnable = store.getState().sim!.at.runnable.map((r) => r.goroutine);
      expect(runnable.length).toBe(2);
      const linesBefore = store.getState().simCursor!.printedLines;
      const pastBefore = Array.from({ length: linesBefore }, (_, i) => rawLine(store, i + 1));
      store.getState().simChoose(runnable.find((g) => g.startsWith(pick))!);
      await settled(store);
      const s = store.getState();
      expect(s.sim!.state.choices).toEqual([{ step: s.simCursor!.step - 1, goroutine: runnable.find((g) => g.startsWith(pick)) }]);
      expect(Array.from({ length: linesBefore }, (_, i) => rawLine(store, i + 1))).toEqual(pastBefore);
      outcomes[pick] = s.sim!.run!.outcome.incident;
    }
    expect(outcomes).toEqual({ 'sync-loop': true, 'pod-worker': false });
  });

  test('the share-link state reopens the same step of the same run', async () => {
    const store = newStore();
    store.getState().openSimulation({ scenario: 'readiness-init-race', seed: 5 });
    await settled(store);
    store.getState().simNextAnnotation();
    store.getState().simNextAnnotation();
    const runnable = store.getState().sim!.at.runnable;
    store.getState().simChoose(runnable[runnable.length - 1].goroutine);
    store.getState().simInjectFault('slow-runtime');
    store.getState().simStep(40);
    const shared = JSON.parse(JSON.stringify(selectSimulationState(store.getState())));
    expect(shared).toMatchObject({ scenario: 'readiness-init-race', seed: 5, verbosity: 3 });
    expect(shared.faults).toEqual([{ step: expect.any(Number), kind: 'slow-runtime', params: { durationUs: 20e6, factor: 10 } }]);
    const other = newStore();
    other.getState().openSimulation(shared);
    await settled(other);
    expect(other.getState().sim!.at).toEqual(store.getState().sim!.at);
    expect(other.getState().simCursor).toEqual(store.getState().simCursor);
  });

  test('switching variant keeps the moment; the other variant runs on its own default version', async () => {
    const store = newStore();
    store.getState().openSimulation({ scenario: 'sandbox-leak-terminating' });
    await settled(store);
    store.getState().simNextAnnotation();
    const timeUs = store.getState().simCursor!.timeUs;
    store.getState().simConfigure({ variant: 'fixed' });
    await settled(store);
    const s = store.getState();
    expect(s.sim!.state).toMatchObject({ variant: 'fixed', version: '1.28' });
    expect(s.simCursor!.timeUs).toBeGreaterThanOrEqual(timeUs);
    expect(s.loaded!.title).toContain('fixed');
  });

  test('compare runs the other variant next to this one', async () => {
    const store = newStore();
    store.getState().openSimulation({ scenario: 'hash-change-restart' });
    await settled(store);
    store.getState().simSetCompare('variant');
    await vi.waitFor(() => { if (!store.getState().simCompare?.run) throw new Error('computing'); }, { timeout: 20_000, interval: 5 });
    const compare = store.getState().simCompare!;
    expect(compare.state.variant).toBe('fixed');
    expect(compare.run!.outcome.incident).toBe(false);
    expect(store.getState().sim!.run!.outcome.incident).toBe(true);
  });

  test('an unknown scenario is refused with a reason, changing nothing; loading a log leaves the simulation', async () => {
    const store = newStore();
    expect(store.getState().openSimulation({ scenario: 'no-such-thing' })).toBe(false);
    expect(store.getState().simRoute).toBe('off');
    expect(store.getState().simGalleryNotice).toContain('no-such-thing');
    store.getState().openSimulation({ scenario: 'pod-lifecycle', variant: 'weird', version: '9.99' });
    await settled(store);
    expect(store.getState().sim!.notices.join(' ')).toMatch(/weird.*9\.99|9\.99.*weird/s);
    void store.getState().loadText('x.log', 'hello');
    expect(store.getState().simRoute).toBe('off');
    expect(store.getState().sim).toBeUndefined();
  });
});
