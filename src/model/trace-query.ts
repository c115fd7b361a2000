/** Read-only helpers over a Trace: raw text, labels, per-pod views. Pure and cheap; nothing here is cached but one flag per source. */
import { findKlogHeader, newKlogHeader } from '../ingest/klog-header.ts';
import { quotedLineStart } from '../ingest/quoting-tools.ts';
import { WRAPS_JOINED } from '../ingest/hard-wrap.ts';
import { quotedEnd, unquoteGo } from '../ingest/structured.ts';
import { CATALOG, KINDS } from '../catalog/catalog.ts';
import type { CatalogEntry } from '../catalog/entry.ts';
import { rawBytes } from './raw-text.ts';
import { ASSUMED_NODE_NAME } from './source-segment.ts';
import { CUT_WARNING_PREFIX } from '../ingest/cut-warning.ts';
import type { PodInfo, RawText, ServiceStatus, SourceInfo, Trace } from './trace.ts';

const decoder = new TextDecoder('utf-8');

/** How a node is named to a reader: `node worker-7`, or `unnamed node` when the log never named it (ASSUMED_NODE_NAME). */
/** Every `systemctl status` block of the kubelet pasted with a source, in line order (SourceInfo keeps the list only when there are several). */
export function serviceBlocks(source: SourceInfo | undefined): readonly ServiceStatus[] {
  return source?.services ?? (source?.service ? [source.service] : []);
}

export function nodeTitle(name: string): string {
  return name === ASSUMED_NODE_NAME ? 'unnamed node' : `node ${name}`;
}

/** Number of physical lines of a source. */
export function lineCountOf(trace: Trace, source: number): number {
  return Math.max(0, trace.raw[source].lineStarts.length - 1);
}

/** Text of physical lines [line, line+count) of a source (1-based), without the final newline; capped in length. */
export function readLines(trace: Trace, source: number, line: number, count = 1, maxChars = 1 << 20): string {
  return readRawLines(trace.raw, source, line, count, maxChars);
}

/** readLines over the sources' raw texts alone (while the trace is being built). */
export function readRawLines(raws: readonly RawText[], source: number, line: number, count = 1, maxChars = 1 << 20): string {
  const raw = raws[source];
  if (!raw) return '';
  const starts = raw.lineStarts;
  const a = starts[line - 1];
  let b = starts[Math.min(starts.length - 1, line - 1 + count)];
  if (a === undefined || b === undefined) return '';
  if (b - a > maxChars * 4) b = a + maxChars * 4;
  let s = decoder.decode(rawBytes(raw, a, b));
  if (s.endsWith('\n')) s = s.slice(0, -1);
  if (s.endsWith('\r')) s = s.slice(0, -1);
  return s.length > maxChars ? s.slice(0, maxChars) + '…' : s;
}

/** The raw text of an event's record (all its lines). */
export function eventRawText(trace: Trace, e: number, maxChars = 1 << 20): string {
  const ev = trace.events;
  return readLines(trace, ev.source[e], ev.line[e], ev.lineCount[e], maxChars);
}

/**
 * The message of a Kubernetes Event the kubelet recorded ("Event occurred" message="…", a JSON record's "message", or
 * the printf form's text after `reason: '…' `), whose event's text column holds only its reason; '' if none.
 */
export function recordedEventMessage(trace: Trace, e: number): string {
  const raw = eventRawText(trace, e, 4000);
  const line = raw.includes('\n') ? raw.slice(0, raw.indexOf('\n')) : raw;
  for (const key of [' message="', '"message":"']) {
    const at = line.indexOf(key);
    if (at < 0) continue;
    const open = at + key.length - 1;
    const close = quotedEnd(line, open);
    return close > 0 ? unquoteGo(line, open, close) : line.slice(open + 1);
  }
  const reason = line.indexOf(" reason: '");
  const after = reason < 0 ? -1 : line.indexOf("' ", reason + 10);
  return after < 0 ? '' : line.slice(after + 2);
}

