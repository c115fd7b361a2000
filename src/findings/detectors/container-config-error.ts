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
import { eventRawText, recordedEventMessage } from '../../model/trace-query.ts';
import { clip, clipMiddle, failedActions } from '../text-scan.ts';
import { count, duration, lineRef, podName, timeOfEvent } from '../wording.ts';

/** Reason → what it means, in one sentence. A Map: the reason is log text. */
const REASONS: ReadonlyMap<string, string> = new Map([
  ['CreateContainerConfigError', 'the kubelet could not build the container\'s configuration: usually a ConfigMap, Secret or key it references that does not exist, a subPath that cannot be prepared, or runAsNonRoot with an image that runs as root'],
  ['CreateContainerError', 'the runtime refused to create the container: for example a name still held by an old container, or a mount or command it cannot set up'],
  ['RunContainerError', 'the runtime created the container but could not start its process: a missing executable, a wrong architecture or permissions'],
]);

/** What a runtime's start or create error says, by its words (the first that matches): a sentence and the next step. */
const RUNTIME_ERRORS: readonly { test: RegExp; why: string; next: string }[] = [
  {
    test: /attr\/keycreate: (?:invalid argument|permission denied)/,
    why: 'Here runc could not give the container\'s process the SELinux label it asks for (write /proc/self/attr/keycreate failed): the node\'s loaded SELinux policy does not know that label — a type in the pod\'s securityContext.seLinuxOptions (such as spc_t) that this OS\'s policy lacks — so the container cannot start, even with SELinux permissive.',
    next: 'Compare the pod\'s securityContext.seLinuxOptions (and its DaemonSet\'s) with the node\'s policy (`seinfo -t <type>`, `sestatus`): drop the options, or run an OS whose policy defines the type.',
  },
  {
    // dockertools (≤1.3): the OOM score set just after the start found no process left.
    test: /failed to apply oom-score-adj to container[^\n]{0,80}exceeded maxTries/,
    why: 'Here the kubelet had started the container\'s process and then went to set its OOM score, and found no process left: the container had already exited — a command that ends at once (/bin/false, a script failing on its first line). The kubelet of that era reported its race with the exit as a start failure; later releases skip the score for a container that has exited. The container\'s own exit is what to read.',
    next: 'Read the container\'s own exit code and output (`docker ps -a`, `docker logs <id>`; kubectl describe pod: Last State): why its command ends at once.',
  },
  {
    test: /exec format error/,
    why: 'Here the kernel refused to run the container\'s program ("exec format error"): the image is built for another CPU architecture than the node\'s (an amd64 image on an arm64 node, or the reverse), or its entrypoint is a script without a #! line.',
    next: 'Check the image\'s platforms (`docker manifest inspect <image>` or `crane manifest`) against the node\'s (`uname -m`, `kubectl get node -o wide`) and use a multi-architecture image or a node selector.',
  },
  {
    test: /executable file not found in \$PATH|exec: "[^"]{1,200}": (?:stat [^:]{1,200}: )?no such file or directory/,
    why: 'Here the container\'s command is not in its image: the runtime found no such executable (a wrong command or args in the pod\'s spec, or an image without that program).',
    next: 'Compare the pod\'s command and args with the image (`docker run --rm --entrypoint sh <image> -c \'which <cmd>\'`, or the image\'s ENTRYPOINT and CMD): fix the path, or use an image that has the program.',
  },
];

/** What a CreateContainerConfigError's own words say, beyond the usual missing ConfigMap or Secret. */
const CONFIG_ERRORS: readonly { test: RegExp; why: string; next: string }[] = [
  {
    test: /services have not yet been read at least once/,
    why: 'Here the kubelet could not yet build the container\'s service environment variables (FOO_SERVICE_HOST and the like): it makes them from the Services it has read from the API server, and it had read none yet — it had just started, or it cannot reach the API server (or the proxy it goes through). It clears by itself once the kubelet can list Services; nothing in the pod\'s spec needs fixing.',
    next: 'If it lasts beyond the kubelet\'s first minute, check that the kubelet reaches the API server (its "Failed to list *v1.Service" lines, the server address in its kubeconfig); enableServiceLinks: false on the pod removes the dependence on the Service list.',
  },
];

