/**
 * The transition tables at their edges: a pod rejected at admission never gets a worker state made up for it, an
 * impossible transition is an anomaly with its evidence (and the log still wins), and a removed container that the
 * kubelet still kills or PLEG reports started is an anomaly too — while the ordinary lines after a removal are not.
 * Logs constructed from the reference's message texts (§4).
 */
import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../helpers.ts';
import type { Trace } from '../../../src/model/trace.ts';

const UID = '7d1b2c3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const CPU = 'Node didn\'t have enough resource: cpu, requested: 8000, used: 1200, capacity: 4000';
const CID = 'aaaa1111222233334444555566667777888899990000aaaabbbbccccddddeeee';

/** The states of the pod's lane of `kind` (pod worker, container …), in order. */
function states(trace: Trace, laneKind: string, pod = 0): string[] {
  const lane = trace.pods[pod].lanes.map((l) => trace.lanes[l]).find((l) => l.kind === laneKind);
  if (!lane) return [];
  const out: string[] = [];
  for (let k = trace.laneSpanStart[lane.index]; k < trace.laneSpanStart[lane.index + 1]; k++) {
    out.push(trace.strings[trace.spans.state[trace.laneSpanIdx[k]]]);
  }
  return out;
}

function anomalies(trace: Trace): string[] {
  return trace.anomalies.map((a) => `line ${trace.events.line[a.event]} ${a.kind}: ${a.message}`);
}

describe('a pod rejected at admission', () => {
  it('1.23: the ADD\'s inferred sync becomes "rejected", no worker state is made up, DELETE and REMOVE change nothing', () => {
    const log = [
      `I0315 10:00:00.000000    2891 kubelet.go:2114] "SyncLoop ADD" source="api" pods=[default/big-0]`,
      `I0315 10:00:00.000100    2891 predicate.go:133] "Predicate failed on Pod" pod="default/big-0" err="${CPU}"`,
      `I0315 10:00:00.000200    2891 event.go:294] "Event occurred" object="default/big-0" kind="Pod" apiVersion="v1" type="Warning" reason="OutOfcpu" message="${CPU}"`,
      `I0315 10:00:00.000300    2891 status_manager.go:683] "Patch status for pod" pod="default/big-0" patch="{\\"metadata\\":{\\"uid\\":\\"${UID}\\"},\\"status\\":{\\"phase\\":\\"Failed\\",\\"reason\\":\\"OutOfcpu\\"}}"`,
      `I0315 10:00:30.000000    2891 kubelet.go:2130] "SyncLoop DELETE" source="api" pods=[default/big-0]`,
      `I0315 10:00:30.000100    2891 kubelet.go:2124] "SyncLoop REMOVE" source="api" pods=[default/big-0]`,
    ].join('\n');
    const trace = analyzeText(log, 'rejected.log', { year: 2024 });
    expect(trace.pods).toHaveLength(1);
    expect(states(trace, 'pod-worker')).toEqual(['rejected (at admission: no pod worker)']);
    const sp = trace.spans;
    const band = trace.laneSpanIdx[trace.laneSpanStart[trace.pods[0].lanes.find((l) => trace.lanes[l].kind === 'pod-worker')!]];
    // From the ADD (the pod was never anything else on this node), entered for the rejection's reason, not inferred.
    expect(sp.startUs[band]).toBe(trace.events.timeUs[0]);
    expect(trace.events.line[sp.startEvent[band]]).toBe(2);
    expect(sp.flags[band] & 1).toBe(0);
    expect(anomalies(trace)).toEqual([]);
  });

  it('1.12 (printf, the serializer table): the same with "Failed to admit pod"', () => {
    const pod = `big-0_default(${UID})`;
    const log = [
      `I0315 10:00:00.000000    2891 kubelet.go:1908] SyncLoop (ADD, "api"): "${pod}"`,
      `W0315 10:00:00.000100    2891 predicate.go:75] Failed to admit pod ${pod} - ${CPU}`,
      `I0315 10:00:30.000000    2891 kubelet.go:1924] SyncLoop (DELETE, "api"): "${pod}"`,
    ].join('\n');
    const trace = analyzeText(log, 'rejected-112.log', { year: 2019 });
    expect(states(trace, 'pod-worker')).toEqual(['rejected (at admission: no pod worker)']);
    expect(trace.pods[0].admission.result).toBe('rejected');
    expect(anomalies(trace)).toEqual([]);
  });

  it('a rejection after the log stated the worker was syncing contradicts it: an anomaly, and rejected from then on', () => {
    const log = [
      `I0315 10:00:00.000000    2891 kubelet.go:2114] "SyncLoop ADD" source="api" pods=[default/big-0]`,
      `I0315 10:00:00.000050    2891 pod_workers.go:571] "Pod is being synced for the first time" pod="default/big-0" podUID=${UID}`,
      `I0315 10:00:00.000100    2891 predicate.go:149] "Failed to admit pod" pod="default/big-0" message="${CPU}"`,
    ].join('\n');
    const trace = analyzeText(log, 'contradiction.log', { year: 2024 });
    expect(states(trace, 'pod-worker')).toEqual(['sync', 'rejected (at admission: no pod worker)']);
    expect(anomalies(trace)).toEqual([
      'line 3 illegal-transition: pod-worker: "admit.rejected" contradicts state sync, which the log stated (entered at line 1 of contradiction.log)',
    ]);
  });
});

