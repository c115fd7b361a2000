/**
 * image-pull-failed: pulling a container's image fails (ErrImagePull), then the kubelet backs off pulling
 * (ImagePullBackOff, growing to 5 min) and every pod sync in between fails with the back-off error.
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { podFailureEvidence } from '../finding-builder.ts';
import { kindId } from '../../catalog/catalog.ts';
import type { Finding } from '../../model/trace.ts';
import { clip, failedActions, imageIn } from '../text-scan.ts';
import { eventRawText, eventRecordCut } from '../../model/trace-query.ts';
import { eventsNear } from '../episodes.ts';
import { count, duration, lineRef, podName, timeOfEvent } from '../wording.ts';
import { causeByWords, type Cause } from '../causes.ts';

const SYNC_ERROR = kindId('pw.sync-error');
const CALL_FAILED = kindId('runtime.call-failed');
const UNHANDLED = kindId('error.unhandled');
const START_FAILED = /^(?:init |ephemeral )?container ([\w.-]{1,253}) start failed in pod [^\s:]{1,400}: (\w{1,40}): /;
/** Start failures the catalog refines by their image error, and "Failed to pull image": kind → reason. */
const IMAGE_KINDS: Record<string, string> = {
  'image.pull-failed': 'ErrImagePull', 'image.backoff': 'ImagePullBackOff', 'image.never-pull': 'ErrImageNeverPull',
  'image.invalid-name': 'InvalidImageName',
};
const IMAGE_REASON = new Map(Object.entries(IMAGE_KINDS).map(([k, r]) => [kindId(k), r]));
const PULL_REASONS = new Set(['ErrImagePull', 'ImagePullBackOff', 'ErrImageNeverPull', 'InvalidImageName', 'RegistryUnavailable']);

/** Why a pull fails, by the words of its error (most specific first; causes.ts). */
/** A cause whose pull no request reached the registry for: pulling by hand would tell nothing (`localOnly`). */
interface PullCause extends Cause { localOnly?: boolean }

