/**
 * The message catalog: every entry of every area in one table, plus the lookup structures that find the entry for
 * a message in O(1) (structured/JSON) or by first word (printf).
 */
import type { CatalogEntry } from './entry.ts';
import { SYNC_LOOP_MESSAGES } from './messages-syncloop.ts';
import { POD_WORKER_MESSAGES } from './messages-podworker.ts';
import { STATUS_MESSAGES, PROBE_MESSAGES } from './messages-status-probe.ts';
import { PLEG_MESSAGES, RUNTIME_MESSAGES, NODE_MESSAGES } from './messages-runtime.ts';
import { CRI_MESSAGES } from './messages-cri.ts';
import { NODE_HEALTH_MESSAGES } from './messages-node-health.ts';
import { VOLUME_MESSAGES } from './messages-volume.ts';
import { compileTemplate, matchTemplate, matchTemplateCut, type CompiledTemplate } from './template.ts';

export const UNKNOWN_ENTRY: CatalogEntry = {
  id: '—', kind: 'unknown', lane: 'other', versions: '', explain: 'A message the catalog does not know. It is kept, placed on a lane chosen from the source file that printed it, and searchable.',
};

/** Index 0 is the unknown entry, so an event's `msg` of 0 means "not in the catalog". */
export const CATALOG: readonly CatalogEntry[] = [
  UNKNOWN_ENTRY,
  ...SYNC_LOOP_MESSAGES,
  ...POD_WORKER_MESSAGES,
  ...STATUS_MESSAGES,
  ...PROBE_MESSAGES,
  ...PLEG_MESSAGES,
  ...RUNTIME_MESSAGES,
  ...NODE_MESSAGES,
  ...CRI_MESSAGES,
  ...NODE_HEALTH_MESSAGES,
  ...VOLUME_MESSAGES,
];

/**
 * 1 for the entries whose reading depends on the file that printed the line: the unknown entry (its lane comes from
 * the file) and messages other programs print too (alsoPrintedBy: another program's file says the line is its own).
 * The classification memos share a result between lines of different files only for the other entries.
 */
export const FILE_DECIDES: Uint8Array = Uint8Array.from(CATALOG, (e, i) => (i === 0 || e.alsoPrintedBy ? 1 : 0));

/** 1 for the entries whose event text names the kubelet's own node (CatalogEntry.namesOwnNode), by entry number. */
export const NAMES_OWN_NODE: Uint8Array = Uint8Array.from(CATALOG, (e) => (e.namesOwnNode ? 1 : 0));
/** 1 for the entries whose error-level lines without an error are information (CatalogEntry.errorOnlyWithText). */
export const ERROR_ONLY_WITH_TEXT: Uint8Array = Uint8Array.from(CATALOG, (e) => (e.errorOnlyWithText ? 1 : 0));

/** By entry number: 0, or what the entry's lines tell about their container's kind (CatalogEntry.containerRole). */
export const ROLE_NONE = 0;
export const ROLE_INIT = 1;
export const ROLE_FROM_TEXT = 2;
export const CONTAINER_ROLE: Uint8Array = Uint8Array.from(CATALOG, (e) =>
  (e.containerRole === 'init' ? ROLE_INIT : e.containerRole === 'containerType' ? ROLE_FROM_TEXT : ROLE_NONE));

/** Every event kind (entry kinds and refinement targets), index 0 = 'unknown'. */
export const KINDS: readonly string[] = (() => {
  const set = new Set<string>(['unknown']);
  for (const e of CATALOG) {
    set.add(e.kind);
    if (e.refine) for (const k of [...Object.values(e.refine.map), ...Object.values(e.refine.prefixes ?? {}), ...Object.values(e.refine.then?.prefixes ?? {})]) set.add(k);
  }
  return [...set];
})();

const KIND_INDEX = new Map(KINDS.map((k, i) => [k, i]));

export function kindId(kind: string): number {
  const id = KIND_INDEX.get(kind);
  if (id === undefined) throw new Error(`unknown event kind ${kind}`);
  return id;
}

export function kindName(id: number): string {
  return KINDS[id] ?? 'unknown';
}

interface PrintfRef {
  entry: number;
  template: CompiledTemplate;
}

/** First word of a message: up to the first space, '(' or ':' (at most 40 chars). */
export function firstWord(s: string, start: number, end = s.length): string {
  const limit = Math.min(end, start + 40);
  let p = start;
  while (p < limit) {
    const c = s.charCodeAt(p);
    if (c === 32 || c === 40 || c === 58 || c === 44) break;
    p++;
  }
  return s.slice(start, p);
}

/**
 * A cut message is read as a known one only when this much of the known one's literal text agrees: shorter
 * beginnings ("Failed to ") are shared by too many messages to tell one.
 */
const MIN_CUT_LITERAL = 16;

