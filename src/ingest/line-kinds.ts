/**
 * Small questions the source reader asks about a line that has no kubelet header: is it a Go panic line, the tail
 * of a hard-wrapped structured line, a damaged header, binary junk, a section header? Each is a bounded forward scan;
 * none uses a regular expression. (The questions asked of every line live in source-reader.ts, next to their
 * caller, because a call across modules costs measurably on the hot path.)
 */

const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * `goroutine 12 [running]:`, `goroutine 7 [chan receive, 12 minutes]:`, and the longer form of newer Go tracebacks
 * (`goroutine 1 gp=0xc000002380 m=0 mp=0x5b7f2a0 [running]:`): a number, then a line that ends with `]:`.
 */
export function isGoroutineHeader(s: string, p: number): boolean {
  if (!s.startsWith('goroutine ', p)) return false;
  let i = p + 10;
  const start = i;
  while (i < p + 30 && isDigit(s.charCodeAt(i))) i++;
  if (i === start || s.charCodeAt(i) !== 32) return false;
  if (s.charCodeAt(i + 1) === 91) return true;
  const end = trimmedEnd(s, p);
  return end - p < 200 && s.charCodeAt(end - 1) === 58 && s.charCodeAt(end - 2) === 93;
}

/** Where the line ends without its trailing spaces and CR. */
function trimmedEnd(s: string, p: number): number {
  let end = s.length;
  while (end > p && (s.charCodeAt(end - 1) === 32 || s.charCodeAt(end - 1) === 13)) end--;
  return end;
}

/**
 * The first lines of a Go panic or fatal error, or a goroutine dump: `panic: …`, `fatal error: …`, a goroutine
 * header, `[signal SIGSEGV: …]`, a `runtime.` frame, `SIGQUIT: quit` (a dump asked for with kill -QUIT).
 */
export function looksLikePanicLine(s: string, p: number): boolean {
  return s.startsWith('panic: ', p) || s.startsWith('fatal error: ', p) || isGoroutineHeader(s, p) ||
    s.startsWith('[signal ', p) || s.startsWith('runtime.', p) || isSignalLine(s, p);
}

/** `SIGQUIT: quit`, `SIGABRT: abort`, `SIGSEGV: segmentation violation`: how the Go runtime opens a signal's dump. */
export function isSignalLine(s: string, p: number): boolean {
  if (!s.startsWith('SIG', p)) return false;
  let i = p + 3;
  while (i < p + 12 && s.charCodeAt(i) >= 65 && s.charCodeAt(i) <= 90) i++;
  return i > p + 4 && s.charCodeAt(i) === 58 && s.charCodeAt(i + 1) === 32;
}

/** Spaces a dump line may be indented by. */
const MAX_DUMP_INDENT = 24;

/**
 * A line that can follow the first line of a Go panic or goroutine dump:
 *   - a frame: `pkg.(*T).method(0xc000…, {…})`, `main.main()`, and the runtime's own `panic({0x…, 0x…})` (Go 1.17+)
 *     or `panic(0x…, 0x…)` (older), the one frame without a dotted name;
 *   - a frame's source location: TAB-indented `/path/file.go:123 +0x1c5` as Go prints it, but also indented with
 *     spaces or not at all (journald and syslog show the TAB as spaces or drop it), the tail of one a terminal
 *     wrapped (`        /go/src/k8s.io/…/` then `pkg/util/runtime/runtime.go:74 +0xa3`), and the bare `file.go:76` lines that old kubelets' "Observed
 *     a panic" printed (`/usr/local/go/src/runtime/asm_amd64.s:1337` too);
 *   - `created by …`, another goroutine header, `runtime stack:`, `PC=0x… m=0 sigcode=0`, `exit status 2`,
 *     `...additional frames elided...`.
 * Prose is none of these, so a document's text after a pasted dump is not swallowed by it.
 */
