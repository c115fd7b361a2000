/**
 * kubelet-panic: a goroutine of the kubelet panicked, or the process died of a crash the Go runtime reported. The
 * crash handler (apimachinery's HandleCrash) logs "Observed a panic" with the panic's value and the goroutine's stack
 * on the lines after it, and re-raises it (`panic: … [recovered]` follows) unless the kubelet was built not to; a
 * panic nothing recovers, a fatal error (`fatal error: concurrent map writes`) or a fatal signal is printed by the Go
 * runtime itself, with no klog header, as the process exits (ingest: Era.GoRuntime, event node.crash). Either way
 * the service manager starts the kubelet again — a new pid and a new start-up in the log. One finding per node and
 * crash (same kind, value, first kubelet frame), with how often it happened and whether the kubelet came back.
 */
import { KINDS } from '../../catalog/catalog.ts';
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { eventRawText } from '../../model/trace-query.ts';
import { clip } from '../text-scan.ts';
import { count, duration, lineRef, timeOfEvent } from '../wording.ts';

/** Panics read (each reads its record's text); a log with more repeats the same few. */
const MAX_PANICS = 200;
/** Characters of a record read for its stack. */
const MAX_STACK_CHARS = 32_768;
/** Where the kubelet's own code starts in a Go stack frame. */
const KUBELET_CODE = 'k8s.io/kubernetes/pkg/';
/** What the Go runtime adds to a panic's value when a deferred handler recovered it and then panicked again. */
const RECOVERED_MARK = ' [recovered]';

function withoutRecoveredMark(value: string): string {
  return value.endsWith(RECOVERED_MARK) ? value.slice(0, -RECOVERED_MARK.length) : value;
}

interface Panic {
  node: number;
  /** The Go runtime's own report of the process dying (node.crash), not the crash handler's line. */
  crash: boolean;
  /** The record shows the panic re-raised after the handler logged it (`[recovered]`): the process exited. */
  reraised: boolean;
  value: string;
  /** First frame of the kubelet's own code in the stack (function, and file:line), or ''. */
  frame: string;
  at: string;
  /** The record shows a stack, but only the crash handler's frames (it is cut before the kubelet's own). */
  handlerOnly: boolean;
  events: number[];
}

export const kubeletPanic: Detector = {
  id: 'kubelet-panic',
  detect(ctx) {
    const ev = ctx.trace.events;
    const groups = new Map<string, Panic>();
    let read = 0;
    for (const e of ctx.ofKinds(['node.panic', 'node.crash'])) {
      if (read++ >= MAX_PANICS) break;
      const crash = KINDS[ev.kind[e]] === 'node.crash';
      const value = withoutRecoveredMark(ctx.text(e));
      const raw = eventRawText(ctx.trace, e, MAX_STACK_CHARS);
      const { frame, at } = firstKubeletFrame(raw);
      const key = `${ev.node[e]}\n${crash}\n${value.slice(0, 200)}\n${frame}`;
      let g = groups.get(key);
      if (!g) {
        g = { node: ev.node[e], crash, reraised: false, value, frame, at, handlerOnly: !frame && raw.includes('goroutine '), events: [] };
        groups.set(key, g);
      }
      if (!crash && raw.includes(RECOVERED_MARK)) g.reraised = true;
      g.events.push(e);
    }
    return [...groups.values()].map((g) => describe(ctx, g));
  },
};

/**
 * The first frame of the kubelet's own code in a Go stack (after the crash handler's and the runtime's frames):
 * `k8s.io/kubernetes/pkg/kubelet/kuberuntime.(*kubeGenericRuntimeManager).computePodActions` and, from the line
 * after it, `kuberuntime_manager.go:1042`. Lines may carry a journal prefix. '' when the stack is not in the log.
 */
function firstKubeletFrame(raw: string): { frame: string; at: string } {
  const at = raw.indexOf(KUBELET_CODE);
  if (at < 0) return { frame: '', at: '' };
  const lineEnd = raw.indexOf('\n', at);
  const line = raw.slice(at, lineEnd < 0 ? raw.length : lineEnd);
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

function describe(ctx: FindingContext, g: Panic): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  for (const e of g.events.slice(0, 50)) b.evidence(e);
  b.nodeLanes(g.node, ['sync-loop']);
  const first = g.events[0];
  const last = g.events[g.events.length - 1];
  const where = g.frame ? ` in ${g.frame.slice(KUBELET_CODE.length)}${g.at ? ` (${g.at})` : ''}` : '';
  const value = g.value ? clip(g.value, 200) : '(no value logged)';
  const when = g.events.length === 1
    ? `at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})`
    : `${count(g.events.length, 'time')}, from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)})`;
  const parts = [g.crash
    ? `The kubelet process died${where} ${when}: the Go runtime printed "${value}" with no kubelet log header — a panic nothing recovered, a fatal runtime error or a fatal signal — and exited. Its time is the journal's or, without one, that of the kubelet line before it.`
    : `A goroutine of the kubelet panicked${where} ${when}; the panic: ${value}.`];
  if (!g.crash && g.reraised) parts.push('The crash handler raised the panic again after logging it (the "[recovered]" panic after the stack), so the kubelet process exited.');
  parts.push(g.frame ? 'The stack follows the line; its first frame in the kubelet\'s own code is where it happened.'
    : g.handlerOnly ? 'The stack in the log stops before the kubelet\'s own frames (only the crash handler\'s or the runtime\'s are there), so where it happened is not shown.'
    : 'The log does not show the stack (it follows the line when the whole record is kept).');
  // Did the kubelet start again afterwards?
  const exited = g.crash || g.reraised;
  const restart = ctx.startAfter(last);
  if (restart >= 0) {
    b.evidence(restart, false);
    parts.push(`The kubelet started again ${duration(ev.timeUs[restart] - ev.timeUs[last])} after the last one (${lineRef(trace, restart)}): ${exited ? 'the process had died' : 'the panic took the process down'}, and every pod worker, probe and the PLEG began again from its start-up.`);
  } else if (exited) {
    parts.push('No kubelet start follows in the log: it ends before the restart, or the service manager did not start the kubelet again (`systemctl status kubelet` and `journalctl -u kubelet` on the node tell which).');
  } else {
    parts.push('No kubelet start follows in the log: either the goroutine recovered (the kubelet goes on without what it was doing) or the log ends before the restart.');
  }
  const times = g.events.length > 1 ? ` (${g.events.length}×)` : '';
  return b.build({
    id: 'kubelet-panic',
    title: g.crash ? `Kubelet crashed${where}: ${clip(value, 80)}${times}` : `Kubelet panic${where}${times}`,
    severity: 'error',
    explanation: parts.join(' '),
    next: `Search the kubelet's known issues for this ${g.crash ? 'crash' : 'panic'} (kubernetes/kubernetes: the value${g.frame ? ' and the function' : ''}) for this version, and report it with the whole stack if it is new; what the kubelet was handling just before (the pod or object in the lines before it) is what triggers it, and can often be changed or removed until a fix is released.`,
  });
}
