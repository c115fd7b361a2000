/** Loading inputs through the ingest worker: status, progress, the loaded trace, cancel and replace. */
import type { StateCreator } from 'zustand/vanilla';
import type { IngestClient } from '../worker/ingest-client.ts';
import { CancelledError } from '../worker/ingest-client.ts';
import type { IngestInput } from '../worker/protocol.ts';
import type { Trace } from '../model/trace.ts';
import type { AppState } from './app-store.ts';
import type { LoadedTrace, LoadStatus } from './types.ts';

export interface LoadStats {
  /** Worker time from request to finished trace, and bytes read. */
  parseMs: number;
  bytes: number;
  /** When the worker posted the trace, on this page's performance.now() clock (NaN if not from the worker). */
  postedAt: number;
}

export interface LoadSlice {
  load: LoadStatus;
  loaded: LoadedTrace | undefined;
  loadStats: LoadStats | undefined;
  /** Loads inputs through the worker; `year` for klog lines that state none (a share link carries it). */
  loadInputs(inputs: IngestInput[], title: string, year?: number): Promise<void>;
  loadFiles(files: readonly File[]): Promise<void>;
  loadText(name: string, text: string): Promise<void>;
  /** Opens a built-in incident shipped under public/incidents/. */
  openIncident(fileName: string, title: string): Promise<void>;
  cancelLoad(): void;
  closeTrace(): void;
  /** A load that could not start (a damaged share link, an unreadable input): shown until dismissed. */
  reportLoadFailure(message: string): void;
  dismissLoadFailure(): void;
}

export interface LoadDeps {
  ingest: IngestClient;
  /** Reads a built-in incident (same-origin fetch in the app, a file read in tests). */
  fetchIncident(fileName: string): Promise<File>;
}

const startingLoad = (label: string): LoadStatus =>
  ({ status: 'loading', phase: 'reading', label, bytesDone: 0, bytesTotal: 0, lines: 0, phaseSinceMs: Date.now() });

export const createLoadSlice = (deps: LoadDeps): StateCreator<AppState, [], [], LoadSlice> => (set, get) => {
  /** Bumped by every new load or cancel, so a slow fetch that finishes later cannot replace a newer choice. */
  let latestRequest = 0;
  return {
    load: { status: 'idle' },
    loaded: undefined,
    loadStats: undefined,

    async loadInputs(inputs, title, year) {
      if (!inputs.length) return;
      latestRequest++;
      set({ load: startingLoad(title) });
      try {
        const result = await deps.ingest.load(inputs, (p) => {
          const before = get().load;
          const phaseSinceMs = before.status === 'loading' && before.phase === p.phase ? before.phaseSinceMs : Date.now();
          set({ load: { status: 'loading', phase: p.phase, label: p.label, bytesDone: p.bytesDone, bytesTotal: p.bytesTotal, lines: p.lines, phaseSinceMs } });
        }, year);
        const trace: Trace = Object.freeze(result.trace) as Trace;
        const bytes = trace.sources.reduce((sum, s) => sum + s.bytes, 0);
        const postedAt = result.postedAtMs !== undefined ? result.postedAtMs - performance.timeOrigin : NaN;
        set({ load: { status: 'ready' }, loaded: { trace, title }, loadStats: { parseMs: result.parseMs, bytes, postedAt } });
        get().resetForTrace(trace);
        if (result.saved) get().applySavedView(result.saved.view, result.saved.notes);
      } catch (err) {
        if (err instanceof CancelledError) return; // a newer load replaced this one, or the user cancelled
        set({ load: { status: 'failed', message: err instanceof Error ? err.message : String(err) } });
      }
    },

    loadFiles(files) {
      const title = files.length === 1 ? files[0].name : `${files.length} files`;
      return get().loadInputs(files.map((file) => ({ kind: 'file', file })), title);
    },

    loadText(name, text) {
      return get().loadInputs([{ kind: 'text', name, text }], name);
    },

    async openIncident(fileName, title) {
      const request = ++latestRequest;
      set({ load: startingLoad(title) });
      let file: File;
      try {
        file = await deps.fetchIncident(fileName);
      } catch (err) {
        if (request === latestRequest) set({ load: { status: 'failed', message: `could not open ${fileName}: ${err instanceof Error ? err.message : String(err)}` } });
        return;
      }
      if (request !== latestRequest) return; // the user dropped or picked something else meanwhile
      return get().loadInputs([{ kind: 'file', file }], title);
    },

    cancelLoad() {
      latestRequest++;
      deps.ingest.cancel();
      set({ load: get().loaded ? { status: 'ready' } : { status: 'idle' } });
    },

    closeTrace() {
      latestRequest++;
      deps.ingest.cancel();
      set({ load: { status: 'idle' }, loaded: undefined, loadStats: undefined });
    },

    reportLoadFailure: (message) => set({ load: { status: 'failed', message } }),
    dismissLoadFailure: () => set({ load: get().loaded ? { status: 'ready' } : { status: 'idle' } }),
  };
};
