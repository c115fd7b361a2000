/**
 * certificate-not-signed: the kubelet's certificate manager filed a certificate signing request and nobody signed it
 * in time ("Certificate request was not signed: timed out waiting for the condition"): the CSR waits, Pending, for an
 * approver. A client certificate's is approved by kube-controller-manager when the node's bindings allow it; a
 * serving certificate's (serverTLSBootstrap) never is — someone or some tool must approve it. One finding per node.
 */
import type { Detector } from '../detectors.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { eventsByNode } from '../episodes.ts';
import { eventRawText } from '../../model/trace-query.ts';
import { clipMiddle } from '../text-scan.ts';
import { count, lineRef, timeOfEvent } from '../wording.ts';

const MAX_PER_NODE = 500;

/** Which certificate, by the signer the line names (structured lines' logger=, newer printf lines' prefix). */
function whichCertificate(text: string): 'client' | 'serving' | '' {
  if (text.includes('kubelet-serving')) return 'serving';
  if (text.includes('kube-apiserver-client-kubelet')) return 'client';
  return '';
}

const WHY: Record<'client' | 'serving' | '', string> = {
  client: 'It was the kubelet\'s client certificate, which kube-controller-manager approves by itself only when its CSR approving controller runs and the node\'s identity is bound to the ClusterRoles that allow it (system:certificates.k8s.io:certificatesigningrequests:nodeclient for a new node, selfnodeclient for a renewal).',
  serving: 'It was the kubelet\'s serving certificate (serverTLSBootstrap), which kube-controller-manager never approves by itself: a person (`kubectl certificate approve`) or an approver running in the cluster must.',
  '': 'A client certificate\'s request is approved by kube-controller-manager when the node\'s bindings allow it; a serving certificate\'s (serverTLSBootstrap) never by itself — a person or an approver in the cluster must.',
};

export const certificateNotSigned: Detector = {
  id: 'certificate-not-signed',
  detect(ctx) {
    const trace = ctx.trace;
    const out: Finding[] = [];
    for (const [node, events] of eventsByNode(ctx, 'node.cert-not-signed', MAX_PER_NODE)) {
      const first = events[0];
      const last = events[events.length - 1];
      const raw = events.slice(0, 20).map((e) => eventRawText(trace, e, 600)).join('\n');
      const which = whichCertificate(raw);
      // A serving certificate missing that clients already hit is serving-cert-missing's, which cites these lines.
      if (which !== 'client' && ctx.ofKind('server.no-serving-cert').some((e) => trace.events.node[e] === node)) continue;
      const gaveUp = raw.includes('Reached backoff limit');
      const b = new FindingBuilder(trace);
      for (const e of events.slice(0, 20)) b.evidence(e, false);
      if (events.length > 20) b.evidence(last, false);
      b.nodeLanes(node, ['node-status']);
      const when = events.length === 1 ? `at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})`
        : `${count(events.length, 'time')} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)})`;
      const parts = [
        `The kubelet asked for a new ${which || 'client or serving'} certificate and its certificate signing request was not signed in time, ${when}: "${clipMiddle(ctx.text(last) || eventRawText(trace, last, 600), 200)}". The request stays Pending until an approver approves it and a signer issues it.`,
        WHY[which],
        gaveUp ? 'The certificate manager has reached its back-off limit: it goes on asking, but seldom.' : 'The certificate manager asks again with back-off.',
        which === 'serving' ? 'Meanwhile the kubelet serves its HTTPS port with the certificate it has, or none (then `kubectl logs` and `exec` to this node fail).'
          : which === 'client' ? 'Meanwhile the kubelet uses the certificate it has; once that expires it can no longer reach the API server and the node goes NotReady.'
          : 'Meanwhile the kubelet goes on with the certificates it has: a client certificate that expires cuts it off from the API server (the node goes NotReady); without a serving certificate `kubectl logs` and `exec` to this node fail.',
      ];
      out.push(b.build({
        id: 'certificate-not-signed',
        title: `Kubelet's ${which ? `${which} ` : ''}certificate request not signed${events.length > 1 ? ` (${events.length}×)` : ''}`,
        severity: 'warning',
        explanation: parts.join(' '),
        next: `\`kubectl get csr\` lists the pending request (its requestor, system:node:<node> or the bootstrap user); approve it with \`kubectl certificate approve <name>\`${which === 'serving' ? ', and run an approver for serving certificates if they are to renew by themselves' : ', and check kube-controller-manager runs its csrapproving and csrsigning controllers (its --cluster-signing-cert-file and key) and the node bindings to the approval ClusterRoles'}.`,
      }));
    }
    return out;
  },
};
