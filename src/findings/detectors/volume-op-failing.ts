/**
 * volume-op-failing: one volume operation — attach, mount (MountDevice, SetUp) or unmount (TearDown) — keeps failing
 * for a volume, retried by the volume manager with a back-off that doubles from 500 ms up to 2m2s. A mount that fails
 * keeps the pod ContainerCreating; an unmount that fails keeps a deleted pod Terminating and its directory on disk.
 * One finding per pod (or, for an operation not tied to a pod, per node), operation and volume, the cause read from
 * the error. Mount failures of a pod whose sync already timed out waiting for them are volume-mount-timeout's.
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { kindId } from '../../catalog/catalog.ts';
import type { Finding } from '../../model/trace.ts';
import { eventRawText } from '../../model/trace-query.ts';
import { causeByWords, type Cause } from '../causes.ts';
import { clipMiddle } from '../text-scan.ts';
import { count, duration, lineRef, listOf, podName, timeOfEvent } from '../wording.ts';
import { parseGoDurationUs } from '../../util/time.ts';
import { eventsNear, lastBefore } from '../episodes.ts';

const SYNC_ERROR = kindId('pw.sync-error');
/** Two failures, or one whose back-off is this long (the seventh doubling from 500 ms: it failed that often already). */
const MIN_FAILURES = 2;
/** What the group of a volume the populator could not add is said to have failed at. */
const POPULATE_OP = 'AddToDesiredState';
/** The volume a populator failure names (`Failed to add volume "x"`, or structured `volumeName="x"`). */
const POPULATED_VOLUME = /(?:Failed to add volume \\?"?|Error processing volume \\?"|volumeName=\\?")([^"\\ ]{1,253})/;
const LONG_BACKOFF_US = 32e6;
/**
 * One unmount or device mount failure this close to the log's end is told too, as information: its retries cannot
 * show, and an unmount that fails holds the pod's termination up, a device that does not mount its start.
 */
const NEAR_END_US = 60e6;
const MAX_EVIDENCE = 20;
/** The mounter's device check this close before a MountDevice failure is the same attempt. */
const FORMAT_CHECK_NEAR_US = 2e6;
const MAX_GROUPS = 100;

/** A mount something still uses: a cause of unmounts and of the rest alike. */
/**
 * The kubelet's Secret and ConfigMap managers serve a pod's volumes only while they hold the pod's reference to the
 * object: "not registered" is that bookkeeping, not a missing object.
 */
const NOT_REGISTERED: Cause = {
  id: 'not-registered', words: ['not registered'], title: 'the kubelet holds no reference to its Secret or ConfigMap for this pod ("not registered")',
  why: 'The kubelet\'s Secret and ConfigMap managers hand out an object only for pods they have registered it for: a pod\'s objects are registered when its sync starts and released when it terminates. "not registered" says the kubelet has no such registration for this pod — the object itself may well exist. It is seen for a pod being deleted, whose references were released while the volume manager still tries to set the volume up, and around a kubelet restart, before the pod\'s first sync.',
  next: 'Check whether the pod is being deleted (then the retries go on until its termination completes; if it stays Terminating, look at what else its termination waits for) or the kubelet just restarted (the pod\'s next sync registers it again). Make sure the object exists (`kubectl get secret,configmap -n <ns>`); recreating it does not help when it does.',
};

/** MountDevice of a disk whose device the plugin did not find: the mounter's check names an empty device (read apart). */
const NO_DEVICE: Cause = {
  id: 'no-device', words: [], title: 'no device was found for the disk',
  why: 'The volume plugin handed the mounter no device path for the disk: it did not find where the disk appeared on the node — its attach had not completed, or the plugin\'s lookup of the device failed — so there was nothing to format or mount.',
  next: 'Check that the disk is attached to this node (the cloud provider\'s view of the VM\'s disks; `lsblk` and /dev/disk/by-id on the node) and the attach/detach controller\'s events for the pod (`kubectl describe pod`); if it is attached and the plugin still finds no device, the plugin\'s device lookup is at fault (a kubelet upgrade, or the cloud\'s CSI driver).',
};

