/**
 * Shown instead of the timeline when the input holds no kubelet log lines: says so plainly, with what the reader
 * found (binary data, prose, another program's log) and, for the built-in write-ups, what the incident was.
 */
import { useTrace } from '../app/hooks.ts';
import { useStoreApi } from '../app/StoreContext.tsx';
import { incidentByFile } from '../load/incidents.ts';
import { formatCount } from '../shared/format.ts';

export function EmptyIncident() {
  const store = useStoreApi();
  const trace = useTrace();
  if (!trace) return null;
  const incident = trace.sources.length === 1 ? incidentByFile(trace.sources[0].name) : undefined;
  const problems = trace.sources.flatMap((s) => s.diagnostics.filter((d) => d.level !== 'info').map((d) => ({ ...d, sourceName: s.name })));
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
      <ul className="empty-incident-sources">
        {trace.sources.map((s) => (
          <li key={s.index}>
            <strong>{s.name}</strong>: {s.formatLabel} — {formatCount(s.lines.total)} lines, none of them kubelet log lines.
          </li>
        ))}
      </ul>
      {problems.length > 0 && (
        <ul className="diagnostics" data-testid="empty-diagnostics">
          {problems.slice(0, 20).map((d, i) => (
            <li key={i} className={`diagnostic diagnostic-${d.level}`}>
              {d.sourceName}{d.line > 0 ? `, line ${d.line}` : ''}: {d.message}
            </li>
          ))}
        </ul>
      )}
      <p className="muted">
        Syncloop reads klog text (any kubelet version), JSON logging, journalctl output and CRI-wrapped lines.
        {' '}<button type="button" className="link-button" onClick={() => store.getState().setSourcesOpen(true)}>Show the source summary</button>
      </p>
    </section>
  );
}
