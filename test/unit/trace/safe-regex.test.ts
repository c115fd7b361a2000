/** The linear-time pattern matcher for sanitize patterns, and the IP scanners. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { safePattern } from '../../../src/trace/safe-regex-run.ts';
import { ShareError } from '../../../src/trace/errors.ts';
import { ipv4At, ipv6At } from '../../../src/trace/sanitize-scan.ts';

const budget = () => ({ steps: 10_000_000 });

describe('safe patterns', () => {
  // Patterns that cannot match the empty string, so native RegExp and ours agree on where the leftmost match starts.
  const PATTERNS = ['ab', 'a+b', 'b[ac]+', '(?:ab|ba)c', 'a.c', '\\d+', '[^ab]c', 'c{2,3}', 'x?ab', '\\bab', 'ba$', '^ab'];

  it('finds the leftmost match where JavaScript regexes do, on random text', () => {
    fc.assert(fc.property(fc.constantFrom(...PATTERNS), fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' ', '1', 'x'), maxLength: 30 }), (p, text) => {
      const native = new RegExp(p).exec(text);
      const ours = safePattern(p).find(text, 0, budget());
      expect(ours?.[0]).toBe(native?.index);
      if (ours && native) expect(ours[1] - ours[0]).toBeGreaterThanOrEqual(native[0].length);
    }), { numRuns: 400 });
  });

  it('returns the longest match at the leftmost start', () => {
    expect(safePattern('a|ab|abc').find('xabcd', 0, budget())).toEqual([1, 4]);
    expect(safePattern('customer-[a-z0-9]+', 'i').find('see Customer-Acme7 now', 0, budget())).toEqual([4, 18]);
  });

  it('rejects what could be slow or is unsupported, naming the reason', () => {
    const reason = (p: string) => { try { safePattern(p); return 'accepted'; } catch (e) { return (e as ShareError).code + ': ' + (e as Error).message; } };
    expect(reason('(a+)+')).toContain('nested quantifier');
    expect(reason('(?:a|b*)*')).toContain('nested quantifier');
    expect(reason('(a)\\1')).toContain('backreference');
    expect(reason('(?!a)b')).toContain('lookahead');
    expect(reason('a{2000}')).toContain('above 1000');
    expect(reason('[z-a]')).toContain('out of order');
    expect(reason('a'.repeat(600))).toContain('longer than');
    expect(reason('abc', )).toBe('accepted');
    expect(() => safePattern('a', 'y')).toThrow(ShareError);
  });

  it('charges every step to the budget and stops when it runs out', () => {
    const p = safePattern('[a-z]{1,50}q');
    const b = { steps: 1000 };
    expect(() => p.find('a'.repeat(10_000), 0, b)).toThrow(/needs more work/);
  });
});

describe('sanitize scanners', () => {
  const ip4 = (s: string) => { for (let i = 0; i < s.length; i++) { const n = ipv4At(s, i); if (n) return s.slice(i, i + n); } return ''; };
  const ip6 = (s: string) => { for (let i = 0; i < s.length; i++) { const n = ipv6At(s, i); if (n) return s.slice(i, i + n); } return ''; };

  it('finds IPv4 addresses but not versions, times or longer dotted numbers', () => {
    expect(ip4('dial tcp 10.96.0.1:443: i/o timeout')).toBe('10.96.0.1');
    expect(ip4('podIP=192.168.10.254/24')).toBe('192.168.10.254');
    expect(ip4('kubelet v1.23.4.5 started')).toBe('');
    expect(ip4('1.2.3.4.5')).toBe('');
    expect(ip4('999.1.1.1')).toBe('');
    expect(ip4('at 10:42:26.101676')).toBe('');
  });

  it('finds IPv6 addresses but not clock times or MAC addresses', () => {
    expect(ip6('listen [fd00:10:244::1a]:10250')).toBe('fd00:10:244::1a');
    expect(ip6('addr 2001:db8:85a3:0:0:8a2e:370:7334 up')).toBe('2001:db8:85a3:0:0:8a2e:370:7334');
    expect(ip6('mapped ::ffff:10.1.2.3 here')).toBe('::ffff:10.1.2.3');
    expect(ip6('I0312 10:42:26.101676')).toBe('');
    expect(ip6('mac 02:42:ac:11:00:02')).toBe('');
    expect(ip6('std::string')).toBe('');
  });

});
