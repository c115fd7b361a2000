/**
 * eviction-check-failing: the eviction manager's check (every 10 s) keeps failing. Either it cannot read the stats
 * summary at all ("failed to get summary stats", "failed to synchronize"): then that check evicts nothing; or it
 * cannot build one of its signals from the summary ("failed to construct signal"): then thresholds on that signal
 * go unchecked while the others work. Nothing else tells a user the node's eviction is partly blind, and a node that
 * runs out of memory or disk meanwhile is left to the kernel's OOM killer or a full disk. One finding per node and
 * signal (whole-check failures as one). A node that is not registered is node-not-registered's.
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { eventRawText } from '../../model/trace-query.ts';
import { clip, NODE_NOT_FOUND } from '../text-scan.ts';
import { count, duration, lineRef, timeOfEvent } from '../wording.ts';

/** Checks run every 10 s: this many failures are no passing hiccup. */
const MIN_FAILURES = 3;
const MAX_PER_GROUP = 500;
const MAX_GROUPS = 50;

/** What a threshold on each signal guards, for the explanation. */
const GUARDS: Readonly<Record<string, string>> = {
  'memory.available': 'the node\'s free memory',
  'allocatableMemory.available': 'the memory pods use, against the node\'s allocatable memory',
  'nodefs.available': 'free space on the kubelet\'s filesystem',
  'nodefs.inodesFree': 'free inodes on the kubelet\'s filesystem',
  'imagefs.available': 'free space on the runtime\'s image filesystem',
  'imagefs.inodesFree': 'free inodes on the runtime\'s image filesystem',
  'pid.available': 'free process IDs',
};

interface Group { node: number; signal: string; events: number[] }

export const evictionCheckFailing: Detector = {
  id: 'eviction-check-failing',
  detect(ctx) {
    const trace = ctx.trace;
    const groups = new Map<string, Group>();
    const add = (e: number, signal: string) => {
      const key = `${trace.events.node[e]}\n${signal}`;
      let g = groups.get(key);
      if (!g) {
        if (groups.size >= MAX_GROUPS) return;
        groups.set(key, (g = { node: trace.events.node[e], signal, events: [] }));
      }
      if (g.events.length < MAX_PER_GROUP) g.events.push(e);
    };
    for (const e of ctx.ofKind('eviction.signal-failed')) add(e, ctx.text(e) || '?');
    for (const e of ctx.ofKind('eviction.failed')) {
      // A node the API server does not know: node-not-registered tells it, with its cause.
      if (!NODE_NOT_FOUND.test(ctx.text(e))) add(e, '');
    }
    const out: Finding[] = [];
    for (const g of groups.values()) if (g.events.length >= MIN_FAILURES) out.push(describe(ctx, g));
    return out;
  },
};

function describe(ctx: FindingContext, g: Group): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  for (const e of g.events.slice(0, 20)) b.evidence(e, false);
  b.nodeLanes(g.node, ['eviction']);
  const first = g.events[0];
  const last = g.events[g.events.length - 1];
  const spanUs = ev.timeUs[last] - ev.timeUs[first];
  const when = `${count(g.events.length, 'time')} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)}), about every ${duration(Math.round(spanUs / (g.events.length - 1)))}`;
  const error = g.signal ? signalError(ctx, last) : ctx.text(last);
  const podsMissing = /system container \\?"pods\\?" not found/.test(error);
  if (!g.signal) {
    return b.build({
      id: 'eviction-check-failing',
      title: `Eviction manager's checks fail (${g.events.length}×): it evicts nothing meanwhile`,
      severity: 'warning',
      explanation: `The eviction manager's check failed ${when}: "${clip(error, 200)}". Each check reads the node's stats summary and compares its signals with the eviction thresholds; a check that cannot read it stops there, so none of the node's thresholds (memory, disk, inodes, PIDs) is checked and no pod is evicted while it fails. A node running out of memory meanwhile is left to the kernel's OOM killer, one running out of disk to a full disk.`,
      next: 'Read the error: a stats call to the runtime that fails (its CRI stats, `crictl stats`), cAdvisor not finding the root cgroup or a filesystem, or the stats provider of this kubelet release. `kubectl get --raw /api/v1/nodes/<node>/proxy/stats/summary` fails the same way while it lasts.',
    });
  }
  const guards = GUARDS[g.signal];
  return b.build({
    id: 'eviction-check-failing',
    title: `Eviction signal ${g.signal} cannot be computed (${g.events.length}×): its thresholds go unchecked`,
    severity: 'warning',
    explanation: `The eviction manager could not work out the signal ${g.signal}${guards ? ` (${guards})` : ''} ${when}: "${clip(error, 200)}". It builds each signal from the node's stats summary at every check, and this one's stats are not there, so thresholds on it — hard or soft — are not checked and never evict a pod; the other signals still work.${podsMissing ? ' The summary has no "pods" system container: the kubelet\'s stats do not see the cgroup that holds all pods (cgroupsPerQOS turned off, or a cgroup layout its stats provider does not read), and Windows kubelets\' stats had none until a later release added it.' : ''}`,
    next: podsMissing
      ? 'Check that the kubelet runs with cgroupsPerQOS (the default) and that the stats summary lists a "pods" system container (`kubectl get --raw /api/v1/nodes/<node>/proxy/stats/summary`); on Windows, upgrade the kubelet, and meanwhile rely on memory.available and on pods\' memory limits.'
      : 'Look at the stats summary (`kubectl get --raw /api/v1/nodes/<node>/proxy/stats/summary`) for what the signal needs (the node\'s memory, its filesystems, the "pods" container) and at the stats provider\'s errors (cAdvisor, or the runtime\'s CRI stats) around these lines.',
  });
}

/** The error a "failed to construct signal" line reports (its text column holds the signal): its err value. */
function signalError(ctx: FindingContext, e: number): string {
  // A record joined from cut lines keeps their line breaks.
  const raw = eventRawText(ctx.trace, e, 2000).replace(/\n/g, ' ');
  const printf = / error: (.*)$/.exec(raw);
  if (printf) return printf[1].trim();
  const keyed = /err="((?:[^"\\]|\\.){0,1000})"/.exec(raw);
  return keyed ? keyed[1].replace(/\\"/g, '"') : '';
}
