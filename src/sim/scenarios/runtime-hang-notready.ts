/**
 * runtime-hang-notready (seed 002): docker hangs inspecting one container. The kubelet restarts; updateRuntimeUp
 * gets a healthy runtime status and runs the one-time initializer, in which cAdvisor inspects every container — with
 * no deadline — and blocks forever. The base runtime sync time is therefore never set: the sync loop skips every
 * iteration ("container runtime is down" in 1.12; "status check may not have completed yet" from 1.13) and the node
 * reports NotReady.
 *
 * fixed: a deadline on the inspect call wherever the kubelet makes it — cAdvisor's at initialization (the write-up's
 * proposal) and the kubelet's own CRI ContainerStatus (upstream: the 2 min runtime request timeout) — and the node
 * status waits for the first runtime check (as later kubelets do). Why both: PLEG inspects the pods that changed one
 * after another (generic.go), and after a restart every pod has changed. With only cAdvisor's deadline the first
 * relist would wait the full 2 minutes on the hung container, holding back the other pods' events and syncs, and
 * from the second relist on — the failed pod is inspected again for its events and once more as "to reinspect" —
 * 4 minutes, so PLEG would turn unhealthy about 5 minutes after the restart (a public report of that shape: failed
 * reinspection logged every 4 min, PLEG latency 240 s, the node flapping Ready/NotReady). With the short deadline
 * the hung container costs each relist 2–4 s: the other pods keep syncing and probing, the node stays Ready, and
 * only the hung pod is stuck — its status cannot be read, so its worker fails every sync and a delete never kills
 * it. The same hang arriving after initialization (fault `hang-redis-c`) only blocks what touches that container:
 * deleting redis-c then hangs in StopContainer until its timeout, while everything else goes on.
 */
import { startKubelet } from '../kubelet/run.ts';
import { MIN, S, at, container, hashInputFor, kubeletConfig, makePod, placeRunningPod } from './build.ts';
import { became, changed, firstTime, printed } from './common.ts';
import type { Scenario } from './types.ts';

const START = at(2020, 5, 20, 16, 21, 7, 530_118);
const HUNG = 'redis-b';
/** redis-b (hung since before the restart) is deleted at +40 s; redis-c at +90 s, with a 10 s grace period. */
const DELETE_HUNG_US = 40 * S;
const DELETE_OTHER_US = 90 * S;
const OTHER_GRACE_S = 10;
export const RUNTIME_HANG_PROBE_PERIOD_S = 10;

