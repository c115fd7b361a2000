/**
 * The panel over the inspector: the findings (known incident signatures, most severe first) and the user's notes,
 * as two tabs, collapsible to one line. Selecting a finding highlights its lanes and time range on the timeline
 * (render/draw-findings.ts) and zooms there; G / Shift+G step through them.
 */
import type { Trace } from '../../model/trace.ts';
import { findingOrder, type FindingsPanelTab } from '../../store/findings-slice.ts';
import { useTrace } from '../app/hooks.ts';
import { useAppStore, useStoreApi } from '../app/StoreContext.tsx';
import { NotesList } from '../notes/NotesList.tsx';
import { formatCount, plural } from '../shared/format.ts';
import { FindingDetails } from './FindingDetails.tsx';
import './findings.css';

function severityCounts(trace: Trace): string {
  const n = { error: 0, warning: 0, info: 0 };
  for (const f of trace.findings) n[f.severity] = (n[f.severity] ?? 0) + 1;
  return (['error', 'warning', 'info'] as const).filter((s) => n[s] > 0).map((s) => `${n[s]} ${s}`).join(', ');
}

function FindingList({ trace, shown }: { trace: Trace; shown: number }) {
  const store = useStoreApi();
  const active = useAppStore((s) => s.activeFinding);
  return (
    <ul className="finding-list" role="listbox" aria-label="Findings, most severe first" data-testid="finding-list">
      {findingOrder(trace).map((i) => {
        const f = trace.findings[i];
        return (
          <li key={i} role="option" aria-selected={i === active}>
            <button
              type="button"
              className={`finding-item${i === active ? ' active' : ''}${i === shown ? ' shown' : ''}`}
              data-finding={f.id}
              data-index={i}
              title={f.title}
              onClick={() => (i === active ? store.getState().clearFinding() : store.getState().focusFinding(i))}
            >
              <span className={`severity-badge severity-${f.severity}`}>{f.severity}</span>
              <span className="finding-title">{f.title}</span>
              <span className="finding-meta muted">{plural(f.evidence.length, 'line')}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function Tab({ tab, current, label, count, testId }: { tab: FindingsPanelTab; current: FindingsPanelTab; label: string; count: number; testId: string }) {
  const store = useStoreApi();
  const open = current === tab;
  return (
    <button
      type="button"
      role="tab"
      aria-selected={open}
      className={`panel-tab${open ? ' open' : ''}`}
      data-testid={testId}
      onClick={() => store.getState().setFindingsPanel(open ? 'closed' : tab)}
    >
      {label} <span className="panel-count">{formatCount(count)}</span>
    </button>
  );
}

export function FindingsPanel() {
  const store = useStoreApi();
  const trace = useTrace();
  const tab = useAppStore((s) => s.findingsPanel);
  const active = useAppStore((s) => s.activeFinding);
  const noteCount = useAppStore((s) => s.notes.length);
  if (!trace) return null;
  const order = findingOrder(trace);
  // With no finding selected, the most severe one is shown (not highlighted) so the diagnosis is readable at once.
  const shown = active >= 0 ? active : order[0] ?? -1;
  return (
    <section className={`findings-panel${tab === 'closed' ? ' closed' : ''}`} aria-label="Findings and notes" data-testid="findings-panel">
      <header className="findings-header" role="tablist">
        <Tab tab="findings" current={tab} label="Findings" count={trace.findings.length} testId="findings-tab" />
        <Tab tab="notes" current={tab} label="Notes" count={noteCount} testId="notes-tab" />
        <span className="muted findings-summary" title={trace.findings.length ? severityCounts(trace) : undefined}>
          {trace.findings.length ? severityCounts(trace) : 'no known incident signature matched'}
        </span>
        <div className="topbar-spacer" />
        {trace.findings.length > 1 && (
          <>
            <button type="button" className="small" title="Previous finding (Shift+G)" onClick={() => store.getState().stepFinding(-1)}>◂</button>
            <button type="button" className="small" title="Next finding (G)" onClick={() => store.getState().stepFinding(1)}>▸</button>
          </>
        )}
        <button
          type="button"
          className="small"
          aria-expanded={tab !== 'closed'}
          title={tab === 'closed' ? 'Show findings and notes (Shift+F)' : 'Hide findings and notes (Shift+F)'}
          onClick={() => store.getState().setFindingsPanel(tab === 'closed' ? 'findings' : 'closed')}
        >
          {tab === 'closed' ? '▾' : '▴'}
        </button>
      </header>
      {tab === 'findings' && (
        trace.findings.length === 0
          ? <p className="findings-empty muted">None of the known incident signatures matched this log. The timeline still shows what every goroutine did.</p>
          : (
            <div className="findings-body">
              <FindingList trace={trace} shown={shown} />
              {shown >= 0 && <FindingDetails key={shown} trace={trace} index={shown} active={shown === active} />}
            </div>
          )
      )}
      {tab === 'notes' && <NotesList trace={trace} />}
    </section>
  );
}
