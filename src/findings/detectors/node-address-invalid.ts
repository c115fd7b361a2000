/**
 * node-address-invalid: the kubelet's own address is wrong or missing. Two lines say so: the node status setter that
 * validates the configured node IP ("Failed to set some node status fields: failed to validate nodeIP: …" — an
 * address not on this host, all zeros, loopback; the secondary one of a dual-stack node), and the pod status that
 * cannot find the node's IP ("Cannot get host IP": no Node object, or one listing no address). One finding per node.
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { eventsByNode } from '../episodes.ts';
import { eventRawText } from '../../model/trace-query.ts';
import { clip } from '../text-scan.ts';
import { count, lineRef, timeOfEvent } from '../wording.ts';

const MAX_PER_NODE = 500;

interface Reading { test: RegExp; title: string; why: string; next: string }

/** What the node IP's validation says, by its words (the first that matches). */
const NODE_IP: readonly Reading[] = [
  {
    test: /not found in the host's network interfaces/, title: 'the node IP it is given is not on this host',
    why: 'The node IP the kubelet is configured with (--node-ip; k3s\'s and RKE2\'s node-ip; the secondary address of a dual-stack pair) is on none of this host\'s interfaces, so the kubelet leaves the Node\'s addresses unset or stale: the API server, metrics and logs reach the node through a wrong or missing address.',
    next: 'Compare the configured node IP with `ip -br addr` on the node (an interface that comes up late — a VPN such as tailscale, a bond — or an address that changed): fix the flag, or make the interface come up before the kubelet.',
  },
  {
    test: /can't be an all zeros address|unspecified/, title: 'the node IP is all zeros',
    why: 'The kubelet was given 0.0.0.0 (or ::) as its node IP, which this release does not take as "detect it": no address is set on the Node from it.',
    next: 'Set --node-ip to the node\'s own address, or leave it unset so the kubelet detects one.',
  },
  {
    test: /can't be a loopback address/, title: 'the node IP is a loopback address',
    why: 'The kubelet was given a loopback address as its node IP (often what the node\'s hostname resolves to in /etc/hosts), which no other machine can reach.',
    next: 'Set --node-ip to the node\'s own address, and make its hostname resolve to it rather than 127.0.1.1.',
  },
];

/** What "Cannot get host IP" says. */
const HOST_IP: readonly Reading[] = [
  {
    test: /not found/, title: 'pods get no host IP: the kubelet cannot find its Node',
    why: 'Generating each pod\'s status, the kubelet looks up its own Node for the node\'s address and does not find it (not registered, or another name than the kubelet\'s): the pods\' status goes without hostIP.',
    next: 'Check that the Node exists under the name the kubelet uses (`kubectl get nodes`; its hostname, --hostname-override, the cloud provider\'s name) and the kubelet\'s registration lines.',
  },
  {
    test: /host IP unknown; known addresses: \[\]|known addresses: \[\]/, title: 'pods get no host IP: the Node lists no address',
    why: 'The kubelet\'s Node has no address at all, so no pod on it can be given a hostIP: the kubelet could not find one (with a cloud provider, its metadata did not answer; without one, no usable interface or --node-ip).',
    next: 'Read the Node\'s addresses (`kubectl get node <node> -o jsonpath={.status.addresses}`); with a cloud provider, check that the instance\'s metadata is reachable from the node; otherwise set --node-ip.',
  },
];

export const nodeAddressInvalid: Detector = {
  id: 'node-address-invalid',
  detect(ctx) {
    const out: Finding[] = [];
    const addresses = eventsByNode(ctx, 'node.status-fields-failed', MAX_PER_NODE, (e) => /node ?IP/i.test(errorOf(ctx, e)));
    for (const [node, events] of addresses) out.push(describe(ctx, node, events, NODE_IP, 'its node IP is not usable'));
    for (const [node, events] of eventsByNode(ctx, 'pod.host-ip-failed', MAX_PER_NODE)) {
      if (addresses.has(node)) continue;
      out.push(describe(ctx, node, events, HOST_IP, 'pods get no host IP'));
    }
    return out;
  },
};

function errorOf(ctx: FindingContext, e: number): string {
  return ctx.text(e) || eventRawText(ctx.trace, e, 2000);
}

function describe(ctx: FindingContext, node: number, events: number[], readings: readonly Reading[], fallback: string): Finding {
  const trace = ctx.trace;
  const first = events[0];
  const last = events[events.length - 1];
  const error = errorOf(ctx, first);
  const reading = readings.find((r) => r.test.test(error));
  const b = new FindingBuilder(trace);
  for (const e of events.slice(0, 20)) b.evidence(e, false);
  if (events.length > 20) b.evidence(last, false);
  b.nodeLanes(node, ['node-status', 'status-manager']);
  const when = events.length === 1 ? `at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})`
    : `${count(events.length, 'time')} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)})`;
  return b.build({
    id: 'node-address-invalid',
    title: `Kubelet's own address: ${reading ? reading.title : fallback}`,
    severity: 'warning',
    explanation: [`The kubelet said ${when}: "${clip(error, 240)}".`, reading ? reading.why : 'The kubelet\'s own address could not be set or found.'].join(' '),
    next: reading ? reading.next : 'Check the node\'s addresses (`kubectl get node -o wide`), the kubelet\'s --node-ip and its hostname\'s resolution on the node.',
  });
}
