/**
 * A source read in parts fingerprints each part on its own and merges them (VersionFingerprint.absorb): the result
 * must be that of observing every record in one go — including the text-check budget running out inside a part.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../../src/catalog/catalog.ts';
import { VersionFingerprint } from '../../../src/catalog/fingerprint.ts';

type Call = Parameters<VersionFingerprint['observe']>;

/** A catalog entry's number, by its id. */
function entry(id: string): number {
  const n = CATALOG.findIndex((e) => e.id === id);
  if (n < 0) throw new Error(`no catalog entry ${id}`);
  return n;
}

/** A menu of observations: budgeted text signals, unbudgeted entry signals, and file:line signals. */
const MENU: Call[] = [
  [entry('M23'), 'kubelet.go', 1, '"syncPod enter" pod="a/b"', 0, true, 0],
  [entry('M23'), 'kubelet.go', 1, '"SyncPod enter" pod="a/b"', 0, true, 0],
  [entry('X43'), 'server.go', 1, '"Kubelet version" kubeletVersion="v1.23.13"', 0, true, 0],
  [entry('X43'), 'server.go', 1, '"Kubelet version" kubeletVersion="v1.29.1"', 0, true, 0],
  [entry('M04'), 'kubelet.go', 2114, '"SyncLoop ADD" source="api" pods=[a/b]', 0, true, 0],
  [entry('M04'), 'kubelet.go', 2389, '"SyncLoop ADD" source="api" pods=["a/b"]', 0, true, 0],
  [entry('M53'), 'pod_workers.go', 1, '"Notifying pod of pending update"', 0, true, 0],
  [entry('M10'), 'kubelet.go', 1, 'SyncLoop (RESTORE, "api")', 0, false, 0],
  [entry('M81'), 'prober.go', 1, '"Container readiness changed before pod has synced"', 0, true, 1],
  [entry('M45'), 'pod_workers.go', 1, '"Pod is being synced for the first time" updateType="create"', 0, true, 0],
];

function observeAll(fp: VersionFingerprint, calls: Call[]): VersionFingerprint {
  for (const c of calls) fp.observe(...c);
  return fp;
}

describe('VersionFingerprint.absorb', () => {
  it('a source fingerprinted in parts reads as the whole, whichever part the text budget runs out in', () => {
    fc.assert(fc.property(
      // Long runs of one budgeted entry use up the 400 text checks at varying points.
      fc.array(fc.tuple(fc.nat(MENU.length - 1), fc.integer({ min: 1, max: 150 })), { minLength: 1, maxLength: 12 }),
      fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 3 }),
      (runs, cutsAt) => {
        const calls = runs.flatMap(([m, n]) => Array.from({ length: n }, () => MENU[m]));
        const whole = observeAll(new VersionFingerprint(), calls).result();
        const cuts = [...new Set(cutsAt.map((x) => Math.floor(x * calls.length)))].sort((a, b) => a - b);
        const bounds = [0, ...cuts, calls.length];
        const first = observeAll(new VersionFingerprint(), calls.slice(0, bounds[1]));
        for (let k = 1; k + 1 < bounds.length; k++) first.absorb(observeAll(new VersionFingerprint(), calls.slice(bounds[k], bounds[k + 1])).log());
        expect(first.result()).toEqual(whole);
      },
    ), { numRuns: 300 });
  });

  it('a budgeted signal in a later part counts only while the budget lasts', () => {
    const lower = Array.from({ length: 401 }, () => MENU[0]);
    const later = observeAll(new VersionFingerprint(), [MENU[2]]).log();
    const exhausted = observeAll(new VersionFingerprint(), lower);
    exhausted.absorb(later);
    expect(exhausted.result().signals).not.toContain('kubelet version v1.23');
    const fresh = observeAll(new VersionFingerprint(), lower.slice(0, 10));
    fresh.absorb(later);
    expect(fresh.result().signals).toContain('kubelet version v1.23');
  });
});
