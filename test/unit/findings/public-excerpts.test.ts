/**
 * Each detector on real kubelet lines quoted in public GitHub issues and repositories (fixtures in
 * test/fixtures/findings/, trimmed to what the test needs; the source is named next to each use). Expected facts
 * (line numbers, durations, names) are read off the fixture text.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyse, expectRangeAndNext, fixture, type Analysed } from './findings-kit.ts';
import { kindName } from '../../../src/catalog/catalog.ts';
import { printedMessage } from '../../../src/model/trace-query.ts';
import { describeRestart, kubeletRestarts } from '../../../src/model/kubelet-restarts.ts';
import { dumpPod } from '../../../src/model/dump.ts';

const only = (a: Analysed, id: string) => {
  const found = a.of(id);
  expect(found, `${id} findings`).toHaveLength(1);
  return found[0];
};

describe('pleg-unhealthy', () => {
  it('reports the longest "last seen active" (aws-samples/eks-workshop-v2#447, EKS 1.23 syslog)', () => {
    // https://github.com/aws-samples/eks-workshop-v2/issues/447
    const a = fixture('pleg-unhealthy-1.log');
    const f = only(a, 'pleg-unhealthy');
    expect(f.severity).toBe('error');
    expect(f.explanation).toContain('2h33m17.705751197s');
    expect(a.lines(f)).toEqual([1, 2]);
  });

  it('links the stall to a runtime call timing out (k3s-io/k3s#2370, printf era)', () => {
    // https://github.com/k3s-io/k3s/issues/2370
    const a = fixture('pleg-unhealthy-2.log');
    const f = only(a, 'pleg-unhealthy');
    expect(f.explanation).toContain('5m6.764478598s');
    expect(f.explanation).toContain('deadline exceeded');
    expect(a.lines(f)).toContain(5);
    const calls = only(a, 'runtime-call-errors');
    // remote_runtime.go's line, then getKubeletContainers logging the same error: one failed call.
    expect(calls.title).toBe('Container runtime call failed (ListContainers)');
    expect(calls.explanation).toContain('ListContainers ×1 (deadline exceeded; first line 5; logged again by its caller on line 6)');
  });
});

describe('admission-rejected', () => {
  it('names the admit result\'s reason and quotes the detail (kubernetes/kubernetes#138391, allocation_manager.go era)', () => {
    // https://github.com/kubernetes/kubernetes/issues/138391 — a static kube-apiserver pod that does not fit: the
    // critical-pod handler finds nothing to preempt, and the pod is denied with UnexpectedAdmissionError. The
    // predicate line and the denial are one rejection.
    const a = fixture('admission-rejected-1.log');
    const f = only(a, 'admission-rejected');
    expect(f.title).toBe('Pods rejected at admission: UnexpectedAdmissionError');
    expect(a.pods(f)).toEqual(['kube-system/kube-apiserver-master1']);
    expect(a.lines(f)).toEqual([2, 3]);
    // The denial's message="…" is the whole of it.
    expect(f.explanation).toContain('for 1 pod (kube-system/kube-apiserver-master1) and rejected it (UnexpectedAdmissionError): "Unexpected error while attempting to recover from admission failure: preemption: error finding a set of pods to preempt');
    expect(f.explanation).toContain('found no set of pods whose eviction would free enough');
    expect(f.next).toMatch(/^A critical pod \(static, or of system-node-critical or system-cluster-critical priority\) did not fit/);
    expect(a.trace.pods[0].admission.result).toBe('rejected');
  });
});

describe('runtime-call-errors', () => {
  it('counts each failed call once and its callers\' lines as evidence (cri-o/cri-o#1228, printf era)', () => {
    // https://github.com/cri-o/cri-o/issues/1228 — two ListPodSandbox failures a second apart, each logged again by
    // kuberuntime_sandbox.go and PLEG or housekeeping (one caller prints the error as a Go struct, `%#v`).
    const a = fixture('runtime-call-errors-1.log');
    const f = only(a, 'runtime-call-errors');
    expect(f.title).toBe('Container runtime calls failing (ListPodSandbox ×2)');
    expect(f.explanation).toContain('ListPodSandbox ×2 (deadline exceeded; first line 1; logged again by callers on lines 2, 3, 5, 6 and 7)');
    expect(a.lines(f)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('tells a caller\'s line from another call failing a moment later (NVIDIA/gpu-operator#303, structured lines in journald)', () => {
    // https://github.com/NVIDIA/gpu-operator/issues/303 — the sandbox listing fails (its own line is not in the
    // excerpt; kuberuntime_sandbox.go's stands for it) and PLEG logs it again; 6 ms later the stats collector's
    // ListContainers fails on its own. The last line (pod stats) is not a CRI call's line.
    const a = fixture('runtime-call-errors-2.log');
    const f = only(a, 'runtime-call-errors');
    expect(f.title).toBe('Container runtime calls failing (2 failed calls: ListPodSandbox, ListContainers)');
    expect(f.explanation).toContain('ListPodSandbox ×1 (connection refused; first line 1; logged again by its caller on line 2)');
    expect(f.explanation).toContain('ListContainers ×1 (connection refused; first line 3)');
    expect(a.lines(f)).toEqual([1, 2, 3]);
  });
});

describe('runtime-down', () => {
  it('reports "container runtime is down" with its first and last time (kubernetes/website#8030, 1.10 journald)', () => {
    // https://github.com/kubernetes/website/issues/8030
    const a = fixture('runtime-down-1.log');
    const f = only(a, 'runtime-down');
    expect(f.severity).toBe('error');
    expect(a.lines(f)).toEqual([1, 2, 3, 4, 5]);
    expect(f.explanation).toContain('21:14:19.210702');
    expect(f.explanation).toContain('21:14:39.211721');
    expect(f.scenario).toBe('runtime-hang-notready');
  });

  it('"runtime is down" in the NotReady message while pod workers go on is stale state, not a hung runtime (kubernetes/kubernetes#44650, 1.6, lines cut at 319)', () => {
    // https://github.com/kubernetes/kubernetes/issues/44650: after a reboot kubenet had no netConfig yet; two lines a
    // terminal cut at 319 characters are joined back, and the network is what kept the node not ready.
    const a = fixture('runtime-down-2.log');
    const f = only(a, 'runtime-down');
    expect(f.severity).toBe('info');
    expect(f.title).toBe('Node status said the container runtime was down, but pod workers went on (no sync skipped)');
    expect(a.lines(f)).toEqual([3, 5]);
    expect(only(a, 'network-not-ready').severity).toBe('warning');
    expect(a.trace.sources[0].lines).toMatchObject({ total: 7, klog: 3, continuation: 2 });
  });
});

describe('container-hash-changed', () => {
  it('reports a "definition changed" kill after an upgrade (kubernetes/kubernetes#84443, 1.14)', () => {
    // https://github.com/kubernetes/kubernetes/issues/84443 — the log does not show the kubelet start, so: warning.
    const a = fixture('container-hash-changed-1.log');
    const f = only(a, 'container-hash-changed');
    expect(f.severity).toBe('warning');
    expect(a.pods(f)).toEqual(['kube-system/proxy-rb2tm']);
    expect(f.explanation).toContain('Container kube-proxy definition changed, will be restarted');
    expect(f.scenario).toBe('hash-change-restart');
  });
});

describe('crashloop-backoff', () => {
  it('reads the back-off from the printf line and the sync error (coredns/coredns#1986, 1.11)', () => {
    // https://github.com/coredns/coredns/issues/1986
    const a = fixture('crashloop-backoff-1.log');
    const f = only(a, 'crashloop-backoff');
    expect(f.severity).toBe('warning');
    expect(a.pods(f)).toEqual(['kube-system/coredns-78fcdf6894-4kv6n']);
    expect(f.title).toContain('40s');
    // 40s is the third value of 10s, 20s, 40s: three restarts had failed.
    expect(f.explanation).toContain('at least 3 restarts');
    expect(a.lines(f)).toEqual([2, 3]);
  });

  it('names the pod from the back-off message when a pager cut the pod= key (kubernetes/kubernetes#125283, 1.2x journal)', () => {
    // https://github.com/kubernetes/kubernetes/issues/125283 — `journalctl -xeu kubelet` through less: the line
    // ends at `pod="ku>`, but its err names kube-scheduler-…_kube-system(uid) in full.
    const a = fixture('crashloop-backoff-3.log');
    const f = only(a, 'crashloop-backoff');
    expect(a.pods(f)).toEqual(['kube-system/kube-scheduler-ot-master1.internal.local']);
    expect(f.title).toBe('CrashLoopBackOff: kube-scheduler in kube-system/kube-scheduler-ot-master1.internal.local (back-off 2m40s)');
    expect(a.lines(f)).toEqual([3]);
  });

  it('groups repeated sync errors of one container (vmware-tanzu/kubeapps#933, 1.1x)', () => {
    // https://github.com/vmware-tanzu/kubeapps/issues/933
    const a = fixture('crashloop-backoff-2.log');
    const f = only(a, 'crashloop-backoff');
    expect(f.title).toContain('sync in kubeapps/apprepo-sync-stable-1547906400-k8xb7');
    expect(f.explanation).toContain('2m40s');
    expect(a.lines(f)).toEqual([1, 2, 3]);
  });
});

describe('liveness-restart', () => {
  it('follows probe failures → SyncLoop (probe) → kill decision → kill → new container (VijayRod/demo, AKS 1.29)', () => {
    // https://github.com/VijayRod/demo/blob/main/container-storage/logs/k8s-pod.md (liveness-exec example)
    const a = fixture('liveness-restart-1.log');
    const f = only(a, 'liveness-restart');
    expect(f.severity).toBe('warning');
    expect(a.pods(f)).toEqual(['default/liveness-exec']);
    expect(a.lines(f)).toEqual([4, 5, 6, 7, 8, 9, 11]);
    expect(f.explanation).toContain('failed 3 times');
    expect(f.explanation).toContain('30 s grace');
    // Liveness failures that led to a restart are not repeated as probe-failures.
    expect(a.of('probe-failures')).toEqual([]);
  });
});

describe('kubelet-panic with the older crash handler\'s stacks (bare file:line frames, before 1.15)', () => {
  it('1.14, a journal with Chinese month names: the first frame past the handler is client-go\'s reflector (kubernetes/kubeadm#1486)', () => {
    // https://github.com/kubernetes/kubeadm/issues/1486
    const a = fixture('kubelet-panic-1.log');
    const f = only(a, 'kubelet-panic');
    expect(f.title).toBe('Kubelet panic in k8s.io/client-go/tools/cache (reflector.go:189)');
    expect(f.explanation).toContain('shows no frame of the kubelet\'s own code');
  });

  it('1.3: the stack after the line holds only the handler\'s frames, so where it happened is not shown (kubernetes/kubernetes#28992)', () => {
    // https://github.com/kubernetes/kubernetes/issues/28992 (the frames before the line are the previous panic's)
    const a = fixture('kubelet-panic-2.log');
    const f = only(a, 'kubelet-panic');
    expect(f.title).toBe('Kubelet panic');
    expect(f.explanation).toContain('stops before the kubelet\'s own frames');
    expect(f.explanation).not.toContain('does not show the stack');
  });

  it('1.2\'s "Recovered from panic" with pkg/util as the handler: the status manager formatting a pod (kubernetes/kubernetes#19666)', () => {
    // https://github.com/kubernetes/kubernetes/issues/19666
    const a = fixture('kubelet-panic-3.log');
    const f = only(a, 'kubelet-panic');
    expect(f.title).toBe('Kubelet panic in kubelet/util/format (pod.go:33)');
    expect(f.explanation).toContain('its first frame in the kubelet\'s own code is where it happened');
  });
});

describe('healthz-port-taken', () => {
  it('a second kubelet holds 127.0.0.1:10248 (k0sproject/k0s#960: k0s\'s kubelet in logfmt, a lower-case month)', () => {
    // https://github.com/k0sproject/k0s/issues/960
    const a = fixture('healthz-port-taken-1.log');
    const f = only(a, 'healthz-port-taken');
    expect(f.severity).toBe('warning');
    expect(f.title).toBe('Kubelet\'s health endpoint cannot listen: its port is taken');
    expect(a.lines(f)).toEqual([4]);
    expect(f.explanation).toContain('listen tcp 127.0.0.1:10248: bind: address already in use');
    expect(f.explanation).toContain('a second kubelet');
  });
});

describe('slow-termination', () => {
  it('a stop 10 s past its 30 s grace period is the runtime\'s, not the application\'s (kubernetes-sigs/kueue#4626, kind, 1.32)', () => {
    // https://github.com/kubernetes-sigs/kueue/issues/4626 (the thread found containerd slow on the overloaded CI node)
    const a = fixture('slow-termination-1.log');
    const f = only(a, 'slow-termination');
    expect(f.severity).toBe('warning');
    expect(f.title).toBe('Slow termination: c in lws-e2e-thznm/lws-1 took 40.08s to stop (longer than its grace period: the runtime)');
    // The kill, the stop's end, and the status manager delaying the deletion for a minute after it.
    expect(a.lines(f)).toEqual([5, 14, 16, 22]);
    expect(f.explanation).toContain('10.08s past its grace period');
    expect(f.explanation).toContain('stayed in the API 1m8s longer still');
    expect(f.scenario).toBeUndefined();
  });

  it('a shell as PID 1 that ignores SIGTERM is killed when its 30 s grace period runs out (VijayRod/demo, AKS 1.29)', () => {
    // https://github.com/VijayRod/demo/blob/main/container-storage/logs/k8s-pod.md (liveness-exec: busybox sh -c …)
    const a = fixture('liveness-restart-1.log');
    const f = only(a, 'slow-termination');
    expect(f.severity).toBe('warning');
    expect(f.title).toBe('Slow termination: liveness in default/liveness-exec took 30.19s to stop (killed when the grace period ran out)');
    expect(f.explanation).toContain('did not exit on SIGTERM');
    expect(f.scenario).toBe('pod-lifecycle');
  });
});

describe('pod-update-flood', () => {
  it('one pod updated every ~18 ms (rancher/rancher#30052, 1.18: "Kubelet log flooded by SyncLoop on nginx-ingress-controller")', () => {
    // https://github.com/rancher/rancher/issues/30052
    const a = fixture('pod-update-flood-1.log');
    const f = only(a, 'pod-update-flood');
    expect(f.severity).toBe('warning');
    expect(f.title).toBe('ingress-nginx/nginx-ingress-controller-qcmfj updated 4 times in 55.1ms');
    expect(a.lines(f)).toEqual([2, 3, 4, 5]);
    expect(f.explanation).toContain('one every 18.4ms on average');
    expect(f.explanation).toContain('something keeps rewriting the pod object in the API');
  });
});

describe('probe-failures', () => {
  it('reports flapping readiness failures as information (kubernetes/kubernetes#62594, printf era)', () => {
    // https://github.com/kubernetes/kubernetes/issues/62594
    const a = fixture('probe-failures-1.log');
    const f = only(a, 'probe-failures');
    expect(f.severity).toBe('info');
    expect(f.explanation).toContain('flapped');
    expect(f.explanation).toContain('connection refused');
    expect(a.lines(f)).toEqual([2, 3]);
  });
});

describe('eviction', () => {
  it('names the evicted pod, not the ranked candidates (VijayRod/demo, AKS 1.26 syslog)', () => {
    // https://github.com/VijayRod/demo/blob/main/container-storage/logs/zk8s-pod_state_ExitCode.md
    const a = fixture('eviction-1.log');
    const f = only(a, 'eviction');
    expect(f.severity).toBe('warning');
    expect(a.pods(f)).toEqual(['default/nginx']);
    expect(a.lines(f)).toEqual([1, 2, 4]);
  });

  it('reports the reclaimed resource when no pod could be evicted (kubernetes/minikube#4084, printf era)', () => {
    // https://github.com/kubernetes/minikube/issues/4084
    const a = fixture('eviction-2.log');
    const f = only(a, 'eviction');
    expect(f.title).toContain('ephemeral-storage');
    // The ranking names only the control plane's static pods, which are never evicted.
    expect(a.pods(f)).toEqual(['kube-system/kube-scheduler-minikube', 'kube-system/kube-apiserver-minikube', 'kube-system/kube-controller-manager-minikube', 'kube-system/etcd-minikube']);
    expect(f.explanation).toContain('static pods only — critical pods, which the eviction manager of current releases does not evict');
  });
});

describe('sandbox-create-failed', () => {
  it('reports the failed sandbox creation (kubernetes/kubernetes#82122, GKE 1.13, lines cut short in the issue)', () => {
    // https://github.com/kubernetes/kubernetes/issues/82122
    const a = fixture('sandbox-create-failed-1.log');
    const f = only(a, 'sandbox-create-failed');
    expect(a.pods(f)).toEqual(['cron-jobs/fb-insights-frequent-run-1567040400-r68ls']);
    expect(a.lines(f)).toEqual([1, 2]);
    expect(f.severity).toBe('warning');
  });
});

describe('image-pull-failed', () => {
  it('names the image in back-off (kubernetes/minikube#322, 1.3)', () => {
    // https://github.com/kubernetes/minikube/issues/322
    const a = fixture('image-pull-failed-1.log');
    const f = only(a, 'image-pull-failed');
    expect(f.title).toContain('gcr.io/google_containers/pause-amd64:3.0');
    expect(f.explanation).toContain('ImagePullBackOff');
    expect(a.lines(f)).toEqual([1, 3]);
  });
});

describe('node-not-ready', () => {
  it('a NodeNotReady event with no reason: the last PLEG line 3m4s before, context only (prabhatsharma/kubernetes-the-hard-way-aws#12, 1.x journald)', () => {
    // https://github.com/prabhatsharma/kubernetes-the-hard-way-aws/issues/12 — the issue is "PLEG is not healthy".
    const a = fixture('node-not-ready-1.log');
    const f = only(a, 'node-not-ready');
    expect(f.severity).toBe('error');
    expect(f.title).toBe('Node NotReady (until the end of the log)');
    expect(f.explanation).toContain('set ip-10-240-0-20 NotReady at 15:46:40.357340 (line 3), and the line does not say why');
    expect(f.explanation).toContain('The last PLEG line before it was 3m4s earlier (line 2).');
    expect(a.lines(f)).toEqual([3]);
    // The PLEG line names a pod; the finding does not claim it.
    expect(f.pods).toEqual([]);
  });
});

describe('probe-failures from the sync loop\'s readiness lines alone', () => {
  it('a pod not ready until the end, no prober lines (kubernetes/kubernetes#138889, 1.3x)', () => {
    // https://github.com/kubernetes/kubernetes/issues/138889
    const a = fixture('readiness-not-ready-1.log');
    const f = only(a, 'probe-failures');
    expect(f.title).toBe('Readiness: manager/northftpmaster-0 not ready (until the end of the log)');
    // Six seconds: information, not yet an incident.
    expect(f.severity).toBe('info');
    expect(f.explanation).toContain('4 times up to 08:18:56.428158 (line 4)');
    expect(a.lines(f)).toEqual([1, 2, 3, 4]);
  });
});

describe('pod-sync-skipped', () => {
  it('a reason no runtime or PLEG finding covers: the container manager failed (rancher/rancher#8491, Rancher 1.x log viewer, 1.5–1.6)', () => {
    // https://github.com/rancher/rancher/issues/8491 — each line behind the viewer's local date, glued to the header.
    const a = fixture('pod-sync-skipped-1.log');
    const f = only(a, 'pod-sync-skipped');
    expect(f.severity).toBe('error');
    expect(f.explanation).toContain('3 times from 19:40:03.656270 (line 1) to 19:40:13.656759 (line 3), 10.00s: "Failed to start ContainerManager mkdir /sys/fs/cgroup/cpuacct,cpu: read-only file system"');
    expect(a.lines(f)).toEqual([1, 2, 3]);
    expect(a.trace.sources[0].year).toEqual({ value: 2017, how: 'wrapper' });
  });
});

describe('status-update-skipped', () => {
  it('a static pod whose status is dropped for minutes: the mirror pod in the API is not the kubelet\'s (kubernetes/kubernetes#137309, "mirror pod stays Pending")', () => {
    // https://github.com/kubernetes/kubernetes/issues/137309
    const a = fixture('status-update-skipped-1.log');
    const f = only(a, 'status-update-skipped');
    expect(f.title).toBe('Status updates skipped for kube-system/etcd-master3 (4×)');
    expect(f.explanation).toContain('4 times, from 06:42:18.569999 (line 1) to 06:45:48.255006 (line 4), 3m29s');
    expect(f.explanation).toContain('(UID 237af8ca-bbdf-4c1d-81a1-05e583f0a7b1)');
    expect(f.explanation).toContain('a static pod\'s (a hash of its manifest)');
    expect(a.lines(f)).toEqual([1, 2, 3, 4]);
  });

  it('one recreation is routine: no finding', () => {
    const one = fixture('status-update-skipped-1.log').text.split('\n')[0];
    expect(analyse(one).of('status-update-skipped')).toEqual([]);
  });
});

describe('mirror-pod-churn', () => {
  it('mirror pods of static pods deleted as outdated again within seconds (kubernetes/kubernetes#8642, 1.10 journald)', () => {
    // https://github.com/kubernetes/kubernetes/issues/8642
    const a = fixture('mirror-pod-churn-1.log');
    const f = only(a, 'mirror-pod-churn');
    expect(f.severity).toBe('warning');
    expect(f.explanation).toContain('the mirror pods of 4 static pods as outdated, 2 of them more than once: kube-system/kube-controller-manager-ubuntu ×2 and kube-system/etcd-ubuntu ×2');
    expect(f.explanation).toContain('again 3.107s later (line 5)');
    expect(a.lines(f)).toEqual([1, 2, 3, 4, 5, 6]);
    // The mirror pods' UIDs are version-1 UUIDs made in April 2018.
    expect(a.trace.sources[0].year).toEqual({ value: 2018, how: 'pod-uid' });
  });

  it('each mirror deleted once (a manifest changed): no finding', () => {
    const lines = fixture('mirror-pod-churn-1.log').text.split('\n').slice(0, 4).join('\n');
    expect(analyse(lines).of('mirror-pod-churn')).toEqual([]);
  });
});

describe('illegal-phase-transition', () => {
  it('names the terminal phase kept and the phase refused (kubernetes/kubernetes#105382, an evicted pod, 1.2x)', () => {
    // https://github.com/kubernetes/kubernetes/pull/105382
    const a = fixture('illegal-phase-transition-1.log');
    const f = only(a, 'illegal-phase-transition');
    expect(f.severity).toBe('warning');
    expect(f.title).toBe('Kubelet refused to move default/evictme from Failed back to Running');
    expect(a.lines(f)).toEqual([2]);
    expect(a.pods(f)).toEqual(['default/evictme']);
  });
});

describe('kubelet-exited', () => {
  it('systemctl status\'s ellipsized copy of the failure is not a second failure (kubernetes/kubelet#9, 1.18)', () => {
    // https://github.com/kubernetes/kubelet/issues/9: `systemctl status` (its lines ellipsized), then the journal in full.
    const a = fixture('kubelet-exited-2.log');
    const f = only(a, 'kubelet-exited');
    expect(f.title).toBe('Kubelet fails to start: cgroup driver mismatch');
    expect(f.explanation).not.toContain('...');
    expect(f.explanation).not.toContain('another way');
  });

  it('a port another process holds (kubeedge/kubeedge#6076, Windows edgecore, its read-only server on 10350)', () => {
    // https://github.com/kubeedge/kubeedge/issues/6076
    const a = fixture('kubelet-exited-1.log');
    const f = only(a, 'kubelet-exited');
    expect(f.severity).toBe('error');
    expect(f.title).toBe('Kubelet fails to start: its port is taken');
    expect(f.explanation).toContain('listen tcp 127.0.0.1:10350: bind: Only one usage of each socket address');
    expect(a.lines(f)).toEqual([11]);
  });
});

describe('network-not-ready', () => {
  it('reports the CNI message; 15 s without failed pods is information (fujitatomoya/ros_k8s#22, 1.2x)', () => {
    // https://github.com/fujitatomoya/ros_k8s/issues/22
    const a = fixture('network-not-ready-1.log');
    const f = only(a, 'network-not-ready');
    expect(f.severity).toBe('info');
    expect(f.explanation).toContain('cni plugin not initialized');
    expect(a.lines(f)).toEqual([1, 2, 3, 4]);
  });

  it('names the pods whose sync was refused, printf era (flannel-io/flannel#1432, 1.19 journald)', () => {
    // https://github.com/flannel-io/flannel/issues/1432 — both coredns pods refused ("Error syncing pod …, skipping:
    // network is not ready: …") in the same second, then updateRuntimeUp's own line. Pods waiting on the network
    // make it a warning even though the excerpt spans under a second.
    const a = fixture('network-not-ready-2.log');
    const f = only(a, 'network-not-ready');
    expect(a.pods(f)).toEqual(['kube-system/coredns-f9fd979d6-8ntbc', 'kube-system/coredns-f9fd979d6-6v2kf']);
    expect(['warning', 'error']).toContain(f.severity);
    expect(f.title).toContain('2 pods could not sync');
    expect(a.lines(f)).toEqual([1, 2, 3]);
    expect(f.explanation).toContain('kube-system/coredns-f9fd979d6-8ntbc and kube-system/coredns-f9fd979d6-6v2kf');
    expect(f.explanation).toContain('cni config uninitialized');
    // 21:19:47.163370 (line 1) to 21:19:48.133496 (line 3).
    expectRangeAndNext(a, f);
    expect(f.endUs - f.startUs).toBe(970_126);
  });

  it('names the pod whose sync was refused, structured era (cri-o/cri-o#8999, 1.28+, journald in a Russian locale)', () => {
    // https://github.com/cri-o/cri-o/issues/8999 — calico's own csi-node-driver pod refused every 2 s while the CNI
    // config is missing (the journald month is Russian, "мая"; the klog header inside carries the time).
    const a = fixture('network-not-ready-3.log');
    const f = only(a, 'network-not-ready');
    expect(a.pods(f)).toEqual(['calico-system/csi-node-driver-h2wzm']);
    expect(['warning', 'error']).toContain(f.severity);
    expect(a.lines(f)).toEqual([1, 2, 3]);
    expect(f.explanation).toContain('Pods whose sync failed because of it: calico-system/csi-node-driver-h2wzm');
    expect(f.explanation).toContain('4.000s and 3 lines');
    expectRangeAndNext(a, f);
    expect(a.trace.sources[0].eras.structured).toBe(3);
  });
});

describe('volume-mount-timeout', () => {
  it('quotes the reconciler\'s error to its root cause and names it: a CSI driver not registered (juicedata/juicefs-csi-driver#1191, syslog without a pid)', () => {
    // https://github.com/juicedata/juicefs-csi-driver/issues/1191
    const a = fixture('volume-mount-timeout-3.log');
    const f = only(a, 'volume-mount-timeout');
    expect(f.explanation).toContain('driver name csi.juicefs.com not found in the list of registered CSI drivers');
    expect(f.explanation).toContain('That is: its CSI driver is not registered on the node.');
    expect(f.next).toContain('node-driver-registrar');
  });

  it('names the volume that was not mounted (kubernetes/kubernetes#103530, 1.19 printf)', () => {
    // https://github.com/kubernetes/kubernetes/issues/103530
    const a = fixture('volume-mount-timeout-1.log');
    const f = only(a, 'volume-mount-timeout');
    expect(f.severity).toBe('warning');
    expect(a.pods(f)).toEqual(['default/alpine-b778bf6cc-vwqp7']);
    expect(f.title).toContain('default-token-kzw5v');
    // The excerpt's one line is the evidence: "Unable to attach or mount volumes … timed out waiting for the condition".
    expect(a.lines(f)).toEqual([1]);
    expect(f.explanation).toContain('timed out waiting for the condition');
    expectRangeAndNext(a, f);
  });

  it('the pod worker\'s "Error syncing pod" repeating the same timeout is one wait, not two (canonical/microk8s#3753, 1.2x kubelite)', () => {
    // https://github.com/canonical/microk8s/issues/3753 — two pods, each one timeout; one of them also has the pod
    // worker's line for it. Both are the same finding, of the same weight.
    const a = fixture('volume-mount-timeout-2.log');
    const f = a.of('volume-mount-timeout');
    expect(f.map((x) => `${x.severity} ${a.pods(x)}`)).toEqual([
      'warning kube-system/hostpath-provisioner-69cd9ff5b8-cf44z', 'warning kube-system/dashboard-metrics-scraper-7bc864c59-2bwr2',
    ]);
    expect(f[0].explanation).toContain('gave up after the 2m3s attach-and-mount timeout at 11:54:49.294297 (line 1)');
  });
});

describe('housekeeping-slow', () => {
  it('reports the worst pass (portainer/kubesolo#36, 1.3x)', () => {
    // https://github.com/portainer/kubesolo/issues/36
    const a = fixture('housekeeping-slow-1.log');
    const f = only(a, 'housekeeping-slow');
    expect(f.severity).toBe('warning');
    expect(f.explanation).toContain('7.242s (line 1)');
    expect(a.lines(f)).toEqual([1, 2, 3]);
  });
});

describe('api-server-unreachable', () => {
  it('one node status update refused try after try is an info (kubernetes/kubernetes#68270, 1.11 syslog via grep)', () => {
    // https://github.com/kubernetes/kubernetes/issues/68270 — `grep "node status" /var/log/messages`: the tries of one
    // update, connection refused (the excerpt's fourth line is cut before its cause).
    const a = fixture('api-server-unreachable-1.log');
    const f = only(a, 'api-server-unreachable');
    // (Line 10, cut before its cause, is the same refusal.)
    expect([f.severity, f.title]).toEqual(['info', 'Kubelet cannot reach the API server: the API server refuses connections (4 error lines)']);
    expect(a.lines(f)).toEqual([7, 8, 9, 10]);
    expect(f.explanation).toContain('The log shows only this one moment');
    expect(a.trace.sources[0].node).toBe('engine02');
    expect(a.trace.sources[0].year.value).toBe(2018);
  });
});

describe('orphaned-pod-volumes', () => {
  it('three pods in two housekeeping passes under a second apart (kubernetes/kubernetes#38498, 1.5 "error <nil> occured")', () => {
    // https://github.com/kubernetes/kubernetes/issues/38498 — CoreOS, the kubelet run under sh.
    const a = fixture('orphaned-pod-volumes-1.log');
    const f = only(a, 'orphaned-pod-volumes');
    expect(f.title).toBe('Orphaned pod volumes left on disk: 3 pods');
    expect(a.lines(f)).toEqual([2, 3, 4, 6, 7]);
    expect(f.explanation).toContain('housekeeping reported 3 orphaned pods whose volume paths are still on disk 5 times');
  });
});

describe('volume-op-failing', () => {
  it('a ConfigMap volume whose ConfigMap is missing, its retries counted by their "Couldn\'t get configMap" lines (rook/rook#3761, 1.15)', () => {
    // https://github.com/rook/rook/issues/3761 — one complete failure line; the second is cut off in the excerpt.
    const a = fixture('volume-op-failing-1.log');
    const f = only(a, 'volume-op-failing');
    expect(f.title).toBe('Volume MountVolume.SetUp failing for kb51-nfs-server-0 (kb51-nfs-server): the ConfigMap or Secret it mounts is not found');
    expect(a.lines(f)).toEqual([4, 5, 6]);
    // The prose line before the log, commas and all, is no CSV header.
    expect(a.trace.sources[0].diagnostics.some((d) => d.message.includes('CSV'))).toBe(false);
  });
});

describe('image-gc-churn', () => {
  it('GC over the high threshold every pass, a few GiB each time (kubernetes/kubernetes#116020, a 1.26 Windows node)', () => {
    // https://github.com/kubernetes/kubernetes/issues/116020 — two excerpts of one paste joined by `...` (a gap).
    const a = fixture('image-gc-churn-1.log');
    const f = only(a, 'image-gc-churn');
    expect(f.title).toBe('Image garbage collection every pass: 3 passes, 13 images removed (66.5 GiB)');
    expect(f.explanation).toContain('the closest two 5m17s apart');
    expect(a.lines(f)).toEqual([2, 7, 12, 18]);
  });
});

describe('node-shutdown', () => {
  it('a priority group whose wait ran out after its pods\' kills had finished (kubernetes/kubernetes#133442, 1.32 at --v=1)', () => {
    // https://github.com/kubernetes/kubernetes/issues/133442 — shutdown by pod priority, `...` between the lines.
    const a = fixture('node-shutdown-1.log');
    const f = only(a, 'node-shutdown');
    expect([f.severity, f.title]).toEqual(['warning', 'Graceful node shutdown: 2 pods killed; 1 priority group ran out of time']);
    expect(f.explanation).toContain('The wait for the pods of priority 0 ran out its 60 s (line 24), although the last kill the log shows finishing came 40.30s earlier (line 22)');
    expect(a.lines(f)).toEqual([20, 22, 24, 26, 27, 28]);
  });
});

describe('round 7: detectors that had only constructed logs, on real excerpts', () => {
  it('container-config-error names the container and the subPath cause (awslabs/mountpoint-s3-csi-driver#411, 1.28+ journal without date or host)', () => {
    // https://github.com/awslabs/mountpoint-s3-csi-driver/issues/411
    const a = fixture('container-config-error-1.log');
    const f = only(a, 'container-config-error');
    expect(f.title).toBe('CreateContainerConfigError for container app of phnamespace/s3-app-pathbased');
    expect(f.explanation).toContain('failed to prepare subPath for volumeMount "persistent-storage" of container "app"');
    // The kubelet's own subPath line, cut before its container's name, joins the pod's one such failure with its cause.
    expect(f.explanation).toContain('The kubelet could not prepare the subPath of volume mount "persistent-storage" (line 8): "error resolving symlinks in');
    expect(a.lines(f)).toEqual([6, 8]);
  });

  it('image-gc-failing reads the ≤1.6 wording and says the runtime refused removals (openshift/release#40, origin-node 1.6 journal)', () => {
    // https://github.com/openshift/release/issues/40 — the thread: images of dead containers were never removed.
    const a = fixture('image-gc-failing-1.log');
    const f = only(a, 'image-gc-failing');
    expect(f.title).toBe('Image garbage collection failing: the runtime refused to remove images');
    expect(a.lines(f)).toEqual([4, 5]);
    // The second line is cut by the stored excerpt ("want"): the first one's whole error is quoted.
    expect(f.explanation).toContain('"wanted to free 6607811379, but freed 7438123270 space with errors in image deletion');
    expect(f.explanation).toContain('(a pass wanted to free 6.2 GiB and freed 6.9 GiB)');
    expect(a.trace.sources[0].versionRange.label).toBe('≤1.6');
  });

  it('pod-kill-failed takes a cut sync error\'s cause from the runtime call before it (kubernetes/website#6080, 1.8 journal)', () => {
    // https://github.com/kubernetes/website/issues/6080
    const a = fixture('pod-kill-failed-1.log');
    const f = only(a, 'pod-kill-failed');
    expect(f.title).toBe('Killing the sandbox of nginx-deployment-569477d6d8-92gsl fails: runtime timeout');
    expect(a.lines(f)).toEqual([14, 16]);
    expect(f.explanation).toContain('DeadlineExceeded');
    expect(f.explanation).not.toContain('The runtime refused the kill');
  });

  it('pod-kill-failed from "Container termination failed with gracePeriod" alone (just-containers/s6-overlay#610, structured journal)', () => {
    // https://github.com/just-containers/s6-overlay/issues/610 — the container's process would not stop.
    const a = fixture('pod-kill-failed-2.log');
    const f = only(a, 'pod-kill-failed');
    expect(f.title).toBe('Killing container liuda1-goland of admin/liuda1-goland-0 fails: runtime timeout');
    expect(a.lines(f)).toEqual([4]);
    // No "Error syncing pod" line is in it: a failed kill, with no sync result's reason made up.
    expect(f.explanation).toContain('1 failed kill');
    expect(f.explanation).not.toContain('KillContainerError');
  });

  it('sandbox-create-failed quotes the CNI cause and counts one attempt logged twice once (projectcalico/calico#4308, k3s printf)', () => {
    // https://github.com/projectcalico/calico/issues/4308
    const a = fixture('sandbox-create-failed-2.log');
    const f = a.of('sandbox-create-failed');
    expect(f.map((x) => x.title)).toEqual([
      'Pod sandbox creation failing for kube-system/coredns-8655855d6-q6mtc',
      'Pod sandbox creation failing for kube-system/local-path-provisioner-6d59f47c7-mv8fz',
    ]);
    expect(f.map((x) => x.severity)).toEqual(['warning', 'warning']);
    expect(a.lines(f[1])).toEqual([3, 4]);
    expect(f[1].explanation).toContain('2 failure lines (one attempt)');
    expect(f[1].explanation).toContain('failed to setup network for sandbox "34bef718517f…": failed to find plugin "loopback" in path [/opt/cni/bin]"');
    // The runtime client's RunPodSandbox line is the same failure: no second, pod-less finding.
    expect(a.of('runtime-call-errors')).toEqual([]);
  });

  it('sandbox-create-failed on the dockertools network failure with an empty plugin error (projectcalico/cni-plugin#105, 2016)', () => {
    // https://github.com/projectcalico/cni-plugin/issues/105
    const a = fixture('sandbox-create-failed-3.log');
    const f = only(a, 'sandbox-create-failed');
    expect(a.pods(f)).toEqual(['kube-system/kube-dns-dx2er']);
    expect(a.lines(f)).toEqual([3, 6, 4, 5]); // cni.go's two podless lines (and the excerpt's repeat of the first) are the same attempt
    expect(f.explanation).toContain('network plugin (CNI) failed');
    // dockertools says ≤1.6; dated June 2016 (the pod UIDs' time), when 1.2 was the newest release: ≤1.3.
    expect(a.trace.sources[0].versionRange.label).toBe('≤1.3');
  });

  it('pod-sync-skipped stays silent on a skip reason the excerpt cut ("[container run", kubernetes/kubernetes#88942, Windows glog file)', () => {
    // https://github.com/kubernetes/kubernetes/issues/88942
    const a = fixture('pod-sync-skipped-2.log');
    expect(a.of('pod-sync-skipped')).toEqual([]);
    expect(a.trace.sources[0].node).toBe('k8s-m-w2-win');
  });

  it('runtime-call-errors: PodSandboxStatus timing out every 2 minutes is one outage (containerd/containerd#7790, RKE1 1.22+)', () => {
    // https://github.com/containerd/containerd/issues/7790
    const a = fixture('runtime-call-errors-3.log');
    const f = only(a, 'runtime-call-errors');
    expect(f.title).toBe('Container runtime calls failing (4 failed calls: PodSandboxStatus, StopPodSandbox)');
    expect(a.lines(f)).toEqual([6, 7, 8, 10]);
    expect(f.severity).toBe('error');
  });

  it('admission-rejected says the reason and the pod were cut off, not that none was logged (kubernetes/kubernetes#106419, terminal-cut journal)', () => {
    // https://github.com/kubernetes/kubernetes/issues/106419 — the thread: OutOfcpu; every line is cut at the terminal's width.
    const a = fixture('admission-rejected-2.log');
    const f = only(a, 'admission-rejected');
    expect(f.title).toBe('Pods rejected at admission: reason cut off in this log');
    expect(f.explanation).toContain('(names cut off in this log)');
    expect(a.lines(f)).toEqual([6]);
    // The cut pod list's last (partial) name is not taken for a pod.
    expect(a.trace.pods).toEqual([]);
  });

  it('device-plugin-lost: a k3s agent\'s stream to its GPU plugin ended, and nothing registers again (NVIDIA/k8s-device-plugin#368)', () => {
    // https://github.com/NVIDIA/k8s-device-plugin/issues/368 — the plugin's pod kept being terminated; the line is cut by the issue.
    const a = fixture('device-plugin-lost-1.log');
    const f = only(a, 'device-plugin-lost');
    expect(f.title).toBe('Device plugin gone');
    expect(f.severity).toBe('warning');
    expect(a.lines(f)).toEqual([19]);
    expect(f.explanation).toContain('the line is cut before its resource');
    expect(f.explanation).toContain('No registration follows it in this log');
  });

  it('healthz-unhealthy: /healthz answered 500 five minutes after the sync loop\'s last line, and the supervisor restarted the kubelet (kubernetes/kubernetes#22259, 1.2 e2e)', () => {
    // https://github.com/kubernetes/kubernetes/issues/22259 — the thread: docker hung and the sync loop with it.
    const a = fixture('healthz-unhealthy-1.log');
    const f = only(a, 'healthz-unhealthy');
    expect(f.title).toBe('Kubelet unhealthy: /healthz answered 500');
    expect(f.severity).toBe('error');
    expect(a.lines(f)).toEqual([2, 9, 18]);
    expect(f.explanation).toContain('The sync loop\'s last line before it is 5m3s earlier (line 2 at 18:31:53.756609)');
    expect(f.explanation).toContain('A new kubelet process starts 41.99s after the first failed check (line 18)');
  });

  it('pleg-unhealthy does not claim skip lines a grep of node status left out (kubernetes/kubernetes#45419, CoreOS 1.6)', () => {
    // https://github.com/kubernetes/kubernetes/issues/45419
    const a = fixture('pleg-unhealthy-3.log');
    const f = only(a, 'pleg-unhealthy');
    expect(f.severity).toBe('error');
    expect(f.explanation).toContain('3m7.629592089s');
    expect(f.explanation).toContain('this log does not show the skips themselves');
    expect(f.explanation).not.toContain('skipped every iteration');
  });

  it('device-plugin-lost: two registrations of nvidia.com/gpu 15 ms apart, then the stream ends (bottlerocket-os/bottlerocket#4250, 1.30 journal)', () => {
    // https://github.com/bottlerocket-os/bottlerocket/issues/4250 — the NVIDIA device plugin registers twice, then its streams end.
    const a = fixture('device-plugin-lost-2.log');
    const f = only(a, 'device-plugin-lost');
    expect(f.title).toBe('Device plugin gone: nvidia.com/gpu');
    expect(a.lines(f)).toEqual([9, 10, 11]);
    expect(f.explanation).toContain('registered twice within 15.5ms before it (line 9 and line 10)');
    // Line 12's "client connection is closing" is the kubelet closing the replaced stream: not a second loss.
    expect(f.explanation).not.toContain('2 times');
  });
});

describe('round 8: real excerpts', () => {
  it('eviction quotes the failed node-level cleanup and names the ranked pods (kubernetes/kubernetes#101167, printf ~1.16–1.19)', () => {
    // https://github.com/kubernetes/kubernetes/issues/101167 — ephemeral-storage pressure; image deletion freed nothing.
    const a = fixture('eviction-3.log');
    const f = only(a, 'eviction');
    expect(a.lines(f)).toEqual([10, 11, 12]);
    expect(f.explanation).toContain('The node-level cleanup fell short: "wanted to free 9223372036854775807 bytes, but freed 0 bytes');
    expect(f.explanation).toContain('Ranked for eviction: k8s-jumpbox-586f64b4c7-6dr47-prd-internal and kube-system/calico-node-zsb6k (line 12');
    expect(f.explanation).not.toContain('No pod eviction appears');
  });

  it('eviction says no ranking function, not "no pods are active" (kubernetes/kubernetes#31192, printf 1.4)', () => {
    // https://github.com/kubernetes/kubernetes/issues/31192 — imagefs thresholds on a node without an image filesystem.
    const a = fixture('eviction-4.log');
    const f = only(a, 'eviction');
    expect(f.explanation).toContain('"no ranking function for imagefs" (line 6)');
    expect(f.explanation).not.toContain('no pods are active');
  });

  it('api-server-unreachable counts the kubelet\'s webhook authorization checks (siderolabs/talos#7216, --logging-format=json via talosctl)', () => {
    // https://github.com/siderolabs/talos/issues/7216 — after a reboot the node's kube-apiserver never came up.
    const a = fixture('api-server-unreachable-2.log');
    const f = only(a, 'api-server-unreachable');
    expect(f.title).toBe('Kubelet cannot reach the API server: the API server refuses connections (3 error lines)');
    expect(a.lines(f)).toEqual([12, 13, 14]);
    expect(f.explanation).toContain('2 authorization checks and 1 lease renewal');
  });

  it('api-server-unreachable: a node with no client certificate yet is refused, not "expired" (siderolabs/talos#7377, JSON)', () => {
    // https://github.com/siderolabs/talos/issues/7377 — a PXE-installed node whose kube-apiserver was never created.
    const a = fixture('api-server-unreachable-3.log');
    const f = only(a, 'api-server-unreachable');
    expect(f.title).toBe('Kubelet cannot reach the API server: the API server refuses connections (for 1.370s)');
    expect(a.lines(f)).toEqual([4, 5, 6]);
    expect(f.explanation).toContain('1 registration attempt and 2 no-certificate notices');
    expect(f.explanation).not.toContain('expired');
    expect(f.next).toContain('kubectl get csr');
  });

  it('pod-sync-skipped tells a cAdvisor start failure from cgroup set-up (kubernetes/kubernetes#28997, printf 1.3)', () => {
    // https://github.com/kubernetes/kubernetes/issues/28997 — a transient systemd unit's cgroup vanished while cAdvisor started.
    const a = fixture('pod-sync-skipped-3.log');
    const f = only(a, 'pod-sync-skipped');
    expect(f.explanation).toContain('The error is cAdvisor\'s');
    expect(f.explanation).not.toContain('cgroup driver');
    expect(f.next).not.toContain('--cgroup-driver');
  });

  it('pod-sync-skipped with its reason cut and the log ending on it claims no recovery (kubernetes/minikube#3142, localkube journal)', () => {
    // https://github.com/kubernetes/minikube/issues/3142
    const a = fixture('pod-sync-skipped-4.log');
    const f = only(a, 'pod-sync-skipped');
    expect(f.title).toBe('Pod sync skipped: reason cut off in this log');
    expect(f.severity).toBe('info');
    expect(f.explanation).not.toContain('It cleared');
    expect(f.explanation).toContain('the log ends before it shows the skips stop');
  });

  it('runtime-down: "may not have completed yet" ending a log with no kubelet start is said, as an info (siderolabs/talos#13109, JSON)', () => {
    // https://github.com/siderolabs/talos/issues/13109 — after an upgrade the kubelet stays stuck talking to the CRI.
    const a = fixture('runtime-down-3.log');
    const f = only(a, 'runtime-down');
    expect(f.severity).toBe('info');
    expect(f.title).toBe('Runtime health check not completed yet: pod sync skipped at the end of the log');
    expect(a.lines(f)).toEqual([5]);
    expect(f.explanation).toContain('cannot tell whether the check then succeeded');
  });

  it('a JSON line cut inside its msg is read as far as it goes, so the elision after it shows as a gap (siderolabs/talos#11775, JSON via talosctl)', () => {
    // https://github.com/siderolabs/talos/issues/11775 — PLEG last seen 16h ago; containerd was hung.
    const a = fixture('pleg-unhealthy-4.log');
    const f = only(a, 'pleg-unhealthy');
    expect(f.explanation).toContain('16h14m39.440232139s');
    expect(a.trace.anomalies.map((x) => x.message)).toContainEqual(expect.stringContaining('lines left out at line 7'));
    expect(a.trace.sources[0].diagnostics.map((d) => [d.line, d.message.startsWith('the record is cut')])).toContainEqual([6, true]);
  });

  it('kubelet-panic: a pasted systemctl status showing the same PID still running means the process hung (kubernetes/kubernetes#57955, CoreOS kubelet-wrapper)', () => {
    // https://github.com/kubernetes/kubernetes/issues/57955 — the node went NotReady after "fatal error: runtime·unlock: lock count".
    const a = fixture('kubelet-panic-4.log');
    const f = only(a, 'kubelet-panic');
    expect(f.title.startsWith('Kubelet hung after a fatal error')).toBe(true);
    expect(f.explanation).toContain('PID 22966, still "active (running)" after these lines');
    expect(f.explanation).not.toContain('process died');
    expect(f.next).toContain('systemctl restart kubelet');
    // The status block's "since Wed 2017-11-29" dates the January lines to the January after.
    expect(a.trace.sources[0].year).toEqual({ value: 2018, how: 'document' });
  });

  it('kubelet-exited: "unable to find data in memory cache" is cAdvisor without stats for "/", not a missing block device (kubernetes/kubernetes#26000, syslog)', () => {
    // https://github.com/kubernetes/kubernetes/issues/26000 — "Failed to update stats for container "/"" before the exit.
    const a = fixture('kubelet-exited-3.log');
    const f = only(a, 'kubelet-exited');
    expect(f.title).toBe('Kubelet fails to start: cAdvisor had no stats for its root container');
    expect(f.explanation).not.toContain('block device');
    expect(f.next).toContain('Failed to update stats for container');
  });

  it('image-pull-failed completes a pod\'s cut error from the image service\'s whole line about the same pull (kubernetes/minikube#9161)', () => {
    // https://github.com/kubernetes/minikube/issues/9161 — a private Nexus registry without credentials.
    const a = fixture('image-pull-failed-2.log');
    const f = only(a, 'image-pull-failed');
    expect(f.title).toBe('Image pull failing for container ci-cd of default/ci-cd-deployment-9bc4bffc9-8tklv (nexus3:8083/com.panov/ci-cd:0.0.1-SNAPSHOT): the registry refuses its credentials');
    expect(f.explanation).toContain('no basic auth credentials');
    expect(f.explanation).not.toContain('Get ht"');
    expect(a.lines(f)).toEqual([4, 5, 7, 9, 10, 12]); // the image service's own lines of the same pulls are the pod's
  });

  it('volume-op-failing: a Secret volume whose cache did not sync points at the API server, not the volume driver (k3s-io/k3s#12772)', () => {
    // https://github.com/k3s-io/k3s/issues/12772 — "Agent timeout to reach server".
    const a = fixture('volume-op-failing-2.log');
    const f = only(a, 'volume-op-failing');
    expect(f.title).toBe('Volume MountVolume.SetUp failing for instance-manager-912783280abab9e507cc0c83d49b34ec (longhorn-grpc-tls): the kubelet could not fetch its Secret or ConfigMap in time');
    expect(f.next).toContain('API server');
    expect(f.next).not.toContain('CSI');
  });

  it('runtime-call-errors: rows of a padded terminal copy joined back; a CNI teardown "checkpoint is not found" is the network plugin\'s, not routine NotFound (openshift/origin#19478)', () => {
    // https://github.com/openshift/origin/issues/19478 — after a reboot the CNI port-mapping checkpoints were gone.
    const a = fixture('runtime-call-errors-4.log');
    const f = only(a, 'runtime-call-errors');
    expect(f.title).toBe('Container runtime calls failing (StopPodSandbox ×2)');
    expect(f.explanation).toContain('NetworkPlugin cni failed to teardown pod');
    expect(f.explanation).toContain('The error comes from the pod network plugin (CNI)');
    expect(f.explanation).not.toContain('Every goroutine');
    expect(a.trace.sources[0].diagnostics.map((d) => d.message)).toContainEqual(expect.stringContaining('lines cut at 213 characters'));
  });

  it('shutdown-manager-failed: logind did not answer, so graceful node shutdown is off (kubernetes/kubernetes#101553, Chinese-locale journal)', () => {
    // https://github.com/kubernetes/kubernetes/issues/101553 — GracefulNodeShutdown does not work on CentOS 7.4.
    const a = fixture('shutdown-manager-failed-1.log');
    const f = only(a, 'shutdown-manager-failed');
    expect(f.severity).toBe('warning');
    expect(a.lines(f)).toEqual([13]);
    expect(f.explanation).toContain('InhibitDelayMaxUSec');
    expect(f.explanation).toContain('systemd-logind over D-Bus');
    expect(f.next).toContain('systemd-inhibit --list');
  });

  it('kubelet-exited: systemd 219\'s "holdoff time over, scheduling restart" is a restart the log ends before (opsnull/follow-me-install-kubernetes-cluster#236)', () => {
    // https://github.com/opsnull/follow-me-install-kubernetes-cluster/issues/236 — swap left on; systemd keeps restarting the kubelet.
    const a = fixture('kubelet-exited-4.log');
    const f = only(a, 'kubelet-exited');
    expect(f.title).toBe('Kubelet fails to start: swap is on');
    expect(a.lines(f)).toEqual([12, 13, 16]);
    expect(f.explanation).toContain('systemd restarts it (line 16');
    expect(f.explanation).not.toContain('No later start is in the log');
  });

  it('mirror-pod-create-failed: a static pod whose mirror keeps failing to be created, in the 1.0-era wording (kubernetes/kubernetes#6651)', () => {
    // https://github.com/kubernetes/kubernetes/issues/6651 — an integration test's static pod; "already exists" every ~3 s.
    const a = fixture('mirror-pod-create-failed-1.log');
    const f = only(a, 'mirror-pod-create-failed');
    expect(f.title).toBe('Mirror pod not created for default/static-pod-from-spec-localhost: a pod of its name already exists');
    expect(f.severity).toBe('warning');
    expect(f.explanation).toContain('already exists');
  });

  it('mirror-pod-create-failed: "already exists" once (as right after a kubelet restart) is routine, no finding (constructed)', () => {
    const once = ['I0315 10:02:03.000001    2891 kubelet.go:1794] "SyncLoop (housekeeping)"',
      'E0315 10:02:04.000001    2891 kubelet.go:1703] "Failed creating a mirror pod for" err="pods \\"etcd-node-1\\" already exists" pod="kube-system/etcd-node-1"'].join('\n');
    expect(analyse(once + '\n').of('mirror-pod-create-failed')).toEqual([]);
  });

  it('image-pull-failed reads dockertools\' "Failed to pull image … from pod … and container …" (kubernetes/kubernetes#9534, printf 2015: HTTP 429)', () => {
    // https://github.com/kubernetes/kubernetes/issues/9534 — gcr.io answered 429 Too Many Requests.
    const a = fixture('image-pull-failed-3.log');
    expect(a.of('image-pull-failed').map((f) => f.title)).toEqual([
      'Image pull failing for container kube-ui of kube-system/kube-ui-v2-ojp6m: the registry rate-limits the node',
      'Image pull failing for container etcd of kube-system/kube-dns-v9-lz5f3: the registry rate-limits the node',
    ]);
  });

  it('image-pull-failed says the pull went without credentials (kubernetes/kubernetes#21189, journal lines quoted as inline code)', () => {
    // https://github.com/kubernetes/kubernetes/issues/21189
    const a = fixture('image-pull-failed-4.log');
    const f = only(a, 'image-pull-failed');
    expect(f.title).toBe('Image pull failing for a container of default/backend-controller-ntbqd');
    expect(f.explanation).toContain('The kubelet pulled it without credentials (line 15)');
    expect(f.explanation).not.toContain('`');
  });

  it('crashloop-backoff names the pod\'s liveness failure before it (and the "container unhealthy" line is on its liveness lane) (coredns/coredns#3555)', () => {
    // https://github.com/coredns/coredns/issues/3555
    const a = fixture('crashloop-backoff-4.log');
    const f = only(a, 'crashloop-backoff');
    expect(f.explanation).toContain('A liveness probe of the pod failed (line 9');
    expect(a.trace.lanes.filter((l) => l.kind === 'probe').map((l) => l.title)).toEqual(['liveness probe']);
  });
});

describe('round 10: real excerpts and round 9 leftovers', () => {
  it('kubelet-stopped: a stop by systemd, then "-- Reboot --", with no graceful node shutdown before it (kubernetes/kubernetes#107043)', () => {
    // https://github.com/kubernetes/kubernetes/issues/107043 — GracefulNodeShutdown did not hold the reboot back.
    const a = fixture('kubelet-stopped-1.log');
    const f = only(a, 'kubelet-stopped');
    expect(f.severity).toBe('warning');
    expect(f.title).toMatch(/^Node rebooted without a graceful node shutdown: kubelet stopped in 1(\.0+)?s$/);
    expect(a.lines(f)).toEqual([6, 7, 9]);
    expect(f.explanation).toContain('shutdownGracePeriod is 0');
    // A stop asked for is routine: its lines are information, not errors.
    const ev = a.trace.events;
    const severities = [6, 7, 8].map((line) => ev.severity[ev.line.indexOf(line)]);
    expect(severities).toEqual([0, 0, 0]);
    // The stop and the reboot are the first host's; the kubelet lines after them another's.
    expect(a.trace.nodes.map((n) => n.name).sort()).toEqual(['ip-10-120-24-83', 'ip-10-120-29-222']);
  });

  it('klog lines cut down to pid and caller are read, timed by the journal line after them (kubernetes/kubernetes#109766)', () => {
    // https://github.com/kubernetes/kubernetes/issues/109766 — memory manager reservation does not match Node Allocatable.
    const a = fixture('kubelet-exited-5.log');
    const f = only(a, 'kubelet-exited');
    expect(f.title).toContain('Kubelet fails to start: the total amount "0" of type "memory" is not equal to the value "993Mi"');
    expect(a.lines(f)).toEqual([13, 14]);
    expect(a.trace.sources[0].lines.klog).toBe(4);
  });
});

describe('round 10: a single unmount failure the log ends with', () => {
  it('is told as information, its cause read as an unmount\'s (kubernetes/kubernetes#37854, journal 1.5)', () => {
    // https://github.com/kubernetes/kubernetes/issues/37854 — EBS volume stays busy; TearDown's umount exits 32.
    const a = fixture('volume-op-failing-4.log');
    const f = only(a, 'volume-op-failing');
    expect(f.severity).toBe('info');
    expect(f.title).toBe('Volume UnmountVolume.TearDown failed for 878056da-c29a-11e6-a0c1-02b76bd79d4d (kubernetes.io/aws-ebs/aws://eu-central-1a/vol-0968728d3f4a563a9): the unmount command fails');
    expect(f.explanation).toContain('The log ends with it, and the retry was due 500');
    expect(f.explanation).not.toContain('NFS');
  });

  it('stays silent for a single mount failure, and for an unmount failure the log goes on well past', () => {
    const line = (t: string, op: string) => `E0315 10:${t}.000001    2891 nestedpendingoperations.go:348] Operation for "{volumeName:kubernetes.io/secret/u1-token podName:u1 nodeName:}" failed. No retries permitted until 2024-03-15 10:02:02 +0000 UTC (durationBeforeRetry 500ms). Error: ${op} failed for volume "token" (UniqueName: "kubernetes.io/secret/u1-token") pod "u1" (UID: "u1") : exit status 32`;
    const later = 'I0315 10:09:00.000001    2891 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/other"]';
    expect(analyse(line('02:01', 'MountVolume.SetUp')).of('volume-op-failing')).toEqual([]);
    expect(analyse([line('02:01', 'UnmountVolume.TearDown'), later].join('\n')).of('volume-op-failing')).toEqual([]);
    expect(analyse(line('02:01', 'UnmountVolume.TearDown')).of('volume-op-failing').map((f) => f.severity)).toEqual(['info']);
  });
});

describe('node-not-registered', () => {
  it('the kubelet running 4 minutes (systemctl status) and still "node not found" (geerlingguy/ansible-role-kubernetes#125)', () => {
    // https://github.com/geerlingguy/ansible-role-kubernetes/issues/125 — kubeadm init in CI; the node never registers.
    const a = fixture('node-not-registered-1.log');
    const f = only(a, 'node-not-registered');
    expect(f.title).toBe('Node "instance" not found by its kubelet (4m0s)');
    expect(a.lines(f)).toEqual([16, 17]);
    expect(f.explanation).toContain('4m0s after the service\'s start at 17:25:35 (systemctl status, line 8)');
    expect(a.trace.sources[0].service?.since).toBe('2022-09-15 17:25:35');
  });

  const start = 'I0315 10:00:00.000001    2891 server.go:417] "Kubelet version" kubeletVersion="v1.28.2"';
  const notFound = (t: string) => `E0315 ${t}.000001    2891 kubelet.go:2855] "Error getting node" err="node \\"node-1\\" not found"`;
  const registerFailed = (t: string, err: string) => `E0315 ${t}.000001    2891 kubelet_node_status.go:96] "Unable to register node with API server" err="${err}" node="node-1"`;
  const registered = (t: string) => `I0315 ${t}.000001    2891 kubelet_node_status.go:76] "Successfully registered node" node="node-1"`;

  it('says why from the registration attempts, or a Node deleted after it registered; silent for the start-up race', () => {
    const forbidden = analyse([start, registerFailed('10:00:01', 'nodes is forbidden: node \\"node-2\\" is not allowed to modify node \\"node-1\\"'),
      notFound('10:00:02'), notFound('10:01:02')].join('\n'));
    expect(forbidden.of('node-not-registered').map((f) => `${f.severity} ${f.title}`)).toEqual(['error Node "node-1" is not registered: the API server forbids it (1m2s)']);
    const deleted = analyse([start, registered('10:00:01'), notFound('10:05:00'), notFound('10:06:00')].join('\n'));
    expect(deleted.of('node-not-registered').map((f) => f.title)).toEqual(['Node "node-1" was deleted from the API after it registered (6m0s)']);
    // Registered 5 s after the start: the usual race, over.
    expect(analyse([start, notFound('10:00:02'), notFound('10:00:04'), registered('10:00:05')].join('\n')).of('node-not-registered')).toEqual([]);
    // Not found for a few seconds, with no start to measure from: too short to tell.
    expect(analyse([notFound('10:00:02'), notFound('10:00:04')].join('\n')).of('node-not-registered')).toEqual([]);
  });

  it('reads an unanswered registration by the API server causes api-server-unreachable reads', () => {
    const refused = analyse([start, registerFailed('10:00:01', 'Post \\"https://10.0.0.1:6443/api/v1/nodes\\": dial tcp 10.0.0.1:6443: connect: connection refused'),
      notFound('10:00:02'), notFound('10:01:02')].join('\n')).of('node-not-registered');
    expect(refused.map((f) => f.title)).toEqual(['Node "node-1" is not registered: the API server does not answer (1m2s)']);
    expect(refused[0].explanation).toContain('The API server does not answer the kubelet (the API server refuses connections)');
  });
});

describe('round 10: more real excerpts', () => {
  it('kubelet-exited reads localkube\'s headerless "kubelet: Exit with error" line, a cgroup driver mismatch (kubernetes/minikube#2381)', () => {
    // https://github.com/kubernetes/minikube/issues/2381 — the kubelet inside localkube would not start.
    const a = fixture('kubelet-exited-6.log');
    const f = only(a, 'kubelet-exited');
    expect(f.title).toBe('Kubelet fails to start: cgroup driver mismatch');
    expect(a.lines(f)).toEqual([7]);
  });

  it('pleg-unhealthy: a line cut inside "last seen active 3m57.1…" is a stall, not start-up noise, and the runtime errors with it are no passing failure (blog.csdn.net, 2021)', () => {
    // https://blog.csdn.net/hongxiaolu/article/details/113711675 — PLEG unhealthy with runtime calls timing out.
    const a = fixture('pleg-unhealthy-5.log');
    const f = only(a, 'pleg-unhealthy');
    expect(f.severity).toBe('error');
    expect(f.title).toBe('PLEG is not healthy: relist stalled, pod sync skipped');
    const calls = only(a, 'runtime-call-errors');
    expect(calls.explanation).toContain('PLEG had stopped relisting on the node at the same time (line 9');
    expect(calls.explanation).not.toContain('too few failures');
  });

  it('orphaned-pod-volumes reads the 1.16–1.18 lowercase lines with their count (ceph/ceph-csi#899, snap kubelet)', () => {
    // https://github.com/ceph/ceph-csi/issues/899 — stale CSI mounts of deleted pods.
    const a = fixture('orphaned-pod-volumes-2.log');
    const f = only(a, 'orphaned-pod-volumes');
    expect(f.title).toBe('Orphaned pod volumes left on disk: 3 pods (7 errors counted)');
    expect(a.lines(f)).toEqual([4, 5, 6, 7]);
  });
});

describe('round 10: a node that never registered', () => {
  it('api-server-unreachable does not speak of a NotReady node when registration failed too (siderolabs/talos#6875, JSON behind talosctl)', () => {
    // https://github.com/siderolabs/talos/issues/6875 — kube-controller-manager not running, the CSR never signed.
    const a = fixture('api-server-unreachable-4.log');
    const f = only(a, 'api-server-unreachable');
    expect(f.explanation).toContain('unless an earlier start registered it, the node has no Node object in the API');
    expect(f.explanation).not.toContain('would mark the node NotReady');
  });
});

describe('round 10: a certificate request forbidden', () => {
  it('one "cannot create certificate signing request: … Forbidden" line is a finding of its own cause (kubernetes/kubernetes#96171, Windows glog file)', () => {
    // https://github.com/kubernetes/kubernetes/issues/96171 — a Windows node whose bootstrap cannot file its CSR.
    const a = fixture('api-server-unreachable-5.log');
    const f = only(a, 'api-server-unreachable');
    expect(f.title).toBe('API server refuses the kubelet: it may not ask for a certificate (CSR forbidden) (1 error line)');
    expect(f.explanation).toMatch(/^At 15:57:57\.351178 \(line 9\) a request of the kubelet's to the API server failed \(1 certificate request\)/);
    expect(f.next).toContain('system:node-bootstrapper');
  });
});

describe('round 10: "use of closed network connection"', () => {
  it('is the kubelet reusing a dead connection, not a load balancer resetting it (kubernetes/kubernetes#87615)', () => {
    // https://github.com/kubernetes/kubernetes/issues/87615 — the same host on both ends of the connection.
    const a = fixture('api-server-unreachable-6.log');
    const f = only(a, 'api-server-unreachable');
    expect(f.title).toBe('Kubelet cannot reach the API server: the kubelet keeps using a dead connection (4 error lines)');
    expect(f.explanation).toContain('writing on a connection it had already closed itself');
    expect(f.explanation).not.toContain('load balancer or proxy reset');
  });
});

describe('round 10: a static API server that cannot get its sandbox', () => {
  it('names the host port taken and joins the kubelet\'s refused API requests to it (kubernetes/kubernetes#75477, syslog with <30>)', () => {
    // https://github.com/kubernetes/kubernetes/issues/75477 — kube-apiserver maps host port 6443 without hostNetwork.
    const a = fixture('sandbox-create-failed-4.log');
    const f = only(a, 'sandbox-create-failed');
    expect(f.title).toBe('Pod sandbox creation failing for kube-system/kube-apiserver-mykubehost3.mycompany.com: a host port is taken');
    expect(f.explanation).toContain('the API server it cannot start is this one');
    expect(f.next).toContain('hostNetwork: true');
    expect(f.next).not.toContain('CNI');
  });
});

describe('round 10: "Too large resource version"', () => {
  it('is a cause of its own: the kubelet\'s lists are ahead of the API server\'s cache (kubernetes/kubernetes#91073)', () => {
    // https://github.com/kubernetes/kubernetes/issues/91073 — after a network partition the kubelet's reflectors never recover.
    const a = fixture('api-server-unreachable-7.log');
    const f = only(a, 'api-server-unreachable');
    expect(f.title).toBe('API server cannot serve the kubelet\'s lists: they ask for a resource version it does not have yet (Too large resource version) (1 error line)');
    expect(f.next).toContain('Restart the kubelet');
  });
});

describe('round 10: container GC asking for a removed container', () => {
  it('counts GC\'s own line when the call\'s line is cut away, and a GC line cut before its error joins its call (vhive-serverless/vHive#1052, timothystewart6/k3s-ansible#371)', () => {
    // https://github.com/vhive-serverless/vHive/issues/1052 — the first ContainerStatus failure's own line precedes the
    // excerpt; the third's (line 5) is cut inside its message, and joins the NotFound failures of its call before it.
    const vhive = fixture('runtime-call-errors-6.log');
    const v = only(vhive, 'runtime-call-errors');
    expect(v.title).toBe('Runtime answered NotFound for removed containers (3 failed calls)');
    expect(vhive.lines(v)).toEqual([2, 3, 4, 5]);
    // https://github.com/timothystewart6/k3s-ansible/issues/371 — the last GC line is cut before its err=.
    const k3s = fixture('runtime-call-errors-5.log');
    const f = only(k3s, 'runtime-call-errors');
    expect(f.severity).toBe('info');
    expect(k3s.lines(f)).toEqual([2, 3, 4, 5]);
  });
});

describe('slow-operations', () => {
  it('names the slow traced operations and what they point at (canonical/microk8s#3984, kubelite journal)', () => {
    // https://github.com/canonical/microk8s/issues/3984 — nodes going NodeStatusUnknown; volume metrics take seconds.
    const a = fixture('slow-operations-1.log');
    const f = only(a, 'slow-operations');
    expect(f.title).toBe('Slow operations on the node: 3 traced, up to 4.524s');
    expect(a.lines(f)).toEqual([3, 5, 7]);
    expect(f.explanation).toContain('the node\'s disk I/O');
    expect(a.trace.sources[0].year).toEqual({ value: 2023, how: 'message' });
  });

  it('stays silent for one traced operation of a few seconds', () => {
    const trace = (t: string, total: string) => `I0315 10:${t}.000001    2891 trace.go:219] Trace[1]: "Calculate volume metrics of data for pod default/web-0" (15-Mar-2024 10:00:00.000) (total time: ${total}):`;
    expect(analyse(trace('02:01', '3859ms')).of('slow-operations')).toEqual([]);
    expect(analyse([trace('02:01', '3859ms'), trace('02:09', '2100ms')].join('\n')).of('slow-operations').map((f) => f.title))
      .toEqual(['Slow operations on the node: 2 traced, up to 3.859s']);
    expect(analyse(trace('02:01', '12.5s')).of('slow-operations').map((f) => f.title)).toEqual(['Slow operations on the node: 12.50s']);
  });
});

describe('evented-pleg-fallback', () => {
  it('tells the evented PLEG losing the runtime\'s events as containerd restarts (kubernetes/kubernetes#129827, kind)', () => {
    // https://github.com/kubernetes/kubernetes/issues/129827 — EventedPLEG falls back to relisting at once when containerd restarts.
    const a = fixture('evented-pleg-fallback-1.log');
    const f = only(a, 'evented-pleg-fallback');
    expect(f.title).toBe('Evented PLEG lost the runtime\'s event stream (3 failures)');
    expect(a.lines(f)).toEqual([18, 19, 26]);
    expect(f.explanation).toContain('Whether it fell back is not in the log');
    expect(f.explanation).toContain('the runtime (containerd, CRI-O) restarted or went away');
    expect(a.trace.sources[0].versionRange.label).toBe('1.31+'); // the Evented PLEG's 1.26+, and the CRI client's log.go 1.31+
  });

  it('says the fallback when the log shows it', () => {
    const failed = 'I0126 13:04:10.152929     698 evented.go:206] "Evented PLEG: Failed to get container events, retrying: " err="rpc error: code = Unavailable desc = error reading from server: EOF"';
    const fellBack = 'I0126 13:04:41.000001     698 evented.go:193] "Fall back to Generic PLEG relisting since Evented PLEG is not working"';
    const f = analyse([failed, fellBack].join('\n')).of('evented-pleg-fallback');
    expect(f.map((x) => x.title)).toEqual(['Evented PLEG lost the runtime\'s event stream: the kubelet fell back to relisting']);
    expect(f[0].explanation).toContain('It fell back (line 2)');
  });
});

describe('round 10: ExecSync failing', () => {
  it('names the container whose exec probes go unchecked (bottlerocket-os/bottlerocket#2512)', () => {
    // https://github.com/bottlerocket-os/bottlerocket/issues/2512 — containerd died; the kubelet's ExecSync calls are refused.
    const f = only(fixture('runtime-call-errors-7.log'), 'runtime-call-errors');
    expect(f.explanation).toContain('ExecSync runs an exec probe\'s command (or an exec lifecycle hook\'s) in a container (here in container 7d4d65dd400a)');
  });
});

describe('round 11: real excerpts', () => {
  it('"nodes \\"x\\" not found" in node status updates is the API server answering: node-not-registered, not api-server-unreachable (pahud/eks-templates#1)', () => {
    // https://github.com/pahud/eks-templates/issues/1 — an EKS journal hard-wrapped at 110 columns.
    const a = fixture('node-not-registered-2.log');
    expect(a.of('api-server-unreachable')).toEqual([]);
    const f = only(a, 'node-not-registered');
    expect(f.title).toBe('Node "ip-10-0-157-91.us-west-2.compute.internal" does not exist in the API (9.049s)');
    // The eviction manager's printf-era "unexpected err: failed to get node info" counts too, its cut name rejoined.
    expect(a.lines(f)).toEqual([4, 7, 10, 13]);
    expect(f.explanation).toContain('it runs only after the kubelet registered its Node');
  });

  it('a kubelet panic pasted as a journal\'s indented stack in two pieces names the frame (kubernetes/kubernetes#128367)', () => {
    // https://github.com/kubernetes/kubernetes/issues/128367 — in-place resize of a sidecar panics the kubelet.
    const a = fixture('kubelet-panic-5.log');
    const f = only(a, 'kubelet-panic');
    expect(f.title).toBe('Kubelet panic in kubelet/kuberuntime.(*kubeGenericRuntimeManager).computePodResizeAction.func2 (kuberuntime_manager.go:643)');
    expect(a.trace.sources[0].node).toBe('kind-control-plane');
    expect(a.trace.sources[0].year.value).toBe(2024);
  });

  it('a structured panic record hard-wrapped at 144 columns keeps its stacktrace=< value (kubernetes/kubernetes#137993)', () => {
    // https://github.com/kubernetes/kubernetes/issues/137993 — a nil pointer in doPodResizeAction with cgroupsPerQOS false.
    const a = fixture('kubelet-panic-6.log');
    const f = only(a, 'kubelet-panic');
    expect(f.title).toBe('Kubelet panic in kubelet/kuberuntime.(*kubeGenericRuntimeManager).doPodResizeAction');
    expect(f.explanation).not.toContain('does not show the stack');
    expect(a.trace.sources[0].lines).toMatchObject({ klog: 1, continuation: 14 });
  });

  it('an all-in-one process\'s API server traces are not the node being slow (k3s-io/k3s#5406)', () => {
    // https://github.com/k3s-io/k3s/issues/5406 — k3s with an external datastore; its API server's storage calls time out.
    const a = fixture('slow-operations-2.log');
    expect(a.of('slow-operations')).toEqual([]);
    // The kubelet's own traces in the same shape still count.
    const trace = (op: string) => `I0410 21:18:24.381986    8158 trace.go:205] Trace[1]: ${op} (10-Apr-2022 21:18:13.013) (total time: 11648ms):`;
    expect(analyse(trace('"Calculate volume metrics of data for pod default/web-0"')).of('slow-operations')).toHaveLength(1);
    expect(analyse(trace('"List etcd3" key:/clusterrolebindings,resourceVersion:')).of('slow-operations')).toEqual([]);
    expect(analyse(trace('"Create" url:/api/v1/namespaces,user-agent:Go-http-client/2.0')).of('slow-operations')).toEqual([]);
  });

  it('systemd\'s restart of a failed kubelet is no stop asked for; its whole-second lines keep no borrowed fraction (apache/cloudstack#5999)', () => {
    // https://github.com/apache/cloudstack/issues/5999 — the kubelet's config file is missing; systemd restarts it every 10 s.
    const a = fixture('kubelet-exited-7.log');
    expect(a.of('kubelet-stopped')).toEqual([]);
    expect(only(a, 'kubelet-exited').title).toBe('Kubelet fails to start: its config file is missing or unreadable (2×)');
    const ev = a.trace.events;
    const at = (line: number) => ev.timeUs[ev.line.indexOf(line)] % 1e6;
    // "Scheduled restart job" and "Stopped …" at 12:35:31 in a journal of whole seconds: the start of that second.
    expect([at(5), at(6)]).toEqual([0, 0]);
    // systemd's "Started kubelet: …" is the unit's line too.
    expect(a.kinds(7)).toEqual(['service.started']);
  });

  it('journal lines quoted as JSON strings in Ansible\'s output are records (openshift/openshift-ansible#9771)', () => {
    // https://github.com/openshift/openshift-ansible/issues/9771 — origin-node's journal in a failed task's output.
    const a = fixture('network-not-ready-4.log');
    expect(a.trace.sources[0].lines).toMatchObject({ klog: 7 });
    expect(a.trace.sources[0].node).toBe('master');
    const f = only(a, 'network-not-ready');
    // (The CNI config line just before it, "No networks found", is the same condition in the dockershim's words.)
    expect(f.explanation).toMatch(/^From 15:17:14\.927414 \(line 6\) to 15:17:14\.927511 \(line 7\), 97µs and 2 lines, the runtime reported its pod network not ready/);
  });

  it('kubelet messages whose klog header was trimmed off, in host-less journal lines, tell the preStop bug (kubernetes/kubernetes#117373)', () => {
    // https://github.com/kubernetes/kubernetes/issues/117373 — the container gets the whole grace period again after its preStop hook.
    const a = fixture('slow-termination-2.log');
    expect(a.trace.sources[0].lines).toMatchObject({ klog: 3 });
    const f = only(a, 'slow-termination');
    expect(f.title).toBe('PreStop hook used up the grace period, then the container got 300s more: <redacted>-production/<redacted>-68c6fc9b7d-26fwh');
    expect(a.lines(f)).toEqual([11, 15, 16]);
    expect(f.explanation).toContain('kubernetes/kubernetes#115817');
    // With the 2 s the kubelet leaves after a hook that ran out, nothing is said.
    const fixed = analyse(a.text.replace(/("Killing container with a grace period".*)gracePeriod=300/, '$1gracePeriod=2'));
    expect(fixed.of('slow-termination')).toEqual([]);
    // Their severity is not printed: info, unless err= comes first as klog's ErrorS writes it.
    expect([11, 15, 16].map((line) => a.trace.events.severity[a.trace.events.line.indexOf(line)])).toEqual([0, 0, 0]);
    const failed = analyse('Apr 29 15:20:02 kubelet[2384]: "Error syncing pod, skipping" err="failed to \\"StartContainer\\"" pod="default/web-0"');
    expect(failed.trace.events.severity[0]).toBe(2);
  });

  it('a cleanup that fails on a busy mount is not a runtime call failing; hard-wrapped lines after a fence are joined (kubernetes/kubernetes#22911)', () => {
    // https://github.com/kubernetes/kubernetes/issues/22911 — GKE 1.3: orphaned pod directories and dead containers stay busy.
    const a = fixture('cleanup-busy-1.log');
    expect(a.of('runtime-call-errors')).toEqual([]);
    expect(a.trace.sources[0].lines).toMatchObject({ klog: 4, continuation: 8 });
    expect([4, 6, 8, 12].map((line) => a.kinds(line)[0])).toEqual(['housekeeping.orphan-dirs-failed', 'housekeeping.failed', 'gc.remove-failed', 'gc.remove-failed']);
    // The orphaned pod's directory that cannot be removed is told, once, with the busy mount.
    const f = only(a, 'orphaned-pod-volumes');
    expect(f.title).toBe('Orphaned pod directories not removed: 1 pod');
    expect(f.explanation).toMatch(/^At 00:20:19\.615448 \(line 4\), housekeeping failed to remove the directory of 1 orphaned pod: 85e13d83-/);
  });
});

describe('round 11: a cgroup driver mismatch', () => {
  it('runc refusing a cgroupfs path is named, though the pod worker\'s line lost its pod (labring/sealos#2447)', () => {
    // https://github.com/labring/sealos/issues/2447 — kubelet on cgroupfs, containerd's runc on systemd: no sandbox starts.
    const a = fixture('runtime-call-errors-8.log');
    const f = only(a, 'runtime-call-errors');
    expect(f.title).toBe('Container runtime call fails (RunPodSandbox): cgroup driver mismatch');
    expect(f.next).toContain('SystemdCgroup');
    expect(a.lines(f)).toEqual([48]);
  });
});

describe('round 11: image GC refused', () => {
  it('GC picks the pause image a running container uses and Docker refuses (kubernetes/kubernetes#60670, syslog 1.9)', () => {
    // https://github.com/kubernetes/kubernetes/issues/60670 — image GC at 76% tries to delete the in-use pause image.
    const a = fixture('image-gc-failing-2.log');
    const f = only(a, 'image-gc-failing');
    expect(f.title).toBe('Image garbage collection failing: it picks an image a running container uses');
    expect(a.lines(f)).toEqual([17, 23]);
    expect(f.explanation).toContain('The image filesystem was 76% full (line 17)');
    // A refusal with no GC pass before it (kubectl's clean-up, another tool) says nothing here.
    const refusal = a.text.split('\n').find((l) => l.includes('RemoveImage'))!;
    expect(analyse(refusal).of('image-gc-failing')).toEqual([]);
  });
});

describe('node-name-mismatch', () => {
  it('the kubelet as Node "fedora" with another node\'s credentials, in a German newest-first journal (okd-project/okd#401)', () => {
    // https://github.com/okd-project/okd/issues/401 — the host came up as "fedora"; its certificate is okd4m01's.
    const a = fixture('node-name-mismatch-1.log');
    const f = only(a, 'node-name-mismatch');
    expect(f.title).toBe('Kubelet\'s node name "fedora" is not the one its credentials are for ("okd4m01.bluecare.local")');
    // Newest first: line 8 ("node \"fedora\" not found") is the earlier.
    expect(a.lines(f)).toEqual([8, 7]);
    expect(f.next).toContain('kubelet-client-current.pem');
  });

  it('says nothing when the names agree, a short host name included', () => {
    const line = (user: string) => `E1201 19:22:29.681173    1293 csi_plugin.go:994] Failed to contact API server when waiting for CSINode publishing: csinodes.storage.k8s.io "node-1" is forbidden: User "system:node:${user}" cannot get resource "csinodes"`;
    expect(analyse(line('node-1')).of('node-name-mismatch')).toEqual([]);
    expect(analyse(line('node-1.example.com')).of('node-name-mismatch')).toEqual([]);
    expect(analyse(line('node-2')).of('node-name-mismatch')).toHaveLength(1);
  });
});

describe('round 11: a Polish journal with a crash-looping etcd', () => {
  it('takes the year from Go\'s time.Date in an event the kubelet could not write (kubernetes/kubernetes#114197)', () => {
    // https://github.com/kubernetes/kubernetes/issues/114197 — etcd and kube-controller-manager crash-loop; lease updates time out.
    const a = fixture('crashloop-backoff-5.log');
    expect(a.trace.sources[0].year).toEqual({ value: 2022, how: 'document' });
    expect(only(a, 'crashloop-backoff').title).toBe('CrashLoopBackOff: etcd in kube-system/etcd-kub-master (back-off 40s)');
    expect(only(a, 'api-server-unreachable').title).toBe('Kubelet cannot reach the API server: requests to the API server time out (for 10.00s)');
  });
});

describe('round 11: 1.22\'s error-level "PLEG: Write status"', () => {
  it('is information without err=, an error with it; the start-up PLEG transient stays one (kubernetes/kubernetes#106265)', () => {
    // https://github.com/kubernetes/kubernetes/issues/106265 — 1.22 logged the PLEG's status dump at error level.
    const a = fixture('pleg-unhealthy-6.log');
    expect(a.trace.pods.map((p) => `${p.name} ${p.errorCount}`)).toEqual(['calico-node-kckfc 0']);
    const ev = a.trace.events;
    const write = ev.kind.findIndex((k, i) => i < ev.count && kindName(k) === 'pleg.status-error');
    expect(ev.severity[write]).toBe(0);
    expect(only(a, 'pleg-unhealthy').severity).toBe('info');
    const withErr = analyse('E1109 21:31:26.226034  112447 generic.go:415] "PLEG: Write status" err="rpc error: code = Unknown desc = sandbox not found" pod="kube-system/calico-node-kckfc"');
    expect(withErr.trace.pods[0].errorCount).toBe(1);
  });
});

describe('round 12: real excerpts', () => {
  it('an API server whose name is "false" is named as a value left unset; a ≤1.12 kubelet\'s lone "runtime is down" is a start-up\'s (openshift/openshift-ansible#9894)', () => {
    // https://github.com/openshift/openshift-ansible/issues/9894 — journal lines quoted in Ansible's JSON output.
    const a = fixture('api-server-unreachable-8.log');
    const f = only(a, 'api-server-unreachable');
    expect(f.title).toBe('Kubelet cannot reach the API server: the API server\'s name does not resolve (3 error lines)');
    expect(f.explanation).toContain('The name looked up is "false": no host\'s name');
    const down = only(a, 'runtime-down');
    expect(down.severity).toBe('info');
    expect(down.explanation).toContain('which kubelets before 1.13 also say while the check has not succeeded yet');
    // From 1.13 on, "down" means 30 s without a good answer: a finding of its own, not a start-up's.
    const late = analyse('I0904 09:27:58.139962   27960 kubelet.go:2162] skipping pod synchronization - [container runtime is down]\nI0904 09:28:58.139962   27960 kubelet.go:2162] skipping pod synchronization - [container runtime is down]');
    expect(only(late, 'runtime-down').severity).not.toBe('info');
  });

  it('logind\'s delay capped below shutdownGracePeriod by another drop-in is named; a thread\'s comments keep their own years (kubernetes/kubernetes#102818)', () => {
    // https://github.com/kubernetes/kubernetes/issues/102818 — unattended-upgrades sets InhibitDelayMaxSec=30.
    const a = fixture('shutdown-manager-failed-2.log');
    const f = only(a, 'shutdown-manager-failed');
    expect(f.explanation).toContain('another logind.conf.d drop-in');
    expect(f.next).toContain('systemd-analyze cat-config systemd/logind.conf');
    // Line 8 (an unpadded "Jun 2") is its own node's, in 2021 as its comment is; line 32 is another node's, in 2024.
    expect(a.trace.sources[0].node).toBe('test-c2rtl5620bsn3hi5voeg-kublettest1-default-0000042f');
    expect(a.trace.nodes.map((n) => n.name).sort()).toEqual(['master-foobar001-1729709574', 'test-c2rtl5620bsn3hi5voeg-kublettest1-default-0000042f', 'test-cscjovo20uaaj3bqvkmg-standard132-default-00000204']);
    expect(a.at(8)).toBe('2021-06-02 19:41:48.214662');
    expect(a.at(32)).toBe('2024-10-23 20:14:33.248476');
    expect(a.trace.nodes.flatMap((n) => n.starts)).toEqual([]);
  });

  it('1.22+\'s "There were many similar errors" names its orphaned pod inside err=; rmdir\'s "directory not empty" is told (kubernetes/kubernetes#113987)', () => {
    // https://github.com/kubernetes/kubernetes/issues/113987 — a configmap volume's directory left with files in it.
    const a = fixture('orphaned-pod-volumes-3.log');
    const f = only(a, 'orphaned-pod-volumes');
    expect(f.title).toBe('Orphaned pod volumes left on disk: 1 pod (2 errors counted)');
    expect(a.lines(f)).toEqual([7, 8, 9]);
    expect(f.explanation).toContain('rmdir()\'s "directory not empty"');
  });

  it('a bootstrap refused as system:anonymous is the API server not knowing its token, not an expired certificate (kubernetes/kubernetes#57240)', () => {
    // https://github.com/kubernetes/kubernetes/issues/57240 — a 1.6 binary install, its journal hard-wrapped at 132 columns.
    const a = fixture('kubelet-exited-8.log');
    const f = only(a, 'kubelet-exited');
    expect(f.title).toBe('Kubelet fails to start: the API server took it for an anonymous user');
    expect(f.next).toContain('bootstrap-kubelet.conf');
  });
});

describe('round 12: panics quoted, repeated and cut', () => {
  it('a panic quoted in the discussion and again with its stack is one panic, whose stack is the fuller copy\'s (openshift/kubernetes#851)', () => {
    // https://github.com/openshift/kubernetes/pull/851 — a must-gather grep quoted first, the full panic below it.
    const a = fixture('kubelet-panic-7.log');
    const f = only(a, 'kubelet-panic');
    expect(f.title).toBe('Kubelet panic');
    expect(a.lines(f)).toEqual([14, 22]);
    expect(f.explanation).toContain('(line 14; the same line again at line 22)');
    expect(f.explanation).toContain('The stack in the log stops before the kubelet\'s own frames');
  });

  it('panics that one process survives, and that come back after a restart, are said so; a cut copy is the same panic (kubernetes/kubernetes#88779)', () => {
    // https://github.com/kubernetes/kubernetes/issues/88779 — "Panic in kubelet Run does not exit".
    const a = fixture('kubelet-panic-8.log');
    const f = only(a, 'kubelet-panic');
    expect(f.title).toBe('Kubelet panic (6×)');
    expect(f.explanation).toContain('Process 670 went on after panicking (3 panics in 5.748s)');
    expect(f.explanation).toContain('The kubelet started again between them (line 12, pid 88624)');
    expect(f.explanation).not.toContain('No kubelet start follows');
  });

  it('a journal that kept only a stack\'s file lines reads them as the kubelet\'s (kubernetes/kubernetes#76075)', () => {
    // https://github.com/kubernetes/kubernetes/issues/76075 — a 1.14 kubelet under a Chinese locale (`4月 02`).
    const a = fixture('kubelet-panic-9.log');
    expect(a.trace.sources[0].lines).toMatchObject({ klog: 1, continuation: 13 });
    expect(a.trace.sources[0].year).toEqual({ value: 2019, how: 'version' });
    expect(only(a, 'kubelet-panic').title).toBe('Kubelet panic in k8s.io/client-go/tools/cache (reflector.go:189)');
  });
});

describe('round 12: the pods a ranking names', () => {
  it('the eviction manager\'s ranking, one line naming several pods, lists them (kubernetes/kubernetes#44951)', () => {
    // https://github.com/kubernetes/kubernetes/issues/44951 — imagefs pressure while image GC was still removing images.
    const a = fixture('eviction-5.log');
    const f = only(a, 'eviction');
    expect(f.title).toBe('Eviction: imagefs pressure');
    // (The third, its UID cut by the paste's width, is named by its name and namespace.)
    expect(a.pods(f)).toEqual(['kube-system/kube-proxy-node-2-vm', 'kube-system/fluentd-logz-kmpfn', 'brpx-com/brpx-com-2906161812-c2ld6']);
    expect(f.explanation).toContain('(line 10; the first is evicted first)');
  });
});

describe('round 13: real excerpts', () => {
  it('static pods refused once each by PodSecurityPolicy are a finding, and PSP bounds the version (kubernetes/minikube#3818)', () => {
    // https://github.com/kubernetes/minikube/issues/3818 — admission-plugins=PodSecurityPolicy with no policy for the nodes.
    const a = fixture('mirror-pod-create-failed-2.log');
    const f = only(a, 'mirror-pod-create-failed');
    expect(f.title).toBe('Mirror pod not created for 4 static pods: PodSecurityPolicy admits no policy for it');
    expect(a.lines(f)).toEqual([6, 7, 8, 9]);
    expect(a.trace.sources[0].versionRange.label).toBe('≤1.24');
    // One static pod refused once is not enough.
    expect(analyse(a.text.split('\n').slice(0, 6).join('\n')).of('mirror-pod-create-failed')).toEqual([]);
  });

  it('a slow volume-metrics call beside a CSI driver\'s socket that refuses connections is the driver, not the node (juicedata/juicefs-csi-driver#1475)', () => {
    // https://github.com/juicedata/juicefs-csi-driver/issues/1475 — the driver's socket closed; metrics calls wait 20 s.
    const a = fixture('slow-operations-3.log');
    const f = only(a, 'slow-operations');
    expect(f.title).toBe('Volume metrics wait on CSI driver csi.juicefs.com, which does not answer (20.00s)');
    expect(a.lines(f)).toEqual([21, 22]);
    expect(f.next).toContain('csi.juicefs.com node plugin');
  });

  it('a sandbox failing because the pause image cannot be pulled says so and leads with it (NixOS/nixpkgs#39833)', () => {
    // https://github.com/NixOS/nixpkgs/issues/39833 — "pause" pulled as a bare name: access denied.
    const a = fixture('sandbox-create-failed-5.log');
    const f = only(a, 'sandbox-create-failed');
    expect(f.title).toBe('Pod sandbox creation failing for kube-system/nfs-provisioner-nfs-server-provisioner-0: the pause image cannot be pulled');
    expect(f.next).toMatch(/^Pull the pause image by hand/);
    expect(f.explanation).toContain('may require \'docker login\'". The pause');
  });

  it('one StopContainer failure logged again by both of the kill\'s messages is one failure; no sync reason is made up (awslabs/amazon-eks-ami#2069)', () => {
    // https://github.com/awslabs/amazon-eks-ami/issues/2069 — StopContainer times out; the paste dropped a space in one copy.
    const a = fixture('runtime-call-errors-9.log');
    const f = only(a, 'runtime-call-errors');
    expect(f.title).toBe('Container runtime call failed (StopContainer)');
    expect(a.lines(f)).toEqual([9, 10, 11]);
    expect(only(a, 'pod-kill-failed').explanation).toContain('1 failed kill');
  });

  it('an eviction signal measured below zero is a miscount, not a full disk (kubernetes/kubernetes#52336)', () => {
    // https://github.com/kubernetes/kubernetes/issues/52336 — DiskPressure on 1.7 nodes with room; -v=3 observations.
    const a = fixture('eviction-6.log');
    const f = only(a, 'eviction');
    expect(f.title).toBe('Eviction signal allocatableNodeFs.available measured below zero (-9112137624): a miscount, not a full resource');
    expect(a.lines(f)).toEqual([14]);
    // The memory signal on line 13 is positive: no finding of its own.
    expect(a.kinds(13)).toEqual(['eviction.observation']);
  });

  it('a pod rejected at admission and deleted gets a worker only to tear it down: no anomaly (gangmuk/k8s-failure-reproduction, kind 1.24 log)', () => {
    // https://github.com/gangmuk/k8s-failure-reproduction — failure_cases/C7: pods pinned to a tainted node, recreated in a loop.
    const a = fixture('admission-rejected-3.log');
    expect(only(a, 'admission-rejected').title).toBe('Pods rejected at admission: Predicate TaintToleration failed');
    expect(a.trace.anomalies.filter((x) => x.kind === 'illegal-transition')).toEqual([]);
    // pod_workers.go:888 is 1.24.7's line too (the full log's "Kubelet version" says v1.24.7).
    expect(a.trace.sources[0].versionRange.label).toBe('1.24');
    const pod = a.trace.pods.findIndex((p) => p.name === 'php-apache-7f879b889b-jfhc5');
    expect(pod).toBeGreaterThanOrEqual(0);
  });

  it('a kubelet started without an API client is said to run standalone (kubernetes/kubernetes#79556)', () => {
    // https://github.com/kubernetes/kubernetes/issues/79556 — a journal with its banner; the kubelet started without a kubeconfig.
    const a = fixture('kubelet-standalone-1.log');
    const f = only(a, 'kubelet-standalone');
    expect(f.title).toBe('Kubelet runs standalone: it has no API client');
    expect(a.lines(f)).toEqual([10]);
    expect(analyse('I0629 04:45:46.733613    3660 server.go:407] Version: v1.13.5').of('kubelet-standalone')).toEqual([]);
  });

  it('one skipping line between elided stretches: what the left-out lines said is not claimed (moby/moby#41385)', () => {
    // https://github.com/moby/moby/issues/41385 — a syslog excerpt with "…" lines between the kubelet's.
    const a = fixture('runtime-down-4.log');
    const f = only(a, 'runtime-down');
    expect(f.explanation).toContain('At 06:43:12.347369 (line 12)');
    expect(f.explanation).toContain('but lines are left out around it (line 14): whether the runtime was answering with errors is not known');
    expect(f.explanation).not.toContain('0µs');
  });

  it('"runtime is down" right after a start while Docker refuses the status call is no start-up noise; the advice is Docker\'s (kubernetes/kubernetes#28577)', () => {
    // https://github.com/kubernetes/kubernetes/issues/28577 — a 1.3 kubelet started with Docker down.
    const a = fixture('runtime-down-5.log');
    const down = only(a, 'runtime-down');
    expect(down.title).toBe('Container runtime not up after the kubelet start: it does not answer');
    expect(down.explanation).not.toContain('normal start-up noise');
    expect(only(a, 'runtime-call-errors').next).toMatch(/^Docker is not answering the kubelet/);
  });

  it('watches cut off by an unexpected EOF, again and again, are connections to the API server dropping (rancher/rancher#15048)', () => {
    // https://github.com/rancher/rancher/issues/15048 — kubectl delete hangs; the kubelet's watches keep breaking.
    const a = fixture('api-server-unreachable-9.log');
    const f = only(a, 'api-server-unreachable');
    expect(f.title).toBe('Kubelet cannot reach the API server: connections to the API server drop (for 14.10s)');
    expect(f.explanation).toContain('7 watches cut off');
  });
});

describe('round 14: real excerpts', () => {
  it('journal lines pasted as a diff\'s added lines and cut by the pager stay five records; nameserver limits are a finding (fujitatomoya/ros_k8s#48)', () => {
    // https://github.com/fujitatomoya/ros_k8s/pull/48 — more than 3 nameservers on an edge host; `+` before each line.
    const a = fixture('dns-config-limits-1.log');
    expect(a.trace.sources[0].lines.klog).toBe(5);
    expect(a.trace.sources[0].diagnostics.filter((d) => d.message.includes('pager\'s ">" at column 130'))).toHaveLength(5);
    const f = only(a, 'dns-config-limits');
    expect(f.title).toBe('Pods get only the first 3 nameservers of the node\'s resolv.conf');
    expect(a.lines(f)).toEqual([2, 3, 4, 5, 6]);
    // The pager cut the applied line away: none is quoted.
    expect(f.explanation).not.toContain('The line pods get');
    // The stop's first line is read now that the lines are not joined.
    expect(a.lines(only(a, 'kubelet-stopped'))).toEqual([7, 8]);
  });

  it('a JSON "Nameserver limits exceeded" quotes the line pods get and names the repeated server (nforgeio/neonKUBE#1868)', () => {
    // https://github.com/nforgeio/neonKUBE/issues/1868 — 8.8.8.8 added twice to the node's resolver config.
    const a = fixture('dns-config-limits-2.log');
    const f = only(a, 'dns-config-limits');
    expect(f.explanation).toContain('The line pods get: "8.8.8.8 8.8.4.4 8.8.8.8" — it names 8.8.8.8 more than once');
    expect(f.severity).toBe('info');
  });

  it('printf-era lines and DNSConfigForming events count; a search line cut is its own finding', () => {
    const a = analyse([
      'E0312 10:42:26.101676    2353 dns.go:131] Nameserver limits were exceeded, some nameservers have been omitted, the applied nameserver line is: 10.0.0.2 10.0.0.3 10.0.0.4',
      'E0312 10:42:36.101676    2353 dns.go:125] Search Line limits were exceeded, some search paths have been omitted, the applied search line is: default.svc.cluster.local svc.cluster.local cluster.local a.example.com b.example.com c.example.com',
      'I0312 10:42:46.101676    2353 event.go:291] "Event occurred" object="default/web-0" kind="Pod" apiVersion="v1" type="Warning" reason="DNSConfigForming" message="Nameserver limits were exceeded, some nameservers have been omitted, the applied nameserver line is: 10.0.0.2 10.0.0.3 10.0.0.4"',
    ].join('\n'));
    const [ns, search] = a.of('dns-config-limits');
    expect(a.lines(ns)).toEqual([1, 3]);
    expect(ns.explanation).toContain('The line pods get: "10.0.0.2 10.0.0.3 10.0.0.4".');
    expect(search.title).toBe('Pods\' DNS search list was cut to the resolver\'s limit');
    expect(a.lines(search)).toEqual([2]);
    expect(analyse('I0312 10:42:26.101676    2353 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-1"]').of('dns-config-limits')).toEqual([]);
  });

  it('a panic on a damaged allocation checkpoint is the kubelet refusing to start, with the file to remove (kubernetes/kubernetes#135711)', () => {
    // https://github.com/kubernetes/kubernetes/issues/135711 — pod_status_manager_state left invalid after a node restart.
    const a = fixture('kubelet-panic-10.log');
    const f = only(a, 'kubelet-panic');
    expect(a.lines(f)).toEqual([2, 3]);
    expect(f.explanation).toContain('The panic is the kubelet\'s own refusal to start, not a bug (line 2 said so before it)');
    expect(f.explanation).toContain('its content is not valid');
    expect(f.next).toContain('remove /var/lib/kubelet/pod_status_manager_state');
    expect(a.trace.sources[0].versionRange.label).toBe('1.27–1.32');
  });

  it('a fatal line\'s second journal line continues it; a cut error still names the checkpoint file (kubernetes/kubernetes#79603)', () => {
    // https://github.com/kubernetes/kubernetes/issues/79603 — the CPU manager's checkpoint with isolcpus; the paste cut line 2.
    const a = fixture('kubelet-exited-9.log');
    expect(a.trace.sources[0].lines.continuation).toBe(1);
    const f = only(a, 'kubelet-exited');
    expect(f.title).toBe('Kubelet fails to start: a manager could not restore the state it saved');
    expect(f.explanation).toContain('from checkp Please drain this node');
    expect(f.next).toContain('remove /var/lib/kubelet/cpu_manager_state');
    expect(a.trace.sources[0].versionRange.label).toBe('≤1.20');
  });

  it('a changed CPU manager policy keeps its wording, and printf start-up errors bound the version (bottlerocket-os/bottlerocket#1465)', () => {
    // https://github.com/bottlerocket-os/bottlerocket/pull/1465 — the default policy changed while a state file remained.
    const a = fixture('kubelet-exited-10.log');
    expect(only(a, 'kubelet-exited').title).toBe('Kubelet fails to start: its CPU or memory manager\'s saved state disagrees with its policy');
    expect(a.trace.sources[0].versionRange.label).toBe('≤1.20');
    expect(a.trace.sources[0].year).toEqual({ value: 2021, how: 'version' });
  });

  it('three lease tries refused in one moment are one failed renewal, by two addresses behind the name (openshift/origin#28999)', () => {
    // https://github.com/openshift/origin/pull/28999 — FailedToLease: every API server backend refused the kubelet.
    const a = fixture('api-server-unreachable-10.log');
    const f = only(a, 'api-server-unreachable');
    expect(f.severity).toBe('info');
    expect(f.title).toBe('Kubelet cannot reach the API server: the API server refuses connections (3 error lines)');
    expect(f.explanation).toContain('1 lease renewal,');
    expect(f.explanation).toContain('The errors name 2 addresses (10.0.54.68:6443, 10.0.87.235:6443)');
    // Two tries are not a whole update.
    expect(analyse(a.text.split('\n').slice(0, 2).join('\n')).of('api-server-unreachable')).toEqual([]);
  });

  it('a remote syslog template names the node; preStop hooks on containers already stopped are noise (kubernetes/kubernetes#39170)', () => {
    // https://github.com/kubernetes/kubernetes/issues/39170 — "preStop hook … failed: … container not running".
    const a = fixture('prestop-hook-failed-1.log');
    expect(a.trace.sources[0].node).toBe('knode3');
    const f = only(a, 'prestop-hook-failed');
    expect(f.severity).toBe('info');
    expect(f.title).toBe('PreStop hook not run: the container had already stopped');
    expect(a.lines(f)).toEqual([2, 4]);
    const failed = analyse('E1218 22:36:58.022261    1356 kuberuntime_container.go:462] preStop hook for container "foo" failed: command \'/bin/sh -c sleep 5 && nginx -s quit\' exited with 126: ').of('prestop-hook-failed');
    expect(failed.map((x) => [x.severity, x.title])).toEqual([['warning', 'PreStop hook could not be run in the container']]);
  });

  it('a mounted secret is not "not attached"; a CSI endpoint asked for registration info is noise; wrapped lines read whole (ceph/ceph-csi#720)', () => {
    // https://github.com/ceph/ceph-csi/issues/720 — an RBD volume never attached; a terminal-wrapped French-locale journal.
    const a = fixture('volume-mount-timeout-4.log');
    const t = only(a, 'volume-mount-timeout');
    expect(t.explanation).toContain('(mypvc not mounted; not attached: mypvc)');
    const noise = only(a, 'volume-op-failing');
    expect(noise.severity).toBe('info');
    expect(noise.title).toBe('Plugin registration failing on this node: the socket is no registration socket');
    const atLine6 = Array.from({ length: a.trace.events.count }, (_, i) => i).find((i) => a.trace.events.line[i] === 6)!;
    expect(printedMessage(a.trace, atLine6)).toContain('"csi-rbd-demo-pod_default(401c2042');
  });

  it('kubelet lines minikube quotes in its own ("Found kubelet problem: …") are read as the kubelet\'s (kubernetes/minikube#11110)', () => {
    // https://github.com/kubernetes/minikube/issues/11110 — kube-controller-manager crash-looping during minikube start.
    const a = fixture('crashloop-backoff-6.log');
    const f = only(a, 'crashloop-backoff');
    expect(f.title).toBe('CrashLoopBackOff: kube-controller-manager in kube-system/kube-controller-manager-host-11-1-1-131 (back-off 1m20s)');
    const ev = a.trace.events;
    // The kubelet's time, pid and severity, not minikube's.
    expect([ev.pid[0], ev.severity[0]]).toEqual([23794, 2]);
    expect(a.trace.sources[0].node).toBe('host-11-1-1-131');
    expect(printedMessage(a.trace, 0)).toMatch(/^Error syncing pod fee973aa/);
  });

  it('sandbox lines cut before their pod join the pod worker\'s; a runc refusal gets the runtime\'s advice, not CNI\'s (labring/sealos#2012)', () => {
    // https://github.com/labring/sealos/issues/2012 — etcd's sandbox: "OCI runtime create failed: runc create failed".
    const a = fixture('sandbox-create-failed-6.log');
    const f = only(a, 'sandbox-create-failed');
    expect(a.lines(f)).toEqual([1, 2, 3]);
    expect(f.explanation).toContain('3 failure lines (one attempt)');
    expect(f.explanation).toContain('before any network was set up');
    expect(f.next).toMatch(/^The runtime's low-level runtime \(runc, crun\)/);
  });

  it('the dockershim\'s "Error adding <ns>_<pod>/<sandbox> to network" names its pod; flannel\'s missing subnet file is explained (kubernetes-sigs/sig-windows-tools#76)', () => {
    // https://github.com/kubernetes-sigs/sig-windows-tools/issues/76 — kube-proxy-windows stuck ContainerCreating on a Windows node.
    const a = fixture('sandbox-create-failed-7.log');
    const titles = a.of('sandbox-create-failed').map((f) => f.title);
    expect(titles).toContain('Pod sandbox creation failing for kube-system/kube-proxy-windows-pz26m');
    const proxy = a.of('sandbox-create-failed').find((f) => f.title.endsWith('kube-proxy-windows-pz26m'))!;
    expect(a.lines(proxy)).toEqual([6]);
    expect(proxy.explanation).toContain('flanneld is not running here');
  });

});

describe('round 15: real excerpts', () => {
  it('a static pod that "cannot start yet" while housekeeping cannot remove another worker is blocked (kubernetes/kubernetes#111901)', () => {
    // https://github.com/kubernetes/kubernetes/pull/111901 — after a kubelet restart the old static pod's worker never finishes.
    const a = fixture('static-pod-start-blocked-1.log');
    const f = only(a, 'static-pod-start-blocked');
    expect(f.title).toBe('kube-system/kube-apiserver-1111-2222--ab01 cannot start: a pod of the same name has not finished terminating');
    expect(a.lines(f)).toEqual([4, 9]);
    expect(f.explanation).toContain('the worker of 17b60a8466d5776e928eb61d70f0ad95 was asked to be removed but is still not fully terminated (line 9)');
    // One "cannot start yet" alone is the moment an old pod takes to stop.
    const lone = a.text.split('\n').filter((l) => !l.includes('requested for removal')).join('\n');
    expect(analyse(lone).of('static-pod-start-blocked')).toEqual([]);
  });

  it('RunPodSandbox answered NotFound for the sandbox image is no routine NotFound; the image is missing under its name, not unpullable (awslabs/amazon-eks-ami#2729)', () => {
    // https://github.com/awslabs/amazon-eks-ami/issues/2729 — containerd 2.3 looks up "localhost/kubernetes/pause" with no tag.
    const a = fixture('sandbox-create-failed-8.log');
    expect(a.of('runtime-call-errors')).toEqual([]);
    const f = only(a, 'sandbox-create-failed');
    expect(f.title).toBe('Pod sandbox creation failing for kube-system/aws-node-x4hm5: the runtime has no sandbox image of the name it is configured with');
    expect(f.explanation).toContain('No pull was tried.');
    expect(f.next).toMatch(/^List the node's images/);
  });

  it('"pull QPS exceeded" is the kubelet\'s own pull rate limit, not the registry (redhat-appstudio/infra-deployments#7796)', () => {
    // https://github.com/redhat-appstudio/infra-deployments/pull/7796 — the PR raises registryPullQPS and registryBurst.
    const f = only(fixture('image-pull-failed-5.log'), 'image-pull-failed');
    expect(f.title).toMatch(/: the kubelet's own pull rate limit$/);
    expect(f.next).toMatch(/^Raise registryPullQPS and registryBurst/);
    expect(f.next).not.toContain('Try the pull on the node');
  });

  it('a device plugin stream ended, in 1.21–1.25\'s lower-case wording, is a lost device plugin (volcano-sh/devices#59)', () => {
    // https://github.com/volcano-sh/devices/issues/59 — the vGPU plugin's socket refuses connections.
    const f = only(fixture('device-plugin-lost-3.log'), 'device-plugin-lost');
    expect(f.title).toBe('Device plugin gone: volcano.sh/vgpu-number');
  });

  it('"no serving certificate available for the kubelet" is a finding: the kubelet-serving CSR awaits approval (syself/cluster-api-provider-hetzner#920)', () => {
    // https://github.com/syself/cluster-api-provider-hetzner/issues/920 — kubectl logs fails with "tls: internal error".
    const a = fixture('serving-cert-missing-1.log');
    const f = only(a, 'serving-cert-missing');
    expect(a.lines(f)).toEqual([4]);
    expect(f.next).toContain('kubernetes.io/kubelet-serving');
  });

  it('a Killing event "definition changed, will be restarted" after an UPDATE is a spec change restart, quoted from its message (kubernetes/kubernetes#122760)', () => {
    // https://github.com/kubernetes/kubernetes/issues/122760 — a resources patch restarted the container instead of resizing it.
    const a = fixture('container-hash-changed-2.log');
    const f = only(a, 'container-hash-changed');
    expect(a.lines(f)).toEqual([5]);
    expect(f.explanation).toContain('"Container dra definition changed, will be restarted"');
    expect(f.next).toContain('InPlacePodVerticalScaling');
  });
});


describe('round 16: real excerpts', () => {
  it('"Looking for sources, have seen" with sources still missing is a finding: housekeeping and deletes wait (rancher/rke2#4864)', () => {
    // https://github.com/rancher/rke2/issues/4864 — a maintainer reads the empty seenSources as the kubelet never syncing its pods.
    const a = fixture('pod-sources-not-ready-1.log');
    const f = only(a, 'pod-sources-not-ready');
    expect(f.title).toBe('Kubelet has not yet had its pods from the API server (api) and the static pod directory (file)');
    expect(f.severity).toBe('warning');
    expect(a.lines(f)).toEqual([5, 12]);
    expect(f.explanation).toContain('7 checks from 20:37:54.212933 (line 5)');
    expect(f.next).toContain('for api:');
    expect(f.next).toContain('for file:');
  });

  it('sources seen within seconds are no finding; a long wait that ended is, naming only the late source', () => {
    const check = (t: string, seen: string) => `I1005 20:${t} 1424921 config.go:105] "Looking for sources, have seen" sources=[api file] seenSources=map[${seen}]`;
    expect(analyse([check('37:54.212933', ''), check('37:55.212933', 'file:{}'), check('37:56.212933', 'api:{} file:{}')].join('\n')).of('pod-sources-not-ready')).toEqual([]);
    const late = analyse([check('37:54.212933', 'file:{}'), check('38:54.212933', 'file:{}'), check('39:30.000000', 'api:{} file:{}')].join('\n'));
    const f = only(late, 'pod-sources-not-ready');
    expect(f.title).toBe('Kubelet waited 1m35s for its pods from the API server (api)');
    expect(f.severity).toBe('warning');
    expect(f.next).not.toContain('for file:');
    // The printf era prints the two sets with %v.
    const printf = analyse('I1005 20:37:54.212933 1424921 config.go:97] Looking for [api file], have seen map[file:{}]\nI1005 20:37:59.212933 1424921 config.go:97] Looking for [api file], have seen map[file:{}]');
    expect(only(printf, 'pod-sources-not-ready').title).toBe('Kubelet has not yet had its pods from the API server (api)');
    // Skipped housekeeping passes alone (-v=4) say the sources are not all seen, not which one is missing.
    const skipped = (m: number) => `I0315 10:0${m}:00.000000    2891 kubelet.go:2199] "SyncLoop (housekeeping, skipped): sources aren't ready yet"`;
    const hk = only(analyse([0, 2, 4, 6, 8].map(skipped).join('\n')), 'pod-sources-not-ready');
    expect(hk.title).toBe('Kubelet has not yet had its pods from all its pod sources');
    expect(hk.explanation).toContain('from at least one of its pod sources: 5 checks');
    // A housekeeping pass that ran ends the wait.
    const ran = [skipped(0), 'I0315 10:00:02.000000    2891 kubelet.go:2209] "SyncLoop (housekeeping)"'].join('\n');
    expect(analyse(ran).of('pod-sources-not-ready')).toEqual([]);
  });

  it('stats of a container the runtime no longer has are the stats summary failing, not the runtime unwell; the eviction manager\'s summary failure is its own (kubernetes/kubernetes#91575)', () => {
    // https://github.com/kubernetes/kubernetes/issues/91575 — a Windows node's dockershim asks hcsshim for stats of exited containers.
    const a = fixture('runtime-call-errors-10.log');
    const f = only(a, 'runtime-call-errors');
    expect(f.title).toBe('Container stats call fails (ListContainerStats): a container the runtime no longer has');
    expect(a.lines(f)).toEqual([3, 6]);
    expect(f.explanation).toContain('the eviction manager\'s read of it (line 3)');
    expect(f.next).not.toContain('journalctl -u containerd');
    // The eviction manager's printf line is its own failure, not an informer's "failed to list".
    expect(a.kinds(3)).toEqual(['eviction.failed']);
  });

  it('1.3\'s PLEG status dump gives the pod\'s UID, and with it the year; the status hook\'s CNI failure is the pod\'s (kubernetes/kubernetes#29217)', () => {
    // https://github.com/kubernetes/kubernetes/pull/29217 — OpenShift 1.3: the kubelet asks CNI for the pod's status before its network is set up.
    const a = analyse(readFileSync(new URL('../../fixtures/logs/openshift-1.3-cni-status-hook.md', import.meta.url), 'utf8'));
    expect(a.trace.pods.map((p) => `${p.namespace}/${p.name} ${p.uid}`)).toEqual(['default/hi-openshift 375d0b17-4d29-11e6-b25d-0242a73d1e4e']);
    expect(a.trace.sources[0].year).toEqual({ value: 2016, how: 'pod-uid' });
    expect(a.kinds(9)).toEqual(['runtime.pod-ip-failed']);
    expect(a.trace.events.pod[a.trace.events.line.indexOf(9)]).toBe(0);
  });

  it('a sandbox whose cgroup cannot be made is about the node\'s cgroups, not the network; "cgroup mountpoint does not exist" is a hierarchy not mounted', () => {
    // A kubeadm node's notes (Nov 2024): the etcd static pod's sandbox fails in containerd's cgroup setup.
    const f = only(fixture('sandbox-create-failed-9.log'), 'sandbox-create-failed');
    expect(f.explanation).toContain('a cgroup hierarchy it needs is not mounted on the node');
    expect(f.next).toMatch(/^Check the node's cgroups against what the runtime expects/);
    expect(f.next).not.toContain('/etc/cni/net.d');
  });

  it('a sandbox that fails because the runtime\'s socket closed is the runtime gone, not a network or image step; a CNI plugin\'s own failure stays the network\'s', () => {
    // A home-made CNI plugin's notes (Apr 2023): its IPAM fails first; a day later containerd goes away mid-call.
    const a = fixture('sandbox-create-failed-10.log');
    const sandboxes = a.of('sandbox-create-failed');
    expect(sandboxes.map((f) => f.title)).toEqual([
      'Pod sandbox creation failing for kube-system/coredns-5bbd96d687-tvpxr',
      'Pod sandbox creation failing for kube-system/coredns-5bbd96d687-nffpx',
      'Pod sandbox creation failing for kube-system/coredns-5bbd96d687-bhmwz',
    ]);
    expect(sandboxes[0].explanation).toContain('The error is in network setup');
    for (const f of sandboxes.slice(1)) {
      expect(f.explanation).toContain('the runtime itself was down or restarting');
      expect(f.next).toMatch(/^Read the runtime's own log and restart history/);
    }
    // The runtime's own finding says the same of its calls.
    expect(a.of('runtime-call-errors').some((f) => f.explanation.includes('the runtime (containerd, CRI-O, dockershim) was down or restarting'))).toBe(true);
  });

  it('a sandbox whose overlay root filesystem the kernel refuses to mount is about where the runtime keeps its snapshots, not the network', () => {
    // A kubeadm node's notes: the static pods' sandboxes fail with "failed to mount rootfs component … invalid argument";
    // the same paste's `mount` shows the node's / is itself an overlay (a live image).
    const a = fixture('sandbox-create-failed-11.log');
    const found = a.of('sandbox-create-failed');
    expect(found.map((f) => f.pods)).toHaveLength(2);
    for (const f of found) {
      expect(f.explanation).toContain('could not mount the sandbox\'s root filesystem from its image snapshots');
      expect(f.next).toMatch(/^See what the runtime's root is on/);
    }
  });

  it('a kubelet that cannot set up its cgroups quotes the cgroup manager\'s own failure just before (a blog post: a node switched to cgroup v2)', () => {
    // ningan123's post (2022): after systemd.unified_cgroup_hierarchy=1 the kubelet cannot enable controllers at the root.
    const a = fixture('kubelet-exited-11.log');
    const f = only(a, 'kubelet-exited');
    expect(f.title).toBe('Kubelet fails to start: its cgroups could not be set up');
    expect(f.explanation).toContain('Just before, the cgroup manager could not update a cgroup: "failed to enable controllers on "/sys/fs/cgroup"');
    expect(a.lines(f)).toContain(35);
  });

  it('"invalid Node Allocatable configuration" is reservations exceeding the node, with the node\'s memory worked out from the error\'s two numbers', () => {
    // A home-lab README (Dec 2025): systemReserved 1Gi + kubeReserved 1Gi + evictionHard 200Mi on a node of about 2 GiB.
    const f = only(fixture('kubelet-exited-12.log'), 'kubelet-exited');
    expect(f.title).toBe('Kubelet fails to start: its reservations exceed what the node has');
    expect(f.explanation).toContain('Here the node has 2.0 GiB of memory and the reservations come to 2.2 GiB: 161.0 MiB more than it has.');
    expect(f.next).toMatch(/^Lower systemReserved, kubeReserved or the hard eviction threshold/);
  });

  it('node status updates answered "the object has been modified" are a write conflict with another writer, not an unreachable API server (kubernetes/kubernetes#20566)', () => {
    // https://github.com/kubernetes/kubernetes/issues/20566 — a 1.2 kubelet ran two status updaters; the API server answered 409s.
    const a = fixture('node-status-conflict-1.log');
    expect(a.of('api-server-unreachable')).toEqual([]);
    const f = only(a, 'node-status-conflict');
    expect(f.severity).toBe('warning');
    expect(a.lines(f)).toEqual([2, 3, 4, 5, 6]);
    expect(f.explanation).toContain('An update ran out of retries (line 6)');
    // Two conflicts with no update given up are a passing race.
    expect(analyse(a.text.split('\n').slice(0, 3).join('\n')).of('node-status-conflict')).toEqual([]);
  });

  it('"not registered" is the kubelet\'s own bookkeeping of a pod\'s Secret, not a missing Secret; no ContainerCreating claimed (kubernetes/kubernetes#113289)', () => {
    // https://github.com/kubernetes/kubernetes/issues/113289 — a pod being deleted retries a secret volume the kubelet released.
    const f = only(fixture('volume-op-failing-5.log'), 'volume-op-failing');
    expect(f.title).toMatch(/: the kubelet holds no reference to its Secret or ConfigMap for this pod \("not registered"\)$/);
    expect(f.explanation).not.toContain('it stays ContainerCreating');
    expect(f.next).toMatch(/^Check whether the pod is being deleted/);
  });

  it('a container kill the runtime answers "does not exist" is a container gone; only a pod shown being deleted is said to stay Terminating', () => {
    // kubernetes/kubernetes#21751 (1.2): the pod killer's kill, answered "Container does not exist: container destroyed".
    const a = fixture('pod-kill-failed-2.log');
    const f = only(a, 'pod-kill-failed');
    expect(f.explanation).toContain('Nothing in the log says the pod is being deleted');
    const text = 'E0224 23:46:40.914963    3415 kubelet.go:2190] Failed killing the pod "liveness-exec": failed to "KillContainer" for "liveness" with KillContainerError: "API error (500): Cannot stop container c6bce5190c29: [2] Container does not exist: container destroyed"';
    const gone = analyse(text).of('pod-kill-failed');
    expect(gone.map((g) => g.title)).toEqual(['Killing container liveness of liveness-exec fails: not found in the runtime']);
    // The pod killer kills only pods no longer wanted: that pod is being deleted.
    expect(gone[0].explanation).toContain('it stays Terminating');
  });

  it('pods rejected for DiskPressure are told to free disk, not to compare requests with allocatable (kubernetes/minikube#7073)', () => {
    // https://github.com/kubernetes/minikube/issues/7073 — a full disk: kindnet pods rejected and recreated in a loop.
    const f = only(fixture('admission-rejected-4.log'), 'admission-rejected');
    expect(f.next).toMatch(/^The node is under DiskPressure: free disk space/);
    expect(f.next).toContain('A DaemonSet\'s controller meanwhile creates a replacement on the same node again and again');
  });

  it('an ExecSync that ran past "timeout 5s" is an exec probe slower than its timeoutSeconds, not a hung runtime (kubernetes/kubernetes#82987)', () => {
    // https://github.com/kubernetes/kubernetes/issues/82987 — the liveness probe's curl outlives timeoutSeconds: 5; no restart before 1.20.
    const f = only(fixture('runtime-call-errors-11.log'), 'runtime-call-errors');
    expect(f.title).toBe('Exec probe command runs past its timeout (ExecSync ×1)');
    expect(f.explanation).toContain('The deadline is the exec\'s own, 5s');
    expect(f.explanation).not.toContain('the runtime was hung or overloaded');
    expect(f.next).toMatch(/^Make the probe's command finish well within timeoutSeconds/);
  });

  it('a kubelet that fails on its bootstrap kubeconfig right after finding its client certificate expired says so (kubernetes/kubernetes#98150)', () => {
    // https://github.com/kubernetes/kubernetes/issues/98150 — the certificate expired, and the bootstrap kubeconfig to renew it was gone.
    const a = fixture('kubelet-exited-13.log');
    const f = only(a, 'kubelet-exited');
    expect(f.title).toBe('Kubelet fails to start: its credentials could not be loaded');
    expect(f.explanation).toContain('Just before, it found its client certificate expired (2020-12-06 18:55:55 +0000 UTC, line 4)');
    expect(a.lines(f)).toEqual([4, 5, 6]);
  });

  it('"Delaying pod deletion as the phase is non-terminal" for half an hour is a finding, and the worker is terminating, not syncing (kubernetes/kubernetes#121435)', () => {
    // https://github.com/kubernetes/kubernetes/issues/121435 — a Job pod deleted while Pending stayed in the API ~29 minutes.
    const a = fixture('pod-delete-delayed-1.log');
    const f = only(a, 'pod-delete-delayed');
    expect(f.title).toBe('Deletion of mongodb-test-ns/mongodb-test-sj-kqfrf-zrkjp held back 29m0s: its phase stays Pending');
    expect(a.lines(f)).toEqual([2, 3, 4, 5, 6]);
    const bands = [...Array(a.trace.spans.count).keys()].filter((k) => a.trace.lanes[a.trace.spans.lane[k]].kind === 'pod-worker')
      .map((k) => a.trace.strings[a.trace.spans.state[k]]);
    expect(bands).toEqual(['terminating', 'terminated']);
    // Held a moment only: no finding.
    expect(analyse(a.text.split('\n').slice(0, 3).join('\n')).of('pod-delete-delayed')).toEqual([]);
  });

  it('"not enough cpus available to satisfy request" and a PreStartHookError are the static CPU manager\'s pool running out (kubernetes/kubernetes#79159)', () => {
    // https://github.com/kubernetes/kubernetes/issues/79159 — a Job's pods fail to start with PreStartHookError; "available" broken by the paste.
    const a = fixture('cpu-manager-exhausted-1.log');
    const f = only(a, 'cpu-manager-exhausted');
    expect(a.lines(f)).toEqual([6, 7, 8]);
    expect(f.next).toMatch(/^Compare the CPU manager's state/);
    // A start that failed for another reason is not this.
    expect(analyse('E0603 06:30:00.131694   17205 kuberuntime_manager.go:775] container start failed: RunContainerError: no such file').of('cpu-manager-exhausted')).toEqual([]);
  });

  it('0.17\'s lower-case "error updating node status" with a "minion … not found" is the kubelet not finding its Node; a name mismatch is among the reasons (kubernetes/kubernetes#8195)', () => {
    // https://github.com/kubernetes/kubernetes/issues/8195 — the nodes were created with short names, the kubelet looks up its FQDN.
    const f = only(fixture('node-not-registered-3.log'), 'node-not-registered');
    expect(f.title).toBe('Node "k8-node-system-esoy.c.project-name.internal" does not exist in the API (2 lines)');
    expect(f.explanation).toContain('a short hostname against the kubelet\'s FQDN');
  });

  it('an EKS node\'s Unauthorized registration points at the IAM role mapping too (awslabs/amazon-eks-ami#1837)', () => {
    // https://github.com/awslabs/amazon-eks-ami/issues/1837 — a 1.29 managed node never joins: every request is 401.
    const f = only(fixture('api-server-unreachable-11.log'), 'api-server-unreachable');
    expect(f.title).toMatch(/its credentials are rejected \(Unauthorized\) \(2 error lines\)$/);
    expect(f.next).toContain('aws-auth ConfigMap\'s mapRoles');
  });
});

describe('round 17: real excerpts', () => {
  it('a cgroup the kubelet was told to use that the host lacks is a host set-up problem, not a config typo (kubernetes-sigs/kind#2323, docker/for-win#13913)', () => {
    // https://github.com/kubernetes-sigs/kind/issues/2323 — kind on WSL2: cgroup-root /kubelet missing; the node's systemd could not set up the cgroup mounts.
    const kind = only(fixture('kubelet-exited-14.log'), 'kubelet-exited');
    expect(kind.title).toBe('Kubelet fails to start: a cgroup it was told to use does not exist');
    expect(kind.explanation).toContain('The kubelet does not create these');
    expect(kind.next).not.toContain('config.yaml');
    expect(kind.explanation).toContain('a new node never registers');
    // https://github.com/docker/for-win/issues/13913 — Docker Desktop's kubepods cgroup missing its cpu and memory paths.
    const desktop = only(fixture('kubelet-exited-15.log'), 'kubelet-exited');
    expect(desktop.title).toBe(kind.title);
    expect(desktop.next).toContain('`ls -d /sys/fs/cgroup/*/kubepods`');
    // An invalid value is still the configuration's.
    const invalid = analyse('E1023 20:14:33.248476    1234 run.go:74] "command failed" err="failed to validate kubelet configuration, error: invalid configuration: shutdownGracePeriodCriticalPods {15s} must be <= shutdownGracePeriod {10s}"');
    expect(only(invalid, 'kubelet-exited').title).toBe('Kubelet fails to start: an invalid configuration');
  });

  it('tearing down the network of a sandbox Docker no longer has is a stale record, not a CNI fault; the pod is named from the error (kubernetes/kubernetes#51496)', () => {
    // https://github.com/kubernetes/kubernetes/issues/51496 — GC retries stopping a sandbox whose container is gone: "No such container".
    const a = fixture('runtime-call-errors-12.log');
    const f = only(a, 'runtime-call-errors');
    expect(f.severity).toBe('info');
    expect(f.title).toBe('Stopping a sandbox whose container is already gone (StopPodSandbox ×1)');
    expect(f.next).toMatch(/^Nothing in \/etc\/cni\/net\.d needs changing/);
    expect(a.trace.pods.map((p) => `${p.namespace}/${p.name}`)).toEqual(['default/redis-sentinel-2']);
    // A teardown failing on a missing port-mapping checkpoint is not that (runtime-call-errors-4).
    expect(only(fixture('runtime-call-errors-4.log'), 'runtime-call-errors').title).toBe('Container runtime calls failing (StopPodSandbox ×2)');
  });

  it('1.7\'s MountDevice failure after a device check of an empty name: no device was found for the disk (Azure/ACS#12)', () => {
    // https://github.com/Azure/ACS/issues/12 — Azure managed disks: the plugin handed FormatAndMount an empty device path.
    const a = fixture('volume-op-failing-6.log');
    const f = only(a, 'volume-op-failing');
    expect(f.severity).toBe('info');
    expect(f.title).toMatch(/^Volume MountVolume\.MountDevice failed for d5497686-7cd9-11e7-823e-00224801aff0 \(kubernetes\.io\/azure-disk\/.*\): no device was found for the disk$/);
    expect(f.explanation).toContain('Just before, the mounter was asked to check a device with an empty name (line 4).');
    expect(a.lines(f)).toEqual([4, 5]);
    expect(a.trace.pods.map((p) => p.uid)).toEqual(['d5497686-7cd9-11e7-823e-00224801aff0']);
  });

  it('an eviction signal the stats summary cannot give, every check, leaves its thresholds unchecked (kubernetes/kubernetes#66087)', () => {
    // https://github.com/kubernetes/kubernetes/issues/66087 — a Windows kubelet: no "pods" system container, so no allocatableMemory.available.
    const a = fixture('eviction-check-failing-1.log');
    const f = only(a, 'eviction-check-failing');
    expect(f.title).toBe('Eviction signal allocatableMemory.available cannot be computed (5×): its thresholds go unchecked');
    expect(f.explanation).toContain('"system container "pods" not found in metrics"');
    expect(f.explanation).toContain('about every 18.04s');
    expect(a.lines(f)).toEqual([4, 6, 8, 10, 12]);
    expect(a.trace.sources[0].versionRange.label).toBe('≤1.20');
    // Two lines are no pattern yet; whole-check failures are told apart from a signal's.
    const two = a.text.split('\n').slice(0, 7).join('\n');
    expect(analyse(two).of('eviction-check-failing')).toEqual([]);
    const summary = Array.from({ length: 3 }, (_, k) => `E0711 22:1${k}:00.000000    2872 eviction_manager.go:247] eviction manager: failed to get summary stats: failed to get root cgroup stats: failed to get cgroup stats for "/": unable to find data in memory cache`).join('\n');
    const whole = only(analyse(summary), 'eviction-check-failing');
    expect(whole.title).toBe('Eviction manager\'s checks fail (3×): it evicts nothing meanwhile');
  });

  it('a refused API server on a node whose own control-plane static pods fail is that failure, and Docker\'s "cgroup-parent for systemd cgroup" is a cgroup driver mismatch (docker/for-win#13814)', () => {
    // https://github.com/docker/for-win/issues/13814 — Docker Desktop after switching dockerd to the systemd cgroup driver.
    const a = fixture('api-server-unreachable-12.log');
    const api = only(a, 'api-server-unreachable');
    expect(api.explanation).toContain('This node runs the control plane\'s own static pods, and they are failing here (kube-system/etcd-docker-desktop, 1 error line)');
    expect(api.next).toMatch(/^First make this node's control-plane static pods start \(their own findings: etcd-docker-desktop\)/);
    // The cause is past the text column's cut: read from the whole line.
    const sandbox = only(a, 'sandbox-create-failed');
    expect(sandbox.title).toBe('Pod sandbox creation failing for kube-system/etcd-docker-desktop: cgroup driver mismatch');
    expect(sandbox.next).toContain('Docker\'s exec-opts native.cgroupdriver');
    expect(only(a, 'runtime-call-errors').title).toBe('Container runtime call fails (RunPodSandbox): cgroup driver mismatch');
  });

  it('the kubelet\'s own subPath lines give a CreateContainerConfigError its cause, in both eras (kubernetes/kubernetes#101676, NixOS/nixpkgs#408044)', () => {
    // https://github.com/kubernetes/kubernetes/issues/101676 — glusterfs refuses the chmod of a subPath directory (printf, 1.20).
    const gluster = fixture('container-config-error-2.log');
    const f = only(gluster, 'container-config-error');
    expect(f.title).toBe('CreateContainerConfigError for container e2ebb3a7aab8112fd63ef75845aca25e of {TENANT-A}/e2ebb3a7aab8112fd63ef75845aca25e');
    expect(f.explanation).toContain('The kubelet could not prepare the subPath of volume mount "shared" (line 3): "chmod ');
    expect(f.explanation).toContain('failed: bad file descriptor"');
    // https://github.com/NixOS/nixpkgs/issues/408044 — k3s: util-linux 2.41's mount refuses the kubelet's /proc/<pid>/fd bind source (err=< … >).
    const nix = only(fixture('container-config-error-3.log'), 'container-config-error');
    expect(nix.title).toBe('CreateContainerConfigError for container nginx of f2cf64f4-4326-4e4d-9718-66c91420ddb2');
    expect(nix.explanation).toContain('"error mounting /tmp/shared: mount failed: exit status 32 Mounting command: mount Mounting arguments: --no-canonicalize -o bind /proc/927/fd/206');
    expect(nix.next).toContain('run the bind mount the error shows by hand on the node');
  });

  it('orphaned pod volumes after a volume the volume manager could not rebuild are stuck even in one pass (kubernetes/kubernetes#45464)', () => {
    // https://github.com/kubernetes/kubernetes/issues/45464 — vSphere volume dirs no longer mounted after a kubelet restart.
    const a = fixture('orphaned-pod-volumes-4.log');
    const f = only(a, 'orphaned-pod-volumes');
    expect(f.title).toBe('Orphaned pod volumes left on disk: 2 pods');
    expect(f.explanation).toContain('Before that, the volume manager could not rebuild a volume of pod f97942cf-337e-11e7-b2b1-005056b7dc12 from its directory on disk (line 3:');
    expect(a.lines(f)).toEqual([3, 6, 7]);
    // The two orphan reports alone, one pass, are not enough.
    expect(analyse(a.text.split('\n').filter((_, k) => k >= 5).join('\n')).of('orphaned-pod-volumes')).toEqual([]);
  });

  it('a CSI volume "not staged" for a new pod while another pod on the node still unmounts it: that pod holds it (kubernetes-sigs/vsphere-csi-driver#341)', () => {
    // https://github.com/kubernetes-sigs/vsphere-csi-driver/issues/341 — orphaned pods still held the volumes.
    const a = fixture('volume-op-failing-7.log');
    const f = only(a, 'volume-op-failing');
    expect(f.title).toBe('Volume MountVolume.SetUp failed for drupal-staff-blog-db-0 (pvc-54593233-12ba-4fae-8b08-e6b87be0b3b6): the CSI volume was not staged');
    expect(f.explanation).toContain('At the same time the volume manager is unmounting the same volume for another pod, 6bca1939-78b7-45e0-bf1c-4fbfe47d7bb5 (line 5)');
    expect(f.next).toContain('grep 6bca1939-78b7-45e0-bf1c-4fbfe47d7bb5');
    expect(a.lines(f)).toEqual([4, 5]);
    // The error's pod UID is read although the operation key's podName is empty.
    expect(a.trace.pods.map((p) => p.uid)).toContain('38772fac-91f3-40d8-b3d9-46ca1777b08c');
  });

  it('an SMTAlignmentError rejection quotes its message= and points at the CPU manager\'s full-pcpus-only option (kubernetes/kubernetes#129078)', () => {
    // https://github.com/kubernetes/kubernetes/issues/129078 — after a kubelet restart a running Guaranteed pod is re-admitted and rejected.
    const f = only(fixture('admission-rejected-5.log'), 'admission-rejected');
    expect(f.title).toBe('Pods rejected at admission: SMTAlignmentError');
    expect(f.explanation).toContain('rejected it (SMTAlignmentError): "SMT Alignment Error: not enough free physical CPUs: available physical CPUs = 1, requested CPUs = 2, CPUs per core = 1"');
    expect(f.next).toMatch(/^The static CPU manager's full-pcpus-only option/);
    // A rejection soon after a logged start says the start re-admitted it.
    const start = 'I1204 12:41:55.000000 2410667 server.go:1256] "Started kubelet"';
    const line = 'I1204 12:42:25.173086 2410667 kubelet.go:2320] "Pod admission denied" podUID="4355ee04-54b0-4755-b23e-d05ce12e54c1" pod="ns/app" reason="SMTAlignmentError" message="SMT Alignment Error: not enough free physical CPUs"';
    expect(only(analyse(`${start}\n${line}`), 'admission-rejected').explanation).toContain('It came 30.17s after the kubelet started (line 1): at a start the kubelet admits every pod already bound to the node again');
  });

  it('image GC failing at 73% with thresholds set to 2% and 1% is the settings, not a full disk (a blog post on the kubelet\'s image GC, kind 1.21)', () => {
    // A Chinese blog post (2021) that sets imageGCHighThresholdPercent=2 / imageGCLowThresholdPercent=1 to watch GC run.
    const a = fixture('image-gc-failing-3.log');
    const f = only(a, 'image-gc-failing');
    expect(f.severity).toBe('info');
    expect(f.title).toBe('Image garbage collection failing: its thresholds are set far below the defaults (2%)');
    expect(f.explanation).toContain('GC starts above 2% and frees down to 1% (the defaults are 85% and 80%)');
    expect(f.explanation).toContain('Meanwhile it removed 2 images (51.5 MiB), line 47 to line 48');
    expect(f.explanation).not.toContain('gets DiskPressure');
    expect(f.next).toMatch(/^Set imageGCHighThresholdPercent and imageGCLowThresholdPercent back/);
  });

  it('a sandbox whose container died before its CNI setup failed: the plugin is not the cause, and PLEG\'s stall is not blamed on the CNI error (kubernetes/kubernetes#93945)', () => {
    // https://github.com/kubernetes/kubernetes/issues/93945 — Windows: a pod with a tiny memory limit; its sandbox dies, then CNI ADD fails.
    const a = fixture('sandbox-create-failed-12.log');
    const f = only(a, 'sandbox-create-failed');
    expect(f.explanation).toContain('but the sandbox\'s container had already died (line 13, 4.948s before)');
    expect(f.next).toMatch(/^Find why the sandbox exited right after it was created/);
    // The runtime's RunPodSandbox line 2.35 s after the CNI error is the same attempt (Windows tears down slowly).
    expect(a.lines(f)).toEqual([13, 4, 5]);
    expect(f.explanation).toContain('2 failure lines (one attempt)');
    const pleg = only(a, 'pleg-unhealthy');
    expect(pleg.explanation).not.toContain('Runtime calls were failing');
    expect(a.lines(pleg)).toEqual([19]);
  });

  it('a Running pod\'s delete held for minutes with no kill line in the (grepped) log is told, and points at its preStop hook and grace period (kubernetes/kubernetes#127339)', () => {
    // https://github.com/kubernetes/kubernetes/issues/127339 — a deleted pod held ~5 minutes while its preStop hook runs.
    const a = fixture('pod-delete-delayed-2.log');
    const f = only(a, 'pod-delete-delayed');
    expect(f.title).toBe('Deletion of default/test-54f748667b-xln29 held back 4m44s: its phase stays Running');
    expect(f.explanation).toContain('this log shows no kill line for them');
    expect(f.next).toMatch(/^Its containers were still stopping: a preStop hook/);
    // With a kill line for the pod, the wait is slow-termination's to tell.
    const kill = 'Sep 19 09:47:38 control-plane kubelet[1010937]: I0919 09:47:38.400000 1010937 kuberuntime_container.go:779] "Killing container with a grace period" pod="default/test-54f748667b-xln29" podUID="1e43b302-e014-4a42-846e-34bd9e4f1141" containerName="app" containerID="containerd://aaaa1111222233334444555566667777888899990000aaaabbbbccccddddeeee" gracePeriod=300';
    const lines = a.text.split('\n');
    expect(analyse([...lines.slice(0, 5), kill, ...lines.slice(5)].join('\n')).of('pod-delete-delayed')).toEqual([]);
  });

  it('a sandbox error whose CNI words come after the text column\'s cut is still read as the network plugin\'s, flannel\'s subnet.env named (a node\'s notes, kubeadm 1.18 on arm64)', () => {
    // Notes file (found by the code index): flanneld not running, so /run/flannel/subnet.env is missing.
    const a = fixture('sandbox-create-failed-13.log');
    const f = a.of('sandbox-create-failed').find((x) => x.title.endsWith('coredns-66bff467f8-8h52z'))!;
    expect(f.explanation).toContain('The error is in network setup: the network plugin (CNI) failed for this sandbox. Flannel\'s CNI plugin reads /run/flannel/subnet.env');
  });

  it('a condition on both sides of a paste\'s cut is one episode: the runtime check that never succeeded after the start spans the cut (kubernetes/kubernetes#61117, talosctl JSON)', () => {
    // https://github.com/kubernetes/kubernetes/issues/61117 — a Talos node: "status check may not have completed yet" continuously after the start.
    const a = fixture('runtime-down-6.log');
    const f = only(a, 'runtime-down');
    expect(f.explanation).toContain('From 2025-07-21 23:53:00.841766 (line 5) to 2025-07-22 01:38:21.621149 (line 14), still at the end of the log — 1h45m, 4 lines');
    expect(f.explanation).not.toContain('began 1h45m');
    expect(f.explanation).toContain('lines are left out around it (line 6)');
  });
});

describe('round 18: real excerpts', () => {
  it('a terminated pod whose exited containers are not removed yet keeps its API object (≤1.21; kubernetes/kubernetes#57865)', () => {
    // https://github.com/kubernetes/kubernetes/issues/57865 — a crash-looping StatefulSet pod deleted: the 1.9 status
    // manager held its final delete until container GC removed the exited containers. A combined local-up-cluster log.
    const a = fixture('pod-delete-delayed-3.log');
    const f = only(a, 'pod-delete-delayed');
    expect(f.title).toBe('Deletion of default/web-0 held back: its exited containers are not removed yet');
    expect(f.severity).toBe('info');
    expect(f.explanation).toContain('container garbage collector');
    const pod = a.trace.pods.find((p) => p.name === 'web-0')!;
    expect(pod).toBeDefined();
    // A pod whose deletion waits has a deletion timestamp: its worker is deleting.
    const states = a.trace.spans;
    const labels: string[] = [];
    for (let s = 0; s < states.count; s++) if (a.trace.lanes[states.lane[s]].pod === pod.index) labels.push(a.trace.strings[states.state[s]]);
    expect(labels).toContain('deleting (deleted: its final delete waits for its containers)');
    // Still running containers are the termination's own wait, not this.
    const running = analyse('I0205 12:21:46.584085   16293 kubelet_pods.go:919] Pod "web-0_default(6b28ae97-0a9f-11e8-bf96-1c1b0deeddfa)" is terminated, but some containers are still running');
    expect(running.findings.filter((x) => x.id === 'pod-delete-delayed')).toEqual([]);
  });

  it('a pod sync failing with an error no other rule reads (Docker\'s HTTP 500 "Unknown device") is told, once, after the others (kubernetes/kubernetes#24252)', () => {
    // https://github.com/kubernetes/kubernetes/issues/24252 — kubelet 1.2, Docker 1.8 devicemapper: every sync of the pod
    // failed on the runtime's API error, and the deleted pod stayed Terminating for days. The line is quoted ```…``` inline.
    const a = fixture('pod-sync-failing-1.log');
    const f = only(a, 'pod-sync-failing');
    expect(f.title).toBe('Sync of 8f6b7818-00c7-11e6-8eb8-00163e1b3b80 failing: API error (500): Unknown device 91ac35b4dad8ad64abc7a8f58c22f48b6b9533…');
    expect(f.explanation).toContain('"API error (500): Unknown device 91ac35b4dad8ad64abc7a8f58c22f48b6b9533f8aa81bf3138152ac52eb23163".');
    expect(f.explanation).toContain('stays Terminating');
    expect(f.severity).toBe('info');
    // Sync errors another rule reads are not told again: a CrashLoopBackOff's are crashloop-backoff's.
    const looping = analyse([
      'E0322 22:46:50.716943    1658 pod_workers.go:965] "Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"app\\" with CrashLoopBackOff: \\"back-off 5m0s restarting failed container=app pod=web-0_default(6b28ae97-0a9f-11e8-bf96-1c1b0deeddfa)\\"" pod="default/web-0" podUID=6b28ae97-0a9f-11e8-bf96-1c1b0deeddfa',
    ].join('\n'));
    expect(looping.findings.map((x) => x.id)).toEqual(['crashloop-backoff']);
    // Two failures make it a warning.
    const twice = analyse([
      'E0414 13:25:33.159976   14718 pod_workers.go:138] Error syncing pod 8f6b7818-00c7-11e6-8eb8-00163e1b3b80, skipping: API error (500): Unknown device 91ac35b4dad8',
      'E0414 13:25:45.160012   14718 pod_workers.go:138] Error syncing pod 8f6b7818-00c7-11e6-8eb8-00163e1b3b80, skipping: API error (500): Unknown device 91ac35b4dad8',
    ].join('\n'));
    const w = only(twice, 'pod-sync-failing');
    expect(w.severity).toBe('warning');
    expect(w.explanation).toContain('2 times from 13:25:33.159976 (line 1) to 13:25:45.160012 (line 2), over 12.00s');
  });

  it('a docker-era infra container the runtime did not create within its 2-minute timeout is the runtime not answering; the node is not the prompt of a downloaded copy (kubernetes/kubernetes#30363)', () => {
    // https://github.com/kubernetes/kubernetes/issues/30363 — a scalability run: docker_manager's runContainer timed out.
    const a = fixture('sandbox-create-failed-14.log');
    const f = only(a, 'sandbox-create-failed');
    expect(f.title).toBe('Pod sandbox creation failing for e2e-tests-load-30-nodepods-1-5zzgj/load-small-rc-75-66is1: the runtime did not answer in time');
    expect(f.next).toContain('`time docker ps`');
    // `wojtekt@wojtekt-work:~/Downloads$ cat kubelet.txt | grep 66is1` is the poster's laptop.
    expect(a.trace.sources[0].node).toBe('node');
  });

  it('a 1.0 kubelet\'s infra container: the pause image pull failing is the cause, and the pod named on the error\'s second syslog line is kept (derek0377/k8s#5)', () => {
    // https://github.com/derek0377/k8s/issues/5 — gcr.io unreachable: pause:0.8.0 cannot be pulled; the error's newline
    // split the syslog line, its pod on the second.
    const a = fixture('sandbox-create-failed-15.log');
    const found = a.findings.filter((x) => x.id === 'sandbox-create-failed');
    expect(found.map((x) => x.title)).toEqual([
      'Pod sandbox creation failing for default/redis-master-c02bi: the pause image cannot be pulled',
      'Pod sandbox creation failing for default/redis-master-6362v: the pause image cannot be pulled',
    ]);
    expect(found[0].explanation).toContain('"image pull failed for gcr.io/google_containers/pause:0.8.0');
  });

  it('a ≤1.6 image GC failure on stats not gathered yet, right after the start, is the start-up blip 1.7 named "failed once" (OpenShift Origin 1.5 all-in-one notes)', () => {
    const text = readFileSync(new URL('../../fixtures/logs/openshift-all-in-one-start.log', import.meta.url), 'utf8');
    const a = analyse(text, 'origin.log');
    expect(a.findings.map((f) => `${f.id} ${f.severity}`)).toEqual(['runtime-down info']);
    // The same failure an hour into the run is a failing GC.
    const later = analyse([
      'I0726 16:54:59.312951    4648 kubelet.go:1146] Starting kubelet main sync loop.',
      'E0726 17:55:00.000000    4648 kubelet.go:1146] Image garbage collection failed: unable to find data for container /',
    ].join('\n'));
    expect(later.findings.map((f) => f.id)).toContain('image-gc-failing');
  });

  it('Docker 17\'s "oci runtime error" on a sandbox is runc\'s refusal, not the network; the pause container that died is the sandbox (a Chinese troubleshooting guide, memory fragmentation)', () => {
    const a = fixture('sandbox-create-failed-16.log');
    const f = only(a, 'sandbox-create-failed');
    expect(f.next).toMatch(/^The runtime's low-level runtime \(runc, crun\) refused/);
    expect(f.next).toContain('page allocation failure');
    expect(a.trace.containers.map((c) => `${c.id.slice(0, 12)} ${c.sandbox}`)).toEqual(['5b9be8c5bb12 true']);
  });

  it('a pod\'s cgroup that cannot be removed — the klog summary and libcontainer\'s logrus lines in the kubelet\'s journal — names the busy container cgroup (a Chinese note: runc init left frozen, cgroup v1)', () => {
    const a = fixture('pod-cgroup-cleanup-failed-1.log');
    const f = only(a, 'pod-cgroup-cleanup-failed');
    expect(f.title).toBe('Cgroup of f72055a8-691a-4c8f-acea-f0b7a679cb4c cannot be removed: a process is still in it');
    expect(a.lines(f)).toEqual([39, 40, 41, 42, 43, 44, 45, 46, 47]);
    // One attempt: the summary and a line per hierarchy, at once.
    expect(f.explanation).toContain('at 10:20:30.306344 (line 39, 9 lines)');
    expect(f.explanation).toContain('(here container 2050d2711d96\'s)');
    expect(f.next).toContain('THAWED');
    // The logrus lines are the kubelet's records (headerless, timed by the journal), not other text.
    expect(a.trace.sources[0].lines.unrecognized).toBe(42);
  });

  it('the year of an undated klog excerpt comes from another program\'s Go-log date among its lines (2025/10/04: portainer/kubesolo#56)', () => {
    // https://github.com/portainer/kubesolo/issues/56 — KubeSolo's own lines interleaved with its kubelet's.
    const a = fixture('node-name-mismatch-2.log');
    expect(a.trace.sources[0].year).toEqual({ value: 2025, how: 'document' });
    expect(only(a, 'node-name-mismatch').title).toContain('"rocky"');
  });

  it('a registration refused to system:anonymous is credentials the API server does not accept, not a node name (siderolabs/talos#5040)', () => {
    // https://github.com/siderolabs/talos/issues/5040 — one `talosctl logs kubelet` JSON record.
    const f = only(fixture('api-server-unreachable-13.log'), 'api-server-unreachable');
    expect(f.title).toBe('API server refuses the kubelet: the API server sees no credentials (system:anonymous) (1 error line)');
    expect(f.next).toContain('kubectl get csr');
  });

  it('≤1.20\'s "node \\"worker\\" not found" names the kubelet\'s own node (kubernetes/kubernetes#77129, a Windows kubelet.exe.ERROR quoted with "> ")', () => {
    // https://github.com/kubernetes/kubernetes/issues/77129
    const a = fixture('kubelet-panic-11.log');
    expect(a.trace.sources[0].node).toBe('worker');
    expect(only(a, 'kubelet-panic').title).toBe('Kubelet panic');
  });

  it('a kubelet that exits initialising its AWS cloud provider without credentials is told to get an instance profile (kubernetes/kubernetes#94215)', () => {
    // https://github.com/kubernetes/kubernetes/issues/94215 — "NoCredentialProviders: no valid providers in chain".
    const f = only(fixture('kubelet-exited-16.log'), 'kubelet-exited');
    expect(f.title).toBe('Kubelet fails to start: its cloud provider could not be initialised');
    expect(f.explanation).toContain('no instance profile (IAM role)');
    expect(f.next).toContain('169.254.169.254');
  });

  it('a kind worker\'s kubelet before kubeadm wrote its config: the printf fatal and klog/v2 stack date it 1.19–1.20 (kubernetes/kubernetes#91255)', () => {
    // https://github.com/kubernetes/kubernetes/issues/91255
    const a = fixture('kubelet-exited-17.log');
    expect(only(a, 'kubelet-exited').title).toBe('Kubelet fails to start: its config file is missing or unreadable');
    expect(a.trace.sources[0].versionRange.label).toBe('1.19–1.20');
  });

  it('a sandbox failing as the pod killer tears its pod down is the race, not the plugin; a Kibana row\'s closing " | " is not the message\'s (kubernetes/kubernetes#64137)', () => {
    // https://github.com/kubernetes/kubernetes/issues/64137 — a finished CronJob pod (kubelet 1.8), a Kibana table export.
    const a = fixture('sandbox-create-failed-17.log');
    const f = only(a, 'sandbox-create-failed');
    expect(f.severity).toBe('info');
    expect(f.explanation).toContain('(line 8: the pod killer stopping it, "Killing unwanted pod")');
    expect(f.next).toMatch(/^Nothing to fix if the pod went away/);
    // "Killing unwanted pod" is read (it ends with the row's separator) and puts the worker in deleting.
    expect(a.trace.events.kind.slice(0, a.trace.events.count).some((k) => kindName(k) === 'housekeeping.kill-unwanted')).toBe(true);
  });

  it('static pods whose mirror pods fail for a missing kube-system namespace: the namespace is the cause; a hyperkube image tag dates the kubelet (a Chinese walkthrough of kubelet 1.2)', () => {
    const a = fixture('mirror-pod-create-failed-3.log');
    const f = only(a, 'mirror-pod-create-failed');
    expect(f.title).toBe('Mirror pod not created for 2 static pods: the namespace does not exist');
    expect(f.next).toContain('kubectl create namespace kube-system');
    expect(a.trace.sources[0].versionRange.label).toBe('1.2');
    expect(a.trace.sources[0].year.value).toBe(2016);
  });

  it('a preStop hook exiting 126 as the container\'s kill times out: the exec could not enter a half-gone container, and the container was not stopped (a Chinese post on a glusterfs mount, dockershim)', () => {
    const a = fixture('prestop-hook-failed-2.log');
    const f = only(a, 'prestop-hook-failed');
    expect(f.title).toBe('PreStop hook could not be run in the container');
    expect(f.explanation).toContain('And the container was not stopped either: its kill failed (line 25)');
    expect(f.explanation).not.toContain('stopped after it regardless');
    expect(a.lines(f)).toEqual([25, 26, 27]);
    expect(f.pods.map((p) => a.trace.pods[p].name)).toEqual(['xxxx-xxxxx-index-task-569f775985-2qv8x']);
    expect(a.findings.map((x) => x.id)).toContain('pod-kill-failed');
  });

  it('readiness failures whose pod names the pager cut are told with what is left of the names; both masters\' status blocks are kept (OpenShift 4 restart notes)', () => {
    const a = fixture('probe-failures-2.log');
    const f = a.findings.find((x) => x.title.includes('whose names are cut off'))!;
    expect(f.title).toBe('Readiness probes failing on 2 pods whose names are cut off');
    expect(f.explanation).toContain('openshift-etcd/etcd-quorum-guard-78f4445675-2…');
    expect(a.lines(f)).toEqual([20, 21, 22, 24, 25, 27]);
    expect(a.trace.sources[0].services?.map((b) => b.mainPid)).toEqual([55860, 110225]);
  });

  it('a ≤1.21 grace-period override logged after the preStop hook starts the stop\'s grace there: a container that stopped soon after it is no SIGTERM-ignoring one (a Chinese note on sidecar shutdown)', () => {
    const text = readFileSync(new URL('../../fixtures/logs/sidecar-grace-override.log', import.meta.url), 'utf8');
    const a = analyse(text, 'sidecar.log');
    // Line 15 is read (`Killing container {"docker" "2e23…"}, but using 2 second grace period override`).
    expect(a.trace.events.kind.slice(0, a.trace.events.count).filter((k) => kindName(k) === 'runtime.kill-override')).toHaveLength(2);
    expect(a.findings.filter((f) => f.id === 'slow-termination')).toEqual([]);
  });

});

describe('round 19: real excerpts', () => {
  it('a sandbox whose user namespace cannot be made (unshare ENOSPC) is the node\'s user-namespace limit, not the network plugin (siderolabs/talos#8554)', () => {
    // https://github.com/siderolabs/talos/issues/8554 — hostUsers: false on Talos, user.max_user_namespaces=0.
    const f = only(fixture('sandbox-create-failed-18.log'), 'sandbox-create-failed');
    expect(f.title).toBe('Pod sandbox creation failing for default/userns: no user namespace could be created');
    expect(f.next).toContain('user.max_user_namespaces');
    expect(f.next).not.toContain('/etc/cni/net.d');
  });

  it('a pod whose resource claim is not reserved for it cannot get its dynamic resources: DRA off in the scheduler (google/dranet#30)', () => {
    // https://github.com/google/dranet/issues/30 — kubeadm 1.32, DynamicResourceAllocation enabled on the kubelet only.
    const a = fixture('resource-claim-failed-1.log');
    const f = only(a, 'resource-claim-failed');
    expect(f.title).toBe('Dynamic resources of default/pod1 cannot be prepared: its claim is not reserved for it');
    expect(f.next).toContain('kube-scheduler');
    expect(a.trace.sources[0].versionRange.min).toBe('1.27');
  });

  it('a terminating pod whose dynamic resources cannot be unprepared stays Terminating: told by the claim rule, not as a runtime error (kubernetes/kubernetes#139772)', () => {
    // https://github.com/kubernetes/kubernetes/issues/139772 — KubeVirt with DRA devices, 1.36.
    const a = fixture('resource-claim-failed-2.log');
    const f = only(a, 'resource-claim-failed');
    expect(f.title).toBe('Dynamic resources of default/virt-launcher-vmi-dra-pgpu-nic-8m27v cannot be released');
    expect(f.explanation).toContain('stays Terminating');
    expect(a.findings.filter((x) => x.id === 'pod-sync-failing')).toEqual([]);
  });

  it('runc\'s "setgroups: invalid argument" on a rootless node\'s sandbox is an ID not mapped in its user namespace (rootless-containers/usernetes#368)', () => {
    const f = only(fixture('sandbox-create-failed-19.log'), 'sandbox-create-failed');
    expect(f.title).toBe('Pod sandbox creation failing for kube-system/etcd-u7s-corona173: an ID it needs is not mapped');
    expect(f.next).toContain('/proc/self/uid_map');
  });

  it('a sandbox failing for "no IP addresses available in range set" is the node out of pod IPs, told with host-local\'s reservations (rancher/rancher#14504)', () => {
    const a = fixture('sandbox-create-failed-20.log');
    const titles = a.findings.filter((x) => x.id === 'sandbox-create-failed').map((x) => x.title);
    expect(titles).toEqual([
      'Pod sandbox creation failing for myzep/myzep-79945ccb7f-rz8ld: no pod IP address left',
      'Pod sandbox creation failing for kube-system/kube-dns-5ccb66df65-hmq9g: no pod IP address left',
    ]);
    expect(a.of('sandbox-create-failed')[0].next).toContain('/var/lib/cni/networks/');
  });

  it('the dockershim\'s "Unable to update cni config: no valid networks found" is the pod network not being ready (weaveworks/weave#3748)', () => {
    const f = only(fixture('network-not-ready-5.log'), 'network-not-ready');
    expect(f.explanation).toContain('no valid networks found in /etc/cni/net.d');
  });
});

describe('round 20: real excerpts', () => {
  it('a bare klog line among a journal\'s lines names its pod on the journal\'s node: one pod, and the runtime\'s whole error tells the cause (aws/amazon-vpc-cni-k8s#59)', () => {
    // https://github.com/aws/amazon-vpc-cni-k8s/issues/59 — the AWS VPC CNI's ipamd handing out no address; the poster's
    // terminal cut the journal lines at "add cmd:", the bare first line has the whole error but no uid.
    const a = fixture('sandbox-create-failed-21.log');
    expect(a.trace.pods.map((p) => `${p.namespace}/${p.name} ${p.uid}`)).toEqual(['kube-system/fluentd-pxks9 873acabd-4339-11e8-a92c-0609dc29c0b0']);
    const f = only(a, 'sandbox-create-failed');
    expect(f.title).toBe('Pod sandbox creation failing for kube-system/fluentd-pxks9: no pod IP address left');
    expect(a.lines(f)).toEqual([2, 3, 4]);
    expect(f.explanation).toContain('3 failure lines (one attempt)');
    expect(f.next).toContain('ipamd.log');
  });

  it('a ≤1.3 kubelet that cannot remove orphaned pods\' directories ("device or resource busy"): every pod named, on housekeeping (kubernetes/kubernetes#27651)', () => {
    // https://github.com/kubernetes/kubernetes/issues/27651 — a pre-1.3 master build: secret tmpfs mounts left under gone pods.
    const a = fixture('orphaned-pod-volumes-6.log');
    expect(a.trace.pods.map((p) => p.uid)).toEqual(['87cfe5a1-34c7-11e6-85f1-42010af00002', '8809a228-34c7-11e6-85f1-42010af00002', '8832af8b-34c7-11e6-85f1-42010af00002']);
    expect([5, 6].map((line) => a.kinds(line)[0])).toEqual(['housekeeping.orphan-dir-removing', 'housekeeping.orphan-dirs-failed']);
    expect(a.trace.lanes[a.trace.events.lane[a.trace.events.line.indexOf(6)]].kind).toBe('housekeeping');
    const f = only(a, 'orphaned-pod-volumes');
    expect(f.title).toBe('Orphaned pod directories not removed: 2 pods');
    expect(f.explanation).toContain('"device or resource busy" (line 6): something under it is still mounted');
  });

  it('"not a directory" removing an orphaned pod\'s volumes dir is a file left there, not a volume still mounted (kubernetes/kubernetes#114698)', () => {
    // https://github.com/kubernetes/kubernetes/issues/114698 — a CSI volume's vol_data.json left behind blocks the cleanup.
    const f = only(fixture('orphaned-pod-volumes-5.log'), 'orphaned-pod-volumes');
    expect(f.explanation).toContain('a regular file was left in the tree');
    expect(f.next).toContain('find /var/lib/kubelet/pods/<uid>/volumes -type f');
  });

  it('a ≤1.3 iSCSI mount\'s "Could not attach disk: Timeout" is the device path not appearing, with no CSI advice (kubernetes/kubernetes#27131)', () => {
    // https://github.com/kubernetes/kubernetes/issues/27131 — the plugin waited for a by-path name of the default iSCSI interface.
    const f = only(fixture('volume-mount-timeout-5.log'), 'volume-mount-timeout');
    expect(f.explanation).toContain('That is: the disk\'s device did not appear.');
    expect(f.next).toContain('iscsiadm -m session');
    expect(f.next).not.toContain('CSI');
  });

  it('"must evict" a moment after "attempting to reclaim" is no cleanup that was enough: pods are to go (kubernetes/kubernetes#129616)', () => {
    // https://github.com/kubernetes/kubernetes/issues/129616 — a separate image filesystem: ephemeral-storage pressure evicts with no image GC.
    const f = only(fixture('eviction-7.log'), 'eviction');
    expect(f.explanation).toContain('"must evict pod(s) to reclaim" (line 6) came 219µs after "attempting to reclaim" (line 5), with no cleanup logged between them');
    expect(f.explanation).toContain('Pods were to be evicted, but the log ends or is cut before');
    expect(f.explanation).not.toContain('may have been enough');
  });

  it('garbage collection\'s sandbox stop timing out is a runtime call failing in PLEG\'s window (kubernetes/kubernetes#51919)', () => {
    // https://github.com/kubernetes/kubernetes/issues/51919 — 1.7: docker calls time out, PLEG goes unhealthy.
    const f = only(fixture('pleg-unhealthy-7.log'), 'pleg-unhealthy');
    expect(f.explanation).toContain('Runtime calls were failing in the same window (1 line: deadline exceeded');
    expect(f.explanation).not.toContain('The kubelet logged no relist or runtime-call error');
  });

  it('"mountpoint for cpu not found" stopping a 1.16 kubelet is a cgroup v2 host (kubernetes/minikube#5996)', () => {
    // https://github.com/kubernetes/minikube/issues/5996 — Fedora 31 boots with cgroup v2 only.
    const f = only(fixture('kubelet-exited-18.log'), 'kubelet-exited');
    expect(f.title).toBe('Kubelet fails to start: no cgroup v1 cpu hierarchy (a cgroup v2 host?)');
    expect(f.next).toContain('systemd.unified_cgroup_hierarchy=0');
  });

  it('a ≤1.5 kubelet whose Docker client cannot get Info() is the runtime not answering (kubernetes/kubernetes#33789)', () => {
    // https://github.com/kubernetes/kubernetes/issues/33789 — Docker died at start waiting for cbr0, which the kubelet creates.
    const a = fixture('runtime-call-errors-13.log');
    expect(a.kinds(6)).toEqual(['runtime.call-failed']);
    const f = only(a, 'runtime-call-errors');
    expect(f.title).toBe('Container runtime call failed (Info)');
    expect(f.explanation).toContain('Info ×1 (connection closed; first line 6)');
  });

  it('plugin registration failing for two sockets at once is told per socket, not as one failing twice (rook/rook#4345)', () => {
    // https://github.com/rook/rook/issues/4345 — pre-1.17 kubelets probe CSI drivers' own sockets under /var/lib/kubelet/plugins.
    const f = only(fixture('volume-op-failing-8.log'), 'volume-op-failing');
    expect(f.severity).toBe('info');
    expect(f.explanation).toContain('for 2 sockets (/var/lib/kubelet/plugins/rook-ceph.rbd.csi.ceph.com/csi.sock and /var/lib/kubelet/plugins/rook-ceph.cephfs.csi.ceph.com/csi.sock)');
  });

  it('a network failure line that names no pod still tells the node\'s cause: Azure CNI with no address left (Azure/azure-container-networking#195)', () => {
    // https://github.com/Azure/azure-container-networking/issues/195 — azure-vnet's IPAM: "No available addresses".
    const f = only(fixture('sandbox-create-failed-22.log'), 'sandbox-create-failed');
    expect(f.title).toBe('Pod sandbox creation failing on this node: no pod IP address left');
    expect(f.pods).toEqual([]);
    expect(f.next).toContain('Azure CNI');
  });

  it('two pods\' StopContainer calls failing with EOF at once are two calls, and the runtime going away (kubernetes/kubernetes#115252)', () => {
    // https://github.com/kubernetes/kubernetes/issues/115252 — a grep for "Container termination failed with gracePeriod".
    const f = only(fixture('runtime-call-errors-14.log'), 'runtime-call-errors');
    expect(f.title).toBe('Container runtime calls failing (StopContainer ×2)');
    expect(f.explanation).not.toContain('logged again by its caller');
    expect(f.explanation).toContain('the runtime itself went away');
  });

  it('a terminated pod whose volumes are not cleaned up is a delete held back, with housekeeping\'s orphan report on the same pod (coreos/coreos-kubernetes#856)', () => {
    // https://github.com/coreos/coreos-kubernetes/issues/856 — the rkt kubelet-wrapper could not see the secret's tmpfs to unmount it.
    const a = fixture('pod-delete-delayed-4.log');
    expect(a.trace.pods).toHaveLength(1);
    expect(a.kinds(4)).toEqual(['housekeeping.orphan-volumes-left']);
    const f = only(a, 'pod-delete-delayed');
    expect(f.title).toBe('Deletion of trendex/trendex-3550941154-z56lt held back: its volumes are not cleaned up');
    expect(a.lines(f)).toEqual([4, 5]);
    expect(f.next).toContain('propagation');
  });

  it('static pods an admission webhook refuses once each are told with the webhook as the cause (bottlerocket-os/bottlerocket#1409)', () => {
    // https://github.com/bottlerocket-os/bottlerocket/pull/1409 — the VPC resource controller's webhook could not read its cache.
    const f = only(fixture('mirror-pod-create-failed-4.log'), 'mirror-pod-create-failed');
    expect(f.title).toBe('Mirror pod not created for 3 static pods: an admission webhook refuses it');
  });

  it('one refusal that no retry passes ("a mirror pod may not reference service accounts") is enough; grep\'s file name before the journal line is not the node (openshift/machine-config-operator#2215)', () => {
    // https://github.com/openshift/machine-config-operator/pull/2215 — a recycler static pod with a service account.
    const a = fixture('mirror-pod-create-failed-5.log');
    expect(a.trace.sources[0].node).toBe('ip-10-0-143-173');
    const f = only(a, 'mirror-pod-create-failed');
    expect(f.title).toBe('Mirror pod not created for openshift-infra/recyler-pod-ip-10-0-143-173.ec2.internal: a mirror pod may not reference API objects');
    expect(f.explanation).toContain('at 03:07:32.757070 (line 8)');
  });

  it('an image credential provider that runs past the kubelet\'s deadline, in JSON logs quoting the plugin\'s own lines (kubernetes/cloud-provider-aws#1029)', () => {
    // https://github.com/kubernetes/cloud-provider-aws/issues/1029 — ecr-credential-provider hangs; its lines are inside msg.
    const f = only(fixture('credential-provider-failed-1.log'), 'credential-provider-failed');
    expect(f.title).toBe('Image credential provider ecr-credential-provider failing: it does not answer in time');
    expect(f.explanation).toContain('59.99s older than the kubelet\'s');
  });

  it('a credential provider whose binary exec cannot start ("no such file or directory") names the missing loader too (siderolabs/talos#11086)', () => {
    // https://github.com/siderolabs/talos/issues/11086 — a musl-linked ecr-credential-provider on a node without musl's loader.
    const a = fixture('credential-provider-failed-2.log');
    expect(a.trace.sources[0].node).toBe('10.25.2.10');
    const f = only(a, 'credential-provider-failed');
    expect(f.title).toBe('Image credential provider ecr-credential-provider failing: its binary cannot be started');
    expect(f.explanation).toContain('ELF interpreter');
  });

  it('a pull whose layer download broke off is told so, with the image service\'s lines of the same image as the pod\'s (kubernetes/registry.k8s.io#333)', () => {
    // https://github.com/kubernetes/registry.k8s.io/issues/333 — "writing blob … unexpected EOF", then HTTP 400 from the blob store.
    const a = fixture('image-pull-failed-6.log');
    const f = only(a, 'image-pull-failed');
    expect(f.title).toBe('Image pull failing for container e2e of sonobuoy/sonobuoy-e2e-job-20a8b8aca71440fd (registry.k8s.io/conformance:v1.35.2): its layers fail to download');
    expect(a.lines(f)).toEqual([2, 3, 4]);
  });

  it('1.31+\'s "Unhandled Error" of an init container that failed to start names its pod; the podless pull lines join that pod\'s finding (kubernetes-sigs/kueue#8911)', () => {
    // https://github.com/kubernetes-sigs/kueue/issues/8911 — an image side-loaded into the worker clusters only, so NotFound.
    const a = fixture('image-pull-failed-7.log');
    expect(a.kinds(6)).toEqual(['error.unhandled']);
    expect(a.trace.events.pod[a.trace.events.line.indexOf(6)]).toBeGreaterThanOrEqual(0);
    const f = only(a, 'image-pull-failed');
    expect(f.title).toContain('container secretreader-plugin-init of kueue-system/kueue-controller-manager-8494d6795b-8vqfm');
    expect(f.title).toContain('the image or tag does not exist');
    expect(a.lines(f)).toEqual([4, 5, 6, 7]);
  });

  it('the podKiller\'s failed kill names the pod\'s uid inside its error, dates the kubelet (≤1.21), and "ttrpc: closed" is the shim gone (kata-containers/kata-containers#2151)', () => {
    // https://github.com/kata-containers/kata-containers/issues/2151 — CRI-O with Kata: the sandbox's VM is gone, its stop loops.
    const a = fixture('pod-kill-failed-3.log');
    expect(a.trace.pods.map((p) => p.uid)).toEqual(['75480abb-8381-4be9-8667-a8cf82e1bd8f']);
    expect(a.trace.sources[0].versionRange.label).toBe('≤1.21');
    expect(a.trace.sources[0].year).toMatchObject({ value: 2021 });
    const f = only(a, 'pod-kill-failed');
    expect(f.title).toBe('Killing the sandbox of pod-sandbox-pvc-ceph-blockdevice fails: its shim is gone');
  });

  it('syslog-dated lines that kept only their caller are read; a 600 s grace period the Docker client cuts at 2 minutes is told (kubernetes/kubernetes#31219)', () => {
    // https://github.com/kubernetes/kubernetes/issues/31219 — 1.3.5: the kubelet's docker calls time out after 2m0s.
    const a = fixture('pod-kill-failed-4.log');
    expect(a.trace.sources[0].lines).toMatchObject({ klog: 2 });
    expect(a.trace.sources[0].versionRange.label).toBe('1.3');
    expect(a.trace.sources[0].year).toMatchObject({ value: 2016 });
    expect(a.trace.sources[0].diagnostics.map((d) => d.message)).toContainEqual(expect.stringContaining('a syslog date and their caller'));
    const f = only(a, 'pod-kill-failed');
    expect(f.explanation).toContain('The kill gave the container 600 s (line 7), but the stop call gave up after 2m0s');
  });

  it('a lease request through a SOCKS proxy that times out is the kubelet\'s proxy, told from one line; its own "node … not found" says it is not registered (kubernetes/kubeadm#2370)', () => {
    // https://github.com/kubernetes/kubeadm/issues/2370 — http(s)_proxy=socks5://127.0.0.1:23033 caught the node's own address.
    const f = only(fixture('api-server-unreachable-14.log'), 'api-server-unreachable');
    expect(f.title).toBe('Kubelet cannot reach the API server: its requests go through a proxy (1 error line)');
    expect(f.severity).toBe('warning');
    expect(f.next).toContain('NO_PROXY');
    expect(f.explanation).toContain('its own Node does not exist');
  });

  it('refused connections of a node whose Node does not exist are no NotReady node\'s (kubernetes/minikube#7947)', () => {
    // https://github.com/kubernetes/minikube/issues/7947 — the API server's flags kept it from starting.
    const f = only(fixture('api-server-unreachable-15.log'), 'api-server-unreachable');
    expect(f.explanation).toContain('its own Node does not exist');
    expect(f.explanation).toContain('tries again in 7s, as its line says');
    expect(f.explanation).not.toContain('would mark the node NotReady');
  });

  it('≤1.3\'s "Unable to register <node> with the apiserver: … x509" is a registration the API server\'s certificate stops, a warning even once (kubernetes/kubernetes#10297)', () => {
    // https://github.com/kubernetes/kubernetes/issues/10297 — the kubelet does not trust the API server's certificate.
    const a = fixture('api-server-unreachable-16.log');
    expect(a.kinds(6)).toEqual(['node.register-failed']);
    const f = only(a, 'api-server-unreachable');
    expect(f.title).toBe('Kubelet cannot reach the API server: the API server\'s certificate is not trusted (1 error line)');
    expect(f.severity).toBe('warning');
  });

  it('klog lines inside Docker\'s json-file records keep their own newline out of the message; a read-only resolv.conf is the cause (kubernetes/kubernetes#15767)', () => {
    // https://github.com/kubernetes/kubernetes/issues/15767 — a containerized 1.1 kubelet with /var/lib/docker mounted read-only.
    const a = fixture('sandbox-create-failed-23.log');
    expect(a.kinds(5)).toEqual(['syncloop.add']);
    expect(a.trace.pods.map((p) => `${p.namespace}/${p.name}`)).toEqual(['default/busybox2']);
    const f = only(a, 'sandbox-create-failed');
    expect(f.title).toBe('Pod sandbox creation failing for default/busybox2: a file it writes is on a read-only filesystem');
  });

  it('a static pod manifest the kubelet cannot read is told, with its file (siderolabs/talos docs: static pods)', () => {
    // https://github.com/siderolabs/talos/blob/40761e17db5789f30eef2f15f0b5c6396e09a9e5/website/content/v1.4/advanced/static-pods.md
    const f = only(fixture('static-pod-manifest-invalid-1.log'), 'static-pod-manifest-invalid');
    expect(f.title).toBe('Static pod manifest not accepted: talos-default-nginx-gvisor.yaml');
    expect(f.explanation).toContain('"invalid pod: [spec.containers: Required value]"');
  });

  it('a containerized kubelet\'s stderr in Docker\'s json-file records ("Error: unknown flag") is its failed start, dated by the records (vmware-archive/kubernetes-archived#221)', () => {
    // https://github.com/vmware-archive/kubernetes-archived/issues/221 — a kubelet from master (1.8) given the removed --api-servers.
    const a = fixture('kubelet-exited-19.log');
    expect(a.trace.sources[0].year).toMatchObject({ value: 2017 });
    const f = only(a, 'kubelet-exited');
    expect(f.title).toBe('Kubelet fails to start: a command-line flag it does not accept');
    expect(f.explanation).toContain('--api-servers in 1.8');
  });

  it('"unknown service runtime.v1alpha2.RuntimeService" is a kubelet before 1.26 asking for v1alpha2, which dates it and says what the runtime lacks (canonical/microk8s#3379)', () => {
    // https://github.com/canonical/microk8s/issues/3379 — kubelite fails to start against its containerd.
    const a = fixture('kubelet-exited-20.log');
    expect(a.trace.sources[0].versionRange.label).toBe('1.21–1.25');
    expect(a.trace.sources[0].year).toMatchObject({ value: 2022 });
    const f = only(a, 'kubelet-exited');
    expect(f.explanation).toContain('asked the runtime for CRI v1alpha2');
  });

  it('"inotify_init: too many open files" stopping the kubelet is the node out of inotify instances (kubermatic/kubermatic#7490)', () => {
    // https://github.com/kubermatic/kubermatic/issues/7490 — raising fs.inotify.max_user_instances fixed it.
    const f = only(fixture('kubelet-exited-21.log'), 'kubelet-exited');
    expect(f.title).toBe('Kubelet fails to start: the node is out of inotify instances');
    expect(f.next).toContain('fs.inotify.max_user_instances');
  });

  it('a StopPodSandbox cut at "desc = NetworkP" after cni.go\'s "Error deleting network" is the network plugin failing, and its callers\' cut lines are the same failure (projectcalico/cni-plugin#377)', () => {
    // https://github.com/projectcalico/cni-plugin/issues/377 — the Calico plugin crashed while deleting a pod's network.
    const a = fixture('runtime-call-errors-15.log');
    expect(a.kinds(5)).toEqual(['runtime.call-failed']);
    const f = only(a, 'runtime-call-errors');
    expect(f.title).toBe('Container runtime call failed (StopPodSandbox)');
    expect(f.explanation).toContain('logged again by callers on lines 5 and 6');
    expect(f.explanation).toContain('The error comes from the pod network plugin (CNI)');
    expect(a.lines(f)).toEqual([3, 4, 5, 6]);
  });

  it('a postStart hook whose command exits with 1 is told as the hook failing, with its exit code from the whole line — not the runtime (Demo-AI-Edge-Crazy-Train/documentation)', () => {
    // https://github.com/Demo-AI-Edge-Crazy-Train/documentation/blob/8cf7b48d318209c865766588642d766a93d30571/README.md — a devfile's postStart with a typo in a path.
    const a = fixture('poststart-hook-failed-1.log');
    const f = only(a, 'poststart-hook-failed');
    expect(f.title).toContain('(its command exited with 1)');
    expect(f.explanation).toContain('The container runtime is not at fault');
    expect(a.findings.filter((x) => x.id === 'pod-sync-failing')).toEqual([]);
  });

  it('control-plane static pods whose only errors are their mirror pods not created are not called failing (k8sp/bootstrapper: a 1.2 CoreOS node)', () => {
    // https://github.com/k8sp/bootstrapper/blob/eb4dfc6eb0379dee6de1e58386cc17b06cb3ca10/install_k8s_on_vm_coreos.md — etcd endpoints without http://.
    const a = fixture('crashloop-backoff-7.log');
    const f = only(a, 'api-server-unreachable');
    expect(f.explanation).toMatch(/they are failing here \(kube-system\/kube-apiserver-[^,]+, \d+ error lines\)/);
    expect(f.explanation).not.toContain('controller-manager');
  });

  it('a subPath whose volume cannot even be read ("permission denied" resolving it) points at the storage; an indented closing fence is not part of the record (Cray-HPE/docs-csm)', () => {
    // https://github.com/Cray-HPE/docs-csm/blob/b1d7afd1a513cb5600ff45cbfa579c36ba6a4ae6/troubleshooting/kubernetes/Kubernetes_Pods_Failing_to_Mount_PVCs.md — an unhealthy Ceph MDS.
    const a = fixture('container-config-error-4.log');
    expect(a.trace.sources[0].lines).toMatchObject({ continuation: 0 });
    const f = only(a, 'container-config-error');
    expect(f.explanation).not.toContain('```');
    expect(f.explanation).toContain('could not even read the volume\'s own directory');
    expect(f.next).toContain('ceph status');
  });

  it('a CreateContainerError whose name Docker says an old container still holds advises removing that container (huataihuang/cloud-atlas)', () => {
    // https://github.com/huataihuang/cloud-atlas/blob/1168aca90c7ba9603822d0d986fa067b04e4aace/source/kubernetes/debug/apiserver_port_2379_refuse.rst — docker rm fixed it.
    const f = only(fixture('container-config-error-5.log'), 'container-config-error');
    expect(f.title).toBe('CreateContainerError for container kube-apiserver of kube-system/kube-apiserver-pi-master1');
    expect(f.next).toMatch(/^The name is held by an old container/);
  });

  it('a kubelet journal line quoted in prose without its date is read, and the issue template names the version (kubernetes/kubernetes#63320, 1.9)', () => {
    // https://github.com/kubernetes/kubernetes/issues/63320 — the OpenStack auth URL unreachable.
    const a = fixture('kubelet-exited-22.log');
    const f = only(a, 'kubelet-exited');
    expect(f.title).toContain('could not init cloud provider "openstack"');
    expect(f.explanation).not.toMatch(/timed out"$/);
    expect(a.lines(f)).toEqual([6]);
    expect(a.trace.sources[0].versionRange.label).toBe('1.9');
    expect(a.trace.sources[0].diagnostics.map((d) => [d.line, d.message])).toContainEqual([6, expect.stringContaining('quoted without its date and host (kubelet-wrapper[14427])')]);
  });

  it('a failed pod kill\'s error names the container it quotes the ID of (containerd/containerd#2744, IBM Cloud 2018)', () => {
    // https://github.com/containerd/containerd/issues/2744 — containerd 1.1/1.2 timing out stopping containers.
    const a = fixture('pod-kill-failed-5.log');
    expect(only(a, 'pod-kill-failed').title).toContain('hello-kubernetes');
    expect(a.trace.containers.map((c) => `${c.name} ${c.id.slice(0, 12)}`)).toEqual(['hello-kubernetes 25feb03c275a']);
  });
});

