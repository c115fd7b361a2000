/**
 * A synthetic kubelet log (structured klog, 1.2x era) for the browser performance checks: many pods running the
 * ordinary cycle of a kubelet — added, synced, containers started by PLEG, probes, status patches, now and then
 * a failing probe, a kill and a restart — interleaved with the node's housekeeping. Deterministic (a fixed-seed
 * LCG), so every run measures the same input. Lines are real catalog messages, so the whole model is exercised.
 */

export interface SyntheticOptions {
  pods: number;
  /** Approximate number of log lines (= events). */
  lines: number;
  /** Start, epoch ms (the klog header has no year; the file's default year applies). */
  startMs?: number;
  /** Mean gap between lines, µs. */
  meanGapUs?: number;
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');

function klogTime(us: number): string {
  const d = new Date(Math.floor(us / 1000));
  const frac = pad(Math.floor(us % 1_000_000), 6);
  return `${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCDate(), 2)} ${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}.${frac}`;
}

function hex(rand: () => number, n: number): string {
  let s = '';
  while (s.length < n) s += Math.floor(rand() * 0x100000000).toString(16).padStart(8, '0');
  return s.slice(0, n);
}

function uuid(rand: () => number): string {
  const h = hex(rand, 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Yields the log in pieces of about `chunkLines` lines (so a 200 MB file never sits in one string). */
export function* syntheticKlog(opts: SyntheticOptions, chunkLines = 20_000): Generator<string> {
  let seed = 12345;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed / 0x100000000;
  };
  const pods = Array.from({ length: opts.pods }, (_, i) => ({
    ns: ['default', 'payments', 'search', 'monitoring', 'kube-system'][i % 5],
    name: `app-${pad(i, 4)}-${hex(rand, 5)}`,
    uid: uuid(rand),
    container: ['web', 'api', 'worker', 'cache'][i % 4],
    cid: hex(rand, 64),
    version: 1,
    step: 0,
  }));
  let us = (opts.startMs ?? Date.UTC(2024, 2, 12, 10, 0, 0)) * 1000;
  const gap = opts.meanGapUs ?? 7_000;
  const pid = 2353235;
  let out: string[] = [];
  const line = (sev: string, file: string, msg: string) => {
    us += 1 + Math.floor(rand() * gap * 2);
    out.push(`${sev}${klogTime(us)} ${pid} ${file}] ${msg}`);
  };
  let emitted = 0;
  while (emitted < opts.lines) {
    if (rand() < 0.02) {
      line('I', 'kubelet.go:2249', '"SyncLoop (housekeeping)"');
      line('I', 'kubelet_pods.go:1085', '"Clean up orphaned pod containers"');
      line('I', 'kubelet.go:2257', '"SyncLoop (housekeeping) end" duration="3ms"');
      emitted += 3;
      continue;
    }
    const p = pods[Math.floor(rand() * pods.length)];
    const ref = `pod="${p.ns}/${p.name}" podUID=${p.uid}`;
    switch (p.step++ % 12) {
      case 0: line('I', 'kubelet.go:2153', `"SyncLoop ADD" source="api" pods=[${p.ns}/${p.name}]`); break;
      case 1: line('I', 'pod_workers.go:965', `"Processing pod event" ${ref} updateType=0`); break;
      case 2: line('I', 'kubelet.go:1607', `"syncPod enter" ${ref}`); break;
      case 3: line('I', 'kubelet.go:2184', `"SyncLoop (PLEG): event for pod" pod="${p.ns}/${p.name}" event=&{ID:${p.uid} Type:ContainerStarted Data:${p.cid}}`); break;
      case 4: line('I', 'prober.go:107', `"Probe succeeded" probeType="Readiness" ${ref} containerName="${p.container}"`); break;
      case 5: line('I', 'status_manager.go:874', `"Patch status for pod" ${ref} patch="{\\"metadata\\":{\\"uid\\":\\"${p.uid}\\"}}"`); break;
      case 6: line('I', 'status_manager.go:881', `"Status for pod updated successfully" ${ref} statusVersion=${p.version++}`); break;
      case 7: line('I', 'kubelet.go:1752', `"syncPod exit" ${ref} isTerminal=false`); break;
      case 8:
        if (rand() < 0.1) line('I', 'prober.go:116', `"Probe failed" probeType="Liveness" ${ref} containerName="${p.container}" probeResult="failure" output="HTTP probe failed with statuscode: 500"`);
        else line('I', 'prober.go:107', `"Probe succeeded" probeType="Liveness" ${ref} containerName="${p.container}"`);
        break;
      case 9:
        if (rand() < 0.05) {
          line('I', 'kuberuntime_container.go:709', `"Killing container with a grace period" ${ref} containerName="${p.container}" containerID="containerd://${p.cid}" gracePeriod=30`);
          line('I', 'kuberuntime_container.go:732', `"Container exited normally" ${ref} containerName="${p.container}" containerID="containerd://${p.cid}"`);
          emitted++;
          p.cid = hex(rand, 64);
        } else line('I', 'kubelet.go:1607', `"syncPod enter" ${ref}`);
        break;
      case 10:
        if (rand() < 0.02) line('E', 'pod_workers.go:1294', `"Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"${p.container}\\" with CrashLoopBackOff" ${ref}`);
        else line('I', 'kubelet.go:2184', `"SyncLoop (PLEG): event for pod" pod="${p.ns}/${p.name}" event=&{ID:${p.uid} Type:ContainerStarted Data:${p.cid}}`);
        break;
      default: line('I', 'kubelet.go:1752', `"syncPod exit" ${ref} isTerminal=false`); p.step = 2; break;
    }
    emitted++;
    if (out.length >= chunkLines) {
      yield out.join('\n') + '\n';
      out = [];
    }
  }
  if (out.length) yield out.join('\n') + '\n';
}
