/**
 * node-not-registered: the kubelet runs, but its own Node object does not exist in the API server — "Error getting
 * node" err="node \"x\" not found", the eviction manager's and the node status loop's same error — for longer than
 * registration takes after a start. Nothing works for the node then: no status, no lease, the scheduler places no pod
 * on it, and kubeadm init or join waits for it until it times out. Why, from the log: registration attempts that fail
 * (their error), a Node deleted after the kubelet registered it (the kubelet does not register again until it
 * restarts), or no attempt in the log at all. One finding per node.
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { startTimeOf } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { kindId } from '../../catalog/catalog.ts';
import type { Finding } from '../../model/trace.ts';
import { eventRawText } from '../../model/trace-query.ts';
import { serviceSinceUs } from '../../ingest/source-notes.ts';
import { causeByWords } from '../causes.ts';
import { clip, NODE_NOT_FOUND } from '../text-scan.ts';
import { API_SERVER_CAUSES } from './api-server-unreachable.ts';
import { count, duration, lineRef, timeOf, timeOfEvent } from '../wording.ts';

const REGISTERING = kindId('node.registering');
const REGISTER_FAILED = kindId('node.register-failed');
const REGISTERED = kindId('node.registered');
const STATUS_ERROR = kindId('node.status-error');
/** Registration after a start takes seconds; "not found" this long after the start (or for this long) is no start-up race. */
const MIN_MISSING_US = 30e6;
const MAX_EVIDENCE = 20;
/** "Not found" lines in a short excerpt with no start before them: this many say more than a start's first moment. */
const MIN_EXCERPT_LINES = 3;

interface Missing {
  node: number;
  lines: number[];
  name: string;
}

export const nodeNotRegistered: Detector = {
  id: 'node-not-registered',
  detect(ctx, earlier) {
    const trace = ctx.trace;
    const ev = trace.events;
    const byNode = new Map<number, Missing>();
    for (const e of ctx.ofKinds(['node.get-failed', 'node.lister-failed', 'node.status-error', 'eviction.failed'])) {
      // The error field first: the raw text of a record joined from cut lines has their line breaks.
      const m = NODE_NOT_FOUND.exec(ctx.text(e)) ?? NODE_NOT_FOUND.exec(eventRawText(trace, e, 600));
      if (!m) continue;
      let g = byNode.get(ev.node[e]);
      if (!g) byNode.set(ev.node[e], (g = { node: ev.node[e], lines: [], name: '' }));
      if (g.lines.length < 1000) g.lines.push(e);
      if (!g.name && m[1]) g.name = m[1];
    }
    const out: Finding[] = [];
    // The Node object could not even be built (its address, the cloud provider's word on the instance): no
    // registration is tried until it can, whether or not "not found" lines are in the log.
    const construct = new Map<number, number[]>();
    for (const e of ctx.ofKind('node.construct-failed')) {
      const list = construct.get(ev.node[e]) ?? [];
      if (list.length < MAX_EVIDENCE) list.push(e);
      construct.set(ev.node[e], list);
    }
    for (const [node, list] of construct) {
      const registered = ctx.ofKind('node.registered').some((e) => ev.node[e] === node && e > list[list.length - 1]);
      if (!registered) out.push(describeConstruct(ctx, node, list, byNode.get(node)));
    }
    // (A node name that is not the credentials' explains the "not found" of a short excerpt: node-name-mismatch, which runs first.)
    const misnamed = earlier.some((f) => f.id === 'node-name-mismatch');
    for (const g of byNode.values()) {
      if (construct.has(g.node)) continue;
      const f = describe(ctx, g, misnamed);
      if (f) out.push(f);
    }
    return out;
  },
};

