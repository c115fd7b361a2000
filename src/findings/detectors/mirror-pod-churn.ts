/**
 * mirror-pod-churn: the kubelet keeps deleting the mirror pods of its static pods as outdated ("Deleting mirror pod
 * … because it is outdated" / "Deleted mirror pod because it is outdated"). A mirror pod is outdated when its
 * kubernetes.io/config.hash annotation is not the static pod's hash; the kubelet then deletes it and creates it
 * again (a new UID). Once, after a manifest changed, that is routine; the same static pod's mirror deleted again
 * and again means its hash keeps changing or its mirror keeps being rewritten. One finding per node.
 */
import type { Detector } from '../detectors.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { count, duration, lineRef, listOf, timeOfEvent } from '../wording.ts';

interface StaticPod {
  label: string;
  events: number[];
}

export const mirrorPodChurn: Detector = {
  id: 'mirror-pod-churn',
  detect(ctx) {
    const trace = ctx.trace;
    const ev = trace.events;
    // Node → static pod (namespace/name: each recreated mirror has a UID of its own) → its deletions.
    const byNode = new Map<number, Map<string, StaticPod>>();
    for (const e of ctx.ofKind('sync.mirror-outdated')) {
      const pod = ev.pod[e];
      if (pod < 0) continue;
      const p = trace.pods[pod];
      const label = p.name ? `${p.namespace ? `${p.namespace}/` : ''}${p.name}` : p.uid;
      let pods = byNode.get(ev.node[e]);
      if (!pods) { pods = new Map(); byNode.set(ev.node[e], pods); }
      let s = pods.get(label);
      if (!s) { s = { label, events: [] }; pods.set(label, s); }
      if (s.events.length < 100) s.events.push(e);
    }
    const out: Finding[] = [];
    for (const [node, pods] of byNode) {
      const repeated = [...pods.values()].filter((s) => s.events.length >= 2);
      if (!repeated.length) continue;
      const b = new FindingBuilder(trace);
      for (const s of pods.values()) for (const e of s.events) b.evidence(e);
      b.nodeLanes(node, ['pod-worker']);
      const first = repeated[0].events[0];
      const again = repeated[0].events[1];
      const parts = [
        `The kubelet deleted the mirror pods of ${count(pods.size, 'static pod')} as outdated, ${count(repeated.length, 'of them', 'of them')} more than once: ${listOf(repeated.map((s) => `${s.label} ×${s.events.length}`), 6)}. ${repeated[0].label} was deleted at ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) and again ${duration(ev.timeUs[again] - ev.timeUs[first])} later (${lineRef(trace, again)}).`,
        'A mirror pod is outdated when its kubernetes.io/config.hash annotation is not its static pod\'s hash; the kubelet deletes it and creates it again with a new UID. Outdated again right after that means the hash keeps changing (the manifest is rewritten), something rewrites the mirror pod\'s annotation, or another kubelet registered under the same node name writes mirror pods of its own. Meanwhile the API shows these pods disappearing and coming back.',
      ];
      out.push(b.build({
        id: 'mirror-pod-churn',
        title: `Mirror pods deleted and recreated again and again (${listOf(repeated.map((s) => s.label), 2)})`,
        severity: 'warning',
        explanation: parts.join(' '),
        next: 'Compare the mirror pod\'s kubernetes.io/config.hash annotation (kubectl get pod -o yaml) with the static pod\'s over a minute; check what writes the static pod directory (a configuration tool re-rendering the manifests), which webhooks or controllers modify pods in that namespace, and that no two nodes share this node\'s name.',
      }));
    }
    return out;
  },
};
