/**
 * A realistic kubelet log for benchmarks and tests: one node with ~100 pods at -v=4, deterministic for a seed.
 *
 *   npx tsx scripts/gen-kubelet-log.ts --out FILE [--size-mb 200] [--seed 1] [--pods 100] [--era structured|printf]
 *
 * The node simulation lives in scripts/kubelet-log-gen/ (node-sim.ts, pod-life.ts); how lines are worded per
 * kubelet era lives in its dialect-*.ts files.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { LogWriter, type ChunkSink } from './kubelet-log-gen/log-writer.ts';
import { NodeSim } from './kubelet-log-gen/node-sim.ts';
import { Prng } from './kubelet-log-gen/prng.ts';
import { StructuredDialect } from './kubelet-log-gen/dialect-structured.ts';
import { PrintfDialect } from './kubelet-log-gen/dialect-printf.ts';

export type LogEra = 'structured' | 'printf';

export interface GenerateOptions {
  /** Stop once the log holds at least this many bytes. */
  sizeBytes: number;
  seed?: number;
  /** Pods on the node at a time. */
  pods?: number;
  era?: LogEra;
  /** Wall clock of the first line (epoch ms); klog prints it without a year. */
  startEpochMs?: number;
}

export interface GenerateStats {
  bytes: number;
  /** Physical lines (a multi-line value counts each of its lines). */
  lines: number;
  /** Distinct pods the log mentions. */
  pods: number;
  /** Simulated time the log covers. */
  durationUs: number;
  nodeName: string;
  pid: number;
}

/** Generates the log into `sink` (chunks of about 1 MB of text, each ending with a newline). */
export function generateKubeletLog(opts: GenerateOptions, sink: ChunkSink): GenerateStats {
  const rng = new Prng(opts.seed ?? 1);
  const pid = rng.int(1800, 260000);
  const nodeName = `ip-10-0-12-31.eu-west-1.compute.internal`;
  const writer = new LogWriter(sink, rng, (opts.startEpochMs ?? Date.UTC(2024, 2, 14, 9, 14, 7)) * 1000, pid);
  const dialect = opts.era === 'printf' ? new PrintfDialect(writer) : new StructuredDialect(writer);
  const node = new NodeSim(rng, writer, dialect, { pods: opts.pods ?? 100, nodeName, churnMeanS: 40, outageMeanS: 5400 });
  node.run(opts.sizeBytes);
  return { bytes: writer.bytes, lines: writer.lines, pods: node.podsCreated, durationUs: writer.nowUs, nodeName, pid };
}

/** Writes the log to a file in 1 MB writes. */
export function generateKubeletLogFile(path: string, opts: GenerateOptions): GenerateStats {
  const fd = openSync(path, 'w');
  try {
    return generateKubeletLog(opts, (chunk) => { writeSync(fd, chunk); });
  } finally {
    closeSync(fd);
  }
}

function main(argv: string[]): void {
  const arg = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const out = arg('--out');
  if (!out) {
    process.stderr.write('usage: gen-kubelet-log.ts --out FILE [--size-mb N] [--seed N] [--pods N] [--era structured|printf]\n');
    process.exitCode = 1;
    return;
  }
  const era = (arg('--era') ?? 'structured') as LogEra;
  if (era !== 'structured' && era !== 'printf') throw new Error(`--era ${era}: expected structured or printf`);
  const t0 = performance.now();
  const stats = generateKubeletLogFile(out, {
    sizeBytes: Number(arg('--size-mb') ?? 200) * 1024 * 1024, seed: Number(arg('--seed') ?? 1), pods: Number(arg('--pods') ?? 100), era,
  });
  const s = (performance.now() - t0) / 1000;
  process.stdout.write(`${out}: ${(stats.bytes / 1048576).toFixed(1)} MB, ${stats.lines} lines, ${stats.pods} pods, ` +
    `${(stats.durationUs / 3.6e9).toFixed(1)} h of log, generated in ${s.toFixed(2)} s\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main(process.argv.slice(2));
