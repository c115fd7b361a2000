/**
 * Progress while the worker loads, phase by phase, with Cancel. Reading advances by bytes (and counts lines);
 * building the timeline is one step of the core with no finer progress, so the bar is indeterminate there and the
 * text says what it is doing with how many lines, and for how long. The page stays usable underneath.
 */
import { useEffect, useState } from 'react';
import { useAppStore, useStoreApi } from '../app/StoreContext.tsx';
import { formatBytes, formatCount } from '../shared/format.ts';
import type { LoadPhase } from '../../worker/protocol.ts';
import type { LoadStatus } from '../../store/types.ts';

type LoadingStatus = Extract<LoadStatus, { status: 'loading' }>;

/** What each phase after reading is called, and what it does. */
const PHASE_TEXT: Record<Exclude<LoadPhase, 'reading'>, { title: string; doing: string }> = {
  building: { title: 'Building the timeline', doing: 'time order, lanes, state machines, causal links' },
  findings: { title: 'Looking for known incidents', doing: 'running the detectors' },
  sending: { title: 'Handing the timeline to the page', doing: 'moving its buffers' },
};

/** Seconds since `sinceMs`, updated every second while shown. */
function useElapsedSeconds(sinceMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [sinceMs]);
  return Math.max(0, Math.floor((now - sinceMs) / 1000));
}

export function LoadProgress() {
  const load = useAppStore((s) => s.load);
  if (load.status !== 'loading') return null;
  return <LoadProgressBar load={load} />;
}

function LoadProgressBar({ load }: { load: LoadingStatus }) {
  const store = useStoreApi();
  const elapsed = useElapsedSeconds(load.phaseSinceMs);
  const lines = `${formatCount(load.lines)} lines`;
  const fraction = load.bytesTotal > 0 ? Math.min(1, load.bytesDone / load.bytesTotal) : 0;
  return (
    <div className="load-progress" role="status" aria-live="polite" data-testid="load-progress" data-phase={load.phase}>
      <div className="load-progress-text">
        <strong>{load.phase === 'reading' ? `Reading ${load.label}` : `${PHASE_TEXT[load.phase].title}…`}</strong>
        <span className="muted" data-testid="load-progress-detail">
          {load.phase === 'reading'
            ? <>
                {load.bytesTotal > 0 ? `${formatBytes(load.bytesDone)} of ${formatBytes(load.bytesTotal)}` : 'starting…'}
                {load.lines > 0 && ` · ${lines}`}
              </>
            : `${load.label}: ${lines}, ${formatBytes(load.bytesTotal)} read · ${PHASE_TEXT[load.phase].doing}`}
          {elapsed >= 2 && ` · ${elapsed} s`}
        </span>
      </div>
      {/* An indeterminate bar (no value) while the work has no measurable fraction. */}
      {load.phase === 'reading' ? <progress max={1} value={fraction} aria-label="bytes read" /> : <progress aria-label={load.phase} />}
      <button type="button" onClick={() => store.getState().cancelLoad()}>Cancel</button>
    </div>
  );
}
