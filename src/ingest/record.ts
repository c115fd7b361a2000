/** One kubelet log record as ingest hands it to the catalog: a header plus the (possibly multi-line) text. */
import type { Severity } from './klog-header.ts';
import type { WrapperKind } from './wrappers.ts';

/**
 * How a record was printed. Stderr: written straight to stderr, without a klog header, as the process dies — the Go
 * runtime's crash report (`panic: …`, `fatal error: …`, `SIGABRT: abort`) or the command's own error line (`Error:
 * failed to run Kubelet: …`); its time is estimated (source-reader.ts).
 */
export enum Era { Printf = 0, Structured = 1, Json = 2, Stderr = 3 }

/**
 * The most physical lines a record spans: an event's line span is stored in 16 bits (model/trace.ts lineCount). A
 * longer record (a goroutine dump of a kubelet with many thousands of goroutines) keeps this many; the reader says so.
 */
export const MAX_RECORD_LINES = 65_535;

export interface LogRecord {
  /**
   * First physical line, 1-based, and how many physical lines the record spans (blank lines and an attached Go panic
   * or goroutine dump included: the raw view shows them, the message text does not carry the dump).
   */
  line: number;
  lineCount: number;
  severity: Severity;
  /** Year-less time (util/time.ts yearlessUs), local wall clock as printed. */
  yearlessUs: number;
  /** Year stated by a wrapper or by a JSON `ts`, 0 if none. */
  yearHint: number;
  pid: number;
  file: string;
  fileLine: number;
  era: Era;
  /** Record text: the payload of the header line plus any continuation lines. */
  text: string;
  /** Where the message starts in `text` (for structured records: the opening quote). */
  msgStart: number;
  /** The decoded object for JSON records. */
  json: Record<string, unknown> | undefined;
  /** Node/host a wrapper named for this line, or ''. */
  host: string;
  wrapper: WrapperKind | 'journald-json';
  /** Tolerated damage, '' if none. */
  damage: string;
  /**
   * The text ends where something cut it — a pager or a screen's edge, `systemctl status`'s ellipsis, the
   * line-length limit — and what followed is lost: its message may be the beginning of a known one.
   */
  cutShort: boolean;
  /** cutShort only because the record is the source's last line: nothing marks a cut (see Catalog.matchPrintfCut). */
  cutSupposed?: true;
}