export function looksLikeDumpLine(s: string, p: number): boolean {
  // Indented by spaces as a `stacktrace=<` value's lines are (8 for a frame, 16 for its file), or a tab turned into them.
  let q = p;
  while (s.charCodeAt(q) === 32 && q - p < MAX_DUMP_INDENT) q++;
  if (s.charCodeAt(q) === 9 || looksLikePanicLine(s, q)) return true;
  if (s.startsWith('created by ', q) || s.startsWith('exit status ', q) || s.startsWith('...additional frames elided...', q) ||
    s.startsWith('runtime stack:', q) || s.startsWith('PC=0x', q)) return true;
  return isSourceLocation(s, p) || isFrame(s, q);
}

/** A frame: a dotted Go name (or `panic`) without spaces, an argument list, and nothing after its closing parenthesis. */
export function isFrame(s: string, p: number): boolean {
  const end = trimmedEnd(s, p);
  if (end === p || s.charCodeAt(end - 1) !== 41 /* ) */) return false;
  // The runtime prints its gopanic frame as plain `panic(`.
  if (s.startsWith('panic(', p)) return true;
  const limit = Math.min(end, p + 400);
  let dot = false;
  for (let i = p; i < limit; i++) {
    const d = s.charCodeAt(i);
    if (d === 40 /* ( */ && dot && i > p && s.charCodeAt(i - 1) !== 46) {
      // `(*Kubelet)` is part of the name when a dot follows it.
      const close = s.indexOf(')', i);
      if (close > 0 && s.charCodeAt(close + 1) === 46) { i = close; continue; }
      return true;
    }
    if (d === 32 || d === 9) return false;
    if (d === 46) dot = true;
  }
  return false;
}

const isHexDigit = (c: number) => isDigit(c) || (c >= 97 && c <= 102);

/**
 * `  /path/to/file.go:123 +0x1c5` (any indentation, or none), `file.go:123`, `asm_amd64.s:1337`, with Go's optional
 * ` fp=0x… sp=0x… pc=0x…` after the offset: one token without spaces ending in `.go:` or `.s:` and a line number.
 */
export function isSourceLocation(s: string, p: number): boolean {
  let i = p;
  const limit = Math.min(s.length, p + 64);
  while (i < limit && s.charCodeAt(i) === 32) i++;
  const tokenStart = i;
  const tokenLimit = Math.min(s.length, i + 1000);
  while (i < tokenLimit && s.charCodeAt(i) !== 32 && s.charCodeAt(i) !== 9 && s.charCodeAt(i) !== 13) i++;
  const tokenEnd = i;
  // The line number, then `.go:` or `.s:` before it.
  let k = tokenEnd;
  while (k > tokenStart && isDigit(s.charCodeAt(k - 1))) k--;
  if (k === tokenEnd || s.charCodeAt(k - 1) !== 58 /* : */) {
    // The head of an indented location a terminal wrapped before its line number: `        /go/src/k8s.io/…/`.
    return tokenStart > p && s.charCodeAt(tokenStart) === 47 /* / */ && tokenEnd === trimmedEnd(s, p);
  }
  const go = k - 4 > tokenStart && s.startsWith('.go', k - 4);
  const asm = k - 3 > tokenStart && s.startsWith('.s', k - 3);
  if (!go && !asm) return false;
  // What may follow: ` +0x1c5`, then Go's ` fp=… sp=… pc=…`; nothing else.
  const end = trimmedEnd(s, p);
  if (tokenEnd >= end) return true;
  if (!s.startsWith(' +0x', tokenEnd)) return false;
  let h = tokenEnd + 4;
  while (h < end && isHexDigit(s.charCodeAt(h))) h++;
  return h > tokenEnd + 4 && (h === end || s.startsWith(' fp=0x', h));
}

const isKeyChar = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || isDigit(c) || c === 95;

