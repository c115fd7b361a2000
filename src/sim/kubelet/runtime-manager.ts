/**
 * The runtime manager (kuberuntime, §3.6): computePodActions decides what a sync must do — create the sandbox,
 * start dead containers, kill containers whose spec hash changed — and SyncPod carries it out through CRI calls;
 * killPod and killContainer stop containers with their grace period.
 */
import type { Go } from '../engine/ops.ts';
import { formatPod, goDuration, goQuote, rfc3339, type PodIdent } from '../log/go-values.ts';
import { isSidecar, type ApiPod, type ContainerSpec, type RtContainer, type RtSandbox, type RuntimePodStatus } from '../world/types.ts';
import { hashContainer } from './container-hash.ts';
import { recordEvent, type EventObject } from './events.ts';
import { podVal, refFields, shortId, type Kubelet } from './kubelet.ts';
import { imageDigest, instancesOf } from './status-gen.ts';

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
  /** Init containers to start, in spec order (≤1.27: at most one, NextInitContainerToStart). */
  initToStart: ContainerSpec[];
  toKill: KillInfo[];
}

function shouldRestart(pod: ApiPod, spec: ContainerSpec, rt: RuntimePodStatus): boolean {
  const last = instancesOf(rt, spec.name)[0];
  if (!last) return true;
  if (pod.spec.restartPolicy === 'Never') return false;
  if (pod.spec.restartPolicy === 'OnFailure') return last.exitCode !== 0;
  return true;
}

/** Why a container that failed its liveness (or startup) probe is killed: ≤1.20 as 1.12 words it, 1.21+ by name. */
function probeKillMessage(k: Kubelet, spec: ContainerSpec, probe: 'liveness' | 'startup', restart: boolean): string {
  if (k.minor >= 21) return `Container ${spec.name} failed ${probe} probe${restart ? ', will be restarted' : ''}`;
  return `Container failed ${probe} probe.${restart ? '. Container will be killed and recreated.' : ''}`;
}

function hashMessage(k: Kubelet, spec: ContainerSpec, actual: number, expected: number): string {
  if (k.minor >= 21) return `Container ${spec.name} definition changed, will be restarted`;
  return `Container spec hash changed (${actual} vs ${expected}).. Container will be killed and recreated.`;
}

export function computePodActions(k: Kubelet, pod: ApiPod, rt: RuntimePodStatus): PodActions {
  const sandboxes = [...rt.sandboxes].sort((a, b) => b.attempt - a.attempt || b.createdUs - a.createdUs);
  const ready = sandboxes.filter((s) => s.state === 'ready');
  const a: PodActions = {
    killPod: false, createSandbox: false, sandboxId: ready[0]?.id ?? sandboxes[0]?.id ?? '', attempt: ready[0]?.attempt ?? 0,
    toStart: [], initToStart: [], toKill: [],
  };
  const inits = pod.spec.initContainers ?? [];
  if (sandboxes.length === 0 || ready.length === 0) {
    k.log(sandboxes.length === 0 ? 'runtime.no-sandbox' : 'runtime.no-ready-sandbox', { pod: k.structured ? podVal(pod) : formatPod(pod) });
    a.createSandbox = true;
    a.killPod = true;
    a.attempt = sandboxes.length === 0 ? 0 : sandboxes[0].attempt + 1;
    // A new sandbox starts from the first init container; the app containers wait for the syncs after it.
    if (inits.length) a.initToStart = [inits[0]];
    else a.toStart = pod.spec.containers.filter((c) => shouldRestart(pod, c, rt));
    return a;
  }
  if (inits.length) {
    const initialized = k.minor >= 28 ? initActions(k, pod, rt, a) : nextInitContainer(pod, rt, a);
    if (a.killPod || !initialized) return a;
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
    let message: string;
    let restart = pod.spec.restartPolicy !== 'Never';
    if (cur.hash !== expected) {
      message = hashMessage(k, spec, cur.hash, expected);
      // A changed spec restarts the container whatever the restart policy.
      restart = true;
    } else if (k.probes.liveness.get(cur.id) === 'Failure') message = probeKillMessage(k, spec, 'liveness', restart);
    else if (k.probes.startup.get(cur.id) === 'Failure') message = probeKillMessage(k, spec, 'startup', restart);
    else { keep++; continue; }
    if (restart) a.toStart.push(spec);
    a.toKill.push({ c: cur, spec, message });
    if (k.minor <= 7) {
      if (cur.hash !== expected) k.log('runtime.hash-changed-1.7', { podName: pod.name, containerName: spec.name, oldHash: cur.hash, newHash: expected });
    } else if (k.structured) {
      const idVal = { t: 'struct' as const, text: `{Type:${k.profile.runtime} ID:${cur.id}}`, json: { Type: k.profile.runtime, ID: cur.id } };
      k.log('runtime.kill-decision', { containerName: spec.name, containerStatusID: idVal, pod: podVal(pod), containerMessage: message });
    } else {
      k.log('runtime.kill-decision', { containerName: spec.name, containerID: { t: 'raw', v: `{"${k.profile.runtime}" "${cur.id}"}` }, pod: { t: 'pod', pod }, containerMessage: message });
    }
  }
  if (keep === 0 && a.toStart.length === 0) {
    a.killPod = true;
    // Sidecars must not keep a pod alive whose app containers are done.
    a.initToStart = [];
  }
  return a;
}

