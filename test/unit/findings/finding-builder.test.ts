/** The finding builder bounds evidence and keeps it in time order. */
import { describe, expect, it } from 'vitest';
import { FindingBuilder } from '../../../src/findings/finding-builder.ts';
import { analyzeText } from '../../helpers.ts';

/** n structured lines one second apart, each naming its own pod. */
function trace(n: number) {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const s = String(i % 60).padStart(2, '0');
    const m = String(Math.floor(i / 60) % 60).padStart(2, '0');
    const h = String(Math.floor(i / 3600)).padStart(2, '0');
    lines.push(`I0301 ${h}:${m}:${s}.000000    10 kubelet.go:2114] "SyncLoop ADD" source="api" pods=[default/p-${i}]`);
  }
  return analyzeText(lines.join('\n'));
}

describe('FindingBuilder', () => {
  it('keeps evidence in time order whatever order it was added in, without duplicates', () => {
    const t = trace(10);
    const b = new FindingBuilder(t);
    for (const e of [5, 2, 9, 2, 0]) b.evidence(e);
    const f = b.build({ id: 'x', title: 't', severity: 'info', explanation: 'e', next: '' });
    expect(f.evidence).toEqual([0, 2, 5, 9]);
    expect(f.startUs).toBe(t.events.timeUs[0]);
    expect(f.endUs).toBe(t.events.timeUs[9]);
    expect(f.pods).toHaveLength(4);
  });

  it('keeps the first and last pieces of a huge evidence list and says how many there were', () => {
    const t = trace(1000);
    const b = new FindingBuilder(t);
    for (let e = 0; e < 1000; e++) b.evidence(e, false);
    const f = b.build({ id: 'x', title: 't', severity: 'info', explanation: 'Base.', next: '' });
    expect(f.evidence.length).toBe(200);
    expect(f.evidence[0]).toBe(0);
    expect(f.evidence[f.evidence.length - 1]).toBe(999);
    expect(f.explanation).toContain('1000 evidence lines');
    expect(f.pods).toEqual([]);
  });
});
