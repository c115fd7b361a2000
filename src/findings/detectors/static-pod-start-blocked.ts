/**
 * static-pod-start-blocked: a static pod's worker "cannot start yet" (1.22+, -v=4): the kubelet runs only one pod of
 * a full name (namespace/name) at a time, and a pod of the same name — the older UID of the same manifest, left by a
 * kubelet restart or a manifest change — has not finished terminating. Normal for a moment while the old one stops;
 * a finding when housekeeping says a worker it was asked to remove is still not terminated (the old one is stuck:
 * a thread on a kubelet restart's race quotes both lines), or when the wait lasts. One finding per waiting pod.
 */
import type { Detector } from '../detectors.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { count, duration, lineRef, podName, timeOfEvent } from '../wording.ts';
import { eventsByPod } from '../episodes.ts';

/** Waiting this long (first to last "cannot start yet") is no longer the moment an old pod takes to stop. */
const LONG_WAIT_US = 60e6;
const MAX_EVIDENCE = 20;

export const staticPodStartBlocked: Detector = {
  id: 'static-pod-start-blocked',
  detect(ctx) {
    const trace = ctx.trace;
    const ev = trace.events;
    const waits = eventsByPod(ctx, 'pw.cannot-start-yet', 1000);
    waits.delete(-1);
    if (waits.size === 0) return [];
    const removals = ctx.ofKind('pw.removal-not-terminated');
    const out: Finding[] = [];
    for (const [pod, list] of waits) {
      const node = trace.pods[pod].node;
      const first = list[0];
      const last = list[list.length - 1];
      // Workers of other pods on the node that housekeeping cannot remove, from the wait on.
      const stuck = [...removals].filter((e) => ev.pod[e] >= 0 && ev.pod[e] !== pod && trace.pods[ev.pod[e]].node === node && ev.timeUs[e] >= ev.timeUs[first] - 10e6);
      const waitedUs = ev.timeUs[last] - ev.timeUs[first];
      if (stuck.length === 0 && waitedUs < LONG_WAIT_US) continue;
      const b = new FindingBuilder(trace);
      b.pod(pod);
      for (const e of list.slice(0, MAX_EVIDENCE)) b.evidence(e);
      for (const e of stuck.slice(0, MAX_EVIDENCE)) b.evidence(e, false);
      b.podLanes(pod, ['pod-worker']);
      const others = [...new Set(stuck.map((e) => ev.pod[e]))];
      const when = list.length === 1 ? `at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})`
        : `${count(list.length, 'time')} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)}), ${duration(waitedUs)}`;
      const blocker = others.length > 0
        ? ` Housekeeping says the worker of ${others.slice(0, 3).map((p) => podName(trace, p)).join(', ')} was asked to be removed but is still not fully terminated (${lineRef(trace, stuck[0])}${stuck.length > 1 ? `, ${count(stuck.length, 'time')}` : ''}): if that is the older pod of this name (the line gives only a UID), it holds the name, and while its worker never finishes, this one never starts.`
        : ` The wait lasted ${duration(waitedUs)}: the older pod is taking long to stop, or its worker is stuck.`;
      out.push(b.build({
        id: 'static-pod-start-blocked',
        title: `${podName(trace, pod)} cannot start: a pod of the same name has not finished terminating`,
        severity: 'warning',
        explanation: `The pod worker of ${podName(trace, pod)} said "Pod cannot start yet" ${when}. The kubelet starts only one pod of a full name at a time, and another pod of the same name — for a static pod, the older UID of its manifest, left by a kubelet restart or an edit of the manifest — had not finished terminating.${blocker}`,
        next: 'Look for the older pod\'s worker in the log at -v=4 (its SyncTerminatingPod and "Pod termination" lines, and kills that fail, by its UID); check `crictl pods --name <name>` for a sandbox of the old UID. Restarting the kubelet clears a worker stuck this way; if it comes back after every restart, look for pod-worker fixes in later patch releases of your minor version.',
      }));
    }
    return out;
  },
};
