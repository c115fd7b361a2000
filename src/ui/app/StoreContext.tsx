/** The store is created in main.tsx and handed down by context; components read it through bounded hooks. */
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { AppState, AppStore } from '../../store/app-store.ts';

const StoreContext = createContext<AppStore | undefined>(undefined);

export function StoreProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/** The store itself, for imperative use (canvases subscribe to it; handlers call actions). */
export function useStoreApi(): AppStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useStoreApi outside <StoreProvider>');
  return store;
}

/** Subscribes a component to one selected value (re-renders only when it changes by Object.is). */
export function useAppStore<T>(selector: (s: AppState) => T): T {
  return useStore(useStoreApi(), selector);
}