function describe(ctx: FindingContext, g: Missing, misnamed: boolean): Finding | undefined {
  const trace = ctx.trace;
  const ev = trace.events;
  const first = g.lines[0];
  const last = g.lines[g.lines.length - 1];
  const registration = [...ctx.ofKinds(['node.registering', 'node.register-failed', 'node.registered'])].filter((e) => ev.node[e] === g.node);
  // Registered after the last "not found": the usual race of a start, over.
  if (registration.some((e) => ev.kind[e] === REGISTERED && e > last)) return undefined;
  // Since when the kubelet has been looking: its start in the log, else a pasted `systemctl status`'s "since".
  const startIndex = ctx.startBefore(first);
  let sinceUs = startTimeOf(ctx, first, startIndex);
  let sinceWhat = Number.isFinite(sinceUs) ? `the kubelet's start at ${timeOf(trace, sinceUs)} (${lineRef(trace, trace.nodes[g.node].starts[startIndex])})` : '';
  const service = trace.sources[ev.source[first]]?.service;
  if (!Number.isFinite(sinceUs) && service?.since && service.active.startsWith('active')) {
    sinceUs = serviceSinceUs(service);
    sinceWhat = `the service's start at ${service.since.slice(11)} (systemctl status, line ${service.line})`;
  }
  const fromUs = Number.isFinite(sinceUs) && sinceUs <= ev.timeUs[first] ? sinceUs : ev.timeUs[first];
  const missingUs = ev.timeUs[last] - fromUs;
  // The node status loop runs only once the kubelet has registered its Node (or with registerNode false): a status
  // update told "not found" is no start-up race, however short the stretch.
  const statusUpdates = g.lines.filter((e) => ev.kind[e] === STATUS_ERROR);
  if (missingUs < MIN_MISSING_US && !statusUpdates.length) {
    // A few seconds of "not found" with no start before them (a pasted excerpt): a start-up race or a node that never
    // registers — the excerpt cannot tell, and says so.
    return !Number.isFinite(sinceUs) && g.lines.length >= MIN_EXCERPT_LINES && !registration.length && !misnamed ? describeMoment(ctx, g, missingUs) : undefined;
  }

  const b = new FindingBuilder(trace);
  for (const e of g.lines.slice(0, MAX_EVIDENCE)) b.evidence(e);
  if (g.lines.length > MAX_EVIDENCE) b.evidence(last);
  b.nodeLanes(g.node, ['node-status']);
  const name = g.name ? `"${g.name}"` : 'of this kubelet';
  const parts = [
    `The kubelet cannot find its own Node object ${name}: ${count(g.lines.length, 'line')} say "not found", from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)})` +
      (fromUs < ev.timeUs[first] ? `, ${duration(ev.timeUs[last] - fromUs)} after ${sinceWhat}.` : '.'),
    'Registration takes seconds after a start; until the node is registered nothing works for it: no node status or lease, the scheduler places no pod on it, the eviction manager has no node to read, and kubeadm init or join waits for it until it times out.',
  ];
  const failures = registration.filter((e) => ev.kind[e] === REGISTER_FAILED);
  const registeredBefore = registration.filter((e) => ev.kind[e] === REGISTERED && e < first);
  const attempts = registration.filter((e) => ev.kind[e] === REGISTERING);
  let title: string;
  let next: string;
  if (failures.length) {
    const lastFailure = failures[failures.length - 1];
    for (const e of failures.slice(-5)) b.evidence(e);
    const error = ctx.text(lastFailure) || eventRawText(trace, lastFailure, 300);
    const lower = error.toLowerCase();
    // The API server's own answers are told apart below; a connection that fails is api-server-unreachable's cause.
    const cause = causeByWords(API_SERVER_CAUSES, error);
    const unanswered = cause && !cause.answered ? cause : undefined;
    parts.push(`Its attempts to register fail: ${count(failures.length, 'failure')}, the last at ${timeOfEvent(trace, lastFailure)} (${lineRef(trace, lastFailure)}): "${clip(error, 240)}".`);
    if (lower.includes('forbidden')) {
      parts.push('The API server refuses to let this kubelet create the Node: its credentials are not those of system:node:<its node name> (a kubeconfig or certificate of another node, or a node name that differs from the certificate\'s), so the NodeRestriction admission plugin or RBAC rejects it.');
      title = `Node ${name} is not registered: the API server forbids it`;
      next = 'Compare the node name the kubelet uses (hostname, --hostname-override, the cloud provider\'s) with the CN of its client certificate (`openssl x509 -noout -subject -in /var/lib/kubelet/pki/kubelet-client-current.pem`).';
    } else if (lower.includes('unauthorized')) {
      parts.push('The API server does not accept the kubelet\'s credentials (an expired or foreign client certificate, or a bootstrap token that is no longer valid).');
      title = `Node ${name} is not registered: the API server rejects the kubelet's credentials`;
      next = 'Check the kubelet\'s kubeconfig and client certificate (its expiry and issuer against the cluster\'s CA), or re-join the node with a fresh bootstrap token.';
    } else if (unanswered) {
      parts.push(`The API server does not answer the kubelet (${unanswered.title}): on a control-plane node the kube-apiserver static pod is not up yet (or keeps crashing), elsewhere the address or the network path to it is wrong. ${unanswered.why}`);
      title = `Node ${name} is not registered: the API server does not answer`;
      next = 'Check the API server (`crictl ps -a | grep kube-apiserver` and its log on a control-plane node; `curl -k https://<server>:6443/readyz` from this node) and the server address in /etc/kubernetes/kubelet.conf.';
    } else {
      title = `Node ${name} is not registered: registration fails`;
      next = 'Read the registration error, fix what it names, and watch for "Successfully registered node".';
    }
  } else if (registeredBefore.length) {
    const r = registeredBefore[registeredBefore.length - 1];
    b.evidence(r);
    parts.push(`It had registered at ${timeOfEvent(trace, r)} (${lineRef(trace, r)}): the Node object was deleted since (kubectl delete node, a cloud controller that removed the instance, a cluster reset), and the kubelet does not register again until it restarts.`);
    title = `Node ${name} was deleted from the API after it registered`;
    next = 'Restart the kubelet on the node (systemctl restart kubelet) so that it registers again; find out what deleted the Node (the API server\'s audit log, the cloud controller manager).';
  } else if (statusUpdates.length && !attempts.length) {
    parts.push(`The node status loop is told "not found" (${lineRef(trace, statusUpdates[0])}), and it runs only after the kubelet registered its Node: the Node was deleted since (kubectl delete node, a cloud controller that removed the instance, a cluster reset), or the kubelet runs with registerNode false and nothing created it — or created it under another name than the kubelet's (a short hostname against the kubelet's FQDN, a --hostname-override on one side only). The kubelet does not register again until it restarts.`);
    title = `Node ${name} does not exist in the API`;
    next = 'Restart the kubelet (systemctl restart kubelet) so that it registers again, and watch for "Successfully registered node" or the error that stops it; find out what deleted the Node (the API server\'s audit log, the cloud controller manager).';
  } else {
    if (attempts.length) b.evidence(attempts[attempts.length - 1]);
    parts.push(attempts.length
      ? `The log shows the kubelet start to register (${lineRef(trace, attempts[attempts.length - 1])}) but neither a failure nor "Successfully registered node".`
      : 'The log shows no attempt to register ("Attempting to register node") and none failing. The kubelet looks its Node up in its own copy of the API server\'s Nodes, so "not found" also means that copy never filled: the API server does not answer it — on a control-plane node after a reboot, the API server is a static pod this kubelet has to start first, and a Node registered long ago reads "not found" until it is up. Otherwise the attempts are before the excerpt, the kubelet runs with registerNode false, or the Node that exists has another name than the one the kubelet looks for (hostname, --hostname-override, the cloud provider\'s name).');
    // Without an attempt the log cannot tell a Node never registered from an API server the kubelet cannot read it from.
    title = attempts.length ? `Node ${name} is not registered` : `Node ${name} not found by its kubelet`;
    next = attempts.length
      ? '`journalctl -u kubelet | grep -i regist` for the attempts and their errors; `kubectl get nodes` to compare the names; check that the API server answers from this node.'
      : 'First check that the API server answers from this node (`curl -k https://<server>:6443/readyz`; on a control-plane node `crictl ps -a | grep kube-apiserver` and its log, and the manifests in /etc/kubernetes/manifests); then `journalctl -u kubelet | grep -i regist` for the registration attempts and `kubectl get nodes` to compare the names.';
  }
  return b.build({
    id: 'node-not-registered',
    title: `${title} (${missingUs >= 1e6 ? duration(missingUs) : count(g.lines.length, 'line')})`,
    severity: missingUs >= 5 * 60e6 || failures.length ? 'error' : 'warning',
    explanation: parts.join(' '),
    next,
  });
}

