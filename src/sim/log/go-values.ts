/**
 * Rendering values the way the kubelet's logging does (kubelet-reference §6.3): Go's strconv.Quote, `format.Pod`,
 * Go time formatting, and klog's structured value rules, which changed with the klog version each kubelet shipped.
 */
import { epochToParts } from '../../util/time.ts';

export interface PodIdent {
  name: string;
  namespace: string;
  uid: string;
}

/** A log argument. Plain strings, numbers and booleans render as Go would; the tagged forms carry their type. */
export type Val =
  | string
  | number
  | boolean
  | undefined
  /** A pod: `format.Pod` (`name_ns(uid)`) in printf lines, `klog.KObj` (`"ns/name"`) in structured ones. */
  | { t: 'pod'; pod: PodIdent }
  /** A pod list: `format.Pods` (optionally with deletion timestamps) / `klog.KObjs` or `KObjSlice`. */
  | { t: 'pods'; pods: PodIdent[]; deletion?: (p: PodIdent) => string | undefined }
  /** A named string type without a String() method (types.UID, v1.PodPhase): bare until klog 2.90, quoted after. */
  | { t: 'uid'; v: string }
  /** A type with a String() method (durations, work types): always quoted in structured lines. */
  | { t: 'stringer'; v: string }
  /** A struct: its Go `%+v` text, and the value klog ≥ 2.100 serialises as JSON (either may be computed lazily). */
  | { t: 'struct'; text: string | (() => string); json: unknown }
  /** Text printed exactly as given. */
  | { t: 'raw'; v: string };

/** klog's text serialisation generations, by kubelet minor (klog 2.4–2.70, 2.80, 2.90, 2.100+). */
export type KlogStyle = 'kobjs' | 'v280' | 'v290' | 'v2100';

export function klogStyleFor(minor: number): KlogStyle {
  if (minor >= 28) return 'v2100';
  if (minor === 27) return 'v290';
  if (minor === 26) return 'v280';
  return 'kobjs';
}

/** Go strconv.Quote: printable characters as they are, the rest escaped. */
export function goQuote(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    switch (c) {
      case 34: out += '\\"'; break;
      case 92: out += '\\\\'; break;
      case 10: out += '\\n'; break;
      case 13: out += '\\r'; break;
      case 9: out += '\\t'; break;
      case 7: out += '\\a'; break;
      case 8: out += '\\b'; break;
      case 12: out += '\\f'; break;
      case 11: out += '\\v'; break;
      default:
        if (c < 0x20 || c === 0x7f) out += '\\x' + c.toString(16).padStart(2, '0');
        else out += s[i];
    }
  }
  return out + '"';
}

/** `format.Pod`: `name_namespace(uid)`. */
export function formatPod(p: PodIdent): string {
  return `${p.name}_${p.namespace}(${p.uid})`;
}

const pad2 = (n: number) => (n < 10 ? '0' : '') + n;

/** Go `time.Time` printed with %v, truncated to seconds as API times are: `2020-03-12 10:42:26 +0000 UTC`. */
export function goTime(us: number): string {
  if (us <= 0) return '0001-01-01 00:00:00 +0000 UTC';
  const p = epochToParts(us);
  const s = Math.floor(p.todUs / 1e6);
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)} ${pad2(Math.floor(s / 3600))}:${pad2(Math.floor(s / 60) % 60)}:${pad2(s % 60)} +0000 UTC`;
}

/** RFC 3339 in UTC, seconds precision: `2020-03-12T02:42:26Z`. */
export function rfc3339(us: number): string {
  const p = epochToParts(us);
  const s = Math.floor(p.todUs / 1e6);
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)}T${pad2(Math.floor(s / 3600))}:${pad2(Math.floor(s / 60) % 60)}:${pad2(s % 60)}Z`;
}

/** Go's Duration.String() for non-negative durations: `3m0.5s`, `1.2s`, `850ms`, `0s`. */
export function goDuration(us: number): string {
  if (us === 0) return '0s';
  if (us < 1000) return `${us}µs`;
  if (us < 1e6) return `${trimZeros((us / 1000).toFixed(3))}ms`;
  const totalS = us / 1e6;
  const h = Math.floor(totalS / 3600);
  const m = Math.floor((totalS - h * 3600) / 60);
  const s = trimZeros((totalS - h * 3600 - m * 60).toFixed(6));
  if (h > 0) return `${h}h${m}m${s}s`;
  if (m > 0) return `${m}m${s}s`;
  return `${s}s`;
}

function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

/** A value as a printf verb renders it (%q, %d, or %s/%v). */
export function printfValue(v: Val, verb: 'q' | 'd' | 'v'): string {
  const text = plainText(v);
  return verb === 'q' ? goQuote(text) : text;
}

function plainText(v: Val): string {
  if (v === undefined) return '<nil>';
  if (typeof v !== 'object') return String(v);
  switch (v.t) {
    case 'pod': return formatPod(v.pod);
    case 'pods': return v.pods.map((p) => {
      const d = v.deletion?.(p);
      return d ? `${formatPod(p)}:DeletionTimestamp=${d}` : formatPod(p);
    }).join(', ');
    case 'uid': case 'stringer': case 'raw': return v.v;
    case 'struct': return typeof v.text === 'function' ? v.text() : v.text;
  }
}

/** A value as klog's text format renders a structured key's value. */
export function structuredValue(v: Val, style: KlogStyle): string {
  if (v === undefined) return '<nil>';
  if (typeof v === 'string') return goQuote(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  switch (v.t) {
    case 'pod': return goQuote(`${v.pod.namespace}/${v.pod.name}`);
    case 'pods': {
      const refs = v.pods.map((p) => `${p.namespace}/${p.name}`);
      if (style === 'v2100') return `[${refs.map(goQuote).join(',')}]`;
      if (style === 'v280') return goQuote(`[${refs.join(' ')}]`);
      return `[${refs.join(' ')}]`;
    }
    case 'uid': return style === 'v2100' ? goQuote(v.v) : v.v;
    case 'stringer': return goQuote(v.v);
    case 'struct':
      if (style === 'v2100') return JSON.stringify(typeof v.json === 'function' ? (v.json as () => unknown)() : v.json);
      return typeof v.text === 'function' ? v.text() : v.text;
    case 'raw': return v.v;
  }
}
