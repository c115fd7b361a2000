/**
 * kubelet-exited: the kubelet gave up on an error of its own and exited — at start-up (its flags or config file, its
 * credentials, the container runtime not answering, swap, the cgroup driver, cgroups) or later (any klog F line:
 * klog.Fatal prints the error and the goroutines' stacks, then exits). Its service manager starts it again, and it
 * fails the same way until the cause is fixed: the node goes NotReady, and kubeadm says "the kubelet isn't running or
 * healthy". One finding per node and cause, with the error, how often and how far apart it failed, what the cause
 * usually is and whether the log shows the kubelet come up afterwards. (A Go panic or fatal runtime error is
 * kubelet-panic's.)
 */
import { CHECKPOINT_WORDS, checkpointCause } from '../checkpoint-state.ts';
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { KINDS, kindId } from '../../catalog/catalog.ts';
import { Severity } from '../../ingest/klog-header.ts';
import type { Finding, Trace } from '../../model/trace.ts';
import { eventRawText, printedMessage, readLines, serviceBlocks } from '../../model/trace-query.ts';
import type { ServiceStatus } from '../../ingest/source-notes.ts';
import { causeByWords, lastEventOn, type Cause } from '../causes.ts';
import { CONTAINER_MANAGER_CAUSES } from '../container-manager-causes.ts';
import { clip } from '../text-scan.ts';
import { bytesText, count, duration, lineRef, listOf, timeOfEvent } from '../wording.ts';
import { lastBefore } from '../episodes.ts';

const FAILED = kindId('node.kubelet-failed');
const STATE_RESTORE_FAILED = kindId('node.state-restore-failed');
/** A start-up step of a part of the kubelet failing (its manager's own line; "Failed to run kubelet" repeats it). */
const STARTUP_CHECK_FAILED = kindId('node.startup-check-failed');
const isManagerFailure = (kind: number) => kind === STATE_RESTORE_FAILED || kind === STARTUP_CHECK_FAILED;
const EXEC_FAILED = kindId('service.exec-failed');
/**
 * An error a pager cut right after "misconfig" (`failed to run Kubelet: misconfig>`): the only start-up error of the
 * kubelet that begins so is its cgroup driver check against Docker's ("misconfiguration: kubelet cgroup driver: …").
 */
const CUT_AT_MISCONFIG = /: misconfig[a-z]{0,8}(?:>|\u2026|\.\.\.)?$/;
const CGROUP_DRIVER_CUT: Cause = {
  id: 'cgroup-driver', words: [], title: 'cgroup driver mismatch (its error cut at "misconfig…")',
  why: 'Its error was cut off at "misconfig…" (a pager\'s screen edge), and the only start-up error of the kubelet that begins so is its check of the cgroup driver against Docker\'s ("misconfiguration: kubelet cgroup driver: \"cgroupfs\" is different from docker cgroup driver: \"systemd\""): the kubelet\'s and the runtime\'s drivers differ, and it refuses to start.',
  next: 'Read the whole line (`journalctl -u kubelet --no-pager | grep misconfig`) to confirm, then use one driver on both sides: cgroupDriver in /var/lib/kubelet/config.yaml and Docker\'s exec-opts native.cgroupdriver=systemd (or containerd\'s SystemdCgroup); on systemd hosts, systemd.',
};

/** Failure lines without a pid this close together are one exit's. */
const ONE_EXIT_US = 1e6;
/** A record's pid when it printed one (0: none; all ones: a headerless line's, -1 stored unsigned). */
const knownPid = (pid: number) => pid !== 0 && pid !== 0xffffffff;
/** Fatal records that are kubelet-panic's: the Go runtime's crash report and the crash handler's line. */
const PANIC_KINDS = new Set([kindId('node.crash'), kindId('node.panic')]);
/** A failure this soon after a kubelet start is a start-up failure. */
const STARTUP_US = 120e6;
/** After the last failure, a kubelet that ran this long without failing again came up. */
const RAN_ON_US = 60e6;
const MAX_FAILURES = 2000;
const MAX_GROUPS = 50;

/** How a listen fails on a port another process holds (Linux, Windows); healthz-port-taken reads them too. */
export const PORT_IN_USE: readonly string[] = ['address already in use', 'only one usage of each socket address'];

/** Causes the kubelet's own message says, whatever its error (read before the error's words). */
const MESSAGE_CAUSES: readonly Cause[] = [
  {
    id: 'userns', words: ['running in userns'], title: 'it runs in a user namespace without KubeletInUserNamespace',
    why: 'The kubelet runs inside a user namespace (rootless Docker or Podman, kind or k3s in rootless mode) and cannot open what it needs there — /dev/kmsg for its OOM watcher — so it exits, unless the KubeletInUserNamespace feature gate tells it to go on without.',
    next: 'Enable the gate (featureGates: {KubeletInUserNamespace: true} in the kubelet\'s configuration, or --feature-gates=KubeletInUserNamespace=true), or run the node rootful/privileged.',
  },
];

