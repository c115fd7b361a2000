/** A failed load (worker crash, unreadable file): said plainly, dismissible. */
import { useAppStore, useStoreApi } from '../app/StoreContext.tsx';

export function LoadError() {
  const store = useStoreApi();
  const load = useAppStore((s) => s.load);
  if (load.status !== 'failed') return null;
  return (
    <div className="banner banner-error" role="alert">
      <span>Could not load: {load.message}</span>
      <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => store.getState().dismissLoadFailure()}>×</button>
    </div>
  );
}
