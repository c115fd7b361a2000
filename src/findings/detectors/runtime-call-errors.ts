/**
 * runtime-call-errors: the kubelet's gRPC calls to the container runtime (CRI) failing — deadline exceeded,
 * connection refused or closed, EOF — grouped by call. Every goroutine that talks to the runtime is affected: PLEG
 * relist, pod workers' kills and starts, housekeeping, garbage collection (kubelet-reference §3.3, §3.6).
 * NotFound for a container that was just removed is routine and only reported as information.
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { kindId } from '../../catalog/catalog.ts';
import { eventRawText } from '../../model/trace-query.ts';
import type { Finding } from '../../model/trace.ts';
import { clip, errorClass, tokenAt, type ErrorClass } from '../text-scan.ts';
import { count, duration, lineRef, listOf, timeOfEvent } from '../wording.ts';

/** Raw lines read to name the call of a generic "... from runtime service failed" line; the rest are counted. */
const MAX_RAW_READS = 5000;
const CALL_OF_KIND: Record<string, string> = {
  'runtime.kill-failed': 'StopContainer (kill)', 'pleg.relist-failed': 'PLEG relist (list pods)',
  'node.runtime-sanity-failed': 'Status', 'housekeeping.failed': 'housekeeping runtime listing', 'gc.failed': 'garbage collection',
};
const KINDS = ['runtime.call-failed', ...Object.keys(CALL_OF_KIND)];
const CALL_BY_KIND = new Map(Object.entries(CALL_OF_KIND).map(([k, v]) => [kindId(k), v]));
const SERIOUS: ReadonlySet<ErrorClass> = new Set(['deadline exceeded', 'connection refused', 'connection closed', 'EOF', 'unavailable']);

interface Call { name: string; count: number; classes: Map<ErrorClass, number>; first: number; sample: string }

/** Failures of one node close together in time; routine NotFound errors of a node form one group of their own. */
interface Group { node: number; routine: boolean; calls: Map<string, Call>; events: number[]; serious: number; total: number; lastUs: number }

/** Failures further apart than this belong to different outages. */
const MAX_GAP_US = 2 * 60e6;

export const runtimeCallErrors: Detector = {
  id: 'runtime-call-errors',
  detect(ctx) {
    const ev = ctx.trace.events;
    const open = new Map<string, Group>();
    const groups: Group[] = [];
    let rawReads = 0;
    for (const e of ctx.ofKinds(KINDS)) {
      const text = ctx.text(e);
      const cls = errorClass(text);
      const routine = cls === 'not found';
      const key = `${ev.node[e]}:${routine ? 'routine' : 'outage'}`;
      let g = open.get(key);
      if (!g || (!routine && ev.timeUs[e] - g.lastUs > MAX_GAP_US)) {
        if (groups.length >= 200) continue;
        g = { node: ev.node[e], routine, calls: new Map(), events: [], serious: 0, total: 0, lastUs: ev.timeUs[e] };
        open.set(key, g);
        groups.push(g);
      }
      const name = CALL_BY_KIND.get(ev.kind[e]) ?? (rawReads++ < MAX_RAW_READS ? callName(eventRawText(ctx.trace, e, 600)) : 'CRI call');
      g.total++;
      g.lastUs = ev.timeUs[e];
      if (SERIOUS.has(cls)) g.serious++;
      if (g.events.length < 300) g.events.push(e);
      let c = g.calls.get(name);
      if (!c) { c = { name, count: 0, classes: new Map(), first: e, sample: text }; g.calls.set(name, c); }
      c.count++;
      c.classes.set(cls, (c.classes.get(cls) ?? 0) + 1);
    }
    return groups.map((g) => describe(ctx, g));
  },
};

/** The CRI call a "<Call> … from runtime service failed" line names: its first word, or the whole short message. */
function callName(raw: string): string {
  const json = raw.indexOf('"msg":"');
  let at = json >= 0 ? json + 7 : raw.indexOf('] ');
  if (at < 0) return 'CRI call';
  if (json < 0) at += 2;
  if (raw[at] === '"') at++;
  const word = tokenAt(raw, at, ' "');
  // "Failed to list pod sandboxes", "Error listing containers": keep the message, it names the call.
  return word === 'Failed' || word === 'Error' ? clip(tokenAt(raw, at, '"'), 40) : word;
}

function describe(ctx: FindingContext, n: Group): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  for (const e of n.events) b.evidence(e);
  b.nodeLanes(n.node, ['runtime']);
  const first = n.events[0];
  const last = n.events[n.events.length - 1];
  const calls = [...n.calls.values()].sort((a, c) => c.count - a.count);
  const byCall = calls.map((c) => `${c.name} ×${c.count} (${[...c.classes.keys()].join(', ')}; first ${lineRef(trace, c.first)})`);
  const classes = new Set(calls.flatMap((c) => [...c.classes.keys()]));
  const when = first === last ? `at ${timeOfEvent(trace, first)}`
    : `${count(n.total, 'time')} between ${timeOfEvent(trace, first)} and ${timeOfEvent(trace, last)} (${duration(ev.timeUs[last] - ev.timeUs[first])})`;
  const parts = [`${n.total === 1 ? 'A call' : 'Calls'} to the container runtime failed ${when}: ${listOf(byCall, 6)}. ${n.total === 1 ? 'Error' : 'Example'}: "${clip(calls[0].sample, 140)}".`];
  if (n.routine) {
    parts.push('All of them are NotFound for containers that were already gone, which happens routinely right after a container is removed.');
    return b.build({
      id: 'runtime-call-errors', title: `Runtime answered NotFound for removed containers (${count(n.total, 'time')})`, severity: 'info',
      explanation: parts.join(' '), next: 'Nothing to do unless the containers named were expected to exist.',
    });
  }
  if (classes.has('connection refused') || classes.has('connection closed') || classes.has('EOF') || classes.has('unavailable')) {
    parts.push('Connection refused, closed or EOF means the runtime\'s socket was not answering — the runtime (containerd, CRI-O, dockershim) was down or restarting.');
  }
  if (classes.has('deadline exceeded')) parts.push('Deadline exceeded means calls timed out: the runtime was hung or overloaded.');
  parts.push('Every goroutine that talks to the runtime is hit: PLEG relist, pod workers (a failed kill is only retried on the next sync), housekeeping and garbage collection.');
  return b.build({
    id: 'runtime-call-errors',
    title: n.total === 1 ? `Container runtime call failed (${calls[0].name})` : `Container runtime calls failing (${count(n.total, 'error')}, mostly ${calls[0].name})`,
    severity: n.serious >= 3 || calls.some((c) => c.name.startsWith('StopContainer')) ? 'error' : 'warning',
    explanation: parts.join(' '),
    next: 'Read the runtime\'s own log and restart history for these minutes (journalctl -u containerd / crio / docker), check its socket and its health (crictl info), and node pressure (disk, PIDs, memory).',
  });
}
