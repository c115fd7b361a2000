/**
 * sandbox-leak-terminating (seed 004): a 1.23 kubelet; a pod is deleted and fully terminates. The next housekeeping
 * forgets its pod worker and then reads the running pods from the runtime cache — refreshed just before the kill, so
 * it still lists the pod — and starts a new pod worker to kill this "orphan". containerd crashes at that moment, the
 * kill fails, and the worker stays terminating: nothing will ever send it another update (the pod is gone from the
 * config), housekeeping keeps logging "requested for removal but is still not fully terminated", and the GC keeps
 * the sandbox because the pod's content may not be removed while its worker is terminating.
 * fixed: 1.27+ behaviour — housekeeping forces a fresh runtime listing, so no worker is recreated.
 *
 * The variant decides where housekeeping reads the running pods, whatever version profile runs: buggy reads the
 * runtime cache, fixed lists fresh. The profile decides the pod-worker machinery. So buggy@1.23 is the incident;
 * fixed@1.23 is 1.23 with the 1.27 listing change backported; fixed@1.28 is 1.28 as released; buggy@1.28 is 1.28
 * reading the stale cache — its orphan worker is recreated and its kill fails too, but 1.27+ housekeeping keeps
 * driving orphaned workers until they finish (the other half of the 1.27 rework), so the sandbox is still removed.
 */
import { startKubelet } from '../kubelet/run.ts';
import { S, at, container, hashInputFor, kubeletConfig, makePod, placeRunningPod } from './build.ts';
import { became, changed, happened, printed } from './common.ts';
import type { Scenario } from './types.ts';

const START = at(2023, 9, 19, 11, 10, 41, 230_402);
const UID = '95d6b80b-77f5-4218-824e-69eec4998c22';
const CRASH_US = 8 * S;

