/** For each source, physical line (0-based) → the event whose record covers it, or -1. Built once per trace. */
import type { Trace } from '../model/trace.ts';

const cache = new WeakMap<Trace, Int32Array[]>();

export function lineToEvent(trace: Trace): Int32Array[] {
  let maps = cache.get(trace);
  if (maps) return maps;
  maps = trace.raw.map((r) => new Int32Array(Math.max(0, r.lineStarts.length - 1)).fill(-1));
  // Columns read into locals and one-line records (nearly all) set without an inner loop: this runs once per trace,
  // on the main thread, when a big log first reaches the page (1M events).
  const { source, line, lineCount, count } = trace.events;
  for (let e = 0; e < count; e++) {
    const map = maps[source[e]];
    const first = line[e] - 1;
    const n = lineCount[e];
    if (n <= 1) {
      if (first < map.length) map[first] = e;
      continue;
    }
    const end = Math.min(first + n, map.length);
    for (let k = first; k < end; k++) map[k] = e;
  }
  cache.set(trace, maps);
  return maps;
}
