/**
 * container-config-error: a container that cannot be created or started for a reason of its own spec, not its
 * image or its process — CreateContainerConfigError (a ConfigMap, Secret or key it references is missing, a subPath
 * cannot be prepared, runAsNonRoot with a root image), CreateContainerError (the runtime refuses the container) or
 * RunContainerError (the runtime cannot start its process). The container stays Waiting with that reason and every
 * pod sync fails again with the same error (the start step of the runtime sync, kubelet-reference §3.6).
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { podFailureEvidence } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { clip, failedActions } from '../text-scan.ts';
import { count, duration, lineRef, podName, timeOfEvent } from '../wording.ts';

/** Reason → what it means, in one sentence. A Map: the reason is log text. */
const REASONS: ReadonlyMap<string, string> = new Map([
  ['CreateContainerConfigError', 'the kubelet could not build the container\'s configuration: usually a ConfigMap, Secret or key it references that does not exist, a subPath that cannot be prepared, or runAsNonRoot with an image that runs as root'],
  ['CreateContainerError', 'the runtime refused to create the container: for example a name still held by an old container, or a mount or command it cannot set up'],
  ['RunContainerError', 'the runtime created the container but could not start its process: a missing executable, a wrong architecture or permissions'],
]);

/** Most pods and containers one finding list keeps (a bound for hostile input). */
const MAX_GROUPS = 500;

interface Failure {
  pod: number;
  container: string;
  reason: string;
  events: number[];
  total: number;
  error: string;
}

export const containerConfigError: Detector = {
  id: 'container-config-error',
  detect(ctx) {
    const ev = ctx.trace.events;
    const groups = new Map<string, Failure>();
    for (const e of ctx.ofKind('pw.sync-error')) {
      if (ev.pod[e] < 0) continue;
      for (const a of failedActions(ctx.text(e))) {
        if (!REASONS.has(a.reason)) continue;
        const key = `${ev.pod[e]}/${a.target}/${a.reason}`;
        let g = groups.get(key);
        if (!g) {
          if (groups.size >= MAX_GROUPS) continue;
          g = { pod: ev.pod[e], container: a.target, reason: a.reason, events: [], total: 0, error: '' };
          groups.set(key, g);
        }
        g.total++;
        if (g.events.length < 200) g.events.push(e);
        if (!g.error && a.detail) g.error = a.detail;
      }
    }
    return [...groups.values()].map((g) => describe(ctx, g));
  },
};

function describe(ctx: FindingContext, g: Failure): Finding {
  const trace = ctx.trace;
  const { b, first, last, spanUs } = podFailureEvidence(trace, g.pod, g.events);
  const what = `container ${g.container || '?'} of ${podName(trace, g.pod)}`;
  const explanation = [
    `The pod worker could not start ${what}: ${g.reason}${g.error ? `, "${clip(g.error, 200)}"` : ''} — ${g.total === 1 ? `1 failed sync, at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})` : `${count(g.total, 'failed sync')} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)})`}.`,
    `${g.reason} means ${REASONS.get(g.reason)}.`,
    'The container stays Waiting with this reason and the pod is not Ready; every pod sync (after a failed one, within about 10–15 s) tries again and fails the same way until the cause is fixed.',
    spanUs >= 1e6 ? `It went on for ${duration(spanUs)}.` : '',
  ].filter(Boolean).join(' ');
  return b.build({
    id: 'container-config-error',
    title: `${g.reason} for ${what}${g.total > 1 ? ` (${g.total}×)` : ''}`,
    severity: spanUs >= 120e6 ? 'error' : 'warning',
    explanation,
    next: g.reason === 'CreateContainerConfigError'
      ? 'Run kubectl describe pod to see the event\'s message; check that every ConfigMap, Secret and key the container references (env, envFrom, volumes) exists in the pod\'s namespace, that subPath volumes can be created, and the securityContext (runAsNonRoot / runAsUser) against the image\'s user.'
      : 'Run kubectl describe pod to see the event\'s message; read the runtime\'s log for the container (journalctl -u containerd / crio), and check the image\'s entrypoint and architecture, the mounts and the securityContext.',
  });
}
