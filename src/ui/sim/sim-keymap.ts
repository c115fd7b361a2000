/**
 * The simulation view's keys, as data like the incident keymap (ui/app/keymap.ts): the key handler tries these
 * first while a simulation is open, and the help overlay lists them. Presenter mode is driven by these alone.
 */
import type { KeyBinding } from '../app/keymap.ts';
import type { AppStore } from '../../store/app-store.ts';
import { PLAY_SPEEDS, type CompareMode } from '../../store/sim-slice.ts';

function changeSpeed(store: AppStore, direction: 1 | -1): void {
  const s = store.getState();
  const at = PLAY_SPEEDS.indexOf(s.simPlayback.stepsPerSecond);
  const next = PLAY_SPEEDS[Math.max(0, Math.min(PLAY_SPEEDS.length - 1, (at < 0 ? 2 : at) + direction))];
  s.simSetSpeed(next);
}

function cycle<T>(list: readonly T[], current: T, direction = 1): T {
  const at = list.indexOf(current);
  return list[(at + direction + list.length) % list.length];
}

function pickRunnable(store: AppStore, n: number): void {
  const g = store.getState().sim?.at.runnable[n - 1];
  if (g) store.getState().simChoose(g.goroutine);
}

function injectOffer(store: AppStore, n: number): void {
  const offer = store.getState().sim?.scenario.faults[n];
  if (offer) store.getState().simInjectFault(offer.id);
}

function toggleCompare(store: AppStore, mode: Exclude<CompareMode, 'off'>): void {
  const s = store.getState();
  s.simSetCompare(s.simCompare?.mode === mode ? 'off' : mode);
}

export const SIM_KEYMAP: readonly KeyBinding[] = [
  { keys: ['ArrowRight', '.'], shown: '→  or  .', does: 'step forward', run: (s) => s.getState().simStep() },
  { keys: ['ArrowLeft', ','], shown: '←  or  ,', does: 'step back', run: (s) => s.getState().simStepBack() },
  { keys: [' '], shown: 'Space', does: 'play / pause', run: (s) => s.getState().simSetPlaying(!s.getState().simPlayback.playing) },
  { keys: ['n'], shown: 'N', does: 'run to the next annotated step', run: (s) => s.getState().simNextAnnotation() },
  { keys: ['N'], shown: 'Shift+N', does: 'back to the previous annotated step', run: (s) => s.getState().simPreviousAnnotation() },
  { keys: ['r', 'Home'], shown: 'R  or  Home', does: 'restart (step 0)', run: (s) => s.getState().simRestart() },
  { keys: ['End'], shown: 'End', does: 'run to the end', run: (s) => s.getState().simRunTo(Number.MAX_SAFE_INTEGER) },
  { keys: ['A'], shown: 'Shift+A', does: 'pause at key moments while playing: on / off', run: (s) => {
    s.getState().simSetStopAtAnnotations(!s.getState().simPlayback.stopAtAnnotations);
  } },
  { keys: ['>'], shown: '>', does: 'play faster', run: (s) => changeSpeed(s, 1) },
  { keys: ['<'], shown: '<', does: 'play slower', run: (s) => changeSpeed(s, -1) },
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n): KeyBinding => ({
    keys: [String(n)], shown: n === 1 ? '1 … 9' : '', does: n === 1 ? 'be the Go scheduler: run that runnable goroutine next' : '',
    run: (s) => pickRunnable(s, n),
  })),
  { keys: ['x'], shown: 'X', does: 'inject the scenario’s first fault now', run: (s) => injectOffer(s, 0) },
  { keys: ['X'], shown: 'Shift+X', does: 'inject its second fault now', run: (s) => injectOffer(s, 1) },
  { keys: ['v'], shown: 'V', does: 'switch variant (buggy / fixed)', run: (s) => {
    const sim = s.getState().sim;
    if (sim) s.getState().simConfigure({ variant: sim.state.variant === 'buggy' ? 'fixed' : 'buggy' });
  } },
  { keys: ['V'], shown: 'Shift+V', does: 'next kubelet version profile', run: (s) => {
    const sim = s.getState().sim;
    if (sim && sim.scenario.versions.length > 1) s.getState().simConfigure({ version: cycle(sim.scenario.versions, sim.state.version) });
  } },
  { keys: ['S'], shown: 'Shift+S', does: 'next seed (another interleaving)', run: (s) => {
    const sim = s.getState().sim;
    if (sim) s.getState().simConfigure({ seed: sim.state.seed + 1 });
  } },
  { keys: ['b'], shown: 'B  /  Shift+B', does: 'more / less log verbosity (-v)', run: (s) => {
    const sim = s.getState().sim;
    if (sim) s.getState().simConfigure({ verbosity: Math.min(6, sim.state.verbosity + 1) });
  } },
  { keys: ['B'], shown: '', does: '', run: (s) => {
    const sim = s.getState().sim;
    if (sim) s.getState().simConfigure({ verbosity: Math.max(0, sim.state.verbosity - 1) });
  } },
  { keys: ['m'], shown: 'M', does: 'compare with the other variant (again: stop comparing)', run: (s) => toggleCompare(s, 'variant') },
  { keys: ['M'], shown: 'Shift+M', does: 'compare with the next seed', run: (s) => toggleCompare(s, 'seed') },
  { keys: ['p'], shown: 'P', does: 'presenter mode: large type, high contrast, keys only', run: (s) => s.getState().simTogglePresenter() },
  { keys: ['F'], shown: 'Shift+F', does: 'follow the cursor on / off', run: (s) => s.getState().simSetFollow(!s.getState().simFollow) },
  { keys: ['g'], shown: 'G', does: 'the scenario gallery', run: (s) => s.getState().showGallery() },
  { keys: ['Escape'], shown: 'Esc', does: 'close help, leave presenter mode, clear the selection', run: (s) => {
    const st = s.getState();
    if (st.helpOpen) st.setHelpOpen(false);
    else if (st.simPresenter) st.simTogglePresenter();
    else st.clearSelection();
  } },
];
