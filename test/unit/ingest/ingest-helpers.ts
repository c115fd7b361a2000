/**
 * Helpers for the ingest tests: run text through the whole pipeline (analyzeSources) and through the bare reader,
 * and print events and records as small readable rows that tests compare with hand-written expectations.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeSources, type AnalyzeOptions } from '../../../src/model/analyze.ts';
import { KINDS } from '../../../src/catalog/catalog.ts';
import { LineSplitter } from '../../../src/ingest/line-splitter.ts';
import { SourceReader } from '../../../src/ingest/source-reader.ts';
import type { LogRecord } from '../../../src/ingest/record.ts';
import type { Trace } from '../../../src/model/trace.ts';
import { formatEpochUs } from '../../../src/util/time.ts';

export const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'logs');

export function fixture(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

export interface Input {
  name: string;
  data: string | Uint8Array;
}

/** The whole pipeline. Without `year`, the caller states no year (2024 is assumed). */
export function analyze(inputs: Input | Input[], opts: { year?: number; chunk?: number } = {}): Trace {
  const list = Array.isArray(inputs) ? inputs : [inputs];
  const o: Partial<AnalyzeOptions> = opts.year ? { defaultYear: opts.year, yearFromCaller: true } : { defaultYear: 2024, yearFromCaller: false };
  return analyzeSources(list, o, opts.chunk);
}

export interface EventRow {
  at: string;
  /** `<source name>:<line>` and, when the record spans more than one line, `+<count>`. */
  where: string;
  sev: string;
  node: string;
  kind: string;
  pod: string;
}

/** Every event in time order as a readable row. */
export function eventRows(trace: Trace): EventRow[] {
  const ev = trace.events;
  const rows: EventRow[] = [];
  for (let i = 0; i < ev.count; i++) {
    const p = ev.pod[i] >= 0 ? trace.pods[ev.pod[i]] : undefined;
    rows.push({
      at: formatEpochUs(ev.timeUs[i]),
      where: `${trace.sources[ev.source[i]].name}:${ev.line[i]}${ev.lineCount[i] > 1 ? `+${ev.lineCount[i]}` : ''}`,
      sev: 'IWEF'[ev.severity[i]],
      node: trace.nodes[ev.node[i]].name,
      kind: KINDS[ev.kind[i]],
      pod: p ? `${p.namespace}/${p.name}` : '',
    });
  }
  return rows;
}

/** The records the reader makes of `text` (no catalog, no model), with the counts and facts it gathered. */
export function readRecords(text: string | Uint8Array): { records: LogRecord[]; reader: SourceReader; diagnostics: string[] } {
  const records: LogRecord[] = [];
  const diagnostics: string[] = [];
  const reader = new SourceReader({
    record: (r) => records.push(r),
    diagnostic: (line, level, message) => diagnostics.push(`${line} ${level}: ${message}`),
  });
  const splitter = new LineSplitter((t, _a, _b, flags) => reader.line(t, flags));
  splitter.push(typeof text === 'string' ? new TextEncoder().encode(text) : text);
  splitter.end();
  reader.end();
  return { records, reader, diagnostics };
}

/** `file:line` of the kubelet call site each record names (the klog header's caller, or JSON `caller`). */
export function callers(records: readonly LogRecord[]): string[] {
  return records.map((r) => `${r.file}:${r.fileLine}`);
}

/** Lines a source's counts say it has, added up. */
export function countedLines(s: Trace['sources'][number]): number {
  return s.lines.klog + s.lines.continuation + s.lines.unrecognized + s.lines.blank;
}
