/**
 * network-not-ready: updateRuntimeUp (every 5 s) found the runtime's NetworkReady condition false (usually the CNI
 * plugin not initialised), recorded a network error — the node reports NotReady — and pod workers refuse to sync
 * pods that need the pod network ("network is not ready"), retrying every 1–1.5 s (kubelet-reference §1.6, §2.4).
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { groupEpisodes, isStartupTransient, type Episode } from '../episodes.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { kindId } from '../../catalog/catalog.ts';
import type { Finding } from '../../model/trace.ts';
import { clip } from '../text-scan.ts';
import { count, duration, lineRef, podNames, timeOfEvent } from '../wording.ts';

const SYNC_ERROR = kindId('pw.sync-error');
const CONFIG_INVALID = kindId('node.cni-config-invalid');
const CNI_CONFIG = kindId('node.cni-config');
const KUBENET = /Kubenet does not have netConfig|lack of PodCIDR/i;
const BRIDGE_FAILED = kindId('node.bridge-failed');
const BRCTL = /"brctl": executable file not found/;
const MAX_GAP_US = 60e6;
/** Network not ready for longer than this is a node that will not become Ready on its own soon. */
const LONG_US = 5 * 60e6;

export const networkNotReady: Detector = {
  id: 'network-not-ready',
  detect(ctx) {
    const ev = ctx.trace.events;
    const matching: number[] = [];
    // (≤1.23's "Unable to update cni config: No networks found" is the dockershim's own word for it.)
    for (const e of ctx.ofKinds(['node.network-not-ready', 'node.bridge-failed', 'event.network-not-ready', 'node.cni-config', 'node.cni-config-invalid', 'pw.sync-error'])) {
      if (ev.kind[e] === SYNC_ERROR && !ctx.text(e).includes('network is not ready')) continue;
      matching.push(e);
    }
    return groupEpisodes(ctx, matching, MAX_GAP_US).map((ep) => describe(ctx, ep));
  },
};