describe('round 21: real excerpts', () => {
  it('lines chopped by a pager at one width are not a fold when each holds a header behind a prefix no wrapper reads; a sandbox name still reserved is told (containerd/containerd#12438)', () => {
    // https://github.com/containerd/containerd/issues/12438 — RunPodSandbox outlived the kubelet's timeout; `journalctl -r`, the month cut off.
    const a = fixture('sandbox-create-failed-24.log');
    expect(a.trace.sources[0].lines).toMatchObject({ klog: 4, continuation: 0 });
    const f = only(a, 'sandbox-create-failed');
    expect(f.title).toContain('an earlier request still holds its name');
    expect(f.explanation).not.toContain('9 09:58:07 node');
    expect(a.lines(f)).toEqual([9, 8, 7, 6]);
  });

  it('"failed to reserve sandbox name" is the runtime still working on an earlier request, not the network plugin (kubernetes/kubernetes#107561, Windows)', () => {
    // https://github.com/kubernetes/kubernetes/issues/107561 — hcsshim hung creating the sandbox; its name stayed reserved.
    const f = only(fixture('sandbox-create-failed-25.log'), 'sandbox-create-failed');
    expect(f.title).toContain('an earlier request still holds its name');
    expect(f.next).not.toContain('/etc/cni/net.d');
  });

  it('k3s ending on a lost leader election is its whole process exiting, told by its logrus line\'s msg (k3s-io/k3s#587)', () => {
    // https://github.com/k3s-io/k3s/issues/587 — a busy single node: the embedded API server's datastore too slow.
    const a = fixture('kubelet-exited-23.log');
    const f = only(a, 'kubelet-exited');
    expect(f.title).toBe('Kubelet exited: its process lost a leader election');
    expect(f.explanation).toContain('on the error "leaderelection lost for k3s"');
    expect(f.next).toContain('journalctl -u k3s');
    expect(a.findings.map((x) => x.id)).toContain('api-server-unreachable');
  });

  it('Docker\'s "network host not found" is a Linux host-network DaemonSet on a Windows node, which the kubelet\'s uid -1 marks (MicrosoftDocs/Virtualization-Documentation#1010)', () => {
    // https://github.com/MicrosoftDocs/Virtualization-Documentation/issues/1010 — kube-proxy scheduled to a Windows Server 2019 node.
    const a = fixture('sandbox-create-failed-26.log');
    expect(a.trace.sources[0].windows).toContain('It is being run as -1');
    const f = only(a, 'sandbox-create-failed');
    expect(f.title).toBe('Pod sandbox creation failing for kube-system/kube-proxy-98n6n: a host-network pod on a Windows node');
    expect(f.next).toContain('kubernetes.io/os: linux');
  });

  it('an ExecSync cut at DeadlineExceeded on a kubelet of 1.20+ is the exec probe timing out, a failed probe — not a probe left unchecked (kubernetes/kubernetes#140349)', () => {
    // https://github.com/kubernetes/kubernetes/issues/140349 — a readiness exec probe with timeoutSeconds 5.
    const f = only(fixture('runtime-call-errors-16.log'), 'runtime-call-errors');
    expect(f.title).toBe('Exec probe command runs past its timeout (ExecSync ×1)');
    expect(f.explanation).toContain('counts a failed probe');
    expect(f.explanation).not.toContain('unchecked');
  });

  it('probes that only errored are thrown away, not failures toward the threshold; the printf prober lines date the log ≤1.20 (kubevirt/kubevirt#3249)', () => {
    // https://github.com/kubevirt/kubevirt/issues/3249 — the VMI's server reset connections: liveness "passed", readiness never did.
    const a = fixture('probe-failures-3.log');
    const f = only(a, 'probe-failures');
    expect(f.title).toMatch(/^Liveness probe erroring for compute in .+ \(3×\): results thrown away$/);
    expect(f.explanation).toContain('never count toward failureThreshold');
    expect(f.explanation).not.toContain('below the failure threshold');
    expect(a.trace.sources[0].versionRange.label).toBe('≤1.20');
    // The probe's result stays what it was (unknown here): an errored run is no failure.
    expect(a.trace.spans.count).toBeGreaterThan(0);
    for (let s = 0; s < a.trace.spans.count; s++) expect(a.trace.strings[a.trace.spans.state[s]]).not.toBe('failure');
  });

  it('"Failed running kubelet" is the old kubelet\'s own exit error, its stderr echo is not added to it, and a missing CNI config is told (mantl/mantl#1430)', () => {
    // https://github.com/mantl/mantl/issues/1430 — calico not installed yet on the worker: Network plugin "cni" not found.
    const a = fixture('kubelet-exited-24.log');
    const f = only(a, 'kubelet-exited');
    expect(f.title).toBe('Kubelet fails to start: no CNI network configuration at its start');
    expect(f.explanation).toContain('on the error "Failed running kubelet: failed to create kubelet: Network plugin "cni" not found."');
    expect(f.explanation).not.toContain('no error of its own');
    expect(a.trace.sources[0].versionRange.label).toBe('≤1.7');
  });

  it('node status writes failing on the API server\'s etcd without a leader are told as such, and the one conflict among them is no second writer (kubernetes/kubernetes#30712, 1.3)', () => {
    // https://github.com/kubernetes/kubernetes/issues/30712 — etcd lost its leader; the fifth try of one update hit a 409.
    const a = fixture('api-server-unreachable-17.log');
    const f = only(a, 'api-server-unreachable');
    expect(f.title).toBe('API server cannot store the kubelet\'s writes: its etcd has no leader (for 27.23s)');
    expect(a.findings.map((x) => x.id)).not.toContain('node-status-conflict');
    expect(a.trace.sources[0].versionRange.label).toBe('≤1.3');
    expect(a.trace.sources[0].year.value).toBe(2016);
  });

  it('a pod rejected for MemoryPressure is told that only BestEffort pods are turned away (kubernetes/kubernetes#58541, 1.9)', () => {
    // https://github.com/kubernetes/kubernetes/issues/58541 — kube-proxy (no requests) rejected on a node under memory pressure.
    const f = only(fixture('admission-rejected-6.log'), 'admission-rejected');
    expect(f.next).toContain('only BestEffort pods (no requests or limits) are rejected');
    expect(f.next).not.toContain('every new pod');
  });

  it('image GC without the root container\'s stats is cAdvisor\'s blindness, not a full disk (kubernetes/kubernetes#11733, a containerized 1.0 kubelet)', () => {
    // https://github.com/kubernetes/kubernetes/issues/11733 — hyperkube's kubelet in Docker without the host's PID namespace.
    const f = only(fixture('image-gc-failing-4.log'), 'image-gc-failing');
    expect(f.title).toBe('Image garbage collection failing: cAdvisor had no stats for the root container');
    expect(f.severity).toBe('info');
    expect(f.explanation).toContain('says nothing about how full the disk is');
    expect(f.next).toContain('--pid=host');
  });

  it('the Event the kubelet records on a pod it rejects is the rejection, with its reason and message (kubernetes/kubernetes#124345, #115539)', () => {
    // https://github.com/kubernetes/kubernetes/issues/124345 — GPUs not re-registered after a kubelet restart.
    const gpu = only(fixture('admission-rejected-7.log'), 'admission-rejected');
    expect(gpu.title).toBe('Pods rejected at admission: UnexpectedAdmissionError');
    expect(gpu.explanation).toContain('requested number of devices unavailable for nvidia.com/gpu');
    // https://github.com/kubernetes/kubernetes/issues/115539 — an e2e pod asking for more 2 MiB huge pages than were left.
    const hp = fixture('admission-rejected-8.log');
    const f = only(hp, 'admission-rejected');
    expect(f.title).toBe('Pods rejected at admission: OutOfhugepages-2Mi');
    expect(f.explanation).toContain("Node didn't have enough resource: hugepages-2Mi");
    expect(f.explanation).not.toContain('(Started, Killing');
  });

  it('the memory manager\'s own start-up errors are the exit\'s cause: a lower-case policy name, a saved state the machine no longer matches (kubernetes/kubernetes#102073, #109996)', () => {
    // https://github.com/kubernetes/kubernetes/issues/102073 — --memory-manager-policy=static (it wants "Static").
    const policy = fixture('kubelet-exited-25.log');
    const f = only(policy, 'kubelet-exited');
    expect(f.title).toBe('Kubelet fails to start: a resource manager\'s policy name is not one it knows');
    expect(f.explanation).toContain('the memory manager\'s "None" and "Static"');
    expect(f.explanation).not.toContain('2 times');
    expect(policy.trace.sources[0].versionRange.label).toMatch(/^1\.21/);
    // https://github.com/kubernetes/kubernetes/issues/109996 — memory per NUMA node changed across a reboot; no exit line pasted.
    const state = only(fixture('kubelet-exited-26.log'), 'kubelet-exited');
    expect(state.title).toBe('Kubelet exited: its memory manager\'s saved state does not match the machine');
    expect(state.next).toContain('remove /var/lib/kubelet/memory_manager_state');
  });

  it('a node status write whose error is cut before its cause joins the lease\'s timeout just before it (rancher/rke2#5289)', () => {
    // https://github.com/rancher/rke2/issues/5289 — the local API server (127.0.0.1:6443) too slow to answer.
    const f = only(fixture('api-server-unreachable-18.log'), 'api-server-unreachable');
    expect(f.title).toBe('Kubelet cannot reach the API server: requests to the API server time out (for 4.052s)');
    expect(f.explanation).toContain('1 lease renewal and 1 node status update');
  });

  it('"may not have completed yet" beside a PLEG stalled for 16 minutes is a check that never succeeded, not a start\'s first seconds (kubernetes/kubernetes#101056)', () => {
    // https://github.com/kubernetes/kubernetes/issues/101056 — a node NotReady with PLEG and the runtime check both stuck.
    const a = fixture('runtime-down-7.log');
    const f = only(a, 'runtime-down');
    expect([f.severity, f.title]).toEqual(['warning', 'Runtime health check never succeeded: pod sync skipped']);
    expect(f.explanation).toContain('PLEG was last seen active 16m6s ago');
    expect(f.explanation).not.toContain('normal in the first seconds');
    only(a, 'pleg-unhealthy');
  });

  it('a ConfigMap "not found" is what the kubelet\'s lookup said, not proof it is missing: kubectl may show it (kubernetes/kubernetes#90725)', () => {
    // https://github.com/kubernetes/kubernetes/issues/90725 — the ConfigMap existed for 32 minutes; the kubelet still got NotFound.
    const f = only(fixture('volume-op-failing-9.log'), 'volume-op-failing');
    expect(f.title).toContain('the ConfigMap or Secret it mounts is not found');
    expect(f.explanation).toContain('an object kubectl shows can still be "not found" here');
    expect(f.next).toContain('the kubelet\'s view is stale');
  });

  it('kubenet without a pod CIDR is told as such, with the node\'s podCIDR to check, not CNI files (kubernetes/kubernetes#57047)', () => {
    // https://github.com/kubernetes/kubernetes/issues/57047 — GKE e2e nodes (grep over per-node kubelet.log files).
    const f = only(fixture('network-not-ready-6.log'), 'network-not-ready');
    expect(f.explanation).toContain('lack of PodCIDR');
    expect(f.explanation).toContain('The network plugin is kubenet');
    expect(f.next).toContain('spec.podCIDR');
    expect(f.next).not.toContain('/etc/cni/net.d');
  });

  it('--configure-cbr0 failing for want of brctl is the kubelet\'s own bridge set-up, not the runtime\'s network (coreos/bugs#1229)', () => {
    // https://github.com/coreos/bugs/issues/1229 — kubelet-wrapper (rkt fly) with v1.2.2: brctl not in the wrapper's PATH.
    const a = fixture('network-not-ready-7.log');
    const f = only(a, 'network-not-ready');
    expect(f.title).toBe('Pods\' bridge (cbr0) not set up');
    expect(f.explanation).toContain('could not find brctl in its PATH');
    expect(f.explanation).not.toContain('updateRuntimeUp');
    expect(a.trace.sources[0].versionRange.label).toBe('≤1.4');
  });

  it('a threshold line that observed memory.available below zero is a miscount, told as such (kubernetes/kubernetes#52386)', () => {
    // https://github.com/kubernetes/kubernetes/issues/52386 — MemoryPressure from a memory.available of about -2 EiB.
    const a = fixture('eviction-8.log');
    const f = only(a, 'eviction');
    expect(f.title).toBe('Eviction signal memory.available measured below zero (-2097758044639028Ki): a miscount, not a full resource');
    expect(a.trace.sources[0].versionRange.label).toBe('≤1.20');
  });

  it('"invalid reference format" is a malformed image name — here a stray quote in the pause image — and the quote keeps the error\'s end (kubernetes/kubernetes#72295)', () => {
    // https://github.com/kubernetes/kubernetes/issues/72295 — --pod-infra-container-image quoted twice.
    const f = only(fixture('runtime-call-errors-17.log'), 'runtime-call-errors');
    expect(f.title).toBe('Image name the runtime cannot parse (ImageStatus)');
    expect(f.explanation).toContain('pause-amd64:3.0": invalid reference format');
    expect(f.explanation).toContain('a stray quote at its end');
    expect(f.next).toContain('--pod-infra-container-image');
  });

  it('the dockershim\'s "operation timeout: context deadline exceeded" (gRPC code Unknown) is no probe timeout: the probes error while the runtime hangs (containerd/containerd#3781)', () => {
    // https://github.com/containerd/containerd/issues/3781 — Docker stopped answering execs on the node.
    const f = only(fixture('runtime-call-errors-18.log'), 'runtime-call-errors');
    expect(f.title).toBe('Container runtime calls failing (ExecSync ×3)');
    expect(f.explanation).toContain('the runtime was hung or overloaded');
    expect(f.explanation).toContain('logs them as errored, not as failed');
  });

  it('a REMOVE 2 ms after the DELETE, the kill after it, is a pod deleted without waiting for the kubelet (kubernetes/kubernetes#92126, 1.16)', () => {
    // https://github.com/kubernetes/kubernetes/issues/92126 — "kubelet ignores the grace period": the object was gone first.
    const a = fixture('pod-force-deleted-1.log');
    const f = only(a, 'pod-force-deleted');
    expect(f.title).toBe('Pod deleted from the API without waiting for the kubelet: kube-system/metrics-server-8f9559cbb-b67qm');
    expect(a.lines(f)).toEqual([2, 3, 4]);
    expect(f.explanation).toContain('gone 1.84ms after its deletion began');
  });

  it('a graceful deletion — containers killed first, then the status manager\'s final DELETE and the REMOVE — is not one (constructed; seed 004)', () => {
    const a = fixture('pod-force-deleted-constructed.log');
    expect(a.pods(only(a, 'pod-force-deleted'))).toEqual(['shop/cart-0']);
  });

  it('a liveness probe sent to no host ("dial tcp :2379") is reported even once and in the container\'s first minutes: the kubelet had no IP for the pod (kubernetes/kubernetes#67204)', () => {
    // https://github.com/kubernetes/kubernetes/issues/67204 — static etcd pod: with the API server down the probe was built without PodStatus.
    const a = fixture('probe-failures-4.log');
    const f = only(a, 'probe-failures');
    expect(f.title).toBe('Liveness probe sent to no host for etcd in kube-system/master-etcd-origin-ci-ig-m-vqm9 (1×)');
    expect(f.severity).toBe('warning');
    expect(a.lines(f)).toEqual([11]);
    expect(f.explanation).toContain('failed once, at 00:01:42.327689 (line 11)');
    expect(f.explanation).toContain('It went to no host (":2379", line 11)');
    expect(f.next).toContain('host: 127.0.0.1');
  });

  it('the error a poster put on its own line after "(durationBeforeRetry 2m2s)." is the rest of the record: the secret\'s TearDown busy (kubernetes/kubernetes#65110)', () => {
    // https://github.com/kubernetes/kubernetes/issues/65110 — pods stuck Terminating: secret volumes' TearDown "device or resource busy".
    const a = fixture('volume-op-failing-10.log');
    const f = only(a, 'volume-op-failing');
    expect(f.title).toContain('UnmountVolume.TearDown failing');
    expect(f.title).toContain('the mount is still in use');
    expect(f.explanation).toContain('The retry back-off reached 2m2s');
    expect(a.trace.sources[0].lines.continuation).toBe(1);
  });

  it('journal lines numbered by a viewer (`3 Mar 12 …`, one in inline code) keep their host (kubernetes/kubernetes#100166)', () => {
    // https://github.com/kubernetes/kubernetes/issues/100166 — lease and node status requests time out; nodes flap NotReady.
    const a = fixture('api-server-unreachable-19.log');
    expect(a.trace.sources[0].node).toBe('njscsjfwzx2');
    const f = only(a, 'api-server-unreachable');
    expect(a.lines(f)).toEqual([4, 6]);
  });

  it('k3s\'s fatal logrus line is at its own time when the klog lines reached the journal late, and the API failures before it did not end because the kubelet got through (k3s-io/k3s#587)', () => {
    // https://github.com/k3s-io/k3s/issues/587 — klog times 18:36:48–54 logged at 18:37:39; the fatal at 18:37:39.014.
    const a = fixture('kubelet-exited-23.log');
    const exit = only(a, 'kubelet-exited');
    expect(exit.explanation).toContain('at 18:37:39.014193 (line 5)');
    const api = only(a, 'api-server-unreachable');
    expect(api.explanation).toContain('No more failures of this kind came in the 44.14s before the kubelet\'s process ended (line 5)');
    expect(api.explanation).not.toContain('the kubelet got through again');
  });
});

