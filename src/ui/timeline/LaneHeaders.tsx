/**
 * Lane titles on the left, in the DOM (text stays selectable and accessible) but virtualised: only rows in view
 * are rendered, positioned from the same RowLayout the canvas draws with.
 */
import type { Row } from '../../render/row-layout.ts';
import type { Trace } from '../../model/trace.ts';
import { podLabel } from '../../model/trace-query.ts';
import { useRowLayout, useScrollTop, useSelection, useTrace, useVisibility } from '../app/hooks.ts';
import { useStoreApi } from '../app/StoreContext.tsx';
import { formatCount } from '../shared/format.ts';

export const HEADER_WIDTH_PX = 300;

function GroupHeader({ row, trace, selected }: { row: Extract<Row, { kind: 'group' }>; trace: Trace; selected: boolean }) {
  const store = useStoreApi();
  const visibility = useVisibility();
  const { group } = row;
  const pod = group.pod >= 0 ? trace.pods[group.pod] : undefined;
  const events = pod ? visibility?.podVisible[pod.index] ?? pod.eventCount : undefined;
  return (
    <div className={`lane-header group-header${selected ? ' selected' : ''}`} data-testid={pod ? 'pod-header' : 'node-header'} data-pod={pod ? podLabel(pod) : undefined}>
      <button
        type="button"
        className="chevron"
        aria-expanded={!row.collapsed}
        aria-label={row.collapsed ? `Expand ${group.title}` : `Collapse ${group.title}`}
        onClick={() => store.getState().toggleGroup(group.id)}
      >
        {row.collapsed ? '▸' : '▾'}
      </button>
      <button
        type="button"
        className="group-title"
        title={pod ? `${podLabel(pod)}\nuid ${pod.uid}` : group.title}
        onClick={() => (pod ? store.getState().select({ kind: 'pod', pod: pod.index }) : store.getState().toggleGroup(group.id))}
      >
        {pod?.kind === 'static' && <span className="badge">static</span>}
        {pod?.kind === 'mirror' && <span className="badge">mirror</span>}
        <span className="group-name">{group.title}</span>
      </button>
      {pod && (
        <span className="group-counts">
          {pod.errorCount > 0 && <span className="count-error" title="errors">{pod.errorCount}</span>}
          {pod.warningCount > 0 && <span className="count-warning" title="warnings">{pod.warningCount}</span>}
          <span className="muted" title="events shown">{formatCount(events ?? 0)}</span>
        </span>
      )}
    </div>
  );
}

function LaneHeader({ row, trace }: { row: Extract<Row, { kind: 'lane' }>; trace: Trace }) {
  const visibility = useVisibility();
  const lane = trace.lanes[row.lane];
  // Events shown on the lane (after the filters).
  const count = visibility?.laneVisible[row.lane] ?? trace.laneEventStart[row.lane + 1] - trace.laneEventStart[row.lane];
  // Pinned lanes sit outside their node's group, so with several nodes they say which node they belong to.
  const title = row.pinned && trace.nodes.length > 1 ? `${lane.title} · ${trace.nodes[lane.node]?.name}` : lane.title;
  return (
    <div className={`lane-header lane-row${row.pinned ? ' pinned' : ''}`} data-testid="lane-header" data-lane-kind={lane.kind}>
      <span className="lane-title" title={lane.id}>{title}</span>
      {count > 0 && <span className="lane-count muted" title="events shown on this lane">{formatCount(count)}</span>}
    </div>
  );
}

export function LaneHeaders({ heightPx }: { heightPx: number }) {
  const trace = useTrace();
  const layout = useRowLayout();
  const scrollTop = useScrollTop();
  const selection = useSelection();
  if (!trace || !layout) return null;
  const selectedPod = selection.kind === 'pod' ? selection.pod : -1;
  const topPx = scrollTop;
  const bottomPx = scrollTop + heightPx - layout.pinnedHeightPx;
  const shown: Row[] = [];
  for (const row of layout.rows) {
    if (row.yPx + row.heightPx <= topPx) continue;
    if (row.yPx >= bottomPx) break;
    shown.push(row);
  }
  const render = (row: Row, top: number, key: string) => (
    <div key={key} className="lane-header-slot" style={{ top, height: row.heightPx }}>
      {row.kind === 'group'
        ? <GroupHeader row={row} trace={trace} selected={row.group.pod >= 0 && row.group.pod === selectedPod} />
        : <LaneHeader row={row} trace={trace} />}
    </div>
  );
  return (
    <div className="lane-headers" style={{ width: HEADER_WIDTH_PX, height: heightPx }} role="list" aria-label="Lanes">
      <div className="lane-headers-scrolled" style={{ top: layout.pinnedHeightPx, height: Math.max(0, heightPx - layout.pinnedHeightPx) }}>
        {shown.map((row) => render(row, row.yPx - scrollTop, row.kind === 'group' ? row.group.id : `lane-${row.lane}`))}
      </div>
      {layout.pinned.map((row) => render(row, row.yPx, `pinned-${row.lane}`))}
    </div>
  );
}
