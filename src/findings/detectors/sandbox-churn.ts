/**
 * sandbox-churn: the sandboxes of several pods on one node keep dying. SyncPod finds a pod's sandbox not ready (or
 * changed, or without an IP) and starts a new one, killing the pod's containers with it; when that happens to many
 * pods of a node, and again to the same pods, the cause is the node's, not the pods': most often the kubelet and the
 * runtime disagreeing on the cgroup driver (containerd's SystemdCgroup = false beside a kubelet on systemd, on a
 * cgroup v2 host: kubernetes/kubernetes#110177 on Ubuntu 22.04), a runtime that restarts, or the pause processes
 * being killed. "No sandbox … can be found" (a pod's first sandbox) is not a loss, nor a sandbox the kubelet stopped.
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { kindId } from '../../catalog/catalog.ts';
import type { Finding } from '../../model/trace.ts';
import { count, duration, lineRef, podNames, timeOfEvent } from '../wording.ts';

/** The words of runtime.sandbox-changed (catalog M105) that say a sandbox the pod had is gone. */
const LOST_WORDS = ['No ready sandbox', 'has changed. Need to start a new one', 'has no IP address'];
const SANDBOX_CHANGED = kindId('runtime.sandbox-changed');
/** Pods of one node losing their sandbox, and how many of them lost it more than once, for the node to be the cause. */
const MIN_PODS = 3;
const MIN_REPEATING_PODS = 2;
const MAX_EVIDENCE = 24;
const SAME_LOSS_US = 5_000_000;
const STOPPED_BY_KUBELET = ['syncloop.remove', 'syncloop.delete', 'housekeeping.kill-unwanted'];
/** How long after the kubelet stopped a pod a missing sandbox is still that stop's (a static pod re-added 13 s later). */
const STOPPED_RECENTLY_US = 120_000_000;
/** A container kill this soon after its pod's loss is that loss's. */
const KILL_AFTER_LOSS_US = 2_000_000;

export interface NodeSandboxLosses {
  node: number;
  /** Loss events per pod, in time order. */
  byPod: Map<number, number[]>;
  all: number[];
}

/** Sandbox losses per node: the sync's own words where the log has them, else the SandboxChanged events. */
export function sandboxLosses(ctx: FindingContext): Map<number, NodeSandboxLosses> {
  const ev = ctx.trace.events;
  const fromSync = ctx.ofKind('runtime.sandbox-changed').filter((e) => {
    const text = ctx.text(e);
    return LOST_WORDS.some((w) => text.includes(w));
  });
  const list = fromSync.length ? fromSync : ctx.ofKind('event.sandbox-changed');
  // When the kubelet itself stopped the pod (removed from its source, deleted, killed as unwanted), its sandbox is
  // gone on purpose: the sync or re-add after it finding none ready is no loss.
  const stoppedUs = new Map<number, number[]>();
  for (const e of ctx.ofKinds(STOPPED_BY_KUBELET)) {
    for (const p of ev.pod[e] >= 0 ? [ev.pod[e]] : ctx.trace.multiPod[e] ?? []) {
      const times = stoppedUs.get(p) ?? [];
      times.push(ev.timeUs[e]);
      stoppedUs.set(p, times);
    }
  }
  const out = new Map<number, NodeSandboxLosses>();
  for (const e of list) {
    const pod = ev.pod[e];
    if (pod < 0) continue;
    const t = ev.timeUs[e];
    if (stoppedUs.get(pod)?.some((s) => t >= s && t - s <= STOPPED_RECENTLY_US)) continue;
    const node = ev.node[e];
    let n = out.get(node);
    if (!n) { n = { node, byPod: new Map(), all: [] }; out.set(node, n); }
    const mine = n.byPod.get(pod) ?? [];
    // Syncs a moment apart, before the new sandbox is up, see the same loss.
    if (mine.length && t - ev.timeUs[mine[mine.length - 1]] < SAME_LOSS_US) continue;
    mine.push(e);
    n.byPod.set(pod, mine);
    n.all.push(e);
  }
  return out;
}

