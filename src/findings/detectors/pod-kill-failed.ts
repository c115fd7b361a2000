/**
 * pod-kill-failed: the pod worker could not kill a pod's containers or its sandbox — the sync fails with
 * KillContainerError or KillPodSandboxError (killPodWithSyncResult, kubelet-reference §3.6), or the housekeeping
 * podKiller's "Failed killing the pod". Until the kill succeeds the pod cannot finish terminating: it stays
 * Terminating in the API, and its volumes, cgroups and (for the sandbox) its IP address stay on the node. Each sync
 * tries again. The error says why: the network plugin failing to tear down the pod's network, the runtime not
 * answering in time, or the runtime no longer knowing the container.
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { podFailureEvidence } from '../finding-builder.ts';
import { kindId } from '../../catalog/catalog.ts';
import type { Finding } from '../../model/trace.ts';
import { clip, errorClass, failedActions, isNetworkPluginError } from '../text-scan.ts';
import { count, duration, lineRef, podName, timeOfEvent } from '../wording.ts';

const KILL_ACTIONS: ReadonlySet<string> = new Set(['KillPodSandbox', 'KillContainer']);
/** Kinds after which a pod has finished terminating (or is gone from the API). */
const DONE_KINDS = ['pw.terminated', 'pw.complete', 'status.resources-reclaimed', 'syncloop.remove'];
const MAX_GROUPS = 500;
const REMOVE = kindId('syncloop.remove');

type Cause = 'network' | 'timeout' | 'gone' | 'other';

interface KillFailure {
  pod: number;
  action: string;
  target: string;
  events: number[];
  total: number;
  error: string;
}

export const podKillFailed: Detector = {
  id: 'pod-kill-failed',
  detect(ctx) {
    const ev = ctx.trace.events;
    const groups = new Map<string, KillFailure>();
    for (const e of ctx.ofKinds(['pw.sync-error', 'housekeeping.kill-unwanted-failed'])) {
      if (ev.pod[e] < 0) continue;
      for (const a of failedActions(ctx.text(e))) {
        if (!KILL_ACTIONS.has(a.action)) continue;
        // A sandbox is named by the pod's UID: one group per pod for it.
        const target = a.action === 'KillContainer' ? a.target : '';
        const key = `${ev.pod[e]}/${a.action}/${target}`;
        let g = groups.get(key);
        if (!g) {
          if (groups.size >= MAX_GROUPS) continue;
          g = { pod: ev.pod[e], action: a.action, target, events: [], total: 0, error: '' };
          groups.set(key, g);
        }
        g.total++;
        if (g.events.length < 200 && g.events[g.events.length - 1] !== e) g.events.push(e);
        if (!g.error && a.detail) g.error = a.detail;
      }
    }
    if (groups.size === 0) return [];
    const done = ctx.ofKinds(DONE_KINDS);
    return [...groups.values()].map((g) => describe(ctx, g, done));
  },
};

function causeOf(error: string): Cause {
  if (isNetworkPluginError(error)) return 'network';
  const cls = errorClass(error);
  if (cls === 'deadline exceeded' || error.includes('timeout')) return 'timeout';
  if (cls === 'not found' || error.includes('No such container')) return 'gone';
  return 'other';
}

const CAUSE_TEXT: Record<Cause, string> = {
  network: 'The pod network plugin (CNI) could not tear down the pod\'s network: the sandbox is only stopped once its network is released, so the kill fails as long as the plugin does.',
  timeout: 'The runtime did not answer the kill in time: it is hung or overloaded, or the container\'s process does not exit (a process stuck in uninterruptible sleep, often on NFS or a failing disk).',
  gone: 'The runtime no longer knows what the kubelet asked it to stop: it was removed behind the kubelet\'s back (a runtime restart, a manual crictl rm).',
  other: 'The runtime refused the kill.',
};

const CAUSE_SHORT: Record<Cause, string> = { network: 'network teardown (CNI)', timeout: 'runtime timeout', gone: 'not found in the runtime', other: 'runtime error' };

const NEXT: Record<Cause, string> = {
  network: 'Check the network plugin on this node: its pod (calico-node, cilium, flannel, aws-node…) and its log, the config in /etc/cni/net.d and the binaries in /opt/cni/bin; the runtime\'s log (journalctl -u containerd / crio) has the plugin\'s whole error. Deleting the pod with --force only removes the API object; the sandbox stays on the node until the plugin can release it.',
  timeout: 'Read the runtime\'s log for these minutes (journalctl -u containerd / crio / docker) and look at the container\'s processes on the node (crictl ps, ps -o stat: a D state is uninterruptible sleep); a hung shim or a stuck mount keeps the container from stopping.',
  gone: 'Usually nothing to do: the kubelet stops retrying once the runtime no longer lists the container; if the pod stays Terminating, restart the kubelet so it relists the runtime.',
  other: 'Read the runtime\'s log for the container or sandbox named (journalctl -u containerd / crio / docker) and crictl inspect / inspectp on the node.',
};

function describe(ctx: FindingContext, g: KillFailure, done: Uint32Array): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const { b, first, last, spanUs } = podFailureEvidence(trace, g.pod, g.events);
  b.podLanes(g.pod, [g.action === 'KillPodSandbox' ? 'sandbox' : 'container']);
  const cause = causeOf(g.error);
  const what = g.action === 'KillPodSandbox' ? 'the sandbox' : `container ${g.target || '?'}`;
  // The first sign after the last failure that the pod finished terminating (or left the API).
  let after = -1;
  for (const e of done) if (ev.pod[e] === g.pod && ev.timeUs[e] > ev.timeUs[last]) { after = e; break; }
  const parts = [
    `The pod worker could not kill ${what} of ${podName(trace, g.pod)}: ${g.action === 'KillPodSandbox' ? 'KillPodSandboxError' : 'KillContainerError'}${g.error ? `, "${clip(g.error, 200)}"` : ''} — ${g.total === 1 ? `1 failed sync, at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})` : `${count(g.total, 'failed sync')} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)})`}.`,
    CAUSE_TEXT[cause],
    `Until the kill succeeds the pod cannot finish terminating: it stays Terminating, and its volumes${g.action === 'KillPodSandbox' ? ', cgroups and IP address' : ' and cgroups'} stay on the node; each sync tries again.`,
    after >= 0 ? `It got through later: ${lineRef(trace, after)} at ${timeOfEvent(trace, after)} shows the pod ${ev.kind[after] === REMOVE ? 'removed from its source' : 'finished terminating'}.` : '',
    spanUs >= 1e6 ? `It went on for ${duration(spanUs)}.` : '',
  ].filter(Boolean);
  return b.build({
    id: 'pod-kill-failed',
    title: `Killing ${what} of ${podName(trace, g.pod)} fails: ${CAUSE_SHORT[cause]}${g.total > 1 ? ` (${g.total}×)` : ''}`,
    severity: after < 0 && (g.total >= 3 || spanUs >= 60e6) ? 'error' : 'warning',
    explanation: parts.join(' '),
    next: NEXT[cause],
  });
}
