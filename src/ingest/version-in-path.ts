/**
 * Kubelet versions that lines name in passing, outside any record: the release build's tree in a Go stack's frames
 * (`/workspace/anago-v1.14.0-rc.1.5+641856db183520/src/k8s.io/kubernetes/…`), an installed binary's path
 * (`/var/lib/minikube/binaries/v1.19.2/kubelet`, shown by `systemctl status`), `kubelet --version`'s answer
 * (`Kubernetes v1.19.2`), and what a pasted report states: `kubectl version`'s server, an issue template's
 * "Kubernetes version: 1.21.2", a `kubectl get nodes` row's VERSION column. Each is checked with indexOf and a few
 * digits: no regular expression runs on the line.
 */

const MARKS: readonly { mark: string; from: string; atStart?: boolean; within?: number }[] = [
  { mark: 'anago-v1.', from: 'the release build path in a Go stack (anago-v1.…)' },
  { mark: '/binaries/v1.', from: 'the kubelet binary\'s path (…/binaries/v1.…/kubelet)' },
  { mark: 'Kubernetes v1.', from: '`kubelet --version` (Kubernetes v1.…)', atStart: true },
  // The hyperkube image the node's components run from (a `docker ps` row, a manifest): one binary, the kubelet too.
  { mark: 'hyperkube-amd64:v1.', from: 'a hyperkube image tag (hyperkube-amd64:v1.…)' },
  { mark: 'hyperkube:v1.', from: 'a hyperkube image tag (hyperkube:v1.…)' },
  // What a pasted report states: `kubectl version`'s server (not its client, which may be any version) and an issue
  // template's answer. The API server and its kubelets may differ by a minor or two; other signals narrow it again.
  { mark: 'Server Version: ', from: '`kubectl version` (Server Version: …v1.…)', within: 80 },
  { mark: 'Kubernetes version: ', from: 'the text around the log (Kubernetes version: …)', within: 2 },
  { mark: 'Kubernetes Version: ', from: 'the text around the log (Kubernetes Version: …)', within: 2 },
];
const MAX_MINOR = 99;

/** The minor version a line names in one of the ways above, with how; undefined if none. */
export function pathVersion(text: string): { minor: number; from: string } | undefined {
  for (const { mark, from, atStart, within } of MARKS) {
    const at = atStart ? (text.startsWith(mark) ? 0 : -1) : text.indexOf(mark);
    if (at < 0) continue;
    let p = at + mark.length;
    if (within !== undefined) {
      // `1.` or `v1.` within a few characters (inside `version.Info{…GitVersion:"v1.20.11"…}` for the server).
      const v = text.indexOf('1.', p);
      if (v < 0 || v - p > within || (v > p && !isVersionStart(text, v))) continue;
      p = v + 2;
    }
    const minor = minorAt(text, p);
    if (minor < 0) continue;
    if (mark === '/binaries/v1.' && !text.includes('/kubelet', p)) continue;
    return { minor, from };
  }
  const row = nodeRowVersion(text);
  return row < 0 ? undefined : { minor: row, from: '`kubectl get nodes` (its VERSION column)' };
}

/** `1.` at `v` starts a version: after a `v`, a quote or a space. */
function isVersionStart(text: string, v: number): boolean {
  const c = text.charCodeAt(v - 1);
  return c === 118 /* v */ || c === 34 || c === 32;
}

/** The minor number at `p` when a whole version goes on (`.patch` after it), else -1. */
function minorAt(text: string, p: number): number {
  let minor = 0;
  const start = p;
  while (p < text.length && p - start < 3 && text.charCodeAt(p) >= 48 && text.charCodeAt(p) <= 57) minor = minor * 10 + text.charCodeAt(p++) - 48;
  return p === start || text.charCodeAt(p) !== 46 /* . */ || minor > MAX_MINOR ? -1 : minor;
}

/** The node's status column in a `kubectl get nodes` row. */
const NODE_STATUS = new Set(['Ready', 'NotReady', 'Ready,SchedulingDisabled', 'NotReady,SchedulingDisabled', 'Unknown']);

/**
 * The kubelet's minor version in a `kubectl get nodes` row (`node1   Ready   control-plane   10d   v1.25.5 …`): its
 * name, its status, its roles and age, then the version. Else -1.
 */
function nodeRowVersion(text: string): number {
  if (text.indexOf(' v1.') < 0) return -1;
  const cols = text.trim().split(/\s+/, 5);
  if (cols.length < 5 || !NODE_STATUS.has(cols[1]) || !cols[4].startsWith('v1.')) return -1;
  return minorAt(cols[4], 3);
}
