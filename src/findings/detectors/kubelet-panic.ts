/**
 * kubelet-panic: a goroutine of the kubelet panicked, or the process died of a crash the Go runtime reported. The
 * crash handler (apimachinery's HandleCrash) logs "Observed a panic" with the panic's value and the goroutine's stack
 * on the lines after it, and re-raises it (`panic: … [recovered]` follows) unless the kubelet was built not to; a
 * panic nothing recovers, a fatal error (`fatal error: concurrent map writes`) or a fatal signal is printed by the Go
 * runtime itself, with no klog header, as the process exits (ingest: Era.Stderr, event node.crash). Either way
 * the service manager starts the kubelet again — a new pid and a new start-up in the log. One finding per node and
 * crash (same kind, value, first kubelet frame), with how often it happened and whether the kubelet came back.
 */
import { checkpointCause, isCheckpointError } from '../checkpoint-state.ts';
import { KINDS } from '../../catalog/catalog.ts';
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding, ServiceStatus, Trace } from '../../model/trace.ts';
import { eventRawText, printedMessage } from '../../model/trace-query.ts';
import { clip } from '../text-scan.ts';
import { count, duration, lineRef, podName, timeOfEvent } from '../wording.ts';

/** Panics read (each reads its record's text); a log with more repeats the same few. */
const MAX_PANICS = 200;
/** Characters of a record read for its stack. */
const MAX_STACK_CHARS = 32_768;
/** Where the kubelet's own code starts in a Go stack frame (pkg/ and cmd/; vendored libraries are not its own). */
const KUBELET_CODE = 'k8s.io/kubernetes/';
/** The part of an own frame's name the finding leaves out. */
const KUBELET_PKG = 'k8s.io/kubernetes/pkg/';
/** What the Go runtime adds to a panic's value when a deferred handler recovered it and then panicked again. */
const RECOVERED_MARK = ' [recovered]';

function withoutRecoveredMark(value: string): string {
  return value.endsWith(RECOVERED_MARK) ? value.slice(0, -RECOVERED_MARK.length) : value;
}

interface Panic {
  node: number;
  /** The Go runtime's own report of the process dying (node.crash), not the crash handler's line. */
  crash: boolean;
  /** Died of a signal (`SIGABRT: abort`), not of a panic or a fatal error. */
  signal: boolean;
  /** The record shows the panic re-raised after the handler logged it (`[recovered]`): the process exited. */
  reraised: boolean;
  value: string;
  /** Where the stack says it happened (whereItHappened), frame '' when the log does not show it. */
  frame: string;
  /** The frame is the kubelet's own code, not a library built into it. */
  own: boolean;
  at: string;
  /** The record shows a stack, but only the crash handler's frames (it is cut before the kubelet's own). */
  handlerOnly: boolean;
  events: number[];
  /** How many different moments the events are at: the times it panicked. */
  moments: number;
}

