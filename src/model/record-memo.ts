/**
 * Classification remembered by text. A kubelet log says the same things all day — probe results, housekeeping
 * steps, resyncs of unchanged pods, the same status dump — so most records repeat a text seen before, header aside.
 * Classifying depends only on that text (from the message on) and the caller's file name, so the result of the first
 * one is reused, with its strings already interned. JSON records carry their timestamp in the text and are always
 * classified afresh.
 *
 * The memo is bounded (entries and characters); when full it starts over. Kept strings are copied out of their line
 * (detachString), so the memo never keeps a decoded chunk alive.
 */
import { Classifier, newClassified } from '../catalog/classify.ts';
import { CATALOG } from '../catalog/catalog.ts';
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
  /** Container ID → name pairs the line reveals (status dumps). */
  learnedNames: readonly (readonly [string, string])[];
  /** Catalog id of the entry (version fingerprint signals are keyed by it). */
  entryId: string;
}

export const PROBE_TYPES = ['', 'readiness', 'liveness', 'startup'];

const MAX_ENTRIES = 65_536;
const MAX_CHARS = 16 << 20;
/** Longer texts (large dumps) are rare and not worth keeping. */
const MAX_KEY_CHARS = 8192;

export class RecordMemo {
  hits = 0;
  misses = 0;
  private readonly classifier = new Classifier();
  private readonly cls = newClassified();
  private byFile = new Map<string, Map<string, ClassifiedRecord>>();
  private entries = 0;
  private chars = 0;

  constructor(private readonly strings: StringTable, private readonly laneKindIndex: ReadonlyMap<LaneKind, number>) {}

  classify(rec: LogRecord): ClassifiedRecord {
    if (rec.era === Era.Json) return this.fresh(rec, false);
    const key = rec.msgStart === 0 ? rec.text : rec.text.slice(rec.msgStart);
    const texts = this.byFile.get(rec.file);
    const known = texts?.get(key);
    if (known !== undefined && known.era === rec.era) {
      this.hits++;
      return known;
    }
    this.misses++;
    if (key.length > MAX_KEY_CHARS) return this.fresh(rec, false);
    const result = this.fresh(rec, true);
    if (this.entries >= MAX_ENTRIES || this.chars + key.length > MAX_CHARS) {
      this.byFile = new Map();
      this.entries = 0;
      this.chars = 0;
    }
    let forFile = this.byFile.get(rec.file);
    if (!forFile) {
      forFile = new Map();
      this.byFile.set(detachString(rec.file), forFile);
    }
    forFile.set(detachString(key), result);
    this.entries++;
    this.chars += key.length;
    return result;
  }

  /** Classifies and interns; `keep` copies the strings the result holds out of the line. */
  private fresh(rec: LogRecord, keep: boolean): ClassifiedRecord {
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
      learnedNames: c.learnedNames.map(([id, name]) => [own(id), own(name)] as const),
      text: c.text ? s.intern(c.text) : 0,
      entryId: CATALOG[c.entry].id,
    };
  }
}
