/**
 * Golden readable dumps for the log excerpts inside the five seed write-ups (../shared/seeds), plus the specific
 * facts each write-up depends on.
 */
import { describe, expect, it } from 'vitest';
import { dumpTrace } from '../../../src/model/dump.ts';
import { KINDS } from '../../../src/catalog/catalog.ts';
import { podEvents } from '../../../src/model/trace-query.ts';
import { analyzeText, seedText } from '../../helpers.ts';

const SEEDS = ['000', '001', '002', '003', '004'];

describe('seed excerpts', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed} matches its golden dump`, async () => {
      const trace = analyzeText(seedText(seed), `seed-${seed}.txt`);
      await expect(dumpTrace(trace, { events: true })).toMatchFileSnapshot(`../../golden/seed-${seed}.txt`);
    });
  }

  it('seed 004: the pod worker goes sync → terminating → terminated → finished → re-created → stuck terminating', () => {
    const trace = analyzeText(seedText('004'), 'seed-004.txt');
    const pod = trace.pods.find((p) => p.uid === '95d6b80b-77f5-4218-824e-69eec4998c22')!;
    expect(pod).toBeDefined();
    const worker = pod.lanes.map((l) => trace.lanes[l]).find((l) => l.kind === 'pod-worker')!;
    const states: string[] = [];
    for (let k = trace.laneSpanStart[worker.index]; k < trace.laneSpanStart[worker.index + 1]; k++) {
      states.push(trace.strings[trace.spans.state[trace.laneSpanIdx[k]]]);
    }
    // The write-up quotes September's lines, then one line from November: the two months between are not in the log.
    expect(states).toEqual(['sync', 'terminating', 'terminated', 'finished', 'forgotten', 'sync (new worker for the same UID)', 'terminating',
      'not in the log', 'terminating']);
    expect(trace.gaps).toHaveLength(1);
    expect(trace.gaps[0].endUs - trace.gaps[0].startUs).toBeGreaterThan(60 * 86400e6);
    // Still terminating two months later, when housekeeping keeps saying so.
    const last = trace.laneSpanIdx[trace.laneSpanStart[worker.index + 1] - 1];
    expect(trace.spans.endUs[last]).toBe(trace.endUs);
    const stuck = podEvents(trace, pod.index).filter((e) => KINDS[trace.events.kind[e]] === 'pw.removal-not-terminated');
    expect(stuck.length).toBeGreaterThan(0);
    // pod_workers.go:888 and kuberuntime_container.go:723 are the 1.23.13 lines of those messages (§5.2).
    expect(trace.sources[0].versionRange.label).toBe('1.23');
  });

  it('seed 000: "Generating status" of the restarted container precedes its probe worker\'s initial result', () => {
    const trace = analyzeText(seedText('000'), 'seed-000.txt');
    const pod = trace.pods.find((p) => p.name === 'auto-srv-cwhttp-sf-30b71-0')!;
    const evs = podEvents(trace, pod.index);
    const kinds = evs.map((e) => KINDS[trace.events.kind[e]]);
    const gen = kinds.indexOf('sync.generating-status');
    const init = kinds.indexOf('probe.initial-result');
    expect(gen).toBeGreaterThanOrEqual(0);
    expect(init).toBeGreaterThan(gen);
    // The two run on different goroutines: the pod worker and the sync loop (probeManager.AddPod).
    expect(trace.lanes[trace.events.lane[evs[gen]]].kind).toBe('pod-worker');
    expect(trace.lanes[trace.events.lane[evs[init]]].kind).toBe('sync-loop');
    // Then the status manager patches ready:false, and the container is killed.
    const patch = kinds.indexOf('status.patch');
    expect(patch).toBeGreaterThan(init);
    expect(trace.strings[trace.events.text[evs[patch]]]).toContain('ready=false');
    expect(kinds.indexOf('runtime.kill')).toBeGreaterThan(patch);
    expect(trace.sources[0].year).toEqual({ value: 2020, how: 'message' });
    expect(trace.sources[0].versionRange.label).toBe('1.12');
    // All 48 pods of the bulk SyncLoop ADD are known pods (two more come from the other node's lines the write-up quotes).
    const add = evs.find((e) => KINDS[trace.events.kind[e]] === 'syncloop.add')!;
    expect(trace.multiPod[add]).toHaveLength(48);
    expect(trace.pods.length).toBe(50);
  });

  it('seed 003: the 1.9 hash-changed kill reason is attached to the container', () => {
    const trace = analyzeText(seedText('003'), 'seed-003.txt');
    const c = trace.containers.find((x) => x.killReason.includes('Container spec hash changed'));
    expect(c?.name).toBe('prometheus-node-exporter');
    expect(trace.sources[0].versionRange.label).toContain('1.7–1.9');
    // The kubelet was restarted (upgraded to 1.9.11) in the middle of the excerpt, then twice more on 01-18 for the
    // hash experiments: each start shows as a pid change.
    expect(trace.nodes[0].starts.map((e) => trace.events.pid[e])).toEqual([12945, 18645, 19753]);
  });
});
