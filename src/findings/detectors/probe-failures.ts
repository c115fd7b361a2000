/**
 * probe-failures: readiness (or startup/liveness below the kill) probes failing repeatedly for a container. A
 * readiness Failure restarts nothing: after failureThreshold consecutive failures the probe worker sets the result,
 * the container is reported not ready and the pod leaves its Services' endpoints (kubelet-reference §3.1).
 * Failures in a container's first two minutes, before it is first reported ready, are its start-up and not counted.
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { kindId } from '../../catalog/catalog.ts';
import type { Finding } from '../../model/trace.ts';
import { clip } from '../text-scan.ts';
import { eventRawText } from '../../model/trace-query.ts';
import { count, duration, lineRef, podName, timeOfEvent } from '../wording.ts';

const SUCCEEDED = kindId('probe.succeeded');
const ERRORED = kindId('probe.errored');
const STARTED = kindId('pleg.container-started');
const SYNC_PROBE = kindId('syncloop.probe');
/** Failures this soon after a container started, before it was first reported ready, are its start-up. */
const STARTUP_GRACE_US = 2 * 60e6;
/** Below this many failures nothing is reported (one failure during start-up is routine). */
const MIN_FAILURES = 2;
/**
 * A probe sent to no host (`dial tcp :2379`, `http://:8080/…`): the probe named no host and the kubelet had no IP for
 * the pod when it built it (prober.go takes the pod IP from the status it keeps). Not a start-up failure either.
 */
const NO_HOST = /\bdial (?:tcp|udp)[46]? :(\d{1,5}):|\bhttps?:\/\/:(\d{1,5})\//;
/**
 * Failures that are never routine, so one is reported: the probe cannot work as it is, and the failure says why.
 * Each names what it is (`title`), says what it means (`explain`, given the matching line's text and its reference)
 * and what to do.
 */
interface Fault {
  test: RegExp;
  title: string;
  explain: (match: RegExpExecArray, ref: string) => string;
  next: string;
}
const FAULTS: readonly Fault[] = [
  {
    test: NO_HOST,
    title: 'sent to no host',
    explain: (m, ref) => `It went to no host (":${m[1] ?? m[2]}", ${ref}): a probe that names none is sent to the pod's IP, taken from the status the kubelet keeps, and the kubelet had none for it — the pod's status not known to it yet (a static pod while the API server is down: kubernetes#67204). An empty host dials this node's loopback, so the probe reached the container only if it is on the host network and listens there; otherwise the failure says nothing about the container, and a liveness probe failing so restarts a healthy one.`,
    next: 'Check that the pod has an IP in its status (`kubectl get pod -o wide`; for a static pod, whether the API server answers the kubelet); give a host-network pod\'s probe an explicit host (`host: 127.0.0.1` and a listener there) so it does not depend on the pod\'s status.',
  },
  {
    // The probe's program could not start a thread or process (`runtime/cgo: pthread_create failed: Resource temporarily unavailable`).
    test: /pthread_create failed|(?:fork|clone|newosproc)[^\n]{0,80}resource temporarily unavailable/i,
    title: 'cannot start a thread',
    explain: (_m, ref) => `The probe's own program could not start a thread (${ref}: "Resource temporarily unavailable"): the node, or the container's cgroup, is out of processes — its PID limit (the pids cgroup: podPidsLimit, a runtime default) or the node's (kernel.pid_max, kernel.threads-max, a user's nproc limit). The probe only reports it: every program that needs a new thread there fails alike, and what holds so many is the question.`,
    next: 'On the node, count threads (`ps -eLf | wc -l`; per process `ps -eo nlwp,pid,cmd --sort=-nlwp | head`) against kernel.pid_max and kernel.threads-max, and the pod\'s pids cgroup (pids.current against pids.max); find the process that leaks threads, or raise the limit.',
  },
  {
    // An exec probe whose command is not in the container's image (runc's `exec: "/bin/x": stat /bin/x: no such file
    // or directory`, `executable file not found in $PATH`; quotes may come escaped once or twice).
    test: /exec: [\\]{0,3}"([^"\\\n]{1,200})[\\]{0,3}": (?:stat [^\n]{0,200}?no such file or directory|executable file not found in \$PATH)/,
    title: 'runs a command the container does not have',
    explain: (m, ref) => `Its command "${clip(m[1], 80)}" is not in the container (${ref}): the runtime could not start it, so this probe cannot succeed however healthy the application is — a path that differs in this image, or a tool (curl, wget, a shell) the image does not ship.`,
    next: 'Compare the probe\'s exec command with the image (`kubectl exec <pod> -c <container> -- ls -l <path>`, or `which <tool>`); use a path the image has, or an httpGet/tcpSocket/grpc probe that needs no program in the image.',
  },
];

