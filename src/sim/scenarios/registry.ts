/** The scenario catalogue: ids are part of the interface (CLI, share links, the gallery). */
import { podLifecycle } from './pod-lifecycle.ts';
import { readinessInitRace } from './readiness-init-race.ts';
import { hashChangeRestart } from './hash-change-restart.ts';
import { upgradeHash } from './upgrade-hash.ts';
import { runtimeHangNotReady } from './runtime-hang-notready.ts';
import { sandboxLeakTerminating } from './sandbox-leak-terminating.ts';
import { nodeHour } from './node-hour.ts';
import { initContainers } from './init-containers.ts';
import { livenessRestart } from './liveness-restart.ts';
import { imagePullBackoff } from './image-pull-backoff.ts';
import type { Scenario } from './types.ts';

export const SCENARIOS: readonly Scenario[] = [podLifecycle, readinessInitRace, hashChangeRestart, runtimeHangNotReady, upgradeHash, sandboxLeakTerminating, initContainers, livenessRestart, imagePullBackoff, nodeHour];

export function scenarioById(id: string): Scenario {
  const s = SCENARIOS.find((x) => x.id === id);
  if (!s) throw new Error(`unknown scenario "${id}" (known: ${SCENARIOS.map((x) => x.id).join(', ')})`);
  return s;
}
