/** Version fingerprints from text alone (kubelet-reference §5.2), through the whole pipeline. */
import { describe, expect, it } from 'vitest';
import { analyzeSources } from '../../../src/model/analyze.ts';
import { VersionFingerprint } from '../../../src/catalog/fingerprint.ts';
import { CID, UID, WEB0, json, klog } from './sample-kit.ts';

function versionOf(...lines: string[]): string {
  return analyzeSources([{ name: 'fp.log', data: lines.join('\n') + '\n' }]).sources[0].versionRange.label;
}

const REF = `pod="default/web-0" podUID=${UID}`;
const REF28 = `pod="default/web-0" podUID="${UID}"`;

describe('version fingerprint', () => {
  it('1.22–1.26 from %+v lists, unquoted UIDs and integer work types; the exact release from known source lines', () => {
    const lines = [
      klog('I', 'kubelet.go:2130', '"SyncLoop DELETE" source="api" pods=[default/web-0]'),
      klog('I', 'pod_workers.go:900', `"Processing pod event" ${REF} updateType=1`),
    ];
    expect(versionOf(...lines)).toBe('1.22–1.26');
    // pod_workers.go:888 is 1.23.13's line and 1.24.7's (a real 1.24.7 log).
    expect(versionOf(...lines, klog('I', 'pod_workers.go:888', `"Processing pod event" ${REF} updateType=0`))).toBe('1.23–1.24');
    expect(versionOf(...lines, klog('I', 'kuberuntime_container.go:709', `"Killing container with a grace period" ${REF} containerName="app" containerID="containerd://${CID}" gracePeriod=30`)))
      .toBe('1.26');
  });

  it('1.26 from the quoted pod list of klog 2.80; 1.28+ from JSON-rendered values and quoted UIDs', () => {
    expect(versionOf(klog('I', 'kubelet.go:2190', '"SyncLoop ADD" source="api" pods="[default/web-0]"'))).toBe('1.26');
    expect(versionOf(
      klog('I', 'kubelet.go:2400', '"SyncLoop REMOVE" source="api" pods=["default/web-0"]'),
      klog('I', 'pod_workers.go:1240', `"Processing pod event" ${REF28} updateType="sync"`),
    )).toBe('1.28+');
  });

  it('dates the structured "Error syncing pod, skipping" 1.21+ (1.21 logged it so before the pod worker rewrite)', () => {
    expect(versionOf(klog('E', 'pod_workers.go:190', `"Error syncing pod, skipping" err="failed to \\"CreatePodSandbox\\" for \\"web-0_default(${UID})\\"" pod="default/web-0" podUID=${UID}`)))
      .toBe('1.21–1.27');
  });

  it('a printf message that begins with a quote among printf lines is no structured record (openshift/origin#5366)', () => {
    const printf = [
      klog('W', 'kubelet_network.go:70', 'Hairpin mode set to "promiscuous-bridge" but kubenet is not enabled, falling back to "hairpin-veth"'),
      klog('I', 'kubelet.go:494', 'Hairpin mode set to "hairpin-veth"'),
      klog('W', 'cni.go:157', 'Unable to update cni config: No networks found in /etc/cni/net.d'),
      klog('I', 'start_master.go:708', 'Started "podgc"'),
    ];
    expect(versionOf(...printf, klog('W', 'start_master.go:690', '"resourcequota" is skipped'))).toBe('unknown');
    // Two quoted lines, or one in a short excerpt, still say structured.
    expect(versionOf(klog('I', 'kubelet.go:494', 'Hairpin mode set to "hairpin-veth"'), klog('I', 'server.go:494', '"Golang settings" GOGC=""'))).toBe('1.19+');
  });

  it('dates the evented PLEG 1.26+', () => {
    expect(versionOf(klog('E', 'evented.go:206', '"Evented PLEG: Failed to get container events, retrying: " err="rpc error: code = Unavailable desc = error reading from server: EOF"')))
      .toBe('1.26+');
  });

  it('takes the exact minor from the kubelet version line', () => {
    expect(versionOf(klog('I', 'server.go:440', '"Kubelet version" kubeletVersion="v1.29.4"'))).toBe('1.29');
    expect(versionOf(klog('I', 'server.go:408', 'Version: v1.12.10'))).toBe('1.12');
    expect(versionOf(json('app/server.go:487', { msg: 'Kubelet version', v: 0, kubeletVersion: 'v1.31.0' }))).toBe('1.31');
  });

  it('reads the printf back-off line by its capitalisation', () => {
    expect(versionOf(klog('I', 'kuberuntime_manager.go:777', `Back-off 5m0s restarting failed container=app pod=${WEB0}`))).toBe('≤1.15');
    expect(versionOf(klog('I', 'kuberuntime_manager.go:790', `back-off 40s restarting failed container=app pod=${WEB0}`))).toBe('1.16–1.20');
  });

  it('dates "Event occurred" by its fieldPath key and the Event(…) printf form before it', () => {
    const noField = klog('I', 'event.go:294', '"Event occurred" object="default/web-0" kind="Pod" apiVersion="v1" type="Normal" reason="Started" message="Started container app"');
    const withField = klog('I', 'event.go:307', '"Event occurred" object="default/web-0" fieldPath="spec.containers{app}" kind="Pod" apiVersion="v1" type="Normal" reason="Started" message="Started container app"');
    expect(versionOf(noField)).toBe('1.20–1.25');
    expect(versionOf(withField)).toBe('1.24+');
    expect(versionOf(klog('I', 'event.go:221', `Event(v1.ObjectReference{Kind:"Pod", Namespace:"default", Name:"web-0", UID:"${UID}", APIVersion:"v1", ResourceVersion:"1", FieldPath:""}): type: 'Normal' reason: 'Pulled' Successfully pulled image "nginx"`)))
      .toBe('≤1.19');
  });

  it('uses the messages that exist only in some releases', () => {
    expect(versionOf(klog('E', 'generic.go:272', 'event channel is full, discard this relist() cycle event'))).toBe('1.20');
    expect(versionOf(klog('I', 'kubelet.go:1814', `"Pod termination stopped all running orphan containers" ${REF}`))).toBe('1.22–1.26');
    expect(versionOf(klog('I', 'kubelet.go:2129', `"Pod termination cleaned up volume paths" ${REF28}`))).toBe('1.28+');
    expect(versionOf(klog('I', 'pod_workers.go:972', `"Cancelling current pod sync" ${REF28} workType="terminating"`))).toBe('1.28+');
    expect(versionOf(klog('I', 'pod_workers.go:761', `"Cancelling current pod sync" ${REF} updateType=1`))).toBe('1.22–1.26');
    expect(versionOf(klog('I', 'kubelet.go:2606', '"SyncLoop (containermanager): event for pod" pod="default/web-0"'))).toBe('1.30+');
    // The topology manager's printf line (containerd/containerd#7276's kubelet, scope.go).
    expect(versionOf(klog('I', 'scope.go:111', '[topologymanager] RemoveContainer - Container ID: 7847ede61170aa7ba7882a458ad9f316ff99a3b95052ec57564953bf2f83c1de'))).toBe('1.17–1.21');
    // A flag the kubelet calls unknown that a known release removed (replicatedhq/kURL#4451: --container-runtime, 1.27).
    expect(versionOf(klog('E', 'run.go:74', '"command failed" err="failed to parse kubelet flag: unknown flag: --container-runtime"'))).toBe('1.27+');
    expect(versionOf(klog('E', 'run.go:74', '"command failed" err="failed to parse kubelet flag: unknown flag: --network-plugin"'))).toBe('1.24+');
    expect(versionOf(klog('E', 'run.go:74', '"command failed" err="failed to parse kubelet flag: unknown flag: --made-up"'))).toBe('1.24+');
    // (kuberuntime/util/util.go since 1.26: a 1.27 kubelet's log of May 2023 has it, projectcalico/calico#7647.)
    expect(versionOf(klog('I', 'util.go:30', '"No sandbox for pod can be found. Need to start a new one" pod="default/web-0"'))).toBe('1.26+');
    expect(versionOf(klog('I', 'setters.go:552', '"Node became not ready" node="node-1" condition={"type":"Ready","status":"False","reason":"KubeletNotReady","message":"container runtime is down"}')))
      .toBe('1.28+');
  });

  it('reads JSON lines too (work type names, lower-case sync function names)', () => {
    expect(versionOf(json('kubelet/pod_workers.go:1240', { msg: 'Processing pod event', v: 4, pod: { name: 'web-0', namespace: 'default' }, podUID: UID, updateType: 'sync' })))
      .toBe('1.27–1.30');
    expect(versionOf(json('kubelet/kubelet.go:1554', { msg: 'syncPod enter', v: 4, pod: { name: 'web-0', namespace: 'default' }, podUID: UID })))
      .toBe('1.22–1.26');
  });

  it('reads a JSON record by its structured message, not as the printf era of the same message', () => {
    // An E-level "Skipping pod synchronization" in JSON is the structured message (1.21+), not the 1.18–1.20 printf one.
    expect(versionOf(json('kubelet/kubelet.go:2460', { msg: 'Skipping pod synchronization', err: 'PLEG is not healthy: pleg was last seen active 3m2s ago; threshold is 3m0s' })))
      .toBe('1.21–1.30');
    expect(versionOf(json('events/event.go:307', { msg: 'Event occurred', object: 'default/web-0', fieldPath: 'spec.containers{app}', kind: 'Pod', reason: 'Started' })))
      .toBe('1.24–1.30');
  });

  it('takes the minor from "Started kubelet v1.5.2" too; cAdvisor\'s "Version: {KernelVersion:…}" is no kubelet version (nor a kubelet start)', () => {
    expect(versionOf(klog('I', 'server.go:770', 'Started kubelet v1.5.2'))).toBe('1.5');
    const cadvisor = klog('I', 'manager.go:204', 'Version: {KernelVersion:3.10.0-327.el7.x86_64 ContainerOsVersion:CentOS Linux 7 (Core) DockerVersion:1.12.5}');
    const trace = analyzeSources([{ name: 'c.log', data: cadvisor + '\n' }]);
    expect(trace.nodes[0].starts).toEqual([]);
  });

  it('dates the printf eviction manager and volume lines ≤1.20 (structured from 1.21); their structured forms say nothing of it', () => {
    expect(versionOf(klog('W', 'eviction_manager.go:333', 'eviction manager: attempting to reclaim ephemeral-storage'))).toBe('≤1.20');
    expect(versionOf(klog('E', 'kubelet.go:1682', `Unable to attach or mount volumes for pod "${WEB0}": unmounted volumes=[data], unattached volumes=[data]: timed out waiting for the condition; skipping pod`))).toBe('≤1.20');
    expect(versionOf(klog('I', 'eviction_manager.go:349', '"Eviction manager: attempting to reclaim" resourceName="ephemeral-storage"'))).toBe('1.19+');
  });

  it('dates the OutOfDisk node condition\'s event ≤1.12 (the kubelet stopped setting it in 1.13); other node events say nothing', () => {
    expect(versionOf(klog('I', 'kubelet_node_status.go:278', 'Recording NodeHasSufficientDisk event message for node 192.168.101.241'))).toBe('≤1.12');
    expect(versionOf(klog('I', 'kubelet_node_status.go:278', 'Recording NodeHasSufficientMemory event message for node 192.168.101.241'))).toBe('unknown');
  });

  it('does not date the config source\'s "Receiving a new pod": it is printed in every release', () => {
    expect(versionOf(klog('I', 'config.go:414', `Receiving a new pod "web-0_default(${UID})"`))).toBe('unknown');
  });

  it('reads the quoting of types.UID and PLEG states on probe and "GenericPLEG" lines too: unquoted ≤1.27, quoted 1.28+ (kubernetes/kubernetes#113938)', () => {
    const probe = (ref: string) => klog('E', 'prober.go:113', `"Probe errored" err="context deadline exceeded" probeType="Liveness" ${ref} containerName="app"`);
    expect(versionOf(probe(REF))).toBe('1.19–1.27');
    expect(versionOf(probe(REF28))).toBe('1.28+');
    const pleg = (q: string) => klog('I', 'generic.go:222', `"GenericPLEG" podUID=${q}${UID}${q} containerID="${CID}" oldState=${q}running${q} newState=${q}exited${q}`);
    expect(versionOf(pleg(''))).toBe('1.21–1.27');
    expect(versionOf(pleg('"'))).toBe('1.28+');
  });

  it('dates a structured log 1.19+ by its key=value form alone (InfoS came with klog v2 in 1.19), when no message says more', () => {
    expect(versionOf(klog('I', 'cpu_manager.go:214', '"Starting CPU manager" policy="none"'))).toBe('1.19+');
    // A printf line says nothing of the kind.
    expect(versionOf(klog('I', 'cpu_manager.go:155', '[cpumanager] starting with none policy'))).toBe('unknown');
  });

  it('dates the shutdown manager\'s per-priority grace periods 1.23+ (KEP 2712); without them it says nothing more', () => {
    const created = (extra: string) => klog('I', 'nodeshutdown_manager_linux.go:134', `"Creating node shutdown manager" shutdownGracePeriodRequested="30s" shutdownGracePeriodCriticalPods="10s"${extra}`);
    expect(versionOf(created(' shutdownGracePeriodByPodPriority=[{Priority:0 ShutdownGracePeriodSeconds:60}]'))).toBe('1.23+');
    expect(versionOf(created(''))).toBe('1.19+');
  });

  it('dates a JSON log 1.19+ by its format alone (--logging-format=json came in 1.19), when no message says more', () => {
    expect(versionOf(json('state/state_mem.go:36', { msg: 'Initialized new in-memory state store', v: 0 }))).toBe('1.19–1.30');
  });
});

