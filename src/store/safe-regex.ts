/**
 * User-typed regular expressions, made safe to run over attacker-controlled log text.
 *
 * JavaScript's engine backtracks, so a pattern such as `(a+)+$` can take exponential time. We accept only patterns
 * whose shape cannot do that: no quantified group that itself contains a quantifier or an alternation, no
 * backreferences, no lookaround, at most MAX_UNBOUNDED unbounded repeats, and a short pattern. Each subject is cut
 * to MAX_SUBJECT_CHARS, which bounds the remaining polynomial cases (`a*a*b`) per line; the caller also stops a run
 * that exceeds its time budget. The check is a single scan over the pattern.
 */
export const MAX_PATTERN_CHARS = 200;
export const MAX_SUBJECT_CHARS = 512;
export const MAX_UNBOUNDED = 2;

export type RegexCheck = { ok: true; regex: RegExp } | { ok: false; reason: string };

interface GroupFrame {
  hasQuantifier: boolean;
  hasAlternation: boolean;
}

const isQuantifierStart = (c: string) => c === '*' || c === '+' || c === '?' || c === '{';

/** Length of a `{n}`, `{n,}` or `{n,m}` quantifier at i, or 0 if the brace is a literal. */
function braceQuantifierLength(p: string, i: number): number {
  let j = i + 1;
  let digits = 0;
  while (j < p.length && p[j] >= '0' && p[j] <= '9') { j++; digits++; }
  if (digits === 0) return 0;
  if (p[j] === ',') {
    j++;
    while (j < p.length && p[j] >= '0' && p[j] <= '9') j++;
  }
  return p[j] === '}' ? j - i + 1 : 0;
}

export function compileSafeRegex(pattern: string, caseInsensitive = true): RegexCheck {
  if (pattern.length > MAX_PATTERN_CHARS) return { ok: false, reason: `pattern longer than ${MAX_PATTERN_CHARS} characters` };
  const stack: GroupFrame[] = [{ hasQuantifier: false, hasAlternation: false }];
  let inClass = false;
  let unbounded = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (next >= '1' && next <= '9') return { ok: false, reason: 'backreferences are not allowed' };
      if (next === 'k' && pattern[i + 2] === '<') return { ok: false, reason: 'backreferences are not allowed' };
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    const top = stack[stack.length - 1];
    if (c === '[') { inClass = true; continue; }
    if (c === '(') {
      if (pattern[i + 1] === '?') {
        const kind = pattern[i + 2];
        if (kind === '=' || kind === '!' || (kind === '<' && (pattern[i + 3] === '=' || pattern[i + 3] === '!'))) {
          return { ok: false, reason: 'lookahead and lookbehind are not allowed' };
        }
      }
      stack.push({ hasQuantifier: false, hasAlternation: false });
      continue;
    }
    if (c === ')') {
      if (stack.length === 1) return { ok: false, reason: 'unbalanced parenthesis' };
      const group = stack.pop()!;
      const after = pattern[i + 1] ?? '';
      const quantified = isQuantifierStart(after) && (after !== '{' || braceQuantifierLength(pattern, i + 1) > 0);
      if (quantified && (group.hasQuantifier || group.hasAlternation)) {
        return { ok: false, reason: 'a repeated group may not contain repetition or alternatives (it could run for ever)' };
      }
      const parent = stack[stack.length - 1];
      parent.hasQuantifier ||= group.hasQuantifier || quantified;
      parent.hasAlternation ||= group.hasAlternation;
      continue;
    }
    if (c === '|') { top.hasAlternation = true; continue; }
    if (c === '*' || c === '+' || c === '?') {
      top.hasQuantifier = true;
      if (c !== '?') unbounded++;
      continue;
    }
    const braceLength = c === '{' ? braceQuantifierLength(pattern, i) : 0;
    if (braceLength > 0) {
      top.hasQuantifier = true;
      if (pattern[i + braceLength - 2] === ',') unbounded++;
      i += braceLength - 1;
      continue;
    }
  }
  if (unbounded > MAX_UNBOUNDED) return { ok: false, reason: `at most ${MAX_UNBOUNDED} open-ended repeats (* + {n,}) are allowed` };
  if (inClass) return { ok: false, reason: 'unterminated character class' };
  if (stack.length !== 1) return { ok: false, reason: 'unbalanced parenthesis' };
  try {
    return { ok: true, regex: new RegExp(pattern, caseInsensitive ? 'iu' : 'u') };
  } catch (e) {
    return { ok: false, reason: e instanceof Error ? e.message.replace(/^Invalid regular expression: /, '') : 'invalid pattern' };
  }
}

/** Runs a checked regex on a subject cut to the length cap. */
export function testBounded(regex: RegExp, subject: string): boolean {
  return regex.test(subject.length > MAX_SUBJECT_CHARS ? subject.slice(0, MAX_SUBJECT_CHARS) : subject);
}
