/** Node-side input: stream files (plain or gzip, detected by magic bytes) into an Analyzer in chunks. */
import { createReadStream, createWriteStream, openSync, readSync, closeSync, statSync, fstatSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { basename, join } from 'node:path';
import { tmpdir } from 'node:os';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { Analyzer } from '../model/analyze.ts';
import { PACK_BLOCK_BYTES, type PackedText } from '../model/raw-text.ts';
import type { ExternalText } from '../model/trace.ts';

export class InputError extends Error {}

export function isGzipFile(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const b = Buffer.alloc(2);
    return readSync(fd, b, 0, 2, 0) === 2 && b[0] === 0x1f && b[1] === 0x8b;
  } finally {
    closeSync(fd);
  }
}

/** The file name that stands for standard input. */
export const STDIN = '-';

/**
 * Inputs that can be read only once — `-` (standard input: `journalctl -u kubelet | syncloop analyze -`), a pipe, a
 * FIFO, process substitution — copied into a temporary file first: what reads an input looks at its first bytes
 * (gzip, a trace file) before reading it, and the trace reads a plain file's text back later. The copy keeps the
 * input's name (`stdin` for standard input) and is removed when the process exits. Regular files are returned as
 * they are; `stdin` is the standard input stream (a parameter for tests).
 */
export async function spoolOneShotInputs(files: string[], stdin: Readable = process.stdin): Promise<string[]> {
  if (files.filter((f) => f === STDIN).length > 1) throw new InputError('- (standard input) can be given once');
  let dir = '';
  const out: string[] = [];
  for (const f of files) {
    if (f !== STDIN) {
      let st;
      try {
        st = statSync(f);
      } catch {
        out.push(f); // checkReadable says what is wrong with it
        continue;
      }
      if (st.isFile() || st.isDirectory()) {
        out.push(f);
        continue;
      }
    }
    if (!dir) {
      dir = mkdtempSync(join(tmpdir(), 'syncloop-input-'));
      const made = dir;
      process.once('exit', () => rmSync(made, { recursive: true, force: true }));
    }
    const copy = join(dir, `${out.length}`);
    const name = join(copy, f === STDIN ? 'stdin' : basename(f));
    mkdirSync(copy); // a folder per input, so that two inputs of one name keep it
    try {
      await pipeline(f === STDIN ? stdin : createReadStream(f), createWriteStream(name));
    } catch (e) {
      throw new InputError(`${f === STDIN ? 'standard input' : f}: cannot read (${(e as Error).message})`);
    }
    out.push(name);
  }
  return out;
}

