/** CSV event tables: export (papaparse), import as a trace input, errors with row numbers. */
import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { exportEventsCsv, CSV_COLUMNS } from '../../../src/trace/csv.ts';
import { importEventsCsv } from '../../../src/trace/csv-import.ts';
import { ShareError } from '../../../src/trace/errors.ts';
import { KINDS } from '../../../src/catalog/catalog.ts';
import { dumpTrace } from '../../../src/model/dump.ts';
import type { Trace } from '../../../src/model/trace.ts';
import { analyzeText, seedText } from '../../helpers.ts';

/** What an event means, independent of where its bytes came from. */
function story(t: Trace): string[] {
  const ev = t.events;
  const out: string[] = [];
  for (let i = 0; i < ev.count; i++) {
    const pod = ev.pod[i] >= 0 ? t.pods[ev.pod[i]] : undefined;
    out.push([ev.timeUs[i], t.sources[ev.source[i]].name, ev.line[i], KINDS[ev.kind[i]], ev.severity[i], pod?.uid ?? '', pod?.name ?? '',
      t.lanes[ev.lane[i]].kind, t.strings[ev.text[i]] ?? '', ev.num[i]].join(' | '));
  }
  return out;
}

function parseCsv(text: string): string[][] {
  return Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
}

describe('CSV export', () => {
  it('writes the documented columns, one row per event, and papaparse reads it back', () => {
    const trace = analyzeText(seedText('004'), 'seed-004.txt');
    const rows = parseCsv(exportEventsCsv(trace));
    expect(rows[0]).toEqual([
      'time', 'time_us', 'source', 'line', 'node', 'lane', 'lane_kind', 'pod_namespace', 'pod_name', 'pod_uid', 'container',
      'container_id', 'severity', 'kind', 'catalog_id', 'num', 'text', 'message',
    ]);
    const col = (name: string) => CSV_COLUMNS.indexOf(name as never);
    // One row per event, then one per cut (where the write-up left lines out), marked as such.
    expect(rows.length - 1).toBe(trace.events.count + trace.sources[0].cuts.length);
    const cutRows = rows.slice(1 + trace.events.count);
    expect(cutRows.length).toBeGreaterThan(0);
    expect(cutRows.map((r) => [r[col('kind')], Number(r[col('line')]), r[col('text')]]))
      .toEqual(trace.sources[0].cuts.map((c) => ['cut', c.line, c.kind]));
    const first = rows[1];
    expect(first[col('time')]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/);
    expect(Number(first[col('time_us')])).toBe(trace.events.timeUs[0]);
    expect(first[col('message')]).toMatch(/^I0919 11:11:20\.322601 +190330 kubelet\.go:2130\] "SyncLoop DELETE"/);
    expect(first[col('pod_name')]).toBe('nginx-deployment-bd4476b48-fpgvc');
  });

  it('a source with no records gets no cut rows (they had no time but the epoch\'s)', () => {
    const trace = analyzeText('```\nnot a kubelet line\n```\n', 'empty.md');
    expect(trace.events.count).toBe(0);
    expect(parseCsv(exportEventsCsv(trace))).toEqual([[...CSV_COLUMNS]]);
  });

  it('protects cells a spreadsheet would run as formulas (but not negative numbers), and the import undoes it', () => {
    const trace = analyzeText(seedText('004'), 'seed-004.txt');
    trace.strings[trace.events.text[0]] = '=HYPERLINK("http://x")';
    trace.events.num[0] = -1;
    const rows = parseCsv(exportEventsCsv(trace));
    expect(rows[1][CSV_COLUMNS.indexOf('text')]).toBe(`'=HYPERLINK("http://x")`);
    expect(rows[1][CSV_COLUMNS.indexOf('num')]).toBe('-1');
    // A protected cell in a table being imported reads as the text it protects.
    const imported = importEventsCsv(`time,message\n2024-03-15T10:00:00.000001,"'=SUM(1,2)"\n`, 'f.csv');
    const message = parseCsv(exportEventsCsv(imported))[1][CSV_COLUMNS.indexOf('message')];
    expect(message).toBe('I0315 10:00:00.000001 1 csv:2] =SUM(1,2)');
  });
});

