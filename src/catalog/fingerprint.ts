/**
 * Version fingerprinting from text alone (kubelet-reference §5.2). Each signal narrows the likely kubelet minor
 * version range of a source; signals are data, checked per catalog entry (O(1) per record) plus a few text tests
 * that stop once they have fired.
 */
import type { VersionRange } from '../model/trace.ts';
import { CATALOG } from './catalog.ts';
import { newestMinorAt } from './release-dates.ts';

/** Minor versions as integers: 1.12 → 12. Infinity = "and newer". */
type Range = readonly [number, number];

const NEWER = Infinity;

/** Pod-worker and sync-function lines (1.22+; M44 1.21+), which print the pod UID as a `types.UID`: unquoted ≤1.27, quoted 1.28+. */
const POD_WORKER_LINES = [
  'M44', 'M45', 'M46', 'M47', 'M48', 'M49', 'M50', 'M51', 'M52', 'M54', 'M55', 'M56', 'M57', 'M58', 'M59', 'M60', 'M61',
  'M62', 'M63', 'M64', 'M67', 'M69', 'M23', 'M23x', 'M24', 'M24x', 'M25', 'M26', 'M29', 'M29x', 'M30', 'M32', 'M33',
];

/**
 * Other structured lines whose value of one key is a named string type (`types.UID`, PLEG's container state): klog
 * printed it unquoted up to 1.27 and quoted from 1.28 (kubelet-reference §6.3). Entry id → [key with its `=`, what].
 */
const TYPED_VALUE_LINES: Record<string, [string, string]> = {
  M98: [' podUID=', 'podUID on probe lines'], M99: [' podUID=', 'podUID on probe lines'], M100: [' podUID=', 'podUID on probe lines'],
  M93: [' newState=', 'container state on "GenericPLEG" lines'],
};

/** Signals keyed by catalog entry id: [range, description]. */
const BY_ENTRY: Record<string, [Range, string]> = {
  M03: [[0, 20], 'printf "SyncLoop (ADD, …)"'],
  X255: [[0, 23], 'the dockershim\'s "Docker Info" (≤1.23)'],
  X256: [[16, 23], 'the dockershim\'s "Error validating CNI config" (1.16–1.23)'],
  M05: [[0, 20], 'printf "SyncLoop (UPDATE, …)"'],
  M10: [[0, 18], '"SyncLoop (RESTORE"'],
  M11: [[0, 20], 'printf "SyncLoop (PLEG)"'],
  M15: [[0, 20], '"SyncLoop (container unhealthy)"'],
  M43: [[0, 21], 'printf "Error syncing pod <uid> (…), skipping"'],
  M79: [[0, 21], '"Killing unwanted pod" (podKiller)'],
  M79e: [[0, 21], '"Failed killing the pod" (podKiller)'],
  M04: [[21, NEWER], 'structured "SyncLoop ADD"'],
  M06: [[21, NEWER], 'structured "SyncLoop UPDATE"'],
  M12: [[21, NEWER], 'structured "SyncLoop (PLEG): event for pod"'],
  M16: [[21, NEWER], '"SyncLoop (probe)"'],
  M17: [[21, NEWER], '"SyncLoop (probe)"'],
  M18e: [[21, NEWER], '"SyncLoop (housekeeping) end"'],
  M82: [[21, NEWER], '"Container startup changed before pod has synced"'],
  X275: [[27, NEWER], '"Resize cannot be accommodated" (in-place pod resize, 1.27+)'],
  // The evented PLEG came in 1.26 (alpha; pkg/kubelet/pleg's EventedPLEG "added in v1.26.0").
  X94: [[26, NEWER], '"Evented PLEG" (EventedPLEG feature, 1.26+)'],
  // 1.21's pod workers already logged it structured (pod_workers.go:190 in a v1.21.4 log), before the 1.22 rewrite.
  M44: [[21, NEWER], 'structured "Error syncing pod, skipping"'],
  ...Object.fromEntries(POD_WORKER_LINES.filter((id) => id !== 'M44').map((id) => [id, [[22, NEWER], 'pod-worker lifecycle lines']])),
  M36: [[22, 29], '"Pod is not runnable and must have running containers stopped"'],
  M28o: [[22, 26], '"Pod termination stopped all running orphan containers"'],
  M75: [[22, 26], '"Clean up orphaned pod containers"'],
  M53: [[27, NEWER], '"Notifying pod of pending update"'],
  M65: [[27, NEWER], '"Pod worker has stopped"'],
  M66: [[27, NEWER], '"Requeueing pod due to pending update"'],
  M68: [[27, NEWER], 'orphan handling in SyncKnownPods'],
  M28: [[27, NEWER], '"SyncTerminatingRuntimePod enter"'],
  M28s: [[27, NEWER], '"Pod termination stopped all running orphaned containers"'],
  M76: [[27, NEWER], '"Clean up containers for orphaned pod we had not seen before"'],
  M77: [[27, NEWER], '"Handling termination and deletion of the pod to pod workers"'],
  M89: [[27, NEWER], 'status-manager delete gating'],
  M89f: [[27, NEWER], 'status-manager delete gating'],
  M92: [[27, NEWER], '"Syncing updated statuses"'],
  M30b: [[28, NEWER], '"Pod termination cleaned up volume paths"'],
  X232: [[27, NEWER], '"Failed to prepare dynamic resources" (DRA in SyncPod, 1.27+)'],
  X20: [[30, NEWER], '"SyncLoop (containermanager)"'],
  M94: [[21, NEWER], '"Generic (PLEG): container finished"'],
  S01: [[0, 9], '"Status Manager: adding pod"'],
  X11d: [[0, 6], '"Image garbage collection failed: …" (1.7 split it into "failed once" and "multiple times in a row")'],
  X181: [[0, 6], 'dockertools "Failed to setup network for pod … Skipping pod"'],
  X128: [[0, 6], 'dockertools "Failed to create pod infra container"'],
  // client-go's HandleError logs structured, as "Unhandled Error" (logger="UnhandledError"), from 1.31.
  X141: [[31, NEWER], '"Unhandled Error" (the libraries\' error handler, structured from 1.31)'],
  S06: [[0, 8], 'pre-1.9 "container … hash changed" text'],
  X112: [[24, NEWER], '"command failed" (component-base\'s cli.Run, 1.24+)'],
  // The topology manager's printf line, from topology_manager.go and then scope.go (1.20), until its structured form
  // (1.21 or 1.22: given room).
  X100: [[17, 21], 'printf "[topologymanager] RemoveContainer" (1.17–1.21)'],
  // --configure-cbr0 gave way to 1.3's kubenet (a July 2016 kubelet still logged it: kubernetes/kubernetes#28577).
  X244: [[0, 4], '"Error configuring cbr0" (--configure-cbr0, replaced by kubenet)'],
  X245: [[0, 4], '"CBR0 doesn\'t exist, attempting to create it" (--configure-cbr0, replaced by kubenet)'],
  X241: [[21, NEWER], 'the memory manager\'s start-up lines (1.21+)'],
  X216: [[27, 32], '"Could not initialize pod allocation checkpoint manager" (status manager, 1.27–1.32)'],
};

