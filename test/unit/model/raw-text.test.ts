/**
 * The raw text packed as the app keeps it (util/lz-pack.ts, model/raw-text.ts): packing is lossless on any bytes,
 * a damaged block is refused rather than read out of bounds, and a trace read with packRawText answers every
 * question about its text (lines, records, text filters, the trace file, a share link's lines) exactly as one
 * read plainly.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateKubeletLog } from '../../../scripts/gen-kubelet-log.ts';
import { analyzeSources } from '../../../src/model/analyze.ts';
import { joinRaw, packRaw, pieceBytes, rawBytes } from '../../../src/model/raw-text.ts';
import { eventRawText, lineCountOf, readLines } from '../../../src/model/trace-query.ts';
import { plainTextMask } from '../../../src/store/text-match.ts';
import { Packer, packBound, unpackInto } from '../../../src/util/lz-pack.ts';

const packer = new Packer();

function kubeletLog(sizeBytes: number, seed: number): string {
  const parts: string[] = [];
  generateKubeletLog({ sizeBytes, seed }, (c) => { parts.push(typeof c === 'string' ? c : new TextDecoder().decode(c)); });
  return parts.join('');
}

/** Byte arrays compared at once (vitest compares typed arrays element by element, slowly). */
const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && Buffer.from(a.buffer, a.byteOffset, a.length).equals(Buffer.from(b.buffer, b.byteOffset, b.length));

function roundTrip(bytes: Uint8Array): Uint8Array {
  const packed = packer.pack(bytes);
  expect(packed.length).toBeLessThanOrEqual(packBound(bytes.length));
  const out = new Uint8Array(bytes.length);
  unpackInto(packed, out);
  return out;
}

describe('lz-pack', () => {
  it('restores any bytes exactly', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 5000 }), (bytes) => {
      expect(same(roundTrip(bytes), bytes)).toBe(true);
    }), { numRuns: 300 });
  });

  it('restores repetitive text exactly (long matches, overlapping repeats, runs)', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom('I0314 09:14:07.000015  243524 ', 'kubelet.go:2114] ', '"SyncLoop ADD" ', 'aaaaaaaa', 'a', '\n', 'pod="ns/x"'), { maxLength: 400 }), (parts) => {
      const bytes = new TextEncoder().encode(parts.join(''));
      expect(roundTrip(bytes)).toEqual(bytes);
    }), { numRuns: 300 });
    const run = new Uint8Array(100_000).fill(120);
    expect(roundTrip(run)).toEqual(run);
    expect(packer.pack(run).length).toBeLessThan(600);
  });

  it('packs a kubelet log several times smaller', () => {
    const log = new TextEncoder().encode(kubeletLog(2 << 20, 3));
    const packed = packer.pack(log);
    expect(same(roundTrip(log), log)).toBe(true);
    expect(log.length / packed.length).toBeGreaterThan(3);
  });

  it('refuses a damaged block instead of reading or writing past its buffers', () => {
    const text = new TextEncoder().encode('I0314 09:14:07.000015 kubelet.go:1] "SyncLoop ADD" pods=[a]\n'.repeat(50));
    const packed = packer.pack(text);
    fc.assert(fc.property(fc.nat(packed.length - 1), fc.integer({ min: 0, max: 255 }), fc.boolean(), (at, value, cut) => {
      const damaged = cut ? packed.slice(0, at) : packed.slice();
      if (!cut) damaged[at] = value;
      const out = new Uint8Array(text.length);
      try {
        unpackInto(damaged, out);
      } catch (e) {
        expect(String(e)).toMatch(/damaged packed text/);
      }
    }), { numRuns: 500 });
    expect(() => unpackInto(packed, new Uint8Array(text.length - 1))).toThrow(/damaged/);
    expect(() => unpackInto(packed, new Uint8Array(text.length + 1))).toThrow(/damaged/);
  });
});

describe('packed raw text', () => {
  const text = kubeletLog(3 << 20, 7);
  const plain = analyzeSources([{ name: 'node.log', data: text }], { defaultYear: 2024 }, 256 * 1024);
  const packed = analyzeSources([{ name: 'node.log', data: text }], { defaultYear: 2024, packRawText: true }, 256 * 1024);

  it('packs every piece and keeps a fraction of the bytes', () => {
    const raw = packed.raw[0];
    expect(raw.pieces.length).toBeGreaterThan(5);
    // Every piece but a last scrap too short to gain from packing.
    raw.pieces.forEach((p, c) => { if (c < raw.pieces.length - 1) expect(raw.packed[c]).toBe(true); });
    const kept = raw.pieces.reduce((n, p) => n + p.length, 0);
    expect(kept * 3).toBeLessThan(new TextEncoder().encode(text).length);
    expect(plain.raw[0].packed.some(Boolean)).toBe(false);
  });

  it('reads the same text, lines and records', () => {
    expect(same(joinRaw(packed.raw[0]), joinRaw(plain.raw[0]))).toBe(true);
    expect(lineCountOf(packed, 0)).toBe(lineCountOf(plain, 0));
    const lines = lineCountOf(plain, 0);
    for (let line = 1; line <= lines; line += 97) expect(readLines(packed, 0, line, 3)).toBe(readLines(plain, 0, line, 3));
    for (let e = 0; e < plain.events.count; e += 53) expect(eventRawText(packed, e)).toBe(eventRawText(plain, e));
    // Ranges across a piece boundary.
    const raw = packed.raw[0];
    for (let c = 1; c < raw.pieces.length; c++) {
      const at = raw.pieceStarts[c];
      expect(same(rawBytes(raw, at - 100, at + 100), rawBytes(plain.raw[0], at - 100, at + 100))).toBe(true);
      expect(pieceBytes(raw, c).length).toBe((c + 1 < raw.pieces.length ? raw.pieceStarts[c + 1] : joinRaw(raw).length) - at);
    }
  });

  it('a plain text packed afterwards (a trace file or CSV table opened in the app) reads the same', () => {
    const later = packRaw(plain.raw[0], packer);
    expect(later.packed.filter(Boolean).length).toBeGreaterThan(5);
    expect(same(joinRaw(later), joinRaw(plain.raw[0]))).toBe(true);
    expect(packRaw(later, packer)).toBe(later);
  });

  it('a text filter finds the same events', () => {
    for (const needle of ['SyncLoop', 'probe', 'containerd://', 'zzz-not-there']) {
      const found = plainTextMask(packed, needle);
      expect(same(found, plainTextMask(plain, needle))).toBe(true);
      if (needle !== 'zzz-not-there') expect(found.includes(1)).toBe(true);
    }
  });
});
