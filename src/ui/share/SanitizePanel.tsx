/**
 * Sanitizing before sharing, with its preview: every name that will be replaced, what replaces it and how often it
 * occurs in the log, plus the user's own patterns with the reason any of them was refused.
 */
import type { PreviewEntry } from '../../trace/sanitize.ts';
import { formatCount, plural } from '../shared/format.ts';
import type { PreparedShare, ShareOptions } from './prepare-share.ts';

const MAX_ROWS = 300;
const CATEGORY_ORDER = ['namespace', 'pod', 'node', 'ip', 'image', 'uid', 'container-id', 'pattern'];

function PreviewTable({ preview }: { preview: readonly PreviewEntry[] }) {
  const rows = [...preview].sort((a, b) => CATEGORY_ORDER.indexOf(a.category) - CATEGORY_ORDER.indexOf(b.category) || b.count - a.count);
  const occurrences = preview.reduce((n, p) => n + p.count, 0);
  if (!rows.length) return <p className="muted">Nothing to replace: the log names no pods, namespaces, nodes, addresses, images or IDs.</p>;
  return (
    <>
      <p className="muted">{plural(rows.length, 'name')} replaced, {plural(occurrences, 'occurrence')} in the log text.</p>
      <div className="sanitize-preview-scroll">
        <table className="sanitize-preview" data-testid="sanitize-preview">
          <thead><tr><th>kind</th><th>original</th><th /><th>shared as</th><th>times</th></tr></thead>
          <tbody>
            {rows.slice(0, MAX_ROWS).map((p) => (
              <tr key={`${p.category}\u0000${p.original}`}>
                <td className="muted">{p.category}</td>
                <td className="mono">{p.original}</td>
                <td className="muted">→</td>
                <td className="mono">{p.pseudonym}</td>
                <td className="num">{formatCount(p.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length > MAX_ROWS && <p className="muted">…and {formatCount(rows.length - MAX_ROWS)} more.</p>}
      </div>
    </>
  );
}

export function SanitizePanel({ kind, options, onChange, prepared }: {
  kind: 'logs' | 'simulation';
  options: ShareOptions;
  onChange: (patch: Partial<ShareOptions>) => void;
  prepared: PreparedShare | undefined;
}) {
  return (
    <section className={`share-section sanitize-section${kind === 'logs' ? ' prominent' : ''}`} data-testid="sanitize-section">
      <label className="checkbox sanitize-toggle">
        <input type="checkbox" checked={options.sanitize} data-testid="sanitize-toggle" onChange={(e) => onChange({ sanitize: e.target.checked })} />
        <strong>Sanitize before sharing</strong>
      </label>
      <p className="muted">
        {kind === 'logs'
          ? 'Replaces namespaces, pod names, node names, IP addresses and image references — and anything your patterns match — with stable pseudonyms (the same name always becomes the same pseudonym, so the story stays readable), in the link and in the files below. Pod UIDs, container IDs and the built-in namespaces are kept unless you tick them below.'
          : 'A simulation link carries no log text, only the scenario, its inputs and step, your view and notes; opened, it re-runs the scenario under the scenario’s own names, so the link keeps those names and your patterns apply to your notes’ text. The exported files carry the run’s log and are sanitized throughout.'}
      </p>
      {options.sanitize && (
        <>
          <div className="sanitize-options">
            <label className="checkbox">
              <input type="checkbox" checked={options.uids ?? false} data-testid="sanitize-uids" onChange={(e) => onChange({ uids: e.target.checked })} />
              <span>Also replace pod UIDs and container IDs <span className="muted">(with made-up IDs of the same shape)</span></span>
            </label>
            <label className="checkbox">
              <input type="checkbox" checked={options.wellKnownNamespaces ?? false} data-testid="sanitize-well-known" onChange={(e) => onChange({ wellKnownNamespaces: e.target.checked })} />
              <span>Also replace <code>default</code>, <code>kube-system</code> and the other built-in namespaces <span className="muted">(where the log prints them as namespaces)</span></span>
            </label>
          </div>
          <label className="sanitize-patterns">
            <span>Also replace (one per line: plain text, or <code>/regular expression/</code>)</span>
            <textarea
              rows={2}
              value={options.patternText}
              spellCheck={false}
              data-testid="sanitize-patterns"
              placeholder={'acme-corp\n/ticket-[0-9]+/'}
              onChange={(e) => onChange({ patternText: e.target.value })}
            />
          </label>
          {prepared && prepared.patternProblems.length > 0 && (
            <ul className="pattern-problems" data-testid="pattern-problems">
              {prepared.patternProblems.map((p) => (
                <li key={`${p.line}:${p.text}`} className="error-text">{p.line > 0 ? `line ${p.line} (${p.text}): ` : ''}{p.message} — not used</li>
              ))}
            </ul>
          )}
          {prepared && <PreviewTable preview={prepared.preview} />}
        </>
      )}
    </section>
  );
}
