/**
 * What every detector reads: the trace plus an index of event indices by kind, built in one pass over the events
 * so that a detector touches only the kinds it cares about (each list is in time order).
 */
import { KINDS } from '../catalog/catalog.ts';
import { minorRange } from '../catalog/fingerprint.ts';
import type { Trace } from '../model/trace.ts';

/**
 * The minor versions the kubelet that wrote event e may be, from its source's version range: [lowest, highest]
 * (0 and Infinity where the range says nothing).
 */
export function kubeletMinors(trace: Trace, e: number): [number, number] {
  const source = trace.sources[trace.events.source[e]];
  return source ? minorRange(source.versionRange) : [0, Infinity];
}

export interface FindingContext {
  trace: Trace;
  /** Event indices of one kind, in time order (empty for a kind no event has). */
  ofKind(kind: string): Uint32Array;
  /** Event indices of several kinds merged, in time order. */
  ofKinds(kinds: readonly string[]): Uint32Array;
  /** The text column of an event as a string ('' for none). */
  text(e: number): string;
  /** Index into trace.nodes[node].starts of the last kubelet start at or before event e (-1 if none is logged). */
  startBefore(e: number): number;
  /** The event of the first kubelet start on e's node after event e (a restart after a crash or a reboot), or -1. */
  startAfter(e: number): number;
}

const EMPTY = new Uint32Array(0);

export function buildContext(trace: Trace): FindingContext {
  const ev = trace.events;
  const kindCount = KINDS.length;
  // Counting sort of event indices by kind: offsets, then fill. Event indices are time-ordered, so each run is too.
  const offsets = new Uint32Array(kindCount + 1);
  for (let i = 0; i < ev.count; i++) offsets[ev.kind[i] + 1]++;
  for (let k = 0; k < kindCount; k++) offsets[k + 1] += offsets[k];
  const byKind = new Uint32Array(ev.count);
  const fill = offsets.slice(0, kindCount);
  for (let i = 0; i < ev.count; i++) byKind[fill[ev.kind[i]]++] = i;
  const kindIndex = new Map<string, number>(KINDS.map((k, i) => [k, i]));

  const ofKind = (kind: string): Uint32Array => {
    const k = kindIndex.get(kind);
    return k === undefined ? EMPTY : byKind.subarray(offsets[k], offsets[k + 1]);
  };

  const startTimes = trace.nodes.map((n) => n.starts.map((e) => ev.timeUs[e]));
  /** Several detectors ask for the same kinds together: each combination is merged once. */
  const merged = new Map<string, Uint32Array>();

  return {
    trace,
    ofKind,
    ofKinds(kinds) {
      const key = kinds.join('\n');
      let out = merged.get(key);
      if (out === undefined) {
        out = mergeAll(kinds.map(ofKind).filter((l) => l.length > 0));
        merged.set(key, out);
      }
      return out;
    },
    text: (e) => (ev.text[e] > 0 ? trace.strings[ev.text[e]] : ''),
    startBefore(e) {
      return startsUpTo(startTimes[ev.node[e]], ev.timeUs[e]) - 1;
    },
    startAfter(e) {
      const times = startTimes[ev.node[e]];
      const k = startsUpTo(times, ev.timeUs[e]);
      return times && k < times.length ? trace.nodes[ev.node[e]].starts[k] : -1;
    },
  };
}

/** How many of the ascending start times are at or before tUs (binary search). */
function startsUpTo(times: readonly number[] | undefined, tUs: number): number {
  if (!times) return 0;
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid] <= tUs) lo = mid + 1; else hi = mid;
  }
  return lo;
}

/**
 * One ascending list of the event indices of several ascending lists (the lists of different kinds never share an
 * event), merged two at a time — linear per level, instead of sorting the concatenation.
 */
function mergeAll(lists: Uint32Array[]): Uint32Array {
  if (lists.length === 0) return EMPTY;
  while (lists.length > 1) {
    const next: Uint32Array[] = [];
    for (let k = 0; k + 1 < lists.length; k += 2) next.push(mergeTwo(lists[k], lists[k + 1]));
    if (lists.length % 2) next.push(lists[lists.length - 1]);
    lists = next;
  }
  return lists[0];
}

function mergeTwo(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let o = 0;
  while (i < a.length && j < b.length) out[o++] = a[i] < b[j] ? a[i++] : b[j++];
  while (i < a.length) out[o++] = a[i++];
  while (j < b.length) out[o++] = b[j++];
  return out;
}

/** Time of the kubelet start `startIndex` on the node of event e (NaN when none). */
export function startTimeOf(ctx: FindingContext, e: number, startIndex: number): number {
  const t = ctx.trace;
  const starts = t.nodes[t.events.node[e]]?.starts;
  return startIndex >= 0 && starts && startIndex < starts.length ? t.events.timeUs[starts[startIndex]] : NaN;
}
