/**
 * Where a message the catalog does not know goes: the lane is chosen from the source file that printed it, so
 * nothing disappears and unknown lines still sit next to their goroutine's known ones. First match wins.
 */
import type { LaneKind } from '../model/trace.ts';

/** [file-name test, lane when the line names a pod, lane otherwise] */
const FILE_LANES: readonly [RegExp, LaneKind, LaneKind][] = [
  [/^(pod_workers|kubelet_pods|kuberuntime_container|kuberuntime_manager|kuberuntime_sandbox|pod_container_deletor|pod_startup_latency_tracker)\.go$/, 'pod-worker', 'other'],
  [/^(prober|prober_manager|worker|results_manager)\.go$/, 'probe', 'other'],
  [/^(status_manager|generate)\.go$/, 'status-manager', 'status-manager'],
  [/^(generic|evented|pleg)\.go$/, 'pleg', 'pleg'],
  [/^(remote_runtime|remote_image|instrumented_services|kuberuntime_image|image_manager|docker_service|docker_container|docker_sandbox|cri_stats_provider)\.go$/, 'runtime', 'runtime'],
  [/^(kubelet_node_status|setters|nodelease|controller|runtime)\.go$/, 'node-status', 'node-status'],
  [/^(container_gc|image_gc_manager|kuberuntime_gc|gc)\.go$/, 'gc', 'gc'],
  [/^(eviction_manager|helpers|memory_threshold_notifier)\.go$/, 'eviction', 'eviction'],
  [/^(volume_manager|reconciler|reconciler_common|reconstruct|desired_state_of_world_populator|operation_generator|operation_executor|kubelet_volumes|csi_.*|mount_linux)\.go$/, 'volume', 'volume'],
  [/^(config|common|file|file_linux|apiserver|mux|http)\.go$/, 'config', 'config'],
  [/^(event|server)\.go$/, 'events', 'events'],
  [/^kubelet\.go$/, 'pod-worker', 'sync-loop'],
];

const cache = new Map<string, [LaneKind, LaneKind]>();

/** Lane kind for an unknown message printed by `file` (basename or dir/file as printed). */
export function laneForFile(file: string, hasPod: boolean): LaneKind {
  let hit = cache.get(file);
  if (!hit) {
    const base = file.slice(file.lastIndexOf('/') + 1);
    hit = ['other', 'other'];
    for (const [re, withPod, without] of FILE_LANES) {
      if (re.test(base)) { hit = [withPod, without]; break; }
    }
    cache.set(file, hit);
  }
  return hasPod ? hit[0] : hit[1];
}
