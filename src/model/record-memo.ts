/**
 * Classification remembered by text. A kubelet log says the same things all day — probe results, housekeeping
 * steps, resyncs of unchanged pods, the same status dump — so most records repeat a text seen before, header aside.
 * Classifying depends only on that text (from the message on), plus the caller's file name for a message the catalog
 * does not know, so the result of the first one is reused, with its strings already interned. JSON records carry
 * their timestamp in the text and are always classified afresh.
 *
 * The memo is bounded: two generations of at most MAX_ENTRIES texts and MAX_CHARS characters each. When the recent
 * one is full it becomes the older one (and the older one is dropped); a text found in the older one moves back to
 * the recent one, so what a long log keeps saying stays remembered. Kept strings are copied out of their line
 * (detachString), so the memo never keeps a decoded chunk alive.
 *
 * The fast path (fast-records.ts) asks by bytes instead (classifyBytes): the same rules, with the message's bytes as
 * the key of a ByteKeyTable (util/byte-hash.ts), so a line seen before is recognised without ever being decoded.
 */
import { Classifier, newClassified } from '../catalog/classify.ts';
import { CATALOG } from '../catalog/catalog.ts';
import type { PodRef } from '../catalog/extract.ts';
import { Era, type LogRecord } from '../ingest/record.ts';
import { detachString, type StringTable } from '../util/string-table.ts';
import { ByteKeyTable } from '../util/byte-hash.ts';
import type { DayMention } from './record-day-year.ts';
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
  /** Short container ID (its first 12 characters) → name pairs the line reveals (status dumps). */
  learnedNames: readonly (readonly [string, string])[];
  /** Catalog id of the entry (version fingerprint signals are keyed by it). */
  entryId: string;
  /** Index of the (single) pod reference in the collector's reference list, once it has one (-1 before). */
  refId: number;
  /** The same for a line that names several pods. */
  refIds: number[] | undefined;
}

/** What the fast path remembers of a message it has classified. */
export interface ByteMemoEntry {
  /** The message (the record text from the message on), decoded once. */
  key: string;
  file: string;
  result: ClassifiedRecord;
  /** `-MM-DD` mentions in the message, found the first time a record asks (record-day-year.ts). */
  mentions: DayMention[] | undefined;
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
  /** The fast path's two generations: byte keys → index into the entries array beside them. */
  private bytesRecent: ByteKeyTable;
  private bytesOlder: ByteKeyTable;
  private bytesRecentEntries: ByteMemoEntry[] = [];
  private bytesOlderEntries: ByteMemoEntry[] = [];
  private readonly asciiDecoder = new TextDecoder('utf-8');

  constructor(
    private readonly strings: StringTable,
    private readonly laneKindIndex: ReadonlyMap<LaneKind, number>,
    private readonly limits = { entries: MAX_ENTRIES, chars: MAX_CHARS },
  ) {
    this.bytesRecent = new ByteKeyTable(limits.entries, limits.chars);
    this.bytesOlder = new ByteKeyTable(limits.entries, limits.chars);
  }

  classify(rec: LogRecord): ClassifiedRecord {
    if (rec.era === Era.Json) return this.fresh(rec, false);
    const key = rec.msgStart === 0 ? rec.text : rec.text.slice(rec.msgStart);
    let known = this.recent.get(key);
    if (known === undefined) {
      known = this.older.get(key);
      if (known !== undefined) this.remember(known);
    }
    if (known !== undefined && known.result.era === rec.era && (known.result.entry !== 0 || known.file === rec.file)) {
      this.hits++;
      return known.result;
    }
    this.misses++;
    if (key.length > MAX_KEY_CHARS) return this.fresh(rec, false);
    const result = this.fresh(rec, true);
    this.remember({ text: detachString(key), file: detachString(rec.file), result });
    return result;
  }

  /**
   * classify() for a one-line record whose message is bytes [msgStart, end) of `bytes`: all ASCII, with hash
   * `hash` (hashAsciiBytes). `rec` holds the record's header; it is classified (with the decoded message as its
   * text) only if this message was not seen before from a file that matters.
   */
  classifyBytes(bytes: Uint8Array, view: DataView, msgStart: number, end: number, hash: number, rec: LogRecord): ByteMemoEntry {
    const at = this.bytesRecent.get(view, msgStart, end, hash);
    let known = at >= 0 ? this.bytesRecentEntries[at] : undefined;
    if (known === undefined) {
      const old = this.bytesOlder.get(view, msgStart, end, hash);
      if (old >= 0) {
        known = this.bytesOlderEntries[old];
        this.rememberBytes(bytes, view, msgStart, end, hash, known);
      }
    }
    if (known !== undefined && (known.result.entry !== 0 || known.file === rec.file)) {
      this.hits++;
      return known;
    }
    this.misses++;
    const key = this.asciiDecoder.decode(bytes.subarray(msgStart, end));
    rec.text = key;
    rec.msgStart = 0;
    if (key.length > MAX_KEY_CHARS) return { key, file: rec.file, result: this.fresh(rec, false), mentions: undefined };
    const entry: ByteMemoEntry = { key, file: detachString(rec.file), result: this.fresh(rec, true), mentions: undefined };
    this.rememberBytes(bytes, view, msgStart, end, hash, entry);
    return entry;
  }

  private rememberBytes(bytes: Uint8Array, view: DataView, start: number, end: number, hash: number, entry: ByteMemoEntry): void {
    if (this.bytesRecentEntries.length >= this.limits.entries || !this.bytesRecent.hasRoomFor(end - start)) {
      const emptied = this.bytesOlder;
      emptied.clear();
      this.bytesOlder = this.bytesRecent;
      this.bytesOlderEntries = this.bytesRecentEntries;
      this.bytesRecent = emptied;
      this.bytesRecentEntries = [];
    }
    this.bytesRecent.set(bytes, view, start, end, hash, this.bytesRecentEntries.length);
    this.bytesRecentEntries.push(entry);
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
      learnedNames: c.learnedNames.map(([id, name]) => [id.slice(0, 12), own(name)] as const),
      text: c.text ? s.intern(c.text) : 0,
      entryId: CATALOG[c.entry].id,
      refId: -1,
      refIds: undefined,
    };
  }
}
