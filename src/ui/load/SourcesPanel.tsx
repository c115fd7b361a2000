/**
 * What was read, per source: format, line counts, kubelet version range and why, the year used and how it was
 * decided, time range, and the diagnostics with line numbers. (Findings have their own panel: ui/findings/.)
 */
import { Fragment } from 'react';
import type { SourceInfo, Trace } from '../../model/trace.ts';
import { serviceBlocks } from '../../model/trace-query.ts';
import { formatEpochUs } from '../../util/time.ts';
import { useTrace } from '../app/hooks.ts';
import { useStoreApi } from '../app/StoreContext.tsx';
import { lineToEvent } from '../log/log-rows.ts';
import { formatBytes, formatCount } from '../shared/format.ts';
import { Modal } from '../shared/Modal.tsx';

const YEAR_HOW: Record<SourceInfo['year']['how'], string> = {
  wrapper: 'stated by the timestamps beside each line (journald, CRI, CI, a log viewer or a log platform\'s export)', json: 'stated by the JSON timestamps', message: 'found in a message',
  'pod-uid': 'from the time inside the pods\' UIDs (version-1 UUIDs, made by API servers before 1.15)',
  'cronjob-name': 'from the scheduled time in the names of CronJob pods',
  'file-header': 'from the log file header or name (glog\'s, or journalctl\'s banner)', document: 'from dates in the text around the log (a document, other programs\' lines)', caller: 'given by you',
  assumed: 'assumed (this year, or last year if this year would put the log after today): nothing in the input states it',
  version: 'assumed from the kubelet version (the latest year its newest possible version was the newest release in): nothing in the input states it',
};

function Source({ trace, source }: { trace: Trace; source: SourceInfo }) {
  const store = useStoreApi();
  const lines = lineToEvent(trace)[source.index];
  const l = source.lines;
  return (
    <section className="source-card" data-testid="source-card">
      <h3>{source.name}</h3>
      <dl className="facts">
        <dt>Format</dt><dd>{source.formatLabel}{source.gzip ? ' (gzip)' : ''}{source.reversed ? ' · newest-first, put back in time order' : ''}</dd>
        <dt>Size</dt><dd>{formatBytes(source.bytes)}</dd>
        <dt>Lines</dt><dd>{formatCount(l.total)} total: {formatCount(l.klog)} kubelet records, {formatCount(l.continuation)} continuation, {formatCount(l.unrecognized)} other text, {formatCount(l.blank)} blank</dd>
        <dt>Eras</dt><dd>{formatCount(source.eras.printf)} printf-style, {formatCount(source.eras.structured)} structured, {formatCount(source.eras.json)} JSON</dd>
        <dt>Kubelet</dt><dd>{source.versionRange.label}{source.versionRange.signals.length > 0 && <span className="muted"> — from {source.versionRange.signals.join('; ')}</span>}</dd>
        <dt>Year</dt><dd>{source.year.value}, {YEAR_HOW[source.year.how] ?? source.year.how}</dd>
        <dt>Node</dt><dd>{source.node}{source.windows && <span className="muted"> — Windows (from {source.windows})</span>}</dd>
        {source.endUs > 0 && <><dt>Time</dt><dd>{formatEpochUs(source.startUs)} → {formatEpochUs(source.endUs)}</dd></>}
        {serviceBlocks(source).map((b) => (
          <Fragment key={b.line}><dt>Service</dt><dd>systemctl status at line {b.line}: {b.active}{b.since ? ` since ${b.since}` : ''}{b.mainPid > 0 ? `, main PID ${b.mainPid}` : ''}</dd></Fragment>
        ))}
      </dl>
      {source.diagnostics.length > 0 && (
        <>
          <h4>Diagnostics</h4>
          <ul className="diagnostics">
            {source.diagnostics.map((d, i) => {
              const e = d.line > 0 ? lines?.[d.line - 1] ?? -1 : -1;
              return (
                <li key={i} className={`diagnostic diagnostic-${d.level}`}>
                  <span className="diagnostic-level">{d.level}</span>
                  {d.line > 0 && (e >= 0
                    ? <button type="button" className="link-button" onClick={() => { store.getState().setSourcesOpen(false); store.getState().selectEventAndReveal(e, true); }}>line {d.line}</button>
                    : <span>line {d.line}</span>)}
                  {d.line > 0 ? ': ' : ' '}{d.message}
                </li>
              );
            })}
            {source.diagnosticsDropped > 0 && <li className="muted">…and {formatCount(source.diagnosticsDropped)} more</li>}
          </ul>
        </>
      )}
    </section>
  );
}

export function SourcesPanel() {
  const store = useStoreApi();
  const trace = useTrace();
  if (!trace) return null;
  return (
    <Modal title="Sources" onClose={() => store.getState().setSourcesOpen(false)} wide>
      <div data-testid="sources-panel">
        {trace.sources.map((s) => <Source key={s.index} trace={trace} source={s} />)}
      </div>
    </Modal>
  );
}
