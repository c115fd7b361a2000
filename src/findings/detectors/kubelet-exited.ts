/**
 * kubelet-exited: the kubelet gave up on an error of its own and exited — at start-up (its flags or config file, its
 * credentials, the container runtime not answering, swap, the cgroup driver, cgroups) or later (any klog F line:
 * klog.Fatal prints the error and the goroutines' stacks, then exits). Its service manager starts it again, and it
 * fails the same way until the cause is fixed: the node goes NotReady, and kubeadm says "the kubelet isn't running or
 * healthy". One finding per node and cause, with the error, how often and how far apart it failed, what the cause
 * usually is and whether the log shows the kubelet come up afterwards. (A Go panic or fatal runtime error is
 * kubelet-panic's.)
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { kindId } from '../../catalog/catalog.ts';
import { Severity } from '../../ingest/klog-header.ts';
import type { Finding } from '../../model/trace.ts';
import { eventRawText } from '../../model/trace-query.ts';
import { clip } from '../text-scan.ts';
import { count, duration, lineRef, timeOfEvent } from '../wording.ts';

const FAILED = kindId('node.kubelet-failed');
/** Fatal records that are kubelet-panic's: the Go runtime's crash report and the crash handler's line. */
const PANIC_KINDS = new Set([kindId('node.crash'), kindId('node.panic')]);
/** A failure this soon after a kubelet start is a start-up failure. */
const STARTUP_US = 120e6;
/** After the last failure, a kubelet that ran this long without failing again came up. */
const RAN_ON_US = 60e6;
const MAX_FAILURES = 2000;
const MAX_GROUPS = 50;

/** What a start-up error usually means, recognised by words in it (lower case; the first cause that matches wins). */
interface Cause {
  id: string;
  words: readonly string[];
  title: string;
  why: string;
  next: string;
}