describe('impossible transitions', () => {
  it('are recorded as anomalies with their event, never thrown, and the log\'s word is taken', () => {
    // "complete" straight from sync: the worker must have terminated first (§2.2).
    const log = [
      `I0315 10:00:00.000000    2891 pod_workers.go:571] "Pod is being synced for the first time" pod="default/api-0" podUID=${UID}`,
      `I0315 10:00:01.000000    2891 pod_workers.go:1040] "Pod is complete and the worker can now stop" pod="default/api-0" podUID=${UID}`,
    ].join('\n');
    const trace = analyzeText(log, 'impossible.log', { year: 2024 });
    expect(states(trace, 'pod-worker')).toEqual(['sync', 'finished']);
    expect(anomalies(trace)).toEqual(['line 2 illegal-transition: pod-worker: "pw.complete" is not expected in state sync']);
    const sp = trace.spans;
    const lane = trace.pods[0].lanes.find((l) => trace.lanes[l].kind === 'pod-worker')!;
    const finished = trace.laneSpanIdx[trace.laneSpanStart[lane] + 1];
    // The band entered by the impossible transition is marked anomalous (SpanFlag.Anomalous).
    expect(sp.flags[finished] & 4).toBe(4);
  });
});

describe('events after a container was removed', () => {
  const head = [
    `I0315 10:00:00.000000    2891 kubelet.go:2152] "SyncLoop (PLEG): event for pod" pod="default/api-0" event=&{ID:${UID} Type:ContainerStarted Data:${CID}}`,
    `I0315 10:00:01.000000    2891 kuberuntime_container.go:723] "Killing container with a grace period" pod="default/api-0" podUID=${UID} containerName="api" containerID="containerd://${CID}" gracePeriod=30`,
    `I0315 10:00:02.000000    2891 kuberuntime_container.go:732] "Container exited normally" pod="default/api-0" podUID=${UID} containerName="api" containerID="containerd://${CID}"`,
    `I0315 10:00:03.000000    2891 kuberuntime_container.go:947] "Removing container" containerID="${CID}"`,
  ];

  it('a kill and a ContainerStarted after "Removing container" are anomalies naming the removal; the band stays ended', () => {
    const log = [
      ...head,
      `I0315 10:00:04.000000    2891 kuberuntime_container.go:723] "Killing container with a grace period" pod="default/api-0" podUID=${UID} containerName="api" containerID="containerd://${CID}" gracePeriod=1`,
      `I0315 10:00:05.000000    2891 kubelet.go:2152] "SyncLoop (PLEG): event for pod" pod="default/api-0" event=&{ID:${UID} Type:ContainerStarted Data:${CID}}`,
    ].join('\n');
    const trace = analyzeText(log, 'removed.log', { year: 2024 });
    expect(states(trace, 'container')).toEqual(['running', 'killing grace 30s', 'exited']);
    expect(anomalies(trace)).toEqual([
      'line 5 event-after-removal: container: kill sent to a container that had already been removed (the kubelet acted on stale state); removed at line 4 of removed.log',
      'line 6 event-after-removal: container: a container reported started after it had been removed; removed at line 4 of removed.log',
    ]);
    // The late lines are still the container's events.
    const c = trace.containers.findIndex((x) => x.id === CID);
    expect([4, 5].map((e) => trace.events.container[e])).toEqual([c, c]);
  });

  it('a second line about the same removal and PLEG\'s ContainerRemoved are not anomalies', () => {
    const log = [
      ...head,
      `I0315 10:00:03.000100    2891 scope.go:110] "RemoveContainer" containerID="${CID}"`,
      `I0315 10:00:04.000000    2891 kubelet.go:2152] "SyncLoop (PLEG): event for pod" pod="default/api-0" event=&{ID:${UID} Type:ContainerRemoved Data:${CID}}`,
    ].join('\n');
    const trace = analyzeText(log, 'removed-ok.log', { year: 2024 });
    expect(anomalies(trace)).toEqual([]);
  });
});

