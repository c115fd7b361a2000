/**
 * The seed incidents (../shared/seeds): each write-up's log excerpt must produce its finding, with the lines that
 * prove it. Expected line numbers are found in the seed text itself, not taken from the code under test.
 */
import { describe, expect, it } from 'vitest';
import { seedText } from '../../helpers.ts';
import { seed } from './findings-kit.ts';

/** 1-based number of the first line of `text` containing `needle` (after `from`). */
function lineOf(text: string, needle: string, from = 0): number {
  const lines = text.split('\n');
  const i = lines.findIndex((l, k) => k >= from && l.includes(needle));
  if (i < 0) throw new Error(`"${needle}" not in text`);
  return i + 1;
}

describe('seed 000: readiness initialisation race', () => {
  const text = seedText('000');
  const a = seed('000');
  const race = a.of('readiness-init-race');

  it('is the first finding, an error, for the pod that was killed', () => {
    expect(a.findings[0].id).toBe('readiness-init-race');
    expect(a.findings[0].severity).toBe('error');
    expect(a.pods(a.findings[0])).toEqual(['default/auto-srv-cwhttp-sf-30b71-0']);
    expect(a.findings[0].scenario).toBe('readiness-init-race');
  });

  it('cites the status generation, the later probe-worker initialisation, the ready:false patch and the kill', () => {
    const lines = a.lines(race[0]);
    const gen = lineOf(text, 'Generating status for "auto-srv-cwhttp-sf-30b71-0');
    const init = lineOf(text, "LEOPOLD_INIT_PROBER: auto-srv-cwhttp-sf-30b71-0");
    const patch = lineOf(text, 'Patch status for pod "auto-srv-cwhttp-sf-30b71-0');
    const kill = lineOf(text, 'Killing container "docker://8a61fda8');
    expect(lines).toEqual(expect.arrayContaining([gen, init, patch, kill]));
    expect(gen).toBeLessThan(init);
    // Evidence is in time order: generation before initialisation before the patch before the kill.
    expect(lines.indexOf(gen)).toBeLessThan(lines.indexOf(init));
    expect(lines.indexOf(patch)).toBeLessThan(lines.indexOf(kill));
  });

  it('explains the race with the numbers from the log', () => {
    const x = race[0].explanation;
    // 10:42:26.102104 (Generating status) → 10:42:26.102147 (LEOPOLD_INIT_PROBER): 43 µs.
    expect(x).toContain('43µs');
    expect(x).toContain('auto-srv-cwhttp-py');
    expect(x).toContain('RestartLimit');
    expect(x).toMatch(/sync-loop goroutine/);
  });

  it('reports the second node\'s conf-master pod (same ordering, outcome not in the excerpt) as information only', () => {
    const other = race.find((f) => a.pods(f).includes('default/conf-master-sf-19cf6-0'));
    expect(other?.severity).toBe('info');
    // opensource-sf-dc750-2 had its initial result installed before its status was generated: no race.
    expect(race.some((f) => a.pods(f).includes('default/opensource-sf-dc750-2'))).toBe(false);
  });
});

describe('seed 003: container spec hash changed after the 1.7 → 1.9 kubelet swap', () => {
  const text = seedText('003');
  const a = seed('003');
  const hash = a.of('container-hash-changed');

  it('finds one error finding naming the hash pair and the kubelet start before it', () => {
    expect(hash).toHaveLength(1);
    expect(hash[0].severity).toBe('error');
    expect(hash[0].explanation).toContain('1559107639 vs 1428860573');
    expect(a.pods(hash[0])).toEqual(['monitoring/prometheus-node-exporter-l7vzz']);
    expect(a.lines(hash[0])).toEqual([lineOf(text, 'I0114 17:57:39.258527'), lineOf(text, 'I0114 17:57:42.715551')]);
  });

  it('offers the 1.7 → 1.9 upgrade scenario', () => {
    expect(hash[0].scenario).toBe('upgrade-hash-1.7-1.9');
  });
});

describe('seed 004: pod worker stuck terminating after containerd crashed', () => {
  const text = seedText('004');
  const a = seed('004');
  const stuck = a.of('pod-worker-stuck-terminating');

  it('finds the stuck worker with the orphan re-creation, the failed kill and the housekeeping complaint', () => {
    expect(stuck).toHaveLength(1);
    expect(stuck[0].severity).toBe('error');
    expect(stuck[0].scenario).toBe('sandbox-leak-terminating');
    expect(a.pods(stuck[0])).toEqual(['default/nginx-deployment-bd4476b48-fpgvc']);
    expect(a.lines(stuck[0])).toEqual(expect.arrayContaining([
      lineOf(text, '"Pod is orphaned and must be torn down"'),
      lineOf(text, '"StopContainer from runtime service failed"'),
      lineOf(text, '"Pod worker has been requested for removal but is still not fully terminated"'),
    ]));
    expect(stuck[0].explanation).toContain('connection closed');
    // Terminating from 2023-09-19 11:11:22 to the last line on 2023-11-24 05:49:00: more than 65 days.
    expect(stuck[0].explanation).toContain('65d');
  });

  it('names the sandbox the GC keeps: the ID PLEG reported dying after the killed container (the write-up\'s crictl inspectp)', () => {
    // Line 136: ContainerDied for cf8d3a590085…, which no line names as a container, after nginx (killed on line 102) had died.
    const line = lineOf(text, 'Data:cf8d3a590085cdadf382b354e6475e17501a56f7fe0996218831a2dd03109ab1}');
    expect(stuck[0].explanation).toContain(`keeps its sandbox (cf8d3a590085, stopped at 2023-09-19 11:11:21.519225, line ${line}; no line removes it)`);
    expect(a.lines(stuck[0])).toContain(line);
    expect(stuck[0].next).toContain('crictl inspectp cf8d3a590085');
    const sandbox = a.trace.containers.find((c) => c.id.startsWith('cf8d3a590085'))!;
    expect(sandbox.sandbox).toBe(true);
    expect(stuck[0].containers).toContain(sandbox.index);
  });

  it('also reports the runtime calls that failed while containerd was down, each call once with its callers\' lines', () => {
    // Lines 206–209: one ListPodSandbox failure (remote_runtime.go), logged again by kuberuntime_sandbox.go,
    // HandlePodCleanups ("Error listing containers") and housekeeping ("Failed cleaning pods"). Lines 229–230: one
    // StopContainer failure, logged again by the kill ("Container termination failed with gracePeriod").
    const calls = a.of('runtime-call-errors');
    expect(calls).toHaveLength(1);
    expect(calls[0].title).toBe('Container runtime calls failing (2 failed calls: ListPodSandbox, StopContainer)');
    expect(calls[0].explanation).toContain('ListPodSandbox ×1 (connection closed; first line 206; logged again by callers on lines 207, 208 and 209)');
    expect(calls[0].explanation).toContain('StopContainer ×1 (connection closed; first line 229; logged again by its caller on line 230)');
    expect(a.lines(calls[0])).toEqual([206, 207, 208, 209, 229, 230]);
    expect(calls[0].severity).toBe('error');
  });
});

describe('seeds 001 and 002 quote no kubelet log lines', () => {
  it('yield no findings (seed 002 is covered by a constructed excerpt, see constructed.test.ts)', () => {
    expect(seed('001').findings).toEqual([]);
    expect(seed('002').findings).toEqual([]);
  });
});
