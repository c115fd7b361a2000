/**
 * Image references in log text, found three ways, each linear in the length of the line:
 *
 * - After an image key: `image="nginx:1.25"`, `Image:(string)repo/app`, `"imageID":"…"`, `Pulling image "…"`. There
 *   even a bare name (`nginx`) is a reference.
 * - After the phrases of pull errors (`pull access denied for app`, `failed to resolve reference "…"`; see
 *   ERROR_PHRASE).
 * - Anywhere, by their shape (what Go struct dumps and `docker ps` print without a key): a registry host (with a dot
 *   or a port) / a lower-case path / a `:tag`, or any `name@sha256:<digest>`. A registry path without a tag (`docker
 *   ps` leaves out `:latest`) is only a candidate: it is an image on a registry seen in a sure reference, since Go
 *   import paths (`github.com/golang/glog`) and label keys (`kubernetes.io/config.seen`) have the same shape.
 *
 * A `docker-pullable://` or other scheme prefix stays outside the reference, so the same image printed with and
 * without it is one name. URLs (http, https…) are not images.
 */

export interface ImageRef {
  start: number;
  end: number;
  /** Certainly an image (after an image key, or with a tag or digest); otherwise a registry path without a tag. */
  sure: boolean;
  /** The registry host the reference names (`registry.example:5000`), or ''. */
  registry: string;
}

/** Longest reference looked at (registries accept 255-character names, plus tag and digest). */
const MAX_REF_CHARS = 512;
const isNameChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45;
/** Characters a reference (with a scheme or key prefix) is made of. */
const isRefChar = (c: number) => isNameChar(c) || c === 46 || c === 47 || c === 58 || c === 64 || c === 95;
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

const KEY_PREFIX = /^[A-Za-z][A-Za-z0-9_-]{0,40}:(?![0-9]|\/\/)/;
const SCHEME = /^([a-z][a-z0-9+.-]{0,30}):\/\//;
const URL_SCHEMES = new Set(['http', 'https', 'ftp', 'ws', 'wss', 'file', 'unix', 'tcp', 'udp', 'grpc', 'npipe']);
const DOMAIN = /^(?:[A-Za-z0-9-]+\.)*[A-Za-z0-9-]+(?::[0-9]{1,5})?$/;
const PATH_COMPONENT = /^[a-z0-9]+(?:[._-]+[a-z0-9]+)*$/;
const TAG = /^\w[\w.-]{0,127}$/;
const DIGEST = /^[a-z0-9]+(?:[+._-][a-z0-9]+)*:[0-9a-fA-F]{32,}$/;
/** A Go (or other) source file and line (`k8s.io/kubernetes/pkg/kubelet/kubelet.go:1234`) is not an image. */
const SOURCE_FILE = /\.(?:go|c|cc|h|py|rs|java|js|ts|sh|rb)$/;

interface Shape { registry: string; tagged: boolean; digest: boolean }

/** The parts of a reference `t` (already without scheme and key), or undefined if it is not shaped like one. */
function parseReference(t: string): Shape | undefined {
  const at = t.indexOf('@');
  const name = at >= 0 ? t.slice(0, at) : t;
  if (at >= 0 && !DIGEST.test(t.slice(at + 1))) return undefined;
  const lastSlash = name.lastIndexOf('/');
  const colon = name.indexOf(':', lastSlash + 1);
  const repo = colon >= 0 ? name.slice(0, colon) : name;
  const tag = colon >= 0 ? name.slice(colon + 1) : '';
  if (colon >= 0 && !TAG.test(tag)) return undefined;
  const parts = repo.split('/');
  let registry = '';
  const first = parts[0];
  if (parts.length >= 2 && DOMAIN.test(first) && (first.includes('.') || first.includes(':') || first === 'localhost')) {
    // A host needs a letter (`1.7/1.8` is not one) unless it has a port (an IP registry, `10.0.0.5:5000`).
    if (/[A-Za-z]/.test(first) || first.includes(':')) registry = parts.shift()!;
  }
  if (parts.length === 0 || !parts.every((p) => PATH_COMPONENT.test(p))) return undefined;
  if (tag && /^[0-9]+$/.test(tag) && SOURCE_FILE.test(parts[parts.length - 1])) return undefined;
  return { registry, tagged: tag !== '', digest: at >= 0 };
}

