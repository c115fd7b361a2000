/**
 * The runtime manager (kuberuntime, §3.6): computePodActions decides what a sync must do — create the sandbox,
 * start dead containers, kill containers whose spec hash changed — and SyncPod carries it out through CRI calls;
 * killPod and killContainer stop containers with their grace period.
 */
import type { Go } from '../engine/ops.ts';
import { formatPod, type PodIdent } from '../log/go-values.ts';
import type { ApiPod, ContainerSpec, RtContainer, RtSandbox, RuntimePodStatus } from '../world/types.ts';
import { hashContainer } from './container-hash.ts';
import { recordEvent } from './events.ts';
import { podVal, refFields, shortId, type Kubelet } from './kubelet.ts';
import { instancesOf } from './status-gen.ts';

const MIN_GRACE_S = 2;
const MAX_BACKOFF_US = 300e6;

interface KillInfo {
  c: RtContainer;
  spec: ContainerSpec;
  message: string;
}

export interface PodActions {
  killPod: boolean;
  createSandbox: boolean;
  sandboxId: string;
  attempt: number;
  toStart: ContainerSpec[];
  toKill: KillInfo[];
}

function shouldRestart(pod: ApiPod, spec: ContainerSpec, rt: RuntimePodStatus): boolean {
  const last = instancesOf(rt, spec.name)[0];
  if (!last) return true;
  if (pod.spec.restartPolicy === 'Never') return false;
  if (pod.spec.restartPolicy === 'OnFailure') return last.exitCode !== 0;
  return true;
}

function hashMessage(k: Kubelet, spec: ContainerSpec, actual: number, expected: number): string {
  if (k.minor >= 21) return `Container ${spec.name} definition changed, will be restarted`;
  return `Container spec hash changed (${actual} vs ${expected}).. Container will be killed and recreated.`;
}

export function computePodActions(k: Kubelet, pod: ApiPod, rt: RuntimePodStatus): PodActions {
  const sandboxes = [...rt.sandboxes].sort((a, b) => b.attempt - a.attempt || b.createdUs - a.createdUs);
  const ready = sandboxes.filter((s) => s.state === 'ready');
  const a: PodActions = { killPod: false, createSandbox: false, sandboxId: ready[0]?.id ?? sandboxes[0]?.id ?? '', attempt: ready[0]?.attempt ?? 0, toStart: [], toKill: [] };
  if (sandboxes.length === 0 || ready.length === 0) {
    k.log(sandboxes.length === 0 ? 'runtime.no-sandbox' : 'runtime.no-ready-sandbox', { pod: k.structured ? podVal(pod) : formatPod(pod) });
    a.createSandbox = true;
    a.killPod = true;
    a.attempt = sandboxes.length === 0 ? 0 : sandboxes[0].attempt + 1;
    a.toStart = pod.spec.containers.filter((c) => shouldRestart(pod, c, rt));
    return a;
  }
  let keep = 0;
  for (const spec of pod.spec.containers) {
    const cur = instancesOf(rt, spec.name)[0];
    if (!cur || cur.state !== 'running') {
      if (shouldRestart(pod, spec, rt)) {
        k.log('runtime.container-to-start', k.structured ? { containerName: spec.name, pod: podVal(pod) } : { container: containerPlusV(spec) });
        a.toStart.push(spec);
      }
      continue;
    }
    const expected = hashContainer(spec, k.cfg.hash);
    if (cur.hash === expected) { keep++; continue; }
    const message = hashMessage(k, spec, cur.hash, expected);
    a.toStart.push(spec);
    a.toKill.push({ c: cur, spec, message });
    if (k.minor <= 7) {
      k.log('runtime.hash-changed-1.7', { podName: pod.name, containerName: spec.name, oldHash: cur.hash, newHash: expected });
    } else if (k.structured) {
      const idVal = { t: 'struct' as const, text: `{Type:${k.profile.runtime} ID:${cur.id}}`, json: { Type: k.profile.runtime, ID: cur.id } };
      k.log('runtime.kill-decision', { containerName: spec.name, containerStatusID: idVal, pod: podVal(pod), containerMessage: message });
    } else {
      k.log('runtime.kill-decision', { containerName: spec.name, containerID: { t: 'raw', v: `{"${k.profile.runtime}" "${cur.id}"}` }, pod: { t: 'pod', pod }, containerMessage: message });
    }
  }
  if (keep === 0 && a.toStart.length === 0) a.killPod = true;
  return a;
}

/** Go `%v` of a container spec in "Creating container" (printf era): long, so trimmed to the fields that identify it. */
function containerPlusV(spec: ContainerSpec): string {
  return `&Container{Name:${spec.name},Image:${spec.image},Command:[],Args:[],WorkingDir:,Ports:[],Env:[],TerminationMessagePath:/dev/termination-log,ImagePullPolicy:IfNotPresent,}`;
}

