/**
 * The classifier learns where a structured record's text ends from its one scan of the pairs (scanKeyValues with an
 * EndReport) instead of a second pass (cutInside). The two must agree on every text, damaged and cut ones most of
 * all; past the scan's pair limit it says it does not know, and the caller asks cutInside.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutInside, quotedEnd, scanKeyValues, type EndReport, type KeyValue } from '../../../src/ingest/structured.ts';

/** Pieces of structured klog text, whole and broken, so that random joins and cuts meet every case. */
const PIECES = [
  '"SyncLoop ADD"', '"Probe failed', ' source="api"', ' pods=["default/web-0", "default/web-1"]', ' pods=[default/web-0]',
  ' event=&{ID:5f1c Type:ContainerDied Data:ab}', ' status={Phase:Running Conditions:[{Type:Ready Status:True}]}',
  ' patch=<\n\t{"a":1}\n >', ' patch=<', ' err="context deadline exceeded"', ' gracePeriod=30', ' key=', ' ', '=', '"', '[', '{',
  ']', '}', '(', ')', '\\', '\\"', '\n', 'x', ' a.b-c_d=', '&{', 'é',
];

function viaScan(text: string, maxPairs: number): string | undefined {
  const q = quotedEnd(text, 0);
  if (q <= 0) return undefined;
  const report: EndReport = { why: 'unset', known: false };
  scanKeyValues(text, q, [] as KeyValue[], maxPairs, report);
  return report.known ? report.why : undefined;
}

describe('scanKeyValues end report', () => {
  it('tells what cutInside tells, whenever it says it knows', () => {
    fc.assert(fc.property(
      fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 14 }), fc.nat(400), fc.constantFrom(2, 64),
      (pieces, cutAt, maxPairs) => {
        const whole = '"msg"' + pieces.join('');
        const text = whole.slice(0, Math.max(1, whole.length - (cutAt % whole.length)));
        const scanned = viaScan(text, maxPairs);
        if (scanned !== undefined) expect(scanned).toBe(cutInside(text, 0));
      },
    ), { numRuns: 4000 });
  });

  it('knows on ordinary lines and on lines cut in each kind of value', () => {
    const lines = [
      '"SyncLoop ADD" source="api" pods=["default/web-0", "defau',
      '"Killing container with a grace period" pod="default/web-0" gracePeriod=',
      '"PLEG event" event=&{ID:5f1c Type:Contai',
      '"Patch status for pod" pod="default/a" patch=<',
      '"Probe failed" err="context deadline',
      '"Status for pod updated successfully" pod="default/web-0" statusVersion=3 status={Phase:Running}',
    ];
    for (const line of lines) {
      expect(viaScan(line, 64)).toBe(cutInside(line, 0));
    }
    expect(lines.map((l) => viaScan(l, 64) !== '')).toEqual([true, true, true, true, true, false]);
  });

  it('does not claim to know past its pair limit', () => {
    const many = '"m"' + Array.from({ length: 70 }, (_, i) => ` k${i}=v`).join('') + ' last="cut';
    expect(viaScan(many, 64)).toBeUndefined();
    expect(cutInside(many, 0)).toBe('inside the value of last= (its quote is not closed)');
  });
});
