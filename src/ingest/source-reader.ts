/**
 * Turns the physical lines of one source into kubelet log records.
 *
 * For every line: strip a known wrapper (journald, CRI, talosctl, CI timestamp) and join CRI partial lines; then look
 * for a JSON log object, a journald export entry or a klog header; a line with none of these may continue the record
 * before it (multi-line `key=<` values, Go panics and goroutine dumps, lines a web page wrapped); anything else is
 * counted as not a log line and skipped. Nothing here throws on bad input: damage becomes a diagnostic with its line
 * number. Every physical line is counted exactly once: total = klog + continuation + unrecognized + blank.
 */
import { continuesAtSplitPoint } from './split-points.ts';
import { gluedRecordAt } from './glued-records.ts';
import { quotedLineIn, quotedLineStart } from './quoting-tools.ts';
import { cutWarning } from './cut-warning.ts';
import { findKlogHeader, newKlogHeader, parseKlogHeaderAt, Severity, startsLikeKlogHeader, type KlogHeader } from './klog-header.ts';
import { glogFileNameBefore } from './glog-file-name.ts';
import { HardWraps, MID_ELLIPSIS, WRAPS_JOINED, type WrappedLine } from './hard-wrap.ts';
import {
  bulletEnd, copyWrapper, CriStream, parseIsoTimestamp, type IsoParts, hostPrefixBefore, isZoneOnly, loneHostName, klogYearNearWrapper, newWrapper, parseWrapper, unwrapLogfmt, wrapperTimeOfDayUs, wrapperYearlessUs, yearInText,
  type Wrapper,
  type WrapperKind,
} from './wrappers.ts';
import { Era, MAX_RECORD_LINES, type LogRecord } from './record.ts';
import { PendingRecord, MAX_RECORD_CHARS, closesBrackets } from './pending-record.ts';
import { cutInside } from './structured.ts';
import { PagerCuts, pagerCutWarning } from './pager-cut.ts';
import {
  containerSectionName, isElisionMark, isFrame, isGoroutineHeader, isSourceLocation, knownLine, KnownLine, looksLikeDamagedHeader, isSignalLine, looksLikeDumpLine, looksLikeKeyValueTail, looksLikeLogfmtRecord, looksLikePanicLine, quoteEnd, startsWithKey,
} from './line-kinds.ts';
import {
  isJournaldExport, isKubeletJsonLog, isOtherProgramsJsonLog, journaldMessage, journaldWrapper, jsonLogRecord, looksLikeJsonLog, parseJsonObject, salvageCutJson,
} from './json-lines.ts';
import { SourceNotes, logLibraryIn, otherProgramNote, promptProgram, CONTAINER_LOG_PREFIX, isWindowsFile, windowsFileSignal, windowsTextSignal, type NotesState, type SourceFacts, type StrayLine } from './source-notes.ts';
import { JournalPrograms, Program, isKubeletName } from './journal-programs.ts';
import { isServiceManagerMessage } from '../catalog/kubelet-evidence.ts';
import { LINE_TRUNCATED } from './line-splitter.ts';
import { exportEntryWrapper, JsonValueCollector, logExportEntry, opensJsonDocument } from './log-export.ts';
import { CsvRowCollector, csvRowEntry, isCsvLogLayout, readCsvLogHeader, splitCsvFields, type CsvLogLayout } from './csv-log.ts';
import { MONTHS, US_PER_DAY, yearlessNextDayUs, yearlessUs } from '../util/time.ts';
import { ClockOffsets } from './clock-offset.ts';
import { pathVersion } from './version-in-path.ts';
import type { LineCounts } from '../model/trace.ts';

export type { SourceFacts, StrayLine };

export interface RecordSink {
  record(rec: LogRecord): void;
  /** `damage`: it reports a line with NUL bytes or invalid UTF-8 (see SourceNotes.damagedLine). */
  diagnostic(line: number, level: 'info' | 'warning' | 'error', message: string, damage?: boolean): void;
}

/** A klog line trimmed to its caller (`file.go:123] `), as it begins; MAX_CALLER_CHARS covers it. */
const INLINE_CALLER_LINE = /^[a-z0-9_]{1,60}\.go:\d{1,6}\] /;
const MAX_CALLER_CHARS = 72;
/** How many of the latest non-log lines' numbers the reader keeps (SourceReader.otherLineBetween). */
const OTHER_LINES_KEPT = 1024;
/** A goroutine header indented at most this much (a `stacktrace=<` value's lines are, by 8) opens a stack. */
const MAX_STACK_INDENT = 16;
/** A structured message without its header: its quoted message is at most this long. */
const MAX_HEADERLESS_MESSAGE = 200;
/** `text` without a table row's closing ` | ` (and the spaces around it), when it ends with one after `from`. */
function withoutCellEnd(text: string, from: number): string {
  let end = text.length;
  while (end > from && (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 9)) end--;
  if (end <= from || text.charCodeAt(end - 1) !== 124 /* | */) return text;
  end--;
  while (end > from && text.charCodeAt(end - 1) === 32) end--;
  return text.slice(0, end);
}

