/**
 * Stage 1 of building a Trace: every record of every source is classified by the catalog and appended to growable
 * columns, in file order. Pod references are resolved to provisional pod ids as they come. When a source ends its
 * records get their year (util/time.ts explains why klog times arrive without one) and the source its summary.
 */
import { VersionFingerprint } from '../catalog/fingerprint.ts';
import { Era, type LogRecord } from '../ingest/record.ts';
import { SourceReader, type SourceFacts } from '../ingest/source-reader.ts';
import { LineSplitter } from '../ingest/line-splitter.ts';
import { MAX_REORDER_RECORDS, RecordOrder } from '../ingest/record-order.ts';
import { growF64, growI32, growU16, growU32, growU8 } from '../util/columns.ts';
import { StringTable } from '../util/string-table.ts';
import { US_PER_DAY, yearlessMonth, yearlessToEpochUs } from '../util/time.ts';
import { PodRegistry } from './pod-registry.ts';
import { RecordMemo } from './record-memo.ts';
import type { Diagnostic, FormatId, LaneKind, RawText, SourceInfo } from './trace.ts';

export const LANE_KIND_LIST: readonly LaneKind[] = [
  'sync-loop', 'config', 'pleg', 'housekeeping', 'status-manager', 'runtime', 'node-status', 'gc', 'eviction', 'volume',
  'events', 'other', 'pod-worker', 'probe', 'container', 'sandbox', 'readiness', 'api-status',
];
const LANE_KIND_INDEX = new Map(LANE_KIND_LIST.map((k, i) => [k, i]));

export interface CollectOptions {
  /** Year for klog lines when nothing in the input states one (the CLI's --year, or the current year). */
  defaultYear: number;
  /** True if defaultYear was given by the user (reported as 'caller' rather than 'assumed'). */
  yearFromCaller?: boolean;
  maxDiagnosticsPerSource?: number;
}

/** The columns collected in stage 1 (file order; time already in epoch µs after each source ends). */
export class Collected {
  readonly strings = new StringTable();
  readonly time = growF64(1 << 16);
  readonly yearHint = growU16(1 << 16);
  readonly source = growU16(1 << 16);
  readonly line = growU32(1 << 16);
  readonly lineCount = growU16(1 << 16);
  readonly severity = growU8(1 << 16);
  /** String id of the node name the line stated; 0 = the source's default node. */
  readonly nodeName = growI32(1 << 16);
  readonly pid = growU32(1 << 16);
  readonly msg = growU16(1 << 16);
  readonly kind = growU16(1 << 16);
  readonly laneKind = growU8(1 << 16);
  readonly pod = growI32(1 << 16);
  readonly cid = growI32(1 << 16);
  readonly cname = growI32(1 << 16);
  readonly sid = growI32(1 << 16);
  readonly probe = growU8(1 << 16);
  readonly num = growF64(1 << 16);
  readonly text = growI32(1 << 16);
  readonly multiPod = new Map<number, number[]>();
  /** Container ID → name, learned from lines that list several containers (status dumps). */
  readonly idNames = new Map<string, string>();
  readonly pods = new PodRegistry();
  readonly sources: SourceInfo[] = [];
  readonly raw: RawText[] = [];
  count = 0;
}

export class Collector {
  readonly out = new Collected();
  /** Classifies records, reusing the result for a text seen before (see record-memo.ts). */
  readonly memo = new RecordMemo(this.out.strings, LANE_KIND_INDEX);

  constructor(private readonly opts: CollectOptions) {}

  /** Starts a source. Push its bytes (any chunking) to the returned handle, then call end(). */
  addSource(name: string, meta: { gzip?: boolean } = {}): SourceHandle {
    return new SourceHandle(this, this.out.sources.length, name, meta.gzip ?? false, this.opts);
  }

