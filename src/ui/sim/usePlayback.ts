/**
 * Play: steps the simulation at the chosen speed, from one animation frame to the next (several steps per frame
 * at high speeds, one store update per frame). The slice stops playing at the end, and at teaching annotations
 * when asked to.
 */
import { useEffect } from 'react';
import { useAppStore, useStoreApi } from '../app/StoreContext.tsx';

/** At most this many steps per frame, so a slow machine never freezes on a long frame. */
const MAX_STEPS_PER_FRAME = 400;

export function usePlayback(): void {
  const store = useStoreApi();
  const playing = useAppStore((s) => s.simPlayback.playing);
  useEffect(() => {
    if (!playing) return;
    let handle = 0;
    let last = performance.now();
    let owed = 1; // the first step comes at once
    const tick = (now: number) => {
      const s = store.getState();
      if (!s.simPlayback.playing) return;
      owed += ((now - last) / 1000) * s.simPlayback.stepsPerSecond;
      last = now;
      const steps = Math.floor(owed);
      if (steps > 0) {
        owed -= steps;
        s.simStep(Math.min(steps, MAX_STEPS_PER_FRAME));
      }
      handle = requestAnimationFrame(tick);
    };
    handle = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(handle);
  }, [playing, store]);
}