/** A logrus line's start, up to its quoted message: `time="2026-09-01T10:20:30+08:00" level=error msg=`. */
const LOGRUS_LINE = /^time="[^"]{1,40}" level=(error|warning|fatal|panic) msg=(?=")/;
const LOGRUS_SEVERITY: Record<string, Severity> = { error: Severity.Error, warning: Severity.Warning, fatal: Severity.Fatal, panic: Severity.Fatal };
/** A CNI plugin's own stderr line (`weave-cni: …`), from its first character. */
const CNI_PLUGIN_LINE = /^[a-z][a-z0-9]{1,20}-cni: /;
const CNI_FAILURE_WORDS = /\b(?:unable|error|failed|cannot)\b/i;
/** Prose before an inline fence that opens a journal line (`Logs display ```Nov 18 …`), at most this long. */
const MAX_PROSE_BEFORE_FENCE = 200;
/** A row narrower than this is no terminal's full width: a line that ends there was not wrapped. */
const MIN_WRAPPED_ROW_CHARS = 80;
/** A shell prompt (`root@node:~#`, `$ `) or a sentence's words after a record: never the rest of its row. */
const PROMPT_OR_PROSE = /^lines \d|^\(END\)|^[\w.-]{1,32}@[\w.-]{1,64}[:\s]|^[$#>] |^(?:and|but|so|then|the|this|it|i|we|which|when|after|before) /;
/** A command-line tool's logrus line (`FATA[0002] …`: crictl's way to fail), from its first character. */
const CLI_LOGRUS_LINE = /^(?:FATA|ERRO)\[\d{4}\] /;
/** Lines joined as one hard-wrapped message after a header that ended its line (joinWrappedMessage). */
const MAX_WRAPPED_MESSAGE_LINES = 12;
/** Zones differ from UTC by whole quarter hours. */
const QUARTER_HOUR_US = 15 * 60e6;
/** A klog clock this far behind the journal's, past zones, lagged it (journalTimeOnKlogClock). */
const MIN_CLOCK_LAG_US = 2e6;
/** A line's own time this far from the journal's, past zones, does not say when the journal received it. */
const MAX_OWN_TIME_SKEW_US = 2e6;

const isAsciiDigit = (c: number) => c >= 48 && c <= 57;
const isAsciiLetter = (c: number) => (c | 32) >= 97 && (c | 32) <= 122;

/** A time-of-day difference as the nearest signed gap (within half a day either way). */
function signedDayGap(dUs: number): number {
  const g = ((dUs % US_PER_DAY) + US_PER_DAY) % US_PER_DAY;
  return g > US_PER_DAY / 2 ? g - US_PER_DAY : g;
}

/** A time-of-day difference past whole quarter hours (the part no zone explains). */
function pastQuarterHours(dUs: number): number {
  const g = signedDayGap(dUs);
  return g - Math.round(g / QUARTER_HOUR_US) * QUARTER_HOUR_US;
}
const US_PER_S = 1e6;
/** Records whose text is searched for Windows' words whatever their severity (source-notes.ts windowsTextSignal). */
const WINDOWS_WORDS_RECORDS = 2000;
/** Pager-cut lines remembered until their record is emitted (only bounds memory; the '>' is taken off beyond it too). */
const MAX_PAGER_CUT_LINES = 4096;

/** Lines of an upside-down multi-line value held while waiting for its header; beyond this they are read as they come. */
const MAX_UPSIDE_DOWN_LINES = 10_000;

/** Records of journal programs not yet known to be the kubelet or not (journal-programs.ts) held at most. */
const MAX_HELD_RECORDS = 4096;
const MAX_HELD_CHARS = 8 << 20;

/** Records without a time (their header cut down to pid and caller) held until a record with one times them. */
const MAX_UNTIMED_RECORDS = 1024;

/** A record held until its program is decided, with the continuation lines it took. */
interface HeldRecord {
  rec: LogRecord;
  ident: string;
  continuationLines: number;
}

/** What a reader has read, as plain data (see state and absorb). */
export interface ReaderState {
  counts: LineCounts;
  lineNo: number;
  notes: NotesState;
  /** The width the source's lines were cut at (hard-wrap.ts), negative if they were wrapped at spaces, 0 if neither. */
  wrapWidth: number;
}

/** CRI `P` lines of one stream waiting for the rest of their line. */
interface CriPartial {
  text: string;
  first: number;
  wrapper: Wrapper;
}

/** Indentation (spaces or tabs) a pasted, wrapped log line may carry before its wrapper. */
const MAX_INDENT = 9;
/** Characters of a stderr record's first line kept as its message (a panic's value can be a whole object). */
const MAX_STDERR_LINE_CHARS = 4096;
/**
 * A klog line quoted as a string (taken out of a JSON field with sed, or out of a Go program's output):
 * `"I0321 07:09:19.380074     801 logs.go:41] http: multiple response.WriteHeader calls"`, spaces or a comma around
 * it. Its text unescaped, or undefined for any other line.
 */
function quotedKlogLine(text: string, isWrapped: (s: string) => boolean): string | undefined {
  let a = 0;
  while (a < MAX_QUOTE_INDENT && text.charCodeAt(a) === 32) a++;
  if (text.charCodeAt(a) !== 34) return undefined;
  const head = text.slice(a + 1, a + 7);
  const klog = startsLikeKlogHeader(text, a + 1);
  // Or a journal's line, as Ansible prints a command's output lines (`"Aug 27 15:17:14 master origin-node[22824]: …",`).
  if (!klog && !/^[A-Z][a-z]{2} [ \d]\d /.test(head + text.slice(a + 7, a + 8))) return undefined;
  let b = text.length;
  while (b > a && (text.charCodeAt(b - 1) === 32 || text.charCodeAt(b - 1) === 44)) b--;
  if (b - a < 3 || text.charCodeAt(b - 1) !== 34) return undefined;
  try {
    const s = JSON.parse(text.slice(a, b)) as unknown;
    return typeof s === 'string' && !s.includes('\n') && (klog || isWrapped(s)) ? s : undefined;
  } catch {
    return undefined;
  }
}

/** A log line quoted as a JSON string may be indented by this many spaces (a list in a program's JSON output). */
const MAX_QUOTE_INDENT = 24;
/** A JSON log line wrapped by a paste is joined back from at most this many lines and characters. */
const MAX_CUT_JSON_LINES = 8;
const MAX_CUT_JSON_CHARS = 256 * 1024;
/** What ends a systemd unit's name where the service manager's line about it begins (`kubelet.service: …`). */
const SERVICE_SUFFIX = '.service: ';
const OLD_SERVICE_SUFFIX = '.service ';
const OLD_UNIT_PREFIX = 'Unit ';

/**
 * A line another logger in the same process wrote (k3s and rke2 run containerd and their own supervisor under one
 * identifier): logfmt's `time="…" level=…`, a line that starts with its own date or level. Not the rest of a record.
 */
/**
 * The line starts with a date (`2016-08-21 00:04:10.812965 …`) that the record's message already quotes: the next line
 * of a command's log printed inside it, not another program's line.
 */
function quotesSameLog(text: string, p: number, recordText: string): boolean {
  return DATED_OUTPUT.test(text.slice(p, p + 11)) && recordText.includes(text.slice(p, p + 10));
}
const DATED_OUTPUT = /^\d{4}-\d\d-\d\d /;

function looksLikeOtherLogger(text: string, p: number): boolean {
  return OTHER_LOGGER_START.test(text.slice(p, p + 24));
}
/** logfmt's first key (`time=`, `ts=`, `level=`), a date, or a level word. */
const OTHER_LOGGER_START = /^([A-Za-z_]{1,20}=|\d{4}[-/]\d\d[-/]\d\d|\[?(INFO|WARN|ERRO|ERROR|DEBU|DEBUG|FATA)\b)/;

/**
 * A record that is a probe's failure with the probe's own output at its end (printf `… probe for "…" failed
 * (failure): <output>`, structured `"Probe failed" … output="…`): lines after it may be more of that output.
 */
function endsInProbeOutput(rec: LogRecord): boolean {
  const msg = rec.text.length - rec.msgStart > 4096 ? rec.text.slice(rec.msgStart, rec.msgStart + 4096) : rec.text.slice(rec.msgStart);
  return (msg.includes(' probe for "') && msg.includes('" failed (failure): ')) || (msg.startsWith('"Probe failed"') && msg.includes(' output="'));
}

export class SourceReader {
  readonly counts: LineCounts = { total: 0, klog: 0, continuation: 0, unrecognized: 0, blank: 0 };
  readonly notes: SourceNotes;
  private pending: PendingRecord | undefined;
  /** journald identifier and host of the pending record: another program's lines never continue it. */
  private pendingIdent = '';
  /** The pending record's program: its identifier, or `<identifier>/<component>` where the line names a component. */
  private pendingProgram = '';
  private pendingHost = '';
  /**
   * The klog time and the wrapper's time of day (wrapperTimeOfDayUs) of the last record that had both: a line
   * without a header is timed from them (headerlessTimeUs). NaN: none yet.
   */
  private clockKlogUs = NaN;
  /** A log viewer's lone timestamp line, and a lone node name on the line after it (loneHostName): the next record's. */
  private loneTimeLine = -1;
  private loneHostLine = -1;
  private loneHost = '';
  /** The last record's time (util/time.ts yearlessUs): the day a klog line without a date is on. */
  private lastRecordUs = NaN;
  /** The last record passed on as the kubelet's, and its journal identifier (bootSeparator). */
  private lastKubelet: { rec: LogRecord; ident: string } | undefined;
  private clockWrapperTodUs = NaN;
  /** How the pending record may still be continued. */
  private openBlock = false;
  private panicMode = false;
  /** The last physical line with something on it, and whether the record ending the source is being emitted. */
  private lastContentLine = 0;
  /**
   * The program a shell prompt ran (kubectl, crictl, kubeadm: promptProgram), while its output may follow — until the
   * next prompt or fence: klog lines there are its own, and their pid is not the kubelet's. '' otherwise.
   */
  commandOutput = '';
  private commandLine = 0;
  /** The prompt line whose program was last said to print lines here (said once per prompt). */
  private commandNoted = 0;
  private ending = false;
  /** Lines of the goroutine dump taken into the pending record. */
  private dumpLines = 0;
  private joinable = false;
  /** In a newest-first journal a multi-line value arrives upside down: ` >` first, then its lines, then the header. */
  private upsideDown: { lines: string[]; first: number } | undefined;
  private readonly criPartial: (CriPartial | undefined)[] = [undefined, undefined, undefined];
  /**
   * A JSON log line that did not parse, held while the lines after it may be the rest of it (a paste or a terminal
   * wrapped it: `…,"errCauses"` then `:[{"error":…}]}`). See continueCutJson. `firstChars`: how much of `text` is the
   * line's own (what giveUpCutJson reads as far as it goes).
   */
  private cutJson: { text: string; firstChars: number; first: number; joined: number; wrapper: Wrapper | undefined } | undefined;
  private readonly header: KlogHeader = newKlogHeader();
  private readonly wrapper: Wrapper = newWrapper();
  private readonly exportWrapper: Wrapper = newWrapper();
  /** The wrapper of a line inside another wrapper or behind a minikube bullet (unwrapInner). */
  private readonly innerWrapper: Wrapper = newWrapper();
  /** A service manager's line as the kubelet unit's own (serviceRecord). */
  private readonly serviceWrapper: Wrapper = newWrapper();
  /**
   * The container whose section of a `minikube logs` report the lines are in (`==> kube-scheduler [0b1c…] <==`): the
   * program of lines that name none themselves. '' outside such a section.
   */
  private sectionProgram = '';
  /** sectionProgram was set by a prompt's command printing a container's log (promptProgram), not by a section header. */
  private promptSection = false;
  /** Lines behind minikube's bullets were seen: a bullet alone is a blank line of that report. */
  private bulleted = false;
  private readonly builder = new PendingRecord();
  /** The JSON object parsed from the last line that started with `{` (null: not JSON), so it is parsed only once. */
  private jsonText: string | undefined;
  /** A JSON object printed over several lines (a log platform's download, `jq .`) being gathered (log-export.ts). */
  private jsonDoc: JsonValueCollector | undefined;
  /** The lines gathered for it, to be read the ordinary way if it turns out to be no log entry; while they are: */
  private jsonDocLines: { text: string; lineNo: number; lastLine: number }[] = [];
  private replayingJsonDoc = false;
  /** Objects gathered that way: a lone `]` after them closes their array. */
  private jsonDocs = 0;
  private jsonObj: Record<string, unknown> | null = null;
  private lineNo = 0;
  /** Which journal identifiers are the kubelet's; records held while that is undecided. */
  private readonly programs = new JournalPrograms();
  private held: HeldRecord[] = [];
  /** Kubelet records without a time and nothing before them to time them by (parseTimelessHeaderAt), in order. */
  private untimed: { rec: LogRecord; ident: string }[] = [];
  /** Time of day of held records whose header had no date (datelessUs), by line. */
  private readonly datelessTod = new Map<number, number>();
  /** Characters of the pending record's last physical row (its header's line, or the row a wrap joined last). */
  private lastRowChars = 0;
  /** Rows joined back to the record above them by wrappedMidWord. */
  private midWordJoins = 0;
  /** Records whose header kept its date but lost its time of day (timelessDayUs), counted to say so once. */
  private timeOfDayLost = 0;
  private heldChars = 0;
  /** counts.continuation when the pending record started: the lines it took are the difference. */
  private continuationAtStart = 0;
  /** The last line the splitter cut because it was too long (0: none). */
  private truncatedLine = 0;
  /** Lines cut by a pager (pager-cut.ts), and the first lines of records cut so that are not yet emitted. */
  private readonly pager = new PagerCuts();
  private readonly pagerCutLines = new Set<number>();
  /** Lines as wide as the screen's edge that chopped this source's lines (hard-wrap.ts choppedAt). */
  private readonly choppedLines = new Set<number>();
  /** Lines `systemctl status` shortened with an ellipsis (reported as cut when their record is emitted). */
  private readonly ellipsizedLines = new Map<number, 'end' | 'middle'>();
  /** Lines cut at a fixed width (a terminal's copy, `fold`), joined back before anything else reads them. */
  private readonly wraps = new HardWraps((text, after) => this.startsRecord(text, after));
  private readonly wrapsReady: WrappedLine[] = [];
  private readonly probeWrapper: Wrapper = newWrapper();
  /** A log platform's CSV download (csv-log.ts): the table's layout, once its header row was read. */
  private csv: CsvLogLayout | undefined;
  /** The next line that is not blank may still be a CSV header row (only a source's first lines may). */
  private csvHeaderPossible = true;
  private readonly csvRow = new CsvRowCollector();
  private readonly csvFields: string[] = [];
  private readonly csvWrapper: Wrapper = newWrapper();
  /** A row's cell is being read through physical(): its lines are log lines, not rows. */
  private inCsvCell = false;
  /** The klog headers' clock against the wrapper's (clock-offset.ts). */
  private readonly clocks = new ClockOffsets();
  private readonly probeHeader: KlogHeader = newKlogHeader();

  /** The line numbers of the last OTHER_LINES_KEPT lines that were no log line (a ring; otherLineBetween). */
  private readonly otherLines = new Int32Array(OTHER_LINES_KEPT);
  private otherLineCount = 0;

  constructor(private readonly sink: RecordSink) {
    this.notes = new SourceNotes((line, level, message, damage) => sink.diagnostic(line, level, message, damage));
  }

  get facts(): SourceFacts {
    return this.notes.facts;
  }

  get strayLines(): readonly StrayLine[] {
    return this.notes.strayLines;
  }

  get strayCount(): number {
    return this.notes.strayCount;
  }

  line(text: string, flags: number): void {
    const lineNo = ++this.lineNo;
    this.counts.total++;
    if (flags) {
      this.notes.damagedLine(text, lineNo, flags);
      if (flags & LINE_TRUNCATED) this.truncatedLine = lineNo;
    }
    if (!this.wraps.passThrough && lineNo <= 3 && this.csvHeaderPossible && isCsvLogLayout(readCsvLogHeader(text))) {
      // A log platform's CSV table: its rows are gathered by their quotes, never cut lines to join.
      this.wraps.notCut(this.wrapsReady);
      this.drainWraps();
    }
    if (this.wraps.passThrough) {
      this.physical(text, lineNo, lineNo);
      return;
    }
    this.wraps.add({ text, flags, first: lineNo, last: lineNo }, this.wrapsReady);
    this.drainWraps();
  }

  /** Lines hard-wrap.ts has made whole (a line joined from several spans them all: its pieces count as continuation). */
  private drainWraps(): void {
    const ready = this.wrapsReady;
    for (let k = 0; k < ready.length; k++) {
      const l = ready[k];
      this.counts.continuation += l.last - l.first;
      if (this.wraps.choppedWidth && l.text.length === this.wraps.choppedWidth && this.choppedLines.size < MAX_PAGER_CUT_LINES) this.choppedLines.add(l.first);
      this.physical(l.text, l.first, l.last);
    }
    ready.length = 0;
  }

  /**
   * Whether `text` begins a record after the line `after` (hard-wrap.ts): it starts like a record — a wrapper's
   * prefix, a klog header, a JSON object — and, when `after` starts like one too, in the same form.
   */
  private startsRecord(text: string, after: string): boolean {
    const form = this.recordForm(text);
    if (form === '') return false;
    const before = this.recordForm(after);
    return before === '' || before === form;
  }

  /** A line with a wrapper's prefix. */
  private readonly isoParts: IsoParts = { year: 0, month: 0, epochUs: 0 };

  private readonly isWrapped = (text: string): boolean => parseWrapper(text, this.probeWrapper);

  /** How a line starts a record: its wrapper's kind, 'klog', 'json'; '' if it does not start like one. */
  private recordForm(text: string): string {
    // A log quoted in markdown starts its records after the quote marks.
    const c0 = text.charCodeAt(0);
    if (c0 === 62 /* > */) {
      const quoted = quoteEnd(text);
      if (quoted > 0) text = text.slice(quoted);
    } else if (c0 === 34 || c0 === 32) {
      const unquoted = quotedKlogLine(text, this.isWrapped);
      if (unquoted !== undefined) text = unquoted;
    } else {
      const marks = this.pasteMarks(text);
      if (marks) text = text.slice(marks);
    }
    if (text.charCodeAt(0) === 123 /* { */) return text.charCodeAt(1) === 34 /* " */ ? 'json' : '';
    if (parseWrapper(text, this.probeWrapper)) return this.probeWrapper.kind;
    // A header after a prefix no wrapper reads (a journal line whose month a copy cut off: `9 09:58:07 node
    // kubelet[5738]: E1029 …`) starts a record too: the rest of a cut line hardly holds a whole header so early.
    if (findKlogHeader(text, 0, this.probeHeader, MAX_UNREAD_PREFIX)) return 'klog';
    // A line trimmed to a syslog date and the caller (datedCallerLine).
    return DATED_CALLER.test(text.slice(0, DATED_CALLER_SCAN)) ? 'dated-caller' : '';
  }

  /**
   * Characters a paste put before a journal or CRI line, to drop: a markdown fence glued to the first line it opens
   * (```Aug 27 19:16:09 host kubelet[7956]: …), a diff's `+` or a stray backtick. 0 if none.
   */
  private pasteMarks(text: string): number {
    const c0 = text.charCodeAt(0);
    if (c0 === 96 && text.startsWith('```') && parseWrapper(text.slice(3), this.probeWrapper)) return 3;
    // A list item quoted as inline code (`` `- Jan 14 18:01:55 host kubelet[3044]: …` ``): the backtick and the bullet.
    if (c0 === 96 && text.startsWith('- ', 1) && parseWrapper(text.slice(3), this.probeWrapper)) return 3;
    if ((c0 === 43 /* + */ || c0 === 96 /* ` */) && parseWrapper(text.slice(1), this.probeWrapper)) return 1;
    // A line number a viewer or editor put before a journal line (`3 Mar 12 10:49:32 host kubelet[23221]: …`), after a
    // stray backtick too. (Journal dates never start with the day.)
    const from = c0 === 96 ? 1 : 0;
    let d = from;
    while (d < from + 6 && isAsciiDigit(text.charCodeAt(d))) d++;
    if (d > from && text.charCodeAt(d) === 32 && isAsciiLetter(text.charCodeAt(d + 1)) && parseWrapper(text.slice(d + 1), this.probeWrapper) &&
      this.probeWrapper.ident) return d + 1;
    // A journal line kept as a comment in a script or config (`  # Feb 02 10:37:19 mars kubelet[303310]: …`), or with
    // the pager's quit key glued to it (`qMay 07 20:17:55 host systemd[1]: …`: `journalctl -f` views pasted one after
    // another, each left with q).
    let i = 0;
    while (i < 8 && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
    if (text.charCodeAt(i) === 113 /* q */ && text.charCodeAt(i + 1) >= 65 && text.charCodeAt(i + 1) <= 90 &&
      parseWrapper(text.slice(i + 1), this.probeWrapper) && this.probeWrapper.ident) return i + 1;
    return text.startsWith('# ', i) && parseWrapper(text.slice(i + 2), this.probeWrapper) ? i + 2 : 0;
  }

  /** A whole line (physical lines first..lastLine): its wrappers, then the record or other line inside them. */
  private physical(text: string, lineNo: number, lastLine: number): void {
    // Records a terminal copy glued together after its padding (glued-records.ts): each read as a line of its own.
    if (!this.csv && !this.jsonDoc) {
      for (let glued = gluedRecordAt(text, this.startsGluedRecord); glued > 0; glued = gluedRecordAt(text, this.startsGluedRecord)) {
        if (this.facts.gluedRecords++ === 0) this.sink.diagnostic(lineNo, 'info', 'records run together on one line after a run of spaces (a terminal\'s padded rows copied without their line breaks): read as lines of their own');
        this.physicalLine(text.slice(0, glued).trimEnd(), lineNo, lastLine);
        text = text.slice(glued);
      }
    }
    this.physicalLine(text, lineNo, lastLine);
  }

  /** A glued record starts like a record of the line's own form, its klog header (if it is one) right at its start. */
  private readonly startsGluedRecord = (start: string, line: string): boolean => {
    const form = this.recordForm(start);
    if (form === '' || form === 'dated-caller' || (form === 'klog' && !startsLikeKlogHeader(start))) return false;
    return form === this.recordForm(line);
  };

  private physicalLine(text: string, lineNo: number, lastLine: number): void {
    if (this.csv && !this.inCsvCell) {
      this.csvLine(text, lineNo, lastLine);
      return;
    }
    if (this.csvHeaderPossible && this.csvHeader(text, lineNo)) return;
    if (!this.facts.pathMinor) this.versionInPath(text);
    // (Not inside a klog multi-line value, whose lines — TAB-indented — may be JSON printed over lines too.)
    // A log line before the object closed: it was no object (a document's fragment), and the log goes on.
    if (this.jsonDoc && this.recordForm(text) !== '') this.replayJsonDoc();
    if (this.jsonDoc || (!this.replayingJsonDoc && !this.openBlock && text.charCodeAt(0) !== 9 && opensJsonDocument(text))) {
      this.jsonDocLine(text, lineNo, lastLine);
      return;
    }
    if (this.jsonDocs > 0 && text.trim() === ']') {
      this.metaLine();
      return;
    }
    // A log quoted in markdown (`> Jul 19 10:58:18 host kubelet: …`): its lines without the quote marks.
    const c0 = text.charCodeAt(0);
    if (c0 === 62 /* > */) {
      const quoted = quoteEnd(text);
      if (quoted > 0) text = text.slice(quoted);
    } else if (c0 === 34 /* " */ || c0 === 32) {
      const unquoted = quotedKlogLine(text, this.isWrapped);
      if (unquoted !== undefined) text = unquoted;
      else if (c0 === 32) text = text.slice(this.pasteMarks(text));
    } else {
      // (A diff's added fence, `+```…`, loses its `+` too, and a fence of four backticks one of them.)
      const fence = text.startsWith('```', 1);
      const marks = this.pasteMarks(text) || ((c0 === 43 || c0 === 96) && fence ? 1 : 0);
      // A line quoted as inline code loses its closing backtick too, and a line a fence opens and closes (```…```) its
      // closing fence.
      if (marks) {
        // (A bulleted inline-code line, `` `- …` ``, closes with one backtick.)
        // (Inline code — a bulleted line, `` `- …` ``, or a numbered one, `` `3 Mar … ``, too — closes with one backtick.)
        const inline = c0 === 96 && !text.startsWith('```');
        const closing = inline ? 1 : c0 === 96 && marks === 3 && text.length > 6 && text.endsWith('```') ? 3 : 0;
        const cut = closing === 1 ? (text.length > marks + 1 && text.endsWith('`') ? 1 : 0) : closing;
        text = text.slice(marks, text.length - cut);
      } else if (c0 === 96 && text.length > 2 && text.endsWith('`') && INLINE_CALLER_LINE.test(text.slice(1, 1 + MAX_CALLER_CHARS))) {
        // A line trimmed to its caller, quoted as inline code (`` `kuberuntime_container.go:559] Killing container …` ``).
        text = text.slice(1, -1);
      } else {
        // Prose that opens inline code on a journal line (`Logs display ```Nov 18 19:16:40 host k3s[2203]: E1118 …```
        // `): the line from the fence, without the closing one.
        const fenceAt = text.indexOf('```');
        if (fenceAt > 0 && fenceAt < MAX_PROSE_BEFORE_FENCE && parseWrapper(text.slice(fenceAt + 3), this.probeWrapper) && this.probeWrapper.ident) {
          text = text.slice(fenceAt + 3, text.length > fenceAt + 9 && text.endsWith('```') ? text.length - 3 : text.length);
        }
      }
    }
    // Markdown bold a person put around part of a pasted log (`failed to run **Kubelet: …**`): not the kubelet's.
    if (text.includes('**')) text = withoutMarkdownBold(text);
    // Another tool's log line quoting a kubelet line (quoting-tools.ts): the quoted line is the record.
    const inner = quotedLineIn(text);
    if (inner > 0 && parseKlogHeaderAt(text, 0, this.probeHeader) && quotedLineStart(text, this.probeHeader.msgStart) === inner
      && this.recordForm(text.slice(inner)) !== '') text = text.slice(inner);
    let w: Wrapper | undefined = this.wrapper;
    const wrapped = parseWrapper(text, w);
    if (wrapped && this.inCsvCell) {
      // A journal line kept whole in a CSV row: the row's time states the year its short date leaves out.
      const row = this.csvWrapper;
      if (!w.year) w.year = row.year;
      if (!w.month) w.month = row.month;
      if (!w.host) w.host = row.host;
    }
    const logfmtFrom = !wrapped ? 0 : w.kind.startsWith('journald') ? w.payloadStart : -1;
    if (logfmtFrom >= 0 && text.startsWith('time=', logfmtFrom)) {
      // k0s: the kubelet's line inside a logfmt record (bare, or in a journal line whose host it keeps).
      const iw = this.innerWrapper;
      const inner = unwrapLogfmt(text, logfmtFrom, iw, this.isKubeletLine);
      if (inner !== undefined) {
        if (wrapped) { iw.host = w.host; if (!iw.year) { iw.year = w.year; iw.month = w.month; } }
        this.logical(inner, 0, lineNo, iw, lastLine);
        return;
      }
    }
    if (!wrapped || w.kind === 'timestamp') {
      const inner = this.unwrapInner(text, wrapped ? w : undefined);
      if (inner !== undefined) {
        text = inner;
        w = this.innerWrapper.kind === 'none' ? undefined : this.innerWrapper;
      } else if (!wrapped) {
        if (text.charCodeAt(0) === 123 /* { */ && this.journaldExport(text, lineNo)) return;
        w = undefined;
      }
    }
    if (!w) {
      this.logical(text, 0, lineNo, undefined, lastLine);
      return;
    }
    if (w.kind === 'cri' && this.criJoin(text, lineNo, w)) return;
    this.logical(text, w.payloadStart, lineNo, w, lastLine);
  }

  /** A logfmt record's msg is the kubelet's line when a klog header starts it or it is a JSON object. */
  private readonly isKubeletLine = (inner: string): boolean =>
    inner.charCodeAt(0) === 123 || (findKlogHeader(inner, 0, this.header) && this.header.start === 0);

  /**
   * A line wrapped twice — a CI runner's timestamp before a journal line — or behind a `minikube logs` bullet (`* `,
   * `  - `): the inner line, with its wrapper in innerWrapper (kind 'none' if it has none: a section header, or a
   * bullet with nothing after it in a bulleted report); undefined if there is no inner line to read. A journal
   * line's year comes from the outer timestamp.
   */
  private unwrapInner(text: string, outer: Wrapper | undefined): string | undefined {
    const from = outer ? outer.payloadStart : 0;
    const bullet = bulletEnd(text, from);
    if (bullet < 0 && !outer) return this.unwrapIndented(text);
    const inner = text.slice(bullet < 0 ? from : bullet);
    const iw = this.innerWrapper;
    if (parseWrapper(inner, iw) && iw.kind !== 'timestamp') {
      if (outer && !iw.year) iw.year = outer.year;
      if (bullet >= 0) this.bulleted = true;
      return inner;
    }
    iw.kind = 'none';
    if (bullet < 0) return undefined;
    if (inner.startsWith('==> ') || inner.startsWith('-- ')) {
      this.bulleted = true;
      return inner;
    }
    return this.bulleted && isBlankFrom(inner, 0) ? inner : undefined;
  }

  /**
   * A wrapped log line indented as a whole, as pasted into a document (`    10.0.0.5: {"ts":…}`, `  Mar 15 … kubelet[…]:
   * I0315 …`), or numbered by `grep -n` (`27:Jun 25 … kubelet[9388]: E0625 …`): the wrapper after the indentation or
   * number, when it names a journal's program or a kubelet header or a JSON object follows it — an indented line is
   * otherwise the continuation of a wrapped one.
   */
  private unwrapIndented(text: string): string | undefined {
    let p = 0;
    while (p < MAX_INDENT && (text.charCodeAt(p) === 32 || text.charCodeAt(p) === 9)) p++;
    if (p === 0) p = grepLineNumberEnd(text);
    if (p === 0 || p === MAX_INDENT) return undefined;
    const inner = text.slice(p);
    const iw = this.innerWrapper;
    if (parseWrapper(inner, iw) && iw.kind !== 'timestamp') {
      // A journal line names its program (a systemd line about the kubelet's unit, a deprecation warning): its own.
      const c = inner.charCodeAt(iw.payloadStart);
      if (iw.ident || c === 123 /* { */ || findKlogHeader(inner, iw.payloadStart, this.header)) return inner;
    }
    iw.kind = 'none';
    return undefined;
  }

  /**
   * For the fast path (model/fast-records.ts): a bare klog header line now would simply start a new record — no
   * upside-down block waits for a header to attach to.
   */
  /** The width the source's lines were cut at (hard-wrap.ts), negative if wrapped at spaces, 0 if neither. */
  get wrapWidth(): number {
    return this.wraps.atSpaces ? -this.wraps.width : this.wraps.width;
  }

  get takesBareHeaderLines(): boolean {
    // (Nor right after a log viewer's lone node name, which is the next record's host.)
    return this.upsideDown === undefined && !this.wraps.holding && this.csv === undefined && this.loneHostLine !== this.lineNo;
  }

  /** Counts a physical line that the fast path holds; returns its line number. */
  countLine(): number {
    this.counts.total++;
    return ++this.lineNo;
  }

  /** A line the fast path held (and counted) goes the ordinary way after all. It has no wrapper and no damage. */
  replayLine(text: string, lineNo: number): void {
    if (this.wraps.passThrough) {
      this.logical(text, 0, lineNo, undefined, lineNo);
      return;
    }
    // It may be the first piece of a cut line.
    this.wraps.add({ text, flags: 0, first: lineNo, last: lineNo }, this.wrapsReady);
    this.drainWraps();
  }

  /**
   * A single-line bare klog record read by the fast path, counted as reading its line here and then the header of
   * the next line would count it (startKlogRecord, then flush). The record itself goes to the fast path's sink.
   */
  countFastRecord(structured: boolean): void {
    this.flush();
    this.notes.vote('none', '', '');
    this.counts.klog++;
    if (structured) this.facts.eras.structured++;
    else this.facts.eras.printf++;
  }

  /**
   * Passes on the record being read, as the next record's header would (a source read in parts pauses here). Not
   * while an upside-down block or a CRI partial line is held: what the next line is decides whether those join the
   * record, so the record stays open, the part after the pause is refused (not settled), and reading on here gives
   * what one pass would have.
   */
  flushPending(): void {
    this.wraps.decideNow(this.wrapsReady);
    this.drainWraps();
    if (this.upsideDown !== undefined || this.wraps.holding || this.criPartial.some((held) => held !== undefined) || this.cutJson) return;
    this.flush();
  }

  /**
   * Nothing is held that the lines after this point could still change: no CRI partial line, no upside-down block,
   * no record of a journal program not yet known to be the kubelet or not.
   */
  get settled(): boolean {
    return this.upsideDown === undefined && this.pending === undefined && this.criPartial.every((held) => held === undefined) &&
      this.held.length === 0 && !this.wraps.holding && this.cutJson === undefined && this.jsonDoc === undefined && this.csv === undefined;
  }

  /** The counts and notes as plain data. */
  state(): ReaderState {
    return { counts: this.counts, lineNo: this.lineNo, notes: this.notes.state(), wrapWidth: this.wrapWidth };
  }

  /**
   * Takes in the counts and notes of a reader that read the next part of the same source on its own, from a line
   * where a record starts (model/collected-merge.ts); this reader must be settled.
   */
  absorb(later: ReaderState): void {
    const lineOffset = this.lineNo;
    for (const k of ['total', 'klog', 'continuation', 'unrecognized', 'blank'] as const) this.counts[k] += later.counts[k];
    this.notes.absorb(later.notes, lineOffset);
    this.lineNo += later.lineNo;
  }

  end(): void {
    this.wraps.finish(this.wrapsReady);
    this.drainWraps();
    if (this.wraps.atSpaces) {
      this.sink.diagnostic(0, 'info', `lines wrapped at spaces (\`fold -s\`, a mail) ${WRAPS_JOINED}: ${this.wraps.joined} wrapped lines`);
    } else if (this.wraps.width) {
      this.sink.diagnostic(0, 'info', `lines cut at ${this.wraps.width} characters (a terminal's copy, \`fold\`) ${WRAPS_JOINED}: ${this.wraps.joined} cut lines`);
    } else if (this.midWordJoins) {
      this.sink.diagnostic(0, 'info', `lines a terminal wrapped inside a word ${WRAPS_JOINED}: ${this.midWordJoins} wrapped ${this.midWordJoins === 1 ? 'line' : 'lines'}`);
    } else if (this.wraps.chopped) {
      this.sink.diagnostic(0, 'warning', `${this.wraps.chopped} lines end at exactly ${this.wraps.choppedWidth} characters, each followed by a new line of the log: they were chopped at a screen's edge (\`less -S\`, a terminal that does not wrap), and what lay beyond it is not in the log — errors may be cut short`);
    }
    for (let s = 0; s < this.criPartial.length; s++) {
      const held = this.criPartial[s];
      if (!held) continue;
      this.criPartial[s] = undefined;
      this.logical(held.text, 0, held.first, held.wrapper, this.lineNo);
    }
    this.giveUpCutJson();
    if (this.jsonDoc) this.replayJsonDoc();
    if (this.csvRow.open) this.giveUpCsvRow();
    this.releaseUpsideDown();
    this.ending = true;
    this.flush();
    this.ending = false;
    if (this.held.length) {
      this.programs.decideByEvidence();
      this.releaseHeld();
    }
    if (this.untimed.length) this.releaseUntimed(this.untimedFallbackUs(), false);
    const skipped = this.programs.skippedSummary();
    if (skipped) this.sink.diagnostic(0, 'info', skipped);
    const offset = this.clocks.summary();
    if (offset) this.sink.diagnostic(0, 'info', offset);
  }

  /**
   * `journalctl -o json`: the entry's MESSAGE is the kubelet's line, read as if the journal had printed it; likewise
   * a log platform's entry (log-export.ts). False for any other line (a kubelet JSON record is read later, as parsed
   * here).
   */
  private journaldExport(text: string, lineNo: number): boolean {
    const o = parseJsonObject(text, 0) ?? null;
    this.jsonText = text;
    this.jsonObj = o;
    return o !== null && this.exportEntry(o, lineNo, lineNo);
  }

  /** A parsed object as a journal or log platform entry (false, nothing done, if it is neither). */
  private exportEntry(o: Record<string, unknown>, lineNo: number, lastLine: number): boolean {
    if (isKubeletJsonLog(o)) return false;
    const ew = this.exportWrapper;
    if (isJournaldExport(o)) {
      journaldWrapper(o, ew);
      this.logical(journaldMessage(o), 0, lineNo, ew, lastLine);
      return true;
    }
    const entry = logExportEntry(o);
    if (!entry) return false;
    exportEntryWrapper(entry, ew);
    this.logical(entry.message, 0, lineNo, ew, lastLine);
    return true;
  }

  /**
   * A line of a JSON object printed over several (log-export.ts): gathered until the object closes, then read as one
   * line spanning them — a journal or log platform entry, or the kubelet's own JSON record. Its other lines count as
   * the record's continuation, or as not log lines with it. An object that is no log entry (a config quoted in an
   * issue), or never closes within its bounds or before the next log line, has its lines read the ordinary way.
   */
  private jsonDocLine(text: string, lineNo: number, lastLine: number): void {
    if (!this.jsonDoc) {
      this.flush();
      this.jsonDoc = new JsonValueCollector(lineNo);
    }
    const doc = this.jsonDoc;
    this.jsonDocLines.push({ text, lineNo, lastLine });
    const fed = doc.feed(text, lineNo);
    if (fed === 'more') return;
    if (fed === 'overflow') {
      this.replayJsonDoc();
      return;
    }
    const objectText = doc.text;
    const o = parseJsonObject(objectText, 0);
    const kubeletRecord = o !== undefined && isKubeletJsonLog(o);
    const unrecognized = this.counts.unrecognized;
    if (!o || !(kubeletRecord || this.exportEntry(o, doc.objectLine, lastLine))) {
      this.replayJsonDoc();
      return;
    }
    this.jsonDoc = undefined;
    this.jsonDocLines.length = 0;
    this.jsonDocs++;
    if (kubeletRecord) {
      // jsonLine takes the object parsed here.
      this.jsonText = objectText;
      this.jsonObj = o;
      this.jsonLine(objectText, 0, doc.objectLine, undefined, lastLine);
    }
    const readAsLog = this.counts.unrecognized === unrecognized;
    // An array's `[` on lines of its own before the object: not log lines.
    this.counts.unrecognized += doc.linesBefore;
    this.facts.metaLines += doc.linesBefore;
    // The object's other lines go with its first: the record's continuation, or not log lines like it.
    const rest = doc.lines - doc.linesBefore - 1;
    if (readAsLog) this.counts.continuation += rest;
    else this.counts.unrecognized += rest;
  }

  /**
   * A source's first lines: an Excel `sep=,` line, then a CSV header row naming a column of log lines (csv-log.ts)
   * makes the source a CSV table. True if the line was read here (a `sep=` line or a header row).
   */
  private csvHeader(text: string, lineNo: number): boolean {
    if (isBlankFrom(text, 0)) return false;
    // The header row is the first line (after an Excel `sep=` line or a blank line at most).
    if (lineNo > 3) {
      this.csvHeaderPossible = false;
      return false;
    }
    const trimmed = text.trim();
    if (trimmed.length === 5 && trimmed.startsWith('sep=')) {
      this.metaLine();
      return true;
    }
    this.csvHeaderPossible = false;
    const header = readCsvLogHeader(text);
    if (!header) return false;
    const shown = (names: readonly string[]) => names.slice(0, 12).map((n) => `"${n.slice(0, 40)}"`).join(', ') + (names.length > 12 ? ', …' : '');
    if (!isCsvLogLayout(header)) {
      this.sink.diagnostic(lineNo, 'warning', `a CSV header row (${shown(header.names)}) without a column of log lines ` +
        '(one named message, @message, Line, log, _raw, textPayload…): the table is read as plain lines');
      return false;
    }
    this.csv = header;
    this.facts.csvTable = true;
    this.metaLine();
    const column = (i: number) => (i >= 0 ? `"${header.names[i].slice(0, 40)}"` : 'none');
    this.sink.diagnostic(lineNo, 'info', `a CSV table: log lines from ${header.messages.map(column).join(' or ')}, time from ` +
      `${column(header.time)}, node from ${column(header.host >= 0 ? header.host : header.labels)}, program from ${column(header.program)}`);
    return true;
  }

  /**
   * A kubelet version a path on the line names: the release build's tree in a Go stack (`/workspace/anago-v1.14.0-rc.1…`),
   * minikube's binary (`/var/lib/minikube/binaries/v1.19.2/kubelet` in `systemctl status`), `kubelet --version`'s
   * answer (`Kubernetes v1.19.2`). The first one found is the source's (version-in-path.ts).
   */
  private versionInPath(text: string): void {
    const found = pathVersion(text, () => this.recordForm(text) !== '' || findKlogHeader(text, 0, this.probeHeader));
    if (!found) return;
    this.facts.pathMinor = found.minor;
    this.facts.pathPatch = found.patch;
    this.facts.pathMinorFrom = found.from;
  }

  /** A line that describes the log rather than being one (a table's header row, an export's closing bracket). */
  private metaLine(): void {
    this.counts.unrecognized++;
    this.facts.metaLines++;
  }

  /** A line of a CSV table's row: gathered until the row's quoted fields close, then read. */
  private csvLine(text: string, lineNo: number, lastLine: number): void {
    const row = this.csvRow;
    const fed = row.feed(text, lineNo);
    if (fed === 'more') return;
    if (fed === 'overflow') {
      this.giveUpCsvRow();
      return;
    }
    const rowText = row.text;
    const first = row.firstLine;
    const lines = row.lines;
    row.reset();
    this.csvRowRead(rowText, first, lastLine, lines);
  }

  /** A row whose quoted field never closed (within its bounds, or before the end): its lines are not read. */
  private giveUpCsvRow(): void {
    const row = this.csvRow;
    this.flush();
    this.sink.diagnostic(row.firstLine, 'warning', `a CSV row whose quoted field does not close (${row.lines} lines): not read`);
    this.counts.unrecognized += row.lines;
    row.reset();
  }

  /**
   * One CSV row (`lines` lines, physical lines first..lastLine): its message cell read line by line as the line the kubelet (or
   * another program) printed, the row's time, node and program standing in for a journal's; a cell that is itself
   * a journal or CRI line, or a log shipper's JSON record, read as such.
   */
  private csvRowRead(rowText: string, first: number, lastLine: number, lines: number): void {
    const fields = this.csvFields;
    const n = splitCsvFields(rowText, this.csv!.delimiter, fields);
    const w = this.csvWrapper;
    const message = csvRowEntry(fields, n, this.csv!, w);
    fields.length = 0;
    const unrecognized = this.counts.unrecognized;
    let pieces = 0;
    this.inCsvCell = true;
    try {
      for (let from = 0; from <= message.length; pieces++) {
        const nl = message.indexOf('\n', from);
        const to = nl < 0 ? message.length : nl;
        const piece = message.slice(from, to > from && message.charCodeAt(to - 1) === 13 ? to - 1 : to);
        this.csvPiece(piece, Math.min(first + pieces, lastLine), w);
        if (nl < 0) break;
        from = nl + 1;
      }
    } finally {
      this.inCsvCell = false;
    }
    // Lines of the row that the message did not fill (another cell held newlines); physical lines a hard wrap joined
    // into one were counted when they were joined.
    const rest = lines - (pieces + 1);
    if (rest <= 0) return;
    if (this.counts.unrecognized === unrecognized) this.counts.continuation += rest;
    else this.counts.unrecognized += rest;
  }

  /** A line of a row's message cell. */
  private csvPiece(piece: string, lineNo: number, w: Wrapper): void {
    if (piece.charCodeAt(0) === 123 /* { */) {
      const o = parseJsonObject(piece, 0);
      const entry = o && !isKubeletJsonLog(o) && !isJournaldExport(o) ? logExportEntry(o) : undefined;
      if (entry) {
        // A log shipper's record in the cell (CloudWatch's Container Insights: Fluent Bit's `message`, `hostname`).
        const ew = this.exportWrapper;
        exportEntryWrapper(entry, ew);
        ew.kind = 'log-table';
        if (!ew.host) ew.host = w.host;
        if (!ew.ident) ew.ident = w.ident;
        if (!ew.year) { ew.year = w.year; ew.month = w.month; ew.epochUs = w.epochUs; }
        this.logical(entry.message, 0, lineNo, ew, lineNo);
        return;
      }
      if (o && isJournaldExport(o)) {
        this.exportEntry(o, lineNo, lineNo);
        return;
      }
    } else if (parseWrapper(piece, this.probeWrapper)) {
      // The platform kept the whole line a journal or the container runtime printed (Splunk's _raw, syslog files).
      this.physical(piece, lineNo, lineNo);
      return;
    }
    this.logical(piece, 0, lineNo, w, lineNo);
  }

  /** CRI partial lines: a `P` line is held until the next line of its stream completes it (returns true if consumed). */
  private criJoin(text: string, lineNo: number, w: Wrapper): boolean {
    const held = this.criPartial[w.stream];
    const piece = text.slice(w.payloadStart);
    if (!held) {
      if (!w.partial) return false;
      this.criPartial[w.stream] = { text: piece, first: lineNo, wrapper: copyWrapper(w) };
      return true;
    }
    this.counts.continuation++;
    if (held.text.length + piece.length <= MAX_RECORD_CHARS) held.text += piece;
    if (w.partial) return true;
    this.criPartial[w.stream] = undefined;
    this.logical(held.text, 0, held.first, held.wrapper, lineNo);
    return true;
  }

  /** One logical line: `text` from `p` is the kubelet's output, first seen on physical line `lineNo`, last on `lastLine`. */
  private logical(text: string, p: number, lineNo: number, w: Wrapper | undefined, lastLine: number): void {
    if (!isBlankFrom(text, p)) this.lastContentLine = lastLine;
    if (this.cutJson && this.continueCutJson(text, p, w, lastLine)) return;
    const pending = this.pending;
    if (this.openBlock && pending && this.sameProgram(w)) {
      const close = isBlockClose(text, p);
      // A value is never empty: ` >` right after its opener is a newest-first journal's (journalctl -r), the end of
      // the value of the record above it in time, whose lines come next (collectUpsideDown).
      if (close && pending.headerOnly() && !this.upsideDown) {
        this.openBlock = false;
        this.upsideDown = { lines: [text.slice(p)], first: lineNo };
        return;
      }
      if (isBlockValueLine(text, p) || close) {
        // (A `stacktrace=<` value's frames name the logging library too.)
        if (text.charCodeAt(p) === 9) this.noteLogLibrary(text);
        this.counts.continuation++;
        pending.append('\n' + text.slice(p), lastLine);
        // ` > next=<` opens the next multi-line value on the closing line.
        if (close) this.openBlock = pending.endsWith('=<');
        return;
      }
      this.openBlock = false;
    }
    if (this.collectUpsideDown(text, p, lineNo)) return;
    if (this.upsideDown && !text.endsWith('=<')) this.releaseUpsideDown();
    if (isBlankFrom(text, p)) {
      // A timestamp with nothing after it (Grafana's copy of a log puts each line's time on a line of its own): not
      // blank, and its date tells the year.
      if (w && w.kind === 'timestamp' && p > 0 && w.year) {
        this.nonLogLine(text, 0, lineNo, true, w);
        return;
      }
      this.counts.blank++;
      if (!this.panicMode && !this.openBlock) this.joinable = false;
      return;
    }
    const c0 = firstNonSpace(text, p);
    if (c0 >= 0 && text.charCodeAt(c0) === 123 /* { */ && this.jsonLine(text, c0, lineNo, w, lastLine)) return;
    if (findKlogHeader(text, p, this.header)) {
      this.startKlogRecord(text, lineNo, w, lastLine);
      return;
    }
    this.releaseUpsideDown();
    if (!w && this.datedCallerLine(text, p, lineNo, lastLine)) return;
    if (!w && this.undatedJournalError(text, p, lineNo, lastLine)) return;
    if (w && w.ident === 'systemd' && this.serviceRecord(text, p, lineNo, w, lastLine)) return;
    if (!w && this.bootSeparator(text, p, lineNo, lastLine)) return;
    // A log viewer's entry time on a line of its own (and its zone) opens the next entry: never a line between the
    // record's own (its host, on the next line, is not the record's).
    if (w && w.kind === 'timestamp' && isZoneOnly(text, w.payloadStart)) {
      this.nonLogLine(text, p, lineNo, false, w);
      return;
    }
    if (this.pending) {
      if (w) this.adoptJournalPrefix(w, lineNo);
      if (!this.sameProgram(w)) {
        // Another program's line (or another node's) between the record's lines: the record may go on after it.
        this.counts.unrecognized++;
        this.notes.journalLine(text, p, lineNo, this.counts.klog + 1);
        return;
      }
      if (!this.panicMode && this.stderrRecord(text, p, lineNo, w, lastLine)) return;
      // A journal line of its own, never the rest of a value the record before it left open.
      if (w && w.ident && this.headerlessStructured(text, p, lineNo, w, lastLine)) return;
      if (this.tryContinuation(text, p, lastLine, w)) return;
    } else if (w && w.ident && (this.stderrRecord(text, p, lineNo, w, lastLine) || this.orphanStack(text, p, lineNo, w, lastLine))) {
      return;
    } else if (w && isStderrEntry(w) && this.stderrRecord(text, p, lineNo, w, lastLine)) {
      return;
    }
    if (w && w.ident && this.headerlessStructured(text, p, lineNo, w, lastLine)) return;
    this.nonLogLine(text, p, lineNo, w !== undefined && w.ident !== '', w);
  }

  /**
   * A poster's selection that began inside the first line's journal prefix (`ile.go:123] Can't process config file …`:
   * no date, no time, no identifier) and took the journal lines after it whole: the kubelet's journal line right after
   * that record, without a klog header, is the record's next line (journald makes each line of a message an entry of
   * its own). The record takes that entry's identifier, host and time, so the entries after it in the same second
   * continue it too (tryContinuation).
   */
  private adoptJournalPrefix(w: Wrapper, lineNo: number): void {
    const rec = this.pending!.rec;
    if (this.counts.klog !== 0 || this.untimed.length > 0 || !Number.isNaN(rec.yearlessUs) || this.pendingIdent !== '' || this.pendingHost !== '' ||
      rec.line + rec.lineCount !== lineNo || !w.ident || !w.kind.startsWith('journald') || !this.programs.isKubeletIdent(w.ident)) return;
    const wrapperUs = wrapperYearlessUs(w);
    if (!Number.isFinite(wrapperUs)) return;
    this.pendingIdent = w.ident;
    this.pendingProgram = w.ident;
    this.pendingHost = w.host;
    rec.host = w.host;
    rec.yearlessUs = wrapperUs;
    this.lastRecordUs = wrapperUs;
    this.clockKlogUs = wrapperUs;
    this.clockWrapperTodUs = wrapperTimeOfDayUs(w);
  }

  /** The line repeats the end of the pending record's one-line message (at least MIN_ECHO characters of it). */
  private echoesPending(text: string, p: number): boolean {
    const rec = this.pending!.rec;
    const end = text.trimEnd().length;
    if (end - p < MIN_ECHO || rec.text.length - rec.msgStart < end - p || rec.text.includes('\n')) return false;
    return rec.text.trimEnd().endsWith(text.slice(p, end));
  }

  /** The line belongs to the same program and host as the pending record (journald, node prefixes). */
  private sameProgram(w: Wrapper | undefined): boolean {
    return !w || ((!w.ident || w.ident === this.pendingIdent) && w.host === this.pendingHost);
  }

  private startKlogRecord(text: string, lineNo: number, w: Wrapper | undefined, lastLine: number): void {
    const h = this.header;
    const attachUpsideDown = this.upsideDown !== undefined && text.endsWith('=<');
    if (!attachUpsideDown) this.releaseUpsideDown();
    this.flush();
    let host = w ? w.host : '';
    let kind: WrapperKind = w ? w.kind : 'none';
    // `grep` over --log-dir files names each line's file: its host and creation date.
    const glogFile = !w && h.start > 0 ? glogFileNameBefore(text, h.start) : undefined;
    if (!w && h.start > 0) {
      host = glogFile ? glogFile.host : hostPrefixBefore(text, h.start);
      if (host) kind = glogFile ? 'glog-file' : 'node-prefix';
    }
    if (!host && this.loneHostLine === lineNo - 1) host = this.loneHost;
    // (A wrapper without a year — BSD syslog — relaying a line that had one: `logger: <11>1 2018-04-16T01:06:04Z … E0416 …`.)
    const yearHint = w ? klogYearNearWrapper(w.year, w.month, h.month) || (h.start > w.payloadStart ? yearInText(text, w.payloadStart, h.start) : 0)
      : glogFile ? glogFile.year + (h.month > 0 && h.month < glogFile.month ? 1 : 0)
      : h.start > 0 ? yearInText(text, 0, h.start) : 0;
    const msgStart = h.msgStart;
    const structured = text.charCodeAt(msgStart) === 34;
    if (this.pager.isCut(text, msgStart, structured)) {
      // The pager's '>' is not part of the record (pager-cut.ts).
      text = text.slice(0, -1);
      if (this.pagerCutLines.size < MAX_PAGER_CUT_LINES) this.pagerCutLines.add(lineNo);
    }
    // Below a pasted `systemctl status`, a journal line ending in an ellipsis was shortened to the terminal's width;
    // newer systemd shortens it in the middle instead (`…"pods \"kube-controller-manager-master01...r-master01"`).
    if (this.facts.service && w && w.ident && this.ellipsizedLines.size < MAX_PAGER_CUT_LINES) {
      if ((text.endsWith('...') || text.endsWith('\u2026')) && text.length - 3 > msgStart) {
        text = text.slice(0, text.endsWith('...') ? -3 : -1);
        this.ellipsizedLines.set(lineNo, 'end');
      } else if (MID_ELLIPSIS.test(text.slice(msgStart))) {
        this.ellipsizedLines.set(lineNo, 'middle');
      }
    }
    // A row of a table a log viewer exported (Kibana's `2018-05-20 15:34:06.000 | I0520 … |  `): the closing cell
    // separator is not the record's.
    if (h.start > 0 && text.slice(Math.max(0, h.start - 3), h.start).trimEnd().endsWith('|')) text = withoutCellEnd(text, msgStart);
    // A line quoted as inline code in markdown (`` `I0229 … SyncLoop (housekeeping)` ``): the closing backtick is not the record's.
    if (h.start > 0 && text.charCodeAt(h.start - 1) === 96 && text.endsWith('`') && text.length - 1 > msgStart) text = text.slice(0, -1);
    const rec: LogRecord = {
      line: lineNo, lineCount: lastLine - lineNo + 1, severity: h.severity,
      yearlessUs: h.month === 0 ? this.datelessUs(h.todUs, w, lineNo)
        : Number.isNaN(h.todUs) ? this.timelessDayUs(h.month, h.day, w, lineNo) : yearlessUs(h.month, h.day, h.todUs),
      yearHint, pid: h.pid, file: h.file, fileLine: h.fileLine,
      era: structured ? Era.Structured : Era.Printf, text: h.start === 0 ? text : text.slice(h.start),
      msgStart: msgStart - h.start, json: undefined, host, wrapper: kind, damage: h.damage, cutShort: false,
    };
    if (h.damage) this.sink.diagnostic(lineNo, 'warning', `damaged klog header (${h.damage}); parsed as far as possible`);
    if (this.commandOutput && !w) this.markCommandOutput(rec);
    const pending = this.setPending(rec, w);
    // MicroShift runs every component in one process and names each line's component before its header.
    if (w && w.ident && h.start > w.payloadStart) {
      const component = componentBefore(text, w.payloadStart, h.start);
      if (component) this.pendingProgram = `${w.ident}/${component}`;
    }
    this.openBlock = structured && text.endsWith('=<');
    this.panicMode = h.severity === Severity.Fatal || opensPanicDump(rec.text, rec.msgStart + (structured ? 1 : 0));
    this.lastRowChars = text.length;
    if (attachUpsideDown) this.attachUpsideDown(pending);
  }

  /**
   * What the kubelet writes to stderr, without a klog header, as it dies: the Go runtime's report (`panic: …` that
   * nothing recovered, `fatal error: …`, `SIGABRT: abort`) after a record that is no panic report itself, or — in a
   * journal, whose identifier says the kubelet printed it — the command's error line (`Error: failed to run Kubelet:
   * …`) or a deprecated flag's warning. A record of its own (Era.Stderr), not a continuation of the line that
   * happened to come before it, which may be minutes older; timed as headerlessTimeUs says. False (nothing done)
   * when the line is none of these or there is no time to give it.
   */
  private stderrRecord(text: string, p: number, lineNo: number, w: Wrapper | undefined, lastLine: number): boolean {
    // An exec probe's output goes on over lines (journald makes each an entry, in the same second): a Go program the
    // probe ran crashing there (calico-node's check, out of threads) printed its dump into the output, not the kubelet.
    const crash = opensGoCrash(text, p) && !(this.pending && w?.ident && this.sameJournalSecond(w) && endsInProbeOutput(this.pending.rec));
    // A journal names the program; a container log's entry (Docker's json-file) says it is the program's stderr.
    const inJournal = w !== undefined && (w.ident !== '' || isStderrEntry(w));
    const error = !crash && ((inJournal && (text.startsWith('Error: ', p) || text.startsWith('error: ', p) ||
      // A program that runs the kubelet inside it says how it ended in its own words (localkube: `kubelet: Exit with
      // error: failed to run Kubelet: …`).
      text.slice(p, p + 120).includes('failed to run Kubelet: '))) ||
      // Its command's own words, unmistakably the kubelet's, pasted from a terminal with its klog lines.
      (this.pending !== undefined && /^[Ee]rror: failed to run Kubelet: /.test(text.slice(p, p + 32))));
    // The flag library's warning at start-up, before logging is set up: `Flag --network-plugin has been deprecated, …`.
    const deprecated = !crash && !error && inJournal && text.startsWith('Flag --', p);
    // A library inside the kubelet that logs through logrus (runc's libcontainer removing cgroups): `time="…"
    // level=error msg="Failed to remove cgroup" error="…"`, under the kubelet's own identifier.
    const logrus = !crash && !error && !deprecated && inJournal && this.programs.isKubeletIdent(w!.ident) ? LOGRUS_LINE.exec(text.slice(p, p + 80)) : null;
    // A CNI plugin the kubelet ran (the dockershim's network setup and teardown) printing to the stderr it inherited:
    // `weave-cni: unable to release IP address: …`, under the kubelet's identifier.
    const cni = !crash && !error && !deprecated && !logrus && inJournal && this.programs.isKubeletIdent(w!.ident) && CNI_PLUGIN_LINE.test(text.slice(p, p + 32));
    if (!crash && !error && !deprecated && !logrus && !cni) return false;
    const timeUs = logrus ? this.ownTimeOnKlogClock(text, p + 6, w!) : this.headerlessTimeUs(w);
    if (!Number.isFinite(timeUs)) return false;
    const severity = crash ? Severity.Fatal : error ? Severity.Error : logrus ? LOGRUS_SEVERITY[logrus[1]]
      : cni && !CNI_FAILURE_WORDS.test(text.slice(p, p + 200)) ? Severity.Info : cni ? Severity.Error : Severity.Warning;
    this.startHeaderless(text, p, lineNo, w, lastLine, timeUs, severity, crash);
    // Its message is the quoted msg= value, read like a structured record's (classify.ts).
    if (logrus) this.pending!.rec.msgStart = logrus[0].length;
    return true;
  }

  /**
   * A goroutine's stack in a journal with no record before it (an excerpt that starts inside a dump, the line that
   * opened it cut away): a record of its own, so that its lines are the kubelet's and its frames can be read. It
   * opens with a goroutine header, or under a kubelet's identifier with a frame.
   */
  private orphanStack(text: string, p: number, lineNo: number, w: Wrapper, lastLine: number): boolean {
    // Indented as the lines of a `stacktrace=<` value are, when the record that opened it was cut away.
    const q = firstNonSpace(text, p);
    if (q < 0 || q - p > MAX_STACK_INDENT) return false;
    // A frame, or a frame's file by its path, opens one too under a kubelet's identifier (a second paste that starts
    // inside the same stack; a journal excerpt that kept only a stack's file lines).
    const frame = isFrame(text, q) || (text.charCodeAt(q) === 47 /* / */ && isSourceLocation(text, q));
    if (!isGoroutineHeader(text, q) && !(frame && this.programs.isKubeletIdent(w.ident))) return false;
    const timeUs = this.headerlessTimeUs(w);
    if (!Number.isFinite(timeUs)) return false;
    this.startHeaderless(text, q, lineNo, w, lastLine, timeUs, Severity.Error, true);
    return true;
  }

  /**
   * A kubelet line whose klog header a poster replaced by the syslog date (`Aug 23 07:18:47 docker_manager.go:1326]
   * Killing container …`: the host, the program and the header's severity, fraction and pid cut away): a record at
   * that second, read as information (its severity is gone), its caller kept. Said once.
   */
  private datedCallerLine(text: string, p: number, lineNo: number, lastLine: number): boolean {
    // (Asked of every line that is no record: a month's capital and the space after it before any slice or match.)
    const c = text.charCodeAt(p);
    if (c < 65 || c > 90 || text.charCodeAt(p + 3) !== 32) return false;
    const m = DATED_CALLER.exec(p === 0 ? text.slice(0, DATED_CALLER_SCAN) : text.slice(p, p + DATED_CALLER_SCAN));
    if (!m) return false;
    const month = MONTHS[m[1]] ?? 0;
    const day = Number(m[2]);
    if (month === 0 || day < 1 || day > 31) return false;
    this.flush();
    const todUs = ((Number(m[3]) * 60 + Number(m[4])) * 60 + Number(m[5])) * 1e6;
    const own = text.slice(p);
    const rec: LogRecord = {
      line: lineNo, lineCount: lastLine - lineNo + 1, severity: Severity.Info, yearlessUs: yearlessUs(month, day, todUs), yearHint: 0,
      pid: -1, file: m[6], fileLine: Number(m[7]), era: own.charCodeAt(m[0].length) === 34 ? Era.Structured : Era.Printf,
      text: own, msgStart: m[0].length, json: undefined, host: '', wrapper: 'none', damage: '', cutShort: false,
    };
    this.setPending(rec, undefined);
    if (this.facts.datedCallerLines++ === 0) {
      this.sink.diagnostic(lineNo, 'info', 'kubelet lines with a syslog date and their caller (file.go:line]) but no klog header (trimmed before pasting?): each is timed to the second and read as information');
    }
    return true;
  }

  /**
   * The kubelet's last words quoted from a journal without the line's date and host (`"kubelet-wrapper[14427]: Error:
   * failed to run Kubelet: could not init cloud provider …"` in an issue's prose): under a kubelet's identifier, the
   * command's error line is a record with no time, timed as the next line with one, else the document's last date
   * (as klog lines without a date are). Said once.
   */
  private undatedJournalError(text: string, p: number, lineNo: number, lastLine: number): boolean {
    // (Asked of every line that is no record: an identifier's first character before any slice or match.)
    const c = text.charCodeAt(p);
    if (!(c >= 97 && c <= 122) && c !== 34 && c !== 96 && c !== 39) return false;
    const m = UNDATED_JOURNAL_PREFIX.exec(text.slice(p, p + UNDATED_JOURNAL_SCAN));
    if (!m || !isKubeletName(m[2])) return false;
    const q = p + m[0].length;
    if (!text.startsWith('Error: ', q) && !text.startsWith('error: ', q) && !text.slice(q, q + 120).includes('failed to run Kubelet: ')) return false;
    // The quote or backtick the poster opened it with closes it.
    const end = m[1] && text.endsWith(m[1]) && text.length - 1 > q ? text.length - 1 : text.length;
    const w = this.serviceWrapper;
    Object.assign(w, newWrapper());
    w.ident = m[2];
    this.startHeaderless(text.slice(0, end), q, lineNo, w, lastLine, NaN, Severity.Error, false);
    if (this.facts.undatedJournalLines++ === 0) {
      this.sink.diagnostic(lineNo, 'warning', `a kubelet journal line quoted without its date and host (${m[2]}[${m[3]}]): ` +
        'read as a record, timed as the next line with a time (else the document\'s last date)');
    }
    return true;
  }

  /**
   * A structured kubelet message with its klog header taken off (`kubelet[2384]: "SyncLoop DELETE" source="api" …`,
   * a log someone trimmed before pasting): in a journal's short lines, under a kubelet's identifier, a quoted message
   * followed by key=value pairs or nothing. A record of its own at the journal's time; its severity is not printed: an
   * error when err= comes first (as klog's ErrorS writes it), else information. Said once.
   */
  private headerlessStructured(text: string, p: number, lineNo: number, w: Wrapper, lastLine: number): boolean {
    if (text.charCodeAt(p) !== 34 /* " */ || (w.kind !== 'journald-short' && w.kind !== 'journald-precise')) return false;
    if (!this.programs.isKubeletIdent(w.ident)) return false;
    const close = text.indexOf('"', p + 1);
    if (close < p + 3 || close - p > MAX_HEADERLESS_MESSAGE || text.lastIndexOf('\\', close) > p) return false;
    const after = text.charCodeAt(close + 1);
    if (!(Number.isNaN(after) || (after === 32 && /^ [a-zA-Z][\w.]{0,40}=/.test(text.slice(close + 1, close + 44))))) return false;
    const timeUs = this.headerlessTimeUs(w);
    if (!Number.isFinite(timeUs)) return false;
    this.flush();
    const severity = text.startsWith(' err=', close + 1) ? Severity.Error : Severity.Info;
    const rec: LogRecord = {
      line: lineNo, lineCount: lastLine - lineNo + 1, severity, yearlessUs: timeUs, yearHint: w.year,
      pid: -1, file: '', fileLine: 0, era: Era.Structured, text: text.slice(p), msgStart: 0, json: undefined,
      host: w.host, wrapper: w.kind, damage: '', cutShort: false,
    };
    this.setPending(rec, w);
    if (this.facts.headerlessStructured++ === 0) {
      this.sink.diagnostic(lineNo, 'info', 'kubelet messages without their klog header (trimmed before pasting?): each is timed by the journal, read as an error when err= comes first and else as information, its caller not known');
    }
    return true;
  }

  /**
   * The service manager's journal line about the kubelet's unit (`systemd[1]: kubelet.service: Main process exited,
   * code=killed, status=9/KILL`) that the catalog knows: the only trace of a kubelet that was killed (it prints nothing
   * itself), and the exit status of one that failed. Read as a headerless record of the kubelet's (with the kubelet's
   * identifier, once the journal has told it), the unit's name taken off its text; it ends the record before it (the
   * process is gone).
   */
  private serviceRecord(text: string, p: number, lineNo: number, w: Wrapper, lastLine: number): boolean {
    // systemd before 230 or so named the unit without the colon, or after "Unit " (`kubelet.service holdoff time
    // over, scheduling restart.`, `Unit kubelet.service entered failed state.`).
    const old = text.startsWith(OLD_UNIT_PREFIX, p);
    const from = old ? p + OLD_UNIT_PREFIX.length : p;
    let unitEnd = text.indexOf(SERVICE_SUFFIX, from);
    let message = unitEnd + SERVICE_SUFFIX.length;
    if (old || unitEnd < 0 || unitEnd - from > 64) {
      unitEnd = text.indexOf(OLD_SERVICE_SUFFIX, from);
      message = unitEnd + OLD_SERVICE_SUFFIX.length;
    }
    let unit = unitEnd > from && unitEnd - from <= 64 ? text.slice(from, unitEnd) : '';
    if (!unit) {
      // A stop or start told by the unit's description (`Stopping Kubernetes Kubelet...`, `Stopped kubelet: The
      // Kubernetes Node Agent.`, `Started …`), not its name.
      unit = kubeletUnitDescription(text, p);
      message = p;
    }
    if (unit.startsWith('snap.')) unit = unit.slice(5);
    if (!unit || (message !== p && !isKubeletName(unit)) || !isServiceManagerMessage(text.slice(message))) return false;
    const timeUs = this.journalTimeOnKlogClock(w);
    if (!Number.isFinite(timeUs)) return false;
    // The record before it goes first: its identifier may be what tells the kubelet's.
    this.flush();
    // Before the journal has told the kubelet's identifier (its first lines are systemd's), the unit's name stands
    // for it: a kubelet-named unit runs the kubelet, and its identifier is that name as a rule (kubelet, k3s, …).
    const ident = this.programs.kubeletIdent() ?? unit;
    const sw = this.serviceWrapper;
    Object.assign(sw, w);
    sw.ident = ident;
    // A restart scheduled and a stop asked for are the service manager's routine; the rest say the kubelet failed.
    const severity = SERVICE_INFO_STARTS.some((w) => text.startsWith(w, message)) ? Severity.Info : Severity.Error;
    this.startHeaderless(text, message, lineNo, sw, lastLine, timeUs, severity, false);
    this.flush();
    return true;
  }

  /**
   * The time of a line without a klog header (see stderrRecord, serviceRecord), on the klog clock: the wrapper's
   * clock moved on from the last record that showed both by what it says (a journal prints each line's time); else
   * the time of the record before it; with neither, the wrapper's own time; NaN when there is none.
   */
  private headerlessTimeUs(w: Wrapper | undefined): number {
    const todUs = w ? wrapperTimeOfDayUs(w) : NaN;
    if (Number.isFinite(todUs) && Number.isFinite(this.clockWrapperTodUs)) {
      // Time of day only: the klog clock and the wrapper's may be in different zones, and a month has no 32nd day.
      // Within half a day either way: in a newest-first journal the record before it is later.
      const gapUs = signedDayGap(todUs - this.clockWrapperTodUs);
      // A journal of whole seconds (short, syslog) cut the fraction off the record that showed both clocks: a line a
      // second or more later is at the start of its own second, not at that record's fraction again.
      if (gapUs >= US_PER_S && todUs % US_PER_S === 0 && this.clockWrapperTodUs % US_PER_S === 0) {
        return Math.max(this.clockKlogUs, this.clockKlogUs - this.clockResidualUs() + gapUs);
      }
      return this.clockKlogUs + gapUs;
    }
    const prev = this.pending?.rec;
    return prev && Number.isFinite(prev.yearlessUs) ? prev.yearlessUs : w ? wrapperYearlessUs(w) : NaN;
  }

  /**
   * The time of a headerless line, on the klog clock, when the klog clock lagged the journal's: the kubelet's lines
   * reached journald late (a blocked output; k3s under load), and a line that did not wait with them — the service
   * manager's, or one that states its own time (ownTimeOnKlogClock) — is at the journal's time, moved by the zones
   * alone, not by the lag. (In a journal of whole seconds, not before the record before it within its second.) As
   * headerlessTimeUs when there was no lag.
   */
  private journalTimeOnKlogClock(w: Wrapper): number {
    const todUs = wrapperTimeOfDayUs(w);
    if (!Number.isFinite(todUs) || !Number.isFinite(this.clockWrapperTodUs)) return this.headerlessTimeUs(w);
    const lagUs = this.clockResidualUs();
    if (lagUs > -MIN_CLOCK_LAG_US) return this.headerlessTimeUs(w);
    const us = this.withoutLagUs(todUs, lagUs);
    const prevUs = this.lastRecordUs;
    return todUs % US_PER_S === 0 && prevUs > us && prevUs - us < US_PER_S ? prevUs : us;
  }

  /**
   * The time of a headerless line that states its own (logrus' `time="2019-06-28T18:37:39.014193136Z"`, at `at`), on
   * the klog clock: journalTimeOnKlogClock's, with the fraction of a second the journal's own time left out — when the
   * line's time agrees with the journal's, zones apart.
   */
  private ownTimeOnKlogClock(text: string, at: number, w: Wrapper): number {
    const todUs = wrapperTimeOfDayUs(w);
    const lagUs = this.clockResidualUs();
    if (!Number.isFinite(todUs) || !Number.isFinite(this.clockWrapperTodUs) || lagUs > -MIN_CLOCK_LAG_US ||
      parseIsoTimestamp(text, at, this.isoParts) < 0) return this.headerlessTimeUs(w);
    const ownUs = pastQuarterHours(this.isoParts.epochUs % US_PER_DAY - todUs);
    if (Math.abs(ownUs) > MAX_OWN_TIME_SKEW_US) return this.headerlessTimeUs(w);
    return this.withoutLagUs(todUs, lagUs) + ownUs;
  }

  /** The wrapper's time of day `todUs` on the klog clock, moved by the zones between the two clocks but not by `lagUs`. */
  private withoutLagUs(todUs: number, lagUs: number): number {
    return this.clockKlogUs - lagUs + signedDayGap(todUs - this.clockWrapperTodUs);
  }

  /** How far the klog clock was ahead of the wrapper's at the last record showing both, past whole quarter hours (zones). */
  private clockResidualUs(): number {
    return pastQuarterHours((this.clockKlogUs % US_PER_DAY) - this.clockWrapperTodUs);
  }

  /**
   * The time of a klog line whose header lost its date (`hh:mm:ss.uuuuuu pid file:line]`): on the day of the record
   * before it — the next day when its time of day is more than half a day earlier — else on the wrapper's date, else on
   * 1 January (said once, as there is nothing to date the lines by).
   */
  private datelessUs(todUs: number, w: Wrapper | undefined, lineNo: number): number {
    const prevUs = this.lastRecordUs;
    // No time either (`29867 server.go:292] …`): the record before it's, else the wrapper's, else the next record's
    // (emit holds it until then).
    if (Number.isNaN(todUs)) return Number.isFinite(prevUs) ? prevUs : w ? wrapperYearlessUs(w) : NaN;
    if (Number.isFinite(prevUs)) {
      const prevTodUs = prevUs % US_PER_DAY;
      const dayUs = prevUs - prevTodUs;
      return (todUs < prevTodUs - US_PER_DAY / 2 ? yearlessNextDayUs(dayUs) : dayUs) + todUs;
    }
    const wrapperUs = w ? wrapperYearlessUs(w) : NaN;
    if (Number.isFinite(wrapperUs)) return wrapperUs - (wrapperUs % US_PER_DAY) + todUs;
    // A document's date before the lines (an issue's, a post's) is the best guess of their day.
    const dates = this.facts.proseDates;
    const date = dates.length ? dates[dates.length - 1] : 0;
    if (date % 100) {
      const month = Math.floor(date / 100) % 100;
      const day = date % 100;
      if (this.facts.undatedRecords++ === 0) {
        const iso = `${Math.floor(date / 10000)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        this.sink.diagnostic(lineNo, 'warning', `klog lines without a date (time of day only): read as on ${iso}, the last date in the text before them`);
      }
      return yearlessUs(month, day, todUs);
    }
    // Held until a record with a date comes (emit), and put on its day: the lines of an excerpt whose first header a
    // paste cut to its time are that day's, not 1 January's.
    if (this.untimed.length < MAX_UNTIMED_RECORDS && this.datelessTod.size < MAX_UNTIMED_RECORDS) {
      this.datelessTod.set(lineNo, todUs);
      return NaN;
    }
    return this.firstOfJanuaryUs(todUs, lineNo);
  }

  /**
   * The time of a record whose header kept its date but not its time of day (`W0216 eviction_manager.go:329]`): the
   * wrapper's time (a journal's) when it is on that day, else the record before it's on that day, else the day's start
   * — so the records keep their order. Said once.
   */
  private timelessDayUs(month: number, day: number, w: Wrapper | undefined, lineNo: number): number {
    const dayUs = yearlessUs(month, day, 0);
    const sameDay = (us: number) => Number.isFinite(us) && us - (us % US_PER_DAY) === dayUs;
    const wrapperUs = w ? wrapperYearlessUs(w) : NaN;
    if (this.timeOfDayLost++ === 0) {
      this.sink.diagnostic(lineNo, 'info', 'klog lines whose header lost its time of day (severity and date kept): ' +
        (sameDay(wrapperUs) ? 'timed by the journal\'s time' : 'timed in order within their day, at the time of the line before on that day, else its start'));
    }
    return sameDay(wrapperUs) ? wrapperUs : sameDay(this.lastRecordUs) ? this.lastRecordUs : dayUs;
  }

  /** 1 January at `todUs`, said once: nothing dates the lines. */
  private firstOfJanuaryUs(todUs: number, lineNo: number): number {
    if (this.facts.undatedRecords++ === 0) {
      this.sink.diagnostic(lineNo, 'warning', 'klog lines without a date (time of day only) and nothing before them to date them by: read as 1 January');
    }
    return yearlessUs(1, 1, todUs);
  }

  /** Starts a record of a line without a klog header at `timeUs`, its text from `p` on (Era.Stderr). */
  private startHeaderless(text: string, p: number, lineNo: number, w: Wrapper | undefined, lastLine: number, timeUs: number,
    severity: Severity, dumpFollows: boolean): void {
    const prev = this.pending?.rec;
    this.flush();
    const rec: LogRecord = {
      line: lineNo, lineCount: lastLine - lineNo + 1, severity, yearlessUs: timeUs,
      yearHint: prev ? prev.yearHint : w!.year, pid: prev ? prev.pid : -1, file: '', fileLine: 0, era: Era.Stderr,
      text: text.slice(p, p + MAX_STDERR_LINE_CHARS).trimEnd(), msgStart: 0, json: undefined,
      host: prev ? prev.host : w!.host, wrapper: w ? w.kind : prev!.wrapper, damage: '', cutShort: false,
    };
    this.setPending(rec, w);
    // A crash report's goroutine dump follows it.
    this.panicMode = dumpFollows;
  }

  private setPending(rec: LogRecord, w: Wrapper | undefined): PendingRecord {
    const pending = this.builder.start(rec);
    this.pending = pending;
    this.lastRecordUs = rec.yearlessUs;
    this.pendingIdent = w && w.ident ? w.ident : this.sectionProgram;
    this.pendingProgram = this.pendingIdent;
    this.pendingHost = rec.host;
    const wrapperTodUs = w && rec.era !== Era.Stderr ? wrapperTimeOfDayUs(w) : NaN;
    if (Number.isFinite(wrapperTodUs)) {
      this.clockKlogUs = rec.yearlessUs;
      this.clockWrapperTodUs = wrapperTodUs;
      if (rec.era !== Era.Json) this.clocks.sample(wrapperTodUs, rec.yearlessUs % US_PER_DAY, w!.kind);
    }
    this.continuationAtStart = this.counts.continuation;
    this.openBlock = false;
    this.panicMode = false;
    this.dumpLines = 0;
    this.joinable = true;
    return pending;
  }

  /** A JSON object line: a kubelet JSON log record, a journald export entry, or damage. False if neither. */
  private jsonLine(text: string, start: number, lineNo: number, w: Wrapper | undefined, lastLine: number): boolean {
    const o = start === 0 && text === this.jsonText ? this.jsonObj : parseJsonObject(text, start);
    this.jsonText = undefined;
    if (!o) {
      if (!looksLikeJsonLog(text)) return false;
      this.releaseUpsideDown();
      this.flush();
      // The next lines may be the rest of it.
      const own = start === 0 ? text : text.slice(start);
      this.cutJson = { text: own, firstChars: own.length, first: lineNo, joined: 0, wrapper: w && copyWrapper(w) };
      return true;
    }
    if (!isKubeletJsonLog(o)) return false;
    // A program the kubelet ran (a CNI plugin) writing its own JSON log to the stderr it inherited: under the
    // kubelet's identifier in a journal, but not a kubelet record.
    if (w?.ident && isOtherProgramsJsonLog(o) && this.programs.isKubeletIdent(w.ident)) return false;
    this.releaseUpsideDown();
    this.flush();
    const rec = jsonLogRecord(o, start === 0 ? text : text.slice(start), lineNo, w);
    if (!rec) {
      this.counts.unrecognized++;
      this.sink.diagnostic(lineNo, 'warning', 'JSON log line with an unreadable "ts"; skipped');
      return true;
    }
    rec.lineCount = lastLine - lineNo + 1;
    this.setPending(rec, w);
    return true;
  }

  /**
   * The line after a JSON log line that did not parse: joined to it if it starts no record of its own (no wrapper, no
   * klog header, no JSON object) and the two, end to end, parse as a kubelet JSON record (a terminal's copy cuts a
   * line without losing a character; whether an editor trimmed a space at the cut cannot be told, so none is added). A line that does not complete it yet is held too, up to MAX_CUT_JSON_LINES lines. True if
   * the line was taken; false if it was not (the held line is then given up on: a warning, and it is skipped).
   */
  private continueCutJson(text: string, p: number, w: Wrapper | undefined, lastLine: number): boolean {
    const cut = this.cutJson!;
    const piece = text.slice(p);
    const startsRecord = w !== undefined || piece.charCodeAt(0) === 123 /* { */ || isBlankFrom(text, p) || isElisionMark(text, p)
      || findKlogHeader(text, p, this.header);
    if (startsRecord || cut.text.length + piece.length > MAX_CUT_JSON_CHARS) {
      this.giveUpCutJson();
      return false;
    }
    const joined = cut.text + piece;
    const o = parseJsonObject(joined, 0);
    const rec = o && isKubeletJsonLog(o) ? jsonLogRecord(o, joined, cut.first, cut.wrapper) : undefined;
    if (rec) {
      this.cutJson = undefined;
      // Each line joined is a continuation line of the record (the physical lines a wrap split were counted as such).
      this.counts.continuation += cut.joined + 1;
      rec.lineCount = lastLine - cut.first + 1;
      this.setPending(rec, cut.wrapper);
      return true;
    }
    if (cut.joined + 2 >= MAX_CUT_JSON_LINES) {
      this.giveUpCutJson();
      return false;
    }
    cut.text += piece;
    cut.joined++;
    return true;
  }

  /** The lines gathered for a JSON object that is no log entry after all, read the ordinary way. */
  private replayJsonDoc(): void {
    const lines = this.jsonDocLines;
    this.jsonDocLines = [];
    this.jsonDoc = undefined;
    this.replayingJsonDoc = true;
    try {
      for (const l of lines) this.physical(l.text, l.lineNo, l.lastLine);
    } finally {
      this.replayingJsonDoc = false;
    }
  }

  /** The held JSON line never parsed: it and the lines held with it are skipped, with the warning on its first line. */
  private giveUpCutJson(): void {
    const cut = this.cutJson;
    if (!cut) return;
    this.cutJson = undefined;
    // The line itself is read as far as it goes: its time, caller and message (cut) are still a record where it was.
    // The lines held after it did not complete it, so they are not its.
    const own = cut.text.slice(0, cut.firstChars);
    const o = salvageCutJson(own);
    const rec = o && jsonLogRecord(o, own, cut.first, cut.wrapper);
    if (rec) {
      this.counts.unrecognized += cut.joined;
      this.sink.diagnostic(cut.first, 'warning', cutWarning('inside its JSON object (the line ends before the object does)'));
      this.setPending(rec, cut.wrapper);
      this.flush();
      return;
    }
    this.counts.unrecognized += 1 + cut.joined;
    this.sink.diagnostic(cut.first, 'warning', 'looks like a JSON log line but is not valid JSON (cut or damaged); skipped');
  }

  private tryContinuation(text: string, p: number, lastLine: number, w?: Wrapper): boolean {
    const pending = this.pending!;
    if (this.panicMode ? looksLikeDumpLine(text, p) : looksLikePanicLine(text, p)) {
      // The dump stays in the record's line span (the raw view shows it) but not in its message text.
      this.panicMode = true;
      this.dumpLines++;
      this.noteLogLibrary(text);
      this.counts.continuation++;
      pending.extendTo(lastLine);
      return true;
    }
    if (this.panicMode) {
      this.panicMode = false;
      // Something after the dump that is not part of it (prose after a pasted panic): the record is over. Before
      // any dump line, a fatal message's own second line (journald's entry for it) may still continue it.
      if (this.dumpLines > 0) {
        this.joinable = false;
        return false;
      }
    }
    if (!this.joinable) return false;
    // The command printing the error the record just logged again, to stderr (`kubelet: failed to create kubelet: …`
    // under `E0504 … server.go:270] Failed running kubelet: failed to create kubelet: …`): part of the record's lines,
    // not of its message.
    if (w && w.ident && this.echoesPending(text, p)) {
      this.counts.continuation++;
      pending.extendTo(lastLine);
      return true;
    }
    // (Never the record's continuation: crictl's own line, which says whose the record was.)
    if (!w && this.markIfCrictlFails(text, p, lastLine)) return false;
    const c = text.charCodeAt(p);
    const rec = pending.rec;
    if (c === 9) {
      this.counts.continuation++;
      pending.append('\n' + text.slice(p), lastLine);
      return true;
    }
    // `...` or `<snip>` after a record cut short says lines were left out, and a markdown fence closes the block the
    // record was pasted in: either ends the record, never continues it (a quote left open by the cut included).
    // (A fence indented with the list item the block is in, too.)
    const q = firstNonSpace(text, p);
    if (isElisionMark(text, p) || knownLine(text, p) === KnownLine.Fence || (q > p && q - p <= MAX_FENCE_INDENT && knownLine(text, q) === KnownLine.Fence)) return false;
    // (Not after a header cut short — the line ended with it, the message is lost — nor with a damaged header's line.)
    if ((pending.wrappedLines > 0 || (!pending.rec.damage && pending.messageEmpty())) && !looksLikeDamagedHeader(text, p)) {
      return this.joinWrappedMessage(text, p, lastLine);
    }
    // (A line the poster cut with an ellipsis has no rest: the quote stays open.)
    if (rec.era === Era.Structured && pending.insideQuote() && !pending.endsWith('...') && !pending.endsWith('\u2026')) {
      // A web page or terminal cut the line inside a quoted value: the rest follows with no separator.
      this.counts.continuation++;
      pending.append(text.slice(p), lastLine);
      return true;
    }
    const open = rec.era === Era.Printf ? pending.openBrackets() : 0;
    if (open > 0 && closesBrackets(text, p, open)) {
      // A terminal cut a printf line inside a Go value (`Node became not ready: {Type:Ready … LastTransitionTime:…`
      // / `.458777724 +0100 … Message:[…]}`): the rest, which closes it, follows with no separator.
      this.counts.continuation++;
      pending.append(text.slice(p), lastLine);
      return true;
    }
    const split = continuesAtSplitPoint(pending, text, p);
    if (split) {
      // The poster broke the line where the kubelet's message always goes on (split-points.ts).
      this.counts.continuation++;
      if (split.joiner) pending.trimEnd();
      pending.append(split.joiner + text.slice(p).trim(), lastLine);
      return true;
    }
    if (c === 32) {
      // Indented continuation of a line a web page wrapped.
      this.counts.continuation++;
      pending.trimEnd();
      pending.append(' ' + text.slice(p).trim(), lastLine);
      return true;
    }
    if (rec.era === Era.Structured && pending.endsWith(' ') && startsWithKey(text, p) && !looksLikeLogfmtRecord(text, p)) {
      // The next pair, the record wrapped at the space before it (kept at the line's end). (A line cut anywhere —
      // `…" podUID="c17` / `45bf9…` — is the rule below's, joined with nothing between.)
      this.counts.continuation++;
      pending.append(text.slice(p), lastLine);
      return true;
    }
    if (rec.era === Era.Structured && looksLikeKeyValueTail(text, p)) {
      this.counts.continuation++;
      pending.append(text.slice(p), lastLine);
      return true;
    }
    if (!w && rec.line + rec.lineCount === lastLine && this.wrappedMidWord(text, p)) {
      // A terminal wrapped the record's line once, inside a word (`… similar to th` / `is. Turn up verbosity …`): too
      // few rows for hard-wrap.ts to see a width. The rest follows with nothing between.
      this.counts.continuation++;
      pending.append(text.slice(p).trimEnd(), lastLine);
      this.lastRowChars = text.length;
      this.midWordJoins++;
      return true;
    }
    if (w && w.ident && this.sameJournalSecond(w) && (!looksLikeOtherLogger(text, p) || quotesSameLog(text, p, pending.rec.text)) &&
      !looksLikeDamagedHeader(text, p)) {
      // journald makes each line of a message printed with newlines in it an entry of its own, under the same
      // identifier and second, without a klog header: a mount's "Unmounting arguments: …" and "Output: umount: …"
      // (or the next line of a command's own log the message quotes: rbd's "2016-08-21 00:04:10.81 … auth: …").
      this.counts.continuation++;
      pending.append('\n' + text.slice(p), lastLine);
      return true;
    }
    return false;
  }

  /**
   * `text` (from `p`, no wrapper of its own) is the rest of the pending record's last row, which a terminal wrapped
   * inside a word: that row is wide (a screen's width) and ends in a letter or digit, and this line (not much wider:
   * a poster may have joined some rows back) goes on with a lower-case letter or the punctuation that follows a word
   * — not a prompt, a fence or a sentence of prose.
   */
  private wrappedMidWord(text: string, p: number): boolean {
    const pending = this.pending!;
    if (this.lastRowChars < MIN_WRAPPED_ROW_CHARS || text.length - p > 2 * this.lastRowChars) return false;
    const tail = pending.tail(1);
    if (!/[A-Za-z0-9]/.test(tail)) return false;
    const c = text.charCodeAt(p);
    // (A sentence's full stop, not the dots of an elision or a pasted line's marks.)
    const stop = c === 46 && (p + 1 >= text.length || text.charCodeAt(p + 1) === 32);
    const wordGoesOn = (c >= 97 && c <= 122) || stop || c === 44 || c === 59 || c === 58 || c === 41 || c === 93 || c === 125 || c === 34;
    // (Bare words alone — a note between quoted lines — are no rest of a log line, which goes on with values; nor is
    // a lone `host:` heading, which tools that run a command on many hosts put before each host's lines: salt, ansible.)
    return wordGoesOn && !PROMPT_OR_PROSE.test(text.slice(p, p + 48)) && /[\d"'=/()[\]{}:;.,]/.test(text.slice(p, p + 400)) &&
      !isHostHeading(text, p);
  }

  /**
   * A header that ends its line, its message on the lines after it: a paste an editor hard-wrapped at spaces (a notes
   * file's journal line cut at ~100 columns). The first line becomes the message — which decides the record's era —
   * and the next ones join it with the space they were wrapped at, until a blank line, a fence or another record.
   */
  private joinWrappedMessage(text: string, p: number, lastLine: number): boolean {
    const pending = this.pending!;
    if (pending.wrappedLines >= MAX_WRAPPED_MESSAGE_LINES) return false;
    const piece = text.slice(p).trim();
    pending.trimEnd();
    if (pending.wrappedLines === 0) {
      // The message starts one space after the header's "]", as on a line never wrapped (rec.text is still the
      // header's line: the pieces are joined when the record is done).
      const rec = pending.rec;
      rec.msgStart = rec.text.trimEnd().length + 1;
      if (piece.charCodeAt(0) === 34) rec.era = Era.Structured;
    }
    pending.append(' ' + piece, lastLine);
    pending.wrappedLines++;
    this.counts.continuation++;
    return true;
  }

  /**
   * A klog line printed by the program a prompt ran (commandOutput): kept, but without a pid, so it makes no kubelet
   * restart (a kubectl or crictl run in a pasted terminal session prints klog lines of its own).
   */
  markCommandOutput(rec: { line: number; pid: number }): void {
    if (this.commandNoted === this.commandLine) {
      rec.pid = -1;
      return;
    }
    this.commandNoted = this.commandLine;
    this.markOtherProgram(rec, this.commandOutput, `run at the prompt on line ${this.commandLine}`);
  }

  /** `text` is crictl's logrus failure line right after the pending record: that record was crictl's (see nonLogLine). */
  private markIfCrictlFails(text: string, p: number, lineNo: number): boolean {
    const rec = this.pending?.rec;
    if (!rec || rec.line + rec.lineCount !== lineNo) return false;
    const q = firstNonSpace(text, p);
    if (q < 0 || !CLI_LOGRUS_LINE.test(text.slice(q, q + 16))) return false;
    // (Asked again for the same line once it is found no continuation: said once.)
    if (rec.pid >= 0) this.markOtherProgram(rec, 'crictl', `as its own line below (line ${lineNo}) says`);
    return true;
  }

  private markOtherProgram(rec: { line: number; pid: number }, program: string, why: string): void {
    rec.pid = -1;
    this.sink.diagnostic(rec.line, 'info', otherProgramNote(`\`${program}\`, ${why}`));
  }

  /** The journal line `w` is stamped with the second of the pending record's own journal line. */
  private sameJournalSecond(w: Wrapper): boolean {
    const todUs = wrapperTimeOfDayUs(w);
    return Number.isFinite(todUs) && Number.isFinite(this.clockWrapperTodUs) && this.clockKlogUs === this.pending!.rec.yearlessUs
      && Math.floor(todUs / 1e6) === Math.floor(this.clockWrapperTodUs / 1e6);
  }

  /** The logging library a Go stack's line names, the first one seen (a version signal: source-notes.ts logLibraryIn). */
  private noteLogLibrary(text: string): void {
    if (!this.facts.logLibrary) this.facts.logLibrary = logLibraryIn(text);
  }

  /** Upside-down block lines (newest-first journal): held until the header they belong to. True if taken. */
  private collectUpsideDown(text: string, p: number, lineNo: number): boolean {
    if (this.upsideDown) {
      if (!isBlockValueLine(text, p) || this.upsideDown.lines.length >= MAX_UPSIDE_DOWN_LINES) return false;
      this.upsideDown.lines.push(text.slice(p));
      return true;
    }
    if (!isBlockClose(text, p) || this.openBlock) return false;
    this.upsideDown = { lines: [text.slice(p)], first: lineNo };
    return true;
  }

  private attachUpsideDown(pending: PendingRecord): void {
    const block = this.upsideDown!;
    this.upsideDown = undefined;
    // The value came above its header (a lone ` >` may instead end a value cut off before the excerpt, this header's
    // own lines then following it as usual).
    if (block.lines.length > 1) this.openBlock = false;
    const rec = pending.rec;
    const last = rec.line + rec.lineCount - 1;
    rec.line = block.first;
    rec.lineCount = last - block.first + 1;
    for (let k = block.lines.length - 1; k >= 0; k--) pending.append('\n' + block.lines[k], last);
    this.counts.continuation += block.lines.length;
  }

  /** Held upside-down lines that no header claimed: they continue the record before them, as in a forward file. */
  private releaseUpsideDown(): void {
    const block = this.upsideDown;
    if (!block) return;
    this.upsideDown = undefined;
    for (let k = 0; k < block.lines.length; k++) {
      const pending = this.pending;
      if (pending && this.joinable) {
        this.counts.continuation++;
        pending.append('\n' + block.lines[k], block.first + k);
      } else if (isBlankFrom(block.lines[k], 0)) {
        this.counts.blank++;
      } else {
        this.nonLogLine(block.lines[k], 0, block.first + k);
      }
    }
  }

  /** `fromJournal`: another program's line (or the kubelet's own non-klog output) in a journal. */
  private nonLogLine(text: string, p: number, lineNo: number, fromJournal = false, w?: Wrapper): void {
    // crictl fails with its own logrus line (`FATA[0002] getting status of runtime: …`) right after the CRI client's
    // klog line: that line was crictl's too.
    if (!w) this.markIfCrictlFails(text, p, lineNo);
    this.flush();
    if (!fromJournal) {
      const program = promptProgram(text, p);
      // A container's own log printed at the prompt (`docker logs <id>`): its lines are that program's, as in a
      // `minikube logs` section of its own, until the block or the session moves on.
      if (this.promptSection && (program !== undefined || knownLine(text, p) === KnownLine.Fence)) [this.sectionProgram, this.promptSection] = ['', false];
      if (program?.startsWith(CONTAINER_LOG_PREFIX)) [this.sectionProgram, this.promptSection, this.commandOutput] = [program.slice(CONTAINER_LOG_PREFIX.length), true, ''];
      else if (program !== undefined) [this.commandOutput, this.commandLine] = [program, lineNo];
      else if (this.commandOutput && knownLine(text, p) === KnownLine.Fence) this.commandOutput = '';
    }
    // A log viewer's copy that shows an entry's time and node on lines of their own, before its text.
    if (w && w.kind === 'timestamp' && isZoneOnly(text, w.payloadStart)) this.loneTimeLine = lineNo;
    else if (!w && this.loneTimeLine === lineNo - 1 && (this.loneHost = loneHostName(text, p))) this.loneHostLine = lineNo;
    if (text.charCodeAt(p) === 61 /* = */) this.sectionProgram = containerSectionName(text, p);
    this.joinable = false;
    this.counts.unrecognized++;
    // (Another program's journal line is a log's line still: only text with no wrapper separates a quote.)
    if (!w) this.otherLines[this.otherLineCount++ % OTHER_LINES_KEPT] = lineNo;
    this.notes.nonLogLine(text, p, lineNo, fromJournal, this.counts.klog);
  }

  /**
   * Whether a line that is no log line of any program (prose, a prompt, a fence) lies strictly between lines `after` and `before`:
   * what separates a quote from the lines it repeats. Only the last OTHER_LINES_KEPT such lines are kept; where the
   * answer may lie in those forgotten, it is yes.
   */
  otherLineBetween(after: number, before: number): boolean {
    const kept = Math.min(this.otherLineCount, OTHER_LINES_KEPT);
    let oldest = Infinity;
    for (let k = 0; k < kept; k++) {
      const x = this.otherLines[k];
      if (x > after && x < before) return true;
      if (x < oldest) oldest = x;
    }
    return this.otherLineCount > OTHER_LINES_KEPT && oldest >= before;
  }

  private flush(): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    this.openBlock = false;
    this.panicMode = false;
    const rec = pending.finish();
    const ident = this.pendingProgram;
    const continuationLines = this.counts.continuation - this.continuationAtStart;
    const program = this.programs.verdict(ident);
    if (program === Program.Undecided) {
      this.hold({ rec, ident, continuationLines });
      return;
    }
    // A named kubelet identifier has just decided the journal: what was held goes first, in order.
    if (this.held.length) this.releaseHeld();
    if (program === Program.Kubelet) this.emit(rec, ident);
    else this.skipOtherProgram(ident, continuationLines);
  }

  /** A kubelet record: counted, its wrapper, identifier and host noted, and passed on. */
  private emit(rec: LogRecord, ident: string): void {
    if (rec.lineCount > MAX_RECORD_LINES) {
      const from = rec.line + MAX_RECORD_LINES;
      this.sink.diagnostic(rec.line, 'warning', `the record spans ${rec.lineCount.toLocaleString('en-US')} lines, more than the ` +
        `${MAX_RECORD_LINES.toLocaleString('en-US')} an event can: lines ${from}–${rec.line + rec.lineCount - 1} (the rest of a goroutine ` +
        'dump?) are counted but not part of its event');
      rec.lineCount = MAX_RECORD_LINES;
    }
    if (Number.isNaN(rec.yearlessUs) && this.untimed.length < MAX_UNTIMED_RECORDS) {
      this.untimed.push({ rec, ident });
      return;
    }
    if (this.untimed.length) this.releaseUntimed(rec.yearlessUs);
    this.lastKubelet = { rec, ident };
    this.notes.vote(rec.era === Era.Json && rec.wrapper === 'none' ? 'json' : rec.wrapper as WrapperKind, ident, rec.host);
    if (rec.era === Era.Stderr) {
      // Not a klog record (it has no header): its first line is counted as one that accompanies records, like the
      // dump after it.
      this.counts.continuation++;
      this.sink.record(rec);
      return;
    }
    this.counts.klog++;
    // (The words are read on the first records and on warnings and errors, where a Windows node's show: not on every
    // record of a long journal.)
    if (!this.facts.windows) {
      this.facts.windows = isWindowsFile(rec.file) ? windowsFileSignal(rec.file)
        : rec.severity >= Severity.Warning || this.counts.klog <= WINDOWS_WORDS_RECORDS ? windowsTextSignal(rec.text) : '';
    }
    // A line a pager or `systemctl status` cut short: said here, so the cut below is not said again.
    let screenCut = this.pagerCutLines.delete(rec.line);
    if (screenCut) this.sink.diagnostic(rec.line, 'warning', pagerCutWarning(this.pager.widthChars));
    else if (this.ellipsizedLines.has(rec.line)) {
      screenCut = true;
      const where = this.ellipsizedLines.get(rec.line) === 'end' ? 'the ellipsis at its end' : 'the ellipsis in its middle: what lay between is missing';
      this.ellipsizedLines.delete(rec.line);
      this.sink.diagnostic(rec.line, 'warning', cutWarning(`where \`systemctl status\` shortened it to the screen's width (${where}; \`systemctl status -l\` or \`journalctl -u kubelet\` shows it whole)`));
    }
    // (The source's own warning tells of chopped lines, once.)
    const chopped = this.choppedLines.delete(rec.line);
    const truncated = rec.line <= this.truncatedLine && this.truncatedLine < rec.line + rec.lineCount;
    // Only a one-line record ends where its line was cut; the end of a longer one is its last line's.
    // The source's last line, a record of one line after others: a paste or a page's copy often stops inside it, with
    // no mark. (A source of one line alone is taken as written.)
    const last = this.ending && rec.line >= this.lastContentLine && this.counts.klog > 1;
    rec.cutShort = rec.lineCount === 1 && (screenCut || chopped || truncated || last);
    if (rec.cutShort && !(screenCut || chopped || truncated)) rec.cutSupposed = true;
    if (rec.era === Era.Structured) {
      this.facts.eras.structured++;
      // A line the splitter cut for its length, or a pager, was reported as such already.
      const cut = screenCut || truncated ? '' : cutInside(rec.text, rec.msgStart);
      if (cut) this.sink.diagnostic(rec.line, 'warning', cutWarning(cut));
    }
    else if (rec.era === Era.Json) this.facts.eras.json++;
    else this.facts.eras.printf++;
    this.sink.record(rec);
  }

  /** Another program's klog record in a journal: its lines are counted as not the kubelet's (expected there, not stray). */
  private skipOtherProgram(ident: string, continuationLines: number): void {
    this.programs.noteSkipped(ident);
    this.counts.continuation -= continuationLines;
    this.counts.unrecognized += 1 + continuationLines;
    this.facts.journalLines += 1 + continuationLines;
  }

  private hold(h: HeldRecord): void {
    this.programs.noteHeld(h.rec, h.ident);
    this.held.push(h);
    this.heldChars += h.rec.text.length;
    if (this.held.length >= MAX_HELD_RECORDS || this.heldChars >= MAX_HELD_CHARS) {
      this.programs.decideByEvidence();
      this.releaseHeld();
    }
  }

  /**
   * journalctl's line between two boots of the machine (`-- Reboot --`, `-- Boot 6f1a… --`): a record of the
   * kubelet's on the node of its last record, at that record's time (the reboot came after it), so the timeline and
   * the detectors see the node go down. False when the line is not one, or no kubelet record came before it.
   */
  private bootSeparator(text: string, p: number, lineNo: number, lastLine: number): boolean {
    if (!isBootSeparator(text, p)) return false;
    this.flush();
    const last = this.lastKubelet;
    if (!last) return false;
    const sw = this.serviceWrapper;
    Object.assign(sw, newWrapper());
    sw.ident = last.ident;
    sw.host = last.rec.host;
    sw.year = last.rec.yearHint;
    sw.kind = last.rec.wrapper as WrapperKind;
    this.startHeaderless(text, p, lineNo, sw, lastLine, this.lastRecordUs, Severity.Info, false);
    this.flush();
    return true;
  }

  /** The records without a time, at `timeUs` (the next timed record's), in their order. */
  private releaseUntimed(timeUs: number, dated = true): void {
    const untimed = this.untimed;
    this.untimed = [];
    // (A quoted journal line without its date said so itself: undatedJournalError.)
    const klog = untimed.filter((u) => u.rec.era !== Era.Stderr && !this.datelessTod.has(u.rec.line));
    if (klog.length) {
      // (At the end of the source no line with a time came: the time given is a placeholder, and says so.)
      this.sink.diagnostic(klog[0].rec.line, 'info', `${klog.length === 1 ? 'a klog line' : `${klog.length} klog lines`} without a ` +
        'date or time (only the caller, and perhaps the pid, left of the header): ' +
        (dated ? 'timed as the next line with a time' : `no kubelet line after ${klog.length === 1 ? 'it' : 'them'} has a time either, so ${klog.length === 1 ? 'its' : 'their'} time is unknown (shown at the start of ${this.facts.proseDates.length ? 'the document\'s last date' : '1 January'})`));
    }
    const timeOnly = untimed.filter((u) => this.datelessTod.has(u.rec.line));
    if (timeOnly.length && dated) {
      this.sink.diagnostic(timeOnly[0].rec.line, 'info', `${timeOnly.length === 1 ? 'a klog line' : `${timeOnly.length} klog lines`} without a ` +
        'date (time of day only) before any line with one: put on the day of the next line with a date');
    }
    for (const u of untimed) {
      const todUs = this.datelessTod.get(u.rec.line);
      u.rec.yearlessUs = todUs === undefined ? timeUs
        : dated ? timeUs - (timeUs % US_PER_DAY) + todUs : this.firstOfJanuaryUs(todUs, u.rec.line);
      this.emit(u.rec, u.ident);
    }
    this.datelessTod.clear();
  }

  /** The time of records without one when no record after them has one: the document's last date, else 1 January. */
  private untimedFallbackUs(): number {
    const dates = this.facts.proseDates;
    const date = dates.length ? dates[dates.length - 1] : 0;
    return date % 100 ? yearlessUs(Math.floor(date / 100) % 100, date % 100, 0) : yearlessUs(1, 1, 0);
  }

  /** The journal's programs are decided: held records are passed on or skipped, in order. */
  private releaseHeld(): void {
    const held = this.held;
    this.held = [];
    this.heldChars = 0;
    for (const h of held) {
      if (this.programs.verdict(h.ident) === Program.Kubelet) this.emit(h.rec, h.ident);
      else this.skipOtherProgram(h.ident, h.continuationLines);
    }
  }

}

