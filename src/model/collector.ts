/**
 * Stage 1 of building a Trace: every record of every source is classified by the catalog and appended to growable
 * columns, in file order. When a source ends its records get their year (util/time.ts explains why klog times
 * arrive without one) and the source its summary (source-handle.ts). Pod references are kept per record as they
 * come and resolved to provisional pod ids in one pass at the end (finish), so that parts of the input collected
 * apart (collected-merge.ts) resolve exactly as if they had been read in one go.
 */
import type { VersionFingerprint } from '../catalog/fingerprint.ts';
import type { PodRef } from '../catalog/extract.ts';
import { kindId } from '../catalog/catalog.ts';
import { Era, type LogRecord } from '../ingest/record.ts';
import { detachString, StringTable } from '../util/string-table.ts';
import { PodRegistry } from './pod-registry.ts';
import { RecordMemo, type ClassifiedRecord } from './record-memo.ts';
import {
  ByteMemo, FLAG_FILE_ADD, FLAG_LEARNED_NAMES, FLAG_ONE_POD, FLAG_OTHER_PROGRAM, FLAG_SEVERAL_PODS, REF_UNSET, ROW, ROW_CID, ROW_CNAME, ROW_ENTRY, ROW_FLAGS,
  ROW_KIND, ROW_LANE_KIND, ROW_POD_REF, ROW_PROBE, ROW_SID, ROW_TEXT,
} from './byte-memo.ts';
import { SourceHandle } from './source-handle.ts';
import { ASSUMED_NODE_NAME, PLACEHOLDER_HOSTS } from './source-segment.ts';
import type { LaneKind, RawText, SourceInfo } from './trace.ts';
import { Packer } from '../util/lz-pack.ts';

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
  /**
   * The reader's clock (epoch µs) when defaultYear is its year rather than given: a source whose year is assumed and
   * that would then end more than a day after this is put in the year before (a log of 29 Nov read on 27 Nov).
   */
  assumedNotAfterUs?: number;
  maxDiagnosticsPerSource?: number;
  /** Read bare klog lines by their bytes when possible (fast-records.ts); false reads every line as text. */
  fastPath?: boolean;
  /**
   * Keep the raw text packed (model/raw-text.ts): each chunk is packed once stage 1 has read it. The app does when
   * its pack worker cannot start, to hold a log in a fraction of its size; the CLI does not.
   */
  packRawText?: boolean;
  /**
   * The caller keeps the raw text (the app's pack worker packs the chunks on another thread; the CLI leaves a plain
   * file's text in the file, per source: addSource's textElsewhere): sources keep no bytes, and each handle's end()
   * takes the text.
   */
  rawTextElsewhere?: boolean;
  /**
   * Give back each collected column's memory as soon as building the trace is done with it, by detaching its buffer,
   * rather than when the garbage collector gets to it (default true; the app's worker keeps its peak down so). The
   * command line does not: detaching any buffer makes V8 discard the machine code it compiled for typed arrays (it
   * assumes no buffer was ever detached until one is), which cost the 200 MB benchmark ~0.1 s in its second run.
   */
  releaseColumnsEarly?: boolean;
  /**
   * Makes the buffers of the collected columns without clearing them (the command line: Node's unpooled unsafe
   * allocation). Every record's every column is written before anything reads it, and nothing reads past the
   * records, so the room reserved ahead need not be zero — and clearing it is most of what reserving costs when a
   * process analyses a second big log: the C library hands the first one's freed memory back, cleared first.
   */
  uninitializedBuffer?: (bytes: number) => ArrayBuffer;
}

/** Kubelet log lines average two to three hundred bytes; fewer than this per record is rare. */
const BYTES_PER_RECORD_AT_LEAST = 120;

/** podRef of a record that names no pod, and of one that names several (see Collected.multiRefs). */
export const NO_POD_REF = -1;
export const SEVERAL_POD_REFS = -2;

/**
 * The columns collected in stage 1, in file order (time already in epoch µs after each source ends). Records
 * [0, count) are filled; the arrays have room for more and grow together (reserve), so appending a record costs one
 * room check, not one per column. Read them through subarray(0, count).
 */
