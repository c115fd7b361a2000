/**
 * inotify-exhausted: a running kubelet's watches failing on the node's inotify limits — cAdvisor's watch on a new
 * container's cgroup ("inotify_add_watch …: no space left on device": fs.inotify.max_user_watches) or an inotify
 * instance that cannot be made ("too many open files": fs.inotify.max_user_instances). The kubelet goes on, but what
 * needed the watch is lost: the new containers' stats (kubectl top, the eviction manager's view), changes of the files
 * it watches. The limits are per user and shared with every process of root on the node. A kubelet that exits on
 * them at start-up is kubelet-exited's. One finding per node.
 */
import type { Detector } from '../detectors.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { eventsByNode } from '../episodes.ts';
import { eventRawText } from '../../model/trace-query.ts';
import { clip } from '../text-scan.ts';
import { count, duration, lineRef, timeOfEvent } from '../wording.ts';

const MAX_PER_NODE = 1000;
/** The two limits, by the call and errno that hit them. */
const WATCHES = /inotify_add_watch[^\n]{0,600}?no space left on device/;
const INSTANCES = /inotify_init[^\n]{0,200}?too many open files|inotify instances/;

export const inotifyExhausted: Detector = {
  id: 'inotify-exhausted',
  detect(ctx) {
    const trace = ctx.trace;
    const ev = trace.events;
    const hits = (e: number) => { const t = ctx.text(e); return WATCHES.test(t) || INSTANCES.test(t); };
    const out: Finding[] = [];
    for (const [node, events] of eventsByNode(ctx, 'cadvisor.event-failed', MAX_PER_NODE, hits)) {
      const first = events[0];
      const last = events[events.length - 1];
      const watches = events.some((e) => WATCHES.test(ctx.text(e)));
      const b = new FindingBuilder(trace);
      for (const e of events) b.evidence(e, false);
      b.nodeLanes(node, ['runtime']);
      const when = events.length === 1
        ? `at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})`
        : `${count(events.length, 'time')} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)}), ${duration(ev.timeUs[last] - ev.timeUs[first])}`;
      const limit = watches ? 'watches (fs.inotify.max_user_watches)' : 'instances (fs.inotify.max_user_instances)';
      out.push(b.build({
        id: 'inotify-exhausted',
        title: `Node out of inotify ${watches ? 'watches' : 'instances'}: the kubelet cannot watch new containers${events.length > 1 ? ` (${events.length}×)` : ''}`,
        severity: 'warning',
        explanation: `The kubelet's cAdvisor could not watch a new container's cgroup ${when}: "${clip(ctx.text(first) || eventRawText(trace, first, 300), 200)}". "No space left on device" from inotify is no full disk: the node's inotify ${limit} are used up, for root — whose processes share them with the kubelet. Each container cAdvisor cannot watch goes without stats (kubectl top, metrics, the eviction manager's view of its usage); the kubelet goes on. The usual consumers are many containers watching files themselves (log shippers, file-syncing agents, language servers) or a limit left at the distribution's small default (8192 watches, 128 instances).`,
        next: 'Raise the limits (`sysctl -w fs.inotify.max_user_watches=524288 fs.inotify.max_user_instances=8192`, and in /etc/sysctl.d/ to keep them); `find /proc/*/fd -lname anon_inode:inotify` counts the instances per process, to find who holds them.',
      }));
    }
    return out;
  },
};
