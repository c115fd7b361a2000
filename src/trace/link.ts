/**
 * Share links: the whole state in the URL fragment, which browsers never send to a server.
 *
 *   <base>#v=1&p=<payload>
 *
 * `v` is the link format version; `p` is base64url (no padding) of the raw-deflated (CompressionStream
 * 'deflate-raw') UTF-8 JSON payload: `{kind: "logs", sources, view?, notes}` or `{kind: "simulation", simulation,
 * view?, notes}`. Log sources travel as runs of non-empty lines with their line numbers (`{at, text}`), so a log
 * excerpt keeps its original line numbering without carrying the gaps.
 *
 * Versioning follows Firefox Profiler's URL upgraders: a link made by version n is upgraded step by step to the
 * current version on open (CURRENT_LINK_FORMAT.upgraders[n] turns a version-n payload into a version-n+1 payload).
 * Version 1 is the first; when the payload changes, bump LINK_VERSION, add the upgrader from the previous version,
 * and keep the frozen links of every earlier version opening (test/unit/trace/link-fixtures.ts).
 *
 * Opening is defensive: sizes are checked before decoding and decompression (which stops past its limit), every
 * field is validated, and any failure is a ShareError with a message for the user. Nothing in a payload is ever
 * treated as markup or code; it is data for the UI to render as text.
 */
import { decodeBase64Url, encodeBase64Url } from './base64.ts';
import { compressBytes, decompressBytes, formatBytes } from './compression.ts';
import { asShareError, ShareError } from './errors.ts';
import { arrayOf, int, jsonNumberReplacer, object, oneOf, optional, readJson, str, tagged, type Spec } from './schema.ts';
import { LIMITS, NOTES_SPEC, SIMULATION_SPEC, STABLE_VIEW_SPEC } from './share-schema.ts';
import type { SharedLogSource, ShareState } from './share-types.ts';

export const LINK_VERSION = 1;
export const DEFAULT_APP_URL = 'http://127.0.0.1:5173/';

export const LINK_LIMITS = {
  /** Longest fragment accepted, checked before anything is decoded. */
  fragmentChars: 8 * (1 << 20),
  /** Largest decompressed payload; decompression stops as soon as it passes this. */
  payloadBytes: 64 * (1 << 20),
  /** Most lines a shared source may span (including the empty placeholders). */
  sourceLines: 16 * (1 << 20),
};

/** Where chat tools and browsers start to struggle with long URLs. */
export const LINK_SIZE_WARNINGS = { chatChars: 4000, browserChars: 2 * 1000 * 1000 };

/** Turns the JSON payload of one link version into the payload of the next version. */
export type LinkUpgrader = (payload: unknown) => unknown;

/** A link format: its version, and upgraders[n] from each earlier version n to n+1. */
export interface LinkFormat {
  version: number;
  upgraders: Readonly<Record<number, LinkUpgrader>>;
}

/** The format this build writes. No upgraders yet: version 1 is the first. */
export const CURRENT_LINK_FORMAT: LinkFormat = { version: LINK_VERSION, upgraders: {} };

