/**
 * The command line leaves a plain file's text in the file (cli/read-files.ts, FileText): the trace reads it back
 * from there, the file is read through two buffers used in turn, and the result is the trace of the same bytes held
 * in memory — whatever the chunk size, for every kind of line (the fast path's bare klog lines, journald and JSON
 * lines read as text, continuation lines, a line longer than a chunk). A file cut short or rewritten after it was
 * read is refused with an error naming it; lines appended meanwhile change nothing.
 */
import { appendFileSync, closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateKubeletLog } from '../../../scripts/gen-kubelet-log.ts';
import { estimateLines, feedFile, InputError } from '../../../src/cli/read-files.ts';
import { Analyzer, analyzeSources } from '../../../src/model/analyze.ts';
import { joinRaw, pieceLength } from '../../../src/model/raw-text.ts';
import { readLines } from '../../../src/model/trace-query.ts';
import type { Trace } from '../../../src/model/trace.ts';

const dir = mkdtempSync(join(tmpdir(), 'syncloop-read-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Generated klog lines with journald lines, JSON lines, a Go panic and one very long line among them. */
function mixedLog(): string {
  const parts: string[] = [];
  generateKubeletLog({ sizeBytes: 600 << 10, seed: 3 }, (c) => { parts.push(c); });
  const lines = parts.join('').split('\n');
  const extra = [
    'Mar 15 10:02:03 node-a kubelet[2891]: I0315 10:02:03.123456    2891 kubelet.go:2400] "SyncLoop (PLEG): event for pod" pod="default/web-0" event={"ID":"abc","Type":"ContainerStarted"}',
    '{"ts":1710496923123.456,"caller":"kubelet/kubelet.go:2400","msg":"SyncLoop ADD","v":2,"source":"api","pods":["default/json-pod"]}',
    'panic: runtime error: invalid memory address or nil pointer dereference',
    'goroutine 1 [running]:',
    '\tk8s.io/kubernetes/pkg/kubelet.(*Kubelet).syncLoop(0xc000123456)',
    `E0315 10:02:04.000001    2891 kubelet.go:1887] "Error syncing pod, skipping" err="${'x'.repeat(70_000)}" pod="default/web-0"`,
    'Mar 15 10:02:05 node-a kubelet[2891]: E0315 10:02:05.000000    2891 pod_workers.go:1300] "Error syncing pod, skipping" err="ünïcødé ☃"',
  ];
  const out: string[] = [];
  lines.forEach((l, i) => {
    out.push(l);
    if (i % 997 === 0) out.push(...extra.slice(0, 5));
    if (i === 1500) out.push(extra[5], extra[6]);
  });
  return out.join('\n');
}

const latin1 = new TextDecoder('latin1');
/** The trace with its raw text as one string (how the text is held is not part of what was read). */
function comparable(t: Trace): unknown {
  return { ...t, raw: t.raw.map((r) => ({ text: latin1.decode(joinRaw(r)), lineStarts: r.lineStarts })) };
}

async function readFile(path: string, chunkBytes?: number): Promise<Trace> {
  const analyzer = new Analyzer({ defaultYear: 2024, yearFromCaller: true });
  await feedFile(analyzer, path, chunkBytes);
  return analyzer.finish();
}

describe('a plain file read with its text left in the file', () => {
  const text = mixedLog();
  const path = join(dir, 'kubelet.log');
  writeFileSync(path, text);
  const inMemory = analyzeSources([{ name: 'kubelet.log', data: text }], { defaultYear: 2024 });

  it('gives the trace of the same bytes held in memory, whatever the chunk size', async () => {
    for (const chunkBytes of [1 << 20, 65_536, 4099, 37]) {
      const trace = await readFile(path, chunkBytes);
      expect(comparable(trace), `chunks of ${chunkBytes} bytes`).toEqual(comparable(inMemory));
    }
  });

  it('holds no copy of the text: its pieces are placeholders read back from the file', async () => {
    const trace = await readFile(path);
    const raw = trace.raw[0];
    expect(raw.external).toBeDefined();
    expect(raw.pieces.reduce((sum, p) => sum + p.length, 0)).toBe(0);
    expect(raw.pieces.length).toBeGreaterThan(2);
    const lines = text.split('\n');
    expect(readLines(trace, 0, 1)).toBe(lines[0]);
    expect(readLines(trace, 0, lines.length)).toBe(lines[lines.length - 1]);
  });

  it('still reads lines back after lines were appended (a live log) or the file was renamed (rotation)', async () => {
    const live = join(dir, 'live.log');
    writeFileSync(live, text);
    const trace = await readFile(live);
    appendFileSync(live, 'I0315 10:09:00.000000    2891 kubelet.go:2400] "SyncLoop ADD" source="api" pods=["default/late"]\n');
    writeFileSync(join(dir, 'live.log.new'), '');
    rmSync(live);
    const lines = text.split('\n');
    const mid = lines.length >> 1;
    expect(readLines(trace, 0, mid)).toBe(lines[mid - 1]);
  });

  it('refuses to read back a file cut short or rewritten since, naming it', async () => {
    // Bigger than the cache of pieces read back (4 MB), so its last line is read from the file again.
    const parts: string[] = [];
    generateKubeletLog({ sizeBytes: 6 << 20, seed: 4 }, (c) => { parts.push(c); });
    const big = parts.join('');
    const cut = join(dir, 'cut.log');
    writeFileSync(cut, big);
    const cutTrace = await readFile(cut);
    expect(readLines(cutTrace, 0, 1)).toBe(big.slice(0, big.indexOf('\n')));
    truncateSync(cut, 1000);
    const raw = cutTrace.raw[0];
    const last = raw.pieces.length - 1;
    expect(() => raw.external!.read(last, new Uint8Array(pieceLength(raw, last)))).toThrow(InputError);
    expect(() => readLines(cutTrace, 0, big.split('\n').length - 1)).toThrow(/cut\.log changed after it was read/);

    const rewritten = join(dir, 'rewritten.log');
    writeFileSync(rewritten, text);
    const rewrittenTrace = await readFile(rewritten);
    // Same length, other bytes at the start of the first piece.
    const bytes = readFileSync(rewritten);
    bytes[0] = bytes[0] === 0x49 ? 0x57 : 0x49;
    writeFileSync(rewritten, bytes);
    const first = rewrittenTrace.raw[0];
    expect(() => first.external!.read(0, new Uint8Array(pieceLength(first, 0)))).toThrow(/rewritten\.log changed after it was read/);
  });

  it('reads what is not a regular file as a stream, keeping its bytes (/dev/null: an empty source)', async () => {
    const trace = await readFile('/dev/null');
    expect(trace.raw[0].external).toBeUndefined();
    expect(trace.sources[0].lines.total).toBe(0);
    expect(trace.sources[0].diagnostics.map((d) => d.message)).toContain('the file is empty');
  });
});

describe('room made for a file\'s lines before it is read', () => {
  const estimate = (path: string) => {
    const fd = openSync(path, 'r');
    try {
      return estimateLines(fd, statSync(path).size, new Uint8Array(1 << 20));
    } finally {
      closeSync(fd);
    }
  };

  it('counts a small file\'s lines exactly, and estimates a big one\'s a little above what it has', () => {
    const small = join(dir, 'small.log');
    writeFileSync(small, 'a\nb\nc\n');
    expect(estimate(small)).toBe(4);
    const parts: string[] = [];
    generateKubeletLog({ sizeBytes: 3 << 20, seed: 5 }, (c) => { parts.push(c); });
    const big = join(dir, 'big.log');
    writeFileSync(big, parts.join(''));
    const lines = parts.join('').split('\n').length;
    const guess = estimate(big);
    expect(guess).toBeGreaterThan(lines);
    expect(guess).toBeLessThan(lines * 1.6);
  });

  it('looks again once it has read more: a file whose first lines are long grows its columns early, not near the end', async () => {
    // 1 MB of long lines, then 24 MB of short ones: the first look sees about a third of the lines there are.
    const path = join(dir, 'long-then-short.log');
    const header = (i: number) => `I0315 10:02:03.${String(i % 1e6).padStart(6, '0')}    2891 kubelet.go:2400] `;
    const long: string[] = [];
    for (let i = 0; long.length * 400 < 1 << 20; i++) long.push(header(i) + `"SyncLoop (PLEG): event for pod" pod="default/web-${'x'.repeat(300)}"`);
    const short: string[] = [];
    for (let i = 0; short.length * 100 < 24 << 20; i++) short.push(header(i) + `"SyncLoop UPDATE" source="api" pods=[default/p${i % 50}]`);
    writeFileSync(path, [...long, ...short].join('\n') + '\n');
    const analyzer = new Analyzer({ defaultYear: 2024, yearFromCaller: true, releaseColumnsEarly: false });
    const columns = analyzer.collector.out;
    const grownAt: number[] = [];
    const reserve = columns.reserve.bind(columns);
    columns.reserve = (records: number) => {
      if (records > (columns as unknown as { capacity: number }).capacity) grownAt.push(columns.count);
      reserve(records);
    };
    await feedFile(analyzer, path);
    const total = columns.count;
    expect(total).toBe(long.length + short.length);
    expect(grownAt.length).toBeGreaterThan(1);
    // Every grow copied at most the records of the first tenth and a chunk: none near the end, where the first
    // look alone would have run out (at about a third of the lines, then at two thirds).
    expect(Math.max(...grownAt)).toBeLessThan(total * 0.2);
  });

  it('makes no estimate from a sample with too few lines (a binary file, very long lines)', () => {
    const long = join(dir, 'long-lines.log');
    writeFileSync(long, ('x'.repeat(100_000) + '\n').repeat(8));
    expect(estimate(long)).toBe(0);
  });
});

describe('inputs that can be read only once', () => {
  it('copies standard input (-) to a temporary file named stdin, read as any other (gzip included)', async () => {
    const { Readable } = await import('node:stream');
    const { gzipSync } = await import('node:zlib');
    const { spoolOneShotInputs } = await import('../../../src/cli/read-files.ts');
    const text = readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'findings', 'probe-failures-1.log'));
    const regular = join(dir, 'regular.log');
    writeFileSync(regular, text);
    const files = await spoolOneShotInputs([regular, '-'], Readable.from([gzipSync(text)]));
    expect(files[0]).toBe(regular);
    expect(files[1]).toMatch(/[\\/]stdin$/);
    expect(readFileSync(files[1]).equals(gzipSync(text))).toBe(true);
    const analyzer = new Analyzer({ defaultYear: 2024, yearFromCaller: true });
    await feedFile(analyzer, files[1]);
    const trace = analyzer.finish();
    expect(trace.sources[0].name).toBe('stdin');
    expect(trace.sources[0].lines.klog).toBe(4);
    await expect(spoolOneShotInputs(['-', '-'], Readable.from([text]))).rejects.toThrow(InputError);
  });

  it('the command line reads a pipe on standard input', async () => {
    const { spawnSync } = await import('node:child_process');
    const root = join(import.meta.dirname, '..', '..', '..');
    const fixture = join(root, 'test', 'fixtures', 'findings', 'probe-failures-1.log');
    const run = spawnSync('sh', ['-c', `cat "${fixture}" | node --import tsx src/cli/main.ts analyze - --json`], { cwd: root, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const json = JSON.parse(run.stdout) as { sources: { file: string }[]; findings: { id: string }[] };
    expect(json.sources.map((s) => s.file)).toEqual(['stdin']);
    expect(json.findings.map((f) => f.id)).toContain('probe-failures');
  });
});