  /**
   * Appends one classified record (called by SourceHandle). `defaultNode` is the string id of the node the source's
   * lines belong to when they name none, as far as known yet: pods are told apart per node, so that rotated files of
   * one node share their pods.
   */
  addRecord(rec: LogRecord, sourceIndex: number, fp: VersionFingerprint, defaultNode = -1 - sourceIndex): void {
    const o = this.out;
    const i = o.count++;
    o.time.push(rec.yearlessUs);
    o.yearHint.push(rec.yearHint);
    o.source.push(sourceIndex);
    o.line.push(rec.line);
    o.lineCount.push(Math.min(rec.lineCount, 65535));
    o.severity.push(rec.severity);
    const nodeName = rec.host ? o.strings.intern(rec.host) : 0;
    // Classified after the host is interned, so string ids are handed out in the same order as always.
    const cls = this.memo.classify(rec);
    o.nodeName.push(nodeName);
    o.pid.push(rec.pid < 0 ? 0 : rec.pid);
    o.msg.push(cls.entry);
    o.kind.push(cls.kind);
    o.laneKind.push(cls.laneKind);
    const nodeKey = nodeName || defaultNode;
    let pod = -1;
    if (cls.pods.length === 1) {
      const still = cls.pods[0].uid !== '' ? cls.resolvedVersion >= 0 : cls.resolvedVersion === o.pods.version;
      if (still && cls.resolvedNode === nodeKey) {
        pod = cls.resolvedPod;
      } else {
        pod = o.pods.resolve(cls.pods[0], nodeKey);
        cls.resolvedPod = pod;
        cls.resolvedNode = nodeKey;
        cls.resolvedVersion = o.pods.version;
      }
    } else if (cls.pods.length > 1) {
      const ids: number[] = [];
      for (const ref of cls.pods) {
        const id = o.pods.resolve(ref, nodeKey);
        if (id >= 0) ids.push(id);
      }
      o.multiPod.set(i, ids);
    }
    if (pod >= 0 && cls.fileAdd) o.pods.markFileSource(pod);
    o.pod.push(pod);
    o.cid.push(cls.cid);
    o.cname.push(cls.cname);
    o.sid.push(cls.sid);
    o.probe.push(cls.probe);
    o.num.push(cls.num);
    for (const [shortId, name] of cls.learnedNames) if (!o.idNames.has(shortId)) o.idNames.set(shortId, name);
    o.text.push(cls.text);
    fp.observe(cls.entryId, rec.file, rec.fileLine, rec.text, rec.msgStart, rec.era === Era.Structured, rec.severity);
  }
}

const FORMAT_LABELS: Record<FormatId, string> = {
  klog: 'klog text', 'klog-journald': 'journald (journalctl) with klog lines', 'klog-cri': 'CRI container log with klog lines',
  'klog-node-prefix': 'node-prefixed (talosctl) klog lines', 'klog-timestamped': 'timestamped (CI) klog lines',
  'klog-in-document': 'klog excerpts inside a document', json: 'kubelet JSON logging (--logging-format=json)',
  'json-journald': 'journald with JSON log lines', 'journald-json-export': 'journalctl -o json export', csv: 'CSV event table',
  unknown: 'no kubelet lines found', empty: 'empty', binary: 'binary (not text)',
};

export class SourceHandle {
  private readonly splitter: LineSplitter;
  private readonly reader: SourceReader;
  /** Holds records until the file's direction is known, so a newest-first file is classified in time order. */
  private readonly order: RecordOrder;
  /** Host named by a glog file name (kubelet.<host>.<user>.log…), or ''; and the last provisional node key. */
  private readonly fileHost: string;
  private nodeKeyHost = '';
  private nodeKeyId = 0;
  private readonly fp = new VersionFingerprint();
  private readonly first: number;
  private readonly diagnostics: Diagnostic[] = [];
  private dropped = 0;
  private readonly chunks: Uint8Array[] = [];
  private readonly chunkStarts: number[] = [];
  private lineStarts = growF64(1 << 14);
  private readonly quoted = new Map<number, string[]>();
  private duplicates = 0;
  /** [event index, year] for dates inside messages that fall on the record's own day. */
  readonly weakYears: [number, number][] = [];
  private bytes = 0;