interface Group {
  pod: number;
  container: string;
  probe: string;
  failures: number;
  /** Of the failures, runs that errored (the probe could not be run or read): their results are thrown away. */
  errored: number;
  /** The first failure that is never routine (FAULTS), its fault and its match; -1 for none. */
  faultAt: number;
  fault?: Fault;
  faultMatch?: RegExpExecArray;
  run: number;
  longestRun: number;
  successes: number;
  events: number[];
  first: number;
  last: number;
}

export const probeFailures: Detector = {
  id: 'probe-failures',
  detect(ctx) {
    const trace = ctx.trace;
    const ev = trace.events;
    // Containers restarted by a probe are the liveness-restart detector's; their failures are not repeated here.
    const killedByProbe = new Set<string>();
    for (const e of ctx.ofKind('runtime.kill-decision')) {
      if (ctx.text(e).toLowerCase().includes('probe')) killedByProbe.add(`${ev.pod[e]}/${trace.strings[ev.cname[e]]}`);
    }
    // Before 1.21 the sync loop's "SyncLoop (container unhealthy)" says the threshold was reached (liveness-restart's).
    const unhealthyPods = new Set<number>();
    for (const e of ctx.ofKind('syncloop.probe-liveness-failed')) unhealthyPods.add(ev.pod[e]);
    // A pod the API server deleted stops its containers: its probes failing from then on are that shutdown, not news.
    const deletedAt = new Map<number, number>();
    for (const e of ctx.ofKind('syncloop.delete')) if (ev.pod[e] >= 0 && !deletedAt.has(ev.pod[e])) deletedAt.set(ev.pod[e], ev.timeUs[e]);
    const groups = new Map<number, Group>();
    // A container that just started fails its probes until the application is up: that is not a finding unless it
    // lasts. Per pod, when a container started and has not yet been reported ready.
    const startingSince = new Map<number, number>();
    for (const e of ctx.ofKinds(['probe.failed', 'probe.errored', 'probe.succeeded', 'pleg.container-started', 'syncloop.probe'])) {
      const pod = ev.pod[e];
      if (pod < 0) continue;
      if (ev.kind[e] === STARTED) { startingSince.set(pod, ev.timeUs[e]); continue; }
      if (ev.kind[e] === SYNC_PROBE) {
        if (ctx.text(e).endsWith(' ready') || ctx.text(e).endsWith(' started')) startingSince.delete(pod);
        continue;
      }
      const starting = startingSince.get(pod);
      // (A probe sent to no host is no start-up failure: it is counted whenever it comes.)
      if (starting !== undefined && ev.kind[e] !== SUCCEEDED && ev.timeUs[e] - starting <= STARTUP_GRACE_US && !NO_HOST.test(ctx.text(e))) continue;
      // A probe lane is one pod's probe of one type on one container; a line may name the container itself. Numbers,
      // not strings, as the key: most of these events are successes of healthy probes.
      const lane = trace.lanes[ev.lane[e]];
      const named = ev.cname[e] > 0 ? trace.strings[ev.cname[e]] : '';
      const key = !named || named === lane.containerName ? ev.lane[e] : ev.lane[e] * 0x100000000 + ev.cname[e];
      const probe = lane.probeType || 'readiness';
      let g = groups.get(key);
      if (ev.kind[e] === SUCCEEDED) {
        if (probe === 'readiness' || probe === 'startup') startingSince.delete(pod);
        if (g && g.run > 0) { g.successes++; g.run = 0; }
        continue;
      }
      const container = named || lane.containerName;
      if (probe !== 'readiness' && (killedByProbe.has(`${pod}/${container}`) || unhealthyPods.has(pod))) continue;
      if ((deletedAt.get(pod) ?? Infinity) <= ev.timeUs[e]) continue;
      if (!g) { g = { pod, container, probe, failures: 0, errored: 0, faultAt: -1, run: 0, longestRun: 0, successes: 0, events: [], first: e, last: e }; groups.set(key, g); }
      g.failures++;
      if (ev.kind[e] === ERRORED) g.errored++;
      if (g.faultAt < 0) {
        const text = ctx.text(e);
        for (const f of FAULTS) {
          const m = f.test.exec(text);
          if (m) { g.faultAt = e; g.fault = f; g.faultMatch = m; break; }
        }
      }
      g.run++;
      g.longestRun = Math.max(g.longestRun, g.run);
      g.last = e;
      if (g.events.length < 100) g.events.push(e);
    }
    const out: Finding[] = [];
    const reported = new Set<number>();
    for (const g of groups.values()) {
      if (g.failures < MIN_FAILURES && g.faultAt < 0) continue;
      out.push(describe(ctx, g));
      if (g.probe === 'readiness') reported.add(g.pod);
    }
    for (const s of stillNotReady(ctx, reported)) out.push(describeNotReady(ctx, s));
    for (const c of failuresOfCutNames(ctx)) out.push(describeCutNames(ctx, c));
    return out;
  },
};

