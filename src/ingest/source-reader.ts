/**
 * Turns the physical lines of one source into kubelet log records.
 *
 * For every line: strip a known wrapper (journald, CRI, talosctl, CI timestamp), then look for a JSON log object or
 * a klog header; a line with neither may continue the record before it (multi-line `key=<` values, Go panics and
 * goroutine dumps, lines a web page wrapped); anything else is counted as not a log line and skipped. Nothing here
 * throws on bad input: damage becomes a diagnostic with its line number.
 */
import { findKlogHeader, newKlogHeader, Severity, type KlogHeader } from './klog-header.ts';
import { newWrapper, parseWrapper, yearInText, type Wrapper, type WrapperKind } from './wrappers.ts';
import { Era, type LogRecord } from './record.ts';
import { epochToParts, yearlessUs } from '../util/time.ts';
import type { LineCounts } from '../model/trace.ts';

export interface RecordSink {
  record(rec: LogRecord): void;
  diagnostic(line: number, level: 'info' | 'warning' | 'error', message: string): void;
}

/** What the reader learned about the source as a whole (format votes, glog file header facts). */
export interface SourceFacts {
  wrappers: Record<string, number>;
  eras: { printf: number; structured: number; json: number };
  glogHeaderYear: number;
  glogHost: string;
  journaldIdents: Record<string, number>;
  sectionHeaders: number;
  markdownFences: number;
  /** Years of full dates (YYYY-MM-DD) in the non-log lines: a document's own dates. */
  proseYears: Record<number, number>;
}

const MAX_RECORD_CHARS = 1 << 20;

export class SourceReader {
  readonly counts: LineCounts = { total: 0, klog: 0, continuation: 0, unrecognized: 0, blank: 0 };
  readonly facts: SourceFacts = {
    wrappers: {}, eras: { printf: 0, structured: 0, json: 0 }, glogHeaderYear: 0, glogHost: '', journaldIdents: {},
    sectionHeaders: 0, markdownFences: 0, proseYears: {},
  };
  private proseDates = 0;
  private pending: LogRecord | undefined;
  /** How the pending record may still be continued. */
  private openBlock = false;
  private panicMode = false;
  private joinable = false;
  private readonly header: KlogHeader = newKlogHeader();
  private readonly wrapper: Wrapper = newWrapper();
  private lineNo = 0;

  constructor(private readonly sink: RecordSink) {}

  line(text: string, truncated: boolean): void {
    const lineNo = ++this.lineNo;
    this.counts.total++;
    if (truncated) this.sink.diagnostic(lineNo, 'warning', `line longer than ${text.length} characters; only its start is parsed`);
    if (isBlank(text)) {
      this.counts.blank++;
      if (!this.panicMode && !this.openBlock) this.joinable = false;
      return;
    }
    const w = this.wrapper;
    const wrapped = parseWrapper(text, w);
    const p = wrapped ? w.payloadStart : 0;

    if (this.openBlock && this.pending) {
      const c = text.charCodeAt(p);
      if (c === 9 || text.startsWith(' >', p)) {
        this.append('\n' + text.slice(p));
        if (text.startsWith(' >', p)) this.openBlock = false;
        return;
      }
      this.openBlock = false;
    }

    const c0 = firstNonSpace(text, p);
    if (c0 >= 0 && text.charCodeAt(c0) === 123 /* { */ && this.tryJson(text, c0, lineNo, wrapped ? w : undefined)) return;

    const h = this.header;
    if (findKlogHeader(text, p, h)) {
      this.startKlogRecord(text, lineNo, wrapped ? w : undefined);
      return;
    }
    if (this.pending && this.tryContinuation(text, p)) return;
    this.nonLogLine(text, lineNo);
  }

  end(): void {
    this.flush();
  }

  private startKlogRecord(text: string, lineNo: number, w: Wrapper | undefined): void {
    this.flush();
    const h = this.header;
    const prefixYear = w ? w.year : h.start > 0 ? yearInText(text, 0, h.start) : 0;
    const msgStart = h.msgStart;
    const structured = text.charCodeAt(msgStart) === 34;
    const rec: LogRecord = {
      line: lineNo, lineCount: 1, severity: h.severity, yearlessUs: yearlessUs(h.month, h.day, h.todUs),
      yearHint: prefixYear, pid: h.pid, file: h.file, fileLine: h.fileLine,
      era: structured ? Era.Structured : Era.Printf, text: h.start === 0 ? text : text.slice(h.start),
      msgStart: h.start === 0 ? msgStart : msgStart - h.start, json: undefined, host: w?.host ?? '',
      wrapper: w ? w.kind : 'none', damage: h.damage,
    };
    if (w) this.vote(w.kind, w.ident);
    if (h.damage) this.sink.diagnostic(lineNo, 'warning', `damaged klog header (${h.damage}); parsed as far as possible`);
    this.pending = rec;
    this.openBlock = structured && rec.text.endsWith('=<');
    this.panicMode = h.severity === Severity.Fatal || rec.text.startsWith('panic', rec.msgStart) ||
      rec.text.startsWith('Observed a panic', rec.msgStart);
    this.joinable = true;
  }