/** What a start-up error usually means (causes.ts), most specific first. */
const CAUSES: readonly Cause[] = [
  {
    id: 'device-plugin-path', words: ['bad socketpath'], title: 'its device plugin socket path is not valid here',
    why: 'The kubelet\'s device plugin manager was given a socket path the system does not take for an absolute path — a Linux path (/var/lib/kubelet/device-plugins/kubelet.sock) on Windows, as a 1.20 pre-release did when it first ran the device plugin manager there (kubernetes/kubernetes#93262) — and the kubelet exits before it starts anything.',
    next: 'Run a kubelet build that has the fix (a released one, not that pre-release); the path comes from the kubelet\'s own code, not from a flag to change.',
  },
  {
    // Before "port-in-use": Windows says "Only one usage of each socket address" of a Unix socket's file too.
    id: 'device-plugin-socket', words: ['device-plugins\\kubelet.sock', 'device-plugins/kubelet.sock', 'device plugin registry'],
    title: 'its device plugin socket cannot be created',
    why: 'The kubelet serves device plugins\' registrations on a Unix socket, kubelet.sock in its device-plugins directory (/var/lib/kubelet/device-plugins, C:\\var\\lib\\kubelet\\device-plugins on Windows), and removes the one its last run left before it listens. Here that failed: the old socket file is still there (on Windows "Only one usage of each socket address", or "The file cannot be accessed by the system" — kubelet 1.31.0 on Windows no longer removed it, kubernetes/kubernetes#126965, fixed in 1.31.1). No port is involved: nothing else need be listening.',
    next: 'With the kubelet stopped, delete the leftover kubelet.sock in the device-plugins directory and start it again; on Windows upgrade a 1.31.0 kubelet to 1.31.1 or later, which removes it itself.',
  },
  {
    id: 'port-in-use', words: PORT_IN_USE, title: 'its port is taken',
    why: 'The kubelet could not listen on one of its ports (10250 for its HTTPS server, 10255 for its read-only server where that is on; others where configured): another process holds it, most often a second kubelet (two services, or one started by hand) or a leftover process of the last one.',
    next: 'Find the process on the port (`ss -ltnp | grep 10250`, on Windows `netstat -ano | findstr 10250`) and stop the extra kubelet; check that only one service starts it (systemctl list-units | grep kubelet).',
  },
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
    // A manager's policy flag: the CPU manager's none/static, the memory manager's None/Static (capitalised).
    id: 'manager-policy', words: ['unknown policy'], title: 'a resource manager\'s policy name is not one it knows',
    why: 'A resource manager was given a policy name it does not know. The names differ by manager and are case-sensitive: the CPU manager\'s are "none" and "static", the memory manager\'s "None" and "Static", the topology manager\'s "none", "best-effort", "restricted" and "single-numa-node". A lower-case "static" for the memory manager is refused (the line before the exit names the manager).',
    next: 'Fix the policy where the kubelet is configured (--memory-manager-policy / memoryManagerPolicy, --cpu-manager-policy / cpuManagerPolicy, topologyManagerPolicy) with the exact name; a policy change also needs the manager\'s state file removed (/var/lib/kubelet/memory_manager_state or cpu_manager_state) with the node drained.',
  },
  {
    // Kubelets before 1.7 registered the CNI plugin only when a network config was there at start-up.
    id: 'cni-not-found', words: ['network plugin "cni" not found'], title: 'no CNI network configuration at its start',
    why: 'The kubelet was started with --network-plugin=cni, and kubelets of that era (before 1.7) registered the CNI plugin only if they found a network configuration in --cni-conf-dir (/etc/cni/net.d) as they started: there was none, so the plugin it was told to use did not exist and it refused to start. Later kubelets start anyway and report the network not ready until the configuration appears.',
    next: 'Install the pod network first (its DaemonSet, or its agent on the node, writes the configuration) or put a configuration in /etc/cni/net.d and the plugin binaries in /opt/cni/bin, then restart the kubelet; check --cni-conf-dir and --cni-bin-dir if they are set elsewhere.',
  },
  {
    // k3s and RKE2 run flannel inside their process: its end is the whole process's, the kubelet's too.
    id: 'flannel-embedded', words: ['flannel exited'], title: 'the flannel inside its process exited',
    why: 'The kubelet runs inside a distribution\'s process (k3s, RKE2) that also runs flannel, the pod network, and flannel ended it: its error says why — "operation not supported" while it sets up its VXLAN device is a kernel without the vxlan module (Ubuntu\'s Raspberry Pi kernels keep it in linux-modules-extra-raspi).',
    next: 'Check the kernel can make a VXLAN device (`modprobe vxlan`; on Ubuntu for Raspberry Pi install linux-modules-extra-raspi and reboot), or run flannel with another backend (k3s: --flannel-backend=host-gw or wireguard-native); the distribution\'s own unit has the whole story (`journalctl -u k3s`).',
  },
  {
    // A distribution that runs the control plane in the kubelet's process (k3s, RKE2, MicroK8s' kubelite) exits as a
    // whole when one of its controllers loses its lease: client-go's leader election ends the process on purpose.
    id: 'leader-election', words: ['leaderelection lost'], title: 'its process lost a leader election',
    why: 'The kubelet runs inside a process that also runs control-plane components (k3s, RKE2, MicroK8s\' kubelite), and one of them lost its leader election: it could not renew its lease through the API server in time, and client-go then ends the whole process on purpose — the kubelet with it. An API server or datastore too slow to answer (a busy node, a slow disk under etcd or SQLite) is the usual reason; the lines before it time out the same way.',
    next: 'Read the API server\'s and the datastore\'s latency for these minutes in the distribution\'s own unit (`journalctl -u k3s`, rke2-server: slow SQL or etcd warnings, "database is locked") and the disk latency under the datastore; a busy single node needs a faster disk or less load. The service restarts the process.',
  },
  {
    // inotify_init (or _add_watch) failing with EMFILE/ENOSPC: the per-user limits of the inotify instances and watches.
    id: 'inotify', words: ['inotify_init: too many open files', 'inotify_add_watch', 'inotify instances'], title: 'the node is out of inotify instances',
    why: 'The kubelet could not create an inotify watcher (for its config, certificates, plugin and manifest directories, and cAdvisor): the node\'s per-user limit of inotify instances (fs.inotify.max_user_instances, often 128) or of watches is used up — by many containers each watching files (log shippers, IDEs, many pods of one user), not by the kubelet itself.',
    next: 'Raise the limits (`sysctl -w fs.inotify.max_user_instances=8192 fs.inotify.max_user_watches=524288`, and in /etc/sysctl.d/ to keep them) and restart the kubelet; `find /proc/*/fd -lname anon_inode:inotify` shows which processes hold the instances.',
  },
  {
    // Asked for v1alpha2, the only CRI API a kubelet before 1.23 speaks (and the one 1.23–1.25 fall back to).
    id: 'cri-v1alpha2-unimplemented', words: ['unknown service runtime.v1alpha2.'], title: 'the runtime does not serve the CRI API it needs',
    why: 'The kubelet asked the runtime for CRI v1alpha2 — the API of kubelets before 1.26 — and the runtime does not serve it: its CRI plugin is disabled (disabled_plugins = ["cri"], as Docker\'s packaged config.toml has it, or a snap\'s containerd started with another config), or it is a runtime that dropped v1alpha2 (containerd 2.0).',
    next: 'Check which containerd the kubelet talks to and with which config (its --container-runtime-endpoint; /etc/containerd/config.toml, or the distribution\'s own, e.g. MicroK8s\'s under /var/snap/microk8s/current/args/): enable the CRI plugin and restart it, or pair the kubelet with a runtime that still serves v1alpha2 (containerd 1.x), or upgrade the kubelet to 1.26 or later.',
  },
  {
    // The CRI API before it had a version in its name (kubelets up to 1.9): the kubelet is the older side here.
    id: 'cri-unversioned', words: ['unknown service runtime.runtimeservice', 'unknown service runtime.imageservice'], title: 'the runtime serves a newer CRI API than this kubelet speaks',
    why: 'The kubelet asked for the CRI API without a version in its name (runtime.RuntimeService), as kubelets before 1.10 did, and the runtime serves only the versioned API that came after (v1alpha2, from cri-containerd 1.0 and containerd 1.1 on): here the kubelet is the side too old for the other, not the runtime.',
    next: 'Pair them by version: upgrade the kubelet (1.10 or later speaks v1alpha2), or run the runtime release made for this kubelet (cri-containerd\'s 1.0 pre-releases for 1.9) — the runtime\'s compatibility table names the pairs.',
  },
  {
    id: 'cri-unimplemented', words: ['api is not implemented', 'unknown service runtime.'], title: 'the runtime does not serve the CRI API it needs',
    why: 'The runtime answered, but not with the CRI version this kubelet speaks (v1 from 1.26 on): a runtime too old for this kubelet (containerd before 1.6, cri-dockerd before 0.3 — the endpoint in the error names which), or one whose CRI plugin is disabled (disabled_plugins = ["cri"], as Docker\'s packaged config.toml has it).',
    next: 'For containerd, enable the CRI plugin (remove "cri" from disabled_plugins in /etc/containerd/config.toml, or regenerate it with `containerd config default`) and restart it; else upgrade the runtime the endpoint names (containerd ≥ 1.6, cri-dockerd ≥ 0.3, CRI-O of the kubelet\'s minor version).',
  },
  {
    // 1.24–1.26 dialled the empty endpoint and failed on it ("dial unix: missing address"); 1.27 says so itself.
    id: 'runtime-endpoint-unset', words: ['endpoint address was not specified', 'dial unix: missing address'], title: 'no container runtime endpoint is set',
    why: 'The kubelet has no container runtime endpoint to talk to: since the dockershim\'s removal (1.24) and the end of its default endpoint (1.27) it must be given one — from 1.24 to 1.26 the empty endpoint is dialled and fails as "dial unix: missing address".',
    next: 'Set containerRuntimeEndpoint in the kubelet configuration (or --container-runtime-endpoint where the service sets its flags, /var/lib/kubelet/kubeadm-flags.env on kubeadm nodes): unix:///run/containerd/containerd.sock, unix:///var/run/crio/crio.sock or unix:///run/cri-dockerd.sock.',
  },
  {
    id: 'runtime-unreachable', words: ['unable to determine runtime api version', 'validate service connection', 'docker daemon', '.sock'],
    title: 'the container runtime is not reachable',
    why: 'The kubelet could not reach the container runtime at its endpoint (the socket is missing or nothing answers on it); it cannot start without it.',
    next: 'Start the runtime and check its socket (`systemctl status containerd`, crio or cri-docker; `crictl info`) and that containerRuntimeEndpoint (--container-runtime-endpoint) names it. Since 1.24, Docker Engine needs cri-dockerd. k3s and RKE2 run their own containerd (/run/k3s/containerd/containerd.sock), whose log is /var/lib/rancher/k3s (or rke2)/agent/containerd/containerd.log.',
  },
  {
    id: 'feature-gate', words: ['unrecognized feature gate', 'cannot set feature gate'], title: 'a feature gate it does not accept',
    why: 'Its configuration or flags set a feature gate this kubelet does not have, or one it no longer lets be changed: gates are removed a few releases after they go GA or are deprecated — the "Setting GA feature gate … It will be removed in a future release" warnings at each start announce it — so a node upgraded with its old featureGates refuses to start (a typo reads the same); "cannot set feature gate … to false, feature is locked" is a GA gate that can no longer be turned off.',
    next: 'Remove the gate from featureGates in /var/lib/kubelet/config.yaml and from --feature-gates (kubeadm-flags.env, the systemd drop-ins, the installer\'s kubelet extra args), then restart the kubelet; the release notes of this version list the gates it removed.',
  },
  {
    id: 'flags', words: ['unknown flag', 'kubelet flag'], title: 'a command-line flag it does not accept',
    why: 'A flag on its command line is unknown to this version or has a bad value: releases remove flags (--api-servers in 1.8, the dockershim\'s --network-plugin in 1.24, --container-runtime in 1.27).',
    next: 'Fix or remove the flag where the service sets it (/var/lib/kubelet/kubeadm-flags.env, /etc/default/kubelet or /etc/sysconfig/kubelet, the systemd drop-ins under /etc/systemd/system/kubelet.service.d; on MicroK8s /var/snap/microk8s/current/args/kubelet, on k3s and RKE2 the kubelet-arg entries of their config.yaml under /etc/rancher/), preferring the config file for settings.',
  },
  {
    // Before 'configuration': the kubelet words it "invalid configuration", but the value is usually right and the
    // host lacks the cgroup (cm.NewContainerManager checks that cgroupRoot exists in every controller it uses).
    id: 'cgroup-missing', words: ['has some missing paths', 'cgroup-root'], title: 'a cgroup it was told to use does not exist',
    why: 'A cgroup its configuration names (cgroupRoot, --cgroup-root, or the kubelet or system cgroups it enforces reservations on) is missing from the node\'s cgroup hierarchy — in every controller, or in the ones whose paths the error lists. The kubelet does not create these; the host or the tool that runs the kubelet must (kind and Docker Desktop set cgroupRoot on purpose). The value is rarely the fault: a controller hierarchy is not mounted where the kubelet looks (a cgroup v1 host or VM with a partial or hybrid set-up, as under WSL2; kind nodes on a cgroup v1 host), or the cgroup was removed.',
    next: 'Look at the paths the error lists (`ls -d /sys/fs/cgroup/*/kubepods`; the cgroup version: `stat -fc %T /sys/fs/cgroup`, cgroup2fs is v2) and at the host\'s cgroup mounts; create the missing cgroup or fix the mounts (on WSL2 or Docker Desktop: update them, or move to cgroup v2), and change cgroupRoot only if it names the wrong cgroup.',
  },
  {
    id: 'configuration', words: ['invalid configuration', 'kubelet configuration'], title: 'an invalid configuration',
    why: 'Its configuration (the config file merged with its flags) is not valid; the error names the field.',
    next: 'Fix the field the error names in /var/lib/kubelet/config.yaml (or the flag that sets it), then restart the kubelet.',
  },
  {
    id: 'config-file', words: ['config.yaml', 'kubelet config file'], title: 'its config file is missing or unreadable',
    why: 'The kubelet could not read its config file. On a kubeadm node that has not joined yet this is expected: kubeadm init or join writes /var/lib/kubelet/config.yaml, and the kubelet restarts until then. On a node that ran before, something removed or emptied it (a `kubeadm reset`, a package upgrade or a cleanup script, a disk problem).',
    next: 'On a new node, run `kubeadm join`/`init` (the kubelet then starts by itself). On a node that ran before, restore the file rather than join again: `kubeadm upgrade node phase kubelet-config` writes it from the cluster\'s kubelet-config ConfigMap (or copy it from a sibling node); then check it is readable and a KubeletConfiguration.',
  },
  {
    // Before the general credentials cause: the API server answered, and saw no credentials at all.
    id: 'anonymous', words: ['"system:anonymous"'], title: 'the API server took it for an anonymous user',
    why: 'The API server answered but did not recognise the kubelet: its request came as "system:anonymous", so it presented no credentials the server accepts — a bootstrap token the API server does not know (wrong, expired, or not in its token file), or a kubeconfig with no user at all. Anonymous users may not create certificate signing requests, so the kubelet never gets its certificate.',
    next: 'Compare the token in the bootstrap kubeconfig (/etc/kubernetes/bootstrap-kubelet.conf) with the API server\'s (kubeadm: `kubeadm token list`, create one if it expired; otherwise its --token-auth-file), and check that the system:node-bootstrapper role is bound to the bootstrap group (`kubectl get clusterrolebinding | grep bootstrap`).',
  },
  {
    // Before "credentials": the bootstrap credentials loaded and reached the API server, which authenticated them and
    // refused the request (403) — a missing role binding, nothing on the node.
    // (Before 1.8 the API server's refusal began with the user: `… signing request: User "kubelet-bootstrap" cannot create …`.)
    id: 'csr-forbidden', words: ['certificatesigningrequests.certificates.k8s.io is forbidden', 'cannot create resource "certificatesigningrequests"', 'certificate signing request: user "'],
    title: 'the API server forbids its certificate signing request',
    why: 'The kubelet loaded its bootstrap kubeconfig and asked the API server for a client certificate; the API server knew the identity it asked with (a bootstrap token\'s user, system:bootstrap:<token id>, or the user a token file names, such as kubelet-bootstrap) but refused to let it create a certificate signing request: that user or its group is not bound to the system:node-bootstrapper ClusterRole. Nothing on the node is missing or expired.',
    next: 'Bind the role to the token\'s group: `kubectl create clusterrolebinding kubelet-bootstrap --clusterrole=system:node-bootstrapper --group=system:bootstrappers` (or the group in the token Secret\'s auth-extra-groups; kubeadm creates kubeadm:kubelet-bootstrap), or to the user a token file names (`--user=kubelet-bootstrap`), then restart the kubelet.',
  },
  {
    // Before "credentials": the request got to the API server, which did not accept who sent it (401).
    id: 'csr-unauthorized', words: ['the server has asked for the client to provide credentials', 'certificate signing request: unauthorized'],
    title: 'the API server does not accept its bootstrap credentials (Unauthorized)',
    why: 'The kubelet loaded its bootstrap kubeconfig and asked the API server for a client certificate; the API server answered 401: it does not accept the credentials the request came with — a bootstrap token it does not know (mistyped, expired and removed, not in its --token-auth-file, or bootstrap token authentication off), or a client certificate signed by a CA it does not trust. The files were read; what they hold is refused.',
    next: 'Compare the token in the bootstrap kubeconfig with the API server\'s (kubeadm: `kubeadm token list`, create one if it expired; otherwise its --token-auth-file or the bootstrap-token Secret in kube-system), check the API server runs with --enable-bootstrap-token-auth, then restart the kubelet.',
  },
  {
    // Before "credentials": the CA it checks its own API's callers against, named in its config — no credential of its own.
    id: 'client-ca', words: ['unable to load client ca file'], title: 'the client CA file its config names cannot be read',
    why: 'The kubelet could not read the client CA file its configuration names (authentication.x509.clientCAFile in /var/lib/kubelet/config.yaml, or --client-ca-file): it authenticates callers of its own API (the API server\'s exec and logs requests, metrics scrapers) against that CA, and does not start without it. The path is wrong or the file is missing — nothing has expired.',
    next: 'Set clientCAFile in /var/lib/kubelet/config.yaml to the cluster\'s CA (on kubeadm nodes /etc/kubernetes/pki/ca.crt) and check that the file exists and is readable, then restart the kubelet.',
  },
  {
    // Before "credentials": a certificate file there, but with nothing to read in it.
    id: 'cert-empty', words: ['failed to find any pem data', 'failed to find certificate pem data'], title: 'a certificate file it loads holds no certificate',
    why: 'A certificate file the kubelet loads has no PEM data in it: it is empty (a copy, a full disk or a provisioning tool that left it so) or not a certificate at all — most often its serving certificate (/var/lib/kubelet/pki/kubelet.crt, or its tlsCertFile), else a client certificate its kubeconfig names. Nothing has expired.',
    next: 'Find the empty file (`find /var/lib/kubelet/pki /etc/kubernetes -size 0`, and the files its config and kubeconfig name). An empty self-signed kubelet.crt and kubelet.key can be removed: the kubelet makes a new pair at start; otherwise restore them with the cluster\'s tooling (RKE\'s cert rotate, kubeadm).',
  },
  {
    id: 'credentials', words: ['kubeconfig', 'client ca file', 'x509', 'certificate', 'kubelet.conf'], title: 'its credentials could not be loaded',
    why: 'The kubelet could not load its kubeconfig, bootstrap kubeconfig or certificates: missing, unreadable or expired.',
    next: 'Check /etc/kubernetes/kubelet.conf and bootstrap-kubelet.conf, the client certificate they name (`openssl x509 -enddate -noout -in /var/lib/kubelet/pki/kubelet-client-current.pem`) and the CA file; on kubeadm nodes `kubeadm certs check-expiration`, or join the node again.',
  },
  {
    // The in-tree cloud providers (≤1.2x): the kubelet asks the cloud's API about its own instance at start-up.
    id: 'cloud-credentials', words: ['nocredentialproviders', 'error finding instance'], title: 'its cloud provider could not be initialised',
    why: 'The kubelet runs with an in-tree cloud provider (--cloud-provider) and asks the cloud\'s API about its own instance as it starts; that failed, so it exited. "NoCredentialProviders" means it found no credentials at all: no instance profile (IAM role) on the instance, or the metadata service unreachable from it; other errors name the API call that failed.',
    next: 'On AWS, attach an instance profile whose role may describe instances (ec2:DescribeInstances) and check the metadata service from the node (`curl http://169.254.169.254/latest/meta-data/iam/info`; with IMDSv2 a token first); elsewhere check the cloud config file (--cloud-config) and the node\'s credentials for its cloud. Without a cloud integration, drop --cloud-provider.',
  },
  {
    id: 'node-info', words: ['failed to get node info'], title: 'it could not read its Node object',
    why: 'The kubelet could not get its own Node object at start-up (the API server unreachable, or the node deleted or renamed).',
    next: 'Check that the node can reach the API server (the server in /etc/kubernetes/kubelet.conf) and that its Node object exists (`kubectl get node`).',
  },
  {
    // Worded by what the error says of the file (checkpoint-state.ts).
    id: 'checkpoint', words: CHECKPOINT_WORDS, title: '', why: '', next: '',
  },
  {
    id: 'rootfs-no-stats', words: ['unable to find data in memory cache'], title: 'cAdvisor had no stats for its root container',
    why: 'The container manager asked cAdvisor for the root filesystem\'s capacity and cAdvisor had no stats for the root container "/" in its cache: collecting them failed or had not run yet. Where a "Failed to update stats for container "/"" line comes before it, it names the cgroup file cAdvisor could not read (cgroup files of a custom kernel, or a cgroup layout this kubelet\'s cAdvisor does not know).',
    next: 'Read the "Failed to update stats for container "/"" lines before the exit: their error names what cAdvisor could not parse. Check the node\'s cgroup version and kernel against what this kubelet release supports; a start-up race clears when the kubelet is started again.',
  },
  {
    id: 'rootfs', words: ['rootfs info', 'could not find device with major'], title: 'it could not find its root filesystem\'s device',
    why: 'cAdvisor could not map the kubelet\'s root directory to a block device it knows (btrfs or zfs subvolumes, a container\'s overlay filesystem under kind or docker-in-docker), and the container manager needs that device\'s capacity.',
    next: 'Put the kubelet\'s root directory (/var/lib/kubelet, or --root-dir) on a filesystem cAdvisor supports (ext4, xfs), or on kind use a node image and a host storage driver it supports.',
  },
  {
    // ValidateNodeAllocatable: "allocatable" is the sum reserved, "capacity" what would be left of the node's (< 0).
    id: 'reservations', words: ['invalid node allocatable configuration'], title: 'its reservations exceed what the node has',
    why: 'What the kubelet reserves out of a resource — systemReserved, kubeReserved and the hard eviction threshold together — is more than the node has: the error\'s "allocatable" is that reservation and its "capacity" what would be left for pods, below zero, so it refuses to start.',
    next: 'Lower systemReserved, kubeReserved or the hard eviction threshold (evictionHard) for that resource in the kubelet\'s configuration (or flags) so that together they stay well under the node\'s capacity, or give the node more of it.',
  },
  {
    // cAdvisor and libcontainer before 1.19 look for cgroup v1 mounts only; a v2-only host has none.
    id: 'cgroup-v2-old', words: ['mountpoint for cpu not found'], title: 'no cgroup v1 cpu hierarchy (a cgroup v2 host?)',
    why: 'No cgroup v1 hierarchy of the cpu controller is mounted. That is what a host booted with cgroup v2 only (the unified hierarchy: Fedora 31+, Ubuntu 21.10+, Debian 11+, RHEL 9) looks like to a kubelet before 1.19, which reads cgroup v1 mounts only and cannot start there; 1.19 and later support cgroup v2.',
    next: '`stat -fc %T /sys/fs/cgroup` prints cgroup2fs on a cgroup-v2-only host: run a kubelet of 1.19 or later (with a runtime that supports cgroup v2), or boot the host with systemd.unified_cgroup_hierarchy=0 to go back to cgroup v1. On a cgroup v1 host, mount the cpu controller (/proc/cgroups lists the enabled ones).',
  },
  // Before "cgroups": container-manager failures whose error names their cause.
  ...CONTAINER_MANAGER_CAUSES,
  {
    // Before "cgroups": cgroup v2's rule that a cgroup with processes in it hands no domain controllers to its children.
    id: 'cgroup-v2-root', words: ['with domain controllers -- it is in an invalid state'], title: 'its cgroup holds processes and cannot delegate (cgroup v2)',
    why: 'Under cgroup v2 a cgroup that has processes in it cannot hand domain controllers (cpu, memory, io) to child cgroups, so the kubepods hierarchy cannot be made below it: the kubelet (or the distribution around it — k3s, kind, k3d) runs in a container as its first process, in the container\'s root cgroup, without first moving itself into a child cgroup.',
    next: 'Have the container\'s entrypoint move its processes into a child cgroup before starting the kubelet (kind\'s and k3s\'s newer images do: an "init" cgroup), or run a release of the distribution that does; on the host, check `cat /sys/fs/cgroup/cgroup.controllers` and the container\'s cgroup namespace (--cgroupns).',
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

/**
 * Why the kubelet ended when only the service manager's line says so (`Main process exited, code=killed,
 * status=9/KILL`): it prints nothing when it is killed.
 */
const SERVICE_CAUSES: Readonly<Record<'oom' | 'systemd' | 'killed' | 'dumped' | 'silent' | 'exec', Cause>> = {
  oom: {
    id: 'oom-killed', words: [], title: 'the OOM killer killed it',
    why: 'The kernel\'s OOM killer killed the kubelet (systemd says so): the node ran out of memory, or the unit reached its own memory limit. A killed kubelet prints nothing.',
    next: 'Read the kernel log at that time (`journalctl -k`: "Out of memory: Killed process … (kubelet)") for what held the memory; reserve memory for the system (systemReserved, kubeReserved, eviction thresholds) so the kubelet evicts pods before the kernel kills processes; check the unit\'s MemoryMax.',
  },
  systemd: {
    id: 'killed-by-systemd', words: [], title: 'systemd killed it (watchdog or stop timeout)',
    why: 'systemd killed the kubelet itself: it stopped answering the unit\'s watchdog, or it did not stop within the stop timeout after SIGTERM — a hung kubelet.',
    next: 'If it hangs again, a goroutine dump taken first (`kill -QUIT` on the kubelet: the stacks go to its log) shows where; check the unit\'s WatchdogSec and TimeoutStopSec.',
  },
  killed: {
    id: 'killed', words: [], title: 'a signal killed it',
    why: 'A signal killed the kubelet, which prints nothing then: SIGKILL comes from the OOM killer (the kernel log says so) or from a person or an agent (`kill -9`).',
    next: 'Look in the kernel log (`journalctl -k`) for an OOM kill of the kubelet at that time, and in the journal for who stopped it.',
  },
  dumped: {
    id: 'dumped', words: [], title: 'it crashed with a core dump',
    why: 'The kubelet died of a fatal signal and dumped core (SIGABRT, SIGSEGV); the crash report it prints before (goroutine stacks) is not in this log.',
    next: 'Read the kubelet\'s lines just before this in the whole journal (`journalctl -u kubelet`) for its crash report, and `coredumpctl` for the core.',
  },
  exec: {
    id: 'exec-failed', words: [], title: 'systemd cannot run its binary',
    why: 'systemd could not start the kubelet\'s program at all (status 203/EXEC: the exec failed): the binary the unit names is not executable (its permissions, a filesystem mounted noexec, SELinux), is missing at that path, or is built for another architecture. No kubelet process ran, so none of its own lines exist; with Restart= set, systemd tries again and again.',
    next: 'Check the binary in the unit\'s ExecStart (`systemctl cat kubelet`): `ls -l` it (chmod +x), `findmnt -T <path>` for noexec, `file <path>` for its architecture, and the audit log for an SELinux denial.',
  },
  silent: {
    id: 'exited-silently', words: [], title: 'it exited with a failure status and no error of its own in the log',
    why: 'The kubelet exited with a failure status, but no error line of its own comes before it in this log: the excerpt starts later or a pager cut the line, or it failed before its logging was set up (a bad flag is printed to stderr only).',
    next: '`journalctl -u kubelet -b --no-pager` shows its last lines before the exit; the unit\'s ExecStart and drop-ins show how it was started.',
  },
};
/** The service manager's line about an exit is the kubelet's own failure line's when it follows it this closely. */
const EXIT_AFTER_ERROR_US = 10e6;
/** An OOM kill line and the exit line it explains are this close. */
const OOM_NEAR_US = 5e6;
/** Per cause: the kind of its own line logged just before the start-up error, and how the finding quotes it. */
const LINE_BEFORE: Readonly<Record<string, { kind: string; say: (text: string, where: string) => string }>> = {
  // Its client certificate had just expired: the bootstrap kubeconfig it fails on was its way to a new one.
  credentials: { kind: 'node.client-cert-expired', say: (t, at) => `Just before, it found its client certificate expired (${clip(t, 60)}, ${at}): it then needs the bootstrap kubeconfig to request a new one.` },
  // The cgroup manager's own failure names the cgroup and the write the kernel refused.
  cgroups: { kind: 'node.cgroup-update-failed', say: (t, at) => `Just before, the cgroup manager could not update a cgroup: "${clip(t, 200)}" (${at}).` },
};
/** A cause's own line this close before the start-up error (a cgroup update, an expired certificate) is the same failure. */
const CAUSE_LINE_NEAR_US = 5e6;
/** systemd's watchdog or stop-timeout kill comes at most this long before the exit it causes. */
const SYSTEMD_KILL_BEFORE_US = 180e6;

interface Exit {
  node: number;
  cause: Cause | undefined;
  error: string;
  events: number[];
  /** The service manager's lines about the process ending (`Main process exited, …`) that follow these failures. */
  exits: number[];
  /** Only the service manager's lines tell of these exits (the kubelet printed nothing). */
  byService: boolean;
  /** The service manager's lines that say why (its OOM-kill or its own kill line): evidence only. */
  context: number[];
  /** Every failure came within STARTUP_US of a kubelet start (or none is logged and it is a start-up message). */
  atStartup: boolean;
  /** A pasted `systemctl status` that tells this exit (the only word on it: statusBlockExits). */
  status?: ServiceStatus;
}

export const kubeletExited: Detector = {
  id: 'kubelet-exited',
  detect(ctx) {
    const ev = ctx.trace.events;
    const groups = new Map<string, Exit>();
    const groupOf = new Map<number, Exit>();
    const byNode = new Map<number, number[]>();
    // Failure lines: the catalog's, and any fatal line that is no panic (the panic is kubelet-panic's).
    const failures: number[] = [];
    for (let e = 0; e < ev.count; e++) {
      const kind = ev.kind[e];
      // (A manager that cannot restore its state stops the start too: its lines say why before the exit's own.)
      if (kind === FAILED || isManagerFailure(kind) || (ev.severity[e] === Severity.Fatal && !PANIC_KINDS.has(kind))) failures.push(e);
    }
    const twins = ellipsizedTwins(ctx, failures);
    // A manager's line that the same process's "Failed to run kubelet" repeats is that exit's cause, not an exit;
    // one a panic follows is kubelet-panic's.
    const panics = ctx.ofKinds([...PANIC_KINDS].map((k) => KINDS[k]));
    for (let i = 0; i < failures.length; i++) {
      const e = failures[i];
      if (!isManagerFailure(ev.kind[e])) continue;
      if (panics.some((p) => ev.pid[p] === ev.pid[e] && ev.timeUs[p] >= ev.timeUs[e] && ev.timeUs[p] - ev.timeUs[e] <= ONE_EXIT_US)) {
        twins.add(e);
        continue;
      }
      const said = errorText(ctx, e);
      for (let j = i + 1; j < failures.length && ev.timeUs[failures[j]] - ev.timeUs[e] <= ONE_EXIT_US; j++) {
        const o = failures[j];
        if (ev.kind[o] === FAILED && ev.pid[o] === ev.pid[e] && said && errorText(ctx, o).includes(said.slice(0, 60))) { twins.add(e); break; }
      }
    }
    let seen = 0;
    for (const e of failures) {
      if (seen >= MAX_FAILURES) break;
      if (twins.has(e)) continue;
      seen++;
      const onNode = byNode.get(ev.node[e]);
      if (onNode) onNode.push(e);
      else byNode.set(ev.node[e], [e]);
      const error = errorText(ctx, e);
      const byWords = causeByWords(MESSAGE_CAUSES, printedMessage(ctx.trace, e)) ?? causeByWords(CAUSES, error) ?? (CUT_AT_MISCONFIG.test(error) ? CGROUP_DRIVER_CUT : undefined);
      const cause = byWords?.id === 'checkpoint' ? checkpointCause(error) : byWords;
      const key = `${ev.node[e]}\n${cause ? cause.id : error.slice(0, 80)}`;
      let g = groups.get(key);
      if (!g) {
        if (groups.size >= MAX_GROUPS) continue;
        g = { node: ev.node[e], cause, error, byService: false, events: [], exits: [], context: [], atStartup: true };
        groups.set(key, g);
      }
      g.events.push(e);
      groupOf.set(e, g);
      g.error = error;
      if (!isStartupFailure(ctx, e)) g.atStartup = false;
    }
    serviceExits(ctx, groups, groupOf, byNode);
    statusBlockExits(ctx, groups);
    const restarts = restartCounters(ctx);
    return [...groups.values()].map((g) => describe(ctx, g, byNode.get(g.node) ?? [], restarts.get(g.node)));
  },
};

/** systemd's ellipsis in the middle of a line `systemctl status` had to shorten (`misconfigurati...ystemd"`). */
const ELLIPSIS = /\.\.\.|\u2026/;

/**
 * Failure lines that are a shortened copy of another: `systemctl status` shows the last lines of the unit's journal
 * ellipsized to the terminal's width ("Hint: Some lines were ellipsized"), and the same record often follows in full
 * from journalctl — same time to the microsecond, same pid. The shortened copy is not a failure of its own.
 */
function ellipsizedTwins(ctx: FindingContext, failures: readonly number[]): Set<number> {
  const ev = ctx.trace.events;
  const twins = new Set<number>();
  for (let i = 0; i < failures.length; i++) {
    const e = failures[i];
    if (!ELLIPSIS.test(errorText(ctx, e))) continue;
    // Its twin has the same time, so it sits among the failures of that time (in time order).
    for (const step of [-1, 1]) {
      for (let j = i + step; j >= 0 && j < failures.length && ev.timeUs[failures[j]] === ev.timeUs[e]; j += step) {
        const o = failures[j];
        if (ev.pid[o] === ev.pid[e] && ev.kind[o] === ev.kind[e] && !ELLIPSIS.test(errorText(ctx, o))) twins.add(e);
      }
    }
  }
  return twins;
}

/**
 * The service manager's lines about the kubelet's process ending: one right after a failure of its own joins that
 * failure's finding (it gives the exit status); one with nothing before it is a finding of its own, told by how the
 * process ended (the OOM killer, systemd's own kill, another signal, a core dump, a failure status). A normal stop
 * (exit 0, SIGTERM, SIGINT) is none.
 */
function serviceExits(ctx: FindingContext, groups: Map<string, Exit>, groupOf: Map<number, Exit>, byNode: Map<number, number[]>): void {
  const ev = ctx.trace.events;
  const exits = ctx.ofKind('service.exited');
  if (exits.length === 0) return;
  const oom = ctx.ofKinds(['service.oom', 'service.failed']);
  const killedBySystemd = ctx.ofKind('service.killed');
  const crashes = ctx.ofKinds(['node.crash', 'node.panic']);
  for (const x of exits) {
    const node = ev.node[x];
    const t = ev.timeUs[x];
    const text = ctx.text(x);
    const code = valueAfter(text, 'code=', ',');
    const status = valueAfter(text, 'status=', ' ');
    if (/^(0\/|15\/|2\/INT)/.test(status) && code !== 'dumped') continue;
    const failures = byNode.get(node) ?? [];
    const own = lastWithin(ev, failures, node, t - EXIT_AFTER_ERROR_US, t);
    if (own >= 0) {
      groupOf.get(own)?.exits.push(x);
      continue;
    }
    if (lastWithin(ev, crashes, node, t - EXIT_AFTER_ERROR_US, t) >= 0) continue;
    // The line that says why, if systemd printed one: the OOM kill, or its own kill.
    const oomLine = code === 'killed'
      ? lastWithin(ev, oom, node, t - OOM_NEAR_US, t + OOM_NEAR_US, (e) => KINDS[ev.kind[e]] === 'service.oom' || ctx.text(e) === 'oom-kill') : -1;
    const killLine = code === 'killed' && oomLine < 0 ? lastWithin(ev, killedBySystemd, node, t - SYSTEMD_KILL_BEFORE_US, t) : -1;
    const cause = oomLine >= 0 ? SERVICE_CAUSES.oom : killLine >= 0 ? SERVICE_CAUSES.systemd : code === 'killed' ? SERVICE_CAUSES.killed
      : code === 'dumped' ? SERVICE_CAUSES.dumped : status.startsWith('203/') ? SERVICE_CAUSES.exec : SERVICE_CAUSES.silent;
    // systemd's own words on the exec that failed, just before.
    const execLine = cause === SERVICE_CAUSES.exec ? lastWithin(ev, ctx.ofKind('service.exec-failed'), node, t - OOM_NEAR_US, t) : -1;
    // A failure status before any line of the kubelet's in the log: its own lines (the error) are cut off before the
    // excerpt starts, not missing.
    if (cause === SERVICE_CAUSES.silent && t < firstOwnLineUs(ctx, node)) continue;
    const key = `${node}\n${cause.id}`;
    let g = groups.get(key);
    if (!g) {
      if (groups.size >= MAX_GROUPS) continue;
      g = { node, cause, error: text, byService: true, events: [], exits: [], context: [], atStartup: true };
      groups.set(key, g);
    }
    g.events.push(x);
    for (const why of [oomLine, killLine, execLine]) if (why >= 0 && g.context.length < 20) g.context.push(why);
    if (!isStartupFailure(ctx, x)) g.atStartup = false;
  }
  for (const g of groups.values()) g.events.sort((a, b) => a - b);
}

/** Lines after the service manager's last line about the unit looked at for the flag library's usage text. */
const USAGE_LINES_AFTER = 40;
/** A line of the flag library's usage text (`      --vmodule moduleSpec   comma-separated list of …`, `Usage:`). */
const USAGE_LINE = /\]: (?:Usage(?: of [^:]{1,200})?:$|\s{0,12}(?:-\w, )?--[a-z][a-z0-9-]{1,60}(?: [a-zA-Z.[\]]{1,30})?\s{2,}\S)/m;

