/**
 * Stretches of time the logs do not cover. A source's cuts (SourceInfo.cuts: an elision mark, the prose between two
 * excerpts of a document, the next file's section, journald's "Suppressed N messages") split its records into
 * stretches printed without a break. Between two such stretches, in time order, lines are missing: whatever the
 * kubelet did then is unknown, unless another source of the same node covers that time.
 *
 * Only cuts make gaps. A quiet stretch of a log with no cut is the kubelet saying nothing (low verbosity, an idle
 * node), not missing lines, and two files of one node that do not meet are not known to miss anything either.
 */
import type { LogGap, SourceInfo } from '../trace.ts';
import type { OrderedEventTable } from './ordered-events.ts';

/** Shorter holes are not drawn: invisible at the usual zoom, and a state rarely changes and back within a second. */
const MIN_GAP_US = 1_000_000;

interface Stretch {
  startUs: number;
  endUs: number;
  /** Which stretch of its source (0 = before the first cut). */
  run: number;
}

/** Number of cut lines before `line` (the cut lines are sorted). */
function runOf(cutLines: Int32Array, line: number): number {
  let lo = 0;
  let hi = cutLines.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cutLines[mid] < line) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Sorted, overlapping stretches joined. */
function mergeStretches(list: Stretch[]): Stretch[] {
  list.sort((a, b) => a.startUs - b.startUs);
  const out: Stretch[] = [];
  for (const s of list) {
    const last = out[out.length - 1];
    if (last && s.startUs <= last.endUs) {
      if (s.endUs > last.endUs) last.endUs = s.endUs;
    } else {
      out.push({ ...s });
    }
  }
  return out;
}

/** The gaps of every node, sorted by node then time. Linear in the events (a binary search per event of a cut source). */
export function findLogGaps(sources: readonly SourceInfo[], events: OrderedEventTable, nodeCount: number): LogGap[] {
  const cutLines = sources.map((s) => Int32Array.from(s.cuts.map((c) => c.line)).sort());
  if (!cutLines.some((c) => c.length > 0)) return [];

  // (node, source, run) → the time the stretch covers. Sources without cuts have one run.
  const stretches = new Map<number, Stretch>();
  const runsPerSource = cutLines.map((c) => c.length + 1);
  const runBase: number[] = [];
  let base = 0;
  for (const r of runsPerSource) { runBase.push(base); base += r; }
  for (let e = 0; e < events.count; e++) {
    const source = events.source[e];
    const cuts = cutLines[source];
    const run = cuts.length ? runOf(cuts, events.line[e]) : 0;
    const key = events.node[e] * base + runBase[source] + run;
    const t = events.timeUs[e];
    const s = stretches.get(key);
    if (!s) stretches.set(key, { startUs: t, endUs: t, run });
    else {
      if (t < s.startUs) s.startUs = t;
      if (t > s.endUs) s.endUs = t;
    }
  }

  // Per node: the holes inside each cut source's coverage, minus what any source of the node covers.
  const byNode: { source: number; stretch: Stretch }[][] = Array.from({ length: nodeCount }, () => []);
  for (const [key, stretch] of stretches) {
    const node = Math.floor(key / base);
    const within = key - node * base;
    let source = 0;
    while (source + 1 < runBase.length && runBase[source + 1] <= within) source++;
    if (node < nodeCount) byNode[node].push({ source, stretch });
  }
  const gaps: LogGap[] = [];
  for (let node = 0; node < nodeCount; node++) {
    const all = byNode[node];
    if (all.length < 2) continue;
    const covered = mergeStretches(all.map((x) => x.stretch));
    for (let source = 0; source < sources.length; source++) {
      if (!cutLines[source].length) continue;
      const own = all.filter((x) => x.source === source).map((x) => x.stretch);
      // In time order; a stretch earlier in the file may come later in time (a document quoting out of order).
      own.sort((a, b) => a.startUs - b.startUs);
      let reachUs = -Infinity;
      for (let k = 0; k < own.length; k++) {
        const next = own[k];
        if (k > 0 && next.startUs - reachUs >= MIN_GAP_US) {
          const cutIndex = next.run > 0 ? next.run - 1 : 0;
          const cut = sources[source].cuts[cutIndex];
          for (const hole of uncovered(reachUs, next.startUs, covered)) {
            gaps.push({ node, startUs: hole[0], endUs: hole[1], source, line: cut.line, kind: cut.kind });
          }
        }
        if (next.endUs > reachUs) reachUs = next.endUs;
      }
    }
  }
  return dedupe(gaps);
}

/** The parts of (fromUs, toUs) that no stretch in `covered` (merged, sorted) reaches. */
function uncovered(fromUs: number, toUs: number, covered: readonly Stretch[]): [number, number][] {
  const out: [number, number][] = [];
  let at = fromUs;
  for (const c of covered) {
    if (c.endUs <= at) continue;
    if (c.startUs >= toUs) break;
    if (c.startUs > at) out.push([at, c.startUs]);
    at = Math.max(at, c.endUs);
    if (at >= toUs) break;
  }
  if (at < toUs) out.push([at, toUs]);
  return out.filter(([a, b]) => b - a >= MIN_GAP_US);
}

/** Two cut sources of one node may find the same hole: keep one, in node then time order. */
function dedupe(gaps: LogGap[]): LogGap[] {
  gaps.sort((a, b) => a.node - b.node || a.startUs - b.startUs || a.endUs - b.endUs);
  const out: LogGap[] = [];
  for (const g of gaps) {
    const last = out[out.length - 1];
    if (last && last.node === g.node && g.startUs < last.endUs) {
      if (g.endUs > last.endUs) last.endUs = g.endUs;
      continue;
    }
    out.push(g);
  }
  return out;
}
