/** `syncloop simulate`: --list, the log on stdout or in --out, the --json summary, and clear errors. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const cli = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src', 'cli', 'main.ts'), 'simulate', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });

describe('syncloop simulate', () => {
  it('lists scenarios, writes logs and summaries, rejects bad input', () => {
    const list = cli('--list');
    expect(list.status).toBe(0);
    for (const id of ['pod-lifecycle', 'readiness-init-race', 'hash-change-restart', 'runtime-hang-notready', 'upgrade-hash-1.7-1.9', 'sandbox-leak-terminating', 'node-hour']) {
      expect(list.stdout).toContain(id);
    }
    const dir = mkdtempSync(join(tmpdir(), 'syncloop-sim-'));
    const out = join(dir, 'kubelet.log');
    const run = cli('runtime-hang-notready', '--variant', 'buggy', '--json', '--out', out);
    expect(run.status, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout);
    expect(summary).toMatchObject({ scenario: 'runtime-hang-notready', variant: 'buggy', version: '1.12', incident: true, log: out });
    const log = readFileSync(out, 'utf8');
    expect(log).toContain('skipping pod synchronization - [container runtime is down');
    expect(log).toContain('Node became not ready');
    const stdoutLog = cli('pod-lifecycle', '--variant', 'fixed', '--version', '1.23', '--seed', '5', '--verbosity', '4');
    expect(stdoutLog.status).toBe(0);
    expect(stdoutLog.stdout.split('\n')[0]).toMatch(/^I0315 10:00:00\.\d{6}    2891 [a-z_]+\.go:\d+\] "/);
    expect(stdoutLog.stdout).toContain('kubelet.go:1554] "syncPod enter" pod="default/web-0"');
    const bad = cli('pod-lifecycle', '--variant', 'maybe');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('--variant maybe: expected buggy or fixed');
    const unknown = cli('no-such-scenario');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('unknown scenario "no-such-scenario"');
  }, 120_000);
});
