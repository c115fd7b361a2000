/**
 * image-pull-backoff: a deployment points at an image tag nobody pushed. Each sync, the pod worker's SyncPod asks
 * the image manager for the image: the first pull fails (ErrImagePull), then the pulls back off (ImagePullBackOff),
 * 10 s doubling to 5 min, and every sync in between fails without trying. The container never exists.
 * fixed: the tag exists; the pull takes 4 s and the container starts.
 */
import { startKubelet } from '../kubelet/run.ts';
import type { Scenario } from './types.ts';
import { MIN, S, at, container, createAt, kubeletConfig, makePod } from './build.ts';
import { KUBELET_START, became, firstTime, happened, printed, SLOW_RUNTIME_FAULT } from './common.ts';

const START = at(2024, 9, 17, 8, 12, 0, 71_442);
const POD = 'checkout-0';
const CREATED_US = START + 3 * S;
const MISSING = 'registry.example/checkout:5.3';
const PRESENT = 'registry.example/checkout:5.2';

export const imagePullBackoff: Scenario = {
  id: 'image-pull-backoff',
  title: 'An image tag that does not exist: ErrImagePull, then ImagePullBackOff',
  summary: 'The pod points at an unpushed tag: the pull fails, then backs off 10 s → 20 s → 40 s …; the container never starts.',
  narrative:
    'checkout-0 was rolled out with the image registry.example/checkout:5.3, a tag that was never pushed. The pod ' +
    'worker\'s SyncPod creates the sandbox and then asks the image manager for the image: it is not on the node, so ' +
    'the kubelet pulls it ("Pulling image") and the registry answers NotFound. The sync fails with ErrImagePull and ' +
    'the image manager starts a back-off for this pod and image. Every sync until the back-off expires fails at once ' +
    'with ImagePullBackOff ("Back-off pulling image"), without asking the registry; each failed pull doubles the ' +
    'back-off, 10 s up to 5 min. No container is ever created: kubectl shows the container Waiting, reason ' +
    'ErrImagePull or ImagePullBackOff. Fixed: the tag exists, the pull takes 4 s and the container starts.',
  versions: ['1.12', '1.23', '1.28'],
  startUs: START,
  defaultVersion: () => '1.28',
  defaultVerbosity: 3,
  defaultSeed: 1,
  variants: {
    buggy: `the pod's image ${MISSING} does not exist in the registry`,
    fixed: `the pod's image ${PRESENT} exists; its pull takes 4 s`,
  },
  faults: [
    { id: 'tag-pushed', label: `the tag is pushed: the next pull of ${MISSING} succeeds`, fault: { kind: 'fix-image', image: MISSING } },
    SLOW_RUNTIME_FAULT,
  ],
  setup({ world, variant, profile }) {
    const cfg = kubeletConfig(profile, { nodeName: 'node-5', pid: 4410 });
    const image = variant === 'buggy' ? MISSING : PRESENT;
    world.cri.registry.set(MISSING, {
      pullUs: 1_200_000,
      // What the runtime answers: dockershim's docker daemon (1.12), containerd's CRI plugin (1.23+).
      err: profile.runtime === 'docker'
        ? `rpc error: code = Unknown desc = Error response from daemon: manifest for ${MISSING} not found`
        : `rpc error: code = NotFound desc = failed to pull and unpack image "${MISSING}": failed to resolve reference "${MISSING}": ${MISSING}: not found`,
    });
    world.cri.registry.set(PRESENT, { pullUs: 4_000_000 });
    const app = container('app', image, {
      ports: [{ name: 'http', containerPort: 8080, protocol: 'TCP' }],
      readinessProbe: { kind: 'http', periodSeconds: 5, initialDelaySeconds: 0, failureThreshold: 3, successThreshold: 1 },
      app: { readyAfterUs: 2_000_000, exitAfterTermUs: 300_000, termExitCode: 0 },
    });
    startKubelet(world, profile, cfg);
    const pod = makePod(POD, 'shop', [app], { creationUs: CREATED_US, graceSeconds: 30 });
    createAt(world, pod);
    return START + 4 * MIN;
  },
  annotations: [
    KUBELET_START,
    { id: 'sandbox', title: 'Sandbox created, image next', text: 'The sandbox (the pod\'s network namespace and pause container) comes first; only then does SyncPod start the container, and that begins with EnsureImageExists.', match: became('sandbox', 'ready') },
    { id: 'pull-failed', title: 'The pull failed: ErrImagePull', text: 'The registry does not have the tag: the runtime\'s PullImage fails (remote_image.go logs the error), the image manager records "Failed to pull image" and starts a 10 s back-off for this pod and image, and the sync fails with ErrImagePull.', match: printed('runtime.pull-failed') },
    { id: 'backoff', title: 'ImagePullBackOff', text: 'Within the back-off the image manager does not even try: "Back-off pulling image", the sync fails with ImagePullBackOff (logged quietly at V3) and the pod worker retries in 10–15 s. The next real pull happens only when the back-off has expired; if it fails again the back-off doubles.', match: printed('runtime.start-failed-quiet') },
    { id: 'pulled', title: 'Image pulled', text: 'The image is on the node now ("Successfully pulled image … in …"): the container is created and started right after, in the same sync.', match: happened('image-pulled') },
    { id: 'ready', title: 'Ready', text: 'The readiness probe passed: the status manager sets the pod Ready.', match: became('readiness', 'ready') },
  ],
  fixedImage: (image) => (image === MISSING ? { pullUs: 3_000_000 } : undefined),
  outcome({ world }) {
    const pod = [...world.api.pods.values()].find((p) => p.name === POD);
    const uid = pod?.uid ?? '';
    const pullsFailed = world.siteCalls.filter((c) => c.site === 'runtime.pull-failed').length;
    const backoffs = world.siteCalls.filter((c) => c.site === 'runtime.start-failed-quiet').length;
    const running = firstTime(world, 'container', 'running', uid);
    return {
      incident: Number.isNaN(running),
      summary: Number.isNaN(running)
        ? `The image was never pulled: ${pullsFailed} pull${pullsFailed === 1 ? '' : 's'} failed and ${backoffs} sync${backoffs === 1 ? '' : 's'} stopped at the back-off; the container was never created.`
        : `The image was pulled${pullsFailed ? ` after ${pullsFailed} failed pull${pullsFailed === 1 ? '' : 's'}` : ''} and the container started.`,
      keyTimesUs: { podCreated: CREATED_US, containerRunning: running, ready: firstTime(world, 'readiness', 'ready', uid) },
      counts: { pullsFailed, backoffs, lines: world.log.lines.length },
    };
  },
};