export class Collected {
  readonly strings = new StringTable();
  count = 0;
  private capacity = 0;
  time = new Float64Array(0);
  yearHint = new Uint16Array(0);
  source = new Uint16Array(0);
  line = new Uint32Array(0);
  lineCount = new Uint16Array(0);
  severity = new Uint8Array(0);
  /** String id of the node name the line stated; 0 = the source's default node. */
  nodeName = new Int32Array(0);
  pid = new Uint32Array(0);
  msg = new Uint16Array(0);
  kind = new Uint16Array(0);
  laneKind = new Uint8Array(0);
  /** Index into podRefs of the pod the line names, NO_POD_REF, or SEVERAL_POD_REFS (then see multiRefs). */
  podRef = new Int32Array(0);
  /**
   * String id of the node the source's lines default to, as far as known when the record was read (pods are told
   * apart per node: a record's pods are looked up on its nodeName, else on this).
   */
  defaultNode = new Int32Array(0);
  /** 1 for a SyncLoop ADD from the `file` source (its pod is a static pod). */
  fileAdd = new Uint8Array(0);
  /** Provisional pod id (PodRegistry), -1 for none: filled by resolvePods for records [0, resolved). */
  pod = new Int32Array(0);
  resolved = 0;
  cid = new Int32Array(0);
  cname = new Int32Array(0);
  sid = new Int32Array(0);
  probe = new Uint8Array(0);
  num = new Float64Array(0);
  text = new Int32Array(0);
  /** Pod references as lines state them, each distinct one once (refIndex finds one by its content). */
  readonly podRefs: PodRef[] = [];
  /** Indices into podRefs by the reference's name (by its uid when it has no name); a list holds a few. */
  readonly refIndex = new Map<string, number[]>();
  /** The references past a list's few, by all four strings joined. */
  readonly refOverflow = new Map<string, number>();
  /** Record index → podRefs indices, for lines that name several pods. */
  readonly multiRefs = new Map<number, number[]>();
  /** Record index → provisional pod ids, for lines that name several pods (filled by resolvePods). */
  readonly multiPod = new Map<number, number[]>();
  /** Container ID → name, learned from lines that list several containers (status dumps). */
  readonly idNames = new Map<string, string>();
  readonly pods = new PodRegistry();
  readonly sources: SourceInfo[] = [];
  readonly raw: RawText[] = [];
  /** Records the fast path read by their bytes (the rest were read as text): for tests and the benchmark. */
  readAsBytes = 0;
  /** CollectOptions.releaseColumnsEarly. */
  releaseEarly = true;
  /** CollectOptions.uninitializedBuffer. */
  uninitializedBuffer: ((bytes: number) => ArrayBuffer) | undefined;

  constructor() {
    this.reserve(1 << 16);
  }

  /** Makes room for at least `records` records (all columns grow together, at least doubling). */
  reserve(records: number): void {
    if (records <= this.capacity) return;
    const n = Math.max(records, this.capacity * 2);
    const keep = this.count;
    const uninitialized = this.uninitializedBuffer;
    const grow = <T extends Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array>(old: T): T => {
      const bytes = n * old.BYTES_PER_ELEMENT;
      const next = new (old.constructor as new (buffer: ArrayBuffer, offset: number, length: number) => T)(
        uninitialized ? uninitialized(bytes) : new ArrayBuffer(bytes), 0, n);
      next.set(old.subarray(0, keep) as never);
      return next;
    };
    this.time = grow(this.time);
    this.yearHint = grow(this.yearHint);
    this.source = grow(this.source);
    this.line = grow(this.line);
    this.lineCount = grow(this.lineCount);
    this.severity = grow(this.severity);
    this.nodeName = grow(this.nodeName);
    this.pid = grow(this.pid);
    this.msg = grow(this.msg);
    this.kind = grow(this.kind);
    this.laneKind = grow(this.laneKind);
    this.podRef = grow(this.podRef);
    this.defaultNode = grow(this.defaultNode);
    this.fileAdd = grow(this.fileAdd);
    this.pod = grow(this.pod);
    this.cid = grow(this.cid);
    this.cname = grow(this.cname);
    this.sid = grow(this.sid);
    this.probe = grow(this.probe);
    this.num = grow(this.num);
    this.text = grow(this.text);
    this.capacity = n;
  }
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
  /** The same for the fast path, by bytes (byte-memo.ts). */
  readonly byteMemo = new ByteMemo(this.memo);
  /** Packs the raw text's chunks when opts.packRawText (its working memory is made on first use). */
  private packerMade: Packer | undefined;
  /** Sources started so far (including the rest of a source read as a later part, which ends without a SourceInfo). */
  private sourcesStarted = 0;

