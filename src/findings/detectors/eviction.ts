/**
 * eviction: the eviction manager (every 10 s) saw a node resource cross an eviction threshold, tried node-level
 * reclaim (image and container GC), then evicted pods ranked by usage and priority; each is killed through its pod
 * worker (SyncPodKill with Evict) and left Failed/Evicted (kubelet-reference §1.9, T7). One finding per node.
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { kindId } from '../../catalog/catalog.ts';
import type { Finding } from '../../model/trace.ts';
import { eventRawText } from '../../model/trace-query.ts';
import { rejectionEvictedEvents } from '../episodes.ts';
import { count, duration, listOf, lineRef, podNames, timeOfEvent } from '../wording.ts';
import { clip, clipMiddle, runtimeErrorText } from '../text-scan.ts';

const EVICTED_KINDS = new Set([kindId('eviction.evicting'), kindId('eviction.evicted'), kindId('event.evicted'), kindId('pw.teardown-evicted')]);
const PRESSURE = kindId('eviction.pressure');
const EVICTED_EVENT = kindId('event.evicted');
const CRITICAL = kindId('eviction.critical');
const EVICT_FAILED = kindId('eviction.evict-failed');
const NOTHING_TO_EVICT = kindId('eviction.nothing-to-evict');
const NO_RANKING = kindId('eviction.no-ranking');
const RECLAIM_FAILED = kindId('eviction.reclaim-failed');

interface NodeEvictions {
  node: number;
  events: number[];
  resources: Set<string>;
  evicted: Map<number, number>;
  /** Pods chosen but not evicted (critical, or the kill failed). */
  spared: Set<number>;
  /** "eviction thresholds have been met, but no pods are active to evict": how many, and the last. */
  nothingToEvict: number;
  lastNothingToEvict: number;
  /** "no ranking function for signal/resource": the last such line (-1 for none). */
  lastNoRanking: number;
  /** The node-level cleanup before evicting failed ("unexpected error when attempting to reduce … pressure"): the last. */
  lastReclaimFailed: number;
  /** Pods named by "pods ranked for eviction", and the last such line (-1 for none). */
  ranked: Set<number>;
  lastRanked: number;
  /** "must evict pod(s) to reclaim" (the node-level cleanup was not enough, or there was none), and the reclaim line before it. */
  lastMustEvict: number;
  reclaimBeforeMustEvict: number;
  /** "able to reduce … pressure without evicting pods": the node-level cleanup was enough (-1 for none). */
  lastReducedWithout: number;
  lastReclaim: number;
}

