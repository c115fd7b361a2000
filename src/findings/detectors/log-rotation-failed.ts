/**
 * log-rotation-failed: the kubelet's container log manager cannot rotate container logs that grew past
 * containerLogMaxSize ("Failed to rotate log for container"). It tries every 10 s and says so each time; the logs grow
 * meanwhile. The error says which step failed: the runtime reopening the log (ReopenContainerLog — Docker through
 * cri-dockerd cannot), or the files themselves. One finding per node, naming the containers.
 */
import type { Detector } from '../detectors.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { eventsByNode } from '../episodes.ts';
import { eventRawText } from '../../model/trace-query.ts';
import { clipMiddle } from '../text-scan.ts';
import { count, lineRef, listOf, podName, timeOfEvent } from '../wording.ts';

const MAX_PER_NODE = 2000;

/** What the error says failed, by its words (the first that matches). */
const CAUSES: readonly { test: RegExp; why: string; next: string; severity: 'info' | 'warning' }[] = [
  {
    test: /does not support reopening container log|ReopenContainerLog[^\n]{0,80}(?:not implemented|Unimplemented)/,
    why: 'The runtime cannot reopen a container\'s log after the kubelet renamed it: Docker behind cri-dockerd (or the dockershim) does not support it, so every rotation fails. Docker writes the container logs itself and rotates them by its own log-opts, whatever containerLogMaxSize says; the kubelet\'s attempts only add these errors.',
    next: 'Set the kubelet\'s containerLogMaxSize to Docker\'s log-opts max-size (/etc/docker/daemon.json) so that Docker rotates first and the kubelet finds nothing to do (cri-dockerd#35), or move the node to containerd or CRI-O.',
    severity: 'warning',
  },
  {
    test: /no such file or directory/,
    why: 'A log file the rotation needs is not there: the container was removed (or its log deleted by hand) between the kubelet listing it and rotating it.',
    next: 'Once is harmless; if it repeats for a running container, look at what deletes files under /var/log/pods (a log shipper\'s cleanup, a cron job).',
    severity: 'info',
  },
];

export const logRotationFailed: Detector = {
  id: 'log-rotation-failed',
  detect(ctx) {
    const trace = ctx.trace;
    const ev = trace.events;
    const out: Finding[] = [];
    for (const [node, events] of eventsByNode(ctx, 'gc.log-rotate-failed', MAX_PER_NODE)) {
      const first = events[0];
      const last = events[events.length - 1];
      const pods = [...new Set(events.map((e) => ev.pod[e]).filter((p) => p >= 0))];
      const error = ctx.text(first) || eventRawText(trace, first, 2000);
      // The containers, as their logs' paths name them.
      const names = [...new Set(events.map((e) => (ev.cname[e] > 0 ? trace.strings[ev.cname[e]] : '')).filter(Boolean))];
      const whole = events.map((e) => eventRawText(trace, e, 4000)).join('\n');
      const cause = CAUSES.find((c) => c.test.test(whole));
      const b = new FindingBuilder(trace);
      for (const e of events.slice(0, 20)) b.evidence(e, false);
      if (events.length > 20) b.evidence(last, false);
      for (const p of pods) b.pod(p);
      b.nodeLanes(node, ['gc']);
      const when = events.length === 1 ? `at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})`
        : `${count(events.length, 'time')} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)})`;
      const parts = [
        `The kubelet could not rotate the log of ${whose(names, pods.map((p) => podName(trace, p)))} ${when}: "${clipMiddle(error, 240)}".`,
        'Its container log manager rotates, every 10 s, each running container\'s log that has grown past containerLogMaxSize (10 MiB by default): it renames the file and asks the runtime to reopen it.',
        cause ? cause.why : 'Until a rotation succeeds the log keeps growing on the node\'s disk, and the kubelet tries again and logs this each time.',
      ];
      out.push(b.build({
        id: 'log-rotation-failed',
        title: `Container log rotation failing${pods.length === 1 ? ` for ${podName(trace, pods[0])}` : pods.length > 1 ? ` (${count(pods.length, 'pod')})` : ''}`,
        severity: cause ? cause.severity : 'warning',
        explanation: parts.join(' '),
        next: cause ? cause.next : 'Read the error for the step that failed (a rename under /var/log/pods, or the runtime\'s ReopenContainerLog) and check the disk and the runtime\'s log for those seconds.',
      }));
    }
    return out;
  },
};

/** "container app of ns/pod", "containers a and b of ns/pod", "containers of 3 pods", or "a container". */
function whose(containers: readonly string[], pods: readonly string[]): string {
  if (!pods.length) return containers.length ? `container${containers.length > 1 ? 's' : ''} ${listOf(containers, 4)}` : 'a container';
  if (pods.length > 1) return `containers of ${listOf(pods, 4)}`;
  return containers.length ? `container${containers.length > 1 ? 's' : ''} ${listOf(containers, 4)} of ${pods[0]}` : `a container of ${pods[0]}`;
}
