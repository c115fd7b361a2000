/**
 * runtime-down (seed 002): the runtime-health goroutine (updateRuntimeUp, every 5 s) stopped refreshing the base
 * runtime sync time, so runtimeErrors() reports "container runtime is down" (30 s threshold, kubelet-reference
 * §1.6, §3.8) — or, from 1.13, "status check may not have completed yet" when it never succeeded since the start.
 * The sync loop then skips every iteration and the node goes NotReady.
 */
import { parseGoDurationUs } from '../../util/time.ts';
import type { Detector } from '../detectors.ts';
import { kubeletMinors, type FindingContext } from '../context.ts';
import { eventsNear, groupEpisodes, isStartupTransient, STARTUP_WINDOW_US, type Episode } from '../episodes.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { clip, errorClass, isSocketDown } from '../text-scan.ts';
import { kindId } from '../../catalog/catalog.ts';
import { count, duration, lineRef, timeOfEvent } from '../wording.ts';
import { lastEventOn } from '../causes.ts';
import type { Finding } from '../../model/trace.ts';
import { plegNeverRelisted, RUNTIME_ERROR_KINDS } from './pleg-unhealthy.ts';

const DOWN = 'container runtime is down';
/** The release that first told "status check may not have completed yet" apart from "down". */
const NOT_YET_SINCE_MINOR = 13;
/**
 * How long such a kubelet's first check takes at most (the check runs every 5 s from the start): longer, its "down"
 * is read as down.
 */
const OLD_NOT_YET_US = 10e6;
const NOT_YET = 'container runtime status check may not have completed yet';
/** Skipping lines come at most 5 s apart (the sync loop's back-off cap); a longer silence ends an episode. */
const MAX_GAP_US = 60e6;
const SKIPPING = kindId('syncloop.skipping');
/** Lines this close to the last of the node's log end it: nothing after them shows whether they stopped. */
const LOG_ENDS_US = 10e6;

export const runtimeDown: Detector = {
  id: 'runtime-down',
  detect(ctx) {
    const ev = ctx.trace.events;
    const matching: number[] = [];
    for (const e of ctx.ofKinds(['syncloop.skipping', 'node.not-ready'])) {
      const t = ctx.text(e);
      if (t.includes(DOWN) || t.includes(NOT_YET)) matching.push(e);
    }
    const criErrors = ctx.ofKinds(['node.runtime-sanity-failed', 'node.runtime-not-ready']);
    // Lines of a kubelet's start-up: where they are near, a start is in the log even if its first line is not (read
    // only for an episode that asks).
    let startUpSteps: Uint32Array | undefined;
    const startUp = () => (startUpSteps ??= ctx.ofKinds(['node.startup-step', 'kubelet.version', 'kubelet.started', 'config.source', 'volume.startup', 'gc.image-failed-once']));
    const notReadyEvents = ctx.ofKinds(['node.not-ready', 'event.node-not-ready']);
    const out: Finding[] = [];
    for (const ep of groupEpisodes(ctx, matching, MAX_GAP_US)) {
      // Before 1.13 "down" was also how a check that had not succeeded yet since the start read (in the sync loop's
      // skipping lines; the node status saying so while pod workers go on is stale state, below).
      // The same lines saying PLEG has not relisted once yet put them in a kubelet's first seconds too (kubernetes#51187).
      const onlyNotYet = ep.sample.every((e) => !ctx.text(e).includes(DOWN))
        || (Number.isNaN(ep.startUs) && ev.timeUs[ep.last] - ev.timeUs[ep.first] <= OLD_NOT_YET_US
          && ep.sample.every((e) => ev.kind[e] === SKIPPING)
          && (saysDownForNotYet(ctx, ep.first) || ep.sample.every((e) => plegNeverRelisted(ctx.text(e)))));
      // "may not have completed yet" is the normal state of the first seconds after a start. Without the start in the
      // log, lines that end it may be the first seconds of a start or a kubelet stuck since one: that is said.
      if (onlyNotYet && ev.timeUs[ep.last] - (Number.isNaN(ep.startUs) ? ev.timeUs[ep.first] : ep.startUs) <= STARTUP_WINDOW_US) {
        if (Number.isNaN(ep.startUs) && ev.timeUs[lastEventOn(ctx.trace, ep.node)] - ev.timeUs[ep.last] < LOG_ENDS_US
          && eventsNear(ctx, startUp(), ep.node, ev.timeUs[ep.first] - STARTUP_WINDOW_US, ev.timeUs[ep.last] + LOG_ENDS_US, 1).length === 0) {
          out.push(describeNotYetAtEnd(ctx, ep));
        }
        continue;
      }
      // Within 30 s of a start "down" cannot mean a 30 s lapse: before 1.13 it is how "never succeeded" reads.
      const fromStart = !Number.isNaN(ep.startUs) && ev.timeUs[ep.first] - ep.startUs < 30e6;
      // Only the node's status said so, and pod workers went on working: the sync loop was not skipping.
      const podWork = ep.sample.some((e) => ev.kind[e] === SKIPPING) ? -1 : podWorkAfter(ctx, ep);
      if (podWork >= 0) {
        out.push(describeStaleStatus(ctx, ep, podWork));
        continue;
      }
      out.push(describe(ctx, ep, onlyNotYet || fromStart, criErrors, notReadyEvents));
    }
    return out;
  },
};

