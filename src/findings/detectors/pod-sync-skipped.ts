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

/** Reasons the runtime-down, pleg-unhealthy and network-not-ready findings cover. */
const EXPLAINED_ELSEWHERE = ['container runtime is down', 'status check may not have completed yet', 'PLEG is not healthy',
  'pleg was last seen active', 'pleg has yet to be successful', 'network not ready', 'NetworkReady=false'];
const MAX_GAP_US = 60e6;
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
  const reason = ctx.text(ep.first).replace(/^\[|\]$/g, '');
  const spanUs = ev.timeUs[ep.last] - ev.timeUs[ep.first];
  const transient = isStartupTransient(ctx, ep);
  const cgroups = reason.includes('ContainerManager') || reason.includes('cgroup');
  const parts = [
    `The sync loop skipped its iterations ${ep.count === 1 ? `at ${timeOfEvent(trace, ep.first)} (${lineRef(trace, ep.first)})` : `${count(ep.count, 'time')} from ${timeOfEvent(trace, ep.first)} (${lineRef(trace, ep.first)}) to ${timeOfEvent(trace, ep.last)} (${lineRef(trace, ep.last)}), ${duration(spanUs)}`}: "${clip(reason, 200)}".`,
    'While the runtime state reports an error the sync loop handles no pod work: no pod is added, updated, deleted or restarted on this node, and the node reports NotReady.',
  ];
  if (cgroups) parts.push('The error is the kubelet\'s own set-up: its container manager could not create or use the cgroups it manages pods in (a read-only /sys/fs/cgroup, a cgroup driver that does not match the runtime\'s, a missing controller).');
  if (transient) parts.push('It cleared within a minute of the kubelet start.');
  return b.build({
    id: 'pod-sync-skipped',
    title: `Pod sync skipped: ${clip(reason, 70)}`,
    severity: transient ? 'info' : 'error',
    explanation: parts.join(' '),
    next: cgroups
      ? 'Check the cgroup mount (mount | grep cgroup: /sys/fs/cgroup must be writable for the kubelet, e.g. not read-only inside a container), that the kubelet\'s --cgroup-driver matches the runtime\'s, and restart the kubelet once fixed.'
      : 'Read the reason: it is the runtime state\'s error (kubectl describe node shows it in the Ready condition); fix what it names and watch for the sync loop\'s lines to resume.',
  });
}
