/**
 * The pre-pass over container and sandbox IDs, before any state machine runs: which IDs are sandboxes, which pod a
 * line that names only an ID belongs to (1.12 kill lines), and the container name of every ID that some line names
 * or that name-inference.ts can tie to a name. IDs are compared on their first 12 characters (the runtime's short ID).
 */
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

  const sandboxIds = new Set<string>();
  for (let i = 0; i < n; i++) if (sidCol[i]) sandboxIds.add(shortIds.of(sidCol[i]));

  const podOfId = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    if (podCol[i] < 0) continue;
    if (cidCol[i]) podOfId.set(shortIds.of(cidCol[i]), podCol[i]);
    if (sidCol[i]) podOfId.set(shortIds.of(sidCol[i]), podCol[i]);
  }
  for (let i = 0; i < n; i++) {
    if (podCol[i] >= 0 || (!cidCol[i] && !sidCol[i])) continue;
    const p = podOfId.get(shortIds.of(cidCol[i] || sidCol[i]));
    if (p !== undefined && !isMultiPod[i]) podCol[i] = p;
  }

  const nameOfId = new Map<string, string>(c.idNames);
  for (let i = 0; i < n; i++) {
    if (cidCol[i] && cnameCol[i]) {
      const k = shortIds.of(cidCol[i]);
      if (!sandboxIds.has(k) && !nameOfId.has(k)) nameOfId.set(k, strings.get(cnameCol[i]));
    }
  }
  inferContainerNames(events, strings, (id) => shortIds.of(id), sandboxIds, nameOfId);
  return { shortIds, sandboxIds, nameOfId };
}
