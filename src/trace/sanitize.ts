/**
 * Sanitizing before sharing: namespaces, pod names, node names, IPv4/IPv6 addresses, image references, optionally
 * pod UIDs and container IDs and the well-known namespaces, and whatever the user's own patterns match are replaced
 * by stable pseudonyms (pseudonyms.ts) — consistently in the raw log text, the strings table, pods, nodes, lanes,
 * findings, and in the view and notes that travel with them. `preview` lists every replacement with how often it
 * occurred in the log.
 *
 * Per line, in this order: image references in their printed contexts, one scan for known names and IP addresses,
 * then the user's patterns (so a pattern that covers part of a pod name cannot leave the rest of the name behind).
 * Work is per line and user patterns run on a step budget (safe-regex-run.ts), so a sanitize run has a hard upper
 * bound on its cost.
 */
import { ShareError } from './errors.ts';
import { PseudonymTable, type PseudonymCategory } from './pseudonyms.ts';
import { safePattern, type SafePattern, type StepBudget } from './safe-regex-run.ts';
import { findImageRefs, ipv4At, ipv6At, isNameChar, LiteralMatcher, namespaceContextAt } from './sanitize-scan.ts';
import type { Trace } from '../model/trace.ts';

export type SanitizePattern = { kind: 'text'; text: string } | { kind: 'regex'; source: string; flags?: string };

export interface SanitizeOptions {
  namespaces?: boolean;
  podNames?: boolean;
  nodeNames?: boolean;
  ips?: boolean;
  images?: boolean;
  /**
   * Pod UIDs and container IDs, as fake IDs of the same shape (off by default: random IDs say little, and keeping
   * them helps the sender match the shared story to the cluster).
   */
  uids?: boolean;
  /** Leave `default`, `kube-system`, loopback and unspecified addresses alone (default true). */
  keepWellKnown?: boolean;
  /**
   * Replace the well-known namespaces (`default`, `kube-system`, `kube-public`, `kube-node-lease`) even when
   * keeping well-known addresses. They are common words, so they are replaced only where printed as a namespace
   * (sanitize-scan.ts namespaceContextAt).
   */
  wellKnownNamespaces?: boolean;
  patterns?: readonly SanitizePattern[];
  /** Work allowed for the user's patterns, in NFA steps (default 400 million). */
  patternStepBudget?: number;
}

export interface PreviewEntry {
  category: PseudonymCategory;
  original: string;
  pseudonym: string;
  /** Occurrences replaced in the raw log text. */
  count: number;
}

const WELL_KNOWN_NAMESPACES = new Set(['default', 'kube-system', 'kube-public', 'kube-node-lease']);
const WELL_KNOWN_IPS = new Set(['127.0.0.1', '0.0.0.0', '255.255.255.255', '::1', '::']);
/** Placeholder node name the model uses when a log does not name its node. */
const PLACEHOLDER_NODES = new Set(['node', '']);
const MAX_PATTERNS = 50;

export class Sanitizer {
  private readonly table: PseudonymTable;
  private readonly names = new LiteralMatcher();
  /** Well-known namespaces to replace where they are printed as a namespace: original → pseudonym. */
  private readonly wellKnown = new Map<string, string>();
  private readonly wellKnownFirstChars = new Set<number>();
  /** Tails of long IDs → tails of their pseudonyms, for IDs a web page wrapped onto the next line. */
  private readonly tails = new Map<string, [tail: string, original: string]>();
  private readonly patterns: { pattern?: SafePattern; text?: string }[] = [];
  private readonly budget: StepBudget;
  private readonly counts = new Map<string, number>();
  /** Count replacements only while sanitizing raw text (the strings table repeats the same words). */
  private counting = false;