export const kubeletPanic: Detector = {
  id: 'kubelet-panic',
  detect(ctx) {
    const ev = ctx.trace.events;
    const groups = new Map<string, Panic>();
    let read = 0;
    const list = ctx.ofKinds(['node.panic', 'node.crash', 'node.stack']);
    for (let k = 0; k < list.length; k++) {
      const e = list[k];
      if (read++ >= MAX_PANICS) break;
      const crash = KINDS[ev.kind[e]] === 'node.crash';
      let raw = eventRawText(ctx.trace, e, MAX_STACK_CHARS);
      // A stack whose first line the excerpt cut away is a panic's when the panic machinery is in it.
      const orphan = KINDS[ev.kind[e]] === 'node.stack';
      // The same stack pasted in pieces (an elision between them): the pieces at the same moment are one stack — a
      // goroutine's (node.stack), or one that starts at a frame (a record the catalog does not know).
      if (orphan) {
        for (let n = e + 1; n < ev.count && n <= e + MAX_PIECES && ev.timeUs[n] - ev.timeUs[e] <= SAME_STACK_US && raw.length < MAX_STACK_CHARS; n++) {
          if (ev.node[n] !== ev.node[e]) continue;
          const piece = KINDS[ev.kind[n]];
          if (piece !== 'node.stack' && piece !== 'unknown') break;
          const more = eventRawText(ctx.trace, n, MAX_STACK_CHARS - raw.length);
          if (piece === 'unknown' && !PANIC_FRAMES.some((f) => more.includes(f)) && !more.includes('.go:')) break;
          raw += '\n' + more;
          // The pieces joined here are not read again as stacks of their own.
          while (k + 1 < list.length && list[k + 1] <= n) k++;
        }
      }
      if (orphan && !PANIC_FRAMES.some((f) => raw.includes(f))) continue;
      const value = orphan ? '' : withoutRecoveredMark(ctx.text(e));
      // A fatal signal's dump shows every goroutine: none of them is where it happened.
      const signal = crash && SIGNAL_LINE.test(value);
      const { frame, at, own } = signal ? NO_FRAME : whereItHappened(raw);
      const key = `${ev.node[e]}\n${crash}\n${value.slice(0, 200)}\n${frame}`;
      // A value cut short (a pager, a paste) is the same panic as the whole one it begins.
      let g = groups.get(key) ?? [...groups.values()].find((o) => o.node === ev.node[e] && o.crash === crash && o.frame === frame && sameCutValue(o.value, value));
      if (g && value.length > g.value.length) g.value = value;
      const handlerOnly = !signal && !frame && (raw.includes('goroutine ') || pathFrames(raw) === 'machinery only');
      if (!g) {
        g = { node: ev.node[e], crash, signal, reraised: false, value, frame, at, own, handlerOnly, events: [], moments: 0 };
        groups.set(key, g);
      }
      // (A copy quoted without its stack, the other with it: the stack shown is the fuller copy's.)
      g.handlerOnly ||= handlerOnly;
      // The same panic at the same moment is one panic quoted twice (a document's excerpt and its discussion).
      if (!g.events.some((x) => ev.timeUs[x] === ev.timeUs[e])) g.moments++;
      if (!crash && raw.includes(RECOVERED_MARK)) g.reraised = true;
      g.events.push(e);
    }
    return [...groups.values()].map((g) => describe(ctx, g));
  },
};

/** Shortest value read as the beginning of another (a cut copy of the same panic's). */
const MIN_CUT_VALUE = 20;

function sameCutValue(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= MIN_CUT_VALUE && long.startsWith(short);
}

/** Where a frame's package path starts in a stack line (after any journal prefix). */
const CODE_ROOTS = ['k8s.io/', 'github.com/', 'sigs.k8s.io/', 'google.golang.org/', 'go.etcd.io/'];
/** Frames that are the crash machinery, not where it happened: the crash handler and klog. */
const MACHINERY = ['k8s.io/apimachinery/pkg/util/runtime.', 'k8s.io/klog'];
/** How the kubelet's build path names vendored libraries. */
const VENDOR = 'k8s.io/kubernetes/vendor/';
const MAX_STACK_LINES = 2000;
/** Frames of a panic's stack (the runtime's gopanic, the crash handler). */
const PANIC_FRAMES = ['\npanic(', ': panic(', 'runtime.logPanic', 'runtime.HandleCrash', 'runtime.handleCrash'];
/** How the Go runtime opens a fatal signal's dump: `SIGABRT: abort`. */
const SIGNAL_LINE = /^SIG[A-Z]{2,8}: /;
const NO_FRAME: Frame = { frame: '', at: '', own: false };
/** Pieces of a stack this close in time are one stack's. */
const SAME_STACK_US = 1e6;
/** Records looked at after an orphan stack for more pieces of it. */
const MAX_PIECES = 20;

interface Frame {
  /** The function as the finding names it (`kubelet/kuberuntime.(*m).f`, `github.com/google/cadvisor/….f`), or ''. */
  frame: string;
  /** Its file:line, or ''. */
  at: string;
  /** It is the kubelet's own code (else a library built into it). */
  own: boolean;
}

