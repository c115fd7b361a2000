/**
 * What runs on the generated node: a mix of system DaemonSets, application Deployments with sidecars, and a few
 * StatefulSets, with the names, images and probes such workloads really have. Pod names follow the controllers'
 * rules (`<deployment>-<template hash>-<5 chars>`, `<daemonset>-<5 chars>`, `<statefulset>-<ordinal>`).
 */
import type { Prng } from './prng.ts';
import type { SimContainer, SimPod, Workload } from './sim-types.ts';

/** The alphabet Kubernetes uses for generated name suffixes and pod-template hashes (no vowels, no look-alikes). */
const NAME_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

const W = (ns: string, app: string, kind: Workload['kind'], image: string, port: number, weight: number, extra: Partial<Workload> = {}): Workload => ({
  namespace: ns, app, kind, image, port, weight, sidecar: false, liveness: true, execProbe: false, grace: 30, ...extra,
});

export const WORKLOADS: readonly Workload[] = [
  W('kube-system', 'kube-proxy', 'DaemonSet', 'registry.k8s.io/kube-proxy:v1.23.13', 10256, 0, { liveness: false }),
  W('kube-system', 'calico-node', 'DaemonSet', 'docker.io/calico/node:v3.24.5', 9099, 0, { execProbe: true }),
  W('monitoring', 'node-exporter', 'DaemonSet', 'quay.io/prometheus/node-exporter:v1.5.0', 9100, 0),
  W('logging', 'fluent-bit', 'DaemonSet', 'cr.fluentbit.io/fluent/fluent-bit:2.0.8', 2020, 0),
  W('kube-system', 'coredns', 'Deployment', 'registry.k8s.io/coredns/coredns:v1.8.6', 8181, 2),
  W('ingress-nginx', 'ingress-nginx-controller', 'Deployment', 'registry.k8s.io/ingress-nginx/controller:v1.5.1', 10254, 2),
  W('payments', 'payment-api', 'Deployment', 'registry.example.com/payments/payment-api:2.14.3', 8080, 8, { sidecar: true }),
  W('payments', 'payment-worker', 'Deployment', 'registry.example.com/payments/payment-worker:2.14.3', 8081, 6, { sidecar: true, grace: 60 }),
  W('checkout', 'checkout-web', 'Deployment', 'registry.example.com/checkout/checkout-web:5.2.0', 3000, 8, { sidecar: true }),
  W('checkout', 'cart-service', 'Deployment', 'registry.example.com/checkout/cart-service:1.9.12', 8080, 6, { sidecar: true }),
  W('search', 'search-indexer', 'Deployment', 'registry.example.com/search/indexer:0.31.2', 9200, 4, { grace: 120 }),
  W('search', 'query-gateway', 'Deployment', 'registry.example.com/search/query-gateway:0.31.2', 8443, 6),
  W('default', 'nginx-deployment', 'Deployment', 'docker.io/library/nginx:1.14.2', 80, 5, { liveness: false }),
  W('catalog', 'product-catalog', 'Deployment', 'registry.example.com/catalog/product-catalog:3.3.1', 8080, 6, { sidecar: true }),
  W('catalog', 'image-resizer', 'Deployment', 'registry.example.com/catalog/image-resizer:1.0.7', 8080, 3, { execProbe: true }),
  W('notifications', 'email-dispatcher', 'Deployment', 'registry.example.com/notify/email-dispatcher:4.1.0', 8080, 3),
  W('data', 'redis', 'StatefulSet', 'docker.io/library/redis:6.2.7', 6379, 1, { execProbe: true }),
  W('data', 'kafka-connect', 'StatefulSet', 'docker.io/confluentinc/cp-kafka-connect:7.3.0', 8083, 1, { grace: 90 }),
];

const SIDECAR_IMAGE = 'docker.io/istio/proxyv2:1.16.1';

export class NameFactory {
  private readonly templateHash = new Map<string, string>();
  private readonly ordinals = new Map<string, number>();
  private readonly used = new Set<string>();

  constructor(private readonly rng: Prng) {}

  /** The current pod-template hash of a Deployment; a rollout gives it a new one. */
  rollout(w: Workload): void {
    this.templateHash.set(w.app, this.rng.word(NAME_ALPHABET, this.rng.int(9, 10)));
  }

  podName(w: Workload): string {
    for (;;) {
      let name: string;
      if (w.kind === 'StatefulSet') {
        const n = this.ordinals.get(w.app) ?? 0;
        this.ordinals.set(w.app, n + 1);
        name = `${w.app}-${n}`;
      } else if (w.kind === 'DaemonSet') {
        name = `${w.app}-${this.rng.word(NAME_ALPHABET, 5)}`;
      } else {
        if (!this.templateHash.has(w.app)) this.rollout(w);
        name = `${w.app}-${this.templateHash.get(w.app)}-${this.rng.word(NAME_ALPHABET, 5)}`;
      }
      // Names stay unique in one log, so every pod the generator makes is one pod in the trace.
      if (!this.used.has(`${w.namespace}/${name}`)) {
        this.used.add(`${w.namespace}/${name}`);
        return name;
      }
    }
  }
}

function container(rng: Prng, name: string, image: string, port: number, liveness: boolean, execProbe: boolean): SimContainer {
  return {
    name, image, imageId: `${image.split(':')[0]}@sha256:${rng.hex(64)}`, port, readinessProbe: true, livenessProbe: liveness,
    execProbe, probePeriodS: rng.pick([5, 10, 10, 15, 20, 30]), id: '', state: 'none', ready: false, restarts: 0, exitCode: 0,
    startedUs: 0, finishedUs: 0, lastId: '', lastExitCode: 0, lastStartedUs: 0, lastFinishedUs: 0, backoffS: 0,
    backoffUntilUs: 0, crashAfterS: 0, failStreak: 0, livenessFailed: false, probeSeq: 0, mountName: `kube-api-access-${rng.word(NAME_ALPHABET, 5)}`,
  };
}

export function newPod(rng: Prng, names: NameFactory, w: Workload, nowUs: number, podCidrOctet: number): SimPod {
  const containers = [container(rng, w.app, w.image, w.port, w.liveness, w.execProbe)];
  if (w.sidecar) containers.push(container(rng, 'istio-proxy', SIDECAR_IMAGE, 15021, false, false));
  // A few pods crash-loop (bad config, failing dependency): their main container dies a while after each start.
  if (w.kind === 'Deployment' && rng.chance(0.05)) containers[0].crashAfterS = rng.int(2, 40);
  return {
    uid: rng.uuid(), namespace: w.namespace, name: names.podName(w), workload: w, containers, sandboxId: '',
    podIp: w.kind === 'DaemonSet' ? '10.0.12.31' : `10.244.${podCidrOctet}.${rng.int(2, 254)}`, phase: 'Pending',
    state: 'new', statusVersion: 0, statusKey: '', createdUs: nowUs, startedUs: 0, grace: w.grace, nextResyncUs: Infinity,
    workScheduled: false, flakyLiveness: rng.chance(0.04), readySinceUs: 0, busy: false, awaitRelist: false,
  };
}
