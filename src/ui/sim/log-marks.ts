/**
 * How the log pane shows the simulation's cursor: the lines the current step printed are marked, the lines it
 * has not printed yet are faded, and when a step prints, its last line is brought into view.
 */
import { useEffect, type RefObject } from 'react';
import type { Trace } from '../../model/trace.ts';
import { lineToEvent } from '../../store/line-events.ts';
import type { SimCursor } from '../../store/sim-snapshot.ts';
import { useAppStore } from '../app/StoreContext.tsx';
import { rowOfEvent, type LogRows } from '../log/log-rows.ts';

export type SimLineMark = 'step' | 'future' | undefined;

/** The simulated log is the drawn trace's only source (source 0). */
export function simLineMark(cursor: SimCursor | undefined, source: number, line: number): SimLineMark {
  if (!cursor || source !== 0) return undefined;
  if (line > cursor.printedLines) return 'future';
  return line >= cursor.stepFrom && line <= cursor.stepTo ? 'step' : undefined;
}

export function useSimCursor(): SimCursor | undefined {
  return useAppStore((s) => s.simCursor);
}

/** Row of the step's last printed line in the pane's current list, or -1. */
function stepRow(trace: Trace, rows: LogRows, cursor: SimCursor): number {
  if (cursor.stepTo < cursor.stepFrom) return -1;
  if (rows.mode === 'raw') return rows.source === 0 ? cursor.stepTo - 1 : -1;
  const e = lineToEvent(trace)[0]?.[cursor.stepTo - 1] ?? -1;
  return e >= 0 ? rowOfEvent(trace, rows, e) : -1;
}

/** Scrolls the log pane so a step's printed lines are in view (a third of the way up, with what led to them above). */
export function useStepLineReveal(
  scroller: RefObject<HTMLElement | null>, trace: Trace | undefined, rows: LogRows | undefined, rowPx: number,
  scrollTopFor: (row: number) => number, firstRow: (scrollTopPx: number) => number,
): void {
  const cursor = useSimCursor();
  useEffect(() => {
    const el = scroller.current;
    if (!el || !trace || !rows || !cursor) return;
    const row = stepRow(trace, rows, cursor);
    if (row < 0) return;
    const first = firstRow(el.scrollTop);
    const inView = el.clientHeight / rowPx;
    if (row >= first + 1 && row <= first + inView - 2) return;
    el.scrollTop = scrollTopFor(row - (inView * 2) / 3);
    // Only a new step's lines move the pane; the user may scroll away in between.
  }, [cursor?.stepTo, cursor?.stepFrom, rows, trace]);
}
