/**
 * image-gc-failing: image garbage collection keeps failing ("failed multiple times in a row"): the kubelet cannot
 * bring the image filesystem's usage under its low threshold — the images are in use, or what fills the disk is not
 * images — or it cannot even read that filesystem's stats. Left alone, the disk reaches the eviction threshold: the
 * node gets DiskPressure, rejects new pods and evicts. A single failure right after start-up ("failed once. Stats
 * initialization may not have completed yet") is not one.
 */
import type { Detector } from '../detectors.ts';
import { kubeletMinors, startTimeOf, type FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { lastBefore, STARTUP_WINDOW_US } from '../episodes.ts';
import { CATALOG } from '../../catalog/catalog.ts';
import type { Finding } from '../../model/trace.ts';
import { eventRawText } from '../../model/trace-query.ts';
import { causeByWords, type Cause } from '../causes.ts';
import { clip } from '../text-scan.ts';
import { bytesText, count, duration, lineRef, timeOfEvent } from '../wording.ts';

const MAX_EVIDENCE = 20;
/** "Image garbage collection failed: …" (≤1.6), the start-up blip's line too before 1.7 named it "failed once". */
const PRE_1_7_FAILED = CATALOG.findIndex((e) => e.id === 'X11d');
/** A high threshold at or under this (percent) is no production setting: GC runs on a disk far from full. */
const LOW_HIGH_THRESHOLD = 50;
/** Removals logged just after the last failure line (its pass's) still count as that pass's: by event number. */
const MAX_REMOVED_AFTER = 20;

/** The thresholds a "over the high threshold" line gives (structured keys or the printf text); low -1 when absent. */
function thresholdsIn(raw: string): { high: number; low: number } | undefined {
  const high = /highThreshold[=:]"?(\d{1,3})|high threshold \((\d{1,3})%\)/.exec(raw);
  if (!high) return undefined;
  const low = /lowThreshold[=:]"?(\d{1,3})|low threshold \((\d{1,3})%\)/.exec(raw);
  return { high: Number(high[1] ?? high[2]), low: low ? Number(low[1] ?? low[2]) : -1 };
}
/** cAdvisor's "cannot find device "/dev/dm-1" in partitions" on a filesystem's info, and how near before GC's failure. */
const UNKNOWN_DEVICE = /cannot find device \\?"([^"\\]{1,120})\\?" in partitions/;
const NEAR_US = 5e6;
const NEAR_EVENTS = 50;
/** A refused removal this soon after GC began removing (or found the disk over its threshold) is that pass's. */
const REFUSED_IN_PASS_US = 5 * 60e6;
const MAX_REFUSED = 200;
/** Before 1.7 every failed pass printed its line (X11d), not only several in a row. */
const printedEachPass = (msg: number) => CATALOG[msg].id === 'X11d';

const CAUSES: readonly Cause[] = [
  {
    id: 'in-use-running', words: ['being used by running container'],
    title: 'it picks an image a running container uses',
    why: 'Garbage collection chose an image that a running container uses — the kubelet did not count it as in use (a sandbox\'s pause image, or a container it does not know about) — and the runtime refused to delete it, so that part of the pass frees nothing; as long as such images are the oldest, each pass picks them again.',
    next: 'See which images the node really uses (`docker ps` / `crictl ps` with their images) against `docker images` / `crictl images`; pin the sandbox image (pinned images are never collected) or set --pod-infra-container-image to the image the runtime uses; free space elsewhere meanwhile (dead containers, logs).',
  },
  {
    // Before 1.7: "wanted to free N, but freed M space with errors in image deletion: [… conflict …]".
    id: 'removal-refused', words: ['errors in image deletion', 'image is being used by', 'dependent child images', 'unable to delete'],
    title: 'the runtime refused to remove images',
    why: 'The runtime refused some of the removals: images that stopped containers still use (the runtime keeps them until those containers are removed) or parent images with dependent child images. The pass counts as failed even when it freed some space.',
    next: 'Remove dead containers so their images can go (`crictl rm` / `docker container prune`; the kubelet\'s container GC keeps --maximum-dead-containers per pod), then look for images with children (`docker images -a`, `crictl images`); check the disk with `df -h`.',
  },
  {
    id: 'cannot-free', words: ['wanted to free', 'attempted to free'], title: 'it cannot free enough disk',
    why: 'There are not enough unused images to remove: the images on the node belong to containers that run (or ran recently), or what fills the image filesystem is not images at all (container logs, writable layers, emptyDir volumes, other files on the same disk).',
    next: 'See what fills the disk: `crictl images` and `crictl ps -a` (images in use cannot go), `du -sh` of the runtime\'s root (/var/lib/containerd or /var/lib/docker), /var/log/pods and /var/lib/kubelet/pods (emptyDir); remove what is not needed or grow the disk; imageGCHighThresholdPercent / imageGCLowThresholdPercent set when GC starts and how far it goes.',
  },
  {
    // cAdvisor's cache had nothing yet for the root cgroup, whose filesystem stats the pass starts from.
    id: 'no-root-stats', words: ['unable to find data for container /'], title: 'cAdvisor had no stats for the root container',
    why: 'The pass could not even start: it reads the image filesystem\'s usage from cAdvisor\'s stats of the root container "/", and cAdvisor had none — normal in a kubelet\'s first minute, before its first collection, and lasting when cAdvisor cannot read the host\'s cgroups (a kubelet run in a container without the host\'s PID namespace and /sys). It says nothing about how full the disk is.',
    next: 'If it goes on past the first minutes, check what cAdvisor can see: a kubelet in a container needs the host\'s PID namespace (--pid=host), /sys, /var/run and the runtime\'s root mounted from the host; its own "Failed to ensure state of …" and cAdvisor warnings name what it could not find.',
  },
  {
    // (cAdvisor without an imagefs label for the runtime: its root or snapshotter is not one it knows.)
    id: 'no-stats', words: ['invalid capacity', 'imagefs info', 'image filesystem', 'unable to find data in memory cache', 'no imagefs label'], title: 'it cannot read the image filesystem\'s stats',
    why: 'The kubelet could not tell how full the image filesystem is (cAdvisor or the runtime gave no usable stats: a runtime root or snapshotter it does not know, a filesystem it cannot measure), so it cannot decide what to remove — and the eviction manager is as blind for imagefs.',
    next: 'Check the runtime\'s image filesystem info (`crictl imagefsinfo`) and the kubelet\'s (`kubectl get --raw /api/v1/nodes/<node>/proxy/stats/summary`); a containerd root or snapshotter moved away from the defaults is the usual reason; restart the kubelet once the runtime reports its filesystem.',
  },
];

