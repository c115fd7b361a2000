/**
 * Keeps the address bar in step with the simulation: `#simulations` for the gallery, `#sim=…` for a run at its
 * current step (see sim-hash.ts). Entering a page pushes a history entry, so Back returns to where the user was;
 * moving within a run replaces it (debounced while playing). Back/Forward and hand-edited addresses are followed.
 */
import { useEffect } from 'react';
import type { AppStore } from '../../store/app-store.ts';
import { useStoreApi } from '../app/StoreContext.tsx';
import { looksLikeShareLink } from '../load/open-share-link.ts';
import { GALLERY_HASH, isSimHash, parseSimHash, simHash } from './sim-hash.ts';

const WRITE_DELAY_MS = 120;

function wantedHash(store: AppStore): string | undefined {
  const s = store.getState();
  if (s.simRoute === 'gallery') return GALLERY_HASH;
  if (s.simRoute === 'sim' && s.sim) return simHash(s.sim.state);
  return undefined;
}

/** Opens what an address names (used at start-up and on Back/Forward); false if it names no simulation page. */
export function openSimAddress(store: AppStore, hash: string): boolean {
  if (hash === GALLERY_HASH) {
    store.getState().showGallery();
    return true;
  }
  if (!isSimHash(hash)) return false;
  const init = parseSimHash(hash);
  if (!init) store.getState().showGallery('this address names no simulation');
  else if (!store.getState().openSimulation(init)) store.getState().showGallery(store.getState().simGalleryNotice);
  return true;
}

export function useSimHash(): void {
  const store = useStoreApi();
  useEffect(() => {
    let timer = 0;
    const write = () => {
      timer = 0;
      const s = store.getState();
      if (s.simRoute === 'sim' && !s.sim) return; // opening: the address follows with the run's state
      const hash = wantedHash(store);
      const current = location.hash;
      const url = `${location.pathname}${location.search}${hash ?? ''}`;
      if (hash === undefined) {
        // Leaving the simulation: drop its address (a share link or nothing else is left alone).
        if (isSimHash(current) || current === GALLERY_HASH) history.pushState(null, '', url);
        return;
      }
      if (hash === current) return;
      // Within a run the address is replaced; a share link that opened this run gives way to the run's own address
      // (Back then leaves, rather than landing on the link again); entering from another page pushes an entry.
      if ((isSimHash(hash) && isSimHash(current)) || looksLikeShareLink(current)) history.replaceState(null, '', url);
      else history.pushState(null, '', url);
    };
    const unsubscribe = store.subscribe((s, p) => {
      if (s.simRoute === p.simRoute && s.sim?.state === p.sim?.state) return;
      if (s.simRoute !== p.simRoute) { window.clearTimeout(timer); write(); return; }
      if (!timer) timer = window.setTimeout(write, WRITE_DELAY_MS);
    });
    const onPop = () => {
      const hash = location.hash;
      if (hash === wantedHash(store)) return;
      // A share link's address is the share code's to open (useShareLinkAddress); any other page leaves the run.
      if (!openSimAddress(store, hash) && !looksLikeShareLink(hash) && store.getState().simRoute !== 'off') store.getState().closeSimulation();
    };
    window.addEventListener('popstate', onPop);
    return () => { unsubscribe(); window.clearTimeout(timer); window.removeEventListener('popstate', onPop); };
  }, [store]);
}
