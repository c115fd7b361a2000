/**
 * pleg-unhealthy: the PLEG relist goroutine (every 1 s) has not completed a relist for longer than its threshold
 * (3 min; 10 min with evented PLEG), so "PLEG is not healthy" closes the sync-loop gate and makes the node NotReady
 * (kubelet-reference §3.3, §3.8). Reports the longest "last seen active" duration.
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { eventsNear, groupEpisodes, isStartupTransient, STARTUP_WINDOW_US, type Episode } from '../episodes.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { clip, durationAfter, errorClass, isNetworkPluginError, isSocketDown, tokenAt } from '../text-scan.ts';
import { count, duration, lineRef, podNames, timeOfEvent } from '../wording.ts';
import type { Finding } from '../../model/trace.ts';
import { kindId } from '../../catalog/catalog.ts';

const GC_REMOVE_FAILED = kindId('gc.remove-failed');
/**
 * Lines that carry a runtime call's error: the calls and PLEG's relist, garbage collection's failed stops and removals
 * (a sandbox stop timing out) and the image manager's periodic listing. runtime-down reads them too.
 */
export const RUNTIME_ERROR_KINDS = ['pleg.relist-failed', 'runtime.call-failed', 'gc.remove-failed', 'gc.image-monitor-failed'];
const IMAGE_MONITOR_FAILED = kindId('gc.image-monitor-failed');
const REINSPECT_FAILED = kindId('pleg.reinspect-failed');
/** A GC line's error that says the runtime did not answer (not one it refused: a busy mount, a missing container). */
const runtimeDidNotAnswer = (text: string) => { const cls = errorClass(text); return cls === 'deadline exceeded' || isSocketDown(cls); };

const LAST_SEEN = 'pleg was last seen active ';
const NEVER = 'pleg has yet to be successful';
/** Go prints a zero last-relist time as the largest duration (2562047h47m…): no relist since the start. */
const NEVER_US = 1e5 * 3600e6;
const MAX_GAP_US = 6 * 60e6;
/** The sync loop's back-off between skipped iterations doubles from 100 ms up to this (kubelet.go syncLoop). */
const SKIP_BACKOFF_MAX_US = 5e6;

/** The line says PLEG has not relisted once since the kubelet started (in words, or as Go's zero time). */
export function plegNeverRelisted(text: string): boolean {
  if (text.includes(NEVER)) return true;
  const d = durationAfter(/\d$/.test(text) ? `${text}s` : text, LAST_SEEN);
  return d >= NEVER_US;
}

/** How the lines say PLEG never relisted: the words themselves, or Go's zero time as the largest duration. */
function neverWords(ctx: FindingContext, ep: Episode): string {
  return ctx.text(ep.first).includes(NEVER) ? `"${NEVER}"` : '"last seen active 2562047h47m16.85s ago", Go\'s way to print a time never set';
}

export const plegUnhealthy: Detector = {
  id: 'pleg-unhealthy',
  detect(ctx) {
    const matching: number[] = [];
    for (const e of ctx.ofKinds(['syncloop.skipping', 'node.not-ready', 'pleg.unhealthy'])) {
      const t = ctx.text(e);
      if (t.includes(LAST_SEEN) || t.includes(NEVER) || t.includes('PLEG is not healthy')) matching.push(e);
    }
    // (And PLEG's reinspection of one pod, which names that pod.)
    const related = ctx.ofKinds([...RUNTIME_ERROR_KINDS, 'pleg.reinspect-failed']);
    const notReadyEvents = ctx.ofKinds(['node.not-ready', 'event.node-not-ready']);
    return groupEpisodes(ctx, matching, MAX_GAP_US).map((ep) => describe(ctx, ep, related, notReadyEvents));
  },
};

