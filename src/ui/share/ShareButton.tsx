/** The top bar's entry to sharing: opens the share dialog (link, sanitizing, file exports). */
import { useStoreApi } from '../app/StoreContext.tsx';

export function ShareButton() {
  const store = useStoreApi();
  return (
    <button type="button" title="Share a link or export to a file" data-testid="share-button" onClick={() => store.getState().setShareOpen(true)}>
      Share…
    </button>
  );
}
