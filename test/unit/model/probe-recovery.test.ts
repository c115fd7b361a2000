/**
 * At -v=2 a probe worker logs its failures ("Probe failed", V1 or V2) but not its successes (V4); the sync loop logs
 * each change of a pod's probe result ("SyncLoop (probe)") without naming the container. When one container probe of
 * the pod is failing, a "ready" from the sync loop is that probe recovering: its band turns to success (inferred).
 * With two failing, the line cannot say which one recovered, and neither band is changed. A result the sync loop
 * reports before any container's probe line goes on the lane of the one container whose probe lines of that type the
 * log has, so a probe is drawn once.
 */
import { describe, expect, it } from 'vitest';
import { SpanFlag, type Trace } from '../../../src/model/trace.ts';
import { analyzeText } from '../../helpers.ts';
import { analyzeSources } from '../../../src/model/analyze.ts';
import { yearOf } from '../../../src/sim/scenarios/build.ts';
import { Simulation } from '../../../src/sim/simulation.ts';

const UID = '9373286e-9bda-089d-924e-a2847ae6740b';
const failed = (t: string, container: string) =>
  `I0315 ${t} 3127 prober.go:107] "Probe failed" probeType="Readiness" pod="payments/api-0" podUID="${UID}" containerName="${container}" probeResult="failure" output="HTTP probe failed with statuscode: 503"`;
const syncLoop = (t: string, status: string) => `I0315 ${t} 3127 kubelet.go:2493] "SyncLoop (probe)" probe="readiness" status="${status}" pod="payments/api-0"`;
const add = (t: string) => `I0315 ${t} 3127 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["payments/api-0"]`;

/** The readiness probe band of a container: [label, inferred] in time order. */
function probeBands(trace: Trace, container: string): [string, boolean][] {
  const lane = trace.lanes.find((l) => l.kind === 'probe' && l.containerName === container && l.probeType === 'readiness')!;
  const out: [string, boolean][] = [];
  for (let k = trace.laneSpanStart[lane.index]; k < trace.laneSpanStart[lane.index + 1]; k++) {
    const s = trace.laneSpanIdx[k];
    if (trace.spans.flags[s] & SpanFlag.Unknown) continue;
    out.push([trace.strings[trace.spans.state[s]], (trace.spans.flags[s] & SpanFlag.Inferred) !== 0]);
  }
  return out;
}

describe('a container probe recovers when the sync loop reports the pod ready', () => {
  it('one failing probe: the sync loop\'s "ready" ends its failure, and the next failure starts another', () => {
    const log = [
      add('00:00:00.000001'), syncLoop('00:00:06.997528', ''), failed('00:00:06.999024', 'api'), failed('00:00:07.000563', 'api'),
      syncLoop('00:00:16.999064', 'ready'), failed('00:11:02.027883', 'api'), syncLoop('00:11:16.999054', 'ready'),
    ].join('\n') + '\n';
    const trace = analyzeText(log, 'sim.log', { year: 2024 });
    // The sync loop's first "not ready" comes before the container's own line: inferred until that line says so.
    expect(probeBands(trace, 'api')).toEqual([
      ['failure (sync loop)', true], ['failure', false], ['success (sync loop)', true], ['failure', false], ['success (sync loop)', true],
    ]);
    expect(trace.anomalies).toEqual([]);
  });

  it('two failing probes: neither band is changed by a "ready" that could be either\'s', () => {
    const log = [
      add('00:00:00.000001'), failed('00:00:06.999024', 'api'), failed('00:00:07.000563', 'sidecar'), syncLoop('00:00:16.999064', 'ready'),
    ].join('\n') + '\n';
    const trace = analyzeText(log, 'sim.log', { year: 2024 });
    expect(probeBands(trace, 'api')).toEqual([['failure', false]]);
    expect(probeBands(trace, 'sidecar')).toEqual([['failure', false]]);
  });
});

