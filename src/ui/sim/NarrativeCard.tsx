/**
 * The narrative card of the current step: the scenario's teaching text when the step reached an annotation,
 * otherwise what the goroutine is and what it just did; the code path (what it resumed from, where it stopped) and
 * the state changes it caused. StepLines lists the log lines it printed — the same lines marked in the log pane.
 */
import { lineToEvent } from '../../store/line-events.ts';
import { formatEpochUs } from '../../util/time.ts';
import { useTrace } from '../app/hooks.ts';
import { useAppStore, useStoreApi } from '../app/StoreContext.tsx';

export function NarrativeCard() {
  const sim = useAppStore((s) => s.sim);
  if (!sim) return null;
  const { at } = sim;
  const { card, last } = at;
  return (
    <section className={`sim-card${last?.annotation ? ' annotated' : ''}`} data-testid="narrative-card" aria-live="polite">
      <div className="sim-card-step muted">
        Step {at.step}{last && <> · {formatEpochUs(last.timeUs)} · <code>{last.goroutine}</code></>}
        {last?.chosen && <span className="chip">your choice</span>}
      </div>
      <h2 data-testid="narrative-title">{card.title}</h2>
      {card.text.split('\n\n').map((para, i) => <p key={i} className="sim-card-text">{para}</p>)}
      {last && (
        <p className="sim-codepath">
          <span className="muted">Code path:</span> resumed from <code>{last.resumed}</code>, {last.next === 'exit' ? 'then returned' : <>now at <code>{last.next}</code></>}
        </p>
      )}
      {last && last.changes.length > 0 && (
        <ul className="sim-changes" data-testid="state-changes">
          {last.changes.map((c, i) => (
            <li key={i}><span className="muted">{c.machine}{c.key ? ` ${c.key.slice(0, 24)}` : ''}:</span> {c.from} → <strong>{c.to}</strong></li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The lines the step printed (the same lines are marked in the log pane); a click selects the line's event. */
export function StepLines() {
  const store = useStoreApi();
  const trace = useTrace();
  const sim = useAppStore((s) => s.sim);
  const cursor = useAppStore((s) => s.simCursor);
  if (!sim) return null;
  const { at: { card, last }, state } = sim;
  const showLine = (offset: number) => {
    if (!trace || !cursor) return;
    const e = lineToEvent(trace)[0]?.[cursor.stepFrom - 1 + offset] ?? -1;
    if (e >= 0) store.getState().selectEventAndReveal(e, true);
  };
  return (
    <section className="sim-section">
      {card.lookAt.length > 0 ? (
        <>
          <h3>Printed by this step — highlighted in the log</h3>
          <ol className="sim-step-lines" data-testid="step-lines">
            {card.lookAt.map((line, i) => (
              <li key={i}><button type="button" className="event-ref" onClick={() => showLine(i)}>{line}</button></li>
            ))}
          </ol>
        </>
      ) : last && <p className="muted">This step printed nothing at -v={state.verbosity}.</p>}
    </section>
  );
}
