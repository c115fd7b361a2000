/** The inspector for a pod: identity, activity, admission and its container instances. */
import { podLabel } from '../../model/trace-query.ts';
import type { Trace } from '../../model/trace.ts';
import { formatDurationUs, formatEpochUs } from '../../util/time.ts';
import { useAppStore, useStoreApi } from '../app/StoreContext.tsx';
import { zoomToSelection } from '../app/navigation.ts';
import { formatCount } from '../shared/format.ts';

export function PodDetails({ trace, pod: index }: { trace: Trace; pod: number }) {
  const store = useStoreApi();
  const filteredTo = useAppStore((s) => s.filters.pods.includes(index));
  const pod = trace.pods[index];
  return (
    <div className="inspector-body" data-testid="pod-details">
      <h2 className="inspector-title">{podLabel(pod)}</h2>
      <div className="button-row">
        <button type="button" className="small" onClick={() => zoomToSelection(store)}>Zoom to pod (Z)</button>
        {!filteredTo && <button type="button" className="small" onClick={() => store.getState().setFilters({ pods: [...store.getState().filters.pods, index] })}>Show only this pod (H)</button>}
      </div>
      <dl className="facts">
        <dt>UID</dt><dd><code>{pod.uid}</code></dd>
        <dt>Kind</dt><dd>{pod.kind}{pod.twin >= 0 ? ` (twin: ${podLabel(trace.pods[pod.twin])})` : ''}</dd>
        <dt>Node</dt><dd>{trace.nodes[pod.node]?.name}</dd>
        <dt>Active</dt><dd>{formatEpochUs(pod.firstUs)} → {formatEpochUs(pod.lastUs)} ({formatDurationUs(pod.lastUs - pod.firstUs)})</dd>
        <dt>Events</dt><dd>{formatCount(pod.eventCount)} · {pod.warningCount} warnings · {pod.errorCount} errors</dd>
        <dt>Admission</dt><dd>{pod.admission.result}{pod.admission.reason ? ` — ${pod.admission.reason}` : ''}</dd>
      </dl>
      <section className="inspector-section">
        <h3>Container instances</h3>
        {pod.containers.length === 0 && <p className="muted">None named in the log.</p>}
        <table className="fields"><tbody>
          {pod.containers.map((ci) => {
            const c = trace.containers[ci];
            const ended = Number.isFinite(c.exitCode) && c.exitCode >= 0 ? `exit ${c.exitCode}` : '';
            return (
              <tr key={ci}>
                <th>{c.sandbox ? 'sandbox' : c.name || '(name unknown)'}{c.role && <span className="muted"> ({c.role})</span>}</th>
                <td><code>{c.id.slice(0, 12)}</code> {[ended, c.killReason && `killed: ${c.killReason}`].filter(Boolean).join(' · ')}</td>
              </tr>
            );
          })}
        </tbody></table>
      </section>
    </div>
  );
}
