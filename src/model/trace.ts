/**
 * The reconstructed incident: the one data structure every other part of Syncloop reads.
 *
 * Events, spans and links are columnar (struct-of-arrays over typed arrays) with strings interned in `strings`, so
 * that a million events are a few flat buffers that move between the worker and the page without copying. Pods,
 * lanes, containers and sources are small and stay plain objects. Everything here is plain data (structured-clone
 * safe); helpers that read it live in trace-query.ts.
 *
 * Time is epoch µs as printed by the kubelet (see util/time.ts). Line numbers are 1-based, per source file.
 */
import type { Severity } from '../ingest/klog-header.ts';
import type { CutMark, ServiceStatus } from '../ingest/source-notes.ts';

export type LaneKind =
  // node-level goroutines (one each per node)
  | 'sync-loop' | 'config' | 'pleg' | 'housekeeping' | 'status-manager' | 'runtime' | 'node-status' | 'gc'
  | 'eviction' | 'volume' | 'events' | 'other'
  // per pod
  | 'pod-worker' | 'probe' | 'container' | 'sandbox' | 'readiness' | 'api-status';

export const NODE_LANE_ORDER: readonly LaneKind[] = [
  'sync-loop', 'config', 'pleg', 'housekeeping', 'status-manager', 'runtime', 'node-status', 'gc', 'eviction',
  'volume', 'events', 'other',
];
export const POD_LANE_ORDER: readonly LaneKind[] = ['pod-worker', 'sandbox', 'container', 'readiness', 'probe', 'api-status'];

export const LANE_TITLES: Record<LaneKind, string> = {
  'sync-loop': 'sync loop', config: 'config sources', pleg: 'PLEG relist', housekeeping: 'housekeeping',
  'status-manager': 'status manager', runtime: 'runtime (CRI) calls', 'node-status': 'node status / runtime health',
  gc: 'garbage collection', eviction: 'eviction manager', volume: 'volume manager', events: 'recorded events',
  other: 'other', 'pod-worker': 'pod worker', probe: 'probe worker', container: 'container', sandbox: 'sandbox',
  readiness: 'readiness', 'api-status': 'API status',
};

/** Lane kinds that are goroutines (events live there) rather than reconstructed state. */
export const GOROUTINE_LANES: ReadonlySet<LaneKind> = new Set<LaneKind>([
  'sync-loop', 'config', 'pleg', 'housekeeping', 'status-manager', 'runtime', 'node-status', 'gc', 'eviction',
  'volume', 'events', 'other', 'pod-worker', 'probe',
]);

export type FormatId =
  | 'klog' | 'klog-journald' | 'klog-cri' | 'klog-node-prefix' | 'klog-glog-files' | 'klog-timestamped' | 'klog-logfmt' | 'klog-in-document'
  | 'json' | 'json-journald' | 'journald-json-export' | 'log-platform-export' | 'log-platform-csv' | 'csv' | 'unknown' | 'empty' | 'binary';

export interface Diagnostic {
  source: number;
  /** 1-based line in the source; 0 for the whole source. */
  line: number;
  level: 'info' | 'warning' | 'error';
  message: string;
}

export interface LineCounts {
  total: number;
  /** Records with a parsed kubelet header (any era, or a JSON log object). */
  klog: number;
  /** Lines attached to the record before them (multi-line values, wrapped lines, panics). */
  continuation: number;
  /** Lines that are not kubelet log lines (prose, other programs, section headers), skipped. */
  unrecognized: number;
  blank: number;
}

export interface VersionRange {
  /** Lowest and highest minor version consistent with the text, e.g. '1.21' and '1.25'. */
  min: string;
  max: string;
  /** Human label, e.g. '1.22–1.26' or '≤1.20'. */
  label: string;
  /** Which text signals narrowed it. */
  signals: string[];
}

export type { ServiceStatus };

export interface SourceInfo {
  index: number;
  name: string;
  format: FormatId;
  formatLabel: string;
  /** Default node for lines that do not name one. */
  node: string;
  bytes: number;
  gzip: boolean;
  lines: LineCounts;
  /** Lines per logging era among klog records. */
  eras: { printf: number; structured: number; json: number };
  versionRange: VersionRange;
  year: { value: number; how: 'wrapper' | 'json' | 'message' | 'pod-uid' | 'cronjob-name' | 'file-header' | 'document' | 'caller' | 'assumed' | 'version' };
  /** True when the file was newest-first (journalctl -r) and was put back in time order. */
  reversed: boolean;
  startUs: number;
  endUs: number;
  diagnostics: Diagnostic[];
  /** Diagnostics beyond the kept ones (counted, not listed). */
  diagnosticsDropped: number;
  /** Lines after which the log does not go straight on (elision marks, excerpt boundaries, journald's dropped lines). */
  cuts: CutMark[];
  /** What a pasted `systemctl status` said of the unit (its last block in the source), when there is one. */
  service?: ServiceStatus;
  /** Every such block in the source, in line order, when there are several (one document, several nodes' blocks). */
  services?: ServiceStatus[];
  /** The node runs Windows: what in the source says so (its kubelet's Windows-only files, the glog header). */
  windows?: string;
}


