import { describe, expect, test } from 'vitest';
import { analyzeText, seedText } from '../../helpers.ts';
import { createAppStore } from '../../../src/store/app-store.ts';
import { CancelledError, type IngestClient } from '../../../src/worker/ingest-client.ts';
import { selectCausal, selectRowLayout, selectVisibility } from '../../../src/store/selectors.ts';
import type { ProgressMessage } from '../../../src/worker/protocol.ts';

/** An ingest client that analyses in-process (the real worker needs a browser). */
function fakeIngest(): IngestClient & { cancelled: number } {
  let reject: ((e: Error) => void) | undefined;
  const client = {
    cancelled: 0,
    async load(inputs: Parameters<IngestClient['load']>[0], onProgress: (p: ProgressMessage) => void) {
      client.cancel();
      const input = inputs[0];
      if (input.kind !== 'text') throw new Error('text only in this fake');
      onProgress({ type: 'progress', runId: 1, phase: 'reading', label: input.name, bytesDone: 0, bytesTotal: input.text.length, lines: 0 });
      const pending = new Promise<never>((_, r) => { reject = r; });
      await Promise.race([Promise.resolve(), pending]);
      return { trace: analyzeText(input.text, input.name), parseMs: 1, postedAtMs: performance.timeOrigin + performance.now() };
    },
    cancel() {
      client.cancelled++;
      reject?.(new CancelledError());
      reject = undefined;
    },
  };
  return client;
}

function newStore() {
  return createAppStore({ ingest: fakeIngest(), fetchIncident: () => Promise.reject(new Error('offline')) });
}

describe('the app store', () => {
  test('loading text goes idle → loading → ready, and the trace is frozen', async () => {
    const store = newStore();
    expect(store.getState().load.status).toBe('idle');
    const done = store.getState().loadText('seed-004.log', seedText('004'));
    expect(store.getState().load.status).toBe('loading');
    await done;
    const s = store.getState();
    expect(s.load.status).toBe('ready');
    expect(Object.isFrozen(s.loaded?.trace)).toBe(true);
    expect(s.loaded?.title).toBe('seed-004.log');
  });

  test('a failed fetch of a built-in incident becomes a readable failure, not an exception', async () => {
    const store = newStore();
    await store.getState().openIncident('nope.log', 'Nope');
    const load = store.getState().load;
    expect(load.status).toBe('failed');
    if (load.status === 'failed') expect(load.message).toContain('nope.log');
  });

  test('navigation can be undone step by step', async () => {
    const store = newStore();
    await store.getState().loadText('seed-004.log', seedText('004'));
    const s = () => store.getState();
    const initial = s().viewport;
    s().recordNavigation();
    s().zoomAt(0.5, (initial.startUs + initial.endUs) / 2);
    const zoomed = s().viewport;
    s().fitAll();
    expect(s().viewport).not.toEqual(zoomed);
    s().undoNavigation();
    expect(s().viewport.startUs).toBe(zoomed.startUs);
    s().undoNavigation();
    expect(s().viewport.startUs).toBe(initial.startUs);
  });

  test('selecting an event from elsewhere expands its pod, brings it into the window and asks for a reveal', async () => {
    const store = newStore();
    await store.getState().loadText('seed-004.log', seedText('004'));
    const trace = store.getState().loaded!.trace;
    const e = trace.events.count - 1;
    const pod = trace.events.pod[e] >= 0 ? trace.events.pod[e] : trace.pods[0].index;
    store.getState().toggleGroup(`pod:${trace.pods[pod].uid}`);
    expect(selectRowLayout(store.getState())!.rowOfLane[trace.pods[pod].lanes[0]]).toBe(-1);
    const nonce = store.getState().revealNonce;
    store.getState().selectEventAndReveal(e, true);
    const s = store.getState();
    expect(s.selection).toEqual({ kind: 'event', event: e });
    expect(s.revealNonce).toBe(nonce + 1);
    expect((s.viewport.startUs + s.viewport.endUs) / 2).toBeCloseTo(trace.events.timeUs[e], 0);
    if (trace.events.pod[e] >= 0) expect(selectRowLayout(s)!.rowOfLane[trace.pods[pod].lanes[0]]).toBeGreaterThanOrEqual(0);
  });

  test('derived data is memoised: same inputs give the same objects, a filter change gives new ones', async () => {
    const store = newStore();
    await store.getState().loadText('seed-000.log', seedText('000'));
    const a = selectVisibility(store.getState());
    store.getState().setFilters({ logFollowsWindow: true });
    expect(selectVisibility(store.getState())).toBe(a);
    store.getState().setFilters({ minSeverity: 1 });
    expect(selectVisibility(store.getState())).not.toBe(a);
  });

  test('causal links of the selected event: one hop, then the whole chain', async () => {
    const store = newStore();
    await store.getState().loadText('seed-004.log', seedText('004'));
    const trace = store.getState().loaded!.trace;
    // The SyncLoop DELETE on line 87 dispatches to the pod worker, which goes on to process the event.
    const del = Array.from({ length: trace.events.count }, (_, e) => e).find((e) => trace.events.line[e] === 87)!;
    store.getState().select({ kind: 'event', event: del });
    const oneHop = selectCausal(store.getState())!;
    expect(oneHop.links.every((l) => trace.links.from[l] === del || trace.links.to[l] === del)).toBe(true);
    expect(oneHop.links.length).toBeGreaterThan(0);
    store.getState().setChainHops('all');
    const chain = selectCausal(store.getState())!;
    expect(chain.links.length).toBeGreaterThan(oneHop.links.length);
    expect(chain.events.has(del)).toBe(true);
  });
});

describe('loads that overlap', () => {
  test('a built-in incident that arrives after the user chose something else does not replace it', async () => {
    let release: (f: File) => void = () => undefined;
    const store = createAppStore({
      ingest: fakeIngest(),
      fetchIncident: () => new Promise<File>((resolve) => { release = resolve; }),
    });
    const opening = store.getState().openIncident('seed-000.log', 'Seed 000');
    await store.getState().loadText('mine.log', seedText('004'));
    release(new File([seedText('000')], 'seed-000.log'));
    await opening;
    expect(store.getState().loaded?.title).toBe('mine.log');
  });
});
