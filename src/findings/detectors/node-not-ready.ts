/**
 * node-not-ready: the kubelet set its node's Ready condition to False ("Node became not ready", or only the
 * NodeNotReady event it records) for a reason no other detector reports. PLEG, the runtime and the pod network each
 * have their own finding, which names the NotReady lines as evidence; this one covers the rest: a reason they do not
 * know, or none printed (the NodeNotReady event line alone), where the log around it is the only clue
 * (kubelet-reference §1.7: syncNodeStatus computes Ready from the runtime, network and PLEG health).
 */
import type { Detector } from '../detectors.ts';
import { startTimeOf, type FindingContext } from '../context.ts';
import { STARTUP_WINDOW_US, eventsNear, lastBefore } from '../episodes.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { KINDS, kindId } from '../../catalog/catalog.ts';
import type { Finding } from '../../model/trace.ts';
import { clip } from '../text-scan.ts';
import { lastEventOn } from '../causes.ts';
import { count, duration, lineRef, timeOfEvent } from '../wording.ts';

/** Reasons the other detectors explain (pleg-unhealthy, runtime-down, network-not-ready). */
const EXPLAINED_ELSEWHERE = ['PLEG is not healthy', 'pleg has yet to be successful', 'container runtime is down',
  'runtime status check may not have completed', 'network not ready', 'NetworkReady=false', 'network plugin'];
const READY = new Set([kindId('event.node-ready'), kindId('node.fast-ready')]);
/** PLEG's own lines and the sync loop's lines about its events (their kinds name the event: pleg.container-started…). */
const PLEG_KINDS = KINDS.filter((k) => k.startsWith('pleg.') || k === 'syncloop.pleg');
/** How far back the last PLEG and runtime lines before the NotReady line are looked for. */
const LOOK_BACK_US = 15 * 60e6;

interface NotReadyStretch {
  node: number;
  /** The NotReady lines until the node is Ready again (at most a few kept). */
  events: number[];
  ready: number;
}

export const nodeNotReady: Detector = {
  id: 'node-not-ready',
  detect(ctx) {
    const ev = ctx.trace.events;
    const open = new Map<number, NotReadyStretch>();
    const stretches: NotReadyStretch[] = [];
    for (const e of ctx.ofKinds(['node.not-ready', 'event.node-not-ready', 'event.node-ready', 'node.fast-ready'])) {
      const node = ev.node[e];
      const cur = open.get(node);
      if (READY.has(ev.kind[e])) {
        if (cur) { cur.ready = e; open.delete(node); }
        continue;
      }
      if (cur) {
        if (cur.events.length < 20) cur.events.push(e);
        continue;
      }
      const s = { node, events: [e], ready: -1 };
      open.set(node, s);
      stretches.push(s);
    }
    const plegEvents = ctx.ofKinds(PLEG_KINDS);
    const runtimeErrors = ctx.ofKinds(['runtime.call-failed', 'node.runtime-sanity-failed']);
    const out: Finding[] = [];
    for (const s of stretches) {
      const reasons = s.events.map((e) => conditionMessage(ctx.text(e))).filter((t) => t && !t.startsWith('NodeNotReady'));
      if (reasons.some((r) => EXPLAINED_ELSEWHERE.some((x) => r.includes(x)))) continue;
      out.push(describe(ctx, s, reasons, plegEvents, runtimeErrors));
    }
    return out;
  },
};

/**
 * The reason in a Ready condition printed whole (`{Type:Ready Status:False LastHeartbeatTime:… Reason:KubeletNotReady
 * Message:[…]}`, ≤1.20 printf): its message, else its reason; other text as it is.
 */
function conditionMessage(text: string): string {
  if (!text.startsWith('{Type:')) return text;
  const m = text.indexOf(' Message:');
  if (m >= 0) {
    const msg = text.slice(m + 9).replace(/\}$/, '');
    if (msg) return msg;
  }
  const r = text.indexOf(' Reason:');
  if (r < 0) return 'Ready=False, its reason cut off';
  const end = text.indexOf(' ', r + 8);
  return text.slice(r + 8, end < 0 ? text.length : end);
}