/** The node's sandboxes keep dying: enough pods, enough of them more than once. */
export function isChurning(n: NodeSandboxLosses): boolean {
  let repeating = 0;
  for (const list of n.byPod.values()) if (list.length > 1) repeating++;
  return n.byPod.size >= MIN_PODS && repeating >= MIN_REPEATING_PODS;
}

export const sandboxChurn: Detector = {
  id: 'sandbox-churn',
  detect(ctx) {
    const out: Finding[] = [];
    for (const n of sandboxLosses(ctx).values()) if (isChurning(n)) out.push(describe(ctx, n));
    return out;
  },
};

function describe(ctx: FindingContext, n: NodeSandboxLosses): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  // The first losses of each pod first, so every pod is in the evidence.
  const firstRound = [...n.byPod.values()].map((l) => l[0]);
  for (const e of [...firstRound, ...n.all].slice(0, MAX_EVIDENCE)) b.evidence(e);
  for (const pod of n.byPod.keys()) b.pod(pod).podLanes(pod, ['sandbox', 'pod-worker']);
  // The containers killed for a new sandbox (within a moment of the loss, same pod).
  let kills = 0;
  for (const k of ctx.ofKind('runtime.kill')) {
    const losses = n.byPod.get(ev.pod[k]);
    if (!losses || kills >= MAX_EVIDENCE) continue;
    const t = ev.timeUs[k];
    if (losses.some((e) => t >= ev.timeUs[e] && t - ev.timeUs[e] <= KILL_AFTER_LOSS_US)) { b.evidence(k); kills++; }
  }
  const first = n.all[0];
  const last = n.all[n.all.length - 1];
  const spanUs = ev.timeUs[last] - ev.timeUs[first];
  const most = [...n.byPod.entries()].sort((a, c) => c[1].length - a[1].length)[0];
  const fromEvents = ev.kind[first] !== SANDBOX_CHANGED;
  const said = fromEvents ? 'the kubelet reported "Pod sandbox changed, it will be killed and re-created"'
    : 'SyncPod found a pod\'s sandbox gone (not ready, changed or without an IP) and started a new one';
  return b.build({
    id: 'sandbox-churn',
    title: `Pod sandboxes keep dying: ${count(n.byPod.size, 'pod')}, ${count(n.all.length, 'time')}`,
    severity: n.all.length >= 2 * n.byPod.size || spanUs >= 300e6 ? 'error' : 'warning',
    explanation: `From ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)}), ${duration(spanUs)}, `
      + `${said} ${count(n.all.length, 'time')}, for ${count(n.byPod.size, 'pod')} of this node: ${podNames(trace, n.byPod.keys())} `
      + `(${podNames(trace, [most[0]], 1)} ${count(most[1].length, 'time')}). Each new sandbox means all the pod's containers are killed and started again${kills ? ` (${count(kills, 'kill')} here)` : ''}. `
      + 'When the sandboxes of many pods on one node die, and again after they were re-created, the cause is the node\'s, not the pods\': '
      + 'most often the kubelet and the container runtime using different cgroup drivers (the kubelet on systemd, containerd with SystemdCgroup = false, '
      + 'on a cgroup v2 host such as Ubuntu 22.04: the runtime\'s cgroups are torn down under the sandboxes), else a runtime that restarts, or its pause processes being killed (OOM).',
    next: 'Compare the kubelet\'s cgroupDriver (/var/lib/kubelet/config.yaml) with the runtime\'s (containerd: SystemdCgroup in /etc/containerd/config.toml; CRI-O: cgroup_manager) — they must agree — and restart the runtime after changing it; '
      + 'read `journalctl -u containerd` (or crio) at these times for restarts, and `dmesg` for OOM kills of pause processes.',
  });
}
