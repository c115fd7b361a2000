/** The inspector for a state band: the state, how long, and what entered and left it (with the catalog's why). */
import { eventEntry, podLabel } from '../../model/trace-query.ts';
import { MACHINE_IDS, SpanFlag, type LogGap, type Trace } from '../../model/trace.ts';
import { formatDurationUs } from '../../util/time.ts';
import { useAppStore } from '../app/StoreContext.tsx';
import { spanFlagWords } from '../timeline/hover-text.ts';
import { EventRef } from './EventRef.tsx';
import { timeText } from './time-text.ts';

const CUT_WORDS: Record<LogGap['kind'], string> = {
  elision: 'an elision mark', fence: 'the end of a quoted excerpt', prose: 'the text between two excerpts',
  section: 'the start of another file', suppressed: "journald's notice that it dropped the kubelet's lines",
};

function Transition({ trace, event, what, cutShort }: { trace: Trace; event: number; what: 'entered' | 'left'; cutShort: boolean }) {
  if (event < 0) {
    return (
      <section className="inspector-section">
        <h3>{what === 'entered' ? 'Entered by' : 'Left by'}</h3>
        <p className="muted">{what === 'entered' ? 'Nothing in the log: the state held before the log starts (or was implied by a later line).'
          : cutShort ? 'Nothing in the log: lines were left out right after this (a gap in the log).' : 'Nothing yet: still in this state when the log ends.'}</p>
      </section>
    );
  }
  return (
    <section className="inspector-section">
      <h3>{what === 'entered' ? 'Entered by' : 'Left by'}</h3>
      <EventRef trace={trace} event={event} />
      <p className="explain">{eventEntry(trace, event).explain}</p>
    </section>
  );
}

export function SpanDetails({ trace, span }: { trace: Trace; span: number }) {
  const originUs = useAppStore((s) => s.viewport.originUs);
  const sp = trace.spans;
  const lane = trace.lanes[sp.lane[span]];
  const pod = lane && lane.pod >= 0 ? trace.pods[lane.pod] : undefined;
  const unknown = (sp.flags[span] & SpanFlag.Unknown) !== 0;
  const container = sp.container[span] >= 0 ? trace.containers[sp.container[span]] : undefined;
  const flags = spanFlagWords(sp.flags[span]);
  const node = lane?.node ?? -1;
  // A gap in the log this band touches: it stops at one, or is one.
  const gap = trace.gaps.find((g) => g.node === node && g.startUs <= sp.endUs[span] && g.endUs >= sp.startUs[span] &&
    (unknown || g.startUs === sp.endUs[span]));
  return (
    <div className="inspector-body" data-testid="span-details">
      <h2 className="inspector-title">{unknown ? 'unknown state' : trace.strings[sp.state[span]]}</h2>
      <dl className="facts">
        <dt>Machine</dt><dd>{MACHINE_IDS[sp.machine[span]]} · {lane?.title}</dd>
        {pod && <><dt>Pod</dt><dd>{podLabel(pod)}</dd></>}
        {container && <><dt>{container.sandbox ? 'Sandbox' : 'Container'}</dt><dd>
          {container.name || (container.sandbox ? 'pod sandbox' : '(name unknown)')}{container.role && ` (${container.role} container)`} · {container.id.slice(0, 12)}
          {Number.isFinite(container.exitCode) && container.exitCode >= 0 && ` · exit code ${container.exitCode}`}
          {container.killReason && ` · killed: ${container.killReason}`}
        </dd></>}
        <dt>From</dt><dd>{timeText(sp.startUs[span], originUs)}</dd>
        <dt>To</dt><dd>{timeText(sp.endUs[span], originUs)}</dd>
        <dt>Duration</dt><dd>{formatDurationUs(sp.endUs[span] - sp.startUs[span])}</dd>
        {flags.length > 0 && <><dt>Note</dt><dd>{flags.join('; ')}</dd></>}
      </dl>
      {unknown && gap && (
        <p data-testid="gap-note">
          Lines were left out here ({CUT_WORDS[gap.kind]} at line {gap.line} of {trace.sources[gap.source]?.name}): nothing
          from {timeText(gap.startUs, originUs)} to {timeText(gap.endUs, originUs)} is in the log, so the state then is unknown.
        </p>
      )}
      {unknown && !gap && <p className="muted">Hatched bands mark stretches the logs cannot describe: before the first line about this machine, a gap in the log, or messages printed only at a higher verbosity than this log used.</p>}
      <Transition trace={trace} event={sp.startEvent[span]} what="entered" cutShort={false} />
      <Transition trace={trace} event={sp.endEvent[span]} what="left" cutShort={!!gap && !unknown} />
    </div>
  );
}
