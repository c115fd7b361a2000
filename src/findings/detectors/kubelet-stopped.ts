/**
 * kubelet-stopped: the service manager stopped the kubelet on purpose ("Stopping Kubernetes Kubelet...", then
 * "kubelet.service: Succeeded." / "Stopped …"): `systemctl stop` or restart, a package upgrade, or the machine going
 * down. What matters is what came after: a start again, nothing, or a reboot (journalctl's "-- Reboot --"). A reboot
 * the kubelet did not hold back — no graceful node shutdown in the log before the stop — means the pods were not
 * stopped by the kubelet but died with the node, which is a warning; the rest is information. One finding per stop.
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { lastBefore } from '../episodes.ts';
import { kindId } from '../../catalog/catalog.ts';
import { GRACEFUL_SHUTDOWN_KINDS } from './node-shutdown.ts';
import type { Finding } from '../../model/trace.ts';
import { duration, lineRef, timeOfEvent } from '../wording.ts';

const STOPPING = kindId('service.stopping');
/** A stop's end further than this from its start is another stop's. */
const MAX_STOP_US = 15 * 60e6;
/** Graceful node shutdown lines this long before a stop belong to it. */
const SHUTDOWN_WINDOW_US = 15 * 60e6;
/** A stop this quick was not held back by anything (the kubelet's shutdown manager waits the pods' grace periods). */
const QUICK_STOP_US = 5e6;
const MAX_STOPS = 50;
/** A unit's "Stopped …" this soon after systemd scheduled its restart is that restart's. */
const AUTO_RESTART_US = 2e6;

interface Stop {
  node: number;
  /** "Stopping …", or -1 when the log shows only the end. */
  begin: number;
  /** "Stopped …" / "Succeeded.", or -1 when the log ends first. */
  end: number;
}

export const kubeletStopped: Detector = {
  id: 'kubelet-stopped',
  detect(ctx) {
    const ev = ctx.trace.events;
    const stops: Stop[] = [];
    const open = new Map<number, Stop>();
    const restarts = ctx.ofKind('service.restart');
    for (const e of ctx.ofKinds(['service.stopping', 'service.stopped'])) {
      const node = ev.node[e];
      const s = open.get(node);
      if (ev.kind[e] === STOPPING) {
        // "Stopping" twice: the first stop's end is not in the log.
        if (s && s.begin >= 0 && ev.timeUs[e] - ev.timeUs[s.begin] < MAX_STOP_US && s.end < 0) continue;
        if (stops.length >= MAX_STOPS) break;
        const stop = { node, begin: e, end: -1 };
        stops.push(stop);
        open.set(node, stop);
      } else if (s && s.end < 0 && ev.timeUs[e] - ev.timeUs[s.begin] <= MAX_STOP_US) {
        s.end = e;
      } else if (!s || s.end >= 0 || ev.timeUs[e] - ev.timeUs[s.end < 0 ? s.begin : s.end] > MAX_STOP_US) {
        // "Succeeded." and "Stopped …" of one stop come together; a lone end is a stop whose start is not in the log.
        if (s && s.end >= 0 && ev.timeUs[e] - ev.timeUs[s.end] <= 1e6) continue;
        // systemd's restart of a unit that failed: "Scheduled restart job" and the unit's "Stopped …" come together,
        // with no "Stopping" before — the restart of a crash (kubelet-exited's), not a stop anyone asked for.
        if (lastBefore(ctx, restarts, node, ev.timeUs[e] - AUTO_RESTART_US, ev.timeUs[e] + 1) >= 0) continue;
        if (stops.length >= MAX_STOPS) break;
        const stop = { node, begin: -1, end: e };
        stops.push(stop);
        open.set(node, stop);
      }
    }
    const reboots = ctx.ofKind('node.reboot');
    const shutdowns = ctx.ofKinds(GRACEFUL_SHUTDOWN_KINDS);
    return stops.map((s) => describe(ctx, s, reboots, shutdowns));
  },
};

