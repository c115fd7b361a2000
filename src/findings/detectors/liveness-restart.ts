/**
 * liveness-restart: a liveness (or startup) probe worker reached its failure threshold and set the result to
 * Failure; the sync loop passed it to the pod worker, whose computePodActions killed the container so it is
 * restarted (kubelet-reference §3.1 step 7). One finding per container, with every restart the log shows.
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { kindId } from '../../catalog/catalog.ts';
import type { Finding } from '../../model/trace.ts';
import { clip } from '../text-scan.ts';
import { count, lineRef, podName, timeOfEvent } from '../wording.ts';

const K = {
  failed: kindId('probe.failed'), errored: kindId('probe.errored'), probe: kindId('syncloop.probe'),
  unhealthy: kindId('syncloop.probe-liveness-failed'), decision: kindId('runtime.kill-decision'), kill: kindId('runtime.kill'),
  started: kindId('pleg.container-started'),
};

interface Restart {
  failures: number[];
  unhealthy: number;
  decision: number;
  kill: number;
  started: number;
}

interface Group {
  pod: number;
  container: string;
  probe: string;
  restarts: Restart[];
}

export const livenessRestart: Detector = {
  id: 'liveness-restart',
  detect(ctx) {
    const trace = ctx.trace;
    const ev = trace.events;
    const groups = new Map<string, Group>();
    const recentFailures = new Map<string, number[]>();
    const unhealthyAt = new Map<number, number>();
    const awaitingKill = new Map<number, Restart>();
    const awaitingStart = new Map<number, Restart>();
    const nameOf = (e: number) => (ev.cname[e] > 0 ? trace.strings[ev.cname[e]] : trace.lanes[ev.lane[e]].containerName);
    const restartFor = (pod: number, container: string, probe: string): Restart => {
      const key = `${pod}/${container}`;
      let g = groups.get(key);
      if (!g) { g = { pod, container, probe, restarts: [] }; groups.set(key, g); }
      const r: Restart = { failures: recentFailures.get(key) ?? [], unhealthy: unhealthyAt.get(pod) ?? -1, decision: -1, kill: -1, started: -1 };
      recentFailures.delete(key);
      unhealthyAt.delete(pod);
      if (g.restarts.length < 100) g.restarts.push(r);
      return r;
    };

    for (const e of ctx.ofKinds(['probe.failed', 'probe.errored', 'syncloop.probe', 'syncloop.probe-liveness-failed', 'runtime.kill-decision', 'runtime.kill', 'pleg.container-started'])) {
      const pod = ev.pod[e];
      if (pod < 0) continue;
      const kind = ev.kind[e];
      const t = ev.timeUs[e];
      if (kind === K.failed || kind === K.errored) {
        const type = trace.lanes[ev.lane[e]].probeType;
        if (type !== 'liveness' && type !== 'startup') continue;
        const key = `${pod}/${nameOf(e)}`;
        const list = recentFailures.get(key) ?? [];
        list.push(e);
        if (list.length > 5) list.shift();
        recentFailures.set(key, list);
      } else if (kind === K.probe) {
        const text = ctx.text(e);
        if (text === 'liveness unhealthy' || text === 'startup unhealthy') unhealthyAt.set(pod, e);
      } else if (kind === K.unhealthy) {
        unhealthyAt.set(pod, e);
      } else if (kind === K.decision) {
        const probe = probeReason(ctx.text(e));
        if (!probe) continue;
        const r = restartFor(pod, nameOf(e), probe);
        r.decision = e;
        awaitingKill.set(pod, r);
      } else if (kind === K.kill) {
        let r = awaitingKill.get(pod);
        // Before 1.21 the kill decision is V2 and often absent: "SyncLoop (container unhealthy)" then a kill.
        const u = unhealthyAt.get(pod);
        if (!r && u !== undefined && t - ev.timeUs[u] <= 60e6) r = restartFor(pod, nameOf(e), 'liveness');
        if (!r || t - ev.timeUs[r.decision >= 0 ? r.decision : r.unhealthy] > 120e6) continue;
        r.kill = e;
        awaitingKill.delete(pod);
        awaitingStart.set(pod, r);
      } else if (kind === K.started) {
        const r = awaitingStart.get(pod);
        if (r && t - ev.timeUs[r.kill] <= 10 * 60e6) { r.started = e; awaitingStart.delete(pod); }
      }
    }
    // "SyncLoop (container unhealthy)" after the container's liveness failures with the log ending before any kill: the
    // threshold was reached, and the restart is under way.
    for (const [pod, u] of [...unhealthyAt]) {
      for (const [key, failures] of [...recentFailures]) {
        if (!key.startsWith(`${pod}/`) || !failures.length || failures[failures.length - 1] > u) continue;
        if (ev.timeUs[u] - ev.timeUs[failures[failures.length - 1]] > 60e6) continue;
        const type = trace.lanes[ev.lane[failures[0]]].probeType;
        restartFor(pod, key.slice(`${pod}/`.length), type === 'startup' ? 'startup' : 'liveness');
        break;
      }
    }
    return [...groups.values()].map((g) => describe(ctx, g));
  },
};

/** 'liveness' / 'startup' when a kill decision's message names a probe failure, else ''. */
function probeReason(text: string): string {
  const t = text.toLowerCase();
  if (t.includes('failed liveness probe')) return 'liveness';
  if (t.includes('failed startup probe')) return 'startup';
  return '';
}

