/**
 * The pack worker: packs the text of the blobs the ingest worker reads (pack-blob.ts), on a thread of its own, so
 * keeping a log's text small costs the load no time on a machine with a core to spare. Started by the ingest worker
 * (pack-client.ts) and ended with it.
 */
import { packBlob } from './pack-blob.ts';
import type { PackReply, PackRequest } from './pack-client.ts';

self.onmessage = (e: MessageEvent<PackRequest>) => {
  const { id, blob } = e.data;
  packBlob(blob).then(
    (text) => {
      const transfer = [...new Set(text.pieces.map((p) => p.buffer as ArrayBuffer))];
      self.postMessage({ id, text } satisfies PackReply, { transfer });
    },
    (err: unknown) => self.postMessage({ id, error: err instanceof Error ? err.message : String(err) } satisfies PackReply),
  );
};
