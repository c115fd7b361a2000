/**
 * Config source ops the sync loop prints, round-tripped through the core: pod-lifecycle's label change arrives as
 * UPDATE (a metadata change) in each era's exact text, the pod worker syncs once more, and the core classifies the
 * line as syncloop.update on web-0; status-only changes (every status PATCH) come back as RECONCILE (-v=4), read
 * as syncloop.reconcile.
 */
import { describe, expect, it } from 'vitest';
import { kindName } from '../../../src/catalog/catalog.ts';
import { Simulation } from '../../../src/sim/simulation.ts';
import { S } from '../../../src/sim/scenarios/build.ts';
import { parse } from './round-trip-kit.ts';

const UID = '1e002f65-5477-ee42-a71e-09d761978f64';
const UPDATE_TEXT: Record<string, string> = {
  '1.12': `kubelet.go:1890] SyncLoop (UPDATE, "api"): "web-0_default(${UID})"`,
  '1.23': 'kubelet.go:2121] "SyncLoop UPDATE" source="api" pods=[default/web-0]',
  '1.28': 'kubelet.go:2396] "SyncLoop UPDATE" source="api" pods=["default/web-0"]',
};
/** The first line a pod worker prints when it syncs, per era. */
const SYNC_SITE: Record<string, string> = { '1.12': 'pod.generating-status', '1.23': 'pw.work', '1.28': 'pw.work' };

for (const version of ['1.12', '1.23', '1.28']) {
  describe(`pod-lifecycle ${version}: UPDATE and RECONCILE`, () => {
    const sim = new Simulation({ scenario: 'pod-lifecycle', variant: 'fixed', version, verbosity: 4 });
    sim.run();
    const trace = parse(sim);
    const ev = trace.events;
    /** The parsed event of a printed line (index into sim.lines). */
    const eventOf = (lineIndex: number) => {
      for (let i = 0; i < ev.count; i++) if (ev.line[i] === lineIndex + 1) return i;
      throw new Error(`line ${lineIndex + 1} was not parsed`);
    };
    const podOf = (e: number) => (ev.pod[e] >= 0 ? `${trace.pods[ev.pod[e]].namespace}/${trace.pods[ev.pod[e]].name}` : '');

    it('the label change prints the era\'s SyncLoop UPDATE line, is read back as syncloop.update, and the worker syncs', () => {
      const updates = sim.lines.map((l, i) => ({ l, i })).filter((x) => x.l.site === 'syncloop.update');
      expect(updates.length).toBe(1);
      const { l, i } = updates[0];
      expect(l.text).toMatch(/^I0315 10:00:15\.\d{6}    2891 /);
      expect(l.text.slice(l.text.indexOf('kubelet.go:'))).toBe(UPDATE_TEXT[version]);
      expect((l.timeUs - sim.scenario.startUs) / S).toBeCloseTo(15, 1);
      const e = eventOf(i);
      expect(kindName(ev.kind[e])).toBe('syncloop.update');
      expect(podOf(e)).toBe('default/web-0');
      const sync = sim.lines.slice(i + 1).find((x) => x.site === SYNC_SITE[version] && x.text.includes('web-0'));
      expect(sync && sync.timeUs - l.timeUs).toBeLessThan(1.5 * S);
    });

    it('each status PATCH comes back as RECONCILE, read back as syncloop.reconcile', () => {
      const reconciles = sim.lines.map((l, i) => ({ l, i })).filter((x) => x.l.site === 'syncloop.reconcile');
      const patches = sim.lines.filter((l) => l.site === 'status.patch');
      expect(reconciles.length).toBeGreaterThan(2);
      // One RECONCILE per PATCH that reached the API while the pod existed (the final one may follow the delete).
      expect(reconciles.length).toBeGreaterThanOrEqual(patches.length - 1);
      for (const { l, i } of reconciles) {
        const e = eventOf(i);
        expect(kindName(ev.kind[e])).toBe('syncloop.reconcile');
        expect(podOf(e)).toBe('default/web-0');
        const lastPatch = patches.filter((p) => p.timeUs <= l.timeUs).pop();
        expect(lastPatch && l.timeUs - lastPatch.timeUs).toBeLessThan(50_000);
      }
    });
  });
}
