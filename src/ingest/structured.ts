/**
 * Reading klog's structured text (kubelet ≥ 1.21): `"<msg>" key=value key="quoted" list=[a b] obj={...} multi=<`.
 * Every scanner here is a single forward pass with bounded look-ahead: hostile input cannot make it backtrack.
 */

/** One `key=value` pair as offsets into the record text (values are unescaped only when asked for). */
export interface KeyValue {
  key: string;
  valStart: number;
  valEnd: number;
  /** 1 = Go-quoted string, 2 = bracketed ([..], {..}, &{..}), 3 = multi-line `<` block, 0 = bare token. */
  shape: 0 | 1 | 2 | 3;
}

/** quotedEnd's and scanBracket's answer when the text ends before the value does (a line cut short). */
const CUT_AT_END = -2;

/**
 * End index (exclusive) of a Go-quoted string starting at `i` (which must be a '"'). Unterminated: -1 at a newline,
 * CUT_AT_END if the text ends first (callers that only need "terminated or not" test for < 0).
 */
export function quotedEnd(s: string, i: number): number {
  const n = s.length;
  let p = i + 1;
  while (p < n) {
    // The run of characters that are none of the three, skipped by the regex engine's native loop (faster than a
    // test per character here, even in a quoted JSON patch with an escape every few characters).
    QUOTED_RUN.lastIndex = p;
    QUOTED_RUN.test(s);
    p = QUOTED_RUN.lastIndex;
    if (p >= n) break;
    const c = s.charCodeAt(p);
    if (c === 92 /* \\ */) { p += 2; continue; }
    if (c === 34 /* " */) return p + 1;
    return -1; // a newline
  }
  return CUT_AT_END;
}

