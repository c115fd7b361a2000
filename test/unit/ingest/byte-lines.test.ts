/**
 * ByteLines hands some lines to a fast taker as bytes and the rest to LineSplitter: together they must give exactly
 * the lines, byte offsets and damage flags LineSplitter alone gives, whatever the chunking — with byte-order marks,
 * CRs, NULs, multi-byte and invalid UTF-8 anywhere, and lines split across chunks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteLines, type FastLineTaker } from '../../../src/ingest/byte-lines.ts';
import { LineSplitter } from '../../../src/ingest/line-splitter.ts';

type Row = [text: string, start: number, end: number, flags: number];

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

function cutPoints(length: number, cuts: number[]): number[] {
  return [...new Set(cuts.filter((x) => x > 0 && x < length))].sort((a, b) => a - b).concat(length);
}

function alone(bytes: Uint8Array, cuts: number[]): Row[] {
  const out: Row[] = [];
  const s = new LineSplitter((text, start, end, flags) => out.push([text, start, end, flags]));
  let prev = 0;
  for (const c of cutPoints(bytes.length, cuts)) { s.push(bytes.subarray(prev, c)); prev = c; }
  s.end();
  return out;
}

/** A taker that takes the lines `wants` likes; what it took is listed in order with the splitter's lines. */
function together(bytes: Uint8Array, cuts: number[], wants: (line: Uint8Array) => boolean): { rows: Row[]; taken: number } {
  const out: Row[] = [];
  let taken = 0;
  const taker: FastLineTaker = {
    takingLines: true,
    takeLine(b, _view, start, limit, streamStart, nulAt, maxLineBytes) {
      const newline = b.indexOf(10, start);
      if (newline < 0 || newline >= limit || nulAt < newline) return -1;
      const end = newline > start && b[newline - 1] === 13 ? newline - 1 : newline;
      const line = b.subarray(start, end);
      if (end - start > maxLineBytes || !wants(line)) return -1;
      taken++;
      out.push([decoder.decode(line), streamStart, streamStart + (end - start), 0]);
      return newline;
    },
    yieldToSlowPath() {},
    completeHeld() {},
  };
  const lines = new ByteLines(taker, new LineSplitter((text, start, end, flags) => out.push([text, start, end, flags])));
  let prev = 0;
  for (const c of cutPoints(bytes.length, cuts)) { lines.push(bytes.subarray(prev, c)); prev = c; }
  lines.end();
  return { rows: out, taken };
}

const enc = new TextEncoder();
const PIECES = ['I0919 11:11:20.322601  190330 kubelet.go:2130] "SyncLoop ADD"', 'E0101 x', 'abc', 'é', '😀', '\n', '\r\n', '\r', '\uFEFF', '\0', ' '];
/** Lines starting with a severity letter and holding only ASCII without NUL are taken. */
const asciiHeaderish = (line: Uint8Array) => line.length > 0 && (line[0] === 73 || line[0] === 69) && line.every((b) => b > 0 && b < 0x80);

describe('ByteLines', () => {
  it('gives the lines of LineSplitter alone, whichever lines the taker takes and however the bytes are cut', () => {
    fc.assert(fc.property(
      fc.array(fc.oneof(fc.constantFrom(...PIECES).map((p) => enc.encode(p)), fc.uint8Array({ maxLength: 3 })), { maxLength: 40 }),
      fc.array(fc.nat({ max: 600 }), { maxLength: 10 }),
      (parts, cuts) => {
        const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
        let o = 0;
        for (const p of parts) { bytes.set(p, o); o += p.length; }
        expect(together(bytes, cuts, asciiHeaderish).rows).toEqual(alone(bytes, cuts));
      },
    ), { numRuns: 500 });
  });

  it('takes the whole lines of a chunk and leaves a line cut by a chunk boundary to the splitter', () => {
    const line = 'I0919 11:11:20.322601  190330 kubelet.go:2130] "SyncLoop ADD"\n';
    const bytes = enc.encode(line.repeat(10));
    const { rows, taken } = together(bytes, [line.length * 4 + 7], asciiHeaderish);
    expect(taken).toBe(9);
    expect(rows).toEqual(alone(bytes, []));
  });

  it('keeps a byte-order mark at the start of a later line when the first lines were taken', () => {
    const bytes = enc.encode('I0101 a\n\uFEFFb\n');
    expect(together(bytes, [], asciiHeaderish).rows.map((r) => r[0])).toEqual(['I0101 a', '\uFEFFb']);
    // Also in a piece that ends inside a character (decoded by the streaming decoder).
    const cut = enc.encode('I0101 a\n\uFEFFé\n');
    expect(together(cut, [cut.length - 2], asciiHeaderish).rows.map((r) => r[0])).toEqual(['I0101 a', '\uFEFFé']);
    // … and strips one at the very start of the stream, as a streaming decode does.
    expect(together(enc.encode('\uFEFFb\nI0101 a\n'), [], asciiHeaderish).rows.map((r) => r[0])).toEqual(['b', 'I0101 a']);
  });
});
