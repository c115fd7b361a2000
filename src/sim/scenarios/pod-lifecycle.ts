/**
 * pod-lifecycle: the baseline every incident departs from — a pod is created, its sandbox and container start, the
 * readiness probe passes, a label is added (a config UPDATE), it is deleted gracefully, terminates and is removed; the
 * GC then removes its sandbox.
 * Runs in each era's kubelet (1.12 serializer, 1.23 lifecycle, 1.28 pending/active pod workers).
 * buggy: the application ignores SIGTERM, so deletion waits the whole grace period and ends in SIGKILL (exit 137).
 */
import { startKubelet } from '../kubelet/run.ts';
import type { Scenario } from './types.ts';
import { MIN, S, at, container, createAt, kubeletConfig, makePod } from './build.ts';
import { changed, firstTime, lifecycleAnnotations, SLOW_RUNTIME_FAULT } from './common.ts';

const START = at(2024, 3, 15, 10, 0, 0, 120_433);
const GRACE_S = 10;

export const podLifecycle: Scenario = {
  id: 'pod-lifecycle',
  title: 'A pod from ADD to REMOVE',
  summary: 'A pod is created, started, probed ready, deleted gracefully and removed (1.12, 1.23 or 1.28 pod workers).',
  narrative:
    'The kubelet starts with nothing to run. A user creates web-0: the config source sends ADD, the sync loop hands ' +
    'the pod to a new pod worker, which creates the sandbox and the container; PLEG notices them start; the readiness ' +
    'probe passes and the status manager reports the pod Ready. A label is added (UPDATE: one more sync, nothing to do). ' +
    'Then the user deletes it: DELETE moves the pod worker to ' +
    'terminating, the container is stopped with its grace period, the status manager issues the final delete once the ' +
    'pod is terminated, and REMOVE ends its life in the kubelet. A minute later the container GC removes the sandbox.',
  versions: ['1.12', '1.23', '1.28'],
  startUs: START,
  defaultVersion: () => '1.28',
  defaultVerbosity: 2,
  defaultSeed: 1,
  variants: {
    buggy: 'the application ignores SIGTERM: deletion waits the full 10 s grace period and the container is SIGKILLed (exit 137)',
    fixed: 'the application exits on SIGTERM within a second',
  },
  faults: [
    SLOW_RUNTIME_FAULT,
    { id: 'crash-runtime', label: 'container runtime crashes for 5 s', fault: { kind: 'crash-runtime', durationUs: 5 * S } },
  ],
  setup({ world, variant, profile }) {
    const cfg = kubeletConfig(profile, { nodeName: 'node-1', pid: 2891 });
    const app = container('app', 'nginx:1.25', {
      ports: [{ name: 'http', containerPort: 80, protocol: 'TCP' }],
      readinessProbe: { kind: 'http', periodSeconds: 5, initialDelaySeconds: 0, failureThreshold: 3, successThreshold: 1 },
      app: { readyAfterUs: 2_500_000, exitAfterTermUs: variant === 'buggy' ? 3600 * S : 420_000, termExitCode: 0 },
    });
    startKubelet(world, profile, cfg);
    const pod = makePod('web-0', 'default', [app], { creationUs: START + 3 * S, graceSeconds: GRACE_S });
    createAt(world, pod);
    // A label change mid-life: the config source sends UPDATE, the pod worker syncs once more and nothing changes.
    world.sched.addTimer(START + 15 * S, () => world.api.label(pod.uid, 'tier', 'frontend'));
    world.sched.addTimer(START + 25 * S, () => world.api.requestDelete(pod.uid, GRACE_S));
    return START + 75 * S + MIN / 60;
  },
  annotations: lifecycleAnnotations,
  outcome({ world }) {
    const kills = changed(world, 'container', 'killing');
    const exits = world.truth.changes.filter((c) => c.machine === 'container' && c.to === 'exited');
    const sigkill = [...world.cri.containers.values()].some((c) => c.exitCode === 137) ||
      exits.some((e) => e.timeUs - (kills[0]?.timeUs ?? Infinity) >= GRACE_S * S - 100_000);
    const removed = firstTime(world, 'sandbox', 'removed');
    return {
      incident: sigkill,
      summary: sigkill
        ? `Deletion waited the whole ${GRACE_S}s grace period: the container ignored SIGTERM and was SIGKILLed.`
        : 'The pod went through its whole lifecycle; the container exited on SIGTERM.',
      keyTimesUs: {
        containerRunning: firstTime(world, 'container', 'running'), ready: firstTime(world, 'readiness', 'ready'),
        killing: kills[0]?.timeUs ?? NaN, exited: exits[0]?.timeUs ?? NaN, sandboxRemoved: removed,
      },
      counts: { containerKills: kills.length, lines: world.log.lines.length },
    };
  },
};
