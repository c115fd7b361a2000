/**
 * The full pipeline as the CLI runs it: an Analyzer fed by parallel-read.ts (ingest + catalog + stage-1 collection,
 * on one thread or two as the CLI chooses, unless told), finish() (reconstruct, which ends by deriving links), and
 * the incident detectors.
 *
 * finish() derives the links inside reconstruct, so links are timed by deriving them once more on the finished
 * trace; "reconstruct" is finish() minus that.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { readInputs, type ReadReport } from '../../src/cli/parallel-read.ts';
import { runDetectors } from '../../src/findings/run.ts';
import { cliAnalyzer } from '../../src/cli/analyze-command.ts';
import { deriveLinks } from '../../src/model/links.ts';
import type { Trace } from '../../src/model/trace.ts';
import { MemorySampler, type MemoryPeaks } from './memory.ts';

export interface StageTimes {
  ingestMs: number;
  finishMs: number;
  reconstructMs: number;
  linksMs: number;
  findingsMs: number;
  /** What the issue calls the full pipeline: ingest + catalog + model (stage 1 and finish()), findings not included. */
  pipelineMs: number;
  /** The pipeline and the incident detectors after it, as the CLI's analyze command runs them. */
  totalMs: number;
  /** CPU time of the process over the pipeline (user + system, all threads): less sensitive to a busy machine. */
  cpuMs: number;
}

export interface TraceCounts {
  lines: number;
  records: number;
  continuation: number;
  unrecognized: number;
  events: number;
  unknownEvents: number;
  pods: number;
  lanes: number;
  spans: number;
  links: number;
  anomalies: number;
  findings: number;
  diagnostics: number;
}

export interface PipelineResult {
  runs: StageTimes[];
  /** The run with the median pipeline time. */
  median: StageTimes;
  memory: MemoryPeaks & { rssBeforeBytes: number; heapAfterBytes: number; externalAfterBytes: number };
  counts: TraceCounts;
  /** How stage 1 was read in the first full run (threads, the worker's share, a refused part). */
  read: ReadReport;
  /** Records read by their bytes (the fast path) in the first full run. */
  fastRecords: number;
  /** A forced full garbage collection came before every run, not only the first. */
  gcBetweenRuns: boolean;
}

const gc = (globalThis as { gc?: () => void }).gc;

/** Feeds the first `limitBytes` of the file in 1 MB chunks (for the warm-up run). */
function analyzePrefix(path: string, limitBytes: number): Trace {
  const analyzer = cliAnalyzer(2024, true);
  const handle = analyzer.addSource('warm-up.log');
  const fd = openSync(path, 'r');
  try {
    for (let read = 0; read < limitBytes;) {
      const buf = Buffer.allocUnsafe(Math.min(1 << 20, limitBytes - read));
      const n = readSync(fd, buf, 0, buf.length, read);
      if (n === 0) break;
      handle.push(new Uint8Array(buf.buffer, buf.byteOffset, n));
      read += n;
    }
  } finally {
    closeSync(fd);
  }
  handle.end();
  const trace = analyzer.finish();
  trace.findings = runDetectors(trace);
  return trace;
}

function countTrace(trace: Trace): TraceCounts {
  let unknownEvents = 0;
  for (let i = 0; i < trace.events.count; i++) if (trace.events.kind[i] === 0) unknownEvents++;
  const sum = (f: (s: Trace['sources'][number]) => number) => trace.sources.reduce((a, s) => a + f(s), 0);
  return {
    lines: sum((s) => s.lines.total), records: sum((s) => s.lines.klog), continuation: sum((s) => s.lines.continuation),
    unrecognized: sum((s) => s.lines.unrecognized), events: trace.events.count, unknownEvents, pods: trace.pods.length,
    lanes: trace.lanes.length, spans: trace.spans.count, links: trace.links.count, anomalies: trace.anomalies.length,
    findings: trace.findings.length, diagnostics: sum((s) => s.diagnostics.length + s.diagnosticsDropped),
  };
}

export function cpuNowMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

async function onePass(path: string, sampler: MemorySampler, threads: number | undefined): Promise<{ times: StageTimes; trace: Trace; read: ReadReport; fastRecords: number }> {
  const c0 = cpuNowMs();
  const t0 = performance.now();
  const analyzer = cliAnalyzer(2024, true);
  const read = await readInputs(analyzer, [path], { threads });
  sampler.mark();
  const t1 = performance.now();
  const trace = analyzer.finish();
  sampler.mark();
  const t2 = performance.now();
  // Process-wide: the worker thread's CPU time is in it.
  const cpuMs = cpuNowMs() - c0;
  trace.findings = runDetectors(trace);
  const t3 = performance.now();
  const fastRecords = analyzer.collector.out.readAsBytes;
  sampler.mark();
  const l0 = performance.now();
  deriveLinks(trace);
  const linksMs = performance.now() - l0;
  const finishMs = t2 - t1;
  return {
    times: { ingestMs: t1 - t0, finishMs, reconstructMs: Math.max(0, finishMs - linksMs), linksMs, findingsMs: t3 - t2, pipelineMs: t2 - t0, totalMs: t3 - t0, cpuMs },
    trace, read, fastRecords,
  };
}

/**
 * A warm-up on a prefix, then `reps` full runs; memory peaks come from the first full run, which a forced garbage
 * collection precedes. The later runs follow as analyses in one process would, without one unless `gcBetweenRuns`:
 * a forced full collection made V8 throw away the optimized code of some seventy functions every run ("weak
 * objects" deoptimizations), which each run then paid for again — a cost of the measurement, not of the pipeline.
 * `threads`: for stage 1, or undefined for the CLI's choice.
 */
export async function runPipeline(path: string, reps: number, warmupBytes: number, threads: number | undefined, gcBetweenRuns = false): Promise<PipelineResult> {
  analyzePrefix(path, warmupBytes);
  gc?.();
  const rssBeforeBytes = process.memoryUsage.rss();
  const sampler = new MemorySampler();
  let first: Awaited<ReturnType<typeof onePass>> | undefined = await onePass(path, sampler, threads);
  const peaks = await sampler.stop();
  gc?.();
  const after = process.memoryUsage();
  const counts = countTrace(first.trace);
  const { read, fastRecords } = first;
  const runs = [first.times];
  first = undefined; // let the collector take the first trace before the next run
  for (let i = 1; i < reps; i++) {
    if (gcBetweenRuns) gc?.();
    const s = new MemorySampler(50);
    runs.push((await onePass(path, s, threads)).times);
    await s.stop();
  }
  const byTime = [...runs].sort((a, b) => a.pipelineMs - b.pipelineMs);
  return {
    runs, median: byTime[(byTime.length - 1) >> 1],
    memory: { ...peaks, rssBeforeBytes, heapAfterBytes: after.heapUsed, externalAfterBytes: after.external },
    counts, read, fastRecords, gcBetweenRuns,
  };
}
