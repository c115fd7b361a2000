/**
 * One pod, many spellings (kubelet-reference §5.1): uid only, ns/name only, name_namespace(uid), JSON objects — merged
 * as soon as a line ties a name to a uid, in whichever order the forms come; two pods of one name (a StatefulSet pod
 * re-created) kept apart; a static pod and its mirror pod kept apart and linked as twins. Logs constructed from the
 * reference's message texts; expectations written out by hand.
 */
import { describe, expect, it } from 'vitest';
import { analyzeSources } from '../../../src/model/analyze.ts';
import { KINDS } from '../../../src/catalog/catalog.ts';
import { MACHINE_IDS, type Trace } from '../../../src/model/trace.ts';

const UID = '7d1b2c3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const UID2 = '0a1b2c3d-0000-4000-8000-000000000002';
const CID = 'aaaa1111222233334444555566667777888899990000aaaabbbbccccddddeeee';

function analyze(...files: [string, string][]): Trace {
  return analyzeSources(files.map(([name, data]) => ({ name, data })), { defaultYear: 2024, yearFromCaller: true });
}

/** Each pod as `ns/name uid kind`, and per pod the kinds of its events in time order. */
function pods(trace: Trace): { pod: string; kinds: string[] }[] {
  return trace.pods.map((p) => {
    const kinds: string[] = [];
    for (let e = 0; e < trace.events.count; e++) {
      const multi = trace.multiPod[e];
      if (trace.events.pod[e] === p.index || multi?.includes(p.index)) kinds.push(KINDS[trace.events.kind[e]]);
    }
    return { pod: `${p.namespace}/${p.name} ${p.uid || '-'} ${p.kind}`, kinds };
  });
}

describe('one pod named in every form', () => {
  it('structured: ns/name first, then uid only, then both (a uid-only line between is the same pod)', () => {
    const log = [
      'I0315 10:00:00.000000    2891 kubelet.go:2114] "SyncLoop ADD" source="api" pods=[default/web-0]',
      `I0315 10:00:01.000000    2891 generic.go:296] "Generic (PLEG): container finished" podID=${UID} containerID="${CID}" exitCode=0`,
      `I0315 10:00:02.000000    2891 kuberuntime_container.go:723] "Killing container with a grace period" pod="default/web-0" podUID=${UID} containerName="app" containerID="containerd://${CID}" gracePeriod=30`,
      'I0315 10:00:03.000000    2891 kubelet.go:2130] "SyncLoop DELETE" source="api" pods=[default/web-0]',
    ].join('\n');
    expect(pods(analyze(['k.log', log]))).toEqual([
      { pod: `default/web-0 ${UID} regular`, kinds: ['syncloop.add', 'pleg.container-finished', 'runtime.kill', 'syncloop.delete'] },
    ]);
  });

  it('printf: a uid alone (GenericPLEG) first, then name_namespace(uid): one pod', () => {
    const log = [
      `I0315 09:59:59.000000    2891 generic.go:147] GenericPLEG: ${UID}/${CID}: non-existent -> running`,
      `I0315 10:00:00.000000    2891 kubelet.go:1932] SyncLoop (PLEG): "web-0_default(${UID})", event: &pleg.PodLifecycleEvent{ID:"${UID}", Type:"ContainerStarted", Data:"${CID}"}`,
      `E0315 10:00:01.000000    2891 pod_workers.go:190] Error syncing pod ${UID} ("web-0_default(${UID})"), skipping: failed to "StartContainer" for "app" with CrashLoopBackOff: "Back-off 10s restarting failed container=app pod=web-0_default(${UID})"`,
      `I0315 10:00:02.000000    2891 kubelet.go:1924] SyncLoop (DELETE, "api"): "web-0_default(${UID})"`,
    ].join('\n');
    const trace = analyze(['k.log', log]);
    expect(trace.pods.map((p) => `${p.namespace}/${p.name} ${p.uid}`)).toEqual([`default/web-0 ${UID}`]);
    expect(trace.pods[0].eventCount).toBe(4);
  });

  it('JSON: {name, namespace} objects and podUID, and a name-only object before its uid is known', () => {
    const log = [
      '{"ts":1710496800000,"caller":"kubelet/kubelet.go:2389","msg":"SyncLoop ADD","v":2,"source":"api","pods":[{"name":"web-0","namespace":"default"}]}',
      `{"ts":1710496801000,"caller":"kuberuntime/kuberuntime_container.go:745","msg":"Killing container with a grace period","v":0,"pod":{"name":"web-0","namespace":"default"},"podUID":"${UID}","containerName":"app","containerID":"containerd://${CID}","gracePeriod":30}`,
      `{"ts":1710496802000,"caller":"pleg/generic.go:296","msg":"Generic (PLEG): container finished","v":2,"podID":"${UID}","containerID":"${CID}","exitCode":0}`,
    ].join('\n');
    expect(pods(analyze(['k.json', log]))).toEqual([
      { pod: `default/web-0 ${UID} regular`, kinds: ['syncloop.add', 'runtime.kill', 'pleg.container-finished'] },
    ]);
  });

  it('two files of one node (rotated): the name in one and the uid in the other are one pod', () => {
    const older = 'I0315 10:00:00.000000    2891 kubelet.go:2114] "SyncLoop ADD" source="api" pods=[default/web-0]';
    const newer = `I0315 10:00:01.000000    2891 kuberuntime_container.go:723] "Killing container with a grace period" pod="default/web-0" podUID=${UID} containerName="app" containerID="containerd://${CID}" gracePeriod=30`;
    const trace = analyze(['kubelet.log.1', older], ['kubelet.log', newer]);
    expect(trace.pods.map((p) => `${p.namespace}/${p.name} ${p.uid} ${p.eventCount}`)).toEqual([`default/web-0 ${UID} 2`]);
  });
});

