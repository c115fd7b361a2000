/**
 * crashloop-backoff: a container keeps exiting and SyncPod will not restart it before its restart back-off expires
 * (10 s doubling to 5 min, MaxContainerBackOff; kubelet-reference §7). Every sync in between fails with
 * CrashLoopBackOff and is retried after 10–15 s (§2.1). Reports the back-off growth per container.
 */
import type { Detector } from '../detectors.ts';
import { KINDS } from '../../catalog/catalog.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { kindId } from '../../catalog/catalog.ts';
import type { Finding } from '../../model/trace.ts';
import { backOffIn, failedActions } from '../text-scan.ts';
import { count, lineRef, listOf, podName, timeOfEvent } from '../wording.ts';
import { parseGoDurationUs } from '../../util/time.ts';

const MAX_BACKOFF_US = 300e6;
const SYNC_ERROR = kindId('pw.sync-error');

interface Loop {
  pod: number;
  container: string;
  /** Back-off values in the order they appeared (consecutive repeats collapsed), with the line that showed each. */
  steps: { label: string; delayUs: number; at: number }[];
  lines: number;
  events: number[];
}

export const crashloopBackoff: Detector = {
  id: 'crashloop-backoff',
  detect(ctx) {
    const ev = ctx.trace.events;
    const loops = new Map<string, Loop>();
    const note = (e: number, container: string, label: string, delayUs: number) => {
      const key = `${ev.pod[e]}/${container}`;
      let l = loops.get(key);
      if (!l) { l = { pod: ev.pod[e], container, steps: [], lines: 0, events: [] }; loops.set(key, l); }
      l.lines++;
      if (l.events.length < 300) l.events.push(e);
      const prev = l.steps[l.steps.length - 1];
      if (label && (!prev || prev.label !== label) && l.steps.length < 50) l.steps.push({ label, delayUs, at: e });
    };
    for (const e of ctx.ofKinds(['runtime.backoff', 'pw.sync-error'])) {
      const text = ctx.text(e);
      const crash = failedActions(text).filter((a) => a.reason === 'CrashLoopBackOff');
      // A line that names no pod (cut before its pod=, by a pager or an excerpt) still names the container: the loop
      // is reported under the container's name alone.
      if (ev.pod[e] < 0 && !crash.length) continue;
      if (crash.length) {
        for (const a of crash) {
          const b = backOffIn(a.detail);
          note(e, a.target, b?.label ?? '', b?.delayUs ?? NaN);
        }
        continue;
      }
      if (ev.kind[e] === SYNC_ERROR) continue;
      // runtime.backoff: the structured err text, or the printf back-off value with the container in cname.
      const b = backOffIn(text);
      const label = b?.label ?? (Number.isNaN(parseGoDurationUs(text)) ? '' : text);
      const container = b?.container || (ev.cname[e] > 0 ? ctx.trace.strings[ev.cname[e]] : '');
      if (container || label) note(e, container, label, b?.delayUs ?? parseGoDurationUs(label));
    }
    const all = [...loops.values()];
    const controlPlane = controlPlaneLoops(ctx, all);
    return all.map((l) => describe(ctx, l, controlPlane.get(l)));
  },
};

/** The control plane's containers (kubeadm's static pods) by the names their manifests give them. */
const CONTROL_PLANE = new Set(['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler']);

/**
 * Per loop of a control-plane container: the names of the control-plane containers looping on its node, when two
 * or more do (they fail together for one cause, told once in each finding).
 */
function controlPlaneLoops(ctx: FindingContext, loops: readonly Loop[]): Map<Loop, string[]> {
  const byNode = new Map<number, Loop[]>();
  for (const l of loops) {
    if (!CONTROL_PLANE.has(l.container)) continue;
    const node = ctx.trace.events.node[l.events[0]];
    const list = byNode.get(node) ?? [];
    list.push(l);
    byNode.set(node, list);
  }
  const out = new Map<Loop, string[]>();
  for (const list of byNode.values()) {
    const names = [...new Set(list.map((l) => l.container))].sort();
    if (names.length < 2) continue;
    for (const l of list) out.set(l, names);
  }
  return out;
}

/** How long before the loop's first line a liveness failure of the pod still counts as one of its causes. */
const LIVENESS_BEFORE_US = 10 * 60e6;

/** Liveness failures per pod, in time order, read once per run of the detectors. */
const livenessByCtx = new WeakMap<FindingContext, Map<number, number[]>>();

function livenessFailuresByPod(ctx: FindingContext): Map<number, number[]> {
  let byPod = livenessByCtx.get(ctx);
  if (byPod) return byPod;
  byPod = new Map();
  const trace = ctx.trace;
  const ev = trace.events;
  for (const e of ctx.ofKinds(['syncloop.probe-liveness-failed', 'probe.failed', 'syncloop.probe'])) {
    if (ev.pod[e] < 0) continue;
    const kind = KINDS[ev.kind[e]];
    const liveness = kind === 'syncloop.probe-liveness-failed'
      || (kind === 'probe.failed' && trace.lanes[ev.lane[e]]?.probeType === 'liveness')
      || (kind === 'syncloop.probe' && /^liveness (unhealthy|failure)/.test(ctx.text(e)));
    if (!liveness) continue;
    const list = byPod.get(ev.pod[e]);
    if (list) list.push(e);
    else byPod.set(ev.pod[e], [e]);
  }
  livenessByCtx.set(ctx, byPod);
  return byPod;
}

