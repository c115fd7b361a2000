/** The catalog knows every kubelet line quoted in the five seed write-ups. */
import { describe, expect, it } from 'vitest';
import { CATALOG, KINDS } from '../../../src/catalog/catalog.ts';
import { analyzeText, seedText } from '../../helpers.ts';

describe('seed excerpts', () => {
  for (const seed of ['000', '001', '002', '003', '004']) {
    it(`seed ${seed}: no line is of unknown kind`, () => {
      const trace = analyzeText(seedText(seed), `seed-${seed}.txt`);
      const unknown: number[] = [];
      for (let i = 0; i < trace.events.count; i++) if (KINDS[trace.events.kind[i]] === 'unknown') unknown.push(trace.events.line[i]);
      expect(unknown).toEqual([]);
    });
  }

  it('seed 003: the cAdvisor line names the restarted container and its pod; the debug hash lines name the container', () => {
    const trace = analyzeText(seedText('003'), 'seed-003.txt');
    const ev = trace.events;
    const byId = (id: string) => Array.from({ length: ev.count }, (_, i) => i).filter((i) => CATALOG[ev.msg[i]].id === id);
    const [added] = byId('X40');
    expect(trace.pods[ev.pod[added]].name).toBe('prometheus-node-exporter-l7vzz');
    expect(trace.strings[ev.cname[added]]).toBe('prometheus-node-exporter');
    expect(trace.strings[ev.cid[added]]).toMatch(/^f59c4812a66d/);
    const hashLines = byId('S08');
    expect(hashLines.length).toBe(2);
    for (const i of hashLines) expect(trace.strings[ev.cname[i]]).toBe('prometheus-node-exporter');
  });
});
