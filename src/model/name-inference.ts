/**
 * Container names for IDs no line names. At -v=2 the kubelet prints container IDs (PLEG events) and container names
 * (back-off lines, "Started" events) but rarely both on one line. Two timings tie them together:
 *   - a CrashLoopBackOff line for container N follows the exit of N's instance by at most a sync (the worker syncs
 *     the pod on the PLEG ContainerDied event and finds it must back off);
 *   - "Creating container … N" and the "Created"/"Started container N" events precede PLEG's ContainerStarted for
 *     N's new ID by at most a few relists;
 *   - computePodActions' "Container N … will be restarted" (a failed liveness probe, a changed spec) kills N's
 *     instance and starts the new one in the same sync, so a new ID that PLEG sees start within a few relists of
 *     the killed instance's exit is N's (at -v=2 nothing else names it).
 * Only IDs that are not sandboxes and have no name yet are named, and only when exactly one candidate fits.
 */
import { KINDS } from '../catalog/catalog.ts';
import type { StringTable } from '../util/string-table.ts';
import type { EventTable } from './trace.ts';
import { US_PER_S } from '../util/time.ts';

/** What each kind id is to this pass (looked up by number for every event, not by name). */
const ROLE_NONE = 0;
const ROLE_EXIT = 1;
const ROLE_START = 2;
const ROLE_BACKOFF = 3;
const ROLE_STARTED_EVENT = 4;
const ROLE_RESTART_DECISION = 5;
const ROLES: Record<string, number> = {
  'pleg.container-finished': ROLE_EXIT, 'pleg.container-died': ROLE_EXIT, 'pleg.to-exited': ROLE_EXIT,
  'pleg.container-started': ROLE_START, 'pleg.to-running': ROLE_START,
  'runtime.backoff': ROLE_BACKOFF, 'event.backoff': ROLE_BACKOFF,
  'runtime.kill-decision': ROLE_RESTART_DECISION,
  'event.started': ROLE_STARTED_EVENT, 'event.created': ROLE_STARTED_EVENT, 'runtime.container-creating': ROLE_STARTED_EVENT,
};
const ROLE_OF_KIND = Uint8Array.from(KINDS, (k) => ROLES[k] ?? ROLE_NONE);
const BACKOFF_WINDOW_US = 15 * US_PER_S;
const START_WINDOW_US = 3 * US_PER_S;

/** `shortId(stringId)`: the container ID's first 12 characters (one string per ID, so Map lookups hash it once). */
export function inferContainerNames(ev: EventTable, strings: StringTable, shortId: (stringId: number) => string,
  sandboxIds: ReadonlySet<string>, names: Map<string, string>): void {
  /** Per pod: the latest unnamed exit, and the latest unconsumed "Started" announcement. */
  const lastExit = new Map<number, { id: string; tUs: number }>();
  const announced = new Map<number, { name: string; tUs: number }>();
  /** Per pod: the container computePodActions is restarting (name '' when two are, so neither is guessed). */
  const restarting = new Map<number, { name: string; id: string; exitUs: number }>();
  for (let i = 0; i < ev.count; i++) {
    const pod = ev.pod[i];
    if (pod < 0) continue;
    const role = ROLE_OF_KIND[ev.kind[i]];
    if (role === ROLE_NONE) continue;
    const t = ev.timeUs[i];
    const cid = ev.cid[i] ? shortId(ev.cid[i]) : '';
    const cname = ev.cname[i] ? strings.get(ev.cname[i]) : '';
    const unnamed = cid !== '' && !names.has(cid) && !sandboxIds.has(cid);
    if (role === ROLE_RESTART_DECISION) {
      if (!cname) continue;
      const other = restarting.get(pod);
      restarting.set(pod, { name: other && other.name !== cname ? '' : cname, id: other ? '' : cid, exitUs: -1 });
      continue;
    }
    if (role === ROLE_EXIT) {
      const r = restarting.get(pod);
      if (r && (r.id === '' || r.id === cid)) r.exitUs = t;
    }
    if (role === ROLE_EXIT && unnamed) {
      lastExit.set(pod, { id: cid, tUs: t });
    } else if (role === ROLE_BACKOFF && cname && !cid) {
      const exit = lastExit.get(pod);
      if (exit && t - exit.tUs <= BACKOFF_WINDOW_US && !names.has(exit.id)) names.set(exit.id, cname);
      lastExit.delete(pod);
    } else if (role === ROLE_STARTED_EVENT && cname && !cid) {
      announced.set(pod, { name: cname, tUs: t });
    } else if (role === ROLE_START && cid !== '' && !sandboxIds.has(cid)) {
      const a = announced.get(pod);
      if (!a || t - a.tUs > START_WINDOW_US) {
        const r = restarting.get(pod);
        if (r && r.exitUs >= 0 && t - r.exitUs <= START_WINDOW_US) {
          if (r.name && !names.has(cid)) names.set(cid, r.name);
          restarting.delete(pod);
        }
        continue;
      }
      // An ID some line already names after the announced container is that start too: the announcement is used
      // up, and the sandbox that PLEG reports after its containers in the same relist does not take the name.
      const known = names.get(cid);
      if (known === undefined) names.set(cid, a.name);
      if (known === undefined || known === a.name) announced.delete(pod);
    }
  }
}
