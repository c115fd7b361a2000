/**
 * pod-kill-failed: the pod worker could not kill a pod's containers or its sandbox — the sync fails with
 * KillContainerError or KillPodSandboxError (killPodWithSyncResult, kubelet-reference §3.6), or the housekeeping
 * podKiller's "Failed killing the pod". Until a kill succeeds the pod cannot finish terminating: it stays
 * Terminating in the API, and its volumes, cgroups and (for the sandbox) its IP address stay on the node. One finding
 * per pod (one failed sync often reports its container's and its sandbox's kill). The error says why: the network
 * plugin failing to tear down the pod's network, the runtime not answering in time or not reachable at all, or the
 * runtime no longer knowing the container.
 */
import type { Detector } from '../detectors.ts';
import { parseGoDurationUs } from '../../util/time.ts';
import type { FindingContext } from '../context.ts';
import { DELETION_KINDS, eventsNear, lastBefore } from '../episodes.ts';
import { podFailureEvidence } from '../finding-builder.ts';
import { kindId } from '../../catalog/catalog.ts';
import type { Finding } from '../../model/trace.ts';
import { clipMiddle, errorClass, failedActions, isNetworkAgentDown, isNetworkAlreadyGone, isNetworkPluginError, isSocketDown, isDockershimCheckpointCorrupt, DOCKERSHIM_CHECKPOINT_SENTENCE, networkErrorSentences, NETWORK_AGENT_DOWN_SENTENCE } from '../text-scan.ts';
import { count, duration, lineRef, listOf, podName, timeOfEvent } from '../wording.ts';
import { eventRawText, str } from '../../model/trace-query.ts';
import { agentCrashLoopSentence, crashLoopingNetworkAgent } from '../network-agent.ts';

const KILL_ACTIONS: ReadonlySet<string> = new Set(['KillPodSandbox', 'KillContainer']);
/** Kinds after which a pod has finished terminating (or is gone from the API). */
const DONE_KINDS = ['pw.terminated', 'pw.complete', 'status.resources-reclaimed', 'syncloop.remove'];
const MAX_GROUPS = 500;
const REMOVE = kindId('syncloop.remove');
const KILL_FAILED = kindId('runtime.kill-failed');
/** A failed stop is logged by the runtime manager and then by the pod worker's sync error, within a moment. */
const SAME_SYNC_US = 2e6;

type Cause = 'network' | 'network-gone' | 'timeout' | 'unreachable' | 'gone' | 'shim' | 'other';

/** One pod's failed kills: one sync error often reports both its container's and its sandbox's. */
interface KillFailure {
  pod: number;
  /** What could not be killed, in the order first seen: `container app`, `the sandbox`. */
  what: string[];
  events: number[];
  /** Failed syncs: lines reporting a failed kill, those within SAME_SYNC_US of each other counted once. */
  total: number;
  lastUs: number;
  error: string;
  sandbox: boolean;
}

export const podKillFailed: Detector = {
  id: 'pod-kill-failed',
  detect(ctx) {
    const ev = ctx.trace.events;
    const groups = new Map<number, KillFailure>();
    for (const e of ctx.ofKinds(['pw.sync-error', 'housekeeping.kill-unwanted-failed', 'runtime.kill-failed'])) {
      const pod = ev.pod[e];
      if (pod < 0) continue;
      let counted = false;
      // The runtime manager's own line for a failed stop ("Container termination failed with gracePeriod"): its error
      // is the whole text, its container the one the line names.
      const actions = ev.kind[e] === KILL_FAILED
        ? [{ action: 'KillContainer', target: str(ctx.trace, ev.cname[e]), detail: ctx.text(e) }]
        : failedActions(ctx.text(e));
      for (const a of actions) {
        if (!KILL_ACTIONS.has(a.action)) continue;
        let g = groups.get(pod);
        if (!g) {
          if (groups.size >= MAX_GROUPS) break;
          g = { pod, what: [], events: [], total: 0, lastUs: -Infinity, error: '', sandbox: false };
          groups.set(pod, g);
        }
        // A sandbox is named by the pod's UID.
        const what = a.action === 'KillPodSandbox' ? 'the sandbox' : `container ${a.target || '?'}`;
        if (a.action === 'KillPodSandbox') g.sandbox = true;
        if (!g.what.includes(what) && g.what.length < 20) g.what.push(what);
        if (!g.error && a.detail) g.error = a.detail;
        if (counted) continue;
        counted = true;
        if (ev.timeUs[e] - g.lastUs > SAME_SYNC_US) g.total++;
        g.lastUs = ev.timeUs[e];
        if (g.events.length < 200) g.events.push(e);
      }
    }
    if (groups.size === 0) return [];
    const done = ctx.ofKinds(DONE_KINDS);
    const deletedFrom = firstDeletion(ctx, groups);
    return [...groups.values()].map((g) => describe(ctx, g, done, deletedFrom));
  },
};