/** The service manager's lines about the kubelet's unit that are routine (info, not error). */
const SERVICE_INFO_STARTS = ['Scheduled restart', 'Stopping ', 'Stopped ', 'Started ', 'Succeeded.', 'Deactivated successfully.'];

/** Unit descriptions that name no kubelet but are its unit's (k3s's). */
const KUBELET_UNIT_DESCRIPTIONS = ['Lightweight Kubernetes'];

/**
 * The description in systemd's line about stopping or starting a unit (`Stopping D...`, `Stopped D.`, `Started D.`)
 * when it is a kubelet's unit's (it names the kubelet, or is k3s's), else ''.
 */
function kubeletUnitDescription(text: string, p: number): string {
  const stopping = text.startsWith('Stopping ', p);
  const word = stopping ? 'Stopping ' : text.startsWith('Stopped ', p) ? 'Stopped ' : text.startsWith('Started ', p) ? 'Started ' : '';
  if (!word) return '';
  const end = text.trimEnd().length - (stopping ? 3 : 1);
  const from = p + word.length;
  if (end - from < 3 || end - from > 120 || !text.startsWith(stopping ? '...' : '.', end)) return '';
  const description = text.slice(from, end);
  return description.toLowerCase().includes('kubelet') || KUBELET_UNIT_DESCRIPTIONS.includes(description) ? description : '';
}

