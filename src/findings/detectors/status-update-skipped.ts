/**
 * status-update-skipped: the status manager keeps dropping a pod's status instead of writing it ("Pod was deleted
 * and then recreated, skipping status update", status_manager.go): the pod object in the API has another UID than
 * the one its status belongs to. Once, after a pod was deleted and created again under its name, that is routine;
 * over and over for the same pod it means its status never reaches the API — for a static pod, the mirror pod in the
 * API belongs to another version of its manifest, and shows a stale status (Pending) meanwhile. One finding per pod.
 */
import type { Detector } from '../detectors.ts';
import { eventsByPod } from '../episodes.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { eventRawText } from '../../model/trace-query.ts';
import { count, duration, lineRef, podName, timeOfEvent } from '../wording.ts';

/** Lines this far apart at least, for the same pod, are a status that keeps being dropped rather than one recreation. */
const PERSISTS_US = 30e6;
const OLD_UID = /(?:oldPodUID="?|old UID ")([0-9a-f-]{32,36})/;
const NEW_UID = /(?:\bpodUID="?|new UID ")([0-9a-f-]{32,36})/;
/** A static pod's UID is the hex MD5 of its manifest and node: 32 hex digits, no dashes. */
const STATIC_UID = /^[0-9a-f]{32}$/;

export const statusUpdateSkipped: Detector = {
  id: 'status-update-skipped',
  detect(ctx) {
    const trace = ctx.trace;
    const ev = trace.events;
    const out: Finding[] = [];
    for (const [pod, events] of eventsByPod(ctx, 'status.recreated', 200)) {
      const first = events[0];
      const last = events[events.length - 1];
      const spanUs = ev.timeUs[last] - ev.timeUs[first];
      if (events.length < 2 || spanUs < PERSISTS_US) continue;
      const raw = eventRawText(trace, first, 2000);
      const oldUid = OLD_UID.exec(raw)?.[1] ?? '';
      const newUid = NEW_UID.exec(raw)?.[1] ?? '';
      const isStatic = STATIC_UID.test(oldUid);
      const who = pod >= 0 ? podName(trace, pod) : 'a pod';
      const b = new FindingBuilder(trace);
      for (const e of events) b.evidence(e);
      const parts = [
        `The status manager dropped the status of ${who} instead of writing it ${count(events.length, 'time')}, from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)}), ${duration(spanUs)}: the pod object in the API${newUid ? ` (UID ${newUid})` : ''} is not the one the kubelet's status is for${oldUid ? ` (UID ${oldUid})` : ''}, so each sync of the status is skipped and nothing is written.`,
        isStatic
          ? `The kubelet's UID is a static pod's (a hash of its manifest): the pod of that name in the API is not known to the kubelet as that static pod's mirror — usually a mirror pod left from another version of the manifest, or a regular pod of the same name — and its status stays stale (Pending, or old containers' states) while the kubelet runs the static pod.`
          : 'Once, after the pod was deleted and created again under the same name, that is routine; repeated for minutes, the pod\'s status never reaches the API.',
      ];
      out.push(b.build({
        id: 'status-update-skipped',
        title: `Status updates skipped for ${who} (${events.length}×)`,
        severity: 'warning',
        explanation: parts.join(' '),
        next: isStatic
          ? 'kubectl get pod -o yaml for the mirror pod: its metadata.uid and its kubernetes.io/config.hash annotation against the manifest\'s current hash; deleting the outdated mirror pod makes the kubelet create it again from the manifest, and its status then flows.'
          : 'kubectl get pod -o yaml: metadata.uid against the UID the kubelet runs (its log lines name it); check whether something keeps deleting and recreating the pod.',
      }));
    }
    return out;
  },
};