/** Most pods and containers one finding list keeps (a bound for hostile input). */
const MAX_GROUPS = 500;

interface Failure {
  pod: number;
  container: string;
  reason: string;
  events: number[];
  total: number;
  error: string;
  /** The kubelet's own line on the subPath that could not be prepared (its error is the cause), or -1. */
  subPath: number;
}

/** The container a start failure's message names in its words (`… of container 'app': …`). */
const NAMED_CONTAINER = / of container '([^']{1,253})'/;

/** The volume mount a subPath line names (`volumeMount "x"`, `volumeMountName="x"`). */
const VOLUME_MOUNT = /volumeMount(?:Name=| )\\?"([^"\\]{1,253})\\?"/;

export const containerConfigError: Detector = {
  id: 'container-config-error',
  detect(ctx) {
    const trace = ctx.trace;
    const ev = trace.events;
    const groups = new Map<string, Failure>();
    /** One failed start of container `target` on event `e` for `reason`, grouped. */
    const addAction = (e: number, target: string, reason: string, detail: string) => {
      if (!REASONS.has(reason)) return;
      const key = `${ev.pod[e]}/${target}/${reason}`;
      let g = groups.get(key);
      if (!g) {
        if (groups.size >= MAX_GROUPS) return;
        g = { pod: ev.pod[e], container: target, reason, events: [], total: 0, error: '', subPath: -1 };
        groups.set(key, g);
      }
      g.total++;
      if (g.events.length < 200) g.events.push(e);
      if (!g.error && detail) g.error = detail;
    };
    /** The failed actions of a sync result (`failed to "StartContainer" for "x" with …`) on event `e`. */
    const add = (e: number, result: string) => {
      for (const a of failedActions(result)) addAction(e, a.target, a.reason, a.detail);
    };
    for (const e of ctx.ofKind('pw.sync-error')) if (ev.pod[e] >= 0) add(e, ctx.text(e));
    // The FailedSync Events the kubelet recorded (≤1.x printed them: `reason: 'FailedSync' Error syncing pod, skipping:
    // failed to "StartContainer" …`) say the same, for pods whose sync errors themselves are not in the log.
    const fromSyncErrors = new Set([...groups.values()].map((g) => g.pod));
    for (const e of ctx.ofKind('event.failed-sync')) {
      if (ev.pod[e] >= 0 && !fromSyncErrors.has(ev.pod[e])) add(e, recordedEventMessage(trace, e));
    }
    // The runtime manager's own "container start failed: <reason>: <message>" (≤1.18, printf) says the same for pods
    // whose sync errors are not in the log (its message names the container only in its words).
    for (const e of ctx.ofKind('runtime.start-failed')) {
      const reason = ctx.text(e);
      if (ev.pod[e] < 0 || fromSyncErrors.has(ev.pod[e]) || !REASONS.has(reason)) continue;
      const message = eventRawText(trace, e, 4000);
      const at = message.indexOf(`${reason}: `);
      const detail = at >= 0 ? message.slice(at + reason.length + 2) : '';
      addAction(e, NAMED_CONTAINER.exec(detail)?.[1] ?? (ev.cname[e] > 0 ? trace.strings[ev.cname[e]] : ''), reason, detail);
    }
    // The kubelet's own subPath lines give the cause of a CreateContainerConfigError; alone (the sync errors not
    // in the log) each is a failed attempt.
    const alone = new Set<Failure>();
    for (const e of ctx.ofKind('volume.subpath-failed')) {
      if (ev.pod[e] < 0) continue;
      const container = ev.cname[e] > 0 ? trace.strings[ev.cname[e]] : '';
      // A line cut before its container's name joins the pod's one such failure.
      let g = container ? groups.get(`${ev.pod[e]}/${container}/CreateContainerConfigError`) : onlyConfigErrorOf(groups, ev.pod[e]);
      if (!g) {
        if (groups.size >= MAX_GROUPS) continue;
        g = { pod: ev.pod[e], container, reason: 'CreateContainerConfigError', events: [], total: 0, error: '', subPath: e };
        groups.set(`${ev.pod[e]}/${container}/CreateContainerConfigError`, g);
        alone.add(g);
      }
      if (g.subPath < 0) g.subPath = e;
      if (alone.has(g)) g.total++;
      if (g.events.length < 200) g.events.push(e);
    }
    for (const g of groups.values()) g.events.sort((a, b) => a - b);
    return [...groups.values()].map((g) => describe(ctx, g));
  },
};

