/**
 * Container-manager failures whose error names its cause: the kubelet exits on them at start-up (kubelet-exited), and
 * releases that kept running reported them as the runtime state's error, skipping every pod sync (pod-sync-skipped).
 */
import type { Cause } from './causes.ts';

export const CONTAINER_MANAGER_CAUSES: readonly Cause[] = [
  {
    id: 'slice-exists', words: ['.slice already exists'], title: 'systemd still has a pods\' slice from before',
    why: 'With the systemd cgroup driver the kubelet asks systemd to create the pods\' slices (kubepods.slice and its QoS slices); systemd answered that the slice already exists — left by an earlier run that systemd still tracks (a known interplay of runc and systemd, kubernetes/kubernetes#43856) — and the container manager could not start.',
    next: 'Stop the leftover slices (`systemctl stop kubepods-burstable.slice kubepods-besteffort.slice kubepods.slice`) or reboot the node, then start the kubelet; keep runc and the kubelet current, and check that the kubelet and the runtime use the same cgroup driver.',
  },
  {
    id: 'cgroup-not-unified', words: ['cgroup hierarchy not unified'], title: 'its own cgroup differs for cpu and memory',
    why: 'The kubelet looks up the cgroup it runs in and found it in different places for the cpu and memory controllers (the error lists both): its service runs without CPU accounting, so systemd placed it in a memory cgroup of its own but left it in the root cpu cgroup, and this kubelet refuses to start then.',
    next: 'Turn on accounting for the kubelet\'s unit (a drop-in under /etc/systemd/system/kubelet.service.d with CPUAccounting=true and MemoryAccounting=true, then `systemctl daemon-reload` and a restart), or set the kubelet\'s own cgroup (--kubelet-cgroups) explicitly.',
  },
  {
    id: 'cgroup-controller-missing', words: ['failed to find subsystem mount'], title: 'the kernel lacks a cgroup controller it needs',
    why: 'The container manager needs a cgroup controller (the error names it: pids, cpuset, hugetlb…) that the node\'s kernel does not offer or has not mounted — a kernel built without it, or one that turns it off by default (Raspberry Pi kernels did for memory and, before 4.19 or so, had no pids controller).',
    next: 'Check what the kernel offers (`cat /proc/cgroups`, `mount | grep cgroup`): enable the controller on the kernel command line (on Raspberry Pi OS, cgroup_enable=memory cgroup_memory=1 in /boot/cmdline.txt) or run a kernel built with it.',
  },
  {
    id: 'reserved-cgroup-missing', words: ['failed to enforce kube reserved cgroup limits', 'failed to enforce system reserved cgroup limits'], title: 'the cgroup named for reserved resources does not exist',
    why: 'The node allocatable settings enforce kube-reserved or system-reserved (enforceNodeAllocatable), so the kubelet sets limits on the cgroup --kube-reserved-cgroup or --system-reserved-cgroup names; the kubelet does not create that cgroup, and it was not there (the error names it: a slice not loaded).',
    next: 'Create the cgroup before the kubelet starts (for a systemd slice, a unit for it that is started first), or take kube-reserved / system-reserved out of enforceNodeAllocatable (keeping the reservations themselves).',
  },
];