  constructor(private readonly collector: Collector, readonly index: number, private readonly name: string,
    private readonly gzip: boolean, private readonly opts: CollectOptions) {
    this.first = collector.out.count;
    this.fileHost = glogFileHost(name);
    const self = this;
    this.reader = new SourceReader({
      record: (rec) => self.order.push(rec),
      diagnostic: (line, level, message) => self.diagnostic(line, level, message),
    });
    this.order = new RecordOrder((rec) => {
      if (self.isQuotedAgain(rec)) return;
      if (!rec.yearHint && self.weakYears.length < 20) {
        const y = yearOnRecordDay(rec);
        if (y) self.weakYears.push([collector.out.count, y]);
      }
      collector.addRecord(rec, index, self.fp, self.provisionalNodeKey());
    });
    this.splitter = new LineSplitter((text, byteStart, _byteEnd, truncated) => {
      self.lineStarts.push(byteStart);
      self.reader.line(text, truncated);
    });
  }

  /**
   * Write-ups quote the same log line twice (once in the excerpt, once in the discussion). In a source that reads
   * like a document, a record identical to an earlier one — same time, same text — is that quote, not a new event.
   */
  private isQuotedAgain(rec: LogRecord): boolean {
    const c = this.reader.counts;
    if (c.unrecognized + c.blank <= c.klog) return false;
    const seen = this.quoted.get(rec.yearlessUs);
    if (seen?.includes(rec.text)) {
      this.duplicates++;
      this.diagnostic(rec.line, 'info', `same line as earlier in the document (quoted again); counted once`);
      return true;
    }
    if (seen) seen.push(rec.text); else this.quoted.set(rec.yearlessUs, [rec.text]);
    return false;
  }

