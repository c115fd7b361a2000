/**
 * The message-text filter: plain text (case-insensitive) or a regular expression, applied after a short pause in
 * typing. Unsafe or too slow patterns are refused with the reason; while it applies, −n says what it hides. On a big
 * log the pass runs in slices (store/text-match-runner.ts): meanwhile it says how far it is, and the timeline shows
 * the previous text's result.
 */
import { useEffect, useState } from 'react';
import { compileFilterPattern } from '../../store/event-filter.ts';
import { useFilters, useTextMatchProgress, useVisibility } from '../app/hooks.ts';
import { useStoreApi } from '../app/StoreContext.tsx';
import { FilterHides } from './FilterHides.tsx';

const TYPING_PAUSE_MS = 250;

export function TextFilter() {
  const store = useStoreApi();
  const filters = useFilters();
  const visibility = useVisibility();
  const progress = useTextMatchProgress();
  const [draft, setDraft] = useState(filters.text);
  useEffect(() => setDraft(filters.text), [filters.text]);
  useEffect(() => {
    if (draft === store.getState().filters.text) return;
    const timer = setTimeout(() => store.getState().setFilters({ text: draft }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft, store]);
  const check = filters.textIsRegex && draft ? compileFilterPattern(draft) : undefined;
  const error = check && 'error' in check ? check.error : visibility?.textError;
  return (
    <div className={`text-filter${error ? ' invalid' : filters.text ? ' active' : ''}`}>
      <input
        id="filter-text"
        type="search"
        placeholder={filters.textIsRegex ? 'Regular expression…  /' : 'Filter by message text…  /'}
        aria-label="Filter by message text"
        value={draft}
        spellCheck={false}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => { if (e.key === 'Enter') store.getState().setFilters({ text: draft }); }}
      />
      <button
        type="button"
        className={`toggle${filters.textIsRegex ? ' on' : ''}`}
        aria-pressed={filters.textIsRegex}
        title="Regular expression, run in linear time (no backreferences or lookaround, no repeated group containing a repeat; case-insensitive; the first 2,000 characters of each line)"
        onClick={() => store.getState().setFilters({ textIsRegex: !filters.textIsRegex })}
      >
        .*
      </button>
      {filters.text !== '' && !error && (visibility?.textPending ? (
        <span className="filter-progress muted" role="status" data-testid="filter-text-progress" title="the timeline shows the previous filter until this one is done">
          filtering… {Math.floor((progress ?? 0) * 100)}%
        </span>
      ) : <FilterHides count={visibility?.hiddenBy.text ?? 0} testId="filter-text-hides" />)}
      {error && <span className="error-text" role="alert" data-testid="filter-error">{error}</span>}
    </div>
  );
}
