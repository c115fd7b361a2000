/**
 * Interned strings: every repeated string (pod UIDs, container IDs, reasons, error texts) is stored once and
 * referred to by a small integer. Id 0 is always the empty string, which doubles as "none".
 */
export class StringTable {
  private readonly ids = new Map<string, number>();
  readonly list: string[] = [''];

  constructor(initial?: readonly string[]) {
    this.ids.set('', 0);
    if (initial) for (let i = 1; i < initial.length; i++) this.intern(initial[i]);
  }

  intern(s: string): number {
    let id = this.ids.get(s);
    if (id === undefined) {
      id = this.list.length;
      s = detachString(s);
      this.list.push(s);
      this.ids.set(s, id);
    }
    return id;
  }

  /** The id of s if it was interned, else -1 (never adds). */
  find(s: string): number {
    const id = this.ids.get(s);
    return id === undefined ? -1 : id;
  }

  get(id: number): string {
    return id > 0 ? this.list[id] : '';
  }

  get size(): number {
    return this.list.length;
  }
}

/**
 * A copy of `s` that does not keep a larger string alive. Lines are slices of the decoded chunk they came from, and
 * V8 keeps a slice's whole parent (hundreds of KB) alive as long as the slice lives; anything kept for the life of
 * a trace must be copied out first. Concatenating makes a new string that slicing then flattens into a fresh copy.
 */
export function detachString(s: string): string {
  return s.length < 13 ? s : (' ' + s).slice(1);
}
