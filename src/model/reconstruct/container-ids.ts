/**
 * The pre-pass over container and sandbox IDs, before any state machine runs: which IDs are sandboxes, which pod a
 * line that names only an ID belongs to (1.12 kill lines), and the container name of every ID that some line names
 * or that name-inference.ts can tie to a name. IDs are compared on their first 12 characters (the runtime's short ID).
 */
import { KINDS } from '../../catalog/catalog.ts';
import { STATUS_KINDS } from '../machines.ts';
import type { Collected } from '../collector.ts';
import { inferContainerNames } from '../name-inference.ts';
import type { StringTable } from '../../util/string-table.ts';
import type { OrderedEvents } from './ordered-events.ts';

/** Container IDs are matched on their first 12 characters (the runtime's short ID). */
export const idKey = (id: string) => id.slice(0, 12);

/**
 * Short IDs by string id. Each distinct ID string is cut to its short form once; the same short string object is
 * then looked up again and again, and V8 hashes a string object only once.
 */
export class ShortIds {
  // Sized up front: filled at scattered indices, a growing array would turn into a slow dictionary.
  private readonly cache: (string | undefined)[];

  constructor(private readonly strings: StringTable) {
    this.cache = new Array<string | undefined>(strings.size);
  }

  of(stringId: number): string {
    return this.cache[stringId] ?? (this.cache[stringId] = idKey(this.strings.get(stringId)));
  }
}

export interface ContainerIds {
  readonly shortIds: ShortIds;
  /** Short IDs of sandboxes. */
  readonly sandboxIds: ReadonlySet<string>;
  /** Short ID → container name. */
  readonly nameOfId: ReadonlyMap<string, string>;
}

/** Reads the IDs; gives pods to the lines that name only an ID of a known pod (writes the pod column). */
export function resolveContainerIds(c: Collected, ordered: OrderedEvents): ContainerIds {
  const { events, sandboxIdCol: sidCol, isMultiPod } = ordered;
  const n = events.count;
  const strings = c.strings;
  const shortIds = new ShortIds(strings);
  const podCol = events.pod;
  const cidCol = events.cid;
  const cnameCol = events.cname;

  // Each loop below does the same thing for every line naming one ID string, or nothing after the first such line
  // it looks at: `done` (by string id) lets it skip the repeats without touching the maps.
  const done = new Uint8Array(strings.size);
  const sandboxIds = new Set<string>();
  for (let i = 0; i < n; i++) {
    const sid = sidCol[i];
    if (sid && !done[sid]) {
      done[sid] = 1;
      sandboxIds.add(shortIds.of(sid));
    }
  }

  // The pod of an ID is that of the last line with a pod naming it: read from the end, the first line counts (a
  // line's sandbox ID after its container ID, as if read forwards).
  const podOfId = new Map<string, number>();
  const keepFirst = (id: number, pod: number) => {
    if (done[id]) return;
    done[id] = 1;
    const k = shortIds.of(id);
    if (!podOfId.has(k)) podOfId.set(k, pod);
  };
  done.fill(0);
  for (let i = n - 1; i >= 0; i--) {
    const pod = podCol[i];
    if (pod < 0) continue;
    if (sidCol[i]) keepFirst(sidCol[i], pod);
    if (cidCol[i]) keepFirst(cidCol[i], pod);
  }
  killsOfUnwantedPods(events, shortIds, podOfId);
  for (let i = 0; i < n; i++) {
    if (podCol[i] >= 0 || (!cidCol[i] && !sidCol[i])) continue;
    const p = podOfId.get(shortIds.of(cidCol[i] || sidCol[i]));
    if (p !== undefined && !isMultiPod[i]) podCol[i] = p;
  }

  const nameOfId = new Map<string, string>(c.idNames);
  done.fill(0);
  for (let i = 0; i < n; i++) {
    const cid = cidCol[i];
    if (cid && cnameCol[i] && !done[cid]) {
      done[cid] = 1;
      const k = shortIds.of(cid);
      if (!sandboxIds.has(k) && !nameOfId.has(k)) nameOfId.set(k, strings.get(cnameCol[i]));
    }
  }
  sandboxesNoStatusLists(ordered, strings, shortIds, c.idNames, nameOfId, sandboxIds);
  sandboxesAfterTeardown(ordered, shortIds, c.idNames, nameOfId, sandboxIds);
  sandboxesAtCreation(ordered, shortIds, c.idNames, nameOfId, sandboxIds, strings.size);
  sandboxesBeforeRecreate(ordered, shortIds, c.idNames, nameOfId, sandboxIds);
  inferContainerNames(events, strings, (id) => shortIds.of(id), sandboxIds, nameOfId);
  return { shortIds, sandboxIds, nameOfId };
}