const EVICTION_SINCE_MINOR = 3;

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
    const refusedOnly = new Set<number>();
    // "failed multiple times in a row" (the catalog tells it from "failed once", the start-up blip).
    for (const e of ctx.ofKind('gc.image-failed')) {
      const list = byNode.get(ev.node[e]) ?? [];
      list.push(e);
      byNode.set(ev.node[e], list);
    }
    // A removal the runtime refused during a pass (old kubelets print no failed pass of their own), on a node with
    // no failed pass in the log: the pass's failure, as far as the log tells.
    const removing = ctx.ofKinds(['gc.image-removing', 'gc.image-disk-pressure']);
    for (const e of ctx.ofKind('gc.image-remove-failed')) {
      if (byNode.has(ev.node[e]) && !refusedOnly.has(ev.node[e])) continue;
      if (lastBefore(ctx, removing, ev.node[e], ev.timeUs[e] - REFUSED_IN_PASS_US, ev.timeUs[e] + 1) < 0) continue;
      const list = byNode.get(ev.node[e]) ?? [];
      if (list.length < MAX_REFUSED) list.push(e);
      byNode.set(ev.node[e], list);
      refusedOnly.add(ev.node[e]);
    }
    // Before 1.7 the start-up blip read like any failed pass: one such failure within a minute of the kubelet's
    // start, on stats not gathered yet ("unable to find data for container /"), is that blip, not a failing GC.
    for (const [node, list] of byNode) {
      if (list.length !== 1 || ev.msg[list[0]] !== PRE_1_7_FAILED || !/unable to find data|stats/i.test(ctx.text(list[0]))) continue;
      const startUs = startTimeOf(ctx, list[0], ctx.startBefore(list[0]));
      if (ev.timeUs[list[0]] - startUs <= STARTUP_WINDOW_US) byNode.delete(node);
    }
    return [...byNode.entries()].map(([node, list]) => describe(ctx, node, list, refusedOnly.has(node)));
  },
};

