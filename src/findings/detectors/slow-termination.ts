/**
 * slow-termination: a container took a long time to stop after the kubelet asked it to (killContainer,
 * kubelet-reference §3.1 step 3). The kubelet runs the preStop hook, then sends StopContainer with what is left of
 * the grace period; the runtime sends SIGTERM and, when the grace period runs out, SIGKILL. A container that stops
 * only when the grace period runs out ignores SIGTERM (its process has no handler, or a shell as PID 1 does not pass
 * the signal on): every rollout, eviction and node drain then waits the whole grace period for it, and it is killed
 * without a clean shutdown (exit code 137). One that stops on its own but late has a slow shutdown handler. Measured
 * from the kill line to the container's end — StopContainer returning ("Container exited normally"), PLEG seeing it
 * die, or its exit code — for the same container. One finding per pod. A kill that failed is pod-kill-failed's.
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { eventsNear } from '../episodes.ts';
import { kindId } from '../../catalog/catalog.ts';
import type { Finding } from '../../model/trace.ts';
import { eventRawText } from '../../model/trace-query.ts';
import { count, duration, lineRef, listOf, podName, timeOfEvent } from '../wording.ts';

/** A stop taking this long is slow: a container with a SIGTERM handler is usually gone within a second or two. */
const SLOW_US = 10e6;
/** A stop this close to its grace period ended when the grace period ran out. */
const GRACE_SLACK_US = 1e6;
/** A stop this much longer than its grace period was the runtime's doing (SIGKILL ends a process at once). */
const RUNTIME_SLACK_US = 5e6;
/**
 * A shorter stop still counts when it used up a grace period at least this long (one of 2 s, the least the kubelet
 * gives, is an eviction's or a forced delete's, and says nothing about the application).
 */
const MIN_TELLING_GRACE_S = 5;
/** A preStop hook running this long is worth saying. */
const SLOW_HOOK_US = 5e6;
/** How far back a preStop hook line may be from its kill, and how long a kill waits for its container's end. */
const MAX_HOOK_US = 3600e6;
const MAX_WAIT_US = 3600e6;
/** The exit code is read from a PLEG line this close to the end. */
const EXIT_CODE_US = 5e6;
const MAX_PODS = 500;
const MAX_STOPS_PER_POD = 50;
const MAX_DELAYS = 1000;
/** The pod object outliving its containers by this long (deletion delayed) is said too. */
const DELAYED_DELETE_US = 20e6;

const K = {
  kill: kindId('runtime.kill'), override: kindId('runtime.kill-override'), prestop: kindId('runtime.prestop'),
  finished: kindId('pleg.container-finished'), failed: kindId('runtime.kill-failed'),
};
/** Every kind read: the kill's, its override's, the hook's, and each that ends a stop (StopContainer returning, PLEG). */
const KINDS = ['runtime.kill', 'runtime.kill-override', 'runtime.prestop', 'runtime.container-exited', 'pleg.container-died', 'pleg.container-finished', 'runtime.kill-failed'];

/** One container's stop: from its kill line to its end. */
interface Stop {
  kill: number;
  /**
   * When the stop signal went out: the kill line, or the override line that follows the preStop hook (1.12–1.2x log
   * "but using N second grace period override" after running the hook: the grace it names starts there).
   */
  signal: number;
  /** The grace period StopContainer was given, s (NaN if the line does not say). */
  graceS: number;
  hook: number;
  end: number;
  exitCode: number;
  exitEvent: number;
  failed: boolean;
}