function describe(ctx: FindingContext, ep: Episode, related: Uint32Array, notReadyEvents: Uint32Array): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  if (ep.startEvent >= 0) b.evidence(ep.startEvent);
  b.episode(ep, ['sync-loop', 'pleg', 'node-status']);

  // The longest finite "last seen active" and where it was printed.
  let longestUs = -1;
  let longestAt = -1;
  let longestLabel = '';
  let never = 0;
  let threshold = '';
  // The sample and the last line, each once (a short episode's sample already ends with its last line).
  const seen = ep.sample.includes(ep.last) ? ep.sample : [...ep.sample, ep.last];
  for (const e of seen) {
    const t = ctx.text(e);
    if (t.includes(NEVER)) { never++; continue; }
    // A line cut inside the duration (`… last seen active 3m57.13889`) still says at least that much: its seconds.
    const d = durationAfter(/\d$/.test(t) ? `${t}s` : t, LAST_SEEN);
    if (Number.isNaN(d)) continue;
    if (d >= NEVER_US) { never++; continue; }
    if (d > longestUs) { longestUs = d; longestAt = e; longestLabel = tokenAt(t, t.indexOf(LAST_SEEN) + LAST_SEEN.length); }
    if (!threshold) {
      const th = t.indexOf('threshold is ');
      if (th >= 0) threshold = tokenAt(t, th + 13, ' ];,');
    }
  }
  const firstUs = ev.timeUs[ep.first];
  const lastUs = ev.timeUs[ep.last];
  // Every line saying PLEG has not relisted once yet, for less than a minute: the kubelet had just started, even
  // where the excerpt leaves out its start (k3s and kubeadm logs print this within a second of every start).
  const allNever = never === seen.length;
  const firstRelistPending = allNever && ev.timeUs[ep.last] - ev.timeUs[ep.first] < STARTUP_WINDOW_US;
  // The sync loop's skips back off from 0.1 s to 5 s: lines 5 s apart come after some seconds of skipping already. With
  // no start in the log, lines that say "never" that long are no start's first moment to be sure of.
  const gaps = ep.sample.slice(1).map((e, k) => ev.timeUs[e] - ev.timeUs[ep.sample[k]]);
  const longWait = firstRelistPending && ep.startEvent < 0 && gaps.length >= 2 && gaps.every((g) => g >= SKIP_BACKOFF_MAX_US * 0.9);
  const transient = (isStartupTransient(ctx, ep) || (firstRelistPending && !longWait)) && longestUs < 0;
  // Runtime calls failing in the window before and during the episode: relist goes through the runtime.
  // A network plugin's error is the runtime answering: no sign of a runtime that hangs.
  const calls = eventsNear(ctx, related, ep.node, firstUs - 3 * 60e6 - (longestUs > 0 ? longestUs : 0), lastUs + 30e6, 40)
    .filter((e) => !isNetworkPluginError(ctx.text(e)) && ((ev.kind[e] !== GC_REMOVE_FAILED && ev.kind[e] !== IMAGE_MONITOR_FAILED) || runtimeDidNotAnswer(ctx.text(e)))).slice(0, 10);
  for (const e of calls) b.evidence(e);
  /** A runtime call refused at its socket: the runtime was not running at all. */
  let daemonDown: number | undefined;
  const notReady = eventsNear(ctx, notReadyEvents, ep.node, firstUs - 60e6, lastUs + 30e6, 5);
  for (const e of notReady) b.evidence(e);

  const parts: string[] = [];
  if (transient && ep.startEvent >= 0) {
    parts.push(`Within the first minute after the kubelet start at ${timeOfEvent(trace, ep.startEvent)} (${lineRef(trace, ep.startEvent)}) PLEG had not completed its first relist yet (${count(ep.count, 'line')}), so the sync loop waited. This is normal start-up noise unless it goes on.`);
  } else if (longWait) {
    parts.push(`Every line says PLEG has never completed a relist in this kubelet process (${neverWords(ctx, ep)}; ${count(ep.count, 'line')}, ${timeOfEvent(trace, ep.first)} to ${timeOfEvent(trace, ep.last)}, ${lineRef(trace, ep.first)}), so the sync loop handles no pod change. Right after a start that lasts a second or two; these lines are already at the sync loop's longest back-off (5 s apart), so it had been waiting longer than that, and the log does not show the start. A relist lists every container through the runtime: one that never completes is a runtime that does not answer (a hung Docker or containerd, \`docker ps\` hanging too), and it stays so until the runtime answers.`);
    if (notReady.length) parts.push(`The node's Ready condition went False (${lineRef(trace, notReady[0])}).`);
    return b.build({
      id: 'pleg-unhealthy',
      title: 'PLEG has not relisted once since the kubelet started: pod sync skipped',
      severity: 'warning',
      explanation: parts.join(' '),
      next: 'Check whether the runtime answers at all (`crictl ps -a` or `docker ps` with a timeout; `systemctl status docker containerd`) and its log; how long since the kubelet started (`systemctl status kubelet`): past a minute, restart the runtime, then the kubelet.',
    });
  } else if (transient) {
    parts.push(`${neverWords(ctx, ep)} (${count(ep.count, 'line')}, ${timeOfEvent(trace, ep.first)}${ep.count > 1 ? ` to ${timeOfEvent(trace, ep.last)}` : ''}, ${lineRef(trace, ep.first)}) means PLEG had not completed its first relist since the kubelet started, so the sync loop waited: the kubelet had just started (the log does not show its start). This is normal start-up noise unless it goes on for minutes.`);
  } else {
    parts.push(`The PLEG relist goroutine (every 1 s) had not completed a relist for longer than its ${threshold || '3m0s'} threshold, so the runtime-health check "PLEG is not healthy" was set.`);
    if (longestAt >= 0) parts.push(`The longest "last seen active" was ${longestLabel} (${lineRef(trace, longestAt)}, ${timeOfEvent(trace, longestAt)}).`);
    if (never) parts.push(`${count(never, 'line')} said PLEG had never relisted since the kubelet started.`);
    // The skips themselves are printed at -v=0 from 1.6 on; a grep of node status lines may leave them out.
    const skipsShown = eventsNear(ctx, ctx.ofKind('syncloop.skipping'), ep.node, firstUs, lastUs, 1).length > 0;
    const during = ep.count === 1 ? `At ${timeOfEvent(trace, ep.first)}`
      : `From ${timeOfEvent(trace, ep.first)} to ${timeOfEvent(trace, ep.last)} (${duration(lastUs - firstUs)}, ${count(ep.count, 'line')})`;
    parts.push(skipsShown
      ? `${during} the sync loop skipped every iteration, so no pod change was handled.`
      : `${during} the runtime state was unhealthy, which makes the sync loop skip its iterations, so no pod change was handled (this log does not show the skips themselves).`);
    if (notReady.length) parts.push(`The node's Ready condition went False (${lineRef(trace, notReady[0])}).`);
    if (calls.length) {
      const classes = [...new Set(calls.map((e) => errorClass(ctx.text(e))))].join(', ');
      parts.push(`Runtime calls were failing in the same window (${count(calls.length, 'line')}: ${classes}; first "${clip(ctx.text(calls[0]), 100)}", ${lineRef(trace, calls[0])}): relist lists every container and sandbox through the runtime, so a runtime that times out stops the relist timestamp from advancing.`);
      daemonDown = calls.find((e) => isSocketDown(errorClass(ctx.text(e))));
      if (daemonDown !== undefined) parts.push(`The runtime was not answering at all at ${lineRef(trace, daemonDown)} ("${clip(ctx.text(daemonDown), 120)}"): it was stopped, crashed or restarting, and no relist can succeed until it is back.`);
      const reinspected = [...new Set(calls.filter((e) => ev.kind[e] === REINSPECT_FAILED && ev.pod[e] >= 0).map((e) => ev.pod[e]))];
      if (reinspected.length && daemonDown === undefined) {
        const first = calls.find((e) => ev.kind[e] === REINSPECT_FAILED)!;
        parts.push(`PLEG could not reinspect ${podNames(trace, reinspected, 3)} (${lineRef(trace, first)}): the runtime's calls about ${reinspected.length === 1 ? 'that pod\'s' : 'those pods\''} containers do not return in time, so ${reinspected.length === 1 ? 'it is' : 'they are'} the likely cause of the stall — such a pod often cannot be stopped either (stuck Terminating) until its container is dealt with on the node.`);
      }
    } else {
      parts.push('The kubelet logged no relist or runtime-call error, which points to a relist that is blocked (for example inspecting a container whose runtime call never returns) rather than one that fails; the runtime\'s own lines (a Docker daemon\'s "broken pipe" on a request the kubelet gave up on) may show the call that hung.');
    }
  }
  return b.build({
    id: 'pleg-unhealthy',
    title: transient ? 'PLEG not yet relisted right after the kubelet start (start-up transient)' : 'PLEG is not healthy: relist stalled, pod sync skipped',
    severity: transient ? 'info' : 'error',
    explanation: parts.join(' '),
    next: daemonDown !== undefined ? 'Start the runtime and find why it stopped (`systemctl status docker containerd`, and its log for these minutes: `journalctl -u docker`); PLEG relists again by itself once the runtime answers.'
      : (transient ? 'Nothing to do if these lines stop within a minute of the start. If they go on: ' : '') + 'Time the runtime directly (crictl ps -a and crictl inspect of each container; docker ps and docker inspect on a Docker node) to find one that hangs; check the number of containers on the node, disk I/O, and the runtime\'s own log for the same minutes; the kubelet metric kubelet_pleg_relist_duration_seconds shows how long relists take.',
  });
}
