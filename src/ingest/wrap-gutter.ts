/**
 * Rows a terminal wrapped, copied and joined back with the indentation the viewer put before each continuation row
 * (a `systemctl status` or log viewer that indents wrapped rows): the same run of spaces falls at the same character
 * of every long line, and again one row further on —
 *
 *   9月 12 10:31:39 host kubelet[1202]: I0912 … podUID=887f7c42-fe79-4471-8cdc-4d94f     894d4c5 pod="zz-prod/…"
 *
 * Found on a source's first lines (with the hard-wrap check: hard-wrap.ts), then taken out of every line.
 */
export interface Gutter {
  /** Where the first run starts (characters from the line's start). */
  at: number;
  /** Its length in spaces. */
  spaces: number;
  /** From one run to the next: a row's width in characters, with the indentation. */
  periodChars: number;
}

/** Narrower than this, a "row" is no terminal's. */
const MIN_ROW_CHARS = 40;
const MIN_SPACES = 2;
const MAX_SPACES = 8;
/** Lines showing the run at the same place needed, and the share of the lines long enough to show it. */
const MIN_LINES = 3;
const MIN_SHARE = 2 / 3;
/** Lines that must show a second run one row further on. */
const MIN_PERIOD_LINES = 2;
/** How many more characters a later row may hold than the first (wide characters on the first take two columns each). */
const MAX_WIDE_CHARS = 8;
/** Places tried. */
const MAX_CANDIDATES = 8;

/** Runs of MIN_SPACES..MAX_SPACES spaces between two non-spaces, from MIN_ROW_CHARS on: [start, length] pairs. */
function runs(text: string, max: number): number[] {
  const out: number[] = [];
  for (let i = MIN_ROW_CHARS; i < text.length && out.length < 2 * max; i++) {
    if (text.charCodeAt(i) !== 32 || text.charCodeAt(i - 1) === 32) continue;
    let j = i;
    while (j < text.length && text.charCodeAt(j) === 32) j++;
    if (j < text.length && j - i >= MIN_SPACES && j - i <= MAX_SPACES) out.push(i, j - i);
    i = j;
  }
  return out;
}

/** The gutter the lines show, or undefined. Linear in their length. */
export function findGutter(lines: readonly string[]): Gutter | undefined {
  const firsts = new Map<string, number>();
  const perLine: number[][] = [];
  for (const text of lines) {
    const r = runs(text, 4);
    perLine.push(r);
    // Each distinct (place, length) once per line.
    const seen = new Set<string>();
    for (let k = 0; k < r.length; k += 2) {
      const key = `${r[k]}:${r[k + 1]}`;
      if (seen.has(key)) continue;
      seen.add(key);
      firsts.set(key, (firsts.get(key) ?? 0) + 1);
    }
  }
  // The most common places first; the first with a row's width after it (see periodOf) is the gutter.
  const candidates = [...firsts].filter(([, n]) => n >= MIN_LINES).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  for (const [key, n] of candidates.slice(0, MAX_CANDIDATES)) {
    const [at, spaces] = key.split(':').map(Number);
    const long = lines.filter((t) => t.length > at + spaces).length;
    if (n < long * MIN_SHARE) continue;
    const periodChars = periodOf(perLine, at, spaces);
    if (periodChars) return { at, spaces, periodChars };
  }
  return undefined;
}

/**
 * A row after the first is as wide as the first (a character or two more where the first row held wide characters),
 * plus the indentation: two lines at least must show that second run — a run at one place alone is a column of the
 * log itself (a klog header's padded pid, an aligned table). 0 if none.
 */
function periodOf(perLine: readonly number[][], at: number, spaces: number): number {
  const periods = new Map<number, number>();
  for (const r of perLine) {
    const k = r.findIndex((v, i) => i % 2 === 0 && v === at && r[i + 1] === spaces);
    if (k < 0) continue;
    for (let m = k + 2; m < r.length; m += 2) {
      if (r[m + 1] !== spaces) continue;
      periods.set(r[m] - at, (periods.get(r[m] - at) ?? 0) + 1);
      break;
    }
  }
  let periodChars = 0;
  for (const [p, n] of periods) {
    if (n >= MIN_PERIOD_LINES && p >= at + spaces && p <= at + spaces + MAX_WIDE_CHARS && (!periodChars || n > periods.get(periodChars)!)) periodChars = p;
  }
  return periodChars;
}

/** The line without the gutter's runs (where they are exactly there). */
export function withoutGutter(text: string, g: Gutter): string {
  if (text.length <= g.at + g.spaces) return text;
  let out = '';
  let from = 0;
  for (let at = g.at; at + g.spaces < text.length; at += g.periodChars) {
    if (!isRun(text, at, g.spaces)) break;
    out += text.slice(from, at);
    from = at + g.spaces;
  }
  return from === 0 ? text : out + text.slice(from);
}

function isRun(text: string, at: number, spaces: number): boolean {
  if (text.charCodeAt(at - 1) === 32 || text.charCodeAt(at + spaces) === 32) return false;
  for (let i = at; i < at + spaces; i++) if (text.charCodeAt(i) !== 32) return false;
  return true;
}
