/**
 * Hand-written scanners for sanitizing: a trie of known names (longest match, optionally only at token boundaries),
 * a namespace's printed contexts, IPv4/IPv6 addresses. (Image references: sanitize-images.ts; names learned from the
 * text: sanitize-names.ts.) Each looks at a bounded number of characters from a position, so a scan over a line is
 * linear in its length.
 */

/** Characters that continue a name token; anything else is a boundary. `_` and `.` are boundaries on purpose:
 * the 1.12-era kubelet writes pods as `name_namespace(uid)`, and DNS names join labels with dots. */
export const isNameChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45;
const isDigit = (c: number) => c >= 48 && c <= 57;
const isHex = (c: number) => isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

interface TrieNode {
  children: Map<number, number>;
  /** Replacement when a literal ends here, and whether it must stand alone as a token. */
  value: string | undefined;
  /** The name a match counts for in the preview (a short host name or a cut ID counts for the whole name). */
  key: string;
  boundary: boolean;
  /** The value is for a cut-off prefix of a longer literal (a full literal ending here replaces it). */
  prefix: boolean;
}

/** Known literals (names, IDs, image references) → replacement, matched longest-first. */
export class LiteralMatcher {
  private readonly nodes: TrieNode[] = [{ children: new Map(), value: undefined, key: '', boundary: false, prefix: false }];
  /** Flags by UTF-16 code unit: can a literal start with it? (A typed-array lookup is the hot path of a scan.) */
  private readonly firstChars = new Uint8Array(65536);

  get size(): number {
    return this.nodes.length - 1;
  }

  /**
   * Adds a literal. With `prefixMin`, every prefix of at least that many characters that stands alone as a token is
   * replaced by the same-length prefix of the replacement: logs and write-ups cut long IDs (`podUID=95d6b80b-77f5-4`).
   * Matches count for `key` (by default the literal itself).
   */
  add(literal: string, replacement: string, boundary: boolean, prefixMin = 0, key = literal): void {
    if (!literal) return;
    let at = 0;
    for (let i = 0; i < literal.length; i++) {
      const c = literal.charCodeAt(i);
      let nextNode = this.nodes[at].children.get(c);
      if (nextNode === undefined) {
        nextNode = this.nodes.length;
        this.nodes.push({ children: new Map(), value: undefined, key: '', boundary: false, prefix: false });
        this.nodes[at].children.set(c, nextNode);
      }
      at = nextNode;
      const node = this.nodes[at];
      if (prefixMin > 0 && i + 1 >= prefixMin && i + 1 < literal.length && node.value === undefined) {
        node.value = replacement.slice(0, i + 1);
        node.key = key;
        node.boundary = true;
        node.prefix = true;
      }
    }
    const end = this.nodes[at];
    if (end.value === undefined || end.prefix) {
      end.value = replacement;
      end.key = key;
      end.boundary = boundary;
      end.prefix = false;
    }
    this.firstChars[literal.charCodeAt(0)] = 1;
  }

  /** The longest literal starting at `i` (respecting its boundary rule), as [length, replacement, key]. */
  matchAt(s: string, i: number): [number, string, string] | undefined {
    if (this.firstChars[s.charCodeAt(i)] === 0) return undefined;
    const startsToken = i === 0 || !isNameChar(s.charCodeAt(i - 1));
    let at = 0;
    let best: [number, string, string] | undefined;
    for (let k = i; k < s.length; k++) {
      const nextNode = this.nodes[at].children.get(s.charCodeAt(k));
      if (nextNode === undefined) break;
      at = nextNode;
      const node = this.nodes[at];
      if (node.value === undefined) continue;
      if (node.boundary && (!startsToken || (k + 1 < s.length && isNameChar(s.charCodeAt(k + 1))))) continue;
      best = [k + 1 - i, node.value, node.key];
    }
    return best;
  }
}

/**
 * Is the token s[i, i+length) printed as a namespace? Well-known namespace names are also plain words ("default"),
 * so they are replaced only where the kubelet prints a namespace: `ns/name`, `name_ns(uid)`, `_ns_` in container
 * names and log paths, and after a namespace key (`namespace="…"`, `Namespace:…`, `"namespace":"…"`, `\"namespace\":\"…`).
 */
