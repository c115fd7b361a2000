/**
 * Init containers, sidecars and ephemeral containers: the lines that name a container's kind (catalog
 * containerRole) mark every instance of that name in the pod; a sidecar is told from an init container by still
 * running when another container of the pod starts. Checked on hand-written lines of each era and on the
 * simulator's init-containers scenario (whose ground truth knows each container's kind), through the CLI's JSON and
 * a trace file round trip; and the crash-loop finding speaks of Init:CrashLoopBackOff for an init container.
 */
import { describe, expect, it } from 'vitest';
import { analyzeSources } from '../../../src/model/analyze.ts';
import { runDetectors } from '../../../src/findings/run.ts';
import { yearOf } from '../../../src/sim/scenarios/build.ts';
import { Simulation } from '../../../src/sim/simulation.ts';
import { exportTraceFile, importTraceFile } from '../../../src/trace/trace-file.ts';
import { analyzeJson } from '../../../src/cli/analyze-command.ts';
import { formatStatusSummary, summarizeStatus } from '../../../src/catalog/status-summary.ts';
import type { Trace } from '../../../src/model/trace.ts';
import { analyzeText } from '../../helpers.ts';

const UID = '4f1c2d3e-0000-4000-8000-00000000abcd';

/** Container name → role ('app' when none) of the trace's first pod. */
function roles(trace: Trace, pod = 0): Record<string, string> {
  const out: Record<string, string> = {};
  for (const ci of trace.pods[pod].containers) {
    const c = trace.containers[ci];
    if (!c.sandbox) out[c.name] = c.role ?? 'app';
  }
  return out;
}

/** Titles of a pod's container lanes, in the order they are drawn. */
const containerLanes = (trace: Trace, pod = 0) =>
  trace.pods[pod].lanes.filter((l) => trace.lanes[l].kind === 'container').map((l) => trace.lanes[l].title);

function simulated(version: string, variant: 'buggy' | 'fixed', verbosity = 4) {
  const sim = new Simulation({ scenario: 'init-containers', variant, version, seed: 1, verbosity });
  sim.run();
  const trace = analyzeSources([{ name: 'sim.log', data: sim.world.log.text() }], { defaultYear: yearOf(sim.scenario.startUs), yearFromCaller: true });
  trace.findings = runDetectors(trace);
  return { sim, trace };
}

