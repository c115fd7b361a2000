/** Small helpers that turn trace facts into the words of a finding: times, line references, pod lists, counts. */
import { podId } from '../model/trace-query.ts';
import type { Trace } from '../model/trace.ts';
import { epochToParts, formatDurationUs, formatEpochUs, formatTimeOfDayUs } from '../util/time.ts';

/** `10:42:26.102104`, or with the date when the log spans several days. */
export function timeOf(trace: Trace, us: number): string {
  if (!Number.isFinite(us)) return '?';
  const sameDay = epochToParts(trace.startUs).day === epochToParts(trace.endUs).day && trace.endUs - trace.startUs < 86_400e6;
  return sameDay ? formatTimeOfDayUs(epochToParts(us).todUs) : formatEpochUs(us);
}

/** Time of event e. */
export function timeOfEvent(trace: Trace, e: number): string {
  return timeOf(trace, trace.events.timeUs[e]);
}

/** `line 34`, or `seed.log:34` when several files were loaded. */
export function lineRef(trace: Trace, e: number): string {
  const ev = trace.events;
  return trace.sources.length > 1 ? `${trace.sources[ev.source[e]].name}:${ev.line[e]}` : `line ${ev.line[e]}`;
}

export const duration = formatDurationUs;

/** `3 containers`, `1 container`. */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/** `a, b and 3 more` for a list of labels. */
export function listOf(items: readonly string[], max = 4): string {
  if (items.length === 0) return '';
  if (items.length <= max) return items.length === 1 ? items[0] : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
  return `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
}

/** Pod labels (`ns/name` or the UID) for pod indices. */
export function podNames(trace: Trace, pods: Iterable<number>, max = 4): string {
  const names: string[] = [];
  for (const p of pods) if (trace.pods[p]) names.push(podId(trace.pods[p]));
  return listOf(names, max);
}

export function podName(trace: Trace, p: number): string {
  return trace.pods[p] ? podId(trace.pods[p]) : '(unknown pod)';
}

const GIB = 1024 ** 3;
const MIB = 1024 ** 2;

/** A byte count for a reader: `1.2 GiB`, `161.0 MiB`, `512 bytes`. */
export function bytesText(n: number): string {
  return n >= GIB ? `${(n / GIB).toFixed(1)} GiB` : n >= MIB ? `${(n / MIB).toFixed(1)} MiB` : `${n} bytes`;
}

/** `word` after its indefinite article ("a Namespace", "an Ingress"), by its first letter. */
export function withArticle(word: string): string {
  return `${/^[AEIOUaeiou]/.test(word) ? 'an' : 'a'} ${word}`;
}
