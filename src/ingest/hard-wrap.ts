/**
 * Lines cut at a fixed width — copied out of a terminal, passed through `fold -w`, pasted from a mail — joined back
 * into the lines they were; and lines wrapped at spaces (`fold -s`, a mail's flowed text), whose cut lines end with
 * the space they were wrapped at.
 *
 * A source is read as hard-wrapped when its first lines (PROBE_LINES) show the signature: the longest of them is at
 * least MIN_WIDTH characters, at least MIN_CUT lines have exactly that length, and at least two in three of those are
 * followed by a line that does not start a record (or, in an excerpt of at most SHORT_EXCERPT_LINES lines,
 * both of just two lines at least MIN_WIDE_PAIR long are). From then on a line of exactly that width followed by a line
 * that does not start a record is joined with it, with nothing between: the cut fell anywhere, inside a word or a
 * value. A line that was exactly that long to begin with is followed by the next record's start, and stays as it
 * was. Lines indented by a TAB (klog's multi-line values) and blank lines are never the rest of a cut line. A line
 * one shorter than the width was cut at a space that an editor trimmed off its end: it is joined with a space between.
 *
 * Wrapped at spaces (tried first): when at least MIN_CUT and half of the lines followed by a line that does not
 * start a record end with a space, and two in three of them end with a space or are as long as the longest line (a
 * word too long for a line is cut at the width), and half of those ending with a space fill at least half the
 * width (unlike a document's lines that end with markdown's line-breaking spaces), a line ending with a space
 * or of that width is joined with the next in the same way.
 *
 * Padded to the width (a terminal's screen copied row by row): most lines are exactly as wide, the whole ones filled
 * out with spaces. Then only a line of the width that does not end with a space was cut; when at least two are, each
 * followed by a line that does not start a record, they are joined with the rest, and the padding is taken off.
 *
 * Lines held here keep the numbers they were read with: a joined line spans the physical lines it came from.
 */

import { findGutter, withoutGutter, type Gutter } from './wrap-gutter.ts';

/** Said (in the source's info at line 0) when cut lines were joined back; model/trace-query.ts reads it. */
export const WRAPS_JOINED = 'were joined back';

/** A physical line, or several joined: its text and damage flags (line-splitter.ts), its first and last line numbers. */
export interface WrappedLine {
  text: string;
  flags: number;
  first: number;
  last: number;
}

/**
 * Non-blank lines looked at before deciding (fewer if the source ends first, or PROBE_CHARS are reached). They are
 * read the ordinary way, not by the fast path — as the first records are anyway, which tell the file's direction.
 */
const PROBE_LINES = 64;
const PROBE_CHARS = 32 * 1024;
/** Narrower than this, a "width" is more likely a short log's longest line than a terminal's. */
const MIN_WIDTH = 40;
/** Lines of exactly the width needed to call it one. */
const MIN_CUT = 3;
/** Two lines of exactly one width this long, both cut, are enough: lines of one length by chance are short ones. */
const MIN_WIDE_PAIR = 120;
/** What a paster may put before a cut line (a markdown fence, `$ `), making it longer than the width. */
const MAX_ADDED_PREFIX = 8;
/** Full rows after a record's first, of one record cut into several (see commonCutLength): a terminal's wrap beyond chance. */
const MIN_MIDDLE_ROWS = 2;
/** An excerpt this short may hold only two cut lines; a longer one that was cut shows more. */
const SHORT_EXCERPT_LINES = 12;

export class HardWraps {
  /** The width the source's lines were cut at; 0 if they were not (or until decided). */
  width = 0;
  /** Lines were wrapped at spaces (width is then the longest line's). */
  atSpaces = false;
  /** Lines were padded with spaces to the width: one that ends with a space is whole. */
  padded = false;
  /** Cut lines joined back (each a line of the width followed by the rest of it). */
  joined = 0;
  /**
   * Lines chopped, not wrapped: in the first lines, this many end at exactly `choppedWidth` characters and each is
   * followed by a new record (a pager's chopped view, `less -S`, a terminal that does not wrap): what lay beyond the
   * screen's edge is lost, not on the next line. 0 when not.
   */
  chopped = 0;
  choppedWidth = 0;
  /** The indentation a viewer put before each wrapped row, found in the same first lines, taken out (wrap-gutter.ts). */
  gutter: Gutter | undefined;
  private deciding = true;
  private probe: WrappedLine[] = [];
  private probeChars = 0;
  private probeLines = 0;
  /** A line of the width, waiting for the next to tell whether it was cut. */
  private held: WrappedLine | undefined;

