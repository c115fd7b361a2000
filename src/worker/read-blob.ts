/**
 * Streams a Blob (a dropped File) into an Analyzer source in large chunks. Gzip is recognised by its magic bytes,
 * not by the file name, and decompressed with the platform's DecompressionStream; a corrupt or truncated gzip
 * stream ends the source with a diagnostic (the lines before the damage are kept).
 */
/** Where a blob's bytes go: a source being collected, or the raw text's packer (pack.worker.ts). */
export interface BlobSink {
  push(chunk: Uint8Array): void;
  /** The gzip stream is corrupt or cut here; the bytes before it were pushed. */
  corrupt(reason: string): void;
}

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

/** Slices asked for ahead of the one being parsed (feedPlainBlob): more made no difference in Chromium 156. */
const READ_AHEAD = 1;

/**
 * Plain text in chunks of `chunkBytes`, each in a buffer of its own. The next slice is asked for before a chunk is
 * handed on, so the browser reads it while the sink parses instead of the worker waiting for each read in turn.
 * (Reading into buffers used again, through a BYOB reader, stalled now and then in Chromium 156 with a busy reader:
 * a read that never resolved. Reading through the blob's stream was no faster: its chunks are copied into fresh
 * memory on the reading thread, and fresh memory is slow to touch on the VM this was measured on.)
 */
export async function feedPlainBlob(sink: BlobSink, blob: Blob, onProgress: ReadProgress, cancelled: () => boolean, chunkBytes = CHUNK_BYTES): Promise<void> {
  const reads: Promise<ArrayBuffer>[] = [];
  let asked = 0;
  const askNext = () => {
    if (asked >= blob.size || cancelled()) return;
    reads.push(blob.slice(asked, Math.min(blob.size, asked + chunkBytes)).arrayBuffer());
    asked = Math.min(blob.size, asked + chunkBytes);
  };
  for (let k = 0; k <= READ_AHEAD; k++) askNext();
  let done = 0;
  try {
    while (reads.length > 0) {
      const bytes = await reads.shift()!;
      askNext();
      if (cancelled()) return;
      sink.push(new Uint8Array(bytes));
      done += bytes.byteLength;
      onProgress(done);
    }
  } finally {
    // Reads still in flight when the load stops (cancelled, or the sink threw) are not waited for.
    for (const r of reads) r.catch(() => {});
  }
}

/**
 * Gzip: decompress as a stream, regrouping the small output pieces into CHUNK_BYTES buffers. `reuseBuffers` = 0:
 * every chunk gets a buffer of its own (for a sink that keeps them); n > 0: the chunks take turns in n buffers, so
 * reading leaves no garbage behind — for a sink that is done with a chunk once n more have been pushed.
 */
export async function feedGzipBlob(sink: BlobSink, blob: Blob, onProgress: ReadProgress, cancelled: () => boolean, reuseBuffers = 0): Promise<void> {
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
  const buffers = Array.from({ length: reuseBuffers }, () => new Uint8Array(CHUNK_BYTES));
  let turn = 0;
  let pending = reuseBuffers > 0 ? buffers[0] : new Uint8Array(CHUNK_BYTES);
  let filled = 0;
  const flush = () => {
    if (filled === 0) return;
    if (reuseBuffers > 0) {
      sink.push(pending.subarray(0, filled));
      turn = (turn + 1) % reuseBuffers;
      pending = buffers[turn];
    } else {
      sink.push(filled === pending.length ? pending : pending.slice(0, filled));
      pending = new Uint8Array(CHUNK_BYTES);
    }
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
    sink.corrupt(e instanceof Error ? e.message : String(e));
  }
}
