/**
 * A plain klog file names its node nowhere in its headers, so its lanes were grouped under the assumed name "node".
 * The kubelet states its own node when it starts ("Attempting to register node", "Successfully registered node");
 * a source whose node was only assumed takes that name. A name from the log's wrapper (journald's host) stays.
 */
import { describe, expect, it } from 'vitest';
import { analyzeSources } from '../../../src/model/analyze.ts';
import { analyzeText } from '../../helpers.ts';

const UID = '4f1c2d3e-0000-4000-8000-00000000abcd';
const podLines = (ts: string) => [
  `I0315 ${ts}.100000    2891 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["shop/web-0"]`,
  `I0315 ${ts}.200000    2891 pod_workers.go:770] "Pod is being synced for the first time" pod="shop/web-0" podUID="${UID}"`,
];

describe('the node a log names for itself', () => {
  it('a structured log: the name in "Attempting to register node" names the node its lanes and pods are on', () => {
    const trace = analyzeText([
      'I0315 10:00:00.000100    2891 kubelet.go:2303] "Starting kubelet main sync loop"',
      'I0315 10:00:00.000200    2891 kubelet_node_status.go:70] "Attempting to register node" node="worker-7"',
      ...podLines('10:00:01'),
    ].join('\n'));
    expect(trace.sources[0].node).toBe('worker-7');
    expect(trace.nodes.map((n) => n.name)).toEqual(['worker-7']);
    expect(trace.nodes[trace.pods[0].node].name).toBe('worker-7');
  });

  it('a printf-era log: "Successfully registered node <name>", even when it comes after the pods\' first lines', () => {
    const trace = analyzeText([
      'I0315 10:00:00.100000    1234 kubelet.go:1887] SyncLoop (ADD, "api"): "web-0_shop(' + UID + ')"',
      'I0315 10:00:00.300000    1234 kubelet_node_status.go:74] Successfully registered node worker-3',
    ].join('\n'));
    expect(trace.nodes.map((n) => n.name)).toEqual(['worker-3']);
  });

  it('without such a line the name stays assumed', () => {
    const trace = analyzeText(podLines('10:00:01').join('\n'));
    expect(trace.nodes.map((n) => n.name)).toEqual(['node']);
  });

  it('journald\'s host name is kept over the kubelet\'s own', () => {
    const trace = analyzeText([
      'Mar 15 10:00:00 host-a kubelet[2891]: I0315 10:00:00.000200    2891 kubelet_node_status.go:70] "Attempting to register node" node="worker-7"',
      ...podLines('10:00:01').map((l) => `Mar 15 10:00:01 host-a kubelet[2891]: ${l}`),
    ].join('\n'));
    expect(trace.nodes.map((n) => n.name)).toEqual(['host-a']);
  });

  it('two plain files, each naming its own node, are two nodes', () => {
    const file = (node: string, ts: string) => [
      `I0315 ${ts}.000200    2891 kubelet_node_status.go:70] "Attempting to register node" node="${node}"`,
      `I0315 ${ts}.500000    2891 kubelet.go:2471] "SyncLoop (housekeeping)"`,
    ].join('\n');
    const trace = analyzeSources([{ name: 'a.log', data: file('worker-1', '10:00:00') }, { name: 'b.log', data: file('worker-2', '10:00:02') }],
      { defaultYear: 2024, yearFromCaller: true });
    expect(trace.sources.map((s) => s.node)).toEqual(['worker-1', 'worker-2']);
    expect(trace.nodes.map((n) => n.name).sort()).toEqual(['worker-1', 'worker-2']);
  });
});

