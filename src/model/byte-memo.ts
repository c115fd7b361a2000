/**
 * The fast path's memo (fast-records.ts): the same rules as RecordMemo (record-memo.ts explains them), with the
 * message's bytes as the key of a ByteKeyTable (util/byte-hash.ts), so a line seen before is recognised without
 * ever being decoded.
 *
 * What the collector stores for a remembered message is kept as numbers in one flat row per message (ROW_* below)
 * rather than read from the classification's objects: on a busy node a repeated line is most of the input, and
 * what reading one costs is mostly waiting for memory — a row is one cache line, the objects are five. The objects
 * are kept beside the rows for what only some lines need (the pods of a line that names several, learned container
 * names, the message text for the version fingerprint).
 *
 * Bounded like RecordMemo: two generations of at most MAX_ENTRIES messages and MAX_KEY_BYTES bytes; one found only
 * in the older generation moves to the recent one.
 */
import type { LogRecord } from '../ingest/record.ts';
import { ByteKeyTable } from '../util/byte-hash.ts';
import { FILE_DECIDES } from '../catalog/catalog.ts';
import type { DayMention } from './record-day-year.ts';
import type { ClassifiedRecord, RecordMemo } from './record-memo.ts';

// A row: where each number sits.
export const ROW_ENTRY = 0;
export const ROW_KIND = 1;
export const ROW_LANE_KIND = 2;
/** The collector's number for the single pod reference (REF_UNSET until it has numbered it). */
export const ROW_POD_REF = 3;
export const ROW_CID = 4;
export const ROW_CNAME = 5;
export const ROW_SID = 6;
export const ROW_PROBE = 7;
export const ROW_TEXT = 8;
export const ROW_FLAGS = 9;
/** Numbers per row. */
export const ROW = 10;

export const FLAG_FILE_ADD = 1;
/** The line reveals container names (see ClassifiedRecord.learnedNames). */
export const FLAG_LEARNED_NAMES = 2;
export const FLAG_ONE_POD = 4;
export const FLAG_SEVERAL_PODS = 8;
/** A structured message that ends inside a value (structured.ts cutInside): each line of it gets a warning. */
export const FLAG_CUT = 16;
/** Another program printed it (ClassifiedRecord.otherProgram). */
export const FLAG_OTHER_PROGRAM = 32;
export const REF_UNSET = -3;

/** A message that is this long is classified each time and not kept (as in RecordMemo). */
const MAX_KEY_CHARS = 8192;
/** What a log keeps repeating is a few hundred messages: generations this small stay in the processor's cache. */
const MAX_ENTRIES = 16_384;
const MAX_KEY_BYTES = 6 << 20;

/** One generation: the table and, per message it numbers, a row, `num`, and the objects. */
class Generation {
  readonly table: ByteKeyTable;
  /** One row more than the table holds: the last is for a message too long to keep. */
  readonly rows: Int32Array;
  readonly nums: Float64Array;
  readonly keys: string[] = [];
  readonly files: string[] = [];
  /** Undefined once nothing will read it again (settle). */
  readonly results: (ClassifiedRecord | undefined)[] = [];
  readonly mentions: (readonly DayMention[] | undefined)[] = [];
  count = 0;

  constructor(readonly capacity: number, maxKeyBytes: number) {
    this.table = new ByteKeyTable(capacity, maxKeyBytes);
    this.rows = new Int32Array((capacity + 1) * ROW);
    this.nums = new Float64Array(capacity + 1);
  }

  clear(): void {
    this.table.clear();
    this.count = 0;
    this.keys.length = this.files.length = this.results.length = this.mentions.length = 0;
  }
}

export class ByteMemo {
  hits = 0;
  misses = 0;
  private recent: Generation;
  private older: Generation;
  private readonly decoder = new TextDecoder('utf-8');
  /**
   * The message lookup just classified, as text, until the next lookup (text() and mentions() need no decoding for
   * it). Rows keep no text of their own unless text() is asked for it: most new messages are never seen again (a
   * status dump, a JSON patch), and text kept for each would outlive the young generation for nothing.
   */
  private missRow = -1;
  private missKey = '';

  constructor(private readonly memo: RecordMemo, limits = { entries: MAX_ENTRIES, keyBytes: MAX_KEY_BYTES }) {
    this.recent = new Generation(limits.entries, limits.keyBytes);
    this.older = new Generation(limits.entries, limits.keyBytes);
  }

  /**
   * The row of the one-line record whose message is bytes [msgStart, end) of `bytes` (all ASCII, hash `hash` from
   * hashAsciiBytes), classifying it (with the decoded message as `rec`'s text) if it was not seen before from a
   * file that matters. Read the row with the accessors below before the next lookup.
   */
  lookup(bytes: Uint8Array, view: DataView, msgStart: number, end: number, hash: number, rec: LogRecord): number {
    this.missRow = -1;
    this.missKey = '';
    let g = this.recent;
    let row = g.table.get(view, msgStart, end, hash);
    if (row < 0) {
      const old = this.older;
      const found = old.table.get(view, msgStart, end, hash);
      if (found >= 0) row = this.keep(bytes, view, msgStart, end, hash, old, found);
      g = this.recent;
    }
    if (row >= 0 && (!FILE_DECIDES[g.rows[row * ROW + ROW_ENTRY]] || g.files[row] === rec.file)) {
      this.hits++;
      return row;
    }
    this.misses++;
    const key = this.decoder.decode(bytes.subarray(msgStart, end));
    rec.text = key;
    rec.msgStart = 0;
    let fresh: number;
    if (key.length > MAX_KEY_CHARS) {
      fresh = g.capacity;
      this.fill(g, fresh, rec.file, this.memo.classifyFresh(rec, false));
    } else {
      fresh = this.keep(bytes, view, msgStart, end, hash, undefined, -1, rec.file, this.memo.classifyFresh(rec, true));
    }
    this.missRow = fresh;
    this.missKey = key;
    return fresh;
  }

