/**
 * Version fingerprinting from text alone (kubelet-reference §5.2). Each signal narrows the likely kubelet minor
 * version range of a source; signals are data, checked per catalog entry (O(1) per record) plus a few text tests
 * that stop once they have fired.
 */
import type { VersionRange } from '../model/trace.ts';

/** Minor versions as integers: 1.12 → 12. Infinity = "and newer". */
type Range = readonly [number, number];

/** Signals keyed by catalog entry id: [range, description]. */
const BY_ENTRY: Record<string, [Range, string]> = {
  M03: [[0, 20], 'printf "SyncLoop (ADD, …)"'],
  M05: [[0, 20], 'printf "SyncLoop (UPDATE, …)"'],
  M10: [[0, 18], '"SyncLoop (RESTORE"'],
  M11: [[0, 20], 'printf "SyncLoop (PLEG)"'],
  M15: [[0, 20], '"SyncLoop (container unhealthy)"'],
  M43: [[0, 21], 'printf "Error syncing pod <uid> (…), skipping"'],
  M79: [[0, 21], '"Killing unwanted pod" (podKiller)'],
  M04: [[21, Infinity], 'structured "SyncLoop ADD"'],
  M12: [[21, Infinity], 'structured "SyncLoop (PLEG): event for pod"'],
  M16: [[21, Infinity], '"SyncLoop (probe)"'],
  M44: [[22, Infinity], 'structured "Error syncing pod, skipping"'],
  M45: [[22, Infinity], 'pod-worker lifecycle lines'],
  M46: [[22, Infinity], 'pod-worker lifecycle lines'],
  M57: [[22, Infinity], '"Processing pod event"'],
  M53: [[27, Infinity], '"Notifying pod of pending update"'],
  M65: [[27, Infinity], '"Pod worker has stopped"'],
  M66: [[27, Infinity], '"Requeueing pod due to pending update"'],
  M68: [[27, Infinity], 'orphan handling in SyncKnownPods'],
  M75: [[22, 26], '"Clean up orphaned pod containers"'],
  M76: [[27, Infinity], '"Clean up containers for orphaned pod we had not seen before"'],
  M89: [[27, Infinity], 'status-manager delete gating'],
  M92: [[27, Infinity], '"Syncing updated statuses"'],
  M94: [[21, Infinity], '"Generic (PLEG): container finished"'],
  S01: [[0, 9], '"Status Manager: adding pod"'],
  S06: [[0, 8], 'pre-1.9 "container … hash changed" text'],
  X18: [[0, 10], '"Receiving a new pod"'],
};

/** kubelet.go line of the SyncLoop ADD/UPDATE message, per release (a strong within-minor fingerprint). */
const SYNCLOOP_ADD_LINES: Record<number, [number, string]> = {
  1882: [7, '1.7.16'], 1857: [9, '1.9.11'], 1883: [12, '1.12.10'], 1887: [12, '1.12.x'], 1910: [13, '1.13.12'],
  1888: [15, '1.15.11'], 1907: [18, '1.18.0'], 1919: [20, '1.20.5'], 2114: [23, '1.23.13'], 2199: [26, '1.26.1'],
  2389: [28, '1.28.x'], 2415: [29, '1.29.x'], 2528: [35, 'master 2025-10'],
};

export class VersionFingerprint {
  private readonly hits = new Map<string, Range>();
  private textChecks = 0;

