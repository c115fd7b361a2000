/**
 * Reading the inputs into an Analyzer (the CLI and the benchmark). For a big input on a machine with cores to spare
 * (MIN_CORES_FOR_TWO_THREADS), a worker thread
 * (collect-worker.ts) collects the later part — the rest of a file from a line where a klog record starts, and the
 * files after it — while this thread reads the first part; the worker's CollectedPart is then merged into this
 * thread's collection (model/collected-merge.ts), which gives exactly the trace one thread gives. Should the merge
 * refuse the part (what was read on its own could have differed) or the worker fail, this thread reads that
 * stretch itself.
 *
 * The worker needs a little time to start (it loads the core again), so this thread takes the larger
 * share: both should finish at about the same time.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Analyzer } from '../model/analyze.ts';
import type { SourceHandle } from '../model/collector.ts';
import { mergePart } from '../model/collected-merge.ts';
import { newBareKlogHeader, parseBareKlogHeader } from '../ingest/klog-header-bytes.ts';
import type { CollectReply, CollectRequest } from './collect-worker.ts';
import { feedFile, isGzipFile, streamInto } from './read-files.ts';

export interface ReadOptions {
  /** Threads stage 1 may use (default: 2 when the machine has at least MIN_CORES_FOR_TWO_THREADS cores, else 1). */
  threads?: number;
  /** Inputs smaller than this are read by one thread (default MIN_PARALLEL_BYTES; tests lower it). */
  minParallelBytes?: number;
  /** Told what happened (the benchmark reports it). */
  onReport?: (report: ReadReport) => void;
}

/** What happened, for the benchmark's report. */
export interface ReadReport {
  threads: 1 | 2;
  /** Bytes read by the worker thread (file bytes; compressed for .gz). */
  workerBytes: number;
  /** Why the worker's part was not used ('' if it was, or no worker ran). */
  refused: string;
  /** From starting the worker: until this thread had read its part, until the worker began reading, and until its part arrived. */
  mainMs: number;
  workerStartMs: number;
  workerMs: number;
}

/**
 * A second stage-1 thread pays only with cores to spare. One thread already keeps about a core and a half busy (V8's
 * garbage collector and compiler threads, file reads), so on two cores a worker competes with those: on the 200 MB
 * benchmark on a 2-core VM two threads were no faster (medians 2.82 s vs 1.89 s one thread in one session, 2.18 s vs
 * 2.47 s in another) and took 10% more memory.
 */
const MIN_CORES_FOR_TWO_THREADS = 4;
/** Inputs smaller than this are read by one thread: starting a worker costs more than it saves. */
const MIN_PARALLEL_BYTES = 48 << 20;
/** The worker's start-up (bundling included), counted in bytes this thread reads meanwhile (~0.12 s at ~100 MB/s). */
const WORKER_START_BYTES = 12 << 20;
/** A compressed byte costs about this many plain ones to read. */
const GZIP_WORK = 5;
/** The least of a file either thread reads when it is split. */
const MIN_PIECE_BYTES = 1 << 20;
/** How far past the ideal split point to look for a line that starts a klog record. */
const SPLIT_SEARCH_BYTES = 4 << 20;

interface Plan {
  /** Files read whole by this thread. */
  mainFiles: string[];
  /** A file this thread reads up to `at`, the worker from `at`. */
  split?: { path: string; at: number };
  workerFiles: string[];
  workerBytes: number;
}

export async function readInputs(analyzer: Analyzer, files: string[], opts: ReadOptions = {}): Promise<ReadReport> {
  const report = await read(analyzer, files, opts);
  opts.onReport?.(report);
  return report;
}

async function read(analyzer: Analyzer, files: string[], opts: ReadOptions): Promise<ReadReport> {
  const threads = opts.threads ?? (availableParallelism() >= MIN_CORES_FOR_TWO_THREADS ? 2 : 1);
  const plan = threads >= 2 ? planParts(files, opts.minParallelBytes ?? MIN_PARALLEL_BYTES) : undefined;
  // Room for the records at once: a plain file makes it itself from its first lines (read-files.ts estimateLines);
  // a compressed one cannot tell, nor can the columns a part is merged into.
  analyzer.collector.expectBytes(inputWork(plan ? files : files.filter((f) => isGzipFile(f))));
  if (!plan) {
    for (const f of files) await feedFile(analyzer, f);
    return { threads: 1, workerBytes: 0, refused: '', mainMs: 0, workerStartMs: 0, workerMs: 0 };
  }
  const started = performance.now();
  const startedAt = Date.now();
  const { uninitializedBuffer, ...collectOpts } = analyzer.collector.opts;
  const request: CollectRequest = {
    opts: collectOpts, unclearedColumns: uninitializedBuffer !== undefined,
    expectedBytes: plan.workerBytes,
    files: [...(plan.split ? [{ path: plan.split.path, rest: { start: plan.split.at } }] : []), ...plan.workerFiles.map((path) => ({ path }))],
  };
  let workerMs = 0;
  const reply = runCollectWorker(request).then((answer) => {
    workerMs = performance.now() - started;
    return answer;
  });
  for (const f of plan.mainFiles) await feedFile(analyzer, f);
  let paused: SourceHandle | undefined;
  let refused = '';
  if (plan.split) {
    paused = analyzer.addSource(basename(plan.split.path));
    await streamInto(paused, plan.split.path, { gzip: false, end: plan.split.at });
    refused = paused.pause();
  }
  const mainMs = performance.now() - started;
  const answer = await reply;
  if ('error' in answer) refused = `the worker failed: ${answer.error}`;
  else if (!refused) refused = mergePart(analyzer.collector, paused, answer.part);
  if (refused) {
    // Read the worker's stretch here instead.
    if (paused && plan.split) await streamInto(paused, plan.split.path, { gzip: false, start: plan.split.at });
    paused?.end();
    for (const f of plan.workerFiles) await feedFile(analyzer, f);
  } else {
    paused?.end();
  }
  const workerStartMs = 'error' in answer ? 0 : answer.readyAt - startedAt;
  return { threads: 2, workerBytes: plan.workerBytes, refused, mainMs, workerStartMs, workerMs };
}