const BUSY: Cause = {
  id: 'busy', words: ['device or resource busy'], title: 'the mount is still in use',
  why: 'Unmounting failed because something still uses the mount: a process outside the pod (a backup agent, a shell), another mount below it, or a container the runtime has not removed yet.',
  next: 'On the node, find what holds it (`fuser -vm <path>` or `lsof +D <path>`, `grep <uid> /proc/*/mountinfo`) and stop it; the kubelet retries the unmount by itself.',
};

/** Why a volume operation fails, from its error's words (volume-mount-timeout reads them too). */
/** A socket the plugin watcher asked for registration info that is no registration socket: noise (see why). */
const REGISTRATION_NOISE: Cause = {
  id: 'registration-noise', words: ['unknown service pluginregistration.registration'], title: 'the socket is no registration socket',
  why: 'The kubelet\'s plugin watcher found a socket and asked it for its registration info (GetInfo), and the socket does not serve the registration API: it is a driver\'s own endpoint (a CSI driver\'s csi.sock), not its registrar\'s -reg.sock in /var/lib/kubelet/plugins_registry. Kubelets before 1.17 also watched the older /var/lib/kubelet/plugins directory, where CSI drivers keep their endpoints, and log this for each such socket: noise, as long as the driver registers through its registrar.',
  next: 'Check that the driver registered: its node-driver-registrar\'s log ("Registration process completed", PluginRegistered:true) and `kubectl get csinode <node> -o yaml` listing the driver. If it did, this line can be ignored.',
};

/** No volume plugin for the pod's volume: the volume manager never even adds it to its desired state. */
const NO_PLUGIN: Cause = {
  id: 'no-plugin', words: ['no volume plugin matched'], title: 'no volume plugin handles it',
  why: 'The volume manager found no volume plugin for the volume, so it never added it to the pod\'s desired state: it is not attached or mounted, and the pod waits for its volumes and does not start. For a FlexVolume the driver is not in the kubelet\'s volume plugin directory as the kubelet sees it — a kubelet run in a container (Rancher\'s, RKE\'s, CoreOS\' kubelet-wrapper) sees its own filesystem, not the host\'s, unless that directory is mounted in; otherwise the volume\'s type is one this kubelet was built without.',
  next: 'Check that the driver is installed where the kubelet looks (--volume-plugin-dir, by default /usr/libexec/kubernetes/kubelet-plugins/volume/exec/<vendor~driver>/) and, for a kubelet in a container, that the directory is mounted into it (RKE: the kubelet\'s extra_binds); then restart the kubelet.',
};

/** A projected service account token the API server did not give (TokenRequest failed). */
const TOKEN: Cause = {
  id: 'token', words: ['failed to fetch token'], title: 'its service account token could not be fetched',
  why: 'The volume holds the pod\'s service account token, which the kubelet asks the API server for (TokenRequest) when it sets the volume up and again before the token expires; that request failed, so the cause is the API server\'s answer (or its absence) in the error, not a volume plugin.',
  next: 'Read the token request\'s error: connection refused or a timeout is the API server not answering this node (see the API server findings); "serviceaccounts … not found" is a service account deleted or not created yet.',
};