/** Failures of one probe type on pods whose names a pager or screen cut off (the line names no pod whole). */
interface CutNames {
  probe: string;
  events: number[];
  /** What is left of each pod's name (`openshift-etcd/etcd-quorum-guard-78f4445675-2`), in order of appearance. */
  names: string[];
}

/** The beginning of a cut `pod="ns/name` value, at most this long. */
const CUT_POD = /pod="([^"\s]{1,253})$/;

function failuresOfCutNames(ctx: FindingContext): CutNames[] {
  const ev = ctx.trace.events;
  const byProbe = new Map<string, CutNames>();
  for (const e of ctx.ofKind('probe.failed')) {
    if (ev.pod[e] >= 0) continue;
    // (A pager's `>` or an ellipsis at the cut is not the name's.)
    const cut = CUT_POD.exec(eventRawText(ctx.trace, e, 600).trimEnd().replace(/(?:>|\u2026|\.\.\.)$/, ''));
    if (!cut) continue;
    const probe = PROBE_OF_LINE.exec(eventRawText(ctx.trace, e, 600))?.[1].toLowerCase() ?? 'readiness';
    let c = byProbe.get(probe);
    if (!c) byProbe.set(probe, (c = { probe, events: [], names: [] }));
    if (c.events.length < 100) c.events.push(e);
    if (!c.names.includes(cut[1]) && c.names.length < 10) c.names.push(cut[1]);
  }
  return [...byProbe.values()].filter((c) => c.events.length >= MIN_FAILURES);
}

const PROBE_OF_LINE = /probeType="(Readiness|Liveness|Startup)"/;

function describeCutNames(ctx: FindingContext, c: CutNames): Finding {
  const trace = ctx.trace;
  const b = new FindingBuilder(trace);
  for (const e of c.events) b.evidence(e);
  const first = c.events[0];
  const last = c.events[c.events.length - 1];
  const names = c.names.map((n) => `${n}…`);
  return b.build({
    id: 'probe-failures',
    title: `${c.probe[0].toUpperCase()}${c.probe.slice(1)} probes failing on ${count(c.names.length, 'pod')} whose names are cut off`,
    severity: 'warning',
    explanation: `${count(c.events.length, `${c.probe} probe failure`)} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)}) name their pods only in part — the lines were cut at the screen's edge before the pod's name ended: ${names.join(', ')}. Which pods and containers they are is not in the log, so they are not in any pod's story.${c.probe === 'readiness' ? ' A readiness failure restarts nothing: after failureThreshold failures in a row the container is reported not ready and the pod leaves its Services\' endpoints.' : ''}`,
    next: 'Read the lines whole (`journalctl -u kubelet --no-pager`, or `-o cat`) to see the pods and the probe output; `kubectl get pods -A | grep <the name\'s beginning>` finds them.',
  });
}