describe('the log\'s date', () => {
  // The JSON samples are stamped 2024-03-15, when 1.29 was the newest release: 1.30 at most, in pre-release.
  it('bounds the version at the newest release by then, plus its pre-release', () => {
    expect(versionOf(json('state/state_mem.go:36', { msg: 'Initialized new in-memory state store', v: 0 }))).toBe('1.19–1.30');
    // Before 1.0 (July 2015) only its pre-releases existed.
    const early = analyzeSources([{ name: 'fp.log', data: `2015-03-15T10:00:00.000000001Z stderr F ${klog('I', 'kubelet.go:1000', 'Starting kubelet main sync loop.')}\n` }]).sources[0].versionRange;
    expect(early.label).toBe('≤1.0');
    expect(early.signals).toContain('dated 2015-03, before 1.0 was released (a pre-release of it at most)');
  });

  it('is weak: it narrows the other signals but never contradicts them (a year only suggested may be wrong)', () => {
    expect(versionOf(json('kubelet/kubelet.go:2606', { msg: 'SyncLoop (containermanager): event for pod', pod: { name: 'web-0', namespace: 'default' } }))).toBe('1.30');
    const fp = new VersionFingerprint();
    fp.noteLogDate(Date.parse('2016-06-07T11:53:24Z') * 1000);
    expect(fp.result().label).toBe('≤1.3');
    expect(fp.result().signals).toEqual(['dated 2016-06, when 1.2 was the newest release (1.3 at most in pre-release)']);
    // A version the log names outright wins over a date that contradicts it.
    fp.notePathVersion(32, 'the file name');
    expect(fp.result().label).toBe('1.32');
    // A date past the table's last release says nothing (a newer release may exist).
    const late = new VersionFingerprint();
    late.noteLogDate(Date.parse('2026-11-01T00:00:00Z') * 1000);
    expect(late.result().label).toBe('unknown');
  });
});

