/**
 * Turning the fields of a message into the things the model keys on: pod identity (in every form the kubelet
 * writes it, kubelet-reference §5.1), container IDs and names, probe types. All scanners are single-pass.
 */

export type FieldValue = string | string[];
export type Fields = Record<string, FieldValue>;

export interface PodRef {
  uid: string;
  namespace: string;
  name: string;
  /** A container named together with the pod (probe keys `name_ns(uid):container`). */
  container: string;
}

const isHex = (c: number) => (c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
const isNameChar = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45 || c === 46 || (c >= 65 && c <= 90);

/** True for a pod UID: a UUID (8-4-4-4-12) or a static pod's 32-hex config hash. */
export function looksLikeUid(s: string, i = 0, end = s.length): boolean {
  const len = end - i;
  if (len === 32) {
    for (let k = i; k < end; k++) if (!isHex(s.charCodeAt(k))) return false;
    return true;
  }
  if (len !== 36) return false;
  for (let k = 0; k < 36; k++) {
    const c = s.charCodeAt(i + k);
    if (k === 8 || k === 13 || k === 18 || k === 23) { if (c !== 45) return false; } else if (!isHex(c)) return false;
  }
  return true;
}

/** A static pod's UID is a 32-hex hash of its manifest (no dashes); API pods have UUIDs. */
export function isStaticUid(uid: string): boolean {
  return uid.length === 32 && looksLikeUid(uid);
}

/**
 * Parses one pod reference: `name_namespace(uid)`, `name_namespace(uid):container`, `name_namespace`, `namespace/name`,
 * `{"name":..,"namespace":..}` JSON, a bare UID, or a bare name (when `nameOnly`).
 */
export function parsePodRef(v: string, opts: { nameFirst?: boolean; nameOnly?: boolean } = {}): PodRef | undefined {
  let s = v.trim();
  if (!s || s === '<nil>' || s === 'nil') return undefined;
  if (s.charCodeAt(0) === 34 && s.endsWith('"') && s.length > 1) s = s.slice(1, -1);
  // name_namespace(uid)[:container][:DeletionTimestamp=...]
  const open = s.indexOf('(');
  if (open > 0) {
    const close = s.indexOf(')', open);
    if (close > open && looksLikeUid(s, open + 1, close)) {
      const nn = s.slice(0, open);
      const us = nn.lastIndexOf('_');
      let container = '';
      if (s.charCodeAt(close + 1) === 58 /* : */) {
        container = s.slice(close + 2);
        if (container.startsWith('DeletionTimestamp=')) container = '';
      }
      return {
        uid: s.slice(open + 1, close),
        name: us > 0 ? nn.slice(0, us) : nn,
        namespace: us > 0 ? nn.slice(us + 1) : '',
        container,
      };
    }
  }
  // Cut inside its UID (a paste's or a screen's width: `etcd-m1_kube-system(939d4dd36e`): the name and namespace are whole.
  if (open > 0 && s.length - open <= 37 && s.indexOf(')', open) < 0 && isUidPrefix(s, open + 1)) {
    const us = s.lastIndexOf('_', open);
    if (us > 0 && isDnsName(s.slice(0, us)) && isDnsName(s.slice(us + 1, open))) {
      return { uid: '', name: s.slice(0, us), namespace: s.slice(us + 1, open), container: '' };
    }
  }
  if (s.startsWith('k8s_')) return parseDockerName(s);
  if (s.charCodeAt(0) === 123 /* { */) {
    try {
      const o = JSON.parse(s) as { name?: string; namespace?: string };
      if (o && typeof o.name === 'string') return { uid: '', name: o.name, namespace: o.namespace ?? '', container: '' };
    } catch { /* not JSON */ }
    return undefined;
  }
  if (looksLikeUid(s)) return { uid: s, name: '', namespace: '', container: '' };
  const slash = s.indexOf('/');
  if (slash > 0 && slash === s.lastIndexOf('/') && slash < s.length - 1) {
    const a = s.slice(0, slash);
    const b = s.slice(slash + 1);
    return opts.nameFirst ? { uid: '', name: a, namespace: b, container: '' } : { uid: '', name: b, namespace: a, container: '' };
  }
  // `name_namespace` with no UID (kubelets before 1.0): names and namespaces hold no underscore, so one splits them.
  const us = s.indexOf('_');
  if (us > 0 && us === s.lastIndexOf('_') && isDnsName(s.slice(0, us)) && isDnsName(s.slice(us + 1))) {
    return { uid: '', name: s.slice(0, us), namespace: s.slice(us + 1), container: '' };
  }
  if (opts.nameOnly && isDnsName(s)) return { uid: '', name: s, namespace: '', container: '' };
  return undefined;
}

/**
 * The name dockershim gives a container: `k8s_<container>_<pod>_<namespace>_<uid>_<attempt>` (`POD` for the
 * sandbox). Names and namespaces are DNS labels, so they hold no underscore and the split is unambiguous.
 */
function parseDockerName(s: string): PodRef | undefined {
  if (s.length > 512) return undefined;
  const parts = s.split('_');
  if (parts.length !== 6 || !looksLikeUid(parts[4])) return undefined;
  // Kubelets before 1.5 added the container spec's hash: `k8s_<container>.<8 hex>_…` (a container's name has no dot).
  const dot = parts[1].indexOf('.');
  const container = dot > 0 && /^[0-9a-f]{8}$/.test(parts[1].slice(dot + 1)) ? parts[1].slice(0, dot) : parts[1];
  return { uid: parts[4], name: parts[2], namespace: parts[3], container: container === 'POD' ? '' : container };
}

/** From `from` to the end: the start of a UID (hex digits and dashes), at least one character. */
function isUidPrefix(s: string, from: number): boolean {
  if (from >= s.length) return false;
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 45 && !isHex(c)) return false;
  }
  return true;
}