function describe(ctx: FindingContext, ep: Episode): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  b.episode(ep, ['node-status']);
  const pods = new Set<number>();
  let detail = '';
  let invalid = -1;
  for (const e of ep.sample) {
    if (ev.pod[e] >= 0) pods.add(ev.pod[e]);
    if (ev.kind[e] === CONFIG_INVALID) { if (invalid < 0) invalid = e; continue; }
    if (!detail && ev.kind[e] !== SYNC_ERROR) detail = ctx.text(e);
  }
  const spanUs = ev.timeUs[ep.last] - ev.timeUs[ep.first];
  const transient = isStartupTransient(ctx, ep) && pods.size === 0;
  // Old kubelets' --configure-cbr0: the kubelet's own bridge set-up failed (no runtime involved).
  const cbr0 = ep.sample.some((e) => ev.kind[e] === BRIDGE_FAILED);
  // Only the kubelet's own CNI plugin saying it found no config (≤1.23): nothing here says the node is not ready.
  const configOnly = !cbr0 && ep.sample.every((e) => ev.kind[e] === CNI_CONFIG);
  const parts = [
    (ep.count === 1
      ? `At ${timeOfEvent(trace, ep.first)} (${lineRef(trace, ep.first)})`
      : `From ${timeOfEvent(trace, ep.first)} (${lineRef(trace, ep.first)}) to ${timeOfEvent(trace, ep.last)} (${lineRef(trace, ep.last)}), ${duration(spanUs)} and ${count(ep.count, 'line')},`) +
      ` ${cbr0 ? 'the kubelet could not set up the pods\' bridge (cbr0)' : configOnly ? 'the kubelet\'s CNI network plugin found no network config' : 'the runtime reported its pod network not ready'}${detail ? ` ("${clip(detail, KUBENET.test(detail) ? 220 : 160)}")` : ''}.`,
    configOnly
      ? 'That matters when the kubelet runs with --network-plugin=cni (the dockershim, up to 1.23): then the node reports NotReady and pods that need the pod network do not start until a config is installed. Kubelets of that time look for a CNI config at start-up whichever network plugin they then use, so the line alone does not show the node not ready: a line saying "network plugin is not ready" or NetworkReady=false would.'
      : cbr0
      ? 'Until it can, the kubelet counts its network as not configured: the node reports NotReady ("network not configured correctly") and pods that need the pod network do not start; it tries again at its next network status sync.'
      : 'updateRuntimeUp records this as a network error: the node\'s Ready condition is False, and pod workers refuse to sync pods that need the pod network, retrying every 1–1.5 s; host-network pods still start.',
  ];
  // A config the kubelet rejected (1.16+ checks its cniVersion against the plugins'): there is one, but it counts as none.
  if (invalid >= 0) parts.push(`A CNI config is there, but the kubelet rejected it (${lineRef(trace, invalid)}: "Error validating CNI config"): it checks each config against the CNI versions its plugin binaries support, and one without a cniVersion, or with a version they do not support (flannel's default config of that time had none), counts as no config at all.`);
  if (pods.size) parts.push(`Pods whose sync failed because of it: ${podNames(trace, pods)}.`);
  if (cbr0) parts.push(BRCTL.test(detail) ? 'The kubelet runs `brctl` (bridge-utils) and `ip` itself to make cbr0, and could not find brctl in its PATH: a kubelet run in a container or a wrapper (rkt fly, hyperkube) sees its own filesystem and PATH, not the host\'s.' : 'The kubelet makes cbr0 itself from the node\'s pod CIDR (--configure-cbr0) with brctl and ip.');
  // The dockershim's kubenet plugin (≤1.23) has no network config until the node has a pod CIDR.
  const kubenet = KUBENET.test(detail);
  if (kubenet) parts.push('The network plugin is kubenet, which sets up the pods\' bridge from the node\'s pod CIDR (spec.podCIDR) and has nothing to configure until the node has one.');
  if (transient) parts.push(`It happened within the first minute after the kubelet start, while ${kubenet ? 'the node is usually still waiting for its pod CIDR' : 'the CNI plugin is usually still being installed'}.`);
  const severity = transient ? 'info' : spanUs >= LONG_US || (pods.size > 0 && spanUs >= 60e6) ? 'error' : pods.size > 0 || spanUs >= 60e6 ? 'warning' : 'info';
  return b.build({
    id: 'network-not-ready',
    title: `${cbr0 ? 'Pods\' bridge (cbr0) not set up' : configOnly ? 'No CNI network config found' : 'Runtime network not ready'}${pods.size ? `: ${count(pods.size, 'pod')} could not sync` : ''}`,
    severity,
    explanation: parts.join(' '),
    next: cbr0
      ? 'Give the kubelet what it runs to make the bridge: bridge-utils (brctl) and iproute2 in the PATH it sees (inside its container or wrapper image, or mount them from the host), and a pod CIDR for the node; or create cbr0 beforehand and run without --configure-cbr0.'
      : kubenet
      ? 'Check that the Node has a pod CIDR (`kubectl get node <name> -o jsonpath=\'{.spec.podCIDR}\'`): the controller manager assigns one only with --allocate-node-cidrs and a --cluster-cidr large enough for every node (or the kubelet\'s --pod-cidr sets it); the kubelet picks it up on its next node status sync.'
      : invalid >= 0
      ? 'Fix the config in /etc/cni/net.d: give it a cniVersion its plugins support ("cniVersion": "0.3.1" in a conflist), or apply the network add-on\'s current manifest, which writes one; check the plugin binaries in /opt/cni/bin are as new as the config asks.'
      : 'Check the CNI plugin on this node: its DaemonSet pod (calico, flannel, cilium…), the config in /etc/cni/net.d and the binaries in /opt/cni/bin, and the runtime\'s view (crictl info: NetworkReady).',
  });
}
