/** The start page's way into the simulations: the gallery, and each incident's scenario one click away. */
import { steppableScenarios } from '../../store/sim-params.ts';
import { useStoreApi } from '../app/StoreContext.tsx';
import './sim.css';

export function LandingEntry() {
  const store = useStoreApi();
  return (
    <section className="sim-entry" aria-label="Simulations">
      <h2>Step through a simulated kubelet</h2>
      <p className="muted">
        The five incidents as runnable scenarios, buggy and fixed: step goroutine by goroutine, pick the interleaving at a
        race, inject faults, compare the two variants.
      </p>
      <div className="sim-entry-actions">
        <button type="button" className="primary" data-testid="open-gallery" onClick={() => store.getState().showGallery()}>Open the scenario gallery</button>
        {steppableScenarios().filter((s) => s.seed !== undefined).map((s) => (
          <button key={s.id} type="button" title={s.summary} onClick={() => store.getState().openSimulation({ scenario: s.id })}>
            {s.id} <span className="muted">· seed {s.seed}</span>
          </button>
        ))}
      </div>
    </section>
  );
}