  constructor(private readonly trace: Trace, private readonly opts: SanitizeOptions = {}) {
    const o = { namespaces: true, podNames: true, nodeNames: true, ips: true, images: true, uids: false, keepWellKnown: true, wellKnownNamespaces: false, ...opts };
    this.opts = o;
    this.budget = { steps: o.patternStepBudget ?? 400_000_000 };
    if ((o.patterns?.length ?? 0) > MAX_PATTERNS) throw new ShareError('unsafe-pattern', `at most ${MAX_PATTERNS} patterns`);
    for (const p of o.patterns ?? []) {
      if (p.kind === 'text') {
        if (p.text.length === 0 || p.text.length > 500) throw new ShareError('unsafe-pattern', 'a text pattern must have 1 to 500 characters');
        this.patterns.push({ text: p.text });
      } else {
        this.patterns.push({ pattern: safePattern(p.source, p.flags) });
      }
    }
    const reserved = new Set<string>();
    for (const p of trace.pods) reserved.add(p.name).add(p.namespace);
    for (const n of trace.nodes) reserved.add(n.name);
    this.table = new PseudonymTable(reserved);
    this.collectNames();
  }

  /** Names the trace itself knows, in a fixed order so pseudonyms are numbered the same way every run. */
  private collectNames(): void {
    const o = this.opts;
    const name = (category: PseudonymCategory, original: string, boundary = true) => {
      this.names.add(original, this.table.of(category, original), boundary);
    };
    const replaceWellKnown = o.wellKnownNamespaces || !o.keepWellKnown;
    for (const p of this.trace.pods) {
      if (!o.namespaces || !p.namespace) continue;
      if (!WELL_KNOWN_NAMESPACES.has(p.namespace)) name('namespace', p.namespace);
      else if (replaceWellKnown) {
        this.wellKnown.set(p.namespace, this.table.of('namespace', p.namespace));
        this.wellKnownFirstChars.add(p.namespace.charCodeAt(0));
      }
    }
    for (const p of this.trace.pods) if (o.podNames && p.name) name('pod', p.name);
    if (o.nodeNames) {
      for (const n of this.trace.nodes) if (!PLACEHOLDER_NODES.has(n.name)) name('node', n.name);
      for (const s of this.trace.sources) if (!PLACEHOLDER_NODES.has(s.node)) name('node', s.node);
    }
    if (o.uids) {
      for (const p of this.trace.pods) {
        if (!p.uid) continue;
        const pseudonym = this.table.of('uid', p.uid);
        this.names.add(p.uid, pseudonym, false, 8);
        this.addTails(p.uid, pseudonym, 8);
        // cgroup paths write the UID with underscores (kubepods-besteffort-pod<uid>.slice).
        if (p.uid.includes('-')) this.names.add(p.uid.replaceAll('-', '_'), pseudonym.replaceAll('-', '_'), false);
      }
      for (const c of this.trace.containers) {
        if (!c.id) continue;
        const pseudonym = this.table.of('container-id', c.id);
        this.names.add(c.id, pseudonym, false, 12);
        this.addTails(c.id, pseudonym, 12);
      }
    }
  }

  /** Pseudonyms have the length of their original, so a cut ID's head and tail map to the pseudonym's. */
  private addTails(original: string, pseudonym: string, minLength: number): void {
    if (pseudonym.length !== original.length) return;
    for (let k = 1; original.length - k >= minLength; k++) this.tails.set(original.slice(k), [pseudonym.slice(k), original]);
  }

  /** A line that starts with the tail of a wrapped ID (the head ended the line before). */
  private applyTail(s: string): string {
    if (this.tails.size === 0) return s;
    let i = 0;
    while (i < s.length && (s.charCodeAt(i) === 32 || s.charCodeAt(i) === 9)) i++;
    let end = i;
    while (end < s.length && end - i < 80 && (isNameChar(s.charCodeAt(end)) || s.charCodeAt(end) === 95)) end++;
    const hit = this.tails.get(s.slice(i, end));
    if (hit === undefined) return s;
    this.note(hit[1]);
    return s.slice(0, i) + hit[0] + s.slice(end);
  }

  /**
   * First pass over every line before anything is replaced: image references found in one line are replaced in all
   * lines (not only in the lines after it), and numbered by first appearance.
   */
  discover(line: string): void {
    if (!this.opts.images) return;
    for (const [a, b] of findImageRefs(line)) {
      const original = line.slice(a, b);
      if (this.table.categoryOf(original) !== undefined) continue;
      const pseudonym = this.table.of('image', original);
      // A reference that cannot be mistaken for a word is also replaced wherever else it appears.
      if (/[/:@]/.test(original)) this.names.add(original, pseudonym, true);
    }
  }

