/**
 * sandbox-create-failed: the pod worker's SyncPod could not create the pod sandbox (RunPodSandbox failing on CNI
 * setup, the pause image, cgroups or the runtime), so no container of the pod can start and it stays
 * ContainerCreating; each failed sync is retried after 10–15 s (kubelet-reference §3.6, §2.4).
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { CATALOG, kindId, kindName } from '../../catalog/catalog.ts';
import { pullCauseWhy } from './image-pull-failed.ts';
import type { Finding } from '../../model/trace.ts';
import { eventRawText } from '../../model/trace-query.ts';
import { CGROUP_DRIVER_MISMATCH, clipMiddle, errorClass, failedActions, isCgroupDriverMismatch, isNetworkPluginError, isSocketDown, networkErrorSentences, runtimeErrorText } from '../text-scan.ts';
import { count, duration, lineRef, podName, timeOfEvent } from '../wording.ts';
import { isChurning, sandboxLosses } from './sandbox-churn.ts';
import { agentCrashLoopSentence, crashLoopingNetworkAgent } from '../network-agent.ts';
import { eventsNear } from '../episodes.ts';

const SYNC_ERROR = kindId('pw.sync-error');
const SANDBOX_CHANGED = kindId('runtime.sandbox-changed');
const NETWORK_FAILED = kindId('runtime.sandbox-network-failed');
/** dockertools' "Failed to create pod infra container" (≤1.6). */
const INFRA_CONTAINER_FAILED = CATALOG.findIndex((e) => e.id === 'X128');
const CREATE_FAILED = kindId('runtime.sandbox-create-failed');
const CALL_FAILED = kindId('runtime.call-failed');
/** The runtime client's own line for a failed RunPodSandbox (the first of an attempt's lines, with the whole error). */
const isRunPodSandboxCall = (e: number, msg: ArrayLike<number>) => {
  const cri = CATALOG[msg[e]].cri;
  return cri !== undefined && cri.role === 'call' && cri.calls.includes('RunPodSandbox');
};
const isNetworkAdd = (line: string) => line.includes('Error adding') || line.includes('adding to cni network');
/** The raw line read for it: a record glued after another on one line (ingest/glued-records.ts) starts further in. */
const NETWORK_ADD_RAW_CHARS = 2000;
/** "No ready sandbox" this many times for one pod without a failure line still means it keeps losing its sandbox. */
const REPEATED_SANDBOX_CHANGES = 5;
/**
 * One failed sync logs its failure at several levels within a millisecond (the runtime client, the sandbox helper,
 * computePodActions' caller, the pod worker), though the network plugin's own error can come seconds before the
 * runtime's call returns (the runtime tears down what it set up first; a Windows node takes 2–3 s); the next try
 * comes 10 s or more later. Lines further apart than this are another attempt.
 */
const SAME_ATTEMPT_US = 5e6;
/** The kubelet's requests to its API server, and how near a static kube-apiserver's sandbox failure they count. */
const API_REQUEST_KINDS = ['api.list-failed', 'node.status-error', 'node.lease-failed', 'node.register-failed', 'error.unhandled', 'api.event-write-failed'];
const API_NEAR_US = 10 * 60e6;

interface PodSandbox {
  pod: number;
  failures: number[];
  failureCount: number;
  /** Attempts: bursts of failure lines (SAME_ATTEMPT_US), and when the last failure line was. */
  attempts: number;
  lastFailureUs: number;
  changes: number[];
  error: string;
  /** The line `error` was read from (-1: none yet): where the text column cut the error, the rest is in its line. */
  errorEvent: number;
  /** A failure line is about the pod network (its error, or its message: dockertools' "Failed to setup network for pod"). */
  network: boolean;
}

