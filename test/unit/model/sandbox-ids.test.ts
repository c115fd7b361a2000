/**
 * Which IDs are sandboxes when no line says so. PLEG reports a pod's sandbox like a container; below -v=4 no line
 * names it a sandbox, but the status manager's lines (-v=3) list every container's ID, so an ID of a pod with listed
 * IDs that no status lists is its sandbox; when a pod is torn down, the kill lines name its containers, and the ID
 * PLEG reports dying after them is its sandbox; when a pod is created, PLEG's first relist reports its sandbox started
 * with its first containers, and of those IDs the one no line names is the sandbox. And a "Started container" announcement is used up by the container it
 * announced even when a status already named that ID, so the sandbox reported after it does not take the name.
 * Checked against the simulator's ground truth (its runtime knows which IDs are sandboxes) in each era.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeSources } from '../../../src/model/analyze.ts';
import { analyzeText } from '../../helpers.ts';
import { yearOf } from '../../../src/sim/scenarios/build.ts';
import { Simulation } from '../../../src/sim/simulation.ts';

function run(scenario: string, version: string, verbosity: number, variant: 'buggy' | 'fixed' = 'fixed') {
  const sim = new Simulation({ scenario, variant, version, seed: 1, verbosity });
  sim.run();
  const trace = analyzeSources([{ name: 'sim.log', data: sim.world.log.text() }], { defaultYear: yearOf(sim.scenario.startUs), yearFromCaller: true });
  const short = (id: string) => id.slice(0, 12);
  const truthSandboxes = sim.world.truth.changes.filter((c) => c.machine === 'sandbox').map((c) => short(c.key));
  return { sim, trace, truthSandboxes: [...new Set(truthSandboxes)].sort(), short };
}

describe('sandbox IDs below -v=4', () => {
  // image-pull-backoff: no container ever starts, so no status lists an ID; the statuses still list the container.
  for (const [scenario, version, variant] of [['pod-lifecycle', '1.28', 'fixed'], ['pod-lifecycle', '1.23', 'fixed'], ['init-containers', '1.28', 'fixed'],
    ['init-containers', '1.23', 'fixed'], ['image-pull-backoff', '1.28', 'buggy']] as const) {
    it(`${scenario} ${version} (${variant}) at -v=3: the sandbox is told from the containers the statuses list`, () => {
      const { trace, truthSandboxes, short } = run(scenario, version, 3, variant);
      const sandboxes = trace.containers.filter((c) => c.sandbox).map((c) => short(c.id)).sort();
      expect(sandboxes).toEqual(truthSandboxes);
      // No container instance carries a sandbox's ID, and none is left without a name.
      const containers = trace.containers.filter((c) => !c.sandbox);
      expect(containers.filter((c) => truthSandboxes.includes(short(c.id)))).toEqual([]);
      expect(containers.filter((c) => !c.name).map((c) => c.id)).toEqual([]);
    });
  }

  // A deleted pod at -v=2: the kill lines name its containers; the ID PLEG reports dying once they have died is the sandbox.
  for (const [scenario, version] of [['pod-lifecycle', '1.28'], ['pod-lifecycle', '1.23'], ['pod-lifecycle', '1.12'], ['sandbox-leak-terminating', '1.28']] as const) {
    it(`${scenario} ${version} at -v=2: the sandbox stopped after the pod's containers were killed is told apart`, () => {
      const { trace, truthSandboxes, short } = run(scenario, version, 2);
      const seen = new Set(trace.containers.map((c) => short(c.id)));
      const sandboxes = trace.containers.filter((c) => c.sandbox).map((c) => short(c.id)).sort();
      expect(sandboxes.length).toBeGreaterThan(0);
      expect(sandboxes).toEqual(truthSandboxes.filter((id) => seen.has(id)));
    });
  }

  // A pod created at -v=2: PLEG's first relist reports the sandbox and the containers started; the kill line of the
  // liveness restart names the container, so the other ID of that first burst is the sandbox.
  for (const version of ['1.12', '1.23', '1.28']) {
    it(`liveness-restart ${version} at -v=2: the sandbox started with the pod's first container is told apart`, () => {
      const { trace, truthSandboxes, short } = run('liveness-restart', version, 2, 'buggy');
      const seen = new Set(trace.containers.map((c) => short(c.id)));
      const sandboxes = trace.containers.filter((c) => c.sandbox).map((c) => short(c.id)).sort();
      expect(sandboxes.length).toBeGreaterThan(0);
      expect(sandboxes).toEqual(truthSandboxes.filter((id) => seen.has(id)));
    });
  }

  it('at -v=2 with no teardown in the log nothing is guessed: the sandbox stays an unnamed ID, never a named container', () => {
    const { trace, truthSandboxes, short } = run('hash-change-restart', '1.28', 2);
    const named = trace.containers.filter((c) => !c.sandbox && c.name);
    expect(named.filter((c) => truthSandboxes.includes(short(c.id)))).toEqual([]);
  });

  describe('the first relist after a pod is created', () => {
    const UID = '5c1e2d3f-0a1b-4c2d-8e3f-4a5b6c7d8e9f';
    const id = (c: string) => c.repeat(64);
    const add = (t: string) => `I0315 10:${t} 3127 kubelet.go:2114] "SyncLoop ADD" source="api" pods=[shop/api-0]`;
    const pleg = (t: string, type: string, c: string) =>
      `I0315 10:${t} 3127 kubelet.go:2152] "SyncLoop (PLEG): event for pod" pod="shop/api-0" event=&{ID:${UID} Type:${type} Data:${id(c)}}`;
    const kill = (t: string, c: string) =>
      `I0315 10:${t} 3127 kuberuntime_container.go:723] "Killing container with a grace period" pod="shop/api-0" podUID=${UID} containerName="app" containerID="containerd://${id(c)}" gracePeriod=30`;
    const sandboxes = (lines: string[]) => analyzeText(lines.join('\n') + '\n', 'kubelet.log', { year: 2024 }).containers.filter((c) => c.sandbox).map((c) => c.id[0]);

    it('of the IDs the first burst reports started, the one no line names while the others are named is the sandbox', () => {
      expect(sandboxes([add('00:00.000000'), pleg('00:01.000000', 'ContainerStarted', 'a'), pleg('00:01.000040', 'ContainerStarted', 'b'),
        kill('05:00.000000', 'a')])).toEqual(['b']);
    });

    it('two unnamed IDs in the burst: nothing is guessed', () => {
      expect(sandboxes([add('00:00.000000'), pleg('00:01.000000', 'ContainerStarted', 'a'), pleg('00:01.000040', 'ContainerStarted', 'b')])).toEqual([]);
    });

    it('a burst of one unnamed ID is the sandbox when a named container of the pod starts in a later relist', () => {
      const lines = [add('00:00.000000'), pleg('00:01.000000', 'ContainerStarted', 'b'), pleg('00:09.000000', 'ContainerStarted', 'a'), kill('05:00.000000', 'a')];
      expect(sandboxes(lines)).toEqual(['b']);
      // The later start not named by any line: still nothing decided.
      expect(sandboxes(lines.slice(0, 3))).toEqual([]);
    });
  });

  it('1.1x at -v=4: the runtime manager\'s getSandboxIDByPodUID line names the sandbox PLEG reported like a container', () => {
    const SB = '4e07408562bedb8b60ce05c1decfe3ad16b72230967de01f640b7e4729b49fce';
    const U = '3f9a2c1e-7b4d-4e8a-9c61-2d5e8f0a1b7c';
    const lines = [
      `I0315 10:02:03.000001    2891 kubelet.go:1928] SyncLoop (PLEG): "web-0_default(${U})", event: &pleg.PodLifecycleEvent{ID:"${U}", Type:"ContainerStarted", Data:"${SB}"}`,
      `I0315 10:02:04.000001    2891 kuberuntime_manager.go:888] getSandboxIDByPodUID got sandbox IDs ["${SB}"] for pod "web-0_default(${U})"`,
    ];
    const trace = analyzeText(lines.join('\n') + '\n', 'kubelet.log', { year: 2019 });
    expect(trace.containers.map((c) => `${c.id.slice(0, 12)} ${c.sandbox}`)).toEqual(['4e07408562be true']);
  });

  describe('a restart is not a teardown', () => {
    const UID = '5c1e2d3f-0a1b-4c2d-8e3f-4a5b6c7d8e9f';
    const id = (c: string) => c.repeat(64);
    const pleg = (t: string, type: string, c: string) =>
      `I0315 10:${t} 3127 kubelet.go:2152] "SyncLoop (PLEG): event for pod" pod="shop/api-0" event=&{ID:${UID} Type:${type} Data:${id(c)}}`;
    const kill = (t: string, c: string) =>
      `I0315 10:${t} 3127 kuberuntime_container.go:723] "Killing container with a grace period" pod="shop/api-0" podUID=${UID} containerName="app" containerID="containerd://${id(c)}" gracePeriod=30`;
    const sandboxes = (lines: string[]) => analyzeText(lines.join('\n') + '\n', 'kubelet.log', { year: 2024 }).containers.filter((c) => c.sandbox).map((c) => c.id[0]);

    it('a container started after the kill that dies at once is the new instance, not the sandbox', () => {
      expect(sandboxes([pleg('00:00.000000', 'ContainerStarted', 'a'), kill('01:00.000000', 'a'), pleg('01:01.000000', 'ContainerDied', 'a'),
        pleg('01:02.000000', 'ContainerStarted', 'b'), pleg('01:04.000000', 'ContainerDied', 'b')])).toEqual([]);
    });

    it('an unnamed ID dying long after the killed container died is not taken for the sandbox', () => {
      expect(sandboxes([pleg('00:00.000000', 'ContainerStarted', 'c'), kill('01:00.000000', 'a'), pleg('01:01.000000', 'ContainerDied', 'a'),
        pleg('11:00.000000', 'ContainerDied', 'c')])).toEqual([]);
    });

    it('the same lines with the unnamed ID dying right after the killed container: the sandbox', () => {
      expect(sandboxes([pleg('00:00.000000', 'ContainerStarted', 'c'), kill('01:00.000000', 'a'), pleg('01:01.000000', 'ContainerDied', 'a'),
        pleg('01:02.000000', 'ContainerDied', 'c')])).toEqual(['c']);
    });
  });

  it('"Stopping PodSandbox" names no ID: it stops the sandbox the pod\'s last computePodActions named (kubernetes/kubernetes#92613)', () => {
    const UID = 'a724c60f-4f8e-4f16-acd3-d47ff56bd650';
    const SB = '5b006c9a8056ddcfc702f2ccd279741c830bce525b1097ceb22d71dc9090098a';
    const lines = [
      `I0629 10:11:19.165323   28625 kuberuntime_manager.go:650] computePodActions got {KillPod:true CreateSandbox:false SandboxID:${SB} Attempt:0 NextInitContainerToStart:nil ContainersToStart:[] ContainersToKill:map[] EphemeralContainersToStart:[]} for pod "testpod_default(${UID})"`,
      `I0629 10:11:19.165393   28625 kuberuntime_manager.go:668] Stopping PodSandbox for "testpod_default(${UID})" because all other containers are dead.`,
      `I0629 10:11:20.166430   28625 kubelet.go:1952] SyncLoop (PLEG): "testpod_default(${UID})", event: &pleg.PodLifecycleEvent{ID:"${UID}", Type:"ContainerDied", Data:"${SB}"}`,
    ];
    const trace = analyzeText(lines.join('\n') + '\n', 'kubelet.log', { year: 2020 });
    const sandboxes = trace.containers.filter((c) => c.sandbox);
    expect(sandboxes.map((c) => c.id.slice(0, 12))).toEqual(['5b006c9a8056']);
    // The stop (line 2) is the sandbox's first event: it went down there, not a second later at PLEG's report.
    const stop = trace.events.line.indexOf(2);
    expect(trace.events.container[stop]).toBe(trace.containers.indexOf(sandboxes[0]));
  });

  it('the pod killer\'s container kills, which name only the container, are the unwanted pod\'s (deckhouse/deckhouse#336)', () => {
    const lines = [
      'I1130 16:20:18.795210 1977863 kubelet_pods.go:1247] Killing unwanted pod "upmeter-control-plane-scheduler-1e3682d6-kbgrc"',
      'I1130 16:20:18.805496 1977863 kuberuntime_container.go:635] Killing container "docker://7873876b33108c21164fff75a98946706d915628e30c5c9e4c562e0b1c2d3e4f" with a 30 second grace period',
      // Another process, or much later: not the pod killer's.
      'I1130 16:20:48.805496 1977863 kuberuntime_container.go:635] Killing container "docker://aaaa876b33108c21164fff75a98946706d915628e30c5c9e4c562e0b1c2d3e4f" with a 30 second grace period',
    ];
    const trace = analyzeText(lines.join('\n') + '\n', 'kubelet.log', { year: 2021 });
    const killed = trace.containers.filter((c) => !c.sandbox);
    expect(killed.map((c) => [c.id.slice(0, 12), trace.pods[c.pod].name])).toEqual([['7873876b3310', 'upmeter-control-plane-scheduler-1e3682d6-kbgrc']]);
    expect(trace.events.pod[2]).toBe(-1);
    // The pod killer's line is the pod worker's state: the pod is being deleted.
    const sp = trace.spans;
    const line1 = trace.events.line.indexOf(1);
    const entered = Array.from({ length: sp.count }, (_, k) => k).filter((k) => sp.startEvent[k] === line1).map((k) => trace.strings[sp.state[k]]);
    expect(entered.some((state) => state.startsWith('deleting'))).toBe(true);
  });

  it('a sandbox that died — PLEG reports it, the pruning does not find it among the pod\'s containers, the next sync finds no ready sandbox — is told apart (kubernetes/kubernetes#98157)', () => {
    const text = readFileSync(new URL('../../fixtures/logs/sandbox-died-oom.md', import.meta.url), 'utf8');
    const trace = analyzeText(text, 'issue.md');
    expect(trace.containers.map((c) => `${c.id.slice(0, 12)} ${c.sandbox}`)).toEqual(['d01a562554dc true']);
    // Without the sync that finds no ready sandbox, the dead ID stays a container of unknown name.
    const withoutSync = analyzeText(text.split('\n').filter((l) => !l.includes('No ready sandbox')).join('\n'), 'issue.md');
    expect(withoutSync.containers.map((c) => `${c.id.slice(0, 12)} ${c.sandbox}`)).toEqual(['d01a562554dc false']);
  });
});

