/**
 * Node-level reading of the events: kubelet (re)starts (the pid changed on the node, or the sync loop says it
 * started), which make the kubelet forget what it kept in memory; the sync loop's runtime gate; the node's Ready
 * condition.
 */
import { KINDS } from '../../catalog/catalog.ts';
import { GATE_OPEN_KINDS, KUBELET_START_KINDS } from '../machines.ts';
import type { ReconstructContext } from './context.ts';
import type { KubeletMemory } from './kubelet-memory.ts';
import { serviceSinceUs } from '../../ingest/source-notes.ts';
import type { SourceInfo } from '../trace.ts';
import { serviceBlocks } from '../trace-query.ts';
import { US_PER_DAY } from '../../util/time.ts';
import { shortText } from './labels.ts';

const NODE_READY_EVENTS: Readonly<Record<string, string>> = {
  'node.not-ready': 'node.not-ready', 'event.node-not-ready': 'node.not-ready', 'node.fast-ready': 'node.ready', 'event.node-ready': 'node.ready',
};
/** Machine events by kind id ('' = none), looked up once per kind rather than by string for every event. */
const GATE_OF_KIND = KINDS.map((k) => (k === 'syncloop.skipping' ? 'gate.closed' : GATE_OPEN_KINDS.has(k) ? 'gate.open' : ''));
const NODE_READY_OF_KIND = KINDS.map((k) => NODE_READY_EVENTS[k] ?? '');
const IS_KUBELET_START_KIND = KINDS.map((k) => KUBELET_START_KINDS.has(k));
/**
 * Pod sources are added once, as a kubelet starts ("Adding static pod path", "Adding apiserver pod source"): near the
 * first line of a node's first process, they say the log begins with its start even when no start line is in it.
 */
const IS_POD_SOURCE_KIND = KINDS.map((k) => k === 'config.source');
/** systemd's "Started <the unit's description>.": the first kubelet process after it is that start's. */
const IS_SERVICE_STARTED_KIND = KINDS.map((k) => k === 'service.started');
/** Two start signals within this long of each other are the same start. */
const SAME_START_WITHIN_US = 60_000_000;

export class NodeEvents {
  // Per node (arrays: these are read for every event).
  private readonly lastPid: (number | undefined)[] = [];
  private readonly lastEventUs: (number | undefined)[] = [];
  private readonly lastStartUs = new Map<number, number>();
  /** When systemd last said it started the unit, per node. */
  private readonly serviceStartedUs = new Map<number, number>();
  /** Each node's first event (an array: read for every event). */
  private readonly firstEvent: (number | undefined)[] = [];

  /**
   * Pasted `systemctl status` blocks running a main PID since a time: pid → that time (µs). A process whose first line
   * comes within a minute after it started then, by the block's word: the log begins with its start.
   */
  private readonly serviceSinceByPid = new Map<number, number>();

  /**
   * @param clockStarts events that are a process's first line whose Go clock reading says it had just started
   * (startsByClock).
   */
  constructor(private readonly ctx: ReconstructContext, private readonly memory: KubeletMemory, sources: readonly SourceInfo[] = [],
    private readonly clockStarts: ReadonlySet<number> = new Set()) {
    for (const src of sources) {
      for (const block of serviceBlocks(src)) {
        const sinceUs = serviceSinceUs(block);
        if (block.mainPid > 0 && block.active.startsWith('active') && !Number.isNaN(sinceUs)) this.serviceSinceByPid.set(block.mainPid, sinceUs);
      }
    }
  }

  /** Notes a kubelet start at event i, if it is one; the old process's memory is forgotten before i is read. */
  noteStart(i: number, t: number, node: number, kindId: number): void {
    // (Another program's line — kubectl's, a controller's in a combined log — has no pid here: see Collector.)
    const pid = this.ctx.events.pid[i];
    let started = false;
    if (pid && this.lastPid[node] !== pid) {
      // A new pid is a new process however soon after the last start (a kubelet failing at start-up every 10 s).
      if (this.lastPid[node] !== undefined) started = this.markStart(node, i, t, true);
      else if (t - (this.serviceStartedUs.get(node) ?? -Infinity) < SAME_START_WITHIN_US) started = this.markStart(node, i, t, true);
      else if (this.startedByStatus(pid, t)) started = this.markStart(node, i, t, true);
      else if (this.clockStarts.has(i)) started = this.markStart(node, i, t, true);
      this.lastPid[node] = pid;
    }
    if (IS_SERVICE_STARTED_KIND[kindId]) this.serviceStartedUs.set(node, t);
    if (IS_KUBELET_START_KIND[kindId]) started = this.markStart(node, i, t) || started;
    if (this.firstEvent[node] === undefined) this.firstEvent[node] = i;
    if (IS_POD_SOURCE_KIND[kindId]) {
      const first = this.firstEvent[node]!;
      const firstUs = this.ctx.events.timeUs[first];
      // (Nothing came before it to forget.)
      if (!this.lastStartUs.has(node) && t - firstUs < SAME_START_WITHIN_US && this.ctx.events.pid[first] === pid) this.markStart(node, first, firstUs);
    }
    if (started) this.memory.forget(node, this.lastEventUs[node] ?? t);
    this.lastEventUs[node] = t;
  }