function isDnsName(s: string): boolean {
  if (s.length === 0 || s.length > 253) return false;
  for (let i = 0; i < s.length; i++) if (!isNameChar(s.charCodeAt(i))) return false;
  return true;
}

/** Splits a printf-era pod list (`format.Pods`: `a_ns(u1), b_ns(u2)`) or takes a structured list as is. */
export function podListItems(v: FieldValue): string[] {
  if (Array.isArray(v)) return v;
  const s = v.trim();
  if (!s) return [];
  return s.split(', ');
}

/**
 * The pod a container log's path names: `/var/log/pods/<namespace>_<name>_<uid>/<container>/0.log` (the kubelet's
 * layout since 1.14), or undefined. Names and namespaces hold no underscore, so the split is unambiguous.
 */
export function podInLogPath(s: string, from = 0, limit = s.length): PodRef | undefined {
  const at = s.indexOf('/log/pods/', from);
  if (at < 0 || at >= limit) return undefined;
  const start = at + 10;
  const slash = s.indexOf('/', start);
  if (slash < 0 || slash - start > 400) return undefined;
  const parts = s.slice(start, slash).split('_');
  if (parts.length !== 3 || !looksLikeUid(parts[2]) || !isDnsName(parts[0]) || !isDnsName(parts[1])) return undefined;
  const next = s.indexOf('/', slash + 1);
  const container = next > slash + 1 && next - slash <= 64 ? s.slice(slash + 1, next) : '';
  return { uid: parts[2], name: parts[1], namespace: parts[0], container: isDnsName(container) ? container : '' };
}

/**
 * The pod UID in a path under the kubelet's pod directory (`/var/lib/kubelet/pods/<uid>/volumes/…`), or '': a line
 * that names its pod only by where its files are. Linear: indexOf steps forward only.
 */
export function podUidInPath(s: string, from = 0, limit = s.length): string {
  for (let p = s.indexOf('/pods/', from); p >= 0 && p < limit; p = s.indexOf('/pods/', p + 6)) {
    const at = p + 6;
    const after = s.charCodeAt(at + 36);
    if ((after === 47 /* / */ || after === 34 /* " */ || after === 92 /* \ */ || Number.isNaN(after) || after === 32) && looksLikeUid(s, at, at + 36)) {
      return s.slice(at, at + 36);
    }
  }
  return '';
}

/**
 * The UID in the first pod cgroup a text names: `pod<uid>` in a cgroupfs path or a cgroup name list
 * (`/kubepods/burstable/pod<uid>`, `["kubepods","pod<uid>"]`), or systemd's slice with the UID's dashes escaped
 * (`kubepods-burstable-pod<uid with _>.slice`); '' if none. Linear: each "pod" is checked once.
 */
