import { describe, expect, it } from 'vitest';
import { LINE_BAD_UTF8, LINE_HAS_NUL, LINE_TRUNCATED, LineSplitter } from '../../../src/ingest/line-splitter.ts';

function split(bytes: Uint8Array, chunk: number, maxLineChars?: number) {
  const out: [string, number, number, number][] = [];
  const s = new LineSplitter((t, a, b, tr) => out.push([t, a, b, tr]), maxLineChars);
  for (let p = 0; p < bytes.length; p += chunk) s.push(bytes.subarray(p, Math.min(bytes.length, p + chunk)));
  s.end();
  return out;
}

const enc = new TextEncoder();

describe('LineSplitter', () => {
  const text = 'I0312 10:42:26.101676 1 a.go:1] héllo wörld ✓\r\nsecond line 日本語\n\nthird without newline';
  const bytes = enc.encode(text);

  it('gives the same lines and byte offsets whatever the chunk size', () => {
    const whole = split(bytes, bytes.length);
    expect(whole.map((l) => l[0])).toEqual(['I0312 10:42:26.101676 1 a.go:1] héllo wörld ✓', 'second line 日本語', '', 'third without newline']);
    for (let chunk = 1; chunk <= 9; chunk++) expect(split(bytes, chunk)).toEqual(whole);
  });

  it('reports byte offsets that slice back to the line bytes', () => {
    for (const [t, a, b] of split(bytes, 3)) expect(new TextDecoder().decode(bytes.subarray(a, b))).toBe(t);
  });

  it('handles a CR at a chunk boundary before the LF', () => {
    const b = enc.encode('ab\r\ncd\r\n');
    for (let chunk = 1; chunk <= 4; chunk++) expect(split(b, chunk).map((l) => [l[0], l[1], l[2]])).toEqual([['ab', 0, 2], ['cd', 4, 6]]);
  });

  it('cuts a very long line for parsing, keeps counting bytes, and stays linear', () => {
    const long = new Uint8Array(10 * 1024 * 1024 + 2).fill(97);
    long[long.length - 2] = 10;
    long[long.length - 1] = 98;
    const t0 = performance.now();
    const lines = split(long, 64 * 1024, 4096);
    expect(performance.now() - t0).toBeLessThan(3000);
    expect(lines).toHaveLength(2);
    expect(lines[0][0]).toHaveLength(4096);
    expect(lines[0][3]).toBe(LINE_TRUNCATED);
    expect(lines[0][2]).toBe(10 * 1024 * 1024);
    expect(lines[1]).toEqual(['b', 10 * 1024 * 1024 + 1, 10 * 1024 * 1024 + 2, 0]);
  });

  it('flags the lines with NUL bytes or invalid UTF-8, and only those, whatever the chunk size', () => {
    // line 1 clean, line 2 has a NUL, line 3 a lone continuation byte, line 4 a 3-byte sequence cut by the end.
    const b = new Uint8Array([...enc.encode('clean ✓\nnul'), 0, ...enc.encode('x\nbad'), 0x80, ...enc.encode('y\ncut'), 0xe2, 0x9c]);
    for (const chunk of [1, 2, 3, 5, 64]) {
      expect(split(b, chunk).map((l) => l[3])).toEqual([0, LINE_HAS_NUL, LINE_BAD_UTF8, LINE_BAD_UTF8]);
    }
  });

  it('emits nothing for an empty stream', () => {
    expect(split(new Uint8Array(0), 4)).toEqual([]);
  });
});
