/**
 * The simulation view's state: which page is shown (gallery, simulation), the stepping Session behind it, the
 * drawn run, playback, presenter mode and the comparison run.
 *
 * How a simulation is drawn: the whole run (to its end, with the current choices and faults) is simulated and
 * parsed once, off the main thread (worker/sim-run.ts), and installed as the loaded trace, so the incident view's
 * timeline, log pane and inspector draw it unchanged. Stepping moves a Session on this thread (a step costs
 * microseconds) and publishes a cursor; the cursor layer fades what has not happened yet and the log pane marks
 * the step's lines. A choice or a fault changes the future, so the run is recomputed; until it arrives the old
 * one is still right up to the cursor (see samePast).
 */
import type { StateCreator } from 'zustand/vanilla';
import { createSession, type Session } from '../sim/session.ts';
import type { FullRun, SimRunner } from '../worker/sim-run.ts';
import type { AppState } from './app-store.ts';
import { faultToShare, resolveSimInit, runKey, scenarioInfo, type ResolvedSim, type SimInit } from './sim-params.ts';
import { samePast, sameStory, sessionState, snapshotOf, storyWindow, type SimCursor, type SimState } from './sim-snapshot.ts';
import { compareState, type CompareMode, type CompareView, type SimPlayback, type SimRoute, type SimView } from './sim-view.ts';

export { compareState, PLAY_SPEEDS, selectSimulationState } from './sim-view.ts';
export type { CompareMode, CompareView, RunInfo, SimPlayback, SimRoute, SimView } from './sim-view.ts';

export interface SimSlice {
  simRoute: SimRoute;
  sim: SimView | undefined;
  simCursor: SimCursor | undefined;
  simPlayback: SimPlayback;
  simPresenter: boolean;
  /** Keep the cursor in the visible window as it moves. */
  simFollow: boolean;
  simCompare: CompareView | undefined;
  /** A message for the gallery (an address naming a scenario that does not exist). */
  simGalleryNotice: string | undefined;
  /** Shows the scenario gallery, with a message if given. */
  showGallery(notice?: string): void;
  /**
   * Opens a scenario (defaults for what is not given). False, with the reason in simGalleryNotice and nothing else
   * changed, if it cannot: the caller says so where it fits (the gallery for an address, a banner for a link).
   */
  openSimulation(init: SimInit): boolean;
  closeSimulation(): void;
  simStep(count?: number): void;
  simStepBack(): void;
  simRestart(): void;
  simRunTo(step: number): void;
  simNextAnnotation(): void;
  simPreviousAnnotation(): void;
  simChoose(goroutine: string): void;
  simInjectFault(offerId: string): void;
  simConfigure(patch: { variant?: string; version?: string; seed?: number; verbosity?: number }): void;
  simSetPlaying(playing: boolean): void;
  simSetSpeed(stepsPerSecond: number): void;
  simSetStopAtAnnotations(stop: boolean): void;
  simTogglePresenter(): void;
  simSetFollow(follow: boolean): void;
  simSetCompare(mode: CompareMode): void;
}

export interface SimDeps {
  simRunner: SimRunner;
}

