/**
 * A kubelet manager that keeps its state in a checkpoint file under /var/lib/kubelet (CPU, memory, device, DRA
 * managers; the pod resource allocations of 1.27+) refuses to start when it cannot restore that state. What the
 * error says tells why: the file holds another policy's state, or it is not valid (a write cut short by a crash or a
 * power loss, a full disk). kubelet-exited reads it from a start-up error, kubelet-panic from a panic's value.
 */
import type { Cause } from './causes.ts';

/** An error that says a checkpoint's saved state could not be restored. */
export const CHECKPOINT_WORDS: readonly string[] = [
  'could not restore state from checkpoint', 'cpu_manager_state', 'memory_manager_state', 'pod_status_manager_state',
  'allocated_pods_state', 'dra_manager_state', 'expected machine state is different',
  // The static CPU policy's own check of the CPUs in its state against the machine's.
  'current set of available cpus',
];

/** Words of an error that the file's content is not valid. */
const CORRUPT_WORDS = ['invalid character', 'unexpected end of json', 'checksum', 'corrupt'];
/** Words of an error that the file holds another policy's state. */
const POLICY_WORDS = ['differs from state checkpoint policy', 'configured policy'];

/** A checkpoint file's path the error names (the kubelet's message names the one to delete). */
const STATE_FILE = /\/var\/lib\/kubelet\/[A-Za-z0-9_.-]{1,64}/;

export function isCheckpointError(text: string): boolean {
  const lower = text.toLowerCase();
  return CHECKPOINT_WORDS.some((w) => lower.includes(w));
}

/** The cause for an error that is a checkpoint's (isCheckpointError), said as kubelet-exited says causes. */
export function checkpointCause(text: string): Cause {
  const lower = text.toLowerCase();
  const file = STATE_FILE.exec(text)?.[0];
  const named = file ? ` (${file})` : '';
  const remove = file ?? '/var/lib/kubelet/cpu_manager_state (or memory_manager_state, the file the error names)';
  if (POLICY_WORDS.some((w) => lower.includes(w))) {
    return {
      id: 'resource-manager-state', words: [], title: 'its CPU or memory manager\'s saved state disagrees with its policy',
      why: `The CPU (or memory) manager keeps its assignments in a checkpoint file${named}; after its policy was changed (none ↔ static), the file still holds the old policy's state and the manager refuses to start.`,
      next: `Drain the node, stop the kubelet, remove ${remove}, and start it again: the manager writes a new state for the new policy.`,
    };
  }
  if (lower.includes('expected machine state is different')) {
    return {
      id: 'memory-manager-machine', words: [], title: 'its memory manager\'s saved state does not match the machine',
      why: 'The static memory manager keeps what it assigned per NUMA node in /var/lib/kubelet/memory_manager_state, with the machine it saw; at this start the machine\'s memory per NUMA node (or what is reserved) is not what the file says — after a reboot the kernel may see a little less memory, huge pages may be allocated differently, a DIMM may be gone — so it refuses to start.',
      next: 'Drain the node, stop the kubelet, remove /var/lib/kubelet/memory_manager_state and start it again (the assignments of the pods on it are lost with the file); keep reservedMemory within what each NUMA node reliably has, and allocate huge pages at boot so they come out the same each time.',
    };
  }
  if (lower.includes('current set of available cpus')) {
    return {
      id: 'cpu-manager-cpus-changed', words: [], title: 'its CPU manager\'s saved state names other CPUs than the node has',
      why: 'The static CPU manager keeps the CPUs it assigned in /var/lib/kubelet/cpu_manager_state, with the set of CPUs it saw; at this start the node has another set (CPUs added or removed — a resized VM, a changed CPU count, CPUs taken offline — or reservedSystemCPUs changed), so the state no longer fits and the kubelet refuses to start ("please drain node and remove policy state file").',
      next: 'Drain the node, stop the kubelet, remove /var/lib/kubelet/cpu_manager_state and start it again: the manager writes a new state for the CPUs the node has; the pods\' exclusive CPU assignments are made anew.',
    };
  }
  if (CORRUPT_WORDS.some((w) => lower.includes(w))) {
    return {
      id: 'checkpoint-corrupt', words: [], title: 'a checkpoint file it keeps its state in is damaged',
      why: `A manager keeps its state in a checkpoint file${named}, and the file could not be read back: its content is not valid (a write cut short by a crash, a power loss or a full disk). The kubelet refuses to start until it is removed.`,
      next: `Drain the node (its pods' saved assignments are lost with the file), stop the kubelet, remove ${remove}, and start it again: a new, empty state is written.`,
    };
  }
  return {
    id: 'checkpoint-state', words: [], title: 'a manager could not restore the state it saved',
    why: `A manager keeps its state in a checkpoint file${named}, and the state it restored does not fit its current configuration (a changed policy, reserved or isolated CPUs, the CPUs or NUMA nodes the machine has) or could not be read. It refuses to start until the file is removed or the configuration matches it again.`,
    next: `Read the whole error for what did not match; drain the node, stop the kubelet, remove ${remove}, and start it again.`,
  };
}
