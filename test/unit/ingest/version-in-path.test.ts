/**
 * Kubelet versions named by paths and `kubelet --version` outside any record (ingest/version-in-path.ts), and their
 * effect on a source's version range. Lines come from kubernetes/kubeadm#1486 (a 1.14 panic's stack) and
 * kubernetes/minikube#9461 (`systemctl status` of minikube's kubelet).
 */
import { describe, expect, it } from 'vitest';
import { pathVersion } from '../../../src/ingest/version-in-path.ts';
import { analyze } from './ingest-helpers.ts';

describe('versions named in paths', () => {
  it('reads the release build tree, minikube\'s binary and kubelet --version; nothing else', () => {
    expect(pathVersion('4月 03 09:26:35 k8snode1 kubelet[9519]: /workspace/anago-v1.14.0-rc.1.5+641856db183520/src/k8s.io/kubernetes/_output/dockerized/go/src/k8s.io/kubernetes/vendor/k8s.io/client-go/tools/cache/reflector.go:189')?.minor).toBe(14);
    expect(pathVersion('             └─926 /var/lib/minikube/binaries/v1.19.2/kubelet --bootstrap-kubeconfig=/etc/kubernetes/bootstrap-kubelet.conf')?.minor).toBe(19);
    expect(pathVersion('Kubernetes v1.28.4')?.minor).toBe(28);
    expect(pathVersion('/var/lib/minikube/binaries/v1.19.2/kubectl get pods')).toBeUndefined();
    // A journal's program named with its version (kubernetes/kubernetes#72257); not a unit's name.
    expect(pathVersion('Dec 11 20:32:44 node-1 kubelet-1.13.0[11504]: E1211 20:32:44.240919   11504 kubelet.go:1]')).toMatchObject({ minor: 13, patch: 0 });
    expect(pathVersion('Dec 11 20:32:44 node-1 systemd[1]: Started kubelet-1.service.')).toBeUndefined();
    // A hyperkube image (one binary for every component, the kubelet too): a `docker ps` row, a manifest's image.
    expect(pathVersion('3a1b2c3d4e5f        gcr.io/google_containers/hyperkube-amd64:v1.2.4   "/hyperkube apiserver"   11 minutes ago      Up 11 minutes')?.minor).toBe(2);
    expect(pathVersion('    image: hyperkube:v1.32.2')?.minor).toBe(32);
    expect(pathVersion('upgrade to Kubernetes v1.28 next week')).toBeUndefined();
    // Prose naming the release it runs, with its patch (weaveworks/weave#3143; minikube's start output).
    expect(pathVersion('Ran into the same issue.  I\'m running 2.0.1 with Kubernetes v1.7.4.  Is there a workaround?')?.minor).toBe(7);
    expect(pathVersion('🐳  Preparing Kubernetes v1.21.2 on Docker 20.10.7 ...')?.minor).toBe(21);
    expect(pathVersion('the kubelet v1.22.0 crash-loops since the upgrade')?.minor).toBe(22);
    expect(pathVersion('I0912 10:31:39.161512 1202 server.go:440] "Kubelet version" Kubernetes v1.21.4', () => true)).toBeUndefined();
    expect(pathVersion('anago-v1.x')).toBeUndefined();
  });

  it('reads what a pasted report states: kubectl version\'s server, an issue template\'s answer, a node row', () => {
    // canonical/microk8s#2660-style `kubectl version` output: the client line says nothing of the kubelet.
    expect(pathVersion('Client Version: version.Info{Major:"1", Minor:"22", GitVersion:"v1.22.1", GitCommit:"632ed300f2c34f6d6d15ca4cef3d3c7073412212"}')).toBeUndefined();
    expect(pathVersion('Server Version: version.Info{Major:"1", Minor:"20+", GitVersion:"v1.20.11-34+7402e007632498", GitCommit:"7402e00"}')?.minor).toBe(20);
    expect(pathVersion('Server Version: v1.27.3')?.minor).toBe(27);
    expect(pathVersion('- Kubernetes Version: 1.21.2')?.minor).toBe(21);
    expect(pathVersion('**Kubernetes version**: v1.25.0')?.minor).toBe(25);
    // The issue template before 2019 (kubernetes/kubernetes#63320).
    expect(pathVersion('- Kubernetes version (use `kubectl version`): v1.9.6')?.minor).toBe(9);
    expect(pathVersion('- Kubernetes version (use `kubectl version`):')).toBeUndefined();
    // Prose that names the version in place, without its patch (siderolabs/talos#11086, kubernetes/kubernetes#71869).
    expect(pathVersion('composed of 6 nodes (Talos version 1.10.2, kubernetes version 1.33)')?.minor).toBe(33);
    expect(pathVersion('a customer\'s RKE2 (`v1.23.6+rke2r2`) K8s `1.23.6` cluster')?.minor).toBe(23);
    // …but not in a log line: the kubelet's own message names the version a change comes in.
    expect(pathVersion('W0726 16:55:00.484584    4648 container_manager_linux.go:205] Running with swap on is not supported, please disable swap! This will be a fatal error by default starting in K8s v1.6', () => true)).toBeUndefined();
    expect(pathVersion('Kubernetes version 1.2x')).toBeUndefined();
    expect(pathVersion('- Kubernetes v1.23')?.minor).toBe(23);
    expect(pathVersion('Kubernetes version: v1.25.0')?.minor).toBe(25);
    expect(pathVersion('Kubernetes version: see below, 1.2 maybe')).toBeUndefined();
    expect(pathVersion('node1   Ready    control-plane   10d   v1.25.5   192.168.1.10')?.minor).toBe(25);
    expect(pathVersion('worker-2   NotReady,SchedulingDisabled   <none>   3h   v1.18.20')?.minor).toBe(18);
    expect(pathVersion('the pod is Ready after the upgrade to v1.25.5')).toBeUndefined();
    // The template's later form, a colon before its hint (kubernetes-sigs/kind#2555), and lower-case "k8s" in prose.
    expect(pathVersion('- Kubernetes version: (use `kubectl version`): v1.22.4')).toMatchObject({ minor: 22, patch: 4 });
    expect(pathVersion('Using kube-aws 5780b59 and k8s 1.9.7 I have experienced that imagefs pressure')).toMatchObject({ minor: 9, patch: 7 });
    expect(pathVersion('We are using k8s v1.22.13 and hit same problem as well')).toMatchObject({ minor: 22, patch: 13 });
    expect(pathVersion('our k8s cluster is fine')).toBeUndefined();
    // A minor without its patch names none.
    expect(pathVersion('- Kubernetes v1.23')?.patch).toBe(-1);
  });

  it('dates a log no earlier than the patch release its text names', () => {
    const lines = (prose: string) => [prose, '```',
      'Sep 19 14:01:06 n62 kubelet[3178]: I0919 14:01:06.533476    3178 reconciler.go:269] "operationExecutor.MountVolume started for volume" pod="media/server-0"',
      '```'].join('\n');
    // 1.22 was the newest release until December 2021: September of 2021, unless the text names a patch from 2022.
    expect(analyze({ name: 'a.md', data: lines('We are using k8s v1.22') }).sources[0].year.value).toBe(2021);
    expect(analyze({ name: 'b.md', data: lines('We are using k8s v1.22.13') }).sources[0].year.value).toBe(2022);
    expect(analyze({ name: 'c.md', data: lines('We are using k8s v1.22.1') }).sources[0].year.value).toBe(2021);
  });

  it('narrows a source\'s version range when its records alone cannot', () => {
    const text = [
      'I0403 09:26:35.512103    9519 runtime.go:69] Observed a panic: "invalid memory address or nil pointer dereference" (runtime error: invalid memory address or nil pointer dereference)',
      '/workspace/anago-v1.14.0-rc.1.5+641856db183520/src/k8s.io/kubernetes/_output/dockerized/go/src/k8s.io/kubernetes/vendor/k8s.io/apimachinery/pkg/util/runtime/runtime.go:76',
    ].join('\n');
    const v = analyze({ name: 'panic.log', data: text }).sources[0].versionRange;
    expect([v.min, v.max]).toEqual(['1.14', '1.14']);
    expect(v.signals.join(' ')).toContain('release build path');
  });
});
