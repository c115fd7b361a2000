/**
 * The fast path of one source: bare klog lines (ingest/byte-lines.ts offers them as bytes) that turn out to be
 * one-line records, handed to the source as bytes plus a parsed header — never decoded unless their message is new.
 *
 * Whether a line is a one-line record is known only when the next line comes: so the last line taken is held. If
 * the next line is taken too (it starts with a clean header, which ends any record), the held one is complete and
 * goes to the source's fast sink. If the next line goes the ordinary way (it may continue the held record), the
 * held line is decoded and replayed through the source reader first, exactly as if it had gone that way itself.
 * The held line's physical line is counted when it is taken, so line numbers stay in order either way.
 */
import { parseBareKlogHeader, newBareKlogHeader, type BareKlogHeader } from '../ingest/klog-header-bytes.ts';
import type { FastLineTaker } from '../ingest/byte-lines.ts';
import { quotesALine } from '../ingest/quoting-tools.ts';
import { isWindowsFile, windowsFileSignal } from '../ingest/source-notes.ts';
import type { SourceReader } from '../ingest/source-reader.ts';
import { ByteKeyTable, hashAsciiBytes, hashAsciiLine, type LineEnd } from '../util/byte-hash.ts';

/** A line taken by the fast path: its bytes, its clean header, the hash of its (ASCII) message. */
export interface HeldLine {
  bytes: Uint8Array;
  view: DataView;
  start: number;
  end: number;
  header: BareKlogHeader;
  /** hashAsciiBytes of the message, bytes [header.msgStart, end). */
  hash: number;
  lineNo: number;
  /** The caller's file name (one string per distinct name). */
  file: string;
}

export interface FastRecordSink {
  readonly reader: SourceReader;
  /** Records pass straight on (the source reads oldest-first); until then nothing is taken. */
  readonly streaming: boolean;
  /** A physical line starts at this byte of the source (the raw text store's line offsets). */
  lineStarted(byteStart: number): void;
  /** A complete one-line record (the line after it was a header line, or the source was paused there). */
  fastRecord(line: HeldLine): void;
  /** A caller file name met for the first time (a version signal: VersionFingerprint.observeFile). */
  newFile(name: string): void;
}

function newHeldLine(): HeldLine {
  return { bytes: new Uint8Array(0), view: new DataView(new ArrayBuffer(0)), start: 0, end: 0, header: newBareKlogHeader(), hash: 0, lineNo: 0, file: '' };
}

/** Distinct caller file names are few: each is decoded once and found again by its bytes. */
const MAX_FILE_NAMES = 4096;

export class FastRecords implements FastLineTaker {
  private held = newHeldLine();
  /** The line being looked at; swapped with `held` when taken. */
  private incoming = newHeldLine();
  private holding = false;
  private readonly fileNames = new ByteKeyTable(MAX_FILE_NAMES, 1 << 20);
  private readonly fileNameList: string[] = [];
  private readonly decoder = new TextDecoder('utf-8');
  private readonly lineEnd: LineEnd = { newline: 0 };

  constructor(private readonly sink: FastRecordSink) {}

  get takingLines(): boolean {
    return this.sink.streaming;
  }

  takeLine(bytes: Uint8Array, view: DataView, start: number, limit: number, streamStart: number, nulAt: number, maxLineBytes: number): number {
    const reader = this.sink.reader;
    if (!reader.takesBareHeaderLines) return -1;
    const line = this.incoming;
    const header = line.header;
    // The header parser cannot read past a newline (none of the bytes it accepts is one), so the chunk's end bounds it.
    if (!parseBareKlogHeader(bytes, start, limit, header)) return -1;
    let hash = hashAsciiLine(view, header.msgStart, limit, this.lineEnd);
    if (hash < 0) return -1;
    const newline = this.lineEnd.newline;
    let end = newline;
    if (end > header.msgStart && bytes[end - 1] === 13) {
      // A CR before the newline is not part of the line.
      end--;
      hash = hashAsciiBytes(view, header.msgStart, end);
    }
    // A line ending with '>' may be one a pager cut (ingest/pager-cut.ts): the ordinary way takes that mark off. One
    // ending with a space may be a terminal's padded row with more records glued after it (ingest/glued-records.ts).
    if (nulAt < newline || end - start > maxLineBytes || bytes[end - 1] === 62 || bytes[end - 1] === 32) return -1;
    // Another tool's line quoting a kubelet line (ingest/quoting-tools.ts): the ordinary way reads the quoted one.
    if (quotesALine(bytes, header.msgStart, end)) return -1;
    const file = this.fileName(bytes, view, header.fileStart, header.fileEnd);
    // This line starts a new record, so the held one is complete.
    if (this.holding) this.sink.fastRecord(this.held);
    line.bytes = bytes;
    line.view = view;
    line.start = start;
    line.end = end;
    line.hash = hash;
    line.file = file;
    line.lineNo = reader.countLine();
    this.sink.lineStarted(streamStart);
    this.incoming = this.held;
    this.held = line;
    this.holding = true;
    return newline;
  }

  yieldToSlowPath(): void {
    if (!this.holding) return;
    this.holding = false;
    const line = this.held;
    this.sink.reader.replayLine(this.decode(line.bytes, line.start, line.end), line.lineNo);
  }

  /** The held line is a complete record: the source pauses here (the next part starts with a header line). */
  completeHeld(): void {
    if (!this.holding) return;
    this.holding = false;
    this.sink.fastRecord(this.held);
  }

  /** The text of an ASCII byte range. */
  decode(bytes: Uint8Array, start: number, end: number): string {
    return this.decoder.decode(bytes.subarray(start, end));
  }

  private fileName(bytes: Uint8Array, view: DataView, start: number, end: number): string {
    const hash = hashAsciiBytes(view, start, end);
    const known = this.fileNames.get(view, start, end, hash);
    if (known >= 0) return this.fileNameList[known];
    const name = this.decode(bytes, start, end);
    if (this.fileNames.set(bytes, view, start, end, hash, this.fileNameList.length)) this.fileNameList.push(name);
    // (Once per distinct file name.)
    const facts = this.sink.reader.facts;
    if (!facts.windows && isWindowsFile(name)) facts.windows = windowsFileSignal(name);
    this.sink.newFile(name);
    return name;
  }
}