/** The pod's only CreateContainerConfigError group, if it has exactly one. */
function onlyConfigErrorOf(groups: Map<string, Failure>, pod: number): Failure | undefined {
  let found: Failure | undefined;
  for (const g of groups.values()) {
    if (g.pod !== pod || g.reason !== 'CreateContainerConfigError') continue;
    if (found) return undefined;
    found = g;
  }
  return found;
}

function describe(ctx: FindingContext, g: Failure): Finding {
  const trace = ctx.trace;
  const { b, first, last, spanUs } = podFailureEvidence(trace, g.pod, g.events);
  const what = `container ${g.container || '?'} of ${podName(trace, g.pod)}`;
  // The subPath line names the mount, unless it was cut before; the sync error names it too.
  const mount = g.subPath >= 0 ? VOLUME_MOUNT.exec(eventRawText(trace, g.subPath, 2000))?.[1] ?? VOLUME_MOUNT.exec(g.error)?.[1] : undefined;
  // Resolving the volume's own path failed with permission denied: the volume itself is unreadable, not the subPath.
  const subPathRaw = g.subPath >= 0 ? eventRawText(trace, g.subPath, 4000) : '';
  // Docker's "Conflict. The container name … is already in use by container …" (containerd's "is reserved for" is an
  // earlier create still running after a timeout, which clears by itself: not this).
  const nameHeld = g.reason === 'CreateContainerError' && /is already in use by container/.test(g.error);
  // The kubelet's own step before the runtime (≤1.5's dockertools): its run options for the container could not be made.
  const runOptions = g.reason === 'RunContainerError' && g.error.startsWith('GenerateRunContainerOptions');
  const volumeUnreadable = /error resolving symlinks in[^\n]{0,600}permission denied/.test(subPathRaw);
  // The volume manager has no mounted volume of that name for the pod (not one the spec lacks).
  const volumeMissing = g.reason === 'CreateContainerConfigError' ? CANNOT_FIND_VOLUME.exec(g.error)?.[1] : undefined;
  // What the runtime's own error says (an SELinux label, an architecture, a missing program).
  const runtimeError = g.reason !== 'CreateContainerConfigError' && !runOptions ? RUNTIME_ERRORS.find((r) => r.test.test(g.error))
    : g.reason === 'CreateContainerConfigError' ? CONFIG_ERRORS.find((r) => r.test.test(g.error)) : undefined;
  // An init container: the pod stays in Init, its other containers not started.
  const init = g.events.some((e) => /\binit container\b/.test(eventRawText(trace, e, 300)));
  const subPath = g.subPath < 0 ? ''
    : `The kubelet could not prepare the subPath of ${mount ? `volume mount "${mount}"` : 'a volume mount'} (${lineRef(trace, g.subPath)}): "${clip(ctx.text(g.subPath).replace(/\s+/g, ' ').trim(), 240)}". Before creating the container it makes the subPath's directory inside the volume and bind-mounts it; an error there (the volume's filesystem refusing mkdir or chmod, a symlink that leaves the volume, a bind mount the host's mount tool rejects) stops the container before the runtime sees it.${volumeUnreadable ? ' Here it could not even read the volume\'s own directory ("permission denied" resolving it): the volume\'s filesystem refuses the kubelet (root) — a network filesystem whose server or metadata service is unhealthy, or one that squashes root — so the subPath is not what to fix.' : ''}`;
  const explanation = [
    `The pod worker could not start ${what}: ${g.reason}${g.error ? `, "${clipMiddle(g.error, 240)}"` : ''} — ${g.total === 1 ? `1 failed sync, at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})` : `${count(g.total, 'failed sync')} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)})`}.`,
    subPath || (runOptions ? runOptionsSentence(g.error) : volumeMissing ? volumeMissingSentence(volumeMissing) : runtimeError ? runtimeError.why : `${g.reason} means ${REASONS.get(g.reason)}.`),
    init ? 'It is an init container: it stays Waiting with this reason and the pod stays in Init (Init:' + g.reason + '), none of its other containers started; every pod sync (after a failed one, within about 10–15 s) tries again.'
      : 'The container stays Waiting with this reason and the pod is not Ready; every pod sync (after a failed one, within about 10–15 s) tries again and fails the same way until the cause is fixed.',
    spanUs >= 1e6 ? `It went on for ${duration(spanUs)}.` : '',
  ].filter(Boolean).join(' ');
  return b.build({
    id: 'container-config-error',
    title: `${g.reason} for ${what}${g.total > 1 ? ` (${g.total}×)` : ''}`,
    severity: spanUs >= 120e6 ? 'error' : 'warning',
    explanation,
    next: nameHeld
      ? 'The name is held by an old container of the same pod (a kubelet or runtime restart left it behind): remove it on the node (`docker rm <id>` or `crictl rm <id>`, the ID the error names) and the next sync creates the container; if it keeps happening, look for the runtime failing to remove containers.'
      : volumeUnreadable
      ? 'On the node, try to read the volume\'s directory as root (`ls /var/lib/kubelet/pods/<uid>/volumes/<plugin>/<volume>`); check the storage behind it (for CephFS, `ceph status` and its metadata servers; for NFS, the server and its export\'s root squashing) and its client\'s log (`dmesg`).'
      : g.subPath >= 0
      ? 'Read the error\'s step: for mkdir or chmod, check that the volume\'s filesystem lets the kubelet (root) create and chmod directories there (NFS root_squash, a FUSE or gluster mount), or create the subPath directory beforehand (an init container); for a mount error, run the bind mount the error shows by hand on the node (a host mount tool too new or too old for the kubelet\'s /proc/<pid>/fd source); for a symlink, keep the subPath inside its volume.'
      : runtimeError
      ? runtimeError.next
      : volumeMissing
      ? 'Look at the pod\'s volume lines around it (`journalctl -u kubelet | grep <volume>`: MountVolume.SetUp failing, or UnmountVolume for a pod being deleted) and at the pod\'s events; a volume that failed to mount is its own finding. A pod that was being deleted at that moment needs nothing.'
      : runOptions
      ? 'On the node, look at the pod\'s directory (`ls /var/lib/kubelet/pods/<uid>/`: its etc-hosts file and volumes) while the error repeats, and at what removes files there (a cleanup job, a tmpwatch on the kubelet\'s root directory, the kubelet\'s own orphaned-pod cleanup); deleting the pod makes a new one with a fresh directory.'
      : g.reason === 'CreateContainerConfigError'
      ? 'Run kubectl describe pod to see the event\'s message; check that every ConfigMap, Secret and key the container references (env, envFrom, volumes) exists in the pod\'s namespace, that subPath volumes can be created, and the securityContext (runAsNonRoot / runAsUser) against the image\'s user.'
      : 'Run kubectl describe pod to see the event\'s message; read the runtime\'s log for the container (journalctl -u containerd / crio), and check the image\'s entrypoint and architecture, the mounts and the securityContext.',
  });
}

