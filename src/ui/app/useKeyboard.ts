/**
 * Global keyboard shortcuts (see keymap.ts). Keys typed into text fields stay there, except Escape. A binding marked
 * `paste` is the browser's own paste: its key is left alone and the paste event that follows runs it, with the text.
 */
import { useEffect } from 'react';
import { useStoreApi } from './StoreContext.tsx';
import { KEYMAP, type KeyBinding } from './keymap.ts';
import { SIM_KEYMAP } from '../sim/sim-keymap.ts';
import { MAX_PASTE_CHARS } from '../load/PasteDialog.tsx';

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
      const ctrl = e.ctrlKey || e.metaKey;
      const matches = (b: KeyBinding) => b.keys.includes(e.key) && !!b.ctrl === ctrl;
      const binding = (simulating ? SIM_KEYMAP.find(matches) : undefined) ?? KEYMAP.find(matches);
      if (!binding || binding.paste) return;
      if (!simulating && !store.getState().loaded && !binding.anywhere) return;
      e.preventDefault();
      binding.run(store);
    };
    const onPaste = (e: ClipboardEvent) => {
      if (e.defaultPrevented || typingInField(e.target) || store.getState().simRoute === 'sim') return;
      const binding = KEYMAP.find((b) => b.paste);
      if (!binding) return;
      e.preventDefault();
      binding.run(store, (e.clipboardData?.getData('text/plain') ?? '').slice(0, MAX_PASTE_CHARS + 1)); // one past the limit: the box then says it is too long
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('paste', onPaste);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('paste', onPaste);
    };
  }, [store]);
}