  /** A pasted `systemctl status` says process `pid` started at most a minute before t. */
  private startedByStatus(pid: number, t: number): boolean {
    const sinceUs = this.serviceSinceByPid.get(pid);
    return sinceUs !== undefined && t >= sinceUs && t - sinceUs < SAME_START_WITHIN_US;
  }

  /** The runtime gate and node Ready machines, for event i on lane `primary`. */
  applyNodeState(i: number, t: number, node: number, kindId: number, primary: number): void {
    const gate = GATE_OF_KIND[kindId];
    const nodeReady = NODE_READY_OF_KIND[kindId];
    if (!gate && !nodeReady) return;
    const { events, strings, members } = this.ctx;
    if (gate) {
      const g = this.memory.gate(node, i, t);
      const detail = gate === 'gate.closed' ? `(${shortText(strings.get(events.text[i]), 60)})` : '';
      if (g.apply(gate, i, t, detail) && g.lane !== primary) members.add(g.lane, i);
    }
    if (nodeReady) {
      const r = this.memory.nodeReady(node, i, t);
      const detail = nodeReady === 'node.not-ready' ? `(${shortText(strings.get(events.text[i]), 80)})` : '';
      if (r.apply(nodeReady, i, t, detail) && r.lane !== primary) members.add(r.lane, i);
    }
  }

  /**
   * Records a kubelet start on the node; returns false if one was recorded in the last minute (the same start's other
   * signal), unless `newProcess` (the pid changed: another process, so another start).
   */
  private markStart(node: number, i: number, t: number, newProcess = false): boolean {
    const prev = this.lastStartUs.get(node);
    if (!newProcess && prev !== undefined && t - prev < SAME_START_WITHIN_US) return false;
    this.lastStartUs.set(node, t);
    this.ctx.nodes[node].starts.push(i);
    return true;
  }
}

/** A printed time of day with Go's monotonic clock reading after its zone: `17:25:41.121753163 +0800 CST m=+0.403692528`. */
const CLOCK_READING = /(\d\d):(\d\d):(\d\d)(?:\.(\d{1,9}))? [+-]\d{4} [A-Z]{1,6}(?:[+-]\d{1,4})? m=\+(\d{1,9})(?:\.(\d{1,9}))?/;

/**
 * The events that are the first line of a kubelet process (by pid) and print a time with Go's monotonic clock reading,
 * the seconds since the process started: when that time less the reading is at most a minute before the line's own
 * time of day, the log begins with the process's start. `lineOf` gives an event's first line; read only for those
 * first lines, and not kept.
 */
export function startsByClock(events: { count: number; pid: ArrayLike<number>; timeUs: ArrayLike<number> }, lineOf: (e: number) => string): Set<number> {
  const out = new Set<number>();
  const seen = new Set<number>();
  let prevPid = -1;
  for (let e = 0; e < events.count; e++) {
    const pid = events.pid[e];
    if (pid === prevPid || pid === 0) continue;
    prevPid = pid;
    if (seen.has(pid) || seen.size > MAX_PROCESSES) continue;
    seen.add(pid);
    const text = lineOf(e);
    const at = text.indexOf(' m=+');
    if (at < 0) continue;
    const m = CLOCK_READING.exec(text.slice(Math.max(0, at - 40), at + 24));
    if (!m) continue;
    const printedTodUs = ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1e6 + Number((m[4] ?? '').padEnd(6, '0').slice(0, 6));
    const sinceStartUs = Number(m[5]) * 1e6 + Number((m[6] ?? '').padEnd(6, '0').slice(0, 6));
    const startTodUs = (((printedTodUs - sinceStartUs) % US_PER_DAY) + US_PER_DAY) % US_PER_DAY;
    const lineTodUs = ((events.timeUs[e] % US_PER_DAY) + US_PER_DAY) % US_PER_DAY;
    const afterStartUs = (((lineTodUs - startTodUs) % US_PER_DAY) + US_PER_DAY) % US_PER_DAY;
    if (afterStartUs < SAME_START_WITHIN_US) out.add(e);
  }
  return out;
}

/** Processes looked at, at most (a log of many restarts): past that, no more clock readings are read. */
const MAX_PROCESSES = 1000;