function describe(ctx: FindingContext, s: Stop, reboots: Uint32Array, shutdowns: Uint32Array): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const first = s.begin >= 0 ? s.begin : s.end;
  const last = s.end >= 0 ? s.end : s.begin;
  const b = new FindingBuilder(trace);
  b.evidence(first);
  if (last !== first) b.evidence(last);
  b.nodeLanes(s.node, ['other']);
  const next = ctx.startAfter(last);
  const nextUs = next >= 0 ? ev.timeUs[next] : Infinity;
  const reboot = reboots.find((e) => e > last && ev.node[e] === s.node && ev.timeUs[e] <= nextUs) ?? -1;
  const graceful = shutdowns.filter((e) => ev.node[e] === s.node && e < last && ev.timeUs[first] - ev.timeUs[e] <= SHUTDOWN_WINDOW_US);
  const stopUs = s.begin >= 0 && s.end >= 0 ? ev.timeUs[s.end] - ev.timeUs[s.begin] : NaN;
  const parts: string[] = [];
  if (s.begin >= 0) {
    parts.push(`systemd began stopping the kubelet at ${timeOfEvent(trace, s.begin)} (${lineRef(trace, s.begin)})` + (s.end >= 0
      ? ` and it had stopped at ${timeOfEvent(trace, s.end)} (${lineRef(trace, s.end)}), ${duration(stopUs)} later.`
      : '; the log does not show the stop end.'));
  } else {
    parts.push(`systemd stopped the kubelet at ${timeOfEvent(trace, s.end)} (${lineRef(trace, s.end)}): it exited when asked to (the line that began the stop is not in the log).`);
  }
  parts.push('A stop asked for — systemctl stop or restart, a package upgrade, or the machine shutting down — not a crash.');
  let severity: Finding['severity'] = 'info';
  let title: string;
  if (reboot >= 0) {
    b.evidence(reboot);
    parts.push(`Then the machine rebooted (${lineRef(trace, reboot)}: journalctl's mark between two boots).`);
    if (graceful.length) {
      for (const e of graceful.slice(0, 20)) b.evidence(e, false);
      parts.push(`Before the stop the kubelet's graceful node shutdown ran (${lineRef(trace, graceful[0])}): it stopped the pods before it let the shutdown go on.`);
      title = 'Kubelet stopped for a reboot, after its graceful node shutdown';
    } else {
      severity = 'warning';
      parts.push(`The log shows no graceful node shutdown before it${Number.isFinite(stopUs) && stopUs <= QUICK_STOP_US ? `, and nothing held the stop back (${duration(stopUs)})` : ''}: with shutdownGracePeriod set, the kubelet holds a systemd-logind inhibitor lock, and at a shutdown logs "Shutdown manager processing shutdown event", marks the node not ready and kills the pods within their grace periods before it lets systemd stop it. Here the kubelet did not stop the pods: they died with the node, ran no preStop hooks, and stay Running in the API until the node controller marks the node unreachable.`);
      parts.push('Usual causes: shutdownGracePeriod is 0 (the default: off); logind\'s InhibitDelayMaxSec is lower than it; the kubelet\'s shutdown manager did not start ("Failed to start node shutdown manager"); or the reboot was forced (reboot -f and systemctl reboot -i skip inhibitors).');
      title = `Node rebooted without a graceful node shutdown${Number.isFinite(stopUs) ? `: kubelet stopped in ${duration(stopUs)}` : ''}`;
    }
  } else if (next >= 0) {
    b.evidence(next, false);
    parts.push(`The kubelet started again at ${timeOfEvent(trace, next)} (${lineRef(trace, next)}), ${duration(ev.timeUs[next] - ev.timeUs[last])} later; the pods on the node kept running meanwhile, but nothing was started, stopped, probed or reported for them.`);
    title = 'Kubelet stopped by systemd, then started again';
  } else {
    parts.push('The log shows no later start: while the kubelet is down, the node turns NotReady after the node monitor grace period, and its pods keep running unwatched.');
    title = 'Kubelet stopped by systemd';
  }
  return b.build({
    id: 'kubelet-stopped',
    title,
    severity,
    explanation: parts.join(' '),
    next: reboot >= 0 && !graceful.length
      ? 'Check `shutdownGracePeriod` and `shutdownGracePeriodCriticalPods` in the kubelet\'s configuration, `systemd-inhibit --list` (the kubelet should hold a "delay" lock), and logind\'s InhibitDelayMaxSec; `journalctl -b -1 -u systemd-logind` tells who asked for the reboot.'
      : 'Find who stopped it: `journalctl -u kubelet` around the stop, the package manager\'s log, or `last -x` for shutdowns and reboots.',
  });
}
