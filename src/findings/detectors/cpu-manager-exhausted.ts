/**
 * cpu-manager-exhausted: with the static CPU manager policy a container of a Guaranteed pod with an integer CPU
 * request gets CPUs of its own, taken from the shared pool when it starts. When the pool has too few left ("not enough
 * cpus available to satisfy request") the start fails — PreStartHookError in the releases that checked at start — and
 * is retried: the pod was admitted, so it sits there not running. One finding per node.
 */
import type { Detector } from '../detectors.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { count, duration, lineRef, podNames, timeOfEvent } from '../wording.ts';
import { eventRawText } from '../../model/trace-query.ts';

const MAX_PER_NODE = 500;
/** The CPU manager's words, and a start that failed on them (a paste may have broken "available" apart). */
const NOT_ENOUGH_CPUS = /not enough cpus/i;

export const cpuManagerExhausted: Detector = {
  id: 'cpu-manager-exhausted',
  detect(ctx) {
    const trace = ctx.trace;
    const ev = trace.events;
    const out: Finding[] = [];
    // Both lines name the error in their text; a start's names it after its reason ("PreStartHookError: not enough cpus
    // …"), so the record is read. One pass, in time order, grouped by node.
    const lines = new Map<number, number[]>();
    for (const e of ctx.ofKinds(['cpumanager.allocate-failed', 'runtime.start-failed'])) {
      const list = lines.get(ev.node[e]) ?? [];
      if (list.length >= MAX_PER_NODE || !NOT_ENOUGH_CPUS.test(eventRawText(trace, e, 2000))) continue;
      list.push(e);
      lines.set(ev.node[e], list);
    }
    for (const [node, list] of lines) {
      const first = list[0];
      const last = list[list.length - 1];
      const pods = new Set(list.map((e) => ev.pod[e]).filter((p) => p >= 0));
      const b = new FindingBuilder(trace);
      for (const e of list) b.evidence(e);
      b.nodeLanes(node, ['other']);
      const when = list.length === 1 ? `at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})`
        : `${count(list.length, 'line')} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)})${ev.timeUs[last] > ev.timeUs[first] ? `, ${duration(ev.timeUs[last] - ev.timeUs[first])}` : ''}`;
      out.push(b.build({
        id: 'cpu-manager-exhausted',
        title: `Containers cannot start: the CPU manager has too few exclusive CPUs left${pods.size ? ` (${podNames(trace, pods)})` : ''}`,
        severity: 'warning',
        explanation: `The CPU manager's static policy could not give a container the CPUs of its own that its integer CPU request asks for ${when}: "not enough cpus available to satisfy request". Under this policy each container of a Guaranteed pod with a whole number of CPUs takes them out of the shared pool when it starts; the pool is the node's CPUs less the reserved ones and those already given out. The pod was admitted — the scheduler counts requests against allocatable, not the pool — so the container's start fails (PreStartHookError) and is retried, and the pod does not run until enough CPUs are free.`,
        next: 'Compare the CPU manager\'s state (/var/lib/kubelet/cpu_manager_state: defaultCpuSet is the shared pool, entries the CPUs given out) with the integer CPU requests of the node\'s Guaranteed pods and the reserved CPUs (reservedSystemCPUs, or the whole CPUs of kubeReserved + systemReserved).',
      }));
    }
    return out;
  },
};