export const slowTermination: Detector = {
  id: 'slow-termination',
  detect(ctx) {
    const trace = ctx.trace;
    const ev = trace.events;
    /** Open stops by container key; the last preStop hook line by container key. */
    const open = new Map<string, Stop>();
    const hooks = new Map<string, number>();
    /** Stops that ended, recently, waiting for the exit code PLEG reports just after. */
    const ended = new Map<string, Stop>();
    const byPod = new Map<number, Stop[]>();
    // The container's ID where the line names it (a preStop hook line is tied to no container instance), else the instance.
    const keyOf = (e: number): string => {
      if (ev.cid[e] > 0) return `i${trace.strings[ev.cid[e]]}`;
      return ev.container[e] >= 0 ? `c${ev.container[e]}` : '';
    };
    for (const e of ctx.ofKinds(KINDS)) {
      const key = keyOf(e);
      if (!key) continue;
      const kind = ev.kind[e];
      const t = ev.timeUs[e];
      if (kind === K.prestop) {
        if (!hooks.has(key)) hooks.set(key, e);
        continue;
      }
      if (kind === K.kill) {
        const hook = hooks.get(key) ?? -1;
        hooks.delete(key);
        const usable = hook >= 0 && t - ev.timeUs[hook] <= MAX_HOOK_US ? hook : -1;
        open.set(key, { kill: e, signal: e, graceS: ev.num[e], hook: usable, end: -1, exitCode: NaN, exitEvent: -1, failed: false });
        continue;
      }
      const stop = open.get(key);
      if (kind === K.override) {
        // An override (eviction, orphan clean-up) replaces the grace period of the kill just logged; logged after a
        // preStop hook that ran in between, it is when the stop signal went out.
        if (stop && stop.end < 0 && t - ev.timeUs[stop.kill] <= MAX_HOOK_US && Number.isFinite(ev.num[e])) {
          stop.graceS = ev.num[e];
          if (t - ev.timeUs[stop.kill] > 1e6) stop.signal = e;
        }
        continue;
      }
      if (kind === K.finished) {
        const done = stop ?? ended.get(key);
        if (done && Number.isFinite(ev.num[e]) && (done.end < 0 || t - ev.timeUs[done.end] <= EXIT_CODE_US)) {
          done.exitCode = ev.num[e];
          done.exitEvent = e;
        }
      }
      if (!stop) continue;
      if (t - ev.timeUs[stop.kill] > MAX_WAIT_US) {
        open.delete(key);
        continue;
      }
      stop.end = e;
      stop.failed = kind === K.failed;
      open.delete(key);
      ended.set(key, stop);
      if (stop.failed || ev.pod[stop.kill] < 0) continue;
      const pod = ev.pod[stop.kill];
      let list = byPod.get(pod);
      if (!list) {
        if (byPod.size >= MAX_PODS) continue;
        byPod.set(pod, (list = []));
      }
      if (list.length < MAX_STOPS_PER_POD) list.push(stop);
    }
    // The status manager's "Delaying pod deletion as the phase is non-terminal" lines, per pod (1.27+, -v=3).
    const delays = new Map<number, number[]>();
    for (const e of ctx.ofKind('status.delete-gating')) {
      if (ev.pod[e] < 0 || !ctx.text(e)) continue;
      let list = delays.get(ev.pod[e]);
      if (!list) delays.set(ev.pod[e], (list = []));
      if (list.length < MAX_DELAYS) list.push(e); else list[MAX_DELAYS - 1] = e;
    }
    const out: Finding[] = preStopGraceAgain(ctx);
    for (const [pod, stops] of byPod) {
      const slow = stops.filter((s) => stopUs(trace, s) >= SLOW_US ||
        (verdictOf(trace, s) === 'grace-ran-out' && s.graceS >= MIN_TELLING_GRACE_S && ev.timeUs[s.end] - ev.timeUs[s.kill] >= 2e6));
      if (slow.length) out.push(describe(ctx, pod, slow, delays.get(pod) ?? []));
    }
    return out;
  },
};

/** A kill this soon after its preStop hook ran out is that stop's. */
const KILL_AFTER_HOOK_US = 1e6;
const GRACE_FIELD = /\bgracePeriod=(\d{1,7})\b/;

/**
 * A preStop hook that ran out the whole grace period ("PreStop hook not completed in grace period"), after which the
 * container is asked to stop with that whole grace period again — not with the 2 s the kubelet allows once the hook
 * used it up — so a container that ignores SIGTERM takes twice terminationGracePeriodSeconds to go: a kubelet bug
 * (kubernetes/kubernetes#115817). One finding per pod.
 */
