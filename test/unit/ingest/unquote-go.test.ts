/**
 * unquoteGo copies the text between escapes in slices, or lets the native JSON parser read a value escaping only
 * quotes and backslashes (fast for JSON patches quoted in klog values); it must unescape exactly like the plain
 * character-by-character reading below, for any input — bad and cut escapes, raw control characters too.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unquoteGo } from '../../../src/ingest/structured.ts';

const HEX = (c: number) => (c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : c >= 65 && c <= 70 ? c - 55 : -1);

/** Go's unquoting as a character-by-character reading, tolerant of bad escapes (the reference). */
function unquoteByCharacter(s: string, start: number, end: number): string {
  const inner = s.slice(start + 1, s.charCodeAt(end - 1) === 34 && end - 1 > start ? end - 1 : end);
  let out = '';
  const n = inner.length;
  for (let i = 0; i < n; i++) {
    const c = inner.charCodeAt(i);
    if (c !== 92 || i + 1 >= n) { out += inner[i]; continue; }
    const e = inner[++i];
    const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\', '\'': '\'', a: '\x07', b: '\b', f: '\f', v: '\v' };
    if (e in simple) { out += simple[e]; continue; }
    if (e === 'x' || e === 'u' || e === 'U') {
      const len = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      let v = 0;
      let ok = i + len < n;
      for (let k = 1; ok && k <= len; k++) {
        const h = HEX(inner.charCodeAt(i + k));
        if (h < 0) ok = false; else v = v * 16 + h;
      }
      if (ok && v <= 0x10ffff) { out += String.fromCodePoint(v); i += len; } else out += '\\' + e;
      continue;
    }
    if (e >= '0' && e <= '7' && i + 2 < n) {
      out += String.fromCharCode(parseInt(inner.slice(i, i + 3), 8) & 0xff);
      i += 2;
    } else out += '\\' + e;
  }
  return out;
}

const PIECES = ['\\', '"', 'n', 't', 'x', 'u', 'U', '0', '7', '8', 'f', 'F', 'g', 'a', ' ', 'é', '{', '\\"', '\\\\', '\\x4', '\\u00e9', '\\U0001F600', '\\377'];

describe('unquoteGo', () => {
  it('unescapes as a character-by-character reading does', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }), fc.boolean(), (parts, closed) => {
      const s = `"${parts.join('')}${closed ? '"' : ''}`;
      expect(unquoteGo(s, 0, s.length)).toBe(unquoteByCharacter(s, 0, s.length));
    }), { numRuns: 3000 });
  });

  it('takes the one-pass way for values escaping only quotes and backslashes, with the same result', () => {
    // Raw control characters and stray quotes make the JSON reading refuse such a value: the result must not change.
    const pieces = ['\\"', '\\\\', 'a', '"', ' ', '{', 'é', '\\', '\t', '\n', '\u0001', '\u2028', '😀'];
    fc.assert(fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), fc.boolean(), (parts, closed) => {
      const s = `"${parts.join('')}${closed ? '"' : ''}`;
      expect(unquoteGo(s, 0, s.length)).toBe(unquoteByCharacter(s, 0, s.length));
    }), { numRuns: 3000 });
  });

  it('reads a JSON patch quoted in a klog value', () => {
    const value = '"{\\"metadata\\":{\\"uid\\":\\"64dbe0d6\\"},\\"status\\":{\\"phase\\":\\"Running\\"}}"';
    expect(JSON.parse(unquoteGo(value, 0, value.length))).toEqual({ metadata: { uid: '64dbe0d6' }, status: { phase: 'Running' } });
  });
});
