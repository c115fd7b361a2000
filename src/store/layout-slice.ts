/** Presentation state: collapsed groups, pod order, theme, panel sizes and which overlays are open. */
import type { StateCreator } from 'zustand/vanilla';
import type { AppState } from './app-store.ts';
import type { PodSort } from './types.ts';

export type ThemeChoice = 'system' | 'light' | 'dark';

/** The pod orders, in the order the sort menu lists them and the key cycles through them. */
export const POD_SORTS: readonly { value: PodSort; label: string }[] = [
  { value: 'name', label: 'by name' },
  { value: 'first-activity', label: 'by first activity' },
  { value: 'problems', label: 'by warnings/errors' },
];

export interface LayoutSlice {
  collapsed: Readonly<Record<string, boolean>>;
  podSort: PodSort;
  theme: ThemeChoice;
  logHeightPx: number;
  inspectorWidthPx: number;
  helpOpen: boolean;
  sourcesOpen: boolean;
  /** The paste box is open, with this text in it to start with (a paste on the page brings its text along). */
  paste: { text: string } | undefined;
  /** Source shown in the log pane's raw view. */
  logSource: number;
  /** Bumped to ask the timeline to scroll the selection into view. */
  revealNonce: number;
  toggleGroup(id: string): void;
  expandGroup(id: string): void;
  setAllCollapsed(ids: readonly string[], collapsed: boolean): void;
  setPodSort(sort: PodSort): void;
  setTheme(theme: ThemeChoice): void;
  setLogHeight(px: number): void;
  setInspectorWidth(px: number): void;
  setHelpOpen(open: boolean): void;
  setSourcesOpen(open: boolean): void;
  openPaste(text?: string): void;
  closePaste(): void;
  setLogSource(source: number): void;
  requestReveal(): void;
}

export const createLayoutSlice: StateCreator<AppState, [], [], LayoutSlice> = (set, get) => ({
  collapsed: {},
  podSort: 'problems',
  theme: 'system',
  logHeightPx: 240,
  inspectorWidthPx: 380,
  helpOpen: false,
  sourcesOpen: false,
  paste: undefined,
  logSource: 0,
  revealNonce: 0,
  toggleGroup: (id) => set({ collapsed: { ...get().collapsed, [id]: !get().collapsed[id] } }),
  expandGroup(id) {
    if (get().collapsed[id]) set({ collapsed: { ...get().collapsed, [id]: false } });
  },
  setAllCollapsed(ids, collapsed) {
    const next: Record<string, boolean> = { ...get().collapsed };
    for (const id of ids) next[id] = collapsed;
    set({ collapsed: next });
  },
  setPodSort: (podSort) => set({ podSort }),
  setTheme: (theme) => set({ theme }),
  setLogHeight: (px) => set({ logHeightPx: Math.round(Math.min(900, Math.max(80, px))) }),
  setInspectorWidth: (px) => set({ inspectorWidthPx: Math.round(Math.min(900, Math.max(220, px))) }),
  setHelpOpen: (helpOpen) => set({ helpOpen }),
  setSourcesOpen: (sourcesOpen) => set({ sourcesOpen }),
  openPaste: (text = '') => set({ paste: { text } }),
  closePaste: () => set({ paste: undefined }),
  setLogSource: (logSource) => set({ logSource }),
  requestReveal: () => set({ revealNonce: get().revealNonce + 1 }),
});
