/** The compact bar over the workspace: what is open, its sources, pod search and sort, theme, help. */
import type { PodSort } from '../../store/types.ts';
import { POD_SORTS, type ThemeChoice } from '../../store/layout-slice.ts';
import { useTrace, useTraceTitle } from '../app/hooks.ts';
import { useAppStore, useStoreApi } from '../app/StoreContext.tsx';
import { FileButton } from '../load/FileButton.tsx';
import { formatCount, plural } from '../shared/format.ts';
import { PodFinder } from './PodFinder.tsx';
import { ShareButton } from '../share/ShareButton.tsx';

const THEME_NEXT: Record<ThemeChoice, ThemeChoice> = { system: 'dark', dark: 'light', light: 'system' };
const THEME_LABEL: Record<ThemeChoice, string> = { system: 'Theme: system', dark: 'Theme: dark', light: 'Theme: light' };

function SourcesButton() {
  const store = useStoreApi();
  const trace = useTrace();
  if (!trace) return null;
  const lines = trace.sources.reduce((n, s) => n + s.lines.total, 0);
  const problems = trace.sources.reduce((n, s) => n + s.diagnostics.filter((d) => d.level !== 'info').length, 0);
  return (
    <button type="button" className="sources-button" data-testid="sources-button" title="Sources: format, versions, year, diagnostics (I)" onClick={() => store.getState().setSourcesOpen(true)}>
      {plural(trace.sources.length, 'source')} · {formatCount(lines)} lines · {plural(trace.pods.length, 'pod')}
      {problems > 0 && <span className="count-warning" title="diagnostics">{problems}</span>}
    </button>
  );
}

export function TopBar() {
  const store = useStoreApi();
  const title = useTraceTitle();
  const podSort = useAppStore((s) => s.podSort);
  const theme = useAppStore((s) => s.theme);
  return (
    <header className="topbar">
      <button type="button" className="brand" title="Back to the start page" onClick={() => store.getState().closeTrace()}>
        <span className="logo-mark" aria-hidden="true">◴</span> Syncloop
      </button>
      <span className="topbar-title" title={title} data-testid="trace-title">{title}</span>
      <SourcesButton />
      <div className="topbar-spacer" />
      <PodFinder />
      <label className="topbar-field" title="Sort pods (Shift+R)">
        <span className="muted">Sort pods</span>
        <select value={podSort} onChange={(e) => store.getState().setPodSort(e.target.value as PodSort)} data-testid="pod-sort">
          {POD_SORTS.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </select>
      </label>
      <button type="button" title={`${THEME_LABEL[theme]} (T)`} aria-label={THEME_LABEL[theme]} onClick={() => store.getState().setTheme(THEME_NEXT[theme])}>
        {theme === 'dark' ? '☾' : theme === 'light' ? '☀' : '◐'}
      </button>
      <ShareButton />
      <FileButton title="Open log files (Ctrl+O)">Open…</FileButton>
      <button type="button" title="Keyboard shortcuts (?)" aria-label="Keyboard shortcuts" onClick={() => store.getState().setHelpOpen(true)}>?</button>
    </header>
  );
}
