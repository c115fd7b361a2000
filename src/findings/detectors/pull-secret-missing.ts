/**
 * pull-secret-missing: the kubelet cannot read an imagePullSecret a pod names ("Unable to retrieve pull secret, the
 * image pull may not succeed": the Secret is not in the pod's namespace, or the name is empty). Pulls go on without
 * it: a public image is pulled all the same, a private one is refused by its registry (ErrImagePull: unauthorized,
 * not found). The kubelet says it at each sync of the pod. One finding per node, naming the pods and their secrets;
 * a pull of the same pod that failed is image-pull-failed's, which this one points to.
 */
import type { Detector } from '../detectors.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { eventsByNode } from '../episodes.ts';
import { eventRawText } from '../../model/trace-query.ts';
import { clip } from '../text-scan.ts';
import { count, lineRef, listOf, podName, timeOfEvent } from '../wording.ts';

const MAX_PER_NODE = 1000;
/** The Secret's name in the error (`secret "x" not found`, escaped in a structured value). */
const SECRET_NAME = /secrets? \\?"([^"\\]{1,253})\\?" not found/;
/** The kubelet's object cache did not fill in time: the Secret was not read, which says nothing of whether it exists. */
const CACHE_TIMEOUT = /failed to sync secret cache|couldn't propagate object cache/;

export const pullSecretMissing: Detector = {
  id: 'pull-secret-missing',
  detect(ctx, earlier) {
    const trace = ctx.trace;
    const ev = trace.events;
    const failedPulls = new Set(earlier.filter((f) => f.id === 'image-pull-failed').flatMap((f) => f.pods));
    const out: Finding[] = [];
    for (const [node, events] of eventsByNode(ctx, 'image.pull-secret-missing', MAX_PER_NODE)) {
      const first = events[0];
      const last = events[events.length - 1];
      const pods = [...new Set(events.map((e) => ev.pod[e]).filter((p) => p >= 0))];
      const secrets = [...new Set(events.map((e) => SECRET_NAME.exec(ctx.text(e) || eventRawText(trace, e, 1000))?.[1]).filter((s): s is string => !!s))];
      const b = new FindingBuilder(trace);
      for (const e of events) b.evidence(e, false);
      for (const p of pods) b.pod(p);
      b.nodeLanes(node, ['pod-worker']);
      const when = events.length === 1 ? `at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})`
        : `${count(events.length, 'time')} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)})`;
      const failing = pods.filter((p) => failedPulls.has(p));
      const errorOf = (e: number) => ctx.text(e) || eventRawText(trace, e, 1000);
      if (!secrets.length && events.every((e) => CACHE_TIMEOUT.test(errorOf(e)))) {
        out.push(b.build({
          id: 'pull-secret-missing',
          title: `Image pull secret not read in time for ${pods.length === 1 ? podName(trace, pods[0]) : count(Math.max(pods.length, 1), 'pod')}`,
          severity: failing.length ? 'warning' : 'info',
          explanation: `The kubelet could not read an image pull secret ${pods.length ? `of ${listOf(pods.map((p) => podName(trace, p)), 4)} ` : ''}${when}: "${clip(errorOf(first), 160)}". ` +
            'That is its cache of the Secret not filled in time, not the Secret missing: the kubelet reads the Secrets its pods name through the API server (a watch per Secret since 1.16), and the answer did not come — an API server slow or out of reach from the node, a throttled kubelet, or a watch the kubelet had let go after minutes unused and had to start again (kubernetes/kubernetes#117972). ' +
            (failing.length ? `The pull then failed (${listOf(failing.map((p) => podName(trace, p)), 3)}: the image-pull-failed finding), perhaps for want of the credentials.` : 'The pull goes on without the credentials: a public image is pulled all the same.'),
          next: 'Check the node\'s connection to the API server around that time (the kubelet\'s other API errors; from the node, `curl -k https://<server>:6443/readyz`) and the API server\'s load; the kubelet reads the Secret again at the pod\'s next sync.',
        }));
        continue;
      }
      const parts = [
        `The kubelet could not read an image pull secret ${pods.length ? `of ${listOf(pods.map((p) => podName(trace, p)), 4)} ` : ''}${when}: ${secrets.length ? `${listOf(secrets.map((s) => `"${s}"`), 4)} not found` : `"${clip(ctx.text(first) || 'no detail', 160)}"`}.`,
        'The pod names an imagePullSecret that is not in its namespace (or an empty name, as some charts render it): the kubelet goes on and pulls without it, which is fine for a public image and refused by the registry for a private one (ErrImagePull: unauthorized, or "not found" for a private repository).',
        failing.length ? `Its image pull did fail (${listOf(failing.map((p) => podName(trace, p)), 3)}: the image-pull-failed finding): the missing secret is the likely cause.` : 'No failed pull of these pods is in the log: their images may be public, or the pull is not logged at this verbosity.',
      ];
      out.push(b.build({
        id: 'pull-secret-missing',
        title: `Image pull secret missing${secrets.length === 1 ? ` ("${clip(secrets[0], 60)}")` : ''} for ${pods.length === 1 ? podName(trace, pods[0]) : count(Math.max(pods.length, 1), 'pod')}`,
        severity: failing.length ? 'warning' : 'info',
        explanation: parts.join(' '),
        next: 'Create the Secret in the pod\'s namespace (`kubectl create secret docker-registry <name> -n <namespace> …`, or copy it from where it exists) or fix imagePullSecrets in the pod\'s spec (or its service account\'s); `kubectl get secret -n <namespace>` lists what is there.',
      }));
    }
    return out;
  },
};
