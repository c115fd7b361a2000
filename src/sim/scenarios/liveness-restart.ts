/**
 * liveness-restart: an application that needs ~40 s to warm up behind a liveness probe that gives it 15 s. The probe
 * worker's failures reach the threshold, the result turns Failure, the sync loop syncs the pod, computePodActions
 * kills the container "failed liveness probe" and starts a new one in the same sync — which warms up from zero and
 * is killed again. The pod never becomes ready.
 * fixed: a startup probe (1.16+) gives the warm-up 60 s; liveness and readiness probes wait until it has succeeded.
 * 1.12 has no startup probes: its fix is a liveness initialDelaySeconds longer than the warm-up.
 */
import { startKubelet } from '../kubelet/run.ts';
import type { ProbeSpec } from '../world/types.ts';
import type { Scenario } from './types.ts';
import { MIN, S, at, container, createAt, kubeletConfig, makePod } from './build.ts';
import { KUBELET_START, became, changed, firstTime, happened, SLOW_RUNTIME_FAULT } from './common.ts';

const START = at(2024, 7, 2, 14, 5, 0, 318_907);
const POD = 'billing-0';
const CREATED_US = START + 3 * S;
const WARM_UP_US = 40 * S;

const http = (over: Partial<ProbeSpec>): ProbeSpec =>
  ({ kind: 'http', periodSeconds: 5, initialDelaySeconds: 0, failureThreshold: 3, successThreshold: 1, ...over });

export const livenessRestart: Scenario = {
  id: 'liveness-restart',
  title: 'A liveness probe kills a slow-starting container over and over',
  summary: 'An app that warms up for 40 s behind a liveness probe that allows 15 s: killed and restarted forever; a startup probe fixes it.',
  narrative:
    'billing-0 runs a service that answers its health endpoint only after a 40 s warm-up. Its liveness probe checks ' +
    'every 5 s and gives up after 3 failures. The probe worker counts the failures; at the third the liveness result ' +
    'turns Failure, the sync loop syncs the pod ("SyncLoop (probe)" / "container unhealthy"), and computePodActions ' +
    'decides to kill the container because it "failed liveness probe" and to start it again in the same sync. The new ' +
    'container warms up from zero, and the probe, reset for the new container ID, kills it again 15 s later: restarts ' +
    'climb and the pod is never ready. Fixed: a startup probe (5 s × 12) covers the warm-up; until it succeeds the ' +
    'liveness and readiness probes do not run (on 1.12, which has no startup probes, the liveness probe waits 60 s).',
  versions: ['1.12', '1.23', '1.28'],
  startUs: START,
  defaultVersion: () => '1.28',
  defaultVerbosity: 3,
  defaultSeed: 1,
  variants: {
    buggy: 'liveness probe every 5 s, 3 failures allowed, no startup probe: the 40 s warm-up never finishes',
    fixed: 'a startup probe allows 60 s for the warm-up (1.12: liveness initialDelaySeconds 60)',
  },
  faults: [
    { id: 'fast-warm-up', label: 'a warm cache: the app answers 5 s after each start from now on', fault: { kind: 'fix-app', container: 'app' } },
    SLOW_RUNTIME_FAULT,
  ],
  fixedApp: (name) => (name === 'app' ? { readyAfterUs: 5 * S, exitAfterTermUs: 300_000, termExitCode: 143 } : undefined),
  setup({ world, variant, profile }) {
    const cfg = kubeletConfig(profile, { nodeName: 'node-2', pid: 3302 });
    const startupProbes = profile.minor >= 16;
    const app = container('app', 'registry.example/billing:7.1', {
      ports: [{ name: 'http', containerPort: 8080, protocol: 'TCP' }],
      readinessProbe: http({}),
      livenessProbe: http({ initialDelaySeconds: variant === 'fixed' && !startupProbes ? 60 : 0 }),
      startupProbe: variant === 'fixed' && startupProbes ? http({ failureThreshold: 12 }) : undefined,
      app: { readyAfterUs: WARM_UP_US, exitAfterTermUs: 300_000, termExitCode: 143 },
    });
    startKubelet(world, profile, cfg);
    const pod = makePod(POD, 'payments', [app], { creationUs: CREATED_US, graceSeconds: 30 });
    createAt(world, pod);
    return START + 3 * MIN;
  },
  annotations: [
    KUBELET_START,
    { id: 'container-running', title: 'Container started, warming up', text: 'CreateContainer and StartContainer returned. The application needs 40 s before its health endpoint answers; the probe workers start probing it now (or, with a startup probe, only the startup probe does).', match: became('container', 'running') },
    { id: 'liveness-failure', title: 'Liveness threshold reached', text: 'The third failed liveness probe in a row: the worker sets the liveness result to Failure and goes on hold until the container is replaced. The result goes to the sync loop, not to the status manager.', match: happened('liveness-Failure') },
    { id: 'unhealthy-sync', title: 'The sync loop syncs the unhealthy pod', text: 'syncLoopIteration received the liveness update and handed the pod to its worker ("SyncLoop (probe)" probe="liveness" status="unhealthy"; ≤1.20 "SyncLoop (container unhealthy)").', match: (f) => f.sites.includes('syncloop.container-unhealthy') || (f.sites.includes('syncloop.probe') && f.seen.has('liveness-Failure')) },
    { id: 'killing', title: 'Killed: failed liveness probe', text: 'computePodActions found the liveness result Failure for the running container: it is killed with its grace period and, as the restart policy allows, started again in the same sync — no back-off, and the new container starts its warm-up from zero.', match: became('container', 'killing') },
    { id: 'startup-ok', title: 'Startup probe succeeded', text: 'The warm-up finished inside the startup probe\'s 60 s: the container counts as started, and only now do the liveness and readiness probes run.', match: happened('startup-Success') },
    { id: 'ready', title: 'Ready', text: 'The readiness probe passed: the status manager sets the pod Ready.', match: became('readiness', 'ready') },
  ],
  outcome({ world }) {
    const pod = [...world.api.pods.values()].find((p) => p.name === POD);
    const uid = pod?.uid ?? '';
    const kills = changed(world, 'container', 'killing', uid);
    const ready = firstTime(world, 'readiness', 'ready', uid);
    return {
      incident: kills.length > 0,
      summary: kills.length > 0
        ? `The liveness probe killed the container ${kills.length} time${kills.length === 1 ? '' : 's'} before its warm-up could finish; ${Number.isNaN(ready) ? 'the pod never became ready' : 'it became ready at last'}.`
        : 'The warm-up finished before any liveness probe ran: no restart, and the pod became ready.',
      keyTimesUs: {
        podCreated: CREATED_US, firstContainerRunning: firstTime(world, 'container', 'running', uid),
        firstKill: kills[0]?.timeUs ?? NaN, ready,
      },
      counts: { livenessKills: kills.length, lines: world.log.lines.length },
    };
  },
};
