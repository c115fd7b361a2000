/**
 * The device pixel ratio, as React state that changes when it does. A window moved to a screen of another density
 * or a browser zoom changes devicePixelRatio, sometimes without any resize, and only a media query on the current
 * resolution tells: `(resolution: Xdppx)` stops matching. Canvases redraw (and resize their backing store) on it.
 */
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  let query: MediaQueryList | undefined;
  const listen = () => {
    query?.removeEventListener('change', changed);
    query = matchMedia(`(resolution: ${devicePixelRatio}dppx)`);
    query.addEventListener('change', changed);
  };
  // The query is for one ratio: after a change, listen for the next one from the new ratio.
  const changed = () => {
    listen();
    onChange();
  };
  listen();
  return () => query?.removeEventListener('change', changed);
}

const current = () => devicePixelRatio;

export function useDevicePixelRatio(): number {
  return useSyncExternalStore(subscribe, current, () => 1);
}
