/**
 * A simulated node built directly from the simulator's parts (World, placed pods, one kubelet with a chosen config)
 * for tests that need a set-up no scenario offers: a kubelet config a scenario does not expose, pods that do not
 * fit, statuses changed from outside. Runs the seeded scheduler to a horizon like Simulation does.
 */
import { profileOf } from '../../../src/sim/kubelet/profile.ts';
import type { Kubelet, KubeletConfig } from '../../../src/sim/kubelet/kubelet.ts';
import { startKubelet } from '../../../src/sim/kubelet/run.ts';
import { S, at, hashInputFor, kubeletConfig, placeRunningPod } from '../../../src/sim/scenarios/build.ts';
import type { ApiPod } from '../../../src/sim/world/types.ts';
import { World } from '../../../src/sim/world/world.ts';

export const NODE_START = at(2022, 6, 1, 9, 0, 0, 500_000);

export interface NodeKit {
  world: World;
  kubelet: Kubelet;
  /** Every step taken so far: goroutine, start time, what it resumed from and stopped at. */
  steps: { goroutine: string; timeUs: number; resumed: string; next: string }[];
  /** Runs until `untilUs` (epoch µs); returns the number of steps taken. */
  runUntil(untilUs: number): number;
  /** The printed lines of one call site. */
  lines(site: string): { text: string; timeUs: number }[];
}

export function startNode(o: {
  version: string; seed?: number; verbosity?: number; running?: ApiPod[];
  /** How the running pods were left by the previous kubelet (restarts, the API's Ready condition). */
  place?: { restarts?: number; apiPodReady?: boolean };
  cfg?: Partial<KubeletConfig>;
}): NodeKit {
  const profile = profileOf(o.version);
  const world = new World({ startUs: NODE_START, seed: o.seed ?? 1, verbosity: o.verbosity ?? 4 });
  for (const pod of o.running ?? []) {
    placeRunningPod(world, pod, {
      startedUs: NODE_START - 3600 * S, restarts: o.place?.restarts ?? 0, runtime: profile.runtime, hash: hashInputFor(profile),
      apiPodReady: o.place?.apiPodReady ?? true,
    });
  }
  const kubelet = startKubelet(world, profile, kubeletConfig(profile, { nodeName: 'node-7', pid: 4242, ...o.cfg }));
  const steps: NodeKit['steps'] = [];
  return {
    world, kubelet, steps,
    runUntil(untilUs) {
      let n = 0;
      for (;;) {
        world.stepIndex = world.sched.stepCount;
        const info = world.sched.step(untilUs);
        if (!info) break;
        steps.push({ goroutine: info.name, timeUs: info.startUs, resumed: info.resumed, next: info.next });
        n++;
      }
      return n;
    },
    lines: (site) => world.log.lines.filter((l) => l.site === site).map((l) => ({ text: l.text, timeUs: l.timeUs })),
  };
}