describe('round 22 of public excerpts', () => {
  it('a third of a second of "node not found" with no start or registration in the excerpt is told as what it cannot tell apart (kubernetes/kubeadm#1153)', () => {
    // https://github.com/kubernetes/kubeadm/issues/1153 — kubeadm init stuck on node "node01" not found (SELinux, per the commenter).
    const a = fixture('node-not-registered-4.log');
    const f = only(a, 'node-not-registered');
    expect(f.title).toBe('Node "node01" not found by its kubelet (4 lines in 302.4ms)');
    expect(f.severity).toBe('info');
    expect(a.lines(f)).toEqual([4, 5, 7, 8]);
    expect(f.explanation).toContain('spans too little to tell which this is');
  });

  it('a lone control-plane container in CrashLoopBackOff: the advice names the cgroup drivers, not only the container (kubernetes/kubernetes#106464)', () => {
    // https://github.com/kubernetes/kubernetes/issues/106464 — kubeadm 1.22 on cgroup v2: the kubelet stopped the static pods.
    const f = only(fixture('crashloop-backoff-8.log'), 'crashloop-backoff');
    expect(f.next).toContain('crictl ps -a --name kube-controller-manager');
    expect(f.next).toContain('cgroup drivers differ');
    expect(f.next).not.toContain('the cause is in the container');
  });

  it('containerd\'s "failed to reserve container name" is an earlier create still holding the name, its pod read from the name (containerd/containerd#9545)', () => {
    // https://github.com/containerd/containerd/issues/9545 — kube-apiserver stuck in CreateContainerError.
    const f = only(fixture('runtime-call-errors-19.log'), 'runtime-call-errors');
    expect(f.title).toBe('Container name still held for kube-apiserver in kube-system/kube-apiserver-kiv-cp-v48fw (CreateContainer ×1)');
    expect(f.explanation).toContain('an earlier CreateContainer for the same container and attempt still holds it (container 7c54f31e3fc8)');
  });

  it('Docker\'s name conflict with a running container, the dockershim\'s refused removal beside it; a journal line without its date keeps its host (kubernetes/kubernetes#97153)', () => {
    // https://github.com/kubernetes/kubernetes/issues/97153 — kube-flannel's attempt 10 blocked by the old container, still running.
    const a = fixture('runtime-call-errors-20.log');
    expect(a.trace.sources[0].node).toBe('host1');
    const f = only(a, 'runtime-call-errors');
    expect(f.title).toBe('Container name still held for kube-flannel in kube-system/kube-flannel-ds-xrc4r (CreateContainer ×1)');
    expect(a.lines(f)).toEqual([5, 6]);
    expect(f.explanation).toContain('and it is still running: the kubelet\'s attempt to remove it was refused (line 5)');
    expect(f.next).toContain('docker rm -f 0edbxxxx');
  });

  it('a FailedSync Event with RunContainerError from GenerateRunContainerOptions is the kubelet\'s own step failing; two pids on an unnamed node may be two nodes (kubernetes/kubernetes#43418)', () => {
    // https://github.com/kubernetes/kubernetes/issues/43418 — the pod's etc-hosts missing; two samples from different days.
    const a = fixture('container-config-error-6.log');
    const f = only(a, 'container-config-error');
    expect(f.title).toBe('RunContainerError for container test of f1536932-f7ef-40c1-9fe8-2460b9d40d46/9d442dee-49e4-45a0-9522-961a3a7f925b');
    expect(a.lines(f)).toEqual([4]);
    expect(f.explanation).toContain('This RunContainerError is the kubelet\'s own');
    expect(f.explanation).toContain('the pod\'s hosts file');
    expect(describeRestart(a.trace, kubeletRestarts(a.trace)[0])).toContain('may also be two nodes\' kubelets');
  });

  it('15 s of "last seen active 2562047h…" at the sync loop\'s 5 s back-off, no start in the log: no start-up noise, the runtime never answered a relist (kubernetes/kubernetes#84978)', () => {
    // https://github.com/kubernetes/kubernetes/issues/84978 — docker hung on an OpenShift 3.11 node; docker ps did not answer.
    const f = only(fixture('pleg-unhealthy-8.log'), 'pleg-unhealthy');
    expect(f.title).toBe('PLEG has not relisted once since the kubelet started: pod sync skipped');
    expect(f.severity).toBe('warning');
    expect(f.explanation).toContain('"last seen active 2562047h47m16.85s ago", Go\'s way to print a time never set');
    expect(f.explanation).not.toContain('pleg has yet to be successful');
  });

  it('cobra\'s "Error: …" and kubelite\'s fatal line for one bad flag are one exit, and the advice names MicroK8s\' args file (canonical/microk8s#3861)', () => {
    // https://github.com/canonical/microk8s/pull/3861 — --container-runtime removed in 1.27, still in MicroK8s' kubelet args.
    const f = only(fixture('kubelet-exited-27.log'), 'kubelet-exited');
    expect(f.title).toBe('Kubelet exited: a command-line flag it does not accept');
    expect(f.explanation).toContain('at 06:42:43.000000 (line 6)');
    expect(f.explanation).not.toContain('about every');
    expect(f.next).toContain('/var/snap/microk8s/current/args/kubelet');
  });

  it('journal views pasted with the pager\'s "q" glued to a line keep systemd\'s restart lines, and the loop\'s cadence is the restart counter\'s (sarnobat/kubernetes notes)', () => {
    // https://github.com/sarnobat/kubernetes/blob/90a50017e111d401c71105e41a79625da83568c5/kubernetes_works_nginx_ubuntu_20.md — kubeadm join, bootstrap kubeconfig missing.
    const a = fixture('kubelet-exited-28.log');
    expect(a.findings.map((x) => x.id)).toEqual(['kubelet-exited']);
    const f = only(a, 'kubelet-exited');
    expect(f.explanation).toContain('about every 10.30s as systemd\'s restart counter tells (14 at line 50, 60 at line 164)');
  });

  it('a terminal\'s wrapped rows joined with the viewer\'s 5-space indent: the gaps are taken out, pods read whole, and the refused requests make their finding; a token that cannot be fetched is the API server\'s (ryanxin7/hg-xnlog)', () => {
    // https://github.com/ryanxin7/hg-xnlog/blob/main/content/posts/Kubernetes/advanced/K8S集群证书过期处理-Node%20NoReady状态.md — expired certificates.
    const a = fixture('volume-op-failing-11.log');
    expect(a.trace.pods.map((p) => p.uid)).toContain('887f7c42-fe79-4471-8cdc-4d94f894d4c5');
    expect(a.trace.pods.length).toBe(5);
    const f = only(a, 'volume-op-failing');
    expect(f.title).toContain('its service account token could not be fetched');
    expect(f.explanation).toContain('this is the token\'s refresh');
    expect(a.findings.map((x) => x.id)).toContain('api-server-unreachable');
    expect(only(a, 'crashloop-backoff').title).toBe('CrashLoopBackOff: controller in ingress-nginx/ingress-nginx-controller-5687cff78c-cfvbt (back-off 5m0s)');
  });

  it('a klog line behind an unclosed markdown bold is read; a Node object the kubelet cannot build, its own name not resolving, is why it never registers (openshift/origin#10739)', () => {
    // https://github.com/openshift/origin/issues/10739 — OpenShift all-in-one on OpenStack: openshift-node.novalocal does not resolve.
    const a = fixture('node-not-registered-5.log');
    expect(a.trace.sources[0].lines.klog).toBe(10);
    const f = only(a, 'node-not-registered');
    expect(f.title).toBe('Node is not registered: its own name openshift-node.novalocal does not resolve');
    expect(a.lines(f)).toEqual([12]);
    expect(f.next).toContain('--node-ip');
  });

  it('containerd\'s "failed to commit snapshot … context canceled" is an unpack cut off, not the registry (a CSS engineering blog post on AKS)', () => {
    // https://techblog.citystoragesystems.com/p/kubernetes-self-healing — 7–10 GB images on slow managed OS disks.
    const f = only(fixture('image-pull-failed-8.log'), 'image-pull-failed');
    expect(f.title).toContain(': unpacking its layers does not finish');
    expect(f.next).toContain('image_pull_progress_timeout');
  });

  it('the Docker-era kubelet\'s "Cancel pulling image … because of no progress" is its own deadline; dockertools\' manager.go dates the log ≤1.6 (kubernetes/kubernetes#26677)', () => {
    // https://github.com/kubernetes/kubernetes/pull/26677 — the pull progress deadline, tested with it set to 0s.
    const a = fixture('image-pull-failed-9.log');
    const f = only(a, 'image-pull-failed');
    expect(f.title).toBe('Image pull failing on this node (nginx:latest): the kubelet cancels it for making no progress');
    expect(f.next).toContain('--image-pull-progress-deadline');
    expect(a.trace.sources[0].versionRange.label).toBe('≤1.6');
  });

  it('CRI-O\'s "no registries configured while trying to pull an unqualified image" is a short image name, not the runtime failing (kubernetes/minikube#2835)', () => {
    // https://github.com/kubernetes/minikube/issues/2835 — nginx:alpine on minikube with CRI-O.
    const f = only(fixture('runtime-call-errors-21.log'), 'runtime-call-errors');
    expect(f.title).toBe('Short image name with no registry to search (ImageStatus)');
    expect(f.next).toContain('unqualified-search-registries');
  });

  it('status=203/EXEC with systemd\'s "Failed at step EXEC spawning …: Permission denied" is a binary systemd cannot run, the kubelet never ran (kubernetes/minikube#5660)', () => {
    // https://github.com/kubernetes/minikube/issues/5660 — the kubelet binary not executable; 2211 restarts.
    const a = fixture('kubelet-exited-29.log');
    const f = only(a, 'kubelet-exited');
    expect(f.title).toBe('Kubelet exited: systemd cannot run its binary');
    expect(f.explanation).toContain('systemd said: "Failed at step EXEC spawning /var/lib/minikube/binaries/v1.16.0/kubelet: Permission denied" (line 4)');
    expect(f.explanation).toContain('restart counter for it reached 2211');
  });

  it('a sandbox kill failing on a network namespace already gone ("failed to Statfs …/ns/net") is a stale teardown, no IP held (kubernetes/kubernetes#57465)', () => {
    // https://github.com/kubernetes/kubernetes/issues/57465 — Calico's teardown after the netns was gone.
    const a = fixture('pod-kill-failed-6.log');
    const f = only(a, 'pod-kill-failed');
    expect(f.title).toBe('Killing the sandbox of mynamespace/my-cron-pz1b7 fails: its network is already gone');
    expect(f.explanation).not.toContain('IP address stay');
    expect(only(a, 'runtime-call-errors').title).toBe('Tearing down a network that is already gone (StopPodSandbox ×1)');
  });

  it('an empty netns path on teardown and Calico\'s "WorkloadEndpoint … not found" are networks already gone (hustcat/sriov-cni#18, projectcalico/calico#4084)', () => {
    // https://github.com/hustcat/sriov-cni/issues/18 — evicted sandboxes; https://github.com/projectcalico/calico/issues/4084 — GC of a dead sandbox.
    for (const name of ['runtime-call-errors-22.log', 'runtime-call-errors-23.log']) {
      const f = only(fixture(name), 'runtime-call-errors');
      expect(f.title, name).toBe('Tearing down a network that is already gone (StopPodSandbox ×1)');
      expect(f.severity, name).toBe('info');
    }
  });

  it('an unreadable clientCAFile is the config\'s path, not expired credentials; an "invalid port" in the API server\'s address is reported at once (ibtisam-iq/nectar lab notes)', () => {
    // https://github.com/ibtisam-iq/nectar/blob/56acf9d34868811f5f1e1a216197e37a01cce9e5/kubernetes/practice-labs/Troubleshooting/cluster-components/kubelet.md — Q3, Q4.
    const a = fixture('kubelet-exited-30.log');
    const ca = a.findings.find((x) => x.title.includes('client CA'))!;
    expect(ca.title).toBe('Kubelet fails to start: the client CA file its config names cannot be read');
    expect(ca.next).toContain('clientCAFile in /var/lib/kubelet/config.yaml');
    const api = only(a, 'api-server-unreachable');
    expect(api.title).toBe('Kubelet cannot reach the API server: its address for the API server is malformed (1 error line)');
    expect(api.severity).toBe('warning');
  });

  it('a 1.9 kubelet asking for the unversioned runtime.RuntimeService is the older side, and its Version call is no runtime-health finding (containerd/cri#619)', () => {
    // https://github.com/containerd/cri/issues/619 — kubelet 1.9 against a cri-containerd serving v1alpha2.
    const a = fixture('kubelet-exited-32.log');
    expect(a.findings.map((x) => x.id)).toEqual(['kubelet-exited']);
    const f = only(a, 'kubelet-exited');
    expect(f.title).toBe('Kubelet fails to start: the runtime serves a newer CRI API than this kubelet speaks');
    expect(f.next).toContain('upgrade the kubelet');
  });

  it('CRI v1 unimplemented at cri-dockerd\'s endpoint: the advice names cri-dockerd\'s version, not only containerd (Mirantis/cri-dockerd#136)', () => {
    // https://github.com/Mirantis/cri-dockerd/issues/136 — kubelet 1.26 against a cri-dockerd without CRI v1.
    const f = only(fixture('kubelet-exited-31.log'), 'kubelet-exited');
    expect(f.explanation).toContain('cri-dockerd before 0.3');
    expect(f.next).toContain('cri-dockerd ≥ 0.3');
  });

  it('containerd\'s "no runtime for \\"runsc\\" is configured" is a RuntimeClass handler the node lacks, not the network (kubernetes/minikube#5463)', () => {
    // https://github.com/kubernetes/minikube/issues/5463 — the gvisor addon crash-looping, so runsc never got configured.
    const a = fixture('sandbox-create-failed-27.log');
    const f = only(a, 'sandbox-create-failed');
    expect(f.title).toBe('Pod sandbox creation failing for default/hello-node-959c7f7b7-njfxr (2 attempts): the runtime has no handler for its RuntimeClass');
    expect(f.next).toContain('RuntimeClass');
    expect(a.findings.map((x) => x.id)).toContain('crashloop-backoff');
  });

  it('Windows\' 0xc0370101 is a pause image for another Windows version; a sync error whose poster broke the line after "failed to" is read (MicrosoftDocs/Virtualization-Documentation#765)', () => {
    // https://github.com/MicrosoftDocs/Virtualization-Documentation/issues/765 — the pause image did not match the host's build.
    const f = only(fixture('sandbox-create-failed-28.log'), 'sandbox-create-failed');
    expect(f.title).toBe('Pod sandbox creation failing for default/win-webserver-c94f84797-b4qzt: its image is for another Windows version');
    expect(f.next).toContain('--pod-infra-container-image');
  });

  it('RFC 5424 lines without their priority keep their host; RunPodSandbox past its deadline is the runtime not answering (containerd/containerd#9947)', () => {
    // https://github.com/containerd/containerd/issues/9947 — containerd hung in RunPodSandbox; the kubelet gave up.
    const a = fixture('sandbox-create-failed-29.log');
    expect(a.trace.sources[0].node).toBe('NodeA');
    expect(only(a, 'sandbox-create-failed').title).toBe('Pod sandbox creation failing for default/podX-b181ca13-z7d7p: the runtime did not answer in time');
  });

  it('the pod worker\'s KillPodSandbox results are the StopPodSandbox failures they quote (syslog\'s #011 and a cut quote compared as words), and cilium-cni not reaching its agent is said (gasy-africa/rpi4-k8s notes)', () => {
    // https://github.com/gasy-africa/rpi4-k8s/blob/c71a08175e283d0f021db42665082fd43b09256a/.docs/cni-plugin.md — the cilium agent failing to start on a Raspberry Pi kernel.
    const f = only(fixture('runtime-call-errors-24.log'), 'runtime-call-errors');
    expect(f.title).toBe('Container runtime calls failing (StopPodSandbox ×3)');
    expect(f.explanation).toContain('(CNI: cilium-cni)');
    expect(f.explanation).toContain('could not reach its own daemon on this node');
    expect(f.explanation).not.toContain('#011');
  });

  it('cAdvisor\'s "inotify_add_watch …: no space left on device" on a running node is its inotify watches used up, not a full disk (openshift/origin#8209)', () => {
    // https://github.com/openshift/origin/issues/8209 — fs.inotify.max_user_watches at 8192 on a busy OpenShift node.
    const a = fixture('inotify-exhausted-1.log');
    const f = only(a, 'inotify-exhausted');
    expect(f.title).toBe('Node out of inotify watches: the kubelet cannot watch new containers');
    expect(a.lines(f)).toEqual([8]);
    expect(f.next).toContain('fs.inotify.max_user_watches');
  });

  it('a cgroup gone before its watch was set (no such file or directory) is no inotify limit (constructed)', () => {
    const a = fixture('inotify-exhausted-constructed.log');
    expect(a.lines(only(a, 'inotify-exhausted'))).toEqual([1, 3]);
  });

  it('"failed to run Kubelet: misconfig>" cut by a pager is the cgroup driver check, said as such; the dockershim\'s "Docker Info" bounds the version at 1.23 (kubernetes/kubernetes#104492)', () => {
    // https://github.com/kubernetes/kubernetes/issues/104492 — kubeadm 1.22 defaults the kubelet to systemd; Docker ran cgroupfs.
    const a = fixture('kubelet-exited-33.log');
    const f = only(a, 'kubelet-exited');
    expect(f.title).toBe('Kubelet fails to start: cgroup driver mismatch (its error cut at "misconfig…")');
    expect(f.next).toContain('native.cgroupdriver');
    expect(a.trace.sources[0].versionRange.label).toBe('1.19–1.23');
  });

  it('k3s\'s "flannel exited: operation not supported" is the embedded flannel ending the whole process, a kernel without vxlan (flannel-io/flannel#1502)', () => {
    // https://github.com/flannel-io/flannel/issues/1502 — k3s on a Raspberry Pi kernel without the vxlan module.
    const f = only(fixture('kubelet-exited-34.log'), 'kubelet-exited');
    expect(f.title).toBe('Kubelet exited: the flannel inside its process exited');
    expect(f.next).toContain('modprobe vxlan');
    expect(f.next).toContain('journalctl -u k3s');
  });

  it('"Error validating CNI config" before "no valid networks found" is a config the kubelet rejected, not none; it dates the log 1.16–1.23 (coreos/flannel-cni#16)', () => {
    // https://github.com/coreos/flannel-cni/issues/16 — kubelet 1.16's validation and flannel's config without a cniVersion.
    const a = fixture('network-not-ready-8.log');
    const f = only(a, 'network-not-ready');
    expect(a.lines(f)).toEqual([3, 4, 5]);
    expect(f.explanation).toContain('A CNI config is there, but the kubelet rejected it (line 3');
    expect(f.next).toContain('cniVersion');
    expect(a.trace.sources[0].versionRange.label).toBe('1.16–1.23');
  });

  it('a kubelet F line RKE quotes after its own "[workerPlane] … log:" is quoted from its caller on; "failed to find any PEM data" is an empty certificate file (rancher/rancher#16332)', () => {
    // https://github.com/rancher/rancher/issues/16332 — /var/lib/kubelet/pki/kubelet.crt and kubelet.key empty on every node.
    const f = only(fixture('kubelet-exited-35.log'), 'kubelet-exited');
    expect(f.title).toBe('Kubelet exited: a certificate file it loads holds no certificate');
    expect(f.explanation).toContain('on the error "tls: failed to find any PEM data in certificate input"');
    expect(f.next).toContain('kubelet.crt and kubelet.key');
  });

  it('"connect: invalid argument" to the API server is an address the node no longer has (a moved VIP), which a restart does not cure (openshift-metal3/dev-scripts#354)', () => {
    // https://github.com/openshift-metal3/dev-scripts/issues/354 — the API VIP moved off master-1.
    const a = fixture('api-server-unreachable-20.log');
    const f = only(a, 'api-server-unreachable');
    // The connections found dead at the same moment are the move's casualties, in the same finding (no restart advice).
    expect(f.title).toBe('Kubelet cannot reach the API server: new connections to it fail (connect: invalid argument) (3 error lines)');
    expect(a.lines(f)).toEqual([2, 3, 4]);
    expect(f.severity).toBe('warning');
    expect(f.next).toContain('virtual IP');
  });

  it('a static pod\'s volumes timing out while the API server times out the kubelet\'s mirror pod create point at the API server, not the volumes; 1.28\'s "Failed creating a mirror pod" without "for" is known (deckhouse/deckhouse#12191)', () => {
    // https://github.com/deckhouse/deckhouse/pull/12191 — etcd down on a single master; the API server's 300 s request timeout.
    const a = fixture('volume-mount-timeout-6.log');
    const f = only(a, 'volume-mount-timeout');
    expect(a.lines(f)).toContain(5);
    expect(f.explanation).toContain('This is a static pod');
    expect(f.next).toContain('--request-timeout');
  });

  it('cgroup v2\'s "with domain controllers -- it is in an invalid state" is a kubelet in a container\'s root cgroup that cannot delegate (k3s-io/k3s#4085)', () => {
    // https://github.com/k3s-io/k3s/issues/4085 — k3s as PID 1 in Docker on a cgroup v2 host.
    const f = only(fixture('kubelet-exited-36.log'), 'kubelet-exited');
    expect(f.title).toBe('Kubelet fails to start: its cgroup holds processes and cannot delegate (cgroup v2)');
    expect(f.next).toContain('child cgroup');
  });

  it('RunPodSandbox failing on the pause image\'s pull is the sandbox image\'s, and the pull\'s cause — no runtime-health finding (kubernetes/kubernetes#90326)', () => {
    // https://github.com/kubernetes/kubernetes/issues/90326 — containerd pulling k8s.gcr.io/pause:3.1 with no DNS.
    const a = fixture('sandbox-create-failed-30.log');
    // One finding: the sandbox's, with what the pull's error says (no image back-off: the runtime pulls it itself).
    expect(a.findings.map((x) => x.id)).toEqual(['sandbox-create-failed']);
    const f = only(a, 'sandbox-create-failed');
    expect(f.title).toBe('Pod sandbox creation failing on this node: the pause image cannot be pulled');
    expect(f.explanation).toContain('The pull itself: the node could not reach the registry');
  });

  it('a MatchNodeSelector rejection in the same second the kubelet failed to list its own Node is the kubelet\'s stale view, not the pod (kubernetes/kubernetes#97339)', () => {
    // https://github.com/kubernetes/kubernetes/pull/97339 — "kubelet may use stale node info to predicate pods" (#85334).
    const a = fixture('admission-rejected-9.log');
    const f = only(a, 'admission-rejected');
    expect(a.lines(f)).toEqual([2, 3]);
    expect(f.explanation).toContain('At the same moment the kubelet could not read its own Node (line 2');
    expect(f.next).toContain('own view of its Node');
  });

  it('a sandbox kill failing on multus-shim\'s refused socket is the plugin\'s daemon gone, its config left behind (k8snetworkplumbingwg/multus-cni#1146)', () => {
    // https://github.com/k8snetworkplumbingwg/multus-cni/issues/1146 — multus removed, 00-multus.conf still in /etc/cni/net.d.
    const f = only(fixture('pod-kill-failed-7.log'), 'pod-kill-failed');
    expect(f.explanation).toContain('could not reach its own daemon on this node');
    expect(f.explanation).toContain('its CNI config stayed in /etc/cni/net.d');
  });

  it('a 1.9 kubelet\'s printf "Failed to get status for pod" refused twice 2m20s apart is the API server down, and the static pod\'s outdated mirror is tied to it (kubernetes/kubeadm#740)', () => {
    // https://github.com/kubernetes/kubeadm/issues/740 — kubeadm upgrade rewrote etcd's manifest; the local API server refused.
    const a = fixture('api-server-unreachable-21.log');
    const f = only(a, 'api-server-unreachable');
    expect(a.lines(f)).toEqual([4, 6]);
    expect(f.title).toContain('refuses connections');
    const pods = a.trace.pods.filter((p) => p.name === 'etcd-vagrant').sort((x, y) => x.kind.localeCompare(y.kind)).reverse();
    expect(pods.map((p) => p.kind)).toEqual(['static', 'mirror']);
    expect(pods[0].twin).toBe(pods[1].index);
    expect(dumpPod(a.trace, pods[1].index).join('\n')).toContain(`static=${pods[0].uid}`);
  });
});

