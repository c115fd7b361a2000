/**
 * Opens a share link (`#v=1&p=…`, made by the Share dialog or `syncloop link`): the log lines it carries are parsed
 * like a file, with the sender's year, and its view — time window, filters, selection, collapsed lanes — and notes
 * are applied; a simulation link opens that simulation at its step, with its notes. The fragment never reaches a
 * server; decoding is the core's (trace/link.ts), which bounds every size and throws only ShareError on bad input.
 */
import type { AppStore } from '../../store/app-store.ts';
import { decodeShareLink } from '../../trace/link.ts';
import type { Note, StableViewState } from '../../trace/share-types.ts';
import { fromStableView } from '../../trace/view-keys.ts';

export function looksLikeShareLink(fragment: string): boolean {
  return /(^#|&)p=/.test(fragment) && /(^#|&)v=/.test(fragment);
}

/** A simulation's run arrives from its worker a moment after it opens; waits for it (or gives up after a while). */
function whenSimulationDrawn(store: AppStore, timeoutMs = 30_000): Promise<boolean> {
  const drawn = () => {
    const s = store.getState();
    return s.simRoute === 'sim' && s.sim?.run !== undefined && s.loaded !== undefined;
  };
  if (drawn()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => { unsubscribe(); resolve(false); }, timeoutMs);
    const unsubscribe = store.subscribe(() => {
      if (store.getState().simRoute !== 'sim') { clearTimeout(timer); unsubscribe(); resolve(false); return; }
      if (!drawn()) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(true);
    });
  });
}

function applyLinkView(store: AppStore, view: StableViewState | undefined, notes: readonly Note[]): void {
  const trace = store.getState().loaded?.trace;
  if (!trace) return;
  store.getState().applySavedView(view ? fromStableView(trace, view) : undefined, notes);
}

/** Opens the link in `fragment`; a damaged or unsupported link becomes a load failure the page shows. */
export async function openShareLink(store: AppStore, fragment: string): Promise<void> {
  let state;
  try {
    state = await decodeShareLink(fragment);
  } catch (e) {
    store.getState().reportLoadFailure(`this share link cannot be opened: ${e instanceof Error ? e.message : String(e)}`);
    return;
  }
  if (state.kind === 'simulation') {
    const sim = state.simulation;
    if (!store.getState().openSimulation({ ...sim })) {
      store.getState().reportLoadFailure(`this share link names a simulation this Syncloop does not have ("${sim.scenario.slice(0, 80)}")`);
      return;
    }
    if ((state.notes.length || state.view) && (await whenSimulationDrawn(store))) applyLinkView(store, state.view, state.notes);
    return;
  }
  const inputs = state.sources.map((src) => ({ kind: 'text' as const, name: src.name, text: src.text }));
  await store.getState().loadInputs(inputs, state.sources.length === 1 ? `${state.sources[0].name} (shared link)` : 'shared link', state.sources[0]?.year);
  if (store.getState().load.status === 'ready') applyLinkView(store, state.view, state.notes);
}