export const sandboxCreateFailed: Detector = {
  id: 'sandbox-create-failed',
  detect(ctx, earlier) {
    const ev = ctx.trace.events;
    const pods = new Map<number, PodSandbox>();
    const of = (pod: number) => {
      let p = pods.get(pod);
      if (!p) { p = { pod, failures: [], failureCount: 0, attempts: 0, lastFailureUs: -Infinity, changes: [], error: '', errorEvent: -1, network: false }; pods.set(pod, p); }
      return p;
    };
    // Failure lines cut before they name their pod (a screen's edge): the next line of the same process that names
    // one, in the same attempt, is theirs (the runtime client's and the sandbox helper's lines come before the pod
    // worker's).
    let podless: number[] = [];
    /** The last failure line that named its pod (-1: none yet). */
    let lastNamed = -1;
    // Podless failure lines no pod's line claimed: the node's own finding when their error names a cause.
    const unclaimed: number[] = [];
    const leaveUnclaimed = (q: number) => { if (unclaimed.length < MAX_UNCLAIMED) unclaimed.push(q); };
    for (const e of ctx.ofKinds(['runtime.sandbox-create-failed', 'pw.sync-error', 'event.sandbox-failed', 'runtime.sandbox-changed', 'runtime.sandbox-network-failed', 'runtime.call-failed'])) {
      if (ev.kind[e] === CALL_FAILED && !isRunPodSandboxCall(e, ev.msg)) continue;
      const pod = ev.pod[e];
      if (pod < 0) {
        const podlessKind = ev.kind[e] === CREATE_FAILED || ev.kind[e] === CALL_FAILED
          || (ev.kind[e] === NETWORK_FAILED && isNetworkAdd(eventRawText(ctx.trace, e, NETWORK_ADD_RAW_CHARS)));
        if (!podlessKind) continue;
        // The dockershim logs the plugin's error again, naming no pod, right after its cni.go line that names it.
        const prev = lastNamed;
        if (prev >= 0 && ev.kind[e] === NETWORK_FAILED && ev.kind[prev] === NETWORK_FAILED && ev.node[prev] === ev.node[e] && ev.pid[prev] === ev.pid[e] && ev.timeUs[e] - ev.timeUs[prev] <= RELOGGED_US) {
          const p = of(ev.pod[prev]);
          p.failureCount++;
          if (p.failures.length < 100) p.failures.push(e);
        } else if (podless.length < 100) podless.push(e);
        continue;
      }
      // The dockershim's CNI calls: adding a new sandbox to the network failed (taking one off it is teardown).
      if (ev.kind[e] === NETWORK_FAILED && !isNetworkAdd(eventRawText(ctx.trace, e, NETWORK_ADD_RAW_CHARS))) continue;
      if (ev.kind[e] === SANDBOX_CHANGED) {
        const p = of(pod);
        if (p.changes.length < 50) p.changes.push(e);
        continue;
      }
      let error = ctx.text(e);
      if (ev.kind[e] === SYNC_ERROR) {
        const a = failedActions(error).find((x) => x.action === 'CreatePodSandbox');
        if (!a) continue;
        error = a.detail;
      }
      const p = of(pod);
      if (podless.length > 0) {
        for (const q of podless) {
          if (ev.timeUs[e] - ev.timeUs[q] > SAME_ATTEMPT_US || ev.node[q] !== ev.node[e] || ev.pid[q] !== ev.pid[e]) { leaveUnclaimed(q); continue; }
          p.failureCount++;
          if (p.failures.length < 100) p.failures.push(q);
          const own = ctx.text(q);
          if (own.length > p.error.length && !choppedBeforeItsError(own)) { p.error = own; p.errorEvent = q; }
        }
        podless = [];
      }
      lastNamed = e;
      p.failureCount++;
      if (ev.timeUs[e] - p.lastFailureUs > SAME_ATTEMPT_US) p.attempts++;
      p.lastFailureUs = ev.timeUs[e];
      if (p.failures.length < 100) p.failures.push(e);
      if (!p.error && error && error.length > 12 && !choppedBeforeItsError(error)) { p.error = error; p.errorEvent = e; }
      if (!p.network) {
        const whole = wholeText(ctx, error, e);
        p.network = ev.kind[e] === NETWORK_FAILED || isNetworkPluginError(whole) || whole.includes('setup network') || eventRawText(ctx.trace, e, 300).includes('setup network for pod');
      }
    }
    for (const q of podless) leaveUnclaimed(q);
    // Losses alone on a node whose sandboxes keep dying are that node's finding (sandbox-churn), not each pod's.
    const churning = new Set([...sandboxLosses(ctx).values()].filter(isChurning).map((n) => n.node));
    // Lines a runtime-call finding already tells (the runtime client's failures) are not told again for the node.
    const told = new Set(earlier.filter((f) => f.id === 'runtime-call-errors').flatMap((f) => f.evidence));
    const out: Finding[] = nodeFindings(ctx, unclaimed.filter((e) => !told.has(e)));
    for (const p of pods.values()) {
      if (p.failureCount === 0 && churning.has(ctx.trace.pods[p.pod].node)) continue;
      if (p.failureCount > 0 || p.changes.length >= REPEATED_SANDBOX_CHANGES) out.push(describe(ctx, p));
    }
    return out;
  },
};

/**
 * An error a pager chopped at the screen's edge (its `>` marker) a few words in: "rpc error: code = Unknown desc =
 * failed to s>" says nothing worth quoting.
 */
function choppedBeforeItsError(error: string): boolean {
  if (!error.endsWith('>')) return false;
  return runtimeErrorText(error).replace(/^rpc error: code = \w+ desc = /, '').length < 24;
}