describe('the pod workers\' sync error', () => {
  it('dates a log ≤1.6 when it names the pod by its UID alone; the UID with the pod\'s name does not', () => {
    // rw20-73 (kubernetes/kubernetes#12499, a kubelet of August 2015).
    expect(versionOf(klog('E', 'pod_workers.go:111', 'Error syncing pod fa7184b39d971a2342785447f6f916bd, skipping: API error (404): Cannot start container 4a85 (no such file)'))).toBe('≤1.6');
    expect(versionOf(klog('E', 'pod_workers.go:186', 'Error syncing pod 0b8a6aa8-e6b9-11e8-a5ab-06f9f0f1cd1e ("web-0_default(0b8a6aa8-e6b9-11e8-a5ab-06f9f0f1cd1e)"), skipping: failed to "StartContainer" (a, b)'))).not.toBe('≤1.6');
  });
});

describe('dockertools kill lines', () => {
  it('date a log ≤1.6 by the bare ID quoted with names; the CRI\'s scheme-prefixed IDs say nothing of it', () => {
    expect(versionOf(klog('I', 'manager.go:1371', `Killing container "${CID} app default/web-0" with 30 second grace period`))).toBe('≤1.6');
    expect(versionOf(klog('I', 'docker_manager.go:1600', `Container "${CID} /" exited after 1.018921ms`))).toBe('≤1.6');
    expect(versionOf(klog('I', 'kuberuntime_container.go:581', `Killing container "docker://${CID}" with 30 second grace period`))).not.toBe('≤1.6');
  });
});

