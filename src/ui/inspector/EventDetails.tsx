/** The inspector for one event: when, where, what the kubelet meant by it, its causal neighbours, fields and raw text. */
import { describeRestart, hasOwnLastLine, kubeletRestartsOf } from '../../model/kubelet-restarts.ts';
import { eventEntry, eventRawText, nodeTitle, podLabel, str } from '../../model/trace-query.ts';
import { LINK_KINDS, type Trace } from '../../model/trace.ts';
import { cachedEventLabel } from '../../render/labels.ts';
import { useCausal } from '../app/hooks.ts';
import { useAppStore, useStoreApi } from '../app/StoreContext.tsx';
import { EventRef } from './EventRef.tsx';
import { parseRecordFields } from './parse-fields.ts';
import { timeText } from './time-text.ts';

const SEVERITY_NAMES = ['info', 'warning', 'error', 'fatal'];
const MAX_RAW_CHARS = 64 * 1024;

function CausalLinks({ trace, event }: { trace: Trace; event: number }) {
  const store = useStoreApi();
  const causal = useCausal();
  const hops = useAppStore((s) => s.chainHops);
  const links = trace.links;
  const direct = (causal?.links ?? []).filter((l) => links.from[l] === event || links.to[l] === event);
  return (
    <section className="inspector-section">
      <h3>Causal links</h3>
      {direct.length === 0 && <p className="muted">No causal links known for this message.</p>}
      <ul className="link-list">
        {direct.map((l) => {
          const incoming = links.to[l] === event;
          const other = incoming ? links.from[l] : links.to[l];
          return (
            <li key={l}>
              <span className="link-kind">{incoming ? '←' : '→'} {LINK_KINDS[links.kind[l]]}</span>
              <EventRef trace={trace} event={other} />
            </li>
          );
        })}
      </ul>
      {(causal?.links.length ?? 0) > 0 && (
        <button type="button" className="small" onClick={() => store.getState().setChainHops(hops === 1 ? 'all' : 1)}>
          {hops === 1 ? 'Show the whole chain (E)' : `Whole chain: ${causal?.links.length} links${causal?.truncated ? ' (cut)' : ''} — back to one hop (E)`}
        </button>
      )}
    </section>
  );
}

/** When the event is a kubelet start: what the log shows of the process before it (model/kubelet-restarts.ts). */
function KubeletStart({ trace, event }: { trace: Trace; event: number }) {
  const restart = kubeletRestartsOf(trace, trace.events.node[event]).find((r) => r.startEvent === event);
  if (!restart) return null;
  const p = restart.previous;
  // The old process's own last line (not only systemd's about its end).
  const ownLine = p !== undefined && hasOwnLastLine(trace, p);
  return (
    <section className="inspector-section" data-testid="kubelet-start">
      <h3>Kubelet start</h3>
      <p>{describeRestart(trace, restart)}.</p>
      {p && <ul className="link-list">
        {ownLine && <li><EventRef trace={trace} event={p.lastEvent} prefix="last line before it" /></li>}
        {p.exitEvent >= 0 && (p.exitEvent !== p.lastEvent || !ownLine) && <li><EventRef trace={trace} event={p.exitEvent} prefix="how it ended" /></li>}
      </ul>}
    </section>
  );
}

export function EventDetails({ trace, event }: { trace: Trace; event: number }) {
  const store = useStoreApi();
  const originUs = useAppStore((s) => s.viewport.originUs);
  const ev = trace.events;
  const entry = eventEntry(trace, event);
  const raw = eventRawText(trace, event, MAX_RAW_CHARS);
  const parsed = parseRecordFields(raw);
  const lane = trace.lanes[ev.lane[event]];
  const pod = ev.pod[event] >= 0 ? trace.pods[ev.pod[event]] : undefined;
  const multi = trace.multiPod[event] ?? [];
  const container = ev.container[event] >= 0 ? trace.containers[ev.container[event]] : undefined;
  const containerName = container?.name || str(trace, ev.cname[event]);
  const containerId = container?.id || str(trace, ev.cid[event]);
  return (
    <div className="inspector-body" data-testid="event-details">
      <h2 className="inspector-title">{cachedEventLabel(trace, event)}</h2>
      <dl className="facts">
        <dt>Time</dt><dd>{timeText(ev.timeUs[event], originUs)}</dd>
        <dt>Severity</dt><dd className={`sev-text-${ev.severity[event]}`}>{SEVERITY_NAMES[ev.severity[event]] ?? ev.severity[event]}</dd>
        <dt>Lane</dt><dd>{lane?.title}{trace.nodes.length > 1 ? ` · ${nodeTitle(trace.nodes[ev.node[event]]?.name ?? '')}` : ''}</dd>
        {pod && <><dt>Pod</dt><dd>
          <button type="button" className="link-button" onClick={() => store.getState().select({ kind: 'pod', pod: pod.index })}>{podLabel(pod)}</button>
        </dd></>}
        {!pod && multi.length > 0 && <><dt>Pods</dt><dd>{multi.map((p) => podLabel(trace.pods[p])).join(', ')}</dd></>}
        {(containerName || containerId) && <><dt>Container</dt><dd>{containerName || '(name unknown)'}{containerId ? ` · ${containerId.slice(0, 12)}` : ''}</dd></>}
        <dt>Kind</dt><dd><code>{entry.kind}</code>{entry.id && <span className="muted"> · catalog {entry.id}</span>}</dd>
        <dt>Source</dt><dd>{trace.sources[ev.source[event]]?.name}, line {ev.line[event]}{ev.lineCount[event] > 1 ? `–${ev.line[event] + ev.lineCount[event] - 1}` : ''}</dd>
        {parsed.header && <><dt>Kubelet</dt><dd>pid {parsed.header.pid} · {parsed.header.caller}</dd></>}
      </dl>
      <section className="inspector-section">
        <h3>What this message means</h3>
        <p data-testid="event-explanation">{entry.explain}</p>
        {entry.versions && <p className="muted">Printed by kubelet versions: {entry.versions}{entry.v ? ` at -v=${entry.v}` : ''}</p>}
      </section>
      <KubeletStart trace={trace} event={event} />
      <CausalLinks trace={trace} event={event} />
      {parsed.fields.length > 0 && (
        <section className="inspector-section">
          <h3>Fields</h3>
          <table className="fields"><tbody>
            {parsed.message && <tr><th>message</th><td>{parsed.message}</td></tr>}
            {parsed.fields.map(([k, v], i) => <tr key={i}><th>{k}</th><td>{v}</td></tr>)}
          </tbody></table>
        </section>
      )}
      <section className="inspector-section">
        <h3>Raw line</h3>
        <pre className="raw-line" data-testid="raw-line">{raw}</pre>
      </section>
    </div>
  );
}