/** The last liveness failure of the loop's pod from LIVENESS_BEFORE_US before its first line to its last, or -1. */
function livenessFailure(ctx: FindingContext, l: Loop): number {
  const ev = ctx.trace.events;
  const fromUs = ev.timeUs[l.events[0]] - LIVENESS_BEFORE_US;
  const toUs = ev.timeUs[l.events[l.events.length - 1]];
  let found = -1;
  for (const e of livenessFailuresByPod(ctx).get(l.pod) ?? []) if (ev.timeUs[e] >= fromUs && ev.timeUs[e] <= toUs) found = e;
  return found;
}

function describe(ctx: FindingContext, l: Loop, controlPlane: string[] | undefined): Finding {
  const trace = ctx.trace;
  const b = new FindingBuilder(trace);
  for (const s of l.steps) b.evidence(s.at);
  b.evidence(l.events[0]).evidence(l.events[l.events.length - 1]);
  for (const e of l.events.slice(0, 20)) b.evidence(e);
  b.pod(l.pod).podLanes(l.pod, ['container']);
  // Exit codes of the container's instances the log shows.
  const exits: string[] = [];
  let instances = 0;
  // Instances the log never names (1.2x PLEG lines give only IDs) count too when no other container is named.
  const own = trace.pods[l.pod]?.containers ?? [];
  const otherNamed = own.some((ci) => !trace.containers[ci].sandbox && trace.containers[ci].name && trace.containers[ci].name !== l.container);
  for (const ci of own) {
    const c = trace.containers[ci];
    if (c.sandbox || (c.name !== l.container && (c.name || otherNamed))) continue;
    instances++;
    b.container(ci);
    if (!Number.isNaN(c.exitCode)) exits.push(String(c.exitCode));
  }
  const maxDelay = Math.max(0, ...l.steps.map((s) => s.delayUs).filter((d) => !Number.isNaN(d)));
  const growth = l.steps.map((s) => s.label).join(' → ');
  // An init container's loop holds the whole pod back; a sidecar's does not stop the app containers once they run.
  const role = own.map((ci) => trace.containers[ci]).find((c) => !c.sandbox && c.name === l.container && c.role)?.role;
  const appStarted = own.some((ci) => !trace.containers[ci].sandbox && !trace.containers[ci].role && trace.containers[ci].name);
  const exitText = exits.length ? ` (exit codes seen: ${listOf([...new Set(exits)], 5)})` : '';

  const parts: string[] = [];
  if (role === 'init') {
    parts.push(`Init container ${l.container} of ${podName(trace, l.pod)} keeps failing${exitText}: the pod cannot finish initialising, so its app containers are not started (kubectl shows Init:CrashLoopBackOff, the pod stays Pending with Initialized=False), and the pod worker's SyncPod restarts the init container only when its restart back-off expires.`);
    if (!appStarted) parts.push('No app container of the pod starts anywhere in the log.');
  } else if (l.pod < 0) {
    parts.push(`Container ${l.container || '(unnamed)'} keeps exiting, and the pod worker's SyncPod will not restart it until its restart back-off expires. ${unnamedPod(ctx, l)}`);
  } else {
    parts.push(`${role === 'sidecar' ? 'Sidecar container' : 'Container'} ${l.container || '(unnamed)'} of ${podName(trace, l.pod)} keeps exiting${exitText}, and the pod worker's SyncPod will not restart it until its restart back-off expires.`);
  }
  if (l.steps.length === 1) {
    const failed = Number.isNaN(l.steps[0].delayUs) ? 0 : Math.round(Math.log2(Math.max(1, l.steps[0].delayUs / 10e6))) + 1;
    parts.push(`The back-off was ${l.steps[0].label} (${lineRef(trace, l.steps[0].at)} at ${timeOfEvent(trace, l.steps[0].at)}); it starts at 10 s and doubles after each failed restart up to 5m0s${failed > 1 ? `, so at least ${failed} restarts in a row had already failed` : ''}.`);
  } else if (l.steps.length) {
    parts.push(`The back-off went ${growth} (first ${lineRef(trace, l.steps[0].at)} at ${timeOfEvent(trace, l.steps[0].at)}${l.steps.length > 1 ? `, last change ${lineRef(trace, l.steps[l.steps.length - 1].at)}` : ''}); it starts at 10 s and doubles after each failed restart up to 5m0s.`);
  }
  // A single step at the cap has said how often it failed already.
  if (maxDelay >= MAX_BACKOFF_US) parts.push(l.steps.length === 1 ? 'It has reached the 5m0s cap: from now on it is restarted only every 5 minutes.' : 'It has reached the 5m0s cap: the container has failed at least six times in a row.');
  const liveness = l.pod >= 0 ? livenessFailure(ctx, l) : -1;
  if (liveness >= 0) {
    b.evidence(liveness);
    parts.push(`A liveness probe of the pod failed (${lineRef(trace, liveness)} at ${timeOfEvent(trace, liveness)}): the kubelet kills a container whose liveness probe fails and starts it again, and restarts that keep failing end in this back-off too — check the probe (its timeout, period and initial delay against how long the container takes to answer) before the container's own output.`);
  }
  parts.push(`${count(l.lines, 'line')} ${l.lines === 1 ? 'reports' : 'report'} the back-off; each failed sync in between is retried after 10–15 s${instances > 1 ? `; ${instances} instances of the container appear in the log` : ''}.`);
  if (controlPlane) {
    // kubeadm made systemd the default cgroup driver in 1.22: said only where the kubelet may be that new.
    const max = trace.sources[trace.events.source[l.events[0]]]?.versionRange.max ?? '';
    const before122 = /^1\.\d+$/.test(max) && Number(max.slice(2)) < 22;
    parts.push(`${controlPlane.length} control-plane containers loop on this node (${listOf(controlPlane, 4)}). They depend on each other — the API server on etcd, the controller manager and the scheduler on the API server — so the first of them to fail is usually the cause. When all of them keep being stopped with nothing wrong in their own output, the usual cause is a cgroup driver mismatch: the kubelet's cgroupDriver${before122 ? '' : ' (systemd by default since kubeadm 1.22)'} and the runtime's (containerd: SystemdCgroup in /etc/containerd/config.toml; Docker: its exec-opts native.cgroupdriver) must be the same.`);
  }
  return b.build({
    id: 'crashloop-backoff',
    title: `${role === 'init' ? 'Init:CrashLoopBackOff: init container' : 'CrashLoopBackOff:'} ${l.container || 'container'} ${l.pod < 0 ? '(pod not named)' : `in ${podName(trace, l.pod)}`}${l.steps.length ? ` (back-off ${l.steps[l.steps.length - 1].label})` : ''}`,
    severity: maxDelay >= MAX_BACKOFF_US || (role === 'init' && !appStarted) ? 'error' : 'warning',
    explanation: parts.join(' '),
    next: controlPlane
      ? `Compare the cgroup drivers (the kubelet's cgroupDriver in /var/lib/kubelet/config.yaml; containerd's SystemdCgroup = true under the runc options of /etc/containerd/config.toml), then read each control-plane container's last run on the node: crictl ps -a --name ${l.container}, crictl logs ID — etcd's first, the API server's next.`
      : l.pod < 0
      ? `Find the pod first: kubectl get pods -A -o wide --field-selector spec.nodeName=${trace.nodes[trace.events.node[l.events[0]]]?.name || 'NODE'} (the one in CrashLoopBackOff with container ${l.container}); on the node, crictl ps -a --name ${l.container} lists its instances and crictl logs ID shows the last run's output. Then read why it exits (kubectl logs --previous, kubectl describe pod: Last State).`
      : CONTROL_PLANE.has(l.container)
      ? `Read the container's last run on the node (crictl ps -a --name ${l.container}, crictl logs ID) and its exit reason: the kubelet only delays the restarts. If it ends with nothing wrong in its own output — stopped, not failing — and the other control-plane containers loop too, the kubelet's and the runtime's cgroup drivers differ (the kubelet's cgroupDriver in /var/lib/kubelet/config.yaml; containerd's SystemdCgroup under the runc options of /etc/containerd/config.toml).`
      : role === 'init'
      ? `Read the init container's last output and exit reason (kubectl logs ${podArgs(trace, l.pod)} -c ${l.container} --previous; kubectl describe pod: Init Containers); an init container usually waits for or prepares something outside the pod (a database, a migration, a file, a service name) — check that dependency. The kubelet only delays the restarts.`
      : 'Read the previous run\'s output and exit reason (kubectl logs --previous, kubectl describe pod: Last State); the kubelet only delays the restarts — the cause is in the container (command, configuration, a dependency it cannot reach, OOM kill).',
    scenario: role === 'init' ? 'init-containers' : undefined,
  });
}

/**
 * Why a loop has no pod, for its explanation: its lines stop before the pod (the pager or the excerpt cut them),
 * with the pod as far as the text names it (`pod=etcd-k8s-mas…`).
 */
function unnamedPod(ctx: FindingContext, l: Loop): string {
  const text = ctx.text(l.events[0]);
  const at = text.lastIndexOf(' pod=');
  const partial = at >= 0 ? text.slice(at + 5, at + 5 + 120).replace(/["\\]+$/, '') : '';
  const lines = `${l.events.length === 1 ? 'Its line does' : `Its ${l.events.length} lines do`} not name the pod (${lineRef(ctx.trace, l.events[0])} stops before it`;
  return partial ? `${lines}; the back-off message names it as far as "${partial}" before the line is cut).` : `${lines}).`;
}

/** `-n ns name` for kubectl, or a placeholder when the log names the pod only by its UID. */
function podArgs(trace: FindingContext['trace'], pod: number): string {
  const p = trace.pods[pod];
  return p?.name ? `${p.namespace ? `-n ${p.namespace} ` : ''}${p.name}` : 'POD';
}