export const VOLUME_CAUSES: readonly Cause[] = [
  REGISTRATION_NOISE,
  NO_PLUGIN,
  TOKEN,
  {
    // The Node authorizer's refusal: a kubelet may read a PVC, Secret or ConfigMap only through a pod of its node that uses it.
    // (1.7–1.8 said "no path found to object": kubernetes/kubernetes#49880.)
    id: 'node-authorizer', words: ['no relationship found between node', 'no path found to object'], title: 'the API server\'s Node authorizer does not let the kubelet read what the volume needs',
    why: 'The API server refused the kubelet the object the volume needs ("no relationship found between node … and this object"): its Node authorizer lets a kubelet read a PersistentVolumeClaim, Secret or ConfigMap only through a pod bound to that node which uses it, and its graph of pods, nodes and objects did not link them — the pod not yet bound to this node in that API server\'s view, an API server whose graph lags behind (several API servers, or one just restarted), or a reference the graph does not follow.',
    next: 'Check the pod\'s spec.nodeName and that the object exists in the pod\'s namespace under the name the pod gives; the API server\'s log around that time for the Node authorizer; if it lasts after the pod is bound, restart the API server that answers (its graph is rebuilt from its watches).',
  },
  {
    id: 'forbidden', words: ['is forbidden: user'], title: 'the API server forbids the kubelet to read what the volume needs',
    why: 'The API server refused the kubelet (its user system:node:<name>) the object the volume needs: its authorization (the Node authorizer and RBAC) does not allow that read.',
    next: 'Read who was refused what in the error; check the kubelet\'s identity (its client certificate\'s subject, system:node:<node name> in group system:nodes) and that the API server runs with --authorization-mode including Node.',
  },
  {
    id: 'plugin-registration', words: ['registerplugin error'], title: 'a plugin fails to register',
    why: 'A socket under the kubelet\'s plugins_registry did not answer the plugin registration API: a CSI driver whose node-driver-registrar is missing, too old or crashed, or a stale socket of a driver that no longer runs. Until it registers, the kubelet does not know the driver, and volumes that need it cannot mount.',
    next: 'Look at the CSI node plugin pod on this node (its node-driver-registrar container and log) and remove stale sockets under /var/lib/kubelet/plugins_registry.',
  },
  {
    id: 'csi-not-registered', words: ['not found in the list of registered csi drivers'], title: 'its CSI driver is not registered on the node',
    why: 'The kubelet has no CSI driver of that name on this node: the driver\'s node plugin (a DaemonSet pod with its node-driver-registrar) is not running here, or registered under another name.',
    next: 'Check the CSI driver\'s node pod on this node (`kubectl get pods -A -o wide | grep <driver>`, its node-driver-registrar log) and /var/lib/kubelet/plugins_registry.',
  },
  {
    id: 'csi-not-staged', words: ['does not appear staged'], title: 'the CSI volume was not staged',
    why: 'The CSI driver refuses to publish the volume to the pod because it has no record of staging it on the node (NodeStageVolume): usually the driver\'s node plugin restarted and lost its state, or a staging step failed before.',
    next: 'Read the CSI node plugin\'s log for NodeStageVolume; restarting the pod (or the node plugin) makes the kubelet stage the volume again.',
  },
  {
    id: 'cache-sync', words: ['failed to sync secret cache', 'failed to sync configmap cache', "couldn't propagate object cache"], title: 'the kubelet could not fetch its Secret or ConfigMap in time',
    why: 'The kubelet reads the objects of Secret, ConfigMap and projected volumes (a service-account token\'s kube-root-ca.crt too) from the API server, and "failed to sync … cache" means they did not arrive in time: the API server is slow or unreachable from the node, or the kubelet\'s requests are throttled. The object itself may well exist.',
    next: 'Check the node\'s connection to the API server (the kubelet\'s other API errors around this time; from the node, `curl -k https://<server>:6443/readyz`) and the API server\'s load; the mount is retried and succeeds once the object arrives.',
  },
  NOT_REGISTERED,
  {
    id: 'object-missing', words: ['not found', "couldn't find key"], title: 'the ConfigMap or Secret it mounts is not found',
    why: 'The kubelet\'s lookup of the ConfigMap or Secret the volume is made from answered NotFound (or the object lacks the key the pod asks for): most often it does not exist in the pod\'s namespace, but the kubelet reads through its own cache or watch, which can lag or go stale (an API server\'s watch cache behind, a watch that stopped), so an object kubectl shows can still be "not found" here; the mount is retried until it is found.',
    next: 'Check the object and its keys in the pod\'s namespace (`kubectl get configmap,secret -n <ns>`); if it is there and has been for minutes, the kubelet\'s view is stale: look for watch or API errors in its log, and restarting the kubelet (or re-creating the object) makes it read afresh. Mark the volume optional if the pod can start without it.',
  },
  BUSY,
  {
    id: 'transport', words: ['transport endpoint is not connected'], title: 'the FUSE mount lost its daemon',
    why: 'The mount is served by a user-space daemon (FUSE: GlusterFS, s3fs, a CSI driver\'s FUSE process) that died or restarted: the mount point still exists but nothing answers behind it.',
    next: 'Restart the pod (so the volume is mounted again) and look at why the FUSE daemon or the driver\'s node plugin went away.',
  },
  {
    id: 'mount-command', words: ['exit status 32', 'mount failed', 'wrong fs type', 'bad option', 'access denied by server'], title: 'the mount command fails',
    why: 'The mount command itself failed on the node: for NFS or CIFS, most often the client tools are missing (nfs-common, cifs-utils), the server refuses the export or the share, or the network path to it is blocked.',
    next: 'Run the same mount by hand on the node to see the whole error; install the client tools; check the server\'s exports and firewall.',
  },
  {
    id: 'not-in-use', words: ['has not been added to the list of volumesinuse', 'not attached according to node status'], title: 'the attach is not confirmed yet',
    why: 'The kubelet waits for the volume to appear in its Node\'s status (volumesInUse / volumesAttached), which the attach/detach controller fills once it attached the volume: the controller has not attached it (still attached elsewhere, a cloud API failing) or the node status is not updated.',
    next: 'Check the VolumeAttachment (`kubectl get volumeattachment`) and the controller manager\'s (or CSI attacher\'s) log for this volume; a volume still attached to another node must be detached there first. A FlexVolume driver that attaches is run by the controller manager too: it must be installed on its host (--flex-volume-plugin-dir), not only on the nodes.',
  },
  {
    // The iSCSI and Fibre Channel plugins wait a few seconds for the disk's device after logging in to the target.
    id: 'device-path-timeout', words: ['could not attach disk: timeout'], title: 'the disk\'s device did not appear',
    why: 'The iSCSI or Fibre Channel plugin logged in to the target and then waited for the disk\'s device under /dev/disk/by-path, which did not appear in time: the session failed, the LUN is not exported to this node\'s initiator, or the device came up under another path than the one the plugin waits for (an iSCSI interface other than the default names its paths differently).',
    next: 'On the node: `iscsiadm -m session` (is the session up?), `ls -l /dev/disk/by-path` (is the LUN there, and under which name?), and the target\'s ACL for this initiator\'s IQN; compare the path the disk appears under with the one the plugin expects.',
  },
  {
    id: 'timeout', words: ['timed out waiting', 'timeout expired', 'deadline exceeded'], title: 'it times out',
    why: 'The operation did not complete in time: the storage backend or its driver is slow or unreachable.',
    next: 'Read the volume plugin or CSI driver\'s log at these times and check the storage backend\'s health and the network path to it.',
  },
  {
    id: 'permission', words: ['permission denied'], title: 'permission is denied',
    why: 'The node may not read or mount the path: file permissions, SELinux or AppArmor labels, or the storage server\'s access rules.',
    next: 'Check the path\'s ownership and labels on the node (`ls -lZ`) and the storage server\'s access rules for this node.',
  },
];