  /** Reading is over: lets go of every remembered message (a big log's memo holds tens of MB). */
  release(): void {
    this.recent = new Generation(1, 64);
    this.older = new Generation(1, 64);
  }

  get rows(): Int32Array {
    return this.recent.rows;
  }

  /** The number the line carries (see ClassifiedRecord.num). */
  num(row: number): number {
    return this.recent.nums[row];
  }

  /**
   * The message of `row` as text, given the line it was looked up for (its message is bytes [msgStart, end), equal
   * to the row's key). Kept for the row from then on: asked only for the few messages the version fingerprint reads.
   */
  text(row: number, bytes: Uint8Array, msgStart: number, end: number): string {
    const g = this.recent;
    const kept = g.keys[row];
    if (kept) return kept;
    const text = this.textOf(row, bytes, msgStart, end);
    // The last row is reused for every message too long to keep.
    if (row < g.capacity) g.keys[row] = text;
    return text;
  }

  private textOf(row: number, bytes: Uint8Array, msgStart: number, end: number): string {
    return row === this.missRow ? this.missKey : this.recent.keys[row] || this.decoder.decode(bytes.subarray(msgStart, end));
  }

  /** The classification of `row` (see settle: only while the row may still need it). */
  result(row: number): ClassifiedRecord {
    return this.recent.results[row]!;
  }

  /**
   * The collector has stored the record just looked up (a message seen for the first time included): the row's
   * classification objects are let go unless its repeats will read them again (a message naming several pods, one
   * cut inside a value). Most new messages are never seen again; objects kept for each would outlive the young
   * generation and be copied by every scavenge until their generation of the memo is cleared.
   */
  settle(row: number): void {
    if (row !== this.missRow) return;
    const g = this.recent;
    if (!(g.rows[row * ROW + ROW_FLAGS] & (FLAG_SEVERAL_PODS | FLAG_CUT))) g.results[row] = undefined;
  }

  /** `-MM-DD` mentions in the message (found the first time they are asked for; the line as for text()). */
  mentions(row: number, find: (message: string) => readonly DayMention[], bytes: Uint8Array, msgStart: number, end: number): readonly DayMention[] {
    const g = this.recent;
    return g.mentions[row] ?? (g.mentions[row] = find(this.textOf(row, bytes, msgStart, end)));
  }

  /**
   * Adds a message to the recent generation (turning the generations over first if it is full): copied from row
   * `from` of generation `src`, or new with the given classification. Returns its row.
   */
  private keep(bytes: Uint8Array, view: DataView, start: number, end: number, hash: number, src: Generation | undefined,
    from: number, file = '', result?: ClassifiedRecord): number {
    // A row being moved lives in the older generation, which the turnover below clears: take it out first.
    const moved = src && {
      row: src.rows.slice(from * ROW, from * ROW + ROW), num: src.nums[from], key: src.keys[from], file: src.files[from],
      result: src.results[from], mentions: src.mentions[from],
    };
    let g = this.recent;
    if (g.count >= g.capacity || !g.table.hasRoomFor(end - start)) {
      const emptied = this.older;
      emptied.clear();
      this.older = g;
      this.recent = emptied;
      g = emptied;
    }
    const row = g.count++;
    g.table.set(bytes, view, start, end, hash, row);
    if (moved) {
      g.rows.set(moved.row, row * ROW);
      g.nums[row] = moved.num;
      g.keys[row] = moved.key;
      g.files[row] = moved.file;
      g.results[row] = moved.result;
      g.mentions[row] = moved.mentions;
    } else {
      this.fill(g, row, file, result!);
    }
    return row;
  }

  private fill(g: Generation, row: number, file: string, c: ClassifiedRecord): void {
    const at = row * ROW;
    const rows = g.rows;
    rows[at + ROW_ENTRY] = c.entry;
    rows[at + ROW_KIND] = c.kind;
    rows[at + ROW_LANE_KIND] = c.laneKind;
    rows[at + ROW_POD_REF] = REF_UNSET;
    rows[at + ROW_CID] = c.cid;
    rows[at + ROW_CNAME] = c.cname;
    rows[at + ROW_SID] = c.sid;
    rows[at + ROW_PROBE] = c.probe;
    rows[at + ROW_TEXT] = c.text;
    rows[at + ROW_FLAGS] = (c.fileAdd ? FLAG_FILE_ADD : 0) | (c.learnedNames.length ? FLAG_LEARNED_NAMES : 0) |
      (c.pods.length === 1 ? FLAG_ONE_POD : c.pods.length > 1 ? FLAG_SEVERAL_PODS : 0) | (c.cut ? FLAG_CUT : 0) |
      (c.otherProgram ? FLAG_OTHER_PROGRAM : 0);
    g.nums[row] = c.num;
    // No text until text() is asked for it. (The file name was decoded once, from exactly its bytes: nothing larger
    // to detach it from.)
    g.keys[row] = '';
    g.files[row] = file;
    g.results[row] = c;
    g.mentions[row] = undefined;
  }
}
