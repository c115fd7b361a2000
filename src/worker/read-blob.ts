/**
 * Streams a Blob (a dropped File) into an Analyzer source in large chunks. Gzip is recognised by its magic bytes,
 * not by the file name, and decompressed with the platform's DecompressionStream; a corrupt or truncated gzip
 * stream ends the source with a diagnostic (the lines before the damage are kept).
 */
import type { SourceHandle } from '../model/collector.ts';

/** Bytes per chunk handed to the parser. Large enough that per-chunk overhead vanishes, small enough for smooth progress. */
export const CHUNK_BYTES = 4 << 20;

export interface ReadProgress {
  /** Called after each chunk with the compressed (on-disk) bytes consumed so far in this blob. */
  (blobBytesDone: number): void;
}

export async function isGzipBlob(blob: Blob): Promise<boolean> {
  if (blob.size < 2) return false;
  const head = new Uint8Array(await blob.slice(0, 2).arrayBuffer());
  return head[0] === 0x1f && head[1] === 0x8b;
}

/** Plain text: slice the blob; every chunk gets its own buffer (the raw text store keeps it, the page receives it). */
export async function feedPlainBlob(handle: SourceHandle, blob: Blob, onProgress: ReadProgress, cancelled: () => boolean): Promise<void> {
  for (let offset = 0; offset < blob.size; offset += CHUNK_BYTES) {
    if (cancelled()) return;
    const end = Math.min(blob.size, offset + CHUNK_BYTES);
    handle.push(new Uint8Array(await blob.slice(offset, end).arrayBuffer()));
    onProgress(end);
  }
}

/** Gzip: decompress as a stream, regrouping the small output pieces into CHUNK_BYTES buffers. */
export async function feedGzipBlob(handle: SourceHandle, blob: Blob, onProgress: ReadProgress, cancelled: () => boolean): Promise<void> {
  let compressedDone = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      compressedDone += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  // The DOM typings describe DecompressionStream's input as BufferSource; it accepts the Uint8Arrays we feed it.
  const gunzip = new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>;
  const reader = blob.stream().pipeThrough(counter).pipeThrough(gunzip).getReader();
  let pending = new Uint8Array(CHUNK_BYTES);
  let filled = 0;
  const flush = () => {
    if (filled === 0) return;
    handle.push(filled === pending.length ? pending : pending.slice(0, filled));
    pending = new Uint8Array(CHUNK_BYTES);
    filled = 0;
    onProgress(compressedDone);
  };
  try {
    for (;;) {
      if (cancelled()) { await reader.cancel(); return; }
      const { done, value } = await reader.read();
      if (done) break;
      let from = 0;
      while (from < value.length) {
        const n = Math.min(value.length - from, pending.length - filled);
        pending.set(value.subarray(from, from + n), filled);
        filled += n;
        from += n;
        if (filled === pending.length) flush();
      }
    }
    flush();
  } catch (e) {
    flush();
    const reason = e instanceof Error ? e.message : String(e);
    handle.diagnostic(handle.linesRead + 1, 'error', `corrupt or truncated gzip data (${reason}); the lines before it were read`);
  }
}
