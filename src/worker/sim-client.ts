/**
 * The page's handle on the simulation worker: one long-lived worker (runs take tens of milliseconds, so there is
 * nothing to cancel), requests numbered so each promise gets its own answer. If the worker dies, pending runs fail
 * and the next run starts a fresh one.
 */
import type { RunParams } from '../sim/simulation.ts';
import type { FullRun, SimRunner } from './sim-run.ts';

export interface ToSimWorker {
  id: number;
  params: RunParams;
}

export type FromSimWorker =
  | { type: 'done'; id: number; run: FullRun }
  | { type: 'failed'; id: number; message: string };

export function createSimWorkerClient(): SimRunner {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve: (run: FullRun) => void; reject: (e: Error) => void }>();

  const start = (): Worker => {
    const w = new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module', name: 'syncloop-sim' });
    w.onmessage = (e: MessageEvent<FromSimWorker>) => {
      const msg = e.data;
      const waiter = pending.get(msg.id);
      if (!waiter) return;
      pending.delete(msg.id);
      if (msg.type === 'done') waiter.resolve(msg.run);
      else waiter.reject(new Error(msg.message));
    };
    w.onerror = (e) => {
      e.preventDefault();
      w.terminate();
      if (worker === w) worker = undefined;
      for (const waiter of pending.values()) waiter.reject(new Error(e.message || 'the simulation worker crashed'));
      pending.clear();
    };
    return w;
  };

  return {
    run(params) {
      worker ??= start();
      const id = ++nextId;
      const request: ToSimWorker = { id, params: JSON.parse(JSON.stringify(params)) as RunParams };
      return new Promise<FullRun>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker!.postMessage(request);
      });
    },
  };
}
