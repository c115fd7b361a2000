/**
 * The app's raw text packed on another thread (worker/pack-blob.ts, read as the ingest worker reads a blob) and
 * handed to sources that kept no bytes (rawTextElsewhere): the trace reads exactly as one that kept its text, for
 * plain and gzip blobs; a text of other bytes than the source read is refused.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { generateKubeletLog } from '../../../scripts/gen-kubelet-log.ts';
import { Analyzer, analyzeSources } from '../../../src/model/analyze.ts';
import { joinRaw } from '../../../src/model/raw-text.ts';
import { eventRawText } from '../../../src/model/trace-query.ts';
import type { Trace } from '../../../src/model/trace.ts';
import { ChunkPacker, packBlob } from '../../../src/worker/pack-blob.ts';
import { Packer } from '../../../src/util/lz-pack.ts';
import { feedPlainBlob, type BlobSink } from '../../../src/worker/read-blob.ts';

function kubeletLog(sizeBytes: number): string {
  const parts: string[] = [];
  generateKubeletLog({ sizeBytes, seed: 11 }, (c) => { parts.push(c as string); });
  return parts.join('');
}

const same = (a: ArrayBufferView, b: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

/** Reads the blob as the ingest worker does, with the text kept elsewhere, then hands over `text`. */
async function readElsewhere(blob: Blob, packed: Blob): Promise<Trace> {
  const analyzer = new Analyzer({ defaultYear: 2024, rawTextElsewhere: true });
  const handle = analyzer.addSource('node.log');
  const sink: BlobSink = { push: (c) => handle.push(c), corrupt: () => {} };
  await feedPlainBlob(sink, blob, () => {}, () => false);
  handle.end(await packBlob(packed));
  return analyzer.finish();
}

describe('raw text packed elsewhere', () => {
  const text = kubeletLog(9 << 20);
  const plain = analyzeSources([{ name: 'node.log', data: text }], { defaultYear: 2024 });

  it('reads the same text and records as a trace that kept its bytes (the text spans several 4 MB chunks)', async () => {
    const blob = new Blob([text]);
    const trace = await readElsewhere(blob, blob);
    expect(trace.raw[0].pieces.length).toBeGreaterThan(30);
    expect(trace.raw[0].packed.filter(Boolean).length).toBeGreaterThan(30);
    expect(same(joinRaw(trace.raw[0]), joinRaw(plain.raw[0]))).toBe(true);
    expect(trace.events.count).toBe(plain.events.count);
    for (let e = 0; e < trace.events.count; e += 101) expect(eventRawText(trace, e)).toBe(eventRawText(plain, e));
  });

  it('packs a gzip blob as its text', async () => {
    const packed = await packBlob(new Blob([gzipSync(text)]));
    expect(packed.bytes).toBe(Buffer.byteLength(text));
    const trace = await readElsewhere(new Blob([text]), new Blob([gzipSync(text)]));
    expect(same(joinRaw(trace.raw[0]), joinRaw(plain.raw[0]))).toBe(true);
  });

  it('a plain file read once: each chunk handed to the packer (its buffer transferred away) once the next is pushed', async () => {
    const blob = new Blob([text]);
    const analyzer = new Analyzer({ defaultYear: 2024, rawTextElsewhere: true });
    const handle = analyzer.addSource('node.log');
    const packer = new ChunkPacker(new Packer());
    // What the ingest worker does: the pack worker gets the chunk before this one, transferred (so detached here).
    const handOver = (chunk: Uint8Array) => packer.push(structuredClone(chunk, { transfer: [chunk.buffer as ArrayBuffer] }));
    let previous: Uint8Array | undefined;
    let chunks = 0;
    const sink: BlobSink = {
      push: (chunk) => {
        handle.push(chunk);
        if (previous) handOver(previous);
        previous = chunk;
        chunks++;
      },
      corrupt: () => {},
    };
    await feedPlainBlob(sink, blob, () => {}, () => false, 1 << 20);
    // The last chunk only once the lines held across it are read.
    handle.endInput();
    handOver(previous!);
    expect(previous!.byteLength).toBe(0);
    handle.end(packer.finish());
    const trace = analyzer.finish();
    expect(chunks).toBeGreaterThan(8);
    expect(same(joinRaw(trace.raw[0]), joinRaw(plain.raw[0]))).toBe(true);
    expect(trace.events.count).toBe(plain.events.count);
    expect(same(trace.events.kind, plain.events.kind) && same(trace.events.pod, plain.events.pod)).toBe(true);
    for (let e = 0; e < trace.events.count; e += 101) expect(eventRawText(trace, e)).toBe(eventRawText(plain, e));
  });

  it('a source whose text is packed or kept elsewhere is done with a chunk once the next is pushed: two buffers can take turns', async () => {
    const bytes = new TextEncoder().encode(text.slice(0, 3 << 20));
    const reference = analyzeSources([{ name: 'node.log', data: bytes }], { defaultYear: 2024 });
    for (const opts of [{ rawTextElsewhere: true }, { packRawText: true }]) {
      for (const chunkBytes of [4096, 65_537, 1 << 20]) {
        const analyzer = new Analyzer({ defaultYear: 2024, ...opts });
        const handle = analyzer.addSource('node.log');
        const buffers = [new Uint8Array(chunkBytes), new Uint8Array(chunkBytes)];
        let turn = 0;
        for (let at = 0; at < bytes.length; at += chunkBytes) {
          const piece = bytes.subarray(at, at + chunkBytes);
          const buffer = buffers[turn];
          buffer.set(piece);
          handle.push(buffer.subarray(0, piece.length));
          turn = 1 - turn;
        }
        handle.end(opts.rawTextElsewhere ? await packBlob(new Blob([bytes])) : undefined);
        const trace = analyzer.finish();
        expect(trace.events.count).toBe(reference.events.count);
        expect(same(trace.events.cid, reference.events.cid) && same(new Uint8Array(trace.events.timeUs.buffer), new Uint8Array(reference.events.timeUs.buffer))).toBe(true);
        expect(same(joinRaw(trace.raw[0]), joinRaw(reference.raw[0]))).toBe(true);
        for (let e = 0; e < trace.events.count; e += 37) expect(eventRawText(trace, e)).toBe(eventRawText(reference, e));
      }
    }
  });

  it('refuses a text of other bytes than the source read', async () => {
    await expect(readElsewhere(new Blob([text]), new Blob([text.slice(0, -10)]))).rejects.toThrow(/kept elsewhere has \d+ bytes, the source \d+/);
  });
});
