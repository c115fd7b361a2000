/**
 * Composition root: the ingest client and the store are created here and injected; nothing else is a singleton.
 * A simulation address (#sim=…, #simulations) opens that simulation; a share link in the URL fragment opens its log
 * (or its simulation); otherwise `npm start` (vite --mode demo) opens the demo incident.
 */
import { createRoot } from 'react-dom/client';
import { createAppStore } from './store/app-store.ts';
import { createIngestClient } from './worker/ingest-client.ts';
import { createSimWorkerClient } from './worker/sim-client.ts';
import { App } from './ui/app/App.tsx';
import { StoreProvider } from './ui/app/StoreContext.tsx';
import { DEMO_INCIDENT } from './ui/load/incidents.ts';
import { looksLikeShareLink, openShareLink } from './ui/load/open-share-link.ts';
import { exposePerfProbe } from './ui/timeline/perf-probe.ts';
import { openSimAddress } from './ui/sim/useSimHash.ts';
import './ui/styles.css';

async function fetchIncident(fileName: string): Promise<File> {
  const url = new URL(`incidents/${encodeURIComponent(fileName)}`, document.baseURI);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return new File([await response.blob()], fileName, { type: 'text/plain' });
}

const store = createAppStore({ ingest: createIngestClient(), fetchIncident, simRunner: createSimWorkerClient() });
exposePerfProbe(store);

createRoot(document.getElementById('root')!).render(
  <StoreProvider store={store}>
    <App />
  </StoreProvider>,
);

if (openSimAddress(store, location.hash)) { /* a simulation's own address (#sim=…) or the gallery */ }
else if (looksLikeShareLink(location.hash)) void openShareLink(store, location.hash);
else if (__OPEN_DEMO__) void store.getState().openIncident(DEMO_INCIDENT.file, DEMO_INCIDENT.title);
