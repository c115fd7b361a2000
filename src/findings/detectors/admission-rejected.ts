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
import { kindId } from '../../catalog/catalog.ts';
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { CATALOG } from '../../catalog/catalog.ts';
import type { Finding } from '../../model/trace.ts';
import { eventRawText, eventRecordCut } from '../../model/trace-query.ts';
import { clip, tokenAt } from '../text-scan.ts';
import { count, duration, lineRef, podNames, timeOfEvent } from '../wording.ts';
import { REJECTED_STATUS } from '../../catalog/status-summary.ts';
import { eventsByPod, eventsNear, rejectionEvictedEvents } from '../episodes.ts';

/** Lines about one pod this close together are one admission attempt. */
const ATTEMPT_US = 1e6;
const EVICTED_EVENT = kindId('event.evicted');
/** A rejection this soon after a kubelet start is the start's re-admission of the node's pods. */
const AFTER_START_US = 120e6;

/** One admission attempt that failed. */
interface Rejection {
  pod: number;
  startUs: number;
  events: number[];
  /** The admit result's reason (OutOfcpu, NodeAffinity…), when a line gives it. */
  reasonWord: string;
  /** The longest message among the lines (event index), -1 if none has one. */
  detail: number;
  /** That message (a line whose text is the reason word may carry it in its `message=`). */
  message: string;
}

const ADMIT_EVENT = kindId('event.admit-rejected');
const API_LIST_FAILED = kindId('api.list-failed');

/** `message="…"` of a structured line whose text column holds the reason. */
const MESSAGE_KEY = /\bmessage="((?:[^"\\]|\\.){1,600})"/;

interface ByReason {
  reason: string;
  rejections: Rejection[];
  pods: Set<number>;
}

/**
 * An admit result's reason is one identifier ("OutOfcpu", "UnexpectedAdmissionError"), never a sentence: an OutOf
 * reason names the resource, which may hold `-`, `.` and `/` ("OutOfhugepages-2Mi", "OutOfnvidia.com/gpu").
 */
function isReasonWord(text: string): boolean {
  if (!text || text.length > 100) return false;
  const resource = text.startsWith('OutOf');
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const alnum = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (!alnum && !(resource && (c === 45 || c === 46 || c === 47 || c === 95))) return false;
  }
  return true;
}

const STATUS_PATCH = kindId('status.patch');
/** The reason in the patch itself (`\"reason\":\"NodeAffinity\"`). */
const STATUS_REASON = /\\?"reason\\?":\\?"([A-Za-z]{1,64})\\?"/;