/**
 * A `systemctl status` of the kubelet's unit pasted with the log that shows it failed or restarting after its main
 * process exited with a failure, when nothing else in the log tells of that exit: the block is the only word on it,
 * anchored on systemd's own line about the unit. A usage text right after it (the flag library prints its flags when
 * one on the command line is wrong) says why.
 */
function statusBlockExits(ctx: FindingContext, groups: Map<string, Exit>): void {
  const trace = ctx.trace;
  const ev = trace.events;
  const told = new Set([...groups.values()].map((g) => g.node));
  const anchors = ctx.ofKinds(['service.failed', 'service.exited', 'service.restart']);
  for (let s = 0; s < trace.sources.length; s++) {
    const blocks = serviceBlocks(trace.sources[s]);
    const status = blocks[blocks.length - 1];
    if (!status?.exitStatus || !/^(?:failed|activating \(auto-restart\))/.test(status.active)) continue;
    // A stop asked for (SIGTERM, SIGINT, exit 0) is no failure.
    if (/^(?:0|0\/SUCCESS|15\/TERM|2\/INT)$/.test(status.exitStatus) && status.exitCode !== 'dumped') continue;
    // systemd's lines the block shows under it, and their node's (a document may quote several hosts).
    const below = [...anchors].filter((e) => ev.source[e] === s && ev.line[e] > status.line);
    if (!below.length) continue;
    const node = ev.node[below[0]];
    const mine = below.filter((e) => ev.node[e] === node);
    if (told.has(node) || groups.size >= MAX_GROUPS) continue;
    const last = mine[mine.length - 1];
    const after = readLines(trace, s, ev.line[last] + 1, USAGE_LINES_AFTER, 16_000);
    const usage = USAGE_LINE.test(after);
    const cause = status.exitCode === 'killed' ? SERVICE_CAUSES.killed : status.exitCode === 'dumped' ? SERVICE_CAUSES.dumped
      : status.exitStatus.startsWith('203') ? SERVICE_CAUSES.exec : usage ? CAUSES.find((c) => c.id === 'flags') : SERVICE_CAUSES.silent;
    const error = `code=${status.exitCode}, status=${status.exitStatus}`;
    groups.set(`${node}\nstatus-block`, { node, cause, error, byService: true, events: mine.slice(0, 20), exits: [], context: [], atStartup: true, status });
    told.add(node);
  }
}

