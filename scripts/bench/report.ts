/** The benchmark's result as one object (for --json) and as a readable table. */
import type { BaselineResult } from './baseline.ts';
import type { PipelineResult } from './pipeline.ts';

export interface BenchResult {
  input: {
    path: string;
    bytes: number;
    era: string;
    seed: number;
    generated: boolean;
    generateMs: number;
    simulatedHours: number;
    generatedPods: number;
    /** The measuring processes asked glibc for huge pages (as the CLI's launcher does). */
    hugePages: boolean;
  };
  baseline: BaselineResult & { mbPerS: number };
  /** The pipeline as the CLI runs it (stage 1 on one thread, or two on a machine with cores to spare). */
  pipeline: PipelineResult & { mbPerS: number; stageMbPerS: { ingest: number } };
  /** The same with stage 1 read the other way (two threads / one), when measured. */
  otherThreads?: PipelineResult & { mbPerS: number; ratio: number };
  /** Pipeline speed / baseline speed. */
  ratio: number;
  /** The same ratio from CPU time (what the machine's other load does not change much). */
  cpuRatio: number;
  peakRssPerInput: number;
  targets: { pipelineMbPerS: boolean; quarterOfBaseline: boolean; peakRssUnder3x: boolean };
}

const MB = 1024 * 1024;

export function mbPerS(bytes: number, ms: number): number {
  return bytes / MB / (ms / 1000);
}

export function summarize(input: BenchResult['input'], baseline: BaselineResult, pipeline: PipelineResult, other?: PipelineResult): BenchResult {
  const b = { ...baseline, mbPerS: mbPerS(input.bytes, baseline.medianMs) };
  const p = { ...pipeline, mbPerS: mbPerS(input.bytes, pipeline.median.pipelineMs), stageMbPerS: { ingest: mbPerS(input.bytes, pipeline.median.ingestMs) } };
  const ratio = p.mbPerS / b.mbPerS;
  const cpuRatio = baseline.medianCpuMs / pipeline.median.cpuMs;
  const peakRss = Math.max(pipeline.memory.peakRssBytes, pipeline.memory.maxRssBytes);
  const peakRssPerInput = peakRss / input.bytes;
  const otherMbPerS = other ? mbPerS(input.bytes, other.median.pipelineMs) : 0;
  return {
    input, baseline: b, pipeline: p, ratio, cpuRatio, peakRssPerInput,
    otherThreads: other ? { ...other, mbPerS: otherMbPerS, ratio: otherMbPerS / b.mbPerS } : undefined,
    targets: { pipelineMbPerS: p.mbPerS >= 150, quarterOfBaseline: ratio >= 0.25, peakRssUnder3x: peakRssPerInput < 3 },
  };
}

const n = (x: number) => x.toLocaleString('en-US');
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
const row = (label: string, value: string, note = '') => `  ${label.padEnd(34)}${value.padStart(12)}  ${note}`.trimEnd();

function stages(p: PipelineResult, bytes: number): string[] {
  const t = p.median;
  return [
    row('  ingest + classify (read, split,', s(t.ingestMs), `${mbPerS(bytes, t.ingestMs).toFixed(0)} MB/s`),
    row('    records, catalog, columns)', '', ''),
    row('  reconstruct (sort, lanes, states)', s(t.reconstructMs)),
    row('  links', s(t.linksMs), '(derived again on the finished trace)'),
    row('  findings', s(t.findingsMs)),
  ];
}

function runsNote(p: PipelineResult): string {
  const gcNote = p.gcBetweenRuns ? 'a forced full GC before each' : 'no forced GC between them';
  return p.runs.length > 1 ? `median of ${p.runs.map((x) => (x.pipelineMs / 1000).toFixed(2)).join(' / ')} s (first run first; ${gcNote})` : '1 run';
}

const threadsLabel = (p: PipelineResult) => (p.read.threads === 2 ? 'stage 1 on two threads' : 'stage 1 on one thread');

function stage1Note(p: PipelineResult, bytes: number): string {
  const r = p.read;
  if (r.threads === 1) return 'one thread';
  const share = `worker read ${mb(r.workerBytes)} (${((100 * r.workerBytes) / bytes).toFixed(0)}%) in ${s(r.workerMs)} (${s(r.workerStartMs)} to start), this thread the rest in ${s(r.mainMs)}`;
  return r.refused ? `${share}; its part was refused (${r.refused}) and read again` : share;
}

