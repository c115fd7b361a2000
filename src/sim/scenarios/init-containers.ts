/**
 * init-containers: a pod that must run a database migration (an init container) before its API server starts, and
 * on 1.28 a log-shipping sidecar (an init container with restartPolicy Always) that starts first and keeps running.
 * The kubelet starts one init container per sync and waits for it to exit 0 before the next, or for the app
 * containers; a failing init container is restarted with the same back-off as any container (Init:CrashLoopBackOff)
 * and the app containers never start.
 * buggy: the migration cannot reach its database and exits 1 every time. fixed: it completes in 3 s.
 */
import { startKubelet } from '../kubelet/run.ts';
import type { ContainerSpec } from '../world/types.ts';
import type { Scenario } from './types.ts';
import { MIN, S, at, container, createAt, kubeletConfig, makePod } from './build.ts';
import { KUBELET_START, became, changed, firstTime, happened, printed, SLOW_RUNTIME_FAULT } from './common.ts';

const START = at(2024, 5, 6, 9, 30, 0, 204_118);
const POD = 'orders-api-0';
const CREATED_US = START + 4 * S;
const MIGRATE_OK = { readyAfterUs: 0, exitAfterTermUs: 100_000, termExitCode: 0, crashAfterUs: 3 * S, crashExitCode: 0 };

