/**
 * The probe manager: one worker goroutine per (pod, container, probe type), a results cache per type, and the read
 * that fills `Ready` into a generated pod status. Readiness results go to the status manager; a liveness (or
 * startup) Failure goes to the sync loop, which syncs the pod so computePodActions kills and restarts the container,
 * and puts the worker on hold until the container is replaced. From 1.16 a startup probe holds the other two back
 * until it has succeeded. Seed 000's custom 1.12.4 branch is modelled here too: a
 * default readiness prober for pods without one, and an initial Success result installed while the worker is
 * created under the worker lock.
 *
 * The race (buggy): updatePodStatus reads the results cache, then — a separate step — looks the worker up under
 * the worker lock. If AddPod runs in between (installs the result and makes the worker visible), the pod worker
 * sees "no result but a worker" and reports ready:false. The fix reads both under the worker lock.
 */
import { Chan, call, lock, preempt, recv, select, sleep, type CallPlan, type Go } from '../engine/ops.ts';
import { formatPod } from '../log/go-values.ts';
import type { ApiPod, ContainerSpec, ContainerStatus, ProbeSpec } from '../world/types.ts';
import { podName, podVal, uidVal, type Kubelet } from './kubelet.ts';
import { containerStatusV, statusV } from './status-text.ts';
import { recordEvent } from './events.ts';

export type ProbeResult = 'Success' | 'Failure';
export type ProbeType = 'readiness' | 'liveness' | 'startup';
const PROBE_LABEL: Record<ProbeType, string> = { readiness: 'Readiness', liveness: 'Liveness', startup: 'Startup' };

interface ProbeWorker {
  key: string;
  type: ProbeType;
  pod: ApiPod;
  container: ContainerSpec;
  probe: ProbeSpec;
  containerId: string;
  /** Readiness starts at Failure, liveness at Success, startup at nothing (Unknown). */
  initialValue: ProbeResult | undefined;
  lastResult?: ProbeResult;
  resultRun: number;
  /** After a liveness or startup Failure: no probing until the container is replaced. */
  onHold: boolean;
  stopped: boolean;
  wake: Chan<boolean>;
  tick: Chan<number>;
  startUs: number;
}

/** The default prober the custom branch adds (as printed in seed 000). */
const DEFAULT_PROBE: ProbeSpec = {
  kind: 'exec', periodSeconds: 2, initialDelaySeconds: 0, failureThreshold: 10, successThreshold: 1,
  text: '&Probe{Handler:Handler{Exec:&ExecAction{Command:[bash -ec [[ -f /etc/container/.ddcloud_initing ]] && { [[ -f /etc/container/.ddcloud_inited ]] || exit 2; }; exit 0;],},HTTPGet:nil,TCPSocket:nil,},InitialDelaySeconds:0,TimeoutSeconds:1,PeriodSeconds:2,SuccessThreshold:1,FailureThreshold:10,}',
};

const bare = (id: string) => id.slice(id.indexOf('://') + 3);

export class ProbeManager {
  readonly workers = new Map<string, ProbeWorker>();
  /** The results caches, by container ID. */
  readonly readiness = new Map<string, ProbeResult>();
  readonly liveness = new Map<string, ProbeResult>();
  readonly startup = new Map<string, ProbeResult>();
  readonly startedUs: number;

  constructor(private readonly k: Kubelet) {
    this.startedUs = k.nowUs;
  }

  /** Stops the pod's workers (RemovePod; also at the start of termination, a simplification for liveness-less pods). */
  removePod(uid: string): void {
    for (const [key, w] of this.workers) {
      if (w.pod.uid !== uid) continue;
      w.stopped = true;
      this.k.sched.trySend(w.wake, true);
      this.workers.delete(key);
    }
  }

  /** Housekeeping: stop workers of pods that are no longer desired. */
  cleanupPods(desired: ReadonlySet<string>): void {
    for (const w of [...this.workers.values()]) if (!desired.has(w.pod.uid)) this.removePod(w.pod.uid);
  }

  results(type: ProbeType): Map<string, ProbeResult> {
    return type === 'readiness' ? this.readiness : type === 'liveness' ? this.liveness : this.startup;
  }

  /** The results manager's Set: an update goes out only when the cached value changes. */
  setResult(w: ProbeWorker, result: ProbeResult): void {
    const cache = this.results(w.type);
    if (!w.containerId || cache.get(w.containerId) === result) return;
    cache.set(w.containerId, result);
    this.k.truth('probe', w.pod.uid, `${w.container.name}/${w.type}`, result === 'Success' ? 'success' : 'failure');
    // A moment for the scenarios' teaching notes ("liveness-Failure", "startup-Success").
    if (w.type !== 'readiness') this.k.world.emit(`${w.type}-${result}`, w.container.name);
    const update = { uid: w.pod.uid, containerId: w.containerId, result, type: w.type };
    this.k.sched.trySend(w.type === 'readiness' ? this.k.readinessUpdates : this.k.livenessUpdates, update);
  }