describe('the CRI client\'s failure lines', () => {
  it('date a log by the file that logs them: remote_runtime.go / remote_image.go until 1.30, k8s.io/cri-client\'s log.go since 1.31 (kubernetes/kubernetes#126366, #129827)', () => {
    const err = 'err="rpc error: code = Unknown desc = failed to pull and unpack image: 429 Too Many Requests" image="registry.k8s.io/pause:3.10"';
    expect(versionOf(klog('E', 'log.go:32', `"PullImage from image service failed" ${err}`))).toBe('1.31+');
    expect(versionOf(klog('E', 'remote_image.go:180', `"PullImage from image service failed" ${err}`))).toBe('1.21–1.30');
    // Another file says nothing of it (structured records alone: 1.19+).
    expect(versionOf(klog('E', 'remote.go:32', `"PullImage from image service failed" ${err}`))).toBe('1.19+');
  });

  it('date a log ≤1.7 by a gRPC status code printed as a number (grpc-go before 1.2); a numbered code inside a named one says nothing', () => {
    const stop = (err: string) => klog('E', 'remote_runtime.go:109', `StopPodSandbox "${CID}" from runtime service failed: ${err}`);
    expect(versionOf(stop('rpc error: code = 2 desc = NetworkPlugin cni failed to teardown pod'))).toBe('≤1.7');
    // Docker's own error text (its containerd's old gRPC), passed on by a 1.8+ kubelet's client with a named code.
    expect(versionOf(stop('rpc error: code = Unknown desc = Error response from daemon: rpc error: code = 2 desc = containerd: container not found'))).toBe('≤1.20');
  });
});