function causeOf(error: string): Cause {
  if (isNetworkPluginError(error)) return isNetworkAlreadyGone(error) ? 'network-gone' : 'network';
  // containerd's (and CRI-O's) connection to the container's shim, over ttrpc, is gone.
  if (/ttrpc: closed|shim disconnected|connection to the shim/i.test(error)) return 'shim';
  const cls = errorClass(error);
  if (cls === 'deadline exceeded' || error.includes('timeout')) return 'timeout';
  if (isSocketDown(cls)) return 'unreachable';
  if (cls === 'not found' || /no such container/i.test(error) || /does not exist|container destroyed/.test(error)) return 'gone';
  return 'other';
}

/** The runtime's plain answer that it has no such container (Docker's 404, the CRI's NotFound). */
const ALREADY_GONE = /no such container|code = NotFound/i;

const CAUSE_TEXT: Record<Cause, string> = {
  'network-gone': 'The pod network plugin (CNI) failed to tear down a network that is already gone — the sandbox\'s network namespace (its process had exited) or the plugin\'s own record of it — instead of taking that as done, as a teardown (CNI DEL) should: there is nothing left to release, but the kill fails the same way on every retry while the plugin does so (older plugins and dockershim kubelets did).',
  network: 'The pod network plugin (CNI) could not tear down the pod\'s network: the sandbox is only stopped once its network is released, so the kill fails as long as the plugin does.',
  timeout: 'The runtime did not answer the kill in time: it is hung or overloaded, or the container\'s process does not exit (a process stuck in uninterruptible sleep, often on NFS or a failing disk).',
  unreachable: 'The kubelet could not reach the runtime (its socket refused or closed the connection): the runtime was down or restarting.',
  gone: 'The runtime no longer knows what the kubelet asked it to stop: it had exited and been removed already (kubernetes/kubernetes#28748 calls such lines spurious), or it was removed behind the kubelet\'s back (a runtime restart, a manual crictl rm or docker rm). Nothing is left to stop.',
  other: 'The runtime refused the kill.',
  shim: 'The runtime answered, but could not reach the container\'s shim ("ttrpc: closed"): the shim process — with a VM-based runtime such as Kata Containers, the sandbox\'s VM and its agent — is gone, so the runtime cannot stop what it started, and every retry fails the same way.',
};

const CAUSE_SHORT: Record<Cause, string> = {
  'network-gone': 'its network is already gone',
  network: 'network teardown (CNI)', timeout: 'runtime timeout', unreachable: 'runtime unreachable', gone: 'not found in the runtime', other: 'runtime error',
  shim: 'its shim is gone',
};

