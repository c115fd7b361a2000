/**
 * One finding in full: what happened (the detector's explanation), what to check next, the pods involved, the
 * evidence lines (each selects its event: the log pane scrolls to the line and the timeline centres on it), and the
 * simulation that reproduces it. All text here comes from the trace and is rendered as React text.
 */
import type { Finding, Trace } from '../../model/trace.ts';
import { podLabel, readLines } from '../../model/trace-query.ts';
import { cachedEventLabel } from '../../render/labels.ts';
import { findingRange } from '../../store/findings-slice.ts';
import { formatDurationUs, formatEpochUs } from '../../util/time.ts';
import { useAppStore, useStoreApi } from '../app/StoreContext.tsx';
import { plural } from '../shared/format.ts';

/** Evidence lines listed (a finding keeps its evidence short; this bounds the DOM if one does not). */
const MAX_EVIDENCE_SHOWN = 60;
const EVIDENCE_TEXT_CHARS = 240;

function Evidence({ trace, finding }: { trace: Trace; finding: Finding }) {
  const store = useStoreApi();
  const selected = useAppStore((s) => (s.selection.kind === 'event' ? s.selection.event : -1));
  const events = finding.evidence.filter((e) => e >= 0 && e < trace.events.count);
  const manySources = trace.sources.length > 1;
  return (
    <ol className="evidence" data-testid="finding-evidence">
      {events.slice(0, MAX_EVIDENCE_SHOWN).map((e) => {
        const source = trace.events.source[e];
        const line = trace.events.line[e];
        return (
          <li key={e}>
            <button
              type="button"
              className={`evidence-line${e === selected ? ' selected' : ''}`}
              data-line={line}
              title={readLines(trace, source, line, 1, EVIDENCE_TEXT_CHARS)}
              onClick={() => store.getState().selectEventAndReveal(e, true)}
            >
              <span className="evidence-number">{manySources ? `${trace.sources[source]?.name}:` : 'line '}{line}</span>
              <span className="evidence-text">{cachedEventLabel(trace, e)}</span>
            </button>
          </li>
        );
      })}
      {events.length > MAX_EVIDENCE_SHOWN && <li className="muted">…and {events.length - MAX_EVIDENCE_SHOWN} more lines</li>}
    </ol>
  );
}

export function FindingDetails({ trace, index, active }: { trace: Trace; index: number; active: boolean }) {
  const store = useStoreApi();
  const finding = trace.findings[index];
  if (!finding) return null;
  const { startUs, endUs } = findingRange(trace, finding);
  const pods = finding.pods.filter((p) => trace.pods[p]);
  return (
    <div className="finding-details" data-testid="finding-details" data-finding={finding.id}>
      <div className="finding-facts">
        <span className={`severity-badge severity-${finding.severity}`}>{finding.severity}</span>
        <span title={`${formatEpochUs(startUs)} → ${formatEpochUs(endUs)}`}>
          {formatEpochUs(startUs)}{endUs > startUs ? ` · lasting ${formatDurationUs(endUs - startUs)}` : ''}
        </span>
        {!active && (
          <button type="button" className="small" onClick={() => store.getState().focusFinding(index)}>Show on the timeline</button>
        )}
        {finding.scenario && (
          <button
            type="button"
            className="small primary"
            data-testid="open-simulation"
            title="Step through the simulation of the kubelet that reproduces this incident"
            onClick={() => store.getState().openSimulation({ scenario: finding.scenario! })}
          >
            Open the simulation ▸ {finding.scenario}
          </button>
        )}
      </div>
      {pods.length > 0 && (
        <p className="finding-pods">
          <span className="muted">{pods.length === 1 ? 'Pod ' : `${plural(pods.length, 'pod')}: `}</span>
          {pods.slice(0, 20).map((p) => (
            <button key={p} type="button" className="link-button" onClick={() => { store.getState().select({ kind: 'pod', pod: p }); store.getState().requestReveal(); }}>
              {podLabel(trace.pods[p])}
            </button>
          ))}
          {pods.length > 20 && <span className="muted"> …and {pods.length - 20} more</span>}
        </p>
      )}
      <div className="finding-columns">
        <section>
          <h4>What happened</h4>
          <p className="finding-explanation">{finding.explanation}</p>
        </section>
        <section>
          <h4>Evidence <span className="muted">{plural(finding.evidence.length, 'line')} — click one to see it in the log</span></h4>
          <Evidence trace={trace} finding={finding} />
          <h4>What to check next</h4>
          <p className="finding-next">{finding.next}</p>
        </section>
      </div>
    </div>
  );
}