  /**
   * `startsRecord(text, after)`: whether a line begins a record of its own after the line `after` — a record of the
   * form the source's records have (the same wrapper, a klog header, a JSON object), so that a cut falling just
   * before a date or a brace inside a message is not taken for one.
   */
  constructor(private readonly startsRecord: (text: string, after: string) => boolean) {}

  /** Decided, and not hard-wrapped: lines need not come through here. */
  get passThrough(): boolean {
    return !this.deciding && this.width === 0 && !this.gutter;
  }

  /** Lines are held here (the first lines while deciding, or a line of the width). */
  get holding(): boolean {
    return this.deciding || this.held !== undefined;
  }

  /** The next physical line; the lines now complete are appended to `out`, in order. */
  add(line: WrappedLine, out: WrappedLine[]): void {
    if (!this.deciding) {
      if (this.gutter) line.text = withoutGutter(line.text, this.gutter);
      this.join(line, out);
      return;
    }
    this.probe.push(line);
    this.probeChars += line.text.length;
    if (line.text.length > 0) this.probeLines++;
    if (this.probeLines >= PROBE_LINES || this.probeChars >= PROBE_CHARS) this.decide(out);
  }

  /** Decides on the lines seen so far (the source pauses here: a part read on its own follows). */
  decideNow(out: WrappedLine[]): void {
    if (this.deciding) this.decide(out);
  }

  /** Decided without looking: the source's lines are not cut (a CSV table, whose quotes gather its rows). */
  notCut(out: WrappedLine[]): void {
    if (!this.deciding) return;
    this.deciding = false;
    for (const line of this.probe) out.push(line);
    this.probe = [];
  }

  /** The source ended: whatever is held, to `out`. */
  finish(out: WrappedLine[]): void {
    if (this.deciding) this.decide(out);
    if (this.held) out.push(this.held);
    this.held = undefined;
  }

  private decide(out: WrappedLine[]): void {
    this.deciding = false;
    const lines = this.probe;
    this.probe = [];
    this.gutter = findGutter(lines.map((l) => l.text));
    if (this.gutter) for (const line of lines) line.text = withoutGutter(line.text, this.gutter);
    const cut = cutWidth(lines, this.startsRecord);
    if (!cut.width) [this.choppedWidth, this.chopped] = choppedAt(lines, this.startsRecord);
    this.width = cut.width;
    this.atSpaces = cut.atSpaces;
    this.padded = cut.padded ?? false;
    for (const line of lines) {
      if (this.width) this.join(line, out);
      else out.push(line);
    }
  }

  private join(line: WrappedLine, out: WrappedLine[]): void {
    if (!this.width) {
      out.push(line);
      return;
    }
    const held = this.held;
    if (held) {
      this.held = undefined;
      const trimmedSpace = !this.padded && !this.atSpaces && held.text.length === this.width - 1;
      if (this.continues(line.text, held.text) && !(trimmedSpace && line.text.startsWith('```'))) {
        held.text += this.padded ? line.text.trimEnd() : trimmedSpace ? ' ' + line.text : line.text;
        held.flags |= line.flags;
        held.last = line.last;
        this.joined++;
        // Cut again: the next line may hold more of it.
        if (this.isCut(line.text)) this.held = held;
        else out.push(held);
        return;
      }
      out.push(held);
    }
    if (this.isCut(line.text)) this.held = { ...line };
    else out.push(line);
  }

  /**
   * A line that may go on in the next: as long as the width; or, wrapped at spaces, ending with a space or at least
   * as long as the longest line seen (the first lines may not have shown a word cut at the wrapping's full width).
   */
  private isCut(text: string): boolean {
    if (this.padded) return text.length === this.width && text.charCodeAt(text.length - 1) !== 32;
    // One shorter, and not ending with a space: cut at a space that was trimmed off.
    if (!this.atSpaces) {
      return text.length === this.width || (text.length === this.width - 1 && text.charCodeAt(text.length - 1) !== 32) ||
        // The first line after a markdown fence the paster put on the same line: the fence is not the terminal's.
        (text.length === this.width + 3 && text.startsWith('```'));
    }
    if (text.length > this.width) this.width = text.length;
    return text.length === this.width || (text.length > 0 && text.charCodeAt(text.length - 1) === 32);
  }

  /** A line that can be the rest of the cut line `cut`. */
  private continues(text: string, cut: string): boolean {
    return text.length > 0 && text.charCodeAt(0) !== 9 && !this.startsRecord(text, cut);
  }

  /** For tests: the signature on a list of lines (the width, and whether they were wrapped at spaces). */
  static cutOf(lines: readonly string[], startsRecord: (text: string, after: string) => boolean): { width: number; atSpaces: boolean; padded?: boolean } {
    return cutWidth(lines.map((text, k) => ({ text, flags: 0, first: k + 1, last: k + 1 })), startsRecord);
  }
}