const CAUSES: readonly PullCause[] = [
  {
    // The kubelet's throttled image service refuses the pull itself (registryPullQPS / registryBurst).
    id: 'kubelet-pull-qps', words: ['pull qps exceeded'], title: 'the kubelet\'s own pull rate limit', localOnly: true,
    why: 'The kubelet refused to start the pull itself: more pulls were asked for at once than its client-side limit allows (registryPullQPS, 5 per second by default, with a burst of registryBurst, 10). No request reached the runtime or the registry, so the registry, the image and its credentials are not in question; the pod is retried with the image pull back-off.',
    next: 'Raise registryPullQPS and registryBurst in the kubelet configuration (0 for registryPullQPS turns the limit off), or start fewer pods needing pulls at once on the node; a `crictl pull` by hand would succeed and tell nothing.',
  },
  {
    id: 'rate-limited', words: ['toomanyrequests', 'too many requests', '429', 'rate limit'], title: 'the registry rate-limits the node',
    why: 'The registry refused the pull because this node (or its outgoing address, shared with others behind a NAT) made too many pulls: Docker Hub limits anonymous pulls, other registries throttle too.',
    next: 'Pull with credentials (imagePullSecrets, or the runtime\'s registry auth), pull through a mirror or cache (containerd hosts.toml), or pre-pull the images.',
  },
  {
    id: 'platform', words: ['no matching manifest for', 'exec format error'], title: 'no image for this node\'s platform',
    why: 'The image has no variant for this node\'s OS and architecture (an amd64-only image on an arm64 node, say).',
    next: 'Use an image built for the node\'s platform (a multi-arch tag), or schedule the pod on nodes of the image\'s architecture (kubernetes.io/arch node selector).',
  },
  {
    id: 'not-found', words: ['manifest unknown', 'not found', 'no such manifest', 'repository does not exist', 'pull access denied', 'name unknown'], title: 'the image or tag does not exist (or is private)',
    why: 'The registry knows no such image or tag — a typo, a tag that was deleted or never pushed — or the repository is private and the pull had no credentials for it (registries answer "not found" or "pull access denied" then).',
    next: 'Check the image name and tag against the registry, and the pod\'s imagePullSecrets for a private repository.',
  },
  {
    id: 'credentials', words: ['unauthorized', 'authentication required', 'no basic auth credentials', '401', '403', 'denied'], title: 'the registry refuses its credentials',
    why: 'The registry asked for credentials the pull did not have or did not accept: no imagePullSecret for it, a wrong or expired one, or a credential provider that failed.',
    next: 'Check the pod\'s imagePullSecrets (the secret\'s registry host must match the image\'s) and, on clouds, the node\'s credential provider.',
  },
  {
    id: 'certificate', words: ['x509', 'certificate'], title: 'the registry\'s certificate is not trusted',
    why: 'The TLS connection to the registry failed: its certificate is self-signed or from a CA the node does not trust, or expired.',
    next: 'Give the runtime the registry\'s CA (containerd: /etc/containerd/certs.d/<registry>/hosts.toml or ca.crt; CRI-O: /etc/containers/certs.d) and restart it.',
  },
  {
    id: 'disk', words: ['no space left on device'], title: 'the disk is full',
    why: 'The image could not be unpacked: the runtime\'s filesystem is full.',
    next: 'Free space on the image filesystem (unused images, container logs) or grow it; see whether image garbage collection is failing.',
  },
  {
    // The Docker-era kubelet's own deadline for a pull that shows no progress.
    id: 'no-progress', words: ['because of no progress'], title: 'the kubelet cancels it for making no progress',
    why: 'The kubelet stopped the pull itself: Docker reported no progress on it for --image-pull-progress-deadline (1 minute by default) — a layer that downloads or extracts slowly (a large image, a slow disk or registry) shows none for that long — so the pull fails ("request canceled") and starts over after a back-off, and a large image may never get through.',
    next: 'Raise the kubelet\'s --image-pull-progress-deadline (it applies to Docker only), pre-pull the image on the node, or make it smaller; check the disk and the registry\'s speed from the node.',
  },
  {
    // containerd: the layers were fetched, then unpacking them into a snapshot did not finish.
    id: 'unpack', words: ['failed to commit snapshot', 'failed to extract layer'], title: 'unpacking its layers does not finish',
    why: 'The layers were downloaded, but unpacking them into the runtime\'s snapshots did not complete — cut off ("context canceled") before it ended. Unpacking a large image writes every file of it to the node\'s disk: on a slow disk that takes long, and a pull that seems to make no progress meanwhile is cancelled (containerd\'s image_pull_progress_timeout — 1 minute in early 1.7 releases, 5 later — can count no progress while layers unpack) — each retry starts over and fails the same way.',
    next: 'Check the disk under the runtime (/var/lib/containerd: its throughput and latency while the pull runs — network-attached OS disks are slow for images of several GB); raise containerd\'s image_pull_progress_timeout, pre-pull the large image, make the image smaller, or run such pods on nodes with faster local disks.',
  },
  {
    // The manifest resolved and the layers began to download: the download broke off (containers/image, containerd).
    id: 'blob-download', words: ['writing blob', 'fetching blob', 'failed to copy: httpreadseeker', 'unexpected eof'], title: 'its layers fail to download',
    why: 'The registry answered for the image and its layers began to download, then the download broke off: the connection closed in the middle of a layer, or the storage the registry sends layers from (a CDN, an object store behind a redirect) answered with an error. The image\'s name and the pull\'s credentials are not in question; the path to the layers\' storage is — a proxy that cuts long downloads, an unstable network, or the storage itself.',
    next: 'Pull the image on the node by hand and watch where it stops; check a proxy or firewall between the node and the registry\'s layer storage (it is often another host than the registry, reached by a redirect), and try again later or through a mirror.',
  },
  {
    id: 'unreachable', words: ['no such host', 'i/o timeout', 'connection refused', 'no route to host', 'tls handshake timeout', 'deadline exceeded', 'dial tcp'], title: 'the registry is unreachable',
    why: 'The node could not reach the registry in time: DNS, a proxy the runtime does not use, a firewall, or a slow or down registry (large images also hit the runtime\'s pull timeout).',
    next: 'From the node, resolve and reach the registry (`curl -v https://<registry>/v2/`); set the runtime\'s proxy (HTTP(S)_PROXY in its service) if the node needs one.',
  },
];

