/** The first screen: drop or pick files, paste text, or open one of the built-in incidents. */
import { useStoreApi } from '../app/StoreContext.tsx';
import { FileButton } from './FileButton.tsx';
import { DEMO_INCIDENT, INCIDENTS } from './incidents.ts';
import { LoadError } from './LoadError.tsx';
import { LandingEntry } from '../sim/LandingEntry.tsx';

export function Landing() {
  const store = useStoreApi();
  const open = (file: string, title: string) => void store.getState().openIncident(file, title);
  return (
    <main className="landing">
      <header className="landing-header">
        <h1><span className="logo-mark" aria-hidden="true">◴</span> Syncloop</h1>
        <p className="tagline">Kubelet incident visualizer: each pod's state machines and the kubelet's goroutines, reconstructed from its logs.</p>
      </header>
      <LoadError />
      <section className="drop-card" data-testid="drop-zone">
        <div className="drop-card-title">Drop kubelet logs here</div>
        <p className="muted">klog text of any era, JSON logging, journalctl and syslog output, CRI-wrapped lines, log platform downloads (JSON or CSV), .gz files, several files or nodes at once</p>
        <div className="drop-card-actions">
          <FileButton className="primary" title="Choose log files (Ctrl+O)">Choose files…</FileButton>
          <button type="button" title="Paste log text (Ctrl+V on the page)" onClick={() => store.getState().openPaste()}>Paste log text…</button>
          <button type="button" onClick={() => open(DEMO_INCIDENT.file, DEMO_INCIDENT.title)}>Open the demo incident</button>
        </div>
        <p className="privacy" data-testid="privacy">Everything runs in this browser tab: nothing you load is uploaded or leaves this machine.</p>
      </section>
      <section className="incident-list" aria-label="Built-in incidents">
        <h2>Real incidents to explore</h2>
        <ul>
          {INCIDENTS.map((incident) => (
            <li key={incident.file}>
              <button type="button" className="incident-card" onClick={() => open(incident.file, incident.title)}>
                <span className="incident-title">{incident.title}</span>
                <span className="incident-summary">{incident.summary}</span>
                {incident.noLogNote && <span className="incident-note">No kubelet log lines in this write-up — opens its summary.</span>}
              </button>
            </li>
          ))}
        </ul>
      </section>
      <LandingEntry />
    </main>
  );
}
