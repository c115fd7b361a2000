/**
 * kubelet-standalone: the kubelet started without an API client ("standalone mode, no API client"): no kubeconfig was
 * given, or the one named could not be used. It runs static pods from its manifest directory and nothing else: it
 * registers no Node, reads no pods from the API server and reports no status, so on a node meant to be in a cluster
 * the node never appears there. Information when the log shows no sign it was meant to join one; one finding per
 * node.
 */
import type { Detector } from '../detectors.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { count, lineRef, timeOfEvent } from '../wording.ts';
import { eventsByNode } from '../episodes.ts';

export const kubeletStandalone: Detector = {
  id: 'kubelet-standalone',
  detect(ctx) {
    const trace = ctx.trace;
    const out: Finding[] = [];
    for (const [node, events] of eventsByNode(ctx, 'node.standalone', 100)) {
      const first = events[0];
      const b = new FindingBuilder(trace);
      for (const e of events) b.evidence(e, false);
      b.nodeLanes(node, ['node-status']);
      out.push(b.build({
        id: 'kubelet-standalone',
        title: 'Kubelet runs standalone: it has no API client',
        severity: 'warning',
        explanation: `The kubelet started without an API client at ${timeOfEvent(trace, first)} (${lineRef(trace, first)}${events.length > 1 ? `; ${count(events.length, 'start')} in all` : ''}): it was given no kubeconfig, or could not use the one named. It runs the static pods of its manifest directory and nothing else — it registers no Node, takes no pods from the API server and reports no status — so a node meant to be part of a cluster never appears in it.`,
        next: 'Check the kubelet\'s command line and config for --kubeconfig (and --bootstrap-kubeconfig): the files must exist and be readable (kubeadm writes /etc/kubernetes/kubelet.conf at init or join). A kubelet meant to run alone needs nothing.',
      }));
    }
    return out;
  },
};
