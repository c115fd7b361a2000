/**
 * pod-sync-skipped: the sync loop skipped its iterations ("skipping pod synchronization") for a reason that
 * runtime-down and pleg-unhealthy do not explain — the runtime state's other errors, such as the kubelet's own
 * initialisation failing ("Failed to start ContainerManager …" in the releases that kept running after it). While the
 * gate is closed no pod is added, updated, deleted or restarted on the node (kubelet-reference §1.1).
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { groupEpisodes, isStartupTransient, type Episode } from '../episodes.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { clip } from '../text-scan.ts';
import { count, duration, lineRef, timeOfEvent } from '../wording.ts';
import { causeByWords, lastEventOn } from '../causes.ts';
import { CONTAINER_MANAGER_CAUSES } from '../container-manager-causes.ts';

/** Reasons the runtime-down, pleg-unhealthy and network-not-ready findings cover. */
const EXPLAINED_ELSEWHERE = ['container runtime is down', 'status check may not have completed yet', 'PLEG is not healthy',
  'pleg was last seen active', 'pleg has yet to be successful', 'network not ready', 'NetworkReady=false'];
const MAX_GAP_US = 60e6;
/** The sync loop retries at most 5 s apart: this long of the node's log after the last skip without another, it cleared. */
const CLEARED_AFTER_US = 10e6;
/** A reason this short that begins one of those may be anything. */
const MIN_CUT_REASON_CHARS = 6;

/**
 * The reason is one the other findings cover — or the start of one, cut where the excerpt or a terminal cut the line
 * ("[container run").
 */
function explainedElsewhere(text: string): boolean {
  const reason = text.replace(/^\[/, '').trimEnd();
  return EXPLAINED_ELSEWHERE.some((x) => text.includes(x) || (reason.length >= MIN_CUT_REASON_CHARS && x.startsWith(reason)));
}

export const podSyncSkipped: Detector = {
  id: 'pod-sync-skipped',
  detect(ctx) {
    const matching: number[] = [];
    for (const e of ctx.ofKind('syncloop.skipping')) {
      const t = ctx.text(e);
      if (t && !explainedElsewhere(t)) matching.push(e);
    }
    return groupEpisodes(ctx, matching, MAX_GAP_US).map((ep) => describe(ctx, ep));
  },
};

function describe(ctx: FindingContext, ep: Episode): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  b.episode(ep, ['sync-loop']);
  const reason = ctx.text(ep.first).replace(/^\[|\]$/g, '').trim();
  const spanUs = ev.timeUs[ep.last] - ev.timeUs[ep.first];
  const transient = isStartupTransient(ctx, ep);
  const afterUs = ev.timeUs[Math.max(ep.last, lastEventOn(trace, ep.node))] - ev.timeUs[ep.last];
  const cleared = afterUs >= CLEARED_AFTER_US;
  const cause = REASONS.find((r) => r.test(reason));
  const parts = [
    `The sync loop skipped its iterations ${ep.count === 1 ? `at ${timeOfEvent(trace, ep.first)} (${lineRef(trace, ep.first)})` : `${count(ep.count, 'time')} from ${timeOfEvent(trace, ep.first)} (${lineRef(trace, ep.first)}) to ${timeOfEvent(trace, ep.last)} (${lineRef(trace, ep.last)}), ${duration(spanUs)}`}: ${reason ? `"${clip(reason, 200)}"` : 'its reason is cut off in this log'}.`,
    'While the runtime state reports an error the sync loop handles no pod work: no pod is added, updated, deleted or restarted on this node, and the node reports NotReady.',
  ];
  if (cause) parts.push(cause.why);
  if (transient) {
    parts.push(cleared ? 'It cleared within a minute of the kubelet start.'
      : 'It began right after the kubelet start, when the kubelet\'s parts are still coming up; the log ends before it shows the skips stop.');
  } else if (cleared) {
    parts.push(`The log goes on ${duration(afterUs)} after the last skip without another: the sync loop resumed.`);
  }
  return b.build({
    id: 'pod-sync-skipped',
    title: `Pod sync skipped: ${reason ? clip(reason, 70) : 'reason cut off in this log'}`,
    severity: transient ? 'info' : 'error',
    explanation: parts.join(' '),
    next: cause?.next ?? 'Read the reason: it is the runtime state\'s error (kubectl describe node shows it in the Ready condition); fix what it names and watch for the sync loop\'s lines to resume.',
  });
}

/** Reasons of the kubelet's own start-up, told apart by their words (the first that matches). */
const REASONS: readonly { test: (reason: string) => boolean; why: string; next: string }[] = [
  {
    test: (r) => r.includes('cAdvisor'),
    why: 'The error is cAdvisor\'s, which the kubelet starts for container and node stats: it failed to start. An inotify watch on a cgroup that is gone ("no such file or directory") points at a race with a short-lived systemd unit whose cgroup vanished while cAdvisor set up its watches; "no space left on device" or "too many open files" from inotify means the node\'s inotify limits are used up.',
    next: 'Read the error\'s path and errno. For a vanished cgroup, find the short-lived units (the path names one), restart the kubelet, and if it keeps failing look for a kubelet release whose cAdvisor handles the race; for inotify limits, raise fs.inotify.max_user_watches and fs.inotify.max_user_instances (sysctl).',
  },
  // A container-manager failure whose error names its cause.
  ...CONTAINER_MANAGER_CAUSES.map((c) => ({ test: (r: string) => causeByWords([c], r) !== undefined, why: c.why, next: c.next })),
  {
    test: (r) => r.includes('ContainerManager') || r.includes('cgroup'),
    why: 'The error is the kubelet\'s own set-up: its container manager could not create or use the cgroups it manages pods in (a read-only /sys/fs/cgroup, a cgroup driver that does not match the runtime\'s, a missing controller).',
    next: 'Check the cgroup mount (mount | grep cgroup: /sys/fs/cgroup must be writable for the kubelet, e.g. not read-only inside a container), that the kubelet\'s --cgroup-driver matches the runtime\'s, and restart the kubelet once fixed.',
  },
];
