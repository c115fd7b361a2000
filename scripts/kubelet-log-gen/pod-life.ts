/**
 * One pod's life as the 1.22–1.26 kubelet lives it (kubelet-reference §2.2, §3, §7): the pod worker's sync,
 * terminating and terminated work, container starts and crash-loop back-off, probe workers, the status manager's
 * writes, and the PLEG changes the runtime leaves for the next relist. Everything is scheduled on the agenda;
 * nothing here knows how lines are worded (that is the dialect's job).
 */
import type { Agenda } from './agenda.ts';
import type { Dialect, ProbeType } from './dialect.ts';
import type { LogWriter } from './log-writer.ts';
import type { Prng } from './prng.ts';
import type { PlegChange, SimContainer, SimPod } from './sim-types.ts';
import { podActions } from './status-text.ts';

const MS = 1_000;
const S = 1_000_000;

export interface SimContext {
  rng: Prng;
  w: LogWriter;
  d: Dialect;
  agenda: Agenda;
  /** Container changes the next PLEG relist will see. */
  pleg: PlegChange[];
  /** Finished pods the next housekeeping forgets. */
  forget: SimPod[];
  /** Dead containers and sandboxes container GC removes at its next pass. */
  garbage: PlegChange[];
  runtimeDown: boolean;
  /** Called when a pod is gone from the kubelet (REMOVE handled). */
  onGone(p: SimPod): void;
}

const LIVENESS_OUTPUT = [['HTTP probe failed with statuscode: 500'], ['Get "http://10.244.3.17:8080/healthz": context deadline exceeded (Client.Timeout exceeded while awaiting headers)']];
const EXEC_OUTPUT = [
  ['health check failed: upstream "db-primary" unreachable', 'retrying in 2s', 'giving up after 3 attempts'],
  ['OCI runtime exec failed: exec failed: unable to start container process: read init-p: connection reset by peer: unknown'],
];

export class PodLife {
  constructor(private readonly ctx: SimContext) {}

  private later(delayUs: number, run: () => void): void {
    this.ctx.agenda.schedule(this.ctx.w.nowUs + Math.round(delayUs), run);
  }

  /** A new pod arrived from the config (its ADD line is already written). */
  admitted(p: SimPod, delayUs: number): void {
    this.ctx.d.firstSync(p);
    p.state = 'sync';
    this.requestWork(p, delayUs);
  }

  /** UpdatePod: wake the pod worker unless it already has work queued or is mid-way through one. */
  requestWork(p: SimPod, delayUs: number): void {
    if (p.workScheduled || p.busy) return;
    p.workScheduled = true;
    this.later(delayUs, () => this.doWork(p));
  }

  private doWork(p: SimPod): void {
    if (this.ctx.runtimeDown) {
      // Syncs need the runtime; the worker retries once it is back.
      this.later(S, () => this.doWork(p));
      return;
    }
    p.workScheduled = false;
    if (p.state === 'sync') this.syncWork(p);
    else if (p.state === 'terminating') this.terminatingWork(p);
  }

  /** Graceful deletion from the API (its DELETE line is already written). */
  deleted(p: SimPod): void {
    if (p.state !== 'sync') return;
    this.ctx.d.teardown(p);
    p.state = 'terminating';
    p.workScheduled = false;
    if (!p.busy) this.requestWork(p, this.ctx.rng.int(50, 2000));
  }

  private syncWork(p: SimPod): void {
    const { d, rng, w } = this.ctx;
    d.workStart(p, 0);
    d.syncPodEnter(p);
    d.generatingStatus(p);
    this.setStatus(p);
    let failed = false;
    if (!p.sandboxId) {
      d.noSandbox(p);
      d.podActions(p, podActions(p, { createSandbox: true, start: p.containers.map((_, i) => i) }));
      d.creatingSandbox(p);
      w.advance(rng.int(30, 400) * MS);
      p.sandboxId = rng.hex(64);
      d.createdSandbox(p);
      this.ctx.pleg.push({ pod: p, id: p.sandboxId, from: 'non-existent', to: 'running', exitCode: 0, sandbox: true });
      for (const c of p.containers) this.startContainer(p, c);
    } else {
      const killed = p.containers.find((c) => c.livenessFailed && c.state === 'running');
      const toStart = p.containers.filter((c) => c.state !== 'running');
      for (const c of toStart) d.containerToStart(p, c);
      if (killed) {
        this.livenessRestart(p, killed);
        return;
      }
      d.podActions(p, podActions(p, { createSandbox: false, start: toStart.map((c) => p.containers.indexOf(c)) }));
      for (const c of toStart) {
        if (c.backoffUntilUs > w.nowUs) {
          d.backOff(p, c);
          d.event(p, c, 'Warning', 'BackOff', 'Back-off restarting failed container');
          failed = true;
        } else {
          this.startContainer(p, c);
        }
      }
    }
    d.syncPodExit(p);
    if (failed) d.syncError(p, p.containers.find((c) => c.backoffUntilUs > w.nowUs)!);
    d.workDone(p, 0);
    // Success: resync after syncFrequency (1 min + jitter); error: back-off period (10 s + jitter).
    p.nextResyncUs = w.nowUs + (failed ? rng.int(10_000, 15_000) : rng.int(60_000, 90_000)) * MS;
  }