  constructor(readonly opts: CollectOptions) {
    this.out.releaseEarly = opts.releaseColumnsEarly ?? true;
    this.out.uninitializedBuffer = opts.uninitializedBuffer;
  }

  get packer(): Packer {
    return (this.packerMade ??= new Packer());
  }

  /**
   * Starts a source. Push its bytes (any chunking) to the returned handle, then call end(). `textElsewhere`: this
   * source's raw text is kept by the caller, as opts.rawTextElsewhere says of every source. `expectedLines`: about
   * how many lines the source has, if known (room is made for their offsets at once).
   */
  addSource(name: string, meta: { gzip?: boolean; continuesEarlierPart?: boolean; textElsewhere?: boolean; expectedLines?: number } = {}): SourceHandle {
    return new SourceHandle(this, this.sourcesStarted++, name, meta.gzip ?? false, this.opts, meta.continuesEarlierPart ?? false,
      meta.textElsewhere ?? false, meta.expectedLines ?? 0);
  }

  /** Sources merged in from a part count as started here (collected-merge.ts). */
  countMergedSources(count: number): void {
    this.sourcesStarted += count;
  }

  /**
   * Makes room for the records of about `bytes` more bytes of log at once, so the columns are not copied again and
   * again as they grow (nor when a part read in another thread is merged in). Room never used costs no memory: the
   * pages of an array never written are never given to the process.
   */
  expectBytes(bytes: number): void {
    this.expectRecords(Math.ceil(bytes / BYTES_PER_RECORD_AT_LEAST));
  }

  /** Makes room for about `records` more records at once, when the caller can tell better than by bytes (expectBytes). */
  expectRecords(records: number): void {
    this.out.reserve(this.out.count + records);
  }

  /**
   * Appends one record read as text (called by SourceHandle). `defaultNode` is the string id of the node the source's
   * lines belong to when they name none, as far as known yet: pods are told apart per node, so that rotated files
   * of one node share their pods.
   */
  addRecord(rec: LogRecord, sourceIndex: number, fp: VersionFingerprint, defaultNode: number): ClassifiedRecord {
    const nodeName = rec.host ? this.out.strings.intern(rec.host) : 0;
    // Classified after the host is interned, so string ids are handed out in the same order as always.
    const cls = this.memo.classify(rec);
    this.append(rec, sourceIndex, nodeName, defaultNode, cls);
    // A JSON record is keyed like a structured one (its msg is the structured message). What is written to stderr
    // without a header (a crash report, an error line) reads the same in every release: no evidence of one.
    // (Nor is another program's line evidence of the kubelet's version.)
    if (rec.era !== Era.Stderr && !cls.otherProgram) {
      fp.observeFile(rec.file);
      fp.observe(cls.entry, rec.file, rec.fileLine, rec.text, rec.msgStart, rec.era !== Era.Printf, rec.severity);
    }
    return cls;
  }

