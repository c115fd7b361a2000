/**
 * One finding in full: what happened (the detector's explanation), what to check next, the pods and containers
 * involved (a container selects its band), the evidence lines (each selects its event: the log pane scrolls to the
 * line and the timeline centres on it), and the simulation that reproduces it. All text here comes from the trace
 * and is rendered as React text.
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

/**
 * The raw log line as the button's tooltip, read when the pointer or focus first reaches it: reading all of them
 * when the list renders unpacked a block of the packed text per line (tens of ms when a big log opens).
 */
function showLineAsTitle(el: HTMLElement, trace: Trace, source: number, line: number): void {
  if (!el.title) el.title = readLines(trace, source, line, 1, EVIDENCE_TEXT_CHARS);
}

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
              onPointerEnter={(ev) => showLineAsTitle(ev.currentTarget, trace, source, line)}
              onFocus={(ev) => showLineAsTitle(ev.currentTarget, trace, source, line)}
              onClick={() => store.getState().selectEventAndReveal(e, true)}
            >
              <span className="evidence-number" title={manySources ? `${trace.sources[source]?.name}:${line}` : undefined}>
                {manySources ? <span className="evidence-file">{trace.sources[source]?.name}</span> : 'line '}
                {manySources ? `:${line}` : line}
              </span>
              <span className="evidence-text">{cachedEventLabel(trace, e)}</span>
            </button>
          </li>
        );
      })}
      {events.length > MAX_EVIDENCE_SHOWN && <li className="muted">…and {events.length - MAX_EVIDENCE_SHOWN} more lines</li>}
    </ol>
  );
}

/** The span of a container instance to select for a finding: the band it was in when the finding started. */
function containerSpan(trace: Trace, container: number, atUs: number): number {
  const c = trace.containers[container];
  const spans = trace.spans;
  let chosen = -1;
  for (let k = trace.laneSpanStart[c.lane]; k < trace.laneSpanStart[c.lane + 1]; k++) {
    const sp = trace.laneSpanIdx[k];
    if (spans.container[sp] !== container) continue;
    if (chosen < 0 || spans.startUs[sp] <= atUs) chosen = sp;
    if (spans.startUs[sp] > atUs) break;
  }
  return chosen;
}

/** The container instances a finding names: each selects its band (or its pod when no band is drawn for it). */
function Containers({ trace, finding, startUs }: { trace: Trace; finding: Finding; startUs: number }) {
  const store = useStoreApi();
  const containers = finding.containers.filter((c) => trace.containers[c]);
  if (!containers.length) return null;
  const onePod = finding.pods.length <= 1;
  const select = (c: number) => {
    const span = containerSpan(trace, c, startUs);
    store.getState().select(span >= 0 ? { kind: 'span', span } : { kind: 'pod', pod: trace.containers[c].pod });
    store.getState().requestReveal();
  };
  return (
    <p className="finding-pods" data-testid="finding-containers">
      <span className="muted">{containers.length === 1 ? 'Container ' : `${plural(containers.length, 'container')}: `}</span>
      {containers.slice(0, 20).map((c) => {
        const info = trace.containers[c];
        const pod = trace.pods[info.pod];
        const name = info.name || (info.sandbox ? 'sandbox' : '?');
        return (
          <button key={c} type="button" className="link-button finding-container" data-container={info.id}
            title={`${pod ? podLabel(pod) : 'unknown pod'} · ${name}${info.id ? ` · ${info.id}` : ''}`} onClick={() => select(c)}>
            {!onePod && pod ? `${pod.name || pod.uid}/` : ''}{name}{info.id && <span className="muted"> {info.id.slice(0, 12)}</span>}
          </button>
        );
      })}
      {containers.length > 20 && <span className="muted"> …and {containers.length - 20} more</span>}
    </p>
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
      <Containers trace={trace} finding={finding} startUs={startUs} />
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