/** The event's source is a kubelet older than 1.13, whose "down" also meant "not succeeded yet since the start". */
function saysDownForNotYet(ctx: FindingContext, e: number): boolean {
  return kubeletMinors(ctx.trace, e)[1] < NOT_YET_SINCE_MINOR;
}

/**
 * A pod worker's line on the episode's node from its first line to 30 s after its last (the sync loop handed it a
 * pod, so it was not skipping its iterations), or -1.
 */
function podWorkAfter(ctx: FindingContext, ep: Episode): number {
  const trace = ctx.trace;
  const ev = trace.events;
  const untilUs = ev.timeUs[ep.last] + 30e6;
  for (let e = ep.first; e < ev.count && ev.timeUs[e] <= untilUs; e++) {
    if (ev.node[e] === ep.node && trace.lanes[ev.lane[e]].kind === 'pod-worker') return e;
  }
  return -1;
}

/** PLEG's stall on the same skipping line: `pleg was last seen active 16m6.5s ago`. */
const PLEG_LAST_ACTIVE = /pleg was last seen active ([0-9][0-9a-zµ.]{0,40}) ago/;
/** Past this, "not completed yet" is no start's first seconds. */
const STUCK_AFTER_US = 60e6;

/** CRI calls on the node that timed out (DeadlineExceeded) in [fromUs, toUs]: a runtime that hangs. */
function timedOutCalls(ctx: FindingContext, node: number, fromUs: number, toUs: number): number[] {
  return eventsNear(ctx, ctx.ofKind('runtime.call-failed'), node, fromUs, toUs, 50).filter((e) => errorClass(ctx.text(e)) === 'deadline exceeded');
}

