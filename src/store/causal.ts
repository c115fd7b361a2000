/**
 * Causal neighbourhoods of an event, from Trace.links (derived in the core from the catalog's link rules): the
 * links touching it (one hop), or the whole chain reachable in both directions, bounded so a hub event cannot
 * produce an unbounded drawing.
 */
import type { Trace } from '../model/trace.ts';

export interface LinkIndex {
  /** CSR: links leaving event e are outIdx[outStart[e] .. outStart[e+1]); same for arriving links. */
  outStart: Uint32Array;
  outIdx: Uint32Array;
  inStart: Uint32Array;
  inIdx: Uint32Array;
}

function csr(count: number, keys: Uint32Array, n: number): [Uint32Array, Uint32Array] {
  const start = new Uint32Array(count + 1);
  for (let i = 0; i < n; i++) start[keys[i] + 1]++;
  for (let e = 0; e < count; e++) start[e + 1] += start[e];
  const fill = start.slice(0, count);
  const idx = new Uint32Array(n);
  for (let i = 0; i < n; i++) idx[fill[keys[i]]++] = i;
  return [start, idx];
}

export function buildLinkIndex(trace: Trace): LinkIndex {
  const l = trace.links;
  const [outStart, outIdx] = csr(trace.events.count, l.from, l.count);
  const [inStart, inIdx] = csr(trace.events.count, l.to, l.count);
  return { outStart, outIdx, inStart, inIdx };
}

export interface CausalSet {
  links: number[];
  events: Set<number>;
  /** True when the chain was cut at MAX_CHAIN_LINKS. */
  truncated: boolean;
}

export const MAX_CHAIN_LINKS = 400;

/** Links within `hops` of the event (hops = Infinity for the whole chain), breadth first. */
export function causalSet(trace: Trace, index: LinkIndex, event: number, hops: number): CausalSet {
  const links = new Set<number>();
  const events = new Set<number>([event]);
  let frontier = [event];
  let truncated = false;
  for (let depth = 0; depth < hops && frontier.length; depth++) {
    const next: number[] = [];
    for (const e of frontier) {
      const visit = (link: number, other: number) => {
        if (links.has(link)) return;
        if (links.size >= MAX_CHAIN_LINKS) { truncated = true; return; }
        links.add(link);
        if (!events.has(other)) { events.add(other); next.push(other); }
      };
      for (let k = index.outStart[e]; k < index.outStart[e + 1]; k++) visit(index.outIdx[k], trace.links.to[index.outIdx[k]]);
      for (let k = index.inStart[e]; k < index.inStart[e + 1]; k++) visit(index.inIdx[k], trace.links.from[index.inIdx[k]]);
    }
    frontier = next;
  }
  return { links: [...links].sort((a, b) => a - b), events, truncated };
}