/** Too short a stretch to tell a start-up race from a node that never registers, and no start in the log: told as that. */
function describeMoment(ctx: FindingContext, g: Missing, spanUs: number): Finding {
  const trace = ctx.trace;
  const b = new FindingBuilder(trace);
  for (const e of g.lines.slice(0, MAX_EVIDENCE)) b.evidence(e);
  b.nodeLanes(g.node, ['node-status']);
  const first = g.lines[0];
  const last = g.lines[g.lines.length - 1];
  const name = g.name ? `"${g.name}"` : 'of this kubelet';
  return b.build({
    id: 'node-not-registered',
    title: `Node ${name} not found by its kubelet (${count(g.lines.length, 'line')} in ${duration(spanUs)})`,
    severity: 'info',
    explanation: `The kubelet cannot find its own Node object ${name}: ${count(g.lines.length, 'line')} say "not found", from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)}). The log holds neither the kubelet's start nor any registration attempt, and spans too little to tell which this is: the first seconds after a start, before the Node is registered (routine), or a node that never registers — the API server not up (on a control-plane node, its static pod not running yet), or the registration refused — where nothing works for the node and kubeadm init or join waits until it times out.`,
    next: '`journalctl -u kubelet | grep -iE "regist|Unable to|failed"` for the registration attempts and their errors; on a control-plane node `crictl ps -a | grep kube-apiserver` and its log; `kubectl get nodes` to compare the names.',
  });
}

