/**
 * The findings, notes and share slices of the store: finding order and focus, note editing and placement, and the
 * view a link or trace file carries going out of the store and back in.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { analyzeText } from '../../helpers.ts';
import { runDetectors } from '../../../src/findings/run.ts';
import { createAppStore } from '../../../src/store/app-store.ts';
import { findingOrder } from '../../../src/store/findings-slice.ts';
import { NOTE_MAX_CHARS, noteTargetFor, selectResolvedNotes } from '../../../src/store/notes-slice.ts';
import { currentViewState } from '../../../src/store/share-slice.ts';
import { selectLaneGroups } from '../../../src/store/selectors.ts';
import type { IngestClient } from '../../../src/worker/ingest-client.ts';

const INCIDENTS = join(import.meta.dirname, '..', '..', '..', 'public', 'incidents');
const incident = (name: string) => readFileSync(join(INCIDENTS, name), 'utf8');

/** Analyses in-process with findings, as the worker does. */
const ingest: IngestClient = {
  async load(inputs) {
    const input = inputs[0];
    if (input.kind !== 'text') throw new Error('text only');
    const trace = analyzeText(input.text, input.name, { year: 2023 });
    trace.findings = runDetectors(trace);
    return { trace, parseMs: 1 };
  },
  cancel() {},
};

async function storeWith(name: string) {
  const store = createAppStore({ ingest, fetchIncident: () => Promise.reject(new Error('offline')) });
  await store.getState().loadText(name, incident(name));
  return store;
}

describe('findings in the store', () => {
  test('panel order puts errors before warnings before info, earliest first among equals', async () => {
    const store = await storeWith('seed-000-readiness-init-race.log');
    const trace = store.getState().loaded!.trace;
    const rank = { error: 0, warning: 1, info: 2 };
    const order = findingOrder(trace);
    expect([...order].sort()).toEqual(trace.findings.map((_, i) => i));
    for (let k = 1; k < order.length; k++) {
      const a = trace.findings[order[k - 1]];
      const b = trace.findings[order[k]];
      expect(rank[a.severity] < rank[b.severity] || (a.severity === b.severity && a.startUs <= b.startUs)).toBe(true);
    }
    expect(trace.findings[order[0]].severity).toBe('error');
  });

  test('focusing a finding zooms to its range, expands its collapsed pods and asks for a scroll', async () => {
    const store = await storeWith('seed-004-stuck-terminating-worker.log');
    const s = () => store.getState();
    const trace = s().loaded!.trace;
    const index = trace.findings.findIndex((f) => f.id === 'runtime-call-errors');
    expect(index).toBeGreaterThanOrEqual(0);
    const f = trace.findings[index];
    s().setAllCollapsed(selectLaneGroups(s())!.pods.map((g) => g.id), true);
    const nonce = s().findingFocusNonce;
    s().focusFinding(index);
    expect(s().activeFinding).toBe(index);
    expect(s().findingFocusNonce).toBe(nonce + 1);
    expect(s().viewport.startUs).toBeLessThanOrEqual(f.startUs);
    expect(s().viewport.endUs).toBeGreaterThanOrEqual(f.endUs);
    // The 239 µs burst is shown at its own scale, not inside the 65-day extent.
    expect(s().viewport.endUs - s().viewport.startUs).toBeLessThan(10 * (f.endUs - f.startUs) + 2_000);
    for (const pod of f.pods) expect(s().collapsed[`pod:${trace.pods[pod].uid}`]).toBe(false);
  });

  test('G steps through findings in panel order and wraps around', async () => {
    const store = await storeWith('seed-004-stuck-terminating-worker.log');
    const s = () => store.getState();
    const order = findingOrder(s().loaded!.trace);
    expect(order.length).toBeGreaterThanOrEqual(2);
    s().stepFinding(1);
    expect(s().activeFinding).toBe(order[0]);
    s().stepFinding(1);
    expect(s().activeFinding).toBe(order[1]);
    for (let k = 2; k < order.length; k++) s().stepFinding(1);
    s().stepFinding(1);
    expect(s().activeFinding).toBe(order[0]);
    s().stepFinding(-1);
    expect(s().activeFinding).toBe(order[order.length - 1]);
  });
});