export const createSimSlice = (deps: SimDeps): StateCreator<AppState, [], [], SimSlice> => (set, get, api) => {
  let session: Session | undefined;
  /** Inputs of the run installed as the loaded trace, and of the newest run asked for. */
  let drawn: SimState | undefined;
  let wantedKey: string | undefined;
  let compareKey: string | undefined;

  const runParams = (s: SimState) => ({ ...s, step: undefined });

  function publish(extraNotices: readonly string[] = []): void {
    const sim = get().sim;
    if (!session || !sim) return;
    const { at, cursor } = snapshotOf(session);
    const state = sessionState(session);
    const notices = extraNotices.length ? [...sim.notices, ...extraNotices].slice(-4) : sim.notices;
    const cursorValid = drawn !== undefined && samePast(drawn, state, at.step);
    set({ sim: { ...sim, state, at, notices }, simCursor: cursorValid ? cursor : undefined });
    if (cursorValid) follow(cursor.timeUs);
    requestRun();
  }

  /** Pans (keeping the zoom) so the cursor stays in view. */
  function follow(timeUs: number): void {
    const s = get();
    if (!s.simFollow || !s.loaded) return;
    const v = s.viewport;
    const width = v.endUs - v.startUs;
    if (timeUs >= v.startUs + width * 0.04 && timeUs <= v.endUs - width * 0.04) return;
    s.setViewport({ startUs: timeUs - width * 0.3, endUs: timeUs + width * 0.7, originUs: v.originUs });
  }

  function install(run: FullRun, state: SimState): void {
    const previous = drawn;
    drawn = state;
    const trace = Object.freeze(run.trace);
    const { trace: _, ...info } = run;
    const title = `${state.scenario} · ${state.variant} · kubelet ${state.version} · seed ${state.seed}`;
    set({
      loaded: { trace, title }, load: { status: 'ready' }, loadStats: { parseMs: run.simulateMs + run.parseMs, bytes: trace.sources[0]?.bytes ?? 0, postedAt: NaN },
      selection: { kind: 'none' },
    });
    // Within one scenario the time axis is the same: keep the window (switching variant shows the same moment).
    const keepView = previous?.scenario === state.scenario ? get().viewport : undefined;
    if (!previous || !sameStory(previous, state)) get().resetForTrace(trace);
    if (keepView) get().setViewport(keepView);
    else get().setViewport({ ...storyWindow(run), originUs: NaN });
    const sim = get().sim;
    if (sim) set({ sim: { ...sim, run: info, computing: wantedKey !== runKey(state) } });
    publish();
  }

  function requestRun(): void {
    const sim = get().sim;
    if (!session || !sim) return;
    const state = { ...sim.state, step: 0 };
    const key = runKey(state);
    if (key !== wantedKey) {
      wantedKey = key;
      if (!sim.computing) set({ sim: { ...sim, computing: true } });
      deps.simRunner.run(runParams(state)).then(
        (run) => { if (wantedKey === key && session) install(run, state); },
        (err: unknown) => {
          if (wantedKey !== key) return;
          const now = get().sim;
          if (now) set({ sim: { ...now, computing: false, notices: [...now.notices, `the run could not be drawn: ${err instanceof Error ? err.message : String(err)}`] } });
        },
      );
    }
    requestCompare();
  }

  function requestCompare(): void {
    const { sim, simCompare } = get();
    if (!sim || !simCompare) return;
    const other = compareState({ ...sim.state, step: 0 }, simCompare.mode, sim.scenario);
    const key = runKey(other);
    if (key === compareKey) return;
    compareKey = key;
    set({ simCompare: { ...simCompare, state: other, run: undefined, error: undefined } });
    deps.simRunner.run(runParams(other)).then(
      (run) => {
        const now = get().simCompare;
        if (compareKey === key && now) set({ simCompare: { ...now, run: { ...run, trace: Object.freeze(run.trace) }, error: undefined } });
      },
      (err: unknown) => {
        const now = get().simCompare;
        if (compareKey === key && now) set({ simCompare: { ...now, error: err instanceof Error ? err.message : String(err) } });
      },
    );
  }

  /** Ends the session; `keepTrace` leaves the drawn run on screen until the next one replaces it. */
  function leave(route: SimRoute, keepTrace = false): void {
    const ownsTrace = drawn !== undefined && get().loaded?.trace !== undefined && !keepTrace;
    session = undefined;
    if (!keepTrace) drawn = undefined;
    wantedKey = undefined;
    compareKey = undefined;
    set({
      simRoute: route, sim: undefined, simCursor: undefined, simCompare: undefined, simGalleryNotice: undefined,
      simPlayback: { ...get().simPlayback, playing: false }, simPresenter: route === 'sim' && get().simPresenter,
      ...(ownsTrace ? { loaded: undefined, loadStats: undefined, selection: { kind: 'none' as const } } : {}),
      ...(ownsTrace && get().load.status === 'ready' ? { load: { status: 'idle' as const } } : {}),
    });
  }

  function start(resolved: ResolvedSim, keepTrace: boolean): boolean {
    if (get().load.status === 'loading') get().cancelLoad();
    const keepCompare = get().simCompare?.mode;
    leave('sim', keepTrace);
    const info = scenarioInfo(resolved.state.scenario)!;
    try {
      session = createSession(resolved.state);
    } catch (err) {
      leave('gallery');
      set({ simGalleryNotice: `${info.id} could not start: ${err instanceof Error ? err.message : String(err)}` });
      return false;
    }
    const { at } = snapshotOf(session);
    set({ sim: { scenario: info, state: sessionState(session), at, run: undefined, computing: false, notices: resolved.notices } });
    if (keepCompare) set({ simCompare: { mode: keepCompare, state: sessionState(session), run: undefined, error: undefined } });
    publish();
    return true;
  }

  /** Runs `move` on the session (replays, choices, faults) and publishes; a refusal becomes a notice. */
  function act(move: (s: Session) => void): void {
    if (!session) return;
    try {
      move(session);
      publish();
    } catch (err) {
      publish([err instanceof Error ? err.message : String(err)]);
    }
  }

  // Loading a log (drop, pick, paste, a built-in incident) leaves the simulation: the loaded trace is the log's now.
  api.subscribe((s, p) => {
    if (s.load.status === 'loading' && p.load.status !== 'loading' && s.simRoute !== 'off') leave('off');
  });

  return {
    simRoute: 'off',
    sim: undefined,
    simCursor: undefined,
    simPlayback: { playing: false, stepsPerSecond: 10, stopAtAnnotations: true },
    simPresenter: false,
    simFollow: true,
    simCompare: undefined,
    simGalleryNotice: undefined,

    showGallery(notice) {
      leave('gallery');
      if (notice) set({ simGalleryNotice: notice });
    },

    openSimulation(init) {
      const resolved = resolveSimInit(init);
      if ('error' in resolved) {
        set({ simGalleryNotice: resolved.error });
        return false;
      }
      return start(resolved, false);
    },

    closeSimulation() {
      leave('off');
    },

    simStep(count = 1) {
      const stop = get().simPlayback.stopAtAnnotations && get().simPlayback.playing;
      act((s) => {
        for (let n = 0; n < count; n++) {
          const view = s.step();
          if (!view) { set({ simPlayback: { ...get().simPlayback, playing: false } }); break; }
          if (stop && view.annotation) { set({ simPlayback: { ...get().simPlayback, playing: false } }); break; }
        }
      });
    },
    simStepBack: () => act((s) => { s.stepBack(); }),
    simRestart: () => act((s) => { s.runTo(0); }),
    simRunTo: (step) => act((s) => { s.runTo(Math.max(0, Math.min(step, get().sim?.run?.steps ?? step))); }),
    simNextAnnotation: () => act((s) => { s.runToNextAnnotation(); }),
    simPreviousAnnotation() {
      const sim = get().sim;
      const before = (sim?.run?.annotations ?? []).filter((a) => a.afterStep < (sim?.at.step ?? 0));
      act((s) => { s.runTo(before.length ? before[before.length - 1].afterStep : 0); });
    },
    simChoose: (goroutine) => act((s) => { s.choose(goroutine); }),
    simInjectFault(offerId) {
      const offer = get().sim?.scenario.faults.find((f) => f.id === offerId);
      if (offer) act((s) => { s.injectFault(offer.fault); });
    },

    simConfigure(patch) {
      const sim = get().sim;
      if (!sim) return;
      const s = sim.state;
      const variant = patch.variant ?? s.variant;
      const version = patch.version ?? (variant !== s.variant ? sim.scenario.defaultVersion[variant as 'buggy' | 'fixed'] ?? s.version : s.version);
      const sameInterleaving = variant === s.variant && version === s.version && (patch.seed ?? s.seed) === s.seed;
      // Verbosity changes what is printed, not what happens: same choices, same step. Anything else is another
      // interleaving: its choices are dropped, and the cursor lands at the same moment rather than the same step.
      const resolved = resolveSimInit({
        scenario: s.scenario, variant, version, seed: patch.seed ?? s.seed, verbosity: patch.verbosity ?? s.verbosity,
        choices: sameInterleaving ? s.choices : [], faults: (s.faults ?? []).map(faultToShare),
        step: sameInterleaving ? s.step : 0,
      });
      if ('error' in resolved) return;
      const opened = start(resolved, true);
      if (opened && !sameInterleaving && s.step > 0) act((next) => { while (next.current().timeUs < sim.at.timeUs && next.step()) { /* to the same moment */ } });
    },

    simSetPlaying(playing) {
      const sim = get().sim;
      set({ simPlayback: { ...get().simPlayback, playing: playing && !!sim && !sim.at.finished } });
    },
    simSetSpeed: (stepsPerSecond) => set({ simPlayback: { ...get().simPlayback, stepsPerSecond } }),
    simSetStopAtAnnotations: (stopAtAnnotations) => set({ simPlayback: { ...get().simPlayback, stopAtAnnotations } }),
    simTogglePresenter: () => set({ simPresenter: !get().simPresenter }),
    simSetFollow(simFollow) {
      set({ simFollow });
      const cursor = get().simCursor;
      if (simFollow && cursor) follow(cursor.timeUs);
    },
    simSetCompare(mode) {
      const sim = get().sim;
      compareKey = undefined;
      if (mode === 'off' || !sim) { set({ simCompare: undefined }); return; }
      set({ simCompare: { mode, state: sim.state, run: undefined, error: undefined } });
      requestCompare();
    },
  };
};