  private startContainer(p: SimPod, c: SimContainer): void {
    const { d, rng, w } = this.ctx;
    if (c.id) {
      c.lastId = c.id;
      c.lastExitCode = c.exitCode;
      c.lastStartedUs = c.startedUs;
      c.lastFinishedUs = c.finishedUs;
      c.restarts++;
      // Restart back-off: 10 s after the first restart, doubling up to 5 min (MaxContainerBackOff).
      c.backoffS = c.backoffS === 0 ? 10 : Math.min(300, c.backoffS * 2);
      this.ctx.garbage.push({ pod: p, id: c.id, from: 'exited', to: 'non-existent', exitCode: 0, sandbox: false });
    }
    c.id = rng.hex(64);
    c.probeSeq++;
    d.creatingContainer(p, c);
    d.event(p, c, 'Normal', 'Pulled', `Container image "${c.image}" already present on machine`);
    d.event(p, c, 'Normal', 'Created', `Created container ${c.name}`);
    w.advance(rng.int(20, 250) * MS);
    d.event(p, c, 'Normal', 'Started', `Started container ${c.name}`);
    c.state = 'running';
    c.startedUs = w.nowUs;
    c.ready = !c.readinessProbe;
    c.livenessFailed = false;
    c.failStreak = 0;
    p.phase = 'Running';
    this.ctx.pleg.push({ pod: p, id: c.id, from: 'non-existent', to: 'running', exitCode: 0, sandbox: false });
    const seq = c.probeSeq;
    if (c.readinessProbe) this.later(rng.int(4_000, 6_000) * MS, () => this.probe(p, c, 'Readiness', seq));
    if (c.livenessProbe) this.later(rng.int(9_000, 11_000) * MS, () => this.probe(p, c, 'Liveness', seq));
    if (c.crashAfterS > 0) this.later(c.crashAfterS * rng.int(500, 1500) * MS, () => this.crash(p, c, seq));
  }

  private crash(p: SimPod, c: SimContainer, seq: number): void {
    if (c.probeSeq !== seq || c.state !== 'running' || p.state !== 'sync') return;
    this.stopContainer(p, c, this.ctx.rng.pick([1, 1, 1, 2, 137]));
    // The back-off runs from the exit; the first restart is immediate.
    c.backoffUntilUs = c.finishedUs + c.backoffS * S;
  }

  private stopContainer(p: SimPod, c: SimContainer, exitCode: number): void {
    c.state = 'exited';
    c.exitCode = exitCode;
    c.finishedUs = this.ctx.w.nowUs;
    c.ready = false;
    this.ctx.pleg.push({ pod: p, id: c.id, from: 'running', to: 'exited', exitCode, sandbox: false });
  }

  private probe(p: SimPod, c: SimContainer, type: ProbeType, seq: number): void {
    if (c.probeSeq !== seq || c.state !== 'running' || p.state !== 'sync') return;
    const { d, rng } = this.ctx;
    // A flaky app's liveness endpoint sometimes fails several times in a row (a slow dependency).
    if (type === 'Liveness' && p.flakyLiveness && (c.failStreak > 0 || rng.chance(0.004))) {
      c.failStreak++;
      const output = c.execProbe ? rng.pick(EXEC_OUTPUT) : rng.pick(LIVENESS_OUTPUT);
      d.probeFailed(p, c, type, output);
      d.event(p, c, 'Warning', 'Unhealthy', `Liveness probe failed: ${output[0]}`);
      if (c.failStreak >= 3) {
        c.failStreak = 0;
        c.livenessFailed = true;
        d.probeResult(p, 'liveness', 'unhealthy');
        this.requestWork(p, rng.int(1, 8) * MS);
        return;
      }
    } else {
      d.probeSucceeded(p, c, type);
      if (type === 'Readiness' && !c.ready) {
        c.ready = true;
        d.probeResult(p, 'readiness', 'ready');
        if (p.containers.every((x) => x.ready)) p.readySinceUs = this.ctx.w.nowUs;
        this.setStatus(p, false);
        this.requestWork(p, rng.int(1, 5) * MS);
      }
    }
    this.later(c.probePeriodS * S + rng.int(-40, 40) * MS, () => this.probe(p, c, type, seq));
  }

