/**
 * runtime-call-errors: the kubelet's gRPC calls to the container runtime (CRI) failing — deadline exceeded,
 * connection refused or closed, EOF, unavailable — grouped by call. Every goroutine that talks to the runtime is
 * affected: PLEG relist, pod workers' kills and starts, housekeeping, garbage collection (kubelet-reference §3.3,
 * §3.6). NotFound for a container that was just removed is routine and only reported as information.
 *
 * One failed call is usually logged several times: by the runtime client (remote_runtime.go), then by each caller
 * the error travels up through ("Failed to list pod sandboxes", "Error listing containers", "Failed cleaning
 * pods"). The catalog says which call each line reports and whether it is the call's own line or a caller's
 * (`CatalogEntry.cri`); a caller's line with the same error, for the same call, within a moment of the failure is
 * that failure logged again: it is evidence, not another failure.
 */
import type { Detector } from '../detectors.ts';
import { kubeletMinors, type FindingContext } from '../context.ts';
import { eventsNear } from '../episodes.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { CATALOG } from '../../catalog/catalog.ts';
import type { CatalogEntry } from '../../catalog/entry.ts';
import type { Finding } from '../../model/trace.ts';
import { CGROUP_DRIVER_MISMATCH, clip, clipMiddle, errorClass, isCgroupDriverMismatch, isNetworkAgentDown, isNetworkAlreadyGone, isNetworkPluginError, isSocketDown, isDockershimCheckpointCorrupt, DOCKERSHIM_CHECKPOINT_SENTENCE, networkErrorSentences, NETWORK_AGENT_DOWN_SENTENCE, NETWORK_PLUGIN_TIMEOUT_SENTENCE, type ErrorClass } from '../text-scan.ts';
import { count, duration, lineRef, listOf, timeOfEvent } from '../wording.ts';
import { eventRawText, printedMessage, str } from '../../model/trace-query.ts';
import { agentCrashLoopSentence, crashLoopingNetworkAgent } from '../network-agent.ts';

/** How far before a failed call the network plugin's own failure line counts as its cause. */
const PLUGIN_BEFORE_US = 1e6;
const SERIOUS: ReadonlySet<ErrorClass> = new Set(['deadline exceeded', 'connection refused', 'connection closed', 'EOF', 'unavailable']);

/** The kinds of every catalog entry that reports a CRI failure (the detector then reads the entry's `cri`). */
const CRI_KINDS = [...new Set(CATALOG.filter((e) => e.cri).map((e) => e.kind))];

/** A caller's line this soon after a failure, with its error, is the same failure logged again. */
const RELOG_WINDOW_US = 1e6;
/**
 * Failures further apart than this belong to different outages. Longer than the kubelet's 2-minute runtime request
 * timeout: against a hung runtime each call fails only when that runs out, so one outage's failures come 2 min apart.
 */
const MAX_GAP_US = 3 * 60e6;
/** Recent failures a caller's line is compared with (per node); older ones drop out of the window anyway. */
const MAX_RECENT = 32;
/** Error texts are compared on this much of their length. */
const ERROR_CHARS = 500;

/** One failed call: its first line, and the caller lines that logged it again. */
interface Failure {
  call: string;
  cls: ErrorClass;
  error: string;
  atUs: number;
  event: number;
  /** Catalog entries (event `msg`) that have logged this failure again: each caller logs it at most once. */
  /** The callers' messages that logged it again (messageKey): a caller logs each failure once. */
  relogged: Set<string>;
  group: Group;
  stats: CallStats;
}

interface CallStats { name: string; count: number; classes: Map<ErrorClass, number>; first: number; sample: string; relogLines: number[] }

/** Calls that make something: NotFound from them is no container that was already gone. */
const MAKING_CALLS = new Set(['RunPodSandbox', 'CreateContainer', 'StartContainer', 'PullImage']);

/** Failures of one node close together in time; routine NotFound errors of a node form one group of their own. */
interface Group { node: number; routine: boolean; calls: Map<string, CallStats>; events: number[]; serious: number; failures: number; lastUs: number }

/** CRI stats calls, and an answer that the container asked about is not there (hcsshim's words, containerd's, Docker's). */
const STATS_CALL = /Stats$/;
/** containerd's and CRI-O's words for an exec that ran past the timeout it was given. */
const EXEC_TIMEOUT = /timeout (\d+(?:\.\d+)?m?s) exceeded/;
/** The kubelet gives exec probes their timeoutSeconds as the ExecSync deadline (ExecProbeTimeout, on by default). */
const EXEC_PROBE_TIMEOUT_MINOR = 20;
const GRPC_DEADLINE = /code = DeadlineExceeded/;
const GONE_CONTAINER = /does not exist|not found|no such container/i;
/** A teardown's own words for the sandbox's container being gone (not any "not found": a port-mapping checkpoint's is not). */
const GONE_SANDBOX = /no such container|(?:container|sandbox) \\?"?[0-9a-f]{12,64}\\?"?:? (?:not found|does not exist)/i;
/** The eviction manager reads the same stats: its failure this close is the same one. */
const STATS_NEAR_US = 60e6;

/** A PLEG stall this close to a runtime call's failure is the same trouble. */
const PLEG_NEAR_US = 5 * 60e6;

/** Words of an error that came from the runtime or its connection (an unclassified one, from a caller's line). */
const RUNTIME_WORDS = /rpc error|runtime|docker|containerd|cri-o|crio|\.sock|grpc/i;

