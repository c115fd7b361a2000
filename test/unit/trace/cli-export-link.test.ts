/** The `export` and `link` commands, run as a user runs them (tsx), their output read back by the importers. */
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import Papa from 'papaparse';
import { importTraceFile } from '../../../src/trace/trace-file.ts';
import { decodeShareLink } from '../../../src/trace/link.ts';
import { chooseLogLines } from '../../../src/trace/link-logs.ts';
import { podId } from '../../../src/model/trace-query.ts';
import { analyzeText, seedPath, seedText } from '../../helpers.ts';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const syncloop = (...args: string[]) => run(TSX, ['src/cli/main.ts', ...args], { cwd: ROOT, maxBuffer: 64 << 20, encoding: 'utf8' });

type Result = { stdout: string; stderr: string; code?: number };

describe('syncloop export / link', () => {
  const seed = seedPath('004');
  const dir = mkdtempSync(join(tmpdir(), 'syncloop-cli-'));
  const gz = join(dir, 'incident.json.gz');
  // A log whose link cannot be opened: 6 MB of kubelet records that hardly compress (seeded, so every run is alike).
  const big = join(dir, 'big.log');
  let x = 12345;
  const hex = () => { x = (Math.imul(x, 1103515245) + 12345) >>> 0; return x.toString(16).padStart(8, '0'); };
  const bigLines: string[] = [];
  const data = () => Array.from({ length: 16 }, hex).join('');
  for (let i = 0; bigLines.length * 290 < 6 << 20; i++) {
    const t = `${String(10 + Math.floor(i / 360000) % 10).padStart(2, '0')}:${String(Math.floor(i / 6000) % 60).padStart(2, '0')}:${String(Math.floor(i / 100) % 60).padStart(2, '0')}.${String(i % 100).padStart(2, '0')}0000`;
    bigLines.push(`I0919 ${t}  190330 kubelet.go:2130] "SyncLoop (PLEG): event for pod" pod="ns/p-${hex()}" event={"ID":"${hex()}${hex()}","Type":"ContainerStarted","Data":"${data()}"}`);
  }
  writeFileSync(big, bigLines.join('\n') + '\n');
  const seed0 = seedPath('000');
  const RACE_POD = 'default/auto-srv-cwhttp-sf-30b71-0';
  // Each run starts a Node process (about a second); they all start at once and the tests read their results.
  const results = (() => {
    const start = (...args: string[]): Promise<Result> => syncloop(...args).catch((e: Result) => e);
    return {
      trace: start('export', seed, '--format', 'trace', '--out', gz),
      chrome: start('export', seed, '--format', 'chrome'),
      csv: start('export', seed, '--format', 'csv'),
      link: start('link', seed, '--base', 'https://syncloop.example/'),
      sanitized: start('link', seed, '--sanitize'),
      sanitizedIds: start('link', seed, '--sanitize-uids', '--sanitize-well-known'),
      badFormat: start('export', seed, '--format', 'xml'),
      narrowed: start('link', seed0, '--pod', RACE_POD, '--pod', 'default/opensource-sf-dc750-2', '--from', '0312 10:42:26.10', '--to', '10:42:27'),
      unknownPod: start('link', seed0, '--pod', 'default/no-such-pod'),
      tooLong: start('link', big),
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

  it('--pod and --from/--to carry what the Share dialog would: those pods\' and the node\'s lines in the window', async () => {
    const narrowed = await results.narrowed;
    expect(narrowed.stderr).toMatch(/link: \d+ characters; the chosen pods and window, with the node's own lines \(\d+ lines from 1 source\)/);
    const state = await decodeShareLink(narrowed.stdout.trim());
    if (state.kind !== 'logs') throw new Error('expected a logs link');
    // The same lines as the app's windowed share of that pod filter and window (one core, trace/link-logs.ts).
    const trace = analyzeText(seedText('000'), basename(seed0));
    const pods = trace.pods.filter((p) => [RACE_POD, 'default/opensource-sf-dc750-2'].includes(podId(p))).map((p) => p.index);
    expect(pods).toHaveLength(2);
    const startUs = Date.UTC(2020, 2, 12, 10, 42, 26, 100) * 1000;
    const endUs = Date.UTC(2020, 2, 12, 10, 42, 27) * 1000 + 999_999;
    const expected = chooseLogLines(trace, { selection: { pods, startUs, endUs } });
    expect(state.sources.map((s) => s.text)).toEqual(expected.sources.map((s) => s.text));
    // The link opens on the window, clipped to the log (its first line is after --from).
    expect(state.view).toMatchObject({ startUs: Math.max(startUs, trace.startUs), endUs });
    const kept = state.sources[0].text.split('\n').filter(Boolean);
    expect(kept.length).toBeGreaterThan(5);
    expect(kept.length).toBeLessThan(seedText('000').split('\n').filter((l) => /^[IWEF]\d{4} /.test(l)).length);
    expect(kept.some((l) => l.includes('auto-srv-cwhttp-sf-30b71-0'))).toBe(true);
    // Another pod's lines are left out; every kept line is inside the window.
    expect(kept.filter((l) => l.includes('disconf-sf-92894-2') && !l.includes('auto-srv-cwhttp-sf-30b71-0'))).toEqual([]);
    for (const l of kept) expect(l.slice(6, 21) >= '10:42:26.100000' && l.slice(6, 21) <= '10:42:27.999999', l.slice(0, 40)).toBe(true);
  });

  it('says which pods there are when --pod names none of them', async () => {
    const bad = await results.unknownPod;
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain('--pod default/no-such-pod: no such pod in the log (pods: default/');
  });

  it('refuses, with exit status 1, a link too long for a browser to open', async () => {
    const tooLong = await results.tooLong;
    expect(tooLong.code).toBe(1);
    expect(tooLong.stdout).toBe('');
    expect(tooLong.stderr).toMatch(/the link is [\d,]+ characters long: too long for a browser to open/);
    expect(tooLong.stderr).toContain('--pod NS/NAME, --from and --to');
  });

  it('also replaces pod UIDs, container IDs and the default namespace when asked, with parseable stand-ins', async () => {
    const UID = '95d6b80b-77f5-4218-824e-69eec4998c22';
    const CID = '24bee860a677b045e22fb764067cee0dbddeaeb2ac68ccd229b26418d24cf2e6';
    const plain = await decodeShareLink((await results.sanitized).stdout.trim());
    if (plain.kind !== 'logs') throw new Error('expected a logs link');
    // --sanitize alone keeps them (the default).
    expect(plain.sources[0].text).toContain(UID);
    expect(plain.sources[0].text).toContain(CID);
    expect(plain.sources[0].text).toContain('pods=[default/pod-a-1]');
    const withIds = await results.sanitizedIds;
    expect(withIds.stderr).toMatch(/sanitized: \d+ names replaced \(.*\d+ uid.*\d+ container-id/);
    const clean = await decodeShareLink(withIds.stdout.trim());
    if (clean.kind !== 'logs') throw new Error('expected a logs link');
    const text = clean.sources[0].text;
    expect(text).not.toContain(UID);
    expect(text).not.toContain(CID.slice(0, 12));
    expect(text).toMatch(/pods=\[ns-\d+\/pod-a-1\]/);
    const reparsed = analyzeText(text, 'seed-004.log', { year: 2023 });
    expect(reparsed.pods.map((p) => p.uid)).toHaveLength(1);
    expect(reparsed.pods[0].uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const original = analyzeText(seedText('004'), 'seed-004.log', { year: 2023 });
    const ids = reparsed.containers.filter((c) => c.id).map((c) => c.id);
    expect(ids).toHaveLength(original.containers.filter((c) => c.id).length);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(ids).not.toContain(CID);
  });

  it('fails with a message and exit status 1 on a bad format', async () => {
    const bad = await results.badFormat;
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--format trace|chrome|csv');
  });
});
