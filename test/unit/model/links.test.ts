/**
 * Causal links (model/links.ts): pending causes are kept in arrays by pod or container index, or in maps when a
 * (hostile) log has more of those than an array should hold. Both must derive the same links.
 */
import { describe, expect, it } from 'vitest';
import { deriveLinks } from '../../../src/model/links.ts';
import type { Trace } from '../../../src/model/trace.ts';
import { Simulation } from '../../../src/sim/simulation.ts';
import { analyzeText } from '../../helpers.ts';

function simulatedTrace(scenario: string, version: string): Trace {
  const sim = new Simulation({ scenario, variant: 'buggy', version, verbosity: 4 });
  sim.run();
  return analyzeText(sim.lines.map((l) => l.text).join('\n'), `${scenario}.log`, { year: 2024 });
}

describe('deriveLinks', () => {
  it('derives the same links with pending causes in maps as in arrays', () => {
    for (const [scenario, version] of [['sandbox-leak-terminating', '1.28'], ['readiness-init-race', '1.12']]) {
      const trace = simulatedTrace(scenario, version);
      const links = deriveLinks(trace);
      expect(links.count).toBeGreaterThan(10);
      // The same trace claiming more pods and containers than the arrays take (only the counts are read).
      const huge = { length: (1 << 20) + 1 } as unknown as never[];
      const viaMaps = deriveLinks({ ...trace, pods: huge, containers: huge });
      expect(viaMaps).toEqual(links);
    }
  });
});
