/**
 * The classification memo (src/model/record-memo.ts) is what keeps the pipeline fast on real logs, where most lines
 * repeat; it must never change an answer. These tests compare it with classifying every record afresh.
 */
import { describe, expect, it } from 'vitest';
import { RecordMemo } from '../../../src/model/record-memo.ts';
import { LANE_KIND_LIST } from '../../../src/model/collector.ts';
import { StringTable } from '../../../src/util/string-table.ts';
import { SourceReader } from '../../../src/ingest/source-reader.ts';
import type { LogRecord } from '../../../src/ingest/record.ts';
import { KINDS } from '../../../src/catalog/catalog.ts';

const LANES = new Map(LANE_KIND_LIST.map((k, i) => [k, i]));

function records(lines: string[]): LogRecord[] {
  const out: LogRecord[] = [];
  const reader = new SourceReader({ record: (r) => out.push(r), diagnostic: () => {} });
  for (const l of lines) reader.line(l, 0);
  reader.end();
  return out;
}

const LINES = [
  'I0919 11:11:20.322658  190330 pod_workers.go:888] "Processing pod event" pod="default/web-0" podUID=95d6b80b-77f5-4218-824e-69eec4998c22 updateType=1',
  'I0919 11:11:20.422658  190330 prober.go:130] "Probe succeeded" probeType="Readiness" pod="default/web-0" podUID=95d6b80b-77f5-4218-824e-69eec4998c22 containerName="app"',
  'I0919 11:11:21.322658  190330 pod_workers.go:888] "Processing pod event" pod="default/web-0" podUID=95d6b80b-77f5-4218-824e-69eec4998c22 updateType=1',
  'I0919 11:11:22.422658  190330 prober.go:130] "Probe succeeded" probeType="Readiness" pod="default/web-0" podUID=95d6b80b-77f5-4218-824e-69eec4998c22 containerName="app"',
  // The same unknown message from two files lands on different lanes: the file is part of what is remembered.
  'I0919 11:11:23.000001  190330 pleg.go:1] "Something the catalog does not know"',
  'I0919 11:11:23.000002  190330 config.go:1] "Something the catalog does not know"',
  'I0919 11:11:23.000003  190330 pleg.go:1] "Something the catalog does not know"',
  // A source's last line may be one a paste cut short (LogRecord.cutShort): classified afresh, not counted.
  'I0919 11:11:24.000001  190330 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-0"]',
];

describe('record memo', () => {
  it('returns what fresh classification returns, and remembers repeated texts', () => {
    const recs = records(LINES);
    const memo = new RecordMemo(new StringTable(), LANES);
    const remembered = recs.map((r) => memo.classify(r));
    // Repeats of the two known texts are hits; the unknown text alternates between files, so each is classified.
    expect(memo.hits).toBe(2);
    expect(memo.misses).toBe(5);
    const freshStrings = new StringTable();
    const fresh = recs.map((r) => new RecordMemo(freshStrings, LANES).classify(r));
    expect(remembered).toEqual(fresh);
    expect(KINDS[remembered[0].kind]).toBe('pw.work-terminating');
    expect(remembered[4].laneKind).not.toBe(remembered[5].laneKind);
    expect(remembered[6]).toEqual(remembered[4]);
  });

  it('keeps answering correctly when its generations turn over', () => {
    const lines: string[] = [];
    for (let i = 0; i < 200; i++) {
      lines.push(`I0919 11:12:${String(i % 60).padStart(2, '0')}.000000  190330 kubelet.go:2171] "SyncLoop (SYNC) pods" total=1 pods=[default/web-${i % 37}]`);
    }
    const recs = records(lines);
    const small = new RecordMemo(new StringTable(), LANES, { entries: 8, chars: 1_000 });
    const big = new RecordMemo(new StringTable(), LANES);
    const a = recs.map((r) => small.classify(r));
    const b = recs.map((r) => big.classify(r));
    expect(a.map((x) => [x.entry, x.kind, x.laneKind, x.pods])).toEqual(b.map((x) => [x.entry, x.kind, x.laneKind, x.pods]));
    expect(big.misses).toBe(37);
    expect(small.misses).toBeGreaterThan(37);
  });
});
