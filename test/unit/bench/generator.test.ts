/**
 * Keeps the benchmark honest: the generated log must be what the pipeline fully understands (every message it
 * writes is in the catalog, every pod it makes is one pod in the trace), and the bench's own measuring code must
 * still run end to end on a small file.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateKubeletLog, type GenerateOptions, type GenerateStats } from '../../../scripts/gen-kubelet-log.ts';
import { LogWriter } from '../../../scripts/kubelet-log-gen/log-writer.ts';
import { Prng } from '../../../scripts/kubelet-log-gen/prng.ts';
import { StructuredDialect } from '../../../scripts/kubelet-log-gen/dialect-structured.ts';
import { NameFactory, WORKLOADS, newPod } from '../../../scripts/kubelet-log-gen/workloads.ts';
import { baselinePass } from '../../../scripts/bench/baseline.ts';
import { runPipeline } from '../../../scripts/bench/pipeline.ts';
import { formatTable, summarize } from '../../../scripts/bench/report.ts';
import { KINDS } from '../../../src/catalog/catalog.ts';
import { analyzeText } from '../../helpers.ts';

const MB = 1024 * 1024;

function generate(opts: GenerateOptions): { text: string; stats: GenerateStats } {
  const chunks: string[] = [];
  const stats = generateKubeletLog(opts, (c) => chunks.push(c));
  return { text: chunks.join(''), stats };
}

function unknownLines(text: string, chunk: number): string[] {
  const trace = analyzeText(text, 'gen.log', { year: 2024, chunk });
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < trace.events.count; i++) if (trace.events.kind[i] === 0) out.push(lines[trace.events.line[i] - 1]);
  return out;
}

describe('kubelet log generator', () => {
  const structured = generate({ sizeBytes: MB, seed: 7 });

  it('writes about the requested size, in klog lines of a realistic length mix', () => {
    expect(structured.stats.bytes).toBeGreaterThanOrEqual(MB);
    expect(structured.stats.bytes).toBeLessThan(MB + 64 * 1024);
    expect(Buffer.byteLength(structured.text)).toBe(structured.stats.bytes);
    const lengths = structured.text.split('\n').slice(0, -1).map((l) => l.length).sort((a, b) => a - b);
    const median = lengths[lengths.length >> 1];
    expect(median).toBeGreaterThan(120);
    expect(median).toBeLessThan(280);
    expect(lengths.filter((n) => n >= 2000).length).toBeGreaterThan(0);
  });

  it('is deterministic for a seed and different for another', () => {
    // A smaller run of the same seed is the same simulation stopped earlier: a prefix of the larger log.
    const small = generate({ sizeBytes: 256 * 1024, seed: 7 });
    expect(small.text).toBe(structured.text.slice(0, small.stats.bytes));
    expect(generate({ sizeBytes: 256 * 1024, seed: 7 }).text).toBe(small.text);
    const other = generate({ sizeBytes: 64 * 1024, seed: 8 });
    expect(other.text).not.toBe(structured.text.slice(0, other.stats.bytes));
  });

  it('structured era: every line is a known message and every generated pod is one pod', () => {
    expect(unknownLines(structured.text, 64 * 1024)).toEqual([]);
    const trace = analyzeText(structured.text, 'gen.log', { year: 2024, chunk: 100_003 });
    expect(trace.pods.length).toBe(structured.stats.pods);
    expect(trace.sources[0].versionRange.label).toBe('1.23');
    expect(trace.sources[0].lines.unrecognized).toBe(0);
    const kinds = new Set(Array.from(trace.events.kind, (k) => KINDS[k]));
    for (const k of ['syncloop.add', 'housekeeping.start', 'pleg.container-started', 'probe.succeeded', 'status.patch', 'pw.work-sync']) {
      expect(kinds.has(k), k).toBe(true);
    }
  });

  it('printf era: every line is a known message and every generated pod is one pod', () => {
    const printf = generate({ sizeBytes: MB / 2, seed: 3, era: 'printf' });
    expect(unknownLines(printf.text, 32 * 1024)).toEqual([]);
    const trace = analyzeText(printf.text, 'gen.log', { year: 2024 });
    expect(trace.pods.length).toBe(printf.stats.pods);
    expect(trace.sources[0].versionRange.label).toBe('1.12');
  });

  it('writes a multi-line probe output as one record with a key=< block', () => {
    const chunks: string[] = [];
    const rng = new Prng(1);
    const w = new LogWriter((c) => chunks.push(c), rng, Date.UTC(2024, 0, 2) * 1000, 4242);
    const pod = newPod(rng, new NameFactory(rng), WORKLOADS.find((x) => x.app === 'redis')!, 0, 9);
    new StructuredDialect(w).probeFailed(pod, pod.containers[0], 'Liveness', ['first line', 'second line']);
    w.flush();
    const text = chunks.join('');
    expect(text.split('\n')).toHaveLength(5);
    const trace = analyzeText(text, 'one.log', { year: 2024 });
    expect(trace.events.count).toBe(1);
    expect(KINDS[trace.events.kind[0]]).toBe('probe.failed');
    expect(trace.sources[0].lines.continuation).toBe(3);
  });
});

describe('bench code paths', () => {
  const dir = mkdtempSync(join(tmpdir(), 'syncloop-bench-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('baseline and pipeline run on a generated file and agree on its lines', async () => {
    const { text, stats } = generate({ sizeBytes: MB, seed: 11 });
    const path = join(dir, 'small.log');
    writeFileSync(path, text);
    const base = await baselinePass(path);
    const physical = text.split('\n').length - 1;
    expect(base.lines).toBe(physical);
    const pipeline = await runPipeline(path, 1, 64 * 1024, 1);
    expect(pipeline.counts.lines).toBe(physical);
    expect(pipeline.counts.records + pipeline.counts.continuation).toBe(physical);
    expect(base.matched).toBe(pipeline.counts.records);
    expect(pipeline.counts.unknownEvents).toBe(0);
    expect(pipeline.counts.pods).toBe(stats.pods);
    expect(pipeline.memory.peakRssBytes).toBeGreaterThan(0);
    const t = pipeline.median;
    expect(t.ingestMs + t.finishMs + t.findingsMs).toBeCloseTo(t.totalMs, 0);
    const table = formatTable(summarize({ path, bytes: stats.bytes, era: 'structured', seed: 11, generated: true, generateMs: 1, simulatedHours: 1, generatedPods: stats.pods, hugePages: true },
      { runsMs: [base.ms], medianMs: base.ms, medianCpuMs: base.cpuMs, lines: base.lines, matched: base.matched }, pipeline));
    expect(table).toContain('pipeline / baseline');
    expect(table).toContain('with huge pages');
    expect(table).toContain(`${stats.pods.toLocaleString('en-US')} pods`);
  });
});