  private tryJson(text: string, start: number, lineNo: number, w: Wrapper | undefined): boolean {
    let obj: unknown;
    try {
      obj = JSON.parse(start === 0 ? text : text.slice(start));
    } catch {
      if (text.includes('"ts"') && text.includes('"msg"')) {
        this.flush();
        this.counts.unrecognized++;
        this.sink.diagnostic(lineNo, 'warning', 'looks like a JSON log line but is not valid JSON (cut or damaged); skipped');
        return true;
      }
      return false;
    }
    if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return false;
    const o = obj as Record<string, unknown>;
    if (typeof o.MESSAGE === 'string' || Array.isArray(o.MESSAGE)) return this.journaldJson(o, lineNo);
    if (typeof o.ts !== 'number' && typeof o.ts !== 'string') return false;
    if (typeof o.msg !== 'string') return false;
    this.flush();
    const tsMs = typeof o.ts === 'number' ? o.ts : Date.parse(o.ts);
    if (!Number.isFinite(tsMs)) {
      this.counts.unrecognized++;
      this.sink.diagnostic(lineNo, 'warning', 'JSON log line with an unreadable "ts"; skipped');
      return true;
    }
    const parts = epochToParts(Math.round(tsMs * 1000));
    const caller = typeof o.caller === 'string' ? o.caller : '';
    const colon = caller.lastIndexOf(':');
    const isError = o.err !== undefined && o.v === undefined;
    this.counts.klog++;
    this.facts.eras.json++;
    this.vote(w ? w.kind : 'json', w?.ident ?? '');
    this.sink.record({
      line: lineNo, lineCount: 1, severity: isError ? Severity.Error : Severity.Info,
      yearlessUs: yearlessUs(parts.month, parts.day, parts.todUs), yearHint: parts.year, pid: -1,
      file: colon > 0 ? caller.slice(0, colon) : caller, fileLine: colon > 0 ? Number(caller.slice(colon + 1)) || 0 : 0,
      era: Era.Json, text, msgStart: 0, json: o, host: w?.host ?? '', wrapper: w ? w.kind : 'none', damage: '',
    });
    return true;
  }

  /** `journalctl -o json`: one object per entry, the kubelet's line in MESSAGE. */
  private journaldJson(o: Record<string, unknown>, lineNo: number): boolean {
    const msg = Array.isArray(o.MESSAGE) ? String.fromCharCode(...(o.MESSAGE as number[]).slice(0, 1 << 16)) : (o.MESSAGE as string);
    const host = typeof o._HOSTNAME === 'string' ? o._HOSTNAME : '';
    const ident = typeof o.SYSLOG_IDENTIFIER === 'string' ? o.SYSLOG_IDENTIFIER : '';
    const rt = Number(o.__REALTIME_TIMESTAMP);
    const w = this.wrapper;
    w.kind = 'journald-iso';
    w.host = host;
    w.ident = ident;
    w.year = Number.isFinite(rt) ? epochToParts(rt).year : 0;
    w.epochUs = rt;
    w.payloadStart = 0;
    const c0 = firstNonSpace(msg, 0);
    if (c0 >= 0 && msg.charCodeAt(c0) === 123 && this.tryJson(msg, c0, lineNo, w)) {
      this.vote('journald-json', ident);
      return true;
    }
    if (findKlogHeader(msg, 0, this.header)) {
      this.startKlogRecord(msg, lineNo, w);
      if (this.pending) this.pending.wrapper = 'journald-json';
      this.vote('journald-json', ident);
      return true;
    }
    if (this.pending && this.tryContinuation(msg, 0)) return true;
    this.flush();
    this.counts.unrecognized++;
    return true;
  }

