/**
 * static-pod-manifest-invalid: the kubelet cannot read a static pod manifest in its manifest directory ("Could not
 * process manifest file"): a YAML error, a pod that fails validation, a file that is no pod. That static pod is never
 * created — no container, no mirror pod, nothing in the pod's own lanes — and the error comes back each time the file
 * source reads the directory (every 20 s). One finding per node and manifest file.
 */
import type { Detector } from '../detectors.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { eventRawText } from '../../model/trace-query.ts';
import { kindId } from '../../catalog/catalog.ts';
import { clip } from '../text-scan.ts';
import { count, lineRef, listOf, timeOfEvent, withArticle } from '../wording.ts';

const MAX_EVIDENCE = 20;
/** The manifest's path as the line names it (`path=`, a JSON record's "path", or the printf form's quoted path). */
const PATH = /(?:path[=:]"?|"path":"|(?:manifest|config) file \\?")([^"\\\s]{1,400})/;
/** A watch event's error that is a manifest not read (file_linux.go; other errors of that line are not this finding's). */
const NOT_READ = /can't process config file/i;
const WATCH_EVENT_FAILED = kindId('config.watch-event-failed');
/**
 * A file an editor or a tool leaves next to the file it edits: vim's swap files (`.x.yaml.swp`, `.swx`…), emacs's
 * `#x#` and `.#x`, `x~`, backups, package managers' copies and `sed -i`'s temporary file. Group 1: what it was made from.
 */
