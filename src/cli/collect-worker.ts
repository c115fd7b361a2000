/**
 * The second thread of stage 1 (parallel-read.ts starts it): reads its stretch of the input — the rest of a file
 * from a byte where a klog record starts, then whole files — into a PartCollector and posts the CollectedPart back,
 * its buffers transferred (no copy of the raw bytes or the columns).
 */
import { parentPort } from 'node:worker_threads';
import { basename } from 'node:path';
import { PartCollector, type CollectedPart } from '../model/collected-part.ts';
import type { CollectOptions } from '../model/collector.ts';
import { isGzipFile, streamInto, unclearedBuffer } from './read-files.ts';

export interface CollectRequest {
  /** The main thread's options, less what a message cannot carry (a function: see unclearedColumns). */
  opts: Omit<CollectOptions, 'uninitializedBuffer'>;
  /** The main thread's columns are made without clearing (CollectOptions.uninitializedBuffer): so are these. */
  unclearedColumns: boolean;
  /** About how many bytes of log the files hold (room is made for their records at once). */
  expectedBytes: number;
  /** In input order; only the first may be `rest` (read from byte `start` on). */
  files: { path: string; rest?: { start: number } }[];
}

/** `readyAt`: wall-clock ms when the worker had loaded and began reading (its start-up is the rest). */
export type CollectReply = { part: CollectedPart; readyAt: number } | { error: string };

async function collect(req: CollectRequest): Promise<void> {
  const readyAt = Date.now();
  const collector = new PartCollector({ ...req.opts, uninitializedBuffer: req.unclearedColumns ? unclearedBuffer : undefined }, req.expectedBytes);
  for (const f of req.files) {
    const gzip = !f.rest && isGzipFile(f.path);
    const handle = collector.addSource(basename(f.path), { gzip, rest: f.rest !== undefined });
    await streamInto(handle, f.path, { gzip, start: f.rest?.start });
    collector.endSource();
  }
  const { part, transfer } = collector.finish();
  parentPort!.postMessage({ part, readyAt } satisfies CollectReply, transfer);
}

parentPort!.once('message', (req: CollectRequest) => {
  collect(req).catch((e: unknown) => parentPort!.postMessage({ error: e instanceof Error ? e.stack ?? e.message : String(e) } satisfies CollectReply));
});
