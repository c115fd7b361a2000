/** A compact multi-choice dropdown (a <details> with checkboxes); an empty choice means "all". */
export interface MultiSelectProps<T extends string | number> {
  label: string;
  options: readonly { value: T; label: string }[];
  selected: readonly T[];
  onChange: (next: T[]) => void;
  testId?: string;
}

export function MultiSelect<T extends string | number>({ label, options, selected, onChange, testId }: MultiSelectProps<T>) {
  const chosen = new Set(selected);
  const summary = selected.length === 0 ? 'all' : selected.length === 1
    ? options.find((o) => o.value === selected[0])?.label ?? String(selected[0]) : `${selected.length} chosen`;
  return (
    <details className={`multi-select${selected.length ? ' active' : ''}`} data-testid={testId}>
      <summary><span className="muted">{label}</span> {summary}</summary>
      <div className="multi-select-menu">
        {options.length === 0 && <div className="muted">none in this trace</div>}
        {options.map((o) => (
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
  );
}
