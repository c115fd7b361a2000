/**
 * Compare: the other run (the other variant, or the next seed) drawn under the main timeline on the same time axis
 * and with the same lane order and collapsed pods, by the same drawing code. It follows the main timeline's window
 * and cursor (pan and zoom there); lanes that differ between the runs carry a marker in both timelines from the
 * moment they first differ, and each side states its outcome.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { drawTimeline } from '../../render/draw-timeline.ts';
import { sizeCanvas } from '../../render/frame.ts';
import { axisTicks } from '../../render/time-ticks.ts';
import type { SimView } from '../../store/sim-slice.ts';
import type { Trace } from '../../model/trace.ts';
import { formatEpochUs } from '../../util/time.ts';
import { useTrace } from '../app/hooks.ts';
import { useAppStore, useStoreApi } from '../app/StoreContext.tsx';
import { useResolvedTheme } from '../app/useResolvedTheme.ts';
import { createRafScheduler } from '../shared/raf.ts';
import { useDevicePixelRatio } from '../shared/useDevicePixelRatio.ts';
import { useElementSize } from '../shared/useElementSize.ts';
import { HEADER_WIDTH_PX } from '../timeline/LaneHeaders.tsx';
import { Timeline } from '../timeline/Timeline.tsx';
import { tickCount } from '../timeline/build-frame.ts';
import { compareFrame, compareModel } from './compare-frame.ts';
import { diffRuns, markersFor, type LaneDifference } from './compare-diff.ts';
import { drawSimLayer, type LaneMarker } from './draw-sim-layer.ts';
import { SimLayer } from './SimLayer.tsx';

function label(state: SimView['state']): string {
  return `${state.variant} · kubelet ${state.version} · seed ${state.seed}`;
}

function SideHeader({ text, incident, summary, testId }: { text: string; incident: boolean | undefined; summary: string; testId: string }) {
  return (
    <div className="sim-compare-head" data-testid={testId} data-incident={incident === undefined ? undefined : String(incident)}>
      <strong>{text}</strong>
      {incident !== undefined && <span className={`chip ${incident ? 'sim-incident' : 'sim-no-incident'}`}>{incident ? 'incident' : 'no incident'}</span>}
      <span className="muted sim-compare-summary" title={summary}>{summary}</span>
    </div>
  );
}

/** The compared run: lane titles and one canvas (bands, marks, cursor, markers), scrolled on its own. */
function CompareTimeline({ trace, markers }: { trace: Trace; markers: readonly LaneMarker[] }) {
  const store = useStoreApi();
  const theme = useResolvedTheme();
  const dpr = useDevicePixelRatio();
  const podSort = useAppStore((s) => s.podSort);
  const collapsed = useAppStore((s) => s.collapsed);
  const model = useMemo(() => compareModel(trace, podSort, collapsed), [trace, podSort, collapsed]);
  const bodyRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const body = useElementSize(bodyRef);
  const [scrollTopPx, setScrollTopPx] = useState(0);
  const widthPx = Math.max(0, body.widthPx - HEADER_WIDTH_PX);
  const heightPx = body.heightPx;
  const current = useRef({ model, widthPx, heightPx, scrollTopPx, theme, markers });
  current.current = { model, widthPx, heightPx, scrollTopPx, theme, markers };

  const scheduler = useMemo(() => createRafScheduler(() => {
    const canvas = canvasRef.current;
    const c = current.current;
    if (!canvas || c.widthPx <= 0 || c.heightPx <= 0) return;
    const s = store.getState();
    const frame = compareFrame(c.model, s.viewport, c.widthPx, c.heightPx, c.scrollTopPx, c.theme);
    const ctx = sizeCanvas(canvas, c.widthPx, c.heightPx, devicePixelRatio);
    drawTimeline(ctx, frame, axisTicks(frame.scale, tickCount(c.widthPx), s.viewport.originUs));
    drawSimLayer(ctx, frame, {
      cursorUs: s.simCursor?.timeUs ?? NaN, label: s.simCursor ? `step ${s.simCursor.step}` : '', markers: c.markers, markerColor: c.theme.severity[1],
    });
  }), [store]);
  useEffect(() => scheduler.schedule(), [scheduler, model, widthPx, heightPx, scrollTopPx, theme, markers, dpr]);
  useEffect(() => {
    const unsubscribe = store.subscribe((s, p) => { if (s.viewport !== p.viewport || s.simCursor !== p.simCursor) scheduler.schedule(); });
    return () => { unsubscribe(); scheduler.cancel(); };
  }, [store, scheduler]);

  const { layout } = model;
  const rows = [...layout.pinned.map((r) => ({ row: r, topPx: r.yPx })), ...layout.rows.map((r) => ({ row: r, topPx: layout.pinnedHeightPx + r.yPx - scrollTopPx }))];
  return (
    <div ref={bodyRef} className="compare-timeline" data-testid="compare-timeline"
      onWheel={(e) => setScrollTopPx((y) => Math.max(0, Math.min(layout.contentHeightPx + layout.pinnedHeightPx - heightPx, y + e.deltaY)))}>
      <div className="compare-headers" style={{ width: HEADER_WIDTH_PX }}>
        {rows.filter(({ topPx, row }) => topPx + row.heightPx > 0 && topPx < heightPx).map(({ row, topPx }) => (
          <div key={row.kind === 'lane' ? `l${row.lane}` : `g${row.group.id}`} className={`compare-header ${row.kind === 'group' ? 'group-header' : row.pinned ? 'lane-row pinned' : 'lane-row'}`}
            style={{ top: topPx, height: row.heightPx }}>
            <span className="lane-title">{row.kind === 'group' ? row.group.title : trace.lanes[row.lane].title}</span>
          </div>
        ))}
      </div>
      <canvas ref={canvasRef} className="compare-canvas" style={{ left: HEADER_WIDTH_PX, width: widthPx, height: heightPx }} />
    </div>
  );
}