/**
 * Where a Go stack says it happened: the first frame of the kubelet's own code
 * (`k8s.io/kubernetes/pkg/kubelet/kuberuntime.(*kubeGenericRuntimeManager).computePodActions`, with
 * `kuberuntime_manager.go:1042` from the line after it), else the first frame past the runtime, the crash handler and
 * klog — a library the kubelet builds in (cadvisor, client-go). Lines may carry a journal prefix. frame '' when the
 * stack is not in the log.
 */
function whereItHappened(raw: string): Frame {
  const own = ownFrameAt(raw);
  if (own >= 0) {
    const { frame, at } = frameAt(raw, own);
    return { frame: frame.startsWith(KUBELET_PKG) ? frame.slice(KUBELET_PKG.length) : frame, at, own: true };
  }
  let lineStart = 0;
  for (let n = 0; n < MAX_STACK_LINES && lineStart < raw.length; n++) {
    const lineEnd = raw.indexOf('\n', lineStart);
    const line = raw.slice(lineStart, lineEnd < 0 ? raw.length : lineEnd);
    let root = -1;
    for (const r of CODE_ROOTS) {
      const i = line.indexOf(r);
      if (i >= 0 && (root < 0 || i < root)) root = i;
    }
    // A frame names a function and its arguments; the line after it, with `.go:`, is where it is.
    if (root >= 0 && !line.includes('.go:') && !line.includes('created by ') && line.indexOf('(', root) > 0 &&
      !MACHINERY.some((m) => line.includes(m, root))) {
      const { frame, at } = frameAt(raw, lineStart + root);
      return { frame: frame.startsWith(VENDOR) ? frame.slice(VENDOR.length) : frame, at, own: false };
    }
    if (lineEnd < 0) break;
    lineStart = lineEnd + 1;
  }
  const path = pathFrames(raw);
  return typeof path === 'string' ? NO_FRAME : path;
}

/** A frame line of the older crash handler's stack: a source file and its line alone (`/go/src/…/file.go:158`). */
const PATH_FRAME = /(\S+\.go):(\d+)\s*$/;
/** Path frames of the Go runtime and the crash handler (util/runtime since 1.3, pkg/util/util.go before), not where it happened. */
const PATH_MACHINERY = ['/src/runtime/', 'util/runtime/runtime.go', '/pkg/util/util.go', '/klog/'];

/**
 * Where a stack of bare file:line frames says it happened (HandleCrash printed its callers so before 1.15): the first
 * frame past the Go runtime and the crash handler — the kubelet's own code (`kubelet/volumemanager/populator`, from
 * the part of the build path after `k8s.io/kubernetes/pkg/`) or a library it vendors (`k8s.io/client-go/tools/cache`).
 * 'machinery only' when every frame is the runtime's or the handler's (the excerpt stops there), 'none' without any.
 */
function pathFrames(raw: string): Frame | 'machinery only' | 'none' {
  let seen = false;
  let lineStart = 0;
  for (let n = 0; n < MAX_STACK_LINES && lineStart < raw.length; n++) {
    const lineEnd = raw.indexOf('\n', lineStart);
    const line = raw.slice(lineStart, lineEnd < 0 ? raw.length : lineEnd);
    lineStart = lineEnd < 0 ? raw.length : lineEnd + 1;
    const m = n === 0 ? null : PATH_FRAME.exec(line.length > 1024 ? line.slice(-1024) : line);
    if (!m || line.includes('(')) continue;
    seen = true;
    const path = m[1];
    if (PATH_MACHINERY.some((x) => path.includes(x))) continue;
    const file = path.slice(path.lastIndexOf('/') + 1);
    const vendored = path.lastIndexOf('/vendor/');
    const root = vendored >= 0 ? vendored + '/vendor/'.length : path.lastIndexOf(KUBELET_CODE);
    if (root < 0) continue;
    const rel = path.slice(vendored >= 0 ? root : root + KUBELET_CODE.length, path.lastIndexOf('/'));
    const own = vendored < 0 && (rel.startsWith('pkg/') || rel.startsWith('cmd/'));
    return { frame: own && rel.startsWith('pkg/') ? rel.slice(4) : rel, at: `${file}:${m[2]}`, own };
  }
  return seen ? 'machinery only' : 'none';
}