/**
 * The CRI client's line per failed call ("<call> from runtime (or image) service failed"): logged from the kubelet's
 * remote_runtime.go / remote_image.go until 1.30, and from the k8s.io/cri-client module's log.go since 1.31.
 */
const CRI_CALL_IDS: ReadonlySet<string> = new Set(['X09', 'X09b', 'X09c', 'X09d', 'X09e', 'X09f', 'X09g', 'X09h', 'X09i', 'X09j', 'X09k', 'X09l', 'X09m', 'X09n', 'X09p', 'X09r', 'X09s']);
/** How a gRPC status error starts; the code after it is a number or a name. */
const RPC_ERROR = 'rpc error: code = ';
const isDigitCode = (c: number): boolean => c >= 48 && c <= 57;

/**
 * Entries whose printf form the kubelet stopped writing when its files moved to structured logging (1.21, as
 * kubelet-reference.md's version notes say; the eviction manager's lines moved in the same release): a printf-era
 * record of one says ≤1.20.
 */
const PRINTF_UNTIL_1_20: Record<string, string> = {
  X15: 'printf "eviction manager: …" lines', X17: 'printf "eviction manager: …" lines', X147: 'printf "eviction manager: …" lines',
  X28: 'printf "eviction manager: …" lines', X89: 'printf "eviction manager: …" lines', X29: 'printf "eviction manager: …" lines', X227: 'printf "eviction manager: …" lines',
  M37: 'printf "Unable to attach or mount volumes for pod …"',
  X73: 'printf "failed to run Kubelet: …" (1.21 logs "Failed to run kubelet" err=…)',
  // The CRI client's call failures (remote_runtime.go, remote_image.go), structured in 1.21.
  ...Object.fromEntries([...CRI_CALL_IDS].map((id) => [id, 'printf "<call> … from runtime (or image) service failed: …"'])),
  X84: 'printf "[imageGCManager] Failed to update image list: …"',
  // kubelet.go's, kubelet_pods.go's and kubelet_node_status.go's own lines, structured in 1.21.
  M14: 'printf "SyncLoop (SYNC): … pods"', M71: 'printf "Generating status for …"',
  X12: 'printf "Error updating node status, will retry: …"', X11b: 'printf "Image garbage collection failed multiple times in a row: …"',
  // The prober's lines (prober.go), structured in 1.21.
  M98: 'printf "<type> probe for … failed"', M99: 'printf "<type> probe for … errored"', M100: 'printf "<type> probe for … succeeded"',
  M07: 'printf "SyncLoop (DELETE, …)"', M08: 'printf "SyncLoop (REMOVE, …)"', M09: 'printf "SyncLoop (RECONCILE, …)"', X215: 'printf "failed to initialize cpu manager: …"',
};

