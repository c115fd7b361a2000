/**
 * Speed: an hour of a node with 100 pods simulates in under 10 s in Node. Measured in a separate process so the
 * figure is this run's CPU time, not the other test files'; steps per second is reported.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');

describe('speed', () => {
  it('an hour of a 100-pod node (1.28) takes under 10 s of CPU', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'speed-run.ts'), '100', '1', '1.28'], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    const m = JSON.parse(r.stdout.trim().split('\n').pop()!);
    console.log(`node-hour 100 pods × 1 h: ${m.steps} steps, ${m.lines} lines at -v=2, ${m.cpuMs} ms CPU (${m.wallMs} ms wall), ` +
      `${Math.round(m.steps / (m.cpuMs / 1000))} steps/s`);
    expect(m.simulatedS).toBeGreaterThan(3590);
    expect(m.podsAtEnd).toBeGreaterThan(80);
    expect(m.cpuMs).toBeLessThan(10_000);
  }, 130_000);
});
