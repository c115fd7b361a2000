/**
 * Every detector, on one input where it fires (a public excerpt, a seed, or a constructed fixture where no public
 * log shows the case — their sources are named in public-excerpts.test.ts, seeds.test.ts and constructed.test.ts):
 * its finding says what to check next, and its time range is that of its evidence lines as the log printed them.
 * The table must list every detector, so a new one cannot skip this.
 */
import { describe, expect, it } from 'vitest';
import { DETECTORS } from '../../../src/findings/detectors.ts';
import { expectRangeAndNext, fixture, seed, type Analysed } from './findings-kit.ts';

interface Case { input: () => Analysed; toLogEnd?: boolean }

const CASES: Record<string, Case> = {
  'readiness-init-race': { input: () => seed('000') },
  'container-hash-changed': { input: () => seed('003') },
  'runtime-down': { input: () => fixture('runtime-down-1.log') },
  'pleg-unhealthy': { input: () => fixture('pleg-unhealthy-2.log') },
  // Still terminating when the log ends: the range runs to the log's last time.
  'pod-worker-stuck-terminating': { input: () => seed('004'), toLogEnd: true },
  'runtime-call-errors': { input: () => fixture('runtime-call-errors-1.log') },
  'crashloop-backoff': { input: () => fixture('crashloop-backoff-2.log') },
  'liveness-restart': { input: () => fixture('liveness-restart-1.log') },
  'probe-failures': { input: () => fixture('probe-failures-constructed.log') },
  eviction: { input: () => fixture('eviction-1.log') },
  'admission-rejected': { input: () => fixture('admission-rejected-1.log') },
  'sandbox-create-failed': { input: () => fixture('sandbox-create-failed-1.log') },
  'sandbox-churn': { input: () => fixture('sandbox-churn-constructed.log') },
  'image-pull-failed': { input: () => fixture('image-pull-failed-1.log') },
  'container-config-error': { input: () => fixture('container-config-error-constructed.log') },
  'network-not-ready': { input: () => fixture('network-not-ready-2.log') },
  'node-not-ready': { input: () => fixture('node-not-ready-1.log') },
  'illegal-phase-transition': { input: () => fixture('illegal-phase-transition-1.log') },
  'pod-sync-skipped': { input: () => fixture('pod-sync-skipped-1.log') },
  'status-update-skipped': { input: () => fixture('status-update-skipped-1.log') },
  'mirror-pod-churn': { input: () => fixture('mirror-pod-churn-1.log') },
  'volume-mount-timeout': { input: () => fixture('volume-mount-timeout-1.log') },
  'housekeeping-slow': { input: () => fixture('housekeeping-slow-1.log') },
  'sync-loop-stall': { input: () => fixture('sync-loop-stall-constructed.log') },
  'kubelet-panic': { input: () => fixture('kubelet-panic-constructed.log') },
  'kubelet-exited': { input: () => fixture('kubelet-exited-constructed.log') },
  'api-server-unreachable': { input: () => fixture('api-server-unreachable-constructed.log') },
  'image-gc-failing': { input: () => fixture('image-gc-failing-constructed.log') },
  'image-gc-churn': { input: () => fixture('image-gc-churn-1.log') },
  'orphaned-pod-volumes': { input: () => fixture('orphaned-pod-volumes-constructed.log') },
  'volume-op-failing': { input: () => fixture('volume-op-failing-constructed.log') },
  'pod-kill-failed': { input: () => fixture('pod-kill-failed-constructed.log') },
  'node-shutdown': { input: () => fixture('node-shutdown-constructed.log') },
  'slow-termination': { input: () => fixture('slow-termination-constructed.log') },
  'pod-update-flood': { input: () => fixture('pod-update-flood-1.log') },
  'healthz-port-taken': { input: () => fixture('healthz-port-taken-1.log') },
  'kubelet-standalone': { input: () => fixture('kubelet-standalone-1.log') },
  'dns-config-limits': { input: () => fixture('dns-config-limits-1.log') },
  'prestop-hook-failed': { input: () => fixture('prestop-hook-failed-1.log') },
  'static-pod-start-blocked': { input: () => fixture('static-pod-start-blocked-1.log') },
  'serving-cert-missing': { input: () => fixture('serving-cert-missing-1.log') },
  'pod-sources-not-ready': { input: () => fixture('pod-sources-not-ready-1.log') },
  'node-status-conflict': { input: () => fixture('node-status-conflict-1.log') },
  'pod-delete-delayed': { input: () => fixture('pod-delete-delayed-1.log') },
  'cpu-manager-exhausted': { input: () => fixture('cpu-manager-exhausted-1.log') },
  'eviction-check-failing': { input: () => fixture('eviction-check-failing-1.log') },
  'pod-sync-failing': { input: () => fixture('pod-sync-failing-1.log') },
  'pod-cgroup-cleanup-failed': { input: () => fixture('pod-cgroup-cleanup-failed-1.log') },
  'resource-claim-failed': { input: () => fixture('resource-claim-failed-1.log') },
  'credential-provider-failed': { input: () => fixture('credential-provider-failed-constructed.log') },
  'static-pod-manifest-invalid': { input: () => fixture('static-pod-manifest-invalid-constructed.log') },
  'poststart-hook-failed': { input: () => fixture('poststart-hook-failed-constructed.log') },
  'pod-force-deleted': { input: () => fixture('pod-force-deleted-constructed.log') },
  'inotify-exhausted': { input: () => fixture('inotify-exhausted-constructed.log') },
  'pull-secret-missing': { input: () => fixture('pull-secret-missing-constructed.log') },
  'pleg-relist-stalled': { input: () => fixture('pleg-relist-stalled-constructed.log') },
  'log-rotation-failed': { input: () => fixture('log-rotation-failed-constructed.log') },
  'certificate-not-signed': { input: () => fixture('certificate-not-signed-constructed.log') },
  'node-address-invalid': { input: () => fixture('node-address-invalid-constructed.log') },
  'device-plugin-lost': { input: () => fixture('device-plugin-lost-1.log') },
  'healthz-unhealthy': { input: () => fixture('healthz-unhealthy-1.log') },
  'shutdown-manager-failed': { input: () => fixture('shutdown-manager-failed-1.log') },
  'mirror-pod-create-failed': { input: () => fixture('mirror-pod-create-failed-1.log') },
  'kubelet-stopped': { input: () => fixture('kubelet-stopped-1.log') },
  'node-not-registered': { input: () => fixture('node-not-registered-1.log') },
  'slow-operations': { input: () => fixture('slow-operations-1.log') },
  'evented-pleg-fallback': { input: () => fixture('evented-pleg-fallback-1.log') },
  'node-name-mismatch': { input: () => fixture('node-name-mismatch-1.log') },
};

describe('every detector\'s finding: next step and time range', () => {
  it('the table covers every detector', () => {
    expect(Object.keys(CASES).sort()).toEqual(DETECTORS.map((d) => d.id).sort());
  });

  for (const [id, c] of Object.entries(CASES)) {
    it(id, () => {
      const a = c.input();
      const found = a.of(id);
      expect(found.length, `${id} found`).toBeGreaterThan(0);
      for (const f of found) {
        expect(f.evidence.length, `${id} has evidence`).toBeGreaterThan(0);
        expectRangeAndNext(a, f, { toLogEnd: c.toLogEnd });
      }
    });
  }
});