interface Pull {
  pod: number;
  container: string;
  image: string;
  reasons: Set<string>;
  events: number[];
  total: number;
  error: string;
  /** The quoted error's record is cut (an excerpt's or a terminal's end): a whole one is taken instead where there is. */
  errorCut: boolean;
}

/** A pull error no pod is named for, whole: what a pod's cut error can be completed from. */
interface WholeError { e: number; text: string }
/** How far from a pod's failures a node's whole pull error may be to stand for their cut one. */
const SAME_PULL_US = 5e6;
/** The image pull back-off's longest delay: a pod's back-off line this long after a failed pull can be its. */
const MAX_BACKOFF_US = 300e6;

/** Why a pull failed, in a sentence, from its error's words ('' when they say nothing known): for the sandbox image's pull too. */
export function pullCauseWhy(error: string): string {
  return causeByWords(CAUSES, error)?.why ?? '';
}

export const imagePullFailed: Detector = {
  id: 'image-pull-failed',
  detect(ctx, earlier) {
    const ev = ctx.trace.events;
    const pulls = new Map<string, Pull>();
    // A sandbox that could not be created because its pause image could not be pulled is sandbox-create-failed's,
    // which says so: the runtime pulls that image itself, with none of the kubelet's image back-off.
    const sandboxTold = new Set(earlier.filter((f) => f.id === 'sandbox-create-failed').flatMap((f) => f.evidence));
    const note = (e: number, container: string, reason: string, detail: string, image = imageIn(detail)) => {
      // A pull no pod is named for (the image service's own line, 1.31's "Failed to pull image"): one per node and image.
      const key = ev.pod[e] >= 0 ? `${ev.pod[e]}/${container}` : `node ${ev.node[e]}/${image}`;
      let p = pulls.get(key);
      if (!p) {
        if (pulls.size >= 500) return;
        p = { pod: ev.pod[e], container, image: '', reasons: new Set(), events: [], total: 0, error: '', errorCut: false };
        pulls.set(key, p);
      }
      p.total++;
      if (p.events.length < 200) p.events.push(e);
      if (reason) p.reasons.add(reason);
      if (!p.image) p.image = image;
      // The error itself, not a line whose text is only the reason (the start-failure line's err= is "ErrImagePull").
      const error = detail.trim();
      if ((!p.error || p.errorCut) && reason !== 'ImagePullBackOff' && error && error !== reason) {
        // A quoted error whose quote never closes was cut too, where the reader could not tell (a printf line).
        const cut = eventRecordCut(ctx.trace, e) || (error.startsWith('"') && !error.endsWith('"'));
        if (!p.error || !cut) [p.error, p.errorCut] = [error, cut];
      }
    };
    const whole: WholeError[] = [];
    for (const e of ctx.ofKinds(['pw.sync-error', 'event.image-pull-failed', 'event.image-backoff', 'runtime.call-failed', 'error.unhandled', ...Object.keys(IMAGE_KINDS)])) {
      const text = ctx.text(e);
      const imageReason = IMAGE_REASON.get(ev.kind[e]);
      if (ev.kind[e] === UNHANDLED) {
        // 1.31+: "init container x start failed in pod p: ErrImagePull: …" through the common error handler.
        const m = ev.pod[e] >= 0 ? START_FAILED.exec(text) : null;
        if (m && PULL_REASONS.has(m[2])) note(e, m[1], m[2], text.slice(m[0].length));
      } else if (imageReason !== undefined) {
        // A line naming no pod names its image in its error, or (structured) in its image= pair.
        const image = ev.pod[e] < 0 && imageReason === 'ErrImagePull' ? imageIn(text) || imageIn(eventRawText(ctx.trace, e, 4000)) : '';
        if (ev.pod[e] >= 0 || image) note(e, ev.cname[e] > 0 ? ctx.trace.strings[ev.cname[e]] : '', imageReason, text, image);
      } else if (ev.kind[e] === SYNC_ERROR) {
        for (const a of failedActions(text)) if (PULL_REASONS.has(a.reason)) note(e, a.target, a.reason, a.detail);
      } else if (ev.kind[e] === CALL_FAILED) {
        if (sandboxTold.has(e)) continue;
        if (text.includes('pull') && ev.pod[e] >= 0) note(e, '', 'ErrImagePull', text);
        else if (ev.pod[e] < 0 && /pull/i.test(eventRawText(ctx.trace, e, 300))) {
          if (whole.length < 200 && !eventRecordCut(ctx.trace, e)) whole.push({ e, text });
          // The image service's own failure names the image (image=): a pull of the node's, or a pod's once merged.
          const image = imageIn(eventRawText(ctx.trace, e, 4000));
          if (image) note(e, '', 'ErrImagePull', text, image);
        }
      } else if (ev.pod[e] >= 0) {
        note(e, '', ctx.trace.strings[ev.text[e]], '');
      }
    }
    mergeNodePulls(ctx, pulls);
    for (const p of pulls.values()) if (p.errorCut || !p.error) completeError(ctx, p, whole);
    return [...pulls.values()].map((p) => describe(ctx, p));
  },
};