export function checkReadable(path: string): void {
  let st;
  try {
    st = statSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError(code === 'ENOENT' ? `${path}: no such file` : `${path}: cannot read (${code ?? String(e)})`);
  }
  if (st.isDirectory()) throw new InputError(`${path}: is a directory, not a log file`);
  try {
    closeSync(openSync(path, 'r'));
  } catch (e) {
    throw new InputError(`${path}: cannot read (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
}

/**
 * Feeds one file into the analyzer. Corrupt gzip data ends the source with a diagnostic, not an exception.
 *
 * A plain file's text is not copied into the trace: it stays in the file, which the trace reads back from
 * (FileText), and the file is read through two buffers used in turn. Holding a copy would cost the memory of the
 * whole file and, on the benchmark's VM, more time than anything else stage 1 does: a page of memory touched for
 * the first time cost about 15 µs there, so fresh buffers for a 200 MB log cost ~0.75 s of the kernel's time.
 */
export async function feedFile(analyzer: Analyzer, path: string, chunkBytes = 1 << 20): Promise<void> {
  const gzip = isGzipFile(path);
  if (!gzip && feedRegularFile(analyzer, path, chunkBytes)) return;
  const handle = analyzer.addSource(basename(path), { gzip });
  await streamInto(handle, path, { gzip, chunkBytes });
  handle.end();
}

/** Read buffers for feedRegularFile, made once: a handle is done with a chunk once the next one is pushed. */
let readBuffers: Uint8Array[] = [];

/** Reads a regular file with its text left in the file; false (nothing read) for anything else (a pipe, a FIFO). */
function feedRegularFile(analyzer: Analyzer, path: string, chunkBytes: number): boolean {
  const fd = openSync(path, 'r');
  let text: FileText | undefined;
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return false;
    if (readBuffers.length !== 2 || readBuffers[0].length !== chunkBytes) readBuffers = [new Uint8Array(chunkBytes), new Uint8Array(chunkBytes)];
    // Room for the file's lines and records at once, from how long its first lines are.
    const expectedLines = estimateLines(fd, stat.size, readBuffers[0]);
    analyzer.collector.expectRecords(expectedLines);
    const handle = analyzer.addSource(basename(path), { textElsewhere: true, expectedLines });
    text = new FileText(fd, path);
    const reestimateAt = Math.max(stat.size * REESTIMATE_AT_FRACTION, ESTIMATE_SAMPLE_BYTES * 4);
    for (let k = 0, at = 0; ; k++) {
      const buffer = readBuffers[k & 1];
      let n: number;
      try {
        n = readSync(fd, buffer, 0, chunkBytes, at);
      } catch (e) {
        handle.diagnostic(handle.linesRead + 1, 'error', `read error: ${(e as Error).message}`);
        break;
      }
      if (n === 0) break;
      const chunk = buffer.subarray(0, n);
      text.noteRead(chunk, at);
      handle.push(chunk);
      at += n;
      if (at >= reestimateAt && at - n < reestimateAt && at < stat.size) {
        // The first lines can be longer (or shorter) than the rest: a second look, from many more lines, makes room
        // now, while the columns are short and cheap to copy, not when they run out near the end.
        const projected = Math.ceil(handle.linesRead * (stat.size / at) * ROOM_FOR_SHORTER_LINES);
        analyzer.collector.expectRecords(projected - handle.linesRead);
      }
    }
    handle.end(text.pieces());
    return true;
  } finally {
    // The trace's text keeps the file open (closed once the trace is collected); otherwise close it now.
    if (!text) closeSync(fd);
  }
}

/**
 * About how many lines a file of `size` bytes has (a little more, so that somewhat shorter lines later still fit):
 * from the lines in its first bytes, read into `buffer`. Making room for them at once saves copying every column as
 * it grows; making room for far more than that (a guess from bytes alone) costs a second analysis in the same
 * process the clearing of all of it, since the C library hands big freed blocks out again zeroed.
 */
export function estimateLines(fd: number, size: number, buffer: Uint8Array): number {
  const sample = readSync(fd, buffer, 0, Math.min(buffer.length, ESTIMATE_SAMPLE_BYTES, size), 0);
  const bytes = buffer.subarray(0, sample);
  let lines = 0;
  for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) lines++;
  if (sample >= size) return lines + 1;
  // Too few lines to tell (very long lines, or not a text log): no estimate; the columns grow as they go.
  if (lines < 16) return 0;
  return Math.ceil((size / sample) * lines * ROOM_FOR_SHORTER_LINES);
}

/** Bytes looked at by estimateLines, and how much room it adds beyond what they say. */
const ESTIMATE_SAMPLE_BYTES = 256 << 10;
const ROOM_FOR_SHORTER_LINES = 1.25;
/** How far into a file the estimate is made again, from the lines read so far (at least 4 samples' worth). */
const REESTIMATE_AT_FRACTION = 0.1;

/** An ArrayBuffer of its own (not a slice of Node's shared pool), its bytes not cleared (CollectOptions.uninitializedBuffer). */
export function unclearedBuffer(bytes: number): ArrayBuffer {
  return Buffer.allocUnsafeSlow(bytes).buffer as ArrayBuffer;
}

/** Closes a FileText's file once nothing can read it any more. */
const closeWhenCollected = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // already closed
  }
});

/** Bytes at each end of a piece remembered as it is read, to tell that the file still holds what was read. */
const MARK_BYTES = 64;

/**
 * A plain file's text as the trace's raw text (ExternalText): read back from the open file — so renaming the file
 * (log rotation) changes nothing — in pieces of PACK_BLOCK_BYTES. Each piece's first and last bytes are remembered
 * as read: a file cut short or rewritten since is refused with a clear error rather than shown as other text. Lines
 * appended meanwhile (a live log) change nothing either.
 */
export class FileText implements ExternalText {
  private readonly starts: number[] = [];
  private readonly marks: Uint8Array[] = [];
  private bytes = 0;

  constructor(private readonly fd: number, private readonly path: string) {
    closeWhenCollected.register(this, fd);
  }

  /** The next bytes of the file as read, at offset `at`. */
  noteRead(chunk: Uint8Array, at: number): void {
    for (let p = 0; p < chunk.length; p += PACK_BLOCK_BYTES) {
      const piece = chunk.subarray(p, Math.min(chunk.length, p + PACK_BLOCK_BYTES));
      this.starts.push(at + p);
      this.marks.push(FileText.markOf(piece));
    }
    this.bytes = at + chunk.length;
  }

  /** What the source's end() takes: one placeholder per piece. */
  pieces(): PackedText {
    return { pieces: this.starts.map(() => new Uint8Array(0)), pieceStarts: [...this.starts], packed: this.starts.map(() => false), bytes: this.bytes, external: this };
  }

  read(piece: number, into: Uint8Array): void {
    const from = this.starts[piece];
    let n = 0;
    try {
      while (n < into.length) {
        const got = readSync(this.fd, into, n, into.length - n, from + n);
        if (got === 0) break;
        n += got;
      }
    } catch (e) {
      throw new InputError(`${this.path}: cannot read its lines back (${(e as Error).message})`);
    }
    if (n !== into.length || Buffer.compare(FileText.markOf(into), this.marks[piece]) !== 0) {
      throw new InputError(`${this.path} changed after it was read (cut short or rewritten): its lines can no longer be shown; read it again`);
    }
  }

  private static markOf(piece: Uint8Array): Uint8Array {
    if (piece.length <= 2 * MARK_BYTES) return piece.slice();
    const mark = new Uint8Array(2 * MARK_BYTES);
    mark.set(piece.subarray(0, MARK_BYTES));
    mark.set(piece.subarray(piece.length - MARK_BYTES), MARK_BYTES);
    return mark;
  }
}

/** Where streamInto sends bytes (a SourceHandle). */
export interface ByteSink {
  push(chunk: Uint8Array): void;
  diagnostic(line: number, level: 'error', message: string): void;
  readonly linesRead: number;
}

/**
 * Pushes a file's bytes — or, for a plain file, bytes [start, end) of it — into `sink` in chunks, without ending
 * it. A read error or corrupt gzip data becomes a diagnostic on the sink.
 */
export async function streamInto(sink: ByteSink, path: string, opts: { gzip?: boolean; start?: number; end?: number; chunkBytes?: number } = {}): Promise<void> {
  const gzip = opts.gzip ?? isGzipFile(path);
  const end = opts.end === undefined ? undefined : opts.end - 1;
  if (end !== undefined && end < (opts.start ?? 0)) return;
  const raw = createReadStream(path, { highWaterMark: opts.chunkBytes ?? 1 << 20, start: opts.start, end });
  // Small output pieces: when the compressed data turns out corrupt, zlib drops the piece it was filling, so this
  // bounds what is lost before the damage to 64 KB.
  const stream = gzip ? raw.pipe(createGunzip({ chunkSize: 64 * 1024 })) : raw;
  try {
    for await (const chunk of stream) {
      const b = chunk as Buffer;
      sink.push(new Uint8Array(b.buffer, b.byteOffset, b.byteLength));
    }
  } catch (e) {
    sink.diagnostic(sink.linesRead + 1, 'error', gzip ? `corrupt or truncated gzip data: ${(e as Error).message}; the lines before it were read` : `read error: ${(e as Error).message}`);
  }
}
