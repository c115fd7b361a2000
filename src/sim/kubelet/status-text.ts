/**
 * A pod status as the kubelet prints it: Go `%+v` (status-manager lines ≤1.27), Go `%v` (the seed-000 custom
 * INITIAL_STATUS dump), the API's JSON (klog ≥ 2.100), and the strategic-merge patch the status manager sends.
 */
import { fnv1a32 } from '../engine/rng.ts';
import { goTime, rfc3339 } from '../log/go-values.ts';
import type { Condition, ContainerStateTerminated, ContainerStatus, PodStatus } from '../world/types.ts';

const ZERO = '0001-01-01 00:00:00 +0000 UTC';

function termPlus(t: ContainerStateTerminated): string {
  return `&ContainerStateTerminated{ExitCode:${t.exitCode},Signal:0,Reason:${t.reason},Message:,StartedAt:${goTime(t.startedUs)},FinishedAt:${goTime(t.finishedUs)},ContainerID:${t.containerID},}`;
}

function statePlus(c: Pick<ContainerStatus, 'running' | 'terminated' | 'waiting'>): string {
  const w = c.waiting ? `&ContainerStateWaiting{Reason:${c.waiting.reason},Message:,}` : 'nil';
  const r = c.running ? `&ContainerStateRunning{StartedAt:${goTime(c.running.startedUs)},}` : 'nil';
  const t = c.terminated ? termPlus(c.terminated) : 'nil';
  return `{Waiting:${w} Running:${r} Terminated:${t}}`;
}

function conditionPlus(c: Condition): string {
  return `{Type:${c.type} Status:${c.status} LastProbeTime:${ZERO} LastTransitionTime:${goTime(c.lastTransitionUs)} Reason:${c.reason} Message:${c.message}}`;
}

/** Go `%+v` of v1.PodStatus. `started` adds the 1.16+ `Started` pointer field. */
export function statusPlusV(s: PodStatus, started: boolean): string {
  const plus = (c: ContainerStatus) => {
    const last = c.lastTerminated ? `{Waiting:nil Running:nil Terminated:${termPlus(c.lastTerminated)}}` : '{Waiting:nil Running:nil Terminated:nil}';
    const ptr = started ? ` Started:0xc000${(fnv1a32(c.name + c.containerID) & 0xffffff).toString(16).padStart(6, '0')}` : '';
    return `{Name:${c.name} State:${statePlus(c)} LastTerminationState:${last} Ready:${c.ready} RestartCount:${c.restartCount} Image:${c.image} ImageID:${c.imageID} ContainerID:${c.containerID}${ptr}}`;
  };
  const inits = (s.initContainerStatuses ?? []).map(plus).join(' ');
  return `{Phase:${s.phase} Conditions:[${s.conditions.map(conditionPlus).join(' ')}] Message:${s.message} Reason:${s.reason} NominatedNodeName: ` +
    `HostIP:${s.hostIP} PodIP:${s.podIP} StartTime:${goTime(s.startUs)} InitContainerStatuses:[${inits}] ContainerStatuses:[${s.containerStatuses.map(plus).join(' ')}] QOSClass:${s.qosClass}}`;
}

/** Go `%v` of one v1.ContainerStatus (no field names), as the custom LEOPOLD_INIT_PROBER line prints it. */
export function containerStatusV(c: ContainerStatus): string {
  const r = c.running ? `&ContainerStateRunning{StartedAt:${goTime(c.running.startedUs)},}` : 'nil';
  const t = c.terminated ? termPlus(c.terminated) : 'nil';
  const lt = c.lastTerminated ? termPlus(c.lastTerminated) : 'nil';
  return `{${c.name} {nil ${r} ${t}} {nil nil ${lt}} ${c.ready} ${c.restartCount} ${c.image} ${c.imageID} ${c.containerID}}`;
}

/** Go `%v` of v1.PodStatus (INITIAL_STATUS). */
export function statusV(s: PodStatus): string {
  const conds = s.conditions.map((c) => `{${c.type} ${c.status} ${ZERO} ${goTime(c.lastTransitionUs)} ${c.reason} ${c.message}}`).join(' ');
  return `{${s.phase} [${conds}] ${s.message} ${s.reason}  ${s.hostIP} ${s.podIP} ${goTime(s.startUs)} [] [${s.containerStatuses.map(containerStatusV).join(' ')}] ${s.qosClass}}`;
}

