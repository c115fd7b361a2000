/** The choices each filter offers, from what the trace contains (memoised per trace: one pass over the events). */
import { LANE_TITLES, type LaneKind, type Trace } from '../../model/trace.ts';

export interface FilterOptions {
  namespaces: { value: string; label: string }[];
  containers: { value: string; label: string }[];
  laneKinds: { value: string; label: string }[];
}

const cache = new WeakMap<Trace, FilterOptions>();

export function filterOptions(trace: Trace): FilterOptions {
  let options = cache.get(trace);
  if (options) return options;
  const namespaces = [...new Set(trace.pods.map((p) => p.namespace).filter(Boolean))].sort();
  // Names of container instances, and names that lines mention without an instance the model could place (the
  // container filter matches either: event-filter.ts).
  const names = new Set(trace.containers.filter((c) => !c.sandbox && c.name).map((c) => c.name));
  const mentioned = new Uint8Array(trace.strings.length); // by string id: a Set would cost ~10x on millions of events
  const cname = trace.events.cname;
  for (let e = 0; e < trace.events.count; e++) mentioned[cname[e]] = 1;
  for (let id = 1; id < mentioned.length; id++) if (mentioned[id] && trace.strings[id]) names.add(trace.strings[id]);
  const containers = [...names].sort();
  const kinds = [...new Set(trace.lanes.map((l) => l.kind))] as LaneKind[];
  options = {
    namespaces: namespaces.map((n) => ({ value: n, label: n })),
    containers: containers.map((c) => ({ value: c, label: c })),
    laneKinds: kinds.map((k) => ({ value: k, label: LANE_TITLES[k] ?? k })).sort((a, b) => a.label.localeCompare(b.label)),
  };
  cache.set(trace, options);
  return options;
}