const isFailed = (c: RtContainer) => c.state === 'exited' && c.exitCode !== 0;

/**
 * ≤1.27 findNextInitContainerToRun: initialisation is done once an app container runs or the last init container
 * exited 0; otherwise restart the last failed one (or, RestartPolicy Never, kill the pod), wait for a running one,
 * or start the one after the last that succeeded. Returns true if the pod is initialised.
 */
function nextInitContainer(pod: ApiPod, rt: RuntimePodStatus, a: PodActions): boolean {
  const inits = pod.spec.initContainers ?? [];
  if (pod.spec.containers.some((c) => instancesOf(rt, c.name)[0]?.state === 'running')) return true;
  for (let i = inits.length - 1; i >= 0; i--) {
    const st = instancesOf(rt, inits[i].name)[0];
    if (st && isFailed(st)) {
      if (pod.spec.restartPolicy === 'Never') a.killPod = true;
      else a.initToStart = [inits[i]];
      return false;
    }
  }
  for (let i = inits.length - 1; i >= 0; i--) {
    const st = instancesOf(rt, inits[i].name)[0];
    if (!st) continue;
    if (st.state === 'running') return false;
    if (st.state === 'exited') {
      if (i === inits.length - 1) return true;
      a.initToStart = [inits[i + 1]];
      return false;
    }
  }
  a.initToStart = [inits[0]];
  return false;
}

/**
 * 1.28 computeInitContainerActions (with sidecars): from the last init container back, find the next one to start;
 * a sidecar counts as done once running, is restarted whenever it exits, and keeps running after initialisation.
 * Returns true if the pod is initialised.
 */
function initActions(k: Kubelet, pod: ApiPod, rt: RuntimePodStatus, a: PodActions): boolean {
  const inits = pod.spec.initContainers ?? [];
  let initialized = pod.spec.containers.some((c) => instancesOf(rt, c.name).length > 0);
  let previousDone = initialized;
  const starts: number[] = [];
  for (let i = inits.length - 1; i >= 0; i--) {
    const spec = inits[i];
    const st = instancesOf(rt, spec.name)[0];
    k.log('runtime.init-action', { pod: podVal(pod), container: spec.name, status: runtimeStatusVal(k, st) });
    if (!st) {
      if (previousDone && isSidecar(spec)) starts.push(i);
      continue;
    }
    if (previousDone && !isSidecar(spec)) continue;
    if (st.state === 'running' && isSidecar(spec)) {
      k.log('runtime.init-done-running', { pod: podVal(pod), container: spec.name });
      if (i === inits.length - 1) initialized = true;
      else if (!previousDone) starts.push(i + 1);
    } else if (st.state === 'exited') {
      if (isSidecar(spec)) starts.push(i);
      else if (isFailed(st)) {
        if (pod.spec.restartPolicy === 'Never') {
          a.killPod = true;
          a.initToStart = [];
          return false;
        }
        starts.push(i);
      } else {
        k.log('runtime.init-done-exited', { pod: podVal(pod), container: spec.name });
        if (i === inits.length - 1) initialized = true;
        else starts.push(i + 1);
      }
    }
    previousDone = true;
  }
  if (!previousDone) starts.push(0);
  a.initToStart = starts.reverse().map((i) => inits[i]);
  return initialized;
}

