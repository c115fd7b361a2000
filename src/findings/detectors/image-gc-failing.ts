/**
 * image-gc-failing: image garbage collection keeps failing ("failed multiple times in a row"): the kubelet cannot
 * bring the image filesystem's usage under its low threshold — the images are in use, or what fills the disk is not
 * images — or it cannot even read that filesystem's stats. Left alone, the disk reaches the eviction threshold: the
 * node gets DiskPressure, rejects new pods and evicts. A single failure right after start-up ("failed once. Stats
 * initialization may not have completed yet") is not one.
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { causeByWords, type Cause } from '../causes.ts';
import { clip } from '../text-scan.ts';
import { count, duration, lineRef, timeOfEvent } from '../wording.ts';

const MAX_EVIDENCE = 20;
const GIB = 1024 ** 3;
const MIB = 1024 ** 2;

const CAUSES: readonly Cause[] = [
  {
    id: 'cannot-free', words: ['wanted to free', 'attempted to free'], title: 'it cannot free enough disk',
    why: 'There are not enough unused images to remove: the images on the node belong to containers that run (or ran recently), or what fills the image filesystem is not images at all (container logs, writable layers, emptyDir volumes, other files on the same disk).',
    next: 'See what fills the disk: `crictl images` and `crictl ps -a` (images in use cannot go), `du -sh` of the runtime\'s root (/var/lib/containerd or /var/lib/docker), /var/log/pods and /var/lib/kubelet/pods (emptyDir); remove what is not needed or grow the disk; imageGCHighThresholdPercent / imageGCLowThresholdPercent set when GC starts and how far it goes.',
  },
  {
    id: 'no-stats', words: ['invalid capacity', 'imagefs info', 'image filesystem', 'unable to find data in memory cache'], title: 'it cannot read the image filesystem\'s stats',
    why: 'The kubelet could not tell how full the image filesystem is (cAdvisor or the runtime gave no usable stats: a runtime root or snapshotter it does not know, a filesystem it cannot measure), so it cannot decide what to remove — and the eviction manager is as blind for imagefs.',
    next: 'Check the runtime\'s image filesystem info (`crictl imagefsinfo`) and the kubelet\'s (`kubectl get --raw /api/v1/nodes/<node>/proxy/stats/summary`); a containerd root or snapshotter moved away from the defaults is the usual reason; restart the kubelet once the runtime reports its filesystem.',
  },
];

const OTHER: Cause = {
  id: 'other', words: [], title: 'it fails',
  why: 'The error says why the pass failed.',
  next: 'Read the error quoted here; check the image filesystem\'s usage (`crictl imagefsinfo`, `df -h`) and the runtime\'s health.',
};

export const imageGcFailing: Detector = {
  id: 'image-gc-failing',
  detect(ctx) {
    const ev = ctx.trace.events;
    const byNode = new Map<number, number[]>();
    // "failed multiple times in a row" (the catalog tells it from "failed once", the start-up blip).
    for (const e of ctx.ofKind('gc.image-failed')) {
      const list = byNode.get(ev.node[e]) ?? [];
      list.push(e);
      byNode.set(ev.node[e], list);
    }
    return [...byNode.entries()].map(([node, list]) => describe(ctx, node, list));
  },
};

export function bytesText(n: number): string {
  return n >= GIB ? `${(n / GIB).toFixed(1)} GiB` : n >= MIB ? `${(n / MIB).toFixed(1)} MiB` : `${n} bytes`;
}

function describe(ctx: FindingContext, node: number, list: number[]): Finding {
  const trace = ctx.trace;
  const b = new FindingBuilder(trace);
  for (const e of list.slice(0, MAX_EVIDENCE)) b.evidence(e);
  b.nodeLanes(node, ['gc']);
  const first = list[0];
  const last = list[list.length - 1];
  const error = ctx.text(last) || ctx.text(first);
  const cause = causeByWords(CAUSES, error) ?? OTHER;
  // How far off the last pass was: "Wanted to free N bytes, but freed M bytes" (up to 1.28), "Attempted to free N bytes,
  // but only found M bytes eligible to free" (1.29+). Bounded digits: the pattern stays linear.
  const m = /(?:wanted|attempted) to free (\d{1,20}) bytes, but (?:only found|freed) (\d{1,20}) bytes/i.exec(error);
  const shortBy = m ? ` (the last pass wanted to free ${bytesText(Number(m[1]))} and freed ${bytesText(Number(m[2]))})` : '';
  const spanUs = trace.events.timeUs[last] - trace.events.timeUs[first];
  // How full the image filesystem was: the last "over the high threshold" line before the last failure.
  let full = -1;
  for (const e of ctx.ofKind('gc.image-disk-pressure')) {
    if (e > last) break;
    if (trace.events.node[e] === node && Number.isFinite(trace.events.num[e])) full = e;
  }
  if (full >= 0) b.evidence(full);
  const usage = full >= 0 ? ` The image filesystem was ${trace.events.num[full]}% full (${lineRef(trace, full)}).` : '';
  const when = list.length === 1 ? ` (at ${timeOfEvent(trace, first)}, ${lineRef(trace, first)})`
    : ` (${count(list.length, 'such line')}, from ${timeOfEvent(trace, first)}, ${lineRef(trace, first)}, to ${timeOfEvent(trace, last)}, ${lineRef(trace, last)}: ${duration(spanUs)})`;
  return b.build({
    id: 'image-gc-failing',
    title: `Image garbage collection failing: ${cause.title}`,
    severity: 'warning',
    explanation: `Image garbage collection failed several passes in a row${when}: "${clip(error, 240)}"${shortBy}.${usage} ${cause.why} `
      + 'While it fails, the image filesystem stays above the high threshold; once it reaches the eviction threshold (imagefs.available / nodefs.available) the node gets DiskPressure, rejects new pods and evicts running ones.',
    next: cause.next,
  });
}
