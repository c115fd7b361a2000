/**
 * The frozen links of earlier link versions (test/unit/trace/link-fixtures.ts) opened as the app opens them: through
 * openShareLink into the store, not only decoded — the simulation at its step with its choices and faults, the log
 * with its view and notes.
 */
import { describe, expect, test, vi } from 'vitest';
import { runDetectors } from '../../../src/findings/run.ts';
import { createAppStore, type AppStore } from '../../../src/store/app-store.ts';
import { selectResolvedNotes } from '../../../src/store/notes-slice.ts';
import { openShareLink } from '../../../src/ui/load/open-share-link.ts';
import type { IngestClient } from '../../../src/worker/ingest-client.ts';
import { analyzeText } from '../../helpers.ts';
import { V1_LOGS, V1_SIMULATION, V1_SIMULATION_APP } from '../trace/link-fixtures.ts';

/** Analyses in-process, as the worker does (with the year the link carries). */
const ingest: IngestClient = {
  async load(inputs, _onProgress, year) {
    const input = inputs[0];
    if (input.kind !== 'text') throw new Error('text only');
    const trace = analyzeText(input.text, input.name, { year: year ?? 2024 });
    trace.findings = runDetectors(trace);
    return { trace, parseMs: 1 };
  },
  cancel() {},
};

function newStore(): AppStore {
  return createAppStore({ ingest, fetchIncident: () => Promise.reject(new Error('offline')) });
}

const fragment = (link: string) => link.slice(link.indexOf('#'));

/** Waits until the simulation's run is drawn (it is simulated and parsed after the simulation opens). */
async function drawn(store: AppStore): Promise<void> {
  await vi.waitFor(() => {
    const s = store.getState();
    if (!s.sim?.run || s.sim.computing || !s.simCursor || !s.loaded) throw new Error('still computing');
  }, { timeout: 20_000, interval: 5 });
}

describe('opening the frozen version 1 links through the store', () => {
  test('the hand-written simulation link opens at its step; the fault the simulator does not have is left out, with a notice', async () => {
    const store = newStore();
    await openShareLink(store, fragment(V1_SIMULATION));
    await drawn(store);
    const s = store.getState();
    expect(s.load.status).not.toBe('error');
    expect(s.simRoute).toBe('sim');
    expect(s.sim!.state).toMatchObject({
      scenario: 'readiness-init-race', variant: 'buggy', version: '1.12', seed: 7, step: 40,
      choices: [{ step: 12, goroutine: 'pod-worker/web-0' }], faults: [],
    });
    expect(s.simCursor!.step).toBe(40);
    expect(s.sim!.notices).toEqual(['a fault at step 3 was left out: the simulator has no fault "runtime-hang"']);
    expect(s.loaded!.trace.events.count).toBeGreaterThan(50);
  });

  test('the app-made simulation link opens with its choice, fault, step, selected lane and note', async () => {
    const store = newStore();
    await openShareLink(store, fragment(V1_SIMULATION_APP));
    await drawn(store);
    await vi.waitFor(() => { if (store.getState().notes.length === 0) throw new Error('notes not applied yet'); }, { timeout: 20_000 });
    const s = store.getState();
    expect(s.sim!.state).toMatchObject({
      scenario: 'readiness-init-race', variant: 'buggy', version: '1.12', seed: 3, step: 45,
      choices: [{ step: 32, goroutine: 'pod-worker default/auto-srv-cwhttp-sf-30b71-0' }],
      faults: [{ step: 40, fault: { kind: 'slow-runtime', factor: 10, durationUs: 20_000_000 } }],
    });
    expect(s.sim!.notices).toEqual([]);
    expect(s.simCursor!.step).toBe(45);
    // The pod worker ran first at the race: no kill, unlike the scenario's default run.
    expect(s.sim!.run!.outcome.incident).toBe(false);
    const trace = s.loaded!.trace;
    const readiness = trace.lanes.findIndex((l) => l.id === 'pod:bfde4b15-cb98-11e8-a3c8-6c92bf85beda/readiness');
    expect(readiness).toBeGreaterThanOrEqual(0);
    expect(s.selection).toEqual({ kind: 'pod', pod: trace.lanes[readiness].pod });
    const notes = selectResolvedNotes(s);
    expect(notes.map((n) => [n.note.text, n.lane])).toEqual([['ready:true this time', readiness]]);
  });

  test('the logs link opens its lines with the window, filter, selection, collapsed group and note', async () => {
    const store = newStore();
    await openShareLink(store, fragment(V1_LOGS));
    const s = store.getState();
    expect(s.load.status).toBe('ready');
    const trace = s.loaded!.trace;
    expect(trace.sources.map((x) => [x.name, x.year.value])).toEqual([['kubelet.log', 2023]]);
    // The window starts where the link says; its end is clamped to a little past the short log's last event.
    expect(s.viewport.startUs).toBe(1695121880000000);
    expect(s.viewport.endUs).toBeGreaterThan(trace.endUs);
    expect(s.viewport.endUs).toBeLessThanOrEqual(1695121890000000);
    expect(s.filters).toMatchObject({ text: 'web', minSeverity: 1 });
    expect(s.selection.kind).toBe('event');
    if (s.selection.kind === 'event') expect(trace.events.line[s.selection.event]).toBe(4);
    expect(s.collapsed['node:0']).toBe(true);
    const notes = selectResolvedNotes(s);
    expect(notes.map((n) => n.note.text)).toEqual(['kill fails here <b>!</b>']);
    expect(notes[0].event).toBe(s.selection.kind === 'event' ? s.selection.event : -2);
  });
});