  /**
   * Appends a record the fast path read (no host, one line), classified as `row` of the byte memo says; the caller
   * observes its fingerprint. Reads the row's numbers, and the classification's objects only when the row says a
   * line needs them.
   */
  addFastRecord(h: RecordHeader, sourceIndex: number, defaultNode: number, row: number): void {
    const o = this.out;
    const memo = this.byteMemo;
    const rows = memo.rows;
    const at = row * ROW;
    const i = o.count;
    o.reserve(i + 1);
    o.time[i] = h.yearlessUs;
    o.yearHint[i] = 0;
    o.source[i] = sourceIndex;
    o.line[i] = h.line;
    o.lineCount[i] = 1;
    o.severity[i] = h.severity;
    o.nodeName[i] = 0;
    const flags = rows[at + ROW_FLAGS];
    // (A prompt's program's line has pid -1: SourceReader.markCommandOutput.)
    o.pid[i] = flags & FLAG_OTHER_PROGRAM || h.pid < 0 ? 0 : h.pid;
    o.msg[i] = rows[at + ROW_ENTRY];
    o.kind[i] = rows[at + ROW_KIND];
    o.laneKind[i] = rows[at + ROW_LANE_KIND];
    if (flags & FLAG_ONE_POD) {
      let ref = rows[at + ROW_POD_REF];
      if (ref === REF_UNSET) rows[at + ROW_POD_REF] = ref = refNumber(o, memo.result(row).pods[0]);
      o.podRef[i] = ref;
    } else if (flags & FLAG_SEVERAL_PODS) {
      const cls = memo.result(row);
      cls.refIds ??= cls.pods.map((ref) => refNumber(o, ref));
      o.multiRefs.set(i, cls.refIds);
      o.podRef[i] = SEVERAL_POD_REFS;
    } else {
      o.podRef[i] = NO_POD_REF;
    }
    o.defaultNode[i] = defaultNode;
    o.fileAdd[i] = flags & FLAG_FILE_ADD ? 1 : 0;
    o.cid[i] = rows[at + ROW_CID];
    o.cname[i] = rows[at + ROW_CNAME];
    o.sid[i] = rows[at + ROW_SID];
    o.probe[i] = rows[at + ROW_PROBE];
    o.num[i] = memo.num(row);
    o.text[i] = rows[at + ROW_TEXT];
    if (flags & FLAG_LEARNED_NAMES) {
      this.learnNames(memo.result(row));
      // Names once learned stay (learnNames only adds): the message's repeats have nothing more to teach.
      rows[at + ROW_FLAGS] = flags & ~FLAG_LEARNED_NAMES;
    }
    o.count = i + 1;
    o.readAsBytes++;
    memo.settle(row);
  }

  private learnNames(cls: ClassifiedRecord): void {
    const o = this.out;
    for (const [shortId, name] of cls.learnedNames) if (!o.idNames.has(shortId)) o.idNames.set(shortId, name);
  }

  /**
   * Resolves every pod reference collected so far (see resolvePods) and returns the columns. Reading is over: the
   * memos let go of what they remembered, so building the trace does not hold them too.
   */
  finish(): Collected {
    rehomePlaceholderHosts(this.out);
    homeHostlessRecords(this.out);
    resolvePods(this.out);
    this.byteMemo.release();
    this.memo.release();
    return this.out;
  }

  private append(h: RecordHeader, sourceIndex: number, nodeName: number, defaultNode: number, cls: ClassifiedRecord): void {
    const o = this.out;
    const i = o.count;
    o.reserve(i + 1);
    o.time[i] = h.yearlessUs;
    o.yearHint[i] = h.yearHint;
    o.source[i] = sourceIndex;
    o.line[i] = h.line;
    o.lineCount[i] = Math.min(h.lineCount, 65535);
    o.severity[i] = h.severity;
    o.nodeName[i] = nodeName;
    // The pid column holds the kubelet's process only: another program's line (a combined log) has none.
    o.pid[i] = h.pid < 0 || cls.otherProgram ? 0 : h.pid;
    o.msg[i] = cls.entry;
    o.kind[i] = cls.kind;
    o.laneKind[i] = cls.laneKind;
    const pods = cls.pods;
    if (pods.length === 1) {
      if (cls.refId < 0) cls.refId = refNumber(o, pods[0]);
      o.podRef[i] = cls.refId;
    } else if (pods.length > 1) {
      cls.refIds ??= pods.map((ref) => refNumber(o, ref));
      o.multiRefs.set(i, cls.refIds);
      o.podRef[i] = SEVERAL_POD_REFS;
    } else {
      o.podRef[i] = NO_POD_REF;
    }
    o.defaultNode[i] = defaultNode;
    o.fileAdd[i] = cls.fileAdd ? 1 : 0;
    o.cid[i] = cls.cid;
    o.cname[i] = cls.cname;
    o.sid[i] = cls.sid;
    o.probe[i] = cls.probe;
    o.num[i] = cls.num;
    o.text[i] = cls.text;
    if (cls.learnedNames.length) this.learnNames(cls);
    o.count = i + 1;
  }
}