/**
 * A logfmt record of another logger — logrus's `time="2022-10-12T08:03:10+01:00" level=info msg="…"`, which k3s and
 * containerd print under the same journal identifier as the kubelet: its own line, never the tail of a klog record.
 */
export function looksLikeLogfmtRecord(s: string, p: number): boolean {
  let i = s.startsWith('time=', p) ? p + 5 : s.startsWith('ts=', p) ? p + 3 : -1;
  if (i < 0) return false;
  if (s.charCodeAt(i) === 34) i++;
  if (!isDigit(s.charCodeAt(i))) return false;
  const rest = s.slice(i, i + 120);
  return rest.includes(' level=') || rest.includes(' msg=');
}

/** `tail-of-token key=value key2="v"`: the rest of a structured line that was hard-wrapped mid-token. */
export function looksLikeKeyValueTail(s: string, p: number): boolean {
  if (looksLikeLogfmtRecord(s, p)) return false;
  const sp = s.indexOf(' ', p);
  if (sp < 0 || sp - p > 200) return false;
  const eq = s.indexOf('=', sp);
  if (eq < 0 || eq - sp > 40) return false;
  for (let i = sp + 1; i < eq; i++) if (!isKeyChar(s.charCodeAt(i))) return false;
  for (let i = p; i < sp; i++) {
    const c = s.charCodeAt(i);
    if (c > 126 || c < 33) return false;
  }
  return true;
}

/**
 * `key=` at p: a key's characters (a letter first, at most 40) and then '=' — the next pair of a structured record an
 * editor wrapped at the space before a key (`podUID=5084…` alone on a line).
 */
export function startsWithKey(s: string, p: number): boolean {
  const c = s.charCodeAt(p);
  if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 122))) return false;
  for (let i = p + 1; i < s.length && i - p <= 40; i++) {
    const d = s.charCodeAt(i);
    if (d === 61 /* = */) return i + 1 < s.length;
    if (!isKeyChar(d)) return false;
  }
  return false;
}

/**
 * A line that starts like a klog header (`I0312 10:4…`, or `0312 10:4…` without the letter) but whose header could
 * not be read: a line cut by a pager or a terminal, or damaged in the middle of the header.
 */
export function looksLikeDamagedHeader(s: string, p: number): boolean {
  let i = p;
  const c = s.charCodeAt(i);
  if (c === 73 || c === 87 || c === 69 || c === 70) i++;
  for (let k = 0; k < 4; k++) if (!isDigit(s.charCodeAt(i + k))) return false;
  return s.charCodeAt(i + 4) === 32 && isDigit(s.charCodeAt(i + 5));
}

/** More than a tenth of the first 512 characters are control characters or U+FFFD. */
export function looksBinary(s: string): boolean {
  let bad = 0;
  const n = Math.min(s.length, 512);
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === 0xfffd || (c < 32 && c !== 9 && c !== 13)) bad++;
  }
  return n > 0 && bad > n / 10;
}

export enum KnownLine {
  None = 0,
  /** `==> kubelet <==` (kubectl/minikube logs, tail), `-- Logs begin at …`, `-- No entries --`, `-- Boot … --`. */
  SectionHeader,
  /** ``` or ~~~ (a document quoting a log). */
  Fence,
  /** `Log file created at: 2023/09/19 11:11:00` */
  GlogCreated,
  /** `Running on machine: <host>` */
  GlogMachine,
  /** `Binary: …` and `Log line format: …` */
  GlogOther,
  /**
   * What `systemctl status kubelet` prints about the unit (`● kubelet.service - …`, `Active: failed (Result:
   * exit-code) since …`, `Main PID: 2573 (code=exited, status=1/FAILURE)`, its cgroup tree) and `journalctl -x`'s
   * explanations of journal entries (`░░ Subject: Unit failed`).
   */
  ServiceStatus,
}

