/**
 * The pod filter: type part of a pod's name (or UID) and pick it from the suggestions (↑ ↓ Enter); each chosen pod
 * is a chip with ×, Backspace in the empty field removes the last one. Only the chosen pods' events and lanes stay.
 */
import { useMemo, useState } from 'react';
import { podLabel } from '../../model/trace-query.ts';
import type { Trace } from '../../model/trace.ts';
import { useFilters, useVisibility } from '../app/hooks.ts';
import { useStoreApi } from '../app/StoreContext.tsx';
import { formatCount } from '../shared/format.ts';
import { FilterHides } from './FilterHides.tsx';
import { matchPods } from './match-pods.ts';

const MAX_SUGGESTIONS = 12;

export function PodFilter({ trace }: { trace: Trace }) {
  const store = useStoreApi();
  const filters = useFilters();
  const visibility = useVisibility();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const chosen = filters.pods;
  const suggestions = useMemo(() => matchPods(trace.pods, query, new Set(chosen), MAX_SUGGESTIONS), [trace, query, chosen]);
  const setPods = (pods: readonly number[]) => store.getState().setFilters({ pods });
  const add = (pod: number) => {
    setPods([...chosen, pod]);
    setQuery('');
    setActive(0);
  };
  const hidden = visibility?.hiddenBy.pod ?? 0;
  return (
    <div className={`pod-filter${chosen.length ? ' active' : ''}`} data-testid="filter-pod">
      <span className="muted">Pod</span>
      {chosen.map((p) => (
        <span key={p} className="chip" data-testid="pod-chip">
          {podLabel(trace.pods[p])}
          <button type="button" className="icon-button" aria-label={`Stop filtering to ${podLabel(trace.pods[p])}`} onClick={() => setPods(chosen.filter((x) => x !== p))}>×</button>
        </span>
      ))}
      <div className="pod-filter-field">
        <input
          id="filter-pod"
          type="search"
          placeholder={chosen.length ? 'add a pod…' : `type a pod (${formatCount(trace.pods.length)})…  ⇧P`}
          title="Keep only the pods you pick (Shift+P)"
          aria-label="Filter to pods: type a pod name"
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(e) => { setQuery(e.target.value); setActive(0); setOpen(true); }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') { e.preventDefault(); setActive((a) => Math.min(suggestions.length - 1, a + 1)); }
            else if (e.key === 'ArrowUp') { e.preventDefault(); setActive((a) => Math.max(0, a - 1)); }
            else if (e.key === 'Enter' && suggestions.length) add(suggestions[Math.min(active, suggestions.length - 1)]);
            else if (e.key === 'Backspace' && query === '' && chosen.length) setPods(chosen.slice(0, -1));
            else if (e.key === 'Escape') { setQuery(''); e.currentTarget.blur(); }
          }}
        />
        {open && suggestions.length > 0 && (
          <ul className="pod-finder-results pod-filter-results" role="listbox" aria-label="Pods matching">
            {suggestions.map((p, i) => (
              <li key={p} role="option" aria-selected={i === active}>
                <button type="button" className={i === active ? 'active' : ''} onMouseDown={(e) => { e.preventDefault(); add(p); }}>
                  {podLabel(trace.pods[p])}
                </button>
              </li>
            ))}
          </ul>
        )}
        {open && query.trim() !== '' && suggestions.length === 0 && (
          <div className="pod-finder-results pod-filter-results muted" role="status">no other pod matches</div>
        )}
      </div>
      {chosen.length > 0 && (
        <>
          <FilterHides count={hidden} testId="filter-pod-hides" />
          {chosen.length > 1 && <button type="button" className="link-button" onClick={() => setPods([])}>clear</button>}
        </>
      )}
    </div>
  );
}