export function eventEntry(trace: Trace, e: number): CatalogEntry {
  return CATALOG[trace.events.msg[e]] ?? CATALOG[0];
}

export function eventKind(trace: Trace, e: number): string {
  return KINDS[trace.events.kind[e]] ?? 'unknown';
}

export function str(trace: Trace, id: number): string {
  return id > 0 ? trace.strings[id] : '';
}

export function podLabel(p: PodInfo): string {
  if (p.name) return p.namespace ? `${p.namespace}/${p.name}` : p.name;
  return p.uid;
}

/** `ns/name` when known, else the uid (the CLI's identity for a pod). */
export function podId(p: PodInfo): string {
  return p.name ? (p.namespace ? `${p.namespace}/${p.name}` : p.name) : p.uid;
}

/** Short human label for an event: the catalog kind plus its detail. */
export function eventLabel(trace: Trace, e: number): string {
  const ev = trace.events;
  const entry = eventEntry(trace, e);
  const detail = str(trace, ev.text[e]);
  const num = ev.num[e];
  // A printf-only message reads best as printed: its template with every value elided ("GET …: (…) … [[…] …]") does not.
  if (entry.kind !== 'unknown' && !entry.msg && entry.printf?.some((t) => t.includes('%'))) return printedMessage(trace, e);
  let base = entry.kind === 'unknown' ? printedMessage(trace, e) : (entry.msg?.[0] ?? entry.printf?.[0] ?? entry.kind);
  if (entry.kind !== 'unknown' && ((entry.msg?.length ?? 0) > 1 || entry.printf?.length)) {
    // An entry that several messages share (start-up steps, one message's wordings over the years): the one this
    // line printed, not the entry's first. A structured message names it alone; a printf line reads as printed.
    const printed = printedMessage(trace, e);
    if (entry.msg?.includes(printed)) base = printed;
    else if (!entry.msg?.length || !isQuotedMessage(trace, e)) return printed;
  }
  // A detail that is the whole message (systemd's "Main process exited, code=exited, …") stands for the template.
  const stem = base.split('…')[0].trimEnd();
  const whole = stem.length >= 8 && detail.startsWith(stem);
  const shown = detail.length > 80 ? detail.slice(0, 80) + '…' : detail;
  if (whole) return shown;
  const extra = [Number.isNaN(num) ? '' : String(num), shown].filter(Boolean).join(' ');
  return extra ? `${base} — ${extra}` : base;
}

/** The line's message is a structured (quoted) or JSON one, not printf text. */
function isQuotedMessage(trace: Trace, e: number): boolean {
  const text = eventRawText(trace, e, 400);
  const close = headerEnd(text);
  const journal = text.indexOf(']: ');
  if (close < 0 && LOGRUS_MSG.test(text.slice(journal >= 0 ? journal + 3 : 0, 200))) return true;
  const c = close >= 0 ? text.charCodeAt(close) : text.trimStart().charCodeAt(0);
  return c === 34 || c === 123;
}

/** A logrus line's fields before its message, up to the message's opening quote. */
const LOGRUS_MSG = /^time="[^"]{1,40}" level=[a-z]{1,8} msg="/;

/** Where the message starts after the line's klog header (the reader's own parser; behind any prefix), or -1. */
function headerEnd(text: string): number {
  if (findKlogHeader(text, 0, labelHeader, 300)) return labelHeader.msgStart;
  // A line quoted whole (a JSON export's "MESSAGE" value cut out with sed: ` "E0321 07:09:19.376093 …"`).
  const q = firstQuote(text);
  return q >= 0 && findKlogHeader(text, q + 1, labelHeader, 0) ? labelHeader.msgStart : -1;
}

/** Where a line opens with a quote after at most a few spaces, or -1. */
function firstQuote(text: string): number {
  let i = 0;
  while (i < 8 && text.charCodeAt(i) === 32) i++;
  return text.charCodeAt(i) === 34 ? i : -1;
}
const labelHeader = newKlogHeader();

