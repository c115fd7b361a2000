/**
 * A share link pasted into the address bar of an open tab changes only the fragment, so the page does not reload:
 * follow `hashchange` and open it. (At start-up main.tsx opens the link the page was loaded with.) Coming back to
 * the link already opened (Back from a simulation's own address) does not open it again, so Back keeps working.
 */
import { useEffect } from 'react';
import { useStoreApi } from '../app/StoreContext.tsx';
import { looksLikeShareLink, openShareLink } from '../load/open-share-link.ts';

export function useShareLinkAddress(): void {
  const store = useStoreApi();
  useEffect(() => {
    let lastOpened = location.hash;
    const onHash = () => {
      const hash = location.hash;
      if (hash === lastOpened || !looksLikeShareLink(hash)) return;
      lastOpened = hash;
      void openShareLink(store, hash);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [store]);
}