function describe(ctx: FindingContext, p: PodSandbox): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  for (const e of p.failures) b.evidence(e);
  for (const e of p.changes.slice(0, 10)) b.evidence(e);
  b.pod(p.pod).podLanes(p.pod, ['sandbox']);
  const events = p.failures.length ? p.failures : p.changes;
  const first = events[0];
  const last = events[events.length - 1];
  const spanUs = ev.timeUs[last] - ev.timeUs[first];
  const wholeError = wholeText(ctx, p.error, p.errorEvent);
  const cause = sandboxCause(wholeError, p.network);
  // The sandbox's container had died before its network setup failed: the plugin was asked to wire up a sandbox
  // that no longer ran.
  const diedFirst = cause === 'network' && p.failures.length ? sandboxDiedBefore(ctx, p.pod, p.failures[0]) : -1;
  // The network plugin's agent crash-looping on the node is why its setup fails.
  const agent = cause === 'network' || cause === 'network-timeout' ? crashLoopingNetworkAgent(ctx, ctx.trace.pods[p.pod].node) : '';
  if (diedFirst >= 0) b.evidence(diedFirst);
  const networkMore = cause === 'network' ? networkErrorSentences(wholeError) : [];
  const hint = diedFirst >= 0
    ? ` The error is in network setup, but the sandbox's container had already died (${lineRef(trace, diedFirst)}, ${duration(ev.timeUs[p.failures[0]] - ev.timeUs[diedFirst])} before): the network plugin was asked to set up a sandbox that no longer ran, so its error follows from the sandbox dying, not from the plugin's configuration. Why the sandbox exited is the question — the runtime's log has it (on Windows, a memory limit too small for the pod, or the host compute service failing).`
    : cause === 'network' && agent
    ? ` The error is in network setup: the network plugin (CNI) failed for this sandbox. ${agentCrashLoopSentence(agent)}`
    : cause === 'network' && networkMore.length
    ? ` The error is in network setup: the network plugin (CNI) failed for this sandbox. ${networkMore.join(' ')}`
    : cause === 'network'
    ? ` The error is in network setup: the network plugin (CNI) failed for this sandbox.${wholeError.includes('/run/flannel/subnet.env') ? ' Flannel\'s CNI plugin reads /run/flannel/subnet.env, which flanneld writes on this node once it has its subnet lease: the file is missing, so flanneld is not running here (or not yet up, or crash-looping) — look at the kube-flannel pod on this node.' : ''}`
    : cause ? ` ${causeWhy(cause, wholeError)}` : '';
  // The pod was being torn down as its sandbox failed (the pod killer, a DELETE): the sync raced its teardown.
  const teardown = p.failures.length ? teardownNear(ctx, p.pod, first, last) : -1;
  if (teardown >= 0) b.evidence(teardown);
  const parts: string[] = [];
  if (p.failureCount) {
    const attempts = p.attempts > 1 ? ` in ${count(p.attempts, 'attempt')}` : p.failureCount > 1 ? ' (one attempt)' : '';
    const when = first === last ? `at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})`
      : `from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)})`;
    parts.push(`The pod worker could not create the sandbox for ${podName(trace, p.pod)}: ${count(p.failureCount, 'failure line')}${attempts} ${when}${p.error ? `, "${clipMiddle(runtimeErrorText(p.error), 200)}"` : ''}.${hint}`);
  } else {
    parts.push(`The pod worker found no ready sandbox for ${podName(trace, p.pod)} ${count(p.changes.length, 'time')} (${lineRef(trace, first)} to ${lineRef(trace, last)}) and had to start a new one each time.`);
  }
  if (teardown >= 0) {
    parts.push(`But the pod was being torn down at the time (${lineRef(trace, teardown)}: ${TEARDOWN_WORDS[kindName(ev.kind[teardown])] ?? 'its worker tearing it down'}): the sync that wanted a new sandbox raced the pod's teardown${cause === 'network' ? ', and a network error on a namespace that is already gone is that race, not the plugin\'s configuration' : ', and its error may follow from that'}. Nothing is left to start once the pod is gone.`);
  } else if (p.failures.some((e) => ev.msg[e] === INFRA_CONTAINER_FAILED)) {
    // dockertools (≤1.6): the "sandbox" is the infra container, and a failed network setup did not always remove it.
    parts.push('Before the CRI the pod\'s sandbox was its infra container (the pause container whose network namespace the others join): without it no container of the pod starts; the failed sync is retried within 10–15 s.' +
      (cause === 'network' || p.network ? ' But kubelets of that era did not always remove an infra container whose network setup had failed: the next sync could find it running and start the pod\'s containers in it without a network (kubernetes/kubernetes#14938) — a pod that runs but has no IP, or docker\'s bridge address.' : ''));
  } else {
    parts.push('Without a sandbox no container of the pod can start, so it stays ContainerCreating; the failed sync is retried within 10–15 s (sooner when an event about the pod comes first).');
  }
  // The node's own API server, run as a static pod here: the kubelet's requests to it are refused while it cannot start.
  const pod = trace.pods[p.pod];
  if (pod.kind === 'static' && pod.name.startsWith('kube-apiserver')) {
    const refused = eventsNear(ctx, ctx.ofKinds(API_REQUEST_KINDS), pod.node, ev.timeUs[first] - API_NEAR_US, ev.timeUs[last] + API_NEAR_US, 50)
      .filter((e) => ctx.text(e).includes('connection refused'));
    if (refused.length) {
      for (const e of refused.slice(0, 5)) b.evidence(e, false);
      parts.push(`Meanwhile the kubelet's own requests to the API server are refused (${count(refused.length, 'line')}, first ${lineRef(trace, refused[0])}): the API server it cannot start is this one, so the node's API errors follow from this failure.`);
    }
  }
  const persistent = p.attempts >= 3 || spanUs >= 60e6;
  return b.build({
    id: 'sandbox-create-failed',
    title: `Pod sandbox creation failing for ${podName(trace, p.pod)}${p.attempts > 1 ? ` (${p.attempts} attempts)` : ''}${cause && cause !== 'network' ? SANDBOX_CAUSES[cause].title : ''}`,
    severity: teardown >= 0 && !persistent ? 'info' : persistent ? 'error' : 'warning',
    explanation: `${parts.join(' ')}${spanUs >= 1e6 ? ` It went on for ${duration(spanUs)}.` : ''}`,
    next: teardown >= 0 && !persistent
      ? 'Nothing to fix if the pod went away as it should (a finished Job\'s pod, a deleted one); if such failures keep coming for pods that stay, read the runtime\'s and the CNI plugin\'s logs for these seconds.'
      : diedFirst >= 0
      ? 'Find why the sandbox exited right after it was created: the runtime\'s log for that sandbox ID (journalctl -u containerd / docker; on Windows the kubelet\'s and the host compute service\'s logs), the pod\'s resource limits, and the pause image; the network error goes away with it.'
      : (cause && cause !== 'network' ? SANDBOX_CAUSES[cause].next : '') || DEFAULT_NEXT,
  });
}

