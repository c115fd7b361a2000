/**
 * Every catalog entry classifies its real text: for each entry, sample lines of every era it exists in go through
 * the whole pipeline (analyzeSources) and must come out as that entry, with the expected kind, lane, pods,
 * container, number and text.
 */
import { describe, expect, it } from 'vitest';
import { run } from './sample-kit.ts';
import { ALL_SAMPLES } from './all-samples.ts';

describe('catalog samples', () => {
  for (const group of ALL_SAMPLES) {
    describe(group.id, () => {
      group.samples.forEach((s, k) => {
        it(`${s.era} #${k + 1}`, () => {
          const got = run(s.line, s.before);
          expect(got.events, 'one event').toBe(1);
          expect({
            id: got.id, kind: got.kind, lane: got.lane, pods: got.pods, cname: got.cname, cid: got.cid,
            sandbox: got.sandbox, num: got.num, text: got.text,
          }).toEqual({
            id: group.id, kind: s.kind ?? group.kind, lane: s.lane ?? group.lane, pods: s.pods ?? [], cname: s.cname ?? '',
            cid: s.cid ?? '', sandbox: s.sandbox ?? '', num: s.num ?? NaN, text: s.text ?? '',
          });
        });
      });
    });
  }
});
