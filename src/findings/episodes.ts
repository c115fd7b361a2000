/**
 * Groups repeated node-level condition lines ("Skipping pod synchronization", "Container runtime network not
 * ready"…) into episodes: consecutive lines on one node, no more than `maxGapUs` apart, within one kubelet
 * process. Linear in the number of lines given; each episode keeps a bounded sample of its events.
 */
import type { FindingContext } from './context.ts';
import { startTimeOf } from './context.ts';
import type { LogGap, Trace } from '../model/trace.ts';

/** Events kept per episode (the first ones; the last one is always kept separately). */
const SAMPLE = 200;
/** A condition that clears within this long after a kubelet start is start-up noise, not an incident. */
export const STARTUP_WINDOW_US = 60e6;

/** Lines that say a pod is being deleted or torn down (its kills and syncs then end its life, not a container's run or start). */
export const DELETION_KINDS = ['syncloop.delete', 'syncloop.remove', 'housekeeping.kill-unwanted', 'housekeeping.kill-unwanted-failed', 'sync.deleted-must-kill',
  'pw.work-terminating', 'sync.terminating-enter', 'pw.observed-terminate', 'pw.teardown-orphaned'];

export interface Episode {
  node: number;
  /** First and last event of the episode. */
  first: number;
  last: number;
  count: number;
  /** A bounded sample of the episode's events, earliest first (always includes first). */
  sample: number[];
  /** Time of the kubelet start before the episode (NaN if the log does not show one). */
  startUs: number;
  /** The kubelet start event before the episode, -1 if none. */
  startEvent: number;
}

/**
 * Bursts among events in time order: an event more than `gapUs` after the one before starts one (a node status
 * update's tries at once, a housekeeping pass's reports).
 */
export function burstCount(timeUs: Float64Array, events: readonly number[], gapUs: number): number {
  let n = 0;
  for (let k = 0; k < events.length; k++) if (k === 0 || timeUs[events[k]] - timeUs[events[k - 1]] > gapUs) n++;
  return n;
}

export function groupEpisodes(ctx: FindingContext, events: Iterable<number>, maxGapUs: number): Episode[] {
  const ev = ctx.trace.events;
  const open = new Map<number, Episode & { startIndex: number }>();
  const out: Episode[] = [];
  for (const e of events) {
    const node = ev.node[e];
    const startIndex = ctx.startBefore(e);
    const cur = open.get(node);
    // A stretch the log leaves out (a paste's cut) between two lines of the same condition does not end it.
    if (cur && cur.startIndex === startIndex && (ev.timeUs[e] - ev.timeUs[cur.last] <= maxGapUs || cutBetween(ctx, node, ev.timeUs[cur.last], ev.timeUs[e]))) {
      cur.last = e;
      cur.count++;
      if (cur.sample.length < SAMPLE) cur.sample.push(e);
      continue;
    }
    const starts = ctx.trace.nodes[node]?.starts ?? [];
    const episode = {
      node, first: e, last: e, count: 1, sample: [e], startIndex,
      startUs: startTimeOf(ctx, e, startIndex), startEvent: startIndex >= 0 ? starts[startIndex] : -1,
    };
    open.set(node, episode);
    out.push(episode);
  }
  return out;
}

/** Whether a cut in the node's log (Trace.gaps) lies between fromUs and toUs: what came between is not in the log. */
function cutBetween(ctx: FindingContext, node: number, fromUs: number, toUs: number): boolean {
  const gaps = gapsByNode(ctx.trace).get(node);
  if (!gaps) return false;
  // The first cut that starts at or after fromUs (sorted by start); it is the only one that can fit.
  let lo = 0;
  let hi = gaps.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (gaps[mid].startUs < fromUs) lo = mid + 1; else hi = mid;
  }
  return lo < gaps.length && gaps[lo].endUs <= toUs;
}

const gapCache = new WeakMap<Trace, Map<number, LogGap[]>>();

/** The trace's cuts per node, sorted by their start (built once per trace). */
function gapsByNode(trace: Trace): Map<number, LogGap[]> {
  let byNode = gapCache.get(trace);
  if (!byNode) {
    byNode = new Map();
    for (const g of trace.gaps) {
      const list = byNode.get(g.node);
      if (list) list.push(g); else byNode.set(g.node, [g]);
    }
    for (const list of byNode.values()) list.sort((a, b) => a.startUs - b.startUs);
    gapCache.set(trace, byNode);
  }
  return byNode;
}