/**
 * Text-shape signals: for these entries the first listed substring found in the record decides (a null range
 * means "found, but says nothing"). Substrings are chosen to appear the same in text and JSON lines where they can.
 */
type TextSignal = readonly [needle: string, range: Range | null, signal: string];

const LIST_RENDERING: readonly TextSignal[] = [
  ['pods=["', [28, NEWER], 'JSON-rendered values (klog ≥ 2.100)'],
  ['event={"', [28, NEWER], 'JSON-rendered values (klog ≥ 2.100)'],
  ['pods="[', [26, 26], 'quoted pod list (klog 2.80)'],
  ['pods=[]', null, ''],
  ['pods=[', [21, 27], '%+v-rendered values (klog ≤ 2.90)'],
  ['event=&{', [21, 27], '%+v-rendered values (klog ≤ 2.90)'],
];
const WORK_TYPE: readonly TextSignal[] = [
  ['updateType="', [27, NEWER], '"Processing pod event" updateType="<name>"'],
  ['updateType=', [22, 26], '"Processing pod event" updateType=<int>'],
  ['"updateType":"', [27, NEWER], '"Processing pod event" updateType="<name>"'],
  ['"updateType":', [22, 26], '"Processing pod event" updateType=<int>'],
];
const SYNC_CASE: readonly TextSignal[] = [
  ['"sync', [22, 26], 'lower-case "syncPod enter"'],
  ['"Sync', [27, NEWER], 'capitalised "SyncPod enter"'],
];
const UNQUOTED_VALUES = (key: string): readonly TextSignal[] => [
  [` ${key}="`, [28, NEWER], `quoted ${key} (klog ≥ 2.100)`],
  [` ${key}=`, [21, 27], `unquoted ${key} (klog ≤ 2.90)`],
];

const BY_TEXT: Record<string, readonly TextSignal[]> = {
  M04: LIST_RENDERING, M06: LIST_RENDERING, M07: LIST_RENDERING, M08: LIST_RENDERING, M09: LIST_RENDERING,
  M12: LIST_RENDERING, M14: LIST_RENDERING,
  M57: WORK_TYPE, M58: WORK_TYPE, M59: WORK_TYPE,
  M23: SYNC_CASE, M23x: SYNC_CASE, M24: SYNC_CASE, M24x: SYNC_CASE, M29: SYNC_CASE, M29x: SYNC_CASE,
  M45: [['updateType=', [27, NEWER], '"Pod is being synced for the first time" updateType='], ['"updateType"', [27, NEWER], '"Pod is being synced for the first time" updateType=']],
  M54: [['workType', [27, NEWER], '"Cancelling current pod sync" workType='], ['updateType', [22, 26], '"Cancelling current pod sync" updateType=']],
  M56: [['Pod never started', [22, 26], '"Pod never started and the worker can now stop"'], ['Pod cannot start ever', [27, NEWER], '"Pod cannot start ever"']],
  M20: [['than 15s', [22, 26], '"Housekeeping took longer than 15s"'], ['than expected', [28, NEWER], '"Housekeeping took longer than expected"']],
  // The runtime's answer names the CRI API the kubelet asked for: only kubelets before 1.26 asked for v1alpha2.
  X09m: [['runtime.v1alpha2.', [0, 25], 'the kubelet asked the runtime for CRI v1alpha2 (1.25 at the latest)']],
  M71: [['podIsTerminal', [28, NEWER], '"Generating pod status" podIsTerminal=']],
  M78: [['due to UID reuse"', [22, 26], '"Pod is restartable after termination due to UID reuse"'], ['will be restarted', [27, NEWER], '"Pod will be restarted because … (likely due to UID reuse)"']],
  // The dockertools runtime (≤1.6; gone in 1.7) quoted a bare ID with names; the CRI's IDs carry their runtime scheme.
  M109: [['://', null, ''], ['Killing container "', [0, 6], 'dockertools "Killing container" (an ID with no runtime scheme)']],
  M110: [['exited after', [0, 6], 'dockertools "Container … exited after"']],
  M93: UNQUOTED_VALUES('oldState'),
  M101: UNQUOTED_VALUES('phase'),
  // The kubelet stopped setting the OutOfDisk node condition in 1.13 (kubernetes/kubernetes#70111).
  X45: [['NodeHasSufficientDisk', [0, 12], '"NodeHasSufficientDisk" node event (OutOfDisk condition, gone in 1.13)'], ['NodeOutOfDisk', [0, 12], '"NodeOutOfDisk" node event (OutOfDisk condition, gone in 1.13)']],
  M114: [['condition={"', [28, NEWER], 'JSON-rendered node condition (klog ≥ 2.100)'], ['condition={Type:', [21, 27], '%+v-rendered node condition (klog ≤ 2.90)']],
  // server.go's Run logged its error itself until 1.7; 1.8 returns it ("failed to run Kubelet: …").
  X73: [['Failed running kubelet: ', [0, 7], 'printf "Failed running kubelet: …" (server.go before 1.8)']],
  // PodSecurityPolicy's refusal; its admission plugin was removed in 1.25.
  X80: [['no providers available to validate pod request', [0, 24], 'a mirror pod refused by PodSecurityPolicy (gone in 1.25)']],
  // KEP 2712 (1.23): the shutdown manager's per-priority grace periods.
  X228: [['shutdownGracePeriodByPodPriority', [23, NEWER], '"Creating node shutdown manager" with shutdownGracePeriodByPodPriority (1.23+)']],
};

