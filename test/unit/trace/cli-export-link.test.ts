/** The `export` and `link` commands, run as a user runs them (tsx), their output read back by the importers. */
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import Papa from 'papaparse';
import { importTraceFile } from '../../../src/trace/trace-file.ts';
import { decodeShareLink } from '../../../src/trace/link.ts';
import { seedPath, seedText } from '../../helpers.ts';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const syncloop = (...args: string[]) => run(TSX, ['src/cli/main.ts', ...args], { cwd: ROOT, maxBuffer: 64 << 20, encoding: 'utf8' });

type Result = { stdout: string; stderr: string; code?: number };

describe('syncloop export / link', () => {
  const seed = seedPath('004');
  const dir = mkdtempSync(join(tmpdir(), 'syncloop-cli-'));
  const gz = join(dir, 'incident.json.gz');
  // Each run starts a Node process (about a second); they all start at once and the tests read their results.
  const results = (() => {
    const start = (...args: string[]): Promise<Result> => syncloop(...args).catch((e: Result) => e);
    return {
      trace: start('export', seed, '--format', 'trace', '--out', gz),
      chrome: start('export', seed, '--format', 'chrome'),
      csv: start('export', seed, '--format', 'csv'),
      link: start('link', seed, '--base', 'https://syncloop.example/'),
      sanitized: start('link', seed, '--sanitize'),
      badFormat: start('export', seed, '--format', 'xml'),
    };
  })();

  it('exports a gzipped trace file that imports back', async () => {
    const written = await results.trace;
    expect(written.stderr).toContain('wrote trace export of 63 events');
    const bytes = readFileSync(gz);
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    const back = await importTraceFile(new Uint8Array(bytes));
    expect(back.trace.events.count).toBe(63);
    expect(back.trace.sources[0].name).toBe(basename(seedPath('004')));
  });

  it('exports Chrome Trace Event JSON and CSV that parse', async () => {
    const doc = JSON.parse((await results.chrome).stdout) as { traceEvents: { ph: string }[] };
    expect(doc.traceEvents.filter((e) => e.ph === 'i')).toHaveLength(63);
    const rows = Papa.parse<string[]>((await results.csv).stdout, { skipEmptyLines: true }).data;
    expect(rows[0].slice(0, 4)).toEqual(['time', 'time_us', 'source', 'line']);
    // 63 events, then the write-up's cuts (where it left lines out) as rows of kind "cut".
    const kind = rows[0].indexOf('kind');
    const cuts = rows.slice(64);
    expect(rows.slice(1, 64).every((r) => r[kind] !== 'cut')).toBe(true);
    expect(cuts.length).toBeGreaterThan(0);
    expect(cuts.every((r) => r[kind] === 'cut')).toBe(true);
  });

  it('prints a link that decodes back to the same lines', async () => {
    const plain = await results.link;
    const link = plain.stdout.trim();
    expect(link.startsWith('https://syncloop.example/#v=1&p=')).toBe(true);
    expect(plain.stderr).toMatch(/link: \d+ characters; the whole log/);
    const state = await decodeShareLink(link);
    if (state.kind !== 'logs') throw new Error('expected a logs link');
    expect(state.sources.map((s) => s.name)).toEqual([basename(seedPath('004'))]);
    expect(state.sources[0].text).toBe(seedText('004'));
  });

  it('sanitizes the linked lines on request and lists what it replaced', async () => {
    const sanitized = await results.sanitized;
    expect(sanitized.stderr).toContain('pod-a-1');
    const clean = await decodeShareLink(sanitized.stdout.trim());
    if (clean.kind !== 'logs') throw new Error('expected a logs link');
    expect(clean.sources[0].text).not.toContain('nginx-deployment-bd4476b48-fpgvc');
    expect(clean.sources[0].text.split('\n')).toHaveLength(seedText('004').split('\n').length);
  });

  it('fails with a message and exit status 1 on a bad format', async () => {
    const bad = await results.badFormat;
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--format trace|chrome|csv');
  });
});
