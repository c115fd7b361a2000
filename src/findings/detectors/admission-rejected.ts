/**
 * admission-rejected: HandlePodAdditions (sync-loop goroutine) ran the admit handlers and one rejected the pod —
 * resources (OutOfcpu…), node affinity, ports, node shutdown, eviction pressure. A rejected pod is set Failed with
 * the reason and never gets a pod worker (kubelet-reference §3.7). One finding per reason.
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { clip, tokenAt } from '../text-scan.ts';
import { count, lineRef, podNames, timeOfEvent } from '../wording.ts';

interface Rejections {
  reason: string;
  events: number[];
  pods: Set<number>;
}

export const admissionRejected: Detector = {
  id: 'admission-rejected',
  detect(ctx) {
    const ev = ctx.trace.events;
    const byReason = new Map<string, Rejections>();
    for (const e of ctx.ofKinds(['admit.rejected', 'admit.predicate-failed'])) {
      const reason = reasonKey(ctx.text(e));
      let r = byReason.get(reason);
      if (!r) {
        if (byReason.size >= 20) continue;
        r = { reason, events: [], pods: new Set() };
        byReason.set(reason, r);
      }
      if (r.events.length < 300) r.events.push(e);
      if (ev.pod[e] >= 0) r.pods.add(ev.pod[e]);
    }
    return [...byReason.values()].map((r) => describe(ctx, r));
  },
};

/** The stable part of a rejection message: up to the first comma ("Node didn't have enough resource: cpu"). */
function reasonKey(text: string): string {
  if (!text) return 'no reason logged';
  return clip(tokenAt(text, 0, ','), 120);
}

function describe(ctx: FindingContext, r: Rejections): Finding {
  const trace = ctx.trace;
  const b = new FindingBuilder(trace);
  for (const e of r.events) b.evidence(e);
  const first = r.events[0];
  const parts = [
    `The sync-loop goroutine's HandlePodAdditions ran the admit handlers for ${count(r.pods.size || r.events.length, 'pod')} (${podNames(trace, r.pods) || 'names not logged'}) and rejected them: "${clip(ctx.text(first) || r.reason, 200)}" (first ${lineRef(trace, first)} at ${timeOfEvent(trace, first)}).`,
    'A rejected pod gets phase Failed with this reason as its message and never gets a pod worker; its controller has to create a replacement, which may land on the same node again.',
  ];
  return b.build({
    id: 'admission-rejected',
    title: `Pods rejected at admission: ${r.reason}`,
    severity: 'warning',
    explanation: parts.join(' '),
    next: 'Compare the node\'s allocatable resources with the requests of the pods the kubelet already runs (kubectl describe node); static pods and pods bound with spec.nodeName skip the scheduler\'s checks; check node labels and taints for affinity rejections.',
  });
}
