/**
 * The raw log under the timeline, virtualised (only the lines in view are decoded and rendered, so a million
 * lines scroll smoothly). Synchronised both ways: selecting an event scrolls to its line; clicking a line selects
 * its event and centres the timeline on it. Filters hide lines here too; it can also follow the visible window.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useCausal, useSelection, useTrace, useVisibility } from '../app/hooks.ts';
import { useAppStore, useStoreApi } from '../app/StoreContext.tsx';
import { formatCount } from '../shared/format.ts';
import { useElementSize } from '../shared/useElementSize.ts';
import { LogLine } from './LogLine.tsx';
import { eventOfRow, eventRows, rowOfEvent, type LogRows } from './log-rows.ts';
import { useSettledWindow } from './useSettledWindow.ts';
import { virtualMetrics } from './virtual-scroll.ts';
import { simLineMark, useSimCursor, useStepLineReveal } from '../sim/log-marks.ts';

const ROW_PX = 18;
const NO_LINKS: ReadonlySet<number> = new Set();

export function LogPane() {
  const store = useStoreApi();
  const trace = useTrace();
  const visibility = useVisibility();
  const selection = useSelection();
  const causal = useCausal();
  const followWindow = useAppStore((s) => s.filters.logFollowsWindow);
  const logSource = useAppStore((s) => s.logSource);
  const timeWindow = useSettledWindow(followWindow);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const size = useElementSize(scrollerRef);
  const [scrollTop, setScrollTop] = useState(0);
  const [cursorRow, setCursorRow] = useState(-1);

  const rows: LogRows | undefined = useMemo(() => {
    if (!trace) return undefined;
    if (visibility?.mask || followWindow) {
      const events = eventRows(trace, visibility?.mask, followWindow ? timeWindow : undefined);
      return { mode: 'events', events, count: events.length };
    }
    const source = Math.min(logSource, trace.raw.length - 1);
    return { mode: 'raw', source, count: Math.max(0, trace.raw[source].lineStarts.length - 1) };
  }, [trace, visibility, followWindow, timeWindow, logSource]);

  const metrics = virtualMetrics(rows?.count ?? 0, ROW_PX, size.heightPx);
  // A simulation's cursor: the step's lines marked, the future faded, each step's lines scrolled into view.
  const simCursor = useSimCursor();
  useStepLineReveal(scrollerRef, trace, rows, ROW_PX, metrics.scrollTopFor, metrics.firstRow);
  // A selected band is shown at the line that entered it.
  const selectedEvent = selection.kind === 'event' ? selection.event
    : selection.kind === 'span' && trace ? trace.spans.startEvent[selection.span] : -1;
  const selectedRow = trace && rows && selectedEvent >= 0 ? rowOfEvent(trace, rows, selectedEvent) : -1;

  // Timeline → log: show the selected event's source, then bring its line into view — once per new selection
  // (or new list), so the user can scroll away from it afterwards.
  const revealed = useRef<{ event: number; rows: LogRows | undefined }>({ event: -1, rows: undefined });
  useEffect(() => {
    if (!trace || selectedEvent < 0) return;
    if (revealed.current.event === selectedEvent && revealed.current.rows === rows) return;
    const source = trace.events.source[selectedEvent];
    if (rows?.mode === 'raw' && rows.source !== source) { store.getState().setLogSource(source); return; }
    const el = scrollerRef.current;
    if (!el || !rows || selectedRow < 0) return;
    revealed.current = { event: selectedEvent, rows };
    const first = metrics.firstRow(el.scrollTop);
    const inView = el.clientHeight / ROW_PX;
    if (selectedRow >= first + 1 && selectedRow <= first + inView - 2) return;
    el.scrollTop = metrics.scrollTopFor(selectedRow - inView / 3);
    setCursorRow(selectedRow);
  }, [trace, rows, selectedEvent, selectedRow, metrics, store]);

  if (!trace || !rows) return null;

  const activate = (row: number) => {
    setCursorRow(row);
    const e = eventOfRow(trace, rows, row);
    if (e >= 0) store.getState().selectEventAndReveal(e, true);
  };
  const moveCursor = (delta: number) => {
    const from = cursorRow >= 0 ? cursorRow : Math.max(0, selectedRow);
    const row = Math.max(0, Math.min(rows.count - 1, from + delta));
    activate(row);
    const el = scrollerRef.current;
    if (!el) return;
    const first = metrics.firstRow(el.scrollTop);
    const inView = el.clientHeight / ROW_PX;
    if (row < first) el.scrollTop = metrics.scrollTopFor(row);
    else if (row > first + inView - 1) el.scrollTop = metrics.scrollTopFor(row - inView + 1);
  };

  // When the list shrinks (a filter, following the window) the browser clamps scrollTop and reports it in a later
  // scroll event; until then, render from the clamped position so the pane never shows an empty stretch.
  const topPx = Math.max(0, Math.min(scrollTop, metrics.scrollHeightPx - size.heightPx));
  const firstExact = metrics.firstRow(topPx);
  const first = Math.max(0, Math.floor(firstExact));
  const visibleCount = Math.ceil(size.heightPx / ROW_PX) + 1;
  const offsetPx = topPx - (firstExact - first) * ROW_PX;
  const linked = causal?.events ?? NO_LINKS;
  const lines = [];
  for (let row = first; row < Math.min(rows.count, first + visibleCount); row++) {
    const e = eventOfRow(trace, rows, row);
    const source = rows.mode === 'raw' ? rows.source : trace.events.source[e];
    const line = rows.mode === 'raw' ? row + 1 : trace.events.line[e];
    lines.push(
      <LogLine
        key={row}
        trace={trace}
        source={source}
        line={line}
        event={e}
        moreLines={rows.mode === 'events' ? trace.events.lineCount[e] - 1 : 0}
        showSource={rows.mode === 'events' && trace.sources.length > 1}
        selected={e >= 0 && e === selectedEvent}
        linked={e >= 0 && e !== selectedEvent && linked.has(e)}
        cursor={row === cursorRow}
        simMark={simLineMark(simCursor, source, line)}
        topPx={offsetPx + (row - first) * ROW_PX}
        onClick={() => activate(row)}
      />,
    );
  }

  return (
    <section className="log-pane" aria-label="Log lines">
      <header className="pane-header">
        <strong>Log</strong>
        {rows.mode === 'raw' && trace.sources.length > 1 && (
          <select value={rows.source} onChange={(e) => store.getState().setLogSource(Number(e.target.value))} aria-label="Source">
            {trace.sources.map((s) => <option key={s.index} value={s.index}>{s.name}</option>)}
          </select>
        )}
        <span className="muted" data-testid="log-summary">
          {rows.mode === 'raw'
            ? `${trace.sources[rows.source]?.name}: all ${formatCount(rows.count)} lines`
            : `${formatCount(rows.count)} events${visibility?.mask ? ' matching the filters' : ''}${followWindow ? ' in the visible window' : ''}`}
        </span>
        <div className="topbar-spacer" />
        <label className="checkbox">
          <input type="checkbox" checked={followWindow} onChange={(e) => store.getState().setFilters({ logFollowsWindow: e.target.checked })} />
          only the visible time window
        </label>
      </header>
      <div
        id="log-pane"
        ref={scrollerRef}
        className="log-scroller"
        tabIndex={0}
        role="grid"
        aria-label="Raw log lines"
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        onKeyDown={(e) => {
          const page = Math.max(1, Math.floor(size.heightPx / ROW_PX) - 1);
          const delta = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page, Home: -Infinity, End: Infinity }[e.key];
          if (delta === undefined) return;
          e.preventDefault();
          moveCursor(Number.isFinite(delta) ? delta : delta > 0 ? rows.count : -rows.count);
        }}
      >
        <div className="log-spacer" style={{ height: metrics.scrollHeightPx }} />
        {lines}
        {rows.count === 0 && <div className="log-empty muted">No lines {followWindow ? 'in the visible window' : 'match the filters'}.</div>}
      </div>
    </section>
  );
}
