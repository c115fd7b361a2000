/**
 * readiness-init-race (seed 000): a custom 1.12.4 kubelet restarts on a node whose container already restarted once.
 * The sync loop's HandlePodAdditions starts the pod worker, then creates the default readiness prober, whose
 * constructor installs an initial Success result. The pod worker meanwhile generates the pod status: it reads the
 * results cache (no result yet), then — in a separate step — looks the worker up. If AddPod ran in between, it sees
 * "a worker but no result" and reports ready:false; the status manager keeps that (the prober's own Success update
 * arrived before the pod had a status and was dropped), and on the next sync the restart-limit admit handler rejects
 * the pod: restarted container, not ready → kill.
 * fixed: the result is installed before the worker becomes visible and both are read under the worker lock.
 */
import { startKubelet } from '../kubelet/run.ts';
import { hashInputFor, kubeletConfig, makePod, placeRunningPod, at, container, S } from './build.ts';
import { became, changed, firstTime, happened, printed } from './common.ts';
import type { Scenario } from './types.ts';

const START = at(2020, 3, 12, 10, 42, 25, 912_317);
const UID = 'bfde4b15-cb98-11e8-a3c8-6c92bf85beda';

export const readinessInitRace: Scenario = {
  id: 'readiness-init-race',
  title: 'Kubelet restart kills a ready container (readiness init race)',
  summary: 'Seed 000: after a kubelet restart a restarted container is killed when status generation races the readiness prober’s creation.',
  narrative:
    'A custom 1.12.4 kubelet comes back after maintenance. Its pod auto-srv-cwhttp-sf-30b71-0 has one container that ' +
    'restarted once before, and the branch adds a restart-limit admit handler (restartCount ≥ 1 is rejected unless the ' +
    'container is running and ready) and a default readiness prober that starts from Success when the API said the ' +
    'container was ready. Two goroutines now race: the sync loop, which after starting the pod worker goes on to create ' +
    'the prober under the probe worker lock, and the pod worker, which generates the pod status and asks the probe ' +
    'manager for readiness — reading the results cache first and the worker map second. Step to the race and choose: ' +
    'let the sync loop finish AddPod before the pod worker looks at the worker map, and the container is reported not ' +
    'ready; the next sync rejects the pod and kills the container. (What follows is the custom handler\'s doing: a ' +
    'recreated container starts not ready, so the handler keeps rejecting the pod.)',
  seed: '000',
  versions: ['1.12'],
  startUs: START,
  defaultVersion: () => '1.12',
  defaultVerbosity: 3,
  // Seeds are interleavings; this one shows the incident (about one seed in seven does, see the tests).
  defaultSeed: 3,
  variants: {
    buggy: 'upstream 1.12 read order: results cache, then (separately) the worker map',
    fixed: 'initial result installed before the worker is visible; result and worker read together under the worker lock',
  },
  faults: [{ id: 'slow-runtime', label: 'runtime 10× slower for 20 s', fault: { kind: 'slow-runtime', factor: 10, durationUs: 20 * S } }],
  setup({ world, variant, profile }) {
    const cfg = kubeletConfig(profile, {
      nodeName: 'ddcloud-underlay-kube-node065.py', pid: 2353235,
      custom: { restartCountLimit: 1, atomicReadinessRead: variant === 'fixed' },
    });
    const app = container('auto-srv-cwhttp-py', 'registry.kaku.com/kakubuild/auto-srv-cwhttp.hnc-v.chewu-rest.bcar.carplatform.kaku.com.centos67:20180912', {
      preStop: true, app: { readyAfterUs: 0, exitAfterTermUs: 700_000, termExitCode: 143 },
    });
    const pod = makePod('auto-srv-cwhttp-sf-30b71-0', 'default', [app], { uid: UID, graceSeconds: 5, creationUs: at(2018, 10, 9, 7, 55, 54) });
    placeRunningPod(world, pod, { startedUs: at(2018, 12, 26, 4, 14, 25), restarts: 1, runtime: 'docker', hash: hashInputFor(profile), apiPodReady: false });
    startKubelet(world, profile, cfg);
    return START + 130 * S;
  },
  annotations: [
    { id: 'restart', title: 'The kubelet restarts', text: 'The container kept running while the kubelet was down; the node controller marked the pod Ready=False but left the container\'s ready:true in the API. In 1.12 the first sync-loop iterations are skipped until the runtime and PLEG have reported once.', match: printed('syncloop.start') },
    { id: 'add', title: 'SyncLoop ADD → pod worker started', text: 'HandlePodAdditions admits the pod ("just admit it"), calls UpdatePod — a new pod worker goroutine is now runnable — and then, in the same sync-loop goroutine, probeManager.AddPod. Two goroutines can now run.', match: printed('syncloop.add') },
    { id: 'race', title: 'The race window', text: 'The pod worker is generating the status and the readiness results cache has no entry for the container yet. Buggy: it has just read the cache (miss); its next step takes the probe worker lock to check whether a readiness worker exists — if the sync loop runs AddPod first (takes the lock, installs Success, registers the worker), the pod worker finds a worker and no result → ready:false. Fixed: it takes the lock first and reads both together, so it sees neither or both. Pick the goroutine that runs next.', match: happened('readiness-lookup') },
    { id: 'init-prober', title: 'LEOPOLD_INIT_PROBER: initial Success installed', text: 'The custom newWorker trusted the API\'s ready:true and set the result to Success. Its update to the status manager arrives before the pod has any status and is dropped ("Container readiness changed before pod has synced").', match: printed('probe.initial-result') },
    { id: 'ready-false', title: 'ready:false decided', text: 'updatePodStatus found the probe worker but no result (it read the cache before AddPod set it): the container is reported not ready.', match: happened('ready-false-worker-found') },
    { id: 'patched-not-ready', title: 'Status manager writes ready:false', text: 'The PATCH shows "ready":false for a container that is running and healthy. Nothing will correct it: the prober\'s result is already Success, so it publishes no change.', match: became('readiness', 'not-ready') },
    { id: 'rejected', title: 'Restart-limit handler rejects the pod', text: 'On the next sync (PLEG events after the restart) canRunPod reads the cached status: restartCount 1 ≥ limit and the container is not ready → Reason RestartLimit. syncPod now kills the pod.', match: happened('soft-admit-rejected') },
    { id: 'kill', title: 'Killing container', text: 'killPod stops the container with the 5 s grace period (after its preStop hook): the restart the business saw.', match: became('container', 'killing') },
  ],
  outcome({ world }) {
    const kills = changed(world, 'container', 'killing', UID);
    const readyFalse = world.moments.find((m) => m.name === 'ready-false-worker-found');
    const gen = world.siteCalls.find((c) => c.site === 'pod.generating-status');
    const init = world.siteCalls.find((c) => c.site === 'probe.initial-result');
    return {
      incident: kills.length > 0,
      summary: kills.length > 0
        ? 'The pod worker read readiness before the initial result existed but after the worker did: ready:false was written, the restart-limit handler rejected the pod, the container was killed.'
        : readyFalse ? 'ready:false was generated, but the status was corrected before the next sync: no kill.' : 'Status generation saw the initial Success (or no worker): ready:true, the pod was admitted, nothing was killed.',
      keyTimesUs: {
        firstGeneratingStatus: gen?.timeUs ?? NaN, initialResult: init?.timeUs ?? NaN, readyFalse: readyFalse?.timeUs ?? NaN,
        notReadyWritten: firstTime(world, 'readiness', 'not-ready', UID), kill: kills[0]?.timeUs ?? NaN,
      },
      counts: { kills: kills.length, rejections: world.moments.filter((m) => m.name === 'soft-admit-rejected').length },
    };
  },
};
