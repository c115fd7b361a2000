/**
 * The scenario gallery: one card per simulation, with the incident it reproduces, what the buggy and fixed variants
 * mean, and the kubelet versions it models. A card opens its buggy run; the buttons open either variant.
 */
import type { ScenarioInfo } from '../../sim/simulate.ts';
import { steppableScenarios } from '../../store/sim-params.ts';
import { useAppStore, useStoreApi } from '../app/StoreContext.tsx';
import { LoadError } from '../load/LoadError.tsx';
import { incidentOfScenario } from './scenario-links.ts';
import './sim.css';

function ScenarioCard({ info }: { info: ScenarioInfo }) {
  const store = useStoreApi();
  const incident = incidentOfScenario(info);
  const open = (variant: 'buggy' | 'fixed') => store.getState().openSimulation({ scenario: info.id, variant });
  return (
    <li className="scenario-card" data-testid="scenario-card" data-scenario={info.id}>
      <div className="scenario-card-head">
        <code className="scenario-id">{info.id}</code>
        {info.seed !== undefined && <span className="chip">seed {info.seed}</span>}
      </div>
      <h3>{info.title}</h3>
      <p className="scenario-summary">{info.summary}</p>
      {incident && <p className="scenario-incident muted">Reproduces: {incident.title}</p>}
      <dl className="scenario-variants">
        <dt>buggy</dt><dd>{info.variants.buggy}</dd>
        <dt>fixed</dt><dd>{info.variants.fixed}</dd>
      </dl>
      <p className="scenario-versions muted">
        Kubelet {info.versions.join(', ')} · default -v={info.defaultVerbosity}
        {info.faults.length > 0 && ` · faults: ${info.faults.map((f) => f.label).join('; ')}`}
      </p>
      <div className="scenario-actions">
        <button type="button" className="primary" onClick={() => open('buggy')}>Step through the incident</button>
        <button type="button" onClick={() => open('fixed')}>The fixed kubelet</button>
      </div>
    </li>
  );
}

export function Gallery() {
  const store = useStoreApi();
  const notice = useAppStore((s) => s.simGalleryNotice);
  return (
    <main className="landing gallery" data-testid="scenario-gallery">
      <header className="landing-header">
        <button type="button" className="link-button gallery-back" onClick={() => store.getState().closeSimulation()}>← Syncloop start page</button>
        <h1><span className="logo-mark" aria-hidden="true">◴</span> Simulations</h1>
        <p className="tagline">
          Step through a simulated kubelet: its goroutines, the log lines it prints at each step, and the state machines
          they drive — drawn with the same lanes as a real log. Each incident runs buggy or fixed; at a race you choose which
          goroutine runs next.
        </p>
      </header>
      {notice && <div className="banner banner-error" role="alert">{notice}</div>}
      <LoadError />
      <ul className="scenario-list">
        {steppableScenarios().map((info) => <ScenarioCard key={info.id} info={info} />)}
      </ul>
    </main>
  );
}
