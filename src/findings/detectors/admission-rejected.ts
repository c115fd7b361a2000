/**
 * admission-rejected: HandlePodAdditions (sync-loop goroutine) ran the admit handlers and one rejected the pod —
 * resources (OutOfcpu…), node affinity, ports, node shutdown, eviction pressure, a critical pod that could not
 * preempt (UnexpectedAdmissionError). A rejected pod is set Failed with the reason and never gets a pod worker
 * (kubelet-reference §3.7). One finding per reason.
 *
 * One rejection is often several lines (the predicate that failed, then the handler's verdict); lines about the
 * same pod within a second are one rejection. Its reason is the admit result's reason when a line gives it alone
 * (`reason="OutOfcpu"`: one word), else the start of the message; its detail is the longest message.
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { CATALOG } from '../../catalog/catalog.ts';
import type { Finding } from '../../model/trace.ts';
import { eventRecordCut } from '../../model/trace-query.ts';
import { clip, tokenAt } from '../text-scan.ts';
import { count, lineRef, podNames, timeOfEvent } from '../wording.ts';

/** Lines about one pod this close together are one admission attempt. */
const ATTEMPT_US = 1e6;

/** One admission attempt that failed. */
interface Rejection {
  pod: number;
  startUs: number;
  events: number[];
  /** The admit result's reason (OutOfcpu, NodeAffinity…), when a line gives it. */
  reasonWord: string;
  /** The longest message among the lines (event index), -1 if none has one. */
  detail: number;
}

interface ByReason {
  reason: string;
  rejections: Rejection[];
  pods: Set<number>;
}

/** An admit result's reason is one identifier ("OutOfcpu", "UnexpectedAdmissionError"), never a sentence. */
function isReasonWord(text: string): boolean {
  if (!text || text.length > 60) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const alnum = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (!alnum) return false;
  }
  return true;
}

export const admissionRejected: Detector = {
  id: 'admission-rejected',
  detect(ctx) {
    const ev = ctx.trace.events;
    const open = new Map<number, Rejection>();
    const rejections: Rejection[] = [];
    for (const e of ctx.ofKinds(['admit.rejected', 'admit.predicate-failed'])) {
      const pod = ev.pod[e];
      let r = pod >= 0 ? open.get(pod) : undefined;
      if (!r || ev.timeUs[e] - r.startUs > ATTEMPT_US) {
        if (rejections.length >= 5000) continue;
        r = { pod, startUs: ev.timeUs[e], events: [], reasonWord: '', detail: -1 };
        rejections.push(r);
        if (pod >= 0) open.set(pod, r);
      }
      if (r.events.length < 20) r.events.push(e);
      const text = ctx.text(e);
      if (isReasonWord(text)) r.reasonWord ||= text;
      else if (text && (r.detail < 0 || text.length > ctx.text(r.detail).length)) r.detail = e;
    }
    const byReason = new Map<string, ByReason>();
    for (const r of rejections) {
      const reason = r.reasonWord || reasonKey(r.detail >= 0 ? ctx.text(r.detail) : '', r.events.some((e) => eventRecordCut(ctx.trace, e)));
      let g = byReason.get(reason);
      if (!g) {
        if (byReason.size >= 20) continue;
        g = { reason, rejections: [], pods: new Set() };
        byReason.set(reason, g);
      }
      if (g.rejections.length < 300) g.rejections.push(r);
      if (r.pod >= 0) g.pods.add(r.pod);
    }
    return [...byReason.values()].map((g) => describe(ctx, g));
  },
};

/** The stable part of a rejection message: up to the first comma ("Node didn't have enough resource: cpu"). */
function reasonKey(text: string, cut: boolean): string {
  // A line cut short (a terminal's width, an excerpt) may have had one.
  if (!text) return cut ? 'reason cut off in this log' : 'no reason logged';
  return clip(tokenAt(text, 0, ','), 120);
}

function describe(ctx: FindingContext, g: ByReason): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  for (const r of g.rejections) for (const e of r.events) b.evidence(e);
  const first = g.rejections[0].events[0];
  const withDetail = g.rejections.find((r) => r.detail >= 0);
  const detail = withDetail ? ctx.text(withDetail.detail) : g.reason;
  const attempts = g.rejections.length;
  const pods = g.pods.size || attempts;
  const parts = [
    `The sync-loop goroutine's HandlePodAdditions ran the admit handlers for ${count(pods, 'pod')} (${podNames(trace, g.pods) || (g.rejections.some((r) => r.events.some((e) => eventRecordCut(trace, e))) ? 'names cut off in this log' : 'names not logged')})${attempts > pods ? `, ${attempts} times in all,` : ''} and rejected ${pods === 1 ? 'it' : 'them'}${g.reason !== detail ? ` (${g.reason})` : ''}: "${clip(detail, 240)}" (first ${lineRef(trace, first)} at ${timeOfEvent(trace, first)}).`,
  ];
  // What the kubelet means by the most telling line (the one with the detail), from the catalog.
  if (withDetail) {
    const entry = CATALOG[ev.msg[withDetail.detail]];
    if (entry && entry.id !== '—') parts.push(entry.explain);
  }
  parts.push('A rejected pod gets phase Failed with this reason as its message and never gets a pod worker; its controller has to create a replacement, which may land on the same node again, and a static pod is not tried again until its manifest or the kubelet changes.');
  return b.build({
    id: 'admission-rejected',
    title: `Pods rejected at admission: ${g.reason}`,
    severity: 'warning',
    explanation: parts.join(' '),
    next: nextFor(`${g.reason} ${detail}`),
  });
}

/** A node condition the eviction manager's admit handler rejects pods for, as the rejection names it. */
const PRESSURE = /\b(Disk|Memory|PID)Pressure\b/;

function nextFor(reason: string): string {
  const pressure = PRESSURE.exec(reason);
  if (pressure) {
    const what = pressure[1] === 'Disk' ? 'disk space (images, container logs, emptyDir volumes, writable layers)' : pressure[1] === 'Memory' ? 'memory' : 'process IDs';
    return `The node is under ${pressure[0]}: free ${what} on it (the eviction manager's lines say which signal crossed which threshold). Until the condition clears every new pod is rejected here, and a DaemonSet's controller creates a replacement on the same node again and again.`;
  }
  return 'Compare the node\'s allocatable resources with the requests of the pods the kubelet already runs (kubectl describe node); static pods and pods bound with spec.nodeName skip the scheduler\'s checks; check node labels and taints for affinity rejections.';
}
