/** `syncloop analyze FILE... [--json] [--year YYYY]` */
import { Analyzer } from '../model/analyze.ts';
import { dumpPod } from '../model/dump.ts';
import { describeRestart, kubeletRestartsOf, type KubeletRestart } from '../model/kubelet-restarts.ts';
import { nodeTitle, podId, serviceBlocks } from '../model/trace-query.ts';
import { ASSUMED_NODE_NAME } from '../model/source-segment.ts';
import type { SourceInfo, Trace } from '../model/trace.ts';
import { checkReadable, unclearedBuffer } from './read-files.ts';
import { readInputs, type ReadOptions } from './parallel-read.ts';
import { formatEpochUs } from '../util/time.ts';
import { runDetectors } from '../findings/run.ts';

export interface AnalyzeArgs {
  files: string[];
  json: boolean;
  year?: number;
}

/**
 * An Analyzer as the command line makes one: the collector's columns are left to the garbage collector rather than
 * detached early, and their buffers are not cleared when made (CollectOptions.releaseColumnsEarly and
 * uninitializedBuffer say why). The benchmark makes its own the same way.
 */
export function cliAnalyzer(defaultYear: number, yearFromCaller: boolean, assumedNotAfterUs?: number): Analyzer {
  return new Analyzer({ defaultYear, yearFromCaller, assumedNotAfterUs, releaseColumnsEarly: false, uninitializedBuffer: unclearedBuffer });
}


/** Reads kubelet logs (big inputs with both cores: parallel-read.ts) and builds their trace with findings. */
export async function loadTrace(files: string[], year?: number, read: ReadOptions = {}): Promise<Trace> {
  for (const f of files) checkReadable(f);
  // Without --year, this year by the clock (a log that would then end in the future is last year's).
  const nowMs = Date.now();
  const analyzer = year !== undefined ? cliAnalyzer(year, true) : cliAnalyzer(new Date(nowMs).getFullYear(), false, nowMs * 1000);
  await readInputs(analyzer, files, read);
  const trace = analyzer.finish();
  trace.findings = runDetectors(trace);
  return trace;
}

/** Where a source's year came from, as the text output says it. */
const YEAR_FROM: Record<SourceInfo['year']['how'], string> = {
  wrapper: 'from the timestamps beside each line (journald, CRI, CI, a log viewer or a log platform\'s export)', json: 'from the JSON timestamps', message: 'from a date in a message',
  'pod-uid': 'from the time inside version-1 pod UIDs', 'cronjob-name': 'from the scheduled time in CronJob pods\' names',
  'file-header': 'from the glog file header or file name, or journalctl\'s banner',
  document: 'from dates in the text around the log', caller: 'from --year',
  assumed: 'assumed: the latest year not after today — pass --year to set it',
  version: 'assumed from the kubelet version: the latest year its newest possible version was the newest release in — pass --year to set it',
};

/** A kubelet restarting every 10 s for a day starts 8,640 times: the text lists the first ones. */
const MAX_STARTS_LISTED = 50;

/** A kubelet start, and what the log shows of the process before it (model/kubelet-restarts.ts). */
function startJson(trace: Trace, r: KubeletRestart): object {
  const ev = trace.events;
  const p = r.previous;
  return {
    line: ev.line[r.startEvent], time: formatEpochUs(r.startUs), pid: r.pid || null,
    previous: p ? {
      pid: ev.pid[p.lastEvent] || null, lastLine: ev.line[p.lastEvent], lastTime: formatEpochUs(p.fromUs),
      exitLine: p.exitEvent >= 0 ? ev.line[p.exitEvent] : null,
      // Lines are missing between the two when `linesMissing`, and neither the stop nor the start is in the log when
      // `restartUnseen`: the time between is then not known to be down time.
      linesMissing: p.cut, restartUnseen: p.unseen, downUs: p.cut || p.unseen ? null : r.startUs - p.fromUs,
    } : null,
  };
}

