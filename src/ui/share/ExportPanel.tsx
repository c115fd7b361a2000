/**
 * File exports: the app's trace file (everything, with notes and view; gzipped if asked), Chrome Trace Event JSON
 * for Perfetto and chrome://tracing, and the events as CSV. Each is built from the prepared (sanitized, if chosen)
 * trace and saved through a blob: URL.
 */
import { useState } from 'react';
import { encodeChromeTrace } from '../../trace/chrome-trace.ts';
import { exportEventsCsv } from '../../trace/csv.ts';
import { exportTraceFile } from '../../trace/trace-file.ts';
import { plural } from '../shared/format.ts';
import { downloadFile, fileStem } from './download.ts';
import type { PreparedShare } from './prepare-share.ts';

export type ExportFormat = 'trace' | 'chrome' | 'csv';

/** Saves one export of the prepared share. */
export async function saveExport(prepared: PreparedShare, format: ExportFormat, gzip: boolean): Promise<void> {
  const stem = fileStem(prepared.trace.sources[0]?.name ?? 'syncloop');
  if (format === 'trace') {
    const bytes = await exportTraceFile({ trace: prepared.trace, view: prepared.view, notes: prepared.notes }, { gzip });
    downloadFile(`${stem}.syncloop.json${gzip ? '.gz' : ''}`, bytes as Uint8Array<ArrayBuffer>, gzip ? 'application/gzip' : 'application/json');
  } else if (format === 'chrome') {
    downloadFile(`${stem}.chrome-trace.json`, encodeChromeTrace(prepared.trace), 'application/json');
  } else {
    downloadFile(`${stem}.events.csv`, exportEventsCsv(prepared.trace), 'text/csv');
  }
}

export function ExportPanel({ prepared, busy, gzip, onGzip }: {
  prepared: PreparedShare | undefined; busy: boolean; gzip: boolean; onGzip: (gzip: boolean) => void;
}) {
  const [error, setError] = useState<string | undefined>(undefined);
  const save = (format: ExportFormat) => {
    if (!prepared) return;
    setError(undefined);
    saveExport(prepared, format, gzip).catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };
  const disabled = busy || !prepared;
  return (
    <section className="share-section" data-testid="export-section">
      <h3>Files</h3>
      <div className="export-row">
        <button type="button" disabled={disabled} data-testid="export-trace" onClick={() => save('trace')}>Trace file</button>
        <label className="checkbox"><input type="checkbox" checked={gzip} onChange={(e) => onGzip(e.target.checked)} data-testid="export-gzip" /> gzip</label>
        <span className="muted">
          the whole reconstruction with the raw log{prepared ? `, ${plural(prepared.notes.length, 'note')} and the view` : ''}; drop it on Syncloop to open it as it is now
        </span>
      </div>
      <div className="export-row">
        <button type="button" disabled={disabled} data-testid="export-chrome" onClick={() => save('chrome')}>Chrome trace (JSON)</button>
        <span className="muted">for ui.perfetto.dev and chrome://tracing: a thread per lane, bands, log events and causal arrows</span>
      </div>
      <div className="export-row">
        <button type="button" disabled={disabled} data-testid="export-csv" onClick={() => save('csv')}>Events (CSV)</button>
        <span className="muted">one row per log event (columns in the README); Syncloop opens it again</span>
      </div>
      {error && <p className="error-text" role="alert">{error}</p>}
    </section>
  );
}