/**
 * A pull no pod is named for (the image service's line, "Failed to pull image" without pod=) of the same image on
 * the same node as a pod's, within SAME_PULL_US of it, is that pod's pull: one finding, with the node's whole error.
 */
function mergeNodePulls(ctx: FindingContext, pulls: Map<string, Pull>): void {
  const ev = ctx.trace.events;
  const podPulls = [...pulls.values()].filter((p) => p.pod >= 0);
  if (!podPulls.length) return;
  for (const [key, n] of pulls) {
    if (n.pod >= 0 || !n.image) continue;
    const node = ev.node[n.events[0]];
    // The pod's nearest pull of that image: within SAME_PULL_US, or within the longest back-off when all the pod's own
    // lines are back-off ones (the pull that failed came before them).
    const gapUs = (p: Pull) => nearestGapUs(ev.timeUs, p.events, n.events);
    const windowUs = (p: Pull) => ([...p.reasons].every((r) => r === 'ImagePullBackOff') ? MAX_BACKOFF_US : SAME_PULL_US);
    // (A pod's pull whose lines do not name the image is this one only when they are about the same moment.)
    const candidates = podPulls.filter((p) => ev.node[p.events[0]] === node
      && (p.image === n.image ? gapUs(p) <= windowUs(p) : !p.image && gapUs(p) <= SAME_PULL_US));
    const owner = candidates.sort((a, b) => gapUs(a) - gapUs(b))[0];
    if (!owner) continue;
    if (!owner.image) owner.image = n.image;
    for (const e of n.events) if (owner.events.length < 200) owner.events.push(e);
    owner.events.sort((a, b) => a - b);
    owner.total += n.total;
    for (const r of n.reasons) owner.reasons.add(r);
    if ((!owner.error || owner.errorCut) && n.error && !n.errorCut) [owner.error, owner.errorCut] = [n.error, false];
    pulls.delete(key);
  }
}

/** The smallest time between an event of `a` and one of `b` (both in time order): one walk over the two. */
function nearestGapUs(timeUs: ArrayLike<number>, a: readonly number[], b: readonly number[]): number {
  let best = Infinity;
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    const d = timeUs[a[i]] - timeUs[b[j]];
    best = Math.min(best, Math.abs(d));
    if (d < 0) i++; else j++;
  }
  return best;
}

/**
 * A pod's pull error cut short, or missing, taken whole from the image service's own line about the same pull (it names
 * no pod, only the image): on the pod's node, within SAME_PULL_US of its failures, naming its image where that is known.
 */
