/** Node-level state: the sync loop's runtime gate and the node Ready condition (kubelet-reference §1.1, §3.8). */
import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../helpers.ts';

// Constructed from the reference's exact message texts (seed 002 has no log lines of its own).
const RUNTIME_DOWN = `I0315 10:00:00.100000    2891 kubelet.go:2028] "Starting kubelet main sync loop"
I0315 10:00:00.200000    2891 kubelet.go:2114] "SyncLoop ADD" source="api" pods=[default/web-0]
E0315 10:00:35.000000    2891 kubelet.go:2052] "Skipping pod synchronization" err="container runtime is down"
E0315 10:00:40.000000    2891 kubelet.go:2052] "Skipping pod synchronization" err="container runtime is down"
I0315 10:00:41.000000    2891 setters.go:578] "Node became not ready" node="node-1" condition={Type:Ready Status:False LastHeartbeatTime:2024-03-15 10:00:41 +0000 UTC LastTransitionTime:2024-03-15 10:00:41 +0000 UTC Reason:KubeletNotReady Message:container runtime is down}
I0315 10:01:30.000000    2891 kubelet.go:2152] "SyncLoop (PLEG): event for pod" pod="default/web-0" event=&{ID:5f1c6a3e-1111-4222-8333-944455556666 Type:ContainerStarted Data:3a9b}
`;

describe('node-level state', () => {
  it('closes the runtime gate on "Skipping pod synchronization" and reopens it when the sync loop works again', () => {
    const trace = analyzeText(RUNTIME_DOWN, 'runtime-down.log', { year: 2024 });
    const syncLoop = trace.lanes.find((l) => l.kind === 'sync-loop' && l.pod < 0)!;
    const states: string[] = [];
    for (let k = trace.laneSpanStart[syncLoop.index]; k < trace.laneSpanStart[syncLoop.index + 1]; k++) {
      states.push(trace.strings[trace.spans.state[trace.laneSpanIdx[k]]]);
    }
    expect(states).toEqual(['running', 'skipping pod sync (container runtime is down)', 'running']);
  });

  it('records the node Ready condition turning False with its message', () => {
    const trace = analyzeText(RUNTIME_DOWN, 'runtime-down.log', { year: 2024 });
    const ns = trace.lanes.find((l) => l.kind === 'node-status')!;
    const k = trace.laneSpanStart[ns.index];
    expect(trace.laneSpanStart[ns.index + 1] - k).toBe(1);
    expect(trace.strings[trace.spans.state[trace.laneSpanIdx[k]]]).toBe('NotReady (container runtime is down)');
  });
});
