/**
 * Messages between the page and the ingest worker. Every message carries the run it belongs to, so a late message
 * from a cancelled run can never be mistaken for the current one.
 */
import type { Trace } from '../model/trace.ts';
import type { Note, ViewState } from '../trace/share-types.ts';

/** One input: a File (dropped, picked, or fetched seed) or pasted text. */
export type IngestInput =
  | { kind: 'file'; file: File }
  | { kind: 'text'; name: string; text: string };

export interface LoadRequest {
  type: 'load';
  runId: number;
  inputs: IngestInput[];
  /** Year for klog lines when nothing in the input states one. */
  defaultYear: number;
  /** True when the year was given (a share link carries the sender's), not assumed from the clock. */
  yearGiven: boolean;
  /** The page's clock (epoch µs) when the year is assumed: no log is put after it (CollectOptions.assumedNotAfterUs). */
  nowUs?: number;
}

export type ToWorker = LoadRequest;

/**
 * What the worker is doing: reading the inputs (bytes and lines advance), building the trace from the lines read
 * (one synchronous step of the core: no finer progress), running the incident detectors, or handing the trace to
 * the page.
 */
export type LoadPhase = 'reading' | 'building' | 'findings' | 'sending';

export interface ProgressMessage {
  type: 'progress';
  runId: number;
  phase: LoadPhase;
  /** The source being read, e.g. `kubelet.log.gz (2 of 3)`; in later phases, what is loaded. */
  label: string;
  bytesDone: number;
  bytesTotal: number;
  /** Lines read so far, over every source. */
  lines: number;
}

export interface DoneMessage {
  type: 'done';
  runId: number;
  trace: Trace;
  /** Worker-side time from request to finished trace. */
  parseMs: number;
  /** When the worker posted the trace, ms since the epoch (performance.timeOrigin + now), to time the hand-over. */
  postedAtMs: number;
  /** The view and notes saved in a trace file, to be applied once it is open. */
  saved?: { view?: ViewState; notes: Note[] };
}

export interface FailedMessage {
  type: 'failed';
  runId: number;
  message: string;
}

export type FromWorker = ProgressMessage | DoneMessage | FailedMessage;
