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

/**
 * Source files only other Kubernetes programs have, by program: a combined log (local-up-cluster, a pasted mix of
 * components) puts their lines among the kubelet's. Only names no kubelet file shares (not controller.go, server.go,
 * factory.go, reconciler.go, httplog.go...): such a line is kept, on the 'other' lane, and its pid is not the kubelet's.
 */
const OTHER_PROGRAM_FILES: readonly [RegExp, string][] = [
  [/^(node_lifecycle_controller|nodecontroller|taint_manager|replica_set|deployment_controller|endpoints_controller|endpointslice_controller|garbagecollector|graph_builder|range_allocator|cidr_allocator|job_controller|cronjob_controllerv2|stateful_set|daemon_controller|namespace_controller|namespaced_resources_deleter|resource_quota_controller|pv_controller|pv_controller_base|attach_detach_controller|controllermanager|certificate_controller|tokens_controller|serviceaccounts_controller|disruption|ttl_controller|route_controller|controller_utils)\.go$/, 'kube-controller-manager'],
  [/^(schedule_one|generic_scheduler|scheduling_queue|default_binder|eventhandlers)\.go$/, 'kube-scheduler'],
  [/^(cacher|storage_factory|genericapiserver|apf_controller|cluster_authentication_trust_controller)\.go$/, 'kube-apiserver'],
  [/^(proxier|meta_proxier)\.go$/, 'kube-proxy'],
  [/^(cluster_autoscaler|static_autoscaler|scale_down|scale_up|scale_down_candidates)\.go$/, 'cluster-autoscaler'],
];

const cache = new Map<string, [LaneKind, LaneKind]>();
const programCache = new Map<string, string>();

/** The program that printed a line of `file` when only another Kubernetes program has that file, else ''. */
export function otherProgramOfFile(file: string): string {
  let hit = programCache.get(file);
  if (hit === undefined) {
    const base = file.slice(file.lastIndexOf('/') + 1);
    hit = OTHER_PROGRAM_FILES.find(([re]) => re.test(base))?.[1] ?? '';
    programCache.set(file, hit);
  }
  return hit;
}

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
