/**
 * pod-force-deleted: the pod's API object went away (SyncLoop REMOVE from the API) within a second of its deletion
 * beginning (SyncLoop DELETE), and the kubelet killed containers of it only afterwards. A graceful deletion keeps the
 * object until the kubelet has stopped the pod and its status manager sends the final delete; an object gone at once
 * was deleted with no grace period — `kubectl delete --force --grace-period=0`, or a client that asked for 0 — so the
 * API no longer waits for the node: a replacement may start elsewhere while these containers still run here.
 * One finding per node, listing its pods.
 */
import type { Detector } from '../detectors.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { kindId } from '../../catalog/catalog.ts';
import type { Finding } from '../../model/trace.ts';
import { count, duration, lineRef, podNames, timeOfEvent } from '../wording.ts';

/** The object gone this soon after its deletion began did not wait for the kubelet. */
const AT_ONCE_US = 1e6;
/** A kill of the pod this soon after the REMOVE shows containers were still running when the object went. */
const KILL_AFTER_US = 60e6;
const DELETE = kindId('syncloop.delete');
const REMOVE = kindId('syncloop.remove');
const KILL_KINDS = ['housekeeping.kill-unwanted', 'runtime.kill', 'event.killing'];

interface Forced { pod: number; del: number; remove: number; kill: number }

export const podForceDeleted: Detector = {
  id: 'pod-force-deleted',
  detect(ctx) {
    const trace = ctx.trace;
    const ev = trace.events;
    // Each pod's first DELETE from the API (its deletion's start: the status manager's own final delete shows as a
    // second one), then a REMOVE from the API right after it.
    const firstDelete = new Map<number, number>();
    const forced = new Map<number, Forced>();
    for (const e of ctx.ofKinds(['syncloop.delete', 'syncloop.remove'])) {
      const pod = ev.pod[e];
      if (pod < 0 || ctx.text(e) !== 'api') continue;
      if (ev.kind[e] === DELETE) {
        if (!firstDelete.has(pod)) firstDelete.set(pod, e);
      } else if (ev.kind[e] === REMOVE) {
        const del = firstDelete.get(pod);
        if (del !== undefined && ev.timeUs[e] - ev.timeUs[del] <= AT_ONCE_US && !forced.has(pod)) forced.set(pod, { pod, del, remove: e, kill: -1 });
      }
    }
    if (forced.size === 0) return [];
    // A kill after the REMOVE, none between the DELETE and it (a graceful stop kills first, then the object goes).
    const killedBefore = new Set<number>();
    for (const e of ctx.ofKinds(KILL_KINDS)) {
      const f = forced.get(ev.pod[e]);
      if (!f) continue;
      if (ev.timeUs[e] >= ev.timeUs[f.del] && ev.timeUs[e] < ev.timeUs[f.remove]) killedBefore.add(f.pod);
      else if (f.kill < 0 && ev.timeUs[e] >= ev.timeUs[f.remove] && ev.timeUs[e] - ev.timeUs[f.remove] <= KILL_AFTER_US) f.kill = e;
    }
    for (const pod of killedBefore) forced.delete(pod);
    const byNode = new Map<number, Forced[]>();
    for (const f of forced.values()) {
      if (f.kill < 0) continue;
      const node = ev.node[f.remove];
      const list = byNode.get(node) ?? [];
      list.push(f);
      byNode.set(node, list);
    }
    const out: Finding[] = [];
    for (const list of byNode.values()) {
      const b = new FindingBuilder(trace);
      for (const f of list.slice(0, 20)) {
        b.evidence(f.del);
        b.evidence(f.remove);
        b.evidence(f.kill);
        b.pod(f.pod);
      }
      const f = list[0];
      const pods = podNames(trace, list.map((x) => x.pod));
      out.push(b.build({
        id: 'pod-force-deleted',
        title: `Pod${list.length > 1 ? 's' : ''} deleted from the API without waiting for the kubelet: ${pods}`,
        severity: 'info',
        explanation: `${list.length === 1 ? 'The pod\'s' : `${count(list.length, 'pod')}'s: the first's`} API object was gone ${duration(ev.timeUs[f.remove] - ev.timeUs[f.del])} after its deletion began (DELETE ${lineRef(trace, f.del)} at ${timeOfEvent(trace, f.del)}, REMOVE ${lineRef(trace, f.remove)}), and the kubelet killed its containers only after that (${lineRef(trace, f.kill)}). A graceful deletion keeps the object until the kubelet has stopped the pod and confirms it; one gone at once was deleted with no grace period — \`kubectl delete --force --grace-period=0\` or a client asking for 0 — so the API stopped waiting for the node. The kubelet still stops the containers on its own, but nothing waits for that: a controller may start the pod's replacement (a StatefulSet's pod of the same name too) while these still run, and the pod no longer shows in kubectl meanwhile.`,
        next: 'Find who deleted it with no grace period (the API server\'s audit log: a delete of the pod with gracePeriodSeconds 0; scripts and operators using --force); let pods terminate gracefully instead, and check on the node (crictl ps) that its containers are really gone.',
      }));
    }
    return out;
  },
};