export function podUidInCgroup(s: string, from = 0, limit = s.length): string {
  for (let p = s.indexOf('pod', from); p >= 0 && p < limit; p = s.indexOf('pod', p + 3)) {
    const before = s.charCodeAt(p - 1);
    // After a separator: `/pod…`, `"pod…`, `-pod…` (a slice), `[pod…` or a space; not inside a word ("kubepods").
    if (!(before === 47 || before === 34 || before === 45 || before === 91 || before === 32)) continue;
    const at = p + 3;
    const after = s.charCodeAt(at + 36);
    if (isHex(after) || after === 45 || after === 95) continue;
    const uid = s.slice(at, at + 36);
    const dashed = uid.charCodeAt(8) === 95 ? uid.replace(/_/g, '-') : uid;
    if (looksLikeUid(dashed)) return dashed;
  }
  return '';
}

/**
 * Finds the first `name_namespace(uid)` in free text — for messages the catalog does not know. Linear: a
 * candidate is only checked backwards after a valid 36/32-char UID was found inside parentheses, and such UIDs
 * are at least 34 characters apart.
 */
export function findPodInText(s: string, from = 0, limit = s.length): PodRef | undefined {
  let p = s.indexOf('(', from);
  while (p >= 0 && p < limit) {
    for (const len of [36, 32]) {
      if (s.charCodeAt(p + len + 1) === 41 /* ) */ && looksLikeUid(s, p + 1, p + 1 + len)) {
        let b = p;
        while (b > from && (isNameChar(s.charCodeAt(b - 1)) || s.charCodeAt(b - 1) === 95)) b--;
        const nn = s.slice(b, p);
        const us = nn.lastIndexOf('_');
        if (us > 0) return { uid: s.slice(p + 1, p + 1 + len), name: nn.slice(0, us), namespace: nn.slice(us + 1), container: '' };
      }
    }
    p = s.indexOf('(', p + 1);
  }
  return undefined;
}

/**
 * A container ID without its runtime scheme: `docker://abc` → `abc`; `{"docker" "abc"}` (1.9 `%q` of the ID
 * struct) → `abc`. Returns [id, runtime].
 */
export function normalizeContainerId(v: string): [string, string] {
  let s = v.trim();
  const scheme = s.indexOf('://');
  if (scheme > 0 && scheme < 16) return [s.slice(scheme + 3), s.slice(0, scheme)];
  if (s.charCodeAt(0) === 123 || s.charCodeAt(0) === 38) {
    // klog ≥ 2.100 (1.28+) renders the ID struct as JSON: {"Type":"containerd","ID":"abc…"}
    if (s.startsWith('{"') && s.length < 400) {
      try {
        const o = JSON.parse(s) as { Type?: unknown; ID?: unknown };
        if (typeof o.ID === 'string') return [o.ID, typeof o.Type === 'string' ? o.Type : ''];
      } catch { /* not JSON: try the Go forms */ }
    }
    // {"docker" "f59c…"} or &ContainerID{Type:docker,ID:abc,}
    const m = /\{"([a-z-]+)" "([0-9a-f]+)"\}/.exec(s.length < 200 ? s : s.slice(0, 200));
    if (m) return [m[2], m[1]];
    const id = /ID:([0-9a-f]{12,64})/.exec(s.length < 400 ? s : s.slice(0, 400));
    if (id) return [id[1], ''];
  }
  if (s.charCodeAt(0) === 34) s = s.replace(/"/g, '');
  return [s, ''];
}

/**
 * Container name from values such as `app`, `&Container{Name:app,Image:...}`, `spec.containers{app}`,
 * `spec.initContainers{migrate}`.
 */
export function containerNameFrom(v: string): string {
  const s = v.trim();
  let fp = s.indexOf('containers{');
  if (fp < 0) fp = s.indexOf('Containers{');
  if (fp >= 0) {
    const close = s.indexOf('}', fp);
    if (close > fp) return s.slice(fp + 11, close);
  }
  const nameAt = s.indexOf('Name:');
  if (nameAt >= 0 && nameAt < 40) {
    // go-spew dumps (debug patches) write the type first: `{Name:(string)app Image:(string)…`.
    const start = s.startsWith('(string)', nameAt + 5) ? nameAt + 13 : nameAt + 5;
    let e = start;
    while (e < s.length && s.charCodeAt(e) !== 44 && s.charCodeAt(e) !== 32 && s.charCodeAt(e) !== 125) e++;
    return s.slice(start, e);
  }
  return s.length <= 253 && isDnsName(s) ? s : '';
}

/** `Readiness` / `readiness` / `liveness probe` → `readiness`. */
export function normalizeProbeType(v: string): string {
  const s = v.toLowerCase();
  if (s.startsWith('readiness')) return 'readiness';
  if (s.startsWith('liveness')) return 'liveness';
  if (s.startsWith('startup')) return 'startup';
  return s;
}
