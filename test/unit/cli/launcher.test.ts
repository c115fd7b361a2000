/**
 * `npm run syncloop` starts the command line through scripts/syncloop.mjs, which adds glibc's huge-pages tunable to
 * its environment (scripts/huge-pages.mjs). The launcher must be invisible otherwise: the same output, the same exit
 * status, standard input passed on, from any directory.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HUGE_PAGES_TUNABLE, withHugePages } from '../../../scripts/huge-pages.mjs';

const ROOT = join(__dirname, '..', '..', '..');
const LAUNCHER = join(ROOT, 'scripts', 'syncloop.mjs');
const FIXTURE = join(ROOT, 'test', 'fixtures', 'findings', 'probe-failures-1.log');

describe('withHugePages', () => {
  it('adds the tunable, keeps other tunables, and adds it once', () => {
    expect(withHugePages({ PATH: '/bin' })).toEqual({ PATH: '/bin', GLIBC_TUNABLES: HUGE_PAGES_TUNABLE });
    expect(withHugePages({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' }).GLIBC_TUNABLES).toBe(`glibc.malloc.arena_max=2:${HUGE_PAGES_TUNABLE}`);
    const set = { GLIBC_TUNABLES: 'glibc.malloc.hugetlb=0' };
    expect(withHugePages(set)).toBe(set);
  });

  it('leaves the environment alone when told to', () => {
    const env = { SYNCLOOP_HUGE_PAGES: '0' };
    expect(withHugePages(env)).toBe(env);
  });
});

describe('the launcher', () => {
  const direct = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'analyze', FIXTURE, '--json'], { cwd: ROOT, encoding: 'utf8' });

  it('prints what the command line prints, from another directory', () => {
    const r = spawnSync(process.execPath, [LAUNCHER, 'analyze', FIXTURE, '--json'], { cwd: tmpdir(), encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(direct.status).toBe(0);
    expect(JSON.parse(r.stdout).findings.length).toBeGreaterThan(0);
    expect(r.stdout).toBe(direct.stdout);
  });

  it('passes standard input on', () => {
    const r = spawnSync(process.execPath, [LAUNCHER, 'analyze', '-', '--json'], { cwd: ROOT, encoding: 'utf8', input: readFileSync(FIXTURE) });
    expect(r.status).toBe(0);
    const fromStdin = JSON.parse(r.stdout).findings.map((f: { evidence: { file: string }[] }) => ({ ...f, evidence: f.evidence.map((e) => ({ ...e, file: 'x' })) }));
    const fromFile = JSON.parse(direct.stdout).findings.map((f: { evidence: { file: string }[] }) => ({ ...f, evidence: f.evidence.map((e) => ({ ...e, file: 'x' })) }));
    expect(JSON.parse(r.stdout).findings[0].evidence[0].file).toBe('stdin');
    expect(fromStdin).toEqual(fromFile);
  });

  it('exits with the command line\'s status and message', () => {
    const r = spawnSync(process.execPath, [LAUNCHER, 'analyze', join(tmpdir(), 'no-such-kubelet.log')], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/no-such-kubelet\.log/);
  });
});
