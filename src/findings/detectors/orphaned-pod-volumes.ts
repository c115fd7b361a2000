/**
 * orphaned-pod-volumes: housekeeping (every 2 s) keeps finding the directory of a pod that is gone from the node with
 * volume paths still under it (/var/lib/kubelet/pods/<uid>/volumes/…), so it never removes it and says so again each
 * pass. The volume did not unmount — a teardown that failed, a kubelet restarted in the middle of one, a volume
 * plugin that no longer knows it — and nothing in the kubelet will finish the job: its mounts and the directory stay
 * until someone removes them, and the error repeats for as long as the kubelet runs.
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { burstCount } from '../episodes.ts';
import { count, duration, lineRef, listOf, timeOfEvent } from '../wording.ts';
import { clip } from '../text-scan.ts';
import { kindId } from '../../catalog/catalog.ts';

/**
 * Stuck: this many reports over at least MIN_PASSES housekeeping passes (reports more than PASS_GAP_US apart are
 * passes of their own) — one pod in three passes, or several pods in two, as a short excerpt shows them; or a kubelet
 * counting MIN_COUNTED errors. One pass alone can be a teardown still under way.
 */
const MIN_REPORTS = 3;
const MIN_PASSES = 2;
const PASS_GAP_US = 500e3;
const MIN_COUNTED = 2;
const MAX_EVIDENCE = 20;
const MAX_PODS_NAMED = 5;

interface NodeOrphans {
  node: number;
  /** Reports per pod (by pod index), in time order. */
  byPod: Map<number, number[]>;
  /** The most errors the kubelet said it counted ("There were a total of N errors similar to this"). */
  counted: number;
  /** Per reported pod, the volume manager's failure to rebuild one of its volumes before its first report. */
  unrebuilt: Map<number, number>;
  /** Reports that are the removal of a pod's directory failing (not a teardown that may still be under way). */
  removalFailures: number[];
}

const DIR_REMOVAL_FAILED = kindId('housekeeping.orphan-dirs-failed');

export const orphanedPodVolumes: Detector = {
  id: 'orphaned-pod-volumes',
  detect(ctx) {
    const ev = ctx.trace.events;
    const nodes = new Map<number, NodeOrphans>();
    for (const e of ctx.ofKinds(['housekeeping.orphan-volumes-left', 'housekeeping.orphan-dirs-failed'])) {
      const pod = ev.pod[e];
      if (pod < 0) continue;
      let n = nodes.get(ev.node[e]);
      if (!n) { n = { node: ev.node[e], byPod: new Map(), counted: 0, unrebuilt: new Map(), removalFailures: [] }; nodes.set(ev.node[e], n); }
      const list = n.byPod.get(pod) ?? [];
      list.push(e);
      n.byPod.set(pod, list);
      if (ev.kind[e] === DIR_REMOVAL_FAILED) n.removalFailures.push(e);
      if (Number.isFinite(ev.num[e])) n.counted = Math.max(n.counted, ev.num[e]);
    }
    // A volume the volume manager could not rebuild after a start is one it will never tear down: its pod's report
    // is no teardown under way, even in one pass.
    for (const e of ctx.ofKind('volume.reconstruct-failed')) {
      const n = nodes.get(ev.node[e]);
      const reports = n && ev.pod[e] >= 0 ? n.byPod.get(ev.pod[e]) : undefined;
      if (n && reports && e < reports[0] && !n.unrebuilt.has(ev.pod[e])) n.unrebuilt.set(ev.pod[e], e);
    }
    const out: Finding[] = [];
    for (const n of nodes.values()) {
      // Event numbers are in time order: sorted, the node's reports are its passes' lines one after another.
      const all = [...n.byPod.values()].flat().sort((a, b) => a - b);
      // A file left in the tree ("not a directory" removing the volumes dir) is no teardown under way, even in one pass.
      const fileLeft = all.some((e) => { const t = ctx.text(e); return t.includes('remove the volumes dir') && t.includes('not a directory'); });
      const stuck = n.counted >= MIN_COUNTED || n.unrebuilt.size > 0 || n.removalFailures.length > 0 || fileLeft ||
        (all.length >= MIN_REPORTS && burstCount(ev.timeUs, all, PASS_GAP_US) >= MIN_PASSES);
      if (stuck) out.push(describe(ctx, n));
    }
    return out;
  },
};