/** Characters quotedEnd does not stop at: all but '"', '\\' and newline (one class, sticky: linear). */
const QUOTED_RUN = /[^"\\\n]*/y;

const HEX = (c: number) => (c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : c >= 65 && c <= 70 ? c - 55 : -1);

/** A backslash followed by anything but a quote or a backslash (an escape of another kind, or a lone backslash). */
const OTHER_ESCAPE = /\\(?:[^"\\]|$)/;
const QUOTE_OR_BACKSLASH_ESCAPE = /\\(["\\])/g;

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\', '\'': '\'', a: '\x07', b: '\b', f: '\f', v: '\v',
};

/**
 * Unescapes the Go-quoted string s[start, end) (including its quotes). Tolerates bad escapes: an unknown or cut
 * escape stays as written, and so does a lone backslash at the end. The text between escapes is copied in slices
 * (a JSON patch quoted in a klog value has an escape every few characters).
 */
export function unquoteGo(s: string, start: number, end: number): string {
  const inner = s.slice(start + 1, s.charCodeAt(end - 1) === 34 && end - 1 > start ? end - 1 : end);
  let slash = inner.indexOf('\\');
  if (slash < 0) return inner;
  // Most escaped values are JSON or quoted text, escaping only quotes and backslashes: one native pass then. A
  // closed string with only those escapes reads the same as a JSON string, which the native JSON parser unescapes
  // fastest (a JSON patch has hundreds of escapes); it refuses raw control characters, which Go would have escaped.
  if (!OTHER_ESCAPE.test(inner)) {
    if (s.charCodeAt(end - 1) === 34 && end - 1 > start) {
      try {
        return JSON.parse(s.slice(start, end)) as string;
      } catch {
        // a raw control character: below
      }
    }
    return inner.replace(QUOTE_OR_BACKSLASH_ESCAPE, '$1');
  }
  const n = inner.length;
  const parts: string[] = [];
  let from = 0;
  while (slash >= 0 && slash + 1 < n) {
    parts.push(inner.slice(from, slash));
    const at = slash + 1;
    const e = inner[at];
    let next = at + 1;
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== undefined) {
      parts.push(simple);
    } else if (e === 'x' || e === 'u' || e === 'U') {
      const len = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      let v = 0;
      let ok = at + len < n;
      for (let k = 1; ok && k <= len; k++) {
        const h = HEX(inner.charCodeAt(at + k));
        if (h < 0) ok = false; else v = v * 16 + h;
      }
      if (ok && v <= 0x10ffff) {
        parts.push(String.fromCodePoint(v));
        next = at + len + 1;
      } else {
        parts.push('\\' + e);
      }
    } else if (e >= '0' && e <= '7' && at + 2 < n) {
      parts.push(String.fromCharCode(parseInt(inner.slice(at, at + 3), 8) & 0xff));
      next = at + 3;
    } else {
      parts.push('\\' + e);
    }
    from = next;
    slash = inner.indexOf('\\', next);
  }
  parts.push(inner.slice(from));
  return parts.join('');
}

/** scanBracket: a quoted value inside the brackets met a newline. (A newline outside quotes at p is -3 - p.) */
const NEWLINE_IN_QUOTE = -1;

/**
 * One pass over a bracketed value starting at `i` ('[', '{' or '&{'), honouring quotes: the end (exclusive) after its
 * closing bracket; CUT_AT_END if the text ends inside it; NEWLINE_IN_QUOTE; or -3 - p for a newline at p (a
 * bracketed value never spans lines in klog output, so a newline means the text was cut).
 */
function scanBracket(s: string, i: number): number {
  const n = s.length;
  let depth = 0;
  let p = s.charCodeAt(i) === 38 /* & */ ? i + 1 : i;
  while (p < n) {
    // The run of characters that are none of those below, skipped by the regex engine's native loop (a Go struct
    // dump has one every 20-odd characters: twice as fast as testing each here).
    ORDINARY_RUN.lastIndex = p;
    ORDINARY_RUN.test(s);
    p = ORDINARY_RUN.lastIndex;
    if (p >= n) break;
    const c = s.charCodeAt(p);
    if (c === 34) {
      const q = quotedEnd(s, p);
      if (q < 0) return q === CUT_AT_END ? CUT_AT_END : NEWLINE_IN_QUOTE;
      p = q;
      continue;
    }
    if (c === 91 || c === 123 || c === 40) depth++;
    else if (c === 93 || c === 125 || c === 41) {
      if (--depth === 0) return p + 1;
    } else return -3 - p; // a newline
    p++;
  }
  return CUT_AT_END;
}

/**
 * Characters scanBracket does not stop at: all but quote, brackets, braces, parentheses and newline. One character
 * class under a greedy star, anchored where it starts (sticky): linear, with nothing to backtrack into.
 */
const ORDINARY_RUN = /[^"[\]{}()\n]*/y;

/** End (exclusive) of a bracketed value starting at `i`; at a newline, the newline; s.length if it does not end. */
export function bracketEnd(s: string, i: number): number {
  const r = scanBracket(s, i);
  return r >= 0 ? r : r <= -3 ? -3 - r : s.length;
}

const isKeyChar = (c: number) =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 45;

/**
 * Where scanKeyValues found the text to end (for cutInside's answer without a second pass): `why` in cutInside's
 * words ('' if the text ends where a value may end), or `known` false if the scan stopped at maxPairs first.
 */
export interface EndReport {
  why: string;
  known: boolean;
}

/**
 * Scans ` key=value` pairs from `start`. Stops at the first thing that is not a pair (that text is left alone).
 * Returns the number of pairs written into `out` (which is reused; entries past the count are stale). With `end`,
 * also tells whether the text ends inside a value, exactly as cutInside would from the pairs on.
 */
export function scanKeyValues(s: string, start: number, out: KeyValue[], maxPairs = 64, report?: EndReport): number {
  const n = s.length;
  let p = start;
  let count = 0;
  let why = '';
  while (p < n && count < maxPairs) {
    while (p < n && s.charCodeAt(p) === 32) p++;
    const keyStart = p;
    while (p < n && isKeyChar(s.charCodeAt(p))) p++;
    if (p === keyStart || s.charCodeAt(p) !== 61 /* = */) break;
    const key = s.slice(keyStart, p);
    p++;
    const c = s.charCodeAt(p);
    let shape: KeyValue['shape'] = 0;
    let end: number;
    if (p === n) {
      end = p;
      why = `after ${cutKey(key)}= (no value)`;
    } else if (c === 34) {
      const q = quotedEnd(s, p);
      if (q === CUT_AT_END) why = `inside the value of ${cutKey(key)}= (its quote is not closed)`;
      end = q < 0 ? lineEnd(s, p) : q;
      shape = 1;
    } else if (c === 91 || c === 123 || (c === 38 && s.charCodeAt(p + 1) === 123)) {
      const r = scanBracket(s, p);
      if (r === CUT_AT_END) why = `inside the value of ${cutKey(key)}= (a "${c === 38 ? '{' : String.fromCharCode(c)}" is not closed)`;
      end = r >= 0 ? r : r <= -3 ? -3 - r : n;
      shape = 2;
    } else if (c === 60 /* < */ && (p + 1 >= n || s.charCodeAt(p + 1) === 10)) {
      // Multi-line value: `key=<` newline, TAB-indented lines, then ` >` on its own line.
      const close = s.indexOf('\n >', p);
      if (close < 0) why = `inside the multi-line value of ${cutKey(key)}= (no closing " >")`;
      end = close < 0 ? n : close + 3;
      shape = 3;
    } else {
      end = p;
      while (end < n && s.charCodeAt(end) !== 32 && s.charCodeAt(end) !== 10) end++;
    }
    let slot = out[count];
    if (!slot) slot = out[count] = { key, valStart: p, valEnd: end, shape };
    else { slot.key = key; slot.valStart = p; slot.valEnd = end; slot.shape = shape; }
    count++;
    p = end;
  }
  if (report) {
    report.why = why;
    // Stopped by the pair limit with text left: what follows was not looked at.
    report.known = why !== '' || count < maxPairs || p >= n;
  }
  return count;
}

/** A key as cut reports name it (bounded: a hostile key may be megabytes long). */
const cutKey = (key: string) => (key.length > 64 ? key.slice(0, 64) : key);

function lineEnd(s: string, p: number): number {
  const nl = s.indexOf('\n', p);
  return nl < 0 ? s.length : nl;
}

/** The value of a pair as a plain string: quotes removed and escapes resolved; multi-line blocks de-indented. */
export function valueString(s: string, kv: KeyValue): string {
  switch (kv.shape) {
    case 1: return unquoteGo(s, kv.valStart, kv.valEnd);
    case 3: {
      const body = s.slice(kv.valStart + 2, Math.max(kv.valStart + 2, kv.valEnd - 3));
      return body.split('\n').map((l) => (l.charCodeAt(0) === 9 ? l.slice(1) : l)).join('\n');
    }
    default: {
      // A paste that lost a value's opening quote leaves its closing one (`pod=-1/web-0"`): no unquoted value ends so.
      const end = kv.valEnd - 1 > kv.valStart && s.charCodeAt(kv.valEnd - 1) === 34 && s.lastIndexOf('"', kv.valEnd - 2) < kv.valStart ? kv.valEnd - 1 : kv.valEnd;
      return s.slice(kv.valStart, end);
    }
  }
}

/**
 * Splits a klog list value into its items: `[ns/a ns/b]`, `"[ns/a ns/b]"` (1.26), `["ns/a","ns/b"]` (1.28+), `[]`.
 */
export function listItems(raw: string): string[] {
  let t = raw.trim();
  if (t.startsWith('"') && t.endsWith('"')) t = unquoteGo(t, 0, t.length);
  if (t.startsWith('[')) t = t.slice(1, t.endsWith(']') ? -1 : undefined);
  t = t.trim();
  if (!t) return [];
  const items: string[] = [];
  if (t.includes('"')) {
    let p = 0;
    while (p < t.length) {
      const q = t.indexOf('"', p);
      if (q < 0) break;
      const e = quotedEnd(t, q);
      if (e < 0) break;
      items.push(unquoteGo(t, q, e));
      p = e;
    }
    return items;
  }
  for (const part of t.split(/[ ,]+/)) if (part) items.push(part);
  return items;
}

/** True if `Identifier:` (an exported Go field name, at most 40 chars) starts at i. */
function startsField(t: string, i: number): boolean {
  const c = t.charCodeAt(i);
  if (!(c >= 65 && c <= 90)) return false;
  const limit = Math.min(t.length, i + 40);
  for (let k = i + 1; k < limit; k++) {
    const d = t.charCodeAt(k);
    if (d === 58) return true;
    if (!isKeyChar(d)) return false;
  }
  return false;
}

/**
 * Reads top-level `Name:value` fields out of a Go struct dump: `&{ID:abc Type:ContainerDied Data:def}` (%+v),
 * `&pleg.PodLifecycleEvent{ID:"abc", Type:"ContainerDied", Data:"def"}` (%#v), or the JSON form
 * `{"ID":"abc","Type":"ContainerDied","Data":"def"}` (klog ≥ 2.100).
 */
export function structFields(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  let t = raw.trim();
  if (t.startsWith('{') && t.includes('":')) {
    try {
      const obj = JSON.parse(t) as Record<string, unknown>;
      if (obj && typeof obj === 'object') {
        for (const [k, v] of Object.entries(obj)) out[k] = typeof v === 'string' ? v : JSON.stringify(v);
        return out;
      }
    } catch {
      // fall through to the Go form
    }
  }
  const brace = t.indexOf('{');
  if (brace >= 0 && brace < 80) t = t.slice(brace + 1, t.endsWith('}') ? -1 : undefined);
  let p = 0;
  const n = t.length;
  while (p < n) {
    while (p < n && (t.charCodeAt(p) === 32 || t.charCodeAt(p) === 44)) p++;
    const ks = p;
    while (p < n && isKeyChar(t.charCodeAt(p))) p++;
    if (p === ks || t.charCodeAt(p) !== 58) break;
    const key = t.slice(ks, p);
    p++;
    let end: number;
    const c = t.charCodeAt(p);
    if (c === 34) {
      const q = quotedEnd(t, p);
      end = q < 0 ? n : q;
    } else {
      // A bare value runs to the next top-level `Key:` (Go %+v values such as times contain spaces).
      end = p;
      while (end < n) {
        const d = t.charCodeAt(end);
        if (d === 44) break;
        if (d === 32 && startsField(t, end + 1)) break;
        if (d === 91 || d === 123 || d === 40) { end = bracketEnd(t, end); continue; }
        if (d === 38 && t.charCodeAt(end + 1) === 123) { end = bracketEnd(t, end); continue; }
        end++;
      }
    }
    const v = t.slice(p, end);
    out[key] = c === 34 ? unquoteGo(v, 0, v.length) : v;
    p = end;
  }
  return out;
}

/** Pairs looked at (the scan is linear in the text whatever this is; it only stops a line of a million pairs early). */
const MAX_CUT_SCAN_PAIRS = 512;
const cutScratch: KeyValue[] = [];
const cutReport: EndReport = { why: '', known: true };

/**
 * Where a structured record's text ends in the middle of something (`inside the value of pods= (a "[" is not
 * closed)`, '' if it does not): its message's quote, a quoted value's quote, a
 * bracketed value (`pods=["defau`), a multi-line `key=<` value never closed with ` >`, or a `key=` with no value —
 * what a line cut by a pager, a terminal or the end of a file leaves. '' if the text ends where a value may end.
 * Only the end of the text counts: something that stops at a newline is a continuation this scan does not judge.
 * `msgStart` must be the message's opening quote. One forward pass (scanKeyValues's, which the classifier runs
 * anyway and so learns the same without this).
 */
export function cutInside(s: string, msgStart: number): string {
  const p = quotedEnd(s, msgStart);
  if (p === CUT_AT_END) return 'inside its message (the quote is not closed)';
  if (p < 0) return '';
  const pairs = scanKeyValues(s, p, cutScratch, MAX_CUT_SCAN_PAIRS, cutReport);
  // A key may be a slice of the text: the scratch must not keep the text alive.
  for (let k = 0; k < pairs; k++) cutScratch[k].key = '';
  return cutReport.why;
}
