/**
 * The text filter's pass in slices (store/text-match-runner.ts): over a log whose text is many pieces, with a slice
 * of zero milliseconds (one step each) and the next slices queued by hand, the filter reports its progress, shows
 * the previous result meanwhile, stops a pass a newer text replaced, and ends with exactly what the pass at once
 * gives; a new log lets go of the old log's result.
 */
import { describe, expect, test } from 'vitest';
import { analyzeText, seedText } from '../../helpers.ts';
import { createAppStore } from '../../../src/store/app-store.ts';
import { computeVisibility, DEFAULT_FILTERS } from '../../../src/store/event-filter.ts';
import { selectRowLayout, selectVisibility } from '../../../src/store/selectors.ts';
import type { IngestClient } from '../../../src/worker/ingest-client.ts';

/** Analyses in-process in 512-byte chunks, so the raw text is many pieces and a plain-text pass many steps. */
const chunkedIngest: IngestClient = {
  async load(inputs) {
    const input = inputs[0];
    if (input.kind !== 'text') throw new Error('text only in this fake');
    return { trace: analyzeText(input.text, input.name, { chunk: 512 }), parseMs: 1, postedAtMs: 0 };
  },
  cancel() {},
};

function steppedStore() {
  const queue: (() => void)[] = [];
  const store = createAppStore({
    ingest: chunkedIngest, fetchIncident: () => Promise.reject(new Error('offline')),
    scheduleTask: (task) => {
      let live = true;
      queue.push(() => { if (live) task(); });
      return () => { live = false; };
    },
    textMatchSliceMs: 0,
  });
  /** Runs the queued slices one by one; returns the progress seen after each. */
  const drain = () => {
    const seen: number[] = [];
    while (queue.length) {
      queue.shift()!();
      const p = store.getState().textMatchProgress;
      if (p !== undefined) seen.push(p);
    }
    return seen;
  };
  return { store, queue, drain };
}

const visibleOf = (mask: Uint8Array | undefined) => (mask ? [...mask.keys()].filter((e) => mask[e] === 1) : 'all');

describe('the text filter runs in slices', () => {
  test('progress, the result at once afterwards, and the same events as the pass at once', async () => {
    const { store, drain } = steppedStore();
    await store.getState().loadText('seed-004.log', seedText('004'));
    const trace = store.getState().loaded!.trace;
    expect(trace.raw[0].pieces.length).toBeGreaterThan(20);

    store.getState().setFilters({ text: 'Killing container' });
    // One step ran: the pass is under way, and until it ends no text filter applies yet.
    const first = store.getState().textMatchProgress!;
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(1);
    expect(selectVisibility(store.getState())!.textPending).toBe(true);
    expect(selectVisibility(store.getState())!.mask).toBeUndefined();
    // Everything derived from the visibility takes the same one (none runs the pass at once), and keeps it.
    const visibility = selectVisibility(store.getState());
    const layout = selectRowLayout(store.getState());
    expect(selectVisibility(store.getState())).toBe(visibility);
    expect(selectRowLayout(store.getState())).toBe(layout);

    const progress = drain();
    expect(progress.length).toBeGreaterThan(10);
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1])).toBe(true);
    const v = selectVisibility(store.getState())!;
    expect(v.textPending).toBe(false);
    expect(store.getState().textMatchProgress).toBeUndefined();
    const atOnce = computeVisibility(trace, { ...DEFAULT_FILTERS, text: 'Killing container' });
    expect(visibleOf(v.mask)).toEqual(visibleOf(atOnce.mask));
    expect(v.hiddenBy.text).toBe(atOnce.hiddenBy.text);
    expect(v.visibleCount).toBeGreaterThan(0);
  });

  test('a newer text stops the older pass; meanwhile the older result stays on screen, marked pending', async () => {
    const { store, queue, drain } = steppedStore();
    await store.getState().loadText('seed-004.log', seedText('004'));
    const trace = store.getState().loaded!.trace;
    store.getState().setFilters({ text: 'SyncLoop' });
    drain();
    const done = selectVisibility(store.getState())!;
    const shown = done.mask;

    store.getState().setFilters({ text: 'grace period' });
    queue.shift()!();
    store.getState().setFilters({ text: 'Killing' });
    const pending = selectVisibility(store.getState())!;
    expect(pending.textPending).toBe(true);
    expect(visibleOf(pending.mask)).toEqual(visibleOf(shown));
    // Only the text's state changed: the pass over every event is not redone (on a big log it takes tens of ms,
    // inside the keystroke's handler), its arrays are the ones already shown.
    expect(pending.mask).toBe(shown);
    expect(pending.podVisible).toBe(done.podVisible);
    drain();
    expect(store.getState().textMatch!.text).toBe('Killing');
    const atOnce = computeVisibility(trace, { ...DEFAULT_FILTERS, text: 'Killing' });
    expect(visibleOf(selectVisibility(store.getState())!.mask)).toEqual(visibleOf(atOnce.mask));
  });

  test('a regular expression in slices gives what it gives at once, and a bad one reports its error', async () => {
    const { store, drain } = steppedStore();
    await store.getState().loadText('seed-004.log', seedText('004'));
    const trace = store.getState().loaded!.trace;
    const f = { ...DEFAULT_FILTERS, text: 'killing container .*grace', textIsRegex: true };
    store.getState().setFilters({ text: f.text, textIsRegex: true });
    expect(drain().length).toBeGreaterThan(1);
    const v = selectVisibility(store.getState())!;
    expect(v.visibleCount).toBeGreaterThan(0);
    expect(visibleOf(v.mask)).toEqual(visibleOf(computeVisibility(trace, f).mask));

    store.getState().setFilters({ text: '(a+)+$' });
    drain();
    expect(selectVisibility(store.getState())!.textError).toMatch(/nested quantifier/);
    expect(selectVisibility(store.getState())!.mask).toBeUndefined();
  });

  test('a new log lets go of the old log\'s result', async () => {
    const { store, drain } = steppedStore();
    await store.getState().loadText('seed-004.log', seedText('004'));
    store.getState().setFilters({ text: 'Killing' });
    drain();
    const old = store.getState().textMatch!.trace;
    await store.getState().loadText('seed-000.log', seedText('000'));
    expect(store.getState().loaded!.trace).not.toBe(old);
    expect(store.getState().textMatch).toBeUndefined();
  });
});