describe('lines that race each other', () => {
  it('1.11 (the serializer table): the status manager\'s "fully terminated and removed" logged after the REMOVE it caused is no anomaly', () => {
    const pod = `web-0_default(${UID})`;
    const log = [
      `I0530 10:50:20.799525    1747 kubelet.go:1816] SyncLoop (DELETE, "api"): "${pod}"`,
      `I0530 10:50:20.806840    1747 kubelet.go:1810] SyncLoop (REMOVE, "api"): "${pod}"`,
      `I0530 10:50:20.809721    1747 status_manager.go:494] Pod "${pod}" fully terminated and removed from etcd`,
    ].join('\n');
    const trace = analyzeText(log, 'removed-111.log', { year: 2018 });
    expect(anomalies(trace)).toEqual([]);
    expect(states(trace, 'pod-worker').at(-1)).toBe('removed');
  });
});

describe('a deletion the log shows only at its end (1.26 at --v=4, from a real issue\'s excerpt)', () => {
  const U = '260a65aa-c6f3-442f-ae35-f792e5deb396';
  const kill = `I0607 08:59:37.862528    1455 kubelet.go:2054] "Pod has been deleted and must be killed" pod="default/ubuntu-sleep-2" podUID=${U}`;
  const finished = `I0607 08:59:37.862544    1455 pod_workers.go:625] "Pod is finished processing, no further updates" pod="default/ubuntu-sleep-2" podUID=${U}`;
  const forgotten = `I0607 08:59:39.846698    1455 pod_workers.go:1272] "Pod has been terminated and is no longer known to the kubelet, remove all history" podUID=${U}`;

  it('the kill request as first line makes up no state; "finished processing" then says the worker had finished', () => {
    const trace = analyzeText([kill, finished, forgotten].join('\n'), 'k126.log', { year: 2023 });
    expect(states(trace, 'pod-worker')).toEqual(['finished', 'forgotten']);
    expect(anomalies(trace)).toEqual([]);
  });

  it('after a stated "terminating", the worker\'s own word that it finished is taken (inferred), not an anomaly', () => {
    const observed = `I0607 08:59:30.000000    1455 pod_workers.go:900] "Pod worker has observed request to terminate" pod="default/ubuntu-sleep-2" podUID=${U}`;
    const trace = analyzeText([observed, kill, finished, forgotten].join('\n'), 'k126b.log', { year: 2023 });
    expect(states(trace, 'pod-worker')).toEqual(['terminating', 'finished', 'forgotten']);
    expect(anomalies(trace)).toEqual([]);
  });
});

describe('a pod the eviction manager evicted', () => {
  it('1.23: "pod is evicted successfully" ends its worker terminated; 1.12 (the serializer): completed', () => {
    const structured = [
      `I0315 10:00:00.000000    2891 kubelet.go:2114] "SyncLoop ADD" source="api" pods=[default/web-0]`,
      `I0315 10:05:00.000000    2891 eviction_manager.go:368] "Eviction manager: pods ranked for eviction" pods=[default/web-0]`,
      `I0315 10:05:04.300000    2891 eviction_manager.go:592] "Eviction manager: pod is evicted successfully" pod="default/web-0"`,
    ].join('\n');
    const trace = analyzeText(structured, 'evicted.log', { year: 2024 });
    expect(states(trace, 'pod-worker')).toEqual(['sync', 'terminated (evicted: phase Failed, reason Evicted)']);
    expect(anomalies(trace)).toEqual([]);
    const pod = `web-0_default(${UID})`;
    const printf = [
      `I0315 10:00:00.000000    2891 kubelet.go:1908] SyncLoop (ADD, "api"): "${pod}"`,
      `I0315 10:05:04.300000    2891 eviction_manager.go:187] eviction manager: pod ${pod} evicted successfully`,
    ].join('\n');
    const old = analyzeText(printf, 'evicted-112.log', { year: 2019 });
    expect(states(old, 'pod-worker')).toEqual(['syncing', 'completed (evicted: phase Failed, reason Evicted)']);
  });
});