  /** Feeds the next chunk of the source's bytes. The chunk is kept (the raw text store); do not reuse it. */
  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.chunkStarts.push(this.bytes);
    this.bytes += chunk.length;
    this.splitter.push(chunk);
  }

  get bytesRead(): number {
    return this.bytes;
  }

  get linesRead(): number {
    return this.reader.counts.total;
  }

  diagnostic(line: number, level: Diagnostic['level'], message: string): void {
    if (this.diagnostics.length < (this.opts.maxDiagnosticsPerSource ?? 1000)) this.diagnostics.push({ source: this.index, line, level, message });
    else this.dropped++;
  }

  end(): SourceInfo {
    this.splitter.end();
    this.reader.end();
    const reversed = this.order.end();
    if (this.order.tooLargeToReorder) {
      this.diagnostic(0, 'warning', `newest-first file with more than ${MAX_REORDER_RECORDS} records: read in file order (events are still sorted by time)`);
    }
    const o = this.collector.out;
    const from = this.first;
    const to = o.count;
    const facts = this.reader.facts;
    if (facts.glogHeaderYear) this.fp.noteGlogFileHeader();
    const year = this.assignYears(from, to, facts);
    let startUs = Infinity;
    let endUs = -Infinity;
    for (let i = from; i < to; i++) {
      const t = o.time.get(i);
      if (t < startUs) startUs = t;
      if (t > endUs) endUs = t;
    }
    const counts = this.reader.counts;
    const format = this.formatOf(facts, counts.klog, counts.total);
    if (counts.total === 0) this.diagnostic(0, 'info', 'the file is empty');
    else if (format === 'binary') this.diagnostic(0, 'error', 'this is binary data, not a text log');
    else if (counts.klog === 0) this.diagnostic(0, 'warning', `no kubelet log lines found in ${counts.total} lines (expected klog, journald or JSON kubelet output)`);
    else this.strayDiagnostics(format);
    if (facts.damagedLines > 20) this.diagnostic(0, 'warning', `${facts.damagedLines} lines contain NUL bytes or invalid UTF-8 (the first 20 are listed)`);
    this.lineStarts.push(this.bytes);
    o.raw[this.index] = { chunks: this.chunks, chunkStarts: this.chunkStarts, lineStarts: this.lineStarts.finish() };
    const info: SourceInfo = {
      index: this.index, name: this.name, format, formatLabel: FORMAT_LABELS[format], node: this.nodeName(facts),
      bytes: this.bytes, gzip: this.gzip, lines: { ...counts }, eras: { ...facts.eras }, versionRange: this.fp.result(),
      year, reversed, startUs: Number.isFinite(startUs) ? startUs : 0, endUs: Number.isFinite(endUs) ? endUs : 0,
      diagnostics: this.diagnostics, diagnosticsDropped: this.dropped,
    };
    o.sources[this.index] = info;
    return info;
  }

  /**
   * Gives every record of the source a year. Relative year offsets come from month jumps between consecutive
   * records (Dec → Jan is a new year, Jan → Dec the year before; records arrive here in time order even from a
   * newest-first file); the base year is voted by every hint: wrapper and JSON years (strong), dates inside messages
   * that match the record's own month-day (weak), the glog file header; failing all that, the dates of the document
   * around the excerpt, and only then the caller's year. The base is the year of the source's first record.
   */
  private assignYears(from: number, to: number, facts: SourceFacts): SourceInfo['year'] {
    const o = this.collector.out;
    const n = to - from;
    if (n === 0) return { value: this.opts.defaultYear, how: this.opts.yearFromCaller ? 'caller' : 'assumed' };
    const offset = new Int32Array(n);
    let prevMonth = yearlessMonth(o.time.get(from));
    for (let k = 1; k < n; k++) {
      const m = yearlessMonth(o.time.get(from + k));
      offset[k] = offset[k - 1] + (m < prevMonth - 6 ? 1 : m > prevMonth + 6 ? -1 : 0);
      prevMonth = m;
    }
    const votes = new Map<number, number>();
    let strong = false;
    for (let k = 0; k < n; k++) {
      const h = o.yearHint.get(from + k);
      if (h) {
        strong = true;
        votes.set(h - offset[k], (votes.get(h - offset[k]) ?? 0) + 100);
      }
    }
    let how: SourceInfo['year']['how'] = 'wrapper';
    if (!strong) {
      how = 'message';
      // Weak hints: a YYYY-MM-DD inside a message on the record's own day (±1 for UTC conversions).
      for (const [i, y] of this.weakYears) votes.set(y - offset[i - from], (votes.get(y - offset[i - from]) ?? 0) + 1);
      if (facts.glogHeaderYear) {
        votes.set(facts.glogHeaderYear, (votes.get(facts.glogHeaderYear) ?? 0) + 50);
        how = 'file-header';
      }
    }
    let base = 0;
    let best = 0;
    for (const [y, w] of votes) if (w > best || (w === best && y > base)) { base = y; best = w; }
    if (!base) {
      // A document around the excerpt (a blog post, an issue) usually states its own date.
      for (const [y, w] of Object.entries(facts.proseYears)) if (w > best) { base = Number(y); best = w; how = 'document'; }
    }
    if (!base) {
      base = this.opts.defaultYear;
      how = this.opts.yearFromCaller ? 'caller' : 'assumed';
    } else if (strong && facts.eras.json > 0 && facts.eras.json >= facts.eras.printf + facts.eras.structured) how = 'json';
    for (let k = 0; k < n; k++) {
      const i = from + k;
      const h = o.yearHint.get(i);
      o.time.set(i, yearlessToEpochUs(o.time.get(i), h || base + offset[k]));
    }
    return { value: base, how };
  }

  /** The source's format, by content: what most records were wrapped in, and how much of the file is log at all. */
  private formatOf(facts: SourceFacts, klog: number, total: number): FormatId {
    if (total === 0) return 'empty';
    const counts = this.reader.counts;
    if (klog === 0) return facts.binaryLines > 0 && facts.binaryLines * 2 >= total - counts.blank ? 'binary' : 'unknown';
    const w = facts.wrappers;
    const top = Object.entries(w).sort((a, b) => b[1] - a[1])[0]?.[0];
    const jsonish = facts.eras.json > (facts.eras.printf + facts.eras.structured);
    if (top === 'journald-json') return 'journald-json-export';
    if (jsonish) return top && top.startsWith('journald') ? 'json-journald' : 'json';
    // Log lines are records and their continuation lines; a document is mostly something else (prose, fences). A dump
    // of several logs in `==> name <==` sections (kubectl, minikube, tail) is not a document, whatever else it holds.
    const logLines = klog + counts.continuation;
    const otherLines = counts.unrecognized - facts.metaLines;
    const sectionedDump = facts.sectionHeaders > 0 && facts.markdownFences === 0;
    if (!sectionedDump && (otherLines > logLines || (facts.markdownFences > 0 && otherLines * 2 > logLines))) return 'klog-in-document';
    if (top && top.startsWith('journald')) return 'klog-journald';
    if (top === 'cri') return 'klog-cri';
    if (top === 'node-prefix') return 'klog-node-prefix';
    if (top === 'timestamp') return 'klog-timestamped';
    return 'klog';
  }

  /**
   * The node of lines that name none, as far as the source has told so far: the glog header's machine or the glog
   * file name, else the shared default name (so rotated plain files of one node share their pods).
   */
  private provisionalNodeKey(): number {
    const host = this.reader.facts.glogHost || this.fileHost || 'node';
    if (host !== this.nodeKeyHost) {
      this.nodeKeyHost = host;
      this.nodeKeyId = this.collector.out.strings.intern(host);
    }
    return this.nodeKeyId;
  }

  /** Unknown non-log lines in what is otherwise a log file (not a document): garbage worth pointing at. */
  private strayDiagnostics(format: FormatId): void {
    const reader = this.reader;
    // Prose in a document and other components' output in a sectioned dump are expected there.
    if (format === 'klog-in-document' || reader.facts.sectionHeaders > 0 || reader.strayCount === 0) return;
    for (const s of reader.strayLines) this.diagnostic(s.line, 'info', `not a kubelet log line; skipped: ${s.excerpt}`);
    const more = reader.strayCount - reader.strayLines.length;
    if (more > 0) this.diagnostic(0, 'info', `${more} more lines that are not kubelet log lines were skipped`);
  }

  /** Default node of the source: the host its wrapper names most, else the glog header's machine, else the glog file name. */
  private nodeName(facts: SourceFacts): string {
    let topHost = '';
    let topVotes = 0;
    for (const [host, votes] of Object.entries(facts.hosts)) if (votes > topVotes) { topHost = host; topVotes = votes; }
    if (topHost) return topHost;
    return facts.glogHost || this.fileHost || 'node';
  }
}

/** The host in a glog file name: kubelet.<host>.<user>.log.<LEVEL>.<date>-<time>.<pid>, or ''. */
function glogFileHost(path: string): string {
  const parts = path.slice(path.lastIndexOf('/') + 1).split('.');
  const logAt = parts.indexOf('log');
  return parts[0] === 'kubelet' && logAt >= 3 ? parts.slice(1, logAt - 1).join('.') : '';
}

/** A `YYYY-MM-DD` inside the record text on the record's own month-day (±1 day for UTC conversions), or 0. */
function yearOnRecordDay(rec: LogRecord): number {
  const dayKey = Math.floor(rec.yearlessUs / US_PER_DAY);
  const month = Math.floor(dayKey / 32);
  const day = dayKey - month * 32;
  const text = rec.text.length > 65536 ? rec.text.slice(0, 65536) : rec.text;
  for (const d of [day, day - 1, day + 1]) {
    if (d < 1) continue;
    const needle = `-${month < 10 ? '0' : ''}${month}-${d < 10 ? '0' : ''}${d}`;
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
      if (at >= 4) {
        const y = Number(text.slice(at - 4, at));
        if (y > 1970 && y < 2200) return y;
      }
    }
  }
  return 0;
}
