/**
 * The status manager's two paths to the API: a changed status is PATCHed at once (on change: ≤1.26 a per-pod
 * request on its channel, 1.27+ a 1-slot signal and "Syncing updated statuses"), and every 10 s a batch syncs every
 * status whose version is ahead of what the API has — which is what catches a change whose notification was lost
 * (≤1.26 drops it when the channel is full). Both are driven here from outside, at times that are not on a tick.
 */
import { describe, expect, it } from 'vitest';
import { S, container, makePod } from '../../../src/sim/scenarios/build.ts';
import { copyStatus } from '../../../src/sim/world/types.ts';
import { NODE_START, startNode } from './node-kit.ts';

for (const version of ['1.12', '1.23', '1.28']) {
  describe(`status manager (${version})`, () => {
    const pod = makePod('web-0', 'shop', [container('web', 'nginx:1.25')], { creationUs: NODE_START - 3600 * S });
    const kit = startNode({ version, verbosity: 4, running: [pod] });
    const m = kit.kubelet.status;
    const ON_CHANGE_US = NODE_START + 22_345_000;
    const LOST_US = NODE_START + 31_500_000;
    kit.world.sched.addTimer(ON_CHANGE_US, () => {
      const s = copyStatus(m.cached(pod.uid)!);
      s.message = 'changed on purpose';
      m.setPodStatus(pod, s);
    });
    kit.world.sched.addTimer(LOST_US, () => {
      // A new status version whose notification never reached the status manager's goroutine.
      const c = m.statuses.get(pod.uid)!;
      c.status = { ...copyStatus(c.status), message: 'notification lost' };
      c.version++;
    });
    kit.runUntil(NODE_START + 45 * S);
    const patches = kit.lines('status.patch').filter((l) => l.text.includes('web-0'));
    const after = (us: number, text: string) => patches.find((p) => p.timeUs >= us && p.text.includes(text));

    it('a status change is PATCHed within milliseconds, not at the next 10 s tick', () => {
      const p = after(ON_CHANGE_US, 'changed on purpose');
      expect(p).toBeDefined();
      expect(p!.timeUs - ON_CHANGE_US).toBeLessThan(20_000);
    });

    it('a change nobody was told about is PATCHed by the next 10 s batch', () => {
      const p = after(LOST_US, 'notification lost');
      expect(p).toBeDefined();
      // The batch ticker started with the status manager (at the kubelet's start): ticks at +10 s, +20 s, +30 s, +40 s.
      expect((p!.timeUs - NODE_START) / S).toBeGreaterThan(40);
      expect((p!.timeUs - NODE_START) / S).toBeLessThan(40.05);
    });

    if (version === '1.28') {
      it('1.27+: the signal runs "Syncing updated statuses", the ticker "Syncing all statuses" every 10 s', () => {
        const updated = kit.lines('status.syncing-updated').map((l) => l.timeUs);
        expect(updated.some((t) => t >= ON_CHANGE_US && t - ON_CHANGE_US < 1000)).toBe(true);
        const all = kit.lines('status.syncing-all').map((l) => Math.round((l.timeUs - NODE_START) / 1e5) / 10);
        expect(all).toEqual([10, 20, 30, 40]);
      });
    }
  });
}
