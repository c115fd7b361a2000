/**
 * The pure pipeline in one place: sources (bytes, in chunks) → records → catalog events → reconstructed Trace.
 * The CLI, the Web Worker and the tests all drive it through this class.
 */
import { Collector, type CollectOptions, type SourceHandle } from './collector.ts';
import { reconstruct } from './reconstruct.ts';
import type { Trace } from './trace.ts';

export type AnalyzeOptions = CollectOptions;

export class Analyzer {
  /** Stage 1 (a part read in another thread is merged into it: collected-merge.ts). */
  readonly collector: Collector;
  private finished = false;

  constructor(opts: AnalyzeOptions) {
    this.collector = new Collector(opts);
  }

  /**
   * Starts a source; push its bytes to the handle and call end() before the next source starts. `textElsewhere`:
   * the caller keeps the source's raw text and hands it to end() (the handle keeps no chunk once the next is pushed).
   * `expectedLines`: about how many lines the source has, if known.
   */
  addSource(name: string, meta: { gzip?: boolean; textElsewhere?: boolean; expectedLines?: number } = {}): SourceHandle {
    if (this.finished) throw new Error('Analyzer already finished');
    return this.collector.addSource(name, meta);
  }

  /** Builds the trace from every source added. */
  finish(): Trace {
    this.finished = true;
    return reconstruct(this.collector.finish());
  }
}

const encoder = new TextEncoder();

/** Convenience for tests and small inputs: whole sources given as text or bytes. */
export function analyzeSources(
  sources: readonly { name: string; data: string | Uint8Array }[],
  opts: Partial<AnalyzeOptions> = {},
  chunkSize = 1 << 20,
): Trace {
  const a = new Analyzer({ defaultYear: opts.defaultYear ?? 2024, yearFromCaller: opts.yearFromCaller ?? opts.defaultYear !== undefined, ...opts });
  for (const s of sources) {
    const bytes = typeof s.data === 'string' ? encoder.encode(s.data) : s.data;
    const h = a.addSource(s.name);
    for (let p = 0; p < bytes.length; p += chunkSize) h.push(bytes.subarray(p, Math.min(bytes.length, p + chunkSize)));
    h.end();
  }
  return a.finish();
}
