/**
 * The baseline: the least any parser must do with a klog file — read it as the CLI reads a plain file (1 MB at a
 * time, into a buffer used again: cli/read-files.ts), decode, split lines, and match the klog header with one plain regular expression per line (captures included,
 * as a parser would use them). The pipeline's speed is reported relative to this.
 *
 * It decodes as efficiently as the pipeline does (64 KB pieces, one-shot decoding when a piece ends on a character
 * boundary; see ingest/line-splitter.ts), so the ratio measures the pipeline's work, not a slower decode.
 */
import { closeSync, openSync, readSync } from 'node:fs';

function cpuNowMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Decoded at most this many bytes at a time, as ingest/line-splitter.ts does. */
const DECODE_PIECE_BYTES = 64 * 1024;
const KLOG_HEADER = /^([IWEF])(\d{4}) (\d{2}:\d{2}:\d{2}\.\d{6})\s+(\d+) ([^:\]]+):(\d+)\] /;

export interface BaselineRun {
  ms: number;
  /** Process CPU time (user + system) of the pass. */
  cpuMs: number;
  lines: number;
  matched: number;
}

/** One pass over the first `limitBytes` of the file (all of it by default). */
export async function baselinePass(path: string, limitBytes = Infinity): Promise<BaselineRun> {
  const c0 = cpuNowMs();
  const t0 = performance.now();
  const decoder = new TextDecoder('utf-8');
  const whole = new TextDecoder('utf-8', { ignoreBOM: true });
  let atBoundary = false;
  const decode = (piece: Uint8Array) => {
    const ends = piece.length > 0 && piece[piece.length - 1] < 0x80;
    const s = atBoundary && ends ? whole.decode(piece) : decoder.decode(piece, { stream: true });
    if (piece.length > 0) atBoundary = ends;
    return s;
  };
  const buffer = new Uint8Array(1 << 20);
  const fd = openSync(path, 'r');
  let carry = '';
  let lines = 0;
  let matched = 0;
  const onLine = (line: string) => {
    lines++;
    if (KLOG_HEADER.exec(line) !== null) matched++;
  };
  for (let at = 0; at < limitBytes;) {
    const n = readSync(fd, buffer, 0, Math.min(buffer.length, limitBytes - at), at);
    if (n === 0) break;
    at += n;
    const b = buffer.subarray(0, n);
    for (let p = 0; p < b.length; p += DECODE_PIECE_BYTES) {
      const text = carry + decode(b.subarray(p, p + DECODE_PIECE_BYTES));
      let start = 0;
      for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
        onLine(text.slice(start, nl));
        start = nl + 1;
      }
      carry = text.slice(start);
    }
  }
  closeSync(fd);
  carry += decoder.decode();
  if (carry) onLine(carry);
  return { ms: performance.now() - t0, cpuMs: cpuNowMs() - c0, lines, matched };
}

export interface BaselineResult {
  runsMs: number[];
  medianMs: number;
  medianCpuMs: number;
  lines: number;
  matched: number;
}

/** A warm-up pass over a prefix (so the JIT has compiled the loop), then `reps` full passes; median time. */
export async function runBaseline(path: string, reps: number, warmupBytes: number): Promise<BaselineResult> {
  await baselinePass(path, warmupBytes);
  const runs: BaselineRun[] = [];
  for (let i = 0; i < reps; i++) runs.push(await baselinePass(path));
  const runsMs = runs.map((r) => r.ms);
  return { runsMs, medianMs: median(runsMs), medianCpuMs: median(runs.map((r) => r.cpuMs)), lines: runs[0].lines, matched: runs[0].matched };
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
