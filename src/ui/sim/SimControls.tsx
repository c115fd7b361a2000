/**
 * The transport: restart, step back and forward, play at a speed, run to the next teaching annotation, and a
 * scrubber over the whole run (annotated steps are its ticks). Every button names its key. The run's inputs
 * (variant, version, seed, verbosity) are in RunSettings.
 */
import { formatEpochUs } from '../../util/time.ts';
import { PLAY_SPEEDS } from '../../store/sim-slice.ts';
import { useAppStore, useStoreApi } from '../app/StoreContext.tsx';

export function SimControls() {
  const store = useStoreApi();
  const sim = useAppStore((s) => s.sim);
  const playback = useAppStore((s) => s.simPlayback);
  const follow = useAppStore((s) => s.simFollow);
  if (!sim) return null;
  const { at, run } = sim;
  const act = store.getState();
  const lastStep = run?.steps ?? at.step;
  return (
    <div className="sim-controls" role="toolbar" aria-label="Simulation controls">
      <div className="sim-transport">
        <button type="button" title="Restart (R)" aria-label="Restart" onClick={() => act.simRestart()}>|◀◀</button>
        <button type="button" title="Step back (←)" aria-label="Step back" data-testid="step-back" disabled={at.step === 0} onClick={() => act.simStepBack()}>◀</button>
        <button type="button" className="primary sim-play" title="Play / pause (Space)" aria-label={playback.playing ? 'Pause' : 'Play'} data-testid="play"
          disabled={at.finished && !playback.playing} onClick={() => act.simSetPlaying(!playback.playing)}>
          {playback.playing ? '❚❚' : '▶'}
        </button>
        <button type="button" title="Step forward (→)" aria-label="Step forward" data-testid="step-forward" disabled={at.finished} onClick={() => act.simStep()}>▶|</button>
        <button type="button" title="Run to the next annotated step (N)" data-testid="next-annotation" disabled={at.finished} onClick={() => act.simNextAnnotation()}>Next key moment ▶▶</button>
        <select value={playback.stepsPerSecond} aria-label="Playing speed" title="Playing speed (< >)" onChange={(e) => act.simSetSpeed(Number(e.target.value))}>
          {PLAY_SPEEDS.map((n) => <option key={n} value={n}>{n} steps/s</option>)}
        </select>
        <label className="checkbox" title="Playing pauses at each teaching annotation (Shift+A)">
          <input type="checkbox" checked={playback.stopAtAnnotations} onChange={(e) => act.simSetStopAtAnnotations(e.target.checked)} />
          pause at annotations
        </label>
        <label className="checkbox" title="Keep the cursor in view (Shift+F)">
          <input type="checkbox" checked={follow} onChange={(e) => act.simSetFollow(e.target.checked)} />
          follow
        </label>
      </div>
      <div className="sim-scrub">
        <input type="range" min={0} max={lastStep} value={at.step} aria-label="Step" list="sim-annotated-steps" onChange={(e) => act.simRunTo(Number(e.target.value))} />
        <datalist id="sim-annotated-steps">
          {(run?.annotations ?? []).map((a) => <option key={a.afterStep} value={a.afterStep} label={a.title} />)}
        </datalist>
        <span className="sim-position">
          <strong data-testid="sim-step">step {at.step}</strong>{run && <span className="muted"> / {run.steps}</span>}
          {' · '}<span data-testid="sim-time">{formatEpochUs(at.timeUs)}</span>
        </span>
      </div>
    </div>
  );
}

const VERBOSITIES = [0, 1, 2, 3, 4, 5, 6];

/** The run's inputs: variant, kubelet version profile, seed (the interleaving) and log verbosity. */
export function RunSettings() {
  const store = useStoreApi();
  const sim = useAppStore((s) => s.sim);
  if (!sim) return null;
  const { state, scenario } = sim;
  const act = store.getState();
  return (
    <div className="sim-settings">
      <label className="topbar-field" title="Variant: the incident, or the fix (V)">
        <select value={state.variant} data-testid="variant" aria-label="Variant" onChange={(e) => act.simConfigure({ variant: e.target.value })}>
          <option value="buggy">buggy</option>
          <option value="fixed">fixed</option>
        </select>
      </label>
      <label className="topbar-field" title="Kubelet version profile (Shift+V)">
        <select value={state.version} data-testid="version" aria-label="Kubelet version" disabled={scenario.versions.length < 2} onChange={(e) => act.simConfigure({ version: e.target.value })}>
          {scenario.versions.map((v) => <option key={v} value={v}>kubelet {v}</option>)}
        </select>
      </label>
      <label className="topbar-field" title="Seed: which interleaving the scheduler picks (Shift+S: next)">
        <span className="muted">seed</span>
        <input type="number" className="sim-seed" min={0} value={state.seed} data-testid="seed"
          onChange={(e) => { const n = Number(e.target.value); if (Number.isInteger(n) && n >= 0) act.simConfigure({ seed: n }); }} />
      </label>
      <label className="topbar-field" title="Log verbosity of the simulated kubelet (B / Shift+B)">
        <span className="muted">-v</span>
        <select value={state.verbosity} data-testid="verbosity" onChange={(e) => act.simConfigure({ verbosity: Number(e.target.value) })}>
          {VERBOSITIES.map((v) => <option key={v} value={v}>{v}</option>)}
        </select>
      </label>
    </div>
  );
}
