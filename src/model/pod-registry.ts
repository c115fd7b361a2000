/**
 * Pod identity while reading: the kubelet names a pod in many ways (kubelet-reference §5.1) — uid only, ns/name
 * only, name_ns(uid), a bare name, JSON objects. The registry turns each reference into one pod id, merging
 * references to the same pod as soon as a line links two forms (a name with its uid).
 *
 * Rules: a uid is authoritative; a name without uid means the latest pod of that name on that node; a pod first
 * known only by name adopts the first uid seen together with that name. Once the config source has removed a pod
 * (SyncLoop REMOVE), an ADD of the same name is a new pod (a StatefulSet pod re-created under a new uid; the
 * structured era's ADD names it without its uid); lines after the REMOVE with no such ADD are the removed pod's own
 * teardown (its kills, its containers dying), so it still adopts their uid; a static pod re-added that never shows a uid
 * of its own is the first one again (mergeStaticReAdds). Static pods (uid = 32-hex manifest hash)
 * and their mirror pods (API uuid, same ns/name) are kept apart and linked as twins at the end.
 */
import type { PodRef } from '../catalog/extract.ts';
import { isStaticUid } from '../catalog/extract.ts';
import { detachString } from '../util/string-table.ts';
import type { PodInfo, PodKind } from './trace.ts';

interface Provisional {
  uid: string;
  namespace: string;
  name: string;
  node: number;
  /** Merged into another pod (union-find parent), or -1. */
  mergedInto: number;
  fromFileSource: boolean;
  /** A line names it as a mirror pod (one being deleted as outdated): the API's copy of a static pod. */
  namedAsMirror: boolean;
  /** When the config source removed it (SyncLoop REMOVE; Infinity: not removed): a later ADD of its name is a new pod. */
  removedAtUs: number;
}

export class PodRegistry {
  private readonly pods: Provisional[] = [];
  private readonly byUid = new Map<string, number>();
  /**
   * node → namespace → name → pod ids in creation order. Nested rather than keyed by one joined string: a name is
   * looked up for every reference resolved again, and the strings it is looked up by are kept ones whose hashes are
   * already known, where a joined key would be built and hashed anew each time.
   */
  private readonly byName = new Map<number, Map<string, Map<string, number[]>>>();
  /** node → name → pod ids (for references without a namespace). */
  private readonly byBareName = new Map<number, Map<string, number[]>>();
  /**
   * Bumped whenever resolve() could answer differently from now on (a pod was created, named, given a uid or merged).
   * While it stays the same, resolving the same reference on the same node gives the same pod and changes nothing,
   * so the collector may reuse the answer for a repeated line.
   */
  version = 0;

  /**
   * The pod a reference made at `atUs` names. `added`: the reference is a SyncLoop ADD's (a pod of that name removed
   * before then is not it). Records are resolved in file order, which need not be time order (files given newest
   * first), hence the times.
   */
  resolve(ref: PodRef, node: number, atUs = 0, added = false): number {
    const uid = ref.uid;
    if (uid) {
      const known = this.byUid.get(uid);
      if (known !== undefined) {
        const id = this.find(known);
        this.fill(id, ref);
        return id;
      }
      // A pod seen by name only so far adopts this uid.
      const pending = this.latestByName(ref, node, true);
      if (pending >= 0) {
        // Stored strings are copied out of the line they came from (see util/string-table.ts detachString).
        const kept = detachString(uid);
        this.pods[pending].uid = kept;
        this.byUid.set(kept, pending);
        this.version++;
        this.fill(pending, ref);
        return pending;
      }
      return this.create(ref, node);
    }
    if (!ref.name) return -1;
    const latest = this.latestByName(ref, node, false);
    if (latest >= 0 && !(added && this.pods[latest].removedAtUs < atUs)) {
      this.fill(latest, ref);
      return latest;
    }
    return this.create(ref, node);
  }

  /** The config source removed this pod at `atUs` (see the class comment). */
  markRemoved(id: number, atUs: number): void {
    if (id < 0) return;
    const p = this.pods[this.find(id)];
    if (p.removedAtUs <= atUs) return;
    p.removedAtUs = atUs;
    this.version++;
  }

  markFileSource(id: number): void {
    if (id >= 0) this.pods[this.find(id)].fromFileSource = true;
  }

  /** A line named this pod as a mirror pod. Believed only of an API uid: a reference by name alone may be the static pod. */
  markMirror(id: number): void {
    if (id < 0) return;
    const p = this.pods[this.find(id)];
    if (p.uid && !isStaticUid(p.uid)) p.namedAsMirror = true;
  }

  private latestByName(ref: PodRef, node: number, withoutUidOnly: boolean): number {
    if (!ref.name) return -1;
    if (ref.namespace) {
      const id = this.latestIn(this.byName.get(node)?.get(ref.namespace)?.get(ref.name), ref, withoutUidOnly);
      if (id >= 0) return id;
    }
    return this.latestIn(this.byBareName.get(node)?.get(ref.name), ref, withoutUidOnly);
  }

  /** The latest pod of `list` that `ref` can name (see latestByName), or -1. */
  private latestIn(list: number[] | undefined, ref: PodRef, withoutUidOnly: boolean): number {
    if (!list) return -1;
    for (let i = list.length - 1; i >= 0; i--) {
      const id = this.find(list[i]);
      const p = this.pods[id];
      if (ref.namespace && p.namespace && p.namespace !== ref.namespace) continue;
      if (withoutUidOnly && p.uid) {
        // A static pod and its mirror share ns/name; a different uid is a different pod.
        continue;
      }
      return id;
    }
    return -1;
  }

