/**
 * poststart-hook-failed: a container's postStart hook failed (PostStartHookError in the pod worker's sync result, or
 * the FailedPostStartHook event). The kubelet runs the hook right after the container starts; when it fails, the
 * kubelet kills the container, and it is restarted as its restartPolicy says — so a hook that always fails keeps the
 * container from ever running for long (CrashLoopBackOff). An exec hook's error carries the command's exit code
 * and output. One finding per pod and container.
 */
import type { Detector } from '../detectors.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { clipMiddle, failedActions } from '../text-scan.ts';
import { count, lineRef, podName, timeOfEvent } from '../wording.ts';
import { eventRawText, recordedEventMessage } from '../../model/trace-query.ts';
import { kindId } from '../../catalog/catalog.ts';

const MAX_PER_POD = 200;
const SYNC_ERROR = kindId('pw.sync-error');
/** The runtime manager's own line (1.20+): "Failed to execute PostStartHook" err=… containerName=…. */
const OWN_LINE = kindId('runtime.poststart-failed');
/** The runtime could not start the hook's command in the container at all (an exec that failed, not one that ran). */
const EXEC_FAILED = /failed to exec in container|OCI runtime exec failed|exec failed:/;
/** An exec hook's result: `command '…' exited with 1: <output>`; the message's own escaping is taken off first. */
const EXITED = /exited with (\d{1,3})\b/;

interface Hook { pod: number; container: string; events: number[]; error: string }

export const poststartHookFailed: Detector = {
  id: 'poststart-hook-failed',
  detect(ctx) {
    const trace = ctx.trace;
    const ev = trace.events;
    const hooks = new Map<string, Hook>();
    const note = (e: number, container: string, error: string) => {
      const key = `${ev.pod[e]}/${container}`;
      let h = hooks.get(key);
      if (!h) hooks.set(key, (h = { pod: ev.pod[e], container, events: [], error }));
      if (h.events.length < MAX_PER_POD) h.events.push(e);
      if (!h.error) h.error = error;
    };
    for (const e of ctx.ofKinds(['pw.sync-error', 'event.failed-poststart', 'runtime.poststart-failed'])) {
      if (ev.pod[e] < 0) continue;
      if (ev.kind[e] === SYNC_ERROR) {
        for (const a of failedActions(ctx.text(e))) if (a.reason === 'PostStartHookError') note(e, a.target, a.detail);
      } else if (ev.kind[e] === OWN_LINE) {
        note(e, ev.container[e] >= 0 ? trace.containers[ev.container[e]].name : ev.cname[e] > 0 ? trace.strings[ev.cname[e]] : '', ctx.text(e));
      } else {
        note(e, '', recordedEventMessage(trace, e));
      }
    }
    const out: Finding[] = [];
    for (const h of hooks.values()) {
      const b = new FindingBuilder(trace);
      for (const e of h.events.slice(0, 20)) b.evidence(e);
      b.pod(h.pod).podLanes(h.pod, ['pod-worker']);
      const first = h.events[0];
      const last = h.events[h.events.length - 1];
      const error = h.error.replace(/\\+"/g, '"').replace(/\\+n/g, ' ');
      // (The exit code comes last, after the hook's command, often past what the text column keeps: read the lines.)
      const code = EXITED.exec(error)?.[1] ?? h.events.map((e) => EXITED.exec(eventRawText(trace, e, 8000))?.[1]).find((c) => c !== undefined);
      const which = `${h.container ? `container ${h.container}` : 'a container'} of ${podName(trace, h.pod)}`;
      const notRun = !code && EXEC_FAILED.test(error);
      const when = h.events.length === 1 ? `at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})`
        : `${count(h.events.length, 'time')} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)})`;
      out.push(b.build({
        id: 'poststart-hook-failed',
        title: `postStart hook failing for ${which}${code ? ` (its command exited with ${code})` : ''}`,
        severity: h.events.length > 1 ? 'error' : 'warning',
        explanation: `The postStart hook of ${which} failed ${when}${error ? `: "${clipMiddle(error, 240)}"` : ''}.${code === '126' ? ' Exit code 126: the hook\'s command could not be executed in the container (not executable, or no shell).' : code === '127' ? ' Exit code 127: the hook\'s command was not found in the container.' : code ? ` The hook's command ran and exited with ${code}: its own failure (a path, a download, a missing tool).` : ''} The kubelet runs the hook right after the container starts and, when it fails, kills the container; it is restarted as the pod's restartPolicy says, so a hook that always fails keeps the container from running (CrashLoopBackOff).${notRun ? ' Here the hook\'s command never ran: the runtime could not start a process in the container (its exec failed) — the container\'s process may already have died, or the runtime could not place the new process in the container\'s cgroup or namespaces; the error\'s end says which.' : ' The container runtime is not at fault: the hook ran.'}`,
        next: notRun ? 'Read the runtime\'s log for the exec (`journalctl -u containerd` or crio) and the container\'s state (`crictl ps -a`, `crictl inspect`): whether its process was still running, and what the OCI runtime (runc) said about starting the hook\'s process.'
          : 'Run the hook\'s command by hand in the container (`kubectl exec <pod> -c <container> -- sh -c \'<command>\'`) to see its whole output; fix the command or what it needs (paths, network access, tools in the image), or make it tolerate failure if it is not essential.',
      }));
    }
    return out;
  },
};