/** True when the episode began and ended within the start-up window of the kubelet start before it. */
export function isStartupTransient(ctx: FindingContext, ep: Episode): boolean {
  if (Number.isNaN(ep.startUs)) return false;
  return ctx.trace.events.timeUs[ep.last] - ep.startUs <= STARTUP_WINDOW_US;
}

/** Events of `candidates` (time-ordered) on the episode's node between fromUs and toUs, at most `max`. */
export function eventsNear(ctx: FindingContext, candidates: Uint32Array, node: number, fromUs: number, toUs: number, max: number): number[] {
  const ev = ctx.trace.events;
  const out: number[] = [];
  // Binary search for the first candidate at or after fromUs, then walk forward.
  let lo = 0;
  let hi = candidates.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ev.timeUs[candidates[mid]] < fromUs) lo = mid + 1; else hi = mid;
  }
  // The walk is bounded too, so many episodes over a busy multi-node log stay cheap.
  for (let k = lo; k < candidates.length && out.length < max && k - lo < 10_000; k++) {
    const e = candidates[k];
    if (ev.timeUs[e] > toUs) break;
    if (ev.node[e] === node) out.push(e);
  }
  return out;
}

/**
 * The last event of `candidates` (time-ordered) on `node` at or after fromUs and before toUs, or -1: a binary search
 * for toUs, then a walk back (bounded like eventsNear's walk forward).
 */
export function lastBefore(ctx: FindingContext, candidates: Uint32Array, node: number, fromUs: number, toUs: number): number {
  const ev = ctx.trace.events;
  let lo = 0;
  let hi = candidates.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ev.timeUs[candidates[mid]] < toUs) lo = mid + 1; else hi = mid;
  }
  for (let k = lo - 1; k >= 0 && lo - k <= 10_000; k--) {
    const e = candidates[k];
    if (ev.timeUs[e] < fromUs) break;
    if (ev.node[e] === node) return e;
  }
  return -1;
}

/** An Evicted Event this soon after the pod's admission rejection is the rejection's (≤1.4's admit handler recorded it so). */
const REJECTION_EVENT_US = 1e6;

/**
 * The Evicted Events that are an admission rejection's, not an eviction's: before 1.5 the eviction manager's admit
 * handler recorded its rejection as an Event of reason Evicted ("The node was low on compute resources."), right after
 * the rejection of the same pod. admission-rejected cites them; eviction leaves them out.
 */
export function rejectionEvictedEvents(ctx: FindingContext): Set<number> {
  const ev = ctx.trace.events;
  const rejections = eventsByPod(ctx, 'admit.rejected', 50);
  const out = new Set<number>();
  for (const e of ctx.ofKind('event.evicted')) {
    if ((rejections.get(ev.pod[e]) ?? []).some((r) => ev.timeUs[e] >= ev.timeUs[r] && ev.timeUs[e] - ev.timeUs[r] <= REJECTION_EVENT_US)) out.add(e);
  }
  return out;
}

/** Events of one kind grouped by pod (-1: none named), in time order, at most `maxPerPod` each. */
export function eventsByPod(ctx: FindingContext, kind: string, maxPerPod: number): Map<number, number[]> {
  const pod = ctx.trace.events.pod;
  const byPod = new Map<number, number[]>();
  for (const e of ctx.ofKind(kind)) {
    let list = byPod.get(pod[e]);
    if (!list) { list = []; byPod.set(pod[e], list); }
    if (list.length < maxPerPod) list.push(e);
  }
  return byPod;
}

/** Events of one kind grouped by node, in time order, at most `maxPerNode` each; `keep` filters them. */
export function eventsByNode(ctx: FindingContext, kind: string, maxPerNode: number, keep?: (e: number) => boolean): Map<number, number[]> {
  const node = ctx.trace.events.node;
  const byNode = new Map<number, number[]>();
  for (const e of ctx.ofKind(kind)) {
    if (keep && !keep(e)) continue;
    let list = byNode.get(node[e]);
    if (!list) { list = []; byNode.set(node[e], list); }
    if (list.length < maxPerNode) list.push(e);
  }
  return byNode;
}