/** Time of the node's first line written by the kubelet itself (not systemd's about it), Infinity if none. */
function firstOwnLineUs(ctx: FindingContext, node: number): number {
  const ev = ctx.trace.events;
  for (let e = 0; e < ev.count; e++) {
    if (ev.node[e] === node && !KINDS[ev.kind[e]].startsWith('service.')) return ev.timeUs[e];
  }
  return Infinity;
}

/** The text after `key` up to `stop` (or the end). */
function valueAfter(text: string, key: string, stop: string): string {
  const at = text.indexOf(key);
  if (at < 0) return '';
  const end = text.indexOf(stop, at + key.length);
  return text.slice(at + key.length, end < 0 ? text.length : end);
}

/**
 * The last event of `list` (in time order) on `node` in [fromUs, toUs] that `accept` takes, or -1: a binary search
 * for toUs, then back to fromUs.
 */
function lastWithin(ev: FindingContext['trace']['events'], list: ArrayLike<number>, node: number, fromUs: number, toUs: number,
  accept: (e: number) => boolean = () => true): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ev.timeUs[list[mid]] <= toUs) lo = mid + 1;
    else hi = mid;
  }
  for (let k = lo - 1; k >= 0; k--) {
    const e = list[k];
    if (ev.timeUs[e] < fromUs) break;
    if (ev.node[e] === node && accept(e)) return e;
  }
  return -1;
}

