/** For each source, physical line (0-based) → the event whose record covers it, or -1. Built once per trace. */
import type { Trace } from '../model/trace.ts';

const cache = new WeakMap<Trace, Int32Array[]>();

export function lineToEvent(trace: Trace): Int32Array[] {
  let maps = cache.get(trace);
  if (maps) return maps;
  maps = trace.raw.map((r) => new Int32Array(Math.max(0, r.lineStarts.length - 1)).fill(-1));
  const ev = trace.events;
  for (let e = 0; e < ev.count; e++) {
    const map = maps[ev.source[e]];
    const first = ev.line[e] - 1;
    for (let k = 0; k < Math.max(1, ev.lineCount[e]); k++) if (first + k < map.length) map[first + k] = e;
  }
  cache.set(trace, maps);
  return maps;
}
