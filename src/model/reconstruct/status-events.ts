/**
 * A pod's readiness, API status versions and probe results: from what the status manager wrote (its status summary
 * lines), the sync loop's probe results, and the probe workers' own lines.
 */
import { KINDS } from '../../catalog/catalog.ts';
import { parseStatusSummaryLine } from '../../catalog/status-summary.ts';
import { PROBE_EVENTS, STATUS_KINDS } from '../machines.ts';
import type { ReconstructContext } from './context.ts';
import type { ContainerRoles } from './container-roles.ts';
import type { KubeletMemory } from './kubelet-memory.ts';
import { PROBE_TYPES } from './lane-registry.ts';
import type { StateRunner } from '../state-runner.ts';

/** Looked up once per kind id rather than by string for every event. */
const PROBE_EVENT_OF_KIND = KINDS.map((k) => PROBE_EVENTS[k] ?? '');
/** Probe lines that name their container: a worker's result, initial result or start. */
const IS_PROBE_LINE = Uint8Array.from(KINDS, (k, id) => (PROBE_EVENT_OF_KIND[id] !== '' || k === 'probe.worker-added' ? 1 : 0));
/** Without a probe type on the line, an initial result or a new worker is the readiness prober's (PROBE_TYPES[1]). */
const READINESS_UNLESS_SAID = Uint8Array.from(KINDS, (k) => (k.startsWith('probe.initial') || k === 'probe.worker-added' ? 1 : 0));
/** "SyncLoop (container unhealthy)" (≤1.20) is the liveness manager's word (PROBE_TYPES[2]). */
const LIVENESS_UNLESS_SAID = Uint8Array.from(KINDS, (k) => (k === 'syncloop.probe-liveness-failed' ? 2 : 0));
const IS_STATUS_KIND = KINDS.map((k) => STATUS_KINDS.has(k));
/** Kinds this part reads; the main pass calls apply() only for these. */
export const STATUS_OR_PROBE_KIND = KINDS.map((k, id) =>
  IS_STATUS_KIND[id] || k === 'status.up-to-date' || k === 'syncloop.probe' || PROBE_EVENT_OF_KIND[id] !== '' || k === 'probe.worker-added');

export class StatusEvents {
  /** Status texts repeat (the same status dump every resync); each distinct one is read once. */
  private readonly readings = new Map<number, StatusReading>();
  private soleProberMemo: Int32Array | undefined;

  constructor(private readonly ctx: ReconstructContext, private readonly memory: KubeletMemory, private readonly probeTypeCol: Uint8Array,
    private readonly roles: ContainerRoles) {}

  /** Event i (of `pod`, drawn on lane `primary`) if its kind is one of STATUS_OR_PROBE_KIND. */
  apply(i: number, t: number, pod: number, kindId: number, kind: string, primary: number): void {
    const { events, strings, members } = this.ctx;
    const memory = this.memory;
    if (IS_STATUS_KIND[kindId] && events.text[i]) this.applyStatus(i, t, pod, kind);
    if (kind === 'status.up-to-date' && !Number.isNaN(events.num[i])) {
      const r = memory.api(pod, i, t);
      if (r.state === 'unknown') r.apply('status.version', i, t, `v${events.num[i]} (already in the API)`);
      members.add(r.lane, i);
    }
    if (kind === 'syncloop.probe') {
      const text = strings.get(events.text[i]);
      const [probeType, ...rest] = text.split(' ');
      const status = rest.join(' ');
      const ok = status === 'ready' || status === 'started' || status === 'healthy';
      const single = memory.podProbe(pod, probeType) ? undefined : memory.onlyContainerProbe(pod, probeType) ?? this.soleProbe(pod, probeType, i, t);
      if (single) {
        // The pod has one probe of this type and its lines are already on that container's lane: the result is its,
        // with no second, pod-level lane for the same probe.
        single.apply(ok ? 'probe.pod-success' : 'probe.pod-failure', i, t);
        members.add(single.lane, i);
      } else {
        const pr = memory.probe(pod, '', probeType, i, t);
        pr.apply(ok ? 'probe.success' : 'probe.failure', i, t, status);
        members.add(pr.lane, i);
        // At -v=2 only failures are logged per container: a later "ready" here is how the failing one recovered.
        const own = memory.onlyContainerProbeIn(pod, probeType, ok ? 'failure' : 'success');
        if (own) {
          own.apply(ok ? 'probe.pod-success' : 'probe.pod-failure', i, t);
          members.add(own.lane, i);
        }
      }
      if (probeType === 'readiness') {
        const r = memory.readiness(pod, i, t);
        r.apply(ok ? 'readiness.ready' : 'readiness.not-ready', i, t, '(probe)');
        members.add(r.lane, i);
      }
    } else if (PROBE_EVENT_OF_KIND[kindId] || kind === 'probe.worker-added') {
      const type = this.probeTypeOf(i, kindId);
      const pr = memory.probeByNumber(pod, events.cname[i], type, i, t);
      const probeEvent = PROBE_EVENT_OF_KIND[kindId];
      if (probeEvent) pr.apply(probeEvent, i, t, kind === 'probe.initial-result' ? '(initial)' : '');
      if (pr.lane !== primary) members.add(pr.lane, i);
    }
  }