/** A version-n payload brought up to the format's version, one upgrader at a time. */
function upgrade(json: unknown, from: number, format: LinkFormat): unknown {
  for (let n = from; n < format.version; n++) {
    const step = Object.hasOwn(format.upgraders, n) ? format.upgraders[n] : undefined;
    if (!step) throw new ShareError('unsupported-version', `links of version ${from} can no longer be opened (no upgrade from version ${n})`);
    try {
      json = step(json);
    } catch (e) {
      if (e instanceof ShareError) throw e;
      throw new ShareError('bad-structure', `the link (version ${from}) could not be upgraded from version ${n}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return json;
}

interface Run { at: number; text: string }
interface PayloadSource { name: string; year: number; lines: number; runs: Run[] }

const SOURCE_SPEC: Spec = object({
  name: str(LIMITS.nameChars),
  year: int(0, 10_000),
  lines: int(0, LINK_LIMITS.sourceLines),
  runs: arrayOf(object({ at: int(1, LINK_LIMITS.sourceLines), text: str(LINK_LIMITS.payloadBytes) }), LINK_LIMITS.sourceLines),
});

const PAYLOAD_SPEC: Spec = tagged('kind', {
  logs: object({ kind: oneOf(['logs']), sources: arrayOf(SOURCE_SPEC, 1000), view: optional(STABLE_VIEW_SPEC), notes: optional(NOTES_SPEC) }),
  simulation: object({ kind: oneOf(['simulation']), simulation: SIMULATION_SPEC, view: optional(STABLE_VIEW_SPEC), notes: optional(NOTES_SPEC) }),
});

/** Text → runs of non-empty lines. Empty lines are implied by the gaps, so `lines` restores the text exactly. */
function toRuns(text: string): { lines: number; runs: Run[] } {
  const lines = text.split('\n');
  const runs: Run[] = [];
  let start = -1;
  const close = (end: number) => {
    if (start >= 0) runs.push({ at: start + 1, text: lines.slice(start, end).join('\n') });
    start = -1;
  };
  lines.forEach((line, i) => {
    if (line === '') close(i);
    else if (start < 0) start = i;
  });
  close(lines.length);
  return { lines: lines.length, runs };
}

function fromRuns(source: PayloadSource, path: string): string {
  const lines = new Array<string>(source.lines).fill('');
  let chars = source.lines;
  for (const run of source.runs) {
    const runLines = run.text.split('\n');
    if (run.at - 1 + runLines.length > source.lines) throw new ShareError('bad-structure', `${path}: a run of lines goes past the source's ${source.lines} lines`);
    chars += run.text.length;
    if (chars > LINK_LIMITS.payloadBytes) throw new ShareError('too-large', `${path}: the shared text is too long`);
    runLines.forEach((l, k) => { lines[run.at - 1 + k] = l; });
  }
  return lines.join('\n');
}

function toPayload(state: ShareState): object {
  if (state.kind === 'simulation') return state;
  const sources: PayloadSource[] = state.sources.map((s) => ({ name: s.name, year: s.year, ...toRuns(s.text) }));
  return { kind: 'logs', sources, view: state.view, notes: state.notes };
}

/** `#v=1&p=…` for a state. */
export async function encodeShareFragment(state: ShareState): Promise<string> {
  const json = JSON.stringify(toPayload(state), jsonNumberReplacer);
  const compressed = await compressBytes(new TextEncoder().encode(json), 'deflate-raw');
  return `#v=${LINK_VERSION}&p=${encodeBase64Url(compressed)}`;
}

/** The full link: the app's address with the state in the fragment (any fragment `base` had is replaced). */
export async function encodeShareLink(state: ShareState, base = DEFAULT_APP_URL): Promise<string> {
  const hash = base.indexOf('#');
  return (hash >= 0 ? base.slice(0, hash) : base) + (await encodeShareFragment(state));
}

/** Length of a link and what it means for sharing it. */
export function linkSize(link: string): { length: number; warnings: string[] } {
  const length = link.length;
  const warnings: string[] = [];
  if (length > LINK_SIZE_WARNINGS.chatChars) {
    warnings.push(`The link is ${length.toLocaleString('en')} characters long. Slack and most chat tools handle links up to about 4,000 characters (longer ones are not previewed and may be cut); share the trace file instead, or narrow the selection.`);
  }
  if (length > LINK_SIZE_WARNINGS.browserChars) warnings.push('Browsers may refuse links longer than about 2 MB; share the trace file instead.');
  if (length > LINK_LIMITS.fragmentChars) warnings.push(`Links longer than ${formatBytes(LINK_LIMITS.fragmentChars)} cannot be opened at all.`);
  return { length, warnings };
}

/** The fragment's `key=value` parameters (at most a few; the rest is ignored). */
function fragmentParams(input: string): Map<string, string> {
  const hash = input.indexOf('#');
  const fragment = hash >= 0 ? input.slice(hash + 1) : input;
  const params = new Map<string, string>();
  for (const part of fragment.split('&', 16)) {
    const eq = part.indexOf('=');
    if (eq > 0 && !params.has(part.slice(0, eq))) params.set(part.slice(0, eq), part.slice(eq + 1));
  }
  return params;
}

/**
 * Opens a link (the whole URL or just its fragment). Throws ShareError, and nothing else, on any bad input. `format`
 * is the current one; tests pass another to exercise upgrading from older versions.
 */
export async function decodeShareLink(link: string, format: LinkFormat = CURRENT_LINK_FORMAT): Promise<ShareState> {
  try {
    if (typeof link !== 'string') throw new ShareError('wrong-format', 'not a link');
    if (link.length > LINK_LIMITS.fragmentChars + 4096) throw new ShareError('too-large', `the link is longer than ${formatBytes(LINK_LIMITS.fragmentChars)}`);
    const params = fragmentParams(link);
    const v = params.get('v');
    const p = params.get('p');
    if (v === undefined || p === undefined) throw new ShareError('wrong-format', 'this is not a Syncloop share link (its fragment has no "v" and "p")');
    if (!/^[0-9]{1,6}$/.test(v) || Number(v) < 1) throw new ShareError('bad-structure', `the link version "${v.slice(0, 12)}" is not a version number`);
    const version = Number(v);
    if (version > format.version) throw new ShareError('unsupported-version', `the link was made by a newer Syncloop (link version ${version}; this one opens up to version ${format.version})`);
    const compressed = decodeBase64Url(p, 'the link');
    const bytes = await decompressBytes(compressed, 'deflate-raw', LINK_LIMITS.payloadBytes, 'the link');
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    } catch (e) {
      throw new ShareError(e instanceof SyntaxError ? 'bad-json' : 'bad-encoding', 'the link data is damaged (not readable JSON text)');
    }
    return readPayload(upgrade(json, version, format));
  } catch (e) {
    throw asShareError(e, 'the link');
  }
}

function readPayload(json: unknown): ShareState {
  const payload = readJson(PAYLOAD_SPEC, json, '') as
    | { kind: 'logs'; sources: PayloadSource[]; view?: ShareState['view']; notes?: ShareState['notes'] }
    | { kind: 'simulation'; simulation: Extract<ShareState, { kind: 'simulation' }>['simulation']; view?: ShareState['view']; notes?: ShareState['notes'] };
  const notes = payload.notes ?? [];
  const view = payload.view ? { view: payload.view } : {};
  if (payload.kind === 'simulation') return { kind: 'simulation', simulation: payload.simulation, ...view, notes };
  let total = 0;
  const sources: SharedLogSource[] = payload.sources.map((s, i) => {
    total += s.lines;
    if (total > LINK_LIMITS.payloadBytes) throw new ShareError('too-large', 'the shared text is too long');
    return { name: s.name, year: s.year, text: fromRuns(s, `sources[${i}]`) };
  });
  return { kind: 'logs', sources, ...view, notes };
}
