/**
 * The simulation's top bar: back to the start page or the gallery, what is running and its inputs (variant, kubelet
 * version, seed, verbosity), compare, presenter, share (a link that reopens this run at this step), theme, help.
 */
import type { ThemeChoice } from '../../store/layout-slice.ts';
import type { CompareMode } from '../../store/sim-slice.ts';
import { useAppStore, useStoreApi } from '../app/StoreContext.tsx';
import { ShareButton } from '../share/ShareButton.tsx';
import { RunSettings } from './SimControls.tsx';

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
      {sim.computing && <span className="muted sim-computing" role="status">simulating…</span>}
      <div className="topbar-spacer" />
      {presenter ? <span className="muted">kubelet {state.version} · seed {state.seed} · -v={state.verbosity}</span> : <RunSettings />}
      {!presenter && (
        <label className="topbar-field" title="Compare with the other variant (M) or the next seed (Shift+M)">
          <select value={compare} data-testid="compare-mode" aria-label="Compare" onChange={(e) => store.getState().simSetCompare(e.target.value as CompareMode)}>
            <option value="off">no comparison</option>
            <option value="variant">compare with {state.variant === 'buggy' ? 'fixed' : 'buggy'}</option>
            <option value="seed">compare with seed {state.seed + 1}</option>
          </select>
        </label>
      )}
      <button type="button" aria-pressed={presenter} data-testid="presenter-toggle" title="Presenter mode: large type, high contrast, keyboard only (P)" onClick={() => store.getState().simTogglePresenter()}>
        {presenter ? 'Leave presenter' : 'Presenter'}
      </button>
      <ShareButton />
      <button type="button" title={`Theme: ${theme} (T)`} aria-label={`Theme: ${theme}`} onClick={() => store.getState().setTheme(THEME_NEXT[theme])}>
        {theme === 'dark' ? '☾' : theme === 'light' ? '☀' : '◐'}
      </button>
      <button type="button" title="Keyboard shortcuts (?)" aria-label="Keyboard shortcuts" onClick={() => store.getState().setHelpOpen(true)}>?</button>
    </header>
  );
}