function podActionsVal(k: Kubelet, a: PodActions) {
  const idx = (specs: ContainerSpec[]) => `[${specs.map((s) => s.name).join(' ')}]`;
  const kills = a.toKill.map((x) => `{Type:${k.profile.runtime} ID:${x.c.id}}:{name:${x.c.name} message:${x.message}}`).join(' ');
  if (k.minor >= 28) {
    return { t: 'stringer' as const, v: `KillPod: ${a.killPod}, CreateSandbox: ${a.createSandbox}, UpdatePodResources: false, Attempt: ${a.attempt}, InitContainersToStart: [], ContainersToStart: ${idx(a.toStart)}, EphemeralContainersToStart: [],ContainersToUpdate: map[], ContainersToKill: map[${kills}]` };
  }
  const text = `{KillPod:${a.killPod} CreateSandbox:${a.createSandbox} SandboxID:${a.sandboxId} Attempt:${a.attempt} NextInitContainerToStart:nil ContainersToStart:${idx(a.toStart)} ContainersToKill:map[${kills}]${k.structured ? ' EphemeralContainersToStart:[]' : ''}}`;
  return { t: 'struct' as const, text, json: {} };
}

/** kubeGenericRuntimeManager.SyncPod: returns the errors of this sync (empty if it went well). */
export function* runtimeSyncPod(k: Kubelet, pod: ApiPod, rt: RuntimePodStatus): Go<string[]> {
  const a = computePodActions(k, pod, rt);
  k.log('runtime.pod-actions', { podActions: podActionsVal(k, a), pod: k.structured ? podVal(pod) : formatPod(pod) });
  if (a.killPod) {
    const errs = yield* killPod(k, pod, rt.containers.filter((c) => c.state === 'running'), rt.sandboxes.filter((s) => s.state === 'ready'));
    if (errs.length) return errs;
  } else {
    for (const x of a.toKill) {
      const err = yield* killContainer(k, pod, x.c, x.spec, x.message);
      if (err) return [err];
    }
  }
  let sandboxId = a.sandboxId;
  if (a.createSandbox) {
    k.log('runtime.sandbox-creating', { pod: k.structured ? podVal(pod) : formatPod(pod) });
    const r = yield* k.cri(k.world.cri.runSandbox(pod, a.attempt), `CRI RunPodSandbox ${pod.name}`);
    if (!r.ok || !r.value) return [`failed to "CreatePodSandbox" for "${formatPod(pod)}" with CreatePodSandboxError: "${r.err}"`];
    sandboxId = r.value.id;
    k.log('runtime.sandbox-created', { podSandboxID: sandboxId, pod: k.structured ? podVal(pod) : formatPod(pod) });
  }
  const errs: string[] = [];
  for (const spec of a.toStart) {
    const err = yield* startContainer(k, pod, rt, spec, sandboxId);
    if (err) errs.push(err);
  }
  return errs;
}

function* startContainer(k: Kubelet, pod: ApiPod, rt: RuntimePodStatus, spec: ContainerSpec, sandboxId: string): Go<string | undefined> {
  const key = `${pod.uid}/${spec.name}`;
  const prev = instancesOf(rt, spec.name)[0];
  const b = k.backoff.get(key);
  if (prev && prev.state === 'exited' && b && k.nowUs - b.untilUs < b.periodUs) {
    k.log('runtime.backoff', k.structured ? { containerType: 'container', container: { t: 'raw', v: containerPlusV(spec) }, pod: podVal(pod) } : { container: containerPlusV(spec), pod: formatPod(pod) });
    recordEvent(k, { kind: 'Pod', pod, container: spec.name }, 'Warning', 'BackOff', 'Back-off restarting failed container');
    const text = `${k.minor >= 16 ? 'back-off' : 'Back-off'} ${b.periodUs / 1e6}s restarting failed container=${spec.name} pod=${formatPod(pod)}`;
    return `failed to "StartContainer" for "${spec.name}" with CrashLoopBackOff: "${text}"`;
  }
  if (prev && prev.state === 'exited') k.backoff.set(key, { untilUs: k.nowUs, periodUs: b ? Math.min(b.periodUs * 2, MAX_BACKOFF_US) : 10e6 });
  const attempt = prev ? prev.attempt + 1 : 0;
  k.log('runtime.container-creating', k.structured
    ? { containerType: 'container', container: { t: 'raw', v: containerPlusV(spec) }, pod: podVal(pod) }
    : { container: containerPlusV(spec), pod: formatPod(pod) });
  recordEvent(k, { kind: 'Pod', pod, container: spec.name }, 'Normal', 'Pulled', `Container image "${spec.image}" already present on machine`);
  const hash = hashContainer(spec, k.cfg.hash);
  const created = yield* k.cri(k.world.cri.createContainer(sandboxId, pod, spec.name, attempt, spec.image, hash, spec.app), `CRI CreateContainer ${spec.name}`);
  if (!created.ok || !created.value) return `failed to "StartContainer" for "${spec.name}" with CreateContainerError: "${created.err}"`;
  recordEvent(k, { kind: 'Pod', pod, container: spec.name }, 'Normal', 'Created', k.minor >= 16 ? `Created container ${spec.name}` : 'Created container');
  const started = yield* k.cri(k.world.cri.startContainer(created.value.id), `CRI StartContainer ${spec.name}`);
  if (!started.ok) return `failed to "StartContainer" for "${spec.name}" with RunContainerError: "${started.err}"`;
  recordEvent(k, { kind: 'Pod', pod, container: spec.name }, 'Normal', 'Started', k.minor >= 16 ? `Started container ${spec.name}` : 'Started container');
  return undefined;
}

