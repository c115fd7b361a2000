/**
 * evented-pleg-fallback: with the EventedPLEG feature (1.26+) the kubelet learns of container changes from a stream
 * of the runtime's container events (GetContainerEvents) instead of relisting every second. When that stream breaks —
 * the runtime restarted, its socket went away — the kubelet retries and then falls back to the generic PLEG's
 * relisting for good (until it restarts). One finding per node and stretch of failures: when, with what error, and
 * whether the log shows the fallback. Information: pods keep being seen, by the older mechanism.
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { eventsNear } from '../episodes.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { clip, errorClass, isSocketDown } from '../text-scan.ts';
import { count, lineRef, timeOfEvent } from '../wording.ts';

/** Failures further apart than this are another stretch. */
const MAX_GAP_US = 5 * 60e6;
/** The fallback this soon after the last failure is its outcome. */
const FALLBACK_WITHIN_US = 60e6;
const MAX_EVIDENCE = 20;

export const eventedPlegFallback: Detector = {
  id: 'evented-pleg-fallback',
  detect(ctx) {
    const ev = ctx.trace.events;
    const stretches: { node: number; failures: number[] }[] = [];
    const open = new Map<number, { node: number; failures: number[] }>();
    for (const e of ctx.ofKind('pleg.evented-failed')) {
      let s = open.get(ev.node[e]);
      if (!s || ev.timeUs[e] - ev.timeUs[s.failures[s.failures.length - 1]] > MAX_GAP_US) {
        if (stretches.length >= 100) break;
        s = { node: ev.node[e], failures: [] };
        open.set(ev.node[e], s);
        stretches.push(s);
      }
      if (s.failures.length < 1000) s.failures.push(e);
    }
    const fallbacks = ctx.ofKind('pleg.evented-fallback');
    return stretches.map((s) => describe(ctx, s.node, s.failures, fallbacks));
  },
};

function describe(ctx: FindingContext, node: number, failures: number[], fallbacks: Uint32Array): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  for (const e of failures.slice(0, MAX_EVIDENCE)) b.evidence(e);
  b.nodeLanes(node, ['pleg', 'runtime']);
  const first = failures[0];
  const last = failures[failures.length - 1];
  const error = failures.map((e) => ctx.text(e)).find((t) => t.length > 0) ?? '';
  const fallback = eventsNear(ctx, fallbacks, node, ev.timeUs[first], ev.timeUs[last] + FALLBACK_WITHIN_US, 1)[0] ?? -1;
  if (fallback >= 0) b.evidence(fallback);
  const parts = [
    `The evented PLEG lost its stream of container events from the runtime at ${timeOfEvent(trace, first)} (${lineRef(trace, first)}${failures.length > 1 ? `; ${count(failures.length, 'failure')} to ${lineRef(trace, last)}` : ''}): "${clip(error || 'no error logged', 200)}".`,
    'With the EventedPLEG feature the kubelet learns of container starts and exits from that stream (the generic PLEG\'s relisting goes on beside it, less often); when the stream breaks it retries, and after its last retry falls back to relisting every second.',
  ];
  if (isSocketDown(errorClass(error))) {
    parts.push('The error says the runtime\'s socket did not answer: the runtime (containerd, CRI-O) restarted or went away.');
  }
  parts.push(fallback >= 0
    ? `It fell back (${lineRef(trace, fallback)}): pod changes are still seen, at each relist rather than as they happen, and the events do not come back until the kubelet restarts.`
    : 'Whether it fell back is not in the log (that line is printed at -v=4); if it did, the events do not come back until the kubelet restarts.');
  return b.build({
    id: 'evented-pleg-fallback',
    title: `Evented PLEG lost the runtime's event stream${failures.length > 1 ? ` (${count(failures.length, 'failure')})` : ''}${fallback >= 0 ? ': the kubelet fell back to relisting' : ''}`,
    severity: 'info',
    explanation: parts.join(' '),
    next: 'Look for the runtime\'s restart at that time (journalctl -u containerd or crio); check that the runtime sends container events (CRI-O: enable_pod_events; containerd 1.7+), and restart the kubelet if the events do not come back.',
  });
}
