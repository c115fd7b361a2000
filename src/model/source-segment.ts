/**
 * A later part of one source, read on its own (in a second thread) from a line where a klog record starts, as plain
 * data: what its reader counted and noted, its fingerprint notes, diagnostics, weak year hints and raw bytes. The
 * source's earlier part takes it in (SourceHandle.absorb) as if it had read those lines itself; its records travel
 * with the rest of the part's columns (collected-merge.ts).
 *
 * Reading a part on its own differs from reading on in three places, each settled here or checked before merging:
 * a part does not know the node its source's lines default to (its records say ASSUMED_NODE_KEY until the part
 * names one itself), nor whether the source reads like a document (it reads on as a log and keeps the margin by
 * which it stayed one: lowestLogMargin), nor how many of its damaged lines the source still lists (each diagnostic
 * says whether it is a damage one).
 */
import type { FingerprintLog } from '../catalog/fingerprint.ts';
import type { ReaderState } from '../ingest/source-reader.ts';
import type { Diagnostic } from './trace.ts';

/**
 * The node name of a source that names none (no journald host, glog header or glog file name): shared, so rotated
 * plain files of one node share their pods. Reconstruct replaces it with the name the kubelet states for its own
 * node, if the log has such a line (ordered-events.ts).
 */
export const ASSUMED_NODE_NAME = 'node';

/** Host names a machine's journal shows before its own name is set (early in a boot), not a node's name. */
export const PLACEHOLDER_HOSTS: readonly string[] = ['localhost', 'localhost.localdomain', '(none)'];

/** defaultNode of a record in a later part before the part names its node: the source's node as the earlier part left it. */
export const ASSUMED_NODE_KEY = -1;

export interface SourceSegment {
  name: string;
  reader: ReaderState;
  fingerprint: FingerprintLog;
  /** In order; `line` counts from the segment's first line (1). */
  diagnostics: Diagnostic[];
  /** Per diagnostic: it reports a damaged line (the source lists only the first few of those). */
  damage: boolean[];
  diagnosticsDropped: number;
  /** [record index in the part, year]. */
  weakYears: [number, number][];
  /**
   * The least, over the segment's records when each was passed on, of records minus other lines (unrecognized and
   * blank) counted in the segment so far. The source reads like a document when other lines outnumber records; the
   * segment never did if the earlier part's margin plus this one stays ≥ 0.
   */
  lowestLogMargin: number;
  bytes: number;
  chunks: Uint8Array[];
  chunkStarts: number[];
  /** Offsets from the segment's first byte. */
  lineStarts: Float64Array;
}
