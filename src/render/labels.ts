/** Event labels for the canvas, cached per trace (building one reads the catalog and may decode the raw line). */
import { eventLabel } from '../model/trace-query.ts';
import type { Trace } from '../model/trace.ts';

const caches = new WeakMap<Trace, Map<number, string>>();
const MAX_CACHED = 5_000;

export function cachedEventLabel(trace: Trace, e: number): string {
  let cache = caches.get(trace);
  if (!cache) caches.set(trace, (cache = new Map()));
  let label = cache.get(e);
  if (label === undefined) {
    if (cache.size > MAX_CACHED) cache.clear();
    label = eventLabel(trace, e);
    cache.set(e, label);
  }
  return label;
}