describe('notes', () => {
  test('added, edited, deleted; empty text adds nothing; long text is capped', async () => {
    const store = await storeWith('seed-004-stuck-terminating-worker.log');
    const s = () => store.getState();
    expect(s().addNote({ kind: 'range', startUs: 1, endUs: 2 }, '   ')).toBe('');
    const a = s().addNote({ kind: 'range', startUs: 1, endUs: 2 }, '  first  ');
    const b = s().addNote({ kind: 'lane', laneId: 'x' }, 'y'.repeat(NOTE_MAX_CHARS + 50));
    expect(a).not.toBe(b);
    expect(s().notes.map((n) => n.text.length)).toEqual([5, NOTE_MAX_CHARS]);
    s().updateNote(a, 'changed');
    expect(s().notes[0].text).toBe('changed');
    s().updateNote(a, '');
    expect(s().notes.map((n) => n.id)).toEqual([b]);
    s().deleteNote(b);
    expect(s().notes).toEqual([]);
  });

  test('notes from a file with repeated ids get unique ones', async () => {
    const store = await storeWith('seed-004-stuck-terminating-worker.log');
    const target = { kind: 'range' as const, startUs: 1, endUs: 2 };
    store.getState().setNotes([{ id: 'n', text: 'a', target }, { id: 'n', text: 'b', target }, { id: '', text: 'c', target }]);
    const ids = store.getState().notes.map((n) => n.id);
    expect(new Set(ids).size).toBe(3);
    expect(store.getState().notes.map((n) => n.text)).toEqual(['a', 'b', 'c']);
  });

  test('an event note sits on the event of its line (continuation lines included); unknown lines resolve to none', async () => {
    const store = await storeWith('seed-004-stuck-terminating-worker.log');
    const s = () => store.getState();
    const trace = s().loaded!.trace;
    const e = trace.events.line.findIndex((l, i) => i < trace.events.count && l > 50);
    s().select({ kind: 'event', event: e });
    const target = noteTargetFor(trace, s().selection, s().viewport);
    expect(target).toEqual({ kind: 'event', event: { source: 'seed-004-stuck-terminating-worker.log', line: trace.events.line[e] } });
    s().addNote(target, 'here');
    s().addNote({ kind: 'event', event: { source: 'other.log', line: 3 } }, 'nowhere');
    const [here, nowhere] = selectResolvedNotes(s());
    expect(here.event).toBe(e);
    expect(here.lane).toBe(trace.events.lane[e]);
    expect(here.startUs).toBe(trace.events.timeUs[e]);
    expect(nowhere.event).toBe(-1);
  });

  test('with nothing selected a new note covers the visible window', async () => {
    const store = await storeWith('seed-004-stuck-terminating-worker.log');
    const s = store.getState();
    expect(noteTargetFor(s.loaded!.trace, { kind: 'none' }, s.viewport)).toEqual({ kind: 'range', startUs: s.viewport.startUs, endUs: s.viewport.endUs });
  });
});

describe('the shared view', () => {
  test('window, selection, filters, collapsed groups and notes survive going out and back in', async () => {
    const store = await storeWith('seed-004-stuck-terminating-worker.log');
    const s = () => store.getState();
    const trace = s().loaded!.trace;
    const pod = trace.pods.findIndex((p) => p.name.startsWith('nginx'));
    const otherGroup = selectLaneGroups(s())!.nodes[0].id;
    s().zoomToRange(trace.startUs + 1000, trace.startUs + 5000);
    s().setFilters({ minSeverity: 1, pods: [pod], text: 'kill' });
    s().toggleGroup(otherGroup);
    s().select({ kind: 'pod', pod });
    s().addNote({ kind: 'range', startUs: trace.startUs, endUs: trace.startUs + 10 }, 'start');
    const view = currentViewState(s())!;
    const notes = s().notes;
    expect(view.filters).toEqual({ text: 'kill', textIsRegex: false, pods: [`${trace.pods[pod].namespace}/${trace.pods[pod].name}`], minSeverity: 1 });
    expect(view.collapsedLanes).toEqual([otherGroup]);

    s().resetForTrace(trace);
    expect(s().notes).toEqual([]);
    s().applySavedView(view, notes);
    expect(currentViewState(s())).toEqual(view);
    expect(s().notes).toEqual(notes);
  });

  test('a lane id in collapsedLanes collapses its group; unknown ids and out-of-range selections are ignored', async () => {
    const store = await storeWith('seed-004-stuck-terminating-worker.log');
    const s = () => store.getState();
    const trace = s().loaded!.trace;
    const lane = trace.lanes.find((l) => l.pod >= 0)!;
    s().applySavedView({
      startUs: trace.startUs, endUs: trace.endUs, originUs: NaN, collapsedLanes: [lane.id, 'pod:nope', 'n9/x'],
      selected: { kind: 'event', index: trace.events.count + 5 },
    }, []);
    expect(s().collapsed).toEqual({ [`pod:${trace.pods[lane.pod].uid}`]: true });
    expect(s().selection).toEqual({ kind: 'none' });
  });
});
