/**
 * What an error usually means, as data: detectors that read a cause from an error's words (kubelet-exited,
 * api-server-unreachable) keep a table of these, most specific first.
 */
import type { Trace } from '../model/trace.ts';

export interface Cause {
  id: string;
  /** Lower-case words of the error; the first cause with a word in it wins. */
  words: readonly string[];
  title: string;
  why: string;
  next: string;
}

/** The first cause of `causes` one of whose words the text holds (case-insensitive), or undefined. */
export function causeByWords<C extends Cause>(causes: readonly C[], text: string): C | undefined {
  const lower = text.toLowerCase();
  return causes.find((c) => c.words.some((w) => lower.includes(w)));
}

/** The last event of a node (events are in time order), or -1 if it has none. */
export function lastEventOn(trace: Trace, node: number): number {
  const ev = trace.events;
  for (let e = ev.count - 1; e >= 0; e--) if (ev.node[e] === node) return e;
  return -1;
}