/** "Not completed yet" at the end of a log that shows no kubelet start: a start's first seconds, or stuck since one. */
function describeNotYetAtEnd(ctx: FindingContext, ep: Episode): Finding {
  const trace = ctx.trace;
  const b = new FindingBuilder(trace);
  b.episode(ep, ['sync-loop', 'node-status']);
  const lines = ep.count === 1 ? lineRef(trace, ep.first) : `${count(ep.count, 'line')}, ${lineRef(trace, ep.first)} to ${lineRef(trace, ep.last)}`;
  const said = ep.sample.some((e) => ctx.text(e).includes(DOWN))
    ? `"${DOWN}" (${lines}), which kubelets before 1.13 also say while the check has not succeeded yet`
    : `"${NOT_YET}" (${lines})`;
  // The same lines may say how long PLEG has been stalled: the kubelet has run at least that long, no start's seconds.
  const upUs = Math.max(0, ...ep.sample.map((e) => parseGoDurationUs(PLEG_LAST_ACTIVE.exec(ctx.text(e))?.[1] ?? '')).filter(Number.isFinite));
  // The runtime's calls timing out just before: a runtime that hangs, whether or not the kubelet just started.
  const ev = trace.events;
  const timedOut = timedOutCalls(ctx, ep.node, ev.timeUs[ep.first] - 60e6, ev.timeUs[ep.last] + 5e6);
  if (timedOut.length) {
    for (const e of timedOut.slice(0, 5)) b.evidence(e);
    return b.build({
      id: 'runtime-down',
      title: 'Container runtime hangs: its calls time out and pod sync is skipped',
      severity: 'warning',
      explanation: `The sync loop skipped its pod work because the runtime-health check (updateRuntimeUp, every 5 s) had not succeeded: ${said}. `
        + `The runtime's other calls time out at the same time (${count(timedOut.length, 'line')}, first ${lineRef(trace, timedOut[0])}: DeadlineExceeded): the runtime takes the kubelet's calls and does not answer them in time, its Status call included — whether or not the kubelet had just started.`,
      next: 'Check the runtime directly (crictl info, docker info; time them) and its own log for these minutes; a runtime stuck on one container (an inspect or stop that never returns) blocks every caller — restart the runtime, then see whether it recurs.',
      scenario: 'runtime-hang-notready',
    });
  }
  if (upUs >= STUCK_AFTER_US) {
    return b.build({
      id: 'runtime-down',
      title: 'Runtime health check never succeeded: pod sync skipped',
      severity: 'warning',
      explanation: `The sync loop skipped its pod work because the runtime-health check (updateRuntimeUp, every 5 s) had not succeeded once since the kubelet started: ${said}. `
        + `The same line says PLEG was last seen active ${duration(upUs)} ago, so the kubelet had been running at least that long: this is no start's first seconds — the check never succeeded in all that time. The runtime's Status call never gave a good answer, or the kubelet hung before recording one (updateRuntimeUp also starts the runtime-dependent modules, cAdvisor among them, on its first success).`,
      next: 'Check the runtime directly (crictl info; its own log for these minutes) and take a kubelet goroutine dump (kill -QUIT, or /debug/pprof/goroutine) to see where updateRuntimeUp waits; a restart of the runtime and then the kubelet usually clears it.',
      scenario: 'runtime-hang-notready',
    });
  }
  return b.build({
    id: 'runtime-down',
    title: 'Runtime health check not completed yet: pod sync skipped at the end of the log',
    severity: 'info',
    explanation: `The sync loop skipped its pod work because the runtime-health check (updateRuntimeUp, every 5 s) had not succeeded once since the kubelet started: ${said}. `
      + 'That is normal in the first seconds after a start. This log shows neither the start nor anything after these lines, so it cannot tell whether the check then succeeded or the kubelet stayed stuck; stuck, it would mean the runtime\'s Status call never gave a good answer, or the kubelet hung before recording one.',
    next: 'Look at a longer stretch of the log after these lines: if they go on past the first minute after the start, check the runtime (crictl info) and take a kubelet goroutine dump to see where updateRuntimeUp waits.',
    scenario: 'runtime-hang-notready',
  });
}

/** The node's status named the runtime down, but pod work went on: stale runtime-health state, not a hung runtime. */
function describeStaleStatus(ctx: FindingContext, ep: Episode, podWork: number): Finding {
  const trace = ctx.trace;
  const b = new FindingBuilder(trace);
  b.episode(ep, ['sync-loop', 'node-status']);
  b.evidence(podWork);
  return b.build({
    id: 'runtime-down',
    title: 'Node status said the container runtime was down, but pod workers went on (no sync skipped)',
    severity: 'info',
    explanation: `The node's Ready condition carried "${DOWN}" (${count(ep.count, 'line')}, from ${timeOfEvent(trace, ep.first)}, ${lineRef(trace, ep.first)}), ` +
      `yet the sync loop kept handing pods to their workers (a pod worker's line at ${timeOfEvent(trace, podWork)}, ${lineRef(trace, podWork)}) and logged no "Skipping pod synchronization": ` +
      'the runtime-health state was stale for a moment — as right after a start, before the first updateRuntimeUp pass — rather than the runtime hanging. The other reasons in the same condition (network, PLEG) are what kept the node not ready.',
    next: 'Read the rest of the NotReady message and the findings about it (network not ready, PLEG); the runtime needs no action unless "Skipping pod synchronization" lines follow.',
  });
}