/**
 * [start, end) of the reference inside a run of reference characters: without a scheme prefix, or the trailing
 * punctuation of a sentence; undefined for a URL. A run found by its shape may begin with its key (`Image:k8s.gcr.io/
 * pause:3.1`): `keyed` says the key was already read, so that `myapp:` of `image="myapp:latest"` is not taken for one.
 */
function trimRun(s: string, start: number, end: number, keyed: boolean): [number, number] | undefined {
  while (end > start && (s.charCodeAt(end - 1) === 46 || s.charCodeAt(end - 1) === 58)) end--;
  let text = s.slice(start, end);
  const key = keyed ? null : KEY_PREFIX.exec(text);
  if (key) { start += key[0].length; text = text.slice(key[0].length); }
  const scheme = SCHEME.exec(text);
  if (scheme) {
    if (URL_SCHEMES.has(scheme[1])) return undefined;
    start += scheme[0].length;
  }
  return start < end ? [start, end] : undefined;
}

/**
 * Cheap test before parsing (most runs with a slash are `ns/pod` or paths): a reference needs a digest (`@`) or a
 * registry host, whose first part holds a dot or a colon (a port, or a key or scheme before it) or is `localhost`.
 */
function mayBeReference(s: string, start: number, end: number): boolean {
  let slash = -1;
  let hostLike = false;
  for (let p = start; p < end; p++) {
    const c = s.charCodeAt(p);
    if (c === 64) return true;
    if (slash < 0) {
      if (c === 47) slash = p;
      else if (c === 46 || c === 58) hostLike = true;
    }
  }
  return hostLike || (slash - start === 9 && s.startsWith('localhost', start));
}

/** References by their shape, one per run of reference characters that holds a `/` or `@` (found by indexOf). */
function shapedRefs(s: string, out: ImageRef[]): void {
  let slash = s.indexOf('/');
  let at = s.indexOf('@');
  while (slash >= 0 || at >= 0) {
    const hit = slash < 0 ? at : at < 0 ? slash : Math.min(slash, at);
    // The run around the hit; it cannot reach back into the previous run, which ended at a non-reference character.
    let runStart = hit;
    while (runStart > 0 && isRefChar(s.charCodeAt(runStart - 1))) runStart--;
    let runEnd = hit + 1;
    while (runEnd < s.length && isRefChar(s.charCodeAt(runEnd))) runEnd++;
    if (slash >= 0 && slash < runEnd) slash = s.indexOf('/', runEnd);
    if (at >= 0 && at < runEnd) at = s.indexOf('@', runEnd);
    if (runEnd - runStart > MAX_REF_CHARS + 64 || !mayBeReference(s, runStart, runEnd)) continue;
    // `sandbox.(*Store).Update…` and `pkg.Func(…)`: Go symbols, not images.
    if (s.charCodeAt(runEnd) === 40) continue;
    const span = trimRun(s, runStart, runEnd, false);
    if (!span) continue;
    const shape = parseReference(s.slice(span[0], span[1]));
    if (!shape) continue;
    const sure = shape.digest || (shape.registry !== '' && shape.tagged);
    if (sure || shape.registry !== '') out.push({ start: span[0], end: span[1], sure, registry: shape.registry });
  }
}

const IMAGE_KEY = /image/gi;
const IMAGE_SUFFIXES = ['ref', 'id', 'name', 'spec', ''];
const SEPARATORS = ' =:"\'\\';