describe('CSV import', () => {
  for (const seed of ['000', '003', '004']) {
    it(`seed ${seed}: export → import tells the same story at the same line numbers`, () => {
      const trace = analyzeText(seedText(seed), `seed-${seed}.txt`);
      const back = importEventsCsv(exportEventsCsv(trace), 'events.csv');
      expect(story(back)).toEqual(story(trace));
      // The stretches the write-up left out are left out again.
      expect(back.gaps).toEqual(trace.gaps);
      expect(trace.gaps.length).toBeGreaterThan(0);
      expect(back.sources.map((s) => [s.name, s.format])).toEqual([[`seed-${seed}.txt`, 'csv']]);
      // The reconstructed states (the readable dump, minus the source summary line) are the same too.
      const body = (t: Trace) => dumpTrace(t, { events: false }).split('\n').filter((l) => !l.startsWith('source '));
      expect(body(back)).toEqual(body(trace));
    });
  }

  it('needs only time and message; a plain message gets a klog header from the row', () => {
    const csv = [
      'Time,Message,Severity,Node',
      '2021-06-01T08:00:00.5,"""SyncLoop ADD"" source=""api"" pods=[""default/web-0""]",warning,worker-1',
      '2021-06-01 08:00:01,free text that is not a kubelet record,,',
    ].join('\r\n');
    const trace = importEventsCsv(csv, 'hand-made.csv');
    expect(trace.events.count).toBe(2);
    expect(trace.sources[0].year.value).toBe(2021);
    expect(KINDS[trace.events.kind[0]]).toBe('syncloop.add');
    expect(trace.events.severity[0]).toBe(1);
    expect(trace.pods.map((p) => `${p.namespace}/${p.name}`)).toEqual(['default/web-0']);
    expect(trace.nodes.map((n) => n.name)).toContain('worker-1');
    expect(trace.events.timeUs[1] - trace.events.timeUs[0]).toBe(500_000);
  });

  it('skips bad rows with a diagnostic naming the row, and keeps the good ones', () => {
    const csv = 'time,message\nnot a time,hello\n2024-01-01T00:00:00,first\n2024-01-01T00:00:01,\n2024-13-01T00:00:00,x\n';
    const trace = importEventsCsv(csv, 'bad-rows.csv');
    expect(trace.events.count).toBe(1);
    const messages = trace.sources[0].diagnostics.map((d) => d.message);
    expect(messages.some((m) => m.includes('row 2') && m.includes('"not a time"'))).toBe(true);
    expect(messages.some((m) => m.includes('row 4') && m.includes('empty message'))).toBe(true);
    expect(messages.some((m) => m.includes('row 5'))).toBe(true);
  });

  it('rejects a table without the required columns, or without a usable row, with a ShareError', () => {
    // A log without kubelet lines (seed 001 is prose) exports a header only, which is not a usable table.
    expect(() => importEventsCsv(exportEventsCsv(analyzeText(seedText('001'), 'seed-001.txt')), 'e.csv')).toThrow(/no usable rows/);
    const errorOf = (text: string) => { try { importEventsCsv(text, 't.csv'); } catch (e) { return e; } return undefined; };
    const noColumns = errorOf('a,b\n1,2\n') as ShareError;
    expect(noColumns).toBeInstanceOf(ShareError);
    expect(noColumns.code).toBe('bad-csv');
    expect(noColumns.message).toContain('"time"');
    expect((errorOf('time,message\nx,y\n') as ShareError).message).toContain('no usable rows');
    expect((errorOf('') as ShareError).code).toBe('bad-csv');
  });

  it('reads an unterminated quote or hostile cells as data, never as code', () => {
    const csv = 'time,message\n2024-01-01T00:00:00,"<script>alert(1)</script>"\n2024-01-01T00:00:01,"never closed\n';
    const trace = importEventsCsv(csv, 'hostile.csv');
    expect(trace.events.count).toBeGreaterThanOrEqual(1);
    expect(exportEventsCsv(trace)).toContain('<script>alert(1)</script>');
  });
});
