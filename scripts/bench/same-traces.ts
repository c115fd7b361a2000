/**
 * Guards performance work against changes of behaviour: analyses a fixed set of inputs the way the CLI does and
 * records (or checks) a fingerprint of every resulting Trace (trace-fingerprint.ts).
 *
 *   npx tsx scripts/bench/same-traces.ts --record FILE   write the fingerprints
 *   npx tsx scripts/bench/same-traces.ts --check FILE    compare with them; exit status 1 and the differing parts if any
 *   [--only NAME]   one input;  [--threads N]   stage-1 threads the CLI may use (default: the CLI's own choice)
 *
 * Inputs (generated into .bench/same-traces/, deterministic): the five seeds, a 50 MB structured and a 50 MB printf
 * log, a newest-first journald file, a log crossing a new year, rotated files plus other nodes' files analysed
 * together, and the test fixtures as two multi-file inputs.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { generateKubeletLog, generateKubeletLogFile } from '../gen-kubelet-log.ts';
import { loadTrace } from '../../src/cli/analyze-command.ts';
import type { ReadReport } from '../../src/cli/parallel-read.ts';
import { fingerprintDiff, traceFingerprint } from './trace-fingerprint.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const DIR = join(ROOT, '.bench', 'same-traces');
const SEEDS = join(ROOT, '..', 'shared', 'seeds');
const FIXTURES = join(ROOT, 'test', 'fixtures');
const MB = 1024 * 1024;

interface Input {
  name: string;
  files: () => string[];
  year: number;
}

function generated(name: string, make: (path: string) => void): string {
  const path = join(DIR, name);
  if (!existsSync(path)) make(path);
  return path;
}

function textOf(opts: Parameters<typeof generateKubeletLog>[0]): string {
  const parts: string[] = [];
  generateKubeletLog(opts, (chunk) => { parts.push(chunk); });
  return parts.join('');
}

/** Each line behind a journald short-iso prefix carrying the klog time (continuation lines reuse the last one). */
function asJournald(text: string, host: string): string[] {
  let stamp = '2024-03-14T00:00:00.000000+0000';
  return text.trimEnd().split('\n').map((line) => {
    const m = /^[IWEF](\d\d)(\d\d) (\d\d:\d\d:\d\d\.\d{6})/.exec(line);
    if (m) stamp = `2024-${m[1]}-${m[2]}T${m[3]}+0000`;
    return `${stamp} ${host} kubelet[243524]: ${line}`;
  });
}

