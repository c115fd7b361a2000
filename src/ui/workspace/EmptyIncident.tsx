/**
 * Shown instead of the timeline when the input holds no kubelet log lines: says so plainly, with what the reader
 * found (binary data, prose, another program's log) and, for the built-in write-ups, what the incident was.
 */
import { useTrace } from '../app/hooks.ts';
import { useStoreApi } from '../app/StoreContext.tsx';
import { incidentByFile } from '../load/incidents.ts';
import { formatCount } from '../shared/format.ts';
import { scenarioOfIncidentFile } from '../sim/scenario-links.ts';

export function EmptyIncident() {
  const store = useStoreApi();
  const trace = useTrace();
  if (!trace) return null;
  const incident = trace.sources.length === 1 ? incidentByFile(trace.sources[0].name) : undefined;
  const scenario = incident ? scenarioOfIncidentFile(incident.file) : undefined;
  // Whole-file verdicts and errors first; per-line warnings after, a few of them.
  const rank = { error: 0, warning: 1, info: 2 };
  const problems = trace.sources
    .flatMap((s) => s.diagnostics.filter((d) => d.level !== 'info').map((d) => ({ ...d, sourceName: s.name })))
    .sort((a, b) => (a.line === 0 ? 0 : 1) - (b.line === 0 ? 0 : 1) || rank[a.level] - rank[b.level] || a.line - b.line);
  const SHOWN = 6;
  return (
    <section className="empty-incident" data-testid="empty-incident" role="status">
      <h2>No kubelet log lines to draw</h2>
      {incident && (
        <div className="empty-incident-summary">
          <strong>{incident.title}</strong>
          <p>{incident.summary}</p>
          {incident.noLogNote && <p className="muted">{incident.noLogNote}</p>}
        </div>
      )}
      {scenario && (
        <div className="empty-incident-sim">
          <button type="button" className="primary" data-testid="open-incident-simulation" onClick={() => store.getState().openSimulation({ scenario: scenario.id })}>
            Step through the simulation
          </button>
          <span className="muted">{scenario.id}: {scenario.summary}</span>
        </div>
      )}
      <ul className="empty-incident-sources">
        {trace.sources.map((s) => (
          <li key={s.index}>
            <strong>{s.name}</strong>: {s.format === 'binary'
              ? 'binary data (an image, an archive, a program…), not a text log.'
              : `${s.formatLabel} — ${formatCount(s.lines.total)} lines, none of them kubelet log lines.`}
          </li>
        ))}
      </ul>
      {problems.length > 0 && (
        <ul className="diagnostics" data-testid="empty-diagnostics">
          {problems.slice(0, SHOWN).map((d, i) => (
            <li key={i} className={`diagnostic diagnostic-${d.level}`}>
              {d.sourceName}{d.line > 0 ? `, line ${d.line}` : ''}: {d.message}
            </li>
          ))}
          {problems.length > SHOWN && <li className="muted">…and {formatCount(problems.length - SHOWN)} more in the source summary</li>}
        </ul>
      )}
      <p className="muted">
        Syncloop reads klog text (any kubelet version), JSON logging, journalctl and syslog output, CRI-wrapped lines and log platform downloads (JSON or CSV).
        {' '}<button type="button" className="link-button" onClick={() => store.getState().setSourcesOpen(true)}>Show the source summary</button>
      </p>
    </section>
  );
}