/**
 * Source line of one message, per release (a strong fingerprint within a minor): file, entries, line → [minor,
 * release], or [minor, releases, newest minor] where the line stayed the same across minors.
 */
const FILE_LINES: readonly { file: string; entries: readonly string[]; lines: Record<number, [number, string, number?]> }[] = [
  {
    file: 'kubelet.go', entries: ['M03', 'M04'], lines: {
      1882: [7, '1.7.16'], 1857: [9, '1.9.11'], 1883: [12, '1.12.10'], 1887: [12, '1.12.x'], 1910: [13, '1.13.12'],
      1888: [15, '1.15.11'], 1907: [18, '1.18.0'], 1919: [20, '1.20.5'], 2114: [23, '1.23.13'], 2199: [26, '1.26.1'],
      2389: [28, '1.28.x'], 2415: [29, '1.29.x'], 2528: [35, 'master 2025-10'],
    },
  },
  // 888 in 1.24.7 too: a kind node's log says kubeletVersion="v1.24.7" in the same process (gangmuk/k8s-failure-reproduction).
  { file: 'pod_workers.go', entries: ['M57'], lines: { 888: [23, '1.23.13, 1.24.7', 24], 902: [26, '1.26.1'], 1232: [28, '1.28.x'], 1230: [29, '1.29.x'], 1256: [35, 'master 2025-10'] } },
  {
    file: 'kuberuntime_container.go', entries: ['M109'], lines: {
      555: [12, '1.12.10'], 559: [13, '1.13'], 581: [15, '1.15'], 648: [18, '1.18'], 635: [20, '1.20.5'], 723: [23, '1.23.13'],
      709: [26, '1.26.1'], 745: [28, '1.28.x'], 770: [29, '1.29.x'], 881: [35, 'master 2025-10'],
    },
  },
];
const FILE_LINE_BY_ENTRY = new Map(FILE_LINES.flatMap((f) => f.entries.map((id) => [id, f] as const)));

/** Text checks per source before they stop (the signals they give are settled by then). */
const TEXT_CHECK_BUDGET = 400;

/**
 * What a fingerprint noted, for a source read in parts (model/collected-merge.ts): each signal at most twice (the
 * first time under the text-check budget and the first time outside it), with the number of text checks its part
 * had made before it (-1: not subject to the budget).
 */
export interface FingerprintLog {
  notes: [signal: string, lo: number, hi: number, checksBefore: number][];
  textChecks: number;
}

/**
 * Caller files only some releases had: a kubelet record logged from one dates the kubelet, whatever its message
 * (one the catalog does not know included).
 */
const FILE_ERAS: ReadonlyMap<string, readonly [Range, string]> = new Map([
  ['docker_manager.go', [[0, 6], 'logged from dockertools\' docker_manager.go (the Docker-only runtime, gone in 1.7)']],
  ['evented.go', [[26, Infinity], 'logged from the evented PLEG\'s evented.go (1.26+)']],
]);

/** Past this many distinct caller files (a damaged log's garbage ones), no more are looked at. */
const MAX_FILES_SEEN = 4096;

