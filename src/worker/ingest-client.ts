/**
 * The page's handle on the ingest worker. One run at a time: starting a new load or cancelling terminates the
 * worker that was busy (the only way to stop a long synchronous parse step) and the next load starts a fresh one.
 */
import type { Trace } from '../model/trace.ts';
import type { DoneMessage, FromWorker, IngestInput, LoadRequest, ProgressMessage } from './protocol.ts';

export interface LoadResult {
  trace: Trace;
  parseMs: number;
  /** When the worker posted the trace (ms since the epoch); absent for traces made on the page. */
  postedAtMs?: number;
  /** A trace file's saved view and notes. */
  saved?: DoneMessage['saved'];
}

export interface IngestClient {
  /**
   * Resolves with the trace, or rejects with an Error (a cancelled run rejects with CancelledError). `year` is the
   * year for klog lines that state none (default: this year, reported as assumed).
   */
  load(inputs: IngestInput[], onProgress: (p: ProgressMessage) => void, year?: number): Promise<LoadResult>;
  cancel(): void;
}

export class CancelledError extends Error {
  constructor() {
    super('cancelled');
  }
}

export function createIngestClient(): IngestClient {
  let worker: Worker | undefined;
  let runId = 0;
  let rejectCurrent: ((e: Error) => void) | undefined;

  const stop = () => {
    worker?.terminate();
    worker = undefined;
    rejectCurrent?.(new CancelledError());
    rejectCurrent = undefined;
  };

  return {
    load(inputs, onProgress, year) {
      stop();
      const myRun = ++runId;
      const w = new Worker(new URL('./ingest.worker.ts', import.meta.url), { type: 'module', name: 'syncloop-ingest' });
      worker = w;
      return new Promise<LoadResult>((resolve, reject) => {
        rejectCurrent = reject;
        w.onmessage = (e: MessageEvent<FromWorker>) => {
          const msg = e.data;
          if (msg.runId !== myRun) return;
          if (msg.type === 'progress') { onProgress(msg); return; }
          rejectCurrent = undefined;
          w.terminate();
          if (worker === w) worker = undefined;
          if (msg.type === 'done') resolve({ trace: msg.trace, parseMs: msg.parseMs, postedAtMs: msg.postedAtMs, saved: msg.saved });
          else reject(new Error(msg.message));
        };
        w.onerror = (e) => {
          e.preventDefault();
          rejectCurrent = undefined;
          stop();
          reject(new Error(e.message || 'the ingest worker crashed (out of memory?)'));
        };
        const now = new Date();
        const request: LoadRequest = {
          type: 'load', runId: myRun, inputs, defaultYear: year ?? now.getFullYear(), yearGiven: year !== undefined,
          nowUs: year === undefined ? now.getTime() * 1000 : undefined,
        };
        w.postMessage(request);
      });
    },
    cancel: stop,
  };
}
