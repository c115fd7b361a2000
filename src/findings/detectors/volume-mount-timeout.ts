/**
 * volume-mount-timeout: the pod worker waited for the volume manager to attach and mount the pod's volumes and
 * gave up after its timeout (2m3s, WaitForAttachAndMount); the sync is retried and the pod stays
 * ContainerCreating (kubelet-reference §1.9, M37). The same error ending in "context canceled" is not a timeout:
 * the pod worker cancelled the sync (the pod is to be terminated or was updated) while it waited; told as such.
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { kindId } from '../../catalog/catalog.ts';
import type { Finding } from '../../model/trace.ts';
import { bracketList, clip, clipMiddle } from '../text-scan.ts';
import { causeByWords } from '../causes.ts';
import { VOLUME_CAUSES } from './volume-op-failing.ts';
import { duration, lineRef, listOf, podName, timeOfEvent } from '../wording.ts';
import { DELETION_KINDS, eventsNear } from '../episodes.ts';

const SYNC_ERROR = kindId('pw.sync-error');
const POPULATE_FAILED = kindId('volume.populate-failed');

interface Mount {
  pod: number;
  events: number[];
  total: number;
  unmounted: Set<string>;
  unattached: Set<string>;
  error: string;
  causes: number[];
  /** Of `total`: waits that ended because the sync was cancelled ("context canceled"), not by the timeout. */
  cancelled: number;
  /** Time of the last line counted in `total`. */
  lastCountedUs: number;
}

/**
 * Lines this close after a counted one are the same failed wait told again (the pod worker's "Error syncing pod"
 * and the FailedMount event repeat the sync function's line); separate waits are the 2m3s timeout apart.
 */
const SAME_WAIT_US = 10e6;

export const volumeMountTimeout: Detector = {
  id: 'volume-mount-timeout',
  detect(ctx) {
    const ev = ctx.trace.events;
    const mounts = new Map<number, Mount>();
    for (const e of ctx.ofKinds(['sync.mount-failed', 'event.failed-mount', 'pw.sync-error'])) {
      const pod = ev.pod[e];
      if (pod < 0) continue;
      const text = ctx.text(e);
      if (ev.kind[e] === SYNC_ERROR && !text.includes('unmounted volumes') && !text.includes('waiting for volumes to attach')) continue;
      let m = mounts.get(pod);
      if (!m) { m = { pod, events: [], total: 0, unmounted: new Set(), unattached: new Set(), error: '', causes: [], cancelled: 0, lastCountedUs: -Infinity }; mounts.set(pod, m); }
      if (ev.timeUs[e] - m.lastCountedUs > SAME_WAIT_US) {
        m.total++;
        m.lastCountedUs = ev.timeUs[e];
        if (text.endsWith('context canceled')) m.cancelled++;
      }
      if (m.events.length < 200) m.events.push(e);
      for (const v of bracketList(text, 'unmounted volumes=[')) if (m.unmounted.size < 20) m.unmounted.add(v);
      for (const v of bracketList(text, 'unattached volumes=[')) if (m.unattached.size < 20) m.unattached.add(v);
      if (!m.error && text) m.error = text;
    }
    // The volume manager's failed operations for those pods say why (secret not found, attach timeout…).
    for (const e of ctx.ofKinds(['volume.op-failed', 'volume.populate-failed'])) {
      const m = mounts.get(ev.pod[e]);
      if (!m) continue;
      if (m.causes.length < 5) m.causes.push(e);
    }
    return [...mounts.values()].map((m) => describe(ctx, m));
  },
};

/** What ends a volume wait by time, not by an error of the volume manager's. */
const ENDED_BY_TIME = /timed out waiting|deadline exceeded|context canceled/;

/** The error after the wait's volume lists (`unmounted volumes=[…], unattached volumes=[…]: <error>`), '' if none. */
function errorAfterLists(text: string): string {
  const at = text.lastIndexOf('volumes=[');
  const close = at < 0 ? -1 : text.indexOf(']', at);
  return close >= 0 && text.startsWith(': ', close + 1) ? text.slice(close + 3) : '';
}

/** An error the log printed as a quoted Go string (`"MountVolume… \\"pv\\" …"`), as its text. */
function unquoted(text: string): string {
  return text.length > 1 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1).replace(/\\"/g, '"') : text;
}

