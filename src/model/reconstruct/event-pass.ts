/**
 * The main pass: every event once, in time order. It notes kubelet restarts, gives the event its goroutine lane,
 * feeds the node-level machines, counts the event for its pod (or each pod a multi-pod line lists) and feeds that
 * pod's worker, then records admission and hands container (and container-role), status and probe lines to their parts. The per-kind
 * tables decide cheaply which parts an event concerns, so most events cost a few array reads.
 */
import { ERROR_ONLY_WITH_TEXT, KINDS } from '../../catalog/catalog.ts';
import { Severity } from '../../ingest/klog-header.ts';
import type { ContainerEvents } from './container-events.ts';
import { ContainerRoles } from './container-roles.ts';
import { CONTAINER_KIND } from './container-events.ts';
import type { ReconstructContext } from './context.ts';
import type { KubeletMemory } from './kubelet-memory.ts';
import { OTHER_LANE, POD_WORKER_LANE, PROBE_LANE } from './lane-registry.ts';
import type { NodeEvents } from './node-events.ts';
import type { OrderedEvents } from './ordered-events.ts';
import type { StatusEvents } from './status-events.ts';

import { REJECTED_STATUS } from '../../catalog/status-summary.ts';
import { STATUS_OR_PROBE_KIND } from './status-events.ts';

export interface EventPassParts {
  memory: KubeletMemory;
  nodeEvents: NodeEvents;
  containerEvents: ContainerEvents;
  statusEvents: StatusEvents;
  containerRoles: ContainerRoles;
}

export function runEventPass(ctx: ReconstructContext, ordered: OrderedEvents, parts: EventPassParts): void {
  const { events, pods, lanes, members, strings } = ctx;
  const { multiPod, isMultiPod, probeTypeCol } = ordered;
  const { memory, nodeEvents, containerEvents, statusEvents, containerRoles } = parts;
  const n = events.count;
  const timeCol = events.timeUs;
  const kindCol = events.kind;
  const nodeCol = events.node;
  const podCol = events.pod;
  const laneKindCol = events.laneKind;
  const laneCol = events.lane;
  const severityCol = events.severity;
  const cnameCol = events.cname;
  const msgCol = events.msg;
  const textCol = events.text;
  for (let i = 0; i < n; i++) {
    const t = timeCol[i];
    const kindId = kindCol[i];
    const kind = KINDS[kindId];
    const node = nodeCol[i];
    const pod = podCol[i];
    const laneCode = laneKindCol[i];
    let sev = severityCol[i];
    // An error-level line that carries no error, of a message some release logged at the wrong level: information.
    if (sev >= Severity.Error && ERROR_ONLY_WITH_TEXT[msgCol[i]] && textCol[i] === 0) severityCol[i] = sev = Severity.Info;

    nodeEvents.noteStart(i, t, node, kindId);

    // The goroutine lane: a pod's worker or probe worker, else the node's lane of that kind.
    let primary: number;
    const podGoroutine = laneCode === POD_WORKER_LANE || laneCode === PROBE_LANE;
    if (pod >= 0 && podGoroutine) {
      if (pods[pod].node < 0) pods[pod].node = node;
      primary = laneCode === PROBE_LANE
        ? lanes.podLane(PROBE_LANE, node, pod, cnameCol[i], probeTypeCol[i])
        : lanes.podLane(POD_WORKER_LANE, node, pod, 0, 0);
    } else {
      primary = lanes.nodeLane(podGoroutine ? OTHER_LANE : laneCode, node);
    }
    laneCol[i] = primary;
    members.add(primary, i);

    nodeEvents.applyNodeState(i, t, node, kindId, primary);

    const involved = pod < 0 && isMultiPod[i] ? multiPod[i] : undefined;
    for (let k = 0, count = pod >= 0 ? 1 : involved ? involved.length : 0; k < count; k++) {
      const p = involved ? involved[k] : pod;
      const info = pods[p];
      if (info.node < 0) info.node = node;
      if (t < info.firstUs) info.firstUs = t;
      if (t > info.lastUs) info.lastUs = t;
      info.eventCount++;
      if (sev === 1) info.warningCount++;
      else if (sev >= 2) info.errorCount++;
      const w = memory.podWorker(p, i, t);
      // Most events are not in the pod-worker table; apply() would only look them up and return.
      if (w.machine.handlesKindId(kindId, kind) && w.apply(kind, i, t) && w.lane !== primary) members.add(w.lane, i);
    }
    if (pod < 0) continue;

    if (kind === 'admit.rejected') pods[pod].admission = { result: 'rejected', reason: strings.get(events.text[i]), event: i };
    // The status written for a pod the kubelet rejected ("Pod was rejected: …", phase Failed), its admission lines not in the log.
    else if (kind === 'status.patch' && pods[pod].admission.result === 'unknown') {
      const rejected = REJECTED_STATUS.exec(strings.get(events.text[i]));
      if (rejected) pods[pod].admission = { result: 'rejected', reason: rejected[1].trim(), event: i };
    }
    else if (kind === 'admit.admitted' && pods[pod].admission.result === 'unknown') pods[pod].admission = { result: 'admitted', reason: '', event: i };
    // The "rejection" was a running pod's resize checked against the admit handlers (machines.ts RESIZE_DETAIL).
    else if (kind === 'pod.resize-deferred' && pods[pod].admission.result === 'rejected') pods[pod].admission = { result: 'admitted', reason: '', event: -1 };

    if (CONTAINER_KIND[kindId]) containerEvents.apply(i, t, pod, kindId, kind, primary);
    if (ContainerRoles.tells(msgCol[i])) containerRoles.note(i, pod);
    if (STATUS_OR_PROBE_KIND[kindId]) statusEvents.apply(i, t, pod, kindId, kind, primary);
  }
}
