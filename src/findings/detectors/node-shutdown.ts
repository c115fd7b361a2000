/**
 * node-shutdown: the node shut down gracefully. The kubelet's shutdown manager holds a systemd inhibitor lock; when
 * systemd announces a shutdown it marks the node not ready, kills the pods in priority order within their shutdown
 * grace periods (regular pods first, then critical ones), and releases the lock so the node powers off. Pods killed
 * this way end Failed (reason Terminated, "Pod was terminated in response to imminent node shutdown"); their
 * controllers re-create them elsewhere. One finding per node and shutdown, with the pods it killed and whether the
 * log shows the kubelet come back.
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { kindId } from '../../catalog/catalog.ts';
import type { Finding } from '../../model/trace.ts';
import { count, duration, lineRef, podNames, timeOfEvent } from '../wording.ts';

const KILL = kindId('pw.shutdown-kill');
const KILLED = kindId('pw.shutdown-killed');
const DONE = kindId('node.shutdown-done');
const DETECTED = kindId('node.shutdown-detected');
const GROUP_TIMEOUT = kindId('node.shutdown-group-timeout');
/** The lines of the kubelet's graceful node shutdown (kubelet-stopped reads them too). */
export const GRACEFUL_SHUTDOWN_KINDS: readonly string[] = ['node.shutdown-detected', 'node.shutdown-processing', 'pw.shutdown-kill',
  'pw.shutdown-killed', 'node.shutdown-done', 'node.shutdown-group-timeout', 'node.shutdown-group-done'];
/** Lines further apart than this belong to different shutdowns. */
const MAX_GAP_US = 10 * 60e6;

interface Shutdown {
  node: number;
  events: number[];
  pods: Map<number, number>;
  /** Pods whose kill the log shows finished ("Shutdown manager finished killing pod", -v=1). */
  finished: Set<number>;
  done: number;
  /** A shutdown was announced ("event=true"); a detection line of a cancellation ("event=false") alone sets nothing. */
  announced: boolean;
  /** Priority groups whose wait ran out ("Shutdown manager pod killing time out", by pod priority, 1.24+). */
  timeouts: number[];
}

export const nodeShutdown: Detector = {
  id: 'node-shutdown',
  detect(ctx) {
    const ev = ctx.trace.events;
    const open = new Map<number, Shutdown>();
    const all: Shutdown[] = [];
    for (const e of ctx.ofKinds(GRACEFUL_SHUTDOWN_KINDS)) {
      const node = ev.node[e];
      let s = open.get(node);
      const last = s ? s.events[s.events.length - 1] : -1;
      if (!s || s.done >= 0 || ev.timeUs[e] - ev.timeUs[last] > MAX_GAP_US) {
        if (all.length >= 100) break;
        s = { node, events: [], pods: new Map(), finished: new Set(), done: -1, announced: false, timeouts: [] };
        open.set(node, s);
        all.push(s);
      }
      if (s.events.length < 300) s.events.push(e);
      const kind = ev.kind[e];
      if (kind === DETECTED && /true|shutdown/.test(ctx.text(e))) s.announced = true;
      if (kind === KILL && ev.pod[e] >= 0 && s.pods.size < 500 && !s.pods.has(ev.pod[e])) s.pods.set(ev.pod[e], e);
      if (kind === KILLED && ev.pod[e] >= 0 && s.finished.size < 500) s.finished.add(ev.pod[e]);
      if (kind === DONE) s.done = e;
      if (kind === GROUP_TIMEOUT && s.timeouts.length < 20) s.timeouts.push(e);
    }
    // A detection of "false" alone (a cancelled shutdown, or the kubelet's start-up check) is no shutdown.
    return all.filter((s) => s.announced || s.pods.size > 0 || s.done >= 0).map((s) => describe(ctx, s));
  },
};

