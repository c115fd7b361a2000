/**
 * One source being collected: its bytes go through ByteLines (the fast path for bare klog lines, fast-records.ts,
 * and LineSplitter + SourceReader for everything else), its records are classified into the collector's columns,
 * and when it ends its records get their year and the source its summary (SourceInfo).
 *
 * A big file may be read in two parts at once (collected-merge.ts): the handle of the earlier part pauses at a line
 * where a record starts and later takes in the other part's SourceSegment (absorb); the handle of the later part
 * is made with `continuesEarlierPart` and ends with endSegment() instead of end().
 */
import type { PodRef } from '../catalog/extract.ts';
import { minorRange, VersionFingerprint } from '../catalog/fingerprint.ts';
import { releaseUs, SUPPORTED_RELEASES } from '../catalog/release-dates.ts';
import { FLAG_CUT, FLAG_OTHER_PROGRAM, ROW, ROW_ENTRY, ROW_FLAGS } from './byte-memo.ts';
import { CATALOG, kindId } from '../catalog/catalog.ts';
import { otherProgramOfFile } from '../catalog/file-lanes.ts';
import { ByteLines } from '../ingest/byte-lines.ts';
import { Era, type LogRecord } from '../ingest/record.ts';
import { cutInside } from '../ingest/structured.ts';
import { SourceReader, type SourceFacts } from '../ingest/source-reader.ts';
import { cutWarning } from '../ingest/cut-warning.ts';
import { LineSplitter } from '../ingest/line-splitter.ts';
import { MAX_REORDER_RECORDS, RecordOrder } from '../ingest/record-order.ts';
import { growF64, type GrowableColumn } from '../util/columns.ts';
import { RawTextBuilder, type PackedText } from './raw-text.ts';
import { US_PER_DAY, yearlessMonth, yearlessToEpochUs, yearlessUs } from '../util/time.ts';
import type { CollectOptions, Collector } from './collector.ts';
import { FastRecords, type FastRecordSink, type HeldLine } from './fast-records.ts';
import { cronJobScheduledUs, dayMentions, uuidV1TimeUs, yearAfterMade, yearFromMentions, yearNearDates, yearOnRecordDay, yearUpTo } from './record-day-year.ts';
import { ASSUMED_NODE_KEY, ASSUMED_NODE_NAME, PLACEHOLDER_HOSTS, type SourceSegment } from './source-segment.ts';
import { MAX_DAMAGE_DIAGNOSTICS, otherProgramNote, type CutMark } from '../ingest/source-notes.ts';
import type { Diagnostic, FormatId, SourceInfo } from './trace.ts';

const FORMAT_LABELS: Record<FormatId, string> = {
  klog: 'klog text', 'klog-journald': 'journald or syslog lines (journalctl, /var/log/syslog) with klog lines', 'klog-cri': 'CRI container log with klog lines',
  'klog-node-prefix': 'node-prefixed (talosctl) klog lines', 'klog-glog-files': 'klog lines grepped from --log-dir files (named by host and date)', 'klog-timestamped': 'timestamped klog lines (CI runners, log viewers)',
  'klog-logfmt': 'klog lines inside logfmt records (k0s)',
  'klog-in-document': 'klog excerpts inside a document', json: 'kubelet JSON logging (--logging-format=json)',
  'json-journald': 'journald with JSON log lines', 'journald-json-export': 'journalctl -o json export',
  'log-platform-export': 'a log platform\'s JSON export (Cloud Logging, Elasticsearch, Fluent Bit…)',
  'log-platform-csv': 'a log platform\'s CSV download (Grafana, CloudWatch, Datadog, Kibana, Splunk…)', csv: 'CSV event table',
  unknown: 'no kubelet lines found', empty: 'empty', binary: 'binary (not text)',
};

/** Weak year hints (dates inside messages) kept per source. */
const MAX_WEAK_YEARS = 20;
/** How many lines before a record a document's date may stand and still date it (a comment's header, its log below). */
const MAX_DATE_TO_RECORD_LINES = 200;

/**
 * Per record of a document that spans years (its dates name two or more: a thread whose comments came years apart),
 * the year of the last date written before it, within MAX_DATE_TO_RECORD_LINES lines — the year before when the
 * record's day comes later in the year than that date's (a log is quoted after it was written); 0 where none. A
 * record's own year (a wrapper's) still comes first. Undefined when the document's dates name one year or none: the
 * base year then says as much.
 */
