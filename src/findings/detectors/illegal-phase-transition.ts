/**
 * illegal-phase-transition: generating a pod's status, the kubelet computed a phase that would take the pod out of a
 * terminal one (Failed or Succeeded back to Running or Pending) and refused — a terminal phase is final — logging
 * "Pod attempted illegal phase transition" (kubelet_pods.go). It means what the kubelet sees of the pod's containers
 * disagrees with the status it already reported: containers running after the pod was marked Failed (an eviction or
 * an admission failure whose kill did not take), or a status written by someone else. One finding per pod.
 */
import type { Detector } from '../detectors.ts';
import { eventsByPod } from '../episodes.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { eventRawText } from '../../model/trace-query.ts';
import { count, lineRef, podName, timeOfEvent } from '../wording.ts';

/** `oldPhase=Failed apiStatusPhase=Running` (structured) or `from Failed to Running` (printf). */
const STRUCTURED_PHASES = /oldPhase="?(\w{1,20})"?.{0,200}?apiStatusPhase="?(\w{1,20})/;
const PRINTF_PHASES = /from (\w{1,20}) to (\w{1,20})/;

export const illegalPhaseTransition: Detector = {
  id: 'illegal-phase-transition',
  detect(ctx) {
    const trace = ctx.trace;
    const out: Finding[] = [];
    for (const [pod, events] of eventsByPod(ctx, 'sync.illegal-phase', 200)) {
      const b = new FindingBuilder(trace);
      for (const e of events) b.evidence(e);
      const first = events[0];
      const raw = eventRawText(trace, first, 2000);
      const m = STRUCTURED_PHASES.exec(raw) ?? PRINTF_PHASES.exec(raw);
      const [from, to] = m ? [m[1], m[2]] : ['a terminal phase', 'another phase'];
      const who = pod >= 0 ? podName(trace, pod) : 'a pod';
      const last = events[events.length - 1];
      const parts = [
        `At ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) the kubelet computed phase ${to} for ${who}, whose status already said ${from}, and refused: a pod that has reached Failed or Succeeded never leaves it, so the kubelet kept ${from} and logged the attempt as an error${events.length > 1 ? ` (${count(events.length, 'time')}, the last at ${timeOfEvent(trace, last)}, ${lineRef(trace, last)})` : ''}.`,
        `The kubelet's view of the pod's containers disagrees with the status it had already reported: typically containers still running after the pod was marked ${from} (an eviction or admission failure whose kill did not take effect), or a status the kubelet did not write itself.`,
      ];
      out.push(b.build({
        id: 'illegal-phase-transition',
        title: `Kubelet refused to move ${who} from ${from} back to ${to}`,
        severity: 'warning',
        explanation: parts.join(' '),
        next: 'Check whether the pod\'s containers still run on the node (crictl ps -a --pod <sandbox>, or docker ps); read the lines before the first refusal for what made the pod terminal (eviction, admission, active deadline, a kill that failed); kubectl get pod -o yaml shows the reported phase and container states.',
      }));
    }
    return out;
  },
};
