/**
 * The probe manager: one worker goroutine per (pod, container) readiness probe, the readiness results cache, and
 * the read that fills `Ready` into a generated pod status. Seed 000's custom 1.12.4 branch is modelled here too: a
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

export type ProbeResult = 'Success' | 'Failure';

interface ProbeWorker {
  key: string;
  pod: ApiPod;
  container: ContainerSpec;
  probe: ProbeSpec;
  containerId: string;
  initialValue: ProbeResult;
  lastResult?: ProbeResult;
  resultRun: number;
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
  /** The readiness results cache, by container ID. */
  readonly readiness = new Map<string, ProbeResult>();
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

  setResult(w: ProbeWorker, result: ProbeResult): void {
    if (!w.containerId || this.readiness.get(w.containerId) === result) return;
    this.readiness.set(w.containerId, result);
    this.k.truth('probe', w.pod.uid, `${w.container.name}/readiness`, result === 'Success' ? 'success' : 'failure');
    this.k.sched.trySend(this.k.readinessUpdates, { uid: w.pod.uid, containerId: w.containerId, result });
  }
}

/** probeManager.AddPod: create a readiness worker per container (idempotent). Runs in the caller's goroutine. */
export function* addPod(k: Kubelet, pod: ApiPod): Go {
  const m = k.probes;
  const custom = k.cfg.custom;
  const probes = pod.spec.containers.map((c) => c.readinessProbe);
  if (custom) {
    pod.spec.containers.forEach((c, i) => {
      if (probes[i] || pod.status.conditions.find((x) => x.type === 'Ready')?.status === 'True') return;
      k.log('probe.default-prober', { pod: pod.name, phase: pod.status.phase });
      probes[i] = DEFAULT_PROBE;
    });
  }
  if (!probes.some(Boolean) || pod.spec.containers.every((c) => m.workers.has(keyOf(pod, c.name)))) return;
  yield* lock(k.mu.probeWorkers, 'take the probe workerLock (AddPod)');
  pod.spec.containers.forEach((c, i) => {
    const probe = probes[i];
    const key = keyOf(pod, c.name);
    if (!probe || m.workers.has(key)) return;
    const w = newWorker(k, pod, c, probe);
    m.workers.set(key, w);
    if (custom) k.log('probe.worker-added', { pod: formatPod(pod), containerName: c.name, probe: probe.text ?? '&Probe{}' });
    k.spawn(`probe ${podName(pod)}/${c.name} readiness`, probeLoop(k, w));
  });
  k.sched.unlock(k.mu.probeWorkers);
}

function keyOf(pod: ApiPod, container: string): string {
  return `${pod.uid}/${container}/readiness`;
}

function newWorker(k: Kubelet, pod: ApiPod, c: ContainerSpec, probe: ProbeSpec): ProbeWorker {
  const w: ProbeWorker = {
    key: keyOf(pod, c.name), pod, container: c, probe, containerId: '', initialValue: 'Failure', resultRun: 0, stopped: false,
    wake: new Chan(`probe ${c.name} manualTrigger`, 1), tick: new Chan(`probe ${c.name} ticker`, 1), startUs: k.nowUs,
  };
  if (k.cfg.custom) {
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
    const key = keyOf(pod, cs.name);
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
  k.truth('probe', w.pod.uid, `${w.container.name}/readiness`, 'stopped');
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
    k.probes.setResult(w, w.initialValue);
  }
  if (!cs.running) {
    k.probes.setResult(w, 'Failure');
    return true;
  }
  if (k.nowUs - cs.running.startedUs < w.probe.initialDelaySeconds * 1e6) return true;
  const ok = yield* runProbe(k, w, id);
  const result: ProbeResult = ok ? 'Success' : 'Failure';
  const who = k.structured
    ? { probeType: { t: 'stringer' as const, v: 'Readiness' }, pod: podVal(w.pod), podUID: uidVal(w.pod.uid), containerName: w.container.name }
    : { probeType: 'Readiness', podContainer: `${formatPod(w.pod)}:${w.container.name}` };
  if (ok) k.log('probe.succeeded', who);
  else k.log('probe.failed', { ...who, probeResult: 'failure', output: w.probe.kind === 'http' ? 'HTTP probe failed with statuscode: 503' : '' });
  if (w.lastResult === result) w.resultRun++;
  else { w.lastResult = result; w.resultRun = 1; }
  if (result === 'Failure' && w.resultRun < w.probe.failureThreshold) return true;
  if (result === 'Success' && w.resultRun < w.probe.successThreshold) return true;
  k.probes.setResult(w, result);
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