function describe(ctx: FindingContext, s: Shutdown): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  for (const e of s.events) b.evidence(e);
  b.nodeLanes(s.node, ['node-status']);
  const first = s.events[0];
  const last = s.events[s.events.length - 1];
  const parts = [
    `The node began a graceful shutdown at ${timeOfEvent(trace, first)} (${lineRef(trace, first)}): the kubelet's shutdown manager marks the node not ready and kills its pods, regular ones first and critical ones last, each within the shutdown grace period left for its priority, before it lets the shutdown go on.`,
  ];
  // The shutdown completes only once every kill has finished or timed out; without that line, only the kills the log
  // shows finishing are done.
  const finished = [...s.pods.keys()].filter((p) => s.finished.has(p)).length;
  const allKilled = s.done >= 0 || finished === s.pods.size;
  if (s.pods.size) {
    const graces = [...s.pods.values()].map((e) => ev.num[e]).filter((g) => Number.isFinite(g));
    const graceList = graces.length ? ` (grace periods ${[...new Set(graces)].sort((x, y) => x - y).join(', ')} s)` : '';
    if (allKilled) {
      parts.push(`It killed ${count(s.pods.size, 'pod')}: ${podNames(trace, s.pods.keys(), 6)}${graceList}. They end Failed with reason Terminated ("Pod was terminated in response to imminent node shutdown"); their controllers re-create them on other nodes.`);
    } else {
      parts.push(`It began killing ${count(s.pods.size, 'pod')}: ${podNames(trace, s.pods.keys(), 6)}${graceList}; ${finished ? `${finished} of those kills finished` : 'the log shows none of those kills finish'} and not the end of the shutdown ("Shutdown manager finished killing pod" is printed at -v=1 and above; the node may have powered off first, or the excerpt ends before).`);
    }
  } else {
    parts.push('The log shows no pod it killed (no "Shutdown manager killing pod" line; an excerpt may leave them out).');
  }
  for (const t of s.timeouts) {
    // The kills the log shows finishing before the group's time ran out: the wait was held up by another.
    const finishedBefore = s.events.filter((e) => ev.kind[e] === KILLED && e < t);
    const lastFinished = finishedBefore.length ? finishedBefore[finishedBefore.length - 1] : -1;
    parts.push(`The wait for the pods of priority ${ctx.text(t) || '?'} ran out its ${Number.isFinite(ev.num[t]) ? `${ev.num[t]} s` : 'grace period'} (${lineRef(trace, t)})`
      + (lastFinished >= 0
        ? `, although the last kill the log shows finishing came ${duration(ev.timeUs[t] - ev.timeUs[lastFinished])} earlier (${lineRef(trace, lastFinished)}): the manager waits for every pod of the group, so a pod whose kill the log does not show, or a kill stuck in the runtime, held the shutdown up.`
        : ': a pod of that group had not finished its kill in time, and the shutdown went on without it.'));
  }
  if (s.done >= 0) parts.push(`It finished at ${timeOfEvent(trace, s.done)} (${lineRef(trace, s.done)}), ${duration(ev.timeUs[s.done] - ev.timeUs[first])} after it began.`);
  const back = ctx.startAfter(last);
  if (back >= 0) {
    b.evidence(back, false);
    parts.push(`The kubelet started again at ${timeOfEvent(trace, back)} (${lineRef(trace, back)}), ${duration(ev.timeUs[back] - ev.timeUs[last])} later.`);
  }
  return b.build({
    id: 'node-shutdown',
    title: `Graceful node shutdown${s.pods.size ? `: ${count(s.pods.size, 'pod')} ${allKilled ? 'killed' : 'being killed'}` : ''}${s.timeouts.length ? `; ${count(s.timeouts.length, 'priority group', 'priority groups')} ran out of time` : ''}`,
    severity: s.timeouts.length ? 'warning' : 'info',
    explanation: parts.join(' '),
    next: 'If the shutdown was not planned, find who asked for it (journalctl -b -1 -u systemd-logind, the cloud provider\'s maintenance or preemption events). If pods were cut short, compare their terminationGracePeriodSeconds with the kubelet\'s shutdownGracePeriod and shutdownGracePeriodCriticalPods.',
  });
}