/** The fields `systemctl status` prints about a unit, after its indentation. */
const STATUS_FIELDS = ['Loaded: ', 'Active: ', 'Docs: ', 'Main PID: ', 'Tasks: ', 'Memory: ', 'CPU: ', 'CGroup: ', 'Drop-In: ',
  'Process: ', 'Status: ', 'TriggeredBy: ', 'Invocation: ', 'Mem peak: ', 'IO: '];

/** A line of `systemctl status` or a `journalctl -x` explanation (see KnownLine.ServiceStatus), from `p`. */
function isServiceStatusLine(s: string, p: number): boolean {
  let i = p;
  while (i < p + 16 && s.charCodeAt(i) === 32) i++;
  const c = s.charCodeAt(i);
  // ░ (journalctl -x), the tree's └ ├ │, and the unit's ● ○ × with its name.
  if (c === 0x2591 || c === 0x2514 || c === 0x251c || c === 0x2502) return true;
  if (isUnitMark(s, i)) return s.includes('.service', i);
  return c >= 65 && c <= 90 && i > p && STATUS_FIELDS.some((f) => s.startsWith(f, i));
}

/** `systemctl status`'s mark before a unit's name: ● (active), ○ (inactive), × (failed), then a space. */
function isUnitMark(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return (c === 0x25cf || c === 0x25cb || c === 0xd7) && s.charCodeAt(i + 1) === 32;
}

/**
 * The unit a `systemctl status` block's first line names (`● kubelet.service - …`, `○ firewalld.service`), from
 * `p`; undefined when the line is not one.
 */
export function statusBlockUnit(s: string, p: number): string | undefined {
  let i = p;
  while (i < p + 16 && s.charCodeAt(i) === 32) i++;
  if (!isUnitMark(s, i)) return undefined;
  const end = s.indexOf('.service', i + 2);
  return end < 0 || end > i + 130 ? undefined : s.slice(i + 2, end);
}

/** Recognises the non-log lines that tell us something about the source. */
export function knownLine(s: string, p: number): KnownLine {
  const c = s.charCodeAt(p);
  if (c === 61 && s.startsWith('==> ', p)) return KnownLine.SectionHeader;
  if (c === 45 && s.startsWith('-- ', p) && (s.endsWith(' --') || s.startsWith('-- Logs begin', p) ||
    s.startsWith('-- Journal begins', p) || s.startsWith('-- No entries', p))) return KnownLine.SectionHeader;
  if ((c === 96 && s.startsWith('```', p)) || (c === 126 && s.startsWith('~~~', p))) return KnownLine.Fence;
  if (c === 76) {
    if (s.startsWith('Log file created at: ', p)) return KnownLine.GlogCreated;
    if (s.startsWith('Log line format: ', p)) return KnownLine.GlogOther;
  }
  if (c === 82 && s.startsWith('Running on machine: ', p)) return KnownLine.GlogMachine;
  if (c === 66 && s.startsWith('Binary: Built with ', p)) return KnownLine.GlogOther;
  if (isServiceStatusLine(s, p)) return KnownLine.ServiceStatus;
  return KnownLine.None;
}

/**
 * The container a `minikube logs` / `kubectl logs`-style section shows, `==> kube-scheduler [0b1c2d3e4f50] <==`:
 * its name; '' for any other section (`==> kubelet <==`, `==> kubelet.log <==` of `tail`).
 */
export function containerSectionName(s: string, p: number): string {
  if (!s.startsWith('==> ', p)) return '';
  const sp = s.indexOf(' [', p + 4);
  if (sp < 0 || sp - p > 80) return '';
  const close = s.indexOf('] <==', sp);
  if (close < 0 || close - sp > 80 || s.length - (close + 5) > 2) return '';
  for (let i = p + 4; i < sp; i++) if (s.charCodeAt(i) === 32) return '';
  for (let i = sp + 2; i < close; i++) {
    const c = s.charCodeAt(i);
    if (!(isDigit(c) || (c >= 97 && c <= 102))) return '';
  }
  return close > sp + 2 ? s.slice(p + 4, sp) : '';
}

