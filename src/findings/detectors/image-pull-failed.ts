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
import { count, duration, lineRef, podName, timeOfEvent } from '../wording.ts';

const SYNC_ERROR = kindId('pw.sync-error');
const CALL_FAILED = kindId('runtime.call-failed');
/** Start failures the catalog refines by their image error, and "Failed to pull image": kind → reason. */
const IMAGE_KINDS: Record<string, string> = {
  'image.pull-failed': 'ErrImagePull', 'image.backoff': 'ImagePullBackOff', 'image.never-pull': 'ErrImageNeverPull',
  'image.invalid-name': 'InvalidImageName',
};
const IMAGE_REASON = new Map(Object.entries(IMAGE_KINDS).map(([k, r]) => [kindId(k), r]));
const PULL_REASONS = new Set(['ErrImagePull', 'ImagePullBackOff', 'ErrImageNeverPull', 'InvalidImageName', 'RegistryUnavailable']);

interface Pull {
  pod: number;
  container: string;
  image: string;
  reasons: Set<string>;
  events: number[];
  total: number;
  error: string;
}

export const imagePullFailed: Detector = {
  id: 'image-pull-failed',
  detect(ctx) {
    const ev = ctx.trace.events;
    const pulls = new Map<string, Pull>();
    const note = (e: number, container: string, reason: string, detail: string) => {
      const key = `${ev.pod[e]}/${container}`;
      let p = pulls.get(key);
      if (!p) {
        if (pulls.size >= 500) return;
        p = { pod: ev.pod[e], container, image: '', reasons: new Set(), events: [], total: 0, error: '' };
        pulls.set(key, p);
      }
      p.total++;
      if (p.events.length < 200) p.events.push(e);
      if (reason) p.reasons.add(reason);
      if (!p.image) p.image = imageIn(detail);
      // The error itself, not a line whose text is only the reason (the start-failure line's err= is "ErrImagePull").
      const error = detail.trim();
      if (!p.error && reason !== 'ImagePullBackOff' && error && error !== reason) p.error = error;
    };
    for (const e of ctx.ofKinds(['pw.sync-error', 'event.image-pull-failed', 'event.image-backoff', 'runtime.call-failed', ...Object.keys(IMAGE_KINDS)])) {
      const text = ctx.text(e);
      const imageReason = IMAGE_REASON.get(ev.kind[e]);
      if (imageReason !== undefined) {
        if (ev.pod[e] >= 0) note(e, ev.cname[e] > 0 ? ctx.trace.strings[ev.cname[e]] : '', imageReason, text);
      } else if (ev.kind[e] === SYNC_ERROR) {
        for (const a of failedActions(text)) if (PULL_REASONS.has(a.reason)) note(e, a.target, a.reason, a.detail);
      } else if (ev.kind[e] === CALL_FAILED) {
        if (text.includes('pull') && ev.pod[e] >= 0) note(e, '', 'ErrImagePull', text);
      } else if (ev.pod[e] >= 0) {
        note(e, '', ctx.trace.strings[ev.text[e]], '');
      }
    }
    return [...pulls.values()].map((p) => describe(ctx, p));
  },
};

function describe(ctx: FindingContext, p: Pull): Finding {
  const trace = ctx.trace;
  const { b, first, last, spanUs } = podFailureEvidence(trace, p.pod, p.events);
  const what = `${p.container ? `container ${p.container}` : 'a container'} of ${podName(trace, p.pod)}`;
  const parts = [
    `Pulling ${p.image ? `image ${p.image}` : 'the image'} for ${what} failed (${[...p.reasons].join(', ') || 'pull error'}): ${count(p.total, 'line')} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)})${p.error ? `, "${clip(p.error, 160)}"` : ''}.`,
    'After a failed pull the kubelet backs off pulling that image (ImagePullBackOff, the delay doubling up to 5 minutes); the container cannot start and each pod sync in between fails with the back-off error.',
  ];
  return b.build({
    id: 'image-pull-failed',
    title: `Image pull failing for ${what}${p.image ? ` (${clip(p.image, 60)})` : ''}`,
    severity: spanUs >= 120e6 ? 'error' : 'warning',
    explanation: `${parts.join(' ')}${spanUs >= 1e6 ? ` It went on for ${duration(spanUs)}.` : ''}`,
    next: 'Check the image name and tag, that the registry is reachable from the node (DNS, proxy, firewall), and the pod\'s imagePullSecrets; try the pull on the node with crictl pull.',
    scenario: 'image-pull-backoff',
  });
}