function termJson(t: ContainerStateTerminated): object {
  return { containerID: t.containerID, exitCode: t.exitCode, finishedAt: rfc3339(t.finishedUs), reason: t.reason, startedAt: rfc3339(t.startedUs) };
}

function stateJson(c: Pick<ContainerStatus, 'running' | 'terminated' | 'waiting'>): object {
  if (c.running) return { running: { startedAt: rfc3339(c.running.startedUs) } };
  if (c.terminated) return { terminated: termJson(c.terminated) };
  if (c.waiting) return { waiting: { reason: c.waiting.reason } };
  return {};
}

/** One container status as JSON with sorted keys (what a strategic-merge patch carries). */
export function containerStatusJson(c: ContainerStatus, started: boolean): Record<string, unknown> {
  const o: Record<string, unknown> = {
    containerID: c.containerID || undefined, image: c.image, imageID: c.imageID,
    lastState: c.lastTerminated ? { terminated: termJson(c.lastTerminated) } : {}, name: c.name, ready: c.ready,
    restartCount: c.restartCount,
  };
  if (started) o.started = c.running !== undefined;
  o.state = stateJson(c);
  return o;
}

function conditionJson(c: Condition): Record<string, unknown> {
  const o: Record<string, unknown> = { lastProbeTime: null, lastTransitionTime: rfc3339(c.lastTransitionUs) };
  if (c.message) o.message = c.message;
  if (c.reason) o.reason = c.reason;
  o.status = c.status;
  o.type = c.type;
  return o;
}

/** The API's JSON form of the status (klog ≥ 2.100 prints structs this way). */
export function statusJson(s: PodStatus, started: boolean): object {
  return {
    phase: s.phase, conditions: s.conditions.map(conditionJson), message: s.message || undefined, reason: s.reason || undefined,
    hostIP: s.hostIP, podIP: s.podIP, startTime: rfc3339(s.startUs),
    initContainerStatuses: s.initContainerStatuses?.map((c) => containerStatusJson(c, started)),
    containerStatuses: s.containerStatuses.map((c) => containerStatusJson(c, started)), qosClass: s.qosClass,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The strategic-merge patch from the API's status to the new one: changed conditions, the container statuses if
 * any changed, the phase if it changed; 1.18+ add a UID precondition. Returns [patch, changed].
 */
export function statusPatch(old: PodStatus, next: PodStatus, uid: string, minor: number): [string, boolean] {
  const started = minor >= 16;
  const st: Record<string, unknown> = {};
  const changedConds = next.conditions.filter((c) => !same(old.conditions.find((o) => o.type === c.type), c));
  if (changedConds.length) {
    st['$setElementOrder/conditions'] = next.conditions.map((c) => ({ type: c.type }));
    st.conditions = changedConds.map(conditionJson);
  }
  const oldCs = old.containerStatuses.map((c) => containerStatusJson(c, started));
  const newCs = next.containerStatuses.map((c) => containerStatusJson(c, started));
  if (!same(oldCs, newCs)) st.containerStatuses = newCs;
  const oldInit = (old.initContainerStatuses ?? []).map((c) => containerStatusJson(c, started));
  const newInit = (next.initContainerStatuses ?? []).map((c) => containerStatusJson(c, started));
  if (!same(oldInit, newInit)) st.initContainerStatuses = newInit;
  if (old.message !== next.message) st.message = next.message || null;
  if (old.phase !== next.phase) st.phase = next.phase;
  if (old.podIP !== next.podIP) st.podIP = next.podIP;
  if (old.reason !== next.reason) st.reason = next.reason || null;
  if (old.startUs !== next.startUs) st.startTime = rfc3339(next.startUs);
  const changed = Object.keys(st).length > 0;
  const patch: Record<string, unknown> = {};
  if (minor >= 18) patch.metadata = { uid };
  if (changed) patch.status = st;
  return [JSON.stringify(patch), changed];
}