/**
 * The index of a reference in podRefs, adding it (its strings copied out of the line they came from) if new. Lines
 * of many kinds name the same pod the same way; one entry for all of them lets resolvePods answer them all at once.
 */
export function refNumber(o: Collected, ref: PodRef): number {
  // Looked up by one of its strings, not by all four joined: joining them makes a new string to hash on every call.
  const key = ref.name || ref.uid;
  let ids = o.refIndex.get(key);
  if (ids === undefined) o.refIndex.set(detachString(key), (ids = []));
  for (const id of ids) {
    const r = o.podRefs[id];
    if (r.name === ref.name && r.uid === ref.uid && r.namespace === ref.namespace && r.container === ref.container) return id;
  }
  // Past a few references of one name (a hostile log's thousand namespaces), the rest are found by the joined key.
  let joined = '';
  if (ids.length >= MAX_REFS_BY_NAME) {
    joined = `${ref.uid}|${ref.namespace}|${ref.name}|${ref.container}`;
    const known = o.refOverflow.get(joined);
    if (known !== undefined) return known;
  }
  const id = o.podRefs.length;
  o.podRefs.push({ uid: detachString(ref.uid), namespace: detachString(ref.namespace), name: detachString(ref.name), container: detachString(ref.container) });
  if (joined) o.refOverflow.set(detachString(joined), id);
  else ids.push(id);
  return id;
}

/** References listed under one name in refIndex; more go to refOverflow. */
const MAX_REFS_BY_NAME = 16;

/**
 * Lines a journal wrote under a placeholder host (`localhost`, before the machine had its name: an OpenShift or
 * cloud node's first boot) belong to the node whose name the same source shows next; they would otherwise make a
 * second node of the same kubelet and split its pods in two. A source that never names a real host keeps them.
 */
export function rehomePlaceholderHosts(o: Collected): void {
  const placeholders = new Set<number>();
  for (const h of PLACEHOLDER_HOSTS) {
    const id = o.strings.find(h);
    if (id >= 0) placeholders.add(id);
  }
  if (placeholders.size === 0) return;
  // First from the end: the next real name each source shows after a record; then, for placeholders after a
  // source's last real name, from the start: that name.
  nameAfterReal(o, placeholders, o.count - 1, -1);
  nameAfterReal(o, placeholders, 0, 1);
}

/**
 * A line that names no host (a bare klog line pasted among journal lines) goes on its source's node in the trace
 * (ordered-events.ts assignNodes): the host the source's lines name most, known once the source is read. Its pod
 * reference is resolved on that node too, so a pod the bare line names by name alone is the same pod its journal
 * lines name with a uid, not a second one on the provisional node the line was read under. A source that names no
 * node keeps its provisional one (the shared default, so rotated plain files of one node share their pods).
 */
