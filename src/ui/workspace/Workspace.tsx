/**
 * The incident workspace: top bar and filters, the timeline with the log pane under it, the inspector on the right.
 * Pane sizes live in the store; the splitters resize them.
 */
import { useRef } from 'react';
import { useAppStore, useStoreApi } from '../app/StoreContext.tsx';
import { useTrace } from '../app/hooks.ts';
import { FilterBar } from '../filters/FilterBar.tsx';
import { FindingsPanel } from '../findings/FindingsPanel.tsx';
import { Inspector } from '../inspector/Inspector.tsx';
import { LogPane } from '../log/LogPane.tsx';
import { LoadError } from '../load/LoadError.tsx';
import { SourcesPanel } from '../load/SourcesPanel.tsx';
import { Splitter } from '../shared/Splitter.tsx';
import { Timeline } from '../timeline/Timeline.tsx';
import { TopBar } from '../topbar/TopBar.tsx';
import { EmptyIncident } from './EmptyIncident.tsx';

export function Workspace() {
  const store = useStoreApi();
  const trace = useTrace();
  const logHeightPx = useAppStore((s) => s.logHeightPx);
  const inspectorWidthPx = useAppStore((s) => s.inspectorWidthPx);
  const sourcesOpen = useAppStore((s) => s.sourcesOpen);
  const sizesAtDragStart = useRef({ log: 0, inspector: 0 });
  if (!trace) return null;
  const empty = trace.events.count === 0;
  const rememberSizes = () => { sizesAtDragStart.current = { log: logHeightPx, inspector: inspectorWidthPx }; };
  return (
    <div className="workspace" style={{ gridTemplateColumns: `minmax(0, 1fr) 5px ${inspectorWidthPx}px` }}>
      <TopBar />
      <FilterBar />
      <LoadError />
      <div className="workspace-left" style={{ gridTemplateRows: `minmax(120px, 1fr) 5px ${logHeightPx}px` }}>
        {empty ? <EmptyIncident /> : <Timeline />}
        <Splitter
          direction="row"
          label="Resize the log pane"
          onStart={rememberSizes}
          onResize={(d) => store.getState().setLogHeight(sizesAtDragStart.current.log - d)}
        />
        <LogPane />
      </div>
      <Splitter
        direction="column"
        label="Resize the inspector"
        onStart={rememberSizes}
        onResize={(d) => store.getState().setInspectorWidth(sizesAtDragStart.current.inspector - d)}
      />
      <div className="workspace-side">
        <FindingsPanel />
        <Inspector />
      </div>
      {sourcesOpen && <SourcesPanel />}
    </div>
  );
}