/** Why an unmount fails: read first for an unmount, since umount's exit status 32 means other things than mount's. */
const UNMOUNT_CAUSES: readonly Cause[] = [
  BUSY,
  {
    id: 'not-mounted', words: [': not mounted'], title: 'the path is no longer mounted',
    why: 'umount answered that the path is not mounted (exit status 32): the volume was already unmounted (by its plugin, a restart of the kubelet or the node, or the device going away), yet TearDown treats the failure as an error instead of as done. Some kubelet versions (and volume plugins) do this; each retry fails the same way, so the pod stays Terminating and its directory stays on disk.',
    next: 'Check the path on the node (`findmnt <path>`; `grep <pod uid> /proc/mounts`); if nothing is mounted there, the kubelet\'s retries cannot succeed: upgrade past the fix for your volume plugin, or remove the empty directory by hand once the pod\'s containers are gone.',
  },
  {
    id: 'umount-failed', words: ['exit status 32', 'unmount failed', 'umount failed'], title: 'the unmount command fails',
    why: 'umount failed on the node (exit status 32): the mount is still in use (a process, or a mount below it), already gone ("not mounted"), or its device went away first (a disk detached under it). The "Output:" part of the error says which; the kubelet retries with a back-off that doubles up to 2m2s.',
    next: 'On the node, `findmnt <path>` and `fuser -vm <path>` for the path in the error: stop what holds it; if nothing is mounted there any more, the volume plugin\'s log (or a newer kubelet) tells why TearDown still fails.',
  },
];

