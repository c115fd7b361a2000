/**
 * Stage 1 of building a Trace: every record of every source is classified by the catalog and appended to growable
 * columns, in file order. When a source ends its records get their year (util/time.ts explains why klog times
 * arrive without one) and the source its summary (source-handle.ts). Pod references are kept per record as they
 * come and resolved to provisional pod ids in one pass at the end (finish), so that parts of the input collected
 * apart (collected-merge.ts) resolve exactly as if they had been read in one go.
 */
import type { VersionFingerprint } from '../catalog/fingerprint.ts';
import type { PodRef } from '../catalog/extract.ts';
import { Era, type LogRecord } from '../ingest/record.ts';
import { growF64, growI32, growU16, growU32, growU8 } from '../util/columns.ts';
import { detachString, StringTable } from '../util/string-table.ts';
import { PodRegistry } from './pod-registry.ts';
import { RecordMemo, type ClassifiedRecord } from './record-memo.ts';
import { SourceHandle } from './source-handle.ts';
import type { LaneKind, RawText, SourceInfo } from './trace.ts';

// Callers push a source's bytes through the handle addSource returns.
export type { SourceHandle };

export const LANE_KIND_LIST: readonly LaneKind[] = [
  'sync-loop', 'config', 'pleg', 'housekeeping', 'status-manager', 'runtime', 'node-status', 'gc', 'eviction', 'volume',
  'events', 'other', 'pod-worker', 'probe', 'container', 'sandbox', 'readiness', 'api-status',
];
const LANE_KIND_INDEX = new Map(LANE_KIND_LIST.map((k, i) => [k, i]));

export interface CollectOptions {
  /** Year for klog lines when nothing in the input states one (the CLI's --year, or the current year). */
  defaultYear: number;
  /** True if defaultYear was given by the user (reported as 'caller' rather than 'assumed'). */
  yearFromCaller?: boolean;
  maxDiagnosticsPerSource?: number;
  /** Read bare klog lines by their bytes when possible (fast-records.ts); false reads every line as text. */
  fastPath?: boolean;
}

/** podRef of a record that names no pod, and of one that names several (see Collected.multiRefs). */
export const NO_POD_REF = -1;
export const SEVERAL_POD_REFS = -2;

/** The columns collected in stage 1 (file order; time already in epoch µs after each source ends). */
export class Collected {
  readonly strings = new StringTable();
  readonly time = growF64(1 << 16);
  readonly yearHint = growU16(1 << 16);
  readonly source = growU16(1 << 16);
  readonly line = growU32(1 << 16);
  readonly lineCount = growU16(1 << 16);
  readonly severity = growU8(1 << 16);
  /** String id of the node name the line stated; 0 = the source's default node. */
  readonly nodeName = growI32(1 << 16);
  readonly pid = growU32(1 << 16);
  readonly msg = growU16(1 << 16);
  readonly kind = growU16(1 << 16);
  readonly laneKind = growU8(1 << 16);
  /** Index into podRefs of the pod the line names, NO_POD_REF, or SEVERAL_POD_REFS (then see multiRefs). */
  readonly podRef = growI32(1 << 16);
  /**
   * String id of the node the source's lines default to, as far as known when the record was read (pods are told
   * apart per node: a record's pods are looked up on its nodeName, else on this).
   */
  readonly defaultNode = growI32(1 << 16);
  /** 1 for a SyncLoop ADD from the `file` source (its pod is a static pod). */
  readonly fileAdd = growU8(1 << 16);
  /** Provisional pod id (PodRegistry), -1 for none: filled by resolvePods. */
  readonly pod = growI32(1 << 16);
  readonly cid = growI32(1 << 16);
  readonly cname = growI32(1 << 16);
  readonly sid = growI32(1 << 16);
  readonly probe = growU8(1 << 16);
  readonly num = growF64(1 << 16);
  readonly text = growI32(1 << 16);
  /** Pod references as lines state them, each distinct classification's once. */
  readonly podRefs: PodRef[] = [];
  /** Record index → podRefs indices, for lines that name several pods. */
  readonly multiRefs = new Map<number, number[]>();
  /** Record index → provisional pod ids, for lines that name several pods (filled by resolvePods). */
  readonly multiPod = new Map<number, number[]>();
  /** Container ID → name, learned from lines that list several containers (status dumps). */
  readonly idNames = new Map<string, string>();
  readonly pods = new PodRegistry();
  readonly sources: SourceInfo[] = [];
  readonly raw: RawText[] = [];
  count = 0;
}

/** The parts of a record's header the collector stores (a LogRecord, or the fast path's byte-read header). */
export interface RecordHeader {
  yearlessUs: number;
  yearHint: number;
  line: number;
  lineCount: number;
  severity: number;
  pid: number;
}

export class Collector {
  readonly out = new Collected();
  /** Classifies records, reusing the result for a text seen before (see record-memo.ts). */
  readonly memo = new RecordMemo(this.out.strings, LANE_KIND_INDEX);
  /** Sources started so far (including the rest of a source read as a later part, which ends without a SourceInfo). */
  private sourcesStarted = 0;

  constructor(readonly opts: CollectOptions) {}

  /** Starts a source. Push its bytes (any chunking) to the returned handle, then call end(). */
  addSource(name: string, meta: { gzip?: boolean; continuesEarlierPart?: boolean } = {}): SourceHandle {
    return new SourceHandle(this, this.sourcesStarted++, name, meta.gzip ?? false, this.opts, meta.continuesEarlierPart ?? false);
  }

