/**
 * The share link: which lines it carries (for logs), the link itself with Copy, its length with the warnings that
 * go with it (past ~4,000 characters chat tools cut or refuse links: the trace file is offered instead), and a
 * plain list of exactly what the link contains.
 */
import { useRef, useState } from 'react';
import type { Trace } from '../../model/trace.ts';
import { linkSize } from '../../trace/link.ts';
import { summarizeShare } from '../../trace/share-summary.ts';
import { formatBytes, formatCount } from '../shared/format.ts';
import { logBytes, WHOLE_LINK_MAX_BYTES, type PreparedShare, type ShareOptions } from './prepare-share.ts';

async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Without clipboard permission, copy the selected field the old way.
    if (!input) return false;
    input.focus();
    input.select();
    return document.execCommand('copy');
  }
}

function LineChoice({ trace, options, onChange, prepared }: {
  trace: Trace; options: ShareOptions; onChange: (patch: Partial<ShareOptions>) => void; prepared: PreparedShare | undefined;
}) {
  const bytes = logBytes(trace);
  const small = bytes <= WHOLE_LINK_MAX_BYTES;
  return (
    <fieldset className="line-choice">
      <legend>Log lines in the link</legend>
      <label className="checkbox">
        <input type="radio" name="share-lines" checked={options.lines === 'whole'} onChange={() => onChange({ lines: 'whole' })} data-testid="lines-whole" />
        {small ? `the whole log (${formatBytes(bytes)})` : `every kubelet record (the log is ${formatBytes(bytes)}; other text is left out)`}
      </label>
      <label className="checkbox">
        <input type="radio" name="share-lines" checked={options.lines === 'window'} onChange={() => onChange({ lines: 'window' })} data-testid="lines-window" />
        only the pods in view (the pod filter or the selected pod, else all) within the visible time window
      </label>
      {prepared && <span className="muted">{formatCount(prepared.lines)} lines{prepared.whole ? ', the whole file' : ''}; left-out lines keep their numbers</span>}
    </fieldset>
  );
}

export function LinkPanel({ trace, options, onChange, prepared, link, busy, onDownloadInstead }: {
  trace: Trace;
  options: ShareOptions;
  onChange: (patch: Partial<ShareOptions>) => void;
  prepared: PreparedShare | undefined;
  link: string | undefined;
  busy: boolean;
  onDownloadInstead: () => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const size = link ? linkSize(link) : undefined;
  return (
    <section className="share-section" data-testid="link-section">
      <h3>Link</h3>
      {prepared?.kind === 'logs' && <LineChoice trace={trace} options={options} onChange={onChange} prepared={prepared} />}
      <div className="link-row">
        <input
          ref={inputRef}
          type="text"
          readOnly
          value={busy || !link ? 'preparing…' : link}
          aria-label="Share link"
          data-testid="share-link"
          data-ready={!busy && link ? 'true' : 'false'}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button
          type="button"
          className="primary"
          disabled={busy || !link}
          data-testid="copy-link"
          onClick={async () => setCopied(link && (await copyText(link, inputRef.current)) ? 'yes' : 'failed')}
        >
          Copy link
        </button>
      </div>
      {copied === 'yes' && <p className="muted" role="status">Copied to the clipboard.</p>}
      {copied === 'failed' && <p className="error-text" role="status">Could not copy; select the link and copy it by hand.</p>}
      {size && (
        <p className="muted" data-testid="link-size">
          {formatCount(size.length)} characters. Everything is in the part after “#”, which browsers never send to a server.
        </p>
      )}
      {size && size.warnings.length > 0 && (
        <div className="share-warning" data-testid="link-warning">
          {size.warnings.map((w) => <p key={w}>{w}</p>)}
          <button type="button" onClick={onDownloadInstead}>Download the trace file instead</button>
        </div>
      )}
      {prepared && (
        <div className="share-summary">
          <span className="muted">The link contains exactly:</span>
          <ul data-testid="share-summary">{summarizeShare(prepared.state).map((line) => <li key={line}>{line}</li>)}</ul>
        </div>
      )}
    </section>
  );
}
