/**
 * The simulator prints the file:line and text of the build it models, so the version fingerprint (reference §5.2),
 * read from the simulated log alone, must name a range that holds that version — and no signals that contradict
 * each other ("several versions"), which is what a wrong file or line in the site tables shows up as (1.28 once
 * printed the sandbox decision from kuberuntime_manager.go, which 1.28 logs from kuberuntime/util/util.go).
 *
 * A scenario that replays an upgrade inside its log prints two builds: its range must span both, and there the
 * "several versions" label is the right answer.
 */
import { describe, expect, it } from 'vitest';
import { Simulation } from '../../../src/sim/simulation.ts';
import { SCENARIOS } from '../../../src/sim/scenarios/registry.ts';
import { parse } from './round-trip-kit.ts';

/** Scenarios whose log holds the lines of an older build before the upgrade, and that build. */
const OLDER_BUILD_IN_LOG: Record<string, string> = { 'upgrade-hash-1.7-1.9': '1.7' };

const minorOf = (v: string) => Number(v.split('-')[0].split('.')[1]);
const minorOrInfinity = (v: string) => (v === '' ? Infinity : minorOf(v));

describe('the version fingerprint of simulated logs', () => {
  for (const scenario of SCENARIOS) {
    for (const version of scenario.versions) {
      it(`${scenario.id} at ${version}`, () => {
        const sim = new Simulation({ scenario: scenario.id, variant: 'fixed', version, hours: 0.25 });
        sim.run();
        const range = parse(sim).sources[0].versionRange;
        const older = OLDER_BUILD_IN_LOG[scenario.id];
        if (older) expect(range.label).toMatch(/several versions/);
        else expect(range.label).not.toMatch(/several versions/);
        expect(minorOf(range.min || '1.0')).toBeLessThanOrEqual(minorOf(older ?? version));
        expect(minorOrInfinity(range.max)).toBeGreaterThanOrEqual(minorOf(version));
      });
    }
  }
});