/**
 * A stretch of one node's time that its logs do not cover because lines were left out (a cut: see CutMark), and no
 * other source of the node covers it either. States across it are drawn as unknown.
 */
export interface LogGap {
  node: number;
  /** The last record before the cut and the first after it. */
  startUs: number;
  endUs: number;
  /** Where the cut is: source index and the line of its mark. */
  source: number;
  line: number;
  kind: CutMark['kind'];
}

/**
 * Per source, the raw text kept once: its bytes in the pieces they were read in, and the byte offset of every line.
 * A piece may be packed (util/lz-pack.ts) to save memory: read the text through model/raw-text.ts, never `pieces`.
 */
export interface RawText {
  pieces: Uint8Array[];
  /** Byte offset where each piece's text starts in the source. */
  pieceStarts: number[];
  /** Per piece: its bytes are packed (its plain length is then the distance to the next start). */
  packed: boolean[];
  /** Byte offset where line i (0-based) starts; one extra entry holds the total length. */
  lineStarts: Float64Array;
  /**
   * Set when the text stays where it was read from instead of being held here (the command line leaves a plain
   * file's text on disk): every piece is then an empty placeholder, and its bytes are read back through this.
   */
  external?: ExternalText;
}

/** Reads a source's text back from where it is kept (model/raw-text.ts caches what it reads). */
export interface ExternalText {
  /** Fills `into` with the bytes of piece `piece`; throws if they are no longer there as they were read. */
  read(piece: number, into: Uint8Array): void;
}

export interface EventTable {
  count: number;
  /** Sorted ascending (ties keep source, then line order). */
  timeUs: Float64Array;
  source: Uint16Array;
  line: Uint32Array;
  lineCount: Uint16Array;
  severity: Uint8Array;
  node: Uint16Array;
  pid: Uint32Array;
  /** Catalog entry index; 0 = a message the catalog does not know. */
  msg: Uint16Array;
  /** Event kind index into `EventKinds` (catalog/kinds.ts); 0 = unknown. */
  kind: Uint16Array;
  /** Primary (goroutine) lane. */
  lane: Uint32Array;
  pod: Int32Array;
  /** Container instance (index into Trace.containers) or -1. */
  container: Int32Array;
  /** String ids: container/sandbox ID and container name the line mentions (0 = none). */
  cid: Int32Array;
  cname: Int32Array;
  /** A number the line carries: exit code, grace period, status version, work type... NaN if none. */
  num: Float64Array;
  /** String id of a short detail: reason, probe result, phase, error text... 0 if none. */
  text: Int32Array;
}

export type MachineId = 'pod-worker' | 'container' | 'sandbox' | 'readiness' | 'probe' | 'api-status' | 'sync-gate' | 'node-ready';
/** Index = SpanTable.machine. 'sync-gate' (sync loop lane): is the runtime gate letting pod work through; 'node-ready' (node status lane): the node's Ready condition. */
export const MACHINE_IDS: readonly MachineId[] = ['pod-worker', 'container', 'sandbox', 'readiness', 'probe', 'api-status', 'sync-gate', 'node-ready'];

export enum SpanFlag {
  None = 0,
  /** The state was not printed but follows from what was (e.g. DELETE at -v=2 implies terminating). */
  Inferred = 1,
  /** The logs cannot say what the state was (low verbosity, gap, before the log starts). */
  Unknown = 2,
  /** Still in this state when the log ends. */
  OpenEnded = 4,
  /** Entered by a transition the state table does not allow (an anomaly was recorded). */
  Anomalous = 8,
}

/** The label of a stretch of a band where lines were left out of the log (flagged Unknown; see LogGap). */
export const NOT_IN_LOG_LABEL = 'not in the log';