/** journalctl's boot boundary: `-- Reboot --` (older), `-- Boot 6f1a2b… --` (systemd 250+). */
function isBootSeparator(text: string, p: number): boolean {
  const t = text.slice(p, p + 80).trimEnd();
  return t === '-- Reboot --' || (t.startsWith('-- Boot ') && t.endsWith(' --') && /^-- Boot [0-9a-f]{8,32} --$/.test(t));
}

/**
 * The component a journal line names between its identifier and the klog header (`microshift[779521]: kubelet
 * I0128 …`): one lowercase word, dashes allowed, then one space; else ''.
 */
function componentBefore(s: string, from: number, headerStart: number): string {
  const end = headerStart - 1;
  if (end - from < 2 || end - from > 64 || s.charCodeAt(end) !== 32) return '';
  for (let i = from; i < end; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 97 && c <= 122) || c === 45 || (i > from && c >= 48 && c <= 57))) return '';
  }
  return s.slice(from, end);
}

/** What the Go runtime prints first when the process dies: an unrecovered panic, a fatal error, a fatal signal. */
function opensGoCrash(s: string, p: number): boolean {
  return s.startsWith('panic: ', p) || s.startsWith('fatal error: ', p) || isSignalLine(s, p);
}

/**
 * A message after which the lines of a Go stack trace follow: a panic, and HandleCrash's "Observed a panic" (its
 * older form "Recovered from panic" printed bare `file.go:76` lines, which only such a record may take).
 */
