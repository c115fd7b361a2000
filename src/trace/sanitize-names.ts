/**
 * Names the parser does not know but the text shows, for the sanitizer to learn:
 *
 * - dockershim container names, `k8s_<container>_<pod>_<namespace>_<uid>_<attempt>` (in `docker ps`, cAdvisor's
 *   aliases, container log paths): a pod and its namespace;
 * - the host of a shell prompt, `root@host:~$ ` or `[root@host dir]# `: write-ups paste commands run on the node;
 * - host names shaped like a known node's name, digits free (`kube-node109.us01` → `kube-node110.us01`,
 *   `ip-10-0-1-23.ec2.internal` → `ip-10-0-1-24.ec2.internal`): the node's siblings.
 *
 * Every scanner does bounded work per position it starts from, so a scan is linear in the line's length.
 */
import { isNameChar } from './sanitize-scan.ts';

export interface DockershimName {
  pod: string;
  namespace: string;
  uid: string;
}

/** DNS names: a pod name may have dots, a namespace is one label. */
const POD_NAME = /^[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?$/;
const NAMESPACE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** A pod UID (UUID), or a static pod's config hash (32 hex digits). */
const POD_UID = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32})$/;
const isFieldChar = (c: number) => isNameChar(c) || c === 46;
const MAX_DNS_CHARS = 253;

/** Pods named in dockershim container names in `s`. */
export function findDockershimNames(s: string): DockershimName[] {
  const out: DockershimName[] = [];
  for (let at = s.indexOf('k8s_'); at >= 0; at = s.indexOf('k8s_', at + 4)) {
    if (at > 0 && isFieldChar(s.charCodeAt(at - 1))) continue;
    // Five `_`-separated fields: container, pod, namespace, uid, attempt (none of them can hold a `_`).
    const fields: string[] = [];
    let p = at + 4;
    while (fields.length < 5) {
      const start = p;
      while (p < s.length && p - start < MAX_DNS_CHARS && isFieldChar(s.charCodeAt(p))) p++;
      if (p === start) break;
      fields.push(s.slice(start, p));
      if (fields.length < 5) {
        if (s.charCodeAt(p) !== 95) break;
        p++;
      }
    }
    if (fields.length !== 5 || isFieldChar(s.charCodeAt(p)) || s.charCodeAt(p) === 95) continue;
    const [, pod, namespace, uid, attempt] = fields;
    if (/^[0-9]{1,6}$/.test(attempt) && POD_UID.test(uid) && POD_NAME.test(pod) && NAMESPACE.test(namespace)) {
      out.push({ pod, namespace, uid });
    }
  }
  return out;
}

const isUserChar = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || c === 45 || (c >= 65 && c <= 90);
const isSpace = (c: number) => c === 32 || c === 9;
/** Longest user name and working directory looked at in a prompt. */
const MAX_USER_CHARS = 32;
const MAX_DIR_CHARS = 256;

/** Length of a host name at i (labels of letters, digits and hyphens joined by dots), or 0. */
export function hostTokenAt(s: string, i: number): number {
  let p = i;
  while (p < s.length && p - i <= MAX_DNS_CHARS) {
    const c = s.charCodeAt(p);
    if (isNameChar(c)) p++;
    else if (c === 46 && p > i && isNameChar(s.charCodeAt(p + 1))) p++;
    else break;
  }
  return p - i > MAX_DNS_CHARS ? 0 : p - i;
}

/** The hosts of shell prompts in `s`: `user@host:dir$ ` / `user@host:dir# ` and `[user@host dir]$ `. */
export function findPromptHosts(s: string): string[] {
  const out: string[] = [];
  for (let at = s.indexOf('@'); at >= 0; at = s.indexOf('@', at + 1)) {
    // The user: a short name that starts the line or follows a space or `[`.
    let u = at;
    while (u > 0 && at - u < MAX_USER_CHARS && isUserChar(s.charCodeAt(u - 1))) u--;
    if (u === at || (u > 0 && !isSpace(s.charCodeAt(u - 1)) && s.charCodeAt(u - 1) !== 91)) continue;
    const hostLength = hostTokenAt(s, at + 1);
    if (hostLength === 0) continue;
    const hostEnd = at + 1 + hostLength;
    const bracketed = u > 0 && s.charCodeAt(u - 1) === 91;
    const sep = s.charCodeAt(hostEnd);
    if (bracketed ? !isSpace(sep) : sep !== 58) continue;
    // The working directory, then the prompt's `$` / `#` (after `]` in the bracketed form), then a space or the end.
    let p = hostEnd + 1;
    while (p < s.length && p - hostEnd <= MAX_DIR_CHARS && !isSpace(s.charCodeAt(p)) && s.charCodeAt(p) !== 64) p++;
    let end = p - 1;
    if (end <= hostEnd) continue;
    if (bracketed) {
      if (s.charCodeAt(end - 1) !== 93) continue;
    }
    const mark = s.charCodeAt(end);
    if ((mark !== 36 && mark !== 35) || (bracketed && end - 1 <= hostEnd + 1)) continue;
    end++;
    if (end < s.length && !isSpace(s.charCodeAt(end))) continue;
    out.push(s.slice(at + 1, hostEnd));
  }
  return out;
}

/** A host name's shape: each run of digits becomes `#` (`kube-node109.us01` → `kube-node#.us#`). */
export function hostShape(name: string): string {
  return name.replace(/[0-9]+/g, '#');
}

/**
 * Can a node's name stand for its siblings' names? Only when its shape is specific: a hyphen, a number, and at
 * least three letters (so `v1` or `k8s` never make every version number a node).
 */
export function isShapedHost(name: string): boolean {
  if (name.length < 5 || name.length > MAX_DNS_CHARS || !/^[A-Za-z][A-Za-z0-9.-]*$/.test(name)) return false;
  return name.includes('-') && /[0-9]/.test(name) && (name.match(/[A-Za-z]/g)?.length ?? 0) >= 3;
}