export function analyzeJson(trace: Trace): object {
  const ev = trace.events;
  const lines = { total: 0, klog: 0, unrecognized: 0, continuation: 0, blank: 0 };
  for (const s of trace.sources) {
    lines.total += s.lines.total;
    lines.klog += s.lines.klog;
    lines.unrecognized += s.lines.unrecognized;
    lines.continuation += s.lines.continuation;
    lines.blank += s.lines.blank;
  }
  const laneEvents = new Uint32Array(trace.lanes.length);
  for (let i = 0; i < ev.count; i++) laneEvents[ev.lane[i]]++;
  const lineOf = (e: number) => ev.line[e];
  return {
    lines,
    sources: trace.sources.map((s) => ({
      file: s.name, format: s.format, formatLabel: s.formatLabel, node: s.node, nodeNamed: s.node !== ASSUMED_NODE_NAME, versionRange: s.versionRange.label,
      versionSignals: s.versionRange.signals, year: s.year.value, yearFrom: s.year.how, reversed: s.reversed,
      lines: s.lines, eras: s.eras, start: s.startUs ? formatEpochUs(s.startUs) : null, end: s.endUs ? formatEpochUs(s.endUs) : null,
      service: s.service ?? null, services: s.services ?? null, os: s.windows ? 'windows' : null, osFrom: s.windows ?? null,
    })),
    nodes: trace.nodes.map((n) => ({ name: n.name, named: n.name !== ASSUMED_NODE_NAME, kubeletStarts: kubeletRestartsOf(trace, n.index).map((r) => startJson(trace, r)) })),
    pods: trace.pods.map((p) => {
      // Instances of one named container together; each ID no line names on its own (they may be different containers).
      const byName = new Map<string, { name: string; ids: string[] }>();
      const roleOf = new Map<string, string>();
      for (const ci of p.containers) {
        const c = trace.containers[ci];
        if (c.sandbox) continue;
        const key = c.name ? c.name : `\0${c.id || ci}`;
        const entry = byName.get(key) ?? { name: c.name, ids: [] };
        if (c.id) entry.ids.push(c.id);
        byName.set(key, entry);
        if (c.role) roleOf.set(c.name, c.role);
      }
      return {
        uid: p.uid, namespace: p.namespace, name: p.name, kind: p.kind, node: trace.nodes[p.node]?.name ?? '',
        // role: 'init', 'sidecar' or 'ephemeral' when a line says so; absent for app containers.
        containers: [...byName.values()].map(({ name, ids }) => (name && roleOf.has(name) ? { name, role: roleOf.get(name), ids } : { name, ids })),
        sandboxes: p.containers.filter((ci) => trace.containers[ci].sandbox).map((ci) => trace.containers[ci].id),
        events: p.eventCount, warnings: p.warningCount, errors: p.errorCount, admission: p.admission.result,
      };
    }),
    lanes: trace.lanes.map((l) => ({ id: l.id, kind: l.kind, title: l.title, pod: l.pod >= 0 ? podId(trace.pods[l.pod]) : null, events: laneEvents[l.index] })),
    findings: trace.findings.map((f) => ({
      id: f.id, title: f.title, severity: f.severity,
      pods: f.pods.map((p) => podId(trace.pods[p])),
      containers: f.containers.map((c) => findingContainer(trace, c)),
      firstLine: f.evidence.length ? Math.min(...f.evidence.map(lineOf)) : null,
      evidenceLines: f.evidence.map(lineOf),
      evidence: f.evidence.map((e) => ({ file: trace.sources[ev.source[e]].name, line: lineOf(e) })),
      start: formatEpochUs(f.startUs), end: formatEpochUs(f.endUs), explanation: f.explanation, next: f.next,
      scenario: f.scenario ?? null,
    })),
    anomalies: trace.anomalies.map((a) => ({ line: lineOf(a.event), file: trace.sources[ev.source[a.event]].name, message: a.message })),
    diagnostics: trace.sources.flatMap((s) => s.diagnostics.map((d) => ({ file: s.name, line: d.line, level: d.level, message: d.message }))),
  };
}

/**
 * A container instance a finding names, in `analyze --json`: its pod (`ns/name`, or the uid when the name is
 * unknown), the container's name (empty for a sandbox whose name the log does not give), its runtime ID (full,
 * without the `containerd://` scheme; empty when the log never printed it) and whether it is the pod's sandbox.
 */
function findingContainer(trace: Trace, index: number): { pod: string | null; name: string; id: string; sandbox: boolean } {
  const c = trace.containers[index];
  return { pod: trace.pods[c.pod] ? podId(trace.pods[c.pod]) : null, name: c.name, id: c.id, sandbox: c.sandbox };
}

