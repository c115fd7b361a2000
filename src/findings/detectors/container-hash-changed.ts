/**
 * container-hash-changed (seeds 001, 003): computePodActions (pod worker goroutine) kills running containers whose
 * stored spec hash differs from the hash the kubelet computes for the current spec — "Container spec hash changed
 * (a vs b)" / "Container app definition changed". Expected after a spec edit; an incident when many containers
 * restart right after a kubelet start, because the new kubelet hashes the Container struct differently
 * (kubelet-reference §0: struct hash ≤1.15, JSON hash 1.16–1.30, name+image only 1.31+).
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { CATALOG, kindId } from '../../catalog/catalog.ts';
import { minorRange } from '../../catalog/fingerprint.ts';
import { eventRawText, recordedEventMessage } from '../../model/trace-query.ts';
import type { Finding } from '../../model/trace.ts';
import { clip, hashPair } from '../text-scan.ts';
import { count, duration, lineRef, listOf, podNames, timeOfEvent } from '../wording.ts';

/** A kill this long after a kubelet start is still the new process's first sync of the pod. */
const AFTER_START_US = 10 * 60e6;

const UPDATE = kindId('syncloop.update');
const KILLING_EVENT = kindId('event.killing');

interface Group {
  node: number;
  start: number;
  decisions: number[];
  /** Decisions that follow a SyncLoop UPDATE of their pod (a spec edit explains them). */
  edited: number;
  pairs: Map<string, number>;
}

export const containerHashChanged: Detector = {
  id: 'container-hash-changed',
  detect(ctx) {
    const ev = ctx.trace.events;
    const groups = new Map<string, Group>();
    const lastUpdate = new Map<number, number>();
    // The Killing event says the same as the kill decision ("Container x definition changed, will be restarted"):
    // it stands for one only where no decision of its pod is near (the decision is printed at a higher verbosity).
    const decisionAt = new Map<number, number[]>();
    for (const e of ctx.ofKind('runtime.kill-decision')) if (ev.pod[e] >= 0) (decisionAt.get(ev.pod[e]) ?? decisionAt.set(ev.pod[e], []).get(ev.pod[e])!).push(ev.timeUs[e]);
    for (const e of ctx.ofKinds(['syncloop.update', 'runtime.kill-decision', 'event.killing'])) {
      if (ev.kind[e] === UPDATE) {
        for (const p of ev.pod[e] >= 0 ? [ev.pod[e]] : ctx.trace.multiPod[e] ?? []) lastUpdate.set(p, e);
        continue;
      }
      if (ev.kind[e] === KILLING_EVENT && (ev.pod[e] < 0 || (decisionAt.get(ev.pod[e]) ?? []).some((t) => Math.abs(t - ev.timeUs[e]) <= 2e6))) continue;
      const pair = hashChange(ctx, e);
      if (!pair) continue;
      const start = ctx.startBefore(e);
      const key = `${ev.node[e]}:${start}`;
      let g = groups.get(key);
      if (!g) { g = { node: ev.node[e], start, decisions: [], edited: 0, pairs: new Map() }; groups.set(key, g); }
      if (g.decisions.length < 1000) g.decisions.push(e);
      const upd = lastUpdate.get(ev.pod[e]);
      if (upd !== undefined && ctx.startBefore(upd) === start) g.edited++;
      if (pair !== 'changed') g.pairs.set(pair, (g.pairs.get(pair) ?? 0) + 1);
    }
    const kills = ctx.ofKinds(['runtime.kill', 'runtime.kill-override']);
    return [...groups.values()].map((g) => describe(ctx, g, kills));
  },
};

/** "a vs b" for a hash-change kill decision, 'changed' when the line gives no pair, undefined for other reasons. */
function hashChange(ctx: FindingContext, e: number): string | undefined {
  const entry = CATALOG[ctx.trace.events.msg[e]];
  // (A Killing event's text column holds its reason.)
  const text = ctx.trace.events.kind[e] === KILLING_EVENT ? recordedEventMessage(ctx.trace, e) : ctx.text(e);
  const lower = text.toLowerCase();
  const isHash = entry?.id === 'S06' || lower.includes('hash changed') || lower.includes('definition changed');
  if (!isHash) return undefined;
  // The 1.7 form keeps only the container name in the text column; the pair is in the line itself.
  const pair = hashPair(text) ?? (entry?.id === 'S06' ? hashPair(eventRawText(ctx.trace, e, 4096)) : undefined);
  return pair ? `${pair[0]} vs ${pair[1]}` : 'changed';
}