describe('round 23 of public excerpts', () => {
  it('a start-up exit on a certificate signing request the API server forbids is a missing role binding, not credentials that could not be loaded (opsnull/follow-me-install-kubernetes-cluster#448)', () => {
    // https://github.com/opsnull/follow-me-install-kubernetes-cluster/issues/448 — system:bootstrap:<id> may not create CSRs.
    const f = only(fixture('kubelet-exited-37.log'), 'kubelet-exited');
    expect(f.title).toBe('Kubelet fails to start: the API server forbids its certificate signing request');
    expect(f.explanation).not.toContain('missing, unreadable or expired');
    expect(f.next).toContain('system:node-bootstrapper');
  });

  it('a start-up exit on a certificate signing request answered 401 is bootstrap credentials refused (opsnull/follow-me-install-kubernetes-cluster#57)', () => {
    // https://github.com/opsnull/follow-me-install-kubernetes-cluster/issues/57 — "the server has asked for the client to provide credentials".
    const f = only(fixture('kubelet-exited-38.log'), 'kubelet-exited');
    expect(f.title).toBe('Kubelet fails to start: the API server does not accept its bootstrap credentials (Unauthorized) (2×)');
    expect(f.next).toContain('kubeadm token list');
  });

  it('the older capitalised "Part of the existing bootstrap client certificate is expired" is known, quoted before the exit, and its date puts the log in 2021 (kubernetes/minikube#11966)', () => {
    // https://github.com/kubernetes/minikube/issues/11966 — the client certificate expired 2021-07-11; the bootstrap kubeconfig was gone.
    const a = fixture('kubelet-exited-39.log');
    expect(a.kinds(1)).toEqual(['node.client-cert-expired']);
    const f = only(a, 'kubelet-exited');
    expect(a.lines(f)).toContain(1);
    expect(f.explanation).toContain('client certificate expired (2021-07-11 05:22:03 +0000 UTC, line 1)');
    // ≤1.20 alone would say 2020: a log cannot come before a date it says has passed.
    expect(a.trace.sources[0].year).toEqual({ value: 2021, how: 'message' });
  });

  it('"http: TLS handshake error from …: EOF" as the excerpt\'s last line is a client hanging up, not a missing serving certificate (kubernetes/kubernetes#82346)', () => {
    // https://github.com/kubernetes/kubernetes/issues/82346 — the same line three times before it matched nothing.
    const a = fixture('runtime-down-8.log');
    expect(a.of('serving-cert-missing')).toEqual([]);
    expect(a.kinds(15)).toEqual(['unknown']);
    expect(only(a, 'runtime-down').severity).toBe('error');
  });

  it('three klog records glued on one line after a terminal\'s padding are read as three, and the device plugin\'s rejection is found (kubernetes/kubernetes#138289)', () => {
    // https://github.com/kubernetes/kubernetes/pull/138289 — the pasted log lost its line breaks.
    const a = fixture('admission-rejected-10.log');
    expect(a.trace.sources[0].lines).toMatchObject({ total: 2, klog: 4 });
    expect(a.kinds(2)).toEqual(['sync.pod-enter', 'sync.generating-status', 'event.admit-rejected']);
    const f = only(a, 'admission-rejected');
    expect(f.title).toContain('UnexpectedAdmissionError');
  });

  it('a journal record glued after another\'s padding is read, and its CNI failure is the pod\'s sandbox failure (projectcalico/calico#2841)', () => {
    // https://github.com/projectcalico/calico/issues/2841 — calico's nodename file not visible inside CoreOS's kubelet-wrapper.
    const a = fixture('sandbox-create-failed-31.log');
    expect(a.kinds(3)).toEqual(['volume.verify-attached', 'runtime.sandbox-network-failed']);
    const f = only(a, 'sandbox-create-failed');
    expect(a.pods(f)).toEqual(['default/nginx-57867cc648-mnx49']);
    expect(f.explanation).toContain('/var/lib/calico/nodename');
  });

  it('dockertools\' "Failed to create pod infra container" dates the kubelet ≤1.6 and is told as the infra container of that era (kubernetes/kubernetes#14938)', () => {
    // https://github.com/kubernetes/kubernetes/issues/14938 — the exec network plugin failed; the infra container was left running.
    const a = fixture('sandbox-create-failed-32.log');
    expect(a.trace.sources[0].versionRange.label).toBe('≤1.6');
    const f = only(a, 'sandbox-create-failed');
    expect(f.explanation).toContain('infra container');
    expect(f.explanation).not.toContain('ContainerCreating');
  });

  it('systemd\'s "Service hold-off time over, scheduling restart" (about 2015) is the restart of a kubelet that ended, not a stop asked for (kubernetes/kubernetes#14549)', () => {
    // https://github.com/kubernetes/kubernetes/issues/14549 — a kubelet built without cAdvisor exits at start; systemd restarts it.
    const a = fixture('kubelet-stopped-2.log');
    expect(a.kinds(3)).toEqual(['service.restart']);
    expect(a.of('kubelet-stopped')).toEqual([]);
  });

  it('a CNI plugin\'s zap JSON line (a "level" field, an ISO ts) in the kubelet\'s journal is no kubelet JSON record: no mixed-clock warning, the printf lines date the kubelet (kubernetes/kubernetes#94525)', () => {
    // https://github.com/kubernetes/kubernetes/issues/94525 — EKS 1.14, the AWS VPC CNI plugin's version line.
    const a = fixture('pleg-unhealthy-9.log');
    const s = a.trace.sources[0];
    expect(s.eras.json).toBe(0);
    expect(s.versionRange.label).toBe('≤1.17');
    expect(s.diagnostics.map((d) => d.message).join('\n')).not.toContain('mixes JSON records');
    expect(only(a, 'pleg-unhealthy').severity).toBe('error');
  });

  it('the runtime manager\'s printf "container start failed: CreateContainerConfigError: failed to prepare subPath …" alone is the container\'s config error, named from its words (Azure/aks-engine#3066)', () => {
    // https://github.com/Azure/aks-engine/issues/3066 — a configMap subPath mount that could not be prepared.
    const f = only(fixture('container-config-error-7.log'), 'container-config-error');
    expect(f.title).toBe('CreateContainerConfigError for container -ce-api-temp of fe596f4a-7b47-11ea-9157-000d3a93dbe3');
    expect(f.explanation).toContain('failed to prepare subPath');
  });

  it('"no volume plugin matched" from the desired-state populator is a volume no plugin handles — a FlexVolume driver a containerized kubelet cannot see (longhorn/longhorn#54)', () => {
    // https://github.com/longhorn/longhorn/issues/54 — Rancher's kubelet container without the plugin directory mounted.
    const a = fixture('volume-op-failing-12.log');
    expect(a.kinds(5)).toEqual(['volume.populate-failed']);
    const f = only(a, 'volume-op-failing');
    expect(f.title).toContain('no volume plugin handles it');
    expect(a.pods(f)).toEqual(['c767552b-3563-11e8-a4b1-027e1d654f4a']);
    expect(f.next).toContain('--volume-plugin-dir');
  });

  it('lists refused as system:anonymous with no node write are a kubelet that most likely never registered, and "Unhandled Error" dates it 1.31+ (cby-chen/Kubernetes#51)', () => {
    // https://github.com/cby-chen/Kubernetes/issues/51 — a 1.32 worker whose requests all came as anonymous.
    const a = fixture('api-server-unreachable-22.log');
    expect(a.trace.sources[0].versionRange.label).toBe('1.31+');
    const f = only(a, 'api-server-unreachable');
    expect(f.explanation).toContain('most likely never registered');
    expect(f.explanation).not.toContain('would mark the node NotReady');
  });

  it('runc\'s logrus "Failed to remove cgroup (will retry)" in the kubelet\'s journal is the pod\'s cgroup that cannot be removed (kubernetes/kubernetes#109182)', () => {
    // https://github.com/kubernetes/kubernetes/issues/109182 — kind, cgroups left busy after the pods ended.
    const a = fixture('pod-cgroup-cleanup-failed-2.log');
    expect(a.kinds(4)).toEqual(['cm.pod-cgroup-delete-failed']);
    const found = a.of('pod-cgroup-cleanup-failed');
    expect(found.map((f) => a.pods(f)[0]).sort()).toEqual(['2ca9d41c-9ba9-4151-bac4-ef5d66467871', '93035424-72ce-42df-be98-d0a9a47ec7c3']);
    expect(found[0].explanation).toContain('device or resource busy');
  });

  it('a StopPodSandbox failure names its pod through the runtime\'s sandbox name (k8s_POD_<pod>_…), and "ttrpc: closed" is the shim gone (kata-containers/kata-containers#2151)', () => {
    // https://github.com/kata-containers/kata-containers/issues/2151 — the kata shim died; the sandbox could not be stopped.
    const a = fixture('runtime-call-errors-25.log');
    const f = only(a, 'runtime-call-errors');
    expect(a.pods(f)).toEqual(['couchbase-0']);
    expect(f.explanation).toContain('the container\'s shim');
  });
});

