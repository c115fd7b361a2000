/**
 * The ingest worker's handle on the pack worker (pack.worker.ts). pack(blob) answers with the blob's packed text,
 * or undefined if the pack worker could not do it (it failed to start, or failed on this blob): the ingest worker
 * then packs the text itself.
 */
import type { PackedText } from '../model/raw-text.ts';

export interface PackRequest {
  id: number;
  blob: Blob;
}

export type PackReply = { id: number; text: PackedText } | { id: number; error: string };

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

  close(): void {
    this.worker?.terminate();
    this.failAll();
  }

  private failAll(): void {
    for (const done of this.waiting.values()) done(undefined);
    this.waiting.clear();
  }
}
