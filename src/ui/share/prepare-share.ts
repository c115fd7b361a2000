/**
 * What the share dialog shares, prepared from a snapshot of the store: the (optionally sanitized) trace with its
 * view and notes for the file exports, and the ShareState a link encodes — for logs, the lines chosen
 * (trace/link-logs.ts) with the view by stable keys; for a simulation, its inputs and step. No DOM, no store
 * writes: the dialog calls this and renders the result.
 */
import type { Trace } from '../../model/trace.ts';
import type { AppState } from '../../store/app-store.ts';
import { currentViewState } from '../../store/share-slice.ts';
import { selectSimulationState } from '../../store/sim-slice.ts';
import { ShareError } from '../../trace/errors.ts';
import { chooseLogLines, WHOLE_LOG_MAX_BYTES, type LogSelection } from '../../trace/link-logs.ts';
import { safePattern } from '../../trace/safe-regex-run.ts';
import { Sanitizer, type PreviewEntry, type SanitizePattern } from '../../trace/sanitize.ts';
import { sanitizeTrace } from '../../trace/sanitize-trace.ts';
import type { Note, ShareState, StableViewState, ViewState } from '../../trace/share-types.ts';
import { toStableView } from '../../trace/view-keys.ts';

/** Which log lines a link carries: all of them (a small log), or the pods in view within the visible window. */
export type LineChoice = 'whole' | 'window';

export interface ShareOptions {
  lines: LineChoice;
  sanitize: boolean;
  /** The user's extra patterns, one per line: `/regex/flags` or plain text. */
  patternText: string;
  /** Also replace pod UIDs and container IDs (with fake IDs of the same shape). Off by default. */
  uids?: boolean;
  /** Also replace default, kube-system, kube-public and kube-node-lease where printed as namespaces. Off by default. */
  wellKnownNamespaces?: boolean;
}

export interface PatternProblem {
  line: number;
  text: string;
  message: string;
}

export interface PreparedShare {
  kind: 'logs' | 'simulation';
  /** What a trace file export holds (sanitized when asked). */
  trace: Trace;
  view: ViewState | undefined;
  notes: Note[];
  /** What a link holds. */
  state: ShareState;
  /** Sanitizing: every replacement (original → pseudonym, count in the log), and the patterns that were refused. */
  preview: PreviewEntry[];
  patternProblems: PatternProblem[];
  /** Lines a logs link carries, and whether that is every line. */
  lines: number;
  whole: boolean;
}

/** Whole logs up to this size travel in a link; bigger ones travel as the chosen window. */
export const WHOLE_LINK_MAX_BYTES = WHOLE_LOG_MAX_BYTES;

export function logBytes(trace: Trace): number {
  return trace.sources.reduce((n, s) => n + s.bytes, 0);
}

/** The user's pattern lines, read and checked one by one (a refused pattern says why, and is left out). */
export function readPatterns(text: string): { patterns: SanitizePattern[]; problems: PatternProblem[] } {
  const patterns: SanitizePattern[] = [];
  const problems: PatternProblem[] = [];
  text.split('\n').slice(0, 200).forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const slash = line.lastIndexOf('/');
    const isRegex = line.length > 1 && line.startsWith('/') && slash > 0;
    try {
      if (isRegex) {
        const source = line.slice(1, slash);
        const flags = line.slice(slash + 1);
        safePattern(source, flags);
        patterns.push({ kind: 'regex', source, flags });
      } else {
        if (line.length > 500) throw new ShareError('unsafe-pattern', 'a text pattern must have at most 500 characters');
        patterns.push({ kind: 'text', text: line });
      }
    } catch (e) {
      problems.push({ line: i + 1, text: line.slice(0, 80), message: e instanceof Error ? e.message : String(e) });
    }
  });
  if (patterns.length > 50) {
    problems.push({ line: 0, text: '', message: `only the first 50 patterns are used (${patterns.length} given)` });
    patterns.length = 50;
  }
  return { patterns, problems };
}

/** The pods a windowed link keeps: the pod filter, or the selected pod, or every pod (undefined). */
function chosenPods(s: AppState): readonly number[] | undefined {
  if (s.filters.pods.length) return s.filters.pods;
  if (s.selection.kind === 'pod') return [s.selection.pod];
  return undefined;
}

/** Prepares everything the dialog shows and offers. Throws only for a sanitize run that exceeds its budget. */
export function prepareShare(s: AppState, options: ShareOptions): PreparedShare | undefined {
  const original = s.loaded?.trace;
  if (!original) return undefined;
  const simulation = selectSimulationState(s);
  const { patterns, problems } = options.sanitize ? readPatterns(options.patternText) : { patterns: [], problems: [] };
  let trace = original;
  let view = currentViewState(s);
  const originalView = view ? toStableView(original, view) : undefined;
  let stableView = originalView;
  let notes: Note[] = [...s.notes];
  let preview: PreviewEntry[] = [];
  if (options.sanitize) {
    // The view is sanitized in its link form (names); indices into the trace do not change when names do.
    const result = sanitizeTrace<StableViewState>(original, {
      patterns, uids: options.uids ?? false, wellKnownNamespaces: options.wellKnownNamespaces ?? false,
    }, { view: stableView, notes });
    trace = result.trace;
    stableView = result.view;
    notes = result.notes;
    preview = result.preview;
    if (view && stableView) {
      const { selected: _key, ...named } = stableView;
      view = view.selected ? { ...named, selected: view.selected } : named;
    }
  }
  if (simulation) {
    // The link re-runs the scenario, which shows its own names: lanes, pods and events in the link's view and notes
    // must keep those names to be found again. Only the user's patterns apply to the notes' text there; the files,
    // which carry the run's log, are sanitized throughout.
    let linkNotes = notes;
    if (options.sanitize) {
      const patternsOnly = new Sanitizer(original, { namespaces: false, podNames: false, nodeNames: false, ips: false, images: false, patterns });
      linkNotes = s.notes.map((n) => ({ ...n, text: patternsOnly.text(n.text) }));
    }
    return {
      kind: 'simulation', trace, view, notes, preview, patternProblems: problems, lines: 0, whole: false,
      state: { kind: 'simulation', simulation, ...(originalView ? { view: originalView } : {}), notes: linkNotes },
    };
  }
  const viewPart = stableView ? { view: stableView } : {};
  const selection: LogSelection | undefined = options.lines === 'window'
    ? { pods: chosenPods(s), startUs: s.viewport.startUs, endUs: s.viewport.endUs }
    : undefined;
  const choice = chooseLogLines(trace, selection ? { selection } : {});
  return {
    kind: 'logs', trace, view, notes, preview, patternProblems: problems, lines: choice.lines, whole: choice.whole,
    state: { kind: 'logs', sources: choice.sources, ...viewPart, notes },
  };
}
