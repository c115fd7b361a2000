/**
 * Lines cut by a pager. `journalctl` pipes its output through `less -S` (and `journalctl -xe` does by default):
 * a line wider than the terminal is cut at the terminal's last column and shown with a `>` there. Pasted from the
 * screen, such a log has lines that stop in mid-value and end with that `>` — all at the same width.
 *
 * A line ends so when it ends with `>` and its record is left open (a quote or bracket not closed), or when it is as
 * wide as a line already known to be cut that way. The `>` is the pager's, not the kubelet's: it is taken off
 * before the record is read (a container named `kube-schedule>` would be a name the log never printed).
 */
import { cutInside } from './structured.ts';

const GT = 62; // '>'
const QUOTE = 34;
const BACKSLASH = 92;

/**
 * The text left open at its end: an odd number of unescaped quotes, or an opening bracket `(`, `[`, `{` outside
 * quotes with no closing one. For printf-era messages, which have no key/value grammar to check against.
 */
export function leftOpen(s: string, from: number, end = s.length): boolean {
  let inQuote = false;
  let depth = 0;
  for (let i = from; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c === BACKSLASH) { i++; continue; }
    if (c === QUOTE) { inQuote = !inQuote; continue; }
    if (inQuote) continue;
    if (c === 40 || c === 91 || c === 123) depth++;
    else if ((c === 41 || c === 93 || c === 125) && depth > 0) depth--;
  }
  return inQuote || depth > 0;
}

/**
 * Reads pager cuts line by line for one source: `isCut` says whether a klog line (whole physical text, its message
 * from `msgStart`) was cut by a pager. It remembers the width of the first one found, so a later line cut at the same
 * column counts even where what is left happens to be closed.
 */
export class PagerCuts {
  /** Width (characters of the whole line) at which the pager cut the lines, once one is known; 0 before. */
  widthChars = 0;

  isCut(text: string, msgStart: number, structured: boolean): boolean {
    const n = text.length;
    if (n < 2 || text.charCodeAt(n - 1) !== GT) return false;
    if (n !== this.widthChars) {
      // Not yet known to be the pager's width: the text must be left open. (`=>` and `->` end arrows.)
      const before = text.charCodeAt(n - 2);
      if (before === 61 || before === 45) return false;
      if (structured ? cutInside(text.slice(0, n - 1), msgStart) === '' : !leftOpen(text, msgStart, n - 1)) return false;
    }
    if (this.widthChars === 0) this.widthChars = n;
    return true;
  }
}

/** The warning given a line the pager cut (its line number goes with it). */
export function pagerCutWarning(widthChars: number): string {
  return `the line ends with a pager's ">" at column ${widthChars}: the rest of it was cut off on screen ` +
    '(journalctl pipes through less -S; --no-pager or -o cat keeps whole lines); read as far as it goes';
}