export class VersionFingerprint {
  private readonly hits = new Map<string, Range>();
  /** The caller files observeFile() has looked at: noted once each (a log has a few hundred). */
  private readonly filesSeen = new Set<string>();
  private textChecks = 0;
  /** A request's User-Agent named the kubelet's version already (one is enough). */
  private userAgentNoted = false;
  /** textChecks when the current observe() passed the budget check; -1 for notes the budget does not govern. */
  private gate = -1;
  private readonly noteLog: FingerprintLog['notes'] = [];
  private readonly logged = new Map<string, number>();
  /** noteLogDate's bound, kept apart from the hits (Infinity: none). */
  private dateCap = Infinity;
  private dateCapSignal = '';

  /** Per entry (EntrySignals.index): its BY_ENTRY signal was noted outside the budget, so noting it again does nothing. */
  private readonly entryNoted: Uint8Array = new Uint8Array(ENTRY_SIGNALS.size);
  /** Entry and source line pairs whose file:line signal was noted (outside the budget, so again would do nothing). */
  private readonly fileLinesNoted = new Set<number>();

  /**
   * The forms the source's kubelet records took: JSON (--logging-format=json) and structured key=value records
   * (klog's InfoS/ErrorS) both came in 1.19 — a lower bound where no message dates the source more closely.
   */
  noteRecordForms(eras: { printf: number; structured: number; json: number }): void {
    if (eras.json > 0) this.note('--logging-format=json records', [19, Infinity]);
    // A record is taken for a structured one by its opening quote, and a printf message may begin with one too
    // (`"resourcequota" is skipped`): one such line among many printf lines is no evidence.
    if (eras.structured >= 2 || (eras.structured > 0 && eras.structured * 4 >= eras.structured + eras.printf)) {
      this.note('structured key=value records', [19, Infinity]);
    }
  }

  /**
   * Whether a record of catalog entry number `entry` can still tell the fingerprint anything: its text is decoded
   * for observe() only then (lines such as probe results come by the hundred thousand, and their one check has a budget).
   */
  wants(entry: number): boolean {
    const d = SIGNALS_OF_ENTRY[entry];
    return d !== undefined && (!d.budgetOnly || this.textChecks <= TEXT_CHECK_BUDGET);
  }

  /** Called once per kubelet record with its caller file (FILE_ERAS); one set lookup when the file was seen before. */
  observeFile(file: string): void {
    if (this.filesSeen.has(file) || this.filesSeen.size >= MAX_FILES_SEEN) return;
    this.filesSeen.add(file);
    const era = FILE_ERAS.get(file.slice(file.lastIndexOf('/') + 1));
    if (era) {
      this.gate = -1;
      this.note(era[1], era[0]);
    }
  }