describe('container roles from the lines that state them', () => {
  it('structured: containerType="init container" marks the init container; "container" leaves the app container unmarked', () => {
    const trace = analyzeText([
      'I0315 10:00:01.000000    2891 kuberuntime_manager.go:903] "Creating container in pod" containerType="init container" container="&Container{Name:migrate,Image:busybox:1.36,}" pod="shop/web-0"',
      `I0315 10:00:01.500000    2891 kubelet.go:2190] "SyncLoop (PLEG): event for pod" pod="shop/web-0" event=&{ID:${UID} Type:ContainerStarted Data:aaaa1111bbbb2222cccc3333dddd4444eeee5555ffff6666aaaa1111bbbb2222}`,
      `I0315 10:00:03.500000    2891 kubelet.go:2190] "SyncLoop (PLEG): event for pod" pod="shop/web-0" event=&{ID:${UID} Type:ContainerDied Data:aaaa1111bbbb2222cccc3333dddd4444eeee5555ffff6666aaaa1111bbbb2222}`,
      'I0315 10:00:04.000000    2891 kuberuntime_manager.go:903] "Creating container in pod" containerType="container" container="&Container{Name:app,Image:nginx:1.25,}" pod="shop/web-0"',
      'I0315 10:00:05.000000    2891 kuberuntime_manager.go:903] "Creating container in pod" containerType="ephemeral container" container="&Container{Name:debugger-x7k,Image:busybox,}" pod="shop/web-0"',
    ].join('\n'));
    expect(roles(trace)).toEqual({ migrate: 'init', app: 'app', 'debugger-x7k': 'ephemeral' });
    expect(containerLanes(trace)).toEqual(['init container migrate', 'container app', 'ephemeral container debugger-x7k']);
  });

  it('an init container still running when the next container starts is a sidecar', () => {
    const line = (ts: string, name: string) =>
      `I0315 ${ts}    2891 kuberuntime_manager.go:1198] "Creating container in pod" containerType="${name === 'app' ? 'container' : 'init container'}" container="&Container{Name:${name},Image:img,}" pod="shop/web-0"`;
    const started = (ts: string, id: string) =>
      `I0315 ${ts}    2891 kubelet.go:2421] "SyncLoop (PLEG): event for pod" pod="shop/web-0" event={"ID":"${UID}","Type":"ContainerStarted","Data":"${id.repeat(64 / id.length)}"}`;
    const completed = (ts: string, name: string) => `I0315 ${ts}    2891 kuberuntime_manager.go:1244] "Completed init container for pod" containerName="${name}" pod="shop/web-0"`;
    const trace = analyzeText([
      line('10:00:01.000000', 'proxy'), completed('10:00:01.100000', 'proxy'), started('10:00:01.500000', 'ab12'),
      line('10:00:02.000000', 'app'),
    ].join('\n'));
    expect(roles(trace)).toEqual({ proxy: 'sidecar', app: 'app' });
    expect(containerLanes(trace)).toEqual(['sidecar container proxy', 'container app']);
  });

  it('printf era: "Creating init container", "Completed init container" and "Backing Off restarting init container"', () => {
    const pod = `web-0_shop(${UID})`;
    const trace = analyzeText([
      `I0315 10:00:01.000000    1234 kuberuntime_manager.go:706] Creating init container &Container{Name:migrate,Image:busybox:1.36,} in pod ${pod}`,
      `I0315 10:00:01.200000    1234 kuberuntime_manager.go:714] Completed init container "migrate" for pod "${pod}"`,
      `I0315 10:00:02.000000    1234 kuberuntime_manager.go:702] Backing Off restarting init container &Container{Name:wait-db,Image:busybox:1.36,} in pod ${pod}`,
      `I0315 10:00:03.000000    1234 kuberuntime_manager.go:735] Creating container &Container{Name:app,Image:nginx:1.25,} in pod ${pod}`,
    ].join('\n'));
    expect(roles(trace)).toEqual({ migrate: 'init', 'wait-db': 'init', app: 'app' });
  });

  it('a containerType the kubelet never prints (even "constructor") marks nothing', () => {
    const trace = analyzeText([
      'I0315 10:00:01.000000    2891 kuberuntime_manager.go:903] "Creating container in pod" containerType="constructor" container="&Container{Name:odd,Image:img,}" pod="shop/web-0"',
      'I0315 10:00:02.000000    2891 kuberuntime_manager.go:903] "Creating container in pod" containerType="__proto__" container="&Container{Name:odd2,Image:img,}" pod="shop/web-0"',
    ].join('\n'));
    expect(roles(trace)).toEqual({ odd: 'app', odd2: 'app' });
  });

  it('an event about spec.initContainers{…} names its container', () => {
    const trace = analyzeText([
      'I0315 10:00:01.000000    2891 event.go:307] "Event occurred" object="shop/web-0" fieldPath="spec.initContainers{migrate}" kind="Pod" apiVersion="v1" type="Normal" reason="Started" message="Started container migrate"',
    ].join('\n'));
    expect(trace.containers.filter((c) => !c.sandbox).map((c) => c.name)).toEqual(['migrate']);
  });
});

describe('the simulated init-containers scenario, parsed back', () => {
  it('1.28 buggy: migrate is an init container in every instance, log-shipper a sidecar; their lanes come first', () => {
    const { sim, trace } = simulated('1.28', 'buggy');
    expect(sim.outcome().incident).toBe(true);
    expect(roles(trace)).toEqual({ 'log-shipper': 'sidecar', migrate: 'init' });
    const migrate = trace.containers.filter((c) => c.name === 'migrate');
    expect(migrate.length).toBeGreaterThanOrEqual(4);
    expect(migrate.every((c) => c.role === 'init' && c.exitCode === 1)).toBe(true);
    expect(containerLanes(trace)).toEqual(['sidecar container log-shipper', 'init container migrate']);
    // The simulator's API status says the same: Pending, not initialised because of migrate.
    const status = [...sim.world.api.pods.values()][0].status;
    expect(status.phase).toBe('Pending');
    expect(status.conditions.find((c) => c.type === 'Initialized')).toMatchObject({ status: 'False', message: 'containers with incomplete status: [migrate]' });
    expect(status.initContainerStatuses?.map((c) => c.name)).toEqual(['log-shipper', 'migrate']);
  });

  it('1.28 fixed: the app container starts after the migration exited 0 and is not marked', () => {
    const { sim, trace } = simulated('1.28', 'fixed');
    expect(sim.outcome().incident).toBe(false);
    expect(roles(trace)).toEqual({ 'log-shipper': 'sidecar', migrate: 'init', api: 'app' });
    const migrate = trace.containers.find((c) => c.name === 'migrate')!;
    const api = trace.containers.find((c) => c.name === 'api')!;
    expect(migrate.exitCode).toBe(0);
    expect(api.createdUs).toBeGreaterThan(migrate.endedUs);
    expect(containerLanes(trace)).toEqual(['sidecar container log-shipper', 'init container migrate', 'container api']);
    expect(trace.findings.filter((f) => f.severity !== 'info')).toEqual([]);
  });

  for (const version of ['1.12', '1.23']) {
    it(`${version}: the init container is told from its era's lines (no sidecars before 1.28)`, () => {
      const buggy = simulated(version, 'buggy').trace;
      const fixed = simulated(version, 'fixed').trace;
      expect(roles(buggy)).toEqual({ migrate: 'init' });
      expect(roles(fixed)).toEqual({ migrate: 'init', api: 'app' });
    });
  }

  for (const version of ['1.12', '1.23', '1.28']) {
    it(`${version} at -v=3, below the init containers' own lines: the status lines' init container statuses tell`, () => {
      const { sim, trace } = simulated(version, 'fixed', 3);
      expect(sim.world.log.text()).not.toMatch(/init container/i);
      expect(roles(trace)).toEqual(version === '1.28' ? { 'log-shipper': 'sidecar', migrate: 'init', api: 'app' } : { migrate: 'init', api: 'app' });
    });
  }

  it('the finding says Init:CrashLoopBackOff and offers the scenario; the CLI JSON and a trace file keep the roles', async () => {
    const { trace } = simulated('1.28', 'buggy');
    const loop = trace.findings.find((f) => f.id === 'crashloop-backoff')!;
    expect(loop.title).toMatch(/^Init:CrashLoopBackOff: init container migrate in shop\/orders-api-0/);
    expect(loop.explanation).toContain('No app container of the pod starts');
    expect(loop.scenario).toBe('init-containers');
    expect(loop.severity).toBe('error');

    const json = analyzeJson(trace) as { pods: { containers: { name: string; role?: string }[] }[] };
    expect(json.pods[0].containers.map((c) => `${c.name}:${c.role ?? ''}`).sort()).toEqual(['log-shipper:sidecar', 'migrate:init']);

    const back = (await importTraceFile(await exportTraceFile({ trace, notes: [] }))).trace;
    expect(roles(back)).toEqual(roles(trace));
  });
});