function completeError(ctx: FindingContext, p: Pull, whole: readonly WholeError[]): void {
  const ev = ctx.trace.events;
  const fromUs = ev.timeUs[p.events[0]] - SAME_PULL_US;
  const toUs = ev.timeUs[p.events[p.events.length - 1]] + SAME_PULL_US;
  const node = ev.node[p.events[0]];
  const w = whole.find(({ e }) => ev.node[e] === node && ev.timeUs[e] >= fromUs && ev.timeUs[e] <= toUs
    && (!p.image || eventRawText(ctx.trace, e, 2000).includes(p.image)));
  if (!w) return;
  if (!p.image) p.image = imageIn(eventRawText(ctx.trace, w.e, 2000));
  p.error = w.text.trim();
  p.errorCut = false;
  p.events.push(w.e);
  p.events.sort((a, b) => a - b);
}

/** "Pulling image … without credentials" on the node just before the first failure: no pull secret applied. */
function noCredentialsNote(ctx: FindingContext, p: Pull, first: number): string[] {
  const ev = ctx.trace.events;
  const node = ev.node[first];
  const atUs = ev.timeUs[first];
  const pulling = eventsNear(ctx, ctx.ofKind('image.pulling'), node, atUs - SAME_PULL_US, atUs, 20).find((e) => !p.image || ctx.text(e) === p.image);
  return pulling === undefined ? [] : [`The kubelet pulled it without credentials (${lineRef(ctx.trace, pulling)}): no image pull secret of the pod (or its service account) applied, so a registry that needs them refuses the pull.`];
}

function describe(ctx: FindingContext, p: Pull): Finding {
  const trace = ctx.trace;
  const { b, first, last, spanUs } = podFailureEvidence(trace, p.pod, p.events);
  if (p.pod < 0) b.nodeLanes(trace.events.node[first], ['runtime']);
  // The runtime's own pull of the sandbox (pause) image, inside RunPodSandbox: every pod's sandbox needs it.
  const sandboxImage = p.pod < 0 && /failed to get sandbox image/.test(p.error);
  const what = sandboxImage ? 'the pods\' sandboxes (the pause image, which the runtime pulls itself)'
    : p.pod < 0 ? 'a container on this node (the line names no pod)' : `${p.container ? `container ${p.container}` : 'a container'} of ${podName(trace, p.pod)}`;
  // The text column keeps an error's start; its cause is often at its end, in the line itself.
  const cause = (p.error ? causeByWords(CAUSES, p.error) : undefined)
    ?? p.events.slice(0, 5).map((e) => causeByWords(CAUSES, eventRawText(trace, e, 4000))).find((c) => c !== undefined);
  const parts = [
    `Pulling ${p.image ? `image ${p.image}` : 'the image'} for ${what} failed (${[...p.reasons].join(', ') || 'pull error'}): ${count(p.total, 'line')} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)})${p.error ? `, "${clip(p.error, 160)}"` : ''}.`,
    ...(cause ? [cause.why] : []),
    ...noCredentialsNote(ctx, p, first),
    'After a failed pull the kubelet backs off pulling that image (ImagePullBackOff, the delay doubling up to 5 minutes); the container cannot start and each pod sync in between fails with the back-off error.',
  ];
  return b.build({
    id: 'image-pull-failed',
    title: `Image pull failing ${p.pod < 0 ? 'on this node' : `for ${what}`}${p.image ? ` (${clip(p.image, 60)})` : ''}${cause ? `: ${cause.title}` : ''}`,
    severity: spanUs >= 120e6 ? 'error' : 'warning',
    explanation: `${parts.join(' ')}${spanUs >= 1e6 ? ` It went on for ${duration(spanUs)}.` : ''}`,
    next: cause ? (cause.localOnly ? cause.next : `${cause.next} Try the pull on the node with \`crictl pull <image>\`.`) : 'Check the image name and tag, that the registry is reachable from the node (DNS, proxy, firewall), and the pod\'s imagePullSecrets; try the pull on the node with crictl pull.',
    scenario: 'image-pull-backoff',
  });
}