export function namespaceContextAt(s: string, i: number, length: number): boolean {
  const after = s.charCodeAt(i + length);
  if (after === 47 && isNameChar(s.charCodeAt(i + length + 1))) return true;
  if (after === 95 || (i > 0 && s.charCodeAt(i - 1) === 95)) return true;
  // Walk back over the value's opening quote (maybe escaped), the separator, the key's closing quote.
  let p = i - 1;
  if (p >= 0 && s.charCodeAt(p) === 34) p--;
  if (p >= 0 && s.charCodeAt(p) === 92) p--;
  if (p < 0 || (s.charCodeAt(p) !== 61 && s.charCodeAt(p) !== 58)) return false;
  p--;
  if (p >= 0 && s.charCodeAt(p) === 34) p--;
  if (p >= 0 && s.charCodeAt(p) === 92) p--;
  const key = 'namespace';
  if (p + 1 < key.length || s.slice(p + 1 - key.length, p + 1).toLowerCase() !== key) return false;
  const k = p - key.length;
  return k < 0 || !isLetter(s.charCodeAt(k));
}

/** Length of an IPv4 address starting at i (not inside a longer dotted number or word), or 0. */
export function ipv4At(s: string, i: number): number {
  if (i > 0) {
    const prev = s.charCodeAt(i - 1);
    if (isNameChar(prev) || prev === 46) return 0;
  }
  let p = i;
  for (let octet = 0; octet < 4; octet++) {
    if (octet > 0) {
      if (s.charCodeAt(p) !== 46) return 0;
      p++;
    }
    const start = p;
    let value = 0;
    while (p < s.length && p - start < 3 && isDigit(s.charCodeAt(p))) value = value * 10 + s.charCodeAt(p++) - 48;
    if (p === start || value > 255) return 0;
  }
  const next = s.charCodeAt(p);
  if (isNameChar(next) || (next === 46 && isDigit(s.charCodeAt(p + 1)))) return 0;
  return p - i;
}

/** Length of an IPv6 address starting at i (needs `::` or eight groups; may end in a dotted IPv4), or 0. */
export function ipv6At(s: string, i: number): number {
  if (i > 0) {
    const prev = s.charCodeAt(i - 1);
    if (isNameChar(prev) || prev === 58 || prev === 46) return 0;
  }
  let p = i;
  let groups = 0;
  let doubleColon = false;
  let hexSeen = false;
  const limit = Math.min(s.length, i + 45);
  while (p < limit) {
    if (s.charCodeAt(p) === 58 && s.charCodeAt(p + 1) === 58) {
      if (doubleColon) return 0;
      doubleColon = true;
      p += 2;
      continue;
    }
    const start = p;
    while (p < limit && p - start < 4 && isHex(s.charCodeAt(p))) p++;
    if (p === start) break;
    if (s.charCodeAt(p) === 46 && groups <= 6) {
      const v4 = ipv4At(s, start) || ipv4Loose(s, start);
      if (v4 > 0) { p = start + v4; groups += 2; hexSeen = true; break; }
    }
    groups++;
    hexSeen = true;
    if (s.charCodeAt(p) === 58 && s.charCodeAt(p + 1) !== 58 && isHex(s.charCodeAt(p + 1))) p++;
    else if (s.charCodeAt(p) !== 58) break;
  }
  if (!hexSeen || groups > 8 || (!doubleColon && groups !== 8)) return 0;
  if (p < s.length && (isNameChar(s.charCodeAt(p)) || s.charCodeAt(p) === 46)) return 0;
  return p - i;
}

/** An IPv4 tail after `::ffff:` (the word-boundary rule does not apply after a colon). */
function ipv4Loose(s: string, i: number): number {
  const prev = s.charCodeAt(i - 1);
  if (prev !== 58) return 0;
  const text = s.slice(i, i + 16);
  const m = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}/.exec(text);
  return m && m[0].split('.').every((o) => Number(o) <= 255) ? m[0].length : 0;
}
