/** The list of incident detectors, in the order their findings are reported. */
import type { Finding } from '../model/trace.ts';
import type { FindingContext } from './context.ts';
import { readinessInitRace } from './detectors/readiness-init-race.ts';
import { containerHashChanged } from './detectors/container-hash-changed.ts';
import { runtimeDown } from './detectors/runtime-down.ts';
import { plegUnhealthy } from './detectors/pleg-unhealthy.ts';
import { plegRelistStalled } from './detectors/pleg-relist-stalled.ts';
import { logRotationFailed } from './detectors/log-rotation-failed.ts';
import { certificateNotSigned } from './detectors/certificate-not-signed.ts';
import { nodeAddressInvalid } from './detectors/node-address-invalid.ts';
import { podWorkerStuckTerminating } from './detectors/pod-worker-stuck-terminating.ts';
import { runtimeCallErrors } from './detectors/runtime-call-errors.ts';
import { crashloopBackoff } from './detectors/crashloop-backoff.ts';
import { livenessRestart } from './detectors/liveness-restart.ts';
import { probeFailures } from './detectors/probe-failures.ts';
import { eviction } from './detectors/eviction.ts';
import { admissionRejected } from './detectors/admission-rejected.ts';
import { sandboxCreateFailed } from './detectors/sandbox-create-failed.ts';
import { sandboxChurn } from './detectors/sandbox-churn.ts';
import { imagePullFailed } from './detectors/image-pull-failed.ts';
import { containerConfigError } from './detectors/container-config-error.ts';
import { networkNotReady } from './detectors/network-not-ready.ts';
import { volumeMountTimeout } from './detectors/volume-mount-timeout.ts';
import { housekeepingSlow } from './detectors/housekeeping-slow.ts';
import { syncLoopStall } from './detectors/sync-loop-stall.ts';
import { kubeletPanic } from './detectors/kubelet-panic.ts';
import { podKillFailed } from './detectors/pod-kill-failed.ts';
import { slowTermination } from './detectors/slow-termination.ts';
import { nodeShutdown } from './detectors/node-shutdown.ts';
import { kubeletExited } from './detectors/kubelet-exited.ts';
import { apiServerUnreachable } from './detectors/api-server-unreachable.ts';
import { imageGcFailing } from './detectors/image-gc-failing.ts';
import { imageGcChurn } from './detectors/image-gc-churn.ts';
import { orphanedPodVolumes } from './detectors/orphaned-pod-volumes.ts';
import { volumeOpFailing } from './detectors/volume-op-failing.ts';
import { nodeNotReady } from './detectors/node-not-ready.ts';
import { illegalPhaseTransition } from './detectors/illegal-phase-transition.ts';
import { podSyncSkipped } from './detectors/pod-sync-skipped.ts';
import { statusUpdateSkipped } from './detectors/status-update-skipped.ts';
import { mirrorPodChurn } from './detectors/mirror-pod-churn.ts';
import { podUpdateFlood } from './detectors/pod-update-flood.ts';
import { healthzPortTaken } from './detectors/healthz-port-taken.ts';
import { kubeletStandalone } from './detectors/kubelet-standalone.ts';
import { servingCertMissing } from './detectors/serving-cert-missing.ts';
import { staticPodStartBlocked } from './detectors/static-pod-start-blocked.ts';
import { prestopHookFailed } from './detectors/prestop-hook-failed.ts';
import { dnsConfigLimits } from './detectors/dns-config-limits.ts';
import { devicePluginLost } from './detectors/device-plugin-lost.ts';
import { healthzUnhealthy } from './detectors/healthz-unhealthy.ts';
import { shutdownManagerFailed } from './detectors/shutdown-manager-failed.ts';
import { mirrorPodCreateFailed } from './detectors/mirror-pod-create-failed.ts';
import { kubeletStopped } from './detectors/kubelet-stopped.ts';
import { nodeNotRegistered } from './detectors/node-not-registered.ts';
import { inotifyExhausted } from './detectors/inotify-exhausted.ts';
import { pullSecretMissing } from './detectors/pull-secret-missing.ts';
import { slowOperations } from './detectors/slow-operations.ts';
import { eventedPlegFallback } from './detectors/evented-pleg-fallback.ts';
import { nodeNameMismatch } from './detectors/node-name-mismatch.ts';
import { podSourcesNotReady } from './detectors/pod-sources-not-ready.ts';
import { nodeStatusConflict } from './detectors/node-status-conflict.ts';
import { podDeleteDelayed } from './detectors/pod-delete-delayed.ts';
import { cpuManagerExhausted } from './detectors/cpu-manager-exhausted.ts';
import { evictionCheckFailing } from './detectors/eviction-check-failing.ts';
import { podSyncFailing } from './detectors/pod-sync-failing.ts';
import { podCgroupCleanupFailed } from './detectors/pod-cgroup-cleanup-failed.ts';
import { resourceClaimFailed } from './detectors/resource-claim-failed.ts';
import { credentialProviderFailed } from './detectors/credential-provider-failed.ts';
import { staticPodManifestInvalid } from './detectors/static-pod-manifest-invalid.ts';
import { podForceDeleted } from './detectors/pod-force-deleted.ts';
import { poststartHookFailed } from './detectors/poststart-hook-failed.ts';

export interface Detector {
  /** Stable id (part of the CLI/JSON interface). */
  id: string;
  /**
   * A small rule over the trace; reads events through ctx (by kind), linear in the events it reads. `earlier`: the
   * findings of the detectors before it in DETECTORS (a fallback rule tells only what they left untold).
   */
  detect(ctx: FindingContext, earlier: readonly Finding[]): Finding[];
}

export const DETECTORS: Detector[] = [
  readinessInitRace, containerHashChanged, runtimeDown, plegUnhealthy, podWorkerStuckTerminating, runtimeCallErrors,
  crashloopBackoff, livenessRestart, probeFailures, eviction, admissionRejected, sandboxCreateFailed, sandboxChurn, imagePullFailed, containerConfigError,
  networkNotReady, nodeNotReady, volumeMountTimeout, volumeOpFailing, housekeepingSlow, syncLoopStall, kubeletPanic, kubeletExited, apiServerUnreachable, imageGcFailing, imageGcChurn, orphanedPodVolumes, podKillFailed, slowTermination, nodeShutdown,
  illegalPhaseTransition, podSyncSkipped, statusUpdateSkipped, mirrorPodChurn, podUpdateFlood, healthzPortTaken, kubeletStandalone, dnsConfigLimits, prestopHookFailed, staticPodStartBlocked, servingCertMissing,
  devicePluginLost, healthzUnhealthy, shutdownManagerFailed, mirrorPodCreateFailed, kubeletStopped, slowOperations, eventedPlegFallback,
  nodeNameMismatch, nodeNotRegistered, podSourcesNotReady, nodeStatusConflict, podDeleteDelayed, cpuManagerExhausted, evictionCheckFailing, podCgroupCleanupFailed, resourceClaimFailed, credentialProviderFailed, staticPodManifestInvalid, poststartHookFailed, podForceDeleted, inotifyExhausted, pullSecretMissing,
  plegRelistStalled, logRotationFailed, nodeAddressInvalid, certificateNotSigned,
  // Last: it tells the pod sync errors no rule above has.
  podSyncFailing,
];
