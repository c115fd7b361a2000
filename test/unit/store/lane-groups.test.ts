/** The lanes drawn for each pod (store/lane-groups.ts): a lane with neither a line nor a state band is left out. */
import { describe, expect, it } from 'vitest';
import { buildLaneGroups } from '../../../src/store/lane-groups.ts';
import { analyzeText } from '../../helpers.ts';

const RANKED = 'I0528 16:05:50.514706    1234 eviction_manager.go:366] "Eviction manager: pods ranked for eviction" pods=["sre/a-1","sre/b-2"]';
const SYNCED = 'I0528 16:05:55.000001    1234 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["sre/c-3"]';

describe('lanes drawn for a pod', () => {
  it('leave out a lane with neither a line nor a state band (the pod worker of a pod an eviction only ranked)', () => {
    const trace = analyzeText([RANKED, SYNCED].join('\n'));
    const groups = buildLaneGroups(trace);
    const kindsOf = (name: string) => groups.pods.find((g) => trace.pods[g.pod].name === name)!.lanes.map((l) => trace.lanes[l].kind);
    expect(kindsOf('b-2')).toEqual([]);
    expect(kindsOf('c-3')).toEqual(['pod-worker']);
  });
});
