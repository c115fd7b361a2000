import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { laneForFile, otherProgramOfFile } from '../../../src/catalog/file-lanes.ts';
import { SITES } from '../../../src/sim/log/sites.ts';

/** The source file of every klog header in a text (`… 1234 kubelet.go:2431] …`). */
function klogFiles(text: string): string[] {
  return [...text.matchAll(/[IWEF]\d{4} [\d:.]{8,15} +\d+ ([\w./-]{1,120}\.go):\d+\]/g)].map((m) => m[1]);
}

describe('file lanes', () => {
  it('an unknown message goes to the lane of the file that printed it', () => {
    expect(laneForFile('kubelet_pods.go', true)).toBe('pod-worker');
    expect(laneForFile('pkg/kubelet/prober/worker.go', false)).toBe('other');
    expect(laneForFile('eviction_manager.go', false)).toBe('eviction');
  });

  it('files only other Kubernetes programs have are told by name, with the directory the header may carry', () => {
    expect(otherProgramOfFile('node_lifecycle_controller.go')).toBe('kube-controller-manager');
    expect(otherProgramOfFile('pkg/controller/nodelifecycle/node_lifecycle_controller.go')).toBe('kube-controller-manager');
    expect(otherProgramOfFile('schedule_one.go')).toBe('kube-scheduler');
    expect(otherProgramOfFile('proxier.go')).toBe('kube-proxy');
    // Their unknown lines are kept on the 'other' lane, whatever lane a name like theirs would have.
    expect(laneForFile('pv_controller.go', true)).toBe('other');
  });

  it('no file the kubelet prints from is taken for another program\'s (the simulator\'s sites and the fixtures\' kubelet logs)', () => {
    const files = new Set(Object.values(SITES).flat().map((s) => s.file));
    const dir = new URL('../../fixtures/', import.meta.url);
    for (const sub of ['findings', 'logs']) {
      for (const name of readdirSync(new URL(`${sub}/`, dir))) {
        for (const f of klogFiles(readFileSync(new URL(`${sub}/${name}`, dir), 'utf8'))) files.add(f);
      }
    }
    expect(files.size).toBeGreaterThan(100);
    const claimed = [...files].filter((f) => otherProgramOfFile(f) !== '');
    // The fixtures with other programs' lines: a combined log (kubernetes/kubernetes#57865), and minikube's localkube,
    // k3s and OpenShift Origin's all-in-one, which run every component in the kubelet's process.
    expect(claimed.sort()).toEqual([
      'attach_detach_controller.go', 'cluster_authentication_trust_controller.go', 'controller_utils.go', 'controllermanager.go', 'deployment_controller.go', 'disruption.go',
      'node_lifecycle_controller.go', 'nodecontroller.go', 'proxier.go', 'replica_set.go', 'serviceaccounts_controller.go',
    ]);
  });
});