/** The highest restart counter systemd reported per node (`Scheduled restart job, restart counter is at N.`). */
/** systemd's restart counter on a node: its highest value, and its first and last lines (their values differ or not). */
interface RestartCounter { max: number; first: number; last: number }

function restartCounters(ctx: FindingContext): Map<number, RestartCounter> {
  const ev = ctx.trace.events;
  const out = new Map<number, RestartCounter>();
  for (const e of ctx.ofKind('service.restart')) {
    const n = ev.num[e];
    if (!Number.isFinite(n)) continue;
    const c = out.get(ev.node[e]);
    if (!c) out.set(ev.node[e], { max: n, first: e, last: e });
    else { c.max = Math.max(c.max, n); c.last = e; }
  }
  return out;
}

/**
 * How often systemd restarted the kubelet, from its counter: time over restarts between its first and last lines —
 * right where views of the journal pasted one after another leave gaps that the exits alone would average in. NaN
 * when the counter does not say.
 */
function restartEveryUs(trace: Trace, c: RestartCounter | undefined): number {
  if (!c) return NaN;
  const ev = trace.events;
  const restarts = ev.num[c.last] - ev.num[c.first];
  return restarts > 0 ? (ev.timeUs[c.last] - ev.timeUs[c.first]) / restarts : NaN;
}