const INPUTS: Input[] = [
  ...['000', '001', '002', '003', '004'].map((p) => ({
    name: `seed-${p}`, year: 2024, files: () => [join(SEEDS, readdirSync(SEEDS).find((f) => f.startsWith(p))!)],
  })),
  {
    name: 'structured-50mb', year: 2024,
    files: () => [generated('structured-50mb.log', (p) => generateKubeletLogFile(p, { sizeBytes: 50 * MB, seed: 7, era: 'structured' }))],
  },
  {
    name: 'printf-50mb', year: 2024,
    files: () => [generated('printf-50mb.log', (p) => generateKubeletLogFile(p, { sizeBytes: 50 * MB, seed: 3, era: 'printf' }))],
  },
  {
    name: 'journald-newest-first', year: 2024,
    files: () => [generated('journald-reversed.log', (p) => {
      const lines = asJournald(textOf({ sizeBytes: 4 * MB, seed: 5, era: 'structured' }), 'node-7');
      writeFileSync(p, lines.reverse().join('\n') + '\n');
    })],
  },
  {
    name: 'new-year', year: 2023,
    files: () => [generated('new-year.log', (p) => generateKubeletLogFile(p, {
      sizeBytes: 24 * MB, seed: 9, era: 'structured', startEpochMs: Date.UTC(2023, 11, 31, 23, 40, 0),
    }))],
  },
  {
    name: 'multi-file', year: 2024,
    files: () => {
      const names = ['kubelet.log.2', 'kubelet.log.1.gz', 'kubelet.log'];
      if (!names.every((n) => existsSync(join(DIR, n)))) {
        const text = textOf({ sizeBytes: 12 * MB, seed: 11, era: 'printf' });
        const lines = text.trimEnd().split('\n');
        const third = Math.floor(lines.length / 3);
        const pieces = [lines.slice(0, third), lines.slice(third, 2 * third), lines.slice(2 * third)].map((l) => l.join('\n') + '\n');
        writeFileSync(join(DIR, names[0]), pieces[0]);
        writeFileSync(join(DIR, names[1]), gzipSync(pieces[1]));
        writeFileSync(join(DIR, names[2]), pieces[2]);
      }
      const other = generated('other-node.log', (p) => writeFileSync(p, asJournald(textOf({ sizeBytes: 2 * MB, seed: 13, era: 'structured' }), 'node-9').join('\n') + '\n'));
      return [...names.map((n) => join(DIR, n)), other, join(FIXTURES, 'logs', 'talosctl-two-nodes.log'), join(FIXTURES, 'logs', 'journald-oldest-first.log')];
    },
  },
  { name: 'fixtures-logs', year: 2024, files: () => readdirSync(join(FIXTURES, 'logs')).sort().map((f) => join(FIXTURES, 'logs', f)) },
  { name: 'fixtures-findings', year: 2024, files: () => readdirSync(join(FIXTURES, 'findings')).sort().map((f) => join(FIXTURES, 'findings', f)) },
];

async function main(argv: string[]): Promise<void> {
  const arg = (name: string) => { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : undefined; };
  const record = arg('--record');
  const check = arg('--check');
  const only = arg('--only');
  const threads = arg('--threads');
  if (!record === !check) throw new Error('usage: same-traces.ts --record FILE | --check FILE [--only NAME] [--threads N]');
  mkdirSync(DIR, { recursive: true });
  const expected: Record<string, Record<string, string>> = check ? JSON.parse(readFileSync(check, 'utf8')) : {};
  const results: Record<string, Record<string, string>> = {};
  let failed = 0;
  for (const input of INPUTS) {
    if (only && input.name !== only) continue;
    const files = input.files();
    const t0 = performance.now();
    let how = '';
    const onReport = (r: ReadReport) => {
      how = r.threads === 1 ? '1 thread' : `2 threads, worker ${(r.workerBytes / (1 << 20)).toFixed(1)} MB in ${(r.workerMs / 1000).toFixed(2)} s, main ${(r.mainMs / 1000).toFixed(2)} s${r.refused ? `, part refused: ${r.refused}` : ''}`;
    };
    // With 2 threads even small inputs are split, so that every input goes through the merge.
    const read = threads === undefined ? { onReport } : { threads: Number(threads), minParallelBytes: Number(threads) > 1 ? 0 : undefined, onReport };
    const trace = await loadTrace(files, input.year, read);
    const ms = performance.now() - t0;
    const fp = traceFingerprint(trace);
    results[input.name] = fp;
    let verdict = 'recorded';
    if (check) {
      const want = expected[input.name];
      const diff = want ? fingerprintDiff(want, fp) : ['(no recorded fingerprint)'];
      verdict = diff.length ? `DIFFERS in ${diff.join(', ')}` : 'same';
      if (diff.length) failed++;
    }
    process.stdout.write(`${input.name.padEnd(24)} ${String(trace.events.count).padStart(8)} events ${(ms / 1000).toFixed(2).padStart(6)} s  ${verdict}  (${how})\n`);
  }
  if (record) writeFileSync(record, JSON.stringify(results, null, 1) + '\n');
  if (failed) {
    process.stdout.write(`${failed} input(s) differ\n`);
    process.exitCode = 1;
  }
}

main(process.argv.slice(2)).catch((e: unknown) => {
  process.stderr.write(`same-traces: ${(e as Error).stack ?? String(e)}\n`);
  process.exitCode = 1;
});
