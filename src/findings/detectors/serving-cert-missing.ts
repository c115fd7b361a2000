/**
 * serving-cert-missing: clients of the kubelet's HTTPS port fail their TLS handshake because the kubelet has no
 * serving certificate ("no serving certificate available for the kubelet"). With serverTLSBootstrap the kubelet asks
 * the cluster for one (a kubernetes.io/kubelet-serving CSR), which the controller manager does not approve by itself:
 * until someone (or an approver) does, `kubectl logs`, `exec`, `port-forward` and metrics-server all fail against this
 * node ("remote error: tls: internal error"). One finding per node.
 */
import type { Detector } from '../detectors.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { count, duration, lineRef, timeOfEvent } from '../wording.ts';
import { eventsByNode } from '../episodes.ts';

const MAX_PER_NODE = 200;

export const servingCertMissing: Detector = {
  id: 'serving-cert-missing',
  detect(ctx) {
    const trace = ctx.trace;
    const ev = trace.events;
    const out: Finding[] = [];
    for (const [node, list] of eventsByNode(ctx, 'server.no-serving-cert', MAX_PER_NODE)) {
      const first = list[0];
      const last = list[list.length - 1];
      const clients = new Set(list.map((e) => ctx.text(e).replace(/:\d+$/, '')).filter(Boolean));
      const b = new FindingBuilder(trace);
      for (const e of list) b.evidence(e, false);
      b.nodeLanes(node, ['other']);
      // The certificate manager saying its request was not signed in time (certificate-not-signed leaves it here).
      const notSigned = ctx.ofKind('node.cert-not-signed').filter((e) => ev.node[e] === node).slice(0, 5);
      for (const e of notSigned) b.evidence(e, false);
      const when = list.length === 1 ? `at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})`
        : `${count(list.length, 'time')} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)}), ${duration(ev.timeUs[last] - ev.timeUs[first])}`;
      out.push(b.build({
        id: 'serving-cert-missing',
        title: 'Kubelet has no serving certificate: its HTTPS port refuses every client',
        severity: 'warning',
        explanation: `Clients of the kubelet's HTTPS port (10250) failed their TLS handshake ${when}${clients.size ? ` (from ${[...clients].slice(0, 4).join(', ')})` : ''}: the kubelet has no serving certificate. With serverTLSBootstrap it asks the cluster for one — a certificate signing request of signer kubernetes.io/kubelet-serving — and the controller manager does not approve those by itself. Until one is approved, kubectl logs, exec and port-forward to this node's pods and metrics-server's scrapes fail ("remote error: tls: internal error"); the pods themselves run.${notSigned.length ? ` The kubelet's own line says its request was not signed in time (${lineRef(trace, notSigned[0])}).` : ''}`,
        next: 'List the node\'s serving requests (`kubectl get csr --field-selector spec.signerName=kubernetes.io/kubelet-serving`) and approve this node\'s (`kubectl certificate approve <name>`), or run an approver for them (kubelet-csr-approver, or your distribution\'s); without serverTLSBootstrap the kubelet makes itself a self-signed certificate instead.',
      }));
    }
    return out;
  },
};
