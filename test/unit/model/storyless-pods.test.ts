/**
 * A pod that no state machine learns anything about (a node-wide line names it, as an eviction's ranking does) has
 * no "unknown" pod-worker band drawn for it: the log says nothing of its worker. Its dump lists its lines instead.
 */
import { describe, expect, it } from 'vitest';
import { dumpTrace } from '../../../src/model/dump.ts';
import { analyzeText } from '../../helpers.ts';

const RANKED = 'I0528 16:05:50.514706    1234 eviction_manager.go:366] "Eviction manager: pods ranked for eviction" pods=["sre/a-1","sre/b-2"]';
const EVICTED = 'I0528 16:05:54.802914    1234 eviction_manager.go:627] "Eviction manager: pod is evicted successfully" pod="sre/a-1"';
const SYNCED = 'I0528 16:05:55.000001    1234 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["sre/c-3"]';

describe('pods without a story', () => {
  it('get no pod-worker band, and their dump lists their lines', () => {
    const trace = analyzeText([RANKED, EVICTED, SYNCED].join('\n'));
    const worker = trace.lanes.filter((l) => l.kind === 'pod-worker');
    const spansOf = (lane: number) => trace.laneSpanStart[lane + 1] - trace.laneSpanStart[lane];
    const byPod = Object.fromEntries(worker.map((l) => [trace.pods[l.pod].name, spansOf(l.index)]));
    // b-2's worker is not known; the added pod's is (syncing, inferred from the ADD), and the evicted one's ends
    // terminated (unknown from its ranking until then).
    expect(byPod).toEqual({ 'a-1': 2, 'b-2': 0, 'c-3': 1 });
    const dump = dumpTrace(trace);
    expect(dump).toContain([
      'pod sre/b-2 node=(unnamed) events=1',
      '  no state changes in the log; its lines:',
      '    16:05:50.514706 @1 [eviction manager] Eviction manager: pods ranked for eviction',
    ].join('\n'));
    expect(dump).toContain('pod sre/c-3 node=(unnamed) events=1\n  pod worker:\n');
  });
});