/** kubecontainer.Status as klog 2.100 prints it (JSON; `null` for a container the runtime does not list). */
function runtimeStatusVal(k: Kubelet, c: RtContainer | undefined) {
  if (!c) return { t: 'struct' as const, text: '<nil>', json: null };
  const json = {
    ID: { Type: k.profile.runtime, ID: c.id }, Name: c.name, State: c.state, CreatedAt: goTimeJson(c.createdUs),
    StartedAt: goTimeJson(c.startedUs), FinishedAt: goTimeJson(c.finishedUs), ExitCode: c.exitCode, Image: c.image,
    ImageID: `sha256:${imageDigest(c.image)}`, Hash: c.hash, HashWithoutResources: 0, RestartCount: c.attempt,
    Reason: c.reason, Message: '', Resources: null,
  };
  return { t: 'struct' as const, text: JSON.stringify(json), json };
}

/** Go time.Time in JSON (RFC 3339 with nanoseconds, trailing zeros dropped); the zero time for "never". */
function goTimeJson(us: number): string {
  if (us <= 0) return '0001-01-01T00:00:00Z';
  const frac = String(Math.round(us % 1e6) * 1000).padStart(9, '0').replace(/0+$/, '');
  return rfc3339(us).replace('Z', frac ? `.${frac}Z` : 'Z');
}

/** Go `%v` of a container spec in "Creating container" (printf era): long, so trimmed to the fields that identify it. */
function containerPlusV(spec: ContainerSpec): string {
  return `&Container{Name:${spec.name},Image:${spec.image},Command:[],Args:[],WorkingDir:,Ports:[],Env:[],TerminationMessagePath:/dev/termination-log,ImagePullPolicy:IfNotPresent,}`;
}

/** podActions as `%+v` prints it: the containers to start are indices into the pod spec's lists. */
function podActionsVal(k: Kubelet, pod: ApiPod, a: PodActions) {
  const idx = (specs: ContainerSpec[], all: readonly ContainerSpec[]) => `[${specs.map((s) => all.indexOf(s)).join(' ')}]`;
  const inits = pod.spec.initContainers ?? [];
  const kills = a.toKill.map((x) => `{Type:${k.profile.runtime} ID:${x.c.id}}:{name:${x.c.name} message:${x.message}}`).join(' ');
  if (k.minor >= 28) {
    return { t: 'stringer' as const, v: `KillPod: ${a.killPod}, CreateSandbox: ${a.createSandbox}, UpdatePodResources: false, Attempt: ${a.attempt}, InitContainersToStart: ${idx(a.initToStart, inits)}, ContainersToStart: ${idx(a.toStart, pod.spec.containers)}, EphemeralContainersToStart: [],ContainersToUpdate: map[], ContainersToKill: map[${kills}]` };
  }
  const next = a.initToStart.length ? containerPlusV(a.initToStart[0]) : 'nil';
  const text = `{KillPod:${a.killPod} CreateSandbox:${a.createSandbox} SandboxID:${a.sandboxId} Attempt:${a.attempt} NextInitContainerToStart:${next} ContainersToStart:${idx(a.toStart, pod.spec.containers)} ContainersToKill:map[${kills}]${k.structured ? ' EphemeralContainersToStart:[]' : ''}}`;
  return { t: 'struct' as const, text, json: {} };
}

/** kubeGenericRuntimeManager.SyncPod: returns the errors of this sync (empty if it went well). */
export function* runtimeSyncPod(k: Kubelet, pod: ApiPod, rt: RuntimePodStatus): Go<string[]> {
  const a = computePodActions(k, pod, rt);
  k.log('runtime.pod-actions', { podActions: podActionsVal(k, pod, a), pod: k.structured ? podVal(pod) : formatPod(pod) });
  if (a.killPod) {
    const errs = yield* killPod(k, pod, rt.containers.filter((c) => c.state === 'running'), rt.sandboxes.filter((s) => s.state === 'ready'));
    if (errs.length) return errs;
    if (a.createSandbox) yield* removeInitContainers(k, pod, rt, 0);
  } else {
    for (const x of a.toKill) {
      const err = yield* killContainer(k, pod, x.c, x.spec, x.message);
      if (err) return [err];
    }
  }
  // (After a purge the kubelet prunes its stale listing again and fails on what is gone; not modelled.)
  if (!(a.killPod && a.createSandbox)) yield* removeInitContainers(k, pod, rt, 1);
  let sandboxId = a.sandboxId;
  if (a.createSandbox) {
    k.log('runtime.sandbox-creating', { pod: k.structured ? podVal(pod) : formatPod(pod) });
    const r = yield* k.cri(k.world.cri.runSandbox(pod, a.attempt), `CRI RunPodSandbox ${pod.name}`);
    if (!r.ok || !r.value) return [`failed to "CreatePodSandbox" for "${formatPod(pod)}" with CreatePodSandboxError: "${r.err}"`];
    sandboxId = r.value.id;
    k.log('runtime.sandbox-created', { podSandboxID: sandboxId, pod: k.structured ? podVal(pod) : formatPod(pod) });
  }
  const errs: string[] = [];
  for (const spec of a.initToStart) {
    const err = yield* startContainer(k, pod, rt, spec, sandboxId, true);
    if (err) {
      errs.push(err);
      // 1.28: a sidecar that cannot start does not stop the others; an init container ends this sync.
      if (k.minor >= 28 && isSidecar(spec)) { k.log('runtime.sidecar-skipped', { initContainerName: spec.name, pod: podVal(pod) }); continue; }
      if (k.minor >= 28) k.log('runtime.init-aborted', { initContainerName: spec.name, pod: podVal(pod) });
      return errs;
    }
    k.log('runtime.init-started', { containerName: spec.name, pod: k.structured ? podVal(pod) : formatPod(pod) });
  }
  for (const spec of a.toStart) {
    const err = yield* startContainer(k, pod, rt, spec, sandboxId, false);
    if (err) errs.push(err);
  }
  return errs;
}

