/**
 * Validation specs (schema.ts) for the plain-object parts of a Trace as a trace file stores them. The typed-array
 * columns are checked separately (trace-file-columns.ts), cross references in trace-check.ts.
 */
import { LANE_KIND_LIST } from '../model/collector.ts';
import type { CutKind } from '../ingest/source-notes.ts';
import { CONTAINER_ROLES, type Anomaly, type FormatId, type PodKind } from '../model/trace.ts';
import { arrayOf, bool, int, intKeyed, num, object, oneOf, optional, str, type Spec } from './schema.ts';

/** Every FormatId; the type check below fails to compile when trace.ts gains one that is not listed here. */
const FORMAT_IDS = [
  'klog', 'klog-journald', 'klog-cri', 'klog-node-prefix', 'klog-glog-files', 'klog-timestamped', 'klog-logfmt', 'klog-in-document', 'json', 'json-journald',
  'journald-json-export', 'log-platform-export', 'log-platform-csv', 'csv', 'unknown', 'empty', 'binary',
] as const satisfies readonly FormatId[];
const ANOMALY_KINDS = ['illegal-transition', 'event-after-removal', 'clock-jump', 'gap'] as const satisfies readonly Anomaly['kind'][];
const POD_KINDS = ['regular', 'static', 'mirror'] as const satisfies readonly PodKind[];
const CUT_KINDS = ['elision', 'fence', 'prose', 'section', 'suppressed'] as const satisfies readonly CutKind[];
type Unlisted = Exclude<FormatId, (typeof FORMAT_IDS)[number]> | Exclude<Anomaly['kind'], (typeof ANOMALY_KINDS)[number]>
  | Exclude<PodKind, (typeof POD_KINDS)[number]> | Exclude<CutKind, (typeof CUT_KINDS)[number]>;
export const EVERY_ENUM_VALUE_LISTED: [Unlisted] extends [never] ? true : never = true;

/** Upper bounds on counts, so that a hostile file cannot make the app allocate without limit. */
export const TRACE_LIMITS = {
  sources: 10_000,
  strings: 1 << 26,
  stringChars: 1 << 20,
  events: 1 << 27,
  objects: 1 << 24,
  diagnostics: 100_000,
};

const index = int(0, 2 ** 32);
const ref = int(-1, 2 ** 32);
const count = int(0, 2 ** 53);
const text = str(TRACE_LIMITS.stringChars);
const indexList = arrayOf(index, TRACE_LIMITS.objects);

/** A pasted `systemctl status` block (ServiceStatus). */
const SERVICE_SPEC: Spec = object({ active: text, mainPid: count, since: optional(text), line: count, exitCode: optional(text), exitStatus: optional(text) });

export const SOURCE_SPEC: Spec = object({
  index, name: text, format: oneOf(FORMAT_IDS), formatLabel: text, node: text, bytes: count, gzip: bool(),
  lines: object({ total: count, klog: count, continuation: count, unrecognized: count, blank: count }),
  eras: object({ printf: count, structured: count, json: count }),
  versionRange: object({ min: text, max: text, label: text, signals: arrayOf(text, 10_000) }),
  year: object({ value: int(0, 10_000), how: oneOf(['wrapper', 'json', 'message', 'pod-uid', 'cronjob-name', 'file-header', 'document', 'caller', 'assumed', 'version']) }),
  reversed: bool(), startUs: num(), endUs: num(),
  diagnostics: arrayOf(object({ source: index, line: count, level: oneOf(['info', 'warning', 'error']), message: text }), TRACE_LIMITS.diagnostics),
  diagnosticsDropped: count,
  // Trace files written before cuts were kept have none.
  cuts: optional(arrayOf(object({ line: count, kind: oneOf(CUT_KINDS) }), 100_000)),
  // Only where a `systemctl status` block was pasted with the log.
  service: optional(SERVICE_SPEC),
  // Only where several were (every block, in line order).
  services: optional(arrayOf(SERVICE_SPEC, 64)),
  // Only for a Windows node (what says so).
  windows: optional(text),
});

export const GAP_SPEC: Spec = object({ node: index, startUs: num(), endUs: num(), source: index, line: count, kind: oneOf(CUT_KINDS) });

export const NODE_SPEC: Spec = object({ index, name: text, starts: indexList, lanes: indexList });

export const LANE_SPEC: Spec = object({
  index, id: text, kind: oneOf(LANE_KIND_LIST), node: ref, pod: ref, containerName: text, probeType: text, title: text,
});

export const POD_SPEC: Spec = object({
  index, uid: text, namespace: text, name: text, node: ref, kind: oneOf(POD_KINDS), twin: ref,
  firstUs: num(), lastUs: num(), eventCount: count, warningCount: count, errorCount: count,
  lanes: indexList, containers: indexList,
  admission: object({ result: oneOf(['admitted', 'rejected', 'unknown']), reason: text, event: ref }),
});

export const CONTAINER_SPEC: Spec = object({
  index, pod: ref, name: text, id: text, runtime: text, sandbox: bool(), lane: ref, createdUs: num(), startedUs: num(),
  endedUs: num(), exitCode: num(), killReason: text, removedUs: num(), role: optional(oneOf(CONTAINER_ROLES)),
});

export const ANOMALY_SPEC: Spec = object({ kind: oneOf(ANOMALY_KINDS), event: ref, pod: ref, message: text });

export const FINDING_SPEC: Spec = object({
  id: text, title: text, severity: oneOf(['info', 'warning', 'error']), startUs: num(), endUs: num(),
  pods: indexList, containers: indexList, lanes: indexList, evidence: indexList, explanation: text, next: text,
  scenario: optional(text),
});

export const MULTI_POD_SPEC: Spec = intKeyed(indexList, TRACE_LIMITS.events);
export const STRINGS_SPEC: Spec = arrayOf(text, TRACE_LIMITS.strings);
export const NAME_TABLE_SPEC: Spec = arrayOf(str(256), 1 << 16);
