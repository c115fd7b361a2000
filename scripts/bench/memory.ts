/**
 * Peak memory of a run. RSS is sampled from a worker thread, because the pipeline's finish() is one long
 * synchronous call during which the main thread's timers never fire; the kernel's own high-water mark (getrusage
 * maxRSS) is read too. Heap is per isolate, so it is sampled on the main thread (between chunks while the file
 * is read) and at every stage boundary via mark().
 */
import { Worker } from 'node:worker_threads';

const SAMPLER_SOURCE = `
const { workerData } = require('node:worker_threads');
const cells = new BigInt64Array(workerData.shared);
setInterval(() => {
  const rss = BigInt(process.memoryUsage.rss());
  if (rss > Atomics.load(cells, 0)) Atomics.store(cells, 0, rss);
  Atomics.add(cells, 1, 1n);
}, workerData.periodMs);
`;

export interface MemoryPeaks {
  peakRssBytes: number;
  /** getrusage's maxRSS for the whole process (includes anything before the sampler started). */
  maxRssBytes: number;
  peakHeapUsedBytes: number;
  /** Peak memory outside the JS heap (process.memoryUsage().external, which includes array buffers). */
  peakExternalBytes: number;
  rssSamples: number;
}

export class MemorySampler {
  private readonly shared = new SharedArrayBuffer(16);
  private readonly cells = new BigInt64Array(this.shared);
  private readonly worker: Worker;
  private readonly timer: ReturnType<typeof setInterval>;
  private peakHeap = 0;
  private peakExternal = 0;

  constructor(periodMs = 10) {
    this.worker = new Worker(SAMPLER_SOURCE, { eval: true, workerData: { shared: this.shared, periodMs } });
    this.worker.unref();
    this.timer = setInterval(() => this.mark(), periodMs * 2);
    this.mark();
  }

  /** Samples now (call at stage boundaries). */
  mark(): void {
    const m = process.memoryUsage();
    if (m.heapUsed > this.peakHeap) this.peakHeap = m.heapUsed;
    if (m.external > this.peakExternal) this.peakExternal = m.external;
    if (BigInt(m.rss) > Atomics.load(this.cells, 0)) Atomics.store(this.cells, 0, BigInt(m.rss));
  }

  async stop(): Promise<MemoryPeaks> {
    this.mark();
    clearInterval(this.timer);
    await this.worker.terminate();
    return {
      peakRssBytes: Number(Atomics.load(this.cells, 0)), maxRssBytes: process.resourceUsage().maxRSS * 1024,
      peakHeapUsedBytes: this.peakHeap, peakExternalBytes: this.peakExternal, rssSamples: Number(Atomics.load(this.cells, 1)),
    };
  }
}