function describe(ctx: FindingContext, s: NotReadyStretch, reasons: string[], plegEvents: Uint32Array, runtimeErrors: Uint32Array): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const first = s.events[0];
  const b = new FindingBuilder(trace);
  for (const e of s.events) b.evidence(e);
  if (s.ready >= 0) b.evidence(s.ready);
  b.nodeLanes(s.node, ['node-status', 'pleg']);
  const firstUs = ev.timeUs[first];
  const startUs = startTimeOf(ctx, first, ctx.startBefore(first));
  // Ready again, or a log that ends before the start-up minute is out (an excerpt of the start): nothing says it lasted.
  const endUs = ev.timeUs[lastEventOn(trace, s.node)];
  const atStart = !Number.isNaN(startUs) && firstUs - startUs <= STARTUP_WINDOW_US && (s.ready >= 0 || endUs - startUs <= STARTUP_WINDOW_US);

  const parts: string[] = [];
  const nodeName = trace.nodes[s.node]?.name ?? 'its node';
  parts.push(`The kubelet set ${nodeName} NotReady at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})${reasons.length ? `: "${clip(reasons[0], 200)}"` : ', and the line does not say why'}.`);
  if (s.ready >= 0) parts.push(`It was Ready again at ${timeOfEvent(trace, s.ready)} (${lineRef(trace, s.ready)}), ${duration(ev.timeUs[s.ready] - firstUs)} later.`);
  else parts.push(`No NodeReady follows: the node was still NotReady at the end of the log${s.events.length > 1 ? ` (${count(s.events.length, 'NotReady line')})` : ''}.`);
  if (atStart) {
    parts.push(`This was within a minute of the kubelet starting, while its first runtime and PLEG checks were pending: normal start-up noise${s.ready >= 0 ? '' : ' — unless it goes on past that minute, which the log (ending first) does not show'}.`);
  }
  // The kubelet sets NotReady when the runtime, the network or PLEG is unhealthy: what PLEG and the runtime last
  // said before it. Named in the text, not made evidence: the finding's time range is the NotReady stretch's.
  const lastPleg = lastBefore(ctx, plegEvents, s.node, firstUs - LOOK_BACK_US, firstUs);
  const runtimeBefore = eventsNear(ctx, runtimeErrors, s.node, firstUs - LOOK_BACK_US, firstUs, 1000);
  const lastRuntime = lastBefore(ctx, runtimeErrors, s.node, firstUs - LOOK_BACK_US, firstUs);
  if (lastPleg >= 0) {
    parts.push(`The last PLEG line before it was ${duration(firstUs - ev.timeUs[lastPleg])} earlier (${lineRef(trace, lastPleg)}). PLEG counts as unhealthy after 3 minutes without a completed relist, which makes the node NotReady; its events are printed only when containers change, though, so quiet minutes alone prove nothing.`);
  }
  if (lastRuntime >= 0) {
    parts.push(`Runtime calls failed in the ${duration(LOOK_BACK_US)} before it: ${runtimeBefore.length >= 1000 ? 'over 1,000 lines' : count(runtimeBefore.length, 'line')}, the last ${lineRef(trace, lastRuntime)} ("${clip(ctx.text(lastRuntime), 120)}").`);
  }
  if (lastPleg < 0 && lastRuntime < 0 && !reasons.length) {
    parts.push('The Ready condition goes False when the container runtime is down, PLEG has not relisted for 3 minutes, the network plugin is not ready, or the node is shutting down; the log shows none of these before it.');
  }
  return b.build({
    id: 'node-not-ready',
    title: `Node NotReady${reasons.length ? `: ${clip(reasons[0], 60)}` : ''}${atStart ? ' right after the kubelet start (start-up transient)' : s.ready >= 0 ? '' : ' (until the end of the log)'}`,
    severity: atStart ? 'info' : s.ready >= 0 ? 'warning' : 'error',
    explanation: parts.join(' '),
    next: 'kubectl describe node: the Ready condition\'s reason and message and when it changed; then the runtime (crictl info, systemctl status containerd), the PLEG relist time (kubelet_pleg_relist_duration_seconds), the network plugin (CNI config and pods), and the kubelet\'s lines in the minutes before.',
  });
}
