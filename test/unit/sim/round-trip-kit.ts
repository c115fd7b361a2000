/**
 * Round-trip comparison: the ground truth a simulation recorded versus what the core parser reconstructs from the
 * log it printed. Per pod, the sequence of pod-worker states; per container and sandbox ID, the sequence of states.
 * Both sides are compared as sequences of distinct consecutive states:
 *   - both sides drop a container's `created`: the line that shows it names the container but not its ID (the parser
 *     ties it to the ID only when the next line with an ID follows), so it is not a by-ID fact to compare;
 *   - truth drops `removed` (the parser ends the band there rather than opening a state);
 *   - the parser's side drops spans flagged Unknown and the inferred spans that precede the first logged evidence
 *     (the parser's guess about the time before the log, which the truth records as the set-up state instead).
 */
import { analyzeSources } from '../../../src/model/analyze.ts';
import { SpanFlag, type Trace } from '../../../src/model/trace.ts';
import { yearOf } from '../../../src/sim/scenarios/build.ts';
import type { Simulation } from '../../../src/sim/simulation.ts';
import type { TruthMachine } from '../../../src/sim/world/truth.ts';

export interface Sequences {
  /** `pod-worker <uid>`, `container <id>`, `sandbox <id>` → states. */
  [key: string]: string[];
}

const collapse = (xs: string[]) => xs.filter((x, i) => i === 0 || xs[i - 1] !== x);

export function truthSequences(sim: Simulation, machines: readonly TruthMachine[]): Sequences {
  const out: Sequences = {};
  for (const c of sim.world.truth.changes) {
    if (!machines.includes(c.machine)) continue;
    if (c.machine === 'container' && (c.to === 'created' || c.to === 'removed')) continue;
    if (c.machine === 'sandbox' && c.to === 'removed') continue;
    const key = c.machine === 'pod-worker' ? `pod-worker ${c.pod}` : `${c.machine} ${c.key.slice(0, 12)}`;
    (out[key] ??= []).push(c.to);
  }
  for (const k of Object.keys(out)) out[k] = collapse(out[k]);
  return out;
}

export function parse(sim: Simulation): Trace {
  return analyzeSources([{ name: 'sim.log', data: sim.world.log.text() }], { defaultYear: yearOf(sim.scenario.startUs), yearFromCaller: true });
}

function spanStates(trace: Trace, spans: number[]): string[] {
  const sp = trace.spans;
  const kept = spans.filter((s) => !(sp.flags[s] & SpanFlag.Unknown));
  let first = 0;
  while (first < kept.length - 1 && (sp.flags[kept[first]] & SpanFlag.Inferred) && sp.startEvent[kept[first]] === sp.startEvent[kept[first + 1]]) first++;
  return collapse(kept.slice(first).map((s) => trace.strings[sp.state[s]].split(' ')[0]));
}

/**
 * The ≤1.21 pod worker's goroutine can run one last sync after REMOVE forgot it (an update still buffered in its
 * closed channel, as in Go); the parser draws that as an anomalous return to `syncing`. Serializer-era sequences
 * are therefore compared up to the first `removed`.
 */
export function untilRemoved(seq: Sequences): Sequences {
  const out: Sequences = {};
  for (const [k, v] of Object.entries(seq)) {
    const i = k.startsWith('pod-worker') ? v.indexOf('removed') : -1;
    out[k] = i >= 0 ? v.slice(0, i + 1) : v;
  }
  return out;
}

/** Call sites whose lines state a container's or sandbox's state by ID. */
const STATE_SITES = new Set([
  'syncloop.pleg', 'pleg.transition', 'pleg.container-finished', 'runtime.kill', 'runtime.container-exited',
  'runtime.remove-container', 'runtime.sandbox-created', 'gc.remove-sandbox',
]);

/**
 * Truth keys the log can show: a container or sandbox is visible only if a printed line states its state by ID
 * (at -v=2 a gated or not-yet-synced kubelet may print nothing about it), and a sandbox only if some line also
 * identifies the ID as a sandbox — bare PLEG transitions do not, so the parser cannot tell.
 */
export function visibleKeys(truth: Sequences, trace: Trace, sim: Simulation): string[] {
  const sandboxIds = new Set(trace.containers.filter((c) => c.sandbox).map((c) => c.id.slice(0, 12)));
  const stated = sim.lines.filter((l) => STATE_SITES.has(l.site)).map((l) => l.text).join('\n');
  return Object.keys(truth).filter((k) => {
    if (k.startsWith('pod-worker ')) return true;
    const id = k.slice(k.indexOf(' ') + 1);
    return stated.includes(id) && (!k.startsWith('sandbox ') || sandboxIds.has(id));
  });
}

/**
 * A container's `running` is in the log only if a line reports it running (PLEG ContainerStarted or a GenericPLEG
 * transition) before the first line that kills it: one started and killed between two relists is reported straight
 * as died, and a ContainerStarted the sync loop dispatches only after the pod worker already printed the kill (the
 * channel holds it meanwhile) comes too late for a parser reading in time order. Such a `running` is dropped from
 * the truth. (A parser could infer it backwards from the late ContainerStarted; ours does not.)
 */
export function withoutUnseenRunning(truth: Sequences, sim: Simulation): Sequences {
  const firstRunning = new Map<string, number>();
  const firstKill = new Map<string, number>();
  sim.lines.forEach((l, i) => {
    const running = (l.site === 'syncloop.pleg' && l.text.includes('ContainerStarted')) || (l.site === 'pleg.transition' && /-> running|newState="?running/.test(l.text));
    const map = running ? firstRunning : l.site === 'runtime.kill' ? firstKill : undefined;
    if (!map) return;
    const m = /[0-9a-f]{64}/.exec(l.text.slice(l.text.indexOf('] ')));
    if (m && !map.has(m[0].slice(0, 12))) map.set(m[0].slice(0, 12), i);
  });
  const out: Sequences = {};
  for (const [k, v] of Object.entries(truth)) {
    const id = k.slice(10);
    const seen = firstRunning.has(id) && firstRunning.get(id)! < (firstKill.get(id) ?? Infinity);
    out[k] = k.startsWith('container ') && !seen ? collapse(v.filter((x) => x !== 'running')) : v;
  }
  return out;
}

export function parsedSequences(trace: Trace, machines: readonly TruthMachine[]): Sequences {
  const out: Sequences = {};
  const sp = trace.spans;
  for (const pod of trace.pods) {
    for (const li of pod.lanes) {
      const lane = trace.lanes[li];
      const ids: number[] = [];
      for (let k = trace.laneSpanStart[li]; k < trace.laneSpanStart[li + 1]; k++) ids.push(trace.laneSpanIdx[k]);
      if (lane.kind === 'pod-worker' && machines.includes('pod-worker')) out[`pod-worker ${pod.uid}`] = spanStates(trace, ids);
      if ((lane.kind === 'container' && machines.includes('container')) || (lane.kind === 'sandbox' && machines.includes('sandbox'))) {
        const byInstance = new Map<number, number[]>();
        for (const s of ids) byInstance.set(sp.container[s], [...(byInstance.get(sp.container[s]) ?? []), s]);
        for (const [ci, list] of byInstance) {
          const c = trace.containers[ci];
          if (!c?.id) continue;
          const states = spanStates(trace, list);
          out[`${c.sandbox ? 'sandbox' : 'container'} ${c.id.slice(0, 12)}`] = c.sandbox ? states : collapse(states.filter((x) => x !== 'created'));
        }
      }
    }
  }
  return out;
}