const RECLAIM = kindId('eviction.reclaim');
const MUST_EVICT = kindId('eviction.must-evict');
const RECLAIMED_WITHOUT = kindId('eviction.reclaimed-without-evicting');
/** "must evict" this soon after "attempting to reclaim": no node-level cleanup did any work between them. */
const NO_CLEANUP_US = 5e3;
/** The eviction's reason when a pod went past its own local-storage limit (localStorageEviction's messages), as quoted. */
const OWN_LIMIT = /[A-Z][^.'"]{0,160}(?:exceeds the (?:total )?limit|usage of EmptyDir volume|ephemeral local storage usage exceeds)[^'"]{0,160}/i;

export const eviction: Detector = {
  id: 'eviction',
  detect(ctx) {
    const ev = ctx.trace.events;
    const byNode = new Map<number, NodeEvictions>();
    const rejectionEvents = rejectionEvictedEvents(ctx);
    for (const e of ctx.ofKinds(['eviction.reclaim', 'eviction.pressure', 'eviction.evicting', 'eviction.evicted', 'event.evicted', 'pw.teardown-evicted', 'eviction.evict-failed', 'eviction.critical', 'event.eviction-threshold', 'eviction.nothing-to-evict', 'eviction.no-ranking', 'eviction.reclaim-failed', 'eviction.must-evict', 'eviction.reclaimed-without-evicting'])) {
      if (rejectionEvents.has(e)) continue;
      const node = ev.node[e];
      let n = byNode.get(node);
      if (!n) {
        n = { node, events: [], resources: new Set(), evicted: new Map(), spared: new Set(), nothingToEvict: 0, lastNothingToEvict: -1, lastNoRanking: -1, lastReclaimFailed: -1, ranked: new Set(), lastRanked: -1, lastMustEvict: -1, reclaimBeforeMustEvict: -1, lastReducedWithout: -1, lastReclaim: -1 };
        byNode.set(node, n);
      }
      const kind = ev.kind[e];
      if (kind === NOTHING_TO_EVICT) {
        n.nothingToEvict++;
        n.lastNothingToEvict = e;
      } else if (kind === NO_RANKING) n.lastNoRanking = e;
      else if (kind === RECLAIM_FAILED) n.lastReclaimFailed = e;
      else if (kind === RECLAIM) n.lastReclaim = e;
      else if (kind === MUST_EVICT) { n.lastMustEvict = e; n.reclaimBeforeMustEvict = n.lastReclaim; }
      else if (kind === RECLAIMED_WITHOUT) n.lastReducedWithout = e;
      if (n.events.length < 300) n.events.push(e);
      const resource = kind === RECLAIM_FAILED ? '' : ctx.text(e);
      if (resource && n.resources.size < 10 && kind !== EVICTED_EVENT) n.resources.add(resource);
      // The eviction-manager lines share one kind; of those, "pod is evicted successfully" names an evicted pod and
      // "pods ranked for eviction" the candidates, so those few lines are read to tell them apart.
      const pod = ev.pod[e];
      // (A line naming several pods, the ranking, has them in multiPod and none of them as its one pod.)
      const several = ctx.trace.multiPod[e];
      if ((pod < 0 && !several) || n.evicted.has(pod)) continue;
      if (kind === CRITICAL || kind === EVICT_FAILED) { n.spared.add(pod); continue; }
      if (EVICTED_KINDS.has(kind)) { n.evicted.set(pod, e); continue; }
      if (kind !== PRESSURE) continue;
      const raw = eventRawText(ctx.trace, e, 400);
      if (raw.includes('evicted successfully')) n.evicted.set(pod, e);
      else if (raw.includes('ranked for eviction')) {
        n.lastRanked = e;
        for (const p of several ?? [pod]) if (n.ranked.size < 20) n.ranked.add(p);
      }
    }
    const kills = ctx.ofKinds(['runtime.kill', 'runtime.kill-override']);
    return [...byNode.values()].map((n) => describe(ctx, n, kills)).concat(negativeObservations(ctx));
  },
};

function describe(ctx: FindingContext, n: NodeEvictions, kills: Uint32Array): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  for (const e of n.events) b.evidence(e, ev.kind[e] !== PRESSURE || n.evicted.get(ev.pod[e]) === e || e === n.lastRanked);
  b.nodeLanes(n.node, ['eviction']);
  // The kills of evicted pods (within a minute before or after the eviction line).
  for (const e of kills) {
    const at = n.evicted.get(ev.pod[e]);
    if (at !== undefined && Math.abs(ev.timeUs[e] - ev.timeUs[at]) <= 60e6) b.evidence(e);
  }
  const first = n.events[0];
  const parts: string[] = [];
  const resources = [...n.resources];
  // Only "evicted" lines: no signal, threshold, reclaim or ranking is in the log.
  const pressureShown = resources.length > 0 || n.lastReclaim >= 0 || n.lastMustEvict >= 0 || n.lastRanked >= 0 || n.lastReclaimFailed >= 0 ||
    n.nothingToEvict > 0 || n.lastNoRanking >= 0;
  const ownLimit = n.events.map((e) => OWN_LIMIT.exec(eventRawText(trace, e, 2000))?.[0]).find((t) => t !== undefined)?.replace(/\.$/, '');
  if (!pressureShown && n.evicted.size) {
    parts.push(ownLimit
      ? `The eviction manager evicted a pod for going past its own local-storage limit at ${timeOfEvent(trace, first)} (${lineRef(trace, first)}): "${clip(ownLimit, 200)}". That check runs on each pass (every 10 s) for every pod with an ephemeral-storage limit or an emptyDir sizeLimit, whatever the node's free space.`
      : `The eviction manager evicted at ${timeOfEvent(trace, first)} (${lineRef(trace, first)}), and the log shows no signal past a threshold, no reclaim and no ranking: either node pressure whose lines are left out (or at a higher verbosity), or a pod past its own local-storage limit (a container's ephemeral-storage limit, the pod's total, an emptyDir's sizeLimit), which the eviction manager checks on each pass whatever the node's free space.`);
  } else parts.push(`The eviction manager (every 10 s) found ${resources.length ? listOf(resources) : 'a node resource'} past its eviction threshold at ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) and tried to reclaim it: node-level cleanup first, where the signal has one (dead containers and unused images, for disk), then evicting pods ranked by how far their usage exceeds their requests, and by priority.`);
  if (n.lastMustEvict >= 0) {
    const e = n.lastMustEvict;
    const before = n.reclaimBeforeMustEvict;
    const gapUs = before >= 0 ? ev.timeUs[e] - ev.timeUs[before] : Infinity;
    parts.push(gapUs >= 0 && gapUs < NO_CLEANUP_US
      ? `It went straight on to evicting: "must evict pod(s) to reclaim" (${lineRef(trace, e)}) came ${duration(gapUs)} after "attempting to reclaim" (${lineRef(trace, before)}), with no cleanup logged between them — either the kubelet has no node-level cleanup for this signal (memory and PIDs have none; on a node whose images are on a separate image filesystem, neither do the node filesystem's signals, nodefs and ephemeral-storage, so that pressure evicts pods without any image cleanup), or the cleanup it ran found nothing to remove (no dead container, no unused image).`
      : `The node-level cleanup did not relieve it (or there was none for this signal): "must evict pod(s) to reclaim" (${lineRef(trace, e)}).`);
  }
  if (n.lastReclaimFailed >= 0) {
    const e = n.lastReclaimFailed;
    parts.push(`The node-level cleanup fell short: "${clipMiddle(runtimeErrorText(ctx.text(e)), 320)}" (${lineRef(trace, e)}), so pods had to go.`);
  }
  if (n.evicted.size) {
    parts.push(`Evicted: ${podNames(trace, n.evicted.keys(), 6)} (${count(n.evicted.size, 'pod')}; first ${lineRef(trace, [...n.evicted.values()][0])}). Each is killed through its pod worker and stays in the API as Failed with reason Evicted.`);
  } else if (n.lastNoRanking >= 0) {
    const e = n.lastNoRanking;
    const signal = ctx.text(e);
    parts.push(`It could not choose a pod: "no ranking function for ${signal || 'that signal'}" (${lineRef(trace, e)}). The eviction manager has no way to order pods by their use of ${signal || 'this resource'}, so it evicts nothing for it and the pressure stays until something else frees it. Early kubelets had none for imagefs on a node without a separate image filesystem.`);
  } else if (n.nothingToEvict) {
    const last = n.lastNothingToEvict;
    parts.push(`It found no pod it could evict: "eviction thresholds have been met, but no pods are active to evict" ${n.nothingToEvict === 1 ? `(${lineRef(trace, last)})` : `${count(n.nothingToEvict, 'time')}, the last at ${timeOfEvent(trace, last)} (${lineRef(trace, last)})`}: the node had no active pod at all, and the eviction manager frees a resource only by evicting pods, so the pressure stays until something else frees it (images, container logs, other programs' files).`);
  } else if (n.lastRanked >= 0) {
    for (const p of n.ranked) b.pod(p);
    // Static pods (their UIDs a hash of the manifest) are critical: the eviction manager ranks but never evicts them.
    const allStatic = [...n.ranked].every((p) => trace.pods[p]?.kind !== 'regular');
    parts.push(allStatic
      ? `Ranked for eviction: ${podNames(trace, n.ranked, 6)} (${lineRef(trace, n.lastRanked)}), static pods only — critical pods, which the eviction manager of current releases does not evict (old ones, around 1.9, did evict a static pod not marked critical): it has nothing it may evict, and the pressure stays until something else frees the resource.`
      : `Ranked for eviction: ${podNames(trace, n.ranked, 6)} (${lineRef(trace, n.lastRanked)}; the first is evicted first), but the log ends or is cut before any of them is shown evicted.`);
  } else if (n.lastMustEvict >= 0) {
    parts.push('Pods were to be evicted, but the log ends or is cut before their ranking or any eviction is shown.');
  } else if (n.lastReducedWithout >= 0) {
    parts.push(`The node-level cleanup was enough: "able to reduce … pressure without evicting pods" (${lineRef(trace, n.lastReducedWithout)}); no pod was evicted.`);
  } else {
    parts.push('No pod eviction appears in the log, and no line says whether the node-level cleanup was enough.');
  }
  if (n.spared.size) parts.push(`Chosen but not evicted (critical pod, or the kill failed): ${podNames(trace, n.spared, 6)}.`);
  return b.build({
    id: 'eviction',
    title: !pressureShown && n.evicted.size
      ? `Eviction: ${count(n.evicted.size, 'pod')} evicted${ownLimit ? ` past ${n.evicted.size === 1 ? 'its own local-storage limit' : 'their own local-storage limits'}` : ' (no pressure or threshold in the log)'}`
      : `Eviction: ${resources.length ? listOf(resources, 2) : 'resource'} pressure${n.evicted.size ? `, ${count(n.evicted.size, 'pod')} evicted` : ''}`,
    severity: 'warning',
    explanation: parts.join(' '),
    next: 'Find what consumed the resource (kubectl describe node: conditions and allocated resources; disk use of container logs, images and emptyDir volumes; pod memory), set requests and limits (including ephemeral-storage) so usage matches requests, and review the eviction thresholds and kube/system-reserved.',
  });
}