describe('a node named after its control-plane static pods', () => {
  const line = (pod: string) => `E0307 10:32:41.617327     768 kubelet.go:1921] "Failed creating a mirror pod for" err="pods \\"${pod}\\" already exists" pod="kube-system/${pod}"`;

  it('takes the name every kube-system control-plane pod ends in, and says so (docker/for-win#13822)', () => {
    const trace = analyzeText([line('kube-apiserver-docker-desktop'), line('etcd-docker-desktop')].join('\n'));
    expect(trace.nodes.map((n) => n.name)).toEqual(['docker-desktop']);
    expect(trace.sources[0].node).toBe('docker-desktop');
    expect(trace.sources[0].diagnostics.map((d) => d.message)).toContain('the log names no node: named docker-desktop after its static pods (kube-apiserver-docker-desktop, etcd-docker-desktop)');
  });

  it('leaves the node unnamed when they disagree, or when the log names it', () => {
    expect(analyzeText([line('kube-apiserver-cp-1'), line('etcd-cp-2')].join('\n')).nodes.map((n) => n.name)).toEqual(['node']);
    // A pod with an API server's UID is not a static pod, whatever its name.
    const deployed = `I0307 10:32:41.617327     768 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["kube-system/etcd-backup-7d9f"] podUID="5f1c2d3e-0000-4000-8000-00000000aa01"`;
    expect(analyzeText([deployed, line('kube-apiserver-cp-1')].join('\n')).nodes.map((n) => n.name)).toEqual(['cp-1']);
    const named = analyzeText(`Mar 07 10:32:41 cp-9 kubelet[768]: ${line('kube-apiserver-cp-1')}`);
    expect(named.nodes.map((n) => n.name)).toEqual(['cp-9']);
  });
});

describe('a node known only by its address', () => {
  it('takes the kubelet\'s own name for its Node, with the address kept (siderolabs/talos#6875, talosctl)', () => {
    const json = (ms: number, msg: string, extra: string) => `192.168.0.15: {"ts":${ms},"caller":"kubelet/kubelet_node_status.go:70","msg":"${msg}","v":0${extra}}`;
    const trace = analyzeText([
      json(1677009327252, 'Attempting to register node', ',"node":{"name":"talos-dy3-h80"}'),
      json(1677009327300, 'Unable to register node with API server', ',"err":"Unauthorized","node":{"name":"talos-dy3-h80"}'),
    ].join('\n'));
    expect(trace.nodes.map((n) => n.name)).toEqual(['talos-dy3-h80 (192.168.0.15)']);
    expect(trace.sources[0].diagnostics.map((d) => d.message)).toContain('node 192.168.0.15 is talos-dy3-h80: the kubelet\'s own name for its Node');
    // A node prefix that is a name already stays as it is.
    const named = analyzeText(json(1677009327252, 'Attempting to register node', ',"node":{"name":"talos-dy3-h80"}').replace('192.168.0.15: ', 'worker-a.lab: '));
    expect(named.nodes.map((n) => n.name)).toEqual(['worker-a.lab']);
  });
});

describe('a node named by the node events its kubelet records', () => {
  it('printf, structured and JSON "Recording … event message for node" name an unnamed node (kubernetes/kubernetes#73215, #21252)', () => {
    const printf = analyzeText(['I0120 12:50:28.018271   32201 kubelet_node_status.go:441] Recording NodeNotReady event message for node acc-prod-k8s-01', ...podLines('12:50:29')].join('\n'));
    expect(printf.nodes.map((n) => n.name)).toEqual(['acc-prod-k8s-01']);
    expect(printf.sources[0].diagnostics.map((d) => d.message).join('\n')).toContain('named acc-prod-k8s-01 after the node events');
    const structured = analyzeText('I0315 10:02:01.000001    2891 kubelet_node_status.go:669] "Recording event message for node" node="worker-7" event="NodeNotReady"');
    expect(structured.nodes.map((n) => n.name)).toEqual(['worker-7']);
    const json = analyzeText('{"ts":1710496921000.1,"caller":"kubelet/kubelet_node_status.go:724","msg":"Recording event message for node","v":2,"node":{"name":"worker-8"},"event":"NodeReady"}');
    expect(json.nodes.map((n) => n.name)).toEqual(['worker-8']);
  });

  it('two names, or a node its wrapper names already, stay as they are', () => {
    const ev = (node: string) => `I0120 12:50:28.018271   32201 kubelet_node_status.go:441] Recording NodeReady event message for node ${node}`;
    expect(analyzeText([ev('a-1'), ev('b-2')].join('\n')).nodes.map((n) => n.name)).toEqual(['node']);
    expect(analyzeText(`Jan 20 12:50:28 host-9 kubelet[32201]: ${ev('a-1')}`).nodes.map((n) => n.name)).toEqual(['host-9']);
  });
});
