/**
 * What travels with a share: the view (time window, selection, filters, collapsed lanes), the user's notes, and for a
 * link either the log lines themselves or the inputs of a simulation run. The UI reads and writes these types; the
 * trace file (trace-file.ts) and the link codec (link.ts) serialise them.
 *
 * Two ways to point at things:
 *   - by index into one Trace (`ViewState.selected`): exact, but only valid for that Trace object, as in a trace file;
 *   - by stable key (`EventRef`, lane ids, pod ids): survives re-parsing the same lines, as in a link. An event is
 *     identified by its source file name and its 1-based line number.
 */

/** An event by source file name + line number (stable across re-parsing the same text). */
export interface EventRef {
  source: string;
  line: number;
}

export type SelectedKind = 'event' | 'span' | 'pod' | 'lane';

/** Filters as shareable data: pods are named by `podId` (`ns/name`, or the uid when the name is unknown). */
export interface ViewFilters {
  text?: string;
  textIsRegex?: boolean;
  pods?: string[];
  namespaces?: string[];
  containers?: string[];
  laneKinds?: string[];
  /** Minimum severity shown: 0 info, 1 warning, 2 error. */
  minSeverity?: number;
  logFollowsWindow?: boolean;
}

/** The view of one Trace. Times are epoch µs; originUs is NaN for absolute time display. */
export interface ViewState {
  startUs: number;
  endUs: number;
  originUs: number;
  /** Index into trace.events / spans / pods / lanes according to kind. */
  selected?: { kind: SelectedKind; index: number };
  filters?: ViewFilters;
  /** Lane ids (LaneInfo.id). */
  collapsedLanes?: string[];
}

/** A selection by stable key, as a link carries it. */
export type SelectionKey =
  | { kind: 'event'; event: EventRef }
  | { kind: 'pod'; pod: string }
  | { kind: 'lane'; laneId: string }
  | { kind: 'span'; laneId: string; startUs: number };

/** ViewState with the selection as a stable key (link form). */
export interface StableViewState extends Omit<ViewState, 'selected'> {
  selected?: SelectionKey;
}

export type NoteTarget =
  | { kind: 'range'; startUs: number; endUs: number }
  | { kind: 'lane'; laneId: string }
  | { kind: 'event'; event: EventRef };

export interface Note {
  id: string;
  text: string;
  target: NoteTarget;
}

/** One scheduling decision the user made: at `step`, run `goroutine` (the simulator's goroutine id). */
export interface SimChoice {
  step: number;
  goroutine: string;
}

/** A fault the user injected at `step` (kind and target as the scenario names them). */
export interface SimFault {
  step: number;
  kind: string;
  target?: string;
  params?: Record<string, string | number | boolean>;
}

/** Everything that determines a simulation run, plus where the user stopped. */
export interface SimulationState {
  scenario: string;
  variant: string;
  /** Kubelet version profile id. */
  version: string;
  seed: number;
  /** klog -v of the simulated kubelet; absent in links made before it was carried (the scenario's default then). */
  verbosity?: number;
  choices: SimChoice[];
  faults: SimFault[];
  step: number;
}

/** One log source inside a link: the chosen lines, at their original line numbers. */
export interface SharedLogSource {
  name: string;
  /** Year the original parse settled on, so that year-less klog lines get the same dates when re-parsed. */
  year: number;
  /**
   * The text to parse. Lines that were left out are empty, so every kept line keeps its original line number
   * (and every EventRef stays valid).
   */
  text: string;
}

export type ShareState =
  | { kind: 'logs'; sources: SharedLogSource[]; view?: StableViewState; notes: Note[] }
  | { kind: 'simulation'; simulation: SimulationState; view?: StableViewState; notes: Note[] };