const CAUSES: readonly Cause[] = [
  {
    id: 'swap', words: ['swap on is not supported', 'fail-swap-on'], title: 'swap is on',
    why: 'The kubelet refuses to run on a node with swap enabled (failSwapOn, the default) unless it is configured to use swap.',
    next: 'Turn swap off (`swapoff -a`, and remove the swap line from /etc/fstab so it stays off after a reboot), or set failSwapOn: false in the kubelet configuration (with memorySwap, 1.28+).',
  },
  {
    id: 'cgroup-driver', words: ['cgroup driver'], title: 'cgroup driver mismatch',
    why: 'The kubelet\'s cgroup driver (cgroupfs or systemd) differs from the container runtime\'s; both must manage the pods\' cgroups the same way, so it refuses to start.',
    next: 'Use one driver on both sides: cgroupDriver in /var/lib/kubelet/config.yaml and the runtime\'s (containerd: SystemdCgroup = true in the runc options of /etc/containerd/config.toml; Docker: exec-opts native.cgroupdriver=systemd). On systemd hosts, systemd is the recommended driver.',
  },
  {
    id: 'cri-unimplemented', words: ['api is not implemented', 'unknown service runtime.'], title: 'the runtime does not serve the CRI API it needs',
    why: 'The runtime answered, but not with the CRI version this kubelet speaks (v1 from 1.26 on): a runtime too old for this kubelet (containerd before 1.6), or one whose CRI plugin is disabled (disabled_plugins = ["cri"], as Docker\'s packaged config.toml has it).',
    next: 'Enable the CRI plugin (remove "cri" from disabled_plugins in /etc/containerd/config.toml, or regenerate it with `containerd config default`) and restart containerd, or upgrade the runtime (containerd ≥ 1.6, CRI-O of the kubelet\'s minor version).',
  },
  {
    id: 'runtime-endpoint-unset', words: ['endpoint address was not specified'], title: 'no container runtime endpoint is set',
    why: 'The kubelet has no container runtime endpoint to talk to: since the dockershim\'s removal (1.24) and the end of its default endpoint (1.27) it must be given one.',
    next: 'Set containerRuntimeEndpoint in the kubelet configuration (or --container-runtime-endpoint where the service sets its flags, /var/lib/kubelet/kubeadm-flags.env on kubeadm nodes): unix:///run/containerd/containerd.sock, unix:///var/run/crio/crio.sock or unix:///run/cri-dockerd.sock.',
  },
  {
    id: 'runtime-unreachable', words: ['unable to determine runtime api version', 'validate service connection', 'docker daemon', '.sock'],
    title: 'the container runtime is not reachable',
    why: 'The kubelet could not reach the container runtime at its endpoint (the socket is missing or nothing answers on it); it cannot start without it.',
    next: 'Start the runtime and check its socket (`systemctl status containerd`, crio or cri-docker; `crictl info`) and that containerRuntimeEndpoint (--container-runtime-endpoint) names it. Since 1.24, Docker Engine needs cri-dockerd.',
  },
  {
    id: 'flags', words: ['unknown flag', 'kubelet flag'], title: 'a command-line flag it does not accept',
    why: 'A flag on its command line is unknown to this version or has a bad value: releases remove flags (the dockershim\'s --network-plugin in 1.24, --container-runtime in 1.27).',
    next: 'Fix or remove the flag where the service sets it (/var/lib/kubelet/kubeadm-flags.env, /etc/default/kubelet or /etc/sysconfig/kubelet, the systemd drop-ins under /etc/systemd/system/kubelet.service.d), preferring the config file for settings.',
  },
  {
    id: 'configuration', words: ['invalid configuration', 'kubelet configuration'], title: 'an invalid configuration',
    why: 'Its configuration (the config file merged with its flags) is not valid; the error names the field.',
    next: 'Fix the field the error names in /var/lib/kubelet/config.yaml (or the flag that sets it), then restart the kubelet.',
  },
  {
    id: 'config-file', words: ['config.yaml', 'kubelet config file'], title: 'its config file is missing or unreadable',
    why: 'The kubelet could not read its config file. On a kubeadm node that has not joined yet this is expected: kubeadm init or join writes /var/lib/kubelet/config.yaml, and the kubelet restarts until then.',
    next: 'If the node should have joined, run (or re-run) `kubeadm join`/`init`; otherwise check the file named in the error (present, readable, a KubeletConfiguration).',
  },
  {
    id: 'credentials', words: ['kubeconfig', 'client ca file', 'x509', 'certificate', 'kubelet.conf'], title: 'its credentials',
    why: 'The kubelet could not load its kubeconfig, bootstrap kubeconfig or certificates: missing, unreadable or expired.',
    next: 'Check /etc/kubernetes/kubelet.conf and bootstrap-kubelet.conf, the client certificate they name (`openssl x509 -enddate -noout -in /var/lib/kubelet/pki/kubelet-client-current.pem`) and the CA file; on kubeadm nodes `kubeadm certs check-expiration`, or join the node again.',
  },
  {
    id: 'node-info', words: ['failed to get node info'], title: 'it could not read its Node object',
    why: 'The kubelet could not get its own Node object at start-up (the API server unreachable, or the node deleted or renamed).',
    next: 'Check that the node can reach the API server (the server in /etc/kubernetes/kubelet.conf) and that its Node object exists (`kubectl get node`).',
  },
  {
    id: 'resource-manager-state', words: ['could not restore state from checkpoint', 'cpu_manager_state', 'memory_manager_state'],
    title: 'its CPU or memory manager\'s saved state disagrees with its policy',
    why: 'The CPU (or memory) manager keeps its assignments in a checkpoint file; after its policy was changed (none ↔ static), the file still holds the old policy\'s state and the manager refuses to start.',
    next: 'Drain the node, stop the kubelet, remove /var/lib/kubelet/cpu_manager_state (or memory_manager_state), and start it again: the manager writes a new state for the new policy.',
  },
  {
    id: 'rootfs', words: ['rootfs info', 'could not find device with major'], title: 'it could not find its root filesystem\'s device',
    why: 'cAdvisor could not map the kubelet\'s root directory to a block device it knows (btrfs or zfs subvolumes, a container\'s overlay filesystem under kind or docker-in-docker), and the container manager needs that device\'s capacity.',
    next: 'Put the kubelet\'s root directory (/var/lib/kubelet, or --root-dir) on a filesystem cAdvisor supports (ext4, xfs), or on kind use a node image and a host storage driver it supports.',
  },
  {
    id: 'cgroups', words: ['cgroup', 'qos container', 'mountpoint for'], title: 'its cgroups could not be set up',
    why: 'The container manager could not set up the pods\' cgroups (the kubepods hierarchy, the QoS cgroups): a controller missing or not delegated, a cgroup v1/v2 mix, or a slice another driver created.',
    next: 'Check the cgroup controllers the node mounts (`stat -fc %T /sys/fs/cgroup`, /proc/cgroups), that the kubelet and the runtime use the same cgroup driver, and the error\'s cgroup path.',
  },
  {
    id: 'permission', words: ['permission denied', 'operation not permitted', 'read-only file system'], title: 'it lacks a permission',
    why: 'A file or system call the kubelet needs was refused: it runs without root, under a security profile, or on a read-only path.',
    next: 'Run the kubelet as root with write access to its root directory (/var/lib/kubelet) and check the path the error names.',
  },
];

interface Exit {
  node: number;
  cause: Cause | undefined;
  error: string;
  events: number[];
  /** Every failure came within STARTUP_US of a kubelet start (or none is logged and it is a start-up message). */
  atStartup: boolean;
}

