/** Container instance states beyond running/exited: waiting for an image, CrashLoopBackOff growth. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../helpers.ts';
import { SpanFlag, type Trace } from '../../../src/model/trace.ts';
import { KINDS } from '../../../src/catalog/catalog.ts';

const UID = '7d1b2c3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const REF = `pod="default/api-0" podUID=${UID}`;

// Constructed from the reference's 1.23 message texts (§4.6, M108b).
const CRASHLOOP = [
  `I0315 10:00:00.000000    2891 kubelet.go:2114] "SyncLoop ADD" source="api" pods=[default/api-0]`,
  `I0315 10:00:01.000000    2891 kubelet.go:2152] "SyncLoop (PLEG): event for pod" pod="default/api-0" event=&{ID:${UID} Type:ContainerStarted Data:aaaa11112222}`,
  `I0315 10:00:02.000000    2891 generic.go:296] "Generic (PLEG): container finished" podID=${UID} containerID="aaaa11112222" exitCode=1`,
  `I0315 10:00:02.100000    2891 kubelet.go:2152] "SyncLoop (PLEG): event for pod" pod="default/api-0" event=&{ID:${UID} Type:ContainerDied Data:aaaa11112222}`,
  `I0315 10:00:02.200000    2891 kuberuntime_manager.go:981] "Back-off restarting failed container" err="back-off 10s restarting failed container=api pod=api-0_default(${UID})" ${REF} containerName="api"`,
  `I0315 10:00:13.000000    2891 kubelet.go:2152] "SyncLoop (PLEG): event for pod" pod="default/api-0" event=&{ID:${UID} Type:ContainerStarted Data:bbbb33334444}`,
  `I0315 10:00:14.000000    2891 generic.go:296] "Generic (PLEG): container finished" podID=${UID} containerID="bbbb33334444" exitCode=1`,
  `I0315 10:00:14.200000    2891 kuberuntime_manager.go:981] "Back-off restarting failed container" err="back-off 20s restarting failed container=api pod=api-0_default(${UID})" ${REF} containerName="api"`,
].join('\n');

function containerBands(trace: Trace): [string, string][] {
  const out: [string, string][] = [];
  const sp = trace.spans;
  for (let s = 0; s < sp.count; s++) {
    const c = sp.container[s];
    if (c >= 0 && !trace.containers[c].sandbox) out.push([trace.containers[c].id.slice(0, 4), trace.strings[sp.state[s]]]);
  }
  return out;
}

describe('container states', () => {
  it('shows CrashLoopBackOff as an exited instance waiting out a growing back-off', () => {
    const trace = analyzeText(CRASHLOOP, 'crashloop.log', { year: 2024 });
    const bands = containerBands(trace);
    expect(bands).toContainEqual(['aaaa', 'exited (exit 1)']);
    expect(bands).toContainEqual(['aaaa', 'exited (back-off 10s)']);
    expect(bands).toContainEqual(['bbbb', 'exited (back-off 20s)']);
    // The second instance replaced the first: the first one's band ends when the second starts.
    const first = trace.containers.find((c) => c.id.startsWith('aaaa'))!;
    const second = trace.containers.find((c) => c.id.startsWith('bbbb'))!;
    expect(first.name).toBe('api');
    expect(second.lane).toBe(first.lane);
  });

  it('shows a container that cannot pull its image as waiting, before any container ID exists', () => {
    const log = [
      `I0315 10:00:00.000000    2891 kubelet.go:2114] "SyncLoop ADD" source="api" pods=[default/api-0]`,
      `I0315 10:00:03.000000    2891 event.go:294] "Event occurred" object="default/api-0" fieldPath="spec.containers{api}" kind="Pod" apiVersion="v1" type="Warning" reason="Failed" message="Failed to pull image \\"nope:1\\": not found"`,
      `I0315 10:00:03.100000    2891 event.go:294] "Event occurred" object="default/api-0" fieldPath="spec.containers{api}" kind="Pod" apiVersion="v1" type="Warning" reason="ErrImagePull" message="Error: ErrImagePull"`,
      `I0315 10:00:05.000000    2891 event.go:294] "Event occurred" object="default/api-0" fieldPath="spec.containers{api}" kind="Pod" apiVersion="v1" type="Normal" reason="BackOff" message="Back-off pulling image \\"nope:1\\""`,
      `I0315 10:00:06.000000    2891 event.go:294] "Event occurred" object="default/api-0" fieldPath="spec.containers{api}" kind="Pod" apiVersion="v1" type="Warning" reason="ImagePullBackOff" message="Error: ImagePullBackOff"`,
    ].join('\n');
    const trace = analyzeText(log, 'pull.log', { year: 2024 });
    const api = trace.containers.filter((c) => c.name === 'api');
    expect(api).toHaveLength(1);
    expect(api[0].id).toBe('');
    const labels = containerBands(trace).map(([, l]) => l);
    expect(labels).toContain('waiting (ErrImagePull)');
    expect(labels).toContain('waiting (ImagePullBackOff)');
  });
});

describe('restarts named only by "Creating container"', () => {
  it('starts a new instance for each create after an exit, with no anomalies', () => {
    const lines: string[] = [`I0315 10:00:00.000000    2891 kubelet.go:2114] "SyncLoop ADD" source="api" pods=[default/api-0]`];
    for (let k = 0; k < 3; k++) {
      const s = 10 + k * 20;
      const id = `${k}${k}${k}${k}aaaabbbbcccc`;
      lines.push(
        `I0315 10:00:${s}.000000    2891 kuberuntime_manager.go:903] "Creating container in pod" containerType="container" container="&Container{Name:api,Image:app:1,}" ${REF}`,
        `I0315 10:00:${s + 1}.000000    2891 kubelet.go:2152] "SyncLoop (PLEG): event for pod" pod="default/api-0" event=&{ID:${UID} Type:ContainerStarted Data:${id}}`,
        `I0315 10:00:${s + 2}.000000    2891 generic.go:296] "Generic (PLEG): container finished" podID=${UID} containerID="${id}" exitCode=1`,
      );
    }
    const trace = analyzeText(lines.join('\n'), 'restarts.log', { year: 2024 });
    expect(trace.anomalies).toEqual([]);
    const api = trace.containers.filter((c) => c.name === 'api');
    expect(api.map((c) => c.id.slice(0, 4))).toEqual(['0000', '1111', '2222']);
    expect(containerBands(trace).filter(([id]) => id === '1111').map(([, l]) => l)).toEqual(['created', 'running', 'exited (exit 1)']);
  });
});

describe('restarts named only by computePodActions\' kill decision', () => {
  // The 1.28 lines of a liveness restart at -v=2 (AKS, test/fixtures/findings/liveness-restart-1.log): the new
  // instance's ID appears only in PLEG's ContainerStarted, a second after the killed one's ContainerDied.
  const decision = (name: string, id: string, t: string) =>
    `I0315 10:00:${t}    2891 kuberuntime_manager.go:1027] "Message for Container of pod" containerName="${name}" containerStatusID={"Type":"containerd","ID":"${id}"} ${REF} containerMessage="Container ${name} failed liveness probe, will be restarted"`;
  const pleg = (type: string, id: string, t: string) =>
    `I0315 10:00:${t}    2891 kubelet.go:2439] "SyncLoop (PLEG): event for pod" pod="default/api-0" event={"ID":"${UID}","Type":"${type}","Data":"${id}"}`;
  const head = `I0315 10:00:00.000000    2891 kubelet.go:2407] "SyncLoop ADD" source="api" pods=["default/api-0"]`;

  it('names the ID that starts within a few relists of the killed instance\'s exit', () => {
    const trace = analyzeText([head, decision('api', 'aaaa11112222', '10.000000'), pleg('ContainerDied', 'aaaa11112222', '40.100000'),
      pleg('ContainerStarted', 'bbbb33334444', '41.100000')].join('\n'), 'restart.log', { year: 2024 });
    expect(trace.containers.filter((c) => !c.sandbox).map((c) => [c.id.slice(0, 4), c.name])).toEqual([['aaaa', 'api'], ['bbbb', 'api']]);
  });

  it('leaves it unnamed when two containers restart at once, or the start comes long after the exit', () => {
    const two = analyzeText([head, decision('api', 'aaaa11112222', '10.000000'), decision('side', 'cccc11112222', '10.100000'),
      pleg('ContainerDied', 'aaaa11112222', '40.100000'), pleg('ContainerStarted', 'bbbb33334444', '41.100000')].join('\n'), 'two.log', { year: 2024 });
    expect(two.containers.find((c) => c.id.startsWith('bbbb'))?.name).not.toBe('api');
    const late = analyzeText([head, decision('api', 'aaaa11112222', '10.000000'), pleg('ContainerDied', 'aaaa11112222', '20.100000'),
      pleg('ContainerStarted', 'bbbb33334444', '50.100000')].join('\n'), 'late.log', { year: 2024 });
    expect(late.containers.find((c) => c.id.startsWith('bbbb'))?.name).not.toBe('api');
  });

  it('a container whose only news is PLEG finding it gone shows that end, once, at the first line that says so (kubernetes/kubernetes#88440)', () => {
    // https://github.com/kubernetes/kubernetes/pull/88440 — a killed pod's container vanished: "unknown -> non-existent", then ContainerDied.
    const text = readFileSync(new URL('../../fixtures/logs/pleg-container-gone.md', import.meta.url), 'utf8');
    const trace = analyzeText(text, 'pr.md', { year: 2020 });
    expect(containerBands(trace)).toEqual([['5c3f', 'removed (PLEG: no longer in the runtime)']]);
    const c = trace.containers.find((x) => x.id.startsWith('5c3f'))!;
    // Removed at line 3; the later ContainerDied (line 6) does not move it.
    expect(new Date(c.removedUs / 1000).toISOString()).toBe('2020-02-26T01:57:59.440Z');
  });

  it('before 1.22 a sandbox decision is SyncPod at work: the serializer syncs; from 1.27 the check runs in any phase and proves nothing', () => {
    // kubernetes/kubernetes#56996's one line (1.8): the pod's only line asks for a new sandbox.
    const old = analyzeText(`I1211 11:42:07.972324    9486 kuberuntime_manager.go:384] No ready sandbox for pod "etcd-0_admin(${UID})" can be found. Need to start a new one`, 'k.log', { year: 2017 });
    const workerBands = (t: Trace) => [...Array(t.spans.count).keys()].filter((s) => t.lanes[t.spans.lane[s]].kind === 'pod-worker');
    const band = (t: Trace) => workerBands(t).map((s) => t.strings[t.spans.state[s]]);
    expect(band(old)).toEqual(['syncing']);
    // A 1.29 pod terminating when util.go's check logs the same decision stays terminating, and only inferred so.
    const late = analyzeText([
      'I0316 04:31:23.611176     202 kubelet.go:2490] "SyncLoop DELETE" source="api" pods=["ns/lws-1"]',
      'I0316 04:33:14.647169     202 util.go:48] "No ready sandbox for pod can be found. Need to start a new one" pod="ns/lws-1"',
    ].join('\n'), 'k.log', { year: 2024 });
    expect(band(late).at(-1)).toBe('terminating');
    expect(late.spans.flags[workerBands(late).at(-1)!] & SpanFlag.Inferred).toBe(SpanFlag.Inferred);
  });

  it('before 1.22 computePodActions is SyncPod at work, and "has completed, ignoring remaining sync work" ends the syncing: the pod completed (kubernetes/kubernetes#92613)', () => {
    // https://github.com/kubernetes/kubernetes/issues/92613 — a finished OnFailure pod whose sandbox is stopped; the poster's `#` comment inside.
    const text = readFileSync(new URL('../../fixtures/logs/completed-pod-journal-comment.md', import.meta.url), 'utf8');
    const trace = analyzeText(text, 'issue.md', { year: 2020 });
    const worker = [...Array(trace.spans.count).keys()].filter((s) => trace.lanes[trace.spans.lane[s]].kind === 'pod-worker');
    expect(worker.map((s) => [trace.events.line[trace.spans.startEvent[s]], trace.strings[trace.spans.state[s]]])).toEqual([
      [2, 'syncing'], [7, 'completed (phase Succeeded or Failed: no more syncs)'],
    ]);
  });

  it('"Pod termination stopped all running containers" ends the termination and "Post-termination container state" the containers; a teardown after it is an anomaly (kubernetes/kubernetes#107730)', () => {
    // https://github.com/kubernetes/kubernetes/issues/107730 — after syncTerminatingPod finished, housekeeping re-created the worker.
    const text = readFileSync(new URL('../../fixtures/logs/terminated-then-orphaned.md', import.meta.url), 'utf8');
    const trace = analyzeText(text, 'issue.md');
    const worker = [...Array(trace.spans.count).keys()].filter((k) => trace.lanes[trace.spans.lane[k]].kind === 'pod-worker');
    expect(worker.map((k) => [trace.events.line[trace.spans.startEvent[k]], trace.strings[trace.spans.state[k]]])).toEqual([
      [2, 'terminating'], [4, 'terminated'], [7, 'terminating'],
    ]);
    expect(trace.anomalies.map((a) => a.message)).toEqual(['pod-worker: housekeeping tore down again a pod whose worker had already terminated (the worker\'s termination state was lost)']);
    expect(containerBands(trace)).toEqual([['1330', 'running'], ['1330', 'killing grace 30s'], ['1330', 'exited (exit 0)']]);
  });

  it('a pod seen only as "Cleaned up orphaned pod volumes dir" has no pod worker left; the device unmounts are known lines (kubernetes/kubernetes#105323)', () => {
    // https://github.com/kubernetes/kubernetes/issues/105323 — static CephFS PVs on one node: UnmountDevice starts, NodeUnstage never follows.
    const text = readFileSync(new URL('../../fixtures/logs/orphan-volumes-dir-cleaned.md', import.meta.url), 'utf8');
    const trace = analyzeText(text, 'issue.md', { year: 2021 });
    const worker = [...Array(trace.spans.count).keys()].filter((k) => trace.lanes[trace.spans.lane[k]].kind === 'pod-worker');
    expect(worker.map((k) => [trace.events.line[trace.spans.startEvent[k]], trace.strings[trace.spans.state[k]]])).toEqual([
      [3, 'forgotten (its volumes directory cleaned up as an orphan\'s: no pod worker has it)'],
    ]);
    const kinds = [...Array(trace.events.count).keys()].map((e) => KINDS[trace.events.kind[e]]);
    expect(kinds).toEqual(['volume.unmount-device-started', 'housekeeping.orphan-volumes', 'volume.unmount-device-started']);
  });
});