  /** The probe type (an index into PROBE_TYPES) of probe event i of kind `kind`. */
  private probeTypeOf(i: number, kindId: number): number {
    return this.probeTypeCol[i] || READINESS_UNLESS_SAID[kindId] || LIVENESS_UNLESS_SAID[kindId];
  }

  /**
   * The container probe runner for a sync-loop result of `type` that comes before any container's probe line: made
   * now if, in the whole log, the pod's probe lines of that type name one container only — the one whose lane the
   * later results join anyway (onlyContainerProbe), so the probe is drawn on one lane rather than a pod-level one too.
   */
  private soleProbe(pod: number, type: string, i: number, t: number): StateRunner | undefined {
    const typeNumber = PROBE_TYPES.indexOf(type);
    if (typeNumber <= 0) return undefined;
    const owner = this.soleProbers()[pod * PROBE_TYPES.length + typeNumber];
    return owner > 0 ? this.memory.probeByNumber(pod, owner, typeNumber, i, t) : undefined;
  }

  /**
   * By pod and probe type (pod × PROBE_TYPES.length + type): the container name id of the only container with probe
   * lines of that type, 0 if none has, -1 if several have.
   */
  private soleProbers(): Int32Array {
    if (this.soleProberMemo) return this.soleProberMemo;
    const { events, pods } = this.ctx;
    const out = new Int32Array(pods.length * PROBE_TYPES.length);
    const { kind, pod: podCol, cname: cnameCol } = events;
    for (let k = 0; k < events.count; k++) {
      const kindId = kind[k];
      if (!IS_PROBE_LINE[kindId]) continue;
      const pod = podCol[k];
      const cname = cnameCol[k];
      if (pod < 0 || !cname) continue;
      const type = this.probeTypeCol[k] || READINESS_UNLESS_SAID[kindId];
      if (!type) continue;
      const at = pod * PROBE_TYPES.length + type;
      const known = out[at];
      out[at] = known === 0 || known === cname ? cname : -1;
    }
    return (this.soleProberMemo = out);
  }

  /** A status the status manager generated or wrote: readiness if it says, and a new API status version. */
  private applyStatus(i: number, t: number, pod: number, kind: string): void {
    const { events, strings, members } = this.ctx;
    const textId = events.text[i];
    let reading = this.readings.get(textId);
    if (reading === undefined) this.readings.set(textId, (reading = readStatus(strings.get(textId))));
    for (const name of reading.initContainers) this.roles.noteInit(pod, name);
    if (reading.readinessEvent) {
      const r = this.memory.readiness(pod, i, t);
      r.apply(reading.readinessEvent, i, t, reading.readinessDetail);
      members.add(r.lane, i);
    }
    if (kind !== 'status.same') {
      const version = events.num[i];
      const label = (Number.isNaN(version) ? (kind === 'status.patch' ? 'patch' : 'set') : `v${version}`) + reading.suffix;
      const r = this.memory.api(pod, i, t);
      r.apply('status.version', i, t, label);
      members.add(r.lane, i);
    }
  }
}

/** What a status summary line (catalog/status-summary.ts) says about readiness and the API status label. */
interface StatusReading {
  /** 'readiness.ready' / 'readiness.not-ready', or '' when the status does not say. */
  readinessEvent: string;
  readinessDetail: string;
  /** What follows the version in the API status label: ` <phase> <ready label>`, each only if known. */
  suffix: string;
  /** Names the status lists among the pod's init containers. */
  initContainers: string[];
}

function readStatus(text: string): StatusReading {
  const sum = parseStatusSummaryLine(text);
  let ready = sum.conditions.find(([k]) => k === 'Ready')?.[1];
  if (ready === '?') ready = undefined;
  // Init containers take no part in readiness; an uninitialised pod says so in its label.
  const app = sum.containers.filter((x) => !x.init);
  const notReady = app.filter((x) => x.ready === 'false').map((x) => x.name);
  const allReady = app.length > 0 && app.every((x) => x.ready === 'true');
  const state = ready === 'True' || (ready !== 'False' && allReady) ? 'ready' : ready === 'False' || notReady.length ? 'not-ready' : '';
  const readyLabel = ready ? `Ready=${ready}` : notReady.length ? `not ready: ${notReady.join(', ')}` : '';
  const initLabel = sum.conditions.some(([k, v]) => k === 'Initialized' && v === 'False') ? ' Initialized=False' : '';
  return {
    readinessEvent: state ? `readiness.${state}` : '',
    readinessDetail: notReady.length ? `(${notReady.join(', ')})` : '',
    suffix: (sum.phase ? ` ${sum.phase}` : '') + initLabel + (readyLabel ? ` ${readyLabel}` : ''),
    initContainers: sum.containers.filter((x) => x.init && x.name).map((x) => x.name),
  };
}