export class MessageMatcher {
  private readonly exact = new Map<string, number>();
  private readonly prefixes: { prefix: string; entry: number }[] = [];
  private readonly byFirstWord = new Map<string, PrintfRef[]>();
  private readonly anchored: PrintfRef[] = [];

  /** Each entry's event kind, to tell whether two candidates for a cut message would say the same. */
  private readonly kindOf: string[];

  constructor(entries: readonly CatalogEntry[] = CATALOG) {
    this.kindOf = entries.map((e) => e.kind);
    entries.forEach((e, i) => {
      for (const m of e.msg ?? []) {
        if (m.endsWith('*')) this.prefixes.push({ prefix: m.slice(0, -1), entry: i });
        else if (!this.exact.has(m)) this.exact.set(m, i);
      }
      for (const p of e.printf ?? []) {
        const template = compileTemplate(p);
        const ref = { entry: i, template };
        const word = firstWord(template.prefix, 0);
        // A template needs a whole first word before its first placeholder to be indexed by it.
        if (word && template.prefix.length > word.length) {
          const list = this.byFirstWord.get(word) ?? [];
          list.push(ref);
          this.byFirstWord.set(word, list);
        } else {
          this.anchored.push(ref);
        }
      }
    });
    // Longest templates first, so a specific template wins over a general one with the same first word.
    for (const list of this.byFirstWord.values()) list.sort((a, b) => b.template.source.length - a.template.source.length);
  }

  /** Entry index for a structured / JSON message, or 0. */
  matchMessage(msg: string): number {
    return this.exact.get(msg) ?? this.matchByPrefix(msg);
  }

  /**
   * Entry index of the first entry matched by a prefix of its message (`…*`), or 0. Alone, it reads a structured
   * message cut before its closing quote: only such entries can be told from the start of one; a cut exact message
   * (`"SyncLoop DEL`) stays unknown.
   */
  matchByPrefix(msg: string): number {
    for (const p of this.prefixes) if (msg.startsWith(p.prefix)) return p.entry;
    return 0;
  }

  /**
   * Entry and the fields read whole, for a printf-era message text[start, end) that was cut short (LogRecord.cutShort)
   * and matches no template whole: the template it begins like, agreeing on at least MIN_CUT_LITERAL characters of
   * its literal text. Two templates of different kinds agreeing as far as the other: neither (undefined).
   * `supposed`: nothing marks the cut (the source's last line is cut as often as not): a text that ends inside a bare
   * value may be whole, another message beginning the same way, and is matched only where the cut left a mark.
   */
  matchPrintfCut(text: string, start: number, end = text.length, supposed = false): { entry: number; fields: Record<string, string> } | undefined {
    let best: { entry: number; fields: Record<string, string> } | undefined;
    let bestChars = 0;
    let tied = false;
    // (Records cut short are few: every template that begins with a value is tried too.)
    for (const ref of [...(this.byFirstWord.get(firstWord(text, start, end)) ?? []), ...this.anchored]) {
      const m = matchTemplateCut(ref.template, text, start, end);
      if (!m || m.literalChars < MIN_CUT_LITERAL || m.literalChars < bestChars || (supposed && m.inValue)) continue;
      if (m.literalChars === bestChars && best) {
        if (this.kindOf[best.entry] !== this.kindOf[ref.entry]) tied = true;
        continue;
      }
      best = { entry: ref.entry, fields: m.fields };
      bestChars = m.literalChars;
      tied = false;
    }
    return tied ? undefined : best;
  }

  /**
   * Entry of the one exact structured message (or kind of them) that `msg`, cut short, begins, if it is at least
   * MIN_CUT_LITERAL characters long; else 0.
   */
  matchExactCut(msg: string): number {
    if (msg.length < MIN_CUT_LITERAL) return 0;
    let found = 0;
    for (const [m, entry] of this.exact) {
      if (!m.startsWith(msg) || m.length === msg.length) continue;
      if (found && this.kindOf[found] !== this.kindOf[entry]) return 0;
      found ||= entry;
    }
    return found;
  }

  /** Entry and fields for a printf-era message text[start, end), or undefined. */
  matchPrintf(text: string, start: number, end = text.length): { entry: number; fields: Record<string, string> } | undefined {
    const list = this.byFirstWord.get(firstWord(text, start, end));
    if (list) {
      for (const ref of list) {
        const fields = matchTemplate(ref.template, text, start, end);
        if (fields) return { entry: ref.entry, fields };
      }
    }
    for (const ref of this.anchored) {
      if (ref.template.anchor && text.indexOf(ref.template.anchor, start) < 0) continue;
      const fields = matchTemplate(ref.template, text, start, end);
      if (fields) return { entry: ref.entry, fields };
    }
    // A structured message text printed without quotes (some printf-era lines read exactly like one).
    const e = this.exact.get(text.slice(start, end));
    return e === undefined ? undefined : { entry: e, fields: {} };
  }
}
