/**
 * Stable, readable stand-ins for sensitive names. Within one sanitize run the same original always gets the same
 * pseudonym, and different originals never share one. Pseudonyms keep the shape the parser relies on — a pod UID
 * stays a UUID, a container ID stays 64 hex digits, an IP stays an IP — so a sanitized log reconstructs the same
 * story. Pods of one workload keep a common stem (`web-7d9f8-abcde`, `web-7d9f8-xyz12` → `pod-a-1`, `pod-a-2`;
 * StatefulSet ordinals survive: `db-0` → `pod-b-0`), so the story stays readable.
 */

export type PseudonymCategory = 'namespace' | 'pod' | 'node' | 'ip' | 'image' | 'uid' | 'container-id' | 'pattern';

/** Kubernetes' random-suffix alphabet (no vowels, no 0/1/3), used for ReplicaSet hashes and pod suffixes. */
const K8S_SUFFIX = /^[bcdfghjklmnpqrstvwxz2456789]{5,10}$/;

function looksGenerated(token: string): boolean {
  if (/^[0-9]+$/.test(token)) return true;
  if (K8S_SUFFIX.test(token)) return true;
  return token.length >= 4 && token.length <= 10 && /^[a-z0-9]+$/.test(token) && /[0-9]/.test(token) && /[a-z]/.test(token);
}

/** Workload stem of a pod name, and its StatefulSet ordinal if it has one. */
export function podStem(name: string): { stem: string; ordinal: string } {
  const tokens = name.split('-');
  const last = tokens[tokens.length - 1];
  // A StatefulSet ordinal is small; a longer number is a generated suffix, which must not show in the pseudonym.
  const ordinal = tokens.length > 1 && /^[0-9]{1,4}$/.test(last) ? last : '';
  while (tokens.length > 1 && looksGenerated(tokens[tokens.length - 1])) tokens.pop();
  return { stem: tokens.join('-'), ordinal };
}

/** a, b, …, z, aa, ab, … */
function letters(n: number): string {
  let s = '';
  for (let k = n + 1; k > 0; k = Math.floor((k - 1) / 26)) s = String.fromCharCode(97 + ((k - 1) % 26)) + s;
  return s;
}

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

export class PseudonymTable {
  private readonly byOriginal = new Map<string, { category: PseudonymCategory; pseudonym: string }>();
  private readonly used = new Set<string>();
  private readonly counters = new Map<string, number>();
  private readonly stems = new Map<string, string>();

  /** Names that occur in the input: a pseudonym is never one of them (so a stand-in never looks like a real name). */
  constructor(private readonly reserved: ReadonlySet<string> = new Set()) {}

  get(original: string): string | undefined {
    return this.byOriginal.get(original)?.pseudonym;
  }

  categoryOf(original: string): PseudonymCategory | undefined {
    return this.byOriginal.get(original)?.category;
  }

  entries(): [string, PseudonymCategory, string][] {
    return [...this.byOriginal].map(([o, v]) => [o, v.category, v.pseudonym]);
  }

  /** The pseudonym of `original`, made on first sight. */
  of(category: PseudonymCategory, original: string): string {
    const known = this.byOriginal.get(original);
    if (known) return known.pseudonym;
    const pseudonym = this.make(category, original);
    this.byOriginal.set(original, { category, pseudonym });
    this.used.add(pseudonym);
    return pseudonym;
  }

  private next(key: string): number {
    const n = (this.counters.get(key) ?? 0) + 1;
    this.counters.set(key, n);
    return n;
  }

  private fresh(key: string, make: (n: number) => string): string {
    for (;;) {
      const candidate = make(this.next(key));
      if (!this.used.has(candidate) && !this.reserved.has(candidate)) return candidate;
    }
  }

  private make(category: PseudonymCategory, original: string): string {
    switch (category) {
      case 'namespace': return this.fresh('ns', (n) => `ns-${n}`);
      case 'node': return this.fresh('node', (n) => `node-${n}`);
      case 'image': return this.fresh('image', (n) => `image-${n}`);
      case 'pattern': return this.fresh('pattern', (n) => `redacted-${n}`);
      case 'pod': {
        const { stem, ordinal } = podStem(original);
        let w = this.stems.get(stem);
        if (!w) this.stems.set(stem, (w = letters(this.stems.size)));
        const preferred = ordinal ? `pod-${w}-${ordinal}` : '';
        if (preferred && !this.used.has(preferred) && !this.reserved.has(preferred)) return preferred;
        return this.fresh(`pod-${w}`, (n) => `pod-${w}-${n}`);
      }
      case 'ip':
        return original.includes(':')
          ? this.fresh('ip6', (n) => `fd00::${hex(n, 1)}`)
          : this.fresh('ip4', (n) => `10.0.${Math.floor((n - 1) / 254) % 256}.${((n - 1) % 254) + 1}`);
      case 'uid':
        if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(original)) {
          // The counter comes first, so that cut-off UIDs (the first 8+ characters) stay distinct.
          return this.fresh('uid', (n) => `${hex(n, 8)}-0000-4000-8000-000000000000`);
        }
        if (/^[0-9a-f]{32}$/i.test(original)) return this.fresh('uid32', (n) => hex(n, 8) + '0'.repeat(24));
        return this.fresh('uid-other', (n) => `uid-${n}`);
      case 'container-id':
        // Unique in its first 12 characters, which is how short container IDs are printed.
        return /^[0-9a-f]+$/i.test(original) && original.length >= 12
          ? this.fresh('cid', (n) => `c${hex(n, 11)}${'0'.repeat(original.length - 12)}`)
          : this.fresh('cid-other', (n) => `container-${n}`);
    }
  }
}
