/**
 * A compact multi-choice dropdown (a <details> with checkboxes); an empty choice means "all". When something is
 * chosen, a × next to it clears the choice and an optional count says what the choice hides. Long option lists get
 * a field that narrows them as you type.
 */
import { useState } from 'react';
import { formatCount } from './format.ts';

export interface MultiSelectProps<T extends string | number> {
  label: string;
  options: readonly { value: T; label: string }[];
  selected: readonly T[];
  onChange: (next: T[]) => void;
  testId?: string;
  /** Id of the <summary>, so a key can focus it. */
  id?: string;
  /** Events the current choice hides (shown as −n while something is chosen). */
  hiddenCount?: number;
}

/** Options above this count get a type-to-narrow field. */
const NARROW_FIELD_FROM = 10;

export function MultiSelect<T extends string | number>({ label, options, selected, onChange, testId, id, hiddenCount }: MultiSelectProps<T>) {
  const [narrow, setNarrow] = useState('');
  const chosen = new Set(selected);
  const summary = selected.length === 0 ? 'all' : selected.length === 1
    ? options.find((o) => o.value === selected[0])?.label ?? String(selected[0]) : `${selected.length} chosen`;
  const q = narrow.trim().toLowerCase();
  const shown = q ? options.filter((o) => o.label.toLowerCase().includes(q)) : options;
  return (
    <span className={`multi-select-group${selected.length ? ' active' : ''}`} data-testid={testId}>
      <details className={`multi-select${selected.length ? ' active' : ''}`}>
        <summary id={id}><span className="muted">{label}</span> {summary}</summary>
        <div className="multi-select-menu">
          {options.length === 0 && <div className="muted">none in this trace</div>}
          {options.length > NARROW_FIELD_FROM && (
            <input type="search" placeholder="narrow…" aria-label={`Narrow the ${label.toLowerCase()} list`} value={narrow} onChange={(e) => setNarrow(e.target.value)} />
          )}
          {shown.map((o) => (
            <label key={String(o.value)}>
              <input
                type="checkbox"
                checked={chosen.has(o.value)}
                onChange={(e) => onChange(e.target.checked ? [...selected, o.value] : selected.filter((v) => v !== o.value))}
              />
              {o.label}
            </label>
          ))}
          {selected.length > 0 && <button type="button" className="link-button" onClick={() => onChange([])}>show all</button>}
        </div>
      </details>
      {selected.length > 0 && hiddenCount !== undefined && (
        <span className="filter-hides muted" data-testid={testId ? `${testId}-hides` : undefined} title="events this filter hides on its own">−{formatCount(hiddenCount)}</span>
      )}
      {selected.length > 0 && (
        <button type="button" className="icon-button" aria-label={`Clear the ${label.toLowerCase()} filter`} title={`Clear the ${label.toLowerCase()} filter`} onClick={() => onChange([])}>×</button>
      )}
    </span>
  );
}