const NEXT: Record<Cause, string> = {
  'network-gone': 'Compare the network plugin\'s version with its fixes for tearing down a network that is already gone (its release notes: DEL of a missing netns or endpoint); meanwhile the stale sandbox can be removed by hand on the node (`crictl rmp`, or `docker rm` of the pause container). Its IP address was released with the namespace, or is the plugin\'s to reclaim.',
  network: 'Check the network plugin on this node: its pod (calico-node, cilium, flannel, aws-node…) and its log, the config in /etc/cni/net.d and the binaries in /opt/cni/bin; the runtime\'s log (journalctl -u containerd / crio) has the plugin\'s whole error. Deleting the pod with --force only removes the API object; the sandbox stays on the node until the plugin can release it.',
  timeout: 'Read the runtime\'s log for these minutes (journalctl -u containerd / crio / docker) and look at the container\'s processes on the node (crictl ps, ps -o stat: a D state is uninterruptible sleep); a hung shim or a stuck mount keeps the container from stopping.',
  unreachable: 'Read the runtime\'s log and restart history for that moment (journalctl -u containerd / crio / docker) and check it answers now (crictl info); then whether the pod\'s containers and sandbox are still there (crictl ps -a, crictl pods).',
  gone: 'Usually nothing to do: the kubelet stops retrying once the runtime no longer lists the container; if the pod stays Terminating, restart the kubelet so it relists the runtime.',
  other: 'Read the runtime\'s log for the container or sandbox named (journalctl -u containerd / crio / docker) and crictl inspect / inspectp on the node.',
  shim: 'Read the runtime\'s log for why the shim (or the sandbox\'s VM) died; on the node, look for its processes (containerd-shim-*, the Kata VM). Stopping and removing the sandbox by hand (crictl stopp, crictl rmp) or restarting the runtime lets the kubelet finish the pod.',
};

/**
 * A stop that gave up ("termination failed after 2m0s", dockertools) before the grace period its kill was given ran
 * out: the kubelet's runtime client times the call out first, so that grace period is never honoured.
 */
function shorterThanGrace(ctx: FindingContext, g: KillFailure, b: { evidence(e: number): unknown }): string {
  const trace = ctx.trace;
  const ev = trace.events;
  for (const e of g.events) {
    const waited = /termination failed after ([0-9][0-9a-zµ.]{0,30}):/.exec(eventRawText(trace, e, 2000));
    const waitedUs = waited ? parseGoDurationUs(waited[1]) : NaN;
    if (!Number.isFinite(waitedUs)) continue;
    const kill = lastBefore(ctx, ctx.ofKind('runtime.kill'), ev.node[e], ev.timeUs[e] - waitedUs - 5e6, ev.timeUs[e]);
    if (kill < 0 || ev.pod[kill] !== g.pod || !(ev.num[kill] * 1e6 > waitedUs + 1e6)) continue;
    b.evidence(kill);
    return `The kill gave the container ${ev.num[kill]} s (${lineRef(trace, kill)}), but the stop call gave up after ${duration(waitedUs)}: the kubelet's client to the runtime timed the call out before the grace period ran out (dockertools gives a call at most 2 minutes), so a grace period longer than that is not honoured.`;
  }
  return '';
}

/** Per pod of a finding, the time of the first line that shows it being deleted or torn down (one pass over them). */
function firstDeletion(ctx: FindingContext, groups: ReadonlyMap<number, KillFailure>): Map<number, number> {
  const ev = ctx.trace.events;
  const out = new Map<number, number>();
  for (const e of ctx.ofKinds(DELETION_KINDS)) if (groups.has(ev.pod[e]) && !out.has(ev.pod[e])) out.set(ev.pod[e], ev.timeUs[e]);
  return out;
}