  /** The container has started as far as probes go: it has no startup probe, or that probe has succeeded. */
  started(container: ContainerSpec, containerId: string): boolean {
    return !(this.k.minor >= 16 && container.startupProbe) || this.startup.get(containerId) === 'Success';
  }
}

/** probeManager.AddPod: create a worker per container and probe type (idempotent). Runs in the caller's goroutine. */
export function* addPod(k: Kubelet, pod: ApiPod): Go {
  const m = k.probes;
  const custom = k.cfg.custom;
  const readiness = pod.spec.containers.map((c) => c.readinessProbe);
  if (custom) {
    pod.spec.containers.forEach((c, i) => {
      if (readiness[i] || pod.status.conditions.find((x) => x.type === 'Ready')?.status === 'True') return;
      k.log('probe.default-prober', { pod: pod.name, phase: pod.status.phase });
      readiness[i] = DEFAULT_PROBE;
    });
  }
  const wanted: [ContainerSpec, ProbeType, ProbeSpec][] = [];
  pod.spec.containers.forEach((c, i) => {
    if (readiness[i]) wanted.push([c, 'readiness', readiness[i]!]);
    if (c.livenessProbe) wanted.push([c, 'liveness', c.livenessProbe]);
    if (c.startupProbe && k.minor >= 16) wanted.push([c, 'startup', c.startupProbe]);
  });
  if (wanted.every(([c, type]) => m.workers.has(keyOf(pod, c.name, type)))) return;
  yield* lock(k.mu.probeWorkers, 'take the probe workerLock (AddPod)');
  for (const [c, type, probe] of wanted) {
    const key = keyOf(pod, c.name, type);
    if (m.workers.has(key)) continue;
    const w = newWorker(k, pod, c, probe, type);
    m.workers.set(key, w);
    if (custom && type === 'readiness') k.log('probe.worker-added', { pod: formatPod(pod), containerName: c.name, probe: probe.text ?? '&Probe{}' });
    k.spawn(`probe ${podName(pod)}/${c.name} ${type}`, probeLoop(k, w));
  }
  k.sched.unlock(k.mu.probeWorkers);
}

function keyOf(pod: ApiPod, container: string, type: ProbeType): string {
  return `${pod.uid}/${container}/${type}`;
}

function newWorker(k: Kubelet, pod: ApiPod, c: ContainerSpec, probe: ProbeSpec, type: ProbeType): ProbeWorker {
  const w: ProbeWorker = {
    key: keyOf(pod, c.name, type), type, pod, container: c, probe, containerId: '',
    initialValue: type === 'readiness' ? 'Failure' : type === 'liveness' ? 'Success' : undefined, resultRun: 0, onHold: false, stopped: false,
    wake: new Chan(`probe ${c.name} ${type} manualTrigger`, 1), tick: new Chan(`probe ${c.name} ${type} ticker`, 1), startUs: k.nowUs,
  };
  if (k.cfg.custom && type === 'readiness') {
    // The custom branch: trust the API's container readiness across a kubelet restart.
    k.log('probe.initial-status', { status: statusV(pod.status) });
    const s = pod.status.containerStatuses.find((x) => x.name === c.name && x.ready);
    if (s) {
      k.log('probe.initial-result', { pod: formatPod(pod), containerName: c.name, $0: containerStatusV(s) });
      w.containerId = bare(s.containerID);
      w.initialValue = 'Success';
      k.probes.setResult(w, 'Success');
    }
  }
  return w;
}

/**
 * probeManager.UpdatePodStatus: fill `ready` for each container — the probe result if there is one, otherwise
 * "not ready if a probe worker exists, ready if the container has no probe".
 */
export function* updatePodStatus(k: Kubelet, pod: ApiPod, statuses: ContainerStatus[]): Go {
  const m = k.probes;
  for (const cs of statuses) {
    if (!cs.running) { cs.ready = false; continue; }
    const id = bare(cs.containerID);
    const key = keyOf(pod, cs.name, 'readiness');
    if (k.cfg.custom?.atomicReadinessRead) {
      if (!m.readiness.has(id)) k.world.emit('readiness-lookup', pod.uid);
      yield* lock(k.mu.probeWorkers, 'take the probe workerLock, then read result and worker together (fixed)');
      const result = m.readiness.get(id);
      cs.ready = result ? result === 'Success' : !m.workers.has(key);
      k.sched.unlock(k.mu.probeWorkers);
    } else {
      const result = m.readiness.get(id);
      if (result) cs.ready = result === 'Success';
      else {
        k.world.emit('readiness-lookup', pod.uid);
        yield* preempt(`readiness cache has no result for ${cs.name}; next: look up its probe worker`);
        yield* lock(k.mu.probeWorkers, 'take the probe workerLock (getWorker)');
        cs.ready = !m.workers.has(key);
        k.sched.unlock(k.mu.probeWorkers);
        if (!cs.ready) k.world.emit('ready-false-worker-found', pod.uid);
      }
    }
    const w = m.workers.get(key);
    if (k.minor >= 21 && !cs.ready && w) k.sched.trySend(w.wake, true);
  }
}