/** A podless failure line this soon after one of the same process that names a pod repeats that one's error. */
const RELOGGED_US = 1e3;

/** Podless failure lines kept for the node's finding. */
const MAX_UNCLAIMED = 50;

/**
 * Sandbox failure lines that name no pod and that no pod's line in the same attempt claimed (the dockershim's
 * cni.go "Error adding network" on its own, a grep that kept only the runtime's lines): per node, a finding when
 * their error names a cause (no IP left, the pause image…), since that holds for every pod the node starts.
 */
function nodeFindings(ctx: FindingContext, unclaimed: readonly number[]): Finding[] {
  const trace = ctx.trace;
  const ev = trace.events;
  const byNode = new Map<number, number[]>();
  for (const e of unclaimed) {
    const list = byNode.get(ev.node[e]) ?? [];
    list.push(e);
    byNode.set(ev.node[e], list);
  }
  const out: Finding[] = [];
  for (const [node, events] of byNode) {
    events.sort((a, c) => a - c);
    const named = events.map((e) => {
      const text = eventRawText(trace, e, 4000);
      return { e, cause: sandboxCause(text, ev.kind[e] === NETWORK_FAILED || isNetworkPluginError(text)) };
    }).find((x) => x.cause !== '' && x.cause !== 'network');
    if (!named) continue;
    const e = named.e;
    const cause = named.cause as Exclude<SandboxCause, '' | 'network'>;
    const first = events[0];
    const last = events[events.length - 1];
    const b = new FindingBuilder(trace);
    for (const x of events.slice(0, 20)) b.evidence(x);
    b.nodeLanes(node, ['runtime']);
    const when = events.length === 1 ? `at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})`
      : `${count(events.length, 'time')} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)})`;
    out.push(b.build({
      id: 'sandbox-create-failed',
      title: `Pod sandbox creation failing on this node${SANDBOX_CAUSES[cause].title}`,
      severity: 'warning',
      explanation: `Creating a pod sandbox failed ${when}; the lines name no pod. The error (${lineRef(trace, e)}): "${clipMiddle(runtimeErrorText(ctx.text(e)), 200)}". ${causeWhy(cause, ctx.text(e))} Without a sandbox no container of the pod can start, so it stays ContainerCreating, and the pod worker retries.`,
      next: SANDBOX_CAUSES[cause].next || DEFAULT_NEXT,
    }));
  }
  return out;
}

/** A teardown this close to a sandbox failure (before or after) is the one the failure raced. */
const TEARDOWN_NEAR_US = 10e6;
const TEARDOWN_KINDS = ['housekeeping.kill-unwanted', 'syncloop.delete', 'syncloop.remove', 'pw.teardown-deleted', 'pw.teardown-evicted', 'pw.teardown-orphaned', 'pw.teardown-removed', 'pw.observed-terminate'];

const TEARDOWN_WORDS: Readonly<Record<string, string>> = {
  'housekeeping.kill-unwanted': 'the pod killer stopping it, "Killing unwanted pod"', 'syncloop.delete': 'its SyncLoop DELETE', 'syncloop.remove': 'its SyncLoop REMOVE',
};

