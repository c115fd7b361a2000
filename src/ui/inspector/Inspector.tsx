/** The right-hand pane: details of whatever is selected, or a short guide when nothing is. */
import { useSelection, useTrace, useVisibility } from '../app/hooks.ts';
import { useStoreApi } from '../app/StoreContext.tsx';
import { zoomToSelection } from '../app/navigation.ts';
import { formatCount } from '../shared/format.ts';
import { formatDurationUs } from '../../util/time.ts';
import { EventDetails } from './EventDetails.tsx';
import { PodDetails } from './PodDetails.tsx';
import { SpanDetails } from './SpanDetails.tsx';
import { timeText } from './time-text.ts';
import { Legend } from './Legend.tsx';

function RangeDetails({ startUs, endUs }: { startUs: number; endUs: number }) {
  const store = useStoreApi();
  const trace = useTrace();
  const visibility = useVisibility();
  if (!trace) return null;
  let count = 0;
  const t = trace.events.timeUs;
  for (let e = 0; e < trace.events.count; e++) {
    if (t[e] > endUs) break;
    if (t[e] >= startUs && (!visibility?.mask || visibility.mask[e] === 1)) count++;
  }
  return (
    <div className="inspector-body" data-testid="range-details">
      <h2 className="inspector-title">Time range</h2>
      <dl className="facts">
        <dt>From</dt><dd>{timeText(startUs, NaN)}</dd>
        <dt>To</dt><dd>{timeText(endUs, NaN)}</dd>
        <dt>Length</dt><dd>{formatDurationUs(endUs - startUs)}</dd>
        <dt>Events</dt><dd>{formatCount(count)} shown in this range</dd>
      </dl>
      <button type="button" className="small" onClick={() => zoomToSelection(store)}>Zoom to range (Z)</button>
    </div>
  );
}

export function Inspector() {
  const trace = useTrace();
  const selection = useSelection();
  if (!trace) return null;
  return (
    <aside className="inspector" aria-label="Inspector">
      <header className="pane-header"><strong>Inspector</strong></header>
      <div className="inspector-scroll">
        {selection.kind === 'event' && <EventDetails trace={trace} event={selection.event} />}
        {selection.kind === 'span' && <SpanDetails trace={trace} span={selection.span} />}
        {selection.kind === 'pod' && <PodDetails trace={trace} pod={selection.pod} />}
        {selection.kind === 'range' && <RangeDetails startUs={selection.startUs} endUs={selection.endUs} />}
        {selection.kind === 'none' && (
          <div className="inspector-body inspector-empty">
            <p>Click an event mark, a state band or a pod to see its details here. The log pane below follows the selection; clicking a log line selects its event.</p>
            <Legend />
          </div>
        )}
      </div>
    </aside>
  );
}