function cutWidth(lines: readonly WrappedLine[], startsRecord: (text: string, after: string) => boolean): { width: number; atSpaces: boolean; padded?: boolean } {
  const longest = widthOf(lines, startsRecord, 0);
  if (longest.width || longest.atSpaces) return longest;
  // A few lines longer than the cut ones (a markdown fence or a prompt before the first, text the paster added):
  // the width most lines followed by the rest of them share.
  const common = commonCutLength(lines, startsRecord);
  return common ? widthOf(lines, startsRecord, common) : longest;
}

/**
 * Each line of the width is followed by one that goes on in the middle of a token: not indented, and its first word
 * holds code's punctuation or a digit (`alue="…" stacktrace=<`, `d6cd88, 0xc0012…`), which prose's first word does not.
 */
function restsLookLikeCode(lines: readonly WrappedLine[], width: number): boolean {
  for (let i = 0; i + 1 < lines.length; i++) {
    if (lines[i].text.length !== width) continue;
    const rest = lines[i + 1].text;
    const c = rest.charCodeAt(0);
    if (c === 32 || c === 9) return false;
    const space = rest.indexOf(' ');
    if (!/[=,(){}[\]:"/0-9]/.test(rest.slice(0, space < 0 ? 64 : Math.min(space, 64)))) return false;
  }
  return true;
}

/**
 * systemd's ellipsis in the middle of what it shortened to the screen's width (`…d-master01`, `ti...e condition`): text
 * goes on right after it, unlike prose's `... ` or a quoted `Waiting..."`.
 */
export const MID_ELLIPSIS = /(?:\.\.\.|\u2026)[^\s"')\]]/;
/** Narrower than this, lines of one length ending a record are likely whole ones. */
const MIN_CHOPPED_WIDTH = 100;
/** How much of a chopped line's end tells one message's from another's. */
const CHOPPED_ENDING_CHARS = 24;
/** Different endings needed among the lines of the width: two messages of one length happen, three are a screen. */
const MIN_CHOPPED_ENDINGS = 3;

/**
 * The width lines were chopped at, and how many were (see HardWraps.chopped); [0, 0] when not: the length most of the
 * records' lines share (a document's prose around them may be longer), no record longer, each line of it followed by
 * a record of its own, the end, or a pager's status line (`lines 941-1001/1001 (END)`).
 */
function choppedAt(lines: readonly WrappedLine[], startsRecord: (text: string, after: string) => boolean): [number, number] {
  const counts = new Map<number, number>();
  let longestRecord = 0;
  for (const l of lines) {
    // (A line `systemctl status` shortened in its middle is of the screen's width but whole at its end.)
    if (!startsRecord(l.text, '') || MID_ELLIPSIS.test(l.text)) continue;
    if (l.text.length > longestRecord) longestRecord = l.text.length;
    if (l.text.length >= MIN_CHOPPED_WIDTH) counts.set(l.text.length, (counts.get(l.text.length) ?? 0) + 1);
  }
  let width = 0;
  let atWidth = 0;
  for (const [len, n] of counts) if (n > atWidth || (n === atWidth && len > width)) [width, atWidth] = [len, n];
  // A screen's edge chops most long lines; records of one length by chance are a few among many.
  let long = 0;
  for (const n of counts.values()) long += n;
  if (atWidth < MIN_CUT || width !== longestRecord || atWidth * 2 < long) return [0, 0];
  // One message repeated has one length too, and one ending; a screen's edge cuts different messages at different words.
  const endings = new Set<string>();
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].text.length !== width || !startsRecord(lines[i].text, '')) continue;
    const next = i + 1 < lines.length ? lines[i + 1].text : '';
    if (next && !startsRecord(next, lines[i].text) && !/^lines \d{1,9}-\d{1,9}/.test(next)) return [0, 0];
    // (Numbers and IDs aside: one message's repeats differ in their counts, durations and pod or container IDs.)
    endings.add(lines[i].text.slice(-CHOPPED_ENDING_CHARS).replace(/[0-9a-f]{6,}/g, '#').replace(/\d/g, '#'));
  }
  return endings.size >= MIN_CHOPPED_ENDINGS ? [width, atWidth] : [0, 0];
}

