/**
 * Go printf templates compiled into a linear matcher (no regular expressions, no backtracking).
 *
 * A template is literal text with placeholders `%q`, `%s`, `%v`, `%+v`, `%#v`, `%d`, each optionally named with
 * `{field}`. Matching walks left to right once:
 *   - `%q` reads one Go-quoted string;
 *   - `%d` reads an optionally signed integer;
 *   - `%s`/`%v` followed by literal text L take everything up to the first L (bracketed values such as `{…}` or
 *     `[…]` are skipped whole first); at the end of the template they take the rest of the message.
 * Each step only moves forward, so a match costs O(message length) whatever the input.
 */
import { quotedEnd, unquoteGo, bracketEnd } from '../ingest/structured.ts';

type Part =
  | { kind: 'lit'; text: string }
  | { kind: 'q' | 'd' | 'v'; name: string };

export interface CompiledTemplate {
  source: string;
  parts: Part[];
  /** Literal text before the first placeholder (the lookup key's source). */
  prefix: string;
  /** The longest literal, used to pre-filter templates that begin with a placeholder. */
  anchor: string;
}

export function compileTemplate(source: string): CompiledTemplate {
  const parts: Part[] = [];
  let lit = '';
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (c !== '%') { lit += c; i++; continue; }
    if (source[i + 1] === '%') { lit += '%'; i += 2; continue; }
    let j = i + 1;
    while (j < source.length && (source[j] === '+' || source[j] === '#')) j++;
    const verb = source[j];
    if (!'qsvd'.includes(verb)) throw new Error(`template ${JSON.stringify(source)}: unsupported verb %${verb}`);
    j++;
    let name = '';
    if (source[j] === '{') {
      const close = source.indexOf('}', j);
      name = source.slice(j + 1, close);
      j = close + 1;
    }
    if (lit) parts.push({ kind: 'lit', text: lit });
    lit = '';
    parts.push({ kind: verb === 'q' ? 'q' : verb === 'd' ? 'd' : 'v', name });
    i = j;
  }
  if (lit) parts.push({ kind: 'lit', text: lit });
  const prefix = parts[0]?.kind === 'lit' ? parts[0].text : '';
  let anchor = '';
  for (const p of parts) if (p.kind === 'lit' && p.text.length > anchor.length) anchor = p.text;
  return { source, parts, prefix, anchor };
}

/**
 * Matches `text[start, end)` against the template. On success returns the named fields (strings, quotes removed);
 * on failure returns undefined.
 */
export function matchTemplate(t: CompiledTemplate, text: string, start: number, end = text.length): Record<string, string> | undefined {
  const fields: Record<string, string> = {};
  let p = start;
  const parts = t.parts;
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k];
    if (part.kind === 'lit') {
      if (!text.startsWith(part.text, p) || p + part.text.length > end) return emptyLastValue(parts, k, text, p, end, fields);
      p += part.text.length;
      continue;
    }
    if (part.kind === 'q') {
      if (text.charCodeAt(p) !== 34) return undefined;
      const q = quotedEnd(text, p);
      if (q < 0 || q > end) return undefined;
      if (part.name) fields[part.name] = unquoteGo(text, p, q);
      p = q;
      continue;
    }
    if (part.kind === 'd') {
      const s = p;
      p = intEnd(text, p, end);
      if (p === s || (p === s + 1 && text.charCodeAt(s) === 45)) return undefined;
      if (part.name) fields[part.name] = text.slice(s, p);
      continue;
    }
    // %s / %v
    const next = parts[k + 1];
    let valueEnd: number;
    if (!next) {
      valueEnd = end;
    } else {
      const lit = (next as { text: string }).text;
      const c = text.charCodeAt(p);
      let from = p;
      if (c === 123 || c === 91 || (c === 38 && text.charCodeAt(p + 1) === 123)) from = Math.min(bracketEnd(text, p), end);
      const isLast = k + 1 === parts.length - 1;
      // The final literal must end the message: take its last occurrence.
      valueEnd = isLast ? (text.endsWith(lit, end) && end - lit.length >= from ? end - lit.length : -1) : text.indexOf(lit, from);
      if (valueEnd < 0 || valueEnd + lit.length > end) return undefined;
    }
    if (part.name) fields[part.name] = text.slice(p, valueEnd);
    p = valueEnd;
  }
  return p === end ? fields : undefined;
}

/**
 * `Error adding network: %v` printed with an empty value, its trailing space trimmed away (by the writer, a paste or
 * an editor): the message is the literal without its trailing blanks and the last value is empty. Else undefined.
 */
