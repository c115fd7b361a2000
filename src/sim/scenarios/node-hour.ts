/**
 * node-hour: a busy node for a simulated hour (or `hours`) with `pods` pods (default 100) — rollouts replacing pods,
 * graceful deletions, readiness probes, a few crash-looping containers. No incident: it is the speed benchmark and
 * a generator of large, realistic kubelet logs. The churn plan comes from its own PRNG (seeded), so it does not
 * depend on the interleaving.
 */
import { Rng } from '../engine/rng.ts';
import { startKubelet } from '../kubelet/run.ts';
import type { ApiPod, ContainerSpec } from '../world/types.ts';
import type { World } from '../world/world.ts';
import { MIN, S, at, container, hashInputFor, kubeletConfig, makePod, placeRunningPod } from './build.ts';
import { changed } from './common.ts';
import type { Scenario } from './types.ts';

const START = at(2024, 3, 15, 0, 0, 0, 48_211);
const NAMESPACES = ['default', 'shop', 'payments', 'monitoring', 'batch'];
const APPS = ['api', 'web', 'worker', 'cache', 'gateway', 'indexer', 'billing', 'auth', 'search', 'cart'];

function randomPod(rng: Rng, serial: number, creationUs: number): ApiPod {
  const app = APPS[rng.int(APPS.length)];
  const ns = NAMESPACES[rng.int(NAMESPACES.length)];
  const suffix = (rng.nextU32() >>> 8).toString(36).padStart(5, '0').slice(0, 5);
  const crashes = rng.float() < 0.08;
  const main: ContainerSpec = container(app, `registry.local/${app}:1.${rng.int(30)}.${rng.int(10)}`, {
    ports: [{ name: 'http', containerPort: 8080, protocol: 'TCP' }],
    readinessProbe: { kind: 'http', periodSeconds: 10, initialDelaySeconds: 0, failureThreshold: 3, successThreshold: 1 },
    app: {
      readyAfterUs: (2 + rng.int(8)) * S, exitAfterTermUs: rng.between(100, 2500) * 1000, termExitCode: rng.float() < 0.8 ? 0 : 143,
      crashAfterUs: crashes ? rng.between(3, 25) * MIN : undefined, crashExitCode: 1,
    },
  });
  const containers = rng.float() < 0.3 ? [main, container('envoy', 'envoyproxy/envoy:v1.29.1')] : [main];
  return makePod(`${app}-${serial.toString(36)}${suffix}`, ns, containers, { creationUs, graceSeconds: 30 });
}

/** Replace a pod at the end of its lifetime (a rollout): delete it, create its successor a few seconds later. */
function scheduleLife(world: World, rng: Rng, pod: ApiPod, serial: () => number, endUs: number): void {
  const deleteUs = world.sched.nowUs + rng.between(8, 55) * MIN + rng.int(60 * S);
  if (deleteUs >= endUs) return;
  world.sched.addTimer(deleteUs, () => {
    world.api.requestDelete(pod.uid, pod.spec.terminationGracePeriodSeconds);
    const createUs = world.sched.nowUs + rng.between(1, 6) * S;
    world.sched.addTimer(createUs, () => {
      const next = randomPod(rng, serial(), createUs);
      world.api.create(next);
      scheduleLife(world, rng, next, serial, endUs);
    });
  });
}

export const nodeHour: Scenario = {
  id: 'node-hour',
  title: 'A busy node for an hour',
  summary: 'Generator: N pods (default 100) for a simulated hour with rollouts, probes and a few crash loops (speed figure, large logs).',
  narrative: 'A worker node running about a hundred pods: every few minutes a rollout replaces one, readiness probes tick, some containers crash and back off. Nothing goes wrong; the point is volume.',
  versions: ['1.12', '1.23', '1.28'],
  startUs: START,
  defaultVersion: () => '1.28',
  defaultVerbosity: 2,
  defaultSeed: 1,
  heavy: true,
  variants: { buggy: 'same as fixed (no incident is modelled)', fixed: 'a healthy node' },
  faults: [
    { id: 'crash-runtime', label: 'container runtime crashes for 20 s', fault: { kind: 'crash-runtime', durationUs: 20 * S } },
    { id: 'slow-runtime', label: 'runtime 30× slower for 5 min', fault: { kind: 'slow-runtime', factor: 30, durationUs: 5 * MIN } },
  ],
  setup({ world, profile, seed, pods, hours }) {
    const rng = new Rng((seed * 2654435761) ^ 0x5eed);
    const endUs = START + hours * 60 * MIN;
    let n = 0;
    const serial = () => n++;
    const hash = hashInputFor(profile);
    for (let i = 0; i < pods; i++) {
      const pod = randomPod(rng, serial(), START - rng.between(10, 600) * MIN);
      placeRunningPod(world, pod, { startedUs: pod.creationUs + 20 * S, restarts: 0, runtime: profile.runtime, hash, apiPodReady: true });
      scheduleLife(world, rng, pod, serial, endUs);
    }
    // --max-pods sized for the run (rollouts briefly hold two pods for one); the pods request no resources.
    startKubelet(world, profile, kubeletConfig(profile, { nodeName: 'worker-17', pid: 3127, allocatable: { cpuMilli: 64_000, memoryBytes: 256 * 2 ** 30, pods: Math.max(110, 2 * pods) } }));
    return endUs;
  },
  annotations: [],
  outcome({ world }) {
    return {
      incident: false,
      summary: `${world.api.pods.size} pods at the end; ${world.sched.stepCount} scheduler steps; ${world.log.lines.length} log lines.`,
      keyTimesUs: {},
      counts: {
        steps: world.sched.stepCount, lines: world.log.lines.length, podsAtEnd: world.api.pods.size,
        containersStarted: changed(world, 'container', 'running').length, containersKilled: changed(world, 'container', 'killing').length,
      },
    };
  },
};
