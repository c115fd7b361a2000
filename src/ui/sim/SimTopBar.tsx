/** The simulation's top bar: back to the start page or the gallery, what is running, compare, presenter, theme, help. */
import type { ThemeChoice } from '../../store/layout-slice.ts';
import type { CompareMode } from '../../store/sim-slice.ts';
import { useAppStore, useStoreApi } from '../app/StoreContext.tsx';

const THEME_NEXT: Record<ThemeChoice, ThemeChoice> = { system: 'dark', dark: 'light', light: 'system' };

export function SimTopBar() {
  const store = useStoreApi();
  const sim = useAppStore((s) => s.sim);
  const compare = useAppStore((s) => s.simCompare?.mode ?? 'off');
  const presenter = useAppStore((s) => s.simPresenter);
  const theme = useAppStore((s) => s.theme);
  if (!sim) return null;
  const { state, scenario } = sim;
  return (
    <header className="topbar sim-topbar">
      <button type="button" className="brand" title="Back to the start page" onClick={() => store.getState().closeSimulation()}>
        <span className="logo-mark" aria-hidden="true">◴</span> Syncloop
      </button>
      <button type="button" className="link-button" title="All scenarios (G)" onClick={() => store.getState().showGallery()}>Simulations</button>
      <span className="muted" aria-hidden="true">›</span>
      <span className="topbar-title" title={scenario.summary} data-testid="trace-title">{scenario.title}</span>
      <span className={`chip sim-variant sim-variant-${state.variant}`} data-testid="sim-variant">{state.variant}</span>
      <span className="muted sim-run-facts">kubelet {state.version} · seed {state.seed} · -v={state.verbosity}</span>
      {sim.computing && <span className="muted sim-computing" role="status">simulating…</span>}
      <div className="topbar-spacer" />
      <label className="topbar-field">
        <span className="muted">Compare</span>
        <select value={compare} data-testid="compare-mode" onChange={(e) => store.getState().simSetCompare(e.target.value as CompareMode)}>
          <option value="off">off</option>
          <option value="variant">{state.variant} vs {state.variant === 'buggy' ? 'fixed' : 'buggy'} (M)</option>
          <option value="seed">seed {state.seed} vs {state.seed + 1} (Shift+M)</option>
        </select>
      </label>
      <button type="button" aria-pressed={presenter} data-testid="presenter-toggle" title="Presenter mode: large type, high contrast, keyboard only (P)" onClick={() => store.getState().simTogglePresenter()}>
        {presenter ? 'Leave presenter mode' : 'Presenter'}
      </button>
      <button type="button" title={`Theme: ${theme} (T)`} aria-label={`Theme: ${theme}`} onClick={() => store.getState().setTheme(THEME_NEXT[theme])}>
        {theme === 'dark' ? '☾' : theme === 'light' ? '☀' : '◐'}
      </button>
      <button type="button" title="Keyboard shortcuts (?)" aria-label="Keyboard shortcuts" onClick={() => store.getState().setHelpOpen(true)}>?</button>
    </header>
  );
}
