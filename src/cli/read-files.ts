/** Node-side input: stream files (plain or gzip, detected by magic bytes) into an Analyzer in chunks. */
import { createReadStream, openSync, readSync, closeSync, statSync } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { basename } from 'node:path';
import type { Analyzer } from '../model/analyze.ts';

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

/** Feeds one file into the analyzer. Corrupt gzip data ends the source with a diagnostic, not an exception. */
export async function feedFile(analyzer: Analyzer, path: string, chunkBytes = 1 << 20): Promise<void> {
  const gzip = isGzipFile(path);
  const handle = analyzer.addSource(basename(path), { gzip });
  await streamInto(handle, path, { gzip, chunkBytes });
  handle.end();
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
