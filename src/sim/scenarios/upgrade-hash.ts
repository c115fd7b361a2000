/**
 * upgrade-hash-1.7-1.9 (seed 003): replacing a 1.7.16 kubelet with 1.9.11. The 1.9 v1.Container struct has a new
 * field, VolumeDevices (and VolumeMount a MountPropagation pointer), and the hash is go-spew's dump of the whole
 * struct — so every container hash changes and every non-sandbox container is recreated, while sandboxes are kept.
 * fixed: 1.9.11 hashes the 1.7 field set (the patch of the write-up: strip the new fields from the dump).
 */
import { profileOf } from '../kubelet/profile.ts';
import { S, at, container, hashInputFor, makePod } from './build.ts';
import { planUpgrade, upgradeAnnotations, upgradeOutcome } from './hash-restart.ts';
import type { Scenario } from './types.ts';

const START = at(2019, 1, 14, 17, 55, 48, 407_113);
const NEW_START = at(2019, 1, 14, 17, 57, 39, 258_527);

export const upgradeHash: Scenario = {
  id: 'upgrade-hash-1.7-1.9',
  title: 'Upgrading 1.7.16 → 1.9.11 recreates every container',
  summary: 'Seed 003: the 1.9 kubelet hashes a struct with the new VolumeDevices field, so all non-sandbox containers are recreated.',
  narrative:
    'Kubelet 1.7.16 runs prometheus-node-exporter. The binary is replaced with 1.9.11 and restarted. 1.9 hashes the ' +
    'go-spew dump of v1.Container exactly as 1.7 did, but the struct now has a VolumeDevices field (and VolumeMount a ' +
    'MountPropagation pointer), printed even when empty. The hash stored on the running container no longer matches: ' +
    '"Container spec hash changed (… vs …).. Container will be killed and recreated." The pause container keeps running.',
  seed: '003',
  versions: ['1.9'],
  startUs: START,
  defaultVersion: () => '1.9',
  defaultVerbosity: 2,
  defaultSeed: 1,
  variants: {
    buggy: '1.9.11 hashes its own v1.Container (with VolumeDevices, MountPropagation)',
    fixed: '1.9.11 hashes the 1.7 field set (the new fields removed from the dump before hashing)',
  },
  faults: [],
  setup({ world, variant, profile }) {
    const old = profileOf('1.7');
    const pod = makePod('prometheus-node-exporter-l7vzz', 'monitoring', [
      container('prometheus-node-exporter', 'harbor.xxxx.com/kubernetes/node-exporter:v0.16.0', { ports: [{ name: 'prom-node-exp', containerPort: 9100, protocol: 'TCP' }] }),
    ], { uid: '4ec492d2-17de-11e9-9206-52540064c479', creationUs: START + 1_500_000 });
    planUpgrade({
      world, nodeName: '10-10-66-204', pods: [pod], podsCreatedUs: START + 1_580_000, stopUs: START + 90 * S,
      old: { profile: old, hash: hashInputFor(old), pid: 12551, startUs: START },
      next: { profile, hash: variant === 'buggy' ? hashInputFor(profile) : hashInputFor(old), pid: 12945, startUs: NEW_START },
    });
    return NEW_START + 45 * S;
  },
  annotations: upgradeAnnotations,
  outcome: ({ world }) => upgradeOutcome(world, NEW_START),
};
