import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { requiredLiteral } from '../../../src/store/required-literal.ts';

describe('required literal of a filter pattern', () => {
  test.each([
    ['probe failed.*statuscode: 5\\d\\d', 'statuscode: 5'],
    ['Killing container .*grace', 'killing container '],
    ['\\d+ms', 'ms'],
    ['colou?r', 'colo'],
    ['ab*cd', 'cd'],
    ['(exited|killed) with code', ' with code'],
    ['exited|killed', ''],
    ['a{0,3}bcd', 'bcd'],
    ['x{2}yz', 'yz'],
    ['\\.go:1887\\]', '.go:1887]'],
    ['[a-z]+ready', 'ready'],
    ['.*', ''],
  ])('%s → %s', (pattern, literal) => {
    expect(requiredLiteral(pattern)).toBe(literal);
  });

  // Patterns over a tiny alphabet, strings over the same alphabet: whenever the pattern matches, the string holds
  // the literal. (A wrong literal would make the filter hide matching events.)
  const atom = fc.oneof(fc.constantFrom('a', 'b', 'c', '.', '\\d', '[ab]', '(ab)', '(a|c)'));
  const quant = fc.constantFrom('', '', '', '*', '+', '?', '{0,2}', '{1,2}', '{2}');
  const pattern = fc.array(fc.tuple(atom, quant), { minLength: 1, maxLength: 7 }).map((parts) => parts.map(([a, q]) => a + q).join(''));
  const subject = fc.stringMatching(/^[abc1 ]{0,14}$/);

  test('every match contains the literal (property)', () => {
    fc.assert(fc.property(pattern, fc.array(subject, { minLength: 20, maxLength: 20 }), (p, subjects) => {
      const literal = requiredLiteral(p);
      const re = new RegExp(p, 'i');
      for (const s of subjects) if (re.test(s)) expect(s.toLowerCase()).toContain(literal);
    }), { numRuns: 400 });
  });
});