describe('round 24 of public excerpts', () => {
  it('a Windows kubelet exiting on its device plugin socket\'s "Only one usage of each socket address" is the old kubelet.sock left behind, not a port taken (kubernetes/kubernetes#126965)', () => {
    // https://github.com/kubernetes/kubernetes/issues/126965 — 1.31.0 on Windows stopped removing the socket; fixed in 1.31.1.
    const a = fixture('kubelet-exited-40.log');
    const f = only(a, 'kubelet-exited');
    expect(f.title).toBe('Kubelet fails to start: its device plugin socket cannot be created');
    expect(f.next).toContain('1.31.1');
    expect(a.trace.sources[0].windows).toContain('Only one usage of each socket address');
  });

  it('"bad socketPath, must be an absolute path" is a device plugin socket path the system does not take, not a runtime out of reach (kubernetes/kubernetes#93262)', () => {
    // https://github.com/kubernetes/kubernetes/issues/93262 — a 1.20 pre-release used the Linux path on Windows.
    const f = only(fixture('kubelet-exited-41.log'), 'kubelet-exited');
    expect(f.title).toBe('Kubelet fails to start: its device plugin socket path is not valid here');
    expect(f.explanation).not.toContain('container runtime');
  });

  it('a Go crash dump right after an exec probe\'s failure, in the same journal second, is the probe program\'s output, not the kubelet crashing; its "pthread_create failed" is a node out of threads (Ljohn001/blogs, kubelet无法创建线程异常处理)', () => {
    // https://github.com/Ljohn001/blogs/blob/4138ec90c33e3b75b86673dd06508998294906e4/source/_drafts/kubelet无法创建线程异常处理.md
    const a = fixture('probe-failures-5.log');
    expect(a.of('kubelet-panic')).toEqual([]);
    const f = only(a, 'probe-failures');
    expect(f.title).toBe('Liveness probe cannot start a thread for calico-node in kube-system/calico-node-nh7n4 (1×)');
    expect(f.severity).toBe('warning');
    expect(f.next).toContain('threads-max');
  });

  it('"SyncLoop (container unhealthy)" after three liveness failures is the threshold reached — a restart under way when the log ends, not failures "below the threshold" (kubernetes/kubernetes#90723)', () => {
    // https://github.com/kubernetes/kubernetes/issues/90723 — l7-default-backend restarted by its liveness probe.
    const a = fixture('liveness-restart-2.log');
    expect(a.of('probe-failures')).toEqual([]);
    const f = only(a, 'liveness-restart');
    expect(a.lines(f)).toEqual([5, 6, 7, 8]);
    expect(f.explanation).toContain('The log ends before the pod worker\'s sync that kills the container');
  });

  it('"unrecognized feature gate" at start-up is a gate this release removed, said as such (kubernetes/test-infra#33218, aws/eks-anywhere#8984)', () => {
    // https://github.com/kubernetes/test-infra/pull/33218 — a CI job still set InTreePluginGCEUnregister.
    // https://github.com/aws/eks-anywhere/issues/8984 — KubeletCredentialProviders after an upgrade to 1.28.
    for (const name of ['kubelet-exited-42.log', 'kubelet-exited-43.log']) {
      const f = only(fixture(name), 'kubelet-exited');
      expect(f.title).toBe('Kubelet fails to start: a feature gate it does not accept');
      expect(f.next).toContain('featureGates');
    }
  });

  it('"Failed to create an oomWatcher (running in UserNS …)" is a kubelet in a user namespace without KubeletInUserNamespace, not a permission to grant (adelton/kind-in-pod)', () => {
    // https://github.com/adelton/kind-in-pod/blob/main/README.md — kind in rootless podman.
    const f = only(fixture('kubelet-exited-44.log'), 'kubelet-exited');
    expect(f.title).toBe('Kubelet fails to start: it runs in a user namespace without KubeletInUserNamespace');
  });

  it('readiness failures after the API server deleted the pod are its containers stopping, not a probe to fix (aidanbae/blog)', () => {
    // https://github.com/aidanbae/blog/blob/582d9cce2372d371179f150f0a565937466b58c9/content/code/devops/k8s/pleg/index.md
    const a = fixture('probe-failures-6.log');
    expect(a.kinds(11)).toEqual(['probe.failed']);
    expect(a.of('probe-failures')).toEqual([]);
  });
});