  private tryContinuation(text: string, p: number): boolean {
    const rec = this.pending!;
    const c = text.charCodeAt(p);
    if (this.panicMode || looksLikePanicLine(text, p)) {
      this.panicMode = true;
      this.append('\n' + text.slice(p));
      return true;
    }
    if (!this.joinable) return false;
    if (c === 9) {
      this.append('\n' + text.slice(p));
      return true;
    }
    if (rec.era === Era.Structured && hasOpenQuote(rec.text, rec.msgStart)) {
      // A web page or terminal cut the line inside a quoted value: the rest follows with no separator.
      this.append(text.slice(p));
      return true;
    }
    if (c === 32) {
      // Indented continuation of a line a web page wrapped.
      rec.text = rec.text.trimEnd();
      this.append(' ' + text.slice(p).trim());
      return true;
    }
    if (rec.era === Era.Structured && looksLikeKeyValueTail(text, p)) {
      this.append(text.slice(p));
      return true;
    }
    return false;
  }

  private append(s: string): void {
    const rec = this.pending!;
    this.counts.continuation++;
    rec.lineCount++;
    if (rec.text.length + s.length <= MAX_RECORD_CHARS) rec.text += s;
  }

  private nonLogLine(text: string, lineNo: number): void {
    this.flush();
    this.joinable = false;
    this.counts.unrecognized++;
    const f = this.facts;
    if (text.startsWith('Log file created at: ')) {
      const y = Number(text.slice(21, 25));
      if (y > 1970) f.glogHeaderYear = y;
    } else if (text.startsWith('Running on machine: ')) {
      f.glogHost = text.slice(20).trim();
    } else if (text.startsWith('==> ') || text.startsWith('-- Logs begin') || text.startsWith('-- Journal begins')) {
      f.sectionHeaders++;
    } else if (text.startsWith('```') || text.startsWith('~~~')) {
      f.markdownFences++;
    } else if (lineNo <= 3 && looksBinary(text)) {
      this.sink.diagnostic(lineNo, 'error', 'binary data, not text');
    }
    if (this.proseDates < 200) {
      const y = yearInText(text, 0, Math.min(text.length, 2000));
      if (y) {
        f.proseYears[y] = (f.proseYears[y] ?? 0) + 1;
        this.proseDates++;
      }
    }
  }

  private flush(): void {
    const rec = this.pending;
    if (!rec) return;
    this.pending = undefined;
    this.openBlock = false;
    this.panicMode = false;
    this.counts.klog++;
    if (rec.era === Era.Structured) this.facts.eras.structured++;
    else this.facts.eras.printf++;
    this.sink.record(rec);
  }

  private vote(kind: WrapperKind | 'journald-json' | 'json', ident: string): void {
    const f = this.facts;
    f.wrappers[kind] = (f.wrappers[kind] ?? 0) + 1;
    if (ident) f.journaldIdents[ident] = (f.journaldIdents[ident] ?? 0) + 1;
  }
}

function isBlank(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return true;
}

function firstNonSpace(s: string, from: number): number {
  const n = Math.min(s.length, from + 64);
  for (let i = from; i < n; i++) if (s.charCodeAt(i) !== 32 && s.charCodeAt(i) !== 9) return i;
  return -1;
}

/** Odd number of unescaped double quotes after the message start: the text was cut inside a quoted value. */
function hasOpenQuote(s: string, from: number): boolean {
  let open = false;
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 92 && open) i++;
    else if (c === 34) open = !open;
  }
  return open;
}

/** `tail-of-token key=value key2="v"` — the rest of a structured line that was hard-wrapped mid-token. */
function looksLikeKeyValueTail(s: string, p: number): boolean {
  const sp = s.indexOf(' ', p);
  if (sp < 0) return false;
  const eq = s.indexOf('=', sp);
  if (eq < 0 || eq - sp > 40) return false;
  for (let i = sp + 1; i < eq; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95)) return false;
  }
  for (let i = p; i < sp; i++) {
    const c = s.charCodeAt(i);
    if (c > 126 || c < 33) return false;
  }
  return true;
}

function looksLikePanicLine(s: string, p: number): boolean {
  return s.startsWith('panic: ', p) || s.startsWith('fatal error: ', p) || s.startsWith('goroutine ', p) && /^goroutine \d+ \[/.test(s.slice(p, p + 40)) ||
    s.startsWith('[signal ', p) || s.startsWith('runtime.', p);
}

function looksBinary(s: string): boolean {
  let bad = 0;
  const n = Math.min(s.length, 512);
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === 0xfffd || (c < 32 && c !== 9)) bad++;
  }
  return bad > n / 10;
}
