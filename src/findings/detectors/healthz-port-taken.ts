/**
 * healthz-port-taken: the kubelet's local health endpoint (127.0.0.1:10248) could not listen because another process
 * holds its port ("Failed to start healthz server" … "address already in use"). The kubelet goes on (it tries again
 * every 5 s), but whatever polls the endpoint — kubeadm, a liveness check of the kubelet's unit, monitoring — sees it
 * unhealthy, and the usual holder is a second kubelet on the node: two kubelet services (a distribution's unit beside
 * k0s's or k3s's own), or an old process still stopping. That the main server's port is taken too ("Failed to listen
 * and serve", which ends the process) is kubelet-exited's. One finding per node.
 */
import type { Detector } from '../detectors.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { clip } from '../text-scan.ts';
import { PORT_IN_USE } from './kubelet-exited.ts';
import { count, duration, lineRef, timeOfEvent } from '../wording.ts';
import { eventsByNode } from '../episodes.ts';

const MAX_PER_NODE = 1000;

export const healthzPortTaken: Detector = {
  id: 'healthz-port-taken',
  detect(ctx) {
    const trace = ctx.trace;
    const ev = trace.events;
    const portTaken = (e: number) => {
      const err = ctx.text(e).toLowerCase();
      return PORT_IN_USE.some((w) => err.includes(w));
    };
    const out: Finding[] = [];
    for (const [node, events] of eventsByNode(ctx, 'node.healthz-failed', MAX_PER_NODE, portTaken)) {
      const first = events[0];
      const last = events[events.length - 1];
      const pids = new Set<number>();
      for (const e of events) pids.add(ev.pid[e]);
      const b = new FindingBuilder(trace);
      for (const e of events) b.evidence(e, false);
      b.nodeLanes(node, ['node-status']);
      const when = events.length === 1
        ? `at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})`
        : `${count(events.length, 'time')} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)}), ${duration(ev.timeUs[last] - ev.timeUs[first])}`;
      const restarts = pids.size > 1 ? ` The lines come from ${count(pids.size, 'kubelet process', 'kubelet processes')} (pids ${[...pids].slice(0, 6).join(', ')}): it keeps being started again.` : '';
      out.push(b.build({
        id: 'healthz-port-taken',
        title: `Kubelet's health endpoint cannot listen: its port is taken${events.length > 1 ? ` (${events.length}×)` : ''}`,
        severity: 'warning',
        explanation: `The kubelet could not open its health endpoint ${when}: "${clip(ctx.text(first), 140)}". Another process holds the port — most often a second kubelet on the node (two kubelet services, such as a distribution's kubelet.service beside k0s's or k3s's own, or an old kubelet still stopping). The kubelet goes on and tries again every 5 s, but whatever polls 127.0.0.1:10248 (kubeadm, a health check of its unit, monitoring) sees it unhealthy meanwhile, and two kubelets on one node fight over its pods and its Node object.${restarts}`,
        next: 'Find the holder: `ss -ltnp | grep 10248` (and 10250) on the node; stop and disable the extra kubelet service (`systemctl list-units | grep kubelet`), or give one of them other ports (healthzPort, port) if both are meant to run.',
      }));
    }
    return out;
  },
};