function describe(ctx: FindingContext, g: KillFailure, done: Uint32Array, deletedFrom: ReadonlyMap<number, number>): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const { b, first, last, spanUs } = podFailureEvidence(trace, g.pod, g.events);
  b.podLanes(g.pod, g.sandbox ? ['sandbox', 'container'] : ['container']);
  // A sync error cut before its error (an excerpt, a terminal): the runtime call's own failure a moment before says it.
  if (!g.error) {
    // (The last one that says an error: a caller's line may name only the sandbox, `Failed to stop sandbox {…}`.)
    const calls = eventsNear(ctx, ctx.ofKind('runtime.call-failed'), ev.node[first], ev.timeUs[first] - SAME_SYNC_US, ev.timeUs[first] + 1, 20);
    const call = calls.findLast((e) => ctx.text(e) !== '') ?? -1;
    if (call >= 0) {
      g.error = ctx.text(call);
      b.evidence(call);
    }
  }
  const cause = causeOf(g.error);
  const what = listOf(g.what);
  // The network plugin's agent crash-looping on the node is why its teardown fails.
  const agent = cause === 'network' ? crashLoopingNetworkAgent(ctx, ev.node[first]) : '';
  // The sync result's reasons, as the pod worker's "Error syncing pod" line prints them: said only where one is.
  const printed = g.events.some((e) => { const raw = eventRawText(trace, e, 2000); return raw.includes('KillContainerError') || raw.includes('KillPodSandboxError'); });
  const reasons = printed ? [...(g.what.some((w) => w !== 'the sandbox') ? ['KillContainerError'] : []), ...(g.sandbox ? ['KillPodSandboxError'] : [])].join(' and ') : '';
  const attempt = printed ? 'failed sync' : 'failed kill';
  // The first sign after the last failure that the pod finished terminating (or left the API).
  let after = -1;
  for (const e of done) if (ev.pod[e] === g.pod && ev.timeUs[e] > ev.timeUs[last]) { after = e; break; }
  const parts = [
    `The pod worker could not kill ${what} of ${podName(trace, g.pod)}: ${reasons}${g.error ? `${reasons ? ', ' : ''}"${clipMiddle(g.error, 240)}"` : ''} — ${g.total === 1 ? `1 ${attempt}, at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})` : `${count(g.total, attempt)} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)})`}.`,
    (cause === 'timeout' ? shorterThanGrace(ctx, g, b) : '') || (cause === 'network' && isDockershimCheckpointCorrupt(g.error) ? DOCKERSHIM_CHECKPOINT_SENTENCE : CAUSE_TEXT[cause]),
    // (The whole line: the quoted error the sync result carries may be cut before the plugin's socket.)
    cause === 'network' && (isNetworkAgentDown(g.error) || g.events.slice(0, 5).some((e) => isNetworkAgentDown(eventRawText(trace, e, 3000)))) ? NETWORK_AGENT_DOWN_SENTENCE : '',
    cause === 'network' && agent ? agentCrashLoopSentence(agent) : '',
    ...(cause === 'network' ? networkErrorSentences(g.error) : []),
    (deletedFrom.get(g.pod) ?? Infinity) <= ev.timeUs[last]
      ? cause === 'gone'
        ? 'The pod is being deleted: if its kills keep failing so, it stays Terminating, its volumes and cgroups on the node; one such failure is usually the kubelet learning that the container had gone already.'
        : `Until a kill succeeds the pod cannot finish terminating: it stays Terminating, and its volumes${g.sandbox && cause !== 'network-gone' ? ', cgroups and IP address' : ' and cgroups'} stay on the node.`
      : g.sandbox
      ? `Nothing in the log says the pod is being deleted: a sandbox is also killed when the pod worker replaces one that died or changed, and then the pod stays ContainerCreating until the kill succeeds; if it is being deleted, it stays Terminating, its volumes${cause !== 'network-gone' ? ', cgroups and IP address' : ' and cgroups'} on the node.`
      : 'Nothing in the log says the pod is being deleted: if it is not, the kill is part of a container restart (a failed liveness probe, a changed spec) and the container is not started again until a kill succeeds; if it is, the pod stays Terminating until then.',
    after >= 0 ? `It got through later: ${lineRef(trace, after)} at ${timeOfEvent(trace, after)} shows the pod ${ev.kind[after] === REMOVE ? 'removed from its source' : 'finished terminating'}.` : '',
    spanUs >= 1e6 ? `It went on for ${duration(spanUs)}.` : '',
  ].filter(Boolean);
  return b.build({
    id: 'pod-kill-failed',
    title: `Killing ${what} of ${podName(trace, g.pod)} fails: ${CAUSE_SHORT[cause]}${g.total > 1 ? ` (${g.total}×)` : ''}`,
    // (A container the runtime says it has no such thing of was stopped: one such failure is news, not a pod stuck.
    // Docker's 500 "Container does not exist: container destroyed" is a race a restart can fail on: kubernetes#21751.)
    severity: cause === 'gone' && g.total < 3 && ALREADY_GONE.test(g.error) ? 'info' : after < 0 && (g.total >= 3 || spanUs >= 60e6) ? 'error' : 'warning',
    explanation: parts.join(' '),
    next: agent ? `Fix ${agent} first (its crash-loop finding; \`kubectl logs -n kube-system ${agent.split('/').pop()} --previous\`): once it runs, the pending teardowns go through. ${NEXT[cause]}` : NEXT[cause],
  });
}
