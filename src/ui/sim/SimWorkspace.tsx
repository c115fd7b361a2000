/**
 * The simulation view: the incident workspace's parts (timeline, log pane, inspector, filters) around the drawn
 * run, with the simulation's controls on top and its narrative, scheduler and outcome on the right. In compare
 * mode the timeline area holds both runs; in presenter mode the chrome gives way to large type and keys.
 */
import { useRef } from 'react';
import { useTrace } from '../app/hooks.ts';
import { useAppStore, useStoreApi } from '../app/StoreContext.tsx';
import { FilterBar } from '../filters/FilterBar.tsx';
import { Inspector } from '../inspector/Inspector.tsx';
import { LoadError } from '../load/LoadError.tsx';
import { SourcesPanel } from '../load/SourcesPanel.tsx';
import { LogPane } from '../log/LogPane.tsx';
import { Splitter } from '../shared/Splitter.tsx';
import { Timeline } from '../timeline/Timeline.tsx';
import { CompareArea } from './ComparePane.tsx';
import { SimControls } from './SimControls.tsx';
import { SimLayer } from './SimLayer.tsx';
import { SimPanel } from './SimPanel.tsx';
import { SimTopBar } from './SimTopBar.tsx';
import { usePlayback } from './usePlayback.ts';
import { formatEpochUs } from '../../util/time.ts';
import './sim.css';

function Notices() {
  const notices = useAppStore((s) => s.sim?.notices);
  if (!notices?.length) return null;
  return (
    <div className="banner sim-notices" role="status" data-testid="sim-notices">
      {notices.map((n, i) => <span key={i}>{n}</span>)}
    </div>
  );
}

function PresenterHints() {
  const step = useAppStore((s) => s.sim?.at.step ?? 0);
  const steps = useAppStore((s) => s.sim?.run?.steps);
  const timeUs = useAppStore((s) => s.sim?.at.timeUs ?? NaN);
  return (
    <div className="sim-presenter-hints" data-testid="presenter-hints">
      <span className="sim-position">
        <strong data-testid="sim-step">step {step}</strong>{steps !== undefined && ` / ${steps}`} · <span data-testid="sim-time">{formatEpochUs(timeUs)}</span>
      </span>
      <span><kbd>←</kbd> <kbd>→</kbd> step</span>
      <span><kbd>Space</kbd> play</span>
      <span><kbd>N</kbd> next key moment</span>
      <span><kbd>1</kbd>–<kbd>9</kbd> pick a goroutine</span>
      <span><kbd>V</kbd> buggy / fixed</span>
      <span><kbd>M</kbd> compare</span>
      <span><kbd>P</kbd> leave presenter mode</span>
    </div>
  );
}

const cursorLayer = (size: { widthPx: number; heightPx: number }) => <SimLayer {...size} />;

/** Re-renders only when what it shows changes (not at every step: the cursor layer redraws by itself). */
function TimelineArea() {
  const trace = useTrace();
  const scenario = useAppStore((s) => s.sim?.scenario.id ?? '');
  const verbosity = useAppStore((s) => s.sim?.state.verbosity);
  const comparing = useAppStore((s) => s.simCompare !== undefined);
  if (comparing) return <CompareArea />;
  if (!trace) return <div className="sim-placeholder muted" role="status">Simulating {scenario}…</div>;
  if (trace.events.count === 0) {
    return <div className="sim-placeholder muted" role="status">This run prints no log lines at -v={verbosity}: raise the verbosity (B) to see it.</div>;
  }
  return <Timeline layers={cursorLayer} />;
}

export function SimWorkspace() {
  usePlayback();
  const store = useStoreApi();
  const trace = useTrace();
  const presenter = useAppStore((s) => s.simPresenter);
  const logHeightPx = useAppStore((s) => s.logHeightPx);
  const sideWidthPx = useAppStore((s) => s.inspectorWidthPx);
  const sourcesOpen = useAppStore((s) => s.sourcesOpen);
  // The inspector takes room only when something is selected: the narrative and the scheduler come first.
  const hasSelection = useAppStore((s) => s.selection.kind !== 'none');
  const sizesAtDragStart = useRef({ log: 0, side: 0 });
  const rememberSizes = () => { sizesAtDragStart.current = { log: logHeightPx, side: sideWidthPx }; };
  const sideWidth = presenter ? Math.max(520, sideWidthPx) : Math.max(400, sideWidthPx);
  const comparing = useAppStore((s) => s.simCompare !== undefined);
  // Two timelines need the height: the log pane shrinks while comparing (and in presenter mode).
  const logHeight = presenter || comparing ? Math.min(logHeightPx, comparing ? 130 : 200) : logHeightPx;
  return (
    <div className={`workspace sim-workspace${presenter ? ' presenter' : ''}`} data-testid="sim-workspace"
      style={{ gridTemplateColumns: `minmax(0, 1fr) 5px ${sideWidth}px` }}>
      <SimTopBar />
      {presenter ? <PresenterHints /> : <SimControls />}
      {!presenter && trace && <FilterBar />}
      <div className="sim-banners">
        <Notices />
        <LoadError />
      </div>
      <div className="workspace-left" style={{ gridTemplateRows: `minmax(120px, 1fr) 5px ${logHeight}px` }}>
        <TimelineArea />
        <Splitter direction="row" label="Resize the log pane" onStart={rememberSizes}
          onResize={(d) => store.getState().setLogHeight(sizesAtDragStart.current.log - d)} />
        {trace ? <LogPane /> : <div />}
      </div>
      <Splitter direction="column" label="Resize the side panel" onStart={rememberSizes}
        onResize={(d) => store.getState().setInspectorWidth(sizesAtDragStart.current.side - d)} />
      <div className="sim-side">
        <SimPanel />
        {!presenter && hasSelection && <Inspector />}
      </div>
      {sourcesOpen && <SourcesPanel />}
    </div>
  );
}
