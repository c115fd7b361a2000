/**
 * Each kubelet start on a node (NodeInfo.starts) with what the log shows of the process before it: its last line,
 * how it ended when a line says so (systemd's exit lines, a crash report, a fatal klog line), and so the stretch the
 * node had no kubelet — what the timeline shades and the CLI reports.
 *
 * The processes are told apart by pid: the kubelet's lines carry it, and what the reader takes from its stderr carries
 * the pid of the record before it (the process it is about); systemd's lines about the unit carry none. Without pids
 * (a JSON log) a start told by the version line — the first line a kubelet prints — still has the line before it as
 * the old process's last; a start told only later (the sync loop starting) has no `previous`, nor has one whose pid
 * is the old one's (a kubelet in a container may get the same pid again): the log cannot say when the old process
 * stopped writing.
 */
import { ASSUMED_NODE_NAME } from './source-segment.ts';
import { KINDS } from '../catalog/catalog.ts';
import { KUBELET_START_KINDS } from './machines.ts';
import { Severity } from '../ingest/klog-header.ts';
import { formatDurationUs } from '../util/time.ts';
import { serviceSinceUs } from '../ingest/source-notes.ts';
import { eventLabel, serviceBlocks, str } from './trace-query.ts';
import type { Trace } from './trace.ts';

export interface PreviousProcess {
  /** The old process's last line (not counting systemd's lines about it); `exitEvent` when it has none in the log. */
  lastEvent: number;
  /** The first line after `lastEvent` saying how it ended, or `lastEvent` itself (a fatal line, a crash), else -1. */
  exitEvent: number;
  /** From the old process's last line to the new start. */
  fromUs: number;
  /** Lines are missing from the log between the two (a cut, LogGap): the stretch is not known to be down time. */
  cut: boolean;
  /**
   * Neither the old process's end nor the new one's start is in the log (only the pid changed), and they are more
   * than QUIET_RESTART_US apart: the restart happened somewhere in that stretch, which is not known to be down time
   * (an excerpt joining two days, a log filtered to one pod).
   */
  unseen: boolean;
}

export interface KubeletRestart {
  node: number;
  /** The start's event (the new process's first line, or the line that says the kubelet started). */
  startEvent: number;
  startUs: number;
  pid: number;
  previous: PreviousProcess | undefined;
}

const MAX_EXIT_CHARS = 160;
/** Kinds of lines that tell how a kubelet process ended. */
const EXIT_KINDS: ReadonlySet<string> = new Set([
  'service.exited', 'service.failed', 'service.killed', 'service.oom', 'service.stopped', 'node.crash', 'node.panic',
]);
const IS_EXIT_KIND = KINDS.map((k) => EXIT_KINDS.has(k));
/** systemd's lines about the unit (written by systemd, not by a kubelet process). */
const IS_SERVICE_KIND = KINDS.map((k) => k.startsWith('service.'));
const IS_VERSION_KIND = KINDS.map((k) => k === 'kubelet.version');
/** Lines a kubelet prints as it starts, or systemd's about the unit: with one near it, the start is in the log. */
const START_UP_KINDS: ReadonlySet<string> = new Set([
  ...KUBELET_START_KINDS, 'node.startup-step', 'node.flag-deprecated', 'volume.startup', 'config.source',
]);
const IS_START_UP_KIND = KINDS.map((k) => START_UP_KINDS.has(k) || k.startsWith('service.'));
/** A start-up line this near a new process's first line is its start's. */
const START_NEAR_US = 60_000_000;
/**
 * A kubelet restarting takes seconds (systemd's RestartSec, the start-up itself): two processes whose lines are
 * further apart than this, with no line of the stop or the start, are two stretches of a log, not one restart.
 */
const QUIET_RESTART_US = 10 * 60_000_000;

interface Restarts {
  all: readonly KubeletRestart[];
  byNode: readonly (readonly KubeletRestart[])[];
}

const cache = new WeakMap<Trace, Restarts>();

function restarts(trace: Trace): Restarts {
  let r = cache.get(trace);
  if (!r) {
    const byNode = trace.nodes.map((n) => n.starts.map((s, k) => restartAt(trace, n.index, s, k > 0 ? n.starts[k - 1] : -1)));
    const all = byNode.flat().sort((a, b) => a.startUs - b.startUs || a.node - b.node);
    r = { all, byNode };
    cache.set(trace, r);
  }
  return r;
}

/** Every start on every node, in time order (worked out once per trace). */
export function kubeletRestarts(trace: Trace): readonly KubeletRestart[] {
  return restarts(trace).all;
}

/** The starts of one node, in time order. */
export function kubeletRestartsOf(trace: Trace, node: number): readonly KubeletRestart[] {
  return restarts(trace).byNode[node] ?? [];
}

/** Index of the first of `list` (one node's, in time order) that starts at or after `tUs`. */
export function firstRestartFrom(list: readonly KubeletRestart[], tUs: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid].startUs < tUs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function restartAt(trace: Trace, node: number, start: number, previousStart: number): KubeletRestart {
  const ev = trace.events;
  const pid = ev.pid[start];
  const startUs = ev.timeUs[start];
  const base = { node, startEvent: start, startUs, pid, previous: undefined };
  // Without a pid (a JSON log), a start told by the version line — the first line a kubelet prints — still has
  // everything before it on the node from the process before.
  const firstLine = !pid && IS_VERSION_KIND[ev.kind[start]];
  if (!pid && !firstLine) return base;
  // Back from the start (events are in time order) to the old process's last line; not past the start before it.
  let exitEvent = -1;
  // The start before it is the older process's first line: it may be its last too.
  for (let e = start - 1; e >= Math.max(0, previousStart); e--) {
    if (ev.node[e] !== node) continue;
    const kind = ev.kind[e];
    if (IS_SERVICE_KIND[kind]) {
      if (IS_EXIT_KIND[kind]) exitEvent = e;
      continue;
    }
    if (!firstLine && (ev.pid[e] === pid || !ev.pid[e])) continue;
    if (IS_EXIT_KIND[kind] || ev.severity[e] === Severity.Fatal) exitEvent = e;
    return { ...base, previous: previousProcess(trace, node, e, exitEvent, start) };
  }
  // No line of the old process's own, only systemd's about its end (a journal that starts there).
  return exitEvent >= 0 ? { ...base, previous: previousProcess(trace, node, exitEvent, exitEvent, start) } : base;
}