export const sandboxLeakTerminating: Scenario = {
  id: 'sandbox-leak-terminating',
  title: 'A deleted pod\'s sandbox is never cleaned up (stuck terminating worker)',
  summary: 'Seed 004: housekeeping re-creates a pod worker from a stale runtime cache, the runtime crashes, the worker stays terminating and the sandbox leaks.',
  narrative:
    'nginx-deployment-…-fpgvc is deleted and terminates normally: containers stopped, pod worker terminated and finished, ' +
    'the API object removed. At the next housekeeping the finished worker is forgotten — and then the orphan check reads ' +
    'the runtime cache, which was refreshed a moment before the kill and still lists the pod as running. Housekeeping ' +
    'starts a new pod worker to kill the "orphan". At that moment containerd is crash-restarting (a containerd 1.6.15 ' +
    'bug), the kill fails, and the worker stays terminating. No one will ever retry it: the pod is not in the config, ' +
    'so the sync loop never resyncs it. Every 2 s housekeeping says it cannot remove the worker; every minute the GC ' +
    'keeps the sandbox because the pod is "still terminating". 1.27 fixed it by listing the runtime fresh.',
  seed: '004',
  versions: ['1.23', '1.28'],
  startUs: START,
  defaultVersion: (variant) => (variant === 'buggy' ? '1.23' : '1.28'),
  defaultVerbosity: 4,
  defaultSeed: 1,
  variants: {
    buggy: 'housekeeping lists running pods from the (up to 2 s old) runtime cache, as 1.22–1.26 do',
    fixed: 'housekeeping forces a fresh runtime listing before looking for orphans, as 1.27+ do (at 1.23: the change backported)',
  },
  faults: [{ id: 'crash-runtime', label: 'containerd crashes for 8 s', fault: { kind: 'crash-runtime', durationUs: CRASH_US } }],
  setup({ world, profile, variant }) {
    const cfg = kubeletConfig(profile, { nodeName: 'node-190', pid: 190330, housekeepingListing: variant === 'buggy' ? 'cache' : 'fresh' });
    const pod = makePod('nginx-deployment-bd4476b48-fpgvc', 'default', [container('nginx', 'nginx:1.14.2', { ports: [{ name: 'http', containerPort: 80, protocol: 'TCP' }] })],
      { uid: UID, creationUs: at(2023, 7, 19, 3, 12, 0) });
    placeRunningPod(world, pod, { startedUs: at(2023, 7, 19, 3, 12, 9), restarts: 0, runtime: 'containerd', hash: hashInputFor(profile), apiPodReady: true });
    let deleted = false;
    world.on('runtime-cache-refreshed', () => {
      if (deleted || world.sched.nowUs < START + 20 * S) return;
      deleted = true;
      world.sched.addTimer(world.sched.nowUs + 50_000, () => world.api.requestDelete(UID, 30));
    });
    let crashed = false;
    world.on('worker-forgotten', (uid) => {
      if (uid !== UID || crashed) return;
      crashed = true;
      world.cri.faults.push({ kind: 'crash-runtime', fromUs: world.sched.nowUs, untilUs: world.sched.nowUs + CRASH_US });
      world.emit('runtime-crashed', '');
    });
    startKubelet(world, profile, cfg);
    return START + 170 * S;
  },
  annotations: [
    { id: 'delete', title: 'SyncLoop DELETE', text: 'The user deletes the pod; the pod worker starts terminating it.', match: printed('syncloop.delete') },
    { id: 'terminated', title: 'Terminated', text: 'All containers stopped: the worker moves to terminated, then runs SyncTerminatedPod and finishes.', match: became('pod-worker', 'finished') },
    { id: 'remove', title: 'SyncLoop REMOVE', text: 'The API object is gone. The worker is finished, so the kill request is ignored ("Pod is finished processing").', match: printed('syncloop.remove') },
    { id: 'forgotten', title: 'Housekeeping forgets the worker — containerd crashes', text: 'SyncKnownPods removes the finished worker\'s history. At this moment containerd panics and is restarted by systemd: for a few seconds every CRI call fails with "connection closed".', match: happened('runtime-crashed') },
    { id: 'orphan', title: 'Orphan kill from a stale cache', text: 'The runtime cache was refreshed before the kill and still lists the pod running; with no worker and no config it looks orphaned, so housekeeping starts a new pod worker to kill it (grace 1 s). In 1.27+ the listing is fresh and this never happens.', match: happened('orphan-kill') },
    { id: 'kill-failed', title: 'The kill fails', text: 'StopContainer and StopPodSandbox fail (runtime down). syncTerminatingPod returns the error; the worker stays terminating and is only requeued in the work queue — which the sync loop consults only for pods in the config.', match: (f) => f.sites.includes('pw.sync-error') },
    { id: 'stuck', title: '"Requested for removal but is still not fully terminated"', text: 'Every housekeeping wants to forget the worker but it is not finished. It never will be.', match: happened('removal-not-terminated') },
    {
      id: 'gc', title: 'GC keeps the sandbox (buggy) / removes it (fixed)',
      text: 'evictSandboxes removes all inactive sandboxes only for pods whose content may be removed: a terminating worker says no, an unknown pod says yes.',
      // Buggy: the GC pass that keeps the stuck pod's sandbox; fixed: the pass that removes it.
      match: (f) => f.sites.includes('gc.remove-sandbox') || (happened('gc-kept-sandbox')(f) && f.seen.has('removal-not-terminated')),
    },
  ],
  outcome({ world }) {
    const sandboxLeft = [...world.cri.sandboxes.values()].some((s) => s.pod.uid === UID);
    const worker = world.truth.get('pod-worker', UID);
    const stuckLines = world.moments.filter((m) => m.name === 'removal-not-terminated' && m.arg === UID).length;
    const orphan = world.moments.find((m) => m.name === 'orphan-kill' && m.arg === UID);
    const incident = sandboxLeft && worker === 'terminating';
    return {
      incident,
      summary: incident
        ? `The pod worker is stuck terminating (reported ${stuckLines}× by housekeeping) and its sandbox is still in the runtime at the end.`
        : sandboxLeft ? 'The sandbox is still there but no worker is stuck (GC has not run since).'
          : orphan ? 'A pod worker was recreated for the "orphan" from the stale cache and its kill failed, but housekeeping kept driving it until the kill succeeded; the sandbox was garbage-collected.'
            : 'The sandbox was garbage-collected; no pod worker is left behind.',
      keyTimesUs: {
        delete: world.siteCalls.find((c) => c.site === 'syncloop.delete')?.timeUs ?? NaN,
        forgotten: changed(world, 'pod-worker', 'forgotten', UID)[0]?.timeUs ?? NaN, orphanKill: orphan?.timeUs ?? NaN,
        sandboxRemoved: changed(world, 'sandbox', 'removed', UID)[0]?.timeUs ?? NaN,
      },
      counts: { stuckReports: stuckLines, sandboxesLeft: [...world.cri.sandboxes.values()].filter((s) => s.pod.uid === UID).length },
    };
  },
};