/** The message as its line printed it: what follows the klog header (a structured message's quotes, a JSON record's msg). */
export function printedMessage(trace: Trace, e: number): string {
  let text = eventRawText(trace, e, 400);
  // A line a terminal or `fold` cut, joined back by the reader: its pieces read as one line again (a TAB-indented
  // line is a value's own line, not a piece).
  if (text.includes('\n') && joinedWraps(trace.sources[trace.events.source[e]])) text = text.replace(/\n(?!\t)/g, '');
  let close = headerEnd(text);
  // Another tool's line quoting the kubelet's (ingest/quoting-tools.ts): the quoted line's message.
  const quoted = close >= 0 ? quotedLineStart(text, close) : -1;
  if (quoted > 0) {
    text = text.slice(quoted);
    close = headerEnd(text);
  }
  // A line with no klog header (the Go runtime's own) behind a journal prefix (`kubelet[2891]: fatal error: …`).
  const journal = close >= 0 ? -1 : text.indexOf(']: ');
  let msg = close >= 0 ? text.slice(close) : journal >= 0 && journal < 200 ? text.slice(journal + 3) : text;
  // A library inside the kubelet logging through logrus (`time="…" level=error msg="Failed to remove cgroup" …`): its msg.
  const logrus = close < 0 ? LOGRUS_MSG.exec(msg.slice(0, 200)) : null;
  if (logrus) msg = msg.slice(logrus[0].length - 1);
  // A line quoted as inline code (`I0229 … 500`) ends with the quote's backtick, which the reader does not keep;
  // a line quoted whole, with its closing quote.
  if (msg.endsWith('`') && text.trimStart().startsWith('`')) msg = msg.slice(0, -1);
  else if (close >= 0 && msg.charCodeAt(0) !== 34 && firstQuote(text) >= 0 && msg.trimEnd().endsWith('"')) msg = msg.trimEnd().slice(0, -1);
  if (msg.startsWith('"')) {
    const q = msg.indexOf('"', 1);
    if (q > 0) msg = msg.slice(1, q);
  } else if (msg.startsWith('{')) {
    const m = /"msg":"([^"]{0,200})"/.exec(msg);
    if (m) msg = m[1];
  }
  return msg.length > 120 ? msg.slice(0, 120) + '…' : msg;
}

const wrapsJoined = new WeakMap<SourceInfo, boolean>();

/** The reader joined lines a terminal or `fold` had cut (source-reader.ts says so in an info at line 0). */
function joinedWraps(source: SourceInfo): boolean {
  let joined = wrapsJoined.get(source);
  if (joined === undefined) {
    joined = source.diagnostics.some((d) => d.line === 0 && d.message.includes(WRAPS_JOINED));
    wrapsJoined.set(source, joined);
  }
  return joined;
}

/** The reader warned that the event's record is cut (a terminal's width, a pager, an excerpt's end): its values may be missing. */
export function eventRecordCut(trace: Trace, e: number): boolean {
  const line = trace.events.line[e];
  return trace.sources[trace.events.source[e]].diagnostics.some((d) => d.line === line && d.message.startsWith(CUT_WARNING_PREFIX));
}

/** Event indices of a pod (including multi-pod lines that list it), in time order. */
export function podEvents(trace: Trace, pod: number): number[] {
  const out: number[] = [];
  const ev = trace.events;
  for (let i = 0; i < ev.count; i++) {
    if (ev.pod[i] === pod || (ev.pod[i] < 0 && trace.multiPod[i]?.includes(pod))) out.push(i);
  }
  return out;
}

/** Binary search: first index in a time-sorted id list whose time is ≥ tUs. */
export function lowerBound(ids: ArrayLike<number>, from: number, to: number, timeOf: (id: number) => number, tUs: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (timeOf(ids[mid]) < tUs) lo = mid + 1; else hi = mid;
  }
  return lo;
}