/** Where the first frame of the kubelet's own code starts in `raw` (not a vendored library's, not a file path), or -1. */
function ownFrameAt(raw: string): number {
  for (let at = raw.indexOf(KUBELET_CODE), n = 0; at >= 0 && n < MAX_STACK_LINES; at = raw.indexOf(KUBELET_CODE, at + 1), n++) {
    // A source location names the package too, after a '/' of its build path.
    if (!raw.startsWith(VENDOR, at) && raw.charCodeAt(at - 1) !== 47 /* / */) return at;
  }
  return -1;
}

/** The function of the frame whose name starts at `from` in `raw`, and the file:line the next line gives. */
function frameAt(raw: string, from: number): { frame: string; at: string } {
  const lineEnd = raw.indexOf('\n', from);
  const line = raw.slice(from, lineEnd < 0 ? raw.length : lineEnd);
  // The call's arguments follow the function in parentheses (`(0xc000…)`, `({0x48…, …})`).
  const space = line.indexOf(' ');
  const token = space < 0 ? line : line.slice(0, space);
  const paren = token.lastIndexOf('(');
  const frame = paren > 0 ? token.slice(0, paren) : token;
  if (lineEnd < 0) return { frame, at: '' };
  const nextEnd = raw.indexOf('\n', lineEnd + 1);
  const next = raw.slice(lineEnd + 1, nextEnd < 0 ? raw.length : nextEnd);
  const go = next.lastIndexOf('.go:');
  if (go < 0) return { frame, at: '' };
  const slash = next.lastIndexOf('/', go);
  let end = go + 4;
  while (end < next.length && next.charCodeAt(end) >= 48 && next.charCodeAt(end) <= 57) end++;
  return { frame, at: next.slice(slash + 1, end) };
}

/**
 * The `systemctl status` block of the crash's source, when it shows the crashing process still running: the block is
 * printed with the unit's last journal lines, so it was taken after them.
 */