  private note(original: string): void {
    if (this.counting) this.counts.set(original, (this.counts.get(original) ?? 0) + 1);
  }

  /** One line (no newlines) with every replacement applied. */
  private line(s: string): string {
    s = this.applyTail(s);
    if (this.opts.images) s = this.applyImages(s);
    s = this.applyNamesAndIps(s);
    for (const p of this.patterns) s = this.applyPattern(s, p);
    return s;
  }

  private applyPattern(s: string, p: { pattern?: SafePattern; text?: string }): string {
    let out = '';
    let from = 0;
    for (;;) {
      let hit: [number, number] | undefined;
      if (p.text !== undefined) {
        const at = s.indexOf(p.text, from);
        hit = at < 0 ? undefined : [at, at + p.text.length];
      } else {
        hit = p.pattern!.find(s, from, this.budget);
      }
      if (!hit) break;
      const original = s.slice(hit[0], hit[1]);
      out += s.slice(from, hit[0]) + this.table.of('pattern', original);
      this.note(original);
      from = hit[1];
    }
    return from === 0 ? s : out + s.slice(from);
  }

  private applyImages(s: string): string {
    const spans = findImageRefs(s);
    if (spans.length === 0) return s;
    let out = '';
    let from = 0;
    for (const [a, b] of spans) {
      if (a < from) continue;
      const original = s.slice(a, b);
      if (this.table.categoryOf(original) === undefined || this.table.categoryOf(original) === 'image') {
        const pseudonym = this.table.of('image', original);
        out += s.slice(from, a) + pseudonym;
        this.note(original);
        from = b;
      }
    }
    return out + s.slice(from);
  }

  private applyNamesAndIps(s: string): string {
    let out = '';
    let copied = 0;
    const ips = this.opts.ips;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      const name = this.names.matchAt(s, i);
      let length = name ? name[0] : 0;
      let replacement = name ? name[1] : '';
      if (length === 0 && this.wellKnown.size > 0 && this.wellKnownFirstChars.has(c) && (i === 0 || !isNameChar(s.charCodeAt(i - 1)))) {
        for (const [ns, pseudonym] of this.wellKnown) {
          if (s.startsWith(ns, i) && !isNameChar(s.charCodeAt(i + ns.length)) && namespaceContextAt(s, i, ns.length)) {
            length = ns.length;
            replacement = pseudonym;
            break;
          }
        }
      }
      // An address starts a token: skip the (common) positions inside a word before calling the scanners.
      if (ips && (c === 58 || (c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70)) && (i === 0 || !isNameChar(s.charCodeAt(i - 1)))) {
        const ipLength = Math.max(ipv6At(s, i), c <= 57 ? ipv4At(s, i) : 0);
        if (ipLength > length) {
          const ip = s.slice(i, i + ipLength);
          if (!(this.opts.keepWellKnown && WELL_KNOWN_IPS.has(ip))) {
            length = ipLength;
            replacement = this.table.of('ip', ip);
          }
        }
      }
      if (length === 0) continue;
      const original = s.slice(i, i + length);
      this.note(original);
      out += s.slice(copied, i) + replacement;
      i += length - 1;
      copied = i + 1;
    }
    return copied === 0 ? s : out + s.slice(copied);
  }

  /** Any text (multi-line allowed) with every replacement applied. */
  text(s: string): string {
    if (!s) return s;
    return s.includes('\n') ? s.split('\n').map((l) => this.line(l)).join('\n') : this.line(s);
  }

  /** Raw log text: like `text`, and the replacements are counted for the preview. */
  rawText(s: string): string {
    this.counting = true;
    try {
      return this.text(s);
    } finally {
      this.counting = false;
    }
  }

  /** The exact pseudonym of a whole name, or the name with replacements inside it. */
  name(s: string): string {
    return this.table.get(s) ?? this.text(s);
  }

  /** Every replacement made so far (names known from the trace are listed even when the log never printed them). */
  preview(): PreviewEntry[] {
    return this.table.entries().map(([original, category, pseudonym]) => ({ category, original, pseudonym, count: this.counts.get(original) ?? 0 }));
  }
}