export const runtimeCallErrors: Detector = {
  id: 'runtime-call-errors',
  detect(ctx) {
    const ev = ctx.trace.events;
    const open = new Map<string, Group>();
    const groups: Group[] = [];
    const recent = new Map<number, Failure[]>();
    for (const e of ctx.ofKinds(CRI_KINDS)) {
      const entry: CatalogEntry = CATALOG[ev.msg[e]];
      // A failed pull is the registry's answer (a missing tag, no access), not the runtime failing: image-pull-failed —
      // the sandbox image's too, which the runtime pulls inside RunPodSandbox.
      if (!entry.cri || entry.cri.calls.every((c) => c === 'PullImage')) continue;
      if (SANDBOX_IMAGE_PULL.test(ctx.text(e))) continue;
      const text = ctx.text(e);
      const error = text.length > ERROR_CHARS ? text.slice(0, ERROR_CHARS) : text;
      // A runtime that does not serve the kubelet's CRI API at all, which the kubelet then exits on: kubelet-exited
      // tells that mismatch; it says nothing of the runtime's health.
      if (error.includes(UNKNOWN_SERVICE) && exitsOn(ctx, e)) continue;
      // The version asked once as the kubelet is created, which it then exits on ("Get runtime version failed"):
      // kubelet-exited's, with the same error.
      if (entry.cri.calls.every((c) => c === 'Version') && exitsOn(ctx, e)) continue;
      let cls = errorClass(error);
      // Docker's words for a container it no longer has, asked its status or to remove it (a sandbox's are
      // told with their teardown below).
      // (So is Docker's "removal of container … is already in progress": another removal of it got there first.)
      if (cls === 'other' && (error.includes('No such container') || /removal of container [0-9a-f]{12,64} is already in progress/.test(error)) &&
        entry.cri.calls.every((c) => c === 'ContainerStatus' || c === 'RemoveContainer')) cls = 'not found';
      const atUs = ev.timeUs[e];
      const node = ev.node[e];
      let nodeRecent = recent.get(node);
      if (!nodeRecent) { nodeRecent = []; recent.set(node, nodeRecent); }
      while (nodeRecent.length && (atUs - nodeRecent[0].atUs > RELOG_WINDOW_US || nodeRecent.length > MAX_RECENT)) nodeRecent.shift();

      if (entry.cri.role === 'caller') {
        // A caller's line cut before its error says nothing of its own: part of a recent failure of its call, if any.
        const said = messageKey(ctx, e);
        const failure = error ? relogged(ctx, e, nodeRecent, entry.cri.calls, said, cls, error)
          : nodeRecent.findLast((f) => entry.cri!.calls.some((c) => f.call === c || f.call.split(' or ').includes(c)));
        if (!failure && !error) continue;
        // Standing alone, a caller's error must be the runtime's: "remove /var/lib/kubelet/pods/…: device or resource
        // busy" from the same cleanup is the node's filesystem, not a call that failed.
        if (!failure && cls === 'other' && !RUNTIME_WORDS.test(error)) continue;
        if (failure) {
          failure.relogged.add(said);
          if (failure.stats.relogLines.length < 20) failure.stats.relogLines.push(e);
          if (failure.group.events.length < 300) failure.group.events.push(e);
          continue;
        }
      }

      // A call's line cut before its error (a pager, a screen's edge) failed as the same call did a moment ago, if it did.
      if (!error && entry.cri.role !== 'caller') {
        const name = entry.cri.calls.join(' or ');
        const same = nodeRecent.findLast((f) => f.call === name);
        if (same) cls = same.cls;
      }
      // (A network plugin's "… not found" while tearing down a sandbox is the plugin failing, not a container gone;
      // and a call that makes something — a sandbox, a container, a pull — answered NotFound lacks what it needs, such
      // as the sandbox image.)
      const routine = cls === 'not found' && !isNetworkPluginError(error) && !entry.cri.calls.some((c) => MAKING_CALLS.has(c));
      const key = `${node}:${routine ? 'routine' : 'outage'}`;
      let g = open.get(key);
      if (!g || (!routine && atUs - g.lastUs > MAX_GAP_US)) {
        if (groups.length >= 200) continue;
        g = { node, routine, calls: new Map(), events: [], serious: 0, failures: 0, lastUs: atUs };
        open.set(key, g);
        groups.push(g);
      }
      // A caller's line with no call line before it (not printed, or cut from the excerpt) stands for the failure — of the
      // call its sync result names, where the caller makes either (KillPodSandbox: StopPodSandbox).
      const name = entry.cri.role === 'caller' && entry.cri.calls.length > 1 ? callNamedIn(error, entry.cri.calls) : entry.cri.calls.join(' or ');
      g.failures++;
      g.lastUs = atUs;
      if (SERIOUS.has(cls)) g.serious++;
      if (g.events.length < 300) g.events.push(e);
      let stats = g.calls.get(name);
      if (!stats) { stats = { name, count: 0, classes: new Map(), first: e, sample: text, relogLines: [] }; g.calls.set(name, stats); }
      stats.count++;
      stats.classes.set(cls, (stats.classes.get(cls) ?? 0) + 1);
      const failure: Failure = { call: name, cls, error, atUs, event: e, relogged: new Set(), group: g, stats };
      nodeRecent.push(failure);
    }
    const sandboxFailures = ctx.ofKind('runtime.sandbox-create-failed');
    return groups.filter((g) => !reportedWithPod(ctx, g, sandboxFailures)).map((g) => describe(ctx, g));
  },
};

/**
 * A group of RunPodSandbox failures only, none of them the runtime failing (a CNI or image error, not a timeout or a
 * closed socket), each logged again by the pod worker's "Failed to create sandbox for pod" within a moment: that is
 * sandbox-create-failed's finding, with the pod named; the same failure here would say it twice without the pod.
 */
function reportedWithPod(ctx: FindingContext, g: Group, sandboxFailures: Uint32Array): boolean {
  if (g.routine || g.serious > 0 || [...g.calls.keys()].some((name) => name !== 'RunPodSandbox')) return false;
  const ev = ctx.trace.events;
  // (A pod worker's line whose pod the excerpt cut off names none: no finding there to say it.)
  return g.events.every((e) => eventsNear(ctx, sandboxFailures, g.node, ev.timeUs[e], ev.timeUs[e] + RELOG_WINDOW_US, 1).some((s) => ev.pod[s] >= 0));
}

/**
 * The latest recent failure this caller line logs again: one of its calls, the same class of error, not yet logged
 * by this caller. A class as telling as "deadline exceeded" is enough (callers reformat errors: `%#v` prints a
 * status struct); an unclassified error must have the same text (a caller may wrap it).
 */
/**
 * Which message logged a failure: its catalog entry and the start of its printed message — one entry can hold a
 * caller's two messages (the kill's "Container termination failed with gracePeriod", then "Kill container failed").
 */
