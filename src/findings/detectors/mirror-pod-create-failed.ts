/**
 * mirror-pod-create-failed: the kubelet keeps failing to create the mirror pod of a static pod ("Failed creating a
 * mirror pod for …"). The static pod runs regardless, but the API shows no pod for it (or someone else's pod of its
 * name): kubectl, controllers and monitoring do not see it, and its status is never reported. Once right after a
 * kubelet start is routine (the old mirror still there, or the API server not up yet when it is itself a static pod);
 * again and again is not. One finding per node, its static pods listed, the cause read from the error.
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { eventsByPod } from '../episodes.ts';
import type { Finding } from '../../model/trace.ts';
import { causeByWords, type Cause } from '../causes.ts';
import { clip } from '../text-scan.ts';
import { count, duration, lineRef, listOf, podName, timeOfEvent } from '../wording.ts';

/** Failures of one static pod needed, or this long between its first and last. */
const MIN_FAILURES = 3;
const MIN_SPAN_US = 60e6;
const MAX_EVIDENCE = 30;
/** Static pods of one node refused once each that make a finding. */
const MIN_REFUSED_PODS = 2;

const CAUSES: readonly Cause[] = [
  {
    id: 'exists', words: ['already exists'], title: 'a pod of its name already exists',
    why: 'The API already has a pod of that name that the kubelet does not take for this static pod\'s mirror: a regular pod created with the same name, or a mirror pod the kubelet cannot replace (one it fails to delete, or from a node of the same name).',
    next: 'Look at the pod of that name in the API (`kubectl get pod <name> -n <ns> -o yaml`: its ownerReferences, kubernetes.io/config.mirror and config.hash annotations, nodeName); delete it if it is not this node\'s static pod, and the kubelet creates the mirror on its next sync.',
  },
  {
    id: 'unreachable', words: ['connection refused', 'dial tcp', 'i/o timeout', 'no such host', 'eof', 'deadline exceeded'], title: 'the API server does not answer',
    why: 'The kubelet could not reach the API server to create it: on a control-plane node whose API server is itself a static pod, that is the normal state until the API server is up.',
    next: 'Check the API server (on a control-plane node, its static pod\'s container and log); the kubelet creates the mirror pods once it answers.',
  },
  {
    id: 'psp', words: ['no providers available to validate pod request'], title: 'PodSecurityPolicy admits no policy for it',
    why: 'The API server runs the PodSecurityPolicy admission plugin, and no policy may be used by the kubelet (system:node:<name>) for this pod: with it on, every pod — mirror pods too — needs a policy its creator may use (kubernetes/minikube#3818).',
    next: 'Create a PodSecurityPolicy the control plane\'s static pods fit, and let the nodes use it (a ClusterRole with `use` on it, bound to the group system:nodes); or turn the PodSecurityPolicy admission plugin off (it is gone since 1.25).',
  },
  {
    // Before 'forbidden': the API server's answer for a pod in a namespace it does not have.
    id: 'namespace', words: ['namespaces "', 'namespaces \\"'], title: 'the namespace does not exist',
    why: 'The static pod\'s namespace does not exist in the API (kube-system not created yet on a cluster brought up by hand, or a namespace deleted), so no mirror pod can be created in it.',
    next: 'Create the namespace (`kubectl create namespace kube-system`, or the one the manifest names); the kubelet creates the mirror pods at their next sync.',
  },
  {
    // The NodeRestriction plugin's refusal: no retry can pass it.
    id: 'references', words: ['a mirror pod may not reference'], title: 'a mirror pod may not reference API objects',
    why: 'The API server refuses every mirror pod that references another API object — a service account, Secrets, ConfigMaps, persistent volume claims — so this static pod can never have one: its spec, not a passing state, is the cause. The static pod itself runs, but nothing that looks the pod up in the API finds it (a CNI plugin such as Multus that asks for the pod fails its network setup).',
    next: 'Remove the reference from the static pod\'s manifest (automountServiceAccountToken: false and no serviceAccountName; no Secret, ConfigMap or PVC volumes or env), or run it as a regular pod (a DaemonSet) instead.',
  },
  {
    id: 'webhook', words: ['admission webhook'], title: 'an admission webhook refuses it',
    why: 'An admission webhook refused the mirror pod: the API server asks its webhooks about every pod, mirror pods too, and this one denied it — often, as here, with an error of its own rather than a rule the pod breaks (its cache not synced, its backend down).',
    next: 'Read the webhook\'s answer and its pod\'s log (`kubectl get validatingwebhookconfigurations,mutatingwebhookconfigurations` names it); exclude mirror pods or the kube-system namespace from it if it should not judge them (a namespaceSelector or objectSelector).',
  },
  {
    // Before "forbidden": the API server makes its built-in PriorityClasses itself, just after it starts.
    id: 'priority-class-not-yet', words: ['no priorityclass with name system-'], title: 'the API server had not yet made its built-in PriorityClasses',
    why: 'The API server creates the built-in PriorityClasses (system-node-critical, system-cluster-critical) itself just after it starts, and refuses a pod naming one before that: a control-plane node\'s kubelet asking for its static pods\' mirrors while its own API server is coming up. A later try, seconds on, passes — unless the API server cannot write them (etcd, or its storage).',
    next: 'Nothing, if the failures stop within a minute of the API server\'s start (the mirrors appear in `kubectl get pods -n kube-system`); if they go on, `kubectl get priorityclass` and the API server\'s log tell why it did not create them.',
  },
  {
    id: 'forbidden', words: ['forbidden', 'unauthorized'], title: 'the API server refuses it',
    why: 'The API server refused the request: the Node authorizer and NodeRestriction let a kubelet create mirror pods only for itself and only pods that reference no other objects (Secrets, ConfigMaps, service accounts), and an admission webhook may refuse it too.',
    next: 'Read the refusal: make the static pod\'s spec acceptable (no references to API objects) or fix the kubelet\'s identity; `kubectl get validatingwebhookconfigurations` lists webhooks that may refuse it.',
  },
];

