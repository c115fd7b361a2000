/**
 * Runs a compiled pattern (safe-regex.ts) over text: a Pike-style simulation of every NFA state at once, finding the
 * leftmost-longest match. Each state remembers the earliest start that reached it; threads are kept in order of
 * start, so the first thread to reach a state is the one that matters. Cost per character ≤ number of states, and
 * every step is charged to a shared budget so a whole sanitize run has a hard upper bound.
 */
import { ShareError } from './errors.ts';
import { compileSafePattern, NfaKind, type Nfa } from './safe-regex.ts';

export interface StepBudget {
  /** Steps left; the run stops with ShareError 'budget-exceeded' when it reaches zero. */
  steps: number;
}

const isWordCode = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

function inRanges(ranges: readonly number[], c: number): boolean {
  for (let k = 0; k < ranges.length; k += 2) if (c >= ranges[k] && c <= ranges[k + 1]) return true;
  return false;
}

/** The threads alive at one position: consuming states in start order, and the start recorded for every state reached. */
class ThreadList {
  readonly startOf: Int32Array;
  readonly states: Int32Array;
  length = 0;
  private readonly touched: Int32Array;
  private touchedLength = 0;

  constructor(size: number) {
    this.startOf = new Int32Array(size).fill(-1);
    this.states = new Int32Array(size);
    this.touched = new Int32Array(size);
  }

  /** Records the first (earliest-start) arrival at `state`; false if it was already reached. */
  mark(state: number, start: number): boolean {
    if (this.startOf[state] >= 0) return false;
    this.startOf[state] = start;
    this.touched[this.touchedLength++] = state;
    return true;
  }

  clear(): void {
    for (let k = 0; k < this.touchedLength; k++) this.startOf[this.touched[k]] = -1;
    this.touchedLength = 0;
    this.length = 0;
  }
}

export class SafePattern {
  private readonly nfa: Nfa;
  private cur: ThreadList;
  private nxt: ThreadList;
  private readonly stack: Int32Array;

  constructor(readonly source: string, readonly ignoreCase = false) {
    this.nfa = compileSafePattern(source);
    const size = this.nfa.kind.length;
    this.cur = new ThreadList(size);
    this.nxt = new ThreadList(size);
    this.stack = new Int32Array(size * 2 + 2);
  }

  private setMatches(state: number, c: number): boolean {
    const set = this.nfa.sets[state]!;
    let hit = inRanges(set.ranges, c);
    if (!hit && this.ignoreCase) {
      const lower = c >= 65 && c <= 90 ? c + 32 : c;
      const upper = c >= 97 && c <= 122 ? c - 32 : c;
      hit = inRanges(set.ranges, lower) || inRanges(set.ranges, upper);
    }
    return hit !== set.negated;
  }

  private assertHolds(kind: string, text: string, pos: number): boolean {
    if (kind === '^') return pos === 0;
    if (kind === '$') return pos === text.length;
    const before = pos > 0 && isWordCode(text.charCodeAt(pos - 1));
    const after = pos < text.length && isWordCode(text.charCodeAt(pos));
    return kind === 'b' ? before !== after : before === after;
  }

  /** Adds `state` and everything reachable from it by epsilon edges (at `pos`) to the next list. */
  private addThread(state: number, start: number, text: string, pos: number, budget: StepBudget): void {
    const { kind, next, alt, asserts } = this.nfa;
    const list = this.nxt;
    let sp = 0;
    this.stack[sp++] = state;
    while (sp > 0) {
      const s = this.stack[--sp];
      if (s < 0 || !list.mark(s, start)) continue;
      if (--budget.steps < 0) throw new ShareError('budget-exceeded', `pattern /${this.source.slice(0, 60)}/ needs more work than allowed on this input`);
      const k = kind[s];
      if (k === NfaKind.Split) {
        this.stack[sp++] = alt[s];
        this.stack[sp++] = next[s];
      } else if (k === NfaKind.Assert) {
        if (this.assertHolds(asserts[s], text, pos)) this.stack[sp++] = next[s];
      } else {
        list.states[list.length++] = s;
      }
    }
  }

  /** The leftmost-longest non-empty match at or after `from`, as [start, end), or undefined. */
  find(text: string, from: number, budget: StepBudget): [number, number] | undefined {
    const { kind, next } = this.nfa;
    let matchStart = -1;
    let matchEnd = -1;
    this.cur.clear();
    this.nxt.clear();
    for (let pos = from; ; pos++) {
      // Threads carried from pos-1 are already in `nxt`, in start order; a new attempt starting here goes last.
      if (matchStart < 0) this.addThread(this.nfa.start, pos, text, pos, budget);
      [this.cur, this.nxt] = [this.nxt, this.cur];
      this.nxt.clear();
      const cur = this.cur;
      for (let k = 0; k < cur.length; k++) {
        const s = cur.states[k];
        const start = cur.startOf[s];
        if (kind[s] === NfaKind.Match && pos > start && (matchStart < 0 || start < matchStart || (start === matchStart && pos > matchEnd))) {
          matchStart = start;
          matchEnd = pos;
        }
      }
      if (pos >= text.length) break;
      const c = text.charCodeAt(pos);
      for (let k = 0; k < cur.length; k++) {
        const s = cur.states[k];
        const start = cur.startOf[s];
        if (kind[s] !== NfaKind.Set || (matchStart >= 0 && start > matchStart)) continue;
        if (this.setMatches(s, c)) this.addThread(next[s], start, text, pos + 1, budget);
      }
      if (this.nxt.length === 0 && matchStart >= 0) break;
    }
    return matchStart >= 0 ? [matchStart, matchEnd] : undefined;
  }
}

/** Compiles `/source/flags`-style input: only the `i` flag means anything (`g`, `m`, `s`, `u` are accepted). */
export function safePattern(source: string, flags = ''): SafePattern {
  for (const f of flags) if (!'gimsu'.includes(f)) throw new ShareError('unsafe-pattern', `pattern /${source.slice(0, 60)}/: unsupported flag "${f}"`);
  return new SafePattern(source, flags.includes('i'));
}