export const initContainers: Scenario = {
  id: 'init-containers',
  title: 'Init containers and a sidecar: a migration that never completes',
  summary: 'An init container (and on 1.28 a sidecar) runs before the app; a failing migration keeps the pod in Init:CrashLoopBackOff.',
  narrative:
    'orders-api-0 runs a database migration in an init container, migrate, before its app container api may start; on ' +
    '1.28 it also has a log-shipper sidecar, an init container with restartPolicy Always that starts first and keeps ' +
    'running beside the app. Each sync of the pod worker starts at most the next init container: computePodActions ' +
    'looks at the init containers from the last one back, and only when the last has exited 0 (a sidecar: is running) ' +
    'does it start the app containers. Buggy: the migration cannot reach its database and exits 1 each time. The ' +
    'kubelet restarts it with the container restart back-off — 10 s, 20 s, 40 s, 80 s — prunes all but the newest ' +
    'exited instance before each start, and the pod stays Pending with Initialized=False (kubectl shows ' +
    'Init:CrashLoopBackOff); the app container never starts. Fixed: the migration completes in 3 s and the app starts ' +
    'on the next sync.',
  versions: ['1.12', '1.23', '1.28'],
  startUs: START,
  defaultVersion: () => '1.28',
  defaultVerbosity: 4,
  defaultSeed: 1,
  variants: {
    buggy: 'the migration cannot reach its database: it exits 1 after 2 s, every time',
    fixed: 'the migration completes (exit 0) after 3 s',
  },
  faults: [
    { id: 'database-back', label: 'the database comes back: migrate succeeds from its next run', fault: { kind: 'fix-app', container: 'migrate' } },
    SLOW_RUNTIME_FAULT,
  ],
  fixedApp: (name) => (name === 'migrate' ? MIGRATE_OK : undefined),
  setup({ world, variant, profile }) {
    const cfg = kubeletConfig(profile, { nodeName: 'node-3', pid: 1187 });
    const migrate = container('migrate', 'registry.example/orders-migrate:4.2', {
      app: variant === 'buggy'
        ? { readyAfterUs: 0, exitAfterTermUs: 100_000, termExitCode: 0, crashAfterUs: 2 * S, crashExitCode: 1 }
        : { ...MIGRATE_OK },
    });
    const inits: ContainerSpec[] = [migrate];
    // Sidecars exist from 1.28 (SidecarContainers feature gate; on by default from 1.29).
    if (profile.minor >= 28) {
      inits.unshift(container('log-shipper', 'registry.example/fluent-bit:2.2', {
        restartPolicy: 'Always', app: { readyAfterUs: 0, exitAfterTermUs: 300_000, termExitCode: 0 },
      }));
    }
    const api = container('api', 'registry.example/orders-api:4.2', {
      ports: [{ name: 'http', containerPort: 8080, protocol: 'TCP' }],
      readinessProbe: { kind: 'http', periodSeconds: 5, initialDelaySeconds: 0, failureThreshold: 3, successThreshold: 1 },
      app: { readyAfterUs: 1_500_000, exitAfterTermUs: 400_000, termExitCode: 0 },
    });
    startKubelet(world, profile, cfg);
    const pod = makePod(POD, 'shop', [api], { creationUs: CREATED_US, graceSeconds: 20 });
    pod.spec.initContainers = inits;
    createAt(world, pod);
    return START + 3 * MIN;
  },
  annotations: [
    KUBELET_START,
    { id: 'sandbox', title: 'Sandbox created, first init container next', text: 'A new sandbox always starts from the first init container: computePodActions puts it in InitContainersToStart (≤1.27: NextInitContainerToStart) and leaves ContainersToStart empty, so the app container waits.', match: became('sandbox', 'ready') },
    { id: 'sidecar', title: 'Sidecar running: the next init container may start', text: 'log-shipper has restartPolicy Always: it counts as done once it runs ("Init container has been initialized"), and the next sync starts migrate. It keeps running for the pod\'s whole life and is restarted whenever it exits.', match: printed('runtime.init-done-running') },
    { id: 'init-exit', title: 'The init container exited', text: 'PLEG sees migrate exit and wakes the pod worker. Exit 0: the next sync starts the app containers (or the next init container). Non-zero: the same init container is restarted, after the restart back-off.', match: (f) => f.changes.some((c) => c.machine === 'container' && c.to === 'exited') },
    { id: 'backoff', title: 'Init:CrashLoopBackOff', text: 'The sync finds migrate failed again and still inside its back-off window: "Backing Off restarting … init container", the sync fails with CrashLoopBackOff and is retried in 10–15 s. The app container is not even considered until every init container has succeeded.', match: (f) => f.sites.includes('runtime.backoff') || f.sites.includes('runtime.init-backoff-printf') },
    { id: 'prune', title: 'Old init container instances removed', text: 'pruneInitContainersBeforeStart keeps only the newest exited instance of each init container, so its logs stay readable with kubectl logs --previous and the runtime does not fill up.', match: (f) => f.sites.includes('runtime.remove-init') },
    { id: 'app-start', title: 'Initialised: the app container starts', text: 'The last init container exited 0 (or, for a sidecar, runs): the pod is initialised, Initialized=True, and computePodActions now looks at the app containers.', match: happened('app-container-after-init') },
    { id: 'ready', title: 'Ready', text: 'The app container\'s readiness probe passed: the pod is Ready. The sidecar (1.28) does not take part in readiness unless it has its own probe.', match: became('readiness', 'ready') },
  ],
  outcome({ world }) {
    const pod = [...world.api.pods.values()].find((p) => p.name === POD);
    const uid = pod?.uid ?? '';
    const containers = [...world.cri.containers.values()].filter((c) => c.pod.uid === uid);
    // Pruned migrate instances are gone from the runtime; the other containers are never pruned.
    const migrateRuns = changed(world, 'container', 'running', uid).filter((c) => !containers.some((x) => x.id === c.key && x.name !== 'migrate')).length;
    const apiStarted = containers.some((c) => c.name === 'api');
    const creates = world.siteCalls.filter((c) => c.site === 'runtime.container-creating' || c.site === 'runtime.init-creating-printf').length;
    return {
      incident: !apiStarted,
      summary: apiStarted
        ? 'The init containers completed and the app container started.'
        : `The migration failed every time (${migrateRuns} runs): the pod never finished initialising and its app container never started.`,
      keyTimesUs: {
        podCreated: CREATED_US, firstContainerRunning: firstTime(world, 'container', 'running', uid),
        ready: firstTime(world, 'readiness', 'ready', uid),
      },
      counts: { migrateRuns, containerCreates: creates, lines: world.log.lines.length },
    };
  },
};