function documentYears(time: Float64Array, line: Uint32Array, from: number, n: number, facts: SourceFacts): Int32Array | undefined {
  const dates = facts.proseDates;
  const lines = facts.proseDateLines;
  if (dates.length < 2 || !dates.some((d) => Math.floor(d / 10000) !== Math.floor(dates[0] / 10000))) return undefined;
  const years = new Int32Array(n);
  let d = -1;
  for (let k = 0; k < n; k++) {
    const at = line[from + k];
    // Records are in time order, not line order: the search starts over when a record lies above the last one.
    if (d >= 0 && lines[d] >= at) d = -1;
    while (d + 1 < lines.length && lines[d + 1] < at) d++;
    if (d < 0 || at - lines[d] > MAX_DATE_TO_RECORD_LINES) continue;
    const date = dates[d];
    const dateMonthDay = date % 10000;
    const dayKey = Math.floor(time[from + k] / US_PER_DAY);
    const recordMonthDay = Math.floor(dayKey / 32) * 100 + (dayKey % 32);
    years[k] = Math.floor(date / 10000) - (date % 100 && recordMonthDay > dateMonthDay + 1 ? 1 : 0);
  }
  return years;
}

/** How far back from the assumed year yearKubeletSupported looks. */
const MAX_YEARS_BACK_FOR_VERSION = 15;

/** Kinds whose text starts with a date already past when the line was written (an expired certificate's end). */
const PAST_MOMENT_KINDS = new Set([kindId('node.client-cert-expired')]);
const DATE_AT_START = /^(\d{4})-(\d{2})-(\d{2})/;

export class SourceHandle implements FastRecordSink {
  readonly reader: SourceReader;
  private readonly lines: ByteLines;
  private readonly fast: FastRecords;
  /** Holds records until the file's direction is known, so a newest-first file is classified in time order. */
  private readonly order: RecordOrder;
  /** Host named by a glog file name (kubelet.<host>.<user>.log…), or ''; and the last provisional node key. */
  private readonly fileHost: string;
  private nodeKeyHost = '';
  private nodeKeyId = 0;
  private readonly fp = new VersionFingerprint();
  private readonly first: number;
  private readonly diagnostics: Diagnostic[] = [];
  /** Per diagnostic: it reports a damaged line. */
  private readonly damage: boolean[] = [];
  private dropped = 0;
  private readonly extraCuts: CutMark[] = [];
  /** See SourceSegment.lowestLogMargin (kept when continuesEarlierPart). */
  private lowestLogMargin = Infinity;
  /** The lines were all read (here, or by the part this one absorbed). */
  private inputEnded = false;
  /** Where this source's records end in the columns, once a later part's were added after them (absorb). */
  private recordsEnd = -1;
  /** The raw text (packed as it goes when opts.packRawText). */
  private readonly raw: RawTextBuilder;
  /** Where each physical line starts (sized for the lines expected, if told: growing copies it, each copy fresh memory). */
  private readonly lineStarts: GrowableColumn<Float64Array>;
  /** Per year-less time, the texts of the records at it so far and how many lines each spanned. */
  private readonly quoted = new Map<number, { text: string; lines: number; line: number }[]>();
  private duplicates = 0;
  /** Other programs whose lines were seen among the kubelet's (noteOtherProgram), told once each. */
  private readonly otherPrograms = new Set<string>();
  /** [event index, year] for dates inside messages that fall on the record's own day. */
  readonly weakYears: [number, number][] = [];
  /** The fast path's record, reused: its text is filled only to classify a message not seen before. */
  private readonly fastRec: LogRecord = {
    line: 0, lineCount: 1, severity: 0, yearlessUs: 0, yearHint: 0, pid: 0, file: '', fileLine: 0, era: Era.Printf, text: '',
    msgStart: 0, json: undefined, host: '', wrapper: 'none', damage: '', cutShort: false,
  };

  constructor(private readonly collector: Collector, readonly index: number, private readonly name: string,
    private readonly gzip: boolean, private readonly opts: CollectOptions, private readonly continuesEarlierPart = false,
    textElsewhere = false, expectedLines = 0) {
    this.first = collector.out.count;
    this.lineStarts = growF64(Math.max(1 << 14, expectedLines + 1));
    this.raw = new RawTextBuilder(opts.packRawText ? collector.packer : undefined, !(opts.rawTextElsewhere || textElsewhere));
    this.fileHost = glogFileHost(name);
    this.reader = new SourceReader({
      record: (rec) => this.order.push(rec),
      diagnostic: (line, level, message, damage) => this.diagnostic(line, level, message, damage),
    });
    this.order = new RecordOrder((rec) => this.emit(rec));
    if (continuesEarlierPart) this.order.assumeForward();
    const splitter = new LineSplitter((text, byteStart, _byteEnd, flags) => {
      this.lineStarts.push(byteStart);
      this.reader.line(text, flags);
    });
    this.fast = new FastRecords(this);
    this.lines = new ByteLines(this.fast, splitter);
  }