describe('round 25 of public excerpts', () => {
  it('a status patch "Pod was rejected: Predicate NodeAffinity failed" is the admission rejection when its own lines are not in the log, and the curl line\'s User-Agent names the kubelet 1.27 (kubernetes/kubernetes#118497)', () => {
    // https://github.com/kubernetes/kubernetes/pull/118497 — 1.27.2 rejected a pod on a node it had not yet labelled.
    const a = fixture('admission-rejected-11.log');
    const f = only(a, 'admission-rejected');
    expect(f.title).toBe('Pods rejected at admission: NodeAffinity');
    expect(a.pods(f)).toEqual(['default/ubuntu-sleep-2']);
    expect(a.trace.pods.find((p) => p.name === 'ubuntu-sleep-2')!.admission.result).toBe('rejected');
    expect(a.trace.sources[0].versionRange.label).toBe('1.27');
  });

  it('a BSD syslog line relaying an RFC 5424 record takes the year the record states, and "container runtime is down" beside calls timing out is a runtime that hangs (Azure/AKS#304)', () => {
    // https://github.com/Azure/AKS/issues/304 — AKS 2018: the runtime's calls ended in DeadlineExceeded.
    const a = fixture('runtime-down-9.log');
    expect(a.trace.sources[0].year).toEqual({ value: 2018, how: 'wrapper' });
    const f = only(a, 'runtime-down');
    expect(f.title).toBe('Container runtime hangs: its calls time out and pod sync is skipped');
    expect(f.severity).toBe('warning');
    expect(a.lines(f)).toContain(1);
  });

  it('starts failing again and again on a port already in use are extra copies beside a running kubelet, not a node without one (kubernetes/kubernetes#8742)', () => {
    // https://github.com/kubernetes/kubernetes/issues/8742 — monit kept starting a kubelet while one ran.
    const f = only(fixture('kubelet-exited-45.log'), 'kubelet-exited');
    expect(f.title).toBe('Kubelet fails to start: its port is taken (10×)');
    expect(f.explanation).not.toContain('while the kubelet is down the node is NotReady');
    expect(f.explanation).toContain('extra copies');
  });

  it('the pause image\'s pull failing inside RunPodSandbox is one sandbox finding with the pull\'s cause, not also an image pull with a back-off (kubernetes/kubeadm#684)', () => {
    // https://github.com/kubernetes/kubeadm/issues/684 — gcr.io unreachable during kubeadm init, 2018.
    const a = fixture('sandbox-create-failed-33.log');
    expect(a.findings.map((x) => x.id)).toEqual(['sandbox-create-failed']);
    expect(a.findings[0].explanation).toContain('The pull itself: the node could not reach the registry');
  });

  it('mirror pods refused for "no PriorityClass with name system-node-critical" within a second of the API server\'s start are that start\'s race, information (stibbons1990/hex, octavo)', () => {
    // https://github.com/stibbons1990/hex/blob/main/docs/blog/posts/2025-04-12-kubernetes-homelab-server-with-ubuntu-server-24-04-octavo.md
    const f = only(fixture('mirror-pod-create-failed-6.log'), 'mirror-pod-create-failed');
    expect(f.title).toBe('Mirror pod not created for 4 static pods: the API server had not yet made its built-in PriorityClasses');
    expect(f.severity).toBe('info');
    expect(f.explanation).not.toContain('Node authorizer');
  });

  it('"dial unix: missing address" at start-up (1.24–1.26) is no runtime endpoint set after the dockershim\'s removal, not a runtime down (mmumshad/kubernetes-the-hard-way#289, kubernetes/website#33640)', () => {
    // https://github.com/mmumshad/kubernetes-the-hard-way/issues/289 — 1.24.3 without --container-runtime-endpoint.
    // https://github.com/kubernetes/website/issues/33640 — after the 1.24 upgrade removed --network-plugin.
    for (const name of ['kubelet-exited-46.log', 'kubelet-exited-47.log']) {
      const f = only(fixture(name), 'kubelet-exited');
      expect(f.title).toBe('Kubelet fails to start: no container runtime endpoint is set');
      expect(f.next).toContain('containerRuntimeEndpoint');
    }
  });

  it('three node status conflicts in six minutes, each followed by NodeReady, are updates that lost a race with the node controller, not a second writer clashing all the time (kubernetes/kubernetes#16353)', () => {
    // https://github.com/kubernetes/kubernetes/issues/16353 — a 1.1 node flapping NotReady.
    const a = fixture('node-status-conflict-2.log');
    const f = only(a, 'node-status-conflict');
    expect(f.title).toBe('Node status updates conflict now and then: another write of the Node came between');
    expect(f.explanation).not.toContain('this close together');
    expect(f.explanation).toContain('the node controller');
  });

  it('"Unable to retrieve pull secret" names the pod\'s missing imagePullSecret (wangjun1974/tips, OpenShift)', () => {
    // https://github.com/wangjun1974/tips/blob/a0981acf1ff0424fa3c72a577e3c9e793f7ed2b7/ocp/assisted-installer-on-premise.md — created the secret to fix it.
    const f = only(fixture('pull-secret-missing-1.log'), 'pull-secret-missing');
    expect(f.title).toBe('Image pull secret missing ("open-cluster-management-image-pull-credentials") for open-cluster-management-agent/klusterlet-registration-agent-7c96c87cf6-mr9l4');
    expect(f.severity).toBe('info');
  });

  it('a missing pull secret with a failed pull of the same pod is a warning that points at that pull (constructed)', () => {
    const a = fixture('pull-secret-missing-constructed.log');
    const f = only(a, 'pull-secret-missing');
    expect(f.severity).toBe('warning');
    expect(a.lines(f)).toEqual([1, 3]);
    expect(f.explanation).toContain('the missing secret is the likely cause');
  });

  it('"current set of available CPUs \\"0-7\\" doesn\'t match with CPUs in state \\"0-3\\"" is the static CPU manager\'s state from before a CPU change (besthub.dev, a CPU upgrade)', () => {
    // https://www.besthub.dev/articles/why-did-my-k8s-node-crash-after-a-cpu-upgrade-uncovering-static-cpu-manager-policies-1754bbdf95c4
    const f = only(fixture('kubelet-exited-48.log'), 'kubelet-exited');
    expect(f.title).toBe('Kubelet fails to start: its CPU manager\'s saved state names other CPUs than the node has');
    expect(f.next).toContain('cpu_manager_state');
  });

  it('the older single-quoted "node \'10.141.38.252\' not found" is a node not registered, not the eviction manager failing (MicrosoftDocs/Virtualization-Documentation#599)', () => {
    // https://github.com/MicrosoftDocs/Virtualization-Documentation/issues/599 — a Windows node that never joined, 2017.
    const a = fixture('node-not-registered-6.log');
    expect(a.of('eviction-check-failing')).toEqual([]);
    expect(only(a, 'node-not-registered').title).toContain('Node "10.141.38.252" not found by its kubelet');
  });

  it('"Unable to update cni config: No networks found" alone is the kubelet\'s CNI plugin finding no config at start-up, not a node said NotReady (kubernetes/kubernetes#38999)', () => {
    // https://github.com/kubernetes/kubernetes/issues/38999 — a 1.6 kubelet on Windows, started without --network-plugin.
    const f = only(fixture('network-not-ready-9.log'), 'network-not-ready');
    expect(f.title).toBe('No CNI network config found');
    expect(f.severity).toBe('info');
    expect(f.explanation).not.toContain('the node\'s Ready condition is False');
  });
});