describe('a Go stack\'s logging library', () => {
  it('dates the kubelet: glog ≤1.13, klog 1.14–1.18, klog/v2 1.19+ (kubernetes/kubernetes#91255: kind, May 2020)', () => {
    const fatal = klog('F', 'server.go:198', 'failed to load Kubelet config file /var/lib/kubelet/config.yaml, error failed to read kubelet config file "/var/lib/kubelet/config.yaml", error: open /var/lib/kubelet/config.yaml: no such file or directory');
    const stack = (frame: string) => [fatal, 'goroutine 1 [running]:', frame, '\tvendor/k8s.io/klog/klog.go:972 +0xb8'];
    expect(versionOf(...stack('k8s.io/kubernetes/vendor/k8s.io/klog/v2.stacks(0xc0000e0001, 0xc0008c0160, 0xfb, 0x14d)'))).toBe('1.19–1.20');
    expect(versionOf(...stack('k8s.io/kubernetes/vendor/k8s.io/klog.stacks(0xc0000e0001, 0xc0008c0160, 0xfb, 0x14d)'))).toBe('1.14–1.18');
    expect(versionOf(...stack('k8s.io/kubernetes/vendor/github.com/golang/glog.stacks(0xc0000e0001, 0xc0008c0160, 0xfb, 0x14d)'))).toBe('≤1.13');
  });
});