function describe(ctx: FindingContext, ep: Episode, neverSucceeded: boolean, criErrors: Uint32Array, notReadyEvents: Uint32Array): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  if (ep.startEvent >= 0) b.evidence(ep.startEvent);
  b.episode(ep, ['sync-loop', 'node-status']);
  const firstUs = ev.timeUs[ep.first];
  const lastUs = ev.timeUs[ep.last];
  const cri = eventsNear(ctx, criErrors, ep.node, firstUs - 60e6, lastUs, 20);
  for (const e of cri) b.evidence(e);
  const notReady = eventsNear(ctx, notReadyEvents, ep.node, firstUs - 60e6, lastUs + 30e6, 5);
  for (const e of notReady) b.evidence(e);
  const transient = isStartupTransient(ctx, ep);
  const stillAtEnd = trace.endUs - lastUs < 10e6;
  // Lines left out of the log around the episode (an elision mark, a cut between excerpts): what they said is not known.
  const cutNear = linesLeftOutNear(trace, ep.first, ep.last);

  const parts: string[] = [];
  if (transient) {
    parts.push(`Within the first minute after the kubelet start at ${timeOfEvent(trace, ep.startEvent)} (${lineRef(trace, ep.startEvent)}) the runtime-health check had not succeeded yet ` +
      `(${count(ep.count, 'line')} from ${timeOfEvent(trace, ep.first)} to ${timeOfEvent(trace, ep.last)}; up to 1.12 this reads "container runtime is down" until the first successful updateRuntimeUp pass), so the sync loop waited.`);
    // The runtime's own status call failing meanwhile is no start-up noise: it does not answer.
    const failing = eventsNear(ctx, criErrors, ep.node, firstUs, lastUs + STARTUP_WINDOW_US, 1);
    parts.push(failing.length
      ? `But the runtime's status call failed meanwhile (${lineRef(trace, failing[0])}: "${clip(ctx.text(failing[0]) || 'no detail', 120)}"): the runtime is not answering, so this is not start-up noise.`
      : 'This is normal start-up noise unless it goes on.');
    for (const e of failing) b.evidence(e);
    return b.build({
      id: 'runtime-down', title: failing.length ? 'Container runtime not up after the kubelet start: it does not answer' : 'Container runtime not yet up right after the kubelet start (start-up transient)',
      severity: failing.length ? 'warning' : 'info',
      explanation: parts.join(' '),
      next: failing.length ? 'Start or fix the container runtime the error names (its service status and log); the kubelet goes on by itself once the runtime answers.' : 'Nothing to do unless the lines continue past the first minute after the start.',
      scenario: 'runtime-hang-notready',
    });
  }
  parts.push(neverSucceeded
    ? 'The runtime-health goroutine (updateRuntimeUp, every 5 s) never completed a successful pass after the kubelet started, so the base runtime sync time was never set and runtimeState kept reporting the runtime as not up ("container runtime is down" up to 1.12, "status check may not have completed yet" from 1.13).'
    : 'The runtime-health goroutine (updateRuntimeUp, every 5 s) did not refresh the base runtime sync time for more than 30 s, so runtimeState reported "container runtime is down".');
  parts.push(ep.count === 1
    ? `At ${timeOfEvent(trace, ep.first)} (${lineRef(trace, ep.first)})${stillAtEnd ? ', near the end of the log,' : ''} the sync-loop goroutine skipped its iteration: no pod additions, deletions, PLEG events or probe results were handled.`
    : `From ${timeOfEvent(trace, ep.first)} (${lineRef(trace, ep.first)}) to ${timeOfEvent(trace, ep.last)} (${lineRef(trace, ep.last)})` +
      `${stillAtEnd ? ', still at the end of the log' : ''} — ${duration(lastUs - firstUs)}, ${count(ep.count, 'line')} — the sync-loop goroutine skipped every iteration: no pod additions, deletions, PLEG events or probe results were handled.`);
  if (ep.startEvent >= 0) parts.push(`It began ${duration(firstUs - ep.startUs)} after the kubelet started at ${timeOfEvent(trace, ep.startEvent)} (${lineRef(trace, ep.startEvent)}).`);
  if (notReady.length) parts.push(`The node's Ready condition went False (${lineRef(trace, notReady[0])}).`);
  // Another call of the runtime refused at its socket meanwhile ("Cannot connect to the Docker daemon"): not running.
  const refused = cri.length ? undefined : eventsNear(ctx, ctx.ofKinds(RUNTIME_ERROR_KINDS), ep.node, firstUs - 5 * 60e6, lastUs + 30e6, 20)
    .find((e) => isSocketDown(errorClass(ctx.text(e))));
  if (refused !== undefined) {
    b.evidence(refused);
    parts.push(`The runtime was not running: its socket refused the kubelet's other calls meanwhile (${lineRef(trace, refused)}: "${clip(ctx.text(refused) || 'no detail', 120)}"), so the health check's Status call failed the same way.`);
  } else if (cri.length) {
    parts.push(`The CRI Status call was answering with errors (${count(cri.length, 'line')}, first: "${clip(ctx.text(cri[0]) || 'no detail', 120)}", ${lineRef(trace, cri[0])}), so the runtime itself reported a problem.`);
  } else if (cutNear) {
    parts.push(`No "Container runtime sanity check failed" or "Container runtime not ready" line is in what the log shows, but lines are left out around it (${trace.sources.length > 1 ? `${trace.sources[ev.source[ep.first]].name}:` : 'line '}${cutNear}): whether the runtime was answering with errors is not known.`);
  } else {
    // The runtime's other calls timing out meanwhile: it hangs, and the health check's own Status call with them.
    const timedOut = timedOutCalls(ctx, ep.node, firstUs - 60e6, lastUs + 5e6);
    if (timedOut.length) {
      for (const e of timedOut.slice(0, 5)) b.evidence(e);
      parts.push(`No "Container runtime sanity check failed" or "Container runtime not ready" line was logged, but the runtime's other calls time out meanwhile (${count(timedOut.length, 'line')}, first ${lineRef(trace, timedOut[0])}: DeadlineExceeded): the runtime hangs — it takes the calls and does not answer them in time, the health check's own Status call included.`);
    } else {
      parts.push('No "Container runtime sanity check failed" or "Container runtime not ready" line was logged: the runtime was not returning errors, so updateRuntimeUp itself was stuck before recording success — for example in initializeRuntimeDependentModules, which runs once on the first healthy status and starts cAdvisor; a container inspect that never returns blocks it for good.');
    }
  }

  return b.build({
    id: 'runtime-down',
    title: neverSucceeded ? 'Runtime health check never succeeded after the kubelet start: pod sync skipped' : 'Container runtime is down: pod sync skipped, node not ready',
    severity: 'error',
    explanation: parts.join(' '),
    next: refused !== undefined ? 'Start the runtime and find why it stopped (`systemctl status docker containerd`, and its log for these minutes: `journalctl -u docker`); the kubelet goes on by itself once the runtime answers.'
      : 'Check the runtime directly (crictl info / docker info, then crictl inspect or docker inspect of every container, timing each, to find one that hangs) and take a kubelet goroutine dump to see where updateRuntimeUp is blocked. If a container inspect hangs, restarting the kubelet does not help: fix or remove that container (or restart the runtime) first.',
    scenario: 'runtime-hang-notready',
  });
}

/** Lines of a source within which a cut mark counts as near an episode's lines. */
const CUT_NEAR_LINES = 30;

/**
 * The line of a cut mark (lines left out) near events first..last of one source; 0 if none. Before the episode only
 * a mark that says so counts (an elision, journald's suppression): prose there may be the document's opening text.
 */
function linesLeftOutNear(trace: FindingContext['trace'], first: number, last: number): number {
  const ev = trace.events;
  const source = trace.sources[ev.source[first]];
  if (!source || ev.source[last] !== ev.source[first]) return 0;
  const from = ev.line[first] - CUT_NEAR_LINES;
  const to = ev.line[last] + CUT_NEAR_LINES;
  const cut = source.cuts.find((c) => c.line >= from && c.line <= to && (c.line > ev.line[first] || c.kind !== 'prose'));
  return cut ? cut.line : 0;
}