function DiffList({ diffs }: { diffs: readonly LaneDifference[] }) {
  const store = useStoreApi();
  return (
    <div className="sim-diff" data-testid="compare-diffs" data-count={diffs.length}>
      <strong>{diffs.length === 0 ? 'No lane differs' : `${diffs.length} ${diffs.length === 1 ? 'lane differs' : 'lanes differ'}`}</strong>
      {diffs.slice(0, 6).map((d) => (
        <button key={d.laneId} type="button" className="event-ref" title={d.laneId} onClick={() => Number.isFinite(d.firstUs) && store.getState().centreOn(d.firstUs)}>
          <span className="sim-diff-mark" aria-hidden="true">▼</span>{d.title}{d.onlyIn ? ` (only ${d.onlyIn === 'a' ? 'above' : 'below'})` : ''}
          <span className="event-ref-time"> {formatEpochUs(d.firstUs).slice(11)}</span>
        </button>
      ))}
      {diffs.length > 6 && <span className="muted">…and {diffs.length - 6} more</span>}
    </div>
  );
}

export function CompareArea() {
  const trace = useTrace();
  const mainState = useAppStore((s) => s.sim?.state);
  const mainOutcome = useAppStore((s) => s.sim?.run?.outcome);
  const compare = useAppStore((s) => s.simCompare);
  const otherTrace = compare?.run?.trace;
  const diffs = useMemo(() => (trace && otherTrace ? diffRuns(trace, otherTrace) : []), [trace, otherTrace]);
  const markersA = useMemo(() => (trace ? markersFor(trace, diffs) : []), [trace, diffs]);
  const markersB = useMemo(() => (otherTrace ? markersFor(otherTrace, diffs) : []), [otherTrace, diffs]);
  const markersLayer = useCallback((size: { widthPx: number; heightPx: number }) => <SimLayer {...size} markers={markersA} />, [markersA]);
  if (!mainState || !compare) return null;
  return (
    <div className="sim-compare" data-testid="compare">
      <SideHeader testId="compare-a" text={label(mainState)} incident={mainOutcome?.incident} summary={mainOutcome?.summary ?? 'simulating…'} />
      <div className="sim-compare-timeline">
        {trace && <Timeline layers={markersLayer} />}
      </div>
      <SideHeader testId="compare-b" text={label(compare.state)} incident={compare.run?.outcome.incident}
        summary={compare.error ? `could not run: ${compare.error}` : compare.run?.outcome.summary ?? 'simulating…'} />
      <div className="sim-compare-timeline">
        {otherTrace ? <CompareTimeline trace={otherTrace} markers={markersB} /> : <div className="sim-placeholder muted">Simulating…</div>}
      </div>
      {otherTrace && trace && <DiffList diffs={diffs} />}
    </div>
  );
}