const OTHER: Cause = {
  id: 'other', words: [], title: 'it fails',
  why: 'The error says why.',
  next: 'Read the error quoted here and the volume plugin or CSI driver\'s log at these times.',
};

/** The operation and the volume an error names: `MountVolume.SetUp failed for volume "config" …`. */
function operationOf(error: string): { op: string; volume: string } {
  const text = error.replace(/\\"/g, '"').replace(/^"/, '');
  const m = /^([A-Za-z]{1,40}(?:\.[A-Za-z]{1,40})?) failed for volume "([^"]{1,300})"/.exec(text);
  if (m) return { op: m[1], volume: m[2] };
  const v = /for volume "([^"]{1,300})"/.exec(text);
  // (Both are VerifyControllerAttachedVolume's errors, which name no operation.)
  const op = text.startsWith('Volume has not been added') || text.startsWith('Volume not attached according to node status') ? 'VerifyControllerAttachedVolume'
    : text.startsWith('RegisterPlugin') ? 'RegisterPlugin' : 'operation';
  return { op, volume: v ? v[1] : '' };
}

interface Group {
  pod: number;
  node: number;
  op: string;
  volume: string;
  events: number[];
  error: string;
  longestBackoffUs: number;
}

export const volumeOpFailing: Detector = {
  id: 'volume-op-failing',
  detect(ctx) {
    const ev = ctx.trace.events;
    const timedOut = podsWhoseMountTimedOut(ctx);
    const groups = new Map<string, Group>();
    for (const e of ctx.ofKind('volume.op-failed')) {
      const error = ctx.text(e);
      const { op, volume } = operationOf(error);
      const pod = ev.pod[e];
      // A mount the pod's sync already gave up waiting for is volume-mount-timeout's (the node's own step too).
      if (op.startsWith('MountVolume') && (pod >= 0 ? timedOut.pods.has(pod) : timedOut.nodes.has(ev.node[e]))) continue;
      const key = `${pod >= 0 ? `p${pod}` : `n${ev.node[e]}`}\n${op}\n${volume}`;
      let g = groups.get(key);
      if (!g) {
        if (groups.size >= MAX_GROUPS) continue;
        g = { pod, node: ev.node[e], op, volume, events: [], error, longestBackoffUs: 0 };
        groups.set(key, g);
      }
      g.events.push(e);
      g.error = error;
      g.longestBackoffUs = Math.max(g.longestBackoffUs, backoffUs(ctx, e));
    }
    // The populator's failure to add a pod's volume to the desired state: no operation ever starts for it.
    for (const e of ctx.ofKind('volume.populate-failed')) {
      const volume = POPULATED_VOLUME.exec(eventRawText(ctx.trace, e, 400))?.[1] ?? '';
      const key = `${ev.pod[e] >= 0 ? `p${ev.pod[e]}` : `n${ev.node[e]}`}\n${POPULATE_OP}\n${volume}`;
      let g = groups.get(key);
      if (!g) {
        if (groups.size >= MAX_GROUPS) continue;
        g = { pod: ev.pod[e], node: ev.node[e], op: POPULATE_OP, volume, events: [], error: '', longestBackoffUs: 0 };
        groups.set(key, g);
      }
      g.events.push(e);
      g.error = ctx.text(e);
    }
    const missing = missingObjectLines(ctx);
    const logEndUs = ev.count ? ev.timeUs[ev.count - 1] : 0;
    const out: Finding[] = [];
    for (const g of groups.values()) {
      // Each retry of a ConfigMap or Secret volume whose object is missing says so first ("Couldn't get configMap
      // ns/x: configmaps "x" not found"), also when the failure line of that retry is cut off or left out.
      // The error as read, else the whole line (the text column may have cut the error's end; the line may quote it).
      const name = g.events.length < MIN_FAILURES
        ? missingName(g.error) ?? missingName(eventRawText(ctx.trace, g.events[0], 4000)) : undefined;
      const retries = name ? missing.get(`${g.node}\n${name}`) ?? [] : [];
      const cause = causeOf(ctx, g);
      if (g.events.length >= MIN_FAILURES || retries.length >= MIN_FAILURES || g.longestBackoffUs >= LONG_BACKOFF_US) out.push(describe(ctx, g, retries, false, cause));
      // Of mounts, a device's, or one whose cause does not pass: one SetUp failure is often the moment before a
      // Secret's cache fills.
      else if ((isUnmount(g.op) || g.op === 'MountVolume.MountDevice' || LASTING_CAUSES.has(cause.id)) && logEndUs - ev.timeUs[g.events[0]] <= NEAR_END_US) {
        out.push(describe(ctx, g, retries, true, cause));
      }
    }
    return out;
  },
};

