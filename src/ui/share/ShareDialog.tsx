/**
 * Share and export: sanitizing (on by default for logs, off for simulations), the link with its size and contents,
 * and the files. The dialog works on a snapshot of what is open when it opens; nothing leaves the page except
 * through the clipboard and the downloads the user asks for.
 */
import { useState } from 'react';
import { selectSimulationState } from '../../store/sim-slice.ts';
import { useTrace } from '../app/hooks.ts';
import { useAppStore, useStoreApi } from '../app/StoreContext.tsx';
import { Modal } from '../shared/Modal.tsx';
import { ExportPanel, saveExport } from './ExportPanel.tsx';
import { LinkPanel } from './LinkPanel.tsx';
import type { ShareOptions } from './prepare-share.ts';
import { SanitizePanel } from './SanitizePanel.tsx';
import { useSharePreparation } from './useSharePreparation.ts';
import './share.css';

function ShareBody({ kind }: { kind: 'logs' | 'simulation' }) {
  const trace = useTrace();
  const [options, setOptions] = useState<ShareOptions>(() => ({
    lines: trace && trace.sources.reduce((n, s) => n + s.bytes, 0) > 512 * 1024 ? 'window' : 'whole',
    sanitize: kind === 'logs',
    patternText: '',
    uids: false,
    wellKnownNamespaces: false,
  }));
  const [gzip, setGzip] = useState(true);
  const { busy, prepared, link, error } = useSharePreparation(options);
  if (!trace) return null;
  const change = (patch: Partial<ShareOptions>) => setOptions((o) => ({ ...o, ...patch }));
  return (
    <div className="share-dialog" data-testid="share-dialog" aria-busy={busy}>
      <SanitizePanel kind={kind} options={options} onChange={change} prepared={prepared} />
      {error && <p className="error-text" role="alert">Could not prepare the share: {error}</p>}
      <LinkPanel
        trace={trace}
        options={options}
        onChange={change}
        prepared={prepared}
        link={link}
        busy={busy}
        onDownloadInstead={() => { if (prepared) void saveExport(prepared, 'trace', true); }}
      />
      <ExportPanel prepared={prepared} busy={busy} gzip={gzip} onGzip={setGzip} />
    </div>
  );
}

export function ShareDialog() {
  const store = useStoreApi();
  const open = useAppStore((s) => s.shareOpen && s.loaded !== undefined);
  const isSimulation = useAppStore((s) => selectSimulationState(s) !== undefined);
  if (!open) return null;
  return (
    <Modal title={isSimulation ? 'Share this simulation' : 'Share this incident'} onClose={() => store.getState().setShareOpen(false)} wide>
      <ShareBody kind={isSimulation ? 'simulation' : 'logs'} />
    </Modal>
  );
}
