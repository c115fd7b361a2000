/** Global keyboard shortcuts (see keymap.ts). Keys typed into text fields stay there, except Escape. */
import { useEffect } from 'react';
import { useStoreApi } from './StoreContext.tsx';
import { KEYMAP, type KeyBinding } from './keymap.ts';
import { SIM_KEYMAP } from '../sim/sim-keymap.ts';

function typingInField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT';
}

export function useKeyboard(): void {
  const store = useStoreApi();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey) return;
      if (typingInField(e.target)) {
        if (e.key === 'Escape' && e.target instanceof HTMLElement) e.target.blur();
        return;
      }
      // In the simulation its own keys come first (arrows, space…); a focused button keeps Space and Enter.
      const simulating = store.getState().simRoute === 'sim';
      if (simulating && (e.key === ' ' || e.key === 'Enter') && e.target instanceof HTMLButtonElement) return;
      if (!simulating && !store.getState().loaded && e.key !== '?' && e.key !== 'Escape' && e.key !== 't') return;
      const ctrl = e.ctrlKey || e.metaKey;
      const matches = (b: KeyBinding) => b.keys.includes(e.key) && !!b.ctrl === ctrl;
      const binding = (simulating ? SIM_KEYMAP.find(matches) : undefined) ?? KEYMAP.find(matches);
      if (!binding) return;
      e.preventDefault();
      binding.run(store);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
}