const IS_PLEG_EVENT = Uint8Array.from(KINDS, (k) => (k.startsWith('pleg.container-') || k.startsWith('pleg.to-') ? 1 : 0));
const KILL = new Set(['runtime.kill', 'runtime.kill-override']);
const IS_KILL_EVENT = Uint8Array.from(KINDS, (k) => (KILL.has(k) ? 1 : 0));
const IS_DEATH_EVENT = Uint8Array.from(KINDS, (k) => (k === 'pleg.container-died' || k === 'runtime.container-exited' ? 1 : 0));
const PLEG_DIED = KINDS.indexOf('pleg.container-died');
const PLEG_STARTED = KINDS.indexOf('pleg.container-started');
const IS_STATUS_EVENT = Uint8Array.from(KINDS, (k) => (STATUS_KINDS.has(k) ? 1 : 0));
const KILL_UNWANTED_POD = KINDS.indexOf('housekeeping.kill-unwanted');
const KILL_CONTAINER = KINDS.indexOf('runtime.kill');
/** The pod killer's container kills follow its "Killing unwanted pod" line at once; a second is generous. */
const UNWANTED_KILLS_US = 1e6;

/**
 * The pod killer (≤1.21) logs "Killing unwanted pod <name>" and then, on the same goroutine, the kill of each of its
 * containers, whose lines (1.19–1.20) name only the container. An ID no line ties to a pod, killed by the same
 * process right after such a line on its node, is that pod's (and so are the later lines naming only that ID).
 */
function killsOfUnwantedPods(events: OrderedEvents['events'], shortIds: ShortIds, podOfId: Map<string, number>): void {
  let pod = -1;
  let atUs = -Infinity;
  let node = -1;
  let pid = -1;
  for (let i = 0; i < events.count; i++) {
    const kind = events.kind[i];
    if (kind === KILL_UNWANTED_POD && events.pod[i] >= 0) {
      [pod, atUs, node, pid] = [events.pod[i], events.timeUs[i], events.node[i], events.pid[i]];
    } else if (kind === KILL_CONTAINER && events.pod[i] < 0 && events.cid[i] && pod >= 0 && events.node[i] === node
      && events.pid[i] === pid && events.timeUs[i] - atUs <= UNWANTED_KILLS_US) {
      const k = shortIds.of(events.cid[i]);
      if (!podOfId.has(k)) podOfId.set(k, pod);
    }
  }
}

/** A new sandbox is about to be made for the pod: it was just added, or SyncPod found none ready ("Need to start a new one"). */
const IS_SANDBOX_DUE = Uint8Array.from(KINDS, (k) => (k === 'syncloop.add' || k === 'runtime.sandbox-changed' ? 1 : 0));

/**
 * PLEG reports a pod's sandbox like a container, and below -v=4 no line says which ID is the sandbox. The status
 * manager's lines (-v=3) list the ID of each of the pod's containers, current and last; so in a pod whose statuses
 * list its containers, an ID its PLEG events report that no status lists and no line names is its sandbox.
 */
function sandboxesNoStatusLists(ordered: OrderedEvents, strings: StringTable, shortIds: ShortIds, listed: ReadonlyMap<string, string>,
  named: ReadonlyMap<string, string>, sandboxIds: Set<string>): void {
  const { events } = ordered;
  const reported = new Map<number, Set<string>>();
  // Pods whose status lines list their containers (even with no ID yet: a container that never started).
  const podsWithStatuses = new Set<number>();
  for (let i = 0; i < events.count; i++) {
    const pod = events.pod[i];
    if (pod >= 0 && IS_STATUS_EVENT[events.kind[i]] && events.text[i] && !podsWithStatuses.has(pod) &&
      strings.get(events.text[i]).includes(' | ')) podsWithStatuses.add(pod);
    if (pod < 0 || !events.cid[i] || events.cname[i] || !IS_PLEG_EVENT[events.kind[i]]) continue;
    let ids = reported.get(pod);
    if (!ids) reported.set(pod, (ids = new Set()));
    ids.add(shortIds.of(events.cid[i]));
  }
  for (const [pod, ids] of reported) {
    if (!podsWithStatuses.has(pod) && ![...ids].some((id) => listed.has(id))) continue;
    for (const id of ids) if (!listed.has(id) && !named.has(id)) sandboxIds.add(id);
  }
}

