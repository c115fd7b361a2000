/**
 * The CLI's two-thread reading (src/cli/parallel-read.ts, with a real worker thread) gives the trace one thread
 * gives: a file split in two, several files (one gzipped), and a document whose part the merge refuses.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { generateKubeletLog } from '../../../scripts/gen-kubelet-log.ts';
import { loadTrace } from '../../../src/cli/analyze-command.ts';
import type { ReadReport } from '../../../src/cli/parallel-read.ts';
import { joinRaw } from '../../../src/model/raw-text.ts';
import type { Trace } from '../../../src/model/trace.ts';

const dir = mkdtempSync(join(tmpdir(), 'syncloop-parallel-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function log(name: string, sizeBytes: number, seed: number): string {
  const parts: string[] = [];
  generateKubeletLog({ sizeBytes, seed }, (c) => { parts.push(c); });
  const path = join(dir, name);
  writeFileSync(path, parts.join(''));
  return path;
}

const latin1 = new TextDecoder('latin1');
/** Raw bytes joined (chunking is not part of what was read) and as text (fast to compare). */
function comparable(t: Trace): unknown {
  return { ...t, raw: t.raw.map((r) => ({ text: latin1.decode(joinRaw(r)), lineStarts: r.lineStarts })) };
}

async function twoWays(files: string[]): Promise<{ report: ReadReport | undefined }> {
  let report: ReadReport | undefined;
  const two = await loadTrace(files, 2024, { threads: 2, minParallelBytes: 0, onReport: (r) => { report = r; } });
  const one = await loadTrace(files, 2024, { threads: 1 });
  expect(comparable(two)).toEqual(comparable(one));
  return { report };
}

describe('reading with two threads', () => {
  it('a file split in two, merged', async () => {
    const { report } = await twoWays([log('kubelet.log', 2 << 20, 5)]);
    expect(report).toMatchObject({ threads: 2, refused: '' });
    expect(report!.workerBytes).toBeGreaterThan(0);
  });

  it('several files, one gzipped', async () => {
    const a = log('kubelet.log.1', 512 << 10, 6);
    const b = join(dir, 'kubelet.log.2.gz');
    const parts: string[] = [];
    generateKubeletLog({ sizeBytes: 512 << 10, seed: 7 }, (c) => { parts.push(c); });
    writeFileSync(b, gzipSync(parts.join('')));
    const { report } = await twoWays([a, b, log('other.log', 512 << 10, 8)]);
    expect(report).toMatchObject({ threads: 2, refused: '' });
  });

  it('a part the merge refuses is read again by the main thread', async () => {
    const parts: string[] = [];
    generateKubeletLog({ sizeBytes: 2 << 20, seed: 9 }, (c) => { parts.push(c); });
    const lines = parts.join('').split('\n');
    // A document: prose outnumbers the log lines in its first half.
    const doc = [...lines.slice(0, 5000).flatMap((l) => [l, 'prose', 'more prose']), ...lines.slice(5000)].join('\n');
    const path = join(dir, 'issue.md');
    writeFileSync(path, doc);
    const { report } = await twoWays([path]);
    expect(report?.refused).toMatch(/document/);
  });
});