  /**
   * Called once per classified record, of catalog entry number `entry` (records of entries wants() says
   * no to may be left out: this returns at once for them). `keyed`: a structured or JSON record (both carry the
   * structured message and its keys).
   */
  observe(entry: number, file: string, fileLine: number, text: string, msgStart: number, keyed: boolean, severity: number): void {
    this.gate = -1;
    // Most lines are of entries no signal is about: one array read and done.
    const d = SIGNALS_OF_ENTRY[entry];
    if (d === undefined) return;
    const entryId = CATALOG[entry].id;
    const s = d.byEntry;
    if (s && this.entryNoted[d.index] === 0) {
      this.note(s[1], s[0]);
      this.entryNoted[d.index] = 1;
    }
    const fl = d.fileLine;
    if (fl && isFile(file, fl.file)) {
      const hit = fl.lines[fileLine];
      // Noted once per entry and line (the signal's text is built only then).
      const key = d.index * 100_000 + fileLine;
      if (hit && !this.fileLinesNoted.has(key)) {
        this.fileLinesNoted.add(key);
        this.note(`${CATALOG_TEXT[entryId] ?? entryId} at ${fl.file}:${fileLine} (${hit[1]})`, [hit[0], hit[2] ?? hit[0]]);
      }
    }
    const printfSignal = keyed ? undefined : PRINTF_UNTIL_1_20[entryId];
    if (printfSignal) this.note(printfSignal, [0, 20]);
    if (keyed && CRI_CALL_IDS.has(entryId)) {
      const client = isFile(file, 'log.go');
      if (client) this.note('CRI call failure logged by k8s.io/cri-client (log.go)', [31, NEWER]);
      else if (isFile(file, 'remote_runtime.go') || isFile(file, 'remote_image.go')) this.note('structured CRI call failure logged from remote_runtime.go / remote_image.go', [21, 30]);
    }
    if (CRI_CALL_IDS.has(entryId) || entryId === 'M98' || entryId === 'M99') {
      // The gRPC status of a CRI call (or an exec probe's ExecSync) is the kubelet's own client's: grpc-go printed its
      // code as a number before 1.2 (kubelets up to 1.7 vendored 1.0.x) and by name after (1.8 vendored 1.3).
      const at = text.indexOf(RPC_ERROR, msgStart);
      if (at >= 0 && isDigitCode(text.charCodeAt(at + RPC_ERROR.length))) this.note('numbered gRPC status code of a CRI call ("rpc error: code = 2", grpc-go before 1.2)', [0, 7]);
    }
    if (entryId === 'M81') this.note(severity === 1 ? 'W-level "Container readiness changed before pod has synced"' : 'I-level "Container readiness changed before pod has synced"', severity === 1 ? [0, 20] : [21, Infinity]);
    if (entryId === 'M02') this.note(keyed ? 'structured "Skipping pod synchronization"' : severity === 0 ? 'I-level "skipping pod synchronization"' : 'E-level printf "skipping pod synchronization"', keyed ? [21, Infinity] : severity === 0 ? [0, 17] : [18, 20]);
    if (this.textChecks > TEXT_CHECK_BUDGET) return;
    this.gate = this.textChecks;
    // A few text-shape signals, checked on the first few hundred relevant lines only.
    const checks = BY_TEXT[entryId];
    if (checks) {
      this.textChecks++;
      for (const [needle, range, signal] of checks) {
        if (text.indexOf(needle, msgStart) < 0) continue;
        if (range) this.note(signal, range);
        break;
      }
    } else if (entryId === 'M70') {
      this.textChecks++;
      if (keyed) {
        const withPath = text.includes('fieldPath=') || text.includes('"fieldPath"');
        this.note(withPath ? '"Event occurred" with fieldPath' : '"Event occurred" without fieldPath', withPath ? [24, Infinity] : [20, 25]);
      }
      else if (text.startsWith('Event(', msgStart)) this.note('Event(v1.ObjectReference…) text', [0, 19]);
    } else if (entryId === 'M96') {
      this.textChecks++;
      this.note(keyed ? '"Event channel is full" (structured)' : '"event channel is full" (printf)', keyed ? [21, Infinity] : [20, 20]);
    } else if (entryId === 'M105') {
      this.textChecks++;
      // (The check moved to kuberuntime/util with the evented PLEG, 1.26; a 1.27 kubelet's log of May 2023 has it there:
      // projectcalico/calico#7647.)
      const util = file.endsWith('util.go');
      this.note(util ? 'sandbox decision logged from kuberuntime/util/util.go' : 'sandbox decision logged from kuberuntime_manager.go', util ? [26, Infinity] : [0, 26]);
    } else if (entryId === 'X12') {
      // The node status code moved out of kubelet.go into kubelet_node_status.go in 1.4.
      this.textChecks++;
      if (isFile(file, 'kubelet.go')) this.note('node status errors logged from kubelet.go (kubelet_node_status.go from 1.4)', [0, 3]);
    } else if (entryId === 'X73' || entryId === 'X112' || entryId === 'X113') {
      // A flag the kubelet no longer knows, removed in a known release: the kubelet is at least that new.
      this.textChecks++;
      const flag = UNKNOWN_FLAG.exec(text.slice(msgStart, msgStart + 400))?.[1];
      const removedIn = flag ? REMOVED_FLAGS[flag] : undefined;
      if (removedIn) this.note(`"unknown flag: --${flag}" (removed in 1.${removedIn})`, [removedIn, Infinity]);
    } else if (entryId === 'X32') {
      // The Docker-only runtime manager (dockertools/manager.go), gone in 1.7, logged it from there; kuberuntime does not.
      this.textChecks++;
      if (isFile(file, 'manager.go')) this.note('"container start failed" logged from dockertools\' manager.go (≤1.6)', [0, 6]);
    } else if (entryId === 'M108b') {
      this.textChecks++;
      if (keyed) this.note('"Back-off restarting failed container" err=', [21, Infinity]);
      else if (text.startsWith('Back-off ', msgStart)) this.note('printf "Back-off … restarting failed container" (capital B)', [0, 15]);
      else if (text.startsWith('back-off ', msgStart)) this.note('printf "back-off … restarting failed container"', [16, 20]);
    } else if (entryId === 'M43' && !keyed) {
      // The pod workers named the pod beside its UID from 1.7 (their code of 1.6 still printed the UID alone).
      this.textChecks++;
      const at = text.indexOf(', skipping', msgStart);
      if (at > msgStart && text.charCodeAt(at - 1) !== 41) this.note('printf "Error syncing pod <uid>, skipping" (the UID alone: 1.6 at the latest)', [0, 6]);
    } else if (entryId === 'X43' || entryId === 'X44') {
      this.textChecks++;
      const minor = kubeletMinor(text, msgStart);
      if (minor > 0) this.note(`kubelet version v1.${minor}`, [minor, minor]);
    } else if (entryId === 'X148' && !this.userAgentNoted) {
      // client-go's -v=8 curl line names the kubelet's own version in its User-Agent (`kubelet/v1.27.2 (linux/amd64)`).
      this.textChecks++;
      const at = text.indexOf(USER_AGENT, msgStart);
      const minor = at >= 0 ? kubeletMinor(text, at + USER_AGENT.length - 3) : 0;
      if (minor > 0) {
        this.userAgentNoted = true;
        this.note(`kubelet version v1.${minor} (its requests' User-Agent)`, [minor, minor]);
      }
    }
    if (keyed && POD_WORKER_ID_SET.has(entryId)) {
      this.textChecks++;
      if (text.includes(' podUID="')) this.note('quoted podUID on pod-worker lines', [28, Infinity]);
      else if (text.includes(' podUID=')) this.note('unquoted podUID on pod-worker lines', [21, 27]);
    }
    const typed = keyed ? TYPED_VALUE_LINES[entryId] : undefined;
    if (typed) {
      this.textChecks++;
      const at = text.indexOf(typed[0], msgStart);
      const c = at < 0 ? -1 : text.charCodeAt(at + typed[0].length);
      if (c === 34) this.note(`quoted ${typed[1]}`, [28, Infinity]);
      else if ((c >= 48 && c <= 57) || (c >= 97 && c <= 122)) this.note(`unquoted ${typed[1]}`, [0, 27]);
    }
  }