const LEFTOVER = /^(?:\.(.{1,200})\.sw[a-z]|#(.{1,200})#|\.#(.{1,200})|(.{1,200})~|(.{1,200})\.(?:bak|orig|old|tmp|swp|dpkg-[a-z]{1,10}|rpmnew|rpmsave|ucf-[a-z]{1,10})|sed[A-Za-z0-9]{6})$/;

/** The decoder's word that the file is no pod (file.go's "couldn't parse as pod", what it read naming another kind). */
const NO_POD = /couldn't parse as pod|must be of type Pod|no kind \\?"[A-Za-z]{1,60}\\?" is registered/;
/** The kind the file is: its YAML's or JSON's `kind`, or the kind the scheme does not know (quotes may be escaped). Group 1 or 2. */
const FILE_KIND = /(?:^|[\s'"{,])(?:\\?")?kind(?:\\?")?:\s{0,4}(?:\\?")?([A-Z][A-Za-z]{1,60})\b|no kind \\?"([A-Za-z]{1,60})\\?" is registered/m;

/** What the file is when the decoder says it is no pod: its kind ('' when not named), else undefined. */
function notPodKind(error: string): string | undefined {
  if (!NO_POD.test(error)) return undefined;
  const m = FILE_KIND.exec(error);
  const kind = m ? (m[1] ?? m[2]) : '';
  return kind === 'Pod' ? undefined : kind;
}

/** The file's name if it is a leftover (LEFTOVER), with the name of the file it was made from ('' when unknown). */
function leftoverOf(file: string): { from: string } | undefined {
  const m = LEFTOVER.exec(file);
  return m ? { from: m.slice(1).find((g) => g !== undefined) ?? '' } : undefined;
}

export const staticPodManifestInvalid: Detector = {
  id: 'static-pod-manifest-invalid',
  detect(ctx) {
    const trace = ctx.trace;
    const ev = trace.events;
    // One finding per manifest file; an editor's leftovers of one manifest (a swap file and its test file) together.
    const byFile = new Map<string, { node: number; path: string; paths: string[]; events: number[] }>();
    for (const e of ctx.ofKinds(['config.manifest-invalid', 'config.watch-event-failed'])) {
      if (ev.kind[e] === WATCH_EVENT_FAILED && !NOT_READ.test(ctx.text(e))) continue;
      const path = PATH.exec(eventRawText(trace, e, 2000))?.[1] ?? '';
      const dir = path.slice(0, path.lastIndexOf('/') + 1);
      const leftover = leftoverOf(path.slice(dir.length));
      const key = `${ev.node[e]}\n${leftover ? `${dir}\n${leftover.from}` : path}`;
      let g = byFile.get(key);
      if (!g) byFile.set(key, (g = { node: ev.node[e], path, paths: [], events: [] }));
      if (!g.paths.includes(path) && g.paths.length < 5) g.paths.push(path);
      if (g.events.length < 500) g.events.push(e);
    }
    const out: Finding[] = [];
    for (const g of byFile.values()) {
      const b = new FindingBuilder(trace);
      for (const e of g.events.slice(0, MAX_EVIDENCE)) b.evidence(e);
      b.nodeLanes(g.node, ['config']);
      const first = g.events[0];
      const last = g.events[g.events.length - 1];
      const error = ctx.text(last);
      const when = g.events.length === 1 ? `at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})`
        : `${count(g.events.length, 'time')} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)})`;
      const file = g.path ? g.path.slice(g.path.lastIndexOf('/') + 1) : '';
      const leftover = file ? leftoverOf(file) : undefined;
      const read = `${when}: "${clip(error, 240)}"`;
      const otherKind = leftover ? undefined : notPodKind(eventRawText(trace, last, 4000));
      out.push(b.build(otherKind !== undefined ? {
        id: 'static-pod-manifest-invalid',
        title: `${otherKind ? `${withArticle(otherKind).replace(/^a/, 'A')}` : 'A file that is no pod'} in the static pod directory${file ? `: ${file}` : ''}`,
        severity: 'warning',
        explanation: `The kubelet tried to read ${g.path || 'a file'} as a static pod manifest ${read}. The file is ${otherKind ? `${withArticle(otherKind)}, not a Pod` : 'no Pod manifest'}: the kubelet reads every file in its static pod directory as one pod and applies nothing else, so that object is not created by it and the error comes back each time it reads the directory (every 20 s). The static pods of the other files run.`,
        next: `Move the file out of the static pod directory${otherKind ? ` and create the ${otherKind} through the API server (\`kubectl apply -f <file>\`)` : ''}; keep only Pod manifests there.`,
      } : leftover ? {
        id: 'static-pod-manifest-invalid',
        title: `Editor's or tool's leftover ${g.paths.length > 1 ? 'files' : 'file'} in the static pod directory: ${g.paths.map((p) => p.slice(p.lastIndexOf('/') + 1)).join(', ')}`,
        severity: 'warning',
        explanation: `The kubelet tried to read ${listOf(g.paths, 5)} as ${g.paths.length > 1 ? 'static pod manifests' : 'a static pod manifest'} ${read}. ${g.paths.length > 1 ? 'They are no manifests but files' : 'It is no manifest but a file'} an editor or a tool leaves beside the one it changes${leftover.from ? ` (made from ${leftover.from})` : ''}: the kubelet reads every file in its static pod directory, so it logs this each time it reads the directory while such a file is there. Editing a manifest in place there also lets the kubelet see each step of the save: in kubernetes/kubernetes#40331 a 1.5 kubelet stopped the static pod being edited with vim and did not start the new one.`,
        next: 'Remove the leftover file (`ls -la` the directory), and edit manifests outside it, then move the finished file in (`mv` within one filesystem replaces it at once). Check that the static pod the edit was for runs again (`crictl ps`, or `docker ps`, on the node).',
      } : {
        id: 'static-pod-manifest-invalid',
        title: `Static pod manifest not accepted${file ? `: ${file}` : ''}`,
        severity: 'warning',
        explanation: `The kubelet could not read the static pod manifest ${g.path ? `${g.path} ` : ''}${read}. A manifest it cannot read is skipped: that static pod is not created on this node (no containers, no mirror pod in the API), while the other manifests in the directory run. The kubelet reads the directory again every 20 s and on each change, so the pod appears once the file is fixed.`,
        next: 'Fix the manifest: validate it (`kubectl apply --dry-run=client -f <file>` or `kubectl create --dry-run=server`), and check that the directory holds only pod manifests (editors\' backup files and other YAML are read too).',
      }));
    }
    return out;
  },
};