/** The sandbox stops right after the pod's last container (StopPodSandbox follows the kills); PLEG sees it within a relist. */
const TEARDOWN_WINDOW_US = 10e6;

/**
 * A pod being torn down: the kubelet kills its containers (each kill line names its container), then stops the
 * sandbox, and PLEG reports the sandbox dying like a container. So in a pod whose containers were killed, an ID
 * that no line names, reported dead by PLEG within seconds of the last killed container's death, is its sandbox —
 * unless it started after the kills (a new container, as after a liveness restart): a container still running
 * would have had a kill line of its own. Nothing is decided for a pod with no kill in the log.
 */
function sandboxesAfterTeardown(ordered: OrderedEvents, shortIds: ShortIds, listed: ReadonlyMap<string, string>,
  named: ReadonlyMap<string, string>, sandboxIds: Set<string>): void {
  const { events } = ordered;
  const teardowns = new Map<number, { killedUs: number; dying: Set<string>; lastDeathUs: number }>();
  const startedUs = new Map<string, number>();
  for (let i = 0; i < events.count; i++) {
    const pod = events.pod[i];
    const cid = events.cid[i];
    if (pod < 0 || !cid) continue;
    const kind = events.kind[i];
    const t = events.timeUs[i];
    if (kind === PLEG_STARTED) {
      startedUs.set(shortIds.of(cid), t);
      continue;
    }
    let td = teardowns.get(pod);
    if (IS_KILL_EVENT[kind]) {
      // A kill after the last one's deaths and the window: another teardown (or restart) begins.
      if (!td || (td.dying.size === 0 && t - td.lastDeathUs > TEARDOWN_WINDOW_US)) teardowns.set(pod, (td = { killedUs: t, dying: new Set(), lastDeathUs: NaN }));
      td.dying.add(shortIds.of(cid));
      continue;
    }
    if (!td || !IS_DEATH_EVENT[kind]) continue;
    const id = shortIds.of(cid);
    if (td.dying.delete(id)) {
      td.lastDeathUs = t;
      continue;
    }
    if (kind !== PLEG_DIED || td.dying.size > 0 || !(t - td.lastDeathUs <= TEARDOWN_WINDOW_US)) continue;
    if (events.cname[i] || listed.has(id) || named.has(id) || (startedUs.get(id) ?? -Infinity) > td.killedUs) continue;
    sandboxIds.add(id);
  }
}

const SANDBOX_CHANGED = KINDS.indexOf('runtime.sandbox-changed');
const DELETOR_NOT_FOUND = KINDS.indexOf('syncloop.deletor-not-found');
/** A dead sandbox is seen by the next relist and the pod's next sync: seconds. */
const RECREATE_WINDOW_US = 15e6;

/**
 * A pod's sandbox that died (its pause process killed: OOM with the pod, a runtime restart): PLEG reports it dying like a
 * container, the sync loop's dead-container pruning does not find it among the pod's containers ("not found in pod's
 * containers": a sandbox is never one of them), and the pod's next sync finds no ready sandbox ("Need to start a new
 * one"). An ID with all three within seconds, that no line names, is that sandbox (kubernetes/kubernetes#98157).
 */
function sandboxesBeforeRecreate(ordered: OrderedEvents, shortIds: ShortIds, listed: ReadonlyMap<string, string>,
  named: ReadonlyMap<string, string>, sandboxIds: Set<string>): void {
  const { events } = ordered;
  /** Per pod: the IDs PLEG last reported dead and not found among its containers, with when they died. */
  const dead = new Map<number, { id: string; diedUs: number; notFound: boolean }[]>();
  const diedPod = new Map<string, number>();
  for (let i = 0; i < events.count; i++) {
    const kind = events.kind[i];
    const t = events.timeUs[i];
    const cid = events.cid[i];
    if (kind === PLEG_DIED && cid && events.pod[i] >= 0 && !events.cname[i]) {
      const id = shortIds.of(cid);
      if (listed.has(id) || named.has(id) || sandboxIds.has(id)) continue;
      const list = dead.get(events.pod[i]) ?? [];
      list.push({ id, diedUs: t, notFound: false });
      dead.set(events.pod[i], list);
      diedPod.set(id, events.pod[i]);
    } else if (kind === DELETOR_NOT_FOUND && cid) {
      const id = shortIds.of(cid);
      const pod = diedPod.get(id);
      const d = pod === undefined ? undefined : dead.get(pod)?.find((x) => x.id === id);
      if (d && t - d.diedUs <= RECREATE_WINDOW_US) d.notFound = true;
    } else if (kind === SANDBOX_CHANGED && events.pod[i] >= 0) {
      const list = dead.get(events.pod[i]);
      if (!list) continue;
      for (const d of list) if (d.notFound && t - d.diedUs <= RECREATE_WINDOW_US) sandboxIds.add(d.id);
      dead.delete(events.pod[i]);
    }
  }
}