export function homeHostlessRecords(o: Collected): void {
  const nodeKey = o.sources.map((s) => (s && s.node !== ASSUMED_NODE_NAME ? o.strings.intern(s.node) : 0));
  if (!nodeKey.some((k) => k !== 0)) return;
  const { nodeName, defaultNode, source, pid } = o;
  // The kubelet processes the source's host-named lines show. A bare line of a process none of them shows is
  // another process's, of a host not named (a second poster's paste in the same thread): it stays off the named
  // host, whose kubelet it would otherwise make seem to restart.
  const hostedPids = o.sources.map(() => new Set<number>());
  for (let i = 0; i < o.count; i++) if (nodeName[i] !== 0 && pid[i] !== 0) hostedPids[source[i]].add(pid[i]);
  let unnamed = 0;
  for (let i = 0; i < o.count; i++) {
    if (nodeName[i] !== 0) continue;
    const key = nodeKey[source[i]];
    if (key === 0) continue;
    const pids = hostedPids[source[i]];
    if (pid[i] !== 0 && pids.size > 0 && !pids.has(pid[i])) {
      nodeName[i] = unnamed ||= o.strings.intern(ASSUMED_NODE_NAME);
      continue;
    }
    defaultNode[i] = key;
  }
}

/** Walks the records from `from` by `step`, giving each placeholder host the last real host its source showed. */
function nameAfterReal(o: Collected, placeholders: Set<number>, from: number, step: number): void {
  const real = new Map<number, number>();
  const { nodeName, source } = o;
  for (let i = from; i >= 0 && i < o.count; i += step) {
    const host = nodeName[i];
    if (host === 0) continue;
    if (!placeholders.has(host)) real.set(source[i], host);
    else {
      const name = real.get(source[i]);
      if (name !== undefined) nodeName[i] = name;
    }
  }
}

/**
 * Turns every record's pod reference into a provisional pod id, in record order (resolving is what merges the
 * forms a pod is named in, so order matters). A reference resolved before is answered again without asking the
 * registry while that answer cannot have changed: one with a uid keeps resolving to its pod (a pod with a uid is
 * never merged into another, and resolving the same reference again only fills in what it already filled); one
 * without a uid is asked again whenever the registry changed (PodRegistry.version).
 */
const SYNCLOOP_ADD = kindId('syncloop.add');
const SYNCLOOP_REMOVE = kindId('syncloop.remove');
/** Its pod is the mirror pod being deleted (the API's copy of a static pod), not the static pod. */
const MIRROR_OUTDATED = kindId('sync.mirror-outdated');

export function resolvePods(o: Collected): void {
  const refs = o.podRefs;
  const registry = o.pods;
  const lastPod = new Int32Array(refs.length);
  const lastNode = new Float64Array(refs.length).fill(NaN);
  const lastVersion = new Float64Array(refs.length).fill(NaN);
  const hasUid = new Uint8Array(refs.length);
  for (let r = 0; r < refs.length; r++) hasUid[r] = refs[r].uid !== '' ? 1 : 0;
  const { podRef, nodeName, defaultNode, fileAdd, pod: podCol, kind, time } = o;
  for (let i = o.resolved; i < o.count; i++) {
    const r = podRef[i];
    const added = kind[i] === SYNCLOOP_ADD;
    let pod = -1;
    if (r >= 0) {
      const node = nodeName[i] || defaultNode[i];
      const still = hasUid[r] ? lastVersion[r] >= 0 : lastVersion[r] === registry.version && !added;
      if (still && lastNode[r] === node) {
        pod = lastPod[r];
      } else {
        pod = registry.resolve(refs[r], node, time[i], added);
        lastPod[r] = pod;
        lastNode[r] = node;
        lastVersion[r] = registry.version;
      }
      if (pod >= 0 && fileAdd[i]) registry.markFileSource(pod);
      if (kind[i] === MIRROR_OUTDATED) registry.markMirror(pod);
      if (kind[i] === SYNCLOOP_REMOVE) registry.markRemoved(pod, time[i]);
    } else if (r === SEVERAL_POD_REFS) {
      const ids: number[] = [];
      for (const k of o.multiRefs.get(i)!) {
        const id = registry.resolve(refs[k], nodeName[i] || defaultNode[i], time[i], added);
        if (id >= 0) ids.push(id);
        if (kind[i] === SYNCLOOP_REMOVE) registry.markRemoved(id, time[i]);
      }
      o.multiPod.set(i, ids);
    }
    podCol[i] = pod;
  }
  o.resolved = o.count;
}