/** A pod the sync loop last heard "not ready" about, with no "ready" after (1.21+: "SyncLoop (probe)" lines). */
interface NotReadyTail {
  pod: number;
  /** The "not ready" lines since the last "ready" (a few kept) and how many. */
  events: number[];
  count: number;
}

/**
 * Pods whose readiness the sync loop last reported "not ready", still so at the end of the log, where no prober line
 * told of the failures (the prober's "Probe failed" and the sync loop's line are both V1, but an excerpt may hold
 * only the latter), and not just started: a container's readiness starts as a failure until its first success.
 */
function stillNotReady(ctx: FindingContext, reported: ReadonlySet<number>): NotReadyTail[] {
  const ev = ctx.trace.events;
  const tails = new Map<number, NotReadyTail>();
  const startedAt = new Map<number, number>();
  for (const e of ctx.ofKinds(['syncloop.probe', 'pleg.container-started'])) {
    const pod = ev.pod[e];
    if (pod < 0 || reported.has(pod)) continue;
    if (ev.kind[e] === STARTED) { startedAt.set(pod, ev.timeUs[e]); continue; }
    const t = ctx.text(e);
    if (!t.startsWith('readiness')) continue;
    if (!t.endsWith('not ready')) { tails.delete(pod); continue; }
    const tail = tails.get(pod);
    if (tail) {
      tail.count++;
      if (tail.events.length < 50) tail.events.push(e);
      continue;
    }
    const started = startedAt.get(pod);
    if (started !== undefined && ev.timeUs[e] - started <= STARTUP_GRACE_US && ev.timeUs[ev.count - 1] - ev.timeUs[e] <= STARTUP_GRACE_US) continue;
    tails.set(pod, { pod, events: [e], count: 1 });
  }
  return [...tails.values()];
}

function describeNotReady(ctx: FindingContext, s: NotReadyTail): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  for (const e of s.events) b.evidence(e);
  b.pod(s.pod).podLanes(s.pod, ['readiness', 'probe']);
  const first = s.events[0];
  const last = s.events[s.events.length - 1];
  const sinceUs = trace.endUs - ev.timeUs[first];
  return b.build({
    id: 'probe-failures',
    title: `Readiness: ${podName(trace, s.pod)} not ready (until the end of the log)`,
    severity: sinceUs >= 2 * 60e6 ? 'warning' : 'info',
    explanation: `The sync loop reported ${podName(trace, s.pod)} not ready by its readiness probe at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})${s.count > 1 ? `, ${count(s.count, 'time')} up to ${timeOfEvent(trace, last)} (${lineRef(trace, last)})` : ''}, and never ready after it: ${duration(sinceUs)} to the end of the log. A container is reported not ready after failureThreshold consecutive readiness failures; the pod is out of its Services' endpoints meanwhile, and nothing is restarted. The prober's own lines, with the probe's output, are not in this log.`,
    next: 'kubectl describe pod: the Unhealthy events carry the probe\'s output; check what the readiness probe calls (path, port or command) and its timeoutSeconds against the application\'s response time, and whatever dependency the endpoint checks.',
  });
}