/** The most frequent length (at least MIN_WIDTH) of lines followed by a line that does not start a record, or 0. */
function commonCutLength(lines: readonly WrappedLine[], startsRecord: (text: string, after: string) => boolean): number {
  const counts = new Map<number, number>();
  for (let i = 0; i + 1 < lines.length; i++) {
    const text = lines[i].text;
    const next = lines[i + 1].text;
    if (text.length < MIN_WIDTH || next.length === 0 || next.charCodeAt(0) === 9 || startsRecord(next, text)) continue;
    counts.set(text.length, (counts.get(text.length) ?? 0) + 1);
  }
  let best = 0;
  let bestCount = 0;
  for (const [len, n] of counts) if (n > bestCount || (n === bestCount && len > best)) [best, bestCount] = [len, n];
  if (bestCount < MIN_CUT) return 0;
  // Few lines may be longer than it, and by no more than a prefix the paster put before a cut line (a fence, a prompt)
  // — or by any length when a record was cut into several rows (a record's start of exactly the width, then at least
  // MIN_MIDDLE_ROWS more of the width that start none): a longer line is then one pasted from another copy, unwrapped.
  let middle = 0;
  for (let i = 0; i + 1 < lines.length && middle < MIN_MIDDLE_ROWS; i++) {
    if (lines[i].text.length !== best || !startsRecord(lines[i].text, '')) continue;
    let rows = 0;
    while (i + 1 + rows < lines.length && lines[i + 1 + rows].text.length === best && !startsRecord(lines[i + 1 + rows].text, lines[i].text)) rows++;
    middle = Math.max(middle, rows);
  }
  let longer = 0;
  for (const l of lines) {
    if (l.text.length > best + MAX_ADDED_PREFIX && middle < MIN_MIDDLE_ROWS) return 0;
    if (l.text.length > best) longer++;
  }
  return longer * 3 <= bestCount ? best : 0;
}

/** The signature at `forced` (or, when 0, at the longest line's length). */
function widthOf(lines: readonly WrappedLine[], startsRecord: (text: string, after: string) => boolean, forced: number): { width: number; atSpaces: boolean; padded?: boolean } {
  const none = { width: 0, atSpaces: false };
  let width = forced;
  if (!forced) for (const l of lines) if (l.text.length > width) width = l.text.length;
  if (width < MIN_WIDTH) return none;
  let atWidth = 0;
  let continued = 0;
  // Lines of the width that end with a space (padding), and those that do not, followed by the rest of them.
  let paddedAtWidth = 0;
  let bareContinued = 0;
  // Lines followed by a line that does not start a record: those ending with a space, those of the width.
  let goOn = 0;
  let goOnAtSpace = 0;
  let goOnAtSpaceLong = 0;
  let goOnAtWidth = 0;
  for (let i = 0; i + 1 < lines.length; i++) {
    const text = lines[i].text;
    const next = lines[i + 1].text;
    const goesOn = next.length > 0 && next.charCodeAt(0) !== 9 && !startsRecord(next, text);
    if (text.length === width) {
      atWidth++;
      if (goesOn) continued++;
      if (text.charCodeAt(width - 1) === 32) paddedAtWidth++;
      else if (goesOn) bareContinued++;
    }
    if (!goesOn || text.length === 0) continue;
    goOn++;
    if (text.charCodeAt(text.length - 1) === 32) {
      goOnAtSpace++;
      // Wrapped lines fill most of the width; a document's lines with a trailing space (markdown's line break) need not.
      if (text.length * 2 >= width) goOnAtSpaceLong++;
    } else if (text.length === width) goOnAtWidth++;
  }
  // Wrapped at spaces: most such lines end with one (cut at a fixed width, about one in seven would, by chance).
  if (goOnAtSpace >= MIN_CUT && goOnAtSpace * 2 >= goOn && (goOnAtSpace + goOnAtWidth) * 3 >= goOn * 2 && goOnAtSpaceLong * 2 >= goOnAtSpace) {
    return { width, atSpaces: true };
  }
  if (atWidth >= MIN_CUT && continued * 3 >= atWidth * 2) return { width, atSpaces: false };
  // Padded rows: the unpadded ones of the width were cut, and are followed by the rest of them.
  const bare = atWidth - paddedAtWidth;
  if (paddedAtWidth >= 2 && bare >= 2 && bareContinued * 3 >= bare * 2 && paddedAtWidth + bare >= MIN_CUT) return { width, atSpaces: false, padded: true };
  // Two lines of one long width, each followed by the rest of it (an excerpt too short for three): a cut too.
  if (atWidth === 2 && continued === 2 && width >= MIN_WIDE_PAIR && lines.length <= SHORT_EXCERPT_LINES) return { width, atSpaces: false };
  // In a longer one, the two may still be the only cut lines (a stack's frames are short): then the rest of each
  // goes on in the middle of a token.
  if (!forced && atWidth === 2 && continued === 2 && width >= MIN_WIDE_PAIR && restsLookLikeCode(lines, width)) return { width, atSpaces: false };
  return none;
}
