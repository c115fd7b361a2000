/** Find a pod by typing: substring match on namespace/name and uid; Enter or a click selects it and scrolls to it. */
import { useMemo, useState } from 'react';
import { podLabel } from '../../model/trace-query.ts';
import { useTrace } from '../app/hooks.ts';
import { useStoreApi } from '../app/StoreContext.tsx';

const MAX_RESULTS = 12;

export function PodFinder() {
  const store = useStoreApi();
  const trace = useTrace();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const matches = useMemo(() => {
    if (!trace || !query.trim()) return [];
    const q = query.trim().toLowerCase();
    const out: number[] = [];
    for (const p of trace.pods) {
      if (podLabel(p).toLowerCase().includes(q) || p.uid.toLowerCase().startsWith(q)) out.push(p.index);
      if (out.length >= MAX_RESULTS) break;
    }
    return out;
  }, [trace, query]);
  if (!trace) return null;
  const choose = (pod: number) => {
    const s = store.getState();
    s.expandGroup(`pod:${trace.pods[pod].uid}`);
    s.select({ kind: 'pod', pod });
    s.requestReveal();
    setOpen(false);
    setQuery('');
  };
  return (
    <div className="pod-finder">
      <input
        type="search"
        id="pod-finder"
        placeholder={`Find pod (${trace.pods.length})…  P`}
        aria-label="Find a pod"
        value={query}
        autoComplete="off"
        onChange={(e) => { setQuery(e.target.value); setActive(0); setOpen(true); }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') { e.preventDefault(); setActive((a) => Math.min(matches.length - 1, a + 1)); }
          if (e.key === 'ArrowUp') { e.preventDefault(); setActive((a) => Math.max(0, a - 1)); }
          if (e.key === 'Enter' && matches.length) choose(matches[Math.min(active, matches.length - 1)]);
          if (e.key === 'Escape') { setQuery(''); e.currentTarget.blur(); }
        }}
      />
      {open && matches.length > 0 && (
        <ul className="pod-finder-results" role="listbox">
          {matches.map((p, i) => (
            <li key={p} role="option" aria-selected={i === active}>
              <button type="button" className={i === active ? 'active' : ''} onMouseDown={(e) => { e.preventDefault(); choose(p); }}>
                {podLabel(trace.pods[p])}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