export const runtimeHangNotReady: Scenario = {
  id: 'runtime-hang-notready',
  title: 'A hung docker inspect turns the node NotReady after a kubelet restart',
  summary: 'Seed 002: the one-time initializer blocks on a hung container inspect, the runtime sync time is never set, the node goes NotReady.',
  narrative:
    'One container\'s docker lock is stuck: `docker inspect` on it never returns, everything else works. The kubelet is ' +
    'restarted. updateRuntimeUp asks the runtime for its status (fine) and then runs initializeRuntimeDependentModules ' +
    'exactly once; cAdvisor starts by inspecting every container and waits forever on the hung one. Because that call ' +
    'never returns, updateRuntimeUp never records a successful runtime sync: the sync loop skips all pod work and the ' +
    'node status reports NotReady — although the runtime is healthy for every other container. Before the restart the ' +
    'same hang was harmless: the initializer had already run, and PLEG only inspects a container when its state changes. ' +
    'The fix puts a deadline on the inspect call: the node stays Ready, and only the hung pod is stuck — it cannot be ' +
    'inspected, so a delete never kills it — while redis-a keeps probing and redis-c is deleted normally.',
  seed: '002',
  versions: ['1.12', '1.23'],
  startUs: START,
  defaultVersion: () => '1.12',
  defaultVerbosity: 2,
  defaultSeed: 1,
  variants: {
    buggy: 'cAdvisor\'s container inspections during initialization have no deadline',
    fixed: 'a 2 s deadline on the inspect call — cAdvisor\'s at initialization and the kubelet\'s own ContainerStatus (2 min upstream) — and the node status waits for the first runtime check',
  },
  faults: [
    { id: 'hang-redis-c', label: 'hang docker inspect/stop of redis-c (after initialization)', fault: { kind: 'hang-container', container: 'redis-c' } },
    { id: 'hang-runtime', label: 'the whole runtime hangs for 60 s', fault: { kind: 'hang-runtime', durationUs: 60 * S } },
  ],
  setup({ world, variant, profile }) {
    const fixed = variant === 'fixed';
    const cfg = kubeletConfig(profile, {
      nodeName: 'redis-node-17', pid: 28713,
      initInspectDeadlineUs: fixed ? 2 * S : 0, inspectDeadlineUs: fixed ? 2 * S : undefined, statusWaitsForRuntime: fixed,
    });
    for (const name of ['redis-a', 'redis-b', 'redis-c']) {
      const probe = { kind: 'http' as const, periodSeconds: RUNTIME_HANG_PROBE_PERIOD_S, initialDelaySeconds: 0, failureThreshold: 3, successThreshold: 1 };
      const pod = makePod(`${name}-0`, 'redis', [container(name, 'redis:5.0.5', { readinessProbe: probe })],
        { creationUs: START - 30 * MIN, graceSeconds: name === 'redis-c' ? OTHER_GRACE_S : 30 });
      placeRunningPod(world, pod, { startedUs: START - 3 * 24 * 60 * MIN, restarts: 0, runtime: profile.runtime, hash: hashInputFor(profile), apiPodReady: true });
      if (name === HUNG) world.sched.addTimer(START + DELETE_HUNG_US, () => world.api.requestDelete(pod.uid, 30));
      if (name === 'redis-c') world.sched.addTimer(START + DELETE_OTHER_US, () => world.api.requestDelete(pod.uid, OTHER_GRACE_S));
    }
    world.cri.faults.push({ kind: 'hang-container', container: HUNG, fromUs: START - MIN, untilUs: Infinity });
    startKubelet(world, profile, cfg);
    return START + 240 * S;
  },
  annotations: [
    { id: 'restart', title: 'The kubelet restarts', text: 'Run() starts updateRuntimeUp (every 5 s), the node status loop (every 10 s), PLEG and the sync loop.', match: printed('syncloop.start') },
    { id: 'skipping', title: 'Sync loop skips pod work', text: 'runtimeState.runtimeErrors() is not empty — no successful runtime sync has been recorded — so the iteration handles nothing and backs off (100 ms doubling to 5 s).', match: printed('syncloop.skipping') },
    { id: 'not-ready', title: 'Node became not ready', text: 'The node status loop computes the Ready condition from the same runtime errors and reports NotReady (event NodeNotReady). Look at the runtime-health goroutine: it is still blocked in cAdvisor\'s inspect of the hung container.', match: became('node-ready', 'NotReady') },
    { id: 'inspect-failed', title: 'PLEG cannot inspect the hung pod', text: 'After the restart every container is new to PLEG, so it inspects every pod, one after another. The hung container\'s inspect fails only at its deadline (2 min upstream, 2 s fixed) and holds up the whole relist until then. PLEG ignores the pod\'s events and keeps its old record, so the next relist finds the same events and inspects it again — and again at the end, as a pod that failed before.', match: printed('pleg.inspect-failed') },
    { id: 'delete-hung', title: 'The hung pod is deleted', text: 'A user deletes the pod whose container hangs. Its pod worker needs the pod\'s status from the PLEG cache and finds only the inspection error ("error determining status"): it fails every sync and never gets as far as the kill. With the kubelet healthy (fixed) only this pod is stuck.', match: printed('syncloop.delete') },
    { id: 'other-removed', title: 'Another pod is deleted normally', text: 'redis-c is deleted and goes through its whole termination — kill, PLEG ContainerDied, final status, REMOVE — within seconds: the hung container of redis-b does not hold it up. (Inject the redis-c hang after initialization and this kill hangs in StopContainer instead.)', match: printed('syncloop.remove') },
  ],
  outcome({ world }) {
    const notReady = changed(world, 'node-ready', 'NotReady');
    const skips = world.siteCalls.filter((c) => c.site === 'syncloop.skipping');
    const skipSpanUs = skips.length ? skips[skips.length - 1].timeUs - skips[0].timeUs : 0;
    const initialized = world.moments.some((m) => m.name === 'runtime-initialized');
    const cause = initialized ? 'the runtime stopped answering after initialization' : 'the one-time initializer is stuck on the hung inspect';
    const removed = [...world.api.pods.values()].length;
    return {
      incident: notReady.length > 0,
      summary: notReady.length > 0
        ? `The node went NotReady and the sync loop skipped pod work for ${Math.round(skipSpanUs / 1e6)} s: ${cause}.`
        : `The node stayed Ready. Only the hung pod is stuck: its inspection times out, so its worker fails every sync and the delete never kills it (${removed} of 3 pods still in the API at the end).`,
      keyTimesUs: { firstSkip: skips[0]?.timeUs ?? NaN, nodeNotReady: notReady[0]?.timeUs ?? NaN, syncResumed: firstTime(world, 'sync-gate', 'running') },
      counts: {
        skippedIterations: skips.length, skippedSeconds: Math.round(skipSpanUs / 1e6), podsLeft: removed,
        inspectFailures: world.siteCalls.filter((c) => c.site === 'pleg.inspect-failed').length,
      },
    };
  },
};
