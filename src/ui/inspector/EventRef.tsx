/** A clickable reference to another event (a causal neighbour, the event that entered a state). */
import type { Trace } from '../../model/trace.ts';
import { cachedEventLabel } from '../../render/labels.ts';
import { formatTimeOfDayUs, US_PER_DAY } from '../../util/time.ts';
import { useStoreApi } from '../app/StoreContext.tsx';

export function EventRef({ trace, event, prefix }: { trace: Trace; event: number; prefix?: string }) {
  const store = useStoreApi();
  const t = trace.events.timeUs[event];
  return (
    <button type="button" className="event-ref" onClick={() => store.getState().selectEventAndReveal(event)}>
      {prefix && <span className="muted">{prefix} </span>}
      <span className="event-ref-time">{formatTimeOfDayUs(((t % US_PER_DAY) + US_PER_DAY) % US_PER_DAY)}</span>
      {' '}{cachedEventLabel(trace, event)}
      <span className="muted"> · line {trace.events.line[event]}</span>
    </button>
  );
}