interface StaticPod { pod: number; events: number[] }

/** Words of the API server refusing the request (not failing to answer it): the refusing causes'. */
const REFUSED = CAUSES.filter((c) => ['forbidden', 'namespace', 'webhook', 'references'].includes(c.id)).flatMap((c) => c.words);
/** Refusals for want of the built-in PriorityClasses within this long are the API server's start, not a problem. */
const STARTUP_RACE_US = 60e6;

/** A refusal no retry passes: one static pod refused once is enough to tell. */
const PERMANENT = CAUSES.filter((c) => c.id === 'references').flatMap((c) => c.words);

export const mirrorPodCreateFailed: Detector = {
  id: 'mirror-pod-create-failed',
  detect(ctx) {
    const ev = ctx.trace.events;
    // The static pods failing again and again, by the node of their lines.
    const byNode = new Map<number, StaticPod[]>();
    const refusedByNode = new Map<number, StaticPod[]>();
    for (const [pod, events] of eventsByPod(ctx, 'sync.mirror-create-failed', 200)) {
      if (pod < 0) continue;
      const last = events[events.length - 1];
      const node = ev.node[events[0]];
      const again = events.length >= MIN_FAILURES || ev.timeUs[last] - ev.timeUs[events[0]] >= MIN_SPAN_US;
      // A refusal is no blip: several static pods refused once each say as much as one refused again and again.
      const refused = !again && REFUSED.some((w) => ctx.text(events[0]).toLowerCase().includes(w));
      const into = again ? byNode : refused ? refusedByNode : undefined;
      if (!into) continue;
      const list = into.get(node);
      if (list) list.push({ pod, events });
      else into.set(node, [{ pod, events }]);
    }
    for (const [node, refused] of refusedByNode) {
      const permanent = refused.some((p) => PERMANENT.some((w) => ctx.text(p.events[0]).toLowerCase().includes(w)));
      if (refused.length < MIN_REFUSED_PODS && !permanent) continue;
      byNode.set(node, [...(byNode.get(node) ?? []), ...refused]);
    }
    return [...byNode].map(([node, failing]) => describe(ctx, node, failing));
  },
};

function describe(ctx: FindingContext, node: number, failing: StaticPod[]): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  const all = failing.flatMap((p) => p.events).sort((a, c) => a - c);
  const shown = all.length <= MAX_EVIDENCE ? all : [...all.slice(0, MAX_EVIDENCE - 5), ...all.slice(-5)];
  for (const e of shown) b.evidence(e);
  b.nodeLanes(node, ['sync-loop']);
  const first = all[0];
  const last = all[all.length - 1];
  const error = ctx.text(first);
  const cause = causeByWords(CAUSES, error);
  const names = failing.map((p) => podName(trace, p.pod));
  const parts = [
    `The kubelet failed to create the mirror pod of ${count(failing.length, 'static pod')} (${listOf(names, 4)}) ${all.length === 1 ? `at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})` : `${count(all.length, 'time')} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)}), ${duration(ev.timeUs[last] - ev.timeUs[first])}`}: "${clip(error, 200)}".`,
    'The static pod runs regardless, from its manifest; but without its mirror the API shows no pod for it (or another pod of its name), so kubectl, controllers and monitoring do not see it and its status is not reported. The kubelet tries again at each sync of the pod.',
  ];
  if (cause) parts.push(cause.why);
  return b.build({
    id: 'mirror-pod-create-failed',
    title: `Mirror pod not created for ${failing.length === 1 ? names[0] : count(failing.length, 'static pod')}${cause ? `: ${cause.title}` : ''}`,
    // (Built-in PriorityClasses not made yet: a race at the API server's start, unless it goes on.)
    severity: cause?.id === 'priority-class-not-yet' && ev.timeUs[last] - ev.timeUs[first] < STARTUP_RACE_US ? 'info' : 'warning',
    explanation: parts.join(' '),
    next: cause?.next ?? 'Read the error; check the pod of that name in the API and the API server\'s health.',
  });
}