/**
 * The image manager's EnsureImageExists: an image already on the node is used as it is; otherwise, unless the pull
 * of this image for this pod is backing off, pull it (events Pulling, then Pulled or Failed). A failed pull starts or
 * doubles the back-off (10 s to 5 min). Returns why the container cannot start, or undefined.
 */
function* ensureImageExists(k: Kubelet, pod: ApiPod, spec: ContainerSpec, ref: EventObject): Go<{ reason: 'ErrImagePull' | 'ImagePullBackOff'; msg: string } | undefined> {
  if (!k.world.cri.needsPull(spec.image)) {
    recordEvent(k, ref, 'Normal', 'Pulled', `Container image "${spec.image}" already present on machine`);
    return undefined;
  }
  const key = `${pod.uid}_${spec.image}`;
  const b = k.imageBackoff.get(key);
  if (b && k.nowUs - b.untilUs < b.periodUs) {
    const msg = `Back-off pulling image "${spec.image}"`;
    recordEvent(k, ref, 'Normal', 'BackOff', msg);
    return { reason: 'ImagePullBackOff', msg };
  }
  recordEvent(k, ref, 'Normal', 'Pulling', `${k.minor >= 16 ? 'Pulling' : 'pulling'} image "${spec.image}"`);
  const startUs = k.nowUs;
  const r = yield* k.cri(k.world.cri.pullImage(spec.image), `CRI PullImage ${spec.image}`, 0);
  if (!r.ok) {
    const err = r.err ?? 'unknown error';
    k.log('runtime.pull-failed', { err, image: spec.image });
    recordEvent(k, ref, 'Warning', 'Failed', `Failed to pull image "${spec.image}": ${err}`);
    k.imageBackoff.set(key, { untilUs: k.nowUs, periodUs: b ? Math.min(b.periodUs * 2, MAX_BACKOFF_US) : 10e6 });
    return { reason: 'ErrImagePull', msg: err };
  }
  k.world.emit('image-pulled', spec.image);
  const took = goDuration(k.nowUs - startUs);
  recordEvent(k, ref, 'Normal', 'Pulled', k.minor >= 28
    ? `Successfully pulled image "${spec.image}" in ${took} (${took} including waiting)`
    : k.minor >= 21 ? `Successfully pulled image "${spec.image}" in ${took}` : `Successfully pulled image "${spec.image}"`);
  return undefined;
}

/**
 * pruneInitContainersBeforeStart (keep: 1, every sync) and purgeInitContainers (keep: 0, when the sandbox is
 * re-created): remove the exited instances of each init container beyond the newest `keep`.
 */
function* removeInitContainers(k: Kubelet, pod: ApiPod, rt: RuntimePodStatus, keep: number): Go<void> {
  for (const spec of pod.spec.initContainers ?? []) {
    let count = 0;
    for (const c of instancesOf(rt, spec.name)) {
      if (keep > 0 && c.state !== 'exited') continue;
      count++;
      if (count <= keep) continue;
      k.log(keep > 0 ? 'runtime.remove-init' : 'runtime.purge-init', { containerName: spec.name, containerID: c.id, count });
      yield* k.cri(k.world.cri.removeContainer(c.id), `CRI RemoveContainer ${shortId(c.id)} (init container ${spec.name})`);
    }
  }
}

