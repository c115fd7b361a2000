/**
 * The message-text filter: plain text (case-insensitive) or a regular expression, applied after a short pause in
 * typing. Unsafe or too slow patterns are refused with the reason; while it applies, −n says what it hides. On a big
 * log the pass runs in slices (store/text-match-runner.ts): meanwhile it says how far it is, and the timeline shows
 * the previous text's result.
 */
import { useEffect, useRef, useState } from 'react';
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
  // The typing pause's timer, started by each keystroke: Enter, and a change from elsewhere (X, a share link, a
  // new log), cancel it, so text typed before them cannot come back a moment later.
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancelPending = () => {
    clearTimeout(pending.current);
    pending.current = undefined;
  };
  useEffect(() => {
    cancelPending();
    setDraft(filters.text);
  }, [filters.text]);
  useEffect(() => cancelPending, []);
  const apply = (text: string) => {
    cancelPending();
    store.getState().setFilters({ text });
  };
  const type = (text: string) => {
    setDraft(text);
    cancelPending();
    pending.current = setTimeout(() => apply(text), TYPING_PAUSE_MS);
  };
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
        onChange={(e) => type(e.target.value)}
        onKeyDown={(e) => { if (e.key === 'Enter') apply(draft); }}
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
