/**
 * Lines cut at a fixed width — copied out of a terminal, passed through `fold -w`, pasted from a mail — joined back
 * into the lines they were.
 *
 * A source is read as hard-wrapped when its first lines (PROBE_LINES) show the signature: the longest of them is at
 * least MIN_WIDTH characters, at least MIN_CUT lines have exactly that length, and at least two in three of those are
 * followed by a line that does not start a record. From then on a line of exactly that width followed by a line
 * that does not start a record is joined with it, with nothing between: the cut fell anywhere, inside a word or a
 * value. A line that was exactly that long to begin with is followed by the next record's start, and stays as it
 * was. Lines indented by a TAB (klog's multi-line values) and blank lines are never the rest of a cut line.
 *
 * Lines held here keep the numbers they were read with: a joined line spans the physical lines it came from.
 */

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

export class HardWraps {
  /** The width the source's lines were cut at; 0 if they were not (or until decided). */
  width = 0;
  /** Cut lines joined back (each a line of the width followed by the rest of it). */
  joined = 0;
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
    return !this.deciding && this.width === 0;
  }

  /** Lines are held here (the first lines while deciding, or a line of the width). */
  get holding(): boolean {
    return this.deciding || this.held !== undefined;
  }

  /** The next physical line; the lines now complete are appended to `out`, in order. */
  add(line: WrappedLine, out: WrappedLine[]): void {
    if (!this.deciding) {
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
    this.width = cutWidth(lines, this.startsRecord);
    for (const line of lines) {
      if (this.width) this.join(line, out);
      else out.push(line);
    }
  }

  private join(line: WrappedLine, out: WrappedLine[]): void {
    const held = this.held;
    if (held) {
      this.held = undefined;
      if (this.continues(line.text, held.text)) {
        held.text += line.text;
        held.flags |= line.flags;
        held.last = line.last;
        this.joined++;
        // Cut again: the next line may hold more of it.
        if (line.text.length === this.width) this.held = held;
        else out.push(held);
        return;
      }
      out.push(held);
    }
    if (line.text.length === this.width) this.held = { ...line };
    else out.push(line);
  }

  /** A line that can be the rest of the cut line `cut`. */
  private continues(text: string, cut: string): boolean {
    return text.length > 0 && text.charCodeAt(0) !== 9 && !this.startsRecord(text, cut);
  }

  /** For tests: the signature on a list of lines. */
  static widthOf(lines: readonly string[], startsRecord: (text: string, after: string) => boolean): number {
    return cutWidth(lines.map((text, k) => ({ text, flags: 0, first: k + 1, last: k + 1 })), startsRecord);
  }
}

function cutWidth(lines: readonly WrappedLine[], startsRecord: (text: string, after: string) => boolean): number {
  let width = 0;
  for (const l of lines) if (l.text.length > width) width = l.text.length;
  if (width < MIN_WIDTH) return 0;
  let atWidth = 0;
  let continued = 0;
  for (let i = 0; i + 1 < lines.length; i++) {
    if (lines[i].text.length !== width) continue;
    atWidth++;
    const next = lines[i + 1].text;
    if (next.length > 0 && next.charCodeAt(0) !== 9 && !startsRecord(next, lines[i].text)) continued++;
  }
  return atWidth >= MIN_CUT && continued * 3 >= atWidth * 2 ? width : 0;
}
