/**
 * Liveness and startup probes in the simulated kubelet: a liveness Failure reaches the sync loop and
 * computePodActions kills the container with the era's words and starts it again in the same sync; the worker waits
 * (on hold) until the new container; a startup probe holds liveness and readiness back until it succeeds (1.16+);
 * every failed probe records an Unhealthy event.
 */
import { describe, expect, it } from 'vitest';
import { Simulation } from '../../../src/sim/simulation.ts';

function log(version: string, variant: 'buggy' | 'fixed', verbosity = 3): string[] {
  const sim = new Simulation({ scenario: 'liveness-restart', variant, version, seed: 1, verbosity });
  sim.run();
  return sim.world.log.text().split('\n');
}

const KILL_WORDS: Record<string, string> = {
  '1.12': 'Container failed liveness probe.. Container will be killed and recreated.',
  '1.23': 'Container app failed liveness probe, will be restarted',
  '1.28': 'Container app failed liveness probe, will be restarted',
};

describe('liveness probes in the simulator', () => {
  for (const version of ['1.12', '1.23', '1.28']) {
    it(`${version}: three failures, then the unhealthy sync, the kill decision and a new container, in that order`, () => {
      const lines = log(version, 'buggy');
      const at = (re: RegExp, from = 0) => lines.findIndex((l, i) => i >= from && re.test(l));
      const failures = lines.filter((l) => /Liveness probe for|probeType="Liveness"/.test(l) && /fail/i.test(l));
      expect(failures.length).toBeGreaterThanOrEqual(3);
      const third = lines.indexOf(failures[2]);
      const sync = at(/SyncLoop \(container unhealthy\)|"SyncLoop \(probe\)" probe="liveness" status="unhealthy"/, third);
      expect(sync).toBeGreaterThan(third);
      const decision = at(new RegExp(KILL_WORDS[version].replace(/[.()]/g, '\\$&')), sync);
      expect(decision).toBeGreaterThan(sync);
      const create = at(/Creating container|"Event occurred".*reason="Created"|reason: 'Created'/, decision);
      expect(create).toBeGreaterThan(decision);
      // No failure is counted between the kill and the new container: the worker is on hold.
      expect(failures.filter((l) => { const i = lines.indexOf(l); return i > third && i < create; })).toEqual([]);
    });
  }

  it('every failed probe, readiness too, records a Warning Unhealthy event with the probe type', () => {
    const lines = log('1.28', 'buggy');
    const unhealthy = lines.filter((l) => /reason="Unhealthy"/.test(l));
    expect(unhealthy.some((l) => l.includes('message="Readiness probe failed: HTTP probe failed with statuscode: 503"'))).toBe(true);
    expect(unhealthy.some((l) => l.includes('message="Liveness probe failed: HTTP probe failed with statuscode: 503"'))).toBe(true);
    expect(unhealthy.every((l) => l.includes('type="Warning"'))).toBe(true);
  });

  for (const version of ['1.23', '1.28']) {
    it(`${version} fixed: liveness and readiness probes run only after the startup probe succeeded`, () => {
      const lines = log(version, 'fixed', 4);
      const firstStartupOk = lines.findIndex((l) => /"Probe succeeded" probeType="Startup"/.test(l));
      expect(firstStartupOk).toBeGreaterThan(0);
      expect(lines.filter((l) => /probeType="Startup"/.test(l) && /Probe failed/.test(l)).length).toBeGreaterThan(3);
      const other = lines.findIndex((l) => /probeType="(Liveness|Readiness)"/.test(l));
      expect(other).toBeGreaterThan(firstStartupOk);
      expect(lines.some((l) => /"SyncLoop \(probe\)" probe="startup" status="started"/.test(l))).toBe(true);
      expect(lines.some((l) => /failed liveness probe/.test(l))).toBe(false);
    });
  }
});
