/**
 * Sanitizing before sharing: namespaces, pod names, node names, IPv4/IPv6 addresses, image references, optionally
 * pod UIDs and container IDs and the well-known namespaces, and whatever the user's own patterns match are replaced
 * by stable pseudonyms (pseudonyms.ts) — consistently in the raw log text, the strings table, pods, nodes, lanes,
 * findings, and in the view and notes that travel with them. `preview` lists every replacement with how often it
 * occurred in the log.
 *
 * Names come from the trace (what the parser recognised) and from a first pass over the text (`discover`): image
 * references by key and by shape (sanitize-images.ts), pods and namespaces in dockershim container names and the
 * hosts of shell prompts (sanitize-names.ts). A known name is then replaced wherever it stands as a token; a node's
 * short host name counts as the node, and host names shaped like a node's (digits free) are nodes too.
 *
 * Per line, in this order: image references, one scan for known names, node-shaped host names and IP addresses,
 * then the user's patterns (so a pattern that covers part of a pod name cannot leave the rest of the name behind).
 * Work is per line and user patterns run on a step budget (safe-regex-run.ts), so a sanitize run has a hard upper
 * bound on its cost.
 */
import { ShareError } from './errors.ts';
import { PseudonymTable, type PseudonymCategory } from './pseudonyms.ts';
import { safePattern, type SafePattern, type StepBudget } from './safe-regex-run.ts';
import { findImageRefs } from './sanitize-images.ts';
import { findDockershimNames, findPromptHosts, hostShape, hostTokenAt, isShapedHost } from './sanitize-names.ts';
import { ipv4At, ipv6At, isNameChar, LiteralMatcher, namespaceContextAt } from './sanitize-scan.ts';
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
/** Registry paths without a tag kept aside until the registries are known (bounds the memory of the first pass). */
const MAX_PENDING_IMAGES = 100_000;

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
  /** Names that occur in the input, which no pseudonym may be (shared with the table; grows as names are learned). */
  private readonly reserved = new Set<string>();
  /** Registries of sure image references, and registry paths without a tag waiting to know if they are on one. */
  private readonly registries = new Set<string>();
  private readonly pendingImages = new Map<string, string>();
  private discovering = true;
  /** Shapes of the known nodes' host names (hostShape), for their siblings; short host names → the node's name. */
  private readonly nodeShapes = new Set<string>();
  private readonly shortNodeNames = new Map<string, string>();

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
    for (const p of trace.pods) this.reserved.add(p.name).add(p.namespace);
    for (const n of trace.nodes) this.reserved.add(n.name);
    this.table = new PseudonymTable(this.reserved);
    this.collectNames();
  }

  /** Names the trace itself knows, in a fixed order so pseudonyms are numbered the same way every run. */
  private collectNames(): void {
    for (const p of this.trace.pods) this.addNamespace(p.namespace);
    for (const p of this.trace.pods) this.addPod(p.name);
    for (const n of this.trace.nodes) this.addNode(n.name);
    for (const s of this.trace.sources) this.addNode(s.node);
    for (const p of this.trace.pods) this.addUid(p.uid);
    if (this.opts.uids) {
      for (const c of this.trace.containers) {
        if (!c.id) continue;
        const pseudonym = this.table.of('container-id', c.id);
        this.names.add(c.id, pseudonym, false, 12);
        this.addTails(c.id, pseudonym, 12);
      }
    }
  }

  private addNamespace(ns: string): void {
    if (!this.opts.namespaces || !ns || this.table.categoryOf(ns) !== undefined) return;
    this.reserved.add(ns);
    if (!WELL_KNOWN_NAMESPACES.has(ns)) {
      this.names.add(ns, this.table.of('namespace', ns), true);
    } else if (this.opts.wellKnownNamespaces || !this.opts.keepWellKnown) {
      this.wellKnown.set(ns, this.table.of('namespace', ns));
      this.wellKnownFirstChars.add(ns.charCodeAt(0));
    }
  }

  private addPod(name: string): void {
    if (!this.opts.podNames || !name || this.table.categoryOf(name) !== undefined) return;
    this.reserved.add(name);
    this.names.add(name, this.table.of('pod', name), true);
  }

  /** A node by its full name; its short host name (before the first dot) counts as the node too. */
  private addNode(name: string): void {
    if (!this.opts.nodeNames || PLACEHOLDER_NODES.has(name) || this.table.categoryOf(name) !== undefined || this.shortNodeNames.has(name)) return;
    this.reserved.add(name);
    const dot = name.indexOf('.');
    const short = dot > 0 ? name.slice(0, dot) : '';
    if (isShapedHost(name)) this.nodeShapes.add(hostShape(name));
    if (short && this.table.categoryOf(short) === 'node') {
      // The node was known by its short name: the full name is the same node.
      this.names.add(name, this.table.get(short)!, true, 0, short);
      return;
    }
    const pseudonym = this.table.of('node', name);
    this.names.add(name, pseudonym, true);
    // A short name that is a plain word (`master` of `master.corp`) would replace the word everywhere.
    if (short.length >= 4 && /[0-9-]/.test(short) && this.table.categoryOf(short) === undefined && !this.shortNodeNames.has(short)) {
      this.shortNodeNames.set(short, name);
      this.names.add(short, pseudonym, true, 0, name);
    }
    if (isShapedHost(short)) this.nodeShapes.add(hostShape(short));
  }

  private addUid(uid: string): void {
    if (!this.opts.uids || !uid || this.table.categoryOf(uid) !== undefined) return;
    const pseudonym = this.table.of('uid', uid);
    this.names.add(uid, pseudonym, false, 8);
    this.addTails(uid, pseudonym, 8);
    // cgroup paths write the UID with underscores (kubepods-besteffort-pod<uid>.slice).
    if (uid.includes('-')) this.names.add(uid.replaceAll('-', '_'), pseudonym.replaceAll('-', '_'), false, 0, uid);
  }

  private addImage(original: string): void {
    if (this.table.categoryOf(original) !== undefined) return;
    const pseudonym = this.table.of('image', original);
    // A reference that cannot be mistaken for a word is also replaced wherever else it appears.
    if (/[/:@]/.test(original)) this.names.add(original, pseudonym, true);
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
   * First pass over every line before anything is replaced: names learned in one line (image references, pods in
   * container names, prompt hosts) are replaced in all lines, not only in the lines after it, and numbered by first
   * appearance.
   */
  discover(line: string): void {
    if (!this.discovering) throw new Error('Sanitizer.discover called after replacing began');
    if (this.opts.images) {
      for (const ref of findImageRefs(line)) {
        const original = line.slice(ref.start, ref.end);
        if (ref.sure) {
          this.addImage(original);
          if (ref.registry) this.registries.add(ref.registry);
        } else if (this.pendingImages.size < MAX_PENDING_IMAGES && !this.pendingImages.has(original)) {
          this.pendingImages.set(original, ref.registry);
        }
      }
    }
    if (line.includes('k8s_')) {
      for (const d of findDockershimNames(line)) {
        this.addNamespace(d.namespace);
        this.addPod(d.pod);
        this.addUid(d.uid);
      }
    }
    if (this.opts.nodeNames && line.includes('@')) for (const host of findPromptHosts(line)) this.addNode(host);
  }

  /** Ends the first pass: registry paths without a tag are images when their registry had a sure reference. */
  private endDiscovery(): void {
    this.discovering = false;
    for (const [original, registry] of this.pendingImages) if (this.registries.has(registry)) this.addImage(original);
    this.pendingImages.clear();
  }

  private note(original: string): void {
    if (this.counting) this.counts.set(original, (this.counts.get(original) ?? 0) + 1);
  }

  /** One line (no newlines) with every replacement applied. */
  private line(s: string): string {
    if (this.discovering) this.endDiscovery();
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
    const refs = findImageRefs(s);
    if (refs.length === 0) return s;
    let out = '';
    let from = 0;
    for (const { start: a, end: b, sure } of refs) {
      if (a < from) continue;
      const original = s.slice(a, b);
      const category = this.table.categoryOf(original);
      if (category === 'image' || (sure && category === undefined)) {
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
      let key = name ? name[2] : '';
      const tokenStart = i === 0 || (!isNameChar(s.charCodeAt(i - 1)) && s.charCodeAt(i - 1) !== 46);
      if (length === 0 && this.nodeShapes.size > 0 && tokenStart) {
        const host = this.nodeShapedHostAt(s, i);
        // A sibling of a known node: known from now on, with its short or full name (addNode).
        const known = host ? (this.addNode(host), this.names.matchAt(s, i)) : undefined;
        if (known) [length, replacement, key] = known;
      }
      if (length === 0 && this.wellKnown.size > 0 && this.wellKnownFirstChars.has(c) && (i === 0 || !isNameChar(s.charCodeAt(i - 1)))) {
        for (const [ns, pseudonym] of this.wellKnown) {
          if (s.startsWith(ns, i) && !isNameChar(s.charCodeAt(i + ns.length)) && namespaceContextAt(s, i, ns.length)) {
            length = ns.length;
            replacement = pseudonym;
            key = ns;
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
            key = ip;
          }
        }
      }
      if (length === 0) continue;
      this.note(key);
      out += s.slice(copied, i) + replacement;
      i += length - 1;
      copied = i + 1;
    }
    return copied === 0 ? s : out + s.slice(copied);
  }

  /** The host name at i if it has the shape of a known node's name (or its short name does), else undefined. */
  private nodeShapedHostAt(s: string, i: number): string | undefined {
    const c = s.charCodeAt(i);
    if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 122))) return undefined;
    const length = hostTokenAt(s, i);
    if (length < 5) return undefined;
    const host = s.slice(i, i + length);
    if (this.nodeShapes.has(hostShape(host))) return host;
    const dot = host.indexOf('.');
    if (dot > 0 && this.nodeShapes.has(hostShape(host.slice(0, dot)))) return host.slice(0, dot);
    return undefined;
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
