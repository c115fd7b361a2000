/**
 * The byte header parser of the fast path accepts only clean bare headers, and for every line it accepts the string
 * parser (parseKlogHeaderAt) reads the same values with no damage.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newBareKlogHeader, parseBareKlogHeader } from '../../../src/ingest/klog-header-bytes.ts';
import { newKlogHeader, parseKlogHeaderAt } from '../../../src/ingest/klog-header.ts';
import { seedText } from '../../helpers.ts';

const enc = new TextEncoder();

function both(line: string) {
  const bytes = enc.encode(line + '\n');
  const b = newBareKlogHeader();
  const fast = parseBareKlogHeader(bytes, 0, bytes.length - 1, b) ? b : undefined;
  const s = newKlogHeader();
  const slow = parseKlogHeaderAt(line, 0, s) ? s : undefined;
  return { fast, slow, bytes };
}

const SEED_LINES = ['000', '003', '004'].flatMap((p) => seedText(p).split('\n')).filter((l) => /^[IWEF]\d{4} /.test(l));
const CHARS = [' ', ':', ']', '.', '-', '=', '"', '0', '9', 'x', 'I', '\t', 'é'];

describe('parseBareKlogHeader', () => {
  it('reads what parseKlogHeaderAt reads, on real lines and randomly damaged ones', () => {
    expect(SEED_LINES.length).toBeGreaterThan(20);
    let accepted = 0;
    fc.assert(fc.property(
      fc.nat(SEED_LINES.length - 1),
      fc.array(fc.record({ at: fc.nat(60), ch: fc.nat(CHARS.length - 1), op: fc.nat(2) }), { maxLength: 3 }),
      (pick, muts) => {
        let line = SEED_LINES[pick];
        for (const m of muts) {
          const at = Math.min(m.at, line.length);
          line = m.op === 0 ? line.slice(0, at) + line.slice(at + 1) : m.op === 1 ? line.slice(0, at) + CHARS[m.ch] + line.slice(at) : line.slice(0, at) + CHARS[m.ch] + line.slice(at + 1);
        }
        const { fast, slow } = both(line);
        if (!fast) return;
        accepted++;
        expect(slow).toBeDefined();
        expect(slow!.damage).toBe('');
        expect([fast.severity, fast.month, fast.day, fast.todUs, fast.pid, fast.fileLine, fast.msgStart])
          .toEqual([slow!.severity, slow!.month, slow!.day, slow!.todUs, slow!.pid, slow!.fileLine, slow!.msgStart]);
        expect(line.slice(fast.fileStart, fast.fileEnd)).toBe(slow!.file);
      },
    ), { numRuns: 2000 });
    expect(accepted).toBeGreaterThan(200);
  });

  it('leaves unusual headers to the string parser', () => {
    const refused = [
      'I0315 10:02:03.12345  2891 kubelet.go:1] short fraction',
      'I0315 10:02:03.1234567  2891 kubelet.go:1] long fraction',
      'I0315 10:02:03.123456 kubelet.go:1] no pid',
      'I0315 10:02:03.123456  2891 component-base/logs.go:1] dash in the caller',
      'I0315 10:02:03.123456  2891 kubelet.go:1]no space',
      'Mar 15 10:02:03 node kubelet[1]: I0315 10:02:03.123456  2891 kubelet.go:1] wrapped',
      '0315 10:02:03.123456  2891 kubelet.go:1] lost letter',
    ];
    for (const line of refused) expect(both(line).fast, line).toBeUndefined();
    expect(both('W1231 23:59:59.999999       1 a/b_c.go:12345] "x"').fast?.msgStart).toBe(46);
  });
});
