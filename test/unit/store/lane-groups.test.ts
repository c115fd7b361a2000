/**
 * The lanes drawn for each pod (store/lane-groups.ts): a lane with neither a line nor a state band is left out; a pod
 * left with none keeps its header row (render/row-layout.ts).
 */
import { describe, expect, it } from 'vitest';
import { layoutRows } from '../../../src/render/row-layout.ts';
import { assignSubRows, buildLaneGroups, sortPods } from '../../../src/store/lane-groups.ts';
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

describe('rows of a pod without lanes', () => {
  it('keep its header row, unless a lane filter is set', () => {
    const trace = analyzeText([RANKED, SYNCED].join('\n'));
    const filter = (laneKinds: string[]) => ({
      laneKinds, containers: [], pods: [], namespaces: [], eventsFiltered: false, narrowsPods: false,
      podVisible: new Uint32Array(trace.pods.length), laneVisible: new Uint32Array(trace.lanes.length),
    });
    const shown = (laneKinds: string[]) => layoutRows({ trace, groups: buildLaneGroups(trace), podOrder: sortPods(trace, 'name'), collapsed: {},
      filter: filter(laneKinds), subRows: assignSubRows(trace) }).shownPods.map((p) => trace.pods[p].name);
    expect(shown([])).toEqual(['a-1', 'b-2', 'c-3']);
    expect(shown(['pod-worker'])).toEqual(['c-3']);
  });
});
