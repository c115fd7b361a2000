/**
 * Volume manager (§1.9, M115). Its lines embed their values in the message itself, in every era: printf text up to
 * 1.20, and from 1.21 a structured message such as `"MountVolume.SetUp succeeded for volume \"data\" (UniqueName:
 * \"…\") pod \"web-0\" (UID: \"…\") " pod="default/web-0"`. So the structured forms are matched by prefix (`…*`) and
 * their values read with the same template from the message (`inner` on `msg`).
 */
import type { CatalogEntry } from './entry.ts';

/** One volume operation line: the printf template doubles as the reader of the structured message. */
function volumeLine(id: string, kind: string, v: number, prefix: string, template: string, explain: string, older: readonly string[] = []): CatalogEntry {
  return {
    id, kind, lane: 'volume', versions: 'all (printf ≤1.20; same text as a structured message 1.21+)', v,
    msg: [`${prefix}*`], printf: [template, ...older], inner: { field: 'msg', printf: [template] }, text: ['volume'], explain,
  };
}

const DETAIL = '(UniqueName: %q{uniqueName}) pod %q{podName} (UID: %q{podUID})%s';

/** A volume line about the node's device, not a pod's mount: `… for volume "x" (UniqueName: "u") on node "n" `. */
function nodeVolumeLine(id: string, kind: string, prefix: string, explain: string): CatalogEntry {
  const template = `${prefix}%q{volume} (UniqueName: %q{uniqueName}) on node %q%s`;
  return {
    id, kind, lane: 'volume', versions: 'all (printf ≤1.20; same text as a structured message 1.21+)', v: 0,
    msg: [`${prefix}*`], printf: [template], inner: { field: 'msg', printf: [template] }, text: ['volume'], explain,
  };
}

