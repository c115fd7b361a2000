/**
 * The visible time window, updated once the user stops panning/zooming for a moment: the log pane re-lists its
 * lines from it, which is too much work for every animation frame on a big trace.
 */
import { useEffect, useState } from 'react';
import { useStoreApi } from '../app/StoreContext.tsx';

const SETTLE_MS = 120;

export function useSettledWindow(enabled: boolean): { startUs: number; endUs: number } | undefined {
  const store = useStoreApi();
  const [window, setWindow] = useState<{ startUs: number; endUs: number } | undefined>(undefined);
  useEffect(() => {
    if (!enabled) { setWindow(undefined); return; }
    const take = () => {
      const { startUs, endUs } = store.getState().viewport;
      setWindow({ startUs, endUs });
    };
    take();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = store.subscribe((s, p) => {
      if (s.viewport === p.viewport) return;
      clearTimeout(timer);
      timer = setTimeout(take, SETTLE_MS);
    });
    return () => { unsubscribe(); clearTimeout(timer); };
  }, [store, enabled]);
  // The first render after turning it on already lists the current window (the effect's copy arrives a frame later).
  if (enabled && !window) {
    const { startUs, endUs } = store.getState().viewport;
    return { startUs, endUs };
  }
  return enabled ? window : undefined;
}