/** The object an error says is not found (`configmaps "x" not found`, or `\"x\"` inside a quoted error), or undefined. */
function missingName(text: string): string | undefined {
  return /\\?"([^"\\]{1,253})\\?" not found/.exec(text)?.[1];
}

/** "Couldn't get configMap/secret" lines by node and the object's name (at most MAX_EVIDENCE each), read once. */
function missingObjectLines(ctx: FindingContext): Map<string, number[]> {
  const ev = ctx.trace.events;
  const byObject = new Map<string, number[]>();
  for (const e of ctx.ofKind('volume.object-missing')) {
    const name = missingName(ctx.text(e));
    if (!name) continue;
    const key = `${ev.node[e]}\n${name}`;
    let list = byObject.get(key);
    if (!list) byObject.set(key, (list = []));
    if (list.length < MAX_EVIDENCE) list.push(e);
  }
  return byObject;
}

/** The back-off the line announces ("durationBeforeRetry 2m2s"), in µs; 0 if none. */
function backoffUs(ctx: FindingContext, e: number): number {
  const m = /durationBeforeRetry ([0-9a-zµ.]{1,24})\)/.exec(eventRawText(ctx.trace, e, 4000));
  const us = m ? parseGoDurationUs(m[1]) : NaN;
  return Number.isFinite(us) ? us : 0;
}

/** Pods whose sync gave up waiting for their volumes, and their nodes (volume-mount-timeout tells those, with these failures as causes). */
function podsWhoseMountTimedOut(ctx: FindingContext): { pods: Set<number>; nodes: Set<number> } {
  const ev = ctx.trace.events;
  const pods = new Set<number>();
  const nodes = new Set<number>();
  for (const e of ctx.ofKinds(['sync.mount-failed', 'event.failed-mount', 'pw.sync-error'])) {
    const text = ctx.text(e);
    if (ev.kind[e] === SYNC_ERROR && !text.includes('unmounted volumes') && !text.includes('waiting for volumes')) continue;
    if (ev.pod[e] >= 0) { pods.add(ev.pod[e]); nodes.add(ev.node[e]); }
  }
  return { pods, nodes };
}

/** Causes a single SetUp failure is enough to tell (a CSI driver's state, not a cache about to fill). */
const LASTING_CAUSES = new Set(['csi-not-staged', 'csi-not-registered', 'no-plugin', 'forbidden']);