function messageKey(ctx: FindingContext, e: number): string {
  return `${ctx.trace.events.msg[e]}\n${printedMessage(ctx.trace, e).slice(0, MESSAGE_KEY_CHARS)}`;
}

const MESSAGE_KEY_CHARS = 48;

function relogged(ctx: FindingContext, e: number, recent: readonly Failure[], calls: readonly string[], msg: string, cls: ErrorClass, error: string): Failure | undefined {
  const ev = ctx.trace.events;
  const quoted = asWords(quotedCallError(error));
  for (let i = recent.length - 1; i >= 0; i--) {
    const f = recent[i];
    if (f.relogged.has(msg)) continue;
    // Another pod's or container's failure is another call, however alike the errors (the runtime going away fails them all).
    if ((ev.pod[e] >= 0 && ev.pod[f.event] >= 0 && ev.pod[e] !== ev.pod[f.event]) || (ev.cid[e] > 0 && ev.cid[f.event] > 0 && ev.cid[e] !== ev.cid[f.event])) continue;
    if (!calls.some((c) => f.call === c || f.call.split(' or ').includes(c))) continue;
    // Both cut short (a screen's edge, the texts' bound): the caller's quote of the call's error begins as the call's own
    // does — whatever class each cut leaves it. (Compared as words: a multi-line err=< value's TABs, syslog's #011 for
    // them and the quote's \n differ in form only.)
    const own = asWords(f.error);
    if (quoted.length >= MIN_QUOTED_CHARS && (own.startsWith(quoted) || quoted.startsWith(own))) return f;
    if (f.cls !== cls) continue;
    if (SERIOUS.has(cls) || f.error === error || error.includes(f.error) || f.error.includes(error)) return f;
  }
  return undefined;
}

/** The call's error as a caller's sync result quotes it (`… with KillPodSandboxError: "rpc error: …"`), or ''. */
function quotedCallError(error: string): string {
  const m = /[A-Za-z]+Error: "/.exec(error);
  if (!m) return '';
  const q = error.slice(m.index + m[0].length).replaceAll('\\"', '"');
  return q.endsWith('"') ? q.slice(0, -1) : q;
}

/**
 * An error's words, its layout dropped: TABs (and syslog's `#011` for them), line breaks and `\n` escapes, runs of
 * spaces, and the ellipsis a text cut short ends with.
 */
function asWords(s: string): string {
  return withoutLayout(s).replace(/\u2026$/, '');
}