function previousProcess(trace: Trace, node: number, lastEvent: number, exitEvent: number, start: number): PreviousProcess {
  const startUs = trace.events.timeUs[start];
  const fromUs = trace.events.timeUs[lastEvent];
  const cut = trace.gaps.some((g) => g.node === node && g.startUs < startUs && g.endUs > fromUs);
  const unseen = !cut && exitEvent < 0 && startUs - fromUs > QUIET_RESTART_US && !startInLog(trace, node, lastEvent, start);
  return { lastEvent, exitEvent, fromUs, cut, unseen };
}

/** A start-up line on the node after the old process's last line and within a minute of the new one's first. */
function startInLog(trace: Trace, node: number, lastEvent: number, start: number): boolean {
  const ev = trace.events;
  const startUs = ev.timeUs[start];
  for (let e = start; e > lastEvent && startUs - ev.timeUs[e] <= START_NEAR_US; e--) {
    if (ev.node[e] === node && IS_START_UP_KIND[ev.kind[e]]) return true;
  }
  for (let e = start + 1; e < ev.count && ev.timeUs[e] - startUs <= START_NEAR_US; e++) {
    if (ev.node[e] === node && IS_START_UP_KIND[ev.kind[e]]) return true;
  }
  return false;
}

/** The old process left a line of its own in the log (else only systemd's about its end: `lastEvent` is that). */
export function hasOwnLastLine(trace: Trace, p: PreviousProcess): boolean {
  return !IS_SERVICE_KIND[trace.events.kind[p.lastEvent]];
}

/** One line for a reader: the start, and what the log shows of the process before it. */
export function describeRestart(trace: Trace, r: KubeletRestart): string {
  const ev = trace.events;
  const p = r.previous;
  // A start no line shows (only the pid changed, long after): another process, its restart somewhere in between.
  const head = `${p?.unseen ? 'Another kubelet process' : 'Kubelet start'}${r.pid ? ` (pid ${r.pid})` : ''} at line ${ev.line[r.startEvent]}`;
  if (!p) {
    const since = serviceStart(trace, r);
    const said = since && since.us <= r.startUs ? ` (the \`systemctl status\` pasted with it, line ${since.line}, has it running since ${since.text})` : '';
    return `${head}: the log shows no earlier kubelet process on this node${said}`;
  }
  if (!hasOwnLastLine(trace, p)) {
    const when = p.cut ? 'lines are missing since' : `${formatDurationUs(r.startUs - p.fromUs)} after`;
    return `${head}, ${when} the previous process ended: ${exitWords(trace, p.exitEvent)} (line ${ev.line[p.exitEvent]})`;
  }
  const oldPid = ev.pid[p.lastEvent];
  const old = `the last line of the previous process (${oldPid ? `pid ${oldPid}, ` : ''}line ${ev.line[p.lastEvent]})`;
  if (p.cut) return `${head}: lines are missing between it and ${old}, so when that one stopped is not in the log`;
  if (p.unseen) {
    const since = serviceStart(trace, r);
    if (since && since.us >= p.fromUs && since.us <= r.startUs) {
      return `${head}, ${formatDurationUs(r.startUs - p.fromUs)} after ${old}: the \`systemctl status\` pasted with it (line ${since.line}) has this process running since ${since.text}, so the restart was then`;
    }
    // (Lines that name no node may be two nodes' — two excerpts a document quotes —: said so.)
    const unnamed = trace.nodes[r.node]?.name === ASSUMED_NODE_NAME ? '; no line names the node, so the two processes may also be two nodes\' kubelets' : '';
    return `${head}, ${formatDurationUs(r.startUs - p.fromUs)} after ${old}: no line shows the one stop or the other start, so the restart was somewhere in between${unnamed}`;
  }
  const gap = formatDurationUs(r.startUs - p.fromUs);
  if (p.exitEvent < 0) return `${head}, ${gap} after ${old}; no line says how it ended`;
  return `${head}, ${gap} after ${old}, which ended: ${exitWords(trace, p.exitEvent)} (line ${ev.line[p.exitEvent]})`;
}

/** A pasted `systemctl status` of the new process's source naming it as the main PID: when the service started it. */
function serviceStart(trace: Trace, r: KubeletRestart): { us: number; line: number; text: string } | undefined {
  const src = trace.sources[trace.events.source[r.startEvent]];
  const service = r.pid ? serviceBlocks(src).find((b) => b.mainPid === r.pid) : undefined;
  if (!service) return undefined;
  const us = serviceSinceUs(service);
  return Number.isNaN(us) ? undefined : { us, line: service.line, text: service.since.slice(0, 19) };
}

/** What the exit line says: its detail (systemd's status, the crash's message, the fatal error), else its label. */
function exitWords(trace: Trace, e: number): string {
  const detail = str(trace, trace.events.text[e]);
  const words = detail || eventLabel(trace, e);
  return words.length > MAX_EXIT_CHARS ? `${words.slice(0, MAX_EXIT_CHARS)}…` : words;
}
