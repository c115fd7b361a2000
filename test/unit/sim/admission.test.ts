/**
 * Admission: HandlePodAdditions runs the admit handlers against the pods already active on the node. A pod whose
 * requests do not fit the node's allocatable is rejected with OutOfcpu / OutOfmemory — the predicate handler's
 * "Predicate failed on Pod" line in each era's text, a Warning event, status Failed, no pod worker — and the core
 * reads the line as an admission rejection (the admission-rejected finding). Seed 000's restart-limit handler is an
 * admit handler too: a restarted container the API does not report ready is rejected at ADD.
 */
import { describe, expect, it } from 'vitest';
import { kindName } from '../../../src/catalog/catalog.ts';
import { S, container, makePod } from '../../../src/sim/scenarios/build.ts';
import { analyse } from '../findings/findings-kit.ts';
import { NODE_START, startNode } from './node-kit.ts';

const GiB = 2 ** 30;
const misfitText = (resource: string, requested: number, used: number, capacity: number) =>
  `Node didn't have enough resource: ${resource}, requested: ${requested}, used: ${used}, capacity: ${capacity}`;
const CPU_MISFIT = misfitText('cpu', 1000, 1500, 2000);
const MEMORY_MISFIT = misfitText('memory', 8 * GiB, GiB, 4 * GiB);

function node(version: string) {
  const api = makePod('api-0', 'shop', [container('api', 'shop/api:3', { requests: { cpuMilli: 1500, memoryBytes: GiB } })], { creationUs: NODE_START - 3600 * S });
  const kit = startNode({ version, verbosity: 3, running: [api], cfg: { allocatable: { cpuMilli: 2000, memoryBytes: 4 * GiB, pods: 110 } } });
  const pods = {
    batch: makePod('batch-0', 'shop', [container('batch', 'shop/batch:1', { requests: { cpuMilli: 1000 } })], { creationUs: NODE_START + 5 * S }),
    cache: makePod('cache-0', 'shop', [container('cache', 'redis:7', { requests: { cpuMilli: 100, memoryBytes: 8 * GiB } })], { creationUs: NODE_START + 6 * S }),
    web: makePod('web-0', 'shop', [container('web', 'nginx:1.25', { requests: { cpuMilli: 400, memoryBytes: GiB / 2 } })], { creationUs: NODE_START + 7 * S }),
  };
  for (const p of Object.values(pods)) kit.world.sched.addTimer(p.creationUs, () => kit.world.api.create(p));
  kit.runUntil(NODE_START + 40 * S);
  return { kit, pods };
}

const EXPECTED: Record<string, (pod: string, uid: string, err: string) => string> = {
  '1.12': (pod, uid, err) => `predicate.go:137] Predicate failed on Pod: ${pod}_shop(${uid}), for reason: ${err}`,
  '1.23': (pod, _uid, err) => `predicate.go:145] "Predicate failed on Pod" pod="shop/${pod}" err="${err}"`,
  '1.28': (pod, _uid, err) => `predicate.go:151] "Predicate failed on Pod" pod="shop/${pod}" err="${err}"`,
};

