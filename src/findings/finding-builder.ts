/**
 * Collects what a finding points at — evidence events, pods, containers, lanes, time range — with bounded memory:
 * a finding over a million-line log keeps its first and last pieces of evidence and counts the rest.
 */
import type { Finding, FindingSeverity, Trace } from '../model/trace.ts';

/** Evidence kept per finding: the earliest HEAD events and the latest TAIL events. */
const HEAD = 150;
const TAIL = 50;
const MAX_PODS = 200;
const MAX_CONTAINERS = 200;

export class FindingBuilder {
  private readonly head: number[] = [];
  private readonly tail: number[] = [];
  private readonly seen = new Set<number>();
  private readonly pods = new Set<number>();
  private readonly containers = new Set<number>();
  private readonly lanes = new Set<number>();
  evidenceCount = 0;
  startUs = Infinity;
  endUs = -Infinity;

  constructor(private readonly trace: Trace) {}

  /**
   * Adds an event as evidence; its lane, and unless `attach` is false its pod and container, come along (a kubelet
   * start line that happens to name a pod is context, not a pod of the finding). Events may arrive in any order.
   */
  evidence(e: number, attach = true): this {
    if (e < 0 || this.seen.has(e)) return this;
    this.evidenceCount++;
    const ev = this.trace.events;
    const t = ev.timeUs[e];
    if (t < this.startUs) this.startUs = t;
    if (t > this.endUs) this.endUs = t;
    this.lanes.add(ev.lane[e]);
    if (attach && ev.pod[e] >= 0) this.pod(ev.pod[e]);
    if (attach && ev.container[e] >= 0) this.container(ev.container[e]);
    if (this.head.length < HEAD) {
      this.head.push(e);
      this.seen.add(e);
    } else {
      // Keep the latest TAIL beyond the head; the dropped ones are counted in evidenceCount.
      this.tail.push(e);
      this.seen.add(e);
      if (this.tail.length > TAIL * 2) this.compactTail();
    }
    return this;
  }

  pod(p: number): this {
    if (p >= 0 && this.pods.size < MAX_PODS) {
      this.pods.add(p);
      // A pod's own lanes are highlighted only through its evidence; the pod-worker lane always is.
      const worker = this.trace.pods[p]?.lanes.find((l) => this.trace.lanes[l].kind === 'pod-worker');
      if (worker !== undefined) this.lanes.add(worker);
    }
    return this;
  }

  container(ci: number): this {
    if (ci >= 0 && this.containers.size < MAX_CONTAINERS) {
      this.containers.add(ci);
      const c = this.trace.containers[ci];
      if (c) { this.lanes.add(c.lane); this.pods.add(c.pod); }
    }
    return this;
  }

  lane(l: number): this {
    if (l >= 0) this.lanes.add(l);
    return this;
  }

  /** Highlights the pod's lanes of the given kinds (readiness, api-status, probe…). */
  podLanes(p: number, kinds: readonly string[]): this {
    for (const l of this.trace.pods[p]?.lanes ?? []) if (kinds.includes(this.trace.lanes[l].kind)) this.lanes.add(l);
    return this;
  }

  /** Highlights the node lanes of the given kinds. */
  /** An episode of a node condition (episodes.ts) as evidence: its sampled lines and its last, and the node's lanes of `kinds`. */
  episode(ep: { node: number; sample: readonly number[]; last: number }, kinds: readonly string[]): this {
    for (const e of ep.sample) this.evidence(e);
    return this.evidence(ep.last).nodeLanes(ep.node, kinds);
  }

  nodeLanes(node: number, kinds: readonly string[]): this {
    for (const l of this.trace.nodes[node]?.lanes ?? []) if (kinds.includes(this.trace.lanes[l].kind)) this.lanes.add(l);
    return this;
  }

  /** Extends the time range without adding evidence (e.g. a state that lasted past the last line). */
  extendTo(tUs: number): this {
    if (tUs > this.endUs) this.endUs = tUs;
    if (tUs < this.startUs) this.startUs = tUs;
    return this;
  }

  /** Event indices kept, earliest first. */
  events(): number[] {
    this.compactTail();
    const t = this.trace.events.timeUs;
    return [...this.head, ...this.tail].sort((a, b) => t[a] - t[b] || a - b);
  }

  build(fields: { id: string; title: string; severity: FindingSeverity; explanation: string; next: string; scenario?: string }): Finding {
    const evidence = this.events();
    const dropped = this.evidenceCount - evidence.length;
    const explanation = dropped > 0
      ? `${fields.explanation} (${this.evidenceCount} evidence lines; the first ${this.head.length} and last ${this.tail.length} are listed.)`
      : fields.explanation;
    const finding: Finding = {
      id: fields.id, title: fields.title, severity: fields.severity,
      startUs: Number.isFinite(this.startUs) ? this.startUs : this.trace.startUs,
      endUs: Number.isFinite(this.endUs) ? this.endUs : this.trace.endUs,
      pods: [...this.pods].sort((a, b) => a - b), containers: [...this.containers].sort((a, b) => a - b),
      lanes: [...this.lanes].sort((a, b) => a - b), evidence, explanation, next: fields.next,
    };
    if (fields.scenario) finding.scenario = fields.scenario;
    return finding;
  }

  private compactTail(): void {
    if (this.tail.length <= TAIL) return;
    const t = this.trace.events.timeUs;
    this.tail.sort((a, b) => t[a] - t[b] || a - b);
    for (const e of this.tail.splice(0, this.tail.length - TAIL)) this.seen.delete(e);
  }
}

/** A finding about one pod with its failure lines as evidence (time-ordered): the builder, its first and last line, and the time between. */
export function podFailureEvidence(trace: Trace, pod: number, events: readonly number[]): { b: FindingBuilder; first: number; last: number; spanUs: number } {
  const b = new FindingBuilder(trace);
  for (const e of events) b.evidence(e);
  b.pod(pod);
  const first = events[0];
  const last = events[events.length - 1];
  return { b, first, last, spanUs: trace.events.timeUs[last] - trace.events.timeUs[first] };
}