  /**
   * The log's last record is dated `epochUs` by evidence (a wrapper's timestamp, a dated message, `--year`…): no
   * kubelet newer than what was out by then wrote it. A weak signal: it narrows the others, never contradicts them
   * (a year the log only suggests may be wrong), and alone gives an upper bound.
   */
  noteLogDate(epochUs: number): void {
    const newest = newestMinorAt(epochUs);
    if (newest === Infinity) return;
    this.dateCap = newest;
    const month = new Date(epochUs / 1000).toISOString().slice(0, 7);
    this.dateCapSignal = newest === 0 ? `dated ${month}, before 1.0 was released (a pre-release of it at most)`
      : `dated ${month}, when 1.${newest - 1} was the newest release (1.${newest} at most in pre-release)`;
  }

  /** A kubelet version a path or `kubelet --version` named outside the records (ingest/version-in-path.ts). */
  notePathVersion(minor: number, from: string): void {
    this.note(`v1.${minor} named by ${from}`, [minor, minor]);
  }

  /** A Go stack's logging library (ingest/source-notes.ts logLibraryIn). */
  noteLogLibrary(library: 'glog' | 'klog' | 'klog/v2'): void {
    this.gate = -1;
    const range: Range = library === 'glog' ? [0, 13] : library === 'klog' ? [14, 18] : [19, NEWER];
    this.note(`a Go stack's frames in ${library === 'glog' ? 'github.com/golang/glog' : `k8s.io/${library}`}`, range);
  }

  noteGlogFileHeader(): void {
    this.gate = -1;
    this.note('glog/klog file header (--log-dir)', [0, 25]);
  }

  /** The notes so far, for absorb() on the fingerprint of the part of the source before this one. */
  log(): FingerprintLog {
    return { notes: this.noteLog.slice(), textChecks: this.textChecks };
  }

  /**
   * Takes in what the fingerprint of the next part of the same source noted, as if its records had been observed
   * here: a note under the text-check budget counts only if this part's checks plus the ones before it still fit.
   */
  absorb(later: FingerprintLog): void {
    const before = this.textChecks;
    for (const [signal, lo, hi, checksBefore] of later.notes) {
      if (checksBefore >= 0 && before + checksBefore > TEXT_CHECK_BUDGET) continue;
      this.gate = checksBefore < 0 ? -1 : before + checksBefore;
      this.note(signal, [lo, hi]);
    }
    this.gate = -1;
    this.textChecks = before + later.textChecks;
  }

  private note(signal: string, range: Range): void {
    if (!this.hits.has(signal)) this.hits.set(signal, range);
    const kind = this.gate < 0 ? 2 : 1;
    const logged = this.logged.get(signal) ?? 0;
    if (logged & kind) return;
    this.logged.set(signal, logged | kind);
    this.noteLog.push([signal, range[0], range[1], this.gate]);
  }