function describe(ctx: FindingContext, n: NodeOrphans): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  const all = [...n.byPod.values()].flat().sort((a, c) => a - c);
  // Each pod's first report, then the rest in time order.
  const firsts = [...n.byPod.values()].map((l) => l[0]);
  for (const e of [...new Set([...firsts, ...all])].slice(0, MAX_EVIDENCE)) b.evidence(e);
  b.nodeLanes(n.node, ['housekeeping']);
  const first = all[0];
  const last = all[all.length - 1];
  const onlyRemovals = n.removalFailures.length === all.length;
  const uids = [...n.byPod.keys()].map((p) => trace.pods[p]?.uid || `#${p}`);
  const parts = [
    (all.length === 1 ? `At ${timeOfEvent(trace, first)} (${lineRef(trace, first)}), `
      : `From ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)}), ${duration(ev.timeUs[last] - ev.timeUs[first])}, `)
      + (onlyRemovals
        ? `housekeeping failed${all.length > 1 ? ` ${count(all.length, 'time')}` : ''} to remove the directory of ${count(n.byPod.size, 'orphaned pod')}: ${listOf(uids, MAX_PODS_NAMED)}.`
        : `housekeeping reported ${count(n.byPod.size, 'orphaned pod')} whose volume paths are still on disk ${count(all.length, 'time')}: ${listOf(uids, MAX_PODS_NAMED)}.`),
  ];
  if (n.counted >= MIN_COUNTED) parts.push(`The kubelet counts ${n.counted} errors like these and prints one per pass.`);
  if (n.unrebuilt.size) {
    const [pod, e] = [...n.unrebuilt][0];
    b.evidence(e);
    parts.push(`Before that, the volume manager could not rebuild a volume of ${n.unrebuilt.size === 1 ? 'pod' : `${n.unrebuilt.size} of these pods, first`} ${trace.pods[pod]?.uid || `#${pod}`} from its directory on disk (${lineRef(trace, e)}: "${clip(ctx.text(e), 160)}"): after a kubelet start it rebuilds what was mounted from the pods' directories, and a volume it cannot rebuild is one it no longer knows — it never unmounts it or removes its directory, so the report repeats every 2 s for as long as the kubelet runs.`);
  }
  // 1.22+ names what it tried: rmdir() on a volume's directory that still holds files (no longer a mount point), or
  // the removal of the volumes tree, which removes directories only, meeting a file.
  const notEmpty = all.find((e) => { const t = ctx.text(e); return t.includes('rmdir') && t.includes('directory not empty'); });
  const fileLeft = all.find((e) => { const t = ctx.text(e); return t.includes('remove the volumes dir') && t.includes('not a directory'); });
  const busy = n.removalFailures.find((e) => ctx.text(e).includes('device or resource busy'));
  if (fileLeft !== undefined) {
    parts.push(`The error is "not a directory" while removing the volumes directory (${lineRef(trace, fileLeft)}): nothing is mounted there any more, but a regular file was left in the tree — typically a CSI volume's vol_data.json, which a teardown that unmounted did not delete — and the kubelet, which removes only directories there, leaves it and reports it again every 2 s.`);
  } else if (busy !== undefined) {
    parts.push(`Removing the pod's directory failed with "device or resource busy" (${lineRef(trace, busy)}): something under it is still mounted — a volume (a Secret's or a token's tmpfs, a network disk) that was not unmounted before the removal — so the directory stays and the removal fails again on every pass.`);
  } else if (notEmpty !== undefined) {
    parts.push(`The error is rmdir()'s "directory not empty" (${lineRef(trace, notEmpty)}): the volume's directory is no longer mounted, but files were left inside it (written into it while it was not a mount, or left by a teardown that unmounted but did not clean up), so the kubelet, which only removes empty directories there, leaves it and reports it again every 2 s.`);
  } else {
    parts.push('The pod is gone from the node, but a volume under /var/lib/kubelet/pods/<uid>/volumes did not unmount (a teardown that failed, a kubelet restarted in the middle of one, a volume plugin or CSI driver that no longer knows it), so housekeeping leaves the directory and reports it again every 2 s; nothing in the kubelet finishes the cleanup.');
  }
  return b.build({
    id: 'orphaned-pod-volumes',
    title: `${onlyRemovals ? 'Orphaned pod directories not removed' : 'Orphaned pod volumes left on disk'}: ${count(n.byPod.size, 'pod')}${n.counted >= MIN_COUNTED ? ` (${n.counted} errors counted)` : ''}`,
    severity: 'warning',
    explanation: parts.join(' '),
    next: fileLeft !== undefined
      ? 'On the node, for each pod UID: `mount | grep <uid>` should show nothing; `find /var/lib/kubelet/pods/<uid>/volumes -type f` lists the files left (a CSI volume\'s vol_data.json); remove them, and the next housekeeping pass removes the directory.'
      : 'On the node, for each pod UID: `mount | grep <uid>` and `ls -R /var/lib/kubelet/pods/<uid>/volumes`; unmount what is still mounted (after checking no container uses it), then remove the pod\'s directory; look at the volume plugin or CSI driver\'s logs for the failed unmount.',
  });
}
