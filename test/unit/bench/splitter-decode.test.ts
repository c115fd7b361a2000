/**
 * LineSplitter decodes most pieces in one shot instead of streaming (much faster in Node); the lines must be exactly
 * those of a streaming decode whatever the chunking, with multi-byte characters, invalid bytes and byte-order marks
 * anywhere.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineSplitter } from '../../../src/ingest/line-splitter.ts';

function splitWith(bytes: Uint8Array, cuts: number[]): [string, number, number, number][] {
  const out: [string, number, number, number][] = [];
  const s = new LineSplitter((text, start, end, flags) => out.push([text, start, end, flags]));
  let prev = 0;
  for (const c of [...cuts.filter((x) => x > 0 && x < bytes.length)].sort((a, b) => a - b).concat(bytes.length)) {
    s.push(bytes.subarray(prev, c));
    prev = c;
  }
  s.end();
  return out;
}

/**
 * The reference: one decode of the whole input, split on '\n'. Bytes after the last newline make a last line even
 * when they decode to nothing (a lone byte-order mark), as the splitter has always done.
 */
function reference(bytes: Uint8Array): string[] {
  const text = new TextDecoder('utf-8').decode(bytes);
  const lines = text.split('\n');
  if (bytes.length === 0 || bytes[bytes.length - 1] === 10) lines.pop();
  return lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
}

const PIECES = ['abc', 'é', '€', '😀', '\n', '\r\n', '\uFEFF', 'I0919 11:11:20.322601  190330 kubelet.go:2130] "SyncLoop ADD"'];
const encoder = new TextEncoder();

describe('LineSplitter decoding', () => {
  it('gives the lines of a streaming decode for any chunking', () => {
    fc.assert(fc.property(
      fc.array(fc.oneof(fc.constantFrom(...PIECES).map((p) => encoder.encode(p)), fc.uint8Array({ maxLength: 4 })), { maxLength: 40, size: 'max' }),
      fc.array(fc.nat({ max: 400 }), { maxLength: 12 }),
      (parts, cuts) => {
        const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
        let o = 0;
        for (const p of parts) { bytes.set(p, o); o += p.length; }
        const lines = splitWith(bytes, cuts).map(([t]) => t);
        expect(lines).toEqual(reference(bytes));
      },
    ), { numRuns: 400 });
  });

  it('strips a byte-order mark only at the very start of the stream', () => {
    const bom = [0xef, 0xbb, 0xbf];
    const bytes = new Uint8Array([...bom, 0x61, 0x0a, ...bom, 0x62, 0x0a]);
    for (const cut of [1, 2, 3, 4, 5, 6, 7, 8]) {
      expect(splitWith(bytes, [cut]).map(([t]) => t)).toEqual(['a', '\uFEFFb']);
    }
  });
});