function opensPanicDump(s: string, at: number): boolean {
  return s.startsWith('panic', at) || s.startsWith('Observed a panic', at) || s.startsWith('Recovered from panic', at);
}

/** Only spaces, TABs and CRs from `from` on. */
function isBlankFrom(s: string, from: number): boolean {
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return true;
}

/** First character that is not a space or TAB within 64 characters of `from`, or -1. */
function firstNonSpace(s: string, from: number): number {
  const n = Math.min(s.length, from + 64);
  for (let i = from; i < n; i++) if (s.charCodeAt(i) !== 32 && s.charCodeAt(i) !== 9) return i;
  return -1;
}

/** ` >` that closes a klog multi-line value (`key=<` … ` >`), possibly followed by more pairs. */
/**
 * The line without markdown's bold marks when they pair up (`**` an even number of times) — a reporter's emphasis,
 * sometimes spanning lines (the first line opens it, a later one closes it: each then has one, which stays). A lone
 * `**` (a Go type such as `**v1.Pod` in a panic's value) is kept.
 */
function withoutMarkdownBold(text: string): string {
  let n = 0;
  for (let at = text.indexOf('**'); at >= 0; at = text.indexOf('**', at + 2)) n++;
  if (n >= 2 && n % 2 === 0) return text.split('**').join('');
  // Bold opened before a klog line and never closed (`**E0831 23:30:52.951369 …`): the marks are not the line's.
  return n === 1 && text.startsWith('**') && startsLikeKlogHeader(text, 2) ? text.slice(2) : text;
}

