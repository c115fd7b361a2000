/**
 * Kubelet versions that lines name in passing, outside any record: the release build's tree in a Go stack's frames
 * (`/workspace/anago-v1.14.0-rc.1.5+641856db183520/src/k8s.io/kubernetes/…`), an installed binary's path
 * (`/var/lib/minikube/binaries/v1.19.2/kubelet`, shown by `systemctl status`), `kubelet --version`'s answer
 * (`Kubernetes v1.19.2`), and what a pasted report states: `kubectl version`'s server, an issue template's
 * "Kubernetes version: 1.21.2", a `kubectl get nodes` row's VERSION column. Each is checked with indexOf and a few
 * digits: no regular expression runs on the line.
 */

const MARKS: readonly { mark: string; from: string; atStart?: boolean; within?: number; minorOnly?: boolean; prose?: boolean }[] = [
  { mark: 'anago-v1.', from: 'the release build path in a Go stack (anago-v1.…)' },
  { mark: '/binaries/v1.', from: 'the kubelet binary\'s path (…/binaries/v1.…/kubelet)' },
  // A kubelet binary named with its version, as the journal's program (`node-1 kubelet-1.13.0[11504]: …`).
  { mark: ' kubelet-1.', from: 'the kubelet\'s program name in the journal (kubelet-1.…)' },
  { mark: ' kubelet-v1.', from: 'the kubelet\'s program name in the journal (kubelet-v1.…)' },
  { mark: 'Kubernetes v1.', from: '`kubelet --version` (Kubernetes v1.…)', atStart: true },
  // The hyperkube image the node's components run from (a `docker ps` row, a manifest): one binary, the kubelet too.
  { mark: 'hyperkube-amd64:v1.', from: 'a hyperkube image tag (hyperkube-amd64:v1.…)' },
  { mark: 'hyperkube:v1.', from: 'a hyperkube image tag (hyperkube:v1.…)' },
  // What a pasted report states: `kubectl version`'s server (not its client, which may be any version) and an issue
  // template's answer. The API server and its kubelets may differ by a minor or two; other signals narrow it again.
  { mark: 'Server Version: ', from: '`kubectl version` (Server Version: …v1.…)', within: 80 },
  { mark: 'Kubernetes version: ', from: 'the text around the log (Kubernetes version: …)', within: 2 },
  { mark: 'Kubernetes Version: ', from: 'the text around the log (Kubernetes Version: …)', within: 2 },
  // The same answer in markdown bold (`**Kubernetes version**: 1.3.5`), and prose that names the version the poster
  // runs (`Talos … (kubernetes version 1.33)`, `RKE2 (v1.23.6+rke2r2) K8s 1.23.6`): a minor without its patch is
  // enough there, on a line that is no log line (a kubelet's own message may name a version: "starting in K8s v1.6").
  // GitHub's kubernetes issue template until 2019, "- Kubernetes version (use `kubectl version`): v1.9.6", and later ones
  // with a colon before the hint too: "Kubernetes version: (use `kubectl version`): v1.22.4".
  { mark: '(use `kubectl version`): ', from: 'the text around the log (Kubernetes version (use `kubectl version`): …)', within: 2 },
  { mark: 'Kubernetes version**: ', from: 'the text around the log (Kubernetes version: …)', within: 2 },
  { mark: 'kubernetes version ', from: 'the text around the log (kubernetes version …)', within: 2, minorOnly: true },
  { mark: 'Kubernetes version ', from: 'the text around the log (Kubernetes version …)', within: 2, minorOnly: true },
  { mark: 'K8s ', from: 'the text around the log (K8s …)', within: 1, minorOnly: true },
  { mark: 'k8s ', from: 'the text around the log (k8s …)', within: 1, minorOnly: true },
  // An environment list's item (`- Kubernetes v1.23`).
  { mark: '- Kubernetes v1.', from: 'the text around the log (- Kubernetes v1.…)', atStart: true, minorOnly: true },
  // Prose naming it in passing (`I'm running 2.0.1 with Kubernetes v1.7.4`, minikube's `Preparing Kubernetes v1.21.2 on
  // Docker …`, `kubelet v1.22.0 fails …`), on a line that is no log line.
  // With its patch (a release someone runs, not one they plan: `upgrade to Kubernetes v1.28`).
  { mark: 'Kubernetes v1.', from: 'the text around the log (Kubernetes v1.…)', prose: true },
  { mark: 'kubelet v1.', from: 'the text around the log (kubelet v1.…)', prose: true },
];
const MAX_MINOR = 99;

/** The minor version a line names in one of the ways above, with how; undefined if none. `isLogLine`: asked only for prose marks. */
export function pathVersion(text: string, isLogLine: () => boolean = () => false): { minor: number; patch: number; from: string } | undefined {
  for (const { mark, from, atStart, within, minorOnly, prose } of MARKS) {
    const at = atStart ? (text.startsWith(mark) ? 0 : -1) : text.indexOf(mark);
    if (at < 0 || ((minorOnly || prose) && isLogLine())) continue;
    let p = at + mark.length;
    if (within !== undefined) {
      // `1.` or `v1.` within a few characters (inside `version.Info{…GitVersion:"v1.20.11"…}` for the server).
      const v = text.indexOf('1.', p);
      if (v < 0 || v - p > within || (v > p && !isVersionStart(text, v))) continue;
      p = v + 2;
    }
    const minor = minorAt(text, p, minorOnly);
    if (minor < 0) continue;
    if (mark === '/binaries/v1.' && !text.includes('/kubelet', p)) continue;
    return { minor, patch: patchAfter(text, p), from };
  }
  const row = nodeRowVersion(text);
  return row < 0 ? undefined : { minor: row, patch: -1, from: '`kubectl get nodes` (its VERSION column)' };
}

/** The patch number after the minor at `p` (`22.13` → 13), -1 when none follows (`1.22`, `1.22.0-rc.1` counts as 0). */
function patchAfter(text: string, p: number): number {
  while (p < text.length && text.charCodeAt(p) >= 48 && text.charCodeAt(p) <= 57) p++;
  if (text.charCodeAt(p) !== 46) return -1;
  let patch = 0;
  const start = ++p;
  while (p < text.length && p - start < 3 && text.charCodeAt(p) >= 48 && text.charCodeAt(p) <= 57) patch = patch * 10 + text.charCodeAt(p++) - 48;
  return p === start ? -1 : patch;
}

/** `1.` at `v` starts a version: after a `v`, a quote, a space or a backtick (markdown code). */
function isVersionStart(text: string, v: number): boolean {
  const c = text.charCodeAt(v - 1);
  return c === 118 /* v */ || c === 34 || c === 32 || c === 96 /* ` */;
}

/**
 * The minor number at `p` when a whole version goes on (`.patch` after it), else -1; with `minorOnly`, a minor that
 * ends there (no letter or digit after it) is one too.
 */
function minorAt(text: string, p: number, minorOnly = false): number {
  let minor = 0;
  const start = p;
  while (p < text.length && p - start < 3 && text.charCodeAt(p) >= 48 && text.charCodeAt(p) <= 57) minor = minor * 10 + text.charCodeAt(p++) - 48;
  if (p === start || minor > MAX_MINOR) return -1;
  const c = text.charCodeAt(p);
  if (c === 46 /* . */) return minor;
  const wordGoesOn = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  return minorOnly && !wordGoesOn ? minor : -1;
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
