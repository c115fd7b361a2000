/** Progress while the worker reads: bytes and lines, with Cancel. The page stays usable underneath. */
import { useAppStore, useStoreApi } from '../app/StoreContext.tsx';
import { formatBytes, formatCount } from '../shared/format.ts';

export function LoadProgress() {
  const store = useStoreApi();
  const load = useAppStore((s) => s.load);
  if (load.status !== 'loading') return null;
  const fraction = load.bytesTotal > 0 ? Math.min(1, load.bytesDone / load.bytesTotal) : 0;
  return (
    <div className="load-progress" role="status" aria-live="polite" data-testid="load-progress">
      <div className="load-progress-text">
        <strong>Reading {load.label}</strong>
        <span className="muted">
          {load.bytesTotal > 0 ? `${formatBytes(load.bytesDone)} of ${formatBytes(load.bytesTotal)}` : 'starting…'}
          {load.lines > 0 && ` · ${formatCount(load.lines)} lines`}
        </span>
      </div>
      <progress max={1} value={fraction} aria-label="bytes read" />
      <button type="button" onClick={() => store.getState().cancelLoad()}>Cancel</button>
    </div>
  );
}
