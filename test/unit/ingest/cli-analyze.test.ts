/**
 * `syncloop analyze`'s contract: the --json document's shape (lines, sources, pods with their containers' IDs,
 * lanes with their event counts, findings, diagnostics), exit status 1 with a clear message for a missing or
 * unreadable file, and for an option it does not take (with its usage). Expectations are written out by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const UID = '7d1b2c3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const CID = 'aaaa1111222233334444555566667777888899990000aaaabbbbccccddddeeee';

const LOG = [
  'I0315 10:00:00.000000    2891 kubelet.go:2114] "SyncLoop ADD" source="api" pods=[default/web-0 kube-system/dns-1]',
  `I0315 10:00:01.000000    2891 kubelet.go:2152] "SyncLoop (PLEG): event for pod" pod="default/web-0" event=&{ID:${UID} Type:ContainerStarted Data:${CID}}`,
  `I0315 10:00:02.000000    2891 kuberuntime_container.go:723] "Killing container with a grace period" pod="default/web-0" podUID=${UID} containerName="app" containerID="containerd://${CID}" gracePeriod=30`,
  'this line is not a kubelet line',
  'I0315 10:00:03.000000    2891 kubelet.go:2130] "SyncLoop DELETE" source="api" pods=[kube-system/dns-1]',
].join('\n');

function analyze(...args: string[]) {
  const r = spawnSync(TSX, [join(ROOT, 'src', 'cli', 'main.ts'), 'analyze', ...args], { encoding: 'utf8', cwd: ROOT });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface Doc {
  lines: { total: number; klog: number; unrecognized: number };
  sources: { file: string; format: string; node: string; nodeNamed: boolean; versionRange: string }[];
  nodes: { name: string; named: boolean }[];
  pods: { uid: string; namespace: string; name: string; containers: { name: string; ids: string[] }[]; events: number }[];
  lanes: { id: string; kind: string; events: number }[];
  findings: unknown[];
  diagnostics: { line: number; message: string }[];
}

describe('syncloop analyze', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'syncloop-cli-'));
    writeFileSync(join(dir, 'kubelet.log'), LOG);
    mkdirSync(join(dir, 'a-directory'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stops quietly when its reader closes the pipe early (`analyze … | head`)', async () => {
    // Enough pods that the JSON is far larger than a pipe's buffer.
    const many = Array.from({ length: 3000 }, (_, i) => `I0315 10:00:00.${String(i).padStart(6, '0')}    2891 kubelet.go:2114] "SyncLoop ADD" source="api" pods=[default/web-${i}]`);
    writeFileSync(join(dir, 'many.log'), many.join('\n'));
    const child = spawn(TSX, [join(ROOT, 'src', 'cli', 'main.ts'), 'analyze', join(dir, 'many.log'), '--json', '--year', '2024'], { cwd: ROOT });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
    expect(stderr).not.toContain('EPIPE');
    expect(code).toBe(141);
  }, 30_000);

  it('--json: lines, sources, pods (uid, namespace, name, containers with their IDs, events), lanes (id, kind, events)', () => {
    const r = analyze(join(dir, 'kubelet.log'), '--json', '--year', '2024');
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout) as Doc;
    expect(doc.lines).toMatchObject({ total: 5, klog: 4, unrecognized: 1 });
    expect(doc.sources).toMatchObject([{ file: 'kubelet.log', format: 'klog', versionRange: '1.23' }]);
    // A plain klog file never names its node: the placeholder name is marked as one.
    expect(doc.sources[0]).toMatchObject({ node: 'node', nodeNamed: false });
    expect(doc.nodes).toMatchObject([{ name: 'node', named: false }]);
    expect(doc.pods.map(({ uid, namespace, name, containers, events }) => ({ uid, namespace, name, containers, events }))).toEqual([
      // The bulk ADD, the PLEG event and the kill.
      { uid: UID, namespace: 'default', name: 'web-0', containers: [{ name: 'app', ids: [CID] }], events: 3 },
      // No line gives its uid: the ADD and the DELETE.
      { uid: '', namespace: 'kube-system', name: 'dns-1', containers: [], events: 2 },
    ]);
    expect(doc.lanes.map(({ id, kind, events }) => ({ id, kind, events }))).toEqual([
      // ADD, PLEG, DELETE run on the sync loop; the kill on web-0's pod worker.
      { id: 'n0/sync-loop', kind: 'sync-loop', events: 3 },
      { id: `pod:${UID}/pod-worker`, kind: 'pod-worker', events: 1 },
      { id: 'pod:kube-system/dns-1/pod-worker', kind: 'pod-worker', events: 0 },
      { id: `pod:${UID}/container:app`, kind: 'container', events: 0 },
    ]);
    expect(Array.isArray(doc.findings)).toBe(true);
    expect(doc.diagnostics).toMatchObject([{ line: 4, message: 'not a kubelet log line; skipped: "this line is not a kubelet line"' }]);
  }, 30_000);

  it('--json: container IDs no line names stay apart (one entry each), the named ones together', () => {
    const other = (n: number) => `${n}`.repeat(64).slice(0, 64);
    const pleg = (t: string, id: string, type: string) =>
      `I0315 10:00:0${t}.000000    2891 kubelet.go:2152] "SyncLoop (PLEG): event for pod" pod="default/web-0" event=&{ID:${UID} Type:${type} Data:${id}}`;
    writeFileSync(join(dir, 'unnamed.log'), [LOG.split('\n')[0], pleg('1', CID, 'ContainerStarted'), pleg('2', other(1), 'ContainerStarted'),
      pleg('3', other(2), 'ContainerDied'), LOG.split('\n')[2].replace('10:00:02', '10:00:04')].join('\n'));
    const doc = JSON.parse(analyze(join(dir, 'unnamed.log'), '--json', '--year', '2024').stdout) as Doc;
    const web = doc.pods.find((p) => p.name === 'web-0')!;
    expect(web.containers).toEqual([{ name: 'app', ids: [CID] }, { name: '', ids: [other(1)] }, { name: '', ids: [other(2)] }]);
  }, 30_000);

  it('a missing file: exit status 1, its name in the message, nothing on stdout', () => {
    const missing = join(dir, 'no-such.log');
    const r = analyze(join(dir, 'kubelet.log'), missing);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(missing);
    expect(r.stderr).not.toContain('internal error');
  }, 30_000);

  it('a directory is not a readable file: exit status 1', () => {
    const r = analyze(join(dir, 'a-directory'));
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('a-directory');
  }, 30_000);

  it('an option it does not take: exit status 1, the option named and analyze\'s usage line', () => {
    for (const option of ['--bogus', '--jsn=1', '-j']) {
      const r = analyze(join(dir, 'kubelet.log'), option);
      expect(r.status, option).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(`analyze: unknown option ${option.replace(/=.*/, '')}`);
      expect(r.stderr).toContain('Usage:\n  syncloop analyze FILE... [--json] [--year YYYY]');
      expect(r.stderr).not.toContain('syncloop export');
    }
  }, 60_000);
});