export interface SpanTable {
  count: number;
  lane: Uint32Array;
  machine: Uint8Array;
  startUs: Float64Array;
  endUs: Float64Array;
  /** String id of the state label (e.g. 'terminating', 'running', 'exited 137'). */
  state: Int32Array;
  /** Event that entered / left the state, -1 if none (before the log, or still open). */
  startEvent: Int32Array;
  endEvent: Int32Array;
  flags: Uint8Array;
  /** Container instance the span belongs to, or -1. */
  container: Int32Array;
}

export type LinkKind = 'dispatch' | 'sync' | 'status' | 'kill' | 'probe' | 'pleg' | 'cleanup' | 'runtime';
export const LINK_KINDS: readonly LinkKind[] = ['dispatch', 'sync', 'status', 'kill', 'probe', 'pleg', 'cleanup', 'runtime'];

/** Causal links between events (derived from the catalog's link rules in model/links.ts). */
export interface LinkTable {
  count: number;
  from: Uint32Array;
  to: Uint32Array;
  kind: Uint8Array;
}

export interface LaneInfo {
  index: number;
  /** Stable id, e.g. `n0/sync-loop`, `pod:5f1c…/worker`, `pod:5f1c…/container:app`. */
  id: string;
  kind: LaneKind;
  node: number;
  /** Pod index, -1 for node lanes. */
  pod: number;
  containerName: string;
  probeType: string;
  title: string;
}

export type PodKind = 'regular' | 'static' | 'mirror';

export interface PodInfo {
  index: number;
  uid: string;
  namespace: string;
  name: string;
  node: number;
  kind: PodKind;
  /** For a mirror pod, its static pod (and vice versa), else -1. */
  twin: number;
  firstUs: number;
  lastUs: number;
  eventCount: number;
  warningCount: number;
  errorCount: number;
  /** Lanes of this pod's group, in display order. */
  lanes: number[];
  containers: number[];
  admission: { result: 'admitted' | 'rejected' | 'unknown'; reason: string; event: number };
}

/**
 * What kind of container of its pod an instance is, when a line says so: an init container, a sidecar (an init
 * container that keeps running beside the app containers: restartPolicy Always, 1.28+), or an ephemeral
 * (debug) container. Absent: an app container, or a container no line describes.
 */
export type ContainerRole = 'init' | 'sidecar' | 'ephemeral';
export const CONTAINER_ROLES: readonly ContainerRole[] = ['init', 'sidecar', 'ephemeral'];

export interface ContainerInstance {
  index: number;
  pod: number;
  name: string;
  /** Full ID without the runtime scheme. */
  id: string;
  runtime: string;
  sandbox: boolean;
  lane: number;
  createdUs: number;
  startedUs: number;
  endedUs: number;
  exitCode: number;
  killReason: string;
  removedUs: number;
  role?: ContainerRole;
}

export interface NodeInfo {
  index: number;
  name: string;
  /** Kubelet process starts seen (pid changes, "Starting kubelet main sync loop"), as event indices. */
  starts: number[];
  lanes: number[];
}

export interface Anomaly {
  kind: 'illegal-transition' | 'event-after-removal' | 'clock-jump' | 'gap';
  event: number;
  pod: number;
  message: string;
}

export type FindingSeverity = 'info' | 'warning' | 'error';

export interface Finding {
  id: string;
  title: string;
  severity: FindingSeverity;
  startUs: number;
  endUs: number;
  pods: number[];
  containers: number[];
  lanes: number[];
  /** Event indices, earliest first. */
  evidence: number[];
  explanation: string;
  next: string;
  scenario?: string;
}

export interface Trace {
  /** Format version of this structure (trace files carry it). */
  version: 1;
  sources: SourceInfo[];
  raw: RawText[];
  strings: string[];
  events: EventTable;
  spans: SpanTable;
  links: LinkTable;
  nodes: NodeInfo[];
  lanes: LaneInfo[];
  /** CSR index: events drawn on lane l are laneEventIdx[laneEventStart[l] .. laneEventStart[l+1]), time-sorted. */
  laneEventStart: Uint32Array;
  laneEventIdx: Uint32Array;
  /** Same for spans. */
  laneSpanStart: Uint32Array;
  laneSpanIdx: Uint32Array;
  pods: PodInfo[];
  containers: ContainerInstance[];
  /** Pods listed by a multi-pod line (a bulk SyncLoop ADD): event index → pod indices. */
  multiPod: Record<number, number[]>;
  anomalies: Anomaly[];
  /** Stretches the logs do not cover (lines left out), per node, in time order. */
  gaps: LogGap[];
  findings: Finding[];
  startUs: number;
  endUs: number;
}

export type { Severity };
