/**
 * Classification remembered by text. A kubelet log says the same things all day — probe results, housekeeping
 * steps, resyncs of unchanged pods, the same status dump — so most records repeat a text seen before, header aside.
 * Classifying depends only on that text (from the message on), plus the caller's file name for a message the catalog
 * does not know, so the result of the first one is reused, with its strings already interned. JSON records carry
 * their timestamp in the text and are always classified afresh, and so are records cut short (LogRecord.cutShort).
 *
 * The memo is bounded: two generations of at most MAX_ENTRIES texts and MAX_CHARS characters each. When the recent
 * one is full it becomes the older one (and the older one is dropped); a text found in the older one moves back to
 * the recent one, so what a long log keeps saying stays remembered. Kept strings are copied out of their line
 * (detachString), so the memo never keeps a decoded chunk alive.
 *
 * The fast path (fast-records.ts) asks by bytes instead: byte-memo.ts.
 */
import { Classifier, newClassified } from '../catalog/classify.ts';
import { CATALOG, FILE_DECIDES } from '../catalog/catalog.ts';
import type { PodRef } from '../catalog/extract.ts';
import { Era, type LogRecord } from '../ingest/record.ts';
import { detachString, type StringTable } from '../util/string-table.ts';
import type { LaneKind } from './trace.ts';

/** What the collector stores for a classified record; string fields are already ids in the collector's table. */
export interface ClassifiedRecord {
  era: Era;
  entry: number;
  kind: number;
  laneKind: number;
  pods: readonly PodRef[];
  cid: number;
  cname: number;
  sid: number;
  text: number;
  /** Index in PROBE_TYPES (0 = none). */
  probe: number;
  num: number;
  /** A SyncLoop ADD from the `file` source: its pod is a static pod. */
  fileAdd: boolean;
  /** Another program printed it (CatalogEntry.notKubelet, or a file only another one has): its pid is not the kubelet's. */
  otherProgram: boolean;
  /** Short container ID (its first 12 characters) → name pairs the line reveals (status dumps). */
  learnedNames: readonly (readonly [string, string])[];
  /** Where a structured message ends inside a value (Classified.cut), '' if it does not. */
  cut: string;
  /** Index of the (single) pod reference in the collector's reference list, once it has one (-1 before). */
  refId: number;
  /** The same for a line that names several pods. */
  refIds: number[] | undefined;
}

export const PROBE_TYPES = ['', 'readiness', 'liveness', 'startup'];

interface MemoEntry {
  /** The text from the message on (the memo's key). */
  text: string;
  /** File of the line, which decides the lane of a message the catalog does not know. */
  file: string;
  result: ClassifiedRecord;
}

const MAX_ENTRIES = 65_536;
const MAX_CHARS = 16 << 20;
/** Longer texts (large dumps) are rare and not worth keeping. */
const MAX_KEY_CHARS = 8192;

export class RecordMemo {
  hits = 0;
  misses = 0;
  private readonly classifier = new Classifier();
  private readonly cls = newClassified();
  private recent = new Map<string, MemoEntry>();
  private older = new Map<string, MemoEntry>();
  private recentChars = 0;

  constructor(
    private readonly strings: StringTable,
    private readonly laneKindIndex: ReadonlyMap<LaneKind, number>,
    private readonly limits = { entries: MAX_ENTRIES, chars: MAX_CHARS },
  ) {}

  classify(rec: LogRecord): ClassifiedRecord {
    // A text cut short is read as the beginning of a known message, which the same text whole is not: never shared.
    if (rec.era === Era.Json || rec.cutShort) return this.classifyFresh(rec, false);
    const key = rec.msgStart === 0 ? rec.text : rec.text.slice(rec.msgStart);
    let known = this.recent.get(key);
    if (known === undefined) {
      known = this.older.get(key);
      if (known !== undefined) this.remember(known);
    }
    if (known !== undefined && known.result.era === rec.era && (!FILE_DECIDES[known.result.entry] || known.file === rec.file)) {
      this.hits++;
      return known.result;
    }
    this.misses++;
    if (key.length > MAX_KEY_CHARS) return this.classifyFresh(rec, false);
    const result = this.classifyFresh(rec, true);
    this.remember({ text: detachString(key), file: detachString(rec.file), result });
    return result;
  }

  /** Reading is over: lets go of every remembered text. */
  release(): void {
    this.recent = new Map();
    this.older = new Map();
    this.recentChars = 0;
  }

  private remember(entry: MemoEntry): void {
    if (this.recent.size >= this.limits.entries || this.recentChars + entry.text.length > this.limits.chars) {
      this.older = this.recent;
      this.recent = new Map();
      this.recentChars = 0;
    }
    this.recent.set(entry.text, entry);
    this.recentChars += entry.text.length;
  }

  /** Classifies and interns, without remembering; `keep` copies the strings the result holds out of the line. */
  classifyFresh(rec: LogRecord, keep: boolean): ClassifiedRecord {
    const c = this.cls;
    this.classifier.classify(rec, c);
    const s = this.strings;
    const own = keep ? detachString : (x: string) => x;
    return {
      era: rec.era,
      entry: c.entry,
      kind: c.kind,
      laneKind: this.laneKindIndex.get(c.lane)!,
      pods: c.pods.map((p) => (keep ? { uid: own(p.uid), namespace: own(p.namespace), name: own(p.name), container: own(p.container) } : p)),
      // Interned in this order (container ID, name, sandbox, text), as the collector always did.
      cid: c.containerId ? s.intern(c.containerId) : 0,
      cname: c.containerName ? s.intern(c.containerName) : 0,
      sid: c.sandboxId ? s.intern(c.sandboxId) : 0,
      probe: Math.max(0, PROBE_TYPES.indexOf(c.probeType)),
      num: c.num,
      fileAdd: c.text === 'file' && CATALOG[c.entry].kind === 'syncloop.add',
      otherProgram: c.otherProgram,
      learnedNames: c.learnedNames.map(([id, name]) => [id.slice(0, 12), own(name)] as const),
      text: c.text ? s.intern(c.text) : 0,
      cut: c.cut,
      refId: -1,
      refIds: undefined,
    };
  }
}