/** `km1.example.com:` alone on its line (from `p`): one token of a host name's characters, ended by its colon. */
function isHostHeading(s: string, p: number): boolean {
  const t = s.slice(p).trimEnd();
  return t.length >= 2 && t.length <= 254 && t.endsWith(':') && /^[A-Za-z0-9][-A-Za-z0-9_.<>]*:$/.test(t);
}

function isBlockClose(s: string, p: number): boolean {
  return s.charCodeAt(p) === 32 && s.charCodeAt(p + 1) === 62 && (p + 2 === s.length || s.charCodeAt(p + 2) === 32);
}

/**
 * Where what `grep` puts before a line ends, or 0: its line number (`27:`, or `27-` on a context line), or the name
 * of the file it found the line in, with or without a line number (`kubelet_service.log:Nov 10 …`, `logs/kubelet.log:27:…`).
 */
function grepLineNumberEnd(text: string): number {
  let p = 0;
  while (p < 8 && text.charCodeAt(p) >= 48 && text.charCodeAt(p) <= 57) p++;
  const c = text.charCodeAt(p);
  if (p > 0 && p < 8 && (c === 58 || c === 45)) return p + 1;
  // A file name: path characters with a dot or slash among them, then a colon (the caller checks a log line follows).
  let q = 0;
  let named = false;
  for (; q < MAX_GREP_FILE_NAME; q++) {
    const k = text.charCodeAt(q);
    if (k === 46 /* . */ || k === 47 /* / */) named = true;
    else if (!((k >= 48 && k <= 57) || (k >= 65 && k <= 90) || (k >= 97 && k <= 122) || k === 95 /* _ */ || k === 45 /* - */)) break;
  }
  if (!named || q === 0 || text.charCodeAt(q) !== 58 /* : */) return 0;
  const afterName = q + 1;
  let r = afterName;
  while (r < afterName + 8 && text.charCodeAt(r) >= 48 && text.charCodeAt(r) <= 57) r++;
  return r > afterName && (text.charCodeAt(r) === 58 || text.charCodeAt(r) === 45) ? r + 1 : afterName;
}