export const VOLUME_MESSAGES: CatalogEntry[] = [
  volumeLine('M115', 'volume.mount-started', 0, 'operationExecutor.MountVolume started for volume ',
    `operationExecutor.MountVolume started for volume %q{volume} ${DETAIL}`,
    'The volume manager\'s reconciler started mounting a volume the pod needs.'),
  volumeLine('M115b', 'volume.mounted', 1, 'MountVolume.SetUp succeeded for volume ',
    `MountVolume.SetUp succeeded for volume %q{volume} ${DETAIL}`,
    'A volume of the pod is mounted; the pod sync waits until all of them are (up to 2m3s).',
    // 1.5–1.7 named the volume by its unique name and the pod by its UID.
    ['MountVolume.SetUp succeeded for volume %q{uniqueName} (spec.Name: %q{volume}) pod %q{podUID} (UID: %q)%s']),
  volumeLine('M115c', 'volume.verify-attached', 0, 'operationExecutor.VerifyControllerAttachedVolume started for volume ',
    `operationExecutor.VerifyControllerAttachedVolume started for volume %q{volume} ${DETAIL}`,
    'The volume manager checks that the controller attached the volume to this node before mounting it.'),
  volumeLine('M115d', 'volume.unmount-started', 0, 'operationExecutor.UnmountVolume started for volume ',
    `operationExecutor.UnmountVolume started for volume %q{volume} ${DETAIL}`,
    'The volume manager started unmounting a volume of a pod that no longer needs it.',
    ['UnmountVolume operation started for volume %q{uniqueName} (spec.Name: %q{volume}) from pod %q{podUID} (UID: %q)%s']),
  volumeLine('M115g', 'volume.wait-attach', 0, 'MountVolume.WaitForAttach entering for volume ',
    `MountVolume.WaitForAttach entering for volume %q{volume} ${DETAIL}`,
    'Mounting an attachable volume (a cloud disk, a CSI volume with an attacher): the kubelet first waits until the device the controller attached shows up on the node.'),
  volumeLine('M115h', 'volume.attach-found', 0, 'MountVolume.WaitForAttach succeeded for volume ',
    `MountVolume.WaitForAttach succeeded for volume %q{volume} ${DETAIL}`,
    'The attached volume\'s device is on the node; mounting it (MountDevice, then SetUp) comes next.'),
  // A device (a disk's global mount, a CSI volume's staging) is let go of once no pod on the node uses it; its lines
  // name the node, not a pod (GenerateMsgDetailed of an attached volume).
  nodeVolumeLine('M115i', 'volume.unmount-device-started', 'operationExecutor.UnmountDevice started for volume ',
    'The volume manager started unmounting a volume\'s device from the node (its global mount, a CSI volume\'s NodeUnstage): no pod on the node uses the volume any more.'),
  nodeVolumeLine('M115j', 'volume.device-unmounted', 'UnmountDevice succeeded for volume ',
    'The volume\'s device is unmounted from the node (a CSI volume unstaged); detaching it from the node can follow.'),
  {
    // Still a printf call (klog.Infof) in every version.
    id: 'M115e', kind: 'volume.unmounted', lane: 'volume', versions: 'all', v: 0,
    printf: ['UnmountVolume.TearDown succeeded for volume %q{uniqueName} (OuterVolumeSpecName: %q{volume}) pod %q (UID: %q{podUID}). %s'],
    text: ['volume'],
    explain: 'A volume of the pod is unmounted; the terminated pod can be cleaned up once all are.',
  },
  {
    // The projected volume plugin (the service account token, kube-root-ca.crt, downward API) building its files.
    id: 'X233', kind: 'volume.projected-failed', lane: 'volume', versions: 'all', v: 0,
    printf: ['Error preparing data for projected volume %s{volume} for pod %s{pod}: %v{err}'],
    text: ['err'],
    explain: 'The kubelet could not build a projected volume\'s files (a service account token, the kube-root-ca.crt ConfigMap, a Secret or ConfigMap the pod projects): the mount is retried and the pod waits in ContainerCreating. Right after a kubelet start or the pod\'s scheduling, "not registered" (the kubelet\'s object cache) and a token request "forbidden" to the node (the API server\'s node authorizer not yet knowing the pod is bound there) are usually passing.',
  },
  {
    id: 'M115f', kind: 'volume.detached', lane: 'volume', versions: 'all', v: 0,
    msg: ['Volume detached for volume *'], printf: ['Volume detached for volume %q{volume} (UniqueName: %q{uniqueName}) on node %s'],
    inner: { field: 'msg', printf: ['Volume detached for volume %q{volume} (UniqueName: %q{uniqueName}) on node %s'] },
    text: ['volume'],
    explain: 'The volume is no longer attached to the node (the last step of tearing a volume down).',
  },
  {
    id: 'X31', kind: 'volume.op-failed', lane: 'volume', versions: 'all', v: 0,
    // The operation key is a quoted string: `"kubernetes.io/secret/<uid>-token" ("<uid>")` ≤1.20, `{volumeName:… podName:<uid> nodeName:}` later.
    // (1.3's goroutinemap.go wrote "error:" in lower case.)
    // (The last: an operation whose quoted key a poster replaced by "…" or "...".)
    printf: ['Operation for %q{operation} failed. No retries permitted until %s{retryAt} (durationBeforeRetry %s{backoff}). Error: %s{err}',
      'Operation for %q{operation} failed. No retries permitted until %s{retryAt} (durationBeforeRetry %s{backoff}). error: %s{err}',
      'Operation for %v failed. No retries permitted until %s{retryAt} (durationBeforeRetry %s{backoff}). Error: %s{err}'],
    // The key names the pod by its UID (an operation not tied to one pod has an empty podName).
    inner: [
      { field: 'operation', printf: ['{volumeName:%s{volumeName} podName:%s{podUID} nodeName:%s}', '%q{volumeName} (%q{podUID})'] },
      // The error names the pod when the operation was a pod's: `… pod "<name>" (UID: "<uid>") : <cause>`, its quotes
      // escaped where the error was printed quoted (≤1.1x).
      // 1.7's MountDevice error put the UID in the name's place too, and its cause after "with:".
      // (A line cut inside the UID still names the pod whole.)
      { field: 'err', printf: ['%s pod \\"%s{podName}\\" (UID: \\"%s{podUID}\\") : %s', '%s pod "%s{podName}" (UID: "%s{podUID}") : %s', '%s pod "%s" (UID: "%s{podUID}") with: %s',
        '%s pod \\"%s{podName}\\" (UID: \\"%s', '%s pod "%s{podName}" (UID: "%s'] },
    ],
    text: ['err'],
    explain: 'A volume operation (attach, mount, unmount) failed and is retried with a growing back-off; a mount that keeps failing makes the pod sync time out ("Unable to attach or mount volumes").',
  },
  // The pod worker itself blocks on the volume manager: these are its lines, not the reconciler's.
  {
    id: 'X67', kind: 'volume.wait-mount', lane: 'pod-worker', versions: 'all', v: 3,
    msg: ['Waiting for volumes to attach and mount for pod'], printf: ['Waiting for volumes to attach and mount for pod %q{pod}'],
    explain: 'The pod worker waits (up to 2m3s) until every volume the pod needs is attached and mounted, before it creates the sandbox.',
  },
  {
    id: 'X68', kind: 'volume.all-mounted', lane: 'pod-worker', versions: 'all', v: 3,
    msg: ['All volumes are attached and mounted for pod'], printf: ['All volumes are attached and mounted for pod %q{pod}'],
    explain: 'Every volume the pod needs is mounted: the pod worker goes on to the sandbox and the containers.',
  },
  {
    id: 'X69', kind: 'volume.wait-unmount', lane: 'pod-worker', versions: '1.22+', v: 3,
    msg: ['Waiting for volumes to unmount for pod'],
    explain: 'The worker of a terminated pod waits until its volumes are unmounted before the pod can be cleaned up.',
  },
  {
    id: 'X70', kind: 'volume.all-unmounted', lane: 'pod-worker', versions: '1.22+', v: 3,
    msg: ['All volumes are unmounted for pod'],
    explain: 'The terminated pod has no volume mounted any more: its worker can finish.',
  },
  {
    id: 'X104', kind: 'volume.mount-started', lane: 'volume', versions: '≤1.17 (printf)', v: 0,
    printf: [`Starting operationExecutor.MountVolume for volume %q{volume} ${DETAIL}`], text: ['volume'],
    explain: 'The volume manager\'s reconciler started mounting a volume the pod needs.',
  },
  {
    id: 'X105', kind: 'volume.desired-added', lane: 'volume', versions: '≤1.20 (printf)', v: 4,
    printf: ['Added volume %q{volume} (volSpec=%q) for pod %q{podUID} to desired state.'], text: ['volume'],
    explain: 'The volume manager\'s populator added a volume of a new pod to the desired state; the reconciler then attaches and mounts it.',
  },
  {
    // desired_state_of_world_populator.go: a volume of a new pod that cannot be added to the desired state (no plugin
    // handles it, its PVC is not bound, …), tried again at every pass of the populator (every 100 ms).
    id: 'X258', kind: 'volume.populate-failed', lane: 'volume', versions: 'all', v: 0,
    msg: ['Failed to add volume to desiredStateOfWorld'],
    printf: ['Failed to add volume %q{volume} (specName: %q) for pod %q{podUID} to desiredStateOfWorld. err=%v{err}',
      'Failed to add volume %s{volume} (specName: %s) for pod %q{podUID} to desiredStateOfWorld: %v{err}'],
    text: ['err'],
    explain: 'The volume manager could not add a volume of the pod to the state it works towards, so the volume is never attached or mounted and the pod waits for it; the populator tries again at each pass.',
  },
  {
    id: 'X106', kind: 'volume.desired-removed', lane: 'volume', versions: '≤1.20 (printf)', v: 4,
    printf: [`Removing volume from desired state for volume %q{volume} ${DETAIL}`], text: ['volume'],
    explain: 'The volume manager\'s populator dropped a volume of a pod that is gone or terminated; the reconciler then unmounts it.',
  },
  {
    // kubelet_pods.go's makeMounts: the subPath's directory could not be made, or its bind mount prepared.
    id: 'X165', kind: 'volume.subpath-failed', lane: 'pod-worker', versions: 'all (printf ≤1.20, structured 1.21+)', v: 0,
    msg: ['Failed to prepare subPath for volumeMount of the container', 'Failed to create subPath directory for volumeMount of the container'],
    printf: ['failed to prepare subPath for volumeMount %q{volumeMountName} of container %q{containerName}: %v{err}',
      'failed to create subPath directory for volumeMount %q{volumeMountName} of container %q{containerName}: %v{err}'],
    text: ['err'],
    explain: 'The container\'s subPath mount could not be prepared (its directory could not be made in the volume, the path resolves through a symlink outside it, or the bind mount failed): the container is not created and the pod shows CreateContainerConfigError.',
  },
  {
    // Not a failure yet: the permission step is skipped, and preparing the mount usually fails next (X165).
    id: 'X166', kind: 'volume.subpath-unchecked', lane: 'pod-worker', versions: '1.21+', v: 0,
    msg: ['Could not determine if subPath exists, will not attempt to change its permissions'], text: ['err', 'path'],
    explain: 'The kubelet could not check a subPath inside its volume (often a broken symlink), so it does not set that path\'s permissions; preparing the mount usually fails next.',
  },
  {
    id: 'X167', kind: 'volume.mount-missing', lane: 'pod-worker', versions: '≤1.10 (printf)', v: 0,
    printf: ['Mount cannot be satisfied for container %q{containerName}, because the volume is missing: %v{mount}'], text: ['mount'],
    explain: 'The container mounts a volume the pod does not have mounted (no such volume in the pod, or it failed to mount): the mount is left out of the container.',
  },
  {
    id: 'X168', kind: 'container.mounts', lane: 'pod-worker', versions: 'all (printf)', v: 3,
    printf: ['container: %s{podNamespace}/%s{podName}/%s{containerName} podIP: %q creating hosts mount: %v{hostsMount}',
      'container: %s{podNamespace}/%s{podName}/%s{containerName} podIPs: %v creating hosts mount: %v{hostsMount}'], text: ['hostsMount'],
    explain: 'The kubelet builds the container\'s mounts before creating it, and says whether it mounts the pod\'s /etc/hosts (only when the pod has an IP and is not on the host network).',
  },
  {
    id: 'X169', kind: 'volume.plugin-limits-failed', lane: 'volume', versions: '≤1.2x (in-tree Azure disk)', v: 0,
    printf: ['failed to list vmsizes in GetVolumeLimits, plugin.host: %s{host}, location: %s{location}'], text: ['location'],
    explain: 'The in-tree Azure disk plugin could not read the VM sizes to work out how many disks this node can attach; the node reports the default limit.',
  },
  {
    // mount_linux.go's formatAndMount, before MountDevice fails with it: lsblk could not read the device.
    id: 'X226', kind: 'volume.format-check-failed', lane: 'volume', versions: '≤1.1x (printf; later returned inside the mount error)', v: 0,
    printf: ['Could not determine if disk %q{device} is formatted (%v{err})'], text: ['device'],
    explain: 'Before mounting a block device the mounter checks whether it holds a filesystem (lsblk), and the check failed: the device is not there (an empty name: the volume plugin found no device for the disk), so the mount that follows fails.',
  },
  {
    // The in-tree RBD plugin (≤1.2x: rbd_util.go, disk_manager.go, rbd.go) mapping a Ceph image with the rbd command.
    id: 'X247', kind: 'volume.plugin-failed', lane: 'volume', versions: '≤1.2x (in-tree RBD)', v: 0,
    printf: ['rbd: map error %v{err}', 'rbd: failed to setup mount %s{path} %v{err}', 'failed to attach disk'], text: ['err'],
    explain: 'The in-tree RBD volume plugin could not map the Ceph image to a block device with `rbd map` (its output says why: no keyring, monitors not reachable, a kernel without the image\'s features), so the pod\'s volume is not mounted and the mount is retried.',
  },
  {
    // desired_state_of_world_populator.go: a pod's volume it cannot add to the set to mount (1.2x+: the pod worker's
    // wait for the pod's volumes ends at once with this error, not at its timeout).
    id: 'X271', kind: 'volume.populate-failed', lane: 'volume', versions: 'all', v: 0,
    msg: ['Error processing volume'], printf: ['Error processing volume %q{volumeName} for pod %q{pod}: %v{err}'], text: ['err'],
    explain: 'The volume manager could not add one of the pod\'s volumes to those it must mount: its PersistentVolumeClaim or PersistentVolume could not be read from the API server (refused, not found, not bound), or no volume plugin takes it. That volume is not mounted, and the pod stays ContainerCreating until the cause is fixed.',
  },
  {
    // volume_linux.go's SetVolumeOwnership: a warning at every mount of a volume the pod's fsGroup applies to.
    id: 'X243', kind: 'volume.ownership', lane: 'volume', versions: '1.17+ (printf)', v: 0,
    printf: ['Setting volume ownership for %s{path} and fsGroup set. If the volume has a lot of files then setting volume ownership could be slow, see %s'],
    text: ['path'],
    explain: 'The pod sets an fsGroup, so at each mount the kubelet changes the group of every file in the volume: harmless for small volumes (secrets, tokens), and the reason a volume of many files mounts slowly (fsGroupChangePolicy: OnRootMismatch skips it when the top is right).',
  },
];