/** Events of one PLEG relist are logged together; a later ContainerStarted is another relist's. */
const RELIST_BURST_US = 100e3;

/**
 * A pod being created (just added, or its sandbox found gone — "Need to start a new one"): SyncPod starts the sandbox
 * and then the containers, and PLEG reports the sandbox started like a container, in the first relist that sees the
 * pod's new IDs. So of the IDs in that first burst of ContainerStarted, the one no line names (nor kills) while the
 * others are named is the sandbox; a burst of one unnamed ID is the sandbox when a named container of the pod starts after it
 * (the sandbox came up a relist before its containers, as while an image is pulled). Nothing is decided when two IDs
 * of a burst are unnamed.
 */
function sandboxesAtCreation(ordered: OrderedEvents, shortIds: ShortIds, listed: ReadonlyMap<string, string>,
  named: ReadonlyMap<string, string>, sandboxIds: Set<string>, stringCount: number): void {
  const { events } = ordered;
  // A container is named by some line, or killed by one (1.12's kill lines give only the ID): never a sandbox.
  const containers = new Set<string>();
  const seen = new Uint8Array(stringCount);
  for (let i = 0; i < events.count; i++) {
    const cid = events.cid[i];
    if (cid && !seen[cid] && (events.cname[i] || IS_KILL_EVENT[events.kind[i]])) {
      seen[cid] = 1;
      containers.add(shortIds.of(cid));
    }
  }
  const isNamed = (id: string) => listed.has(id) || named.has(id) || containers.has(id);
  /** Per pod: a sandbox is due, and the first burst of starts after it (burstUs: when it began). */
  const due = new Map<number, { burstUs: number; ids: string[] }>();
  /** Per pod: the one unnamed ID of a burst, waiting for a named container of the pod to start after it. */
  const lone = new Map<number, string>();
  const decide = (pod: number, burst: { ids: string[] }) => {
    const unnamed = burst.ids.filter((id) => !isNamed(id) && !sandboxIds.has(id));
    if (burst.ids.length >= 2 && unnamed.length === 1) sandboxIds.add(unnamed[0]);
    else if (burst.ids.length === 1 && unnamed.length === 1) lone.set(pod, unnamed[0]);
  };
  for (let i = 0; i < events.count; i++) {
    const pod = events.pod[i];
    if (pod < 0) continue;
    const kind = events.kind[i];
    const t = events.timeUs[i];
    if (IS_SANDBOX_DUE[kind]) {
      const b = due.get(pod);
      if (b && b.ids.length) decide(pod, b);
      due.set(pod, { burstUs: NaN, ids: [] });
      continue;
    }
    if (kind !== PLEG_STARTED || !events.cid[i]) continue;
    let b = due.get(pod);
    // Most starts are of pods with nothing pending here.
    if (!b && !lone.has(pod)) continue;
    const id = shortIds.of(events.cid[i]);
    if (b && b.ids.length && t - b.burstUs > RELIST_BURST_US) {
      // A later relist's start: the first burst is complete.
      decide(pod, b);
      due.delete(pod);
      b = undefined;
    }
    const waiting = lone.get(pod);
    if (waiting !== undefined && waiting !== id) {
      if (isNamed(id)) sandboxIds.add(waiting);
      lone.delete(pod);
    }
    if (b) {
      if (b.ids.length === 0) b.burstUs = t;
      if (!b.ids.includes(id)) b.ids.push(id);
    }
  }
  for (const [pod, b] of due) if (b.ids.length) decide(pod, b);
}
