/**
 * Opens a share link (`#v=1&p=…`, made by `syncloop link` or a future Share button): the log lines it carries are
 * parsed like a file, with the sender's year, and its view — time window, filters, selection — is applied. The
 * fragment never reaches a server; decoding is the core's (trace/link.ts), which bounds every size and throws only
 * ShareError on bad input.
 */
import { podId } from '../../model/trace-query.ts';
import type { AppStore } from '../../store/app-store.ts';
import { decodeShareLink } from '../../trace/link.ts';
import type { StableViewState } from '../../trace/share-types.ts';
import { resolveSelection } from '../../trace/view-keys.ts';

export function looksLikeShareLink(fragment: string): boolean {
  return /(^#|&)p=/.test(fragment) && /(^#|&)v=/.test(fragment);
}

function applyView(store: AppStore, view: StableViewState): void {
  const s = store.getState();
  const trace = s.loaded?.trace;
  if (!trace) return;
  if (Number.isFinite(view.startUs) && Number.isFinite(view.endUs) && view.endUs > view.startUs) {
    s.setViewport({ startUs: view.startUs, endUs: view.endUs, originUs: Number.isFinite(view.originUs) ? view.originUs : NaN });
  }
  const f = view.filters;
  if (f) {
    const podIndex = new Map(trace.pods.map((p) => [podId(p), p.index]));
    s.setFilters({
      text: f.text ?? '', textIsRegex: f.textIsRegex ?? false,
      pods: (f.pods ?? []).map((id) => podIndex.get(id)).filter((p): p is number => p !== undefined),
      namespaces: f.namespaces ?? [], containers: f.containers ?? [], laneKinds: f.laneKinds ?? [],
      minSeverity: f.minSeverity ?? 0, logFollowsWindow: f.logFollowsWindow ?? false,
    });
  }
  const selected = view.selected ? resolveSelection(trace, view.selected) : undefined;
  if (selected?.kind === 'event') s.select({ kind: 'event', event: selected.index });
  else if (selected?.kind === 'span') s.select({ kind: 'span', span: selected.index });
  else if (selected?.kind === 'pod') s.select({ kind: 'pod', pod: selected.index });
  if (selected) s.requestReveal();
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
  if (state.kind !== 'logs') {
    store.getState().reportLoadFailure('this link holds a simulation run; this view opens logs only');
    return;
  }
  const inputs = state.sources.map((src) => ({ kind: 'text' as const, name: src.name, text: src.text }));
  await store.getState().loadInputs(inputs, state.sources.length === 1 ? `${state.sources[0].name} (shared link)` : 'shared link', state.sources[0]?.year);
  if (state.view) applyView(store, state.view);
}