function describe(ctx: FindingContext, node: number, list: number[], refused: boolean): Finding {
  const trace = ctx.trace;
  const b = new FindingBuilder(trace);
  for (const e of list.slice(0, MAX_EVIDENCE)) b.evidence(e);
  b.nodeLanes(node, ['gc']);
  const first = list[0];
  const last = list[list.length - 1];
  // The last pass's error — unless an excerpt cut it short: then an earlier line that it is the start of.
  let error = ctx.text(last);
  for (const e of list.slice(0, MAX_EVIDENCE)) {
    const t = ctx.text(e);
    if (t.length > error.length && t.startsWith(error)) error = t;
  }
  const cause = causeByWords(CAUSES, error) ?? OTHER;
  // How far off the last pass was: "Wanted to free N bytes, but freed M bytes" (up to 1.28), "Attempted to free N bytes,
  // but only found M bytes eligible to free" (1.29+). Bounded digits: the pattern stays linear.
  // Before 1.7: "wanted to free N, but freed M space".
  const m = /(?:wanted|attempted) to free (\d{1,20})(?: bytes)?, but (?:only found|freed) (\d{1,20}) (?:bytes|space)/i.exec(error);
  const shortBy = m ? ` (${error === ctx.text(last) ? 'the last pass' : 'a pass'} wanted to free ${bytesText(Number(m[1]))} and freed ${bytesText(Number(m[2]))})` : '';
  const spanUs = trace.events.timeUs[last] - trace.events.timeUs[first];
  // How full the image filesystem was: the last "over the high threshold" line before the last failure.
  let full = -1;
  for (const e of ctx.ofKind('gc.image-disk-pressure')) {
    if (e > last) break;
    if (trace.events.node[e] === node && Number.isFinite(trace.events.num[e])) full = e;
  }
  if (full >= 0) b.evidence(full);
  const usage = full >= 0 ? ` The image filesystem was ${trace.events.num[full]}% full (${lineRef(trace, full)}).` : '';
  // Thresholds far under the defaults (85% / 80%) make GC run, and fail, on a disk that is not full.
  const thresholds = full >= 0 ? thresholdsIn(eventRawText(trace, full, 1000)) : undefined;
  const lowSet = thresholds !== undefined && thresholds.high <= LOW_HIGH_THRESHOLD;
  const setting = lowSet
    ? ` Its thresholds are set low: GC starts above ${thresholds.high}%${thresholds.low >= 0 ? ` and frees down to ${thresholds.low}%` : ''} (the defaults are 85% and 80%), so at ${trace.events.num[full]}% it runs every pass and can never reach its target: the disk is not full, the settings make it fail — set so on purpose (to test GC) or by mistake.`
    : '';
  // What the passes did remove meanwhile.
  const removed = ctx.ofKind('gc.image-removing').filter((e) => trace.events.node[e] === node && e >= first && e <= last + MAX_REMOVED_AFTER);
  let removedText = '';
  if (removed.length) {
    for (const e of removed.slice(0, 10)) b.evidence(e);
    const bytes = removed.reduce((k, e) => k + (Number.isFinite(trace.events.num[e]) ? trace.events.num[e] : 0), 0);
    removedText = ` Meanwhile it removed ${count(removed.length, 'image')}${bytes > 0 ? ` (${bytesText(bytes)})` : ''}, ${lineRef(trace, removed[0])}${removed.length > 1 ? ` to ${lineRef(trace, removed[removed.length - 1])}` : ''}: images nothing used any more.`;
  }
  // cAdvisor's own word on the filesystem it cannot measure, just before: a device it does not know.
  let device = '';
  if (cause.id === 'no-stats') {
    for (let e = last - 1; e >= 0 && e >= last - NEAR_EVENTS && trace.events.timeUs[last] - trace.events.timeUs[e] <= NEAR_US; e--) {
      if (trace.events.node[e] !== node) continue;
      const dev = UNKNOWN_DEVICE.exec(eventRawText(trace, e, 1000));
      if (dev) {
        b.evidence(e);
        device = ` Just before, the kubelet could not find the image filesystem's device "${dev[1]}" among the partitions cAdvisor knows (${lineRef(trace, e)}): a device-mapper or LVM volume, or a filesystem mounted in a way cAdvisor does not list, so it has no capacity for it.`;
        break;
      }
    }
  }
  const when = list.length === 1 ? ` (at ${timeOfEvent(trace, first)}, ${lineRef(trace, first)})`
    : ` (${count(list.length, 'such line')}, from ${timeOfEvent(trace, first)}, ${lineRef(trace, first)}, to ${timeOfEvent(trace, last)}, ${lineRef(trace, last)}: ${duration(spanUs)})`;
  // The eviction manager and the DiskPressure condition came in 1.3.
  const noEviction = kubeletMinors(trace, first)[1] < EVICTION_SINCE_MINOR;
  return b.build({
    id: 'image-gc-failing',
    title: `Image garbage collection failing${lowSet ? `: its thresholds are set far below the defaults (${thresholds.high}%)` : cause === OTHER ? ` (${clip(error, 60)})` : `: ${cause.title}`}`,
    // One pass without root stats is a kubelet's first minute as often as not.
    severity: lowSet || (cause.id === 'no-root-stats' && list.length === 1) ? 'info' : 'warning',
    explanation: `${refused ? `The runtime refused ${list.length > 1 ? 'removals' : 'a removal'} image garbage collection asked for` : `Image garbage collection failed ${list.length > 1 || !printedEachPass(trace.events.msg[first]) ? 'several passes in a row' : 'a pass'}`}${when}: "${clip(error, 240)}"${shortBy}.${usage}${setting}${removedText}${device} ${lowSet ? '' : `${cause.why} `}`
      + (lowSet ? 'Nothing is at risk from the disk itself until it nears the eviction threshold (imagefs.available / nodefs.available); the failures only mean GC cannot meet targets this low.'
        : `While it fails, no unused image is removed${noEviction ? '.' : ': once the image filesystem reaches the eviction threshold (imagefs.available / nodefs.available) the node gets DiskPressure, rejects new pods and evicts running ones.'}`),
    next: lowSet ? 'Set imageGCHighThresholdPercent and imageGCLowThresholdPercent back to sensible values (defaults 85 and 80) in the kubelet configuration, unless the low values are a deliberate test; then check that the next passes succeed.' : cause.next,
  });
}
