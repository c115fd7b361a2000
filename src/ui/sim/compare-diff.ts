/**
 * What differs between two runs of the same scenario, lane by lane. Lanes are matched by their stable id (pod UID
 * and lane kind, so the same pod in both runs pairs up; container lanes by their container's ID); a lane differs
 * when its sequence of states (its bands) or of event kinds (its marks) differs, or when only one run has it. Times
 * are not compared: the same story a few milliseconds later is the same story.
 */
import type { Trace } from '../../model/trace.ts';

export interface LaneDifference {
  /** The lane's key in both runs (its id; for a container, its first instance's ID). */
  laneId: string;
  title: string;
  /** When the lane first differs (epoch µs). */
  firstUs: number;
  /** Set when only one run has the lane. */
  onlyIn?: 'a' | 'b';
}

interface LaneSequence {
  title: string;
  /** The lane's kind: a sandbox and the same ID on an unidentified container lane draw different states for it. */
  kind: string;
  states: string[];
  stateTimes: number[];
  kinds: number[];
  kindTimes: number[];
}

/**
 * A lane's key across runs: its id, except for container and sandbox lanes, which are keyed by their first
 * instance's ID — an ID the log never names is drawn on an "unidentified ID" lane, and the same ID in the other run
 * may be named (its kill line names a container) or known as the sandbox (from lines only that run has): the ID
 * pairs the two up.
 */
function laneKeys(trace: Trace): string[] {
  const keys = trace.lanes.map((l) => l.id);
  const seen = new Set<number>();
  for (const c of trace.containers) {
    const kind = trace.lanes[c.lane]?.kind;
    if (seen.has(c.lane) || (kind !== 'container' && kind !== 'sandbox') || !c.id) continue;
    seen.add(c.lane);
    keys[c.lane] = `${trace.pods[c.pod]?.uid ?? ''}/id@${c.id.slice(0, 12)}`;
  }
  return keys;
}

function sequences(trace: Trace): Map<string, LaneSequence> {
  const out = new Map<string, LaneSequence>();
  const keys = laneKeys(trace);
  for (const lane of trace.lanes) {
    const pod = lane.pod >= 0 ? trace.pods[lane.pod] : undefined;
    const seq: LaneSequence = { title: pod ? `${pod.name}: ${lane.title}` : lane.title, kind: lane.kind, states: [], stateTimes: [], kinds: [], kindTimes: [] };
    for (let i = trace.laneSpanStart[lane.index]; i < trace.laneSpanStart[lane.index + 1]; i++) {
      const s = trace.laneSpanIdx[i];
      seq.states.push(trace.strings[trace.spans.state[s]]);
      seq.stateTimes.push(trace.spans.startUs[s]);
    }
    for (let i = trace.laneEventStart[lane.index]; i < trace.laneEventStart[lane.index + 1]; i++) {
      const e = trace.laneEventIdx[i];
      seq.kinds.push(trace.events.kind[e]);
      seq.kindTimes.push(trace.events.timeUs[e]);
    }
    out.set(keys[lane.index], seq);
  }
  return out;
}

/** Earliest time at which two sequences stop agreeing, or undefined when they are equal. */
function firstDifference<T>(a: readonly T[], aTimes: readonly number[], b: readonly T[], bTimes: readonly number[]): number | undefined {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (i < a.length && i < b.length && a[i] === b[i]) continue;
    return Math.min(aTimes[i] ?? Infinity, bTimes[i] ?? Infinity);
  }
  return undefined;
}

export function diffRuns(a: Trace, b: Trace): LaneDifference[] {
  const sa = sequences(a);
  const sb = sequences(b);
  const out: LaneDifference[] = [];
  for (const [laneId, x] of sa) {
    const y = sb.get(laneId);
    if (!y) {
      out.push({ laneId, title: x.title, firstUs: Math.min(x.stateTimes[0] ?? Infinity, x.kindTimes[0] ?? Infinity), onlyIn: 'a' });
      continue;
    }
    // One run knows the ID as the sandbox, the other cannot tell: what happened to it is in its events alone.
    const states = x.kind === y.kind ? firstDifference(x.states, x.stateTimes, y.states, y.stateTimes) : undefined;
    const kinds = firstDifference(x.kinds, x.kindTimes, y.kinds, y.kindTimes);
    if (states !== undefined || kinds !== undefined) out.push({ laneId, title: x.title, firstUs: Math.min(states ?? Infinity, kinds ?? Infinity) });
  }
  for (const [laneId, y] of sb) {
    if (!sa.has(laneId)) out.push({ laneId, title: y.title, firstUs: Math.min(y.stateTimes[0] ?? Infinity, y.kindTimes[0] ?? Infinity), onlyIn: 'b' });
  }
  return out.sort((p, q) => p.firstUs - q.firstUs || p.laneId.localeCompare(q.laneId));
}

/** The markers one side draws: its own lanes among the differences. */
export function markersFor(trace: Trace, diffs: readonly LaneDifference[]): { lane: number; firstUs: number }[] {
  const byId = new Map(laneKeys(trace).map((key, lane) => [key, lane]));
  const out: { lane: number; firstUs: number }[] = [];
  for (const d of diffs) {
    const lane = byId.get(d.laneId);
    if (lane !== undefined && Number.isFinite(d.firstUs)) out.push({ lane, firstUs: d.firstUs });
  }
  return out;
}
