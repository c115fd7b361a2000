/**
 * What the share dialog shares (ui/share/prepare-share.ts): the user's sanitize patterns read one by one, a logs
 * link that carries the chosen lines and opens on the same selected line, sanitizing that leaves no original pod
 * name in the link, and a simulation link that carries the run's inputs and step.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { analyzeText } from '../../helpers.ts';
import { runDetectors } from '../../../src/findings/run.ts';
import { createAppStore, type AppStore } from '../../../src/store/app-store.ts';
import { decodeShareLink, encodeShareLink } from '../../../src/trace/link.ts';
import { analyzeSharedLogs } from '../../../src/trace/link-logs.ts';
import { findEvent } from '../../../src/trace/view-keys.ts';
import { prepareShare, readPatterns } from '../../../src/ui/share/prepare-share.ts';
import { openShareLink } from '../../../src/ui/load/open-share-link.ts';
import { selectResolvedNotes } from '../../../src/store/notes-slice.ts';
import type { IngestClient } from '../../../src/worker/ingest-client.ts';

const NAME = 'seed-004-stuck-terminating-worker.log';
const TEXT = readFileSync(join(import.meta.dirname, '..', '..', '..', 'public', 'incidents', NAME), 'utf8');
const POD = 'nginx-deployment-bd4476b48-fpgvc';

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

async function loadedStore(): Promise<AppStore> {
  const store = createAppStore({ ingest, fetchIncident: () => Promise.reject(new Error('offline')) });
  await store.getState().loadText(NAME, TEXT);
  return store;
}

describe('sanitize patterns', () => {
  test('plain text and safe regular expressions are used; a dangerous or broken one is refused with its line and reason', () => {
    const { patterns, problems } = readPatterns('acme\n\n/ticket-[0-9]+/i\n/(a+)+$/\n/[unclosed/\n' + 'x'.repeat(501));
    expect(patterns).toEqual([{ kind: 'text', text: 'acme' }, { kind: 'regex', source: 'ticket-[0-9]+', flags: 'i' }]);
    expect(problems.map((p) => p.line)).toEqual([4, 5, 6]);
    for (const p of problems) expect(p.message.length).toBeGreaterThan(10);
  });
});

describe('a logs link', () => {
  test('the whole small log, opening on the selected line with the note', async () => {
    const store = await loadedStore();
    const s = () => store.getState();
    const trace = s().loaded!.trace;
    const e = trace.events.line.indexOf(230);
    s().select({ kind: 'event', event: e });
    s().addNote({ kind: 'range', startUs: trace.startUs, endUs: trace.startUs + 5 }, 'start');
    const prepared = prepareShare(s(), { lines: 'whole', sanitize: false, patternText: '' })!;
    expect(prepared.whole).toBe(true);
    const link = await encodeShareLink(prepared.state, 'http://app.test/');
    const opened = await decodeShareLink(link);
    if (opened.kind !== 'logs') throw new Error('expected a logs link');
    expect(opened.sources[0].text).toBe(TEXT);
    expect(opened.notes.map((n) => n.text)).toEqual(['start']);
    const again = analyzeSharedLogs(opened.sources);
    expect(opened.view?.selected?.kind).toBe('event');
    const sel = opened.view!.selected!;
    if (sel.kind !== 'event') throw new Error('expected an event');
    expect(again.events.line[findEvent(again, sel.event)]).toBe(230);
  });

  test('the visible window only: fewer lines, every kept event inside the window', async () => {
    const store = await loadedStore();
    const s = () => store.getState();
    const trace = s().loaded!.trace;
    const t = trace.events.timeUs[trace.events.line.indexOf(230)];
    s().setViewport({ startUs: t - 500, endUs: t + 500, originUs: NaN });
    const prepared = prepareShare(s(), { lines: 'window', sanitize: false, patternText: '' })!;
    expect(prepared.whole).toBe(false);
    if (prepared.state.kind !== 'logs') throw new Error('expected logs');
    const again = analyzeSharedLogs(prepared.state.sources);
    expect(again.events.count).toBeGreaterThan(0);
    expect(again.events.count).toBeLessThan(trace.events.count);
    for (let i = 0; i < again.events.count; i++) {
      expect(again.events.timeUs[i]).toBeGreaterThanOrEqual(t - 500);
      expect(again.events.timeUs[i]).toBeLessThanOrEqual(t + 500);
    }
  });

  test('sanitized: no original pod name anywhere in the link; the preview lists the pod; notes are sanitized too', async () => {
    const store = await loadedStore();
    const s = () => store.getState();
    const trace = s().loaded!.trace;
    s().select({ kind: 'pod', pod: 0 });
    s().addNote({ kind: 'range', startUs: trace.startUs, endUs: trace.endUs }, `look at ${POD}`);
    const prepared = prepareShare(s(), { lines: 'whole', sanitize: true, patternText: 'containerd' })!;
    const json = JSON.stringify(prepared.state);
    expect(json).not.toContain(POD);
    expect(json).not.toContain('containerd');
    const pod = prepared.preview.find((p) => p.original === POD);
    expect(pod?.category).toBe('pod');
    expect(pod!.count).toBeGreaterThan(0);
    expect(prepared.notes[0].text).toBe(`look at ${pod!.pseudonym}`);
    // The selection still names the (renamed) pod, so the link opens on it.
    expect(prepared.state.view?.selected).toEqual({ kind: 'pod', pod: `default/${pod!.pseudonym}` });
  });

  test('the two options also replace the pod UID, the container IDs and the default namespace, and the link opens', async () => {
    const store = await loadedStore();
    const s = () => store.getState();
    const trace = s().loaded!.trace;
    const uid = trace.pods[0].uid;
    const cid = trace.containers.find((c) => c.id && !c.sandbox)!.id;
    s().select({ kind: 'pod', pod: 0 });
    const kept = prepareShare(s(), { lines: 'whole', sanitize: true, patternText: '' })!;
    expect(JSON.stringify(kept.state)).toContain(uid);
    expect(kept.preview.some((p) => p.category === 'uid' || p.original === 'default')).toBe(false);
    const prepared = prepareShare(s(), { lines: 'whole', sanitize: true, patternText: '', uids: true, wellKnownNamespaces: true })!;
    const json = JSON.stringify(prepared.state);
    for (const original of [uid, cid, cid.slice(0, 12), 'default/']) expect(json).not.toContain(original);
    const ns = prepared.preview.find((p) => p.original === 'default')!;
    expect(ns.category).toBe('namespace');
    expect(prepared.preview.find((p) => p.original === uid)?.category).toBe('uid');
    expect(prepared.preview.find((p) => p.original === cid)?.category).toBe('container-id');
    const pod = prepared.preview.find((p) => p.category === 'pod')!;
    expect(prepared.state.view?.selected).toEqual({ kind: 'pod', pod: `${ns.pseudonym}/${pod.pseudonym}` });
    // Opened, the shared lines make the same pods and containers under their stand-ins.
    const state = await decodeShareLink(await encodeShareLink(prepared.state));
    if (state.kind !== 'logs') throw new Error('expected a logs link');
    const opened = analyzeSharedLogs(state.sources);
    expect(opened.pods.map((p) => `${p.namespace}/${p.name}`)).toEqual([`${ns.pseudonym}/${pod.pseudonym}`]);
    expect(opened.containers.length).toBe(trace.containers.length);
  });
});

describe('a simulation link', () => {
  test('carries the scenario, its inputs and the step, and no log text', async () => {
    const store = createAppStore({ ingest, fetchIncident: () => Promise.reject(new Error('offline')) });
    expect(store.getState().openSimulation({ scenario: 'readiness-init-race', step: 7 })).toBe(true);
    await new Promise<void>((resolve) => {
      if (store.getState().loaded) { resolve(); return; }
      const stop = store.subscribe((s) => { if (s.loaded) { stop(); resolve(); } });
    });
    const prepared = prepareShare(store.getState(), { lines: 'whole', sanitize: false, patternText: '' })!;
    expect(prepared.kind).toBe('simulation');
    if (prepared.state.kind !== 'simulation') throw new Error('expected a simulation');
    expect(prepared.state.simulation).toMatchObject({ scenario: 'readiness-init-race', step: 7 });
    expect(JSON.stringify(prepared.state)).not.toContain('kubelet_pods.go');
    const opened = await decodeShareLink(await encodeShareLink(prepared.state));
    expect(opened).toMatchObject({ kind: 'simulation', simulation: { scenario: 'readiness-init-race', step: 7 } });
  });
});

describe('a sanitized simulation link', () => {
  /** Opens a simulation and waits until its run is drawn. */
  async function simulationStore(step: number): Promise<AppStore> {
    const store = createAppStore({ ingest, fetchIncident: () => Promise.reject(new Error('offline')) });
    expect(store.getState().openSimulation({ scenario: 'readiness-init-race', step })).toBe(true);
    await vi.waitFor(() => { const s = store.getState(); if (!s.sim?.run || s.sim.computing || !s.loaded) throw new Error('drawing'); }, { timeout: 20_000 });
    return store;
  }

  test('keeps the names the re-run simulation uses, so its notes and selection find their lanes, pod and event again', async () => {
    const store = await simulationStore(45);
    const s = () => store.getState();
    const trace = s().loaded!.trace;
    const pod = trace.pods.find((p) => p.name === 'auto-srv-cwhttp-sf-30b71-0')!;
    const readiness = pod.lanes.find((l) => trace.lanes[l].kind === 'readiness')!;
    const event = trace.events.pod.indexOf(pod.index);
    s().addNote({ kind: 'lane', laneId: trace.lanes[readiness].id }, 'ready:false comes from here; ticket OPS-4411');
    s().addNote({ kind: 'event', event: { source: trace.sources[trace.events.source[event]].name, line: trace.events.line[event] } }, `first line of ${pod.name}`);
    s().select({ kind: 'pod', pod: pod.index });
    const prepared = prepareShare(s(), { lines: 'whole', sanitize: true, patternText: '/OPS-[0-9]+/', uids: true, wellKnownNamespaces: true })!;
    // The exported trace is sanitized throughout (its lanes, pods and notes agree with each other)…
    expect(prepared.trace.pods.map((p) => p.name)).not.toContain(pod.name);
    expect(prepared.trace.lanes.map((l) => l.id)).toContain((prepared.notes[0].target as { laneId: string }).laneId);
    // …while the link keeps the simulation's own names; the user's pattern still applies to the notes' text.
    if (prepared.state.kind !== 'simulation') throw new Error('expected a simulation');
    expect(prepared.state.notes.map((n) => n.text)).toEqual([expect.stringMatching(/^ready:false comes from here; ticket redacted-\d+$/), `first line of ${pod.name}`]);
    expect(prepared.state.view?.selected).toEqual({ kind: 'pod', pod: `default/${pod.name}` });

    // Opened as the app opens links: every note finds its lane or event, and the pod is selected.
    const other = createAppStore({ ingest, fetchIncident: () => Promise.reject(new Error('offline')) });
    const link = await encodeShareLink(prepared.state);
    await openShareLink(other, link.slice(link.indexOf('#')));
    await vi.waitFor(() => { if (other.getState().notes.length !== 2) throw new Error('notes not applied yet'); }, { timeout: 20_000 });
    const opened = other.getState();
    const resolved = selectResolvedNotes(opened);
    const openedTrace = opened.loaded!.trace;
    expect(resolved[0].lane).toBeGreaterThanOrEqual(0);
    expect(openedTrace.lanes[resolved[0].lane].id).toBe(trace.lanes[readiness].id);
    expect(resolved[1].event).toBeGreaterThanOrEqual(0);
    expect(openedTrace.events.line[resolved[1].event]).toBe(trace.events.line[event]);
    expect(opened.selection).toEqual({ kind: 'pod', pod: openedTrace.pods.findIndex((p) => p.name === pod.name) });
  });
});
