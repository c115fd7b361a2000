/**
 * sync-loop-stall: gaps where the sync-loop goroutine logged nothing while other goroutines kept logging. Only
 * judged where the log shows the loop's own heartbeat — housekeeping every 2 s at -v=4 — so a quiet -v=2 log is
 * never mistaken for a stall. /healthz reports the loop unhealthy after max(2×syncFrequency, 5 min)
 * (kubelet-reference §1.1). One pass over all events.
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { STARTUP_WINDOW_US } from '../episodes.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { count, duration, lineRef, timeOfEvent } from '../wording.ts';

/** Housekeeping passes needed to trust the heartbeat, and the cadence they must show. */
const MIN_HEARTBEATS = 5;
const MAX_CADENCE_US = 3e6;
const MIN_STALL_US = 10e6;
/** Other goroutines must have logged at least this much inside a gap for it to count. */
const MIN_OTHER_LINES = 3;
const LONG_STALL_US = 2 * 60e6;

interface Stall { from: number; to: number; gapUs: number; others: number; atEnd: boolean }

export const syncLoopStall: Detector = {
  id: 'sync-loop-stall',
  detect(ctx) {
    const trace = ctx.trace;
    const ev = trace.events;
    // Per node: the heartbeat cadence (undefined = not judged) and the scan state.
    const cadence = heartbeats(ctx);
    if (cadence.every((c) => c === undefined)) return [];
    const isLoopLane = new Uint8Array(trace.lanes.length);
    for (const l of trace.lanes) if (l.kind === 'sync-loop' || l.kind === 'housekeeping') isLoopLane[l.index] = 1;
    const state = trace.nodes.map(() => ({ lastLoop: -1, others: 0, lastOther: -1, pid: -1, processStartUs: 0, stalls: [] as Stall[] }));
    for (let i = 0; i < ev.count; i++) {
      const node = ev.node[i];
      const c = cadence[node];
      if (c === undefined) continue;
      const st = state[node];
      if (ev.pid[i] !== st.pid) { st.pid = ev.pid[i]; st.processStartUs = ev.timeUs[i]; st.lastLoop = -1; st.others = 0; }
      if (!isLoopLane[ev.lane[i]]) { st.others++; st.lastOther = i; continue; }
      // The first minute of a process is excluded: its first iterations admit every pod at once and are long by design.
      if (st.lastLoop >= 0 && ev.timeUs[st.lastLoop] - st.processStartUs > STARTUP_WINDOW_US) {
        const gapUs = ev.timeUs[i] - ev.timeUs[st.lastLoop];
        if (gapUs > Math.max(MIN_STALL_US, 5 * c) && st.others >= MIN_OTHER_LINES && st.stalls.length < 100) {
          st.stalls.push({ from: st.lastLoop, to: i, gapUs, others: st.others, atEnd: false });
        }
      }
      st.lastLoop = i;
      st.others = 0;
    }
    const out: Finding[] = [];
    state.forEach((st, node) => {
      const c = cadence[node];
      if (c === undefined) return;
      // Silent until the end of the log while other goroutines still log.
      const tail = st.lastOther > st.lastLoop && st.lastLoop >= 0 ? ev.timeUs[st.lastOther] - ev.timeUs[st.lastLoop] : 0;
      if (tail > Math.max(MIN_STALL_US, 5 * c) && st.others >= MIN_OTHER_LINES) {
        st.stalls.push({ from: st.lastLoop, to: st.lastOther, gapUs: tail, others: st.others, atEnd: true });
      }
      if (st.stalls.length) out.push(describe(ctx, node, st.stalls, c));
    });
    return out;
  },
};

/** Per node: the median interval between housekeeping passes of one kubelet process, if regular enough to trust. */
function heartbeats(ctx: FindingContext): (number | undefined)[] {
  const ev = ctx.trace.events;
  const gaps = ctx.trace.nodes.map(() => [] as number[]);
  const prev = ctx.trace.nodes.map(() => -1);
  for (const e of ctx.ofKind('housekeeping.start')) {
    const node = ev.node[e];
    const p = prev[node];
    if (p >= 0 && ev.pid[p] === ev.pid[e] && gaps[node].length < 10_000) gaps[node].push(ev.timeUs[e] - ev.timeUs[p]);
    prev[node] = e;
  }
  return gaps.map((g) => {
    if (g.length < MIN_HEARTBEATS - 1) return undefined;
    g.sort((a, b) => a - b);
    const median = g[g.length >> 1];
    return median <= MAX_CADENCE_US ? median : undefined;
  });
}

function describe(ctx: FindingContext, node: number, stalls: Stall[], cadenceUs: number): Finding {
  const trace = ctx.trace;
  const b = new FindingBuilder(trace);
  for (const s of stalls) b.evidence(s.from, false).evidence(s.to, false);
  b.nodeLanes(node, ['sync-loop', 'housekeeping']);
  const longest = stalls.reduce((a, s) => (s.gapUs > a.gapUs ? s : a));
  const parts = [
    `At this verbosity the sync loop logs housekeeping about every ${duration(cadenceUs)}, but it went silent ${count(stalls.length, 'time')} while other goroutines kept logging.`,
    `The longest gap was ${duration(longest.gapUs)}: from ${timeOfEvent(trace, longest.from)} (${lineRef(trace, longest.from)}) ${longest.atEnd ? `to the end of the log (last other line ${lineRef(trace, longest.to)})` : `to ${timeOfEvent(trace, longest.to)} (${lineRef(trace, longest.to)})`}, with ${count(longest.others, 'line')} from other goroutines in between.`,
    'The sync-loop goroutine was inside one iteration the whole time — a handler waiting on a lock or on the runtime, a slow admission, a long housekeeping pass — so config changes, PLEG events and probe results queued up. The kubelet\'s /healthz "syncloop" check fails when an iteration takes longer than max(2×syncFrequency, 5 min).',
  ];
  return b.build({
    id: 'sync-loop-stall',
    title: `Sync loop stalled (longest ${duration(longest.gapUs)})`,
    severity: longest.gapUs >= LONG_STALL_US ? 'error' : 'warning',
    explanation: parts.join(' '),
    next: 'Take a goroutine dump while it happens (kill -QUIT or /debug/pprof/goroutine?debug=2) and look for syncLoopIteration; compare with runtime call latency and with the housekeeping and sync-loop lines just after the gap.',
  });
}
