/**
 * Runs one instance of a state machine (machines.ts) over its events and records the states it went through as
 * spans. Never throws: an impossible transition is recorded as an anomaly and the log's word is taken.
 */
import { growF64, growI32, growU32, growU8 } from '../util/columns.ts';
import type { StringTable } from '../util/string-table.ts';
import { MACHINE_IDS, NOT_IN_LOG_LABEL, SpanFlag, type Anomaly, type LogGap, type SpanTable } from './trace.ts';
import type { MachineTable } from './machines.ts';

export class SpanBuilder {
  readonly lane = growU32();
  readonly machine = growU8();
  readonly startUs = growF64();
  readonly endUs = growF64();
  readonly state = growI32();
  readonly startEvent = growI32();
  readonly endEvent = growI32();
  readonly flags = growU8();
  readonly container = growI32();
  count = 0;

  push(lane: number, machine: number, startUs: number, endUs: number, state: number, startEvent: number, endEvent: number, flags: number, container: number): number {
    this.lane.push(lane);
    this.machine.push(machine);
    this.startUs.push(startUs);
    this.endUs.push(endUs);
    this.state.push(state);
    this.startEvent.push(startEvent);
    this.endEvent.push(endEvent);
    this.flags.push(flags);
    this.container.push(container);
    return this.count++;
  }

  finish(): SpanTable {
    return {
      count: this.count, lane: this.lane.finish(), machine: this.machine.finish(), startUs: this.startUs.finish(),
      endUs: this.endUs.finish(), state: this.state.finish(), startEvent: this.startEvent.finish(),
      endEvent: this.endEvent.finish(), flags: this.flags.finish(), container: this.container.finish(),
    };
  }
}

interface CompiledRow {
  from: ReadonlySet<string> | undefined;
  to: string;
  inferred: boolean;
  anomaly: string;
  detail: string;
  /** The single state this row implies the instance was in before, if the row allows only one. */
  implies: string;
  revises: boolean;
  retracts: boolean;
}

export class CompiledMachine {
  readonly byKind = new Map<string, CompiledRow[]>();
  readonly end: ReadonlySet<string>;
  /** Event kind → why it is an anomaly after the instance ended. */
  readonly afterEnd: ReadonlyMap<string, string>;
  readonly machineIndex: number;

  constructor(readonly table: MachineTable) {
    this.machineIndex = MACHINE_IDS.indexOf(table.id);
    this.end = new Set(table.end);
    this.afterEnd = new Map((table.afterEnd ?? []).map((r) => [r.on, r.anomaly]));
    for (const r of table.rows) {
      const list = this.byKind.get(r.on) ?? [];
      const from = r.from === '*' ? undefined : new Set(r.from);
      list.push({ from, to: r.to, inferred: !!r.inferred, anomaly: r.anomaly ?? '', detail: r.detail ?? '', implies: r.from !== '*' && r.from.length === 1 && r.from[0] !== 'unknown' ? r.from[0] : '', revises: !!r.revises, retracts: !!r.retracts });
      this.byKind.set(r.on, list);
    }
  }

  handles(kind: string): boolean {
    return this.byKind.has(kind);
  }

  private readonly handledByKindId: (boolean | undefined)[] = [];

  /** handles(), remembered by the catalog's kind id (the reconstruct loop asks for every event). */
  handlesKindId(kindId: number, kind: string): boolean {
    return this.handledByKindId[kindId] ?? (this.handledByKindId[kindId] = this.byKind.has(kind));
  }
}

export interface RunnerContext {
  spans: SpanBuilder;
  strings: StringTable;
  anomalies: Anomaly[];
  /** The stretches the logs of a lane's node do not cover (reconstruct/log-gaps.ts), in time order. */
  gapsOfLane(lane: number): readonly LogGap[];
  /** `line 147 of kubelet.log`: where an event's line is, for an anomaly's message. */
  whereIs(event: number): string;
}



