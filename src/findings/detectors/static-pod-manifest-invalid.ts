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
import { clip } from '../text-scan.ts';
import { count, lineRef, timeOfEvent } from '../wording.ts';

const MAX_EVIDENCE = 20;
/** The manifest's path as the line names it (`path=`, a JSON record's "path", or the printf form's quoted path). */
const PATH = /(?:path[=:]"?|"path":"|manifest file ")([^"\s]{1,400})/;

export const staticPodManifestInvalid: Detector = {
  id: 'static-pod-manifest-invalid',
  detect(ctx) {
    const trace = ctx.trace;
    const ev = trace.events;
    const byFile = new Map<string, { node: number; path: string; events: number[] }>();
    for (const e of ctx.ofKind('config.manifest-invalid')) {
      const path = PATH.exec(eventRawText(trace, e, 2000))?.[1] ?? '';
      const key = `${ev.node[e]}\n${path}`;
      let g = byFile.get(key);
      if (!g) byFile.set(key, (g = { node: ev.node[e], path, events: [] }));
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
      out.push(b.build({
        id: 'static-pod-manifest-invalid',
        title: `Static pod manifest not accepted${file ? `: ${file}` : ''}`,
        severity: 'warning',
        explanation: `The kubelet could not read the static pod manifest ${g.path ? `${g.path} ` : ''}${when}: "${clip(error, 240)}". A manifest it cannot read is skipped: that static pod is not created on this node (no containers, no mirror pod in the API), while the other manifests in the directory run. The kubelet reads the directory again every 20 s and on each change, so the pod appears once the file is fixed.`,
        next: 'Fix the manifest: validate it (`kubectl apply --dry-run=client -f <file>` or `kubectl create --dry-run=server`), and check that the directory holds only pod manifests (editors\' backup files and other YAML are read too).',
      }));
    }
    return out;
  },
};
