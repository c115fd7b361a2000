/**
 * housekeeping-slow: HandlePodCleanups runs inside the sync-loop goroutine every 2 s; while it runs the sync loop
 * handles nothing else. The kubelet warns when a pass takes longer than expected (15 s in 1.22–1.26, 1 s from
 * 1.28); at -v=4 the start and end lines give every pass's duration (kubelet-reference §1.1 item 8, M20).
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { kindId } from '../../catalog/catalog.ts';
import type { Finding } from '../../model/trace.ts';
import { parseGoDurationUs } from '../../util/time.ts';
import { count, duration, lineRef, timeOfEvent } from '../wording.ts';

const SLOW = kindId('housekeeping.slow');
const START = kindId('housekeeping.start');
/** A pass measured from its start and end lines counts as slow from here (the 1.28+ warning threshold). */
const SLOW_PASS_US = 1e6;

interface NodeHousekeeping {
  node: number;
  slow: { at: number; us: number }[];
  total: number;
  worst: { at: number; us: number };
}

export const housekeepingSlow: Detector = {
  id: 'housekeeping-slow',
  detect(ctx) {
    const ev = ctx.trace.events;
    const nodes = new Map<number, NodeHousekeeping>();
    const record = (node: number, at: number, us: number) => {
      let n = nodes.get(node);
      if (!n) { n = { node, slow: [], total: 0, worst: { at, us } }; nodes.set(node, n); }
      n.total++;
      if (n.slow.length < 200) n.slow.push({ at, us });
      if (us > n.worst.us) n.worst = { at, us };
    };
    const openStart = new Map<number, number>();
    for (const e of ctx.ofKinds(['housekeeping.slow', 'housekeeping.start', 'housekeeping.end'])) {
      const node = ev.node[e];
      if (ev.kind[e] === SLOW) {
        const text = ctx.text(e);
        // "actual" is a Go duration (1.28+); "seconds" a float (1.22–1.26).
        const us = text.endsWith('s') ? parseGoDurationUs(text) : Number(text) * 1e6;
        record(node, e, Number.isNaN(us) ? 0 : us);
        openStart.delete(node);
      } else if (ev.kind[e] === START) {
        openStart.set(node, e);
      } else {
        const s = openStart.get(node);
        openStart.delete(node);
        if (s === undefined || ev.pid[s] !== ev.pid[e]) continue;
        const us = ev.timeUs[e] - ev.timeUs[s];
        if (us >= SLOW_PASS_US) record(node, e, us);
      }
    }
    return [...nodes.values()].map((n) => describe(ctx, n));
  },
};

function describe(ctx: FindingContext, n: NodeHousekeeping): Finding {
  const trace = ctx.trace;
  const b = new FindingBuilder(trace);
  for (const s of n.slow) b.evidence(s.at);
  b.nodeLanes(n.node, ['housekeeping', 'sync-loop']);
  const first = n.slow[0].at;
  const last = n.slow[n.slow.length - 1].at;
  const parts = [
    `Housekeeping (HandlePodCleanups) ran long ${count(n.total, 'time')} between ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) and ${timeOfEvent(trace, last)} (${lineRef(trace, last)}); the worst pass took ${duration(n.worst.us)} (${lineRef(trace, n.worst.at)}).`,
    'Housekeeping runs inside the sync-loop goroutine every 2 s, so while it runs no config change, PLEG event or probe result is handled. Slow passes usually come from slow runtime listings (it lists pods and containers through the runtime), many orphaned pod directories or cgroups, or slow volume cleanup.',
  ];
  const severity = n.worst.us >= 30e6 ? 'error' : n.worst.us >= 15e6 || n.total >= 3 ? 'warning' : 'info';
  return b.build({
    id: 'housekeeping-slow',
    title: `Housekeeping slow (${count(n.total, 'pass', 'passes')}, worst ${duration(n.worst.us)})`,
    severity,
    explanation: parts.join(' '),
    next: 'Check runtime latency for list calls (kubelet_runtime_operations_duration_seconds{operation_type="list_podsandbox"/"list_containers"}), the number of directories under /var/lib/kubelet/pods, and CPU pressure on the node.',
  });
}
