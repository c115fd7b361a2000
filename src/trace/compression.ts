/**
 * gzip / raw deflate through the platform's CompressionStream and DecompressionStream (browsers, workers and Node 20
 * all have them). Decompression counts its output as it streams and stops the moment the count passes the limit, so
 * a small hostile input that inflates to gigabytes (a zip bomb) costs at most one slice's worth of output.
 */
import { ShareError } from './errors.ts';

export type Compression = 'gzip' | 'deflate-raw';

/** Input is written in slices this big, so output is produced (and counted) a little at a time. */
const INPUT_SLICE_BYTES = 16 * 1024;

/** What CompressionStream and DecompressionStream have in common (the DOM types the input as BufferSource). */
interface Transform {
  readonly readable: ReadableStream<Uint8Array>;
  readonly writable: WritableStream<Uint8Array<ArrayBuffer>>;
}

function concat(parts: Uint8Array[], total: number): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Writes `input` into the transform while reading its output; stops when the output passes `maxOutputBytes`. */
async function pump(stream: Transform, input: Uint8Array, maxOutputBytes: number): Promise<{ bytes: Uint8Array; overLimit: boolean }> {
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  let writeFailure: unknown;
  const writing = (async () => {
    for (let at = 0; at < input.length; at += INPUT_SLICE_BYTES) {
      await writer.write(input.subarray(at, Math.min(input.length, at + INPUT_SLICE_BYTES)) as Uint8Array<ArrayBuffer>);
    }
    await writer.close();
  })().catch((e: unknown) => { writeFailure = e; });
  const parts: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || !value) break;
      total += value.length;
      if (total > maxOutputBytes) {
        await reader.cancel('over the size limit').catch(() => undefined);
        await writer.abort('over the size limit').catch(() => undefined);
        await writing;
        return { bytes: new Uint8Array(0), overLimit: true };
      }
      parts.push(value);
    }
  } catch (e) {
    await writer.abort(e).catch(() => undefined);
    await writing;
    throw e;
  }
  await writing;
  if (writeFailure !== undefined) throw writeFailure;
  return { bytes: concat(parts, total), overLimit: false };
}

export async function compressBytes(input: Uint8Array, format: Compression): Promise<Uint8Array> {
  const { bytes } = await pump(new CompressionStream(format), input, Number.MAX_SAFE_INTEGER);
  return bytes;
}

/**
 * Inflates `input`; throws ShareError 'too-large' past `maxOutputBytes` and 'bad-compression' for corrupt or cut data.
 * `what` names the input in messages ("the link", "the trace file").
 */
export async function decompressBytes(input: Uint8Array, format: Compression, maxOutputBytes: number, what: string): Promise<Uint8Array> {
  let result: { bytes: Uint8Array; overLimit: boolean };
  try {
    result = await pump(new DecompressionStream(format), input, maxOutputBytes);
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e);
    throw new ShareError('bad-compression', `${what}: the compressed data is corrupt or cut short (${detail})`);
  }
  if (result.overLimit) {
    throw new ShareError('too-large', `${what}: it expands to more than ${formatBytes(maxOutputBytes)}; refusing to read further`);
  }
  return result.bytes;
}

export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

export function formatBytes(n: number): string {
  if (n >= 1 << 20) return `${+(n / (1 << 20)).toFixed(1)} MB`;
  if (n >= 1 << 10) return `${+(n / (1 << 10)).toFixed(1)} KB`;
  return `${n} bytes`;
}