function emptyLastValue(parts: Part[], k: number, text: string, p: number, end: number, fields: Record<string, string>): Record<string, string> | undefined {
  const last = parts[k + 1];
  if (k + 2 !== parts.length || last.kind !== 'v') return undefined;
  const lit = (parts[k] as { text: string }).text;
  const trimmed = lit.trimEnd();
  if (trimmed.length === lit.length || end - p !== trimmed.length || !text.startsWith(trimmed, p)) return undefined;
  if (last.name) fields[last.name] = '';
  return fields;
}

/** What matchTemplateCut read of a message cut short: the fields whole before the cut, and how much literal text agreed. */
export interface CutMatch {
  fields: Record<string, string>;
  literalChars: number;
  /**
   * The text ends inside a bare value (no quote or bracket left open, nothing of the literal after it begun): a cut
   * there leaves no mark, so the whole text may as well be another message that begins the same way.
   */
  inValue?: true;
}

/**
 * Matches `text[start, end)` as the beginning of a message the template prints, cut short at `end` (a pager, a
 * screen's edge): it agrees with the template as far as it goes and ends inside one of its parts. Only the fields
 * read whole before the cut are returned (a value the cut ran through could be any longer value). Undefined if the
 * text disagrees with the template, or is the whole message (matchTemplate's business).
 */
export function matchTemplateCut(t: CompiledTemplate, text: string, start: number, end = text.length): CutMatch | undefined {
  const fields: Record<string, string> = {};
  let literalChars = 0;
  let p = start;
  const parts = t.parts;
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k];
    if (p >= end) return { fields, literalChars };
    if (part.kind === 'lit') {
      const left = end - p;
      if (left < part.text.length) {
        if (!part.text.startsWith(text.slice(p, end))) return undefined;
        return { fields, literalChars: literalChars + left };
      }
      if (!text.startsWith(part.text, p)) return undefined;
      p += part.text.length;
      literalChars += part.text.length;
      continue;
    }
    if (part.kind === 'q') {
      if (text.charCodeAt(p) !== 34) return undefined;
      const q = quotedEnd(text, p);
      if (q < 0 || q > end) {
        if (q === -1) return undefined;
        // A pod reference the cut ran through inside its UID (`"web-0_default(5f1c2d3e-00…`): its name and
        // namespace were read whole, the UID was not.
        if (part.name === 'pod' || part.name === 'pods') {
          const cutValue = text.slice(p + 1, end);
          const open = cutValue.lastIndexOf('(');
          if (open > 0 && cutValue.indexOf(')', open) < 0 && cutValue.lastIndexOf('_', open) > 0) fields[part.name] = cutValue.slice(0, open);
        }
        return { fields, literalChars };
      }
      if (part.name) fields[part.name] = unquoteGo(text, p, q);
      p = q;
      continue;
    }
    if (part.kind === 'd') {
      const s = p;
      p = intEnd(text, p, end);
      if (p === end) return { fields, literalChars, inValue: true };
      if (p === s || (p === s + 1 && text.charCodeAt(s) === 45)) return undefined;
      if (part.name) fields[part.name] = text.slice(s, p);
      continue;
    }
    const next = parts[k + 1];
    // The last value runs to the message's end, which the cut took.
    if (!next) return { fields, literalChars, inValue: true };
    const lit = (next as { text: string }).text;
    const c = text.charCodeAt(p);
    let from = p;
    if (c === 123 || c === 91 || (c === 38 && text.charCodeAt(p + 1) === 123)) {
      from = bracketEnd(text, p);
      if (from >= end) return { fields, literalChars };
    }
    const valueEnd = text.indexOf(lit, from);
    // Not found before the cut: the value was cut, or the literal after it — whose beginning then ends the text.
    if (valueEnd < 0 || valueEnd + lit.length > end) {
      const begun = litBeginningAtEnd(lit, text, from, end);
      return begun || from > p ? { fields, literalChars: literalChars + begun } : { fields, literalChars, inValue: true };
    }
    if (part.name) fields[part.name] = text.slice(p, valueEnd);
    p = valueEnd;
  }
  return undefined;
}

/** The length of the longest beginning of `lit` (shorter than all of it) that text[from, end) ends with; 0 if none. */
function litBeginningAtEnd(lit: string, text: string, from: number, end: number): number {
  for (let k = Math.min(lit.length - 1, end - from); k > 0; k--) if (text.startsWith(lit.slice(0, k), end - k)) return k;
  return 0;
}

/** Where an optionally signed run of digits from `p` ends (at most `end`). */
function intEnd(text: string, p: number, end: number): number {
  if (text.charCodeAt(p) === 45) p++;
  while (p < end && text.charCodeAt(p) >= 48 && text.charCodeAt(p) <= 57) p++;
  return p;
}