function describe(ctx: FindingContext, g: Group): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  for (const e of g.events) b.evidence(e);
  b.evidence(g.last);
  b.pod(g.pod).podLanes(g.pod, ['probe', 'readiness']);
  const spanUs = ev.timeUs[g.last] - ev.timeUs[g.first];
  const sustained = (g.longestRun >= 3 && spanUs >= 30e6) || g.failures >= 10;
  const output = ctx.text(g.last) || ctx.text(g.first);
  const parts: string[] = [];
  // The probe worker throws an errored run's result away (prober/worker.go: "Prober error, throw away the result"):
  // it never counts toward failureThreshold, and the probe's result stays what it was.
  if (g.errored === g.failures) return describeErrored(ctx, g, b, spanUs, output);
  const when = g.failures === 1 ? `once, at ${timeOfEvent(trace, g.first)} (${lineRef(trace, g.first)})`
    : `${count(g.failures, 'time')} between ${timeOfEvent(trace, g.first)} (${lineRef(trace, g.first)}) and ${timeOfEvent(trace, g.last)} (${lineRef(trace, g.last)}), ${duration(spanUs)}`;
  parts.push(`The ${g.probe} probe of container ${g.container || '(unnamed)'} in ${podName(trace, g.pod)} failed ${when}${output ? `; output "${clip(output, 120)}"` : ''}.`);
  const fault = g.fault;
  if (fault) parts.push(fault.explain(g.faultMatch!, lineRef(trace, g.faultAt)));
  if (g.errored) parts.push(`${count(g.errored, 'run')} of them errored (the probe could not be run or its answer read): the kubelet throws those results away, and only the others count toward failureThreshold.`);
  if (g.failures > 1) parts.push(g.successes ? `It flapped: ${count(g.successes, 'success', 'successes')} came in between, and the longest run of failures was ${g.longestRun}.` : `The longest run of consecutive failures was ${g.longestRun}.`);
  if (g.probe === 'readiness') {
    parts.push('A readiness failure restarts nothing: after failureThreshold consecutive failures the probe worker sets the result to Failure, the status manager marks the container not ready and the pod is removed from its Services\' endpoints until a probe succeeds again.');
  } else {
    parts.push(`No ${g.probe}-probe restart of this container appears in the log, so the failures stayed below the failure threshold or the kill is not logged at this verbosity.`);
  }
  return b.build({
    id: 'probe-failures',
    title: `${g.probe[0].toUpperCase()}${g.probe.slice(1)} probe ${fault?.title ?? 'failing'} for ${g.container || 'a container'} in ${podName(trace, g.pod)} (${g.failures}×)`,
    severity: sustained || fault ? 'warning' : 'info',
    explanation: parts.join(' '),
    next: fault ? fault.next : 'Check what the probe calls (path, port or command) and its timeoutSeconds against the application\'s response time; failures during start-up are normal until initialDelaySeconds has passed or a startupProbe succeeds; a dependency the endpoint checks may be down.',
  });
}

/** Every run errored: nothing counted, whatever the probe type. */
function describeErrored(ctx: FindingContext, g: Group, b: FindingBuilder, spanUs: number, output: string): Finding {
  const trace = ctx.trace;
  const kind = g.probe === 'liveness' ? 'so they never restart the container: it keeps running on its last result'
    : g.probe === 'startup' ? 'so they neither start the other probes nor restart the container'
      : 'so the container stays as ready or not ready as it was before them';
  return b.build({
    id: 'probe-failures',
    title: `${g.probe[0].toUpperCase()}${g.probe.slice(1)} probe erroring for ${g.container || 'a container'} in ${podName(trace, g.pod)} (${g.errored}×): results thrown away`,
    severity: 'info',
    explanation: `The ${g.probe} probe of container ${g.container || '(unnamed)'} in ${podName(trace, g.pod)} errored ${count(g.errored, 'time')} between ${timeOfEvent(trace, g.first)} (${lineRef(trace, g.first)}) and ${timeOfEvent(trace, g.last)} (${lineRef(trace, g.last)}), ${duration(spanUs)}${output ? `: "${clip(output, 120)}"` : ''}. An errored run is not a failed one: the probe could not be run, or its answer not read (an HTTP response cut off by a reset connection, an exec the runtime could not start), and the probe worker throws its result away — errored runs never count toward failureThreshold, ${kind}.`,
    next: 'Find why the probe cannot complete rather than why it fails: the error names it (a connection reset while reading the response: the server closed it before answering in full; an exec error: the runtime). A liveness probe that only errors protects nothing: make it answer.',
  });
}