function* startContainer(k: Kubelet, pod: ApiPod, rt: RuntimePodStatus, spec: ContainerSpec, sandboxId: string, init: boolean): Go<string | undefined> {
  const key = `${pod.uid}/${spec.name}`;
  const prev = instancesOf(rt, spec.name)[0];
  const b = k.backoff.get(key);
  const containerType = init ? 'init container' : 'container';
  if (prev && prev.state === 'exited' && b && k.nowUs - b.untilUs < b.periodUs) {
    if (init && !k.structured) k.log('runtime.init-backoff-printf', { container: containerPlusV(spec), pod: formatPod(pod) });
    else k.log('runtime.backoff', k.structured ? { containerType, container: { t: 'raw', v: containerPlusV(spec) }, pod: podVal(pod) } : { container: containerPlusV(spec), pod: formatPod(pod) });
    recordEvent(k, { kind: 'Pod', pod, container: spec.name, initContainer: init }, 'Warning', 'BackOff', 'Back-off restarting failed container');
    const text = `${k.minor >= 16 ? 'back-off' : 'Back-off'} ${b.periodUs / 1e6}s restarting failed container=${spec.name} pod=${formatPod(pod)}`;
    return `failed to "StartContainer" for "${spec.name}" with CrashLoopBackOff: "${text}"`;
  }
  if (prev && prev.state === 'exited') k.backoff.set(key, { untilUs: k.nowUs, periodUs: b ? Math.min(b.periodUs * 2, MAX_BACKOFF_US) : 10e6 });
  const attempt = prev ? prev.attempt + 1 : 0;
  // A moment for the scenarios' teaching notes: initialisation is over, the app containers start.
  if (!init && pod.spec.initContainers?.length) k.world.emit('app-container-after-init', spec.name);
  if (init && !k.structured) k.log('runtime.init-creating-printf', { container: containerPlusV(spec), pod: formatPod(pod) });
  else {
    k.log('runtime.container-creating', k.structured
      ? { containerType, container: { t: 'raw', v: containerPlusV(spec) }, pod: podVal(pod) }
      : { container: containerPlusV(spec), pod: formatPod(pod) });
  }
  const ref = { kind: 'Pod' as const, pod, container: spec.name, initContainer: init };
  const pull = yield* ensureImageExists(k, pod, spec, ref);
  if (pull) {
    // startContainer records the failure; SyncPod's start() logs it (back-off quietly at V3, a failed pull as an error).
    recordEvent(k, ref, 'Warning', 'Failed', `Error: ${pull.reason}`);
    k.reasonCache.set(`${pod.uid}/${spec.name}`, pull.reason);
    if (pull.reason === 'ImagePullBackOff') {
      k.log('runtime.start-failed-quiet', { containerType, container: { t: 'raw', v: containerPlusV(spec) }, pod: podVal(pod), containerMessage: pull.msg, err: pull.reason });
    } else if (!init) {
      k.log('runtime.start-failed', { container: containerPlusV(spec), pod: formatPod(pod), err: pull.reason, containerMessage: pull.msg });
    }
    return `failed to "StartContainer" for "${spec.name}" with ${pull.reason}: ${goQuote(pull.msg)}`;
  }
  k.reasonCache.delete(`${pod.uid}/${spec.name}`);
  const hash = hashContainer(spec, k.cfg.hash);
  const created = yield* k.cri(k.world.cri.createContainer(sandboxId, pod, spec.name, attempt, spec.image, hash, spec.app), `CRI CreateContainer ${spec.name}`);
  if (!created.ok || !created.value) return `failed to "StartContainer" for "${spec.name}" with CreateContainerError: "${created.err}"`;
  recordEvent(k, { kind: 'Pod', pod, container: spec.name, initContainer: init }, 'Normal', 'Created', k.minor >= 16 ? `Created container ${spec.name}` : 'Created container');
  const started = yield* k.cri(k.world.cri.startContainer(created.value.id), `CRI StartContainer ${spec.name}`);
  if (!started.ok) return `failed to "StartContainer" for "${spec.name}" with RunContainerError: "${started.err}"`;
  recordEvent(k, { kind: 'Pod', pod, container: spec.name, initContainer: init }, 'Normal', 'Started', k.minor >= 16 ? `Started container ${spec.name}` : 'Started container');
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
    const spec = pod.spec?.containers.find((s) => s.name === c.name) ?? pod.spec?.initContainers?.find((s) => s.name === c.name);
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
  const initContainer = pod.spec?.initContainers?.some((s) => s.name === c.name) ?? false;
  recordEvent(k, { kind: 'Pod', pod, container: c.name, initContainer }, 'Normal', 'Killing', eventMsg);
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

