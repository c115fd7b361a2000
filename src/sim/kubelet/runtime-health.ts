/**
 * Runtime health and node readiness (§1.6, §1.7, §3.8): `updateRuntimeUp` every 5 s (CRI Status, then the one-time
 * initializer, then the base runtime sync time), the runtime errors the sync loop gate and the Ready condition
 * read (30 s threshold, PLEG health), and the node status loop that reports Ready and logs "Node became not ready".
 */
import { sleep, wait, type Go } from '../engine/ops.ts';
import { goTime } from '../log/go-values.ts';
import { recordEvent } from './events.ts';
import { plegHealthError } from './pleg.ts';
import type { Kubelet } from './kubelet.ts';

const RUNTIME_SYNC_THRESHOLD_US = 30e6;

/** runtimeState.runtimeErrors(): the list the sync loop and the node Ready condition see. */
export function runtimeErrors(k: Kubelet): string[] {
  const errs: string[] = [];
  if (k.lastRuntimeSyncUs === 0) {
    errs.push(k.profile.zeroSyncIsDown ? 'container runtime is down' : 'container runtime status check may not have completed yet');
  } else if (k.nowUs >= k.lastRuntimeSyncUs + RUNTIME_SYNC_THRESHOLD_US) {
    errs.push('container runtime is down');
  }
  const pleg = plegHealthError(k);
  if (pleg) errs.push(`PLEG is not healthy: ${pleg}`);
  return errs;
}

/** How the errors print: `%v` of a []string ≤1.14, an aggregate error later ("[a, b]", or just "a"). */
export function errorsText(k: Kubelet, errs: string[]): string {
  if (k.minor <= 14) return `[${errs.join(' ')}]`;
  return errs.length === 1 ? errs[0] : `[${errs.join(', ')}]`;
}

export function* updateRuntimeUpLoop(k: Kubelet): Go {
  for (;;) {
    yield* updateRuntimeUp(k);
    yield* sleep(5e6, 'updateRuntimeUp period (5s)');
  }
}

export function* updateRuntimeUp(k: Kubelet): Go {
  const r = yield* k.cri(k.world.cri.status(), 'CRI Status (updateRuntimeUp)');
  if (!r.ok) {
    k.log('runtime.sanity-failed', { err: r.err ?? 'unknown' });
    return;
  }
  yield* oneTimeInitializer(k);
  k.lastRuntimeSyncUs = k.nowUs;
}

/**
 * sync.Once around initializeRuntimeDependentModules: cAdvisor starts by inspecting every container in the
 * runtime. Upstream gives those inspections no deadline, so one hung container blocks initialization — and with it
 * every later updateRuntimeUp — forever (seed 002).
 */
function* oneTimeInitializer(k: Kubelet): Go {
  if (k.init.state === 'done') return;
  if (k.init.state === 'running') {
    while (!initDone(k)) yield* wait(k.init.done, 'wait for the one-time initializer (sync.Once)');
    return;
  }
  k.init.state = 'running';
  const list = yield* k.cri(k.world.cri.listContainers(false), 'cAdvisor start: list containers', 0);
  for (const c of list.value ?? []) {
    yield* k.cri(k.world.cri.containerStatus(c.id), `cAdvisor start: inspect container ${c.id.slice(0, 12)} (${c.name})`, k.cfg.initInspectDeadlineUs);
  }
  k.init.state = 'done';
  k.world.emit('runtime-initialized', '');
  k.sched.broadcast(k.init.done);
}

function initDone(k: Kubelet): boolean {
  return k.init.state === 'done';
}

export function* nodeStatusLoop(k: Kubelet): Go {
  if (k.cfg.statusWaitsForRuntime) yield* updateRuntimeUp(k);
  k.log('node.registering', { node: k.cfg.nodeName });
  yield* k.cri(k.world.api.roundTrip(), 'register node: POST (exists)', 0);
  yield* k.cri(k.world.api.roundTrip(), 'register node: GET and reconcile', 0);
  k.log('node.registered', { node: k.cfg.nodeName });
  for (;;) {
    yield* syncNodeStatus(k);
    const jitter = k.minor >= 21 ? k.sched.rng.int(0.04 * 10e6) : 0;
    yield* sleep(10e6 + jitter, 'node status period (10s)');
  }
}

function* syncNodeStatus(k: Kubelet): Go {
  yield* k.cri(k.world.api.roundTrip(), 'GET node', 0);
  const errs = runtimeErrors(k);
  const ready = errs.length === 0;
  const api = k.world.api;
  if (api.nodeReady === 'True' && !ready) {
    const message = k.minor <= 14 ? errs.join(',') : errorsText(k, errs);
    const cond = {
      t: 'struct' as const,
      text: `{Type:Ready Status:False LastHeartbeatTime:${goTime(k.nowUs)} LastTransitionTime:${goTime(k.nowUs)} Reason:KubeletNotReady Message:${message}}`,
      json: { type: 'Ready', status: 'False', lastHeartbeatTime: null, lastTransitionTime: null, reason: 'KubeletNotReady', message },
    };
    recordNodeStatusEvent(k, 'NodeNotReady');
    k.log('node.not-ready', { node: k.cfg.nodeName, condition: cond });
    k.truth('node-ready', '', '', 'NotReady');
  } else if (api.nodeReady === 'False' && ready) {
    recordNodeStatusEvent(k, 'NodeReady');
    k.truth('node-ready', '', '', 'Ready');
  }
  yield* k.cri(api.patchNodeReady(ready ? 'True' : 'False'), 'PATCH node status', 0);
}

/** The Ready setter's event on each transition of the condition: a V2 line, then the Event (logged at V3). */
function recordNodeStatusEvent(k: Kubelet, event: 'NodeReady' | 'NodeNotReady'): void {
  k.log('node.recording-event', { node: k.cfg.nodeName, event });
  recordEvent(k, { kind: 'Node' }, 'Normal', event, `Node ${k.cfg.nodeName} status is now: ${event}`);
}
