/**
 * Every keyboard shortcut, as data: the key handler dispatches from this table and the help overlay (?) lists it,
 * so the two cannot disagree.
 */
import type { AppStore } from '../../store/app-store.ts';
import { originAtSelection, stepEvent, stepPod, toggleOnlySelectedPod, zoomToSelection } from './navigation.ts';
import { selectLaneGroups } from '../../store/selectors.ts';
import { noteTargetFor } from '../../store/notes-slice.ts';

export interface KeyBinding {
  /** KeyboardEvent.key values (case-sensitive: 'C' is Shift+C). */
  keys: readonly string[];
  /** Needs Ctrl or ⌘. */
  ctrl?: boolean;
  shown: string;
  does: string;
  run(store: AppStore): void;
}

const ZOOM_STEP = 0.7;
const PAN_FRACTION = 0.2;

function zoomCentre(store: AppStore, factor: number): void {
  const s = store.getState();
  s.recordNavigation();
  s.zoomAt(factor, (s.viewport.startUs + s.viewport.endUs) / 2);
}

function pan(store: AppStore, direction: 1 | -1): void {
  const s = store.getState();
  s.recordNavigation();
  s.panBy(direction * PAN_FRACTION * (s.viewport.endUs - s.viewport.startUs));
}

function focus(selector: string): void {
  const el = document.querySelector<HTMLElement>(selector);
  el?.focus();
  if (el instanceof HTMLInputElement) el.select();
}

function noteOnSelection(store: AppStore): void {
  const s = store.getState();
  if (s.loaded) s.openNoteEditor({ mode: 'new', target: noteTargetFor(s.loaded.trace, s.selection, s.viewport) });
}

function setAllPods(store: AppStore, collapsed: boolean): void {
  const ids = selectLaneGroups(store.getState())?.pods.map((g) => g.id) ?? [];
  store.getState().setAllCollapsed(ids, collapsed);
}

export const KEYMAP: readonly KeyBinding[] = [
  { keys: ['w', '+', '='], shown: 'W  or  +', does: 'zoom in', run: (s) => zoomCentre(s, ZOOM_STEP) },
  { keys: ['s', '-', '_'], shown: 'S  or  −', does: 'zoom out', run: (s) => zoomCentre(s, 1 / ZOOM_STEP) },
  { keys: ['a'], shown: 'A', does: 'pan left', run: (s) => pan(s, -1) },
  { keys: ['d'], shown: 'D', does: 'pan right', run: (s) => pan(s, 1) },
  { keys: ['f'], shown: 'F', does: 'fit the whole trace', run: (s) => s.getState().fitAll() },
  { keys: ['z'], shown: 'Z', does: 'zoom to the selection (an event with its causal chain, a band, a pod, a range)', run: zoomToSelection },
  { keys: ['u'], shown: 'U  or  Ctrl+Z', does: 'undo navigation (zoom, pan, fit)', run: (s) => s.getState().undoNavigation() },
  { keys: ['z'], ctrl: true, shown: '', does: '', run: (s) => s.getState().undoNavigation() },
  { keys: ['j'], shown: 'J', does: 'next event', run: (s) => stepEvent(s, 1) },
  { keys: ['k'], shown: 'K', does: 'previous event', run: (s) => stepEvent(s, -1) },
  { keys: [']'], shown: ']', does: 'next pod', run: (s) => stepPod(s, 1) },
  { keys: ['['], shown: '[', does: 'previous pod', run: (s) => stepPod(s, -1) },
  { keys: ['e'], shown: 'E', does: 'show the whole causal chain of the selected event / one hop', run: (s) => s.getState().setChainHops(s.getState().chainHops === 1 ? 'all' : 1) },
  { keys: ['o'], shown: 'O', does: 'measure time from the selection (relative axis)', run: originAtSelection },
  { keys: ['O'], shown: 'Shift+O', does: 'back to absolute time', run: (s) => s.getState().setOrigin(NaN) },
  { keys: ['/'], shown: '/', does: 'search message text', run: () => focus('#filter-text') },
  { keys: ['p'], shown: 'P', does: 'find a pod', run: () => focus('#pod-finder') },
  { keys: ['P'], shown: 'Shift+P', does: 'filter to pods: type a name, ↑ ↓ Enter to add it, Backspace removes the last', run: () => focus('#filter-pod') },
  { keys: ['h'], shown: 'H', does: 'hide the other pods: filter to the selected pod, event or band’s pod (again: remove it)', run: toggleOnlySelectedPod },
  { keys: ['x'], shown: 'X', does: 'clear every filter', run: (s) => s.getState().clearFilters() },
  { keys: ['l'], shown: 'L', does: 'focus the log pane (then ↑ ↓ PgUp PgDn Home End)', run: () => focus('#log-pane') },
  { keys: ['c'], shown: 'C', does: 'collapse every pod', run: (s) => setAllPods(s, true) },
  { keys: ['C'], shown: 'Shift+C', does: 'expand every pod', run: (s) => setAllPods(s, false) },
  { keys: ['g'], shown: 'G', does: 'next finding (most severe first): highlight its lanes and zoom to it', run: (s) => s.getState().stepFinding(1) },
  { keys: ['G'], shown: 'Shift+G', does: 'previous finding', run: (s) => s.getState().stepFinding(-1) },
  { keys: ['F'], shown: 'Shift+F', does: 'show or hide the findings and notes panel', run: (s) => {
    s.getState().setFindingsPanel(s.getState().findingsPanel === 'closed' ? 'findings' : 'closed');
  } },
  { keys: ['n'], shown: 'N', does: 'add a note to the selection (event, band, pod, range) or to the visible window', run: noteOnSelection },
  { keys: ['i'], shown: 'I', does: 'sources: formats, versions, year, diagnostics', run: (s) => s.getState().setSourcesOpen(!s.getState().sourcesOpen) },
  { keys: ['t'], shown: 'T', does: 'switch theme (system, dark, light)', run: (s) => {
    const next = { system: 'dark', dark: 'light', light: 'system' } as const;
    s.getState().setTheme(next[s.getState().theme]);
  } },
  { keys: ['Escape'], shown: 'Esc', does: 'clear the selection, close panels', run: (s) => {
    const st = s.getState();
    if (st.helpOpen) st.setHelpOpen(false);
    else if (st.sourcesOpen) st.setSourcesOpen(false);
    else if (st.selection.kind === 'none' && st.activeFinding >= 0) st.clearFinding();
    else st.clearSelection();
  } },
  { keys: ['?'], shown: '?', does: 'this help', run: (s) => s.getState().setHelpOpen(!s.getState().helpOpen) },
];

/** Mouse gestures, listed in the help next to the keys. */
export const GESTURES: readonly [string, string][] = [
  ['Ctrl/⌘ + wheel, trackpad pinch', 'zoom at the pointer (plain wheel over the axis or overview zooms too)'],
  ['Two fingers (touch)', 'pinch to zoom around them, move them to pan and scroll the lanes'],
  ['Wheel / Shift + wheel', 'scroll the lanes / pan in time'],
  ['Drag', 'pan in time and scroll the lanes'],
  ['Shift + drag', 'select a time range (then Z zooms to it)'],
  ['Click', 'select an event, a state band or a pod; the log pane and inspector follow'],
  ['Double-click', 'zoom into a band or a point; on the axis: measure time from there'],
  ['Overview strip', 'drag the window, drag elsewhere for a new window, click to centre'],
];
