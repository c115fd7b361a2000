/**
 * The command line reads .gz files (detected by their magic bytes, whatever the name) and survives corrupt ones:
 * a clear diagnostic, exit status 0, and the lines before the damage kept.
 */
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const LINES = 30_000;

/** A plain klog file big enough that the gunzip stream hands over several chunks before any damage. */
function logText(): string {
  const out: string[] = [];
  for (let i = 0; i < LINES; i++) {
    const s = String(i % 60).padStart(2, '0');
    const m = String(Math.floor(i / 60) % 60).padStart(2, '0');
    out.push(`I0315 10:${m}:${s}.${String(i).padStart(6, '0')}    2891 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-${i}"]`);
  }
  return out.join('\n') + '\n';
}

interface SourceJson {
  file: string;
  format: string;
  lines: { total: number; klog: number };
}

interface CliJson {
  sources: SourceJson[];
  diagnostics: { file: string; line: number; level: string; message: string }[];
}

describe('CLI and gzip', () => {
  let dir = '';
  let result: { status: number | null; json: CliJson; stderr: string };
  const source = (file: string) => result.json.sources.find((s) => s.file === file)!;
  const diagnostics = (file: string) => result.json.diagnostics.filter((d) => d.file === file);

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'syncloop-gz-'));
    const gz = gzipSync(Buffer.from(logText()));
    // Named without .gz, to show that the bytes decide.
    writeFileSync(join(dir, 'kubelet.log.1'), gz);
    writeFileSync(join(dir, 'truncated.gz'), gz.subarray(0, Math.floor(gz.length * 0.6)));
    const bad = Buffer.from(gz);
    for (let i = Math.floor(bad.length / 2); i < Math.floor(bad.length / 2) + 256; i++) bad[i] = (i * 131) & 255;
    writeFileSync(join(dir, 'garbled.gz'), bad);
    // One run for all three files: starting the CLI is the slow part.
    const files = ['kubelet.log.1', 'truncated.gz', 'garbled.gz'].map((f) => join(dir, f));
    const r = spawnSync('npx', ['tsx', 'src/cli/main.ts', 'analyze', ...files, '--json', '--year', '2024'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 });
    result = { status: r.status, json: JSON.parse(r.stdout) as CliJson, stderr: r.stderr };
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('exits 0 with no internal error, whatever the files hold', () => {
    expect(result.status).toBe(0);
    expect(result.stderr).not.toContain('internal error');
  });

  it('reads a gzip file', () => {
    const s = source('kubelet.log.1');
    expect([s.format, s.lines.total, s.lines.klog]).toEqual(['klog', LINES, LINES]);
    expect(diagnostics('kubelet.log.1')).toEqual([]);
  });

  it('a truncated gzip file: a clear diagnostic, the lines before the cut kept', () => {
    const klog = source('truncated.gz').lines.klog;
    // The first 60 % of the compressed stream holds about 60 % of the lines; at most one 64 KB piece is lost.
    expect(klog).toBeGreaterThan(LINES * 0.5);
    expect(klog).toBeLessThan(LINES);
    const errors = diagnostics('truncated.gz').filter((d) => d.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toMatch(/^corrupt or truncated gzip data: .*; the lines before it were read$/);
  });

  it('garbage in the middle of the compressed data: reported, the lines before it kept', () => {
    expect(source('garbled.gz').lines.klog).toBeGreaterThan(LINES * 0.4);
    // Either the inflater stops with an error, or it produced damaged text (reported line by line) and the checksum fails.
    expect(diagnostics('garbled.gz').some((d) => d.level === 'error' || d.level === 'warning')).toBe(true);
  });
});