  result(): VersionRange {
    if (this.hits.size === 0) {
      return this.dateCap === Infinity ? { min: '', max: '', label: 'unknown', signals: [] }
        : { min: '', max: fmt(this.dateCap), label: label(0, this.dateCap), signals: [this.dateCapSignal] };
    }
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
    if (lo <= hi && lo <= this.dateCap && this.dateCap < hi) {
      hi = this.dateCap;
      signals.push(this.dateCapSignal);
    }
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

const POD_WORKER_ID_SET = new Set(POD_WORKER_LINES);
/** How the file:line signals name their message. */
const CATALOG_TEXT: Record<string, string> = { M03: 'SyncLoop ADD', M04: 'SyncLoop ADD', M57: '"Processing pod event"', M109: '"Killing container … grace period"' };

/** Minor version from `v1.23.13` (or `"v1.23.13"`) after msgStart; 0 if none. Hand-scanned, bounded. */
/** What precedes the kubelet's version in a request's User-Agent header. */
const USER_AGENT = 'User-Agent: kubelet/v1.';

function kubeletMinor(text: string, from: number): number {
  const at = text.indexOf('v1.', from);
  if (at < 0 || at > from + 200) return 0;
  let p = at + 3;
  let minor = 0;
  while (p < text.length && p < at + 6 && text.charCodeAt(p) >= 48 && text.charCodeAt(p) <= 57) minor = minor * 10 + text.charCodeAt(p++) - 48;
  return p > at + 3 && text.charCodeAt(p) === 46 ? minor : 0;
}

/** Parses a version label back to a minor range (for choosing behaviour tables). */
export function minorRange(v: VersionRange): [number, number] {
  const lo = v.min ? Number(v.min.split('.')[1]) : 0;
  const hi = v.max ? Number(v.max.split('.')[1]) : Infinity;
  return [lo, hi];
}

/** `path` names the file `name` (its last element), tested without cutting the path. */
function isFile(path: string, name: string): boolean {
  const at = path.length - name.length;
  return at >= 0 && path.endsWith(name) && (at === 0 || path.charCodeAt(at - 1) === 47);
}

/** What the fingerprint may learn from a record of one catalog entry (entries with no signal at all have none). */
interface EntrySignals {
  index: number;
  byEntry: [Range, string] | undefined;
  fileLine: (typeof FILE_LINES)[number] | undefined;
  /** Only a text check under the budget reads it (TYPED_VALUE_LINES): past the budget there is nothing to learn. */
  budgetOnly: boolean;
}

/** The flag an "unknown flag" error names. */
const UNKNOWN_FLAG = /unknown flag: --([a-z][a-z0-9-]{1,60})/;
/** Kubelet flags removed in a release (the minor): a kubelet that calls one unknown is at least that new. */
const REMOVED_FLAGS: Readonly<Record<string, number>> = {
  'api-servers': 8, 'cadvisor-port': 12, 'allow-privileged': 15,
  // The dockershim's, removed with it.
  'network-plugin': 24, 'cni-bin-dir': 24, 'cni-conf-dir': 24, 'cni-cache-dir': 24, 'docker-endpoint': 24, 'image-pull-progress-deadline': 24,
  'experimental-dockershim-root-directory': 24, 'network-plugin-mtu': 24,
  'container-runtime': 27,
};

/** Entries observe() looks at further; every entry it tests by id below is one of them. */
const ENTRY_SIGNALS: ReadonlyMap<string, EntrySignals> = (() => {
  const others = new Set([
    ...Object.keys(BY_ENTRY), ...FILE_LINE_BY_ENTRY.keys(), ...Object.keys(BY_TEXT), ...POD_WORKER_LINES, ...Object.keys(PRINTF_UNTIL_1_20),
    'M81', 'M02', 'M70', 'M96', 'M105', 'M108b', 'X43', 'X44', 'X12', 'X32', 'X73', 'X113',
  ]);
  // (Its requests come by the thousand at -v=8: looked at under the budget only.)
  const budgeted = ['X148'];
  const ids = new Set([...others, ...Object.keys(TYPED_VALUE_LINES), ...budgeted]);
  return new Map([...ids].map((id, index) => [id, { index, byEntry: BY_ENTRY[id], fileLine: FILE_LINE_BY_ENTRY.get(id), budgetOnly: !others.has(id) }]));
})();

/** ENTRY_SIGNALS by catalog entry number (read for every record). */
const SIGNALS_OF_ENTRY: readonly (EntrySignals | undefined)[] = CATALOG.map((e) => ENTRY_SIGNALS.get(e.id));