function preStopGraceAgain(ctx: FindingContext): Finding[] {
  const trace = ctx.trace;
  const ev = trace.events;
  const out: Finding[] = [];
  const seen = new Set<number>();
  const kills = ctx.ofKind('runtime.kill');
  const deletes = ctx.ofKind('syncloop.delete');
  let k = 0;
  for (const hook of ctx.ofKind('runtime.prestop')) {
    if (out.length >= MAX_PODS) break;
    const raw = eventRawText(trace, hook, 2000);
    const grace = GRACE_FIELD.exec(raw);
    if (!raw.includes('not completed in grace period') || !grace) continue;
    const graceS = Number(grace[1]);
    while (k < kills.length && kills[k] <= hook) k++;
    const kill = kills[k];
    if (kill === undefined || ev.timeUs[kill] - ev.timeUs[hook] > KILL_AFTER_HOOK_US || ev.pod[kill] !== ev.pod[hook]) continue;
    if (ev.cid[hook] > 0 && ev.cid[kill] > 0 && ev.cid[hook] !== ev.cid[kill]) continue;
    const killS = ev.num[kill];
    const pod = ev.pod[hook];
    if (!(killS >= graceS) || graceS < MIN_TELLING_GRACE_S || pod < 0 || seen.has(pod)) continue;
    seen.add(pod);
    const b = new FindingBuilder(trace);
    b.pod(pod).podLanes(pod, ['container']);
    b.evidence(hook);
    b.evidence(kill);
    const deleted = eventsNear(ctx, deletes, ev.node[hook], ev.timeUs[hook] - (graceS + 5) * 1e6, ev.timeUs[hook], 200).findLast((e) => ev.pod[e] === pod) ?? -1;
    if (deleted >= 0) b.evidence(deleted, false);
    const since = deleted >= 0 ? `, ${duration(ev.timeUs[hook] - ev.timeUs[deleted])} after the pod's deletion (${lineRef(trace, deleted)})` : '';
    out.push(b.build({
      id: 'slow-termination',
      title: `PreStop hook used up the grace period, then the container got ${killS}s more: ${podName(trace, pod)}`,
      severity: 'warning',
      explanation: [
        `The container's preStop hook had not finished when its grace period of ${graceS}s ran out at ${timeOfEvent(trace, hook)} (${lineRef(trace, hook)})${since}, and the kubelet then asked the runtime to stop the container with a grace period of ${killS}s (${lineRef(trace, kill)}).`,
        'The hook\'s time is meant to come out of the grace period, leaving the container 2 s after it; given the whole period again, a container that ignores SIGTERM takes twice terminationGracePeriodSeconds to stop, and the pod stays Terminating that long.',
        'This is a known kubelet bug (kubernetes/kubernetes#115817).',
      ].join(' '),
      next: 'Make the preStop hook finish well within terminationGracePeriodSeconds (it should not sleep the whole period) and the main process exit on SIGTERM; upgrade to a kubelet release with the fix for kubernetes/kubernetes#115817.',
    }));
  }
  return out;
}

function stopUs(trace: FindingContext['trace'], s: Stop): number {
  const ev = trace.events;
  return ev.timeUs[s.end] - ev.timeUs[s.hook >= 0 ? s.hook : s.kill];
}

type Verdict = 'runtime-slow' | 'grace-ran-out' | 'killed-early' | 'slow-exit' | 'hook';

/**
 * What the stop's length says: longer than the grace period (after SIGKILL a process is gone at once, so the runtime
 * was slow to finish the stop or to report it), as long as the grace period (the runtime killed it when it ran out;
 * or its exit code says SIGKILL), shorter but slow (it exited on its own), or quick once its long preStop hook was
 * done.
 */
function verdictOf(trace: FindingContext['trace'], s: Stop): Verdict {
  const ev = trace.events;
  const tookUs = ev.timeUs[s.end] - ev.timeUs[s.signal];
  const graceUs = Number.isFinite(s.graceS) ? Math.max(0, s.graceS) * 1e6 : NaN;
  if (tookUs > graceUs + RUNTIME_SLACK_US) return 'runtime-slow';
  const usedGrace = tookUs >= graceUs - GRACE_SLACK_US;
  if ((usedGrace && s.graceS >= 2 && s.exitCode !== 0 && s.exitCode !== 143) || (s.exitCode === 137 && !(tookUs < graceUs - GRACE_SLACK_US))) return 'grace-ran-out';
  // SIGKILL before the grace period ran out: not the runtime's timer (the OOM killer, or another process).
  if (s.exitCode === 137) return 'killed-early';
  return tookUs >= SLOW_US ? 'slow-exit' : 'hook';
}

