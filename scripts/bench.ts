/**
 * The pipeline benchmark (`npm run bench -- [options]`):
 *
 *   --size-mb N     size of the generated log (default 200)
 *   --seed N        generator seed (default 1)
 *   --era E         structured (1.23 text, default) or printf (1.12 text)
 *   --reps N        baseline repetitions, median reported (default 3)
 *   --pipeline-reps N  full pipeline repetitions (default 3, median reported as for the baseline; the first run,
 *                   the least warmed up, is listed too), each way: stage 1 as the CLI reads it (one thread, or two
 *                   on a machine with four cores or more) and the other way, for comparison
 *   --no-other      skip the comparison run
 *   --file PATH     benchmark an existing log instead of generating one
 *   --keep          keep the generated log in .bench/ (it is deleted otherwise)
 *   --json          print one JSON object instead of the table
 *   --gc-between-runs  force a full garbage collection before each pipeline run, not only the first (pipeline.ts
 *                   says why it is not the default), to compare
 *   --no-huge-pages measure without glibc's huge pages for large allocations (the CLI's launcher asks for them;
 *                   huge-pages.mjs says why), to compare
 *
 * The log is generated into .bench/ (git-ignored). The baseline and each pipeline run in their own child process, so
 * each one's peak memory (and JIT state) is its own; each started as `npm run syncloop` starts the command line
 * (scripts/syncloop.mjs: with huge pages unless --no-huge-pages).
 */
import { fork } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateKubeletLogFile, type LogEra } from './gen-kubelet-log.ts';
import { runBaseline, type BaselineResult } from './bench/baseline.ts';
import { runPipeline, type PipelineResult } from './bench/pipeline.ts';
import { formatTable, summarize, type BenchResult } from './bench/report.ts';
import { withHugePages } from './huge-pages.mjs';

const SELF = fileURLToPath(import.meta.url);
const ROOT = join(SELF, '..', '..');
const MB = 1024 * 1024;

function flag(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  if (i < 0) return undefined;
  const v = argv[i + 1];
  if (v === undefined || v.startsWith('--')) throw new Error(`${name} needs a value`);
  return v;
}

function positive(argv: string[], name: string, fallback: number): number {
  const raw = flag(argv, name);
  const v = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} ${raw}: expected a positive number`);
  return v;
}

/**
 * Runs one measurement phase in a fresh Node process (same loader and heap limit, plus --expose-gc), with huge pages
 * as the CLI's launcher starts it, or without.
 */
function inChild<T>(phase: string, args: string[], hugePages: boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    const env = hugePages ? withHugePages(process.env) : { ...process.env };
    if (!hugePages) delete env.GLIBC_TUNABLES;
    const child = fork(SELF, ['--phase', phase, ...args], { execArgv: [...process.execArgv, '--expose-gc'], env });
    let result: T | undefined;
    child.on('message', (m) => { result = m as T; });
    child.on('error', reject);
    child.on('exit', (code) => (result !== undefined ? resolve(result) : reject(new Error(`${phase} phase exited with code ${code}`))));
  });
}

async function childMain(argv: string[]): Promise<void> {
  const phase = flag(argv, '--phase');
  const file = flag(argv, '--file')!;
  const reps = positive(argv, '--reps', 1);
  const warmup = positive(argv, '--warmup-mb', 16) * MB;
  const threadsFlag = flag(argv, '--threads') ?? 'cli';
  const threads = threadsFlag === 'cli' ? undefined : positive(argv, '--threads', 1);
  const result = phase === 'baseline' ? await runBaseline(file, reps, warmup) : await runPipeline(file, reps, warmup, threads, argv.includes('--gc-between-runs'));
  process.send!(result, () => process.exit(0));
}

async function main(argv: string[]): Promise<void> {
  const sizeMb = positive(argv, '--size-mb', 200);
  const seed = positive(argv, '--seed', 1);
  const era = (flag(argv, '--era') ?? 'structured') as LogEra;
  if (era !== 'structured' && era !== 'printf') throw new Error(`--era ${era}: expected structured or printf`);
  const json = argv.includes('--json');
  const log = (s: string) => { if (!json) process.stderr.write(s + '\n'); };

  let path = flag(argv, '--file');
  const generated = path === undefined;
  let generateMs = 0;
  let simulatedHours = 0;
  let generatedPods = 0;
  if (path === undefined) {
    mkdirSync(join(ROOT, '.bench'), { recursive: true });
    path = join(ROOT, '.bench', `kubelet-${era}-${sizeMb}mb-seed${seed}.log`);
    log(`generating ${sizeMb} MB (${era}) into ${path} …`);
    const t0 = performance.now();
    const stats = generateKubeletLogFile(path, { sizeBytes: sizeMb * MB, seed, era });
    generateMs = performance.now() - t0;
    simulatedHours = stats.durationUs / 3.6e9;
    generatedPods = stats.pods;
  }
  const bytes = statSync(path).size;
  const hugePages = !argv.includes('--no-huge-pages');
  try {
    log('baseline …');
    const baseline = await inChild<BaselineResult>('baseline', ['--file', path, '--reps', String(positive(argv, '--reps', 3))], hugePages);
    const pipelineReps = String(positive(argv, '--pipeline-reps', 3));
    // The pipeline as the CLI runs it, then with stage 1 read the other way (one thread / two) for comparison.
    log('pipeline …');
    const gcBetween = argv.includes('--gc-between-runs') ? ['--gc-between-runs'] : [];
    const pipeline = await inChild<PipelineResult>('pipeline', ['--file', path, '--reps', pipelineReps, '--threads', 'cli', ...gcBetween], hugePages);
    const otherThreads = pipeline.read.threads === 2 ? '1' : '2';
    if (!argv.includes('--no-other')) log(`pipeline with stage 1 on ${otherThreads === '1' ? 'one thread' : 'two threads'} …`);
    const other = argv.includes('--no-other') ? undefined : await inChild<PipelineResult>('pipeline', ['--file', path, '--reps', pipelineReps, '--threads', otherThreads, ...gcBetween], hugePages);
    const result: BenchResult = summarize({ path, bytes, era, seed, generated, generateMs, simulatedHours, generatedPods, hugePages }, baseline, pipeline, other);
    process.stdout.write(json ? JSON.stringify(result, null, 2) + '\n' : formatTable(result) + '\n');
  } finally {
    if (generated && !argv.includes('--keep')) rmSync(path, { force: true });
  }
}

const argv = process.argv.slice(2);
(argv.includes('--phase') ? childMain(argv) : main(argv)).catch((e: unknown) => {
  process.stderr.write(`bench: ${(e as Error).stack ?? String(e)}\n`);
  process.exitCode = 1;
});