/** The year of a glog `Log file created at: 2023/09/19 11:11:00` line, or 0. */
export function glogCreatedYear(s: string, p: number): number {
  const at = p + 21;
  let y = 0;
  for (let k = 0; k < 4; k++) {
    const c = s.charCodeAt(at + k);
    if (!isDigit(c)) return 0;
    y = y * 10 + c - 48;
  }
  return y > 1970 && y < 2200 && s.charCodeAt(at + 4) === 47 ? y : 0;
}

/** A short, escaped excerpt of a line for a diagnostic (never more than ~60 characters, control characters shown). */
export function excerpt(s: string, from = 0): string {
  const cut = s.slice(from, from + 60);
  return JSON.stringify(cut.length < s.length - from ? cut + '…' : cut);
}

const ELISION_WORDS = ['snip', 'omitted', 'truncated', 'elided', 'skipped', 'trimmed', 'cut'];
/** Characters an elision mark is drawn with: `...`, `[…]`, `<snip>`, `-- 8< --`, `***`. */
const isMarkPunct = (c: number) => c === 46 || c === 0x2026 || c === 91 || c === 93 || c === 40 || c === 41 || c === 60 ||
  c === 62 || c === 45 || c === 42 || c === 95 || c === 35 || c === 32 || c === 9 || c === 56 /* 8 of 8< */;

/**
 * A line that says lines were left out here: `...`, `…`, `[...]`, `<snip>`, `-- snip --`, `[300 lines omitted]`,
 * `(truncated)`. Short lines only, one bounded scan.
 */
export function isElisionMark(s: string, p: number): boolean {
  let start = p;
  let end = s.length;
  while (start < end && (s.charCodeAt(start) === 32 || s.charCodeAt(start) === 9)) start++;
  while (end > start && (s.charCodeAt(end - 1) === 32 || s.charCodeAt(end - 1) === 9 || s.charCodeAt(end - 1) === 13)) end--;
  if (end === start || end - start > 200) return false;
  let dots = 0;
  let onlyPunct = true;
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x2026) dots += 3;
    else if (c === 46) dots++;
    if (!isMarkPunct(c)) onlyPunct = false;
  }
  // Scissors (`-- 8< --`, `>8`) mark a cut too.
  if (onlyPunct) return dots >= 3 || s.includes('8<', start) || s.includes('>8', start);
  // Words: only inside a line that opens with mark punctuation (`[... 40 lines omitted ...]`, `<snip>`), so a
  // sentence that happens to say "skipped" is not a mark.
  const c0 = s.charCodeAt(start);
  if (!(c0 === 91 || c0 === 40 || c0 === 60 || c0 === 45 || c0 === 46 || c0 === 0x2026 || c0 === 42 || c0 === 35)) return false;
  const lower = s.slice(start, end).toLowerCase();
  return ELISION_WORDS.some((w) => lower.includes(w));
}

/** journald's notice that it dropped a unit's lines: `Suppressed 1024 messages from kubelet.service`. */
export function isSuppressionNotice(s: string, p: number): boolean {
  return s.startsWith('Suppressed ', p) && s.indexOf(' messages from ', p + 11) > 0 && s.length - p < 400;
}

/**
 * Where a line goes on after markdown's quote marks — `> `, nested `> > `, or a `>` alone on a quoted blank line —
 * or 0 if it starts with none. A log line quoted in an issue or a chat keeps its own text after them. Only a `>` in
 * the first column counts: a klog multi-line value closes with ` >` (a space first).
 */
export function quoteEnd(s: string): number {
  let p = 0;
  while (p < 16 && s.charCodeAt(p) === 62 /* > */) {
    p++;
    const c = s.charCodeAt(p);
    if (c === 32) p++;
    else if (p < s.length && c !== 62) return 0;
  }
  return p;
}

