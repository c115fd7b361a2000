/**
 * pleg-relist-stalled: the generic PLEG relists every second and, at -v=5 and above, says so each time ("GenericPLEG:
 * Relisting"). A hole in that beat many times its period, the beat going on after it, is one relist that took that
 * long — stuck in a call to the runtime — well before "PLEG is not healthy" (after 3 minutes) would say anything.
 * Meanwhile no container start or death on the node is noticed, so pod workers waiting for one wait too. One finding
 * per node, told by its longest stall; holes where the log itself was cut are not stalls.
 */
import type { Detector } from '../detectors.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { eventsByNode } from '../episodes.ts';
import { count, duration, lineRef, timeOfEvent } from '../wording.ts';

/** Relist lines looked at per node. */
const MAX_PER_NODE = 200_000;
/** Beats needed to know the period. */
const MIN_BEATS = 4;
/** A hole is a stall when it is at least this long and this many periods. */
const MIN_STALL_US = 10e6;
const STALL_PERIODS = 10;
/** PLEG calls itself unhealthy when a relist has not finished for this long (its threshold). */
const UNHEALTHY_US = 180e6;

interface Stall { before: number; after: number; us: number }

export const plegRelistStalled: Detector = {
  id: 'pleg-relist-stalled',
  detect(ctx) {
    const trace = ctx.trace;
    const ev = trace.events;
    const out: Finding[] = [];
    for (const [node, beats] of eventsByNode(ctx, 'pleg.relisting', MAX_PER_NODE)) {
      if (beats.length < MIN_BEATS) continue;
      // Holes between beats of one process (a restart starts a new beat).
      const holes: Stall[] = [];
      for (let i = 1; i < beats.length; i++) {
        if (ev.pid[beats[i]] !== ev.pid[beats[i - 1]]) continue;
        holes.push({ before: beats[i - 1], after: beats[i], us: ev.timeUs[beats[i]] - ev.timeUs[beats[i - 1]] });
      }
      if (holes.length < MIN_BEATS - 1) continue;
      const periodUs = median(holes.map((h) => h.us));
      const cuts = trace.gaps.filter((g) => g.node === node);
      const stalls = holes.filter((h) => h.us >= Math.max(MIN_STALL_US, STALL_PERIODS * periodUs) &&
        !cuts.some((g) => g.startUs < ev.timeUs[h.after] && g.endUs > ev.timeUs[h.before]));
      if (!stalls.length) continue;
      const longest = stalls.reduce((a, h) => (h.us > a.us ? h : a));
      const b = new FindingBuilder(trace);
      for (const h of stalls.slice(0, 20)) { b.evidence(h.before, false); b.evidence(h.after, false); }
      b.nodeLanes(node, ['pleg']);
      // What else the kubelet logged meanwhile tells a PLEG stuck alone from a kubelet (or an excerpt) gone quiet.
      let others = 0;
      for (let e = longest.before + 1; e < longest.after; e++) if (ev.node[e] === node) others++;
      const parts = [
        `The generic PLEG relists about every ${duration(Math.round(periodUs))} here ("GenericPLEG: Relisting", ${count(beats.length, 'line')}), but no relist began from ${timeOfEvent(trace, longest.before)} (${lineRef(trace, longest.before)}) to ${timeOfEvent(trace, longest.after)} (${lineRef(trace, longest.after)}): ${duration(longest.us)}${stalls.length > 1 ? `, the longest of ${count(stalls.length, 'stall')}` : ''}.`,
        'The relist loop starts the next relist only when the last one returns, so one relist took that long: stuck in a call to the runtime (listing pods and containers, or reading a pod\'s status) that answered late — a runtime busy or blocked on a container (a shim that hangs, a container\'s exit it has not handled), or a slow disk under it.',
        'Meanwhile no container start or death on the node is noticed: pod workers waiting on PLEG events wait as long (containers that start late, pods slow to go Running or to finish terminating).',
        others ? `The kubelet's other goroutines went on logging meanwhile (${count(others, 'line')}): the PLEG alone was held up.`
          : 'Nothing else of the kubelet is in the log in between (a grep for the relist lines, or a kubelet quiet at that moment).',
        longest.us >= UNHEALTHY_US ? 'At 3 minutes the kubelet calls PLEG unhealthy, and the node NotReady until a relist completes.'
          : 'It stayed under the 3 minutes after which the kubelet calls PLEG unhealthy and the node NotReady, so no line says "PLEG is not healthy".',
      ];
      out.push(b.build({
        id: 'pleg-relist-stalled',
        title: `PLEG relist stalled for ${duration(longest.us)}${stalls.length > 1 ? ` (${stalls.length} stalls)` : ''}`,
        severity: longest.us >= UNHEALTHY_US ? 'error' : 'warning',
        explanation: parts.join(' '),
        next: 'Read the runtime\'s log for those seconds (`journalctl -u containerd` or crio: shim errors, "failed to handle container TaskExit event", deadline errors) and time its answers on the node (`time crictl ps -a`, `time crictl pods`); the kubelet\'s kubelet_pleg_relist_duration_seconds shows how often relists run this long.',
      }));
    }
    return out;
  },
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
