/**
 * readiness-init-race (seed 000): after a kubelet (re)start, the pod worker goroutine generates a pod's status
 * before the probe manager (called from the sync-loop goroutine) has installed the readiness worker's initial
 * result. generateAPIPodStatus then finds a readiness worker without a result and reports the running container
 * not ready; the status manager writes ready:false, and whatever reads it (an admit handler in seed 000) kills the
 * container or rejects the pod. A check-then-act across two goroutines (kubelet-reference §3.1, §1.5).
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { parseStatusSummaryLine } from '../../catalog/status-summary.ts';
import type { Finding } from '../../model/trace.ts';
import { eventRawText } from '../../model/trace-query.ts';
import { clip, tokenAt } from '../text-scan.ts';
import { duration, lineRef, podName, timeOfEvent } from '../wording.ts';

interface Race {
  pod: number;
  gen: number;
  init: number;
  /** First status written after gen that shows a running container not ready. */
  status: number;
  notReady: string;
  /** Readiness results dropped because the pod had no status yet. */
  dropped: number[];
  kill: number;
  rejected: number;
  /** A later status message (e.g. the admit handler's rejection reason). */
  message: string;
  messageAt: number;
}

export const readinessInitRace: Detector = {
  id: 'readiness-init-race',
  detect(ctx) {
    const ev = ctx.trace.events;
    const key = (e: number) => `${ev.pod[e]}:${ctx.startBefore(e)}`;
    // First status generation and first readiness-worker initialisation of each pod, per kubelet process.
    const firstGen = new Map<string, number>();
    for (const e of ctx.ofKind('sync.generating-status')) if (ev.pod[e] >= 0 && !firstGen.has(key(e))) firstGen.set(key(e), e);
    const firstInit = new Map<string, number>();
    for (const e of ctx.ofKinds(['probe.initial-result', 'probe.worker-added'])) if (ev.pod[e] >= 0 && !firstInit.has(key(e))) firstInit.set(key(e), e);

    const races = new Map<string, Race>();
    for (const [k, gen] of firstGen) {
      const init = firstInit.get(k);
      if (init === undefined || ev.timeUs[init] < ev.timeUs[gen] || (ev.timeUs[init] === ev.timeUs[gen] && init < gen)) continue;
      races.set(k, { pod: ev.pod[gen], gen, init, status: -1, notReady: '', dropped: [], kill: -1, rejected: -1, message: '', messageAt: -1 });
    }
    if (races.size === 0) return [];

    for (const e of ctx.ofKind('status.readiness-before-sync')) {
      const r = races.get(key(e));
      if (r && e > r.gen && r.dropped.length < 5) r.dropped.push(e);
    }
    for (const e of ctx.ofKinds(['status.patch', 'status.updated'])) {
      const r = races.get(key(e));
      if (!r || e < r.gen) continue;
      const summary = parseStatusSummaryLine(ctx.text(e));
      if (r.status < 0) {
        const c = summary.containers.find((x) => x.ready === 'false' && x.state !== 'terminated' && x.state !== 'waiting');
        if (c) { r.status = e; r.notReady = c.name; }
      }
    }
    // Kill decisions (hash change, probe failure) of the racing pods: a kill they explain is not the race's.
    const decided = new Map<string, number[]>();
    for (const d of ctx.ofKind('runtime.kill-decision')) {
      const list = races.has(key(d)) ? decided.get(key(d)) ?? [] : undefined;
      if (list && list.length < 100) { list.push(ev.timeUs[d]); decided.set(key(d), list); }
    }
    for (const e of ctx.ofKind('runtime.kill')) {
      const r = races.get(key(e));
      if (!r || r.status < 0 || r.kill >= 0 || e < r.status) continue;
      const from = ev.timeUs[r.status];
      const explained = (decided.get(key(e)) ?? []).some((t) => t >= from && t <= ev.timeUs[e]);
      if (!explained) r.kill = e;
    }
    // The first status message written after the kill says who acted on the not-ready status (seed 000: RestartLimit).
    for (const e of ctx.ofKind('status.updated')) {
      const r = races.get(key(e));
      if (!r || r.kill < 0 || r.message || e < r.kill) continue;
      const message = podStatusMessage(eventRawText(ctx.trace, e, 64 * 1024));
      if (message) { r.message = message; r.messageAt = e; }
    }
    for (const e of ctx.ofKind('admit.rejected')) {
      const r = races.get(key(e));
      if (r && r.rejected < 0 && e > r.gen) r.rejected = e;
    }
    return [...races.values()].map((r) => describe(ctx, r));
  },
};

