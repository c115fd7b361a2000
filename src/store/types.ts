/**
 * The shapes the UI shares through the store. The store is one zustand (vanilla) store made of slices
 * (app-store.ts); each slice file owns its state and actions. Big data (the Trace) is one frozen reference.
 * High-frequency state (hover, drag in progress) never goes in the store: canvases keep it in refs.
 */
import type { Trace } from '../model/trace.ts';
import type { LoadPhase } from '../worker/protocol.ts';

export type LoadStatus =
  | { status: 'idle' }
  | { status: 'loading'; phase: LoadPhase; label: string; bytesDone: number; bytesTotal: number; lines: number; phaseSinceMs: number }
  | { status: 'ready' }
  | { status: 'failed'; message: string };

/** The visible time window and navigation state. Times are epoch µs. */
export interface Viewport {
  startUs: number;
  endUs: number;
  /** Origin for relative time display; NaN = absolute time. */
  originUs: number;
}

export type Selection =
  | { kind: 'none' }
  | { kind: 'event'; event: number }
  | { kind: 'span'; span: number }
  | { kind: 'pod'; pod: number }
  | { kind: 'range'; startUs: number; endUs: number };

export interface Filters {
  /** Free text or /regex/ over message text; '' = none. */
  text: string;
  textIsRegex: boolean;
  pods: readonly number[];
  namespaces: readonly string[];
  containers: readonly string[];
  laneKinds: readonly string[];
  /** Minimum severity shown: 0 info, 1 warning, 2 error. */
  minSeverity: number;
  /** Only show log lines inside the visible time window. */
  logFollowsWindow: boolean;
}

export type PodSort = 'name' | 'first-activity' | 'problems';

export interface LoadedTrace {
  trace: Trace;
  /** Where it came from: file names, a seed id, a scenario. */
  title: string;
}