describe('pods that share a name', () => {
  it('a StatefulSet pod re-created under a new uid is a second pod; a later name-only line is the newer one\'s', () => {
    const log = [
      `I0315 10:00:00.000000    2891 kuberuntime_container.go:723] "Killing container with a grace period" pod="default/web-0" podUID=${UID} containerName="app" containerID="containerd://${CID}" gracePeriod=30`,
      'I0315 10:00:01.000000    2891 kubelet.go:2124] "SyncLoop REMOVE" source="api" pods=[default/web-0]',
      'I0315 10:00:02.000000    2891 kubelet.go:2114] "SyncLoop ADD" source="api" pods=[default/web-0]',
      `I0315 10:00:03.000000    2891 kubelet.go:2152] "SyncLoop (PLEG): event for pod" pod="default/web-0" event=&{ID:${UID2} Type:ContainerStarted Data:bbbb33334444}`,
      `I0315 10:00:04.000000    2891 pod_workers.go:888] "Processing pod event done" pod="default/web-0" podUID=${UID2} updateType=0`,
      'I0315 10:00:05.000000    2891 kubelet.go:2130] "SyncLoop DELETE" source="api" pods=[default/web-0]',
    ].join('\n');
    const trace = analyze(['k.log', log]);
    // The ADD after the REMOVE is a new pod (named without its uid in this era), which the next line ties to UID2;
    // name-only lines after it are the newer one's.
    expect(trace.pods.map((p) => `${p.name} ${p.uid}`)).toEqual([`web-0 ${UID}`, `web-0 ${UID2}`]);
    expect([0, 1, 2, 3, 4, 5].map((e) => trace.pods[trace.events.pod[e]].uid)).toEqual([UID, UID, UID2, UID2, UID2, UID2]);
    // The same lines in two rotated files given newest first: resolved by time, not by file order.
    const lines = log.split('\n');
    const rotated = analyze(['kubelet.log', lines.slice(2).join('\n')], ['kubelet.log.1', lines.slice(0, 2).join('\n')]);
    expect(rotated.pods.map((p) => `${p.name} ${p.uid}`).sort()).toEqual([`web-0 ${UID}`, `web-0 ${UID2}`].sort());
    const adds = Array.from({ length: rotated.events.count }, (_, e) => e).filter((e) => KINDS[rotated.events.kind[e]] === 'syncloop.add');
    expect(adds.map((e) => rotated.pods[rotated.events.pod[e]].uid)).toEqual([UID2]);
  });

  it('lines after a REMOVE with no new ADD are the removed pod\'s own teardown: it takes their uid (a static pod removed from its file)', () => {
    const HASH = 'c6dc565f27a76405ed35d58bc441a407';
    const log = [
      'I0110 11:56:03.480296   25160 kubelet.go:2249] "SyncLoop REMOVE" source="file" pods=[kube-system/kube-apiserver-cp-1]',
      `I0110 11:56:03.480768   25160 kuberuntime_container.go:721] "Killing container with a grace period" pod="kube-system/kube-apiserver-cp-1" podUID=${HASH} containerName="kube-apiserver" containerID="containerd://${CID}" gracePeriod=1`,
      `I0110 11:56:06.177361   25160 generic.go:338] "Generic (PLEG): container finished" podID=${HASH} containerID="${CID}" exitCode=137`,
    ].join('\n');
    const trace = analyze(['k.log', log]);
    // One pod, the static one: not a name-only "mirror" beside a static pod made from the uid lines.
    expect(trace.pods.map((p) => `${p.namespace}/${p.name} ${p.uid} ${p.kind} ${p.eventCount}`)).toEqual([`kube-system/kube-apiserver-cp-1 ${HASH} static 3`]);
  });

  it('a static pod removed from its file and added again (same manifest: no new uid) is one pod whose worker starts again', () => {
    const HASH = 'aba1776703037ea02e532541162536e2';
    const pod = 'openshift-cluster-version/bootstrap-cvo-master-0';
    const log = [
      `I0512 05:19:00.100000    2473 kubelet.go:2421] "SyncLoop ADD" source="file" pods=["${pod}"]`,
      `I0512 05:19:00.200000    2473 kubelet.go:2453] "SyncLoop (PLEG): event for pod" pod="${pod}" event={"ID":"${HASH}","Type":"ContainerStarted","Data":"${CID}"}`,
      `I0512 05:19:09.467433    2473 kubelet.go:2431] "SyncLoop REMOVE" source="file" pods=["${pod}"]`,
      `I0512 05:19:09.467694    2473 kuberuntime_container.go:809] "Killing container with a grace period" pod="${pod}" podUID="${HASH}" containerName="cvo" containerID="cri-o://${CID}" gracePeriod=130`,
      `I0512 05:19:10.889000    2473 kubelet_volumes.go:163] "Cleaned up orphaned pod volumes dir" podUID="${HASH}" path="/var/lib/kubelet/pods/${HASH}/volumes"`,
      `I0512 05:19:22.158026    2473 kubelet.go:2421] "SyncLoop ADD" source="file" pods=["${pod}"]`,
      `I0512 05:19:22.159521    2473 util.go:48] "No ready sandbox for pod can be found. Need to start a new one" pod="${pod}"`,
    ].join('\n');
    const trace = analyze(['k.log', log]);
    expect(pods(trace)).toEqual([{
      pod: `openshift-cluster-version/bootstrap-cvo-master-0 ${HASH} static`,
      kinds: ['syncloop.add', 'pleg.container-started', 'syncloop.remove', 'runtime.kill', 'housekeeping.orphan-volumes', 'syncloop.add', 'runtime.sandbox-changed'],
    }]);
    const worker = trace.spans;
    const states: string[] = [];
    for (let i = 0; i < worker.count; i++) if (MACHINE_IDS[worker.machine[i]] === 'pod-worker') states.push(trace.strings[worker.state[i]]);
    expect(states).toEqual(['sync', 'terminating', 'finished', 'sync (started again for the same UID)']);
    // Re-added from a changed manifest, it names its new uid: a second pod.
    const NEW = '0bb1776703037ea02e532541162536e3';
    const changed = analyze(['k.log', log.replace(/util\.go:48\] "No ready sandbox[^\n]*/, `kubelet.go:2453] "SyncLoop (PLEG): event for pod" pod="${pod}" event={"ID":"${NEW}","Type":"ContainerStarted","Data":"${CID}"}`)]);
    expect(changed.pods.map((p) => p.uid)).toEqual([HASH, NEW]);
  });

  it('an ADD of a removed pod\'s name before the REMOVE (in time) is still that pod; a bulk ADD after it names the new one', () => {
    const log = [
      'I0315 10:00:00.000000    2891 kubelet.go:2114] "SyncLoop ADD" source="api" pods=[default/web-0 default/web-1]',
      `I0315 10:00:01.000000    2891 pod_workers.go:888] "Processing pod event done" pod="default/web-0" podUID=${UID} updateType=0`,
      'I0315 10:00:02.000000    2891 kubelet.go:2124] "SyncLoop REMOVE" source="api" pods=[default/web-0]',
      'I0315 10:00:03.000000    2891 kubelet.go:2114] "SyncLoop ADD" source="api" pods=[default/web-0 default/web-2]',
      `I0315 10:00:04.000000    2891 pod_workers.go:888] "Processing pod event done" pod="default/web-0" podUID=${UID2} updateType=0`,
    ].join('\n');
    const trace = analyze(['k.log', log]);
    const web0 = trace.pods.filter((p) => p.name === 'web-0').map((p) => p.uid);
    expect(web0).toEqual([UID, UID2]);
    const podsOf = (e: number) => (trace.multiPod[e] ?? [trace.events.pod[e]]).map((i) => `${trace.pods[i].name} ${trace.pods[i].uid || '-'}`).sort();
    expect(podsOf(0)).toEqual([`web-0 ${UID}`, 'web-1 -']);
    expect(podsOf(2)).toEqual([`web-0 ${UID}`]);
    expect(podsOf(3)).toEqual([`web-0 ${UID2}`, 'web-2 -']);
  });

  it('a static pod (32-hex manifest hash, from the file source) and its mirror pod (API uid): two pods, twins', () => {
    // The printf era names each with its own uid: the config source's ADD from "file" and from "api".
    const HASH = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
    const MIRROR = '9c8b7a6f-5e4d-4c3b-8a29-1f0e9d8c7b6a';
    const pod = (uid: string) => `kube-apiserver-node-1_kube-system(${uid})`;
    const log = [
      `I0315 10:00:00.000000    2891 kubelet.go:1908] SyncLoop (ADD, "file"): "${pod(HASH)}"`,
      `I0315 10:00:01.000000    2891 kubelet.go:1953] SyncLoop (PLEG): "${pod(HASH)}", event: &pleg.PodLifecycleEvent{ID:"${HASH}", Type:"ContainerStarted", Data:"${CID}"}`,
      `I0315 10:00:02.000000    2891 kubelet.go:1635] Creating a mirror pod for static pod "${pod(HASH)}"`,
      `I0315 10:00:03.000000    2891 kubelet.go:1908] SyncLoop (ADD, "api"): "${pod(MIRROR)}"`,
      `I0315 10:00:04.000000    2891 kubelet.go:1918] SyncLoop (UPDATE, "api"): "${pod(MIRROR)}"`,
      `I0315 10:00:05.000000    2891 kuberuntime_container.go:581] Killing container "docker://${CID}" with 30 second grace period`,
    ].join('\n');
    const trace = analyze(['k.log', log]);
    expect(pods(trace)).toEqual([
      { pod: `kube-system/kube-apiserver-node-1 ${HASH} static`, kinds: ['syncloop.add', 'pleg.container-started', 'sync.mirror-create', 'runtime.kill'] },
      { pod: `kube-system/kube-apiserver-node-1 ${MIRROR} mirror`, kinds: ['syncloop.add', 'syncloop.update'] },
    ]);
    expect(trace.pods[0].twin).toBe(1);
    expect(trace.pods[1].twin).toBe(0);
    // The container (named only by its ID in the kill line) is the static pod's: the runtime runs the static pod.
    const c = trace.containers.find((x) => x.id === CID)!;
    expect(trace.pods[c.pod].kind).toBe('static');
  });

  it('a pod list cut before its "]" keeps its whole names and drops the cut last one', () => {
    const log = 'I0315 10:00:00.000000    2891 kubelet.go:2114] "SyncLoop ADD" source="api" pods=[default/web-0 default/web-1 istio-system/infra-ingressgateway-54f59';
    expect(pods(analyze(['k.log', log])).map((p) => p.pod)).toEqual(['default/web-0 - regular', 'default/web-1 - regular']);
  });

  it('a pod the kubelet deletes as an outdated mirror pod is a mirror pod, without its static pod in the log', () => {
    // The mirror-pod-churn fixture's shape: the mirror pod is deleted, re-created with a new uid, deleted again.
    const MIRROR2 = '5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c';
    const MIRROR = '9c8b7a6f-5e4d-4c3b-8a29-1f0e9d8c7b6a';
    const log = [
      `W0315 10:00:00.000000    2891 kubelet.go:1596] Deleting mirror pod "etcd-node-1_kube-system(${MIRROR})" because it is outdated`,
      `W0315 10:00:03.000000    2891 kubelet.go:1596] Deleting mirror pod "etcd-node-1_kube-system(${MIRROR2})" because it is outdated`,
      // Structured: pod= is the static pod's name, podUID= the mirror's uid.
      `I0315 10:00:06.000000    2891 mirror_client.go:130] "Trying to delete pod" pod="kube-system/etcd-node-2" podUID=${UID}`,
      // A name alone may be the static pod: not taken for a mirror.
      'I0315 10:00:07.000000    2891 mirror_client.go:130] "Trying to delete pod" pod="kube-system/etcd-node-3"',
    ].join('\n');
    expect(pods(analyze(['k.log', log])).map((p) => p.pod)).toEqual([
      `kube-system/etcd-node-1 ${MIRROR} mirror`, `kube-system/etcd-node-1 ${MIRROR2} mirror`, `kube-system/etcd-node-2 ${UID} mirror`,
      'kube-system/etcd-node-3 - regular',
    ]);
  });
});

describe('a pod UID cut at the end of a record', () => {
  it('names no second pod: `podUID=d1c475` at the line\'s end is the start of the pod\'s UID, not another UID', () => {
    const STATIC = 'd1c4757bcb230bf06ab7e866b62132a1';
    const line = (t: string, msg: string, uid: string) =>
      `I1019 00:23:${t} 273 kuberuntime_container.go:698] "${msg}" pod="default/test-term-kind-worker" podUID=${uid}`;
    const trace = analyze(['k.log', [line('45.897362', 'Pod terminating with grace period', `${STATIC} gracePeriod=100`),
      line('45.897583', 'Killing container with a grace period', 'd1c475')].join('\n') + '\n']);
    expect(trace.pods.map((p) => `${p.namespace}/${p.name} ${p.uid}`)).toEqual([`default/test-term-kind-worker ${STATIC}`]);
    // A whole UID at the end of a line is read as ever.
    const whole = analyze(['k.log', line('45.897583', 'Killing container with a grace period', UID) + '\n']);
    expect(whole.pods.map((p) => p.uid)).toEqual([UID]);
  });
});

describe('a line that names no host, among journal lines that do', () => {
  it('names its pod on the node the journal names: one pod, whichever line has the uid', () => {
    const log = [
      'I0315 10:00:00.000000    2891 kubelet.go:1876] SyncLoop (ADD, "api"): "web-0_default"',
      `Mar 15 10:00:01 node-7 kubelet[2891]: I0315 10:00:01.000000    2891 kubelet.go:1908] SyncLoop (PLEG): "web-0_default(${UID})", event: &pleg.PodLifecycleEvent{ID:"${UID}", Type:"ContainerStarted", Data:"${CID}"}`,
    ].join('\n');
    const trace = analyze(['k.log', log]);
    expect(pods(trace)).toEqual([{ pod: `default/web-0 ${UID} regular`, kinds: ['syncloop.add', 'pleg.container-started'] }]);
    expect(trace.nodes.map((n) => n.name)).toEqual(['node-7']);
  });

  it('a plain file of another node keeps its own pod of the same name', () => {
    const plain = 'I0315 10:00:00.000000    2891 kubelet.go:1876] SyncLoop (ADD, "api"): "web-0_default"';
    const journal = `Mar 15 10:00:01 node-7 kubelet[2891]: I0315 10:00:01.000000    2891 kubelet.go:1908] SyncLoop (PLEG): "web-0_default(${UID})", event: &pleg.PodLifecycleEvent{ID:"${UID}", Type:"ContainerStarted", Data:"${CID}"}`;
    const trace = analyze(['plain.log', plain], ['journal.log', journal]);
    expect(trace.pods.map((p) => `${p.namespace}/${p.name} ${p.uid || '-'} ${trace.nodes[p.node].name}`).sort()).toEqual([
      `default/web-0 - node`, `default/web-0 ${UID} node-7`,
    ].sort());
  });
});
