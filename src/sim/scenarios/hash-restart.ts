/**
 * Shared by hash-change-restart (seed 001) and upgrade-hash-1.7-1.9 (seed 003): a kubelet runs pods, stops, and a
 * new kubelet build starts against the same runtime. Every running container carries the spec-hash label the old
 * build computed; if the new build hashes a different input, computePodActions sees "spec hash changed" for every
 * container and kills and recreates it — while the sandboxes (not hashed) are kept.
 */
import type { HashInput } from '../kubelet/container-hash.ts';
import type { Profile } from '../kubelet/profile.ts';
import { startKubelet } from '../kubelet/run.ts';
import type { ApiPod } from '../world/types.ts';
import type { World } from '../world/world.ts';
import { S, kubeletConfig } from './build.ts';
import { became, changed, printed } from './common.ts';
import type { AnnotationRule, Outcome } from './types.ts';

export interface UpgradePlan {
  world: World;
  old: { profile: Profile; hash: HashInput; pid: number; startUs: number };
  next: { profile: Profile; hash: HashInput; pid: number; startUs: number };
  nodeName: string;
  pods: ApiPod[];
  podsCreatedUs: number;
  stopUs: number;
}

/** Old kubelet from `old.startUs`, pods created, kubelet stopped at `stopUs`, new build started at `next.startUs`. */
export function planUpgrade(p: UpgradePlan): void {
  const { world } = p;
  const oldK = startKubelet(world, p.old.profile, kubeletConfig(p.old.profile, { nodeName: p.nodeName, pid: p.old.pid, hash: p.old.hash }));
  world.sched.addTimer(p.podsCreatedUs, () => { for (const pod of p.pods) world.api.create(pod); });
  world.sched.addTimer(p.stopUs, () => {
    oldK.stop();
    world.emit('kubelet-stopped', String(p.old.pid));
  });
  world.sched.addTimer(p.next.startUs, () => {
    world.emit('kubelet-upgraded', String(p.next.pid));
    startKubelet(world, p.next.profile, kubeletConfig(p.next.profile, { nodeName: p.nodeName, pid: p.next.pid, hash: p.next.hash }));
  });
}

export const upgradeAnnotations: AnnotationRule[] = [
  { id: 'old-running', title: 'Old kubelet: pods running', text: 'The old build created the sandboxes and containers and stored its spec hash as a label on each container.', match: became('container', 'running') },
  { id: 'stopped', title: 'Kubelet stopped for the upgrade', text: 'The kubelet process exits; the containers keep running in the runtime, untouched.', match: (f) => f.moments.some((m) => m.name === 'kubelet-stopped') },
  { id: 'new-start', title: 'New kubelet build starts', text: 'The new binary lists the same pods (ADD) and syncs each one.', match: (f) => f.moments.some((m) => m.name === 'kubelet-upgraded') },
  { id: 'hash-changed', title: 'Container spec hash changed', text: 'computePodActions → containerChanged: the stored hash label differs from the hash the new build computes for the very same spec, because the hashed input changed. The message says "will be killed and recreated" (1.21+: "definition changed, will be restarted").', match: (f) => printed('runtime.kill-decision')(f) || printed('runtime.hash-changed-1.7')(f) },
  { id: 'killed', title: 'Container killed', text: 'killContainer stops the running container (SIGTERM, grace period): a restart nobody asked for.', match: (f) => f.seen.has('kubelet-upgraded') && became('container', 'killing')(f) },
  { id: 'recreated', title: 'Container recreated, sandbox kept', text: 'The container is started again in the existing sandbox: only the hashed objects (containers) are recreated, the pause container survives.', match: (f) => f.seen.has('kubelet-upgraded') && printed('runtime.container-creating')(f) },
];

export function upgradeOutcome(world: World, nextStartUs: number): Outcome {
  const kills = changed(world, 'container', 'killing').filter((c) => c.timeUs >= nextStartUs);
  const sandboxesReplaced = changed(world, 'sandbox', 'ready').filter((c) => c.timeUs >= nextStartUs).length;
  const decisions = world.siteCalls.filter((c) => (c.site === 'runtime.kill-decision' || c.site === 'runtime.hash-changed-1.7') && c.timeUs >= nextStartUs);
  return {
    incident: kills.length > 0,
    summary: kills.length > 0
      ? `After the upgrade ${kills.length} running container(s) were killed and recreated because their spec hash changed; ${sandboxesReplaced} sandbox(es) were replaced.`
      : 'After the upgrade every stored hash matched: no container was restarted.',
    keyTimesUs: { newKubeletStart: nextStartUs, firstHashChanged: decisions[0]?.timeUs ?? NaN, firstKill: kills[0]?.timeUs ?? NaN },
    counts: { containersKilled: kills.length, hashChangedDecisions: decisions.length, sandboxesReplaced },
  };
}

export const UPGRADE_GAP_S = 15 * S;