/** The first line tearing the pod down within TEARDOWN_NEAR_US of its sandbox failures, or -1. */
function teardownNear(ctx: FindingContext, pod: number, first: number, last: number): number {
  const ev = ctx.trace.events;
  const near = eventsNear(ctx, ctx.ofKinds(TEARDOWN_KINDS), ev.node[first], ev.timeUs[first] - TEARDOWN_NEAR_US, ev.timeUs[last] + TEARDOWN_NEAR_US, 200);
  return near.find((e) => ev.pod[e] === pod) ?? -1;
}

/** A sandbox's death this long before its network failure is that sandbox's, died first. */
const DIED_BEFORE_US = 60e6;

/**
 * PLEG's ContainerDied of the very sandbox (the 64-hex ID the failure names) at most DIED_BEFORE_US before the
 * failure line `failure`, on the pod `pod`; -1 if none.
 */
function sandboxDiedBefore(ctx: FindingContext, pod: number, failure: number): number {
  const trace = ctx.trace;
  const ev = trace.events;
  const id = /\b[0-9a-f]{64}\b/.exec(eventRawText(trace, failure, 4000))?.[0];
  if (!id) return -1;
  const t = ev.timeUs[failure];
  const deaths = eventsNear(ctx, ctx.ofKind('pleg.container-died'), ev.node[failure], t - DIED_BEFORE_US, t, 200);
  return deaths.find((e) => ev.pod[e] === pod && ev.cid[e] > 0 && trace.strings[ev.cid[e]] === id) ?? -1;
}

/** An error as the text column keeps it, or, where that cut it ("…"), the whole line of `e` it came from. */
function wholeText(ctx: FindingContext, error: string, e: number): string {
  return error.endsWith('…') && e >= 0 ? eventRawText(ctx.trace, e, 4000) : error;
}

/** What the sandbox's error says went wrong, the first that applies ('' when none does). */
type SandboxCause = 'network' | 'network-timeout' | 'name-reserved' | 'windows-host-network' | 'runtime-handler' | 'windows-os-version' | 'no-ip' | 'userns' | 'id-map' | 'port' | 'cgroup-driver' | 'pause-missing' | 'pause-image' | 'cgroup-mount' | 'cgroup' | 'rootfs' | 'oci' | 'read-only' | 'runtime-gone' | 'runtime-timeout' | '';

/** The cause's sentence; for the pause image's pull, what its error says of the pull (image-pull-failed's reading). */
function causeWhy(cause: Exclude<SandboxCause, '' | 'network'>, error: string): string {
  const why = SANDBOX_CAUSES[cause].why;
  const pull = cause === 'pause-image' ? pullCauseWhy(error) : '';
  return pull ? `${why} The pull itself: ${pull[0].toLowerCase()}${pull.slice(1)}` : why;
}

