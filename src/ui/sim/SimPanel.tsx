/**
 * The right-hand column of the simulation: the narrative card, the runnable goroutines ("be the Go scheduler"),
 * where the run ends with the choices made so far, the faults to inject, and the teaching annotations as a path
 * through the run.
 */
import { formatEpochUs } from '../../util/time.ts';
import { useAppStore, useStoreApi } from '../app/StoreContext.tsx';
import { NarrativeCard, StepLines } from './NarrativeCard.tsx';

function Scheduler() {
  const store = useStoreApi();
  const sim = useAppStore((s) => s.sim);
  if (!sim) return null;
  const { runnable, finished } = sim.at;
  const choices = sim.state.choices ?? [];
  return (
    <section className="sim-section" data-testid="scheduler">
      <h3>Be the Go scheduler</h3>
      {runnable.length > 1 ? (
        <>
          <p className="muted">{runnable.length} goroutines can run. Pick the one that runs next (keys 1–{Math.min(9, runnable.length)}):</p>
          <ol className="sim-runnable">
            {runnable.map((r, i) => (
              <li key={r.goroutine}>
                <button type="button" data-testid="runnable" data-goroutine={r.goroutine} onClick={() => store.getState().simChoose(r.goroutine)}>
                  {i < 9 && <kbd>{i + 1}</kbd>}<strong>{r.goroutine}</strong><span className="muted">{r.willDo}</span>
                </button>
              </li>
            ))}
          </ol>
        </>
      ) : runnable.length === 1 ? (
        <p>Only <strong>{runnable[0].goroutine}</strong> can run next: <span className="muted">{runnable[0].willDo}</span></p>
      ) : finished ? (
        <p className="muted">The run has ended.</p>
      ) : (
        <p className="muted">No goroutine can run right now: the next step moves the clock to the next timer or runtime call.</p>
      )}
      {choices.length > 0 && (
        <p className="muted" data-testid="choices">Your choices: {choices.map((c) => `after step ${c.step}, ${c.goroutine}`).join('; ')}</p>
      )}
    </section>
  );
}

function Outcome() {
  const sim = useAppStore((s) => s.sim);
  const run = sim?.run;
  if (!sim) return null;
  return (
    <section className="sim-section" data-testid="sim-outcome" data-incident={run ? String(run.outcome.incident) : undefined}>
      <h3>How this run ends{(sim.state.choices?.length || sim.state.faults?.length) ? ' (with your choices)' : ''}</h3>
      {!run ? <p className="muted">simulating…</p> : (
        <p>
          <span className={`chip ${run.outcome.incident ? 'sim-incident' : 'sim-no-incident'}`}>{run.outcome.incident ? 'the incident happens' : 'no incident'}</span>{' '}
          {run.outcome.summary}
        </p>
      )}
    </section>
  );
}

function Faults() {
  const store = useStoreApi();
  const sim = useAppStore((s) => s.sim);
  if (!sim || (!sim.scenario.faults.length && !sim.state.faults?.length)) return null;
  return (
    <section className="sim-section" data-testid="faults">
      <h3>Inject a fault now</h3>
      <div className="button-row">
        {sim.scenario.faults.map((f, i) => (
          <button key={f.id} type="button" className="small" data-testid="fault" data-fault={f.id} disabled={sim.at.finished} title={i < 2 ? `Key: ${i === 0 ? 'X' : 'Shift+X'}` : undefined} onClick={() => store.getState().simInjectFault(f.id)}>
            {f.label}
          </button>
        ))}
      </div>
      {(sim.state.faults ?? []).map((f, i) => (
        <p key={i} className="muted" data-testid="injected-fault">Injected at step {f.step}: {sim.scenario.faults.find((o) => o.fault.kind === f.fault.kind)?.label ?? f.fault.kind}</p>
      ))}
    </section>
  );
}

function Annotations() {
  const store = useStoreApi();
  const sim = useAppStore((s) => s.sim);
  const annotations = sim?.run?.annotations ?? [];
  if (!sim || !annotations.length) return null;
  const step = sim.at.step;
  return (
    <section className="sim-section">
      <h3>Key moments (N / Shift+N)</h3>
      <ol className="sim-annotations">
        {annotations.map((a) => (
          <li key={a.afterStep} className={a.afterStep === step ? 'current' : a.afterStep < step ? 'reached' : ''}>
            <button type="button" className="event-ref" onClick={() => store.getState().simRunTo(a.afterStep)}>
              <span className="event-ref-time">step {a.afterStep}</span> {a.title}
              <span className="muted"> · {formatEpochUs(a.timeUs).slice(11)}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function SimPanel() {
  return (
    <div className="sim-panel" aria-label="Simulation step">
      <NarrativeCard />
      <Scheduler />
      <StepLines />
      <Outcome />
      <Faults />
      <Annotations />
    </div>
  );
}