export class StateRunner {
  state = 'unknown';
  private label = 'unknown';
  private startUs: number;
  private startEvent: number;
  private flags: number = SpanFlag.Unknown;
  private closed = false;
  /** An event the table reads has come (a machine nothing ever spoke of draws no "unknown" band). */
  private touched = false;
  /** A band of this instance has been drawn. */
  private emitted = false;
  private readonly gaps: readonly LogGap[];
  /**
   * The kind and detail of the last event that changed nothing and was no anomaly: in the state it left unchanged,
   * the same event again changes nothing either (probe workers repeat one result for hours), so it is not looked up.
   */
  private quietKind = '';
  private quietDetail = '';

  constructor(private readonly m: CompiledMachine, private readonly ctx: RunnerContext, readonly lane: number,
    readonly container: number, readonly pod: number, firstUs: number, firstEvent: number) {
    this.startUs = firstUs;
    this.startEvent = firstEvent;
    this.gaps = ctx.gapsOfLane(lane);
  }

  /** The table this instance runs. */
  get machine(): CompiledMachine {
    return this.m;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  get currentLabel(): string {
    return this.label;
  }

  get currentState(): string {
    return this.state;
  }

  /**
   * Feeds one event. `detail` is appended to the state's label (exit code, kill reason, status version…); for
   * machines whose rows go to '*', the detail is the whole label. Returns true if the state or label changed.
   */
  apply(kind: string, event: number, tUs: number, detail = ''): boolean {
    if (this.closed) {
      this.afterEnd(kind, event);
      return false;
    }
    if (kind === this.quietKind && detail === this.quietDetail) return false;
    const rows = this.m.byKind.get(kind);
    if (!rows) return false;
    this.touched = true;
    const given = detail;
    let row: CompiledRow | undefined;
    for (const r of rows) if (!r.from || r.from.has(this.state)) { row = r; break; }
    let anomalous = false;
    const matched = row !== undefined;
    if (!row) {
      row = rows[0];
      if (this.state === 'unknown') {
        if (row.implies) this.relabelUnknown(row.implies);
      } else {
        anomalous = true;
        this.ctx.anomalies.push({
          kind: 'illegal-transition', event, pod: this.pod,
          message: `${this.m.table.id}: "${kind}" is not expected in state ${this.state}`,
        });
      }
    }
    if (row.anomaly) {
      anomalous = true;
      this.ctx.anomalies.push({ kind: 'illegal-transition', event, pod: this.pod, message: `${this.m.table.id}: ${row.anomaly}` });
    }
    if (!detail) detail = row.detail;
    const to = row.to === '=' ? this.state : row.to === '*' ? detail || this.state : row.to;
    const label = row.to === '*' ? to : detail ? `${to} ${detail}` : to;
    if ((row.revises || row.retracts) && !anomalous) {
      if (row.retracts || this.flags & SpanFlag.Inferred) {
        // The inference was wrong (or, retracting, the line that entered the state was misread): the band since it
        // began is the new state, entered for this event's reason.
        this.state = to;
        this.label = label;
        this.startEvent = event;
        this.flags &= ~SpanFlag.Inferred;
        if (this.m.end.has(to)) this.closed = true;
        this.quietKind = '';
        return true;
      }
      anomalous = true;
      this.ctx.anomalies.push({
        kind: 'illegal-transition', event, pod: this.pod,
        message: `${this.m.table.id}: "${kind}" contradicts state ${this.state}, which the log stated (entered at ${this.ctx.whereIs(this.startEvent)})`,
      });
    }
    if (to === this.state && (label === this.label || row.to === '=')) {
      // Explicit evidence for a state that was only inferred so far.
      if (!row.inferred && (this.flags & SpanFlag.Inferred)) this.flags &= ~SpanFlag.Inferred;
      if (matched && !anomalous) {
        this.quietKind = kind;
        this.quietDetail = given;
      }
      return false;
    }
    this.quietKind = '';
    this.closeSpan(tUs, event);
    this.state = to;
    this.label = label;
    this.startUs = tUs;
    this.startEvent = event;
    this.flags = (row.inferred ? SpanFlag.Inferred : 0) | (anomalous ? SpanFlag.Anomalous : 0);
    if (this.m.end.has(to)) {
      this.closed = true;
      // An instance whose only news is its end (a container PLEG found gone): the end is its whole story.
      if (!this.emitted) this.pushSpan(tUs, tUs, label, event, event, this.flags);
    }
    return true;
  }

  /** An event for an instance that has ended: an anomaly if its table says so (the instance stays ended). */
  private afterEnd(kind: string, event: number): void {
    const why = this.m.end.has(this.state) ? this.m.afterEnd.get(kind) : undefined;
    if (!why) return;
    this.ctx.anomalies.push({
      kind: 'event-after-removal', event, pod: this.pod,
      message: `${this.m.table.id}: ${why}; ${this.state} at ${this.ctx.whereIs(this.startEvent)}`,
    });
  }

  /** Ends the instance's band at `tUs` (e.g. a newer instance of the same container replaced it). */
  stop(tUs: number, event = -1): void {
    if (this.closed) return;
    this.closeSpan(tUs, event);
    this.closed = true;
  }

  /** Closes the open span at the end of the log. */
  finish(endUs: number): void {
    if (this.closed) return;
    this.closed = true;
    // No line the table reads ever came: the log says nothing of this machine (a pod named only by an eviction's
    // ranking), so no band claims to know it was there.
    if (!this.touched) return;
    this.flags |= SpanFlag.OpenEnded;
    this.closeSpan(Math.max(endUs, this.startUs), -1);
  }

  private relabelUnknown(state: string): void {
    this.quietKind = '';
    this.state = state;
    this.label = state;
    this.flags = SpanFlag.Inferred;
  }

  private closeSpan(endUs: number, endEvent: number): void {
    const unknown = this.state === 'unknown';
    // A stretch of "unknown" that lasted no time is not a state worth drawing.
    if (unknown && endUs <= this.startUs) return;
    let fromUs = this.startUs;
    let flags = this.flags | (unknown ? SpanFlag.Unknown : 0);
    if (!unknown && this.gaps.length) {
      // Where lines were left out the state is not known; after a gap it is taken to have gone on (inferred).
      // Gaps that follow each other with nothing known between them make one unknown stretch.
      let gapStartUs = -1;
      for (const g of this.gaps) {
        if (g.endUs <= fromUs) continue;
        if (g.startUs >= endUs) break;
        if (gapStartUs < 0 || g.startUs > fromUs) {
          if (gapStartUs >= 0) this.pushSpan(gapStartUs, fromUs, NOT_IN_LOG_LABEL, -1, -1, SpanFlag.Unknown);
          // The state was entered before the gap, if only just: the band says so even when it lasts no time.
          const first = fromUs === this.startUs;
          if (g.startUs > fromUs || first) this.pushSpan(fromUs, Math.max(fromUs, g.startUs), this.label, this.startEvent, -1, flags & ~SpanFlag.OpenEnded);
          gapStartUs = Math.max(g.startUs, fromUs);
          flags = (flags & ~SpanFlag.Anomalous) | SpanFlag.Inferred;
        }
        fromUs = Math.min(g.endUs, endUs);
      }
      if (gapStartUs >= 0) {
        const throughEnd = fromUs >= endUs;
        this.pushSpan(gapStartUs, fromUs, NOT_IN_LOG_LABEL, -1, throughEnd ? endEvent : -1, SpanFlag.Unknown | (throughEnd ? flags & SpanFlag.OpenEnded : 0));
        if (throughEnd) return;
      }
    }
    // A piece after a gap keeps the event that entered the state: that is still why it is in it.
    this.pushSpan(fromUs, endUs, this.label, this.startEvent, endEvent, flags);
  }

  private pushSpan(startUs: number, endUs: number, label: string, startEvent: number, endEvent: number, flags: number): void {
    const c = this.ctx;
    this.emitted = true;
    c.spans.push(this.lane, this.m.machineIndex, startUs, endUs, c.strings.intern(label), startEvent, endEvent, flags, this.container);
  }
}