/** A log platform's or container log's entry that says it is the program's standard error (Docker's json-file). */
const isStderrEntry = (w: Wrapper) => w.kind === 'log-export' && w.stream === CriStream.Stderr;

/** `Mmm dd hh:mm:ss file.go:NNN] ` at a line's start: a syslog date, then the klog header's caller only. */
// (With the host and program replaced by an ellipsis, too: `Feb 28 16:33:53 ... kubelet.go:2456] …`.)
const DATED_CALLER = /^([A-Z][a-z]{2}) {1,2}(\d{1,2}) (\d\d):(\d\d):(\d\d) (?:(?:\.\.\.|\u2026) )?([\w.-]{1,80}\.go):(\d{1,6})\] /;
const DATED_CALLER_SCAN = 120;
/** A stderr line this long or longer that repeats the end of the record before it is that record's echo. */
const MIN_ECHO = 20;
/** How far into a line a klog header is looked for when telling whether the line starts a record (recordForm). */
const MAX_UNREAD_PREFIX = 96;
/** `kubelet-wrapper[14427]: ` at a line's start, perhaps inside a quote or backtick the poster opened. */
const UNDATED_JOURNAL_PREFIX = /^(["'`]?)([a-z][\w.-]{0,63})\[(\d{1,10})\]: /;
const UNDATED_JOURNAL_SCAN = 90;

/** How far a markdown fence may be indented (a fenced block inside a nested list item). */
const MAX_FENCE_INDENT = 12;

/** The longest file name a grep prefix is read with. */
const MAX_GREP_FILE_NAME = 200;

/**
 * A line of a multi-line value (`key=<` … ` >`): klog indents each with a TAB; an empty line is one whose TAB an editor
 * trimmed away, and one indented by spaces had its TAB turned into them (a paste into an issue, a terminal's copy).
 */
function isBlockValueLine(text: string, p: number): boolean {
  const c = text.charCodeAt(p);
  return c === 9 || isBlankFrom(text, p) || (c === 32 && text.charCodeAt(p + 1) === 32);
}
