/**
 * The ingest worker's handle on the pack worker (pack.worker.ts). Two ways to have a source's text packed: hand over
 * each chunk once the source is done with it (a plain file, read once, by the ingest worker: stream()), or hand
 * over the blob for the pack worker to read and decompress itself (gzip, whose decompressed chunks the ingest worker
 * reads into buffers it uses again: pack()). Either answers with the packed text, or undefined if the pack worker
 * could not do it (it failed to start, or failed on this source): the ingest worker then packs the text itself.
 */
import type { PackedText } from '../model/raw-text.ts';

export type PackRequest =
  | { id: number; blob: Blob }
  /** Chunks of source `id`, in order; `end` asks for its packed text. */
  | { id: number; chunk: Uint8Array }
  | { id: number; end: true };

export type PackReply = { id: number; text: PackedText } | { id: number; error: string };

/** A source whose chunks are being handed over. */
export interface PackStream {
  /** The next chunk (its buffer is transferred: the caller must be done with it). */
  push(chunk: Uint8Array): void;
  /** Every chunk was pushed: the packed text. */
  end(): Promise<PackedText | undefined>;
}

export class PackClient {
  private readonly worker: Worker | undefined;
  private nextId = 0;
  private readonly waiting = new Map<number, (text: PackedText | undefined) => void>();

  constructor() {
    try {
      this.worker = new Worker(new URL('./pack.worker.ts', import.meta.url), { type: 'module', name: 'syncloop-pack' });
    } catch {
      this.worker = undefined;
      return;
    }
    this.worker.onmessage = (e: MessageEvent<PackReply>) => {
      const reply = e.data;
      const done = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      done?.('text' in reply ? reply.text : undefined);
    };
    this.worker.onerror = (e) => {
      e.preventDefault();
      this.failAll();
    };
  }

  get available(): boolean {
    return this.worker !== undefined;
  }

  pack(blob: Blob): Promise<PackedText | undefined> {
    if (!this.worker) return Promise.resolve(undefined);
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.worker!.postMessage({ id, blob } satisfies PackRequest);
    });
  }

  /** Packs chunks handed over one by one (see PackStream). */
  stream(): PackStream {
    const id = this.nextId++;
    const worker = this.worker;
    return {
      push: (chunk) => worker?.postMessage({ id, chunk } satisfies PackRequest, [chunk.buffer as ArrayBuffer]),
      end: () => {
        if (!worker) return Promise.resolve(undefined);
        return new Promise((resolve) => {
          this.waiting.set(id, resolve);
          worker.postMessage({ id, end: true } satisfies PackRequest);
        });
      },
    };
  }

  close(): void {
    this.worker?.terminate();
    this.failAll();
  }

  private failAll(): void {
    for (const done of this.waiting.values()) done(undefined);
    this.waiting.clear();
  }
}
