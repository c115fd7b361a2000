/**
 * User-given patterns for sanitizing, matched in linear time. A pattern is parsed here (a subset of JavaScript regex
 * syntax) into a Thompson NFA and run by simulating all states at once, so no input can make it backtrack: the cost
 * is (text length × pattern size), and every step is counted against a budget the caller sets.
 *
 * Supported: literals and escapes (\. \\ \n \t \xHH \uHHHH), `.`, classes `[a-z0-9_]` / `[^…]` with \d \w \s inside,
 * \d \D \w \W \s \S, anchors ^ $ \b \B, groups `(…)` `(?:…)` `(?<name>…)`, alternation, quantifiers * + ? {n} {n,}
 * {n,m} (lazy `?` accepted; matches are leftmost-longest), flag `i`. Rejected, with a reason: backreferences,
 * lookaround, a quantifier on a group that itself contains a quantifier (`(a+)+`), repeat counts above 1000,
 * patterns longer than 500 characters or compiling to more than 20,000 states.
 */
import { ShareError } from './errors.ts';

export const MAX_PATTERN_CHARS = 500;
const MAX_REPEAT = 1000;
const MAX_STATES = 20_000;

type Ranges = number[]; // flat [lo0, hi0, lo1, hi1, …], inclusive
interface CharSet { ranges: Ranges; negated: boolean }
type Node =
  | { t: 'set'; set: CharSet }
  | { t: 'assert'; kind: '^' | '$' | 'b' | 'B' }
  | { t: 'seq'; items: Node[] }
  | { t: 'alt'; options: Node[] }
  | { t: 'repeat'; body: Node; min: number; max: number };

const DIGIT: Ranges = [48, 57];
const WORD: Ranges = [48, 57, 65, 90, 95, 95, 97, 122];
const SPACE: Ranges = [9, 13, 32, 32, 160, 160, 0x2028, 0x2029, 0xfeff, 0xfeff];
const ANY_BUT_NEWLINE: CharSet = { ranges: [10, 10, 13, 13], negated: true };

function unsafe(source: string, why: string): never {
  throw new ShareError('unsafe-pattern', `pattern /${source.slice(0, 60)}/: ${why}`);
}

class Parser {
  private i = 0;
  constructor(private readonly s: string) {}

