/**
 * The collector numbers each distinct pod reference once (refNumber): equal references get one number, different
 * ones different numbers — also when many share a name (past the few listed per name, the joined key finds them).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Collected, refNumber } from '../../../src/model/collector.ts';

describe('refNumber', () => {
  it('numbers references as a map keyed by all four fields would', () => {
    const part = fc.constantFrom('', 'a', 'b', 'web-0', 'x|y');
    fc.assert(fc.property(
      fc.array(fc.record({ uid: part, namespace: fc.constantFrom('', 'default', 'kube-system', 'ns1', 'ns2', 'ns3'), name: part, container: part }), { maxLength: 300 }),
      (refs) => {
        const o = new Collected();
        const reference = new Map<string, number>();
        for (const ref of refs) {
          const key = JSON.stringify([ref.uid, ref.namespace, ref.name, ref.container]);
          const id = refNumber(o, { ...ref });
          if (!reference.has(key)) reference.set(key, id);
          expect(id).toBe(reference.get(key));
        }
        expect(new Set(reference.values()).size).toBe(reference.size);
        expect(o.podRefs.length).toBe(reference.size);
      },
    ), { numRuns: 300 });
  });

  it('stays linear with thousands of references of one name', () => {
    const o = new Collected();
    const t0 = performance.now();
    for (let k = 0; k < 20_000; k++) expect(refNumber(o, { uid: `u${k}`, namespace: 'ns', name: 'same', container: '' })).toBe(k);
    for (let k = 0; k < 20_000; k += 997) expect(refNumber(o, { uid: `u${k}`, namespace: 'ns', name: 'same', container: '' })).toBe(k);
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});