/** References after an image key. */
function keyedRefs(s: string, out: ImageRef[]): void {
  let scannedTo = 0;
  IMAGE_KEY.lastIndex = 0;
  for (let m = IMAGE_KEY.exec(s); m; m = IMAGE_KEY.exec(s)) {
    const at = m.index;
    // Inside a reference already read (`image:image-x/…`), or the end of a longer word.
    if (at < scannedTo || (at > 0 && isLetter(s.charCodeAt(at - 1)))) continue;
    let p = at + 5;
    const suffix = IMAGE_SUFFIXES.find((x) => s.slice(p, p + x.length).toLowerCase() === x && !isLetter(s.charCodeAt(p + x.length)));
    if (suffix === undefined) continue;
    p += suffix.length;
    // `image="…"`, `Image:…`, `"image":"…"` and `image "…"` name what follows; in `"image" protobuf:…` the quote
    // closes the word "image" itself, and what follows is another key.
    const sepStart = p;
    let keyed = false;
    let spaceSeen = false;
    while (p < s.length && p - sepStart < 6 && SEPARATORS.includes(s[p])) {
      const c = s[p];
      if (c === '=' || c === ':' || (spaceSeen && (c === '"' || c === "'"))) keyed = true;
      if (c === ' ') spaceSeen = true;
      p++;
    }
    if (p === sepStart) continue;
    // A Go type annotation from a spew dump: `Image:(string)nginx`.
    if (keyed && s.charCodeAt(p) === 40) {
      const close = s.indexOf(')', p);
      if (close > p && close - p <= 24 && /^\([\w.[\]*]+\)$/.test(s.slice(p, close + 1))) p = close + 1;
    }
    const runStart = p;
    while (p < s.length && p - runStart < MAX_REF_CHARS && isRefChar(s.charCodeAt(p))) p++;
    scannedTo = p;
    const next = s.charCodeAt(p);
    // `"Pulling image" image="…"` / `image protobuf:"…"`: the word after "image" is the next key, not a reference;
    // that key may be an image key itself, so it is looked at again.
    if (next === 61 || (s.charCodeAt(p - 1) === 58 && (next === 34 || next === 39))) {
      scannedTo = runStart;
      continue;
    }
    const span = trimRun(s, runStart, p, true);
    if (!span) continue;
    const token = s.slice(span[0], span[1]);
    if (token.toLowerCase() === 'image' || !/[a-zA-Z]/.test(token)) continue;
    if (!keyed && !/[/:@]/.test(token)) continue;
    out.push({ start: span[0], end: span[1], sure: true, registry: parseReference(token)?.registry ?? '' });
  }
}

/**
 * What registries and runtimes write before a reference in their errors (`pull access denied for app, repository
 * does not exist`, `failed to resolve reference "…"`, `manifest for …:v9 not found`, `repository … not found`).
 * After the first two even a bare name is an image; after the others a reference needs a `/`, `:` or `@` (they also
 * begin ordinary sentences: `repository does not exist`).
 */
const ERROR_PHRASE = /pull access denied for |failed to resolve reference |manifest for |repository /gi;
const BARE_NAME_AFTER = new Set(['pull access denied for ', 'failed to resolve reference ']);

function errorPhraseRefs(s: string, out: ImageRef[]): void {
  ERROR_PHRASE.lastIndex = 0;
  for (let m = ERROR_PHRASE.exec(s); m; m = ERROR_PHRASE.exec(s)) {
    let p = m.index + m[0].length;
    // An opening quote, plain or escaped (a backslash and a quote, in a message quoted again).
    if (s.charCodeAt(p) === 92 && s.charCodeAt(p + 1) === 34) p += 2;
    else if (s.charCodeAt(p) === 34 || s.charCodeAt(p) === 39) p++;
    const runStart = p;
    while (p < s.length && p - runStart < MAX_REF_CHARS && isRefChar(s.charCodeAt(p))) p++;
    ERROR_PHRASE.lastIndex = Math.max(ERROR_PHRASE.lastIndex, p);
    const span = trimRun(s, runStart, p, true);
    if (!span) continue;
    const token = s.slice(span[0], span[1]);
    if (!/[a-zA-Z]/.test(token) || (!BARE_NAME_AFTER.has(m[0].toLowerCase()) && !/[/:@]/.test(token))) continue;
    const shape = parseReference(token);
    if (shape) out.push({ start: span[0], end: span[1], sure: true, registry: shape.registry });
  }
}

/** Image references in `s`, in order, not overlapping. */
export function findImageRefs(s: string): ImageRef[] {
  const found: ImageRef[] = [];
  keyedRefs(s, found);
  errorPhraseRefs(s, found);
  shapedRefs(s, found);
  found.sort((a, b) => a.start - b.start || Number(b.sure) - Number(a.sure) || b.end - a.end);
  const out: ImageRef[] = [];
  for (const r of found) if (out.length === 0 || r.start >= out[out.length - 1].end) out.push(r);
  return out;
}