describe('round 26 of public excerpts', () => {
  it('a newest-first journal (journalctl -r) puts a value above its header: ` >` right under `err=<` starts the value of the record below, read right way up (k8snetworkplumbingwg/sriov-network-device-plugin#555)', () => {
    // https://github.com/k8snetworkplumbingwg/sriov-network-device-plugin/issues/555 — multus-shim failing the sandbox's network setup.
    const a = fixture('runtime-call-errors-26.log');
    const f = only(a, 'runtime-call-errors');
    expect(f.explanation).toContain('failed to setup network for sandbox');
    expect(f.explanation).toContain('CNI: multus-shim');
    expect(f.explanation).not.toContain('Error: ""');
    // The first line is the newest record's value, whose ` >` the paste did not hold: not read as its.
    expect(a.trace.sources[0].lines).toEqual({ total: 7, klog: 2, continuation: 4, unrecognized: 1, blank: 0 });
  });

  it('a klog header that lost its time of day but kept severity and date (`W0216 eviction_manager.go:329]`) is a record, timed by its day in order (kubernetes/kubernetes#74169)', () => {
    // https://github.com/kubernetes/kubernetes/issues/74169 — a full disk; the eviction manager evicted the static etcd pod.
    const a = fixture('eviction-9.log');
    const f = only(a, 'eviction');
    expect(f.title).toBe('Eviction: ephemeral-storage pressure');
    expect(a.trace.sources[0].lines.klog).toBe(5);
    expect(a.lines(f)).toEqual([3, 4, 5, 7]);
  });

  it('"Error adding network: context deadline exceeded" is the network plugin timing out (Calico waiting on etcd), not the runtime; a teardown\'s plugin timeout is said so too (projectcalico/cni-plugin#568)', () => {
    // https://github.com/projectcalico/cni-plugin/issues/568 — the plugin could not reach etcd over https.
    const a = fixture('sandbox-create-failed-34.log');
    const s = only(a, 'sandbox-create-failed');
    expect(s.title).toBe('Pod sandbox creation failing on this node: the network plugin timed out');
    expect(s.explanation).not.toContain('runtime request timeout');
    const r = only(a, 'runtime-call-errors');
    expect(r.explanation).toContain('The deadline that ran out is inside the plugin');
    expect(r.explanation).not.toContain('the runtime was hung or overloaded');
  });

  it('cAdvisor\'s "Destroyed container" for Docker\'s /docker/<id> cgroup is that container\'s exit, named without the spec hash pre-1.5 names carry: one container, not a "removed" twin (kubernetes/kubernetes#40036)', () => {
    // https://github.com/kubernetes/kubernetes/issues/40036 — a container exiting while its pod was deleted (preStop), 2017.
    const a = fixture('container-story-1.log');
    expect(a.trace.containers.map((c) => [c.name, c.id.slice(0, 12), Number.isFinite(c.endedUs), Number.isFinite(c.removedUs)]))
      .toEqual([['dockherder', 'ac6619eb49f1', true, false]]);
  });

  it('a line a paste wrapped once inside a word ("similar to th" / "is.") is joined back: the orphaned volumes\' count is read (longhorn/longhorn#485)', () => {
    // https://github.com/longhorn/longhorn/issues/485 — thousands of "Orphaned pod … volume paths are still present on disk" lines.
    const a = fixture('orphaned-pod-volumes-7.log');
    const f = only(a, 'orphaned-pod-volumes');
    expect(f.title).toBe('Orphaned pod volumes left on disk: 1 pod (155 errors counted)');
    // The pod's time-based UID dates it.
    expect(f.startUs).toBe(Date.UTC(2019, 3, 16, 19, 44, 35, 803) * 1000 + 861);
  });

  it('container-manager failures whose error names the cause say it, when the kubelet exits and when it skips pod syncs instead (k8sp/sextant#569, kubernetes/minikube#5127, k3s-io/k3s#335, easzlab/kubeasz#1039)', () => {
    // https://github.com/k8sp/sextant/issues/569 — a slice left from before; stopping the kube slices or a reboot fixed it.
    const skipped = only(fixture('pod-sync-skipped-5.log'), 'pod-sync-skipped');
    expect(skipped.next).toContain('systemctl stop kubepods-burstable.slice');
    // https://github.com/kubernetes/minikube/issues/5127 — the kubelet's unit had no CPU accounting.
    expect(only(fixture('kubelet-exited-49.log'), 'kubelet-exited').title).toBe('Kubelet fails to start: its own cgroup differs for cpu and memory');
    // https://github.com/k3s-io/k3s/issues/335 — a Raspberry Pi kernel without the pids controller.
    expect(only(fixture('kubelet-exited-51.log'), 'kubelet-exited').title).toBe('Kubelet fails to start: the kernel lacks a cgroup controller it needs');
    // https://github.com/easzlab/kubeasz/issues/1039 — --kube-reserved-cgroup=/podruntime.slice, which did not exist.
    expect(only(fixture('kubelet-exited-52.log'), 'kubelet-exited').title).toBe('Kubelet fails to start: the cgroup named for reserved resources does not exist');
  });

  it('"Error: failed to run Kubelet: …" pasted from a terminal with the kubelet\'s klog lines is its exit, here on swap (microsoft/pai#450)', () => {
    // https://github.com/microsoft/pai/issues/450 — swap on, kubelet v1.9.4; swapoff -a fixed it.
    const a = fixture('kubelet-exited-50.log');
    const f = only(a, 'kubelet-exited');
    expect(f.title).toBe('Kubelet fails to start: swap is on');
    expect(a.lines(f)).toEqual([3, 6]);
  });

  it('the runtime manager\'s own "Failed to execute PostStartHook" is the hook failing, and an exec that could not start says the hook never ran (Xeus-Territory/obsidian_world, Kubewekend session 5)', () => {
    // https://github.com/Xeus-Territory/obsidian_world/blob/main/content/Tech%20Second%20Brain/Personal/Kubewekend/Kubewekend%20Session%205.md — cilium-agent in kind on a VM whose cgroups refused the exec.
    const f = only(fixture('poststart-hook-failed-2.log'), 'poststart-hook-failed');
    expect(f.title).toBe('postStart hook failing for container cilium-agent of kube-system/cilium-bsznc');
    expect(f.explanation).toContain('the hook\'s command never ran');
    expect(f.explanation).not.toContain('the hook ran.');
  });

  it('"Generated UID" names the static manifest\'s own pod name, not the pod\'s: one pod etcd-<node>, not two; "node sync has not completed yet" is known (rancher/rke2#2080)', () => {
    // https://github.com/rancher/rke2/issues/2080 — an rke2 server whose static pods did not come up.
    const a = fixture('static-pod-read-1.log');
    expect(a.trace.pods.map((p) => `${p.namespace}/${p.name} ${p.uid}`)).toEqual(['kube-system/etcd-dev2-ctl1m 4a97990b2eb0a496545d53a9a221e995']);
    const kinds = Array.from(a.trace.events.kind, (k) => kindName(k));
    expect(kinds.filter((k) => k === 'config.node-sync-wait')).toHaveLength(7);
  });

  it('"Error getting node … not found" with no registration attempt is a Node the kubelet cannot find, which after a control-plane reboot is its own API server not up, not a node never registered (labring/sealos#2914)', () => {
    // https://github.com/labring/sealos/issues/2914 — after a reboot kube-apiserver did not start on the node.
    const f = only(fixture('node-not-registered-7.log'), 'node-not-registered');
    expect(f.title).toBe('Node "server-1" not found by its kubelet (27m0s)');
    expect(f.explanation).toContain('the API server is a static pod this kubelet has to start first');
    expect(f.next.startsWith('First check that the API server answers')).toBe(true);
  });

  it('"Get runtime version failed" as the kubelet is created is its failed start on a runtime out of reach, not one call among others (rancher/rke2#1572)', () => {
    // https://github.com/rancher/rke2/issues/1572 — a cluster reset's temporary kubelet exited: rke2's containerd was not up.
    const a = fixture('kubelet-exited-53.log');
    const f = only(a, 'kubelet-exited');
    expect(f.title).toBe('Kubelet fails to start: the container runtime is not reachable');
    expect(f.next).toContain('/run/k3s/containerd/containerd.sock');
    expect(a.of('runtime-call-errors')).toEqual([]);
  });

  it('container GC\'s own "Failed to remove container" repeats the status call that found the container gone: one routine NotFound, not two failures (kubernetes/kubernetes#72325)', () => {
    // https://github.com/kubernetes/kubernetes/issues/72325 — containers removed by `docker system prune`, still retried.
    const a = fixture('runtime-call-errors-27.log');
    const f = only(a, 'runtime-call-errors');
    expect(f.title).toBe('Runtime answered NotFound for removed containers (1 failed call)');
    expect(a.lines(f)).toEqual([6, 7]);
  });

  it('a RemoveContainer that stops at a file root may not delete is the immutable attribute, with the file named (imroc/kubernetes-guide, pod Terminating)', () => {
    // https://github.com/imroc/kubernetes-guide/blob/main/content/troubleshooting/pod/status/pod-terminating.md — `chattr -i` fixed it.
    const f = only(fixture('runtime-call-errors-28.log'), 'runtime-call-errors');
    expect(f.title).toBe('A container\'s files cannot be deleted: operation not permitted (RemoveContainer ×1)');
    expect(f.explanation).toContain('The file: /data/docker/overlay2/b1aea29c590aa9abda79f7cf3976422073fb3652757f0391db88534027546868/diff/usr/bin/bash.');
    expect(f.next).toContain('chattr -i');
  });

  it('a 42-second hole in the PLEG\'s once-a-second "Relisting" lines is a relist stalled in the runtime, told before "PLEG is not healthy" could be (containerd/containerd#8698)', () => {
    // https://github.com/containerd/containerd/issues/8698 — containerd slow to handle a TaskExit; the main container started a minute late.
    const a = fixture('pleg-relist-stalled-1.log');
    const f = only(a, 'pleg-relist-stalled');
    expect(f.title).toBe('PLEG relist stalled for 42.32s');
    expect(a.lines(f)).toEqual([4, 5]);
    expect(f.severity).toBe('warning');
  });

  it('a stall while other goroutines log says the PLEG alone was held; beats cut by an elision are no stall (constructed)', () => {
    const f = only(fixture('pleg-relist-stalled-constructed.log'), 'pleg-relist-stalled');
    expect(f.explanation).toContain('The kubelet\'s other goroutines went on logging meanwhile (3 lines)');
    const text = readFileSync(new URL('../../fixtures/findings/pleg-relist-stalled-constructed.log', import.meta.url), 'utf8').split('\n');
    // The same hole with "..." where lines were left out: the log does not show a stall.
    const cut = [...text.slice(0, 8), '...', ...text.slice(11)].join('\n');
    expect(analyse(cut, 'cut.log').of('pleg-relist-stalled')).toEqual([]);
  });

  it('"Failed to rotate log for container" with Docker behind cri-dockerd is a rotation the runtime cannot do, named by the log\'s pod (Mirantis/cri-dockerd#150)', () => {
    // https://github.com/Mirantis/cri-dockerd/issues/150 — RKE nodes moved to cri-dockerd; matching containerLogMaxSize to Docker's max-size quiets it.
    const a = fixture('log-rotation-failed-1.log');
    const f = only(a, 'log-rotation-failed');
    expect(f.title).toBe('Container log rotation failing for cattle-monitoring-system/pushprox-kube-scheduler-proxy-6cb664c86b-smtz2');
    expect(f.next).toContain('containerLogMaxSize');
  });

  it('log rotation failing again and again for one container is one finding with each try as evidence (constructed)', () => {
    const a = fixture('log-rotation-failed-constructed.log');
    const f = only(a, 'log-rotation-failed');
    expect(a.lines(f)).toEqual([1, 2, 3, 4]);
    expect(f.explanation).toContain('4 times from');
    expect(f.severity).toBe('warning');
  });

  it('"cannot find volume … to mount into container" is a volume the volume manager has not (or no longer) mounted, not a missing ConfigMap; the container is named from its spec (kubernetes/kubernetes#100047)', () => {
    // https://github.com/kubernetes/kubernetes/issues/100047 — an e2e flake on the kube-api-access token volume, kind, 2021.
    const f = only(fixture('container-config-error-8.log'), 'container-config-error');
    expect(f.title).toBe('CreateContainerConfigError for container test-deployment of deployment-3233/test-deployment-b68477ffb-92cmj');
    expect(f.explanation).toContain('no mounted volume "kube-api-access-xns8t"');
    expect(f.explanation).not.toContain('usually a ConfigMap');
  });

  it('a pasted `systemctl status` showing the unit failed (start-limit) after its process exited with status 2, and the flag usage text after it, is a kubelet that will not start on a bad flag (kubernetes/kubernetes#54542)', () => {
    // https://github.com/kubernetes/kubernetes/issues/54542 — 2017, the kubelet printed its usage and exited.
    const f = only(fixture('kubelet-exited-54.log'), 'kubelet-exited');
    expect(f.title).toBe('Kubelet fails to start: a command-line flag it does not accept');
    expect(f.explanation).toContain('systemd has given up restarting it');
    expect(f.explanation).toContain('flag usage text');
  });

  it('a StopPodSandbox deadline says the network plugin may hold the call, and util.go\'s sandbox decision dates the kubelet from 1.26, not 1.28 (projectcalico/calico#7647)', () => {
    // https://github.com/projectcalico/calico/issues/7647 — calico's binary killed on ADD/DEL; a 1.27 kubelet in May 2023.
    const a = fixture('runtime-call-errors-29.log');
    expect(only(a, 'runtime-call-errors').explanation).toContain('the network plugin it runs (CNI ADD or DEL) hung');
    expect(a.trace.sources[0].versionRange.min).toBe('1.26');
  });

  it('a CNI teardown failing while the network agent (calico-node) crash-loops on the same node is tied to it, and a sandbox kill with no deletion in the log is not said to leave the pod Terminating (kubesphere/kubekey#2504)', () => {
    // https://github.com/kubesphere/kubekey/issues/2504 — "stat /var/lib/calico/nodename" with calico-node in CrashLoopBackOff.
    const a = fixture('pod-kill-failed-8.log');
    const f = only(a, 'pod-kill-failed');
    expect(f.explanation).toContain('The network plugin\'s own agent on this node, kube-system/calico-node-fp44f, is in CrashLoopBackOff');
    expect(f.explanation).not.toContain('it stays Terminating, and');
    expect(f.next.startsWith('Fix kube-system/calico-node-fp44f first')).toBe(true);
    expect(only(a, 'crashloop-backoff').title).toContain('calico-node');
  });

  it('a RunContainerError on "write /proc/self/attr/keycreate: invalid argument" is an SELinux label the node\'s policy lacks (flatcar/Flatcar#891)', () => {
    // https://github.com/flatcar/Flatcar/issues/891 — Cilium's init containers ask for spc_t, which Flatcar's policy did not define.
    const f = only(fixture('container-config-error-9.log'), 'container-config-error');
    expect(f.explanation).toContain('the SELinux label it asks for');
    expect(f.next).toContain('seLinuxOptions');
  });

  it('a RunContainerError whose command is not in the image says so (constructed)', () => {
    const f = fixture('container-config-error-constructed.log').of('container-config-error').find((x) => x.title.startsWith('RunContainerError'))!;
    expect(f.explanation).toContain('the container\'s command is not in its image');
  });

  it('a StartContainer that runc refuses at a mount the container asks for is the container\'s spec against the node, not the runtime\'s health (cilium/cilium#16814)', () => {
    // https://github.com/cilium/cilium/issues/16814 — cilium's init container mounting /proc/1/ns inside a minikube node: permission denied.
    const f = only(fixture('runtime-call-errors-30.log'), 'runtime-call-errors');
    expect(f.title).toBe('Container refused by the OCI runtime (StartContainer ×1)');
    expect(f.explanation).toContain('mounting "/proc/1/ns" to rootfs at');
    expect(f.explanation).not.toContain('runtime in trouble');
  });

  it('"services have not yet been read at least once" is the kubelet\'s Service list not synced yet, which clears by itself, and an init container\'s error leaves the pod in Init (openyurtio/openyurt, pod recovery proposal)', () => {
    // https://github.com/openyurtio/openyurt/blob/master/docs/proposals/20220725-pod-recovery-efficiency-proposal.md — flannel's init container after an edge node's reboot.
    const f = only(fixture('container-config-error-10.log'), 'container-config-error');
    expect(f.title).toBe('CreateContainerConfigError for container install-cni-plugin of kube-flannel/kube-flannel-ds-dskwd');
    expect(f.explanation).toContain('It clears by itself once the kubelet can list Services');
    expect(f.explanation).toContain('the pod stays in Init (Init:CreateContainerConfigError)');
    expect(f.explanation).not.toContain('usually a ConfigMap');
  });
});