describe('a pod with one probe of a type gets one lane for it', () => {
  const probeLanes = (trace: Trace) => trace.lanes.filter((l) => l.kind === 'probe').map((l) => l.title);

  it('when the container\'s probe lines come first, the sync loop\'s results for the pod go on that lane, not on a second one', () => {
    const log = [
      add('00:00:00.000001'), failed('00:00:06.999024', 'api'), failed('00:00:07.000563', 'api'), syncLoop('00:00:16.999064', 'ready'),
      failed('00:11:02.027883', 'api'), syncLoop('00:11:03.000000', ''),
    ].join('\n') + '\n';
    const trace = analyzeText(log, 'sim.log', { year: 2024 });
    expect(probeLanes(trace)).toEqual(['readiness probe api']);
    expect(probeBands(trace, 'api')).toEqual([['failure', false], ['success (sync loop)', true], ['failure', false]]);
    const lane = trace.lanes.find((l) => l.title === 'readiness probe api')!;
    const members = Array.from(trace.laneEventIdx.subarray(trace.laneEventStart[lane.index], trace.laneEventStart[lane.index + 1]));
    expect(members.map((e) => trace.events.line[e])).toEqual([2, 3, 4, 5, 6]);
    expect(trace.anomalies).toEqual([]);
  });

  it('when the sync loop speaks first, its results go on the lane of the one container whose probe lines come later', () => {
    const log = [add('00:00:00.000001'), syncLoop('00:00:06.997528', ''), failed('00:00:06.999024', 'api'), syncLoop('00:00:16.999064', 'ready')].join('\n') + '\n';
    const trace = analyzeText(log, 'sim.log', { year: 2024 });
    expect(probeLanes(trace)).toEqual(['readiness probe api']);
    expect(probeBands(trace, 'api')).toEqual([['failure (sync loop)', true], ['failure', false], ['success (sync loop)', true]]);
    const lane = trace.lanes.find((l) => l.title === 'readiness probe api')!;
    const members = Array.from(trace.laneEventIdx.subarray(trace.laneEventStart[lane.index], trace.laneEventStart[lane.index + 1]));
    expect(members.map((e) => trace.events.line[e])).toEqual([2, 3, 4]);
  });

  it('when the sync loop speaks first and two containers have probe lines of that type, its pod-level lane stays', () => {
    const log = [add('00:00:00.000001'), syncLoop('00:00:06.997528', ''), failed('00:00:06.999024', 'api'), failed('00:00:07.000563', 'sidecar')].join('\n') + '\n';
    const trace = analyzeText(log, 'sim.log', { year: 2024 });
    expect(probeLanes(trace).sort()).toEqual(['readiness probe', 'readiness probe api', 'readiness probe sidecar']);
  });
});

describe('simulated pods with one probing container: one lane per probe type at every verbosity', () => {
  for (const [scenario, version, variant, verbosity] of [['pod-lifecycle', '1.28', 'fixed', 4], ['liveness-restart', '1.23', 'buggy', 2],
    ['liveness-restart', '1.28', 'fixed', 3], ['init-containers', '1.28', 'fixed', 2], ['image-pull-backoff', '1.23', 'fixed', 4]] as const) {
    it(`${scenario} ${version} (${variant}) at -v=${verbosity}`, () => {
      const sim = new Simulation({ scenario, variant, version, seed: 1, verbosity });
      sim.run();
      const trace = analyzeSources([{ name: 'sim.log', data: sim.world.log.text() }], { defaultYear: yearOf(sim.scenario.startUs), yearFromCaller: true });
      const probeLanes = trace.lanes.filter((l) => l.kind === 'probe');
      expect(probeLanes.length).toBeGreaterThan(0);
      for (const p of trace.pods) {
        const types = probeLanes.filter((l) => l.pod === p.index).map((l) => l.probeType);
        expect(types.length, `${p.name}: ${types.join(', ')}`).toBe(new Set(types).size);
      }
      // Every probe lane names its container.
      expect(probeLanes.filter((l) => !l.containerName).map((l) => l.title)).toEqual([]);
    });
  }
});

describe('"SyncLoop (container unhealthy)" (≤1.20)', () => {
  it('is a liveness failure, drawn on the pod\'s liveness probe lane', () => {
    const trace = analyzeText('I1219 23:40:49.511906    5686 kubelet.go:1963] SyncLoop (container unhealthy): "coredns-845687677c-2rsmg_kube-system(a86fbe9f-2271-11ea-b30a-0ace92dc8f34)"\n');
    const probes = trace.lanes.filter((l) => l.kind === 'probe');
    expect(probes.map((l) => [l.probeType, l.title])).toEqual([['liveness', 'liveness probe']]);
  });
});