/** What keeps the kubelet from building its Node object, read from the error. */
function constructCause(error: string): { title: string; why: string; next: string } {
  const dns = /can't get ip address of node ([^\s:]{1,253})[^\n]{0,300}no such host/.exec(error);
  if (dns) {
    return {
      title: `its own name ${dns[1]} does not resolve`,
      why: `The kubelet finds the node's IP address by looking up its own host name, ${dns[1]}, and no DNS server or /etc/hosts entry answers for it: without an address it cannot describe the node.`,
      next: `Make the node's name resolve on the node itself (an /etc/hosts line for ${dns[1]}, or the DNS the cloud provides), or give the kubelet its address (--node-ip) or a name that resolves (--hostname-override).`,
    };
  }
  if (/instance not found|not a vmss instance|InstanceNotFound/i.test(error)) {
    return {
      title: 'the cloud provider finds no instance of the node\'s name',
      why: 'The kubelet asks its cloud provider for the instance\'s ID, addresses and zone, and the provider looks the VM up by the node\'s name (its hostname, or --hostname-override): it found none — a hostname other than the VM\'s name in the cloud, a VM outside the resource group or region the cloud config names, or, on Azure, a vmType that does not fit the VM ("not a vmss instance": the scale-set lookup given a plain VM, kubernetes/kubernetes#60622).',
      next: 'Compare the node\'s name with the VM\'s name in the cloud (on Azure also resourceGroup and vmType, "standard" or "vmss", in the cloud config file; on AWS the instance\'s private DNS name); give the kubelet the VM\'s name (--hostname-override) if they differ.',
    };
  }
  if (/cloud provider|external ID|instance/i.test(error)) {
    return {
      title: 'the cloud provider does not describe the instance',
      why: 'The kubelet asks its cloud provider for the instance\'s ID, addresses and zone to fill its Node in, and that call failed: the provider\'s credentials (a service principal, an instance role) or its API.',
      next: 'Check the cloud provider\'s configuration and credentials on the node (its cloud config file, the instance\'s role or service principal and their permissions) and that its API is reachable from the node.',
    };
  }
  return { title: 'its Node object cannot be built', why: 'The error says what the kubelet could not find out about its node.', next: 'Fix what the error names; the kubelet tries again by itself.' };
}

function describeConstruct(ctx: FindingContext, node: number, list: readonly number[], missing: Missing | undefined): Finding {
  const trace = ctx.trace;
  const b = new FindingBuilder(trace);
  for (const e of list) b.evidence(e);
  if (missing) for (const e of missing.lines.slice(0, 5)) b.evidence(e);
  b.nodeLanes(node, ['node-status']);
  const first = list[0];
  const last = list[list.length - 1];
  const error = ctx.text(last) || eventRawText(trace, last, 600);
  const cause = constructCause(error);
  const when = list.length === 1 ? `at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})`
    : `${count(list.length, 'time')} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)})`;
  return b.build({
    id: 'node-not-registered',
    title: `Node is not registered: ${cause.title}`,
    severity: 'error',
    explanation: `The kubelet could not build its own Node object ${when}: "${clip(error, 240)}". ${cause.why} It registers only once it can, so until then the node has no Node object in the API: it does not appear in the cluster, no pod is scheduled to it, and kubeadm init or join waits for it until it times out.${missing ? ` Its lines saying the node is "not found" (${count(missing.lines.length, 'line')}) follow from this.` : ''}`,
    next: cause.next,
  });
}