export const kubeletExited: Detector = {
  id: 'kubelet-exited',
  detect(ctx) {
    const ev = ctx.trace.events;
    const groups = new Map<string, Exit>();
    const byNode = new Map<number, number[]>();
    let seen = 0;
    for (let e = 0; e < ev.count && seen < MAX_FAILURES; e++) {
      const kind = ev.kind[e];
      if (kind !== FAILED && (ev.severity[e] !== Severity.Fatal || PANIC_KINDS.has(kind))) continue;
      seen++;
      const onNode = byNode.get(ev.node[e]);
      if (onNode) onNode.push(e);
      else byNode.set(ev.node[e], [e]);
      const error = errorText(ctx, e);
      const lower = error.toLowerCase();
      const cause = CAUSES.find((c) => c.words.some((w) => lower.includes(w)));
      const key = `${ev.node[e]}\n${cause ? cause.id : error.slice(0, 80)}`;
      let g = groups.get(key);
      if (!g) {
        if (groups.size >= MAX_GROUPS) continue;
        g = { node: ev.node[e], cause, error, events: [], atStartup: true };
        groups.set(key, g);
      }
      g.events.push(e);
      g.error = error;
      if (!isStartupFailure(ctx, e)) g.atStartup = false;
    }
    return [...groups.values()].map((g) => describe(ctx, g, byNode.get(g.node)!));
  },
};

/** The error the line reports: its err (or, for a printf F line, its message after the header). */
function errorText(ctx: FindingContext, e: number): string {
  const text = ctx.text(e);
  if (text) return text;
  const raw = eventRawText(ctx.trace, e, 4096);
  const lineEnd = raw.indexOf('\n');
  const first = lineEnd < 0 ? raw : raw.slice(0, lineEnd);
  const header = first.indexOf('] ');
  return header < 0 ? first : first.slice(header + 2);
}

function isStartupFailure(ctx: FindingContext, e: number): boolean {
  const ev = ctx.trace.events;
  const k = ctx.startBefore(e);
  // With no start logged: a start-up message, or an F line of the command's own set-up (server.go).
  if (k < 0) return ev.kind[e] === FAILED || / server\.go:\d+\] /.test(eventRawText(ctx.trace, e, 400));
  const start = ctx.trace.nodes[ev.node[e]].starts[k];
  return ev.timeUs[e] - ev.timeUs[start] <= STARTUP_US;
}

/** The last event on a node (the log goes on that far there). */
function lastEventOn(ctx: FindingContext, node: number): number {
  const ev = ctx.trace.events;
  for (let e = ev.count - 1; e >= 0; e--) if (ev.node[e] === node) return e;
  return -1;
}

/** `failures`: every failure on the group's node, in time order. */
function describe(ctx: FindingContext, g: Exit, failures: readonly number[]): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  for (const e of g.events.slice(0, 50)) b.evidence(e, false);
  for (const e of g.events.slice(50).slice(-20)) b.evidence(e, false);
  b.nodeLanes(g.node, ['node-status']);
  const first = g.events[0];
  const last = g.events[g.events.length - 1];
  const n = g.events.length;
  const when = n === 1
    ? `at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})`
    : `${count(n, 'time')}, from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)}), about every ${duration(Math.round((ev.timeUs[last] - ev.timeUs[first]) / (n - 1)))} (its service manager starts it again each time)`;
  const parts = [
    `The kubelet exited${g.atStartup ? ' during its start-up' : ''} on the error "${clip(g.error, 300)}" ${when}.`,
  ];
  if (g.cause) parts.push(g.cause.why);
  const back = ctx.startAfter(last);
  if (back >= 0) {
    b.evidence(back, false);
    const other = failures.find((e) => ev.timeUs[e] >= ev.timeUs[back] && !g.events.includes(e)) ?? -1;
    const end = lastEventOn(ctx, g.node);
    const ranUs = ev.timeUs[end] - ev.timeUs[back];
    parts.push(other >= 0
      ? `It started again at ${timeOfEvent(trace, back)} (${lineRef(trace, back)}) and then failed another way at ${timeOfEvent(trace, other)} (${lineRef(trace, other)}): "${clip(errorText(ctx, other), 120)}" (its own finding).`
      : ranUs >= RAN_ON_US
      ? `It started again at ${timeOfEvent(trace, back)} (${lineRef(trace, back)}) and did not fail this way again in the ${duration(ranUs)} the log goes on: the cause was fixed or went away.`
      : `It started again at ${timeOfEvent(trace, back)} (${lineRef(trace, back)}); the log ends ${duration(ranUs)} later, too soon to tell whether it stays up.`);
  } else {
    parts.push('No later start is in the log: while the kubelet is down the node turns NotReady, and the pods on it keep running but nothing on the node is started, stopped, probed or reported.');
  }
  // "failed to run Kubelet: " says again what the title says.
  const title = g.cause ? g.cause.title : clip(g.error.replace(/^failed to run kubelet: /i, ''), 80);
  return b.build({
    id: 'kubelet-exited',
    title: `Kubelet ${g.atStartup ? 'fails to start' : 'exited'}: ${title}${n > 1 ? ` (${n}×)` : ''}`,
    severity: 'error',
    explanation: parts.join(' '),
    next: g.cause ? g.cause.next : 'Read the error: it names the file, flag or component the kubelet stopped on. `journalctl -u kubelet -b` shows every attempt, and `systemctl status kubelet` whether the service is still restarting it.',
  });
}