describe('round 27 of public excerpts', () => {
  it('"failed to apply oom-score-adj … exceeded maxTries" is a container that had already exited, which the old kubelet reported as a start failure (kubernetes/kubernetes#23607)', () => {
    // https://github.com/kubernetes/kubernetes/issues/23607 — an init container running /bin/false; fixed by skipping the score for exited containers.
    const f = only(fixture('container-config-error-11.log'), 'container-config-error');
    expect(f.explanation).toContain('the container had already exited');
    expect(f.explanation).not.toContain('a missing executable');
  });

  it('reads on connections the client closed right after its requests timed out are that timeout, not a dead pooled connection to restart the kubelet for (kubernetes/minikube#5211)', () => {
    // https://github.com/kubernetes/minikube/issues/5211 — the API server inside the VM never answered.
    const a = fixture('api-server-unreachable-23.log');
    const f = only(a, 'api-server-unreachable');
    expect(f.title).toBe('Kubelet cannot reach the API server: requests to the API server time out (for 10.01s)');
    expect(a.lines(f)).toEqual([2, 3, 4]);
    expect(f.next).not.toContain('Restart the kubelet');
  });

  it('"etcd cluster is unavailable or misconfigured" is an API server that reaches no etcd member, not an etcd without a leader (coreos/bugs#1650)', () => {
    // https://github.com/coreos/bugs/issues/1650 — backup snapshots broke the VMs' network; the API server lost etcd.
    const f = only(fixture('api-server-unreachable-24.log'), 'api-server-unreachable');
    expect(f.title).toBe('API server cannot store the kubelet\'s writes: it cannot reach etcd (for 20.01s)');
    expect(f.explanation).not.toContain('no leader');
  });

  it('node status updates answered 429 are an API server turning requests away, told as such (constructed)', () => {
    const line = (t: string) => `May 18 03:56:${t} node-1 kubelet[1178]: E0518 03:56:${t}.581043    1178 kubelet_node_status.go:392] Error updating node status, will retry: error getting node "node-1": the server has received too many requests and has asked us to try again later (get nodes node-1)`;
    const a = analyse([line('20'), line('30'), line('40'), line('50')].join('\n'));
    expect(only(a, 'api-server-unreachable').title).toContain('API server overloaded: it turns requests away (429)');
  });

  it('a pod status write answered 429 and node status reads timing out just after are one overloaded API server (kubernetes/kubernetes#64014)', () => {
    // https://github.com/kubernetes/kubernetes/issues/64014 — at ~1500 nodes the API server turned requests away and timed out.
    const a = fixture('api-server-unreachable-25.log');
    const f = only(a, 'api-server-unreachable');
    expect(f.title).toBe('API server overloaded: it turns requests away (429) (for 19.60s)');
    expect(f.explanation).toContain('2 more requests timed out instead');
    expect(a.lines(f)).toEqual([4, 5, 6]);
  });

  it('requests timing out with no 429 near them stay a slow API server (constructed)', () => {
    const slow = (t: string) => `May 18 03:58:${t} node-1 kubelet[1178]: E0518 03:58:${t}.581043    1178 kubelet_node_status.go:392] Error updating node status, will retry: error getting node "node-1": net/http: request canceled (Client.Timeout exceeded while awaiting headers)`;
    const throttled = 'May 18 03:56:20 node-1 kubelet[1178]: W0518 03:56:20.976823    1178 status_manager.go:476] Failed to update status for pod "web-1_default(83d5f463-58d3-11e8-a5cc-005056b40181)": the server has received too many requests and has asked us to try again later (put pods web-1)';
    const f = only(analyse([throttled, slow('30'), slow('40')].join('\n')), 'api-server-unreachable');
    expect(f.title).toContain('requests to the API server time out');
  });

  it('image GC passes that find the image filesystem over its threshold, fuller each time and no image removed, say GC cannot keep up (easontechtalk.com, imagefs deep dive)', () => {
    // https://easontechtalk.com/tw/deep-dive-into-kubernetes-garbage-collector-imagefs/ — usage 93% then 97%, over imageGCHighThresholdPercent 85.
    const f = only(fixture('image-gc-churn-2.log'), 'image-gc-churn');
    expect(f.title).toBe('Image filesystem stays over the GC threshold, fuller each pass (93% → 97%)');
    expect(f.severity).toBe('warning');
  });

  it('two threshold passes with usage falling are no such finding (constructed)', () => {
    const line = (t: string, u: number) => `kubelet[2298]: I0226 ${t}.153440    2298 image_gc_manager.go:310] "Disk usage on image filesystem is over the high threshold, trying to free bytes down to the low threshold" usage=${u} highThreshold=85 amountToFree=1000 lowThreshold=80`;
    expect(analyse([line('11:59:17', 97), line('12:04:17', 93)].join('\n')).of('image-gc-churn')).toEqual([]);
  });

  it('the kubelet\'s own address: a node IP not on the host, all zeros, or pods with no host IP, read as the node\'s address problem (k3s-io/k3s#9410, kubernetes/kubernetes#88164, #8571, #6665)', () => {
    // https://github.com/k3s-io/k3s/issues/9410 — a dual-stack node-ip whose IPv6 (tailscale) was not on the host.
    expect(only(fixture('node-address-invalid-1.log'), 'node-address-invalid').title).toBe('Kubelet\'s own address: the node IP it is given is not on this host');
    // https://github.com/kubernetes/kubernetes/pull/88164 — --node-ip=0.0.0.0 was rejected before that PR.
    expect(only(fixture('node-address-invalid-2.log'), 'node-address-invalid').title).toBe('Kubelet\'s own address: the node IP is all zeros');
    // https://github.com/kubernetes/kubernetes/issues/8571 — an AWS node whose Node listed no address.
    expect(only(fixture('node-address-invalid-3.log'), 'node-address-invalid').title).toBe('Kubelet\'s own address: pods get no host IP: the Node lists no address');
    // https://github.com/kubernetes/kubernetes/issues/6665 — pods never got a host IP: the kubelet could not find its Node.
    expect(only(fixture('node-address-invalid-4.log'), 'node-address-invalid').title).toBe('Kubelet\'s own address: pods get no host IP: the kubelet cannot find its Node');
  });

  it('a node IP failure and the host IP it leaves pods without are one finding, told by the node IP (constructed)', () => {
    const a = fixture('node-address-invalid-constructed.log');
    const f = only(a, 'node-address-invalid');
    expect(f.title).toBe('Kubelet\'s own address: the node IP is a loopback address');
    expect(a.lines(f)).toEqual([1, 2]);
  });

  it('image GC failing on "invalid capacity 0" quotes the device cAdvisor could not find just before (kubernetes/kubernetes#58964)', () => {
    // https://github.com/kubernetes/kubernetes/issues/58964 — an LVM/device-mapper partitioning scheme cAdvisor did not list.
    const a = fixture('image-gc-failing-5.log');
    const f = only(a, 'image-gc-failing');
    expect(f.explanation).toContain('device "/dev/dm-1"');
    expect(a.lines(f)).toEqual([4, 5]);
  });

  it('one pass\'s orphan report that failed on "not a directory" is a file left in the volumes tree, stuck, not a teardown under way (longhorn/longhorn#3207)', () => {
    // https://github.com/longhorn/longhorn/issues/3207 — vol_data.json left after the CSI connection broke on a power outage.
    const f = only(fixture('orphaned-pod-volumes-8.log'), 'orphaned-pod-volumes');
    expect(f.explanation).toContain('The error is "not a directory" while removing the volumes directory');
  });

  it('Docker\'s "removal of container … is already in progress" during container GC is another removal that got there first, routine (kubernetes/minikube#5933)', () => {
    // https://github.com/kubernetes/minikube/issues/5933 — the thread's cause was the VM out of memory, not this line.
    const f = only(fixture('runtime-call-errors-31.log'), 'runtime-call-errors');
    expect(f.severity).toBe('info');
    expect(f.title).toBe('Runtime answered NotFound for removed containers (1 failed call)');
  });
});

describe('round 28 of public excerpts', () => {
  it('an exec probe whose command is not in the image is told so from its one failure (kubernetes/kubernetes#46241)', () => {
    // https://github.com/kubernetes/kubernetes/issues/46241 — readiness probe exec "/bin/hello": stat /bin/hello: no such file or directory.
    const a = fixture('probe-failures-7.log');
    const f = only(a, 'probe-failures');
    expect(f.title).toBe('Readiness probe runs a command the container does not have for hello-pod in default/hello-pod (1×)');
    expect(f.severity).toBe('warning');
    expect(f.explanation).toContain('Its command "/bin/hello" is not in the container (line 3)');
    expect(a.lines(f)).toEqual([3]);
  });

  it('a command missing from $PATH is the same fault; one ordinary failure is no finding (constructed)', () => {
    const line = (out: string) => `I0315 10:00:00.000001    2891 prober.go:117] "Probe failed" probeType="Liveness" pod="default/web-0" podUID="u1" containerName="web" probeResult="failure" output="${out}"`;
    const f = only(analyse(line('OCI runtime exec failed: exec failed: unable to start container process: exec: \\"curl\\": executable file not found in $PATH: unknown')), 'probe-failures');
    expect(f.title).toBe('Liveness probe runs a command the container does not have for web in default/web-0 (1×)');
    expect(f.explanation).toContain('Its command "curl" is not in the container');
    expect(analyse(line('HTTP probe failed with statuscode: 500')).of('probe-failures')).toEqual([]);
  });

  it('vim\'s swap files in the static pod directory, read by a 1.5 kubelet ("can\'t process config file"), are one editor\'s leftovers (kubernetes/kubernetes#40331)', () => {
    // https://github.com/kubernetes/kubernetes/issues/40331 — kube-controller-manager.yaml edited in place with vim.
    const a = fixture('static-pod-manifest-invalid-2.log');
    const f = only(a, 'static-pod-manifest-invalid');
    expect(f.title).toBe('Editor\'s or tool\'s leftover files in the static pod directory: .kube-controller-manager.yaml.swp, .kube-controller-manager.yaml.swx');
    expect(f.explanation).toContain('(made from kube-controller-manager.yaml)');
    expect(a.lines(f)).toEqual([2, 3, 4, 5]);
  });

  it('a watch event\'s error is a manifest not read only when it says so; the old wording names the file (constructed)', () => {
    const watch = (err: string) => `E0315 10:00:00.000001    2891 file_linux.go:108] "Unable to process watch event" err="${err}"`;
    const bad = analyse(watch('can\'t process config file \\"/etc/kubernetes/manifests/web.yaml\\": invalid pod: [spec.containers: Required value]'));
    expect(only(bad, 'static-pod-manifest-invalid').title).toBe('Static pod manifest not accepted: web.yaml');
    expect(analyse(watch('failed to remove pod with key web from store')).of('static-pod-manifest-invalid')).toEqual([]);
    const old = analyse('E0505 12:46:37.077822   20425 file.go:123] Can\'t process config file "/etc/kubernetes/manifests/kube-system.yaml": invalid pod: [metadata.name: Required value]');
    expect(only(old, 'static-pod-manifest-invalid').title).toBe('Static pod manifest not accepted: kube-system.yaml');
  });

  it('a kill answered "no such container" is a container already gone, told as information; docker_manager.go dates the kubelet ≤1.6 (kubernetes/kubernetes#28748)', () => {
    // https://github.com/kubernetes/kubernetes/issues/28748 — "spurious errors … when container has already terminated", 1.5.2.
    const a = fixture('pod-kill-failed-9.log');
    const f = only(a, 'pod-kill-failed');
    expect(f.severity).toBe('info');
    expect(f.explanation).toContain('Nothing is left to stop.');
    expect(f.explanation).not.toContain('Until a kill succeeds');
    expect(a.trace.sources[0].versionRange.label).toBe('≤1.6');
    expect(a.trace.sources[0].versionRange.signals[0]).toContain('docker_manager.go');
  });

  it('a volume wait that ends at once on the populator\'s error is no 2m3s timeout, and the Node authorizer\'s refusal is its cause (kubernetes/kubernetes#113429)', () => {
    // https://github.com/kubernetes/kubernetes/issues/113429 — "no relationship found between node 'inode52' and this object".
    const a = fixture('volume-mount-timeout-7.log');
    const f = only(a, 'volume-mount-timeout');
    expect(f.title).toBe('Volumes could not be mounted for default/pod000268 (container-0-pvc-e4828bb68416f60b01841aa253431361)');
    expect(f.explanation).toContain('stopped waiting at once on the volume manager\'s error');
    expect(f.explanation).not.toContain('2m3s');
    expect(f.explanation).toContain('Node authorizer');
    expect(a.lines(f)).toEqual([3, 5]);
  });

  it('a wait that ends with "timed out waiting for the condition" is still the timeout (constructed)', () => {
    const f = only(analyse('E0315 10:02:03.000001    2891 kubelet.go:1730] "Unable to attach or mount volumes for pod; skipping pod" err="unmounted volumes=[data], unattached volumes=[data]: timed out waiting for the condition" pod="default/web-0"'), 'volume-mount-timeout');
    expect(f.title).toBe('Volumes not mounted in time for default/web-0 (data)');
    expect(f.explanation).toContain('gave up after the 2m3s attach-and-mount timeout');
  });

  it('a pre-1.8 CSR refusal ("… signing request: User \\"kubelet-boo…", cut at the screen) is a missing role binding, not credentials that would not load (opsnull/follow-me-install-kubernetes-cluster#140)', () => {
    // https://github.com/opsnull/follow-me-install-kubernetes-cluster/issues/140 — the kubelet-bootstrap user not bound to system:node-bootstrapper.
    const f = only(fixture('kubelet-exited-55.log'), 'kubelet-exited');
    expect(f.title).toBe('Kubelet fails to start: the API server forbids its certificate signing request (2×)');
    expect(f.next).toContain('--user=kubelet-bootstrap');
  });

  it('"container runtime is down" on the same skipping line as PLEG\'s never-set time is a start\'s first seconds, not a runtime down (kubernetes/kubernetes#51187)', () => {
    // https://github.com/kubernetes/kubernetes/issues/51187 — a read-only /sys/fs/cgroup in the kubelet's container; Docker was fine.
    const a = fixture('pod-sync-skipped-6.log');
    expect(a.of('runtime-down')).toEqual([]);
    expect(only(a, 'pod-sync-skipped').title).toContain('Failed to start ContainerManager');
  });

  it('an event line broken inside its type\'s quotes is joined; a 1.1 "BackOff" event saying "Back-off pulling image" is a pull back-off; kube-up\'s etcd-server-<node> names the node (kubernetes/kubernetes#19677)', () => {
    // https://github.com/kubernetes/kubernetes/issues/19677 — gcr.io answered 404 for etcd:2.2.1 on the e2e masters.
    const a = fixture('image-pull-failed-10.log');
    const f = only(a, 'image-pull-failed');
    expect(f.title).toBe('Image pull failing for a container of kube-system/etcd-server-e2e-scalability-master');
    expect(a.lines(f)).toEqual([4]);
    expect(a.trace.sources[0].node).toBe('e2e-scalability-master');
    expect(a.trace.sources[0].lines.continuation).toBe(2);
  });

  it('a restart loop faster than the journal\'s seconds repeats lines word for word: they are exits of their own, not quotes (kubernetes/minikube#6014)', () => {
    // https://github.com/kubernetes/minikube/issues/6014 — status=203/EXEC, systemd restarting the kubelet every 600 ms.
    const a = fixture('kubelet-exited-56.log');
    const f = only(a, 'kubelet-exited');
    expect(f.title).toBe('Kubelet exited: systemd cannot run its binary (2×)');
    expect(a.lines(f)).toEqual([2, 8, 11]);
    expect(a.trace.sources[0].diagnostics.filter((d) => d.message.includes('quoted again'))).toEqual([]);
  });

  it('a kill and a sync timing out on pod workers just before the listing calls do are one runtime in trouble, not too few failures to tell (kubernetes/kubernetes#17525)', () => {
    // https://github.com/kubernetes/kubernetes/issues/17525 — Docker hung (docker ps never returned), kubelet 1.4.3.
    const a = fixture('runtime-call-errors-32.log');
    const f = only(a, 'runtime-call-errors');
    expect(f.explanation).toContain('The pod workers\' syncs failed the same way at the same time (line 5 and line 6)');
    expect(f.explanation).not.toContain('too few failures');
    expect(a.lines(f)).toEqual([5, 6, 7, 8]);
  });

  it('a volume wait that fails after the pod was being deleted says the pod stays Terminating, not ContainerCreating (kubernetes/kubernetes#54831)', () => {
    // https://github.com/kubernetes/kubernetes/issues/54831 — a flex volume pod killed, then stuck terminating.
    const a = fixture('volume-mount-timeout-8.log');
    const f = only(a, 'volume-mount-timeout');
    expect(f.explanation).toContain('The pod was being deleted already (line 4, 01:57:07.920429)');
    expect(f.explanation).not.toContain('ContainerCreating');
    expect(a.lines(f)).toEqual([4, 5, 6]);
  });

  it('garbage collection failing to stop a deleted pod\'s sandbox because the plugin\'s binary is gone is a StopPodSandbox failure that names the missing plugin (kubernetes/kubernetes#64940)', () => {
    // https://github.com/kubernetes/kubernetes/issues/64940 — failed to find plugin "flannel" in path [/opt/flannel/bin /opt/cni/bin].
    const a = fixture('runtime-call-errors-33.log');
    const f = only(a, 'runtime-call-errors');
    expect(f.title).toBe('Container runtime call failed (StopPodSandbox)');
    expect(f.explanation).toContain('The network configuration names the plugin "flannel", and its binary is in none of the directories searched ([/opt/flannel/bin /opt/cni/bin])');
    expect(a.lines(f)).toEqual([5]);
  });

  it('"could not retrieve port mappings: checkpoint is corrupted" is dockershim\'s own checkpoint, not the network plugin; kubelet-1.13.0 as the journal\'s program dates the kubelet (kubernetes/kubernetes#72257)', () => {
    // https://github.com/kubernetes/kubernetes/issues/72257 — kubelet 1.13.0 after a network outage and a StatefulSet rescale.
    const a = fixture('runtime-call-errors-34.log');
    const f = only(a, 'runtime-call-errors');
    expect(f.explanation).toContain('The failure is dockershim\'s own, before any network plugin runs');
    expect(f.explanation).not.toContain('The error comes from the pod network plugin');
    expect(f.next).toContain('/var/lib/dockershim/sandbox/');
    expect(a.trace.sources[0].versionRange.label).toBe('1.13');
  });

  it('Unauthorized node status updates followed by "certificate rotation detected" were the old certificate\'s, not failures that go on (openshift/origin#17413)', () => {
    // https://github.com/openshift/origin/issues/17413 — client certificate rotation on an OpenShift 3.7 node.
    const a = fixture('api-server-unreachable-26.log');
    const f = only(a, 'api-server-unreachable');
    expect(f.explanation).toContain('after the last refusal the kubelet switched to a new client certificate (line 7: "certificate rotation detected")');
    expect(f.explanation).not.toContain('The failures go on to the end of the log');
    expect(a.lines(f)).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('"crypto/rsa: verification error" against the trusted CA of the same name is a replaced CA; a bare excerpt\'s node is named by its failed status updates (rancher/rancher#25125)', () => {
    // https://github.com/rancher/rancher/issues/25125 — kube-ca rotated, the kubelets kept the old one.
    const a = fixture('api-server-unreachable-27.log');
    const f = only(a, 'api-server-unreachable');
    expect(f.explanation).toContain('The kubelet trusts a CA named "kube-ca"');
    expect(a.trace.sources[0].node).toBe('ip-172-31-2-132');
  });

  it('one volume operation refused by RBAC is told at the log\'s end; one the Node authorizer refuses (often a moment\'s lag) is not (constructed)', () => {
    const op = (err: string) => `E0315 10:02:03.000001    2891 nestedpendingoperations.go:348] Operation for "{volumeName:kubernetes.io/configmap/u1-cfg podName:u1 nodeName:}" failed. No retries permitted until 2024-03-15 10:02:03.5 +0000 UTC m=+5.1 (durationBeforeRetry 500ms). Error: MountVolume.SetUp failed for volume "cfg" (UniqueName: "kubernetes.io/configmap/u1-cfg") pod "web-0" (UID: "u1") : ${err}`;
    const rbac = only(analyse(op('configmaps "cfg" is forbidden: User "system:node:node-1" cannot get resource "configmaps" in API group "" in the namespace "default"')), 'volume-op-failing');
    expect(rbac.title).toContain('the API server forbids the kubelet to read what the volume needs');
    expect(analyse(op('configmaps "cfg" is forbidden: User "system:node:node-1" cannot get resource "configmaps" in API group "" in the namespace "default": no relationship found between node \'node-1\' and this object')).of('volume-op-failing')).toEqual([]);
  });

  it('a long volume error is quoted by its beginning and its end, where its cause is (NetApp/trident#572)', () => {
    // https://github.com/NetApp/trident/issues/572 — TearDownAt answered NotFound: volume not mounted.
    const f = only(fixture('volume-op-failing-13.log'), 'volume-op-failing');
    expect(f.explanation).toContain('rpc error: code = NotFound desc = volume not mounted".');
  });

  it('a teardown the Calico plugin fails with "connection is unauthorized" names the plugin\'s refused credentials, and the quote keeps the error\'s end (projectcalico/calico#7846)', () => {
    // https://github.com/projectcalico/calico/issues/7846 — certificates renewed, the plugin's token no longer accepted.
    const f = only(fixture('pod-kill-failed-10.log'), 'pod-kill-failed');
    expect(f.explanation).toContain('error getting ClusterInformation: connection is unauthorized: Unauthorized"');
    expect(f.explanation).toContain('The plugin\'s own requests to the API server are refused (Unauthorized)');
  });

  it('a crash names the pod of the kubelet\'s last line before it: the topology manager\'s affinity for a container (kubernetes/kubernetes#99370)', () => {
    // https://github.com/kubernetes/kubernetes/issues/99370 — concurrent map read and map write in the topology manager.
    const a = fixture('kubelet-panic-12.log');
    const f = only(a, 'kubelet-panic');
    expect(f.explanation).toContain('The kubelet\'s last line before it that names a pod (line 3, 2.10ms before) is about c44b21d4-bd8b-4183-989e-420810978ed9');
    expect(f.next).not.toContain('the value');
  });

  it('the pod PLEG reported just before a crash is named with it (CentaurusInfra/arktos#647)', () => {
    // https://github.com/CentaurusInfra/arktos/issues/647 — concurrent map read and map write at 10K nodes.
    const f = only(fixture('kubelet-panic-13.log'), 'kubelet-panic');
    expect(f.explanation).toContain('is about 13b4509b-cb49-4b76-8378-6a39c0cf38e7');
  });

  it('listing images fails with the Docker daemon down like the other calls, and is counted with them (kubernetes/minikube#5752)', () => {
    // https://github.com/kubernetes/minikube/issues/5752 — "Cannot connect to the Docker daemon".
    const a = fixture('runtime-call-errors-35.log');
    const f = only(a, 'runtime-call-errors');
    expect(f.title).toBe('Container runtime calls failing (4 failed calls: ListPodSandbox, ListPodSandbox or ListContainers, ListImages)');
    expect(f.explanation).toContain('ListImages ×1 (connection refused; first line 8; logged again by its caller on line 9)');
  });

  it('a certificate request not signed in time is its own finding, the certificate unknown where the line does not name its signer (kubernetes/kubernetes#77489)', () => {
    // https://github.com/kubernetes/kubernetes/issues/77489 — the CSR stayed Pending.
    const a = fixture('certificate-not-signed-1.log');
    const f = only(a, 'certificate-not-signed');
    expect(f.title).toBe('Kubelet\'s certificate request not signed');
    expect(f.explanation).toContain('a new client or serving certificate');
    expect(a.lines(f)).toEqual([3]);
  });

  it('a serving certificate\'s request not signed twice says nobody approves serving certificates by itself (constructed)', () => {
    const f = only(fixture('certificate-not-signed-constructed.log'), 'certificate-not-signed');
    expect(f.title).toBe('Kubelet\'s serving certificate request not signed (2×)');
    expect(f.explanation).toContain('kube-controller-manager never approves by itself');
    expect(f.next).toContain('kubectl certificate approve');
  });

  it('a serving certificate not signed while clients fail their handshake is told once, by serving-cert-missing, which cites the line (constructed)', () => {
    const hs = (t: string) => `Dec 08 21:${t} node-1 kubelet[10983]: I1208 21:${t}.036164   10983 log.go:245] http: TLS handshake error from 10.244.0.44:51234: no serving certificate available for the kubelet`;
    const a = analyse([hs('30:00'), hs('30:30'), 'Dec 08 21:31:11 node-1 kubelet[10983]: E1208 21:31:11.061002   10983 certificate_manager.go:471] kubernetes.io/kubelet-serving: Certificate request was not signed: timed out waiting for the condition'].join('\n'));
    expect(a.of('certificate-not-signed')).toEqual([]);
    const f = only(a, 'serving-cert-missing');
    expect(f.explanation).toContain('The kubelet\'s own line says its request was not signed in time (line 3).');
    expect(a.lines(f)).toEqual([1, 2, 3]);
  });

  it('a Namespace in the static pod directory is named as no pod, its journal lines after a first line cut inside its prefix being the record\'s (Capgemini/kubeform#78)', () => {
    // https://github.com/Capgemini/kubeform/issues/78 — kube-system.yaml (a Namespace) was put in /etc/kubernetes/manifests.
    const a = fixture('static-pod-manifest-invalid-3.log');
    const f = only(a, 'static-pod-manifest-invalid');
    expect(f.title).toBe('A Namespace in the static pod directory: kube-system.yaml');
    expect(f.next).toContain('create the Namespace through the API server');
    expect(a.lines(f)).toEqual([4]);
    expect(a.trace.sources[0].node).toBe('ip-10-0-1-60.eu-west-1.compute.internal');
  });

  it('a file of a kind the kubelet\'s scheme does not know is named by that kind; a pod that fails validation stays a manifest to fix (constructed)', () => {
    const line = (t: string, err: string) => `E0315 10:02:${t}.200000    2891 file.go:187] "Could not process manifest file" err=${JSON.stringify(err)} path="/etc/kubernetes/manifests/kustomization.yaml"`;
    const a = analyse([line('03', 'read \'apiVersion: kustomize.config.k8s.io/v1beta1\', but couldn\'t parse as pod(no kind "Kustomization" is registered for version "kustomize.config.k8s.io/v1beta1" in scheme "pkg/api/legacyscheme/scheme.go:30")')].join('\n'));
    expect(only(a, 'static-pod-manifest-invalid').title).toBe('A Kustomization in the static pod directory: kustomization.yaml');
    const b = analyse(line('03', 'invalid pod: [spec.containers: Required value]'));
    expect(only(b, 'static-pod-manifest-invalid').title).toBe('Static pod manifest not accepted: kustomization.yaml');
  });
});

describe('round 29 of public excerpts', () => {
  it('a pod rejected at admission under memory pressure is not also an eviction: its Evicted Event is the rejection\'s (kubernetes/kubernetes#30550)', () => {
    // https://github.com/kubernetes/kubernetes/issues/30550 — "not evicted, they are just not admitted by kubelet".
    const a = fixture('admission-rejected-12.log');
    expect(a.of('eviction')).toEqual([]);
    const f = only(a, 'admission-rejected');
    // The 1.3 printf slip ("%v%!(EXTRA …)") is read as the value it lost.
    expect(f.title).toBe('Pods rejected at admission: [MemoryPressure]');
    expect(a.lines(f)).toEqual([3, 4]);
  });

  it('a running pod\'s resize refused by the admit handlers is deferred, not a rejection: no finding, the pod runs on (kubernetes/kubernetes#128111)', () => {
    // https://github.com/kubernetes/kubernetes/pull/128111 — a kubelet unit test's log: "Pod admission denied", then
    // "Resize cannot be accommodated" and resizeStatus="Deferred" for the same pod.
    const a = fixture('admission-rejected-13.log');
    expect(a.of('admission-rejected')).toEqual([]);
    const pod = a.trace.pods.find((p) => p.name === 'pod2')!;
    expect(pod.admission.result).toBe('admitted');
    expect(dumpPod(a.trace, a.trace.pods.indexOf(pod)).join('\n')).toContain('sync (running: the admission check was for a resize, deferred) (still at end of log) @3');
    expect(a.trace.sources[0].versionRange.label).toBe('1.27+');
  });

  it('a pull secret the kubelet\'s cache did not fill in time is not said to be missing (kubernetes/kubernetes#117972)', () => {
    // https://github.com/kubernetes/kubernetes/issues/117972 — the Secret existed; the kubelet's watch of it had been let go.
    const f = only(fixture('pull-secret-missing-2.log'), 'pull-secret-missing');
    expect(f.title).toBe('Image pull secret not read in time for default/xxxxx');
    expect(f.explanation).toContain('not the Secret missing');
    expect(f.next).not.toContain('Create the Secret');
  });

  it('PLEG\'s failed reinspection of one pod is the stall\'s likely cause, and that pod is named (chanjarster/blog, PLEG not healthy)', () => {
    // https://github.com/chanjarster/blog — content/post/k8s/kublet-pleg-not-healthy.md: force-deleting that pod fixed it.
    const a = fixture('pleg-unhealthy-10.log');
    const f = only(a, 'pleg-unhealthy');
    expect(f.explanation).toContain('PLEG could not reinspect istio-system/istio-ingressgateway-6bbdd58f8c-nlgnd (line 11)');
    expect(f.explanation).not.toContain('logged no relist or runtime-call error');
    expect(a.lines(f)).toEqual([9, 11]);
  });

  it('"Cannot connect to the Docker daemon" from the image manager says the runtime was not running, to PLEG and runtime-down alike (moby/moby#38642)', () => {
    // https://github.com/moby/moby/issues/38642 — the Docker daemon had stopped answering on its socket.
    const a = fixture('runtime-down-10.log');
    const down = only(a, 'runtime-down');
    expect(down.explanation).toContain('The runtime was not running: its socket refused the kubelet\'s other calls meanwhile (line 5');
    expect(down.next).toContain('Start the runtime');
    const pleg = only(a, 'pleg-unhealthy');
    expect(pleg.explanation).toContain('The runtime was not answering at all at line 5');
    expect(pleg.next).toContain('Start the runtime');
  });

  it('a registry refusing the pause image\'s pull is not the runtime\'s socket refusing: no runtime-call finding (replicatedhq/kURL#1191)', () => {
    // https://github.com/replicatedhq/kURL/issues/1191 — an air-gapped node, Docker answering with the registry's refusal.
    const a = fixture('sandbox-create-failed-35.log');
    expect(a.of('runtime-call-errors')).toEqual([]);
    expect(only(a, 'sandbox-create-failed').title).toContain('the pause image cannot be pulled');
  });

  it('a cloud provider\'s klog line that begins "error:" is not the kubelet\'s exit, and salt\'s per-host headings are not wrapped text (kubernetes/kubernetes#41850)', () => {
    // https://github.com/kubernetes/kubernetes/issues/41850 — Azure's NodeAddresses lookups failing on running kubelets.
    const a = fixture('kubelet-exited-57.log');
    expect(a.of('kubelet-exited')).toEqual([]);
    expect(a.trace.sources[0].lines.continuation).toBe(0);
  });

  it('"not a vmss instance" is the cloud provider finding no instance of the node\'s name (kubernetes/kubernetes#60622)', () => {
    // https://github.com/kubernetes/kubernetes/issues/60622 — Azure's scale-set lookup given a plain VM.
    const f = only(fixture('node-not-registered-8.log'), 'node-not-registered');
    expect(f.title).toBe('Node is not registered: the cloud provider finds no instance of the node\'s name');
    expect(f.next).toContain('vmType');
  });

  it('an eviction with no signal, threshold or reclaim in the log does not claim node pressure; a pod past its own limit says so (milvus-io/milvus#7498)', () => {
    // https://github.com/milvus-io/milvus/pull/7498 — the pod went past its own 50Gi ephemeral-storage limit.
    const f = only(fixture('eviction-10.log'), 'eviction');
    expect(f.title).toBe('Eviction: 1 pod evicted (no pressure or threshold in the log)');
    expect(f.explanation).toContain('a pod past its own local-storage limit');
    expect(f.explanation).not.toContain('past its eviction threshold');
    const line = (t: string, msg: string) => `I0906 11:45:${t}.963190    1877 ${msg}`;
    const own = analyse([
      line('43', 'eviction_manager.go:578] eviction manager: pod web-0_default(1d81845d-0eaf-11ec-ba94-1c1b0d568bc0) is evicted successfully'),
      line('43', 'event.go:294] Event(v1.ObjectReference{Kind:"Pod", Namespace:"default", Name:"web-0", UID:"1d81845d-0eaf-11ec-ba94-1c1b0d568bc0", APIVersion:"v1", ResourceVersion:"1", FieldPath:""}): type: \'Warning\' reason: \'Evicted\' Pod ephemeral local storage usage exceeds the total limit of containers 50Gi.'),
    ].join('\n'));
    expect(only(own, 'eviction').title).toBe('Eviction: 1 pod evicted past its own local-storage limit');
  });
});