/** The error the line reports: its err (or, for a printf F line, its message after the header). */
function errorText(ctx: FindingContext, e: number): string {
  const text = ctx.text(e);
  if (text) return text;
  const raw = eventRawText(ctx.trace, e, 4096);
  const lineEnd = raw.indexOf('\n');
  const first = lineEnd < 0 ? raw : raw.slice(0, lineEnd);
  // The klog header's end is after its caller (`server.go:141] `): a tool's own brackets before it (RKE's
  // `[workerPlane] … log: F1029 …`) are not it.
  const caller = CALLER_END.exec(first);
  if (caller) return first.slice(caller.index + caller[0].length);
  const header = first.indexOf('] ');
  if (header >= 0) return first.slice(header + 2);
  // A line with no klog header behind a journal's prefix (`k3s[30703]: time="…" level=fatal msg="leaderelection lost
  // for k3s"`): what the program said, a logrus line's msg.
  const journal = first.indexOf(']: ');
  const said = journal >= 0 && journal < 200 ? first.slice(journal + 3) : first;
  const logrus = LOGRUS_MSG.exec(said);
  return logrus ? logrus[1] : said;
}
const CALLER_END = /\.go:\d{1,6}\] /;
const LOGRUS_MSG = /^time="[^"]{0,40}" level=\w{1,8} msg="((?:[^"\\]|\\.){0,2000})"/;

function isStartupFailure(ctx: FindingContext, e: number): boolean {
  const ev = ctx.trace.events;
  const k = ctx.startBefore(e);
  // With no start logged: a start-up message, or an F line of the command's own set-up (server.go).
  if (k < 0) return ev.kind[e] === FAILED || ev.kind[e] === STARTUP_CHECK_FAILED || / server\.go:\d+\] /.test(eventRawText(ctx.trace, e, 400));
  const start = ctx.trace.nodes[ev.node[e]].starts[k];
  return ev.timeUs[e] - ev.timeUs[start] <= STARTUP_US;
}

/** The last event on a node (the log goes on that far there). */
/** `failures`: every failure on the group's node, in time order; `restarts`: systemd's restart counter there. */
/** Whether systemd started the service on `node` between events `a` and `b` (by position: same-second lines). */
function startedBetween(nodes: ArrayLike<number>, started: Uint32Array, node: number, a: number, b: number): boolean {
  for (const s of started) {
    if (s >= b) break;
    if (s > a && nodes[s] === node) return true;
  }
  return false;
}

function describe(ctx: FindingContext, g: Exit, failures: readonly number[], counter: RestartCounter | undefined): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  for (const e of g.events.slice(0, 50)) b.evidence(e, false);
  for (const e of g.events.slice(50).slice(-20)) b.evidence(e, false);
  for (const e of g.context) b.evidence(e, false);
  b.nodeLanes(g.node, ['node-status']);
  // One process's lines are one exit (a manager's error, then "Failed to run kubelet" with the same cause).
  const started = ctx.ofKind('service.started');
  const exits = g.events.filter((e, i) => {
    if (i === 0) return true;
    const prev = g.events[i - 1];
    // (A line without a pid of its own — the command's stderr, timed by a journal's whole second — within a second of
    // another is the same exit's, unless systemd started the service again between them: a restart loop faster than
    // the journal's seconds.)
    if ((!knownPid(ev.pid[e]) || !knownPid(ev.pid[prev])) && ev.timeUs[e] - ev.timeUs[prev] <= ONE_EXIT_US
      && !startedBetween(ev.node, started, g.node, prev, e)) return false;
    return ev.pid[e] !== ev.pid[prev] || !knownPid(ev.pid[e]);
  });
  const first = exits[0];
  const last = exits[exits.length - 1];
  const n = exits.length;
  const restarts = counter?.max;
  const everyUs = restartEveryUs(trace, counter);
  const cadence = Number.isFinite(everyUs)
    ? `about every ${duration(Math.round(everyUs))} as systemd's restart counter tells (${ev.num[counter!.first]} at ${lineRef(trace, counter!.first)}, ${ev.num[counter!.last]} at ${lineRef(trace, counter!.last)})`
    : `about every ${duration(Math.round((ev.timeUs[last] - ev.timeUs[first]) / (n - 1)))} (its service manager starts it again each time)`;
  const when = n === 1
    ? `at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})`
    : `${count(n, 'time')}, from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)}), ${cadence}`;
  const parts = [g.byService
    ? `The kubelet's process ended${g.atStartup ? ' during its start-up' : ''} ${when}, as systemd tells ("${clip(g.error, 120)}"), with no line of its own before it.`
    : `The kubelet exited${g.atStartup ? ' during its start-up' : ''} on the error "${clip(g.error, 300)}" ${when}.`,
  ];
  if (g.cause) parts.push(g.cause.why);
  if (g.status) {
    const restarting = g.status.active.startsWith('activating');
    parts.push(`The \`systemctl status\` pasted with the log (line ${g.status.line}) shows the unit ${g.status.active}${g.status.since ? ` since ${g.status.since}` : ''}, its main process${g.status.mainPid ? ` (PID ${g.status.mainPid})` : ''} having exited with ${g.error}: ${restarting ? 'systemd is restarting it, and it fails again each time while the cause stays.' : /start-limit/.test(g.status.active) ? 'systemd has given up restarting it (too many failed starts in a row), so the kubelet stays down until someone starts it again (`systemctl reset-failed kubelet`, then `systemctl start kubelet`).' : 'it is not running, and nothing starts it again by itself.'}`);
    if (g.cause?.id === 'flags') parts.push('After systemd\'s lines the kubelet\'s own flag usage text follows: the flag library prints it when a flag on the command line is unknown or has a bad value, and the kubelet then exits (with status 2 in releases that exited from the flag library itself).');
  }
  // systemd's own line on the failed exec names the binary and why.
  const spawn = g.cause?.id === 'exec-failed' ? g.context.find((e) => ev.kind[e] === EXEC_FAILED && ctx.text(e)) : undefined;
  if (spawn !== undefined) parts.push(`systemd said: "${clip(eventRawText(trace, spawn, 400).replace(/^.*?(Failed at step|Failed to execute)/, '$1'), 200)}" (${lineRef(trace, spawn)}).`);
  if (g.cause?.id === 'reservations') {
    // The node's own amount is the reservation plus what the error calls capacity (a negative remainder).
    const m = /Resource \\?"(\w+)\\?" has an allocatable of \{\{(\d+) \d+\}.{0,40}?capacity of \{\{(-\d+) /.exec(g.error);
    if (m && m[1] === 'memory') {
      const reserved = Number(m[2]);
      const short = -Number(m[3]);
      parts.push(`Here the node has ${bytesText(reserved - short)} of memory and the reservations come to ${bytesText(reserved)}: ${bytesText(short)} more than it has.`);
    }
  }
  // The cause's own line just before the exit (the expired certificate, the cgroup write refused) says more.
  const before = g.cause ? LINE_BEFORE[g.cause.id] : undefined;
  if (before) {
    const e = lastBefore(ctx, ctx.ofKind(before.kind), g.node, ev.timeUs[first] - CAUSE_LINE_NEAR_US, ev.timeUs[first] + 1);
    if (e >= 0) {
      b.evidence(e, false);
      parts.push(before.say(ctx.text(e), lineRef(trace, e)));
    }
  }
  if (g.cause?.id === 'flags') {
    // The flag library warned at each start which flags are on their way out.
    const flags = new Map<string, number>();
    for (const e of ctx.ofKind('node.flag-deprecated')) if (ev.node[e] === g.node && !flags.has(ctx.text(e)) && flags.size < 8) flags.set(ctx.text(e), e);
    if (flags.size) {
      for (const e of flags.values()) b.evidence(e, false);
      parts.push(`At its start the flag library also warns that ${listOf([...flags.keys()].map((f) => `--${f}`))} ${flags.size === 1 ? 'is' : 'are'} deprecated (${lineRef(trace, [...flags.values()][0])}): a later release removes ${flags.size === 1 ? 'it' : 'them'} as well.`);
    }
  }
  if (g.exits.length) {
    for (const x of g.exits.slice(0, 20)) b.evidence(x, false);
    const statuses = [...new Set(g.exits.map((x) => valueAfter(ctx.text(x), 'status=', ' ')))];
    parts.push(`systemd saw the process end with status ${listOf(statuses)} (${lineRef(trace, g.exits[0])}).`);
  }
  if (restarts !== undefined) parts.push(`systemd's restart counter for it reached ${restarts}.`);
  const back = ctx.startAfter(last);
  if (back >= 0) {
    b.evidence(back, false);
    const other = failures.find((e) => ev.timeUs[e] >= ev.timeUs[back] && !g.events.includes(e)) ?? -1;
    const end = lastEventOn(ctx.trace, g.node);
    const ranUs = ev.timeUs[end] - ev.timeUs[back];
    parts.push(other >= 0
      ? `It started again at ${timeOfEvent(trace, back)} (${lineRef(trace, back)}) and then failed another way at ${timeOfEvent(trace, other)} (${lineRef(trace, other)}): "${clip(errorText(ctx, other), 120)}" (its own finding).`
      : ranUs >= RAN_ON_US
      ? `It started again at ${timeOfEvent(trace, back)} (${lineRef(trace, back)}) and did not fail this way again in the ${duration(ranUs)} the log goes on: the cause was fixed or went away.`
      : `It started again at ${timeOfEvent(trace, back)} (${lineRef(trace, back)}); the log ends ${duration(ranUs)} later, too soon to tell whether it stays up.`);
  } else {
    // Starts a few seconds apart read as one (model/reconstruct/node-events.ts): the next failure may still be there.
    const later = failures.find((e) => e > last && !g.events.includes(e)) ?? -1;
    // systemd's own restart after the last failure, with no line of the kubelet's after it in the log.
    const scheduled = later >= 0 ? -1 : ctx.ofKind('service.restart').find((e) => e > last && ev.node[e] === g.node) ?? -1;
    if (scheduled >= 0) b.evidence(scheduled, false);
    parts.push(later >= 0
      ? `It failed again later, another way, at ${timeOfEvent(trace, later)} (${lineRef(trace, later)}): "${clip(errorText(ctx, later), 120)}" (its own finding).`
      : scheduled >= 0
      ? `systemd restarts it (${lineRef(trace, scheduled)}, ${duration(ev.timeUs[scheduled] - ev.timeUs[last])} later), but the log ends before the kubelet's own lines of that start: with the cause still there it fails the same way each time, ${g.cause?.id === 'port-in-use' ? 'while what holds the port — most often a kubelet already running — goes on' : 'and while it does the node is NotReady'}.`
      : g.cause?.id === 'port-in-use'
      ? 'No later start is in the log. What holds the port is most often a kubelet already running: then the node goes on with that one, and these failing starts are extra copies (a second service, a supervisor starting it again) — the node is NotReady only if the holder is something else.'
      : 'No later start is in the log: while the kubelet is down the node is NotReady (a new node never registers), and nothing on it is started, stopped, probed or reported; pods already running there keep running.');
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