/**
 * killPod: stop every given container (with the grace period or an override), then every given sandbox. Errors
 * are collected like kubecontainer.PodSyncResult does; the sandboxes are stopped even if a container kill failed.
 */
export function* killPod(k: Kubelet, pod: PodIdent & { spec?: ApiPod['spec']; deletionGraceSeconds?: number }, containers: RtContainer[],
  sandboxes: RtSandbox[], graceOverride?: number): Go<string[]> {
  const errs: string[] = [];
  for (const c of containers) {
    const spec = pod.spec?.containers.find((s) => s.name === c.name);
    const err = yield* killContainer(k, pod, c, spec, k.minor >= 21 ? '' : 'Need to kill Pod', graceOverride);
    if (err) errs.push(`failed to "KillContainer" for "${c.name}" with KillContainerError: "${err}"`);
  }
  for (const s of sandboxes) {
    const r = yield* k.cri(k.world.cri.stopSandbox(s.id), `CRI StopPodSandbox ${shortId(s.id)}`);
    if (!r.ok) {
      k.log('runtime.stop-sandbox-failed', { err: r.err ?? '', podSandboxID: s.id });
      errs.push(`failed to "KillPodSandbox" for "${pod.uid}" with KillPodSandboxError: "${r.err}"`);
    }
  }
  return errs;
}

/** killContainer: Killing event, preStop hook, then CRI StopContainer with the grace period. */
export function* killContainer(k: Kubelet, pod: PodIdent & { spec?: ApiPod['spec']; deletionGraceSeconds?: number }, c: RtContainer,
  spec: ContainerSpec | undefined, message: string, graceOverride?: number): Go<string | undefined> {
  let grace = MIN_GRACE_S;
  if (pod.deletionGraceSeconds !== undefined) grace = pod.deletionGraceSeconds;
  else if (pod.spec) grace = pod.spec.terminationGracePeriodSeconds;
  if (grace < MIN_GRACE_S) grace = MIN_GRACE_S;
  const who = { ...refFields(pod), containerName: c.name, containerID: k.containerId(c.id) };
  if (graceOverride !== undefined) {
    grace = graceOverride;
    k.log('runtime.kill-override', { ...who, gracePeriod: grace });
  }
  k.log('runtime.kill', k.structured ? { ...who, gracePeriod: grace } : { containerID: k.containerId(c.id), gracePeriod: grace });
  const eventMsg = k.minor >= 21 ? (message || `Stopping container ${c.name}`) : `Killing container with id ${k.profile.runtime}://${c.name}:${message}`;
  recordEvent(k, { kind: 'Pod', pod, container: c.name }, 'Normal', 'Killing', eventMsg);
  if (k.world.cri.containers.get(c.id)?.state === 'running') k.truth('container', pod.uid, c.id, 'killing');
  if (spec?.preStop && grace > 0) {
    k.log('runtime.prestop', k.structured ? who : { containerID: k.containerId(c.id) });
    const hookUs = Math.min(grace * 1e6 - 1e6, 3_200_000 + k.sched.rng.int(1_600_000));
    yield* k.cri(() => ({ durationUs: hookUs, hang: false, complete: () => ({ ok: true }) }), `preStop hook of ${c.name}`, 0);
    grace = Math.max(MIN_GRACE_S, grace - Math.ceil(hookUs / 1e6));
  }
  const r = yield* k.cri(k.world.cri.stopContainer(c.id, grace), `CRI StopContainer ${shortId(c.id)} (grace ${grace}s)`, k.cfg.runtimeCallTimeoutUs > 0 ? grace * 1e6 + k.cfg.runtimeCallTimeoutUs : 0);
  if (!r.ok) {
    k.log('runtime.stop-failed', { err: r.err ?? '', containerID: c.id });
    k.log('runtime.kill-failed', k.structured ? { err: r.err ?? '', ...who, gracePeriod: grace } : { containerID: k.containerId(c.id), gracePeriod: grace, err: r.err ?? '' });
    return r.err ?? 'unknown error';
  }
  k.log('runtime.container-exited', k.structured ? who : { containerID: k.containerId(c.id) });
  return undefined;
}