  /** Called once per classified record. */
  observe(entryId: string, file: string, fileLine: number, text: string, msgStart: number, structured: boolean, severity: number): void {
    const s = BY_ENTRY[entryId];
    if (s && !this.hits.has(s[1])) this.hits.set(s[1], s[0]);
    if (entryId === 'M03' || entryId === 'M04') {
      const base = file.slice(file.lastIndexOf('/') + 1);
      const hit = base === 'kubelet.go' ? SYNCLOOP_ADD_LINES[fileLine] : undefined;
      if (hit) this.note(`SyncLoop ADD at kubelet.go:${fileLine} (${hit[1]})`, [hit[0], hit[0]]);
    }
    if (entryId === 'M81') this.note(severity === 1 ? 'W-level "Container readiness changed before pod has synced"' : 'I-level "Container readiness changed before pod has synced"', severity === 1 ? [0, 20] : [21, Infinity]);
    if (entryId === 'M02') this.note(structured ? 'structured "Skipping pod synchronization"' : severity === 0 ? 'I-level "skipping pod synchronization"' : 'E-level printf "skipping pod synchronization"', structured ? [21, Infinity] : severity === 0 ? [0, 17] : [18, 20]);
    if (this.textChecks > 400) return;
    // A few text-shape signals, checked on the first few hundred relevant lines only.
    if (entryId === 'M57') {
      this.textChecks++;
      if (/updateType=\d/.test(text)) this.note('"Processing pod event" updateType=<int>', [22, 26]);
      else if (text.includes('updateType="')) this.note('"Processing pod event" updateType="<name>"', [27, Infinity]);
    } else if (entryId === 'M23' || entryId === 'M24' || entryId === 'M29') {
      this.textChecks++;
      const lower = text.startsWith('"sync', msgStart);
      this.note(lower ? 'lower-case "syncPod enter"' : 'capitalised "SyncPod enter"', lower ? [22, 26] : [27, Infinity]);
    } else if (entryId === 'M56') {
      this.textChecks++;
      if (text.includes('Pod never started')) this.note('"Pod never started and the worker can now stop"', [22, 26]);
    } else if (entryId === 'M20') {
      this.textChecks++;
      this.note(text.includes('than 15s') ? '"Housekeeping took longer than 15s"' : '"Housekeeping took longer than expected"', text.includes('than 15s') ? [22, 26] : [28, Infinity]);
    } else if (entryId === 'M71' && structured) {
      this.textChecks++;
      if (text.includes('podIsTerminal=')) this.note('"Generating pod status" podIsTerminal=', [28, Infinity]);
    } else if (entryId === 'M70') {
      this.textChecks++;
      if (structured) this.note(text.includes('fieldPath=') ? '"Event occurred" with fieldPath' : '"Event occurred"', text.includes('fieldPath=') ? [24, Infinity] : [20, Infinity]);
      else this.note('Event(v1.ObjectReference…) text', [0, 19]);
    } else if (entryId === 'M04' || entryId === 'M12') {
      this.textChecks++;
      if (text.includes('pods=["') || text.includes('event={"')) this.note('JSON-rendered values (klog ≥ 2.100)', [28, Infinity]);
      else if (text.includes('pods="[')) this.note('quoted pod list (klog 2.80)', [26, 26]);
      else if (text.includes('event=&{') || /pods=\[[^"\]]/.test(text)) this.note('%+v-rendered values (klog ≤ 2.90)', [21, 27]);
    }
    if (structured && (entryId === 'M45' || entryId === 'M58' || entryId === 'M61')) {
      this.textChecks++;
      if (text.includes(' podUID="')) this.note('quoted podUID on pod-worker lines', [28, Infinity]);
      else if (text.includes(' podUID=')) this.note('unquoted podUID on pod-worker lines', [22, 27]);
    }
  }

  noteGlogFileHeader(): void {
    this.note('glog/klog file header (--log-dir)', [0, 25]);
  }

  private note(signal: string, range: Range): void {
    if (!this.hits.has(signal)) this.hits.set(signal, range);
  }

  result(): VersionRange {
    if (this.hits.size === 0) return { min: '', max: '', label: 'unknown', signals: [] };
    let lo = 0;
    let hi = Infinity;
    let hullLo = Infinity;
    let hullHi = 0;
    for (const [a, b] of this.hits.values()) {
      lo = Math.max(lo, a);
      hi = Math.min(hi, b);
      hullLo = Math.min(hullLo, a);
      hullHi = Math.max(hullHi, b);
    }
    const signals = [...this.hits.keys()];
    if (lo <= hi) return { min: fmt(lo), max: hi === Infinity ? '' : fmt(hi), label: label(lo, hi), signals };
    // Contradicting signals: several kubelet versions wrote this source (an upgrade), report the hull.
    const exact = [...this.hits.values()].filter(([a, b]) => a === b).map(([a]) => a);
    const mLo = exact.length ? Math.min(...exact) : hullLo;
    const mHi = exact.length ? Math.max(...exact) : hullHi;
    return { min: fmt(mLo), max: mHi === Infinity ? '' : fmt(mHi), label: `${label(mLo, mHi)} (several versions)`, signals };
  }
}

function fmt(minor: number): string {
  return minor <= 0 ? '' : `1.${minor}`;
}

function label(lo: number, hi: number): string {
  if (hi === Infinity) return lo <= 0 ? 'unknown' : `1.${lo}+`;
  if (lo <= 0) return `≤1.${hi}`;
  if (lo === hi) return `1.${lo}`;
  return `1.${lo}–1.${hi}`;
}

/** Parses a version label back to a minor range (for choosing behaviour tables). */
export function minorRange(v: VersionRange): [number, number] {
  const lo = v.min ? Number(v.min.split('.')[1]) : 0;
  const hi = v.max ? Number(v.max.split('.')[1]) : Infinity;
  return [lo, hi];
}
