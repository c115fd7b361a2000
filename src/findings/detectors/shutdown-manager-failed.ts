/**
 * shutdown-manager-failed: graceful node shutdown is configured but its manager did not start ("Failed to start node
 * shutdown manager"). The manager takes a systemd-logind inhibitor lock and reads (and, below shutdownGracePeriod,
 * raises) logind's InhibitDelayMaxSec over D-Bus; without it the kubelet runs on, but a shutdown or reboot no longer
 * waits for it: pods are not stopped in priority order within their grace periods, nor marked Failed by the kubelet —
 * they die with the node. One finding per node.
 */
import type { Detector } from '../detectors.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { clip } from '../text-scan.ts';
import { count, lineRef, timeOfEvent } from '../wording.ts';

/** The error's words that say logind or the message bus did not answer. */
const LOGIND_WORDS = ['logind', 'dbus', 'message bus', 'system_bus_socket', 'inhibit'];
/**
 * logind answered, but its InhibitDelayMaxSec stayed below shutdownGracePeriod after the kubelet's drop-in: another
 * drop-in that sorts later sets it lower (kubernetes/kubernetes#102818: unattended-upgrades' 30 s).
 */
const DELAY_TOO_LOW = 'is less than requested shutdowngraceperiod';

export const shutdownManagerFailed: Detector = {
  id: 'shutdown-manager-failed',
  detect(ctx) {
    const trace = ctx.trace;
    const ev = trace.events;
    const byNode = new Map<number, number[]>();
    for (const e of ctx.ofKind('node.shutdown-manager-failed')) {
      let list = byNode.get(ev.node[e]);
      if (!list) byNode.set(ev.node[e], (list = []));
      if (list.length < 100) list.push(e);
    }
    const out: Finding[] = [];
    for (const [node, events] of byNode) {
      const first = events[0];
      const err = ctx.text(first);
      const lower = err.toLowerCase();
      const delayTooLow = lower.includes(DELAY_TOO_LOW);
      const logind = !delayTooLow && LOGIND_WORDS.some((w) => lower.includes(w));
      const b = new FindingBuilder(trace);
      for (const e of events) b.evidence(e, false);
      b.nodeLanes(node, ['node-status']);
      const parts = [
        `The kubelet could not start its node shutdown manager at ${timeOfEvent(trace, first)} (${lineRef(trace, first)}${events.length > 1 ? `; ${count(events.length, 'start')} in all` : ''}): "${clip(err || 'no error logged', 200)}".`,
        'It runs on without it, so graceful node shutdown is off for this kubelet process: it takes no systemd-logind inhibitor lock, and a shutdown or reboot does not wait for it to stop the pods in priority order within shutdownGracePeriod — they die with the node, and are not marked Failed by the kubelet.',
      ];
      if (delayTooLow) {
        parts.push('logind answered, but its InhibitDelayMaxSec is still below shutdownGracePeriod after the kubelet wrote its own drop-in (/etc/systemd/logind.conf.d/99-kubelet.conf) and reloaded logind: another logind.conf.d drop-in that is read after it sets a lower value — unattended-upgrades\' maxdelay file sets 30 s (kubernetes/kubernetes#102818) — or logind was not reloaded.');
      }
      if (logind) parts.push('The error is the conversation with systemd-logind over D-Bus: the manager reads logind\'s InhibitDelayMaxSec (and raises it to shutdownGracePeriod with a drop-in) and takes its lock there; the message bus or logind did not answer, or is missing (a minimal or old systemd, a container without the host\'s D-Bus).');
      out.push(b.build({
        id: 'shutdown-manager-failed',
        title: 'Graceful node shutdown is off: its manager failed to start',
        severity: 'warning',
        explanation: parts.join(' '),
        next: delayTooLow
          ? 'See which file sets InhibitDelayMaxSec last (`systemd-analyze cat-config systemd/logind.conf`); raise it there to at least shutdownGracePeriod (or add a drop-in that sorts after it), or lower shutdownGracePeriod to fit; then `systemctl restart systemd-logind` and restart the kubelet.'
          : logind
          ? 'Check D-Bus and logind on the node (`systemctl status dbus systemd-logind`, `busctl get-property org.freedesktop.login1 /org/freedesktop/login1 org.freedesktop.login1.Manager InhibitDelayMaxUSec`), then restart the kubelet and look for its inhibitor in `systemd-inhibit --list`.'
          : 'Read the error, fix what it names, restart the kubelet, and check that it holds an inhibitor lock (`systemd-inhibit --list`).',
      }));
    }
    return out;
  },
};
