/**
 * Kubelet versions that lines name in passing, outside any record: the release build's tree in a Go stack's frames
 * (`/workspace/anago-v1.14.0-rc.1.5+641856db183520/src/k8s.io/kubernetes/…`), an installed binary's path
 * (`/var/lib/minikube/binaries/v1.19.2/kubelet`, shown by `systemctl status`), and `kubelet --version`'s answer
 * (`Kubernetes v1.19.2`). Each is checked with indexOf and a few digits: no regular expression runs on the line.
 */

const MARKS: readonly { mark: string; from: string; atStart?: boolean }[] = [
  { mark: 'anago-v1.', from: 'the release build path in a Go stack (anago-v1.…)' },
  { mark: '/binaries/v1.', from: 'the kubelet binary\'s path (…/binaries/v1.…/kubelet)' },
  { mark: 'Kubernetes v1.', from: '`kubelet --version` (Kubernetes v1.…)', atStart: true },
];
const MAX_MINOR = 99;

/** The minor version a line names in one of the ways above, with how; undefined if none. */
export function pathVersion(text: string): { minor: number; from: string } | undefined {
  for (const { mark, from, atStart } of MARKS) {
    const at = atStart ? (text.startsWith(mark) ? 0 : -1) : text.indexOf(mark);
    if (at < 0) continue;
    let p = at + mark.length;
    let minor = 0;
    const start = p;
    while (p < text.length && p - start < 3 && text.charCodeAt(p) >= 48 && text.charCodeAt(p) <= 57) minor = minor * 10 + text.charCodeAt(p++) - 48;
    // A whole version follows: `.patch`, and for a binary its directory's end.
    if (p === start || text.charCodeAt(p) !== 46 /* . */ || minor > MAX_MINOR) continue;
    if (mark === '/binaries/v1.' && !text.includes('/kubelet', p)) continue;
    return { minor, from };
  }
  return undefined;
}
