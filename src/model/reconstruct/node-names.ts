/**
 * Node names the reader could not give, found once the whole log is read (each said in an info diagnostic):
 * - A node the log never names, after its control-plane static pods: the kubelet names a static pod
 *   `<manifest name>-<node name>` (kube-apiserver-docker-desktop), so where the kube-system pods of the usual
 *   manifests all end in the same name, that is the node's. Only when every such pod agrees.
 * - A node known only by an address (talosctl's `192.168.0.15: ` before each line), by the name the kubelet gives its
 *   own Node ("Attempting to register node" node="talos-dy3-h80"), kept with the address: `talos-dy3-h80
 *   (192.168.0.15)`. Only when the kubelet names one node there.
 */
import { CATALOG, kindId, NAMES_OWN_NODE } from '../../catalog/catalog.ts';
import { eventRawText } from '../trace-query.ts';
import { ASSUMED_NODE_NAME } from '../source-segment.ts';
import type { Trace } from '../trace.ts';

/**
 * The static pods kubeadm and most installers run on a control-plane node, by manifest name; the longer names first
 * (kube-up's GCE masters ran etcd as `etcd-server` and `etcd-server-events`: kubernetes/kubernetes#19677).
 */
const CONTROL_PLANE_MANIFESTS = ['kube-apiserver-', 'kube-controller-manager-', 'kube-scheduler-', 'etcd-server-events-', 'etcd-server-', 'etcd-'];
/** The UID the API server gives an object (a static pod's is a hash of its manifest: 32 hex digits, no dashes). */
const API_UID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A node name as Kubernetes allows it (a DNS subdomain). */
const NODE_NAME = /^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/;

export function nameNodes(trace: Trace): void {
  nameNodesByStaticPods(trace);
  nameNodesByNodeEvents(trace);
  nameAddressedNodes(trace);
}

/**
 * "Recording NodeNotReady event message for node x" (printf), `node="x"` (structured) or `"node":{"name":"x"}` (JSON);
 * and a failed node status update's `error getting node "x"` (the kubelet reads its own Node first).
 */
const RECORDING_NODE_EVENT = CATALOG.findIndex((e) => e.id === 'X45');
const NODE_STATUS_ERROR = kindId('node.status-error');
const NODE_OF_EVENT = /event message for node(?:" node=| )"?([a-z0-9][-a-z0-9.]{0,252})|"node":\{"name":"([a-z0-9][-a-z0-9.]{0,252})"|error getting node \\*"([a-z0-9][-a-z0-9.]{0,252})\\*"/;
/** The lines read for it (the name is near the start of every form). */
const MAX_NODE_EVENT_LINES = 50;

/**
 * A node the log never names, after the node events its kubelet records for its own Node (NodeReady, NodeNotReady,
 * NodeHasSufficientMemory…) or its failed status updates: a bare klog excerpt has no host, but these lines name the
 * node. Only when they all agree.
 */
function nameNodesByNodeEvents(trace: Trace): void {
  if (!trace.nodes.some((n) => n.name === ASSUMED_NODE_NAME)) return;
  const ev = trace.events;
  const seen = new Map<number, { names: Set<string>; lines: number; byEvent: boolean }>();
  for (let i = 0; i < ev.count; i++) {
    if ((ev.msg[i] !== RECORDING_NODE_EVENT && ev.kind[i] !== NODE_STATUS_ERROR) || trace.nodes[ev.node[i]]?.name !== ASSUMED_NODE_NAME) continue;
    let s = seen.get(ev.node[i]);
    if (!s) seen.set(ev.node[i], (s = { names: new Set(), lines: 0, byEvent: false }));
    if (s.lines++ >= MAX_NODE_EVENT_LINES) continue;
    const m = NODE_OF_EVENT.exec(eventRawText(trace, i, 600));
    const name = m?.[1] ?? m?.[2] ?? m?.[3];
    if (name) s.names.add(name.replace(/\.$/, ''));
    if (m?.[3] === undefined && name) s.byEvent = true;
  }
  for (const [index, s] of seen) {
    const [name] = s.names;
    if (s.names.size !== 1 || !NODE_NAME.test(name) || trace.nodes.some((n) => n.name === name)) continue;
    trace.nodes[index].name = name;
    for (const src of trace.sources) {
      if (src.node !== ASSUMED_NODE_NAME) continue;
      src.node = name;
      const after = s.byEvent ? `the node events its kubelet records ("Recording … event message for node ${name}")` : `its failed node status updates (error getting node "${name}")`;
      src.diagnostics.push({ source: src.index, line: 0, level: 'info', message: `the log names no node: named ${name} after ${after}` });
    }
  }
}

function nameNodesByStaticPods(trace: Trace): void {
  trace.nodes.forEach((node) => {
    if (node.name !== ASSUMED_NODE_NAME) return;
    const names = new Set<string>();
    const pods: string[] = [];
    for (const p of trace.pods) {
      // A pod the API made (a UUID, not a static pod's hash) is no static pod, whatever its name.
      if (p.node !== node.index || p.namespace !== 'kube-system' || (p.kind === 'regular' && API_UID.test(p.uid))) continue;
      const prefix = CONTROL_PLANE_MANIFESTS.find((m) => p.name.startsWith(m));
      const rest = prefix ? p.name.slice(prefix.length) : '';
      if (!NODE_NAME.test(rest)) continue;
      names.add(rest);
      pods.push(p.name);
    }
    if (names.size !== 1) return;
    const [name] = names;
    if (trace.nodes.some((n) => n.name === name)) return;
    node.name = name;
    for (const s of trace.sources) {
      if (s.node !== ASSUMED_NODE_NAME) continue;
      s.node = name;
      s.diagnostics.push({ source: s.index, line: 0, level: 'info', message: `the log names no node: named ${name} after its static pods (${pods.slice(0, 3).join(', ')})` });
    }
  });
}

/** An IPv4 address, or an IPv6 one (hex groups and colons). */
const ADDRESS = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,7})$/i;

function nameAddressedNodes(trace: Trace): void {
  // The pass over the events only where some node is known by an address.
  if (!trace.nodes.some((n) => ADDRESS.test(n.name))) return;
  const ev = trace.events;
  const own = new Map<number, Set<string>>();
  for (let i = 0; i < ev.count; i++) {
    if (NAMES_OWN_NODE[ev.msg[i]] !== 1 || ev.text[i] === 0 || !ADDRESS.test(trace.nodes[ev.node[i]]?.name ?? '')) continue;
    let names = own.get(ev.node[i]);
    if (!names) own.set(ev.node[i], (names = new Set()));
    if (names.size < 4) names.add(trace.strings[ev.text[i]]);
  }
  for (const [index, names] of own) {
    const [name] = names;
    if (names.size !== 1 || !NODE_NAME.test(name) || ADDRESS.test(name)) continue;
    const node = trace.nodes[index];
    const address = node.name;
    node.name = `${name} (${address})`;
    for (const s of trace.sources) {
      if (s.node !== address) continue;
      s.node = node.name;
      s.diagnostics.push({ source: s.index, line: 0, level: 'info', message: `node ${address} is ${name}: the kubelet's own name for its Node` });
    }
  }
}
