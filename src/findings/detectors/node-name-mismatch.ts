/**
 * node-name-mismatch: the kubelet looks for, or acts on, a Node by one name while the credentials it talks to the API
 * server with are another node's — `… "fedora" is forbidden: User "system:node:okd4m01.example.com" …`. The
 * NodeRestriction admission plugin and the Node authorizer let a kubelet read and write only its own Node and what is
 * tied to it, by the name in its client certificate; so under another name it cannot register, report status, renew
 * its lease or publish its CSINode, and the node stays NotReady or missing. Usual cause: the host was renamed after
 * it joined (or --hostname-override, the cloud provider's name changed), or the kubeconfig is another node's.
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { eventRawText } from '../../model/trace-query.ts';
import { clip, NODE_NOT_FOUND } from '../text-scan.ts';
import { lineRef, timeOfEvent } from '../wording.ts';

/** Lines whose error may name the kubelet's credentials (a refusal) or the Node it looks for. */
const KINDS = [
  'node.csinode-failed', 'node.register-failed', 'node.lease-failed', 'node.status-error', 'node.get-failed', 'node.lister-failed',
  'api.list-failed', 'error.unhandled',
];
/** The kubelet's identity in a refusal: `User "system:node:NAME"` (its quotes escaped or not). */
const IDENTITY = /User \\?"system:node:([a-z0-9][-a-z0-9.]{0,252})\\?"/;
/** The object a refusal is about, when it is the Node or named after it (`csinodes.storage.k8s.io "fedora" is forbidden`). */
const REFUSED_OBJECT = /(?:nodes|csinodes\.storage\.k8s\.io|leases\.coordination\.k8s\.io) \\?"([a-z0-9][-a-z0-9.]{0,252})\\?" is forbidden/;
const MAX_LINES = 2000;

interface NodeNames {
  node: number;
  /** The credentials' name and the first line that shows it. */
  identity: string;
  identityLine: number;
  /** A name the kubelet uses for its own Node, and the first line that shows it. */
  own: string;
  ownLine: number;
}

/** Two spellings of one node: equal, or one the other's short host name. */
function sameNode(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
}

export const nodeNameMismatch: Detector = {
  id: 'node-name-mismatch',
  detect(ctx) {
    const trace = ctx.trace;
    const ev = trace.events;
    const byNode = new Map<number, NodeNames>();
    let read = 0;
    for (const e of ctx.ofKinds(KINDS)) {
      if (read++ >= MAX_LINES) break;
      // The error field first; the line itself when the field is only a name (`node "x" not found` keeps just x).
      let g = byNode.get(ev.node[e]);
      let text = ctx.text(e);
      let identity = IDENTITY.exec(text);
      let own = REFUSED_OBJECT.exec(text) ?? NODE_NOT_FOUND.exec(text);
      if (!identity && !own) {
        text = eventRawText(trace, e, 1000);
        identity = IDENTITY.exec(text);
        own = REFUSED_OBJECT.exec(text) ?? NODE_NOT_FOUND.exec(text);
      }
      if (!identity && !(own && own[1])) continue;
      if (!g) byNode.set(ev.node[e], (g = { node: ev.node[e], identity: '', identityLine: -1, own: '', ownLine: -1 }));
      if (identity && !g.identity) [g.identity, g.identityLine] = [identity[1], e];
      if (own && own[1] && !g.own) [g.own, g.ownLine] = [own[1], e];
    }
    const out: Finding[] = [];
    for (const g of byNode.values()) {
      if (!g.identity || !g.own || sameNode(g.identity, g.own)) continue;
      out.push(describe(ctx, g));
    }
    return out;
  },
};

function describe(ctx: FindingContext, g: NodeNames): Finding {
  const trace = ctx.trace;
  const b = new FindingBuilder(trace);
  for (const e of [g.ownLine, g.identityLine].sort((x, y) => x - y)) b.evidence(e);
  b.nodeLanes(g.node, ['node-status']);
  const refusal = clip(ctx.text(g.identityLine) || eventRawText(trace, g.identityLine, 300), 200);
  return b.build({
    id: 'node-name-mismatch',
    title: `Kubelet's node name "${g.own}" is not the one its credentials are for ("${g.identity}")`,
    severity: 'error',
    explanation: [
      `The kubelet acts as Node "${g.own}" (${lineRef(trace, g.ownLine)}), but the API server knows its credentials as system:node:${g.identity} (${lineRef(trace, g.identityLine)}, at ${timeOfEvent(trace, g.identityLine)}: "${refusal}").`,
      'The API server lets a kubelet read and write only its own Node and what is tied to it, by the name in its client certificate: under another name it cannot register, report status, renew its lease or publish its CSINode, so the node stays NotReady or missing.',
      'Usually the host was renamed after it joined (or --hostname-override, or the cloud provider\'s name for it, changed), or the kubeconfig is another node\'s.',
    ].join(' '),
    next: 'Compare `hostname`, the kubelet\'s --hostname-override and the CN of its client certificate (`openssl x509 -noout -subject -in /var/lib/kubelet/pki/kubelet-client-current.pem`); give the host its old name back, or re-join the node under the new one.',
  });
}