  /**
   * Feeds the next chunk of the source's bytes. Kept as the raw text, unless that is packed or kept elsewhere
   * (opts): then the handle is done with a chunk once the next one has been pushed (a line held across the boundary
   * is passed on while the next chunk is read), and its buffer may be read into again.
   */
  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    this.raw.add(chunk);
    this.lines.push(chunk);
    // Once the next chunk has been read, nothing reads the one before it as bytes any more (a line held across
    // the boundary was passed on while this one was read): it can be packed.
    this.raw.packAllBut(1);
  }

  get bytesRead(): number {
    return this.raw.bytes;
  }

  get linesRead(): number {
    return this.reader.counts.total;
  }

  /**
   * A cut the caller knows of, beyond the marks in the text (an event table that lists where lines were left out).
   * Taken into SourceInfo.cuts at end() whatever the format.
   */
  addCut(cut: CutMark): void {
    if (this.extraCuts.length < 10_000) this.extraCuts.push({ line: cut.line, kind: cut.kind });
  }

  diagnostic(line: number, level: Diagnostic['level'], message: string, damage = false): void {
    if (this.diagnostics.length < (this.opts.maxDiagnosticsPerSource ?? 1000)) {
      this.diagnostics.push({ source: this.index, line, level, message });
      this.damage.push(damage);
    } else {
      this.dropped++;
    }
  }

  // The fast path's side (FastRecordSink).

  get streaming(): boolean {
    return this.opts.fastPath !== false && this.order.streaming;
  }

  lineStarted(byteStart: number): void {
    this.lineStarts.push(byteStart);
  }

  fastRecord(line: HeldLine): void {
    const h = line.header;
    const structured = line.bytes[h.msgStart] === 34;
    this.reader.countFastRecord(structured);
    const rec = this.fastRec;
    rec.line = line.lineNo;
    rec.severity = h.severity;
    rec.yearlessUs = yearlessUs(h.month, h.day, h.todUs);
    rec.pid = h.pid;
    if (this.reader.commandOutput) this.reader.markCommandOutput(rec);
    rec.file = line.file;
    rec.fileLine = h.fileLine;
    rec.era = structured ? Era.Structured : Era.Printf;
    if (this.inDocument()) {
      // Whether a document quotes this line again depends on its text.
      const text = this.fast.decode(line.bytes, line.start, line.end);
      const msgStart = h.msgStart - line.start;
      if (structured) this.warnIfCut(rec.line, cutInside(text, msgStart));
      this.emit({ ...rec, text, msgStart });
      return;
    }
    const nodeKey = this.provisionalNodeKey();
    const memo = this.collector.byteMemo;
    const row = memo.lookup(line.bytes, line.view, h.msgStart, line.end, line.hash, rec);
    const flags = memo.rows[row * ROW + ROW_FLAGS];
    if (flags & FLAG_CUT) this.warnIfCut(rec.line, memo.result(row).cut);
    if (this.weakYears.length < MAX_WEAK_YEARS) {
      const y = yearFromMentions(memo.mentions(row, dayMentions, line.bytes, h.msgStart, line.end), rec.yearlessUs, h.msgStart - line.start);
      if (y) this.weakYears.push([this.collector.out.count, y]);
    }
    const entry = memo.rows[row * ROW + ROW_ENTRY];
    // (A line a prompt's program printed was said to be so already: markCommandOutput.)
    if (flags & FLAG_OTHER_PROGRAM && rec.pid >= 0) this.noteOtherProgram(rec.line, entry, rec.file);
    this.collector.addFastRecord(rec, this.index, nodeKey, row);
    // The message alone stands for the record text: a clean header holds nothing the fingerprint looks for.
    if (this.fp.wants(entry) && !(flags & FLAG_OTHER_PROGRAM)) this.fp.observe(entry, rec.file, rec.fileLine, memo.text(row, line.bytes, h.msgStart, line.end), 0, structured, rec.severity);
  }

  /** A caller file the fast path meets for the first time (once each, not per record: the byte path's hot loop). */
  newFile(name: string): void {
    this.fp.observeFile(name);
  }

  /** The warning the ordinary way (SourceReader) gives a record whose text ends inside a value. */
  private warnIfCut(line: number, cut: string): void {
    if (cut) this.diagnostic(line, 'warning', cutWarning(cut));
  }

  // Records read as text, in time order (RecordOrder's output).

  private emit(rec: LogRecord): void {
    if (this.inDocument() && this.isQuotedAgain(rec)) return;
    if (!rec.yearHint && this.weakYears.length < MAX_WEAK_YEARS) {
      const y = yearOnRecordDay(rec);
      if (y) this.weakYears.push([this.collector.out.count, y]);
    }
    const cls = this.collector.addRecord(rec, this.index, this.fp, this.provisionalNodeKey());
    if (cls.otherProgram && rec.pid >= 0) this.noteOtherProgram(rec.line, cls.entry, rec.file);
  }

  /** Says once per program that lines of another program are among the kubelet's (a combined log, a terminal). */
  private noteOtherProgram(line: number, entry: number, file: string): void {
    // (An entry's alsoPrintedBy begins with who: "kubectl and other API clients (…); …".)
    const byFile = otherProgramOfFile(file);
    const program = byFile || (CATALOG[entry].alsoPrintedBy ?? 'another program').split(/ \(|;/)[0];
    if (this.otherPrograms.has(program)) return;
    this.otherPrograms.add(program);
    const what = byFile ? `${program} (${file} is its file, no kubelet's)` : program;
    // (k3s and minikube's localkube run every component in one process: the pid may be the kubelet's too, unread here.)
    this.diagnostic(line, 'info', otherProgramNote(what));
  }

  /** The source reads like a document (more other lines than log lines so far), where quotes repeat lines. */
  private inDocument(): boolean {
    const c = this.reader.counts;
    const margin = c.klog - c.unrecognized - c.blank;
    if (!this.continuesEarlierPart) return margin < 0;
    // A later part reads on as a log; the merge checks that the whole source still read as one here.
    if (margin < this.lowestLogMargin) this.lowestLogMargin = margin;
    return false;
  }

  /**
   * Write-ups quote the same log line twice (once in the excerpt, once in the discussion). In a source that reads
   * like a document, a record identical to an earlier one — same time, same text — is that quote, not a new event;
   * unless it brings lines the earlier copy did not (the stack below a panic's line, quoted alone first).
   */
  private isQuotedAgain(rec: LogRecord): boolean {
    const seen = this.quoted.get(rec.yearlessUs);
    // (A copy with only log lines since the earlier one is the log repeating itself within its clock's second — a
    // restart loop in a journal of whole seconds — not a quote: a quote comes after other text.)
    // (The latest copy decides, a quote's included: a line the quoted excerpt itself repeats is the log's again.)
    const same = seen?.findLast((q) => q.text === rec.text && q.lines >= rec.lineCount);
    if (same && this.reader.otherLineBetween(same.line + same.lines - 1, rec.line)) {
      same.line = rec.line;
      this.duplicates++;
      this.diagnostic(rec.line, 'info', `same line as earlier in the document (quoted again); counted once`);
      return true;
    }
    const copy = { text: rec.text, lines: rec.lineCount, line: rec.line };
    if (seen) seen.push(copy); else this.quoted.set(rec.yearlessUs, [copy]);
    return false;
  }

  /**
   * Stops reading for now: the rest of the source is read as another part, which starts with a klog header line at
   * the first byte after the ones pushed so far. Returns why that part could not be taken in ('' if it can).
   */
  pause(): string {
    if (!this.lines.pause()) return 'the part read here ends inside a line';
    this.reader.flushPending();
    return '';
  }

  /** Why `later` (the rest of this paused source, read on its own) cannot be taken in exactly; '' if it can. */
  continuationBlocker(later: SourceSegment): string {
    if (!this.reader.settled) return 'a multi-line value or a partial line is open where the part ends';
    if (this.reader.wrapWidth !== later.reader.wrapWidth) return 'the parts tell differently whether lines were cut at a fixed width';
    if (!this.order.streaming) return 'the part read here is not known to read oldest-first';
    const c = this.reader.counts;
    if (c.klog - c.unrecognized - c.blank + later.lowestLogMargin < 0) return 'the source reads like a document';
    if (!this.reader.notes.canAbsorb(later.reader.notes)) return 'too many hosts named';
    if (later.diagnosticsDropped > 0) return 'too many diagnostics in the later part';
    return '';
  }

  /**
   * Takes in the rest of this paused source, read on its own: its `recordCount` records are already in the columns,
   * the first at index `recordBase`. After this the source has been read to its end (call end() to finish it).
   */
  absorb(later: SourceSegment, recordBase: number, recordCount: number): void {
    const lineOffset = this.reader.counts.total;
    let damageListed = this.reader.facts.damagedLines;
    later.diagnostics.forEach((d, k) => {
      if (later.damage[k] && ++damageListed > MAX_DAMAGE_DIAGNOSTICS) return;
      this.diagnostic(d.line ? d.line + lineOffset : 0, d.level, d.message, later.damage[k]);
    });
    this.reader.absorb(later.reader);
    this.fp.absorb(later.fingerprint);
    for (const [i, y] of later.weakYears) if (this.weakYears.length < MAX_WEAK_YEARS) this.weakYears.push([recordBase + i, y]);
    const offset = this.raw.bytes;
    for (const chunk of later.chunks) this.raw.add(chunk);
    for (const start of later.lineStarts) this.lineStarts.push(offset + start);
    this.recordsEnd = recordBase + recordCount;
    this.inputEnded = true;
  }

  /** Ends a handle made with `continuesEarlierPart`: the part read, for the earlier part's handle to absorb. */
  endSegment(): SourceSegment {
    this.lines.end();
    this.reader.end();
    this.order.end();
    return {
      name: this.name, reader: this.reader.state(), fingerprint: this.fp.log(), diagnostics: this.diagnostics, damage: this.damage,
      diagnosticsDropped: this.dropped, weakYears: this.weakYears, lowestLogMargin: this.lowestLogMargin, bytes: this.raw.bytes,
      ...this.raw.plainPieces(), lineStarts: this.lineStarts.view(),
    };
  }

  /**
   * No more bytes: the lines held across the last chunk are read. After this the handle reads no chunk again — the
   * last one included, which a caller keeping the text elsewhere may then hand on before end() (end calls this too).
   */
  endInput(): void {
    if (this.inputEnded) return;
    this.lines.end();
    this.reader.end();
    this.inputEnded = true;
  }

  /** Ends the source. `packedText`: its raw text, when it is kept elsewhere (rawTextElsewhere, textElsewhere). */
  end(packedText?: PackedText): SourceInfo {
    this.endInput();
    const reversed = this.order.end();
    if (this.order.tooLargeToReorder) {
      this.diagnostic(0, 'warning', `newest-first file with more than ${MAX_REORDER_RECORDS} records: read in file order (events are still sorted by time)`);
    }
    const o = this.collector.out;
    const from = this.first;
    const to = this.recordsEnd >= 0 ? this.recordsEnd : o.count;
    const facts = this.reader.facts;
    if (facts.glogHeaderYear) this.fp.noteGlogFileHeader();
    if (facts.pathMinor) this.fp.notePathVersion(facts.pathMinor, facts.pathMinorFrom);
    if (facts.logLibrary) this.fp.noteLogLibrary(facts.logLibrary);
    this.fp.noteRecordForms(facts.eras);
    const year = this.assignYears(from, to, facts);
    let startUs = Infinity;
    let endUs = -Infinity;
    for (let i = from; i < to; i++) {
      const t = o.time[i];
      if (t < startUs) startUs = t;
      if (t > endUs) endUs = t;
    }
    // (A year assumed, from the version or not, tells nothing of the version.)
    if (year.how !== 'assumed' && year.how !== 'version' && Number.isFinite(endUs)) this.fp.noteLogDate(endUs);
    const counts = this.reader.counts;
    // Each record votes for its wrapper, those written to stderr without a klog header too (crash reports).
    const records = Object.values(facts.wrappers).reduce((sum, n) => sum + n, 0);
    const format = this.formatOf(facts, counts.klog, records, counts.total);
    if (counts.total === 0) this.diagnostic(0, 'info', 'the file is empty');
    else if (format === 'binary') this.diagnostic(0, 'error', 'this is binary data, not a text log');
    else if (records === 0) this.diagnostic(0, 'warning', `no kubelet log lines found in ${counts.total} lines (expected klog, journald or JSON kubelet output)`);
    else this.strayDiagnostics(format);
    if (facts.damagedLines > 20) this.diagnostic(0, 'warning', `${facts.damagedLines} lines contain NUL bytes or invalid UTF-8 (the first 20 are listed)`);
    const textRecords = facts.eras.printf + facts.eras.structured;
    if (facts.eras.json > 0 && textRecords > 0) {
      // A JSON record's `ts` is UTC; a klog text header prints the kubelet's local time.
      this.diagnostic(0, 'info', `the source mixes JSON records (${facts.eras.json}), timed in UTC, with klog text records (${textRecords}), timed in the kubelet's local time: unless the node runs in UTC, the two kinds stand hours apart on the timeline`);
    }
    this.lineStarts.push(this.raw.bytes);
    // Kept where they were collected, not copied: the room past them was never touched.
    o.raw[this.index] = this.raw.finish(this.lineStarts.view(), packedText);
    const info: SourceInfo = {
      index: this.index, name: this.name, format, formatLabel: FORMAT_LABELS[format], node: this.nodeName(facts),
      bytes: this.raw.bytes, gzip: this.gzip, lines: { ...counts }, eras: { ...facts.eras }, versionRange: this.fp.result(),
      year, reversed, startUs: Number.isFinite(startUs) ? startUs : 0, endUs: Number.isFinite(endUs) ? endUs : 0,
      diagnostics: this.diagnostics, diagnosticsDropped: this.dropped,
      cuts: this.cutsOf(format),
    };
    if (facts.service) info.service = { ...facts.service };
    if (facts.services.length > 1) info.services = facts.services.map((b) => ({ ...b }));
    if (facts.windows) info.windows = facts.windows;
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
    let prevMonth = yearlessMonth(o.time[from]);
    for (let k = 1; k < n; k++) {
      const m = yearlessMonth(o.time[from + k]);
      offset[k] = offset[k - 1] + (m < prevMonth - 6 ? 1 : m > prevMonth + 6 ? -1 : 0);
      prevMonth = m;
    }
    const votes = new Map<number, number>();
    let strong = false;
    for (let k = 0; k < n; k++) {
      const h = o.yearHint[from + k];
      if (h) {
        strong = true;
        votes.set(h - offset[k], (votes.get(h - offset[k]) ?? 0) + 100);
      }
    }
    let how: SourceInfo['year']['how'] = 'wrapper';
    let uidVotes: Map<number, number> | undefined;
    let cronVotes: Map<number, number> | undefined;
    if (!strong) {
      how = 'message';
      // Weak hints: a YYYY-MM-DD inside a message on the record's own day (±1 for UTC conversions).
      for (const [i, y] of this.weakYears) votes.set(y - offset[i - from], (votes.get(y - offset[i - from]) ?? 0) + 1);
      // The year that puts a line after its pod was made means nothing on a day made up for lines without a date.
      if (!facts.undatedRecords) {
        uidVotes = this.podMadeYears(from, n, offset, (ref) => uuidV1TimeUs(ref.uid));
        cronVotes = this.podMadeYears(from, n, offset, (ref) => cronJobScheduledUs(ref.name));
        for (const [y, w] of uidVotes) votes.set(y, (votes.get(y) ?? 0) + w);
        for (const [y, w] of cronVotes) votes.set(y, (votes.get(y) ?? 0) + w);
      }
      if (facts.glogHeaderYear) {
        votes.set(facts.glogHeaderYear, (votes.get(facts.glogHeaderYear) ?? 0) + 50);
        how = 'file-header';
      }
      // journalctl's banner: the records lie between the journal's first and last entries. The end decides where it
      // is stated (a journal can be kept for years); else the first year after the beginning.
      // (Only the records after the banner's line: a document may quote another host's lines before it.)
      let afterBanner = from;
      while (afterBanner < to && o.line[afterBanner] < facts.journalBannerLine) afterBanner++;
      if (facts.journalBeginUs && afterBanner < to) {
        const y = facts.journalEndUs ? yearUpTo(o.time[to - 1], facts.journalEndUs) - offset[n - 1]
          : yearAfterMade(o.time[afterBanner], facts.journalBeginUs) - offset[afterBanner - from];
        votes.set(y, (votes.get(y) ?? 0) + 50);
        how = 'file-header';
      }
    }
    let base = 0;
    let best = 0;
    for (const [y, w] of votes) if (w > best || (w === best && y > base)) { base = y; best = w; }
    // A year only the pods' UIDs (or only CronJob names) voted for is said to come from them.
    if (base && how === 'message' && (uidVotes?.get(base) ?? 0) === best) how = 'pod-uid';
    if (base && how === 'message' && (cronVotes?.get(base) ?? 0) === best) how = 'cronjob-name';
    if (!base) {
      // A document around the excerpt (a blog post, an issue) usually states its own date.
      base = yearNearDates(facts.proseDates, o.time[from], o.time[to - 1], offset[n - 1]);
      if (base) how = 'document';
    }
    if (!base) {
      base = this.opts.defaultYear;
      how = this.opts.yearFromCaller ? 'caller' : 'assumed';
      // A log cannot end after it was read: one that would, in the year of the reader's clock, is from the year before.
      const now = this.opts.assumedNotAfterUs;
      if (how === 'assumed' && now !== undefined && yearlessToEpochUs(o.time[to - 1], base + offset[n - 1]) > now + US_PER_DAY) base--;
      if (how === 'assumed') {
        const supported = this.yearKubeletSupported(base, o.time[from], o.time[to - 1], offset[0], offset[n - 1]);
        if (supported) [base, how] = [supported, 'version'];
        // A patch release the text names came out some months after its minor: the log is not older than that.
        const patchFloor = patchReleasedAfterUs(facts.pathMinor, facts.pathPatch);
        if (how === 'version' && patchFloor) {
          while (base < this.opts.defaultYear && yearlessToEpochUs(o.time[from], base + offset[0]) < patchFloor) base++;
        }
      }
      // A line cannot come before a moment it says has passed (a certificate's expiry).
      if (how === 'assumed' || how === 'version') {
        const floor = this.yearNotBeforePast(from, n, offset);
        if (floor > base) [base, how] = [floor, 'message'];
      }
    } else if (strong && facts.eras.json > 0 && facts.eras.json >= facts.eras.printf + facts.eras.structured) how = 'json';
    // The dates in the names of grepped --log-dir files are the files' headers, in short.
    else if (strong && (facts.wrappers['glog-file'] ?? 0) * 2 > n) how = 'file-header';
    const docYears = documentYears(o.time, o.line, from, n, facts);
    // Records come a day at a time: the day's start is worked out again only when the day or the year changes.
    let lastDay = -1;
    let lastYear = -1;
    let dayStart = 0;
    for (let k = 0; k < n; k++) {
      const i = from + k;
      const t = o.time[i];
      const year = o.yearHint[i] || (docYears ? docYears[k] : 0) || base + offset[k];
      const day = Math.floor(t / US_PER_DAY);
      if (day !== lastDay || year !== lastYear) {
        dayStart = yearlessToEpochUs(day * US_PER_DAY, year);
        lastDay = day;
        lastYear = year;
      }
      o.time[i] = dayStart + (t - day * US_PER_DAY);
    }
    return { value: base, how };
  }

  /**
   * The lowest base year that puts no record before a moment its own text says has passed (PAST_MOMENT_KINDS: the
   * expiry of a certificate found expired), a day allowed for the record's local time against the moment's UTC; 0
   * when no record says one.
   */
  private yearNotBeforePast(from: number, n: number, offset: Int32Array): number {
    const o = this.collector.out;
    let floor = 0;
    for (let k = 0; k < n; k++) {
      const i = from + k;
      if (!PAST_MOMENT_KINDS.has(o.kind[i])) continue;
      const m = DATE_AT_START.exec(o.strings.get(o.text[i]));
      if (!m) continue;
      const pastUs = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) * 1000;
      let y = Number(m[1]);
      if (yearlessToEpochUs(o.time[i], y) < pastUs - US_PER_DAY) y++;
      floor = Math.max(floor, y - offset[k]);
    }
    return floor;
  }

  /**
   * With no year stated, and a newest possible version out of support by now (SUPPORTED_RELEASES later) — a ≤1.20
   * kubelet is not assumed to have written in 2026 — the latest year, up to `assumed`, that puts the log before the
   * release after that newest version: while it was the newest one, as most logs of a version are written while it is
   * current (a range open below holds older versions too, so its later years are the least likely). When that year
   * is before its oldest possible version came out, the year after. 0 when the version says nothing against
   * `assumed` (no upper bound, or one still supported then).
   */
  private yearKubeletSupported(assumed: number, firstUs: number, lastUs: number, firstOffset: number, lastOffset: number): number {
    const [lo, hi] = minorRange(this.fp.result());
    if (hi === Infinity || releaseUs(hi + SUPPORTED_RELEASES) === undefined) return 0;
    const endUs = releaseUs(hi + 1)!;
    const startUs = releaseUs(lo) ?? 0;
    for (let y = assumed; y > assumed - MAX_YEARS_BACK_FOR_VERSION; y--) {
      if (yearlessToEpochUs(lastUs, y + lastOffset) > endUs) continue;
      // Before its oldest version came out: the year after, just past the support window, is the likelier one.
      if (yearlessToEpochUs(firstUs, y + firstOffset) < startUs) y++;
      return y >= assumed ? 0 : y;
    }
    return 0;
  }

  /**
   * Weak year votes from a time a pod carries from its making (`madeUs` of its reference, 0 for none): the UID when
   * it is a version-1 UUID (API servers before 1.15 made them), the scheduled time in a CronJob pod's name. The first
   * record naming each such pod votes for the year that puts it after that time. One vote per pod, for at most
   * MAX_WEAK_YEARS pods, as for dates in messages.
   */
  private podMadeYears(from: number, n: number, offset: Int32Array, madeUsOf: (ref: PodRef) => number): Map<number, number> {
    const o = this.collector.out;
    const votes = new Map<number, number>();
    const refs = o.podRefs;
    const seen = new Uint8Array(refs.length);
    for (let k = 0, pods = 0; k < n && pods < MAX_WEAK_YEARS; k++) {
      const r = o.podRef[from + k];
      if (r < 0 || seen[r]) continue;
      seen[r] = 1;
      pods++;
      const madeUs = madeUsOf(refs[r]);
      if (!madeUs) continue;
      const y = yearAfterMade(o.time[from + k], madeUs) - offset[k];
      votes.set(y, (votes.get(y) ?? 0) + 1);
    }
    return votes;
  }

  /** Prose between records is a cut only in a document quoting excerpts; elsewhere it is a stray line. */
  private cutsOf(format: FormatId): CutMark[] {
    const read = format === 'klog-in-document' ? this.reader.notes.cuts : this.reader.notes.cuts.filter((c) => c.kind !== 'prose');
    if (!this.extraCuts.length) return read.slice();
    return [...read, ...this.extraCuts].sort((a, b) => a.line - b.line);
  }

  /** The source's format, by content: what most records were wrapped in, and how much of the file is log at all. */
  private formatOf(facts: SourceFacts, klog: number, records: number, total: number): FormatId {
    if (total === 0) return 'empty';
    const counts = this.reader.counts;
    if (records === 0) return facts.binaryLines > 0 && facts.binaryLines * 2 >= total - counts.blank ? 'binary' : 'unknown';
    const w = facts.wrappers;
    const top = Object.entries(w).sort((a, b) => b[1] - a[1])[0]?.[0];
    const jsonish = facts.eras.json > (facts.eras.printf + facts.eras.structured);
    if (facts.csvTable) return 'log-platform-csv';
    if (top === 'journald-json') return 'journald-json-export';
    if (top === 'log-export') return 'log-platform-export';
    if (jsonish) return top && top.startsWith('journald') ? 'json-journald' : 'json';
    // Log lines are records and their continuation lines; a document is mostly something else (prose, fences). A dump
    // of several logs in `==> name <==` sections (kubectl, minikube, tail) is not a document, whatever else it holds.
    const logLines = klog + counts.continuation;
    const otherLines = counts.unrecognized - facts.metaLines - facts.journalLines;
    const sectionedDump = facts.sectionHeaders > 0 && facts.markdownFences === 0;
    if (!sectionedDump && (otherLines > logLines || (facts.markdownFences > 0 && otherLines * 2 > logLines))) return 'klog-in-document';
    if (top && top.startsWith('journald')) return 'klog-journald';
    if (top === 'cri') return 'klog-cri';
    if (top === 'node-prefix') return 'klog-node-prefix';
    if (top === 'glog-file') return 'klog-glog-files';
    if (top === 'timestamp') return 'klog-timestamped';
    if (top === 'logfmt') return 'klog-logfmt';
    return 'klog';
  }

  /** The string id of the node this source's lines default to, as far as read (see provisionalNodeKey). */
  defaultNodeKey(): number {
    return this.provisionalNodeKey();
  }

  /**
   * The node of lines that name none, as far as the source has told so far: the glog header's machine or the glog
   * file name, else the shared default name (so rotated plain files of one node share their pods).
   */
  private provisionalNodeKey(): number {
    // A later part leaves its node to the earlier part until it names one itself.
    if (this.continuesEarlierPart && this.reader.notes.glogMachineLines === 0) return ASSUMED_NODE_KEY;
    const host = this.reader.facts.glogHost || this.fileHost || ASSUMED_NODE_NAME;
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
    for (const [host, votes] of Object.entries(facts.hosts)) {
      // A placeholder (`localhost` before the machine had its name) only when the source names no real host.
      const weight = PLACEHOLDER_HOSTS.includes(host) ? votes / 1e9 : votes;
      if (weight > topVotes) { topHost = host; topVotes = weight; }
    }
    if (topHost) return topHost;
    return facts.glogHost || this.fileHost || facts.promptHost || ASSUMED_NODE_NAME;
  }
}

/** The host in a glog file name: kubelet.<host>.<user>.log.<LEVEL>.<date>-<time>.<pid>, or ''. */
function glogFileHost(path: string): string {
  const parts = path.slice(path.lastIndexOf('/') + 1).split('.');
  const logAt = parts.indexOf('log');
  return parts[0] === 'kubelet' && logAt >= 3 ? parts.slice(1, logAt - 1).join('.') : '';
}

/**
 * Patch releases of a minor came at least this far apart (about monthly since 2020; weekly at times in 2016, 1.3.0 to
 * 1.3.5 in six weeks): patch N of a minor is no older than its minor's release plus N times this.
 */
const PATCH_EVERY_AT_LEAST_US = 7 * US_PER_DAY;

/** The earliest a text naming v1.`minor`.`patch` can be from (its minor's release plus its patches), or 0 when unknown. */
function patchReleasedAfterUs(minor: number, patch: number): number {
  if (!minor || patch <= 0) return 0;
  const minorUs = releaseUs(minor);
  return minorUs === undefined ? 0 : minorUs + patch * PATCH_EVERY_AT_LEAST_US;
}
