/**
 * A blob's text packed as a source keeps it (model/raw-text.ts): read in the same chunks as the ingest worker reads
 * it (gzip by its magic bytes), so the bytes are exactly those the source's lines were read from.
 */
import { appendPacked, emptyPieces, type PackedText, type RawPieces } from '../model/raw-text.ts';
import { Packer } from '../util/lz-pack.ts';
import { feedGzipBlob, feedPlainBlob, isGzipBlob, type BlobSink } from './read-blob.ts';

export async function packBlob(blob: Blob, cancelled: () => boolean = () => false): Promise<PackedText> {
  const out = emptyPieces();
  const packer = new Packer();
  let bytes = 0;
  const sink: BlobSink = {
    push(chunk) {
      appendPacked(out, chunk, bytes, packer);
      bytes += chunk.length;
    },
    // The ingest worker reports the damage; the bytes before it are what both read.
    corrupt() {},
  };
  // appendPacked is done with a chunk when it returns: one buffer serves every decompressed chunk.
  if (await isGzipBlob(blob)) await feedGzipBlob(sink, blob, () => {}, cancelled, 1);
  else await feedPlainBlob(sink, blob, () => {}, cancelled);
  return { ...out, bytes };
}

/** A source's text packed from its chunks as they are handed over, in order (the pack worker's side of PackStream). */
export class ChunkPacker {
  private readonly out: RawPieces = emptyPieces();
  private bytes = 0;

  constructor(private readonly packer: Packer) {}

  push(chunk: Uint8Array): void {
    appendPacked(this.out, chunk, this.bytes, this.packer);
    this.bytes += chunk.length;
  }

  finish(): PackedText {
    return { ...this.out, bytes: this.bytes };
  }
}