  /** Sources merged in from a part count as started here (collected-merge.ts). */
  countMergedSources(count: number): void {
    this.sourcesStarted += count;
  }

  /**
   * Appends one record read as text (called by SourceHandle). `defaultNode` is the string id of the node the source's
   * lines belong to when they name none, as far as known yet: pods are told apart per node, so that rotated files
   * of one node share their pods.
   */
  addRecord(rec: LogRecord, sourceIndex: number, fp: VersionFingerprint, defaultNode: number): void {
    const nodeName = rec.host ? this.out.strings.intern(rec.host) : 0;
    // Classified after the host is interned, so string ids are handed out in the same order as always.
    const cls = this.memo.classify(rec);
    this.append(rec, sourceIndex, nodeName, defaultNode, cls);
    fp.observe(cls.entryId, rec.file, rec.fileLine, rec.text, rec.msgStart, rec.era === Era.Structured, rec.severity);
  }

  /** Appends a record the fast path classified (no host, one line); the caller observes its fingerprint. */
  addFastRecord(header: RecordHeader, sourceIndex: number, defaultNode: number, cls: ClassifiedRecord): void {
    this.append(header, sourceIndex, 0, defaultNode, cls);
  }

  /** Resolves every pod reference collected so far (see resolvePods) and returns the columns. */
  finish(): Collected {
    resolvePods(this.out);
    return this.out;
  }

  private append(h: RecordHeader, sourceIndex: number, nodeName: number, defaultNode: number, cls: ClassifiedRecord): void {
    const o = this.out;
    const i = o.count++;
    o.time.push(h.yearlessUs);
    o.yearHint.push(h.yearHint);
    o.source.push(sourceIndex);
    o.line.push(h.line);
    o.lineCount.push(Math.min(h.lineCount, 65535));
    o.severity.push(h.severity);
    o.nodeName.push(nodeName);
    o.pid.push(h.pid < 0 ? 0 : h.pid);
    o.msg.push(cls.entry);
    o.kind.push(cls.kind);
    o.laneKind.push(cls.laneKind);
    const pods = cls.pods;
    if (pods.length === 1) {
      if (cls.refId < 0) cls.refId = keepRef(o.podRefs, pods[0]);
      o.podRef.push(cls.refId);
    } else if (pods.length > 1) {
      cls.refIds ??= pods.map((ref) => keepRef(o.podRefs, ref));
      o.multiRefs.set(i, cls.refIds);
      o.podRef.push(SEVERAL_POD_REFS);
    } else {
      o.podRef.push(NO_POD_REF);
    }
    o.defaultNode.push(defaultNode);
    o.fileAdd.push(cls.fileAdd ? 1 : 0);
    o.cid.push(cls.cid);
    o.cname.push(cls.cname);
    o.sid.push(cls.sid);
    o.probe.push(cls.probe);
    o.num.push(cls.num);
    for (const [shortId, name] of cls.learnedNames) if (!o.idNames.has(shortId)) o.idNames.set(shortId, name);
    o.text.push(cls.text);
  }
}

/** Adds a reference (its strings copied out of the line they came from) and returns its index. */
function keepRef(refs: PodRef[], ref: PodRef): number {
  refs.push({ uid: detachString(ref.uid), namespace: detachString(ref.namespace), name: detachString(ref.name), container: detachString(ref.container) });
  return refs.length - 1;
}

/**
 * Turns every record's pod reference into a provisional pod id, in record order (resolving is what merges the
 * forms a pod is named in, so order matters). A reference resolved before is answered again without asking the
 * registry while that answer cannot have changed: one with a uid keeps resolving to its pod (a pod with a uid is
 * never merged into another, and resolving the same reference again only fills in what it already filled); one
 * without a uid is asked again whenever the registry changed (PodRegistry.version).
 */
export function resolvePods(o: Collected): void {
  const refs = o.podRefs;
  const registry = o.pods;
  const lastPod = new Int32Array(refs.length);
  const lastNode = new Float64Array(refs.length).fill(NaN);
  const lastVersion = new Float64Array(refs.length).fill(NaN);
  const podRef = o.podRef.view();
  const nodeName = o.nodeName.view();
  const defaultNode = o.defaultNode.view();
  const fileAdd = o.fileAdd.view();
  for (let i = o.pod.length; i < o.count; i++) {
    const r = podRef[i];
    let pod = -1;
    if (r >= 0) {
      const node = nodeName[i] || defaultNode[i];
      const still = refs[r].uid !== '' ? lastVersion[r] >= 0 : lastVersion[r] === registry.version;
      if (still && lastNode[r] === node) {
        pod = lastPod[r];
      } else {
        pod = registry.resolve(refs[r], node);
        lastPod[r] = pod;
        lastNode[r] = node;
        lastVersion[r] = registry.version;
      }
      if (pod >= 0 && fileAdd[i]) registry.markFileSource(pod);
    } else if (r === SEVERAL_POD_REFS) {
      const ids: number[] = [];
      for (const k of o.multiRefs.get(i)!) {
        const id = registry.resolve(refs[k], nodeName[i] || defaultNode[i]);
        if (id >= 0) ids.push(id);
      }
      o.multiPod.set(i, ids);
    }
    o.pod.push(pod);
  }
}
