/**
 * Stage 1 in a second thread: a Collector over a later stretch of the input — the rest of a big file from a line
 * where a klog record starts, then whole files — packed as a CollectedPart: plain data whose buffers can be
 * transferred to the main thread, which merges it into its own collection (collected-merge.ts).
 *
 * Everything in a part is as the part's own Collector saw it: string ids of its own table, pod references not yet
 * resolved, years already given to whole sources but not to the rest of a paused one.
 */
import type { PodRef } from '../catalog/extract.ts';
import { Collector, type CollectOptions, type SourceHandle } from './collector.ts';
import type { SourceSegment } from './source-segment.ts';
import type { RawText, SourceInfo } from './trace.ts';

/** The record columns of a part (see Collected for what each holds). */
export interface PartColumns {
  time: Float64Array;
  yearHint: Uint16Array;
  source: Uint16Array;
  line: Uint32Array;
  lineCount: Uint16Array;
  severity: Uint8Array;
  nodeName: Int32Array;
  pid: Uint32Array;
  msg: Uint16Array;
  kind: Uint16Array;
  laneKind: Uint8Array;
  podRef: Int32Array;
  defaultNode: Int32Array;
  fileAdd: Uint8Array;
  cid: Int32Array;
  cname: Int32Array;
  sid: Int32Array;
  probe: Uint8Array;
  num: Float64Array;
  text: Int32Array;
}

/** A source of a part, with its records' range in the part's columns. */
export type PartSource =
  /** The rest of the source the main thread paused. */
  | { kind: 'rest'; segment: SourceSegment; first: number; count: number }
  | { kind: 'whole'; info: SourceInfo; raw: RawText; first: number; count: number };

export interface CollectedPart {
  strings: string[];
  count: number;
  columns: PartColumns;
  podRefs: PodRef[];
  multiRefs: [record: number, refs: number[]][];
  idNames: [shortId: string, name: string][];
  sources: PartSource[];
  /** Records read by their bytes. */
  readAsBytes: number;
}

/** Collects a part: add sources in input order, end each, then take the part (with the buffers to transfer). */
export class PartCollector {
  private readonly collector: Collector;
  private readonly sources: PartSource[] = [];
  private open: { handle: SourceHandle; rest: boolean; first: number } | undefined;

  constructor(opts: CollectOptions, expectedBytes = 0) {
    this.collector = new Collector(opts);
    if (expectedBytes > 0) this.collector.expectBytes(expectedBytes);
  }

  /** Starts a source; `rest`: it is the rest of the source the main thread is reading (only the first may be). */
  addSource(name: string, meta: { gzip?: boolean; rest?: boolean } = {}): SourceHandle {
    if (this.open) throw new Error('PartCollector: end the previous source first');
    if (meta.rest && this.sources.length > 0) throw new Error('PartCollector: only the first source can continue an earlier part');
    const handle = this.collector.addSource(name, { gzip: meta.gzip, continuesEarlierPart: meta.rest });
    this.open = { handle, rest: meta.rest ?? false, first: this.collector.out.count };
    return handle;
  }

  endSource(): void {
    const open = this.open;
    if (!open) return;
    this.open = undefined;
    // Ending reads the last record, so the count comes after.
    if (open.rest) {
      const segment = open.handle.endSegment();
      this.sources.push({ kind: 'rest', segment, first: open.first, count: this.collector.out.count - open.first });
    } else {
      const info = open.handle.end();
      this.sources.push({ kind: 'whole', info, raw: this.collector.out.raw[open.handle.index], first: open.first, count: this.collector.out.count - open.first });
    }
  }

  /** The part and the buffers to transfer with it. */
  finish(): { part: CollectedPart; transfer: ArrayBuffer[] } {
    this.endSource();
    const o = this.collector.out;
    const n = o.count;
    const columns: PartColumns = {
      time: o.time.slice(0, n), yearHint: o.yearHint.slice(0, n), source: o.source.slice(0, n), line: o.line.slice(0, n),
      lineCount: o.lineCount.slice(0, n), severity: o.severity.slice(0, n), nodeName: o.nodeName.slice(0, n), pid: o.pid.slice(0, n),
      msg: o.msg.slice(0, n), kind: o.kind.slice(0, n), laneKind: o.laneKind.slice(0, n), podRef: o.podRef.slice(0, n),
      defaultNode: o.defaultNode.slice(0, n), fileAdd: o.fileAdd.slice(0, n), cid: o.cid.slice(0, n), cname: o.cname.slice(0, n),
      sid: o.sid.slice(0, n), probe: o.probe.slice(0, n), num: o.num.slice(0, n), text: o.text.slice(0, n),
    };
    const part: CollectedPart = {
      strings: o.strings.list, count: o.count, columns, podRefs: o.podRefs, multiRefs: [...o.multiRefs], idNames: [...o.idNames],
      sources: this.sources, readAsBytes: o.readAsBytes,
    };
    const buffers = new Set<ArrayBuffer>();
    for (const col of Object.values(columns)) buffers.add(col.buffer as ArrayBuffer);
    for (const s of this.sources) {
      const chunks = s.kind === 'rest' ? s.segment.chunks : s.raw.pieces;
      for (const c of chunks) buffers.add(c.buffer as ArrayBuffer);
      buffers.add((s.kind === 'rest' ? s.segment.lineStarts : s.raw.lineStarts).buffer as ArrayBuffer);
    }
    return { part, transfer: [...buffers] };
  }
}