function* probeLoop(k: Kubelet, w: ProbeWorker): Go {
  const periodUs = w.probe.periodSeconds * 1e6;
  // A random initial delay spreads probes out; 1.23+ only right after the kubelet started.
  if (k.minor < 21 || k.nowUs - k.probes.startedUs < periodUs) yield* sleep(k.sched.rng.int(periodUs), 'probe worker initial jitter');
  k.sched.ticker(w.tick, periodUs, k.nowUs + periodUs, () => !w.stopped && k.alive);
  for (;;) {
    if (w.stopped) break;
    if (!(yield* doProbe(k, w))) break;
    yield* select([{ kind: 'recv', ch: w.wake as Chan<unknown> }, { kind: 'recv', ch: w.tick as Chan<unknown> }], `wait for the ${w.probe.periodSeconds}s probe period`);
  }
  k.truth('probe', w.pod.uid, `${w.container.name}/${w.type}`, 'stopped');
}

function* doProbe(k: Kubelet, w: ProbeWorker): Go<boolean> {
  const st = k.status.cached(w.pod.uid);
  if (!st) {
    k.log('probe.no-status', { pod: k.structured ? podVal(w.pod) : formatPod(w.pod) });
    return true;
  }
  if (st.phase === 'Failed' || st.phase === 'Succeeded') return false;
  const cs = st.containerStatuses.find((c) => c.name === w.container.name);
  if (!cs || !cs.containerID) return true;
  const id = bare(cs.containerID);
  if (w.containerId !== id) {
    w.containerId = id;
    w.resultRun = 0;
    w.lastResult = undefined;
    w.onHold = false;
    if (w.initialValue) k.probes.setResult(w, w.initialValue);
  }
  if (w.onHold) return true;
  if (!cs.running) {
    k.probes.setResult(w, 'Failure');
    return true;
  }
  if (k.nowUs - cs.running.startedUs < w.probe.initialDelaySeconds * 1e6) return true;
  // 1.16+: the startup probe runs until the container has started, the others only after.
  if (k.minor >= 16 && (w.type === 'startup') === k.probes.started(w.container, id)) return true;
  const ok = yield* runProbe(k, w, id);
  const result: ProbeResult = ok ? 'Success' : 'Failure';
  const label = PROBE_LABEL[w.type];
  const who = k.structured
    ? { probeType: { t: 'stringer' as const, v: label }, pod: podVal(w.pod), podUID: uidVal(w.pod.uid), containerName: w.container.name }
    : { probeType: label, podContainer: `${formatPod(w.pod)}:${w.container.name}` };
  const output = w.probe.kind === 'http' ? 'HTTP probe failed with statuscode: 503' : '';
  if (ok) k.log('probe.succeeded', who);
  else {
    k.log('probe.failed', { ...who, probeResult: 'failure', output });
    // The prober records an Unhealthy event for each failed probe (the custom seed-000 branch's default prober too).
    recordEvent(k, { kind: 'Pod', pod: w.pod, container: w.container.name }, 'Warning', 'Unhealthy', `${label} probe failed: ${output}`);
  }
  if (w.lastResult === result) w.resultRun++;
  else { w.lastResult = result; w.resultRun = 1; }
  if (result === 'Failure' && w.resultRun < w.probe.failureThreshold) return true;
  if (result === 'Success' && w.resultRun < w.probe.successThreshold) return true;
  k.probes.setResult(w, result);
  if (w.type !== 'readiness' && result === 'Failure') {
    w.onHold = true;
    w.resultRun = 0;
  }
  return true;
}

function* runProbe(k: Kubelet, w: ProbeWorker, id: string): Go<boolean> {
  if (w.probe.kind === 'exec') {
    const r = yield* k.cri(k.world.cri.execProbe(id), `exec probe ${w.container.name}`);
    return r.ok && r.value === true;
  }
  const plan = (): CallPlan<boolean> => ({ durationUs: 1_500, hang: false, complete: (now) => ({ ok: true, value: k.world.cri.appReady(id, now) }) });
  const r = yield* call(plan, `HTTP probe ${w.container.name}`);
  return r.ok && r.value === true;
}

/** ≤1.20: the prober's own goroutine (updateReadiness) hands results to the status manager. */
export function* readinessUpdater(k: Kubelet): Go {
  for (;;) {
    const r = yield* recv(k.readinessUpdates, 'wait for a readiness result (updateReadiness)');
    if (!r.ok || !r.value) return;
    k.status.setContainerReadiness(r.value.uid, r.value.containerId, r.value.result === 'Success');
  }
}
