import { describe, expect, it } from 'vitest';
import { LineSplitter } from '../../../src/ingest/line-splitter.ts';

function split(bytes: Uint8Array, chunk: number, maxLineChars?: number) {
  const out: [string, number, number, boolean][] = [];
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
    expect(lines[0][3]).toBe(true);
    expect(lines[0][2]).toBe(10 * 1024 * 1024);
    expect(lines[1]).toEqual(['b', 10 * 1024 * 1024 + 1, 10 * 1024 * 1024 + 2, false]);
  });

  it('emits nothing for an empty stream', () => {
    expect(split(new Uint8Array(0), 4)).toEqual([]);
  });
});
