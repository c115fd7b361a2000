/**
 * hash-change-restart (seed 001): a kubelet restart after an upgrade whose container hash input changed. In the
 * 1.12 profile the new build's v1.Container struct gained a field (spew-printed, so every hash changes); in the
 * 1.28 profile the new build hashes a field the API server now defaults. fixed: the new build hashes exactly the
 * old input, so the stored labels still match.
 */
import type { ProfileId } from '../kubelet/profile.ts';
import { profileOf } from '../kubelet/profile.ts';
import { S, at, container, hashInputFor, makePod } from './build.ts';
import { planUpgrade, upgradeAnnotations, upgradeOutcome } from './hash-restart.ts';
import type { Scenario } from './types.ts';

const START = at(2021, 6, 8, 14, 20, 5, 331_906);
const NEW_START = START + 62 * S;

/** The field each era's upgrade adds to the hashed input. */
function newField(id: ProfileId) {
  return id === '1.12'
    ? { name: 'StartupProbe', type: '*v1.Probe' }
    : { name: 'resizePolicy', type: 'default:[{"resourceName":"cpu","restartPolicy":"NotRequired"}]' };
}

export const hashChangeRestart: Scenario = {
  id: 'hash-change-restart',
  title: 'Containers restart after a kubelet upgrade (spec hash changed)',
  summary: 'Seed 001: after a kubelet upgrade every running container’s stored spec hash differs, so each is killed and recreated.',
  narrative:
    'The kubelet stores a hash of each container\'s spec on the container and, on every sync, recomputes it from the pod ' +
    'spec: a different hash means the spec changed and the container must be replaced. Nobody changed the pods here — ' +
    'the kubelet was upgraded, and the new build hashes a slightly different input (a new struct field, or a newly ' +
    'defaulted one). The first sync after the restart finds every hash changed and restarts every container on the node.',
  seed: '001',
  versions: ['1.12', '1.28'],
  startUs: START,
  defaultVersion: () => '1.12',
  defaultVerbosity: 2,
  defaultSeed: 1,
  variants: {
    buggy: 'the new build hashes one more field than the build that created the containers',
    fixed: 'the new build hashes the same input as the old one (a stable hash across the upgrade)',
  },
  faults: [],
  setup({ world, variant, profile }) {
    const base = hashInputFor(profile);
    const next = variant === 'buggy' ? { ...base, extraFields: [newField(profile.id)] } : base;
    const web = makePod('web-0', 'default', [
      container('app', 'nginx:1.21', { ports: [{ name: 'http', containerPort: 80, protocol: 'TCP' }] }),
      container('log-shipper', 'fluent-bit:1.8'),
    ], { creationUs: START + 2 * S });
    const db = makePod('db-0', 'default', [container('db', 'postgres:13', { app: { readyAfterUs: 4 * S, exitAfterTermUs: 1_200_000, termExitCode: 0 } })], { creationUs: START + 2 * S });
    planUpgrade({
      world, nodeName: 'worker-3', pods: [web, db], podsCreatedUs: START + 2 * S, stopUs: START + 40 * S,
      old: { profile: profileOf(profile.id), hash: base, pid: 1874, startUs: START },
      next: { profile, hash: next, pid: 40122, startUs: NEW_START },
    });
    return NEW_START + 40 * S;
  },
  annotations: upgradeAnnotations,
  outcome: ({ world }) => upgradeOutcome(world, NEW_START),
};