for (const version of ['1.12', '1.23', '1.28']) {
  describe(`admission ${version}: pods that do not fit are rejected`, () => {
    const { kit, pods } = node(version);

    it('prints the predicate handler\'s line for each misfit, first misfit reported (cpu, then memory)', () => {
      const lines = kit.lines('admit.predicate-failed');
      expect(lines.map((l) => l.text.slice(l.text.indexOf('predicate.go:')))).toEqual([
        EXPECTED[version]('batch-0', pods.batch.uid, CPU_MISFIT),
        EXPECTED[version]('cache-0', pods.cache.uid, MEMORY_MISFIT),
      ]);
      expect(lines.every((l) => l.text.startsWith('I'))).toBe(true);
    });

    it('a rejected pod gets a Warning event, status Failed with the reason, and no pod worker; the one that fits runs', () => {
      const events = kit.lines('event').map((l) => l.text).filter((t) => t.includes('Warning'));
      expect(events.some((t) => t.includes('OutOfcpu') && t.includes(CPU_MISFIT))).toBe(true);
      expect(events.some((t) => t.includes('OutOfmemory') && t.includes(MEMORY_MISFIT))).toBe(true);
      const api = kit.world.api.pods;
      expect(api.get(pods.batch.uid)?.status).toMatchObject({ phase: 'Failed', reason: 'OutOfcpu', message: `Pod ${CPU_MISFIT}` });
      expect(api.get(pods.cache.uid)?.status).toMatchObject({ phase: 'Failed', reason: 'OutOfmemory', message: `Pod ${MEMORY_MISFIT}` });
      const workers = new Set(kit.steps.map((s) => s.goroutine).filter((g) => g.startsWith('pod-worker')));
      expect([...workers].sort()).toEqual(['pod-worker shop/api-0', 'pod-worker shop/web-0']);
      expect(kit.world.truth.changes.some((c) => c.pod === pods.web.uid && c.machine === 'container' && c.to === 'running')).toBe(true);
    });

    it('the core reads the lines as admission rejections: the admission-rejected finding names both pods', () => {
      const a = analyse(kit.world.log.text(), `admission-${version}.log`);
      const ev = a.trace.events;
      const rejected: string[] = [];
      for (let i = 0; i < ev.count; i++) {
        if (kindName(ev.kind[i]) === 'admit.predicate-failed') rejected.push(a.trace.pods[ev.pod[i]].name);
      }
      expect(rejected).toEqual(['batch-0', 'cache-0']);
      const found = a.of('admission-rejected');
      // Named by the reason the pods' status gets (the Event the kubelet records on each says it), told in the message.
      expect(found.map((f) => f.title).sort()).toEqual(['Pods rejected at admission: OutOfcpu', 'Pods rejected at admission: OutOfmemory']);
      expect(found.map((f) => f.explanation).join('\n')).toContain("Node didn't have enough resource: cpu");
      expect(found.flatMap((f) => a.pods(f)).sort()).toEqual(['shop/batch-0', 'shop/cache-0']);
    });
  });
}

describe('seed 000\'s restart-limit handler, as an admit handler (custom 1.12)', () => {
  it('rejects at ADD a restarted container the API does not report ready, admits one it does; the rejected one is killed as unwanted', () => {
    const make = (name: string) => makePod(name, 'default', [container('app', 'app:1')], { creationUs: NODE_START - 7200 * S });
    const [stale, ready] = [make('stale-0'), make('ready-0')];
    const kit = startNode({
      version: '1.12', verbosity: 3, running: [stale, ready], place: { restarts: 1, apiPodReady: false },
      cfg: { custom: { restartCountLimit: 1, atomicReadinessRead: true } },
    });
    // The API last heard stale-0's container was not ready (ready-0's stays ready:true, as the node controller leaves it).
    for (const cs of kit.world.api.pods.get(stale.uid)!.status.containerStatuses) cs.ready = false;
    kit.runUntil(NODE_START + 30 * S);
    // The custom predicate handler admits both running pods; the restart-limit handler then decides.
    expect(kit.lines('admit.running-on-node').map((l) => l.text.slice(l.text.indexOf('] ') + 2)).sort()).toEqual([
      'pod ready-0 is running on local node, just admit it.', 'pod stale-0 is running on local node, just admit it.',
    ]);
    expect(kit.world.api.pods.get(stale.uid)?.status).toMatchObject({ phase: 'Failed', reason: 'RestartLimit', message: 'Pod container restart time reaches the limit: 1' });
    expect(kit.world.api.pods.get(ready.uid)?.status.phase).toBe('Running');
    expect(kit.steps.some((s) => s.goroutine === 'pod-worker default/stale-0')).toBe(false);
    expect(kit.steps.some((s) => s.goroutine === 'pod-worker default/ready-0')).toBe(true);
    // ≤1.21 housekeeping hands a running pod that is not active (Failed) to the podKiller.
    expect(kit.lines('kill.unwanted-pod').map((l) => l.text.slice(l.text.indexOf('] ') + 2))).toEqual(['Killing unwanted pod "stale-0"']);
    expect(kit.world.truth.changes.some((c) => c.pod === stale.uid && c.machine === 'container' && c.to === 'killing')).toBe(true);
    expect(kit.world.truth.changes.some((c) => c.pod === ready.uid && c.machine === 'container' && c.to === 'killing')).toBe(false);
  });
});