  parse(): Node {
    const node = this.alternation();
    if (this.i < this.s.length) unsafe(this.s, `unexpected "${this.s[this.i]}" at ${this.i + 1}`);
    return node;
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.s[this.i] === '|') {
      this.i++;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0] : { t: 'alt', options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.i < this.s.length && this.s[this.i] !== '|' && this.s[this.i] !== ')') items.push(this.quantified());
    return { t: 'seq', items };
  }

  private quantified(): Node {
    const atom = this.atom();
    const q = this.quantifier();
    if (!q) return atom;
    if (atom.t === 'assert') unsafe(this.s, 'a quantifier on an anchor');
    if (hasQuantifier(atom)) unsafe(this.s, 'nested quantifier (a repeated group that itself repeats), which can be slow');
    return { t: 'repeat', body: atom, min: q[0], max: q[1] };
  }

  private quantifier(): [number, number] | undefined {
    const c = this.s[this.i];
    let q: [number, number] | undefined;
    if (c === '*') q = [0, Infinity];
    else if (c === '+') q = [1, Infinity];
    else if (c === '?') q = [0, 1];
    else if (c === '{') {
      const m = /^\{(\d{1,7})(,(\d{0,7}))?\}/.exec(this.s.slice(this.i, this.i + 18));
      if (!m) {
        if (/^\{\d/.test(this.s.slice(this.i, this.i + 2))) unsafe(this.s, `unreadable repeat count at ${this.i + 1}`);
        return undefined;
      }
      const min = Number(m[1]);
      const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      if (min > MAX_REPEAT || (max !== Infinity && max > MAX_REPEAT)) unsafe(this.s, `repeat count above ${MAX_REPEAT}`);
      if (max < min) unsafe(this.s, 'repeat range out of order');
      this.i += m[0].length - 1;
      q = [min, max];
    }
    if (!q) return undefined;
    this.i++;
    if (this.s[this.i] === '?') this.i++; // lazy: same matches under leftmost-longest
    const after = this.s[this.i];
    if (after !== undefined && '*+?{'.includes(after) && this.quantifierAhead()) unsafe(this.s, 'two quantifiers in a row');
    return q;
  }

  private quantifierAhead(): boolean {
    const c = this.s[this.i];
    return c !== '{' || /^\{\d/.test(this.s.slice(this.i, this.i + 3));
  }

  private atom(): Node {
    const c = this.s[this.i++];
    switch (c) {
      case '.': return { t: 'set', set: ANY_BUT_NEWLINE };
      case '^': return { t: 'assert', kind: '^' };
      case '$': return { t: 'assert', kind: '$' };
      case '[': return { t: 'set', set: this.charClass() };
      case '(': return this.group();
      case '\\': return this.escape();
      case '*': case '+': case '?': return unsafe(this.s, `nothing to repeat at ${this.i}`);
      default: {
        const code = c.charCodeAt(0);
        return { t: 'set', set: { ranges: [code, code], negated: false } };
      }
    }
  }

  private group(): Node {
    if (this.s.startsWith('?:', this.i)) this.i += 2;
    else if (this.s.startsWith('?<', this.i) && !this.s.startsWith('?<=', this.i) && !this.s.startsWith('?<!', this.i)) {
      const close = this.s.indexOf('>', this.i);
      if (close < 0) unsafe(this.s, 'unterminated group name');
      this.i = close + 1;
    } else if (this.s[this.i] === '?') unsafe(this.s, 'lookahead/lookbehind is not supported');
    const body = this.alternation();
    if (this.s[this.i] !== ')') unsafe(this.s, 'missing ")"');
    this.i++;
    return body;
  }

  private escape(): Node {
    const c = this.s[this.i++];
    if (c === undefined) unsafe(this.s, 'pattern ends with "\\"');
    if (c === 'b' || c === 'B') return { t: 'assert', kind: c };
    if (/[1-9]/.test(c) || c === 'k') unsafe(this.s, 'backreferences are not supported');
    return { t: 'set', set: this.escapeSet(c) };
  }

  /** The set an escape stands for (after the backslash). */
  private escapeSet(c: string): CharSet {
    switch (c) {
      case 'd': return { ranges: DIGIT, negated: false };
      case 'D': return { ranges: DIGIT, negated: true };
      case 'w': return { ranges: WORD, negated: false };
      case 'W': return { ranges: WORD, negated: true };
      case 's': return { ranges: SPACE, negated: false };
      case 'S': return { ranges: SPACE, negated: true };
      case 'n': return { ranges: [10, 10], negated: false };
      case 't': return { ranges: [9, 9], negated: false };
      case 'r': return { ranges: [13, 13], negated: false };
      case 'x': case 'u': {
        const len = c === 'x' ? 2 : 4;
        const hex = this.s.slice(this.i, this.i + len);
        if (!new RegExp(`^[0-9a-fA-F]{${len}}$`).test(hex)) unsafe(this.s, `bad \\${c} escape`);
        this.i += len;
        const code = parseInt(hex, 16);
        return { ranges: [code, code], negated: false };
      }
      default: {
        if (/[a-zA-Z0-9]/.test(c)) unsafe(this.s, `unknown escape \\${c}`);
        const code = c.charCodeAt(0);
        return { ranges: [code, code], negated: false };
      }
    }
  }

  private charClass(): CharSet {
    const negated = this.s[this.i] === '^';
    if (negated) this.i++;
    const ranges: Ranges = [];
    let first = true;
    while (this.i < this.s.length && (this.s[this.i] !== ']' || first)) {
      first = false;
      let lo: number;
      if (this.s[this.i] === '\\') {
        this.i++;
        const set = this.escapeSet(this.s[this.i++] ?? '');
        if (set.negated) unsafe(this.s, 'negated classes (\\D \\W \\S) inside [ ] are not supported');
        if (set.ranges.length > 2) { ranges.push(...set.ranges); continue; }
        lo = set.ranges[0];
      } else {
        lo = this.s.charCodeAt(this.i++);
      }
      let hi = lo;
      if (this.s[this.i] === '-' && this.s[this.i + 1] !== ']' && this.i + 1 < this.s.length) {
        this.i++;
        hi = this.s[this.i] === '\\' ? this.escapeSet(this.s[++this.i] ?? '').ranges[0] : this.s.charCodeAt(this.i);
        this.i++;
        if (hi < lo) unsafe(this.s, 'class range out of order');
      }
      ranges.push(lo, hi);
    }
    if (this.s[this.i] !== ']') unsafe(this.s, 'missing "]"');
    this.i++;
    return { ranges, negated };
  }
}

function hasQuantifier(n: Node): boolean {
  if (n.t === 'repeat') return true;
  if (n.t === 'seq') return n.items.some(hasQuantifier);
  if (n.t === 'alt') return n.options.some(hasQuantifier);
  return false;
}

// The NFA: parallel arrays of states. kind 0 = char set, 1 = split (two epsilon edges), 2 = assertion, 3 = match.
const enum K { Set = 0, Split = 1, Assert = 2, Match = 3 }
interface Nfa { kind: K[]; next: number[]; alt: number[]; sets: (CharSet | undefined)[]; asserts: string[]; start: number }

class Builder {
  readonly nfa: Nfa = { kind: [], next: [], alt: [], sets: [], asserts: [], start: 0 };
  constructor(private readonly source: string) {}

  add(kind: K, set?: CharSet, assert = ''): number {
    const n = this.nfa;
    if (n.kind.length >= MAX_STATES) unsafe(this.source, `too complex (more than ${MAX_STATES} states)`);
    n.kind.push(kind); n.next.push(-1); n.alt.push(-1); n.sets.push(set); n.asserts.push(assert);
    return n.kind.length - 1;
  }

  /** Compiles `node` so that it continues at `out`; returns its entry state. Built back to front. */
  build(node: Node, out: number): number {
    switch (node.t) {
      case 'set': { const s = this.add(K.Set, node.set); this.nfa.next[s] = out; return s; }
      case 'assert': { const s = this.add(K.Assert, undefined, node.kind); this.nfa.next[s] = out; return s; }
      case 'seq': return node.items.reduceRight((next, item) => this.build(item, next), out);
      case 'alt': return node.options.reduceRight((next, option, k) => {
        if (k === node.options.length - 1) return this.build(option, out);
        const s = this.add(K.Split);
        this.nfa.next[s] = this.build(option, out);
        this.nfa.alt[s] = next;
        return s;
      }, out);
      case 'repeat': {
        let entry = out;
        if (node.max === Infinity) {
          const loop = this.add(K.Split);
          this.nfa.next[loop] = this.build(node.body, loop);
          this.nfa.alt[loop] = out;
          entry = loop;
        } else {
          for (let k = node.min; k < node.max; k++) {
            const s = this.add(K.Split);
            this.nfa.next[s] = this.build(node.body, entry);
            this.nfa.alt[s] = out;
            entry = s;
          }
        }
        for (let k = 0; k < node.min; k++) entry = this.build(node.body, entry);
        return entry;
      }
    }
  }
}

export { type Nfa };

/** Parses and compiles a pattern; throws ShareError 'unsafe-pattern' with the reason. */
export function compileSafePattern(source: string): Nfa {
  if (source.length === 0) unsafe(source, 'empty pattern');
  if (source.length > MAX_PATTERN_CHARS) unsafe(source, `longer than ${MAX_PATTERN_CHARS} characters`);
  const b = new Builder(source);
  const match = b.add(K.Match);
  b.nfa.start = b.build(new Parser(source).parse(), match);
  return b.nfa;
}

export { K as NfaKind };