/** About how many bytes of log the files hold (a compressed byte counts GZIP_WORK times). */
function inputWork(files: string[]): number {
  let total = 0;
  for (const f of files) total += isGzipFile(f) ? statSync(f).size * GZIP_WORK : statSync(f).size;
  return total;
}

/** Who reads what, or undefined when one thread should read everything. */
function planParts(files: string[], minParallelBytes: number): Plan | undefined {
  const sizes = files.map((f) => statSync(f).size);
  const gzip = files.map((f) => isGzipFile(f));
  const work = sizes.map((s, i) => (gzip[i] ? s * GZIP_WORK : s));
  const total = work.reduce((a, b) => a + b, 0);
  if (total < minParallelBytes) return undefined;
  // Both threads should finish together; this one starts reading WORKER_START_BYTES earlier.
  const target = Math.min(total * 0.85, (total + Math.min(WORKER_START_BYTES, total / 2)) / 2);
  let before = 0;
  for (let i = 0; i < files.length; i++) {
    if (before + work[i] <= target) { before += work[i]; continue; }
    const within = target - before;
    // A split leaves each thread at least MIN_PIECE_BYTES of the file (less for the small inputs of tests).
    const minPiece = Math.min(MIN_PIECE_BYTES, sizes[i] / 8);
    if (!gzip[i] && within > minPiece && sizes[i] - within > minPiece) {
      const at = recordStartNear(files[i], Math.round(within), sizes[i]);
      if (at > 0) {
        return { mainFiles: files.slice(0, i), split: { path: files[i], at }, workerFiles: files.slice(i + 1), workerBytes: sizes[i] - at + sum(sizes.slice(i + 1)) };
      }
    }
    // Split between files: this one goes to whichever side it mostly lies on.
    const cut = within > work[i] / 2 ? i + 1 : i;
    if (cut === 0 || cut === files.length) return undefined;
    return { mainFiles: files.slice(0, cut), workerFiles: files.slice(cut), workerBytes: sum(sizes.slice(cut)) };
  }
  return undefined;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * The offset of the first line at or after byte `near` that starts with a clean klog header (a record starts
 * there whatever came before), or -1 if none within SPLIT_SEARCH_BYTES.
 */
function recordStartNear(path: string, near: number, size: number): number {
  const fd = openSync(path, 'r');
  try {
    const window = new Uint8Array(Math.min(SPLIT_SEARCH_BYTES, size - near));
    const n = readSync(fd, window, 0, window.length, near);
    const header = newBareKlogHeader();
    for (let nl = window.indexOf(10); nl >= 0 && nl + 1 < n; nl = window.indexOf(10, nl + 1)) {
      const next = window.indexOf(10, nl + 1);
      if (next < 0) break;
      if (parseBareKlogHeader(window, nl + 1, next, header)) return near + nl + 1;
    }
    return -1;
  } finally {
    closeSync(fd);
  }
}

/** Runs collect-worker.ts on `request`; the worker ends once it has answered. */
async function runCollectWorker(request: CollectRequest): Promise<CollectReply> {
  let worker: Worker;
  try {
    worker = await startWorker(new URL('./collect-worker.ts', import.meta.url));
  } catch (e) {
    return { error: String(e) };
  }
  return new Promise((resolve) => {
    worker.once('message', (reply: CollectReply) => {
      resolve(reply);
      void worker.terminate();
    });
    worker.once('error', (e) => resolve({ error: e.stack ?? e.message }));
    worker.once('exit', (code) => resolve({ error: `exited with code ${code}` }));
    worker.postMessage(request);
  });
}

/**
 * A worker thread for a module of this program. Compiled JavaScript starts directly. Under tsx (TypeScript run
 * directly, as `npm run syncloop` does) a worker does not inherit the TypeScript loader, and loading the core through
 * tsx's API in the worker takes over half a second; so the module is bundled into one ES module by esbuild (a separate
 * process: ~60 ms, while this thread already reads) and started from memory (~50 ms). Without esbuild, tsx's API.
 */
async function startWorker(url: URL): Promise<Worker> {
  if (!url.pathname.endsWith('.ts')) return new Worker(url);
  const bundled = await bundle(fileURLToPath(url));
  if (bundled !== undefined) {
    // No execArgv: the bundle is plain JavaScript, and tsx's loader hooks (inherited otherwise) slow its start 3×.
    return new Worker(new URL(`data:text/javascript;base64,${Buffer.from(bundled).toString('base64')}`), { execArgv: [] });
  }
  const api = import.meta.resolve('tsx/esm/api');
  const boot = `import { tsImport } from ${JSON.stringify(api)};\nawait tsImport(${JSON.stringify(url.href)}, ${JSON.stringify(import.meta.url)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`));
}

/** The module and everything it imports as one ES module's text, or undefined when esbuild is not available. */
async function bundle(path: string): Promise<string | undefined> {
  let esbuild: typeof import('esbuild');
  try {
    esbuild = await import('esbuild');
  } catch {
    return undefined;
  }
  const out = await esbuild.build({ entryPoints: [path], bundle: true, platform: 'node', format: 'esm', target: 'node20', write: false, logLevel: 'silent' });
  return out.outputFiles[0].text;
}
