/**
 * The simulation worker: runs a scenario to its end and parses its log (sim-run.ts), off the page's thread, and
 * posts the Trace back with its buffers transferred. Requests are answered in order; the page ignores answers to
 * requests it no longer wants.
 */
import { runFullSimulation } from './sim-run.ts';
import type { FromSimWorker, ToSimWorker } from './sim-client.ts';
import { traceTransferables } from './transfer.ts';

self.onmessage = (e: MessageEvent<ToSimWorker>) => {
  const req = e.data;
  let msg: FromSimWorker;
  try {
    const run = runFullSimulation(req.params);
    msg = { type: 'done', id: req.id, run };
    self.postMessage(msg, { transfer: traceTransferables(run.trace) });
  } catch (err) {
    msg = { type: 'failed', id: req.id, message: err instanceof Error ? err.message : String(err) };
    self.postMessage(msg);
  }
};