/** `cannot find volume "x" to mount into container "y"`: the volume's name. */
const CANNOT_FIND_VOLUME = /cannot find volume \\?"([^"\\]{1,253})\\?"\s+to\s+mount\s+into\s+container/;

function volumeMissingSentence(volume: string): string {
  return `Here the kubelet had no mounted volume "${volume}" for the pod when it built the container's mounts: the volume manager had not mounted it yet, or had already unmounted it — a pod being torn down while a sync still tried to start it, or a volume whose setup failed${volume.startsWith('kube-api-access-') ? ' (this one is the service-account token volume every pod gets since 1.21)' : ''}. It is not a ConfigMap or Secret missing from the spec.`;
}

/** RunContainerError from GenerateRunContainerOptions: the kubelet's step, not the runtime's; what it names. */
function runOptionsSentence(error: string): string {
  const hosts = /etc-hosts: no such file or directory/.test(error);
  return 'This RunContainerError is the kubelet\'s own: before asking the runtime to run the container it generates the container\'s run options (its mounts, environment, DNS and hosts files), and that failed' +
    (hosts ? ' — the pod\'s hosts file, which the kubelet writes into the pod\'s directory under /var/lib/kubelet/pods/ and mounts as /etc/hosts, was not there: the directory was cleaned up (or never completed) while the pod still ran.' : '.');
}
