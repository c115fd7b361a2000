/** Every sample table, in catalog order. */
import type { EntrySamples } from './sample-kit.ts';
import { SYNC_LOOP_SAMPLES } from './samples-syncloop.ts';
import { POD_WORKER_SAMPLES } from './samples-podworker.ts';
import { STATUS_PROBE_SAMPLES } from './samples-status-probe.ts';
import { RUNTIME_SAMPLES } from './samples-runtime.ts';
import { NODE_SAMPLES } from './samples-node.ts';
import { CRI_VOLUME_SAMPLES } from './samples-cri-volume.ts';

export const ALL_SAMPLES: EntrySamples[] = [
  ...SYNC_LOOP_SAMPLES, ...POD_WORKER_SAMPLES, ...STATUS_PROBE_SAMPLES, ...RUNTIME_SAMPLES, ...NODE_SAMPLES, ...CRI_VOLUME_SAMPLES,
];
