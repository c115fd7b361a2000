/**
 * Container names for IDs no line names. At -v=2 the kubelet prints container IDs (PLEG events) and container names
 * (back-off lines, "Started" events) but rarely both on one line. Two timings tie them together:
 *   - a CrashLoopBackOff line for container N follows the exit of N's instance by at most a sync (the worker syncs
 *     the pod on the PLEG ContainerDied event and finds it must back off);
 *   - "Creating container … N" and the "Created"/"Started container N" events precede PLEG's ContainerStarted for
 *     N's new ID by at most a few relists.
 * Only IDs that are not sandboxes and have no name yet are named, and only when exactly one candidate fits.
 */
import { KINDS } from '../catalog/catalog.ts';
import type { StringTable } from '../util/string-table.ts';
import type { EventTable } from './trace.ts';
import { US_PER_S } from '../util/time.ts';

const EXIT_KINDS = new Set(['pleg.container-finished', 'pleg.container-died', 'pleg.to-exited']);
const START_KINDS = new Set(['pleg.container-started', 'pleg.to-running']);
const BACKOFF_KINDS = new Set(['runtime.backoff', 'event.backoff']);
const STARTED_EVENT_KINDS = new Set(['event.started', 'event.created', 'runtime.container-creating']);
const BACKOFF_WINDOW_US = 15 * US_PER_S;
const START_WINDOW_US = 3 * US_PER_S;

const idKey = (id: string) => id.slice(0, 12);

export function inferContainerNames(ev: EventTable, strings: StringTable, sandboxIds: ReadonlySet<string>, names: Map<string, string>): void {
  const kindName = KINDS;
  /** Per pod: the latest unnamed exit, and the latest unconsumed "Started" announcement. */
  const lastExit = new Map<number, { id: string; tUs: number }>();
  const announced = new Map<number, { name: string; tUs: number }>();
  for (let i = 0; i < ev.count; i++) {
    const pod = ev.pod[i];
    if (pod < 0) continue;
    const kind = kindName[ev.kind[i]];
    const t = ev.timeUs[i];
    const cid = ev.cid[i] ? idKey(strings.get(ev.cid[i])) : '';
    const cname = ev.cname[i] ? strings.get(ev.cname[i]) : '';
    const unnamed = cid !== '' && !names.has(cid) && !sandboxIds.has(cid);
    if (EXIT_KINDS.has(kind) && unnamed) {
      lastExit.set(pod, { id: cid, tUs: t });
    } else if (BACKOFF_KINDS.has(kind) && cname && !cid) {
      const exit = lastExit.get(pod);
      if (exit && t - exit.tUs <= BACKOFF_WINDOW_US && !names.has(exit.id)) names.set(exit.id, cname);
      lastExit.delete(pod);
    } else if (STARTED_EVENT_KINDS.has(kind) && cname && !cid) {
      announced.set(pod, { name: cname, tUs: t });
    } else if (START_KINDS.has(kind) && unnamed) {
      const a = announced.get(pod);
      if (a && t - a.tUs <= START_WINDOW_US) {
        names.set(cid, a.name);
        announced.delete(pod);
      }
    }
  }
}
