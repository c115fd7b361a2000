/**
 * The pack worker: packs the text of the sources the ingest worker reads, on a thread of its own, so keeping a
 * log's text small costs the load no time on a machine with a core to spare. A plain file's chunks arrive from the
 * ingest worker as it is done with them (the file is read once); a gzip blob is read and decompressed here
 * (pack-blob.ts). Started by the ingest worker (pack-client.ts) and ended with it.
 */
import type { PackedText } from '../model/raw-text.ts';
import { Packer } from '../util/lz-pack.ts';
import { ChunkPacker, packBlob } from './pack-blob.ts';
import type { PackReply, PackRequest } from './pack-client.ts';

const packer = new Packer();
/** Sources whose chunks are arriving: their pieces so far and their length. */
const streams = new Map<number, ChunkPacker>();

function reply(id: number, text: PackedText): void {
  const transfer = [...new Set(text.pieces.map((p) => p.buffer as ArrayBuffer))];
  self.postMessage({ id, text } satisfies PackReply, { transfer });
}

self.onmessage = (e: MessageEvent<PackRequest>) => {
  const req = e.data;
  if ('blob' in req) {
    packBlob(req.blob).then(
      (text) => reply(req.id, text),
      (err: unknown) => self.postMessage({ id: req.id, error: err instanceof Error ? err.message : String(err) } satisfies PackReply),
    );
    return;
  }
  let s = streams.get(req.id);
  if (!s) streams.set(req.id, (s = new ChunkPacker(packer)));
  if ('chunk' in req) {
    s.push(req.chunk);
    return;
  }
  streams.delete(req.id);
  reply(req.id, s.finish());
};
