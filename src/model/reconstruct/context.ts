/**
 * What the parts of the main pass share: the events in time order, the pods and nodes they fill in, where state
 * runners write spans and anomalies, the lanes, and which events each lane shows. One small object passed to each
 * part, instead of one function whose closure holds everything.
 */
import type { Collected } from '../collector.ts';
import { LaneMembers } from '../event-order.ts';
import { SpanBuilder, type RunnerContext } from '../state-runner.ts';
import type { StringTable } from '../../util/string-table.ts';
import type { Anomaly, LogGap, NodeInfo, PodInfo } from '../trace.ts';
import { LaneRegistry } from './lane-registry.ts';
import type { OrderedEventTable, OrderedEvents } from './ordered-events.ts';

export interface ReconstructContext {
  readonly events: OrderedEventTable;
  readonly strings: StringTable;
  readonly pods: PodInfo[];
  readonly nodes: NodeInfo[];
  /** Where every StateRunner writes (spans, anomalies, label strings). */
  readonly runnerContext: RunnerContext;
  readonly spans: SpanBuilder;
  readonly anomalies: Anomaly[];
  readonly lanes: LaneRegistry;
  /** (lane, event) pairs: the events each lane shows (its goroutine's own and the ones that changed its state). */
  readonly members: LaneMembers;
  /** Stretches the logs do not cover, per node then time (log-gaps.ts). */
  readonly gaps: readonly LogGap[];
}

const NO_GAPS: readonly LogGap[] = [];

export function createContext(c: Collected, ordered: OrderedEvents, gaps: readonly LogGap[]): ReconstructContext {
  const strings = c.strings;
  const spans = new SpanBuilder();
  const anomalies: Anomaly[] = [];
  const n = ordered.events.count;
  const lanes = new LaneRegistry(ordered.pods, ordered.nodes, strings);
  const gapsByNode: (readonly LogGap[])[] = ordered.nodes.map((nd) => gaps.filter((g) => g.node === nd.index));
  // What whereIs reads, not all of `c` and `ordered` (the closure outlives the pass: see reconstruct.ts's keepAlive).
  const lineCol = ordered.events.line;
  const sourceCol = ordered.events.source;
  const sources = c.sources;
  return {
    events: ordered.events, strings, pods: ordered.pods, nodes: ordered.nodes, spans, anomalies, gaps,
    runnerContext: {
      spans, strings, anomalies, gapsOfLane: (lane) => gapsByNode[lanes.lanes[lane].node] ?? NO_GAPS,
      whereIs: (e) => `line ${lineCol[e]} of ${sources[sourceCol[e]]?.name ?? '?'}`,
    },
    lanes,
    // Most events are on one lane; some also on a state lane.
    members: new LaneMembers(n + (n >> 1)),
  };
}
