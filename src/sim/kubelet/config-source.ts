/**
 * The API-server config source (§3.5): list + watch the pods bound to this node and turn each change into the
 * sync loop's PodUpdate ops — new UID → ADD, deletion timestamp → DELETE, spec change → UPDATE, status-only →
 * RECONCILE, gone → REMOVE. The first notification is an ADD of everything listed (empty `pods=[]` included).
 */
import { send, wait, type Go } from '../engine/ops.ts';
import type { ConfigOp, Kubelet } from './kubelet.ts';

const OP_OF = { create: 'ADD', spec: 'UPDATE', deletion: 'DELETE', status: 'RECONCILE', remove: 'REMOVE' } as const satisfies Record<string, ConfigOp>;

export function* configSource(k: Kubelet): Go {
  const { pods, watch } = k.world.api.watch();
  k.onStop.push(() => { watch.open = false; });
  yield* send(k.configCh, { op: 'ADD', pods, source: 'api' }, 'send the initial ADD to configCh');
  for (;;) {
    while (watch.queue.length === 0) yield* wait(watch.signal, 'watch the API server');
    const ev = watch.queue.shift()!;
    yield* send(k.configCh, { op: OP_OF[ev.change], pods: [ev.pod], source: 'api' }, `send ${OP_OF[ev.change]} to configCh`);
  }
}