function sandboxCause(error: string, network: boolean): SandboxCause {
  // The name of the sandbox (pod and attempt) held by an earlier request the runtime is still working on: containerd's
  // "failed to reserve sandbox name … is reserved for <id>", CRI-O's "error reserving pod name … name is reserved".
  if (/failed to reserve sandbox name|error reserving pod name/.test(error)) return 'name-reserved';
  // Docker on a Windows node has no network named "host" for a pod with hostNetwork to join.
  if (error.includes('network host not found')) return 'windows-host-network';
  // A RuntimeClass handler the runtime has no runtime for (containerd's "no runtime for "runsc" is configured",
  // CRI-O's "RuntimeHandler … not supported").
  if (/no runtime for \\?"[^"\\]{1,64}\\?" is configured|RuntimeHandler \\?"?[^"\\ ]{1,64}\\?"? not supported/.test(error)) return 'runtime-handler';
  // Windows' HCS: the sandbox (pause) image is built for another Windows version than the host's.
  if (/0xc0370101|does not match the operating system of the host/.test(error)) return 'windows-os-version';
  // The runtime's own unshare of a user namespace (hostUsers: false) failing, before any network plugin ran: ENOSPC
  // from unshare is the node's limit on user namespaces (user.max_user_namespaces), not a full disk.
  if (/unshare[^\n]{0,300}no space left on device/.test(error)) return 'userns';
  // The plugin's address management has no address left for the pod (host-local's range, the AWS VPC CNI's pool).
  // (azure-vnet's IPAM says "No available addresses".)
  if (/no IP addresses available in range|failed to assign an IP address to container|No available addresses/.test(error)) return 'no-ip';
  // A deadline inside the network plugin's step: the plugin's wait ran out (its datastore, its agent), not the runtime's.
  if (network && /deadline exceeded|DeadlineExceeded|timed out|i\/o timeout/.test(error)) return 'network-timeout';
  if (network) return 'network';
  // A host port another process (or a leftover sandbox) holds: Docker's "Address already in use", or "port is already allocated".
  if (/address already in use|port is already allocated/i.test(error)) return 'port';
  if (isCgroupDriverMismatch(error)) return 'cgroup-driver';
  // The pause (sandbox) image: 1.x's "failed pulling image \"pause\"", the CRI's "sandbox image". Looked up in the
  // runtime's own store and not found by that name: no pull was tried.
  // ≤1.1 pulled the infra image itself ("image pull failed for gcr.io/google_containers/pause:0.8.0"), and creating the
  // infra container from an image that is not there says "no such image".
  if (/image pull failed for [^ ]{0,200}pause/.test(error) || /^no such image\b/.test(error)) return 'pause-image';
  if (error.includes('sandbox image') || /failed pulling image [\\"]*[^"\\ ]*pause/i.test(error)) {
    return /failed to get sandbox image/.test(error) && /not found/i.test(error) ? 'pause-missing' : 'pause-image';
  }
  // The runtime could not make the sandbox's cgroup (not a driver mismatch); containerd's cgroup v1 library finding no
  // mount of a hierarchy it needs is a v1 runtime on a v2-only node, or a controller not mounted.
  if (error.includes('cgroup')) return error.includes('cgroup mountpoint does not exist') ? 'cgroup-mount' : 'cgroup';
  // The sandbox's root filesystem (an overlay of its snapshots) could not be mounted.
  if (/failed to mount rootfs component|mount source: \\?"?overlay/.test(error)) return 'rootfs';
  // runc could not switch to the container's user: an ID not mapped in the user namespace the runtime runs in.
  if (/unable to setup user|setgroups: invalid argument/.test(error)) return 'id-map';
  // The runtime's OCI runtime (runc) failed to create the sandbox's container: no network step was reached.
  // (Docker 17's words for it: "oci runtime error: … process_linux.go: running exec setns process for init caused …".)
  if (/OCI runtime create failed|runc create failed|oci runtime error/i.test(error)) return 'oci';
  // The runtime's socket closed or refused the call: the runtime went away (crashed, restarted), no sandbox step failed.
  // A file the kubelet or the runtime writes for the sandbox (its resolv.conf, hosts) on a read-only filesystem.
  if (error.includes('read-only file system')) return 'read-only';
  if (error !== '' && isSocketDown(errorClass(error))) return 'runtime-gone';
  // The runtime did not answer within the kubelet's runtime request timeout (dockertools: "operation timeout").
  if (/operation timeout|DeadlineExceeded|context deadline exceeded/.test(error)) return 'runtime-timeout';
  return '';
}

const CGROUP_NEXT = 'Check the node\'s cgroups against what the runtime expects: the mode (`stat -fc %T /sys/fs/cgroup`: cgroup2fs is v2 alone), a runtime and runc new enough for cgroup v2, the controllers mounted under /sys/fs/cgroup, and the same cgroup driver (systemd or cgroupfs) in the runtime and the kubelet; the runtime\'s log (`journalctl -u containerd` or crio) has the whole error.';
const DEFAULT_NEXT = 'Read the runtime\'s log for the sandbox (containerd, CRI-O or Docker) and the CNI plugin\'s pod on this node; check /etc/cni/net.d and the plugin binaries, IP address exhaustion, and that the pause image can be pulled.';

/** Per cause: the sentence for the explanation, the title's tail ('' for none), and the step ('' for the default). */
const SANDBOX_CAUSES: Record<Exclude<SandboxCause, '' | 'network'>, { why: string; title: string; next: string }> = {
  port: {
    why: 'A port the sandbox binds on the host is taken: the pod maps a host port (hostPort, or a static pod\'s port without hostNetwork) that another process or a leftover sandbox of the same pod still holds.',
    title: ': a host port is taken',
    next: 'Find what holds the port on the node (`ss -ltnp | grep :<port>`; a leftover pause container: `docker ps -a` / `crictl pods`) and stop it; for a static pod such as kube-apiserver, run it with hostNetwork: true instead of mapping the port.',
  },
  'cgroup-driver': { why: CGROUP_DRIVER_MISMATCH.why, title: ': cgroup driver mismatch', next: CGROUP_DRIVER_MISMATCH.next },
  'pause-missing': {
    why: 'The runtime looked its sandbox (pause) image up in its own image store, by the name it is configured with, and found no image of that name: the name or its tag does not match the image on the node, or the image was removed. No pull was tried. Every pod\'s sandbox is made from it, so no pod can start on this node until the names agree.',
    title: ': the runtime has no sandbox image of the name it is configured with',
    next: 'List the node\'s images (`crictl images | grep pause`) and compare them with the sandbox image the runtime is configured with (`crictl info | grep -i sandbox`; containerd\'s sandbox_image, or its pinned sandbox image in 2.x): configure the exact reference, tag included, or pull or import the image under that name.',
  },
  'pause-image': {
    why: 'The pause (sandbox) image could not be pulled: every pod\'s sandbox is made from it, so no pod can start on this node until it can be.',
    title: ': the pause image cannot be pulled',
    next: 'Pull the pause image by hand on the node (`crictl pull` or `docker pull` of the image the kubelet\'s --pod-infra-container-image, or the runtime\'s sandbox_image, names) to see the registry\'s answer; name an image the node can reach (a full reference such as registry.k8s.io/pause:3.9, or a mirror) and give the runtime credentials if the registry needs them.',
  },
  'cgroup-mount': {
    why: 'The runtime could not set up the sandbox cgroup: a cgroup hierarchy it needs is not mounted on the node (a runtime that only knows cgroup v1 on a node with cgroup v2 alone, or a controller not mounted).',
    title: '',
    next: CGROUP_NEXT,
  },
  cgroup: { why: 'The runtime could not set up the sandbox cgroup.', title: '', next: CGROUP_NEXT },
  rootfs: {
    why: 'The runtime could not mount the sandbox\'s root filesystem from its image snapshots (an overlay mount): the kernel refused it — most often because the runtime\'s snapshot directory (/var/lib/containerd) is on a filesystem overlay cannot stack on, such as an overlay itself (a live or container image\'s root).',
    title: '',
    next: 'See what the runtime\'s root is on (`findmnt -T /var/lib/containerd`, `df -T /var/lib/containerd`): overlay snapshots need a real disk filesystem underneath (ext4, xfs with ftype=1), not overlay or tmpfs — mount a disk there or move the runtime\'s root to one; the kernel log (`dmesg | grep overlay`) says why it refused the mount.',
  },
  oci: {
    why: 'The runtime\'s OCI runtime (runc) failed to create the sandbox\'s container, before any network was set up.',
    title: '',
    next: 'The runtime\'s low-level runtime (runc, crun) refused to create the sandbox\'s container: read the whole error in the runtime\'s log (`journalctl -u containerd`, crio or docker) — its end says why (cgroups, seccomp or AppArmor, a read-only or full disk, the kernel: `dmesg` for a page allocation failure of runc, memory too fragmented to set up a namespace) — and check `runc --version` against what the runtime expects.',
  },
  'no-ip': {
    why: 'The network plugin\'s address management had no pod IP left to give: every address of the node\'s range is taken (host-local keeps one file per address under /var/lib/cni/networks/<network>/, and addresses of sandboxes that went away without a clean teardown stay taken), or — with the AWS VPC CNI — its daemon (ipamd) had no free address on the node\'s network interfaces, or — with Azure CNI ("No available addresses") — the node\'s share of the subnet\'s addresses is used up. Every new pod on this node fails the same way until addresses are freed.',
    title: ': no pod IP address left',
    next: 'Compare the addresses the plugin holds with the pods that run: with host-local, `ls /var/lib/cni/networks/<network>/` against `crictl pods` (remove the files of sandboxes that no longer exist, or restart the node); a node\'s podCIDR too small for its maxPods needs a larger one. With the AWS VPC CNI, read /var/log/aws-routed-eni/ipamd.log and the aws-node pod, and check the subnet\'s free addresses and the instance type\'s ENI and IP limits. With Azure CNI, the node\'s network interface holds a fixed number of IP configurations (its max pods): check them and the subnet\'s free addresses, and what holds addresses of sandboxes that are gone (/var/run/azure-vnet-ipam.json).',
  },
  userns: {
    why: 'The runtime could not create the sandbox\'s user namespace (the pod runs with hostUsers: false): its unshare failed with ENOSPC, which for a user namespace means the node\'s limit on them is reached or zero (the user.max_user_namespaces sysctl) — not a full disk. No network plugin was asked anything yet.',
    title: ': no user namespace could be created',
    next: 'Check `sysctl user.max_user_namespaces` on the node (0 turns user namespaces off; some distributions set it so) and raise it, and that the kernel and runtime support user namespaces for pods (idmapped mounts need a recent kernel and a runtime that supports them for pods); or run the pod without hostUsers: false.',
  },
  'id-map': {
    why: 'runc could not set up the user of the sandbox\'s container ("setgroups: invalid argument"): a user or group ID it needs is not mapped in the user namespace the runtime itself runs in — a rootless or nested node (a node in a container) whose ID map is too narrow; the pause image runs as 65535.',
    title: ': an ID it needs is not mapped',
    next: 'Look at the ID maps the runtime runs under (`cat /proc/self/uid_map /proc/self/gid_map` inside the node; for rootless nodes /etc/subuid and /etc/subgid, or the container engine\'s --userns maps) and map a full range (at least 0–65535) to the node.',
  },
  'network-timeout': {
    why: 'The network plugin (CNI) did not finish the sandbox\'s network in time: a deadline inside the plugin ran out while it waited on what it depends on — its datastore (Calico\'s etcd or the API server), its node agent, an IPAM service — so the sandbox is torn down and the pod worker retries; the runtime itself answered.',
    title: ': the network plugin timed out',
    next: 'Read the network plugin\'s log on this node (its pod: calico-node, cilium, aws-node…; the plugin\'s own lines in the kubelet\'s or the runtime\'s journal) and check that it reaches its datastore from the node: for Calico with etcd, the etcd endpoints, scheme and certificates in its CNI config (`etcdctl endpoint health` with them); with the Kubernetes datastore, the API server.',
  },
  'runtime-timeout': {
    why: 'The runtime did not answer the request within the kubelet\'s runtime request timeout (2 minutes by default): it was hung or overloaded — a burst of pods at once, a slow disk, a call stuck on one container — so no step of the sandbox failed as such.',
    title: ': the runtime did not answer in time',
    next: 'Check how the runtime answers on the node and read its log for these minutes (`time docker ps` and `journalctl -u docker`, or `time crictl pods` and `journalctl -u containerd` / crio): what it was busy with, and whether a disk or one container holds it up; the kubelet retries the sandbox once the call returns.',
  },
  'windows-host-network': {
    why: 'Docker on Windows has no network named "host": the pod asks for the node\'s network (hostNetwork: true), which Docker on Windows does not offer (Windows host-process containers, alpha in 1.22, need containerd). Such a pod is almost always a Linux DaemonSet — kube-proxy, a CNI agent such as flannel — that nothing kept off the Windows node.',
    title: ': a host-network pod on a Windows node',
    next: 'Keep Linux DaemonSets off Windows nodes: give them a nodeSelector kubernetes.io/os: linux (beta.kubernetes.io/os on old clusters); on Windows, kube-proxy and the network agent run as the node\'s own services or Windows DaemonSets of their own.',
  },
  'runtime-handler': {
    why: 'The pod asks for a RuntimeClass whose handler the runtime on this node has no runtime for (containerd: no [plugins…containerd.runtimes.<handler>] section; CRI-O: no runtime of that name): a sandboxing runtime — gVisor\'s runsc, Kata — that is not installed or configured here, or whose installer has not run yet.',
    title: ': the runtime has no handler for its RuntimeClass',
    next: 'Install and configure the handler the RuntimeClass names on this node (containerd: a runtimes entry with that name in /etc/containerd/config.toml, then restart containerd), or keep such pods off nodes without it (the RuntimeClass\'s scheduling.nodeSelector); if an installer (an addon, a DaemonSet) sets it up, see why that one is failing.',
  },
  'windows-os-version': {
    why: 'Windows refused to start the sandbox\'s container: the image it is made from — the pause image — is built for another Windows version than the host\'s (0xc0370101). Windows containers with process isolation must match the host\'s build: an image of another release (1709 against 1803, ltsc2019 against ltsc2022) does not start.',
    title: ': its image is for another Windows version',
    next: 'Use a pause image built for this node\'s Windows version (a multi-arch one such as registry.k8s.io/pause with Windows entries, or one tagged for the host\'s build: `cmd /c ver` on the node), set as the kubelet\'s --pod-infra-container-image or the runtime\'s sandbox_image; the pods\' own images must match too.',
  },
  'name-reserved': {
    why: 'The runtime refused the sandbox\'s name because an earlier request for the same sandbox still holds it: a RunPodSandbox the kubelet stopped waiting for (at its runtime request timeout, 2 minutes by default) goes on inside the runtime — most often stuck in the network plugin\'s setup, a mount or an image pull — and every retry asks for the same name (the pod\'s same attempt number), so each fails at once until that first request ends.',
    title: ': an earlier request still holds its name',
    next: 'Find what the first request is waiting for in the runtime\'s log, from the first attempt on (`journalctl -u containerd` or crio: a CNI plugin call that does not return, a slow disk, the pause image\'s pull) and how loaded the node is; the retries succeed once it ends or fails. A request that never ends holds the name until the runtime is restarted.',
  },
  'read-only': {
    why: 'A file the sandbox needs could not be written: it is on a read-only filesystem. A kubelet run in a container with the runtime\'s directory (/var/lib/docker, /var/lib/containerd) or its own (/var/lib/kubelet) mounted read-only cannot write the sandbox\'s resolv.conf or hosts file; a node\'s disk remounted read-only after errors fails the same way.',
    title: ': a file it writes is on a read-only filesystem',
    next: 'Check how the path in the error is mounted where the kubelet runs (`findmnt -T <path>`): a containerized kubelet needs the runtime\'s and its own directories mounted read-write; a filesystem the kernel remounted read-only needs its disk checked (`dmesg`).',
  },
  'runtime-gone': {
    why: 'The runtime\'s socket closed or refused the call: the runtime itself was down or restarting (it crashed, was killed, or systemd restarted it), so no step of the sandbox failed as such.',
    title: '',
    next: 'Read the runtime\'s own log and restart history for these seconds (`journalctl -u containerd` or crio, `systemctl status containerd`): what made it go away — a panic, the OOM killer, a restart — and whether the same request crashes it each time; the kubelet retries the sandbox once the runtime answers again.',
  },
};
