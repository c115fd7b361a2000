/** One-line descriptions for the hover tooltip (plain text; it is set with textContent). */
import type { Hit } from '../../render/hit-test.ts';
import { cachedEventLabel } from '../../render/labels.ts';
import { describeRestart, kubeletRestartsOf } from '../../model/kubelet-restarts.ts';
import { NOT_IN_LOG_LABEL, SpanFlag, type Trace } from '../../model/trace.ts';
import { formatDurationUs, formatTimeOfDayUs, US_PER_DAY } from '../../util/time.ts';

const timeOfDay = (us: number) => formatTimeOfDayUs(((us % US_PER_DAY) + US_PER_DAY) % US_PER_DAY);

export function spanFlagWords(flags: number): string[] {
  const words: string[] = [];
  if (flags & SpanFlag.Unknown) words.push('unknown: the logs cannot show this state');
  if (flags & SpanFlag.Inferred) words.push('inferred, not printed');
  if (flags & SpanFlag.OpenEnded) words.push('still in this state when the log ends');
  if (flags & SpanFlag.Anomalous) words.push('entered by a transition the state table does not allow');
  return words;
}

export function hoverText(trace: Trace, hit: Hit): string {
  if (hit.kind === 'event') {
    const e = hit.event;
    return `${timeOfDay(trace.events.timeUs[e])}  ${cachedEventLabel(trace, e)}`;
  }
  if (hit.kind === 'span') {
    const sp = trace.spans;
    const s = hit.span;
    const label = trace.strings[sp.state[s]];
    const state = (sp.flags[s] & SpanFlag.Unknown) && label !== NOT_IN_LOG_LABEL ? 'unknown' : label;
    const extra = spanFlagWords(sp.flags[s]);
    return `${state} · ${formatDurationUs(sp.endUs[s] - sp.startUs[s])} from ${timeOfDay(sp.startUs[s])}${extra.length ? ` (${extra.join('; ')})` : ''}`;
  }
  if (hit.kind === 'restart') {
    const r = kubeletRestartsOf(trace, hit.node).find((x) => x.startEvent === hit.startEvent);
    return r ? `${timeOfDay(r.startUs)}  ${describeRestart(trace, r)}` : '';
  }
  return '';
}
