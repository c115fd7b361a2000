/**
 * The built-in incidents: the five real write-ups Syncloop exists for, shipped as text under public/incidents/.
 * Each summary says in one line what happened, and what the excerpt can and cannot show.
 */
export interface BuiltInIncident {
  file: string;
  title: string;
  summary: string;
  /** Shown when the document holds (almost) no kubelet log lines of its own. */
  noLogNote?: string;
}

export const INCIDENTS: readonly BuiltInIncident[] = [
  {
    file: 'seed-000-readiness-init-race.log',
    title: 'Seed 000 — container killed after a kubelet restart (readiness race)',
    summary: 'Kubelet 1.12: the pod worker generated status before the probe worker installed its initial readiness result, so Ready=false reached a custom admit handler, which killed the container.',
  },
  {
    file: 'seed-001-container-hash-restart.log',
    title: 'Seed 001 — containers restarted because the spec hash changed',
    summary: 'After a kubelet restart every container was killed and recreated: the hash the new kubelet computes for the container spec differed from the hash stored on the running container.',
    noLogNote: 'This write-up explains the hashing code but quotes no kubelet log lines, so there is no timeline to draw. The simulator reproduces it, step by step.',
  },
  {
    file: 'seed-002-runtime-down-notready.log',
    title: 'Seed 002 — node NotReady after a kubelet restart (hung docker inspect)',
    summary: "cAdvisor's one-time start-up blocked on a hung \"docker inspect\", the runtime sync timestamp was never refreshed, and after 30 s the kubelet reported \"container runtime is down\".",
    noLogNote: 'This write-up describes the kubelet code path but quotes no kubelet log lines, so there is no timeline to draw. The simulator reproduces it, step by step.',
  },
  {
    file: 'seed-003-upgrade-hash-recreate.log',
    title: 'Seed 003 — upgrade 1.7.16 → 1.9.11 recreated every container',
    summary: 'A new field (VolumeDevices) in the hashed container struct changed every hash, so all non-sandbox containers were recreated after the upgrade.',
  },
  {
    file: 'seed-004-stuck-terminating-worker.log',
    title: 'Seed 004 — pod worker stuck terminating, sandbox never removed',
    summary: 'Kubelet 1.23: containerd crashed while housekeeping re-created a pod worker from a stale runtime cache; the kill failed, the worker stayed "terminating" for ever and the sandbox was never collected.',
  },
];

/** The incident `npm start` opens, and the landing page's "Open the demo". */
export const DEMO_INCIDENT: BuiltInIncident = INCIDENTS[4];

export function incidentByFile(file: string): BuiltInIncident | undefined {
  return INCIDENTS.find((i) => i.file === file);
}
