/** Type-ahead over a trace's pods: which pods a typed query names, best matches first. Pure, for the pod filter. */
import { podLabel } from '../../model/trace-query.ts';
import type { PodInfo } from '../../model/trace.ts';

/**
 * Pods whose `namespace/name` contains the query (case-insensitive) or whose UID starts with it, skipping those in
 * `exclude`. Names that start with the query (or whose pod name does) come before other substring matches; the
 * rest keep the order of `pods`. At most `limit` results.
 */
export function matchPods(pods: readonly PodInfo[], query: string, exclude: ReadonlySet<number>, limit: number): number[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const prefix: number[] = [];
  const inside: number[] = [];
  for (const p of pods) {
    if (exclude.has(p.index)) continue;
    const label = podLabel(p).toLowerCase();
    if (label.startsWith(q) || p.name.toLowerCase().startsWith(q)) prefix.push(p.index);
    else if (label.includes(q) || p.uid.toLowerCase().startsWith(q)) inside.push(p.index);
    if (prefix.length >= limit) break;
  }
  return [...prefix, ...inside].slice(0, limit);
}