/** The text without its layout (see asWords), as an example quotes it. */
function withoutLayout(s: string): string {
  return s.replace(/#011|\\t|\t/g, ' ').replace(/\\n|\n/g, ' ').replace(/ {2,}/g, ' ').trim();
}

/** Shorter quotes than this say too little to stand for a call's error. */
const MIN_QUOTED_CHARS = 12;

/** `line 207` / `lines 207, 208 and 209` (with file names when several files were loaded). */
function linesOf(ctx: FindingContext, events: readonly number[]): string {
  const trace = ctx.trace;
  if (trace.sources.length > 1 || events.length === 1) return listOf(events.map((e) => lineRef(trace, e)), 5);
  return `lines ${listOf(events.map((e) => String(trace.events.line[e])), 5)}`;
}

function describeCall(ctx: FindingContext, c: CallStats): string {
  const trace = ctx.trace;
  const again = c.relogLines.length
    ? `; logged again by ${c.relogLines.length === 1 ? 'its caller on' : 'callers on'} ${linesOf(ctx, c.relogLines)}`
    : '';
  return `${c.name} ×${c.count} (${[...c.classes.keys()].join(', ')}; first ${lineRef(trace, c.first)}${again})`;
}

function describe(ctx: FindingContext, n: Group): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  for (const e of n.events) b.evidence(e);
  b.nodeLanes(n.node, ['runtime']);
  const firstEvents = [...n.calls.values()].map((c) => c.first);
  const first = Math.min(...firstEvents);
  const last = n.events.reduce((a, e) => (ev.timeUs[e] > ev.timeUs[a] ? e : a), n.events[0]);
  const calls = [...n.calls.values()].sort((a, c) => c.count - a.count || a.first - c.first);
  const byCall = calls.map((c) => describeCall(ctx, c));
  const classes = new Set(calls.flatMap((c) => [...c.classes.keys()]));
  const relogs = calls.reduce((k, c) => k + c.relogLines.length, 0);
  const failed = count(n.failures, 'failed call');
  const when = n.failures === 1 ? `at ${timeOfEvent(trace, first)}`
    : `${n.failures} times between ${timeOfEvent(trace, first)} and ${timeOfEvent(trace, last)} (${duration(ev.timeUs[last] - ev.timeUs[first])})`;
  for (const pod of podsOfRuntimeNames(ctx, n.events)) b.pod(pod);
  const parts = [`${n.failures === 1 ? 'A call' : 'Calls'} to the container runtime failed ${when}: ${listOf(byCall, 6)}. ${n.failures === 1 ? 'Error' : 'Example'}: "${clipMiddle(withoutLayout(calls[0].sample), 200)}".`];
  if (relogs) parts.push('A caller logging the same error again within a second, for the same call, is counted with the call it reports, not as another failure.');
  if (n.routine) {
    parts.push('All of them are NotFound for containers that were already gone, which happens routinely right after a container is removed.');
    return b.build({
      id: 'runtime-call-errors', title: `Runtime answered NotFound for removed containers (${failed})`, severity: 'info',
      explanation: parts.join(' '), next: 'Nothing to do unless the containers named were expected to exist.',
    });
  }
  if ([...classes].some(isSocketDown)) {
    parts.push('Connection refused, closed or EOF means the runtime\'s socket was not answering — the runtime (containerd, CRI-O, dockershim) was down or restarting.');
  }
  if (calls.some((c) => c.sample.includes(SHIM_GONE))) {
    parts.push(`"${SHIM_GONE}" is the runtime's connection to the container's shim, not the kubelet's to the runtime: the shim process (containerd-shim, or Kata Containers' shim of a VM-isolated pod) exited or crashed, so the runtime can neither stop nor start what that shim held, and each retry fails the same way until the runtime cleans up after it.`);
  }
  const ids = [...new Set(n.events.filter((e) => ev.cid[e] > 0).map((e) => str(trace, ev.cid[e]).slice(0, 12)))];
  const inContainers = ids.length ? ` (here in ${ids.length === 1 ? 'container' : 'containers'} ${listOf(ids, 3)})` : '';
  // An exec's own deadline (the probe's timeoutSeconds): containerd says "timeout 5s exceeded". The runtime answered.
  const execTimeout = calls.every((c) => c.name === 'ExecSync') ? EXEC_TIMEOUT.exec(calls[0].sample) : null;
  // From 1.20 an exec probe's ExecSync carries the probe's timeoutSeconds as its deadline (ExecProbeTimeout): its
  // DeadlineExceeded is the probe's command running too long, and the probe fails ("command … timed out"). Only
  // the gRPC code counts: the dockershim's "code = Unknown desc = operation timeout: context deadline exceeded" is
  // an error, and the probe errors.
  const [minorLo, minorHi] = kubeletMinors(trace, first);
  const execDeadline = !execTimeout && calls.every((c) => c.name === 'ExecSync' && GRPC_DEADLINE.test(c.sample)) && classes.size === 1 &&
    classes.has('deadline exceeded') && minorHi >= EXEC_PROBE_TIMEOUT_MINOR;
  if (execTimeout) {
    parts.push(`The deadline is the exec's own, ${execTimeout[1]} — an exec probe's timeoutSeconds: the probe's command ran longer than the probe allows; the runtime answered, it was not hung. Before 1.20 such a timeout was logged as the probe erroring, never counted as a failure, so a liveness probe that always timed out never restarted the container; from 1.20 (ExecProbeTimeout) it counts as a failure.`);
  } else if (execDeadline) {
    const before = minorLo < EXEC_PROBE_TIMEOUT_MINOR;
    parts.push(`ExecSync runs an exec probe's command (or an exec lifecycle hook's) in a container${inContainers}. From 1.20 the kubelet gives an exec probe's call the probe's timeoutSeconds as its deadline, so DeadlineExceeded means the command ran longer than the probe allows (alone, no sign of a hung runtime: its other calls would fail too), and the kubelet counts a failed probe ("command … timed out") toward its failureThreshold: a readiness probe takes the container out of its Services, a liveness probe restarts it.${before ? ' (Before 1.20 the call waited for the runtime\'s own timeout, and a timeout was only logged as the probe erroring: then it would mean a hung runtime.)' : ''}`);
  }
  if (execTimeout || execDeadline) {
    return b.build({
      id: 'runtime-call-errors',
      title: `Exec probe command runs past its timeout (ExecSync ×${n.failures})`,
      severity: 'warning',
      explanation: parts.join(' '),
      next: execTimeout
        ? 'Make the probe\'s command finish well within timeoutSeconds (what it waits on may itself be slow), or raise timeoutSeconds; on a kubelet before 1.20 do not rely on an exec liveness probe timing out to restart the container.'
        : 'Run the probe\'s command in the container by hand and time it (`time kubectl exec POD -- CMD`): make it finish well within timeoutSeconds (what it waits on may itself be slow, or the node short of CPU), or raise timeoutSeconds.',
    });
  }
  // The network plugin's own failure just before (the dockershim's cni.go "Error deleting network"): a call whose
  // error a screen's edge cut ("desc = NetworkP") failed on it.
  const pluginLine = eventsNear(ctx, ctx.ofKind('runtime.sandbox-network-failed'), n.node, ev.timeUs[first] - PLUGIN_BEFORE_US, ev.timeUs[first] + 1, 1)[0];
  const network = calls.some((c) => isNetworkPluginError(c.sample)) || pluginLine !== undefined;
  // (A deadline inside the network plugin's error is the plugin's: said with the plugin below.)
  const deadline = classes.has('deadline exceeded');
  if (deadline && !network) {
    // A sandbox's start and stop wait on the network plugin (CNI ADD / DEL) inside the runtime's call.
    const sandboxCall = calls.some((c) => c.name === 'StopPodSandbox' || c.name === 'RunPodSandbox');
    parts.push(`Deadline exceeded means calls timed out: the runtime was hung or overloaded${sandboxCall ? ' — or, for a sandbox\'s start or stop, the network plugin it runs (CNI ADD or DEL) hung and held the call until its deadline, the runtime itself well' : ''}.`);
  }
  // ExecSync runs exec probes and exec hooks: the containers it names go unchecked while it fails.
  if (n.calls.has('ExecSync')) {
    parts.push(`ExecSync runs an exec probe's command (or an exec lifecycle hook's) in a container${inContainers}: while it fails that way, exec probes cannot run (the kubelet logs them as errored, not as failed), so the container's health goes unchecked meanwhile.`);
  }
  // Stats asked for a container the runtime no longer has (it exited or was removed after the list): the runtime
  // answered, and what fails is the node's stats summary, which the eviction manager reads too.
  const goneStats = calls.every((c) => STATS_CALL.test(c.name) && GONE_CONTAINER.test(c.sample));
  if (goneStats) {
    const blind = eventsNear(ctx, ctx.ofKind('eviction.failed'), n.node, ev.timeUs[first] - STATS_NEAR_US, ev.timeUs[last] + STATS_NEAR_US, 20);
    for (const e of blind) b.evidence(e);
    parts.push(`The runtime answered: it has no container of an ID it was asked stats for — one that exited or was removed after the kubelet listed it. While stats fail, the kubelet's stats summary fails (metrics-server, kubectl top)${blind.length ? `, and so did the eviction manager's read of it (${lineRef(trace, blind[0])}): its checks evict nothing meanwhile` : ', and with it the eviction manager\'s view of usage'}.`);
    return b.build({
      id: 'runtime-call-errors',
      title: `Container stats ${n.failures === 1 ? 'call fails' : 'calls fail'} (${calls.map((c) => c.name).join(', ')}): a container the runtime no longer has`,
      severity: blind.length || n.failures >= 3 ? 'warning' : 'info',
      explanation: parts.join(' '),
      next: 'If it goes on for the same container ID, the runtime still lists a container it cannot open: remove it with the runtime\'s tools (crictl rm, docker rm) and read the runtime\'s log. On Windows with dockershim (hcsshim "does not exist"), see kubernetes/kubernetes#91575.',
    });
  }
  // The container's name (pod, container, attempt) is held: by an earlier create still going on (containerd), or by an
  // old container of that name (Docker). The runtime answered; each retry asks for the same name.
  const held = calls.every((c) => c.name === 'CreateContainer') ? HELD_NAME.exec(calls[0].sample) : null;
  if (held) return describeHeldName(ctx, b, parts, n, held);
  // The OCI runtime (runc) refusing to create one container: its spec (a mount, a device, a security setting) — the
  // runtime answered, and is well.
  const firstRaw = () => calls.map((c) => eventRawText(trace, c.first, 4000));
  if (calls.every((c) => c.name === 'StartContainer' || c.name === 'CreateContainer') && calls.every((c) => OCI_CREATE_FAILED.test(c.sample))) {
    const step = firstRaw().map((raw) => OCI_STEP.exec(raw)?.[1]).find((m) => m !== undefined);
    parts.push(`The runtime answered: its OCI runtime (runc) could not create the container, at a step the container's own spec asks for${step ? ` — here ${step.replace(/\\"/g, '"')}` : ''}: a mount (a hostPath such as /proc or /sys the host refuses), a device, or a security setting. The runtime itself is well; the container fails the same way each time it is started.`);
    return b.build({
      id: 'runtime-call-errors',
      title: `Container refused by the OCI runtime (${calls.map((c) => c.name).join(', ')} ×${n.failures})`,
      severity: 'warning',
      explanation: parts.join(' '),
      next: 'Read the error\'s last part (the mount, device or setting it names) against the pod\'s spec: its volumes and their hostPaths, its securityContext (privileged, capabilities, AppArmor/SELinux) and what the node allows; for a minikube or kind node, whether the node container itself may make that mount.',
    });
  }
  // A container's files the runtime could not remove: a file's attribute or a mount held elsewhere, not its health.
  const raws = calls.some((c) => c.name.startsWith('RemoveContainer')) ? firstRaw() : [];
  const removeAnswer = REMOVE_ANSWERS.find((a) => raws.some((raw) => a.test.test(raw)));
  if (removeAnswer) {
    parts.push(removeAnswer.why);
    // The file it stopped at, as the runtime names it.
    const path = raws.map((raw) => REMOVED_PATH.exec(raw)?.[1]).find((p) => p !== undefined);
    if (path) parts.push(`The file: ${path}.`);
    return b.build({
      id: 'runtime-call-errors',
      title: `${removeAnswer.title} (RemoveContainer ×${n.failures})`,
      severity: 'warning',
      explanation: parts.join(' '),
      next: removeAnswer.next,
    });
  }
  // The runtime's answer about the image's name (a short name with nowhere to look it up, a name it cannot parse),
  // not about its health.
  const nameAnswer = IMAGE_NAME_ANSWERS.find((a) => calls.every((c) => c.sample.includes(a.words)));
  if (nameAnswer) {
    parts.push(nameAnswer.why(calls.map((c) => c.sample)));
    return b.build({
      id: 'runtime-call-errors',
      title: `${nameAnswer.title} (${calls.map((c) => c.name).join(', ')})`,
      severity: 'warning',
      explanation: parts.join(' '),
      next: nameAnswer.next,
    });
  }
  if (pluginLine !== undefined) b.evidence(pluginLine);
  // Tearing down the network of a sandbox whose container the runtime no longer has: the plugin is asked for a
  // network namespace that went with the container. A stale sandbox record, retried by GC; no CNI fault.
  const gone = network && calls.every((c) => c.name === 'StopPodSandbox' && GONE_SANDBOX.test(c.sample));
  // (The plugin itself failing on a namespace or endpoint already gone: the same stale sandbox, the plugin's DEL at fault.)
  const pluginGone = !gone && network && calls.every((c) => c.name === 'StopPodSandbox' && isNetworkAlreadyGone(c.sample));
  if (gone || pluginGone) {
    parts.push(gone
      ? 'The runtime no longer has the sandbox\'s container ("no such container"), and tearing down its network needs that container\'s network namespace, so the teardown fails before the network plugin has anything to do: the plugin and its config are not at fault. The sandbox is a stale record; garbage collection and the pod worker try to stop it again on each pass, and older dockershim kubelets did so for as long as the record stayed.'
      : 'What the network plugin was asked to tear down is already gone — the sandbox\'s network namespace (its process exited) or the plugin\'s own record of the endpoint — and the plugin failed instead of taking that as done, as a teardown (CNI DEL) should. Nothing is left to release; the sandbox is a stale record that garbage collection and the pod worker try to stop again on each pass, failing the same way while the plugin does so (older plugin versions did).');
    return b.build({
      id: 'runtime-call-errors',
      title: gone ? `Stopping a sandbox whose container is already gone (StopPodSandbox ×${n.failures})` : `Tearing down a network that is already gone (StopPodSandbox ×${n.failures})`,
      severity: 'info',
      explanation: parts.join(' '),
      next: gone ? 'Nothing in /etc/cni/net.d needs changing. If it repeats for the same sandbox, remove the stale sandbox with the runtime\'s tools (`crictl rmp`, or `docker rm` of the pause container), and check the network plugin\'s IP allocations for an address the pod never gave back.'
        : 'Compare the network plugin\'s version with its fixes for tearing down what is already gone (its release notes); meanwhile remove the stale sandbox by hand on the node (`crictl rmp`, or `docker rm` of the pause container).',
    });
  }
  const cgroups = !network && calls.some((c) => isCgroupDriverMismatch(c.sample));
  // dockershim's own sandbox checkpoint, not the plugin, failing the teardown.
  const checkpoint = network && calls.some((c) => isDockershimCheckpointCorrupt(c.sample));
  // Every failure's error says the connection to the runtime failed (not an answer from it).
  const connectionLost = calls.every((c) => [...c.classes.keys()].every(isSocketDown));
  if (cgroups) parts.push(`${CGROUP_DRIVER_MISMATCH.why} The runtime itself answered.`);
  else if (network) {
    const plugin = calls.map((c) => /plugin type=\\?"([\w.-]{1,40})\\?"/.exec(c.sample)?.[1]).find((t) => t !== undefined);
    if (checkpoint) parts.push(DOCKERSHIM_CHECKPOINT_SENTENCE);
    else parts.push(`The error comes from the pod network plugin (CNI${plugin ? `: ${plugin}` : ''}), which the runtime calls to set up and tear down a sandbox's network: the runtime itself answered.`);
    if (deadline) parts.push(NETWORK_PLUGIN_TIMEOUT_SENTENCE);
    const more = calls.map((c) => networkErrorSentences(c.sample)).find((s) => s.length);
    if (more) parts.push(...more);
    const agent = crashLoopingNetworkAgent(ctx, n.node);
    if (agent) parts.push(agentCrashLoopSentence(agent));
    // A plugin that is a client of its node agent (Cilium's, Calico's): the agent does not answer.
    if (calls.some((c) => isNetworkAgentDown(c.sample))) parts.push(NETWORK_AGENT_DOWN_SENTENCE);
  }
  else if (n.failures >= 3 || calls.length >= 2) parts.push('Every goroutine that talks to the runtime is hit: PLEG relist, pod workers (a failed kill is only retried on the next sync), housekeeping and garbage collection.');
  else if (n.failures >= 2 && connectionLost && ev.timeUs[last] - ev.timeUs[first] <= 1e6 && new Set(n.events.map((e) => ev.pod[e]).filter((p) => p >= 0)).size >= 2) {
    parts.push('Calls for different pods lost their connection to the runtime at the same moment: the runtime itself went away (it crashed, restarted or was stopped), not one call that failed — every goroutine that talks to it fails the same way until it is back.');
  }
  else {
    // PLEG stalled on the node at the same time: its relist is stuck in a runtime call, so these are no passing failure.
    const stalls = eventsNear(ctx, ctx.ofKinds(['syncloop.skipping', 'node.not-ready', 'pleg.unhealthy']), n.node,
      ev.timeUs[first] - PLEG_NEAR_US, ev.timeUs[last] + PLEG_NEAR_US, 50).filter((e) => ctx.text(e).includes('pleg was last seen active'));
    // Pod workers' syncs and kills failing the same way meanwhile (their lines name no CRI call: dockertools', or cut).
    const alike = stalls.length ? [] : sameFailureElsewhere(ctx, n, calls);
    if (stalls.length) {
      b.evidence(stalls[0]);
      parts.push(`PLEG had stopped relisting on the node at the same time (${lineRef(trace, stalls[0])}: "${clip(ctx.text(stalls[0]), 120)}"): its relist lists every container through the runtime, so the runtime was hung, not one call failing — every goroutine that talks to it is stuck the same way.`);
    } else if (alike.length) {
      for (const e of alike.slice(0, 10)) b.evidence(e);
      parts.push(`The pod workers' syncs failed the same way at the same time (${alike.length <= 4 ? listOf(alike.map((e) => lineRef(trace, e))) : `${count(alike.length, 'line')}, ${lineRef(trace, alike[0])} and after`}): several goroutines' calls to the runtime failing alike is a runtime in trouble, not one call that failed.`);
    } else {
      parts.push('The log shows too few failures to tell a runtime in trouble from one call that failed: if the runtime is unwell, its other calls (PLEG relist, pod workers\' kills and starts, housekeeping) fail the same way.');
    }
  }
  // The dockershim or dockertools kubelet's own words for Docker not answering.
  const docker = calls.some((c) => /docker endpoint|docker daemon|docker\.sock/i.test(c.sample));
  return b.build({
    id: 'runtime-call-errors',
    title: cgroups ? `Container runtime ${n.failures === 1 ? 'call fails' : 'calls fail'} (${calls.map((c) => c.name).join(', ')}): cgroup driver mismatch`
      : n.failures === 1 ? `Container runtime call failed (${calls[0].name})`
      : calls.length === 1 ? `Container runtime calls failing (${calls[0].name} ×${calls[0].count})`
      : calls.length <= 3 ? `Container runtime calls failing (${failed}: ${calls.map((c) => c.name).join(', ')})`
        : `Container runtime calls failing (${failed}, mostly ${calls[0].name})`,
    severity: n.serious >= 3 || calls.some((c) => c.name.startsWith('StopContainer')) ? 'error' : 'warning',
    explanation: parts.join(' '),
    next: cgroups ? CGROUP_DRIVER_MISMATCH.next : checkpoint
      ? 'On the node, look at /var/lib/dockershim/sandbox/<sandbox id> (the ID in the error): a checkpoint that is empty or not valid JSON is what fails. With the pod gone, removing that file and the sandbox\'s pause container (`docker rm -f <id>`) lets the kubelet forget the sandbox; check the disk and the last shutdown for what cut the write short.'
      : network
      ? 'Check the network plugin on this node: its pod (calico-node, cilium, flannel, aws-node…) and its log, the config in /etc/cni/net.d and the binaries in /opt/cni/bin; the runtime\'s log (journalctl -u containerd / crio) has the plugin\'s whole error.'
      : docker
      ? 'Docker is not answering the kubelet: check the daemon (`systemctl status docker`, `docker info`) and its log for these minutes (`journalctl -u docker`), that its socket is where the kubelet looks (--docker-endpoint, unix:///var/run/docker.sock), and node pressure (disk, PIDs, memory).'
      : 'Read the runtime\'s own log and restart history for these minutes (journalctl -u containerd / crio / docker), check its socket and its health (crictl info), and node pressure (disk, PIDs, memory).',
  });
}

