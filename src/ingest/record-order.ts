/**
 * Newest-first files (`journalctl -r`, `tac`): records are passed on in time order, so that everything that reads them
 * in sequence (pod identities, year boundaries, ties between equal times) sees the same story as in the oldest-first
 * file.
 */
import type { LogRecord } from './record.ts';
import { yearlessMonth } from '../util/time.ts';

/** Records a newest-first file may hold before it is read in file order instead. */
export const MAX_REORDER_RECORDS = 2_000_000;
/** Records looked at to tell a newest-first file (journalctl -r) from an ordinary one. */
const DIRECTION_WINDOW = 64;

/**
 * Passes records on in time order. The first records are held until the direction of the file is clear; an ordinary
 * file then streams through, a newest-first one is held to the end and passed on backwards (so pod identities, year
 * boundaries and ties between equal times are read the same way as in the oldest-first file).
 */
export class RecordOrder {
  private held: LogRecord[] = [];
  private direction: 'unknown' | 'forward' | 'reversed' = 'unknown';
  tooLargeToReorder = false;

  constructor(private readonly emit: (rec: LogRecord) => void, private readonly maxHeld = MAX_REORDER_RECORDS) {}

  /** Records now pass straight through (the file reads oldest-first), so a caller may hand them on itself. */
  get streaming(): boolean {
    return this.direction === 'forward';
  }

  /**
   * For the later part of a source read in parts: the part before it was found to read oldest-first (the merge
   * checks that), so records pass straight through from the start.
   */
  assumeForward(): void {
    if (this.held.length === 0) this.direction = 'forward';
  }

  push(rec: LogRecord): void {
    if (this.direction === 'forward') {
      this.emit(rec);
      return;
    }
    this.held.push(rec);
    if (this.direction === 'unknown' && this.held.length >= DIRECTION_WINDOW) this.decide();
    else if (this.held.length > this.maxHeld) {
      this.tooLargeToReorder = true;
      this.release();
    }
  }

  /** Passes on what is held; returns true if the file was newest-first (reordered unless tooLargeToReorder). */
  end(): boolean {
    if (this.direction === 'unknown') this.decide();
    if (this.direction === 'reversed') {
      for (let k = this.held.length - 1; k >= 0; k--) this.emit(this.held[k]);
      this.held = [];
      return true;
    }
    return this.tooLargeToReorder;
  }

  private decide(): void {
    if (isNewestFirst(this.held)) {
      this.direction = 'reversed';
    } else {
      this.release();
    }
  }

  private release(): void {
    this.direction = 'forward';
    for (const rec of this.held) this.emit(rec);
    this.held = [];
  }
}

/** Most steps between consecutive records go back in time (a month jump of more than 6 is a year boundary). */
function isNewestFirst(records: readonly LogRecord[]): boolean {
  let back = 0;
  let fwd = 0;
  for (let k = 1; k < records.length; k++) {
    const a = records[k - 1].yearlessUs;
    const b = records[k].yearlessUs;
    const monthJump = yearlessMonth(b) - yearlessMonth(a);
    const later = monthJump > 6 ? false : monthJump < -6 ? true : b > a;
    const earlier = monthJump > 6 ? true : monthJump < -6 ? false : b < a;
    if (later) fwd++;
    else if (earlier) back++;
  }
  return back >= 2 && back > fwd * 2;
}
