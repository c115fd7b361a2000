/**
 * What a pod's lines do to its container and sandbox instances: a kill decision remembers its reason for the kill
 * that follows, sandbox lines drive the sandbox machine, container lines the container machine (with the waiting
 * reason, back-off delay, kill reason and grace period, or exit code as the state's detail). A new running or
 * created instance ends the bands of the dead instances of the same container.
 */
import { KINDS } from '../../catalog/catalog.ts';
import { CONTAINER_EVENTS, SANDBOX_EVENTS } from '../machines.ts';
import type { ReconstructContext } from './context.ts';
import type { ContainerIds } from './container-ids.ts';
import type { ContainerInstances } from './container-instances.ts';
import { backoffDetail, killReason, waitingReason } from './labels.ts';

/** Container and sandbox machine events by kind id ('' = none), looked up once per kind rather than per event. */
const SANDBOX_EVENT_OF_KIND = KINDS.map((k) => SANDBOX_EVENTS[k] ?? '');
const CONTAINER_EVENT_OF_KIND = KINDS.map((k) => CONTAINER_EVENTS[k] ?? '');
const isKillDecision = (kind: string) => kind === 'runtime.kill-decision' || kind === 'runtime.kill-unwanted';
/** computePodActions names the pod's current sandbox (SandboxID:…): a later line that names none is about it. */
const NAMES_CURRENT_SANDBOX = 'runtime.pod-actions';
/** syncTerminatingPod's "Post-termination container state": each container's state after the kill, by name. */
const POST_TERMINATION = 'sync.post-termination';
/** `(nginx state=exited exitCode=0 finishedAt=…)`, one group per container (bounded: a hostile line may be long). */
const POST_TERMINATION_GROUP = /\(([\w.-]{1,253}) state=(\w{1,16})(?: exitCode=(-?\d{1,10}))?/g;
const MAX_POST_TERMINATION_GROUPS = 64;
/** Kinds that can touch an instance at all; the main pass calls apply() only for these. */
export const CONTAINER_KIND = KINDS.map((k, id) => isKillDecision(k) || k === NAMES_CURRENT_SANDBOX || k === POST_TERMINATION || SANDBOX_EVENT_OF_KIND[id] !== '' || CONTAINER_EVENT_OF_KIND[id] !== '');

export class ContainerEvents {
  /** Per instance, the reason of the kill decided for it (its next kill's label). */
  private readonly pendingKillReason = new Map<number, string>();
  /** Per pod, the sandbox ID its last computePodActions named (string id), for a stop that names none. */
  private readonly currentSandbox = new Map<number, number>();

  constructor(private readonly ctx: ReconstructContext, private readonly ids: ContainerIds, private readonly instances: ContainerInstances,
    private readonly sandboxIdCol: Int32Array) {}

  /** Event i (of `pod`, drawn on lane `primary`) if its kind is one of CONTAINER_KIND. */
  apply(i: number, t: number, pod: number, kindId: number, kind: string, primary: number): void {
    const { events, strings, members } = this.ctx;
    const { shortIds, sandboxIds, nameOfId } = this.ids;
    const instances = this.instances;
    const containers = instances.list;
    const cidId = events.cid[i];
    const cid = cidId ? strings.get(cidId) : '';
    if (kind === NAMES_CURRENT_SANDBOX) {
      if (this.sandboxIdCol[i]) this.currentSandbox.set(pod, this.sandboxIdCol[i]);
      return;
    }
    if (kind === POST_TERMINATION) {
      this.postTermination(i, t, pod, kind);
      return;
    }
    // "Stopping PodSandbox for <pod>" names no ID: the sandbox the pod's last computePodActions named.
    const sidId = this.sandboxIdCol[i] || (SANDBOX_EVENT_OF_KIND[kindId] && !cidId ? this.currentSandbox.get(pod) ?? 0 : 0);
    const sid = sidId ? strings.get(sidId) : '';
    const cname = events.cname[i] ? strings.get(events.cname[i]) : '';
    // cAdvisor names a sandbox's pause container "POD" (docker name k8s_POD_…).
    const isSandboxId = (cid !== '' && sandboxIds.has(shortIds.of(cidId))) || cname === 'POD';
    if (isKillDecision(kind) && (cid || cname) && !isSandboxId) {
      const ci = instances.instance(pod, cid, cname || (cid && nameOfId.get(shortIds.of(cidId))) || '', false, i, t);
      this.pendingKillReason.set(ci, killReason(strings.get(events.text[i])));
      containers[ci].killReason = strings.get(events.text[i]);
      events.container[i] = ci;
      members.add(containers[ci].lane, i);
    }
    const sandboxEvent = SANDBOX_EVENT_OF_KIND[kindId];
    const containerEvent = CONTAINER_EVENT_OF_KIND[kindId];
    if (sandboxEvent && (sid || isSandboxId)) {
      const ci = instances.instance(pod, sid || cid, '', true, i, t);
      instances.runners[ci].apply(sandboxEvent, i, t);
      events.container[i] = ci;
      members.add(containers[ci].lane, i);
    } else if (containerEvent && (cid || cname)) {
      const name = cname || (cid && nameOfId.get(shortIds.of(cidId))) || '';
      // A container that cannot be created yet has no ID: it gets a pending instance of its own.
      const ci = !cid && (containerEvent === 'container.waiting' || (containerEvent === 'container.create' && instances.latestIsDead(pod, name)))
        ? instances.pending(pod, name, i, t) : instances.instance(pod, cid, name, false, i, t);
      this.applyContainerEvent(ci, containerEvent, i, t, pod, kind);
      events.container[i] = ci;
      if (containers[ci].lane !== primary) members.add(containers[ci].lane, i);
    }
  }

  /** Each container the line says has exited ends its newest instance's kill with that exit (its code). */
  private postTermination(i: number, t: number, pod: number, kind: string): void {
    const { events, strings } = this.ctx;
    const text = events.text[i] ? strings.get(events.text[i]) : '';
    let groups = 0;
    for (const m of text.matchAll(POST_TERMINATION_GROUP)) {
      if (++groups > MAX_POST_TERMINATION_GROUPS) break;
      if (m[2] !== 'exited' || !this.instances.hasName(pod, m[1])) continue;
      const ci = this.instances.instance(pod, '', m[1], false, i, t);
      if (m[3] !== undefined) this.instances.list[ci].exitCode = Number(m[3]);
      this.applyContainerEvent(ci, 'container.exit', i, t, pod, kind);
    }
  }

  private applyContainerEvent(ci: number, containerEvent: string, i: number, t: number, pod: number, kind: string): void {
    const { events, strings } = this.ctx;
    const inst = this.instances.list[ci];
    let detail = '';
    if (containerEvent === 'container.waiting') detail = `(${waitingReason(kind, strings.get(events.text[i]))})`;
    if (containerEvent === 'container.backoff') detail = backoffDetail(strings.get(events.text[i]));
    if (containerEvent === 'container.kill') {
      const grace = events.num[i];
      detail = [this.pendingKillReason.get(ci) ?? '', Number.isNaN(grace) ? '' : `grace ${grace}s`].filter(Boolean).join(' ');
    }
    if (containerEvent === 'container.exit') {
      const code = events.num[i];
      if (!Number.isNaN(code)) { inst.exitCode = code; detail = `(exit ${code})`; }
      else if (!Number.isNaN(inst.exitCode)) detail = `(exit ${inst.exitCode})`;
    }
    // PLEG's relist found the ID gone from the runtime; nothing says what removed it.
    if (containerEvent === 'container.remove' && kind === 'pleg.to-nonexistent') detail = '(PLEG: no longer in the runtime)';
    const r = this.instances.runners[ci];
    const before = r.state;
    r.apply(containerEvent, i, t, detail);
    if ((r.state === 'running' || r.state === 'created') && before !== r.state) this.endDeadSiblings(ci, pod, t, i);
    if (r.state === 'running' && before !== 'running' && Number.isNaN(inst.startedUs)) inst.startedUs = t;
    if (r.state === 'created' && Number.isNaN(inst.createdUs)) inst.createdUs = t;
    if (r.state === 'exited' && before !== 'exited') inst.endedUs = t;
    if (r.state === 'removed' && before !== 'removed') inst.removedUs = t;
  }

  /** The new instance ci replaces dead ones of the same container: their "exited" bands end here. */
  private endDeadSiblings(ci: number, pod: number, t: number, i: number): void {
    const { list, runners } = this.instances;
    const lane = list[ci].lane;
    for (const other of this.ctx.pods[pod].containers) {
      const o = runners[other];
      if (other !== ci && list[other].lane === lane && (o.state === 'exited' || o.state === 'unknown' || o.state === 'waiting')) o.stop(t, i);
    }
  }
}