/** The container's name: on the line, else its instance's, else that of the instance with its ID (1.12 names only the ID). */
function containerOf(trace: FindingContext['trace'], e: number): string {
  const ev = trace.events;
  if (ev.cname[e] > 0) return trace.strings[ev.cname[e]];
  const ci = ev.container[e];
  let name = ci >= 0 ? trace.containers[ci]?.name : '';
  if (!name && ev.cid[e] > 0) {
    const id = trace.strings[ev.cid[e]];
    name = trace.containers.find((c) => c.name && (c.id === id || (id.length >= 12 && c.id.startsWith(id))))?.name ?? '';
  }
  if (name) return name;
  // Named by its ID alone (1.12 at -v=2 prints no container name beside it).
  return ev.cid[e] > 0 ? trace.strings[ev.cid[e]].slice(0, 12) : 'a container';
}

function exitWords(code: number): string {
  if (code === 137) return 'exit code 137: SIGKILL';
  if (code === 143) return 'exit code 143: SIGTERM, no handler';
  return `exit code ${code}`;
}

function describe(ctx: FindingContext, pod: number, stops: Stop[], delays: readonly number[]): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  b.pod(pod).podLanes(pod, ['container']);
  const sentences: string[] = [];
  const verdicts = new Set<Verdict>();
  const names: string[] = [];
  for (const s of stops) {
    for (const e of [s.hook, s.kill, s.signal, s.end, s.exitEvent]) b.evidence(e);
    const name = containerOf(trace, s.kill);
    if (!names.includes(name)) names.push(name);
    const stopTookUs = ev.timeUs[s.end] - ev.timeUs[s.signal];
    const grace = Number.isFinite(s.graceS) ? `${s.graceS} s` : 'its';
    const verdict = verdictOf(trace, s);
    verdicts.add(verdict);
    const hookUs = s.hook >= 0 ? ev.timeUs[s.kill] - ev.timeUs[s.hook] : 0;
    const start = hookUs >= SLOW_HOOK_US
      ? `Container ${name}'s preStop hook ran for ${duration(hookUs)} (from ${timeOfEvent(trace, s.hook)}, ${lineRef(trace, s.hook)}); then it was asked to stop`
      : `Container ${name} was asked to stop at ${timeOfEvent(trace, s.kill)}`;
    const exit = s.exitEvent >= 0 ? ` (${exitWords(s.exitCode)}, ${lineRef(trace, s.exitEvent)})` : '';
    const said = {
      'runtime-slow': `that is ${duration(stopTookUs - s.graceS * 1e6)} past its grace period, and SIGKILL ends a process at once: the container runtime was slow to finish the stop or to report it.`,
      'grace-ran-out': 'it did not exit on SIGTERM, and the runtime killed it with SIGKILL when the grace period ran out.',
      'killed-early': 'something killed it with SIGKILL before its grace period ran out — not the runtime\'s timer: the OOM killer (the shutdown needed more memory than its limit) or another process.',
      'slow-exit': 'it exited on its own, within the grace period, but slowly.',
      hook: 'it exited soon after SIGTERM: the time went to the hook.',
    }[verdict];
    if (s.signal !== s.kill) {
      // The hook ran between the kill line and the override: the grace the override names started after it.
      const negative = s.graceS < 0 ? ` A negative grace period is no deadline at all: the runtime's stop (Docker's with a negative timeout) waits for the process however long it takes — the grace period was used up before the signal was sent.` : '';
      sentences.push(`Container ${name} was asked to stop at ${timeOfEvent(trace, s.kill)} with a ${ev.num[s.kill]} s grace period (${lineRef(trace, s.kill)}); after its preStop hook the stop signal went out at ${timeOfEvent(trace, s.signal)} with ${grace} left (the override, ${lineRef(trace, s.signal)}), and it stopped ${duration(stopTookUs)} after that, at ${timeOfEvent(trace, s.end)} (${lineRef(trace, s.end)})${exit}: ${said}${negative}`);
      continue;
    }
    sentences.push(`${start} with a ${grace} grace period (${lineRef(trace, s.kill)}) and stopped ${duration(stopTookUs)} later, at ${timeOfEvent(trace, s.end)} (${lineRef(trace, s.end)})${exit}: ${said}`);
  }
  const shown = sentences.slice(0, 4);
  if (sentences.length > shown.length) shown.push(`${count(sentences.length - shown.length, 'more slow stop')} of this pod.`);
  // After its containers stopped, the status manager may hold the final delete until the phase is terminal.
  const lastEnd = Math.max(...stops.map((s) => ev.timeUs[s.end]));
  const after = delays.filter((e) => ev.timeUs[e] > lastEnd);
  if (after.length && ev.timeUs[after[after.length - 1]] - lastEnd >= DELAYED_DELETE_US) {
    const last = after[after.length - 1];
    b.evidence(after[0]).evidence(last);
    shown.push(`The pod object stayed in the API ${duration(ev.timeUs[last] - lastEnd)} longer still: the status manager delayed its deletion because the phase was not terminal yet (${count(after.length, 'line')} "Delaying pod deletion as the phase is non-terminal", the last at ${timeOfEvent(trace, last)}, ${lineRef(trace, last)}) — a terminal phase comes only once the pod worker has finished terminating the pod (sandbox stopped, volumes unmounted).`);
  }
  const worstUs = Math.max(...stops.map((s) => stopUs(trace, s)));
  const runtimeSlow = verdicts.has('runtime-slow');
  const killed = verdicts.has('grace-ran-out');
  const why = [
    runtimeSlow ? 'A stop that outlasts its grace period is the runtime\'s: containerd or CRI-O (or the container\'s shim) on an overloaded node, a hung shim, an unmount or a network teardown that blocks — the application may have exited long before.' : '',
    killed ? 'A container that is killed only when its grace period runs out ignores SIGTERM — no handler in the process, or a shell or init as PID 1 that does not pass the signal on: every rollout, eviction and drain waits the whole grace period for it, and it gets no clean shutdown.' : '',
    !runtimeSlow && !killed && (verdicts.has('slow-exit') || verdicts.has('killed-early')) ? 'The container takes long to shut down (connections drained, state flushed); the pod stays Terminating meanwhile.' : '',
    !runtimeSlow && !killed && !verdicts.has('slow-exit') && !verdicts.has('killed-early') ? 'The preStop hook is what takes the time (a sleep to let endpoints drain, or a command that waits); it counts against the grace period, and the pod stays Terminating meanwhile.' : '',
  ].filter(Boolean).join(' ');
  const next = [
    runtimeSlow ? 'Read the container runtime\'s log around the stop (journalctl -u containerd or crio: StopContainer, TaskExit, "context deadline exceeded") and the node\'s load and disk pressure at that time.' : '',
    killed ? 'Make the container\'s main process handle SIGTERM (exec form of the command so the app is PID 1, or an init such as tini that forwards signals); check with kubectl describe pod (Last State: exit code 137) and the container\'s logs around the stop; lower terminationGracePeriodSeconds only once it shuts down cleanly.' : '',
    !runtimeSlow && !killed ? 'Read the container\'s logs around the stop for what its shutdown waits on; a preStop hook sleeping to drain traffic is counted in the grace period too.' : '',
  ].filter(Boolean).join(' ');
  return b.build({
    id: 'slow-termination',
    title: `Slow termination: ${listOf(names, 3)} in ${podName(trace, pod)} took ${duration(worstUs)} to stop${runtimeSlow ? ' (longer than its grace period: the runtime)' : killed ? ' (killed when the grace period ran out)' : ''}`,
    severity: runtimeSlow || killed ? 'warning' : 'info',
    explanation: `${shown.join(' ')} ${why}`,
    next,
    // The simulator's pod-lifecycle (buggy) is an application that ignores SIGTERM.
    scenario: killed ? 'pod-lifecycle' : undefined,
  });
}
