/**
 * Filters that hide: pod, namespace, container, lane kind, severity and message text, combined. The counter says
 * how many events are hidden and which filter hides how many; each active filter shows its own −n.
 */
import { useFilters, useTrace, useVisibility } from '../app/hooks.ts';
import { useStoreApi } from '../app/StoreContext.tsx';
import { formatCount } from '../shared/format.ts';
import { MultiSelect } from '../shared/MultiSelect.tsx';
import { MIN_SEVERITY_OPTIONS } from '../../store/filter-slice.ts';
import { filterOptions } from './filter-options.ts';
import { FilterHides } from './FilterHides.tsx';
import { PodFilter } from './PodFilter.tsx';
import { TextFilter } from './TextFilter.tsx';

function HiddenCount() {
  const visibility = useVisibility();
  const trace = useTrace();
  if (!visibility || !trace) return null;
  const parts = Object.entries(visibility.hiddenBy).map(([name, n]) => `${name}: ${formatCount(n ?? 0)}`);
  return (
    <span className="hidden-count" data-testid="hidden-count" title={parts.length ? `hidden by each filter alone — ${parts.join(', ')}` : ''}>
      {visibility.hiddenCount > 0
        ? <>{formatCount(visibility.hiddenCount)} of {formatCount(trace.events.count)} events hidden{parts.length > 1 ? ` (${parts.join(', ')})` : ''}</>
        : <span className="muted">{formatCount(trace.events.count)} events</span>}
    </span>
  );
}

export function FilterBar() {
  const store = useStoreApi();
  const trace = useTrace();
  const filters = useFilters();
  const visibility = useVisibility();
  if (!trace) return null;
  const hides = visibility?.hiddenBy ?? {};
  const options = filterOptions(trace);
  const set = store.getState().setFilters;
  const active = filters.text || filters.pods.length || filters.namespaces.length || filters.containers.length ||
    filters.laneKinds.length || filters.minSeverity > 0;
  return (
    <div className="filter-bar" role="search">
      <TextFilter />
      <span className={`severity-filter${filters.minSeverity > 0 ? ' active' : ''}`}>
        <label className="topbar-field" title="Severity filter (Shift+E cycles it)">
          <span className="muted">Severity</span>
          <select value={filters.minSeverity} onChange={(e) => set({ minSeverity: Number(e.target.value) })} data-testid="filter-severity">
            {MIN_SEVERITY_OPTIONS.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </select>
        </label>
        {filters.minSeverity > 0 && (
          <>
            <FilterHides count={hides.severity ?? 0} testId="filter-severity-hides" />
            <button type="button" className="icon-button" aria-label="Clear the severity filter" title="Clear the severity filter" onClick={() => set({ minSeverity: 0 })}>×</button>
          </>
        )}
      </span>
      <PodFilter trace={trace} />
      <MultiSelect label="Namespace" id="filter-namespace" options={options.namespaces} selected={filters.namespaces} onChange={(namespaces) => set({ namespaces })} testId="filter-namespace" hiddenCount={hides.namespace ?? 0} />
      <MultiSelect label="Container" id="filter-container" options={options.containers} selected={filters.containers} onChange={(containers) => set({ containers })} testId="filter-container" hiddenCount={hides.container ?? 0} />
      <MultiSelect label="Lanes" id="filter-lanes" options={options.laneKinds} selected={filters.laneKinds} onChange={(laneKinds) => set({ laneKinds })} testId="filter-lanes" hiddenCount={hides['lane kind'] ?? 0} />
      <div className="topbar-spacer" />
      <HiddenCount />
      {active ? <button type="button" className="small" title="Clear every filter (X)" onClick={() => store.getState().clearFilters()}>Clear filters</button> : null}
    </div>
  );
}