export const admissionRejected: Detector = {
  id: 'admission-rejected',
  detect(ctx) {
    const ev = ctx.trace.events;
    const open = new Map<number, Rejection>();
    const rejections: Rejection[] = [];
    // (The Event the kubelet records on the rejected pod says the same: one rejection with the lines beside it.)
    // (And a ≤1.4 rejection's Evicted Event: episodes.ts rejectionEvictedEvents.)
    const rejectionEvents = rejectionEvictedEvents(ctx);
    for (const e of ctx.ofKinds(['admit.rejected', 'admit.predicate-failed', 'event.admit-rejected', 'status.patch', 'event.evicted'])) {
      if (ev.kind[e] === EVICTED_EVENT) {
        const r = open.get(ev.pod[e]);
        if (r && rejectionEvents.has(e) && r.events.length < 20) r.events.push(e);
        continue;
      }
      // The status the kubelet writes for a pod it rejected says so (the admission lines may be at a verbosity or in
      // a stretch the log leaves out): phase Failed, "Pod was rejected: <why>", and the reason.
      const rejectedStatus = ev.kind[e] === STATUS_PATCH ? REJECTED_STATUS.exec(ctx.text(e)) : null;
      if (ev.kind[e] === STATUS_PATCH && !rejectedStatus) continue;
      const pod = ev.pod[e];
      let r = pod >= 0 ? open.get(pod) : undefined;
      if (!r || ev.timeUs[e] - r.startUs > ATTEMPT_US) {
        if (rejections.length >= 5000) continue;
        r = { pod, startUs: ev.timeUs[e], events: [], reasonWord: '', detail: -1, message: '' };
        rejections.push(r);
        if (pod >= 0) open.set(pod, r);
      }
      if (r.events.length < 20) r.events.push(e);
      if (rejectedStatus) {
        r.reasonWord ||= STATUS_REASON.exec(eventRawText(ctx.trace, e, 4000))?.[1] ?? '';
        if (rejectedStatus[1].length > r.message.length) r.message = rejectedStatus[1];
        if (r.detail < 0) r.detail = e;
        continue;
      }
      const text = withoutPrintfExtra(ctx.text(e));
      if (isReasonWord(text)) {
        r.reasonWord ||= text;
        // The verdict's message="…" is the fullest wording; the line that explains best stays the detail line.
        const message = MESSAGE_KEY.exec(eventRawText(ctx.trace, e, 2000))?.[1].replace(/\\"/g, '"') ?? '';
        if (message.length > r.message.length) r.message = message;
        if (message && r.detail < 0) r.detail = e;
      } else if (text && (r.detail < 0 || isReasonWord(ctx.text(r.detail)) || text.length > ctx.text(r.detail).length)) {
        r.detail = e;
        if (text.length > r.message.length) r.message = text;
      }
    }
    // A running pod's in-place resize goes through the same admit handlers (1.27+): "Pod admission denied" followed by
    // "Resize cannot be accommodated" is a deferred resize, not a rejection.
    const resized = eventsByPod(ctx, 'pod.resize-deferred', 50);
    const byReason = new Map<string, ByReason>();
    for (const r of rejections) {
      if (r.pod >= 0 && (resized.get(r.pod) ?? []).some((e) => ev.timeUs[e] >= r.startUs && ev.timeUs[e] - r.startUs <= ATTEMPT_US)) continue;
      const reason = r.reasonWord || reasonKey(r.message, r.events.some((e) => eventRecordCut(ctx.trace, e)));
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

/**
 * A message whose format lost its argument to a Go printf slip (1.3's "node has conditions: %v%!(EXTRA
 * []api.NodeConditionType=[MemoryPressure])"): the value fmt appended in its place.
 */
function withoutPrintfExtra(text: string): string {
  return text.replace(/%[a-z]%!\(EXTRA [^=()]{1,100}=([^()]{0,300})\)/, '$1');
}

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
  const detail = withDetail ? withDetail.message : g.reason;
  const attempts = g.rejections.length;
  const pods = g.pods.size || attempts;
  const parts = [
    `The sync-loop goroutine's HandlePodAdditions ran the admit handlers for ${count(pods, 'pod')} (${podNames(trace, g.pods) || (g.rejections.some((r) => r.events.some((e) => eventRecordCut(trace, e))) ? 'names cut off in this log' : 'names not logged')})${attempts > pods ? `, ${attempts} times in all,` : ''} and rejected ${pods === 1 ? 'it' : 'them'}${g.reason !== detail ? ` (${g.reason})` : ''}: "${clip(detail, 240)}" (first ${lineRef(trace, first)} at ${timeOfEvent(trace, first)}).`,
  ];
  // What the kubelet means by the most telling line (the one with the detail), from the catalog.
  if (withDetail) {
    const entry = CATALOG[ev.msg[withDetail.detail]];
    // (The Event's own entry explains Events, not this one: the rejection's words are the admit handler's.)
    if (ev.kind[withDetail.detail] === ADMIT_EVENT) parts.push('The kubelet recorded the rejection as an Event on the pod, with the reason its status gets.');
    else if (ev.kind[withDetail.detail] === STATUS_PATCH) parts.push('The status the kubelet wrote for the pod says so ("Pod was rejected: …", phase Failed): the admission lines themselves are not in this log.');
    else if (entry && entry.id !== '—') parts.push(entry.explain);
  }
  // At a start the kubelet admits again every pod bound to the node: a pod that was running can be rejected then.
  const start = ctx.startBefore(first);
  const startEvent = start >= 0 ? trace.nodes[ev.node[first]].starts[start] : -1;
  if (startEvent >= 0 && ev.timeUs[first] - ev.timeUs[startEvent] <= AFTER_START_US) {
    b.evidence(startEvent);
    parts.push(`It came ${duration(ev.timeUs[first] - ev.timeUs[startEvent])} after the kubelet started (${lineRef(trace, startEvent)}): at a start the kubelet admits every pod already bound to the node again, so a pod that was running before can be rejected then.`);
  }
  // A node selector or affinity checked while the kubelet could not read its own Node: it matches a Node it builds itself.
  const nodeUnread = /MatchNodeSelector|NodeAffinity/.test(`${g.reason} ${detail}`) ? nodeReadFailureNear(ctx, ev.node[first], ev.timeUs[first]) : -1;
  if (nodeUnread >= 0) {
    b.evidence(nodeUnread);
    parts.push(`At the same moment the kubelet could not read its own Node (${lineRef(trace, nodeUnread)}: "${clip(ctx.text(nodeUnread) || 'node not found', 100)}"): admission matches the pod's node selector and affinity against the Node's labels, and without the Node from the API the kubelet matches against one it builds itself, which lacks the labels set in the API (kubectl label, a node pool's) — so a pod that fits the node is rejected all the same.`);
  }
  parts.push('A rejected pod gets phase Failed with this reason as its message and never gets a pod worker; its controller, if it has one, has to create a replacement, which may land on the same node again (a bare pod stays Failed), and a static pod is not tried again until its manifest or the kubelet changes.');
  return b.build({
    id: 'admission-rejected',
    title: `Pods rejected at admission: ${g.reason}`,
    severity: 'warning',
    explanation: parts.join(' '),
    next: nodeUnread >= 0
      ? 'The rejection came from the kubelet\'s own view of its Node, not from the pod: find why it could not read the Node then (the API server\'s answer in that line; a node deleted and registering again), and recreate the rejected pod once the Node is readable — a controller does so by itself.'
      : nextFor(`${g.reason} ${detail}`),
  });
}

/** How close to a rejection a failed read of the kubelet's own Node counts. */
const NODE_READ_NEAR_US = 5e6;

/** A failed read of the node's own Node object within NODE_READ_NEAR_US of `atUs` (its list or get), or -1. */
function nodeReadFailureNear(ctx: FindingContext, node: number, atUs: number): number {
  const ev = ctx.trace.events;
  const near = eventsNear(ctx, ctx.ofKinds(['node.get-failed', 'node.lister-failed', 'api.list-failed']), node, atUs - NODE_READ_NEAR_US, atUs + NODE_READ_NEAR_US, 20);
  return near.find((e) => ev.kind[e] !== API_LIST_FAILED || /\*v1\.Node\b|\*api\.Node\b/.test(eventRawText(ctx.trace, e, 400))) ?? -1;
}

/** A node condition the eviction manager's admit handler rejects pods for, as the rejection names it. */
const PRESSURE = /\b(Disk|Memory|PID)Pressure\b/;

/** Reasons the resource managers give (their admit handlers), and what to look at for each. */
const MANAGER_REASONS: readonly [RegExp, string][] = [
  [/\bSMTAlignmentError\b/, 'The static CPU manager\'s full-pcpus-only option admits a Guaranteed container only on whole physical cores: its CPU request must be a multiple of the threads per core, and that many whole cores must be free in the CPU manager\'s state (/var/lib/kubelet/cpu_manager_state; the message gives what was free and what was asked). Free cores (fewer exclusive pods on the node), or change the request; a pod that was already running and is rejected when the kubelet restarts may have been counted against the cores it already held (a problem some releases had): recreating it admits it anew.'],
  [/\bTopologyAffinityError\b/, 'The topology manager\'s policy (single-numa-node or restricted) found no NUMA placement for the container\'s CPUs, memory and devices together: compare the request with what one NUMA node has free (the CPU and memory managers\' state files under /var/lib/kubelet, the device plugins\' resources), or relax the policy.'],
  // A critical pod that did not fit and could not make room: the kubelet's own preemption found nothing to evict.
  [/\bpreempt/, 'A critical pod (static, or of system-node-critical or system-cluster-critical priority) did not fit, and the kubelet found no set of running pods it could evict to make room: the node\'s allocatable is less than what the critical pods request together. Compare `kubectl describe node` (allocatable, and the requests listed) with the static pods\' manifests under /etc/kubernetes/manifests; lower their requests, reserve less (systemReserved, kubeReserved), or give the node more.'],
  [/\bUnexpectedAdmissionError\b/, 'The kubelet could not allocate a resource the pod was admitted for: most often a device plugin\'s resource (GPUs, SR-IOV) after a kubelet restart, before the plugin registered again. Check the device plugin pods on the node and that the resource is back in the node\'s allocatable (kubectl describe node).'],
];

function nextFor(reason: string): string {
  for (const [re, next] of MANAGER_REASONS) if (re.test(reason)) return next;
  const pressure = PRESSURE.exec(reason);
  if (pressure) {
    const what = pressure[1] === 'Disk' ? 'disk space (images, container logs, emptyDir volumes, writable layers)' : pressure[1] === 'Memory' ? 'memory' : 'process IDs';
    // The eviction manager's admit handler: under memory pressure alone it turns away only BestEffort pods (and
    // admits those that tolerate the memory-pressure taint); under any other pressure, every pod. Critical pods pass.
    const who = pressure[1] === 'Memory'
      ? 'Under memory pressure alone only BestEffort pods (no requests or limits) are rejected, unless critical or (on newer kubelets) tolerating the node.kubernetes.io/memory-pressure taint: a pod with requests is admitted'
      : 'Until the condition clears every new pod that is not critical is rejected here';
    return `The node is under ${pressure[0]}: free ${what} on it (the eviction manager's lines say which signal crossed which threshold). ${who}. A DaemonSet's controller meanwhile creates a replacement on the same node again and again.`;
  }
  return 'Compare the node\'s allocatable resources with the requests of the pods the kubelet already runs (kubectl describe node); static pods and pods bound with spec.nodeName skip the scheduler\'s checks; check node labels and taints for affinity rejections.';
}