  private create(ref: PodRef, node: number): number {
    this.version++;
    const id = this.pods.length;
    const uid = detachString(ref.uid);
    this.pods.push({ uid, namespace: detachString(ref.namespace), name: detachString(ref.name), node, mergedInto: -1, fromFileSource: false, namedAsMirror: false, removedAtUs: Infinity });
    if (uid) this.byUid.set(uid, id);
    this.index(id);
    return id;
  }

  private fill(id: number, ref: PodRef): void {
    const p = this.pods[id];
    let changed = false;
    if (!p.name && ref.name) { p.name = detachString(ref.name); changed = true; }
    if (!p.namespace && ref.namespace && (!ref.name || ref.name === p.name)) { p.namespace = detachString(ref.namespace); changed = true; }
    if (!changed) return;
    this.version++;
    // Pods seen earlier by name alone are this pod: merge them into it.
    if (p.uid) {
      const named = p.namespace ? this.byName.get(p.node)?.get(p.namespace)?.get(p.name) : undefined;
      for (const list of [named, this.byBareName.get(p.node)?.get(p.name)]) {
        for (const other of list ?? []) {
          const o = this.find(other);
          const q = this.pods[o];
          if (o !== id && !q.uid && q.name === p.name && (!q.namespace || !p.namespace || q.namespace === p.namespace)) q.mergedInto = id;
        }
      }
    }
    this.index(id);
  }

  private index(id: number): void {
    const p = this.pods[id];
    if (!p.name) return;
    const l1 = listIn(inner(this.byBareName, p.node), p.name);
    if (!l1.includes(id)) l1.push(id);
    if (p.namespace) {
      const l2 = listIn(inner(inner(this.byName, p.node), p.namespace), p.name);
      if (!l2.includes(id)) l2.push(id);
    }
  }

  private find(id: number): number {
    let r = id;
    while (this.pods[r].mergedInto >= 0) r = this.pods[r].mergedInto;
    return r;
  }

  get count(): number {
    return this.pods.length;
  }

  /**
   * A static pod removed from its manifest directory and added again under the same name is the same pod when no
   * uid of its own shows up after the ADD: a static pod's uid is its manifest's hash, so an unchanged manifest gives
   * the same uid (and the lines naming it after the ADD went to the first pod already). One re-added from a changed
   * manifest names its new uid in time and stays apart.
   */
  private mergeStaticReAdds(): void {
    for (let id = 0; id < this.pods.length; id++) {
      const p = this.pods[id];
      if (p.mergedInto >= 0 || p.uid || !p.fromFileSource || !p.name || !p.namespace) continue;
      const list = this.byName.get(p.node)?.get(p.namespace)?.get(p.name);
      if (!list) continue;
      for (let k = list.length - 1; k >= 0; k--) {
        const earlier = this.find(list[k]);
        const q = this.pods[earlier];
        if (earlier >= id || !isStaticUid(q.uid) || q.removedAtUs === Infinity) continue;
        p.mergedInto = earlier;
        break;
      }
    }
  }

  /**
   * Final pods: provisional ids map to compact indices (pods that never got a name or uid are dropped, -1).
   * Returns the mapping and the PodInfo shells (statistics are filled by the model).
   */
  finish(): { map: Int32Array; pods: PodInfo[] } {
    this.mergeStaticReAdds();
    const map = new Int32Array(this.pods.length).fill(-1);
    const pods: PodInfo[] = [];
    this.pods.forEach((p, id) => {
      if (p.mergedInto >= 0 || (!p.uid && !p.name)) return;
      map[id] = pods.length;
      const kind: PodKind = isStaticUid(p.uid) || p.fromFileSource ? 'static' : p.namedAsMirror ? 'mirror' : 'regular';
      pods.push({
        index: pods.length, uid: p.uid, namespace: p.namespace, name: p.name, node: p.node, kind, twin: -1,
        firstUs: Infinity, lastUs: -Infinity, eventCount: 0, warningCount: 0, errorCount: 0, lanes: [], containers: [],
        admission: { result: 'unknown', reason: '', event: -1 },
      });
    });
    for (let id = 0; id < map.length; id++) if (map[id] < 0 && this.pods[id].mergedInto >= 0) map[id] = map[this.find(id)];
    // Static pods and their mirrors: same node and ns/name, one static, the other an API uuid.
    const byKey = new Map<string, number[]>();
    for (const p of pods) {
      if (!p.name) continue;
      const key = `${p.node}|${p.namespace}/${p.name}`;
      const l = byKey.get(key) ?? [];
      l.push(p.index);
      byKey.set(key, l);
    }
    for (const list of byKey.values()) {
      const stat = list.find((i) => pods[i].kind === 'static');
      if (stat === undefined) continue;
      for (const i of list) {
        if (i !== stat && pods[i].kind !== 'static') {
          pods[i].kind = 'mirror';
          pods[i].twin = stat;
          pods[stat].twin = i;
        }
      }
    }
    return { map, pods };
  }
}

/** The map under `key`, made if missing. */
function inner<K, K2, V>(outer: Map<K, Map<K2, V>>, key: K): Map<K2, V> {
  let m = outer.get(key);
  if (!m) outer.set(key, (m = new Map()));
  return m;
}

/** The list under `key`, made if missing. */
function listIn<K>(m: Map<K, number[]>, key: K): number[] {
  let l = m.get(key);
  if (!l) m.set(key, (l = []));
  return l;
}
