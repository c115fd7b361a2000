/** One line of the log pane: line number and raw text (a React text node: log text is never markup). */
import type { Trace } from '../../model/trace.ts';
import { readLines } from '../../model/trace-query.ts';

const MAX_LINE_CHARS = 2_000;

export interface LogLineProps {
  trace: Trace;
  source: number;
  line: number;
  event: number;
  /** Extra physical lines of the event's record, shown as a count in events mode. */
  moreLines: number;
  showSource: boolean;
  selected: boolean;
  linked: boolean;
  cursor: boolean;
  /** A simulation's cursor: this line was printed by the current step, or is not printed yet. */
  simMark?: 'step' | 'future';
  topPx: number;
  onClick: () => void;
}

export function LogLine(p: LogLineProps) {
  const text = readLines(p.trace, p.source, p.line, 1, MAX_LINE_CHARS);
  const severity = p.event >= 0 ? p.trace.events.severity[p.event] : -1;
  const classes = ['log-line'];
  if (p.event < 0) classes.push('no-event');
  if (severity >= 1) classes.push(severity >= 2 ? 'sev-error' : 'sev-warning');
  if (p.selected) classes.push('selected');
  if (p.linked) classes.push('linked');
  if (p.cursor) classes.push('cursor');
  if (p.simMark) classes.push(`sim-${p.simMark}`);
  return (
    <div className={classes.join(' ')} style={{ top: p.topPx }} onClick={p.onClick} data-line={p.line} role="row" aria-selected={p.selected}>
      <span className="log-gutter">
        {p.showSource && <span className="log-source">{p.trace.sources[p.source]?.name}</span>}
        <span className="log-number">{p.line}</span>
      </span>
      <span className="log-text">{text}{p.moreLines > 0 && <span className="muted"> (+{p.moreLines} more {p.moreLines === 1 ? 'line' : 'lines'})</span>}</span>
    </div>
  );
}