function describe(ctx: FindingContext, r: Race): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  const start = ctx.startBefore(r.gen);
  const startEvent = start >= 0 ? trace.nodes[ev.node[r.gen]].starts[start] : -1;
  const bulkAdd = firstBulkAdd(ctx, r.pod, start, r.gen);
  b.evidence(startEvent, false).evidence(bulkAdd, false);
  for (const e of [r.gen, r.init, ...r.dropped, r.status, r.kill, r.rejected, r.messageAt]) b.evidence(e);
  b.pod(r.pod).podLanes(r.pod, ['probe', 'readiness', 'api-status']);
  const container = ev.cname[r.init] > 0 ? trace.strings[ev.cname[r.init]] : r.notReady || 'the container';
  const gapUs = ev.timeUs[r.init] - ev.timeUs[r.gen];

  const parts: string[] = [];
  const after = startEvent >= 0 ? `After the kubelet start at ${timeOfEvent(trace, startEvent)} (${lineRef(trace, startEvent)}), the`
    : bulkAdd >= 0 ? `After a SyncLoop ADD of ${trace.multiPod[bulkAdd].length} pods at once (${lineRef(trace, bulkAdd)}: the config source's first delivery after a kubelet start), the`
    : 'The';
  parts.push(`${after} pod worker goroutine of ${podName(trace, r.pod)} generated the pod status at ${timeOfEvent(trace, r.gen)} (${lineRef(trace, r.gen)}), ${duration(gapUs)} before the readiness probe worker for ${container} was initialised (${lineRef(trace, r.init)}, ${timeOfEvent(trace, r.init)}; probeManager.AddPod runs on the sync-loop goroutine).`);
  parts.push('A status generated in between finds a readiness worker registered but no result in the readiness cache, and reports the running container not ready.');
  if (r.dropped.length) parts.push(`The initial result then reached the status manager before the pod had a status and was dropped ("Container readiness changed before pod has synced", ${lineRef(trace, r.dropped[0])}).`);
  if (r.status >= 0) parts.push(`The status manager wrote ${r.notReady}: ready=false (${lineRef(trace, r.status)}).`);
  if (r.kill >= 0) parts.push(`${duration(ev.timeUs[r.kill] - ev.timeUs[r.status])} later the container was killed (${lineRef(trace, r.kill)}${Number.isNaN(ev.num[r.kill]) ? '' : `, grace ${ev.num[r.kill]} s`}) with no hash-change or probe reason logged, i.e. by something that read the not-ready status${r.message ? ` — the next status says "${clip(r.message, 100)}" (${lineRef(trace, r.messageAt)})` : ''}.`);
  if (r.rejected >= 0) parts.push(`The pod was rejected at admission (${lineRef(trace, r.rejected)}: "${clip(ctx.text(r.rejected), 100)}").`);
  if (r.status < 0) parts.push('The log does not show the status written after it, so the outcome is not visible here.');
  const outcome = r.status >= 0 && (r.kill >= 0 || r.rejected >= 0);
  return b.build({
    id: 'readiness-init-race',
    title: outcome ? 'Status generated before the readiness worker was initialised: reported not ready, then killed'
      : 'Status generated before the readiness worker was initialised',
    severity: outcome ? 'error' : r.status >= 0 ? 'warning' : 'info',
    explanation: parts.join(' '),
    next: 'Install the readiness worker\'s initial result before the worker becomes visible to status generation (set the result inside AddPod under the same lock, or treat "worker without result" as unchanged readiness right after a restart); and make admit handlers that read readiness tolerate the first status after a kubelet restart.',
    scenario: 'readiness-init-race',
  });
}

/** The multi-pod SyncLoop ADD that delivered the pod before `before` in the same kubelet process, or -1. */
function firstBulkAdd(ctx: FindingContext, pod: number, start: number, before: number): number {
  const trace = ctx.trace;
  for (const e of ctx.ofKind('syncloop.add')) {
    if (e >= before) break;
    if (ctx.startBefore(e) === start && (trace.multiPod[e]?.length ?? 0) > 1 && trace.multiPod[e].includes(pod)) return e;
  }
  return -1;
}

/**
 * The pod-level Message/Reason of a Go `%+v` status dump (`…}] Message:container restart time reaches the limit: 1
 * Reason:RestartLimit NominatedNodeName:…`), '' when it has none. Condition messages come before `}]` and are skipped.
 */
function podStatusMessage(raw: string): string {
  const at = raw.indexOf('}] Message:');
  if (at < 0) return '';
  const from = at + '}] Message:'.length;
  const reasonAt = raw.indexOf(' Reason:', from);
  if (reasonAt < 0 || reasonAt - from > 500) return '';
  const message = raw.slice(from, reasonAt).trim();
  const reason = tokenAt(raw, reasonAt + ' Reason:'.length);
  if (!message && !reason) return '';
  return reason ? `${message} (reason ${reason})` : message;
}