/** `ns/pod/container (24bee860a677)` for the text report. */
function containerLabel(trace: Trace, index: number): string {
  const c = trace.containers[index];
  const pod = trace.pods[c.pod] ? `${podId(trace.pods[c.pod])}/` : '';
  return `${pod}${c.name || (c.sandbox ? 'sandbox' : '?')}${c.id ? ` (${c.id.slice(0, 12)})` : ''}`;
}

export function analyzeText(trace: Trace): string {
  const out: string[] = [];
  const ev = trace.events;
  if (trace.findings.length) {
    out.push(`Findings (${trace.findings.length}):`);
    for (const f of trace.findings) {
      const lines = f.evidence.slice(0, 8).map((e) => ev.line[e]).join(', ');
      out.push(`  [${f.severity}] ${f.id}: ${f.title}`);
      out.push(`      ${formatEpochUs(f.startUs)} → ${formatEpochUs(f.endUs)}; pods: ${f.pods.map((p) => podId(trace.pods[p])).join(', ') || '—'}; evidence lines: ${lines}${f.evidence.length > 8 ? ', …' : ''}`);
      if (f.containers.length) out.push(`      containers: ${f.containers.slice(0, 8).map((c) => containerLabel(trace, c)).join(', ')}${f.containers.length > 8 ? ', …' : ''}`);
      out.push(`      ${f.explanation}`);
      if (f.next) out.push(`      Next: ${f.next}`);
      if (f.scenario) out.push(`      Simulation: ${f.scenario}`);
    }
  } else {
    out.push('Findings: none of the known incident signatures matched.');
  }
  out.push('');
  for (const s of trace.sources) {
    out.push(`Source ${s.name}: ${s.formatLabel}, ${nodeTitle(s.node)}`);
    out.push(`  lines: ${s.lines.total} total, ${s.lines.klog} kubelet records, ${s.lines.continuation} continuation, ${s.lines.unrecognized} not kubelet lines, ${s.lines.blank} blank`);
    if (s.windows) out.push(`  node OS: Windows (from ${s.windows})`);
    out.push(`  kubelet version: ${s.versionRange.label}${s.versionRange.signals.length ? ` (from: ${s.versionRange.signals.slice(0, 4).join('; ')}${s.versionRange.signals.length > 4 ? '; …' : ''})` : ''}`);
    out.push(`  year: ${s.year.value} (${YEAR_FROM[s.year.how]})${s.reversed ? '; newest-first file, put in time order' : ''}`);
    if (s.startUs) out.push(`  time: ${formatEpochUs(s.startUs)} → ${formatEpochUs(s.endUs)}`);
    for (const b of serviceBlocks(s)) out.push(`  systemctl status (line ${b.line}): ${b.active}${b.since ? ` since ${b.since}` : ''}${b.mainPid ? `, main PID ${b.mainPid}` : ''}`);
    for (const d of s.diagnostics.slice(0, 20)) out.push(`  ${d.level}: ${d.line ? `line ${d.line}: ` : ''}${d.message}`);
    if (s.diagnostics.length > 20 || s.diagnosticsDropped) out.push(`  … ${s.diagnostics.length - 20 + s.diagnosticsDropped} more diagnostics`);
  }
  for (const n of trace.nodes) {
    const restarts = kubeletRestartsOf(trace, n.index);
    if (!restarts.length) continue;
    out.push(`Kubelet starts on ${n.name} (${restarts.length}):`);
    for (const r of restarts.slice(0, MAX_STARTS_LISTED)) out.push(`  ${formatEpochUs(r.startUs)}  ${describeRestart(trace, r)}`);
    if (restarts.length > MAX_STARTS_LISTED) out.push(`  … ${restarts.length - MAX_STARTS_LISTED} more (--json lists them all)`);
  }
  out.push('');
  const pods = [...trace.pods].sort((a, b) => b.errorCount + b.warningCount - (a.errorCount + a.warningCount) || b.eventCount - a.eventCount);
  for (const p of pods) {
    if (p.lanes.length === 0) continue;
    out.push(...dumpPod(trace, p.index));
    out.push('');
  }
  return out.join('\n');
}