  /** computePodActions decided to kill a container whose liveness probe failed; the restart follows the kill. */
  private livenessRestart(p: SimPod, c: SimContainer): void {
    const { d, rng } = this.ctx;
    const message = `Container ${c.name} failed liveness probe, will be restarted`;
    d.killDecision(p, c, message);
    d.podActions(p, podActions(p, { createSandbox: false, start: [p.containers.indexOf(c)], kill: c, killMessage: message }));
    d.event(p, c, 'Normal', 'Killing', message);
    d.killing(p, c, p.grace);
    p.busy = true;
    this.later(rng.int(200, 3000) * MS, () => {
      p.busy = false;
      if (p.state !== 'sync') return;
      d.exitedNormally(p, c);
      this.stopContainer(p, c, 137);
      this.startContainer(p, c);
      d.syncPodExit(p);
      d.workDone(p, 0);
      p.nextResyncUs = this.ctx.w.nowUs + rng.int(60_000, 90_000) * MS;
    });
  }

  private terminatingWork(p: SimPod): void {
    const { d, rng } = this.ctx;
    d.workStart(p, 1);
    d.observedTerminate(p);
    d.terminatingEnter(p);
    d.terminatingGrace(p);
    d.generatingStatus(p);
    this.setStatus(p);
    const running = p.containers.filter((c) => c.state === 'running');
    for (const c of running) {
      d.event(p, c, 'Normal', 'Killing', `Stopping container ${c.name}`);
      d.killing(p, c, p.grace);
    }
    p.busy = true;
    // Most apps stop within a few seconds; a few use most of their grace period.
    const stopUs = rng.chance(0.05) ? rng.int(5, p.grace) * S : rng.int(80, 3000) * MS;
    this.later(stopUs, () => {
      for (const c of running) {
        d.exitedNormally(p, c);
        this.stopContainer(p, c, stopUs > 5 * S ? 137 : 0);
      }
      this.ctx.pleg.push({ pod: p, id: p.sandboxId, from: 'running', to: 'exited', exitCode: 0, sandbox: true });
      d.postTermination(p);
      d.stoppedAll(p);
      d.terminatingExit(p);
      d.terminatedAll(p);
      d.workDone(p, 1);
      d.workStart(p, 2);
      p.state = 'terminated';
      this.setStatus(p, false);
      // SyncTerminatedPod waits for a PLEG cache entry newer than the kill.
      p.awaitRelist = true;
    });
  }

  /** The PLEG relist after the kill ran: the terminated work can proceed. */
  relisted(p: SimPod): void {
    p.awaitRelist = false;
    this.later(this.ctx.rng.int(1, 20) * MS, () => this.terminatedWork(p));
  }

  private terminatedWork(p: SimPod): void {
    const { d, rng } = this.ctx;
    d.terminatedEnter(p);
    d.cleanupStep(p, 'Pod termination unmounted volumes');
    d.cleanupStep(p, 'Pod termination removed cgroups');
    d.noMoreStatus(p);
    d.terminatedExit(p);
    d.complete(p);
    d.workDone(p, 2);
    p.state = 'finished';
    p.busy = false;
    // The status manager sends the final delete; the API answers with DELETE and REMOVE.
    this.later(rng.int(5, 40) * MS, () => {
      d.fullyTerminated(p);
      this.later(rng.int(5, 20) * MS, () => {
        d.configOp('DELETE', 'api', [p]);
        d.finishedNoUpdates(p);
        this.later(rng.int(3, 10) * MS, () => {
          d.configOp('REMOVE', 'api', [p]);
          d.mustKill(p);
          d.finishedNoUpdates(p);
          p.state = 'gone';
          this.ctx.forget.push(p);
          for (const c of p.containers) if (c.id) this.ctx.garbage.push({ pod: p, id: c.id, from: 'exited', to: 'non-existent', exitCode: 0, sandbox: false });
          this.ctx.garbage.push({ pod: p, id: p.sandboxId, from: 'exited', to: 'non-existent', exitCode: 0, sandbox: true });
          this.ctx.onGone(p);
        });
      });
    });
  }

  /**
   * SetPodStatus: a changed status gets a new version that the status manager writes (patch, then "updated
   * successfully", then the API echoes a RECONCILE); an unchanged one is logged as ignored (with the whole status).
   */
  setStatus(p: SimPod, logSame = true): void {
    const key = `${p.phase}|${p.state === 'terminated' || p.state === 'terminating'}|` +
      p.containers.map((c) => `${c.state}/${c.ready}/${c.restarts}`).join(',');
    if (key === p.statusKey) {
      if (logSame) this.ctx.d.statusSame(p);
      return;
    }
    p.statusKey = key;
    p.statusVersion++;
    const { d, rng } = this.ctx;
    this.later(rng.int(2, 30) * MS, () => {
      if (p.state === 'gone') return;
      d.statusPatch(p);
      d.statusUpdated(p);
      this.later(rng.int(3, 30) * MS, () => {
        if (p.state !== 'gone') d.configOp('RECONCILE', 'api', [p]);
      });
    });
  }
}
