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
  };
  baseline: BaselineResult & { mbPerS: number };
  pipeline: PipelineResult & { mbPerS: number; stageMbPerS: { ingest: number } };
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

export function summarize(input: BenchResult['input'], baseline: BaselineResult, pipeline: PipelineResult): BenchResult {
  const b = { ...baseline, mbPerS: mbPerS(input.bytes, baseline.medianMs) };
  const p = { ...pipeline, mbPerS: mbPerS(input.bytes, pipeline.median.totalMs), stageMbPerS: { ingest: mbPerS(input.bytes, pipeline.median.ingestMs) } };
  const ratio = p.mbPerS / b.mbPerS;
  const cpuRatio = baseline.medianCpuMs / pipeline.median.cpuMs;
  const peakRss = Math.max(pipeline.memory.peakRssBytes, pipeline.memory.maxRssBytes);
  const peakRssPerInput = peakRss / input.bytes;
  return {
    input, baseline: b, pipeline: p, ratio, cpuRatio, peakRssPerInput,
    targets: { pipelineMbPerS: p.mbPerS >= 150, quarterOfBaseline: ratio >= 0.25, peakRssUnder3x: peakRssPerInput < 3 },
  };
}

const n = (x: number) => x.toLocaleString('en-US');
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
const row = (label: string, value: string, note = '') => `  ${label.padEnd(34)}${value.padStart(12)}  ${note}`.trimEnd();

export function formatTable(r: BenchResult): string {
  const p = r.pipeline;
  const t = p.median;
  const m = p.memory;
  const c = p.counts;
  const ok = (b: boolean) => (b ? 'PASS' : 'FAIL');
  return [
    `Syncloop benchmark: ${(r.input.bytes / MB).toFixed(1)} MB kubelet log` + (r.input.generated
      ? ` (${r.input.era} era, seed ${r.input.seed}, ${r.input.simulatedHours.toFixed(1)} h of log, ${n(r.input.generatedPods)} pods)` : ''),
    r.input.generated ? `  generated ${r.input.path} in ${s(r.input.generateMs)} (${mbPerS(r.input.bytes, r.input.generateMs).toFixed(0)} MB/s)` : `  input ${r.input.path}`,
    '',
    'speed',
    row('baseline (read+split+header regex)', s(r.baseline.medianMs), `${r.baseline.mbPerS.toFixed(0)} MB/s  median of ${r.baseline.runsMs.map((x) => (x / 1000).toFixed(2)).join(' / ')} s`),
    row('pipeline total', s(t.totalMs), `${p.mbPerS.toFixed(0)} MB/s  ${p.runs.length > 1 ? `median of ${p.runs.map((x) => (x.totalMs / 1000).toFixed(2)).join(' / ')} s` : '1 run'}`),
    row('  ingest + classify (read, split,', s(t.ingestMs), `${p.stageMbPerS.ingest.toFixed(0)} MB/s`),
    row('    records, catalog, columns)', '', ''),
    row('  reconstruct (sort, lanes, states)', s(t.reconstructMs)),
    row('  links', s(t.linksMs), '(derived again on the finished trace)'),
    row('  findings', s(t.findingsMs)),
    row('pipeline / baseline', r.ratio.toFixed(2), `by CPU time ${r.cpuRatio.toFixed(2)} (baseline ${s(r.baseline.medianCpuMs)}, pipeline ${s(t.cpuMs)} CPU)`),
    '',
    'memory (first full pipeline run)',
    row('peak RSS', mb(Math.max(m.peakRssBytes, m.maxRssBytes)), `${r.peakRssPerInput.toFixed(2)} × input  (sampled ${mb(m.peakRssBytes)}, getrusage ${mb(m.maxRssBytes)})`),
    row('RSS before the run', mb(m.rssBeforeBytes)),
    row('peak heap used', mb(m.peakHeapUsedBytes), `external (typed arrays, raw text) peak ${mb(m.peakExternalBytes)}`),
    row('retained by the trace', mb(m.heapAfterBytes), `heap; + ${mb(m.externalAfterBytes)} external (raw text, columns)`),
    '',
    'counts',
    row('lines / records / continuation', `${n(c.lines)}`, `${n(c.records)} / ${n(c.continuation)}  (baseline matched ${n(r.baseline.matched)} of ${n(r.baseline.lines)})`),
    row('events / unknown kind', n(c.events), `${n(c.unknownEvents)} unknown`),
    row('pods / lanes / spans / links', n(c.pods), `${n(c.lanes)} / ${n(c.spans)} / ${n(c.links)}`),
    row('anomalies / findings / diagnostics', n(c.anomalies), `${n(c.findings)} / ${n(c.diagnostics)}`),
    '',
    `targets: pipeline ≥ 150 MB/s ${ok(r.targets.pipelineMbPerS)}; ≥ 0.25 × baseline ${ok(r.targets.quarterOfBaseline)}; ` +
      `peak RSS < 3 × input ${ok(r.targets.peakRssUnder3x)}`,
  ].join('\n');
}
