/**
 * A share link pasted into the address bar of an open tab changes only the fragment, so the page does not reload:
 * follow `hashchange` and open it. (At start-up main.tsx opens the link the page was loaded with.)
 */
import { useEffect } from 'react';
import { useStoreApi } from '../app/StoreContext.tsx';
import { looksLikeShareLink, openShareLink } from '../load/open-share-link.ts';

export function useShareLinkAddress(): void {
  const store = useStoreApi();
  useEffect(() => {
    const onHash = () => {
      if (looksLikeShareLink(location.hash)) void openShareLink(store, location.hash);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [store]);
}
