/**
 * Version profiles: the behaviours and texts that differ between the kubelet releases the simulator models
 * (kubelet-reference §0–§3). A profile is chosen per scenario run (`--version`); node-specific settings that are
 * not a property of the release (custom patches, fixes under test) live in KubeletConfig.
 */
import type { Build } from '../log/klog-writer.ts';

export type ProfileId = '1.7' | '1.9' | '1.12' | '1.23' | '1.28';
export const PROFILE_IDS: readonly ProfileId[] = ['1.7', '1.9', '1.12', '1.23', '1.28'];

export interface Profile {
  id: ProfileId;
  minor: number;
  /** Pod workers: ≤1.21 per-pod serializer, 1.22–1.26 lifecycle machine, 1.27+ pending/active machine (§2). */
  podWorkers: 'serializer' | 'lifecycle' | 'pending';
  /** Container runtime the IDs name (dockershim until 1.23, containerd after). */
  runtime: 'docker' | 'containerd';
  /** ≤1.12: a never-set base runtime sync counts as "container runtime is down"; 1.13+: "status check may not have completed yet". */
  zeroSyncIsDown: boolean;
  /** PLEG reports "pleg has yet to be successful" before its first relist (1.13+). */
  plegYetToSucceed: boolean;
  /** Readiness results reach the status manager through the prober's own goroutine (≤1.20) or the sync loop (1.21+). */
  probeResultsViaSyncLoop: boolean;
  /** Probe workers are added in HandlePodAdditions (≤1.21) or by every SyncPod (1.22+). */
  probesAddedBySyncPod: boolean;
  /** Housekeeping's runtime listing: the 2 s runtime cache (≤1.26) or a forced fresh listing (1.27+). */
  freshRuntimeListing: boolean;
  /** Status manager: per-pod queue (≤1.26) or a 1-slot signal and batch syncs (1.27+). */
  statusSignal: boolean;
  /** Final delete waits for a terminal phase written after SyncTerminatedPod (1.27+). */
  deleteNeedsTerminalPhase: boolean;
  /** Hash of the container spec: spew `%#v` of the struct (≤1.15) or its JSON (1.16+). */
  hashScheme: 'spew' | 'json';
  /** Fields of v1.Container the 1.7-era struct lacks (VolumeDevices, MountPropagation came with 1.8/1.9). */
  containerApi: '1.7' | '1.9';
}

const PROFILES: Record<ProfileId, Profile> = {
  '1.7': base('1.7', 7, { containerApi: '1.7' }),
  '1.9': base('1.9', 9, {}),
  '1.12': base('1.12', 12, {}),
  '1.23': base('1.23', 23, {
    podWorkers: 'lifecycle', runtime: 'containerd', zeroSyncIsDown: false, plegYetToSucceed: true, probeResultsViaSyncLoop: true,
    probesAddedBySyncPod: true, hashScheme: 'json',
  }),
  '1.28': base('1.28', 28, {
    podWorkers: 'pending', runtime: 'containerd', zeroSyncIsDown: false, plegYetToSucceed: true, probeResultsViaSyncLoop: true,
    probesAddedBySyncPod: true, freshRuntimeListing: true, statusSignal: true, deleteNeedsTerminalPhase: true, hashScheme: 'json',
  }),
};

function base(id: ProfileId, minor: number, over: Partial<Profile>): Profile {
  return {
    id, minor, podWorkers: 'serializer', runtime: 'docker', zeroSyncIsDown: true, plegYetToSucceed: false,
    probeResultsViaSyncLoop: false, probesAddedBySyncPod: false, freshRuntimeListing: false, statusSignal: false,
    deleteNeedsTerminalPhase: false, hashScheme: 'spew', containerApi: '1.9', ...over,
  };
}

export function profileOf(id: string): Profile {
  const p = PROFILES[id as ProfileId];
  if (!p) throw new Error(`unknown kubelet version profile "${id}" (known: ${PROFILE_IDS.join(', ')})`);
  return p;
}

/** The build label used for file:line tables: the seed-000 custom branch prints from different lines. */
export function buildOf(p: Profile, custom: boolean): Build {
  return { minor: p.minor, id: custom ? `${p.id}-custom` : p.id };
}
