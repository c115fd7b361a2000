/**
 * Every keyboard shortcut, as data: the key handler dispatches from this table and the help overlay (?) lists it,
 * so the two cannot disagree.
 */
import type { AppStore } from '../../store/app-store.ts';
import { originAtSelection, selectedPod, stepEvent, stepPod, toggleOnlySelectedPod, zoomToSelection } from './navigation.ts';
import { selectLaneGroups } from '../../store/selectors.ts';
import { noteTargetFor } from '../../store/notes-slice.ts';
import { MIN_SEVERITY_OPTIONS } from '../../store/filter-slice.ts';
import { POD_SORTS } from '../../store/layout-slice.ts';

export interface KeyBinding {
  /** KeyboardEvent.key values (case-sensitive: 'C' is Shift+C). */
  keys: readonly string[];
  /** Needs Ctrl or ⌘. */
  ctrl?: boolean;
  /** Works on the start page too, before anything is loaded. */
  anywhere?: boolean;
  /**
   * The browser's own paste: the key is left to the browser, and the paste event it fires (with the clipboard's text,
   * which a key handler cannot read without asking for permission) runs the binding instead.
   */
  paste?: boolean;
  shown: string;
  does: string;
  run(store: AppStore, pastedText?: string): void;
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

/** Opens a filter's drop-down list and puts the keyboard in it (its narrowing field, else its first choice). */
function openMenu(summaryId: string): void {
  const summary = document.getElementById(summaryId);
  const details = summary?.parentElement;
  if (!(details instanceof HTMLDetailsElement)) return;
  details.open = true;
  (details.querySelector<HTMLElement>('.multi-select-menu input') ?? summary)?.focus();
}

/** The next value after `current` in a list of choices, wrapping around. */
function nextOf<T>(options: readonly { value: T }[], current: T): T {
  const at = options.findIndex((o) => o.value === current);
  return options[(at + 1) % options.length].value;
}

/** Collapses the selection's pod group, or expands it if it is collapsed. */
function toggleSelectedPodGroup(store: AppStore): void {
  const pod = selectedPod(store);
  const group = selectLaneGroups(store.getState())?.pods.find((g) => g.pod === pod);
  if (group) store.getState().toggleGroup(group.id);
}

function openFilePicker(): void {
  document.querySelector<HTMLInputElement>('input[type="file"][data-testid="file-input"]')?.click();
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
  { keys: ['E'], shown: 'Shift+E', does: 'severity filter: all → warnings and errors → errors only', run: (s) => {
    s.getState().setFilters({ minSeverity: nextOf(MIN_SEVERITY_OPTIONS, s.getState().filters.minSeverity) });
  } },
  { keys: ['K'], shown: 'Shift+K', does: 'namespace filter: open its list (Tab, Space to tick)', run: () => openMenu('filter-namespace') },
  { keys: ['T'], shown: 'Shift+T', does: 'container filter: open its list', run: () => openMenu('filter-container') },
  { keys: ['L'], shown: 'Shift+L', does: 'lane filter: open its list', run: () => openMenu('filter-lanes') },
  { keys: ['x'], shown: 'X', does: 'clear every filter', run: (s) => s.getState().clearFilters() },
  { keys: ['l'], shown: 'L', does: 'focus the log pane (then ↑ ↓ PgUp PgDn Home End)', run: () => focus('#log-pane') },
  { keys: ['c'], shown: 'C', does: 'collapse every pod', run: (s) => setAllPods(s, true) },
  { keys: ['C'], shown: 'Shift+C', does: 'expand every pod', run: (s) => setAllPods(s, false) },
  { keys: ['H'], shown: 'Shift+H', does: 'collapse the selected pod’s group (again: expand it)', run: toggleSelectedPodGroup },
  { keys: ['R'], shown: 'Shift+R', does: 'sort pods: by name → by first activity → by warnings/errors', run: (s) => {
    s.getState().setPodSort(nextOf(POD_SORTS, s.getState().podSort));
  } },
  { keys: ['g'], shown: 'G', does: 'next finding (most severe first): highlight its lanes and zoom to it', run: (s) => s.getState().stepFinding(1) },
  { keys: ['G'], shown: 'Shift+G', does: 'previous finding', run: (s) => s.getState().stepFinding(-1) },
  { keys: ['F'], shown: 'Shift+F', does: 'show or hide the findings and notes panel', run: (s) => {
    s.getState().setFindingsPanel(s.getState().findingsPanel === 'closed' ? 'findings' : 'closed');
  } },
  { keys: ['n'], shown: 'N', does: 'add a note to the selection (event, band, pod, range) or to the visible window', run: noteOnSelection },
  { keys: ['i'], shown: 'I', does: 'sources: formats, versions, year, diagnostics', run: (s) => s.getState().setSourcesOpen(!s.getState().sourcesOpen) },
  { keys: ['o'], ctrl: true, anywhere: true, shown: 'Ctrl+O', does: 'open log files (or drop them anywhere on the page)', run: openFilePicker },
  { keys: ['v'], ctrl: true, anywhere: true, paste: true, shown: 'Ctrl+V', does: 'paste log text (outside a text field): it opens in the paste box to analyze', run: (s, text) => {
    if (!s.getState().paste) s.getState().openPaste(text ?? '');
  } },
  { keys: ['t'], anywhere: true, shown: 'T', does: 'switch theme (system, dark, light)', run: (s) => {
    const next = { system: 'dark', dark: 'light', light: 'system' } as const;
    s.getState().setTheme(next[s.getState().theme]);
  } },
  { keys: ['Escape'], anywhere: true, shown: 'Esc', does: 'clear the selection, close panels', run: (s) => {
    const st = s.getState();
    if (st.helpOpen) st.setHelpOpen(false);
    else if (st.sourcesOpen) st.setSourcesOpen(false);
    else if (st.selection.kind === 'none' && st.activeFinding >= 0) st.clearFinding();
    else st.clearSelection();
  } },
  { keys: ['?'], anywhere: true, shown: '?', does: 'this help', run: (s) => s.getState().setHelpOpen(!s.getState().helpOpen) },
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
