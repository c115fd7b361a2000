/**
 * runtime-hang-notready (seed 002): docker hangs inspecting one container. The kubelet restarts; updateRuntimeUp
 * gets a healthy runtime status and runs the one-time initializer, in which cAdvisor inspects every container — with
 * no deadline — and blocks forever. The base runtime sync time is therefore never set: the sync loop skips every
 * iteration ("container runtime is down" in 1.12; "status check may not have completed yet" from 1.13) and the node
 * reports NotReady. fixed: the initializer's inspect has a deadline and the node status waits for the first runtime
 * check; the hung container then only blocks work on its own pod (deleting it shows that).
 */
import { startKubelet } from '../kubelet/run.ts';
import { MIN, S, at, container, hashInputFor, kubeletConfig, makePod, placeRunningPod } from './build.ts';
import { became, changed, firstTime, printed } from './common.ts';
import type { Scenario } from './types.ts';

const START = at(2020, 5, 20, 16, 21, 7, 530_118);
const HUNG = 'redis-b';

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
    'same hang was harmless: the initializer had already run.',
  seed: '002',
  versions: ['1.12', '1.23'],
  startUs: START,
  defaultVersion: () => '1.12',
  defaultVerbosity: 2,
  defaultSeed: 1,
  variants: {
    buggy: 'cAdvisor\'s container inspections during initialization have no deadline',
    fixed: 'a 2 s deadline on those inspections, and the node status waits for the first runtime check (as later kubelets do)',
  },
  faults: [
    { id: 'hang-redis-c', label: 'hang docker inspect/stop of redis-c (after initialization)', fault: { kind: 'hang-container', container: 'redis-c' } },
    { id: 'hang-runtime', label: 'the whole runtime hangs for 60 s', fault: { kind: 'hang-runtime', durationUs: 60 * S } },
  ],
  setup({ world, variant, profile }) {
    const cfg = kubeletConfig(profile, {
      nodeName: 'redis-node-17', pid: 28713,
      initInspectDeadlineUs: variant === 'fixed' ? 2 * S : 0, statusWaitsForRuntime: variant === 'fixed',
    });
    for (const name of ['redis-a', 'redis-b', 'redis-c']) {
      const pod = makePod(`${name}-0`, 'redis', [container(name, 'redis:5.0.5')], { creationUs: START - 30 * MIN });
      placeRunningPod(world, pod, { startedUs: START - 3 * 24 * 60 * MIN, restarts: 0, runtime: profile.runtime, hash: hashInputFor(profile), apiPodReady: true });
      if (name === HUNG) world.sched.addTimer(START + 40 * S, () => world.api.requestDelete(pod.uid, 30));
    }
    world.cri.faults.push({ kind: 'hang-container', container: HUNG, fromUs: START - MIN, untilUs: Infinity });
    startKubelet(world, profile, cfg);
    return START + 200 * S;
  },
  annotations: [
    { id: 'restart', title: 'The kubelet restarts', text: 'Run() starts updateRuntimeUp (every 5 s), the node status loop (every 10 s), PLEG and the sync loop.', match: printed('syncloop.start') },
    { id: 'skipping', title: 'Sync loop skips pod work', text: 'runtimeState.runtimeErrors() is not empty — no successful runtime sync has been recorded — so the iteration handles nothing and backs off (100 ms doubling to 5 s).', match: printed('syncloop.skipping') },
    { id: 'not-ready', title: 'Node became not ready', text: 'The node status loop computes the Ready condition from the same runtime errors and reports NotReady (event NodeNotReady). Look at the runtime-health goroutine: it is still blocked in cAdvisor\'s inspect of the hung container.', match: became('node-ready', 'NotReady') },
    { id: 'delete-hung', title: 'The hung pod is deleted', text: 'A user deletes the pod whose container hangs. With the kubelet healthy (fixed) only this pod is stuck: its kill blocks on the hung container while everything else proceeds.', match: printed('syncloop.delete') },
  ],
  outcome({ world }) {
    const notReady = changed(world, 'node-ready', 'NotReady');
    const skips = world.siteCalls.filter((c) => c.site === 'syncloop.skipping');
    const skipSpanUs = skips.length ? skips[skips.length - 1].timeUs - skips[0].timeUs : 0;
    const initialized = world.moments.some((m) => m.name === 'runtime-initialized');
    const cause = initialized ? 'the runtime stopped answering after initialization' : 'the one-time initializer is stuck on the hung inspect';
    return {
      incident: notReady.length > 0,
      summary: notReady.length > 0
        ? `The node went NotReady and the sync loop skipped pod work for ${Math.round(skipSpanUs / 1e6)} s: ${cause}.`
        : 'The node stayed Ready. The hung container still costs something: PLEG\'s inspect of it times out after 2 min, and its pod cannot be killed.',
      keyTimesUs: { firstSkip: skips[0]?.timeUs ?? NaN, nodeNotReady: notReady[0]?.timeUs ?? NaN, syncResumed: firstTime(world, 'sync-gate', 'running') },
      counts: { skippedIterations: skips.length, skippedSeconds: Math.round(skipSpanUs / 1e6) },
    };
  },
};