function describe(ctx: FindingContext, m: Mount): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  for (const e of [...m.events, ...m.causes]) b.evidence(e);
  b.pod(m.pod).nodeLanes(trace.pods[m.pod]?.node ?? 0, ['volume']);
  const first = m.events[0];
  const last = m.events[m.events.length - 1];
  const volumes = [...m.unmounted];
  if (m.cancelled === m.total) {
    return b.build({
      id: 'volume-mount-timeout',
      title: `Volume wait cancelled for ${podName(trace, m.pod)}${volumes.length ? ` (${listOf(volumes, 2)})` : ''}`,
      severity: 'info',
      explanation: `The pod worker of ${podName(trace, m.pod)} was waiting for its volumes${volumes.length ? ` (${listOf(volumes)} not yet mounted)` : ''} when its sync was cancelled ${m.total === 1 ? `at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})` : `${m.total} times, from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)})`}: the error ends in "context canceled", not in the 2m3s attach-and-mount timeout. The pod worker cancels a running sync when the pod is to be terminated (deleted, removed from its source, evicted), so the wait ends early; nothing here says a mount failed. The error line is the cancelled sync's, logged as "Error syncing pod".`,
      next: 'Look at what came for the pod just before: a SyncLoop DELETE or REMOVE (a static pod is removed and added again when its manifest changes or the kubelet restarts). If the pod then starts normally, nothing is wrong with its volumes.',
    });
  }
  // Before the volume manager (1.3), the pod worker mounted volumes itself during its sync: the error is the mount's
  // own, no timeout (`Unable to mount volumes for pod "x_ns": secrets "s" not found; skipping pod`).
  const waited = volumes.length > 0 || m.unattached.size > 0 || /time(out|d out)/.test(m.error);
  // Since 1.2x the wait ends at once on an error of the volume manager's populator (the PVC not readable, not bound),
  // carried after the volume lists instead of the timeout's "timed out waiting for the condition".
  const populator = waited ? errorAfterLists(m.error) : '';
  const early = populator !== '' && !ENDED_BY_TIME.test(populator);
  // Older kubelets list a pod's volumes as unattached until they are mounted, secrets and the service-account token
  // included: a volume not among the unmounted ones is mounted, so attached.
  const unattached = [...m.unattached].filter((v) => m.unmounted.size === 0 || m.unmounted.has(v));
  const how = waited ? 'waited for its volumes' : 'could not mount its volumes';
  const gaveUp = early ? ' and stopped waiting at once on the volume manager\'s error for them' : waited ? ' and gave up after the 2m3s attach-and-mount timeout' : ', and skipped its sync,';
  // A pod being deleted before its wait (the thread of kubernetes#54831): it is not starting but stuck terminating.
  const deleting = ctx.ofKinds(DELETION_KINDS).find((e) => ev.pod[e] === m.pod && ev.timeUs[e] <= ev.timeUs[first]) ?? -1;
  if (deleting >= 0) b.evidence(deleting);
  const stays = deleting >= 0
    ? `The pod was being deleted already (${lineRef(trace, deleting)}, ${timeOfEvent(trace, deleting)}): a kubelet syncs a pod it is tearing down too, and waits for its volumes first, so the pod stays Terminating while the wait fails, retried at each sync (kubernetes/kubernetes#54831).`
    : 'The pod stays ContainerCreating and the sync is retried.';
  const parts = [
    `The pod worker of ${podName(trace, m.pod)} ${how}${volumes.length ? ` (${listOf(volumes)} not mounted${unattached.length ? `; not attached: ${listOf(unattached)}` : ''})` : ''}${gaveUp} ${m.total === 1 ? `at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})` : `${m.total} times, from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)})`}${m.error ? `: "${clip(m.error, 160)}"` : ''}.`,
    m.causes.length
      ? `The volume manager's ${ev.kind[m.causes[0]] === POPULATE_FAILED ? 'populator, which reads each pod\'s volumes and their claims from the API server,' : 'reconciler (every 100 ms), the goroutine that attaches and mounts,'} logged why: "${clipMiddle(unquoted(ctx.text(m.causes[0])), 240)}" (${lineRef(trace, m.causes[0])}). ${stays}`
      : early
        ? `The volume manager could not add the volume to those it mounts (its populator reads each pod's volumes and their claims from the API server), and a pod worker waiting for volumes stops at once on such an error. ${stays}`
      : waited
        ? `The volume manager's reconciler (every 100 ms) is the goroutine that attaches and mounts; the step that fails is usually logged by it (MountVolume.SetUp failed, attach errors). ${stays}`
        : 'The error is the mount\'s own (a kubelet before 1.3 mounted a pod\'s volumes in its sync, with no volume manager): the pod stays ContainerCreating and the sync is retried.',
  ];
  // What the reconciler's error says is wrong, in volume-op-failing's words.
  // (Before the volume manager the sync's error is the mount's own; after it, the sync's is only the wait's timeout.)
  const cause = m.causes.length ? causeByWords(VOLUME_CAUSES, ctx.text(m.causes[0])) : !waited ? causeByWords(VOLUME_CAUSES, m.error) : early ? causeByWords(VOLUME_CAUSES, populator) : undefined;
  if (cause) parts.push(`That is: ${cause.title}. ${cause.why}`);
  // A static pod's volumes are the node's own (hostPath as a rule): with no reconciler error, an API server that times
  // the kubelet's requests out at the same time is the likelier reason — the volume manager works through every pod's
  // volumes in one loop, and one it must look up in the API (a PersistentVolumeClaim) holds it for the request's timeout.
  const apiTimeout = !m.causes.length && waited && trace.pods[m.pod]?.kind === 'static' ? apiTimeoutNear(ctx, ev.node[first], ev.timeUs[first] - API_NEAR_US, ev.timeUs[last]) : -1;
  if (apiTimeout >= 0) {
    b.evidence(apiTimeout);
    parts.push(`This is a static pod: its volumes come from the node itself and need nothing from the API. But the API server was timing out the kubelet's requests at the time (${lineRef(trace, apiTimeout)}: "${clip(ctx.text(apiTimeout), 120)}"), and the volume manager works through every pod's volumes in one loop: a volume it must look up in the API (another pod's PersistentVolumeClaim) holds that loop for the request's timeout, so even local volumes wait — most likely the API server, not the volumes, is what to look at.`);
  }
  const spanUs = ev.timeUs[last] - ev.timeUs[first];
  return b.build({
    id: 'volume-mount-timeout',
    title: `Volumes ${waited && !early ? 'not mounted in time' : 'could not be mounted'} for ${podName(trace, m.pod)}${volumes.length ? ` (${listOf(volumes, 2)})` : ''}`,
    severity: m.total >= 2 ? 'error' : 'warning',
    explanation: `${parts.join(' ')}${spanUs > 0 ? ` Stuck for at least ${duration(spanUs + (early ? 0 : 123e6))}.` : ''}`,
    next: cause?.next ?? (apiTimeout >= 0
      ? 'Look at the API server and what it waits on (etcd: on a single control-plane node a static etcd pod that is itself not up yet); its --request-timeout bounds how long each of the kubelet\'s requests hangs. The volumes come once the API answers.'
      : !waited && !m.causes.length
      ? 'Read the error: the volume plugin\'s own mount failed inside the pod\'s sync (a kubelet before 1.3 has no volume manager and no CSI). Check the volume\'s source — the disk or the iSCSI/FC target, the NFS server, the Secret — and the mount tools on the node.'
      : 'Look at the volume manager lines and FailedMount/FailedAttachVolume events for the volumes named; check the PVC binding, VolumeAttachment objects, the CSI node plugin on this node, and referenced Secrets/ConfigMaps that may not exist.'),
  });
}

/** How far before a static pod's volume wait an API server timing out the kubelet's requests counts. */
const API_NEAR_US = 5 * 60e6;
/** The API server's own timeout answer, or a request of the kubelet's that ran out of time. */
const API_TIMEOUT = /request did not complete within requested timeout|Client\.Timeout exceeded|context deadline exceeded/;

/** The first request of the kubelet's to the API server on `node` in [fromUs, toUs] that timed out, or -1. */
function apiTimeoutNear(ctx: FindingContext, node: number, fromUs: number, toUs: number): number {
  const near = eventsNear(ctx, ctx.ofKinds(['sync.mirror-create-failed', 'status.failed', 'status.get-failed', 'node.status-error', 'node.lease-failed']), node, fromUs, toUs, 50);
  return near.find((e) => API_TIMEOUT.test(ctx.text(e))) ?? -1;
}
