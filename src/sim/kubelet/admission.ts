/**
 * Admission in HandlePodAdditions (§3.7). Upstream's handlers (eviction, predicates…) always admit in the
 * simulated node, which has room for every pod; seed 000's custom predicate handler admits a pod that is already
 * running here, and says so. A rejected pod gets status Failed and no pod worker.
 */
import type { ApiPod } from '../world/types.ts';
import { copyStatus } from '../world/types.ts';
import { formatPod } from '../log/go-values.ts';
import { podVal, type Kubelet } from './kubelet.ts';

export type Verdict = { ok: true } | { ok: false; reason: string; message: string };

export function admitPod(k: Kubelet, pod: ApiPod): Verdict {
  if (k.cfg.custom && pod.status.phase === 'Running') k.log('admit.running-on-node', { pod: pod.name });
  return { ok: true };
}

export function rejectPod(k: Kubelet, pod: ApiPod, reason: string, message: string): void {
  k.log('admit.rejected', k.structured ? { pod: podVal(pod), message } : { pod: formatPod(pod), message: `${reason}: ${message}` });
  const status = copyStatus(pod.status);
  status.phase = 'Failed';
  status.reason = reason;
  status.message = `Pod ${message}`;
  k.status.setPodStatus(pod, status);
}