export function formatTable(r: BenchResult): string {
  const p = r.pipeline;
  const t = p.median;
  const m = p.memory;
  const c = p.counts;
  const other = r.otherThreads;
  const ok = (b: boolean) => (b ? 'PASS' : 'FAIL');
  return [
    `Syncloop benchmark: ${(r.input.bytes / MB).toFixed(1)} MB kubelet log` + (r.input.generated
      ? ` (${r.input.era} era, seed ${r.input.seed}, ${r.input.simulatedHours.toFixed(1)} h of log, ${n(r.input.generatedPods)} pods)` : ''),
    r.input.generated ? `  generated ${r.input.path} in ${s(r.input.generateMs)} (${mbPerS(r.input.bytes, r.input.generateMs).toFixed(0)} MB/s)` : `  input ${r.input.path}`,
    r.input.hugePages ? '  processes started as the CLI is: with huge pages (glibc.malloc.hugetlb=1)' : '  processes started without huge pages (--no-huge-pages)',
    '',
    'speed',
    row('baseline (read+split+header regex)', s(r.baseline.medianMs), `${r.baseline.mbPerS.toFixed(0)} MB/s  median of ${r.baseline.runsMs.map((x) => (x / 1000).toFixed(2)).join(' / ')} s`),
    row(`pipeline (ingest + catalog + model)`, s(t.pipelineMs), `${p.mbPerS.toFixed(0)} MB/s  ${runsNote(p)}; as the CLI reads`),
    row(`  first run (least warmed up)`, s(p.runs[0].pipelineMs), `${mbPerS(r.input.bytes, p.runs[0].pipelineMs).toFixed(0)} MB/s`),
    row(`  with findings after it`, s(t.totalMs), `${mbPerS(r.input.bytes, t.totalMs).toFixed(0)} MB/s  (what the analyze command does)`),
    row('  stage 1', '', stage1Note(p, r.input.bytes)),
    ...stages(p, r.input.bytes),
    row('pipeline / baseline', r.ratio.toFixed(2), `by CPU time ${r.cpuRatio.toFixed(2)} (baseline ${s(r.baseline.medianCpuMs)}, pipeline ${s(t.cpuMs)} CPU)`),
    ...(other ? [
      row(`pipeline, ${threadsLabel(other)}`, s(other.median.pipelineMs), `${other.mbPerS.toFixed(0)} MB/s  ${runsNote(other)}; / baseline ${other.ratio.toFixed(2)}, ${s(other.median.cpuMs)} CPU`),
      row('  stage 1', '', stage1Note(other, r.input.bytes)),
      ...stages(other, r.input.bytes),
    ] : []),
    '',
    'memory (first full pipeline run)',
    row('peak RSS', mb(Math.max(m.peakRssBytes, m.maxRssBytes)), `${r.peakRssPerInput.toFixed(2)} × input  (sampled ${mb(m.peakRssBytes)}, getrusage ${mb(m.maxRssBytes)})`),
    ...(other ? [row(`  ${threadsLabel(other)}`, mb(Math.max(other.memory.peakRssBytes, other.memory.maxRssBytes)), `${(Math.max(other.memory.peakRssBytes, other.memory.maxRssBytes) / r.input.bytes).toFixed(2)} × input`)] : []),
    row('RSS before the run', mb(m.rssBeforeBytes)),
    row('peak heap used', mb(m.peakHeapUsedBytes), `external (typed arrays: columns, read buffers) peak ${mb(m.peakExternalBytes)}`),
    row('retained by the trace', mb(m.heapAfterBytes), `heap; + ${mb(m.externalAfterBytes)} external (columns; a plain file's raw text stays in the file)`),
    '',
    'counts',
    row('lines / records / continuation', `${n(c.lines)}`, `${n(c.records)} / ${n(c.continuation)}  (baseline matched ${n(r.baseline.matched)} of ${n(r.baseline.lines)})`),
    row('records read by their bytes', n(p.fastRecords), `${((100 * p.fastRecords) / Math.max(1, c.records)).toFixed(1)}% (the rest as text)`),
    row('events / unknown kind', n(c.events), `${n(c.unknownEvents)} unknown`),
    row('pods / lanes / spans / links', n(c.pods), `${n(c.lanes)} / ${n(c.spans)} / ${n(c.links)}`),
    row('anomalies / findings / diagnostics', n(c.anomalies), `${n(c.findings)} / ${n(c.diagnostics)}`),
    '',
    `targets: pipeline ≥ 150 MB/s ${ok(r.targets.pipelineMbPerS)}; ≥ 0.25 × baseline ${ok(r.targets.quarterOfBaseline)}; ` +
      `peak RSS < 3 × input ${ok(r.targets.peakRssUnder3x)}`,
  ].join('\n');
}