/**
 * A signal the eviction manager measured below zero (`available: -9112137624`): no disk or memory runs that far
 * short; the signal is miscounted (1.7's allocatableNodeFs.available, kubernetes/kubernetes#52336: DiskPressure on
 * nodes with room), and the node reports pressure it does not have.
 * One finding per node and signal, from the -v=3 observation lines.
 */
const NEGATIVE = /(?:available:|\] observed) (-[0-9]{1,20}[A-Za-z]{0,3})/;

function negativeObservations(ctx: FindingContext): Finding[] {
  const trace = ctx.trace;
  const ev = trace.events;
  const seen = new Map<string, number[]>();
  for (const e of ctx.ofKind('eviction.observation')) {
    const raw = eventRawText(trace, e, 400);
    // (The threshold lines say it too: `threshold [signal=memory.available, quantity=100Mi] observed -2097758044639028Ki`.)
    if (!NEGATIVE.test(raw)) continue;
    // (The catalog reads the signal as the event's text.)
    const signal = ctx.text(e) || 'a signal';
    const key = `${ev.node[e]}\n${signal}`;
    const list = seen.get(key) ?? [];
    if (list.length < 20) list.push(e);
    seen.set(key, list);
  }
  return [...seen].map(([key, events]) => {
    const signal = key.slice(key.indexOf('\n') + 1);
    const first = events[0];
    const value = NEGATIVE.exec(eventRawText(trace, first, 400))?.[1] ?? '';
    const b = new FindingBuilder(trace);
    for (const e of events) b.evidence(e);
    b.nodeLanes(ev.node[first], ['eviction']);
    return b.build({
      id: 'eviction',
      title: `Eviction signal ${signal} measured below zero (${value}): a miscount, not a full resource`,
      severity: 'warning',
      explanation: `The eviction manager measured ${signal} as ${value} at ${timeOfEvent(trace, first)} (${lineRef(trace, first)}${events.length > 1 ? `; ${count(events.length, 'time')} in all` : ''}). Nothing available can be less than nothing: the signal is miscounted, not exhausted, and below every threshold it makes the node report pressure (DiskPressure for a filesystem signal) and evict pods it need not. An allocatable signal is capacity minus what the pods request or use, counted by the kubelet, not by the filesystem.`,
      next: 'Compare with the node itself (`df -h` and `df -i` on the kubelet\'s and the runtime\'s filesystems, `free`); if they have room, turn the miscounted signal off (remove its threshold from evictionHard / --eviction-hard) or upgrade the kubelet.',
    });
  });
}
