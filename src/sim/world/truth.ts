/**
 * Ground truth: what the simulated kubelet's state machines really did, step by step, using the state names of
 * src/model/machines.ts — so a parsed simulated log can be compared with it (the round-trip test).
 */

export type TruthMachine = 'pod-worker' | 'container' | 'sandbox' | 'readiness' | 'probe' | 'node-ready' | 'sync-gate';

export interface TruthChange {
  step: number;
  timeUs: number;
  machine: TruthMachine;
  /** Pod UID ('' for node-level machines). */
  pod: string;
  /** Container ID, sandbox ID, `container/probeType`, or ''. */
  key: string;
  from: string;
  to: string;
}

export class Truth {
  private readonly states = new Map<string, string>();
  readonly changes: TruthChange[] = [];

  constructor(private readonly clock: () => { step: number; timeUs: number }) {}

  get(machine: TruthMachine, pod: string, key = ''): string | undefined {
    return this.states.get(`${machine}|${pod}|${key}`);
  }

  /** Records a transition if the state differs from the current one. */
  set(machine: TruthMachine, pod: string, key: string, to: string): void {
    const id = `${machine}|${pod}|${key}`;
    const from = this.states.get(id) ?? 'unknown';
    if (from === to) return;
    this.states.set(id, to);
    const { step, timeUs } = this.clock();
    this.changes.push({ step, timeUs, machine, pod, key, from, to });
  }
}