describe('init container statuses in status lines', () => {
  it('the Go dump and the JSON forms list init containers first, marked init', () => {
    const go = '{Phase:Pending Conditions:[{Type:Initialized Status:False LastProbeTime:0001-01-01 00:00:00 +0000 UTC LastTransitionTime:2024-05-06 09:30:04 +0000 UTC Reason:ContainersNotInitialized Message:containers with incomplete status: [migrate]}] Message: Reason: NominatedNodeName: HostIP:10.0.0.10 PodIP:10.244.1.7 StartTime:2024-05-06 09:30:04 +0000 UTC ' +
      'InitContainerStatuses:[{Name:migrate State:{Waiting:nil Running:nil Terminated:&ContainerStateTerminated{ExitCode:1,Signal:0,Reason:Error,Message:,StartedAt:2024-05-06 09:30:05 +0000 UTC,FinishedAt:2024-05-06 09:30:07 +0000 UTC,ContainerID:containerd://9fbecfe6c35dabfc,}} LastTerminationState:{Waiting:nil Running:nil Terminated:nil} Ready:false RestartCount:0 Image:orders-migrate:4.2 ImageID: ContainerID:containerd://9fbecfe6c35dabfc}] ' +
      'ContainerStatuses:[{Name:api State:{Waiting:&ContainerStateWaiting{Reason:PodInitializing,Message:,} Running:nil Terminated:nil} LastTerminationState:{Waiting:nil Running:nil Terminated:nil} Ready:false RestartCount:0 Image:orders-api:4.2 ImageID: ContainerID:}] QOSClass:BestEffort}';
    expect(formatStatusSummary(summarizeStatus(go)!)).toBe(
      'phase=Pending Initialized=False | migrate init id=9fbecfe6c35dabfc ready=false restarts=0 state=terminated | api ready=false restarts=0 state=waiting');
    const json = JSON.stringify({ status: {
      initContainerStatuses: [{ name: 'migrate', ready: false, restartCount: 2, state: { waiting: { reason: 'CrashLoopBackOff' } } }],
      containerStatuses: [{ name: 'api', ready: false, restartCount: 0, state: { waiting: { reason: 'PodInitializing' } } }],
    } });
    expect(formatStatusSummary(summarizeStatus(json)!)).toBe(' | migrate init ready=false restarts=2 state=waiting | api ready=false restarts=0 state=waiting');
  });

  for (const version of ['1.23', '1.28']) {
    it(`${version}: the API status label says Initialized=False; readiness names only the app container`, () => {
      const { trace } = simulated(version, 'fixed');
      const labels = [...new Set(Array.from(trace.spans.state, (s) => trace.strings[s]))];
      expect(labels.some((l) => / Pending Initialized=False Ready=False$/.test(l))).toBe(true);
      expect(labels.filter((l) => l.startsWith('not-ready'))).toEqual(['not-ready (api)']);
    });
  }
});
