/**
 * The pod network's own agent on a node (calico-node, cilium, kube-flannel, …) crash-looping there: the reason its
 * CNI plugin cannot set up or tear down sandboxes on that node, which findings about those failures name.
 */
import type { FindingContext } from './context.ts';
import { failedActions } from './text-scan.ts';
import { podName } from './wording.ts';
import { kindId } from '../catalog/catalog.ts';

const BACKOFF = kindId('runtime.backoff');

/** Pod names of the network agents a CNI plugin needs running on its node. */
const AGENT_POD = /^(?:calico-node|cilium|kube-flannel-ds|kube-flannel|canal|weave-net|aws-node|antrea-agent|kube-router|kube-ovn-cni|ovnkube-node)-[a-z0-9]{4,10}$/;

/** Per analysis, each node's crash-looping agent (read once: several findings ask). */
const agentsOf = new WeakMap<FindingContext, Map<number, string>>();

/** A network agent's pod on `node` that the log shows in CrashLoopBackOff (its name), or '' if none. */
export function crashLoopingNetworkAgent(ctx: FindingContext, node: number): string {
  let agents = agentsOf.get(ctx);
  if (!agents) agentsOf.set(ctx, (agents = crashLoopingAgents(ctx)));
  return agents.get(node) ?? '';
}

function crashLoopingAgents(ctx: FindingContext): Map<number, string> {
  const trace = ctx.trace;
  const ev = trace.events;
  const out = new Map<number, string>();
  for (const e of ctx.ofKinds(['runtime.backoff', 'pw.sync-error'])) {
    const pod = ev.pod[e];
    if (pod < 0 || out.has(ev.node[e]) || !AGENT_POD.test(trace.pods[pod].name)) continue;
    if (ev.kind[e] !== BACKOFF && !failedActions(ctx.text(e)).some((a) => a.reason === 'CrashLoopBackOff')) continue;
    out.set(ev.node[e], podName(trace, pod));
  }
  return out;
}

/** The sentence that ties a network plugin's failure to its agent crash-looping on the node. */
export function agentCrashLoopSentence(agent: string): string {
  return `The network plugin's own agent on this node, ${agent}, is in CrashLoopBackOff in this log: the plugin needs it running (its state, its socket, files such as Calico's /var/lib/calico/nodename), so its failures here follow from the agent's — its crash-loop finding says why it exits.`;
}