function describe(ctx: FindingContext, g: Group, kills: Uint32Array): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  const startEvent = g.start >= 0 ? trace.nodes[g.node].starts[g.start] : -1;
  b.evidence(startEvent, false);
  const pods = new Set<number>();
  const containers = new Set<string>();
  for (const d of g.decisions) {
    b.evidence(d);
    pods.add(ev.pod[d]);
    containers.add(`${ev.pod[d]}/${ev.cname[d]}`);
    const kill = killAfter(ctx, kills, d);
    if (kill >= 0) b.evidence(kill);
  }
  const first = g.decisions[0];
  const sinceStartUs = startEvent >= 0 ? ev.timeUs[first] - ev.timeUs[startEvent] : NaN;
  const afterStart = sinceStartUs <= AFTER_START_US;
  const allEdited = g.edited === g.decisions.length;
  const pairs = [...g.pairs.keys()];
  const source = trace.sources[ev.source[first]];
  const [lo, hi] = minorRange(source.versionRange);
  // The range must reach across 1.7 → 1.9 and no further than 1.10: a bound like ≤1.17 (a date alone) says nothing of it.
  const upgrade17to19 = lo <= 7 && hi >= 9 && hi <= 10;

  const parts: string[] = [];
  parts.push(`${count(containers.size, 'running container')} of ${count(pods.size, 'pod')} (${podNames(trace, pods)}) ${containers.size === 1 ? 'was' : 'were'} killed to be recreated because the spec hash the kubelet computed differs from the hash stored on the running container` +
    `${pairs.length ? `: ${listOf(pairs.map((p) => `(${p})`), 3)}${g.pairs.size > 1 ? ` — ${g.pairs.size} different pairs` : ''}` : ''} (first at ${lineRef(trace, first)}, ${timeOfEvent(trace, first)}: "${clip(ev.kind[first] === KILLING_EVENT ? recordedEventMessage(trace, first) : ctx.text(first), 120)}").`);
  if (startEvent >= 0) parts.push(`This came ${duration(sinceStartUs)} after the kubelet started at ${timeOfEvent(trace, startEvent)} (${lineRef(trace, startEvent)}), in the new process's first sync of each pod (computePodActions in the pod worker).`);
  if (allEdited) {
    parts.push('Each pod had a SyncLoop UPDATE just before, so a spec edit (for example a new image) explains the restart: this is the kubelet doing what it should.');
  } else {
    const why = 'the kubelet computes the hash differently — the hashed Container struct changed between kubelet versions (1.7 → 1.9 added VolumeDevices; 1.16 moved to a JSON hash; 1.31+ hashes only name and image).';
    if (g.edited) parts.push(`Only ${g.edited} of the ${g.decisions.length} kills followed a spec update; for the others ${why}`);
    else if (startEvent >= 0) parts.push(`The new kubelet received no SyncLoop UPDATE for these pods before killing them, so their specs had not changed: ${why}`);
    else parts.push(`No SyncLoop UPDATE of these pods appears before the kills in this log; if the specs were not edited, ${why}`);
    parts.push(`This log's version range is ${source.versionRange.label}.`);
  }
  return b.build({
    id: 'container-hash-changed',
    title: allEdited ? 'Containers restarted after a spec update (container hash changed)'
      : `Container spec hash changed: ${count(containers.size, 'container')} killed and recreated${afterStart ? ' after a kubelet start' : ''}`,
    severity: allEdited ? 'info' : afterStart ? 'error' : 'warning',
    explanation: parts.join(' '),
    next: allEdited ? 'Nothing to do if the spec change was intended. If it changed only resources and an in-place resize was expected, the kubelet did not take it as one: in-place resize (InPlacePodVerticalScaling, 1.27+) must be on in both the API server and the kubelet, and the change made through the pod\'s resize subresource where the release requires it.'
      : 'Drain the node before changing the kubelet\'s minor version (in-place upgrades with running pods are not supported); compare the kubelet versions before and after the restart; if a rollback is planned, expect the same restarts in the other direction.',
    scenario: upgrade17to19 ? 'upgrade-hash-1.7-1.9' : 'hash-change-restart',
  });
}

/** The kill of the decided container within two minutes after the decision, or -1. */
function killAfter(ctx: FindingContext, kills: Uint32Array, d: number): number {
  const ev = ctx.trace.events;
  let lo = 0;
  let hi = kills.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (kills[mid] <= d) lo = mid + 1; else hi = mid;
  }
  for (let k = lo; k < kills.length && k - lo < 50; k++) {
    const e = kills[k];
    if (ev.timeUs[e] - ev.timeUs[d] > 120e6) break;
    if (ev.pod[e] === ev.pod[d] && (ev.container[e] === ev.container[d] || (ev.cname[e] > 0 && ev.cname[e] === ev.cname[d]))) return e;
  }
  return -1;
}