function describe(ctx: FindingContext, g: Group): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  b.pod(g.pod).podLanes(g.pod, ['probe', 'container']);
  for (const r of g.restarts) for (const e of [...r.failures, r.unhealthy, r.decision, r.kill, r.started]) b.evidence(e);
  const r = g.restarts[0];
  const parts: string[] = [];
  if (r.failures.length) {
    const first = r.failures[0];
    const last = r.failures[r.failures.length - 1];
    const output = ctx.text(last);
    parts.push(`The ${g.probe} probe worker of container ${g.container} in ${podName(trace, g.pod)} failed ${count(r.failures.length, 'time')} in a row (${timeOfEvent(trace, first)} → ${timeOfEvent(trace, last)}, ${lineRef(trace, first)} to ${lineRef(trace, last)}${output ? `; output "${clip(output, 100)}"` : ''}) and, at its failure threshold, set the result to Failure.`);
  } else {
    parts.push(`The ${g.probe} probe of container ${g.container} in ${podName(trace, g.pod)} reached its failure threshold (the individual probe failures are logged at -v=1 and are not in this log).`);
  }
  if (r.unhealthy >= 0) parts.push(`The sync loop received the result (${lineRef(trace, r.unhealthy)}) and asked the pod worker to sync the pod.`);
  const killPart = r.kill >= 0 ? `; the container was stopped${Number.isNaN(ev.num[r.kill]) ? '' : ` with a ${ev.num[r.kill]} s grace period`} (${lineRef(trace, r.kill)})` : '';
  if (r.decision < 0 && r.kill < 0) parts.push('The log ends before the pod worker\'s sync that kills the container to restart it (computePodActions finds the Failure in the result cache).');
  else parts.push(`computePodActions saw the Failure in the ${g.probe} result cache and killed the container to restart it${r.decision >= 0 ? ` ("${clip(ctx.text(r.decision), 90)}", ${lineRef(trace, r.decision)})` : ''}${killPart}.`);
  if (r.started >= 0) parts.push(`A new container started at ${timeOfEvent(trace, r.started)} (${lineRef(trace, r.started)}).`);
  if (g.restarts.length > 1) parts.push(`The log shows ${count(g.restarts.length, 'such restart')}.`);
  return b.build({
    id: 'liveness-restart',
    title: `${g.probe === 'startup' ? 'Startup' : 'Liveness'} probe failures restarted ${g.container} in ${podName(trace, g.pod)}${g.restarts.length > 1 ? ` (${g.restarts.length}×)` : ''}`,
    severity: g.restarts.length >= 3 ? 'error' : 'warning',
    explanation: parts.join(' '),
    next: 'Compare the probe\'s timeoutSeconds, periodSeconds and failureThreshold with how long the application takes to answer under load; read the probe output above and the previous container\'s logs; for slow starters add a startupProbe rather than a long liveness delay.',
    scenario: 'liveness-restart',
  });
}