function stillRunning(trace: Trace, e: number): ServiceStatus | undefined {
  const service = trace.sources[trace.events.source[e]].service;
  if (!service || service.mainPid <= 0 || !service.active.startsWith('active (running)')) return undefined;
  // The Go runtime's own lines have no klog header: their process is the journal prefix's `kubelet[22966]:`.
  const same = trace.events.pid[e] === service.mainPid || eventRawText(trace, e, 300).includes(`[${service.mainPid}]: `);
  return same ? service : undefined;
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** How far back the line before a crash is looked for (events of the node, and time). */
const BEFORE_EVENTS = 20;
const BEFORE_US = 1e6;

/** The node's last event before `e` that names a pod, within BEFORE_EVENTS events and BEFORE_US; -1 if none. */
function podLineBefore(ctx: FindingContext, node: number, e: number): number {
  const ev = ctx.trace.events;
  for (let k = e - 1; k >= 0 && k >= e - BEFORE_EVENTS && ev.timeUs[e] - ev.timeUs[k] <= BEFORE_US; k--) {
    if (ev.node[k] === node && ev.pod[k] >= 0) return k;
  }
  return -1;
}

function describe(ctx: FindingContext, g: Panic): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  for (const e of g.events.slice(0, 50)) b.evidence(e);
  b.nodeLanes(g.node, ['sync-loop']);
  const first = g.events[0];
  const last = g.events[g.events.length - 1];
  const where = g.frame ? ` in ${g.frame}${g.at ? ` (${g.at})` : ''}` : '';
  const value = g.value ? clip(g.value, 200) : '(its value is not in the log: the excerpt starts inside the stack)';
  const when = g.moments === 1
    ? `at ${timeOfEvent(trace, first)} (${lineRef(trace, first)}${g.events.length > 1 ? `; the same line again at ${g.events.slice(1).map((e) => lineRef(trace, e)).join(', ')}` : ''})`
    : `${count(g.moments, 'time')}, from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)})`;
  const alive = g.crash && ctx.startAfter(last) < 0 ? stillRunning(trace, first) : undefined;
  const parts = [alive
    ? `The Go runtime printed "${value}"${where} ${when} with no kubelet log header: a fatal runtime error, after which a Go process normally exits. Its time is the journal's or, without one, that of the kubelet line before it.`
    : g.crash
    ? `The kubelet process died${where} ${when}: the Go runtime printed "${value}" with no kubelet log header — a panic nothing recovered, a fatal runtime error or a fatal signal — and exited. Its time is the journal's or, without one, that of the kubelet line before it.`
    : `A goroutine of the kubelet panicked${where} ${when}; the panic: ${value}.`];
  if (g.signal) {
    parts.push(/^SIG(ABRT|QUIT)/.test(g.value)
      ? 'Go prints every goroutine\'s stack when a signal kills it, so no frame is where it happened: SIGABRT and SIGQUIT usually come from outside (a watchdog or test harness that timed out, `kill -ABRT` or `kill -QUIT` to get a goroutine dump) or from a C library\'s abort(); the stacks show what each goroutine was doing then.'
      : 'Go prints every goroutine\'s stack when a signal kills it: a fault outside the checks Go makes itself (C code the kubelet calls, or memory corrupted), so the first goroutine in the dump is the one to read.');
  }
  // A manager that panics on purpose when it cannot restore its checkpoint (the status manager, 1.27–1.32).
  const checkpoint = g.value && isCheckpointError(g.value) ? checkpointCause(g.value) : undefined;
  if (checkpoint) {
    // The manager's own error line just before the panic says the same (X216).
    const said = [...ctx.ofKind('node.state-restore-failed')].filter((e) => ev.node[e] === g.node && ev.timeUs[e] <= ev.timeUs[first] && ev.timeUs[first] - ev.timeUs[e] <= 1e6);
    for (const e of said) b.evidence(e, false);
    const where = said.length > 0 ? ` (${lineRef(trace, said[said.length - 1])} said so before it)` : '';
    parts.push(`The panic is the kubelet's own refusal to start, not a bug${where}: ${lowerFirst(checkpoint.why)}`);
  }
  if (!g.crash && g.reraised) parts.push('The crash handler raised the panic again after logging it (the "[recovered]" panic after the stack), so the kubelet process exited.');
  if (!g.signal) parts.push(g.frame && g.own ? 'The stack follows the line; its first frame in the kubelet\'s own code is where it happened.'
    : g.frame ? 'The stack follows the line and shows no frame of the kubelet\'s own code: its first frame past the runtime and the crash handler is in a library the kubelet builds in, where it happened.'
    : g.handlerOnly ? 'The stack in the log stops before the kubelet\'s own frames (only the crash handler\'s or the runtime\'s are there), so where it happened is not shown.'
    : 'The log does not show the stack (it follows the line when the whole record is kept).');
  // What the kubelet was handling just before: its last line on the node, when that names a pod.
  const before = g.moments === 1 ? podLineBefore(ctx, g.node, first) : -1;
  if (before >= 0) {
    b.evidence(before, false).pod(ev.pod[before]);
    parts.push(`The kubelet's last line before it that names a pod (${lineRef(trace, before)}, ${duration(ev.timeUs[first] - ev.timeUs[before])} before) is about ${podName(trace, ev.pod[before])}: "${clip(printedMessage(trace, before), 120)}" — what it was handling then, and the first place to look for what triggered it.`);
  }
  // Did one process go on after panicking (a recovered panic), or a start come between the panics?
  const again = g.crash ? undefined : panickedAgain(trace, g.events);
  if (again) parts.push(`Process ${again.pid} went on after panicking (${count(again.times, 'panic')} in ${duration(again.spanUs)}): the panic is recovered where it happens, so the kubelet runs on without what that goroutine was doing, and hits it again.`);
  const between = ctx.startAfter(first);
  if (between >= 0 && ev.timeUs[between] <= ev.timeUs[last]) {
    b.evidence(between, false);
    parts.push(`The kubelet started again between them (${lineRef(trace, between)}${ev.pid[between] ? `, pid ${ev.pid[between]}` : ''}) and the same panic came back after the start: what triggers it is still there.`);
  }
  // Did the kubelet start again afterwards?
  const exited = g.crash || g.reraised;
  const restart = ctx.startAfter(last);
  if (alive) {
    parts.push(`Yet the \`systemctl status\` pasted with the log (line ${alive.line}) shows the same process, PID ${alive.mainPid}, still "${alive.active}" after these lines: it did not exit but hung, so the service manager never restarted it, and the node stays without a working kubelet until someone restarts it.`);
  } else if (restart >= 0) {
    b.evidence(restart, false);
    parts.push(`The kubelet started again ${duration(ev.timeUs[restart] - ev.timeUs[last])} after the last one (${lineRef(trace, restart)}): ${exited ? 'the process had died' : 'the panic took the process down'}, and every pod worker, probe and the PLEG began again from its start-up.`);
  } else if (exited) {
    parts.push('No kubelet start follows in the log: it ends before the restart, or the service manager did not start the kubelet again (`systemctl status kubelet` and `journalctl -u kubelet` on the node tell which).');
  } else if (!again) {
    parts.push('No kubelet start follows in the log: either the goroutine recovered (the kubelet goes on without what it was doing) or the log ends before the restart.');
  }
  const times = g.moments > 1 ? ` (${g.moments}×)` : '';
  return b.build({
    id: 'kubelet-panic',
    title: g.crash ? `Kubelet ${alive ? 'hung after a fatal error' : 'crashed'}${where}: ${clip(value, 80)}${times}` : `Kubelet panic${where}${times}`,
    severity: 'error',
    explanation: parts.join(' '),
    next: checkpoint ? checkpoint.next : g.signal ? 'Find what sent the signal (`journalctl` around this time: the service manager\'s watchdog, a test harness\'s timeout, a node agent); if the kubelet was killed for hanging, the goroutines\' stacks in the dump (what the sync loop, the PLEG and the pod workers were waiting on) say where it hung.'
      : `${alive ? 'Restart the kubelet (`systemctl restart kubelet`): a hung process does not come back by itself. Then s' : 'S'}earch the kubelet's known issues (kubernetes/kubernetes on GitHub) for ${/^["']/.test(value) ? clip(value, 80) : `"${clip(value, 80)}"`}${g.frame ? ` with ${clip(g.frame, 80)}` : ''} and this version, and report it with the whole stack if it is new; what the kubelet was handling just before (the pod or object in the lines before it) is what triggers it, and can often be changed or removed until a fix is released.`,
  });
}

/** The process with the most panics at different moments, when one panicked more than once (it went on after one). */
function panickedAgain(trace: FindingContext['trace'], events: readonly number[]): { pid: number; times: number; spanUs: number } | undefined {
  const ev = trace.events;
  const byPid = new Map<number, number[]>();
  for (const e of events) {
    const pid = ev.pid[e];
    if (!pid) continue;
    const list = byPid.get(pid) ?? [];
    if (!list.some((x) => ev.timeUs[x] === ev.timeUs[e])) list.push(e);
    byPid.set(pid, list);
  }
  let best: { pid: number; times: number; spanUs: number } | undefined;
  for (const [pid, list] of byPid) {
    if (list.length < 2 || (best && best.times >= list.length)) continue;
    best = { pid, times: list.length, spanUs: ev.timeUs[list[list.length - 1]] - ev.timeUs[list[0]] };
  }
  return best;
}