/**
 * containerd's `failed to reserve container name "<container>_<pod>_<ns>_<uid>_<attempt>": … is reserved for "<id>"`
 * and Docker's `Conflict. The container name "/k8s_<container>_<pod>_<ns>_<uid>_<attempt>" is already in use by
 * container "<id>"`: the name (1 or 3), the holder (2 or 4).
 */
const HELD_NAME = /failed to reserve container name \\?"([^"\\]{1,400})\\?":[^\n]{0,600}? is reserved for \\?"([0-9a-f]{6,64})|The container name \\?"\/?([^"\\]{1,400})\\?" is already in use by container \\?"?([0-9a-zA-Z]{4,64})/;

/** containerd's ttrpc client to a shim, closed under it. */
const SHIM_GONE = 'ttrpc: closed';

/** A runtime's name for a pod's container or sandbox inside an error (`k8s_POD_couchbase-0_<ns>_<uid>_0`). */
const RUNTIME_NAME = /\bk8s_[^\s_"\\]{1,253}_[^\s_"\\]{1,253}_[^\s_"\\]{1,253}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}_\d{1,6}\b/g;
/** Errors read for them. */
const MAX_NAMED_ERRORS = 50;

/**
 * The pods the runtime's own names in the errors spell (a call on a sandbox or container whose line names no pod):
 * found by UID, else by namespace and name, else by a name the log gave alone.
 */
function podsOfRuntimeNames(ctx: FindingContext, events: readonly number[]): number[] {
  const pods = new Set<number>();
  for (const e of events.slice(0, MAX_NAMED_ERRORS)) {
    const text = ctx.text(e);
    if (!text.includes('k8s_')) continue;
    for (const m of text.matchAll(RUNTIME_NAME)) {
      const who = podOfContainerName(m[0]);
      if (!who) continue;
      // (A pod the log named by its name alone — a pod killer's line — is that pod too.)
      const pod = ctx.trace.pods.findIndex((p) => p.uid === who.uid ||
        (p.name === who.pod && (p.namespace === who.namespace || (!p.namespace && !p.uid))));
      if (pod >= 0) pods.add(pod);
    }
  }
  return [...pods];
}

/** The pod, container and attempt a runtime's container name spells (`[k8s_]<container>_<pod>_<ns>_<uid>_<attempt>`). */
function podOfContainerName(name: string): { container: string; pod: string; namespace: string; uid: string; attempt: string } | undefined {
  const parts = (name.startsWith('k8s_') ? name.slice(4) : name).split('_');
  if (parts.length !== 5 || !/^\d{1,6}$/.test(parts[4])) return undefined;
  return { container: parts[0], pod: parts[1], namespace: parts[2], uid: parts[3], attempt: parts[4] };
}

function describeHeldName(ctx: FindingContext, b: FindingBuilder, parts: string[], n: Group, held: RegExpExecArray): Finding {
  const trace = ctx.trace;
  const containerd = held[1] !== undefined;
  const name = held[1] ?? held[3];
  const holder = (held[2] ?? held[4]).slice(0, 12);
  const who = podOfContainerName(name);
  const pod = who ? trace.pods.findIndex((p) => p.uid === who.uid || (p.name === who.pod && p.namespace === who.namespace)) : -1;
  if (pod >= 0) b.pod(pod);
  const what = who ? `container ${who.container} of ${who.namespace}/${who.pod} (restart attempt ${who.attempt})` : 'the container';
  // dockershim's own try at removing the old container, refused because it still runs (helpers.go).
  const running = eventsNear(ctx, ctx.ofKinds(['runtime.conflict-remove-failed']), n.node, trace.events.timeUs[n.events[0]] - 5e6, trace.events.timeUs[n.events[0]] + 1, 3);
  for (const e of running) b.evidence(e);
  parts.push(containerd
    ? `containerd refused the name of ${what}: an earlier CreateContainer for the same container and attempt still holds it (container ${holder}). A create the kubelet stopped waiting for (its runtime request timeout, 2 minutes by default) goes on inside containerd — a slow disk, an image being unpacked, a loaded node — and every retry asks for the same name, so each fails at once until that first create ends.`
    : `Docker already has a container (${holder}) under the name the kubelet gives ${what}${running.length ? `, and it is still running: the kubelet's attempt to remove it was refused (${lineRef(trace, running[0])})` : ''}. The kubelet names each container by its pod and restart attempt, so an old container of that name — left by a kubelet or Docker restart, or one the kubelet lost track of — blocks the create, and each retry fails the same way.`);
  return b.build({
    id: 'runtime-call-errors',
    title: `Container name still held${who ? ` for ${who.container} in ${who.namespace}/${who.pod}` : ''} (CreateContainer ×${n.failures})`,
    severity: 'warning',
    explanation: parts.join(' '),
    next: containerd
      ? 'If it clears within minutes, nothing is needed. If it repeats, find what the first create waits for in containerd\'s log (`journalctl -u containerd`: the holder\'s ID) and the node\'s disk latency; `crictl ps -a` shows the holder, and restarting containerd releases a create that never ends.'
      : `Look at the holder on the node (\`docker ps -a | grep ${holder}\`, \`docker inspect ${holder}\`): if it is an old instance of this container, stop and remove it (\`docker rm -f ${holder}\`) and the next sync creates the container; find why the kubelet lost it (a Docker or kubelet restart).`,
  });
}

const UNKNOWN_SERVICE = 'code = Unimplemented desc = unknown service';
/** RunPodSandbox failing on the pull of its (pause) image: the registry's answer. */
const SANDBOX_IMAGE_PULL = /failed to get sandbox image[^\n]{0,300}?failed to pull/;
/** The kubelet's own exit error on the same node within a few seconds after `e` (its start-up failing on the call). */
function exitsOn(ctx: FindingContext, e: number): boolean {
  const ev = ctx.trace.events;
  return ctx.ofKinds(['node.kubelet-failed', 'node.startup-check-failed']).some((x) => ev.node[x] === ev.node[e] && ev.timeUs[x] >= ev.timeUs[e] && ev.timeUs[x] - ev.timeUs[e] <= 5e6);
}

/** How near the calls' failures pod workers' errors of the same kind count as the same trouble. */
const ALIKE_NEAR_US = 60e6;

/**
 * Pod workers' failed syncs and kills on the node near the calls' failures whose error is of a class the calls
 * failed with, where that class is the runtime not answering (timed out, or its socket gone), not counted already.
 */
function sameFailureElsewhere(ctx: FindingContext, n: Group, calls: readonly CallStats[]): number[] {
  const ev = ctx.trace.events;
  const classes = new Set<ErrorClass>(calls.flatMap((c) => [...c.classes.keys()]).filter((cls) => cls === 'deadline exceeded' || isSocketDown(cls)));
  if (!classes.size) return [];
  const first = n.events[0];
  const last = n.events[n.events.length - 1];
  const counted = new Set(n.events);
  // (A pod worker's error just after a failed call is that call's failure reported again: its kill's, its sync's.)
  const relog = (e: number) => n.events.some((f) => ev.timeUs[e] >= ev.timeUs[f] && ev.timeUs[e] - ev.timeUs[f] <= RELOG_WINDOW_US);
  return eventsNear(ctx, ctx.ofKinds(['pw.sync-error', 'housekeeping.kill-unwanted-failed', 'runtime.kill-failed']), n.node,
    ev.timeUs[first] - ALIKE_NEAR_US, ev.timeUs[last] + ALIKE_NEAR_US, 20).filter((e) => !counted.has(e) && !relog(e) && classes.has(errorClass(ctx.text(e))));
}

/** A sync result's action and the CRI call it makes. */
const ACTION_CALLS: Readonly<Record<string, string>> = { KillPodSandbox: 'StopPodSandbox', KillContainer: 'StopContainer', CreatePodSandbox: 'RunPodSandbox', StartContainer: 'StartContainer' };

/** The one of `calls` the caller's sync result names by its action (`failed to "KillPodSandbox" …`), else all of them. */
function callNamedIn(error: string, calls: readonly string[]): string {
  const action = /^failed to "(\w{1,40})"/.exec(error)?.[1];
  const call = action ? ACTION_CALLS[action] : undefined;
  if (call && calls.includes(call)) return call;
  // Container GC's removal reads the container's status first, and says when that is what failed.
  if (calls.length === 2 && calls.includes('RemoveContainer') && calls.includes('ContainerStatus')) {
    return error.startsWith('failed to get container status') ? 'ContainerStatus' : 'RemoveContainer';
  }
  return calls.join(' or ');
}

/** runc refusing to create a container (Docker's and containerd's words for it). */
const OCI_CREATE_FAILED = /OCI runtime create failed|runc create failed/;
/** The step of the container's set-up runc failed at, as its error says (`mounting "/proc/1/ns" to rootfs at "…" caused: …`). */
const OCI_STEP = /(mounting \\?"[^"\\]{1,200}\\?" to rootfs at \\?"[^"\\]{1,300}\\?"[^\n]{0,120}?(?:permission denied|no such file or directory|not a directory|operation not permitted|read-only file system))/;
/** The path a failed remove names: `remove /data/docker/overlay2/…/diff/usr/bin/bash: operation not permitted`. */
const REMOVED_PATH = /remove (\/[^\s:"\\]{1,400}): (?:operation not permitted|device or resource busy)/;
/**
 * What the runtime answers when a container's files cannot be removed (RemoveContainer), by the words of its error:
 * the runtime was well, a file or mount was not.
 */
const REMOVE_ANSWERS: readonly { test: RegExp; title: string; why: string; next: string }[] = [
  {
    test: /remove[^\n]{0,400}: operation not permitted/, title: 'A container\'s files cannot be deleted: operation not permitted',
    why: 'The runtime answered: removing the container\'s filesystem stopped at a file that even root may not delete — one with the immutable or append-only attribute (`chattr +i` / `+a`), set by the image or by the container as it ran. The container stays; garbage collection tries it again on every pass, and a pod being deleted stays Terminating until it is gone.',
    next: 'Look at the file the error names (its path under the runtime\'s storage, such as /var/lib/docker/overlay2/<id>/diff/…) with `lsattr`, clear the attribute (`chattr -i -a <file>`), and the kubelet\'s next pass removes the container; keep the image or the container from setting it.',
  },
  {
    test: /remove[^\n]{0,400}: device or resource busy/, title: 'A container\'s filesystem is still mounted elsewhere: device or resource busy',
    why: 'The runtime answered: the container\'s filesystem (or its shm) is still mounted in another process\'s mount namespace — a daemon started with private mounts after the container, which took a copy of its mounts — so it cannot be removed. Garbage collection tries it again on every pass.',
    next: 'Find who holds it (`grep <container id> /proc/*/mountinfo`): restart that process or unmount it there; start such daemons with their mounts shared with the host (MountFlags= in their unit) so they stop copying the runtime\'s.',
  },
];

/** What the runtime answers about an image's name, by the words of its error (checked in order). */
const IMAGE_NAME_ANSWERS: readonly { words: string; title: string; why: (samples: readonly string[]) => string; next: string }[] = [
  {
    // CRI-O with no registry to look a short name up in.
    words: 'no registries configured while trying to pull an unqualified image', title: 'Short image name with no registry to search',
    why: () => 'The runtime answered: the image is named without its registry (a short name such as nginx:alpine), and it has no registry configured to look such names up in — CRI-O reads them from unqualified-search-registries in /etc/containers/registries.conf. Nothing is pulled or found under that name until one of the two changes.',
    next: 'Name the image fully in the pod\'s spec (docker.io/library/nginx:alpine), or list registries under unqualified-search-registries in /etc/containers/registries.conf on the node and restart CRI-O.',
  },
  {
    words: 'invalid reference format', title: 'Image name the runtime cannot parse',
    why: (samples) => `The runtime answered: it cannot parse the image's name ("invalid reference format") — it is malformed${samples.some((t) => /[A-Za-z0-9]\\?": invalid reference format/.test(t)) ? ', here with a stray quote at its end, the kind a config file or flag\'s quoting leaves in it' : ': a stray quote or space, capital letters in the repository, a tag with characters a tag cannot have'}. Nothing will pull or find it until the name is fixed where it is set.`,
    next: 'Fix the image name where it is set: the pod\'s spec, or for the pause image the kubelet\'s --pod-infra-container-image (its unit file or /var/lib/kubelet/kubeadm-flags.env, where nested quotes end up in the value) or the runtime\'s sandbox_image.',
  },
];