/** Why the group's operation fails, read from its last line — the whole line: the text column keeps the error's start, and the cause is often at its end. */
function causeOf(ctx: FindingContext, g: Group): Cause {
  const raw = eventRawText(ctx.trace, g.events[g.events.length - 1], 4000);
  return (isUnmount(g.op) ? causeByWords(UNMOUNT_CAUSES, raw) : undefined) ?? causeByWords(VOLUME_CAUSES, raw) ?? OTHER;
}

/** The sockets plugin registration failed for, in the order first seen (the registration error names its socket). */
function socketsOf(ctx: FindingContext, events: readonly number[]): string[] {
  const out = new Set<string>();
  for (const e of events.slice(0, MAX_EVIDENCE)) {
    const m = / at socket ([^\s,"\\]{1,300})/.exec(eventRawText(ctx.trace, e, 4000));
    if (m) out.add(m[1]);
  }
  return [...out];
}

/** Another pod's unmount of the same volume on the node this close to a mount failure: the volume is still held. */
const OTHER_USER_NEAR_US = 60e6;

/** The first unmount of `volume` on `node` for a pod other than `pod`, within OTHER_USER_NEAR_US of `atUs`; -1 if none. */
function otherPodUnmounting(ctx: FindingContext, node: number, pod: number, volume: string, atUs: number): number {
  const ev = ctx.trace.events;
  const near = eventsNear(ctx, ctx.ofKind('volume.unmount-started'), node, atUs - OTHER_USER_NEAR_US, atUs + OTHER_USER_NEAR_US, 200);
  return near.find((e) => ev.pod[e] >= 0 && ev.pod[e] !== pod && ctx.text(e) === volume) ?? -1;
}

const isUnmount = (op: string) => op.startsWith('UnmountVolume') || op.startsWith('UnmapVolume') || op.startsWith('UnmountDevice');

/**
 * `retries`: the missing-object lines that count its attempts when its own failure lines are too few; `atLogEnd`: a
 * single failure the log ends too soon after to show its retries; `readCause`: causeOf(g), read once by the caller.
 */
function describe(ctx: FindingContext, g: Group, retries: readonly number[], atLogEnd: boolean, readCause: Cause): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  for (const e of g.events.slice(0, MAX_EVIDENCE)) b.evidence(e);
  for (const e of retries) b.evidence(e);
  if (g.pod >= 0) b.pod(g.pod).podLanes(g.pod, ['pod-worker']);
  else b.nodeLanes(g.node, ['volume']);
  let cause = readCause;
  const first = g.events[0];
  const last = g.events[g.events.length - 1];
  const whose = g.pod >= 0 ? `for ${podName(trace, g.pod)}` : 'on this node';
  const volume = g.volume ? ` of volume "${g.volume}"` : '';
  // Plugin registration is retried per socket: several sockets failing once each are not one failing again.
  const sockets = g.op === 'RegisterPlugin' ? socketsOf(ctx, g.events) : [];
  const where = sockets.length > 1 ? ` for ${count(sockets.length, 'socket')} (${listOf(sockets, 4)}),` : '';
  const when = where + (g.events.length === 1 ? ` at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})`
    : ` ${count(g.events.length, 'time')} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)}), ${duration(ev.timeUs[last] - ev.timeUs[first])}`);
  const backoff = (g.longestBackoffUs >= LONG_BACKOFF_US ? ` The retry back-off reached ${duration(g.longestBackoffUs)}: it had failed many times before.` : '')
    + (retries.length >= MIN_FAILURES ? ` Its retries each logged the missing object first: ${count(retries.length, 'time')} (${lineRef(trace, retries[0])} to ${lineRef(trace, retries[retries.length - 1])}).` : '')
    + (atLogEnd ? ` The log ends ${ev.timeUs[ev.count - 1] - ev.timeUs[first] < 1e6 ? 'with it' : `${duration(ev.timeUs[ev.count - 1] - ev.timeUs[first])} after it`}${g.longestBackoffUs ? `, and the retry was due ${duration(g.longestBackoffUs)} after it` : ''}: whether the retries failed too is not in the log.` : '');
  // The mounter's own check of the device just before (≤1.1x logged it apart): an empty device is none found.
  const check = g.op === 'MountVolume.MountDevice'
    ? lastBefore(ctx, ctx.ofKind('volume.format-check-failed'), g.node, ev.timeUs[first] - FORMAT_CHECK_NEAR_US, ev.timeUs[first] + 1) : -1;
  let nearby = '';
  if (check >= 0) {
    b.evidence(check);
    const device = ctx.text(check);
    if (device) nearby = ` Just before, the mounter could not tell whether the device ${device} holds a filesystem (${lineRef(trace, check)}): the device is not readable.`;
    else {
      nearby = ` Just before, the mounter was asked to check a device with an empty name (${lineRef(trace, check)}).`;
      cause = NO_DEVICE;
    }
  }
  // A volume another pod on the node is still letting go of (being deleted, or left orphaned).
  const holder = !isUnmount(g.op) && g.pod >= 0 && g.volume ? otherPodUnmounting(ctx, g.node, g.pod, g.volume, ev.timeUs[first]) : -1;
  if (holder >= 0) {
    b.evidence(holder);
    nearby += ` At the same time the volume manager is unmounting the same volume for another pod, ${podName(trace, ev.pod[holder])} (${lineRef(trace, holder)}): a pod that used the volume before still holds it on this node — one being deleted, or one left behind (orphaned) — and until its teardown finishes the driver will not set the volume up for this pod.`;
  }
  const effect = isUnmount(g.op)
    ? 'Until it unmounts, the pod cannot finish terminating and its directory stays on disk.'
    : g.op === 'RegisterPlugin' ? ''
    : cause === NOT_REGISTERED ? 'Until it succeeds the volume is not set up: a starting pod waits in ContainerCreating; a pod being deleted keeps retrying it until its termination completes.'
    // (A pod whose container was already made is refreshing its token: it keeps the token it has until that expires.)
    : cause === TOKEN && g.pod >= 0 && podHasContainers(ctx, g.pod) ? 'This pod\'s containers were already made, so this is the token\'s refresh: they keep the token they have until it expires, and then calls to the API server from inside the pod fail with it.'
    : 'Until it succeeds, the pod cannot start: it stays ContainerCreating, and after 2m3s its sync gives up waiting for the volume and tries again.';
  return b.build({
    id: 'volume-op-failing',
    title: `${g.op === 'RegisterPlugin' ? 'Plugin registration' : `Volume ${g.op}`} ${atLogEnd ? 'failed' : 'failing'} ${whose}${g.volume ? ` (${g.volume})` : ''}${cause === OTHER ? '' : `: ${cause.title}`}`,
    severity: atLogEnd || cause === REGISTRATION_NOISE ? 'info' : 'warning',
    explanation: `${g.op === 'operation' ? 'An operation' : g.op}${volume} failed ${whose}${when}: "${clipMiddle(g.error.replace(/\\"/g, '"').replace(/^"|"$/g, ''), 300)}".${backoff}${nearby} ${cause.why}${effect ? ` ${effect}` : ''}`,
    next: holder >= 0
      ? `See whether the other pod still exists (by its UID: \`kubectl get pods -A -o custom-columns=NS:.metadata.namespace,NAME:.metadata.name,UID:.metadata.uid | grep ${trace.pods[ev.pod[holder]]?.uid || '<uid>'}\`; and its directory under /var/lib/kubelet/pods on the node): a pod being deleted lets go once its unmount completes; one gone from the API is orphaned, and its mounts must be cleaned up by hand. ${cause.next}`
      : cause.next,
  });
}

/** The pod had a container made already: an instance in the model, or a sync that tried to restart one (a back-off). */
function podHasContainers(ctx: FindingContext, pod: number): boolean {
  const trace = ctx.trace;
  if (trace.containers.some((c) => c.pod === pod)) return true;
  const ev = trace.events;
  return ctx.ofKind('pw.sync-error').some((e) => ev.pod[e] === pod && ctx.text(e).includes('CrashLoopBackOff'));
}
