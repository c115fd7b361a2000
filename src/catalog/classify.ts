/**
 * Classification: one log record → catalog entry, event kind, lane kind, pod references, container, and the
 * number/text details the model reads. The same code serves all three eras (printf, structured, JSON) because
 * printf placeholders and structured keys use the same field names (see entry.ts).
 */
import { CATALOG, FILE_DECIDES, MessageMatcher, kindId } from './catalog.ts';
import { innerSpecs, type CatalogEntry } from './entry.ts';
import { laneForFile, otherProgramOfFile } from './file-lanes.ts';
import {
  containerNameFrom, findPodInText, podInLogPath, podUidInCgroup, podUidInPath, normalizeContainerId, normalizeProbeType, parsePodRef, podListItems,
  type FieldValue, type PodRef,
} from './extract.ts';
import { Era, type LogRecord } from '../ingest/record.ts';
import { leftOpen } from '../ingest/pager-cut.ts';
import { cutInside, listItems, quotedEnd, scanKeyValues, structFields, unquoteGo, valueString, type EndReport, type KeyValue } from '../ingest/structured.ts';
import type { LaneKind } from '../model/trace.ts';
import { formatStatusSummary, summarizeStatus } from './status-summary.ts';
import { compileTemplate, matchTemplate, type CompiledTemplate } from './template.ts';

export interface Classified {
  entry: number;
  kind: number;
  lane: LaneKind;
  /** Pods the line names (several for a bulk SyncLoop line). */
  pods: PodRef[];
  containerId: string;
  runtime: string;
  containerName: string;
  sandboxId: string;
  probeType: string;
  num: number;
  text: string;
  /** The message itself (structured/JSON text, or the printf text). */
  message: string;
  /** Container ID → name pairs the line reveals beyond its main container (status dumps list several). */
  learnedNames: [string, string][];
  /** Where a structured record's text ends inside a value, as structured.ts cutInside says ('' if it does not). */
  cut: string;
  /**
   * Another program printed it: an entry only other programs print (CatalogEntry.notKubelet), or a line of a file
   * only another Kubernetes program has (file-lanes.ts) — its pid is not the kubelet's.
   */
  otherProgram: boolean;
}

export function newClassified(): Classified {
  return { entry: 0, kind: 0, lane: 'other', pods: [], containerId: '', runtime: '', containerName: '', sandboxId: '', probeType: '', num: NaN, text: '', message: '', learnedNames: [], cut: '', otherProgram: false };
}

const MAX_TEXT = 400;

/**
 * A field name as the classifier reads it, split once: `involvedObject.Kind` has base `involvedObject` and member
 * `Kind`. Each name gets a slot number, so the per-record memo of field values is two arrays rather than a Map
 * cleared for every record (classify runs once per log line and reads some twenty fields).
 */
interface FieldName {
  name: string;
  slot: number;
  base: FieldName | undefined;
  member: string;
}

const FIELD_NAMES = new Map<string, FieldName>();

function fieldName(name: string): FieldName {
  let f = FIELD_NAMES.get(name);
  if (!f) {
    const dot = name.indexOf('.');
    const base = dot > 0 ? fieldName(name.slice(0, dot)) : undefined;
    f = { name, slot: FIELD_NAMES.size, base, member: dot > 0 ? name.slice(dot + 1) : '' };
    FIELD_NAMES.set(name, f);
  }
  return f;
}

const NO_FIELDS: Record<string, string> = {};
const NO_STRUCT: Record<string, string> = {};

/** The fields classify asks every record for, resolved to their slots once (not looked up by name each time). */
const F = {
  pods: fieldName('pods'), kind: fieldName('kind'), podName: fieldName('podName'), name: fieldName('name'),
  namespace: fieldName('namespace'), podNamespace: fieldName('podNamespace'), podUID: fieldName('podUID'), podID: fieldName('podID'), eventID: fieldName('event.ID'),
  involvedKind: fieldName('involvedObject.Kind'), involvedUID: fieldName('involvedObject.UID'),
  involvedName: fieldName('involvedObject.Name'), involvedNamespace: fieldName('involvedObject.Namespace'),
  involvedFieldPath: fieldName('involvedObject.FieldPath'), containerID: fieldName('containerID'),
  containerStatusID: fieldName('containerStatusID'), eventData: fieldName('event.Data'), containerId: fieldName('containerId'),
  podSandboxID: fieldName('podSandboxID'), sandboxID: fieldName('sandboxID'), actionsSandboxID: fieldName('podActions.SandboxID'),
  containerName: fieldName('containerName'), container: fieldName('container'), fieldPath: fieldName('fieldPath'),
  initContainerName: fieldName('initContainerName'), probeType: fieldName('probeType'), probe: fieldName('probe'), msg: fieldName('msg'), object: fieldName('object'),
};
const POD_KEYS = [fieldName('pod'), fieldName('podContainer'), F.object];
/** Fields read in turn, the first one present counting (see Classifier.first). */
const PROBE_FIELDS = [F.probeType, F.probe];
const POD_NAME_FIELDS = [F.podName, F.name];
const POD_UID_FIELDS = [F.podUID, F.podID, F.eventID];
const UID_FIELD_SET = new Set<FieldName>(POD_UID_FIELDS);
/** Hex and dashes, shorter than a UUID without its dashes (static pods' UIDs are 32 hex digits). */
const PARTIAL_UID = /^[0-9a-f-]{1,31}$/;
const CONTAINER_ID_FIELDS = [F.containerID, F.containerStatusID, F.eventData, F.containerId];
const SANDBOX_ID_FIELDS = [F.podSandboxID, F.sandboxID, F.actionsSandboxID];
const CONTAINER_NAME_FIELDS = [F.containerName, F.container, F.initContainerName, F.fieldPath, F.involvedFieldPath];

/**
 * Fields that name a pod or container: a value of theirs cut at the end of the text (a pager, a terminal, a bounded
 * line) is not read at all — `pod="kube-system/kube-p` names no pod, where a cut error text is still worth its start.
 */
const WHOLE_VALUE_ONLY = new Set<FieldName>([
  ...POD_KEYS, ...POD_NAME_FIELDS, ...POD_UID_FIELDS, ...CONTAINER_ID_FIELDS, ...SANDBOX_ID_FIELDS, ...CONTAINER_NAME_FIELDS,
  F.namespace, F.podNamespace,
]);

/** The fields an entry names (catalog/entry.ts), resolved once per entry. */
interface EntryFields {
  refine: FieldName | undefined;
  refineThen: FieldName | undefined;
  num: FieldName | undefined;
  text: FieldName[] | undefined;
  status: FieldName | undefined;
}

const fieldOrNone = (name: string | undefined) => (name === undefined ? undefined : fieldName(name));

export class Classifier {
  private rec!: LogRecord;
  private printfFields: Record<string, string> = NO_FIELDS;
  /** Fields read from inside a value (entry.inner) or from a JSON `msg` written by a printf call; used after the record's own. */
  private extraFields: Record<string, string> | undefined;
  /** The message text, readable as the pseudo-field `msg` in every era. */
  private messageText = '';
  private readonly kvs: KeyValue[] = [];
  private kvCount = 0;
  /** The pair whose value the text ends inside (the last one scanned), or -1. */
  private cutPair = -1;
  /** The record is read as key=value pairs (structured, or a headerless line whose message is quoted). */
  private keyed = false;
  private readonly endReport: EndReport = { why: '', known: true };
  /** Record number; a memo slot whose stamp equals it holds this record's value. */
  private serial = 0;
  private readonly memoStamp: number[] = [];
  private readonly memoValue: (FieldValue | undefined)[] = [];
  private readonly structStamp: number[] = [];
  private readonly structValue: Record<string, string>[] = [];
  private readonly podOptions: { nameFirst: boolean | undefined; nameOnly: boolean | undefined; uidOnly: boolean | undefined }[];
  /** 1 for entries on a pod worker's lane: their lines are about one pod. */
  private readonly podWorkerEntry: Uint8Array;
  /** 1 for entries printed only without a klog header (a command's stderr): a klog record's same words are not them. */
  private readonly headerlessEntry: Uint8Array;
  private readonly unknownKind = kindId('unknown');
  private readonly kindIds: number[];
  private readonly innerTemplates: { field: FieldName; templates: CompiledTemplate[] }[][];
  private readonly entryFields: EntryFields[];

  constructor(private readonly matcher = new MessageMatcher(), private readonly entries: readonly CatalogEntry[] = CATALOG) {
    this.kindIds = entries.map((e) => kindId(e.kind));
    this.innerTemplates = entries.map((e) => innerSpecs(e).map((spec) => ({ field: fieldName(spec.field), templates: spec.printf.map(compileTemplate) })));
    this.podOptions = entries.map((e) => ({ nameFirst: e.podNameFirst, nameOnly: e.podNameOnly, uidOnly: e.podUidOnly }));
    this.podWorkerEntry = Uint8Array.from(entries, (e, i) => (i > 0 && e.lane === 'pod-worker' ? 1 : 0));
    this.headerlessEntry = Uint8Array.from(entries, (e) => (e.headerless ? 1 : 0));
    this.entryFields = entries.map((e) => ({
      refine: fieldOrNone(e.refine?.field), refineThen: fieldOrNone(e.refine?.then?.field), num: fieldOrNone(e.num), text: e.text?.map(fieldName), status: fieldOrNone(e.statusField),
    }));
  }

  classify(rec: LogRecord, out: Classified): void {
    this.rec = rec;
    this.serial++;
    this.kvCount = 0;
    this.cutPair = -1;
    this.printfFields = NO_FIELDS;
    this.extraFields = undefined;
    this.keyed = false;
    out.pods.length = 0;
    out.learnedNames.length = 0;
    out.containerId = out.runtime = out.containerName = out.sandboxId = out.probeType = out.text = out.cut = '';
    out.num = NaN;

    let entryIdx = 0;
    const text = rec.text;
    if (rec.era === Era.Json) {
      const msg = rec.json!.msg as string;
      out.message = msg;
      entryIdx = this.matcher.matchMessage(msg);
      if (entryIdx === 0) {
        // printf calls under --logging-format=json: `msg` is the formatted text, with the newline Errorf-style
        // callers end it with (klog's text output drops it).
        const m = this.matcher.matchPrintf(msg.endsWith('\n') ? msg.trimEnd() : msg, 0);
        if (m) { entryIdx = m.entry; this.extraFields = m.fields; }
      }
    } else if ((this.keyed = rec.era === Era.Structured || (rec.era === Era.Stderr && rec.msgStart > 0 && text.charCodeAt(rec.msgStart) === 34))) {
      // (A headerless line whose message is quoted — a logrus line's msg= — reads as a structured one.)
      const q = quotedEnd(text, rec.msgStart);
      if (q > 0) {
        out.message = unquoteGo(text, rec.msgStart, q);
        entryIdx = this.matcher.matchMessage(out.message);
        // The pairs' scan also tells where the text ends (a second pass only past its pair limit).
        const end = this.endReport;
        this.kvCount = scanKeyValues(text, q, this.kvs, 64, end);
        out.cut = end.known ? end.why : cutInside(text, rec.msgStart);
        if (end.why) this.cutPair = this.kvCount - 1;
      } else {
        out.message = text.slice(rec.msgStart, rec.msgStart + MAX_TEXT);
        out.cut = cutInside(text, rec.msgStart);
        // Cut inside the message (a pager, a terminal): what is left may still begin like a known one.
        const begun = unquoteGo(out.message, 0, out.message.length);
        entryIdx = this.matcher.matchByPrefix(begun) || this.matcher.matchExactCut(begun);
      }
    } else {
      // A message cut short matches no template whole; it may begin like one. Cut where it was seen (a pager, a screen),
      // or left open where the text ends (a quote or bracket not closed: the end of an excerpt cut it).
      let m = this.matcher.matchPrintf(text, rec.msgStart)
        ?? (rec.cutShort || leftOpen(text, rec.msgStart)
          ? this.matcher.matchPrintfCut(text, rec.msgStart, text.length, rec.cutSupposed === true && !leftOpen(text, rec.msgStart)) : undefined);
      // (`E0424 … azure_instances.go:34] error: az.NodeAddresses…` is a cloud provider's error, not the command's exit.)
      if (m && this.headerlessEntry[m.entry] === 1 && rec.era !== Era.Stderr) m = undefined;
      out.message = text.length - rec.msgStart > MAX_TEXT ? text.slice(rec.msgStart, rec.msgStart + MAX_TEXT) : text.slice(rec.msgStart);
      if (m) {
        entryIdx = m.entry;
        this.printfFields = m.fields;
      }
    }
    const entry = this.entries[entryIdx];
    const fields = this.entryFields[entryIdx];
    out.entry = entryIdx;
    this.messageText = out.message;
    const inner = this.innerTemplates[entryIdx];
    // (A JSON `msg` a printf template matched has its fields already; a field inside another value still needs reading.)
    const printfInJson = this.extraFields !== undefined;
    for (const spec of inner) if (!(printfInJson && spec.field === F.msg)) this.readInner(spec.field, spec.templates);
    out.kind = entryIdx === 0 ? this.unknownKind : this.kindIds[entryIdx];
    if (entry.refine) {
      const v = this.str(fields.refine!);
      let target = v !== undefined ? entry.refine.map[v] : undefined;
      if (!target && v !== undefined && entry.refine.prefixes) {
        for (const prefix in entry.refine.prefixes) if (v.startsWith(prefix)) target = entry.refine.prefixes[prefix];
      }
      const then = entry.refine.then;
      const narrowing = then ? this.str(fields.refineThen!) : undefined;
      if (narrowing !== undefined) {
        for (const prefix in then!.prefixes) if (narrowing.startsWith(prefix)) target = then!.prefixes[prefix];
      }
      if (target) out.kind = kindId(target);
    }

    this.extractPods(out);
    this.extractContainer(out);
    const probe = this.first(PROBE_FIELDS);
    if (probe) out.probeType = normalizeProbeType(probe);
    if (fields.num) {
      const v = this.str(fields.num);
      if (v !== undefined && v !== '') out.num = Number(v);
    }
    if (fields.text) {
      const parts: string[] = [];
      for (const f of fields.text) {
        const v = this.get(f);
        if (v !== undefined && v !== '') parts.push(Array.isArray(v) ? v.join(' ') : v);
        if (f !== F.probe && parts.length) break;
      }
      const t = parts.join(' ');
      out.text = t.length > MAX_TEXT ? t.slice(0, MAX_TEXT) + '…' : t;
    }
    if (fields.status) this.summarize(fields.status, out);
    out.lane = entryIdx === 0 ? laneForFile(rec.file, out.pods.length > 0) : entry.lane;
    // A message the catalog does not know, or one other programs print too, from a file only another program has: that
    // program's line (a controller's version banner is no kubelet start), kept as an event of no kind on 'other'.
    const byFile = FILE_DECIDES[entryIdx] === 1 && otherProgramOfFile(rec.file) !== '';
    out.otherProgram = entry.notKubelet === true || byFile;
    if (byFile) {
      out.kind = this.unknownKind;
      out.lane = 'other';
    }
  }

  private extractPods(out: Classified): void {
    const opts = this.podOptions[out.entry];
    const pods = this.get(F.pods);
    if (pods !== undefined) {
      for (const item of podListItems(pods)) {
        const ref = parsePodRef(item, opts);
        if (ref) out.pods.push(ref);
      }
    }
    for (const key of POD_KEYS) {
      const v = this.str(key);
      if (v === undefined) continue;
      if (key === F.object && this.str(F.kind) !== 'Pod') continue;
      const ref = parsePodRef(v, opts);
      if (ref) { out.pods.push(ref); break; }
    }
    if (out.pods.length === 0) {
      const name = this.first(POD_NAME_FIELDS);
      const ns = this.str(F.namespace) ?? this.str(F.podNamespace);
      // The volume manager names a pod whose object is gone by its UID in the name's place (`pod "<uid>" (UID: "<uid>")`).
      if (name && (ns !== undefined || this.str(F.podName) !== undefined) && name !== this.first(POD_UID_FIELDS)) {
        out.pods.push({ uid: '', name, namespace: ns ?? '', container: '' });
      }
    }
    const inv = this.str(F.involvedKind);
    if (out.pods.length === 0 && inv === 'Pod') {
      out.pods.push({
        uid: this.str(F.involvedUID) ?? '', name: this.str(F.involvedName) ?? '',
        namespace: this.str(F.involvedNamespace) ?? '', container: '',
      });
    }
    const uid = this.first(POD_UID_FIELDS);
    if (uid && out.pods.length <= 1) {
      if (out.pods.length === 0) out.pods.push({ uid, name: '', namespace: '', container: '' });
      else if (!out.pods[0].uid) out.pods[0].uid = uid;
    }
    // The name the line gives is not yet the pod's (a static manifest's own, before the node's name is appended): its
    // UID alone says which pod.
    if (opts.uidOnly && out.pods.length) {
      const withUid = out.pods.filter((r) => r.uid);
      out.pods.length = 0;
      for (const r of withUid) out.pods.push({ uid: r.uid, name: '', namespace: '', container: r.container });
      return;
    }
    // A pod worker's line without its pod= key (a pager or terminal cut it off) may still name its pod inside the
    // error it quotes (`… back-off 2m40s restarting failed container=x pod=x-0_ns(uid)" pod="ku>`).
    if (out.pods.length === 0 && ((this.rec.era === Era.Printf && out.entry === 0) || this.podWorkerEntry[out.entry] === 1)) {
      const ref = findPodInText(this.rec.text, this.rec.msgStart, Math.min(this.rec.text.length, this.rec.msgStart + 4096));
      if (ref) out.pods.push(ref);
    }
    // A line that names its pod only by the pod's directory (a volume's or subPath's path), or by its cgroup.
    if (out.pods.length === 0) {
      const limit = Math.min(this.rec.text.length, this.rec.msgStart + 4096);
      const uid = podUidInPath(this.rec.text, this.rec.msgStart, limit) || podUidInCgroup(this.rec.text, this.rec.msgStart, limit);
      const logged = uid ? undefined : podInLogPath(this.rec.text, this.rec.msgStart, limit);
      if (uid) out.pods.push({ uid, name: '', namespace: '', container: '' });
      else if (logged) out.pods.push(logged);
    }
  }

  private summarize(field: FieldName, out: Classified): void {
    const raw = this.str(field);
    const sum = raw === undefined ? undefined : summarizeStatus(raw);
    if (!sum) return;
    out.text = formatStatusSummary(sum);
    for (const c of sum.containers) {
      if (c.name && c.id) out.learnedNames.push([c.id, c.name]);
      if (c.name && c.lastId) out.learnedNames.push([c.lastId, c.name]);
    }
    // One app container: the line is about it (init containers, listed apart, do not count).
    const app = sum.containers.filter((c) => !c.init);
    if (app.length === 1) {
      const c = app[0];
      if (!out.containerName) out.containerName = c.name;
      if (!out.containerId && c.id) out.containerId = c.id;
    }
  }

  private extractContainer(out: Classified): void {
    const id = this.first(CONTAINER_ID_FIELDS);
    if (id) [out.containerId, out.runtime] = normalizeContainerId(id);
    const sb = this.first(SANDBOX_ID_FIELDS);
    if (sb) out.sandboxId = normalizeContainerId(sb)[0];
    const name = this.first(CONTAINER_NAME_FIELDS);
    if (name) out.containerName = containerNameFrom(name);
    if (!out.containerName) for (const p of out.pods) if (p.container) out.containerName = p.container;
  }

  private readInner(field: FieldName, templates: CompiledTemplate[]): void {
    // A printf-era message was already matched by the entry's own templates.
    if (field === F.msg && this.rec.era !== Era.Structured && this.rec.era !== Era.Json) return;
    const src = this.str(field);
    if (src === undefined) return;
    for (const t of templates) {
      const fields = matchTemplate(t, src, 0);
      if (fields) {
        // The message's own fields, and those read before, win over these — unless they were empty (an operation
        // key's `podName:` with nothing after it gives way to the error's pod UID).
        if (!this.extraFields) this.extraFields = fields;
        else for (const k in fields) if (!this.extraFields[k]) this.extraFields[k] = fields[k];
        return;
      }
    }
  }

  /**
   * The first of `fields` the record has, as str() gives it. A list rather than a chain of str() calls: the
   * precedence reads as data, and get() is compiled into one call site instead of one per field.
   */
  private first(fields: readonly FieldName[]): string | undefined {
    for (const f of fields) {
      const v = this.str(f);
      if (v !== undefined) return v;
    }
    return undefined;
  }

  private str(field: FieldName): string | undefined {
    const v = this.get(field);
    return Array.isArray(v) ? v.join(' ') : v;
  }

  /** A field of the current record; `a.B` reads member B of struct-valued field a. */
  private get(field: FieldName): FieldValue | undefined {
    const name = field.name;
    const slot = field.slot;
    if (this.memoStamp[slot] === this.serial) return this.memoValue[slot];
    let v: FieldValue | undefined;
    const base = field.base;
    if (base) {
      let st: Record<string, string>;
      if (this.structStamp[base.slot] === this.serial) {
        st = this.structValue[base.slot];
      } else {
        const raw = this.get(base);
        st = raw === undefined || Array.isArray(raw) ? NO_STRUCT : structFields(raw);
        this.structStamp[base.slot] = this.serial;
        this.structValue[base.slot] = st;
      }
      v = st[field.member];
    } else if (!this.keyed && (this.rec.era === Era.Printf || this.rec.era === Era.Stderr)) {
      v = this.printfFields[name];
    } else if (this.keyed) {
      for (let i = 0; i < this.kvCount; i++) {
        const kv = this.kvs[i];
        if (kv.key === name) {
          if (i === this.cutPair && WHOLE_VALUE_ONLY.has(field)) break;
          const s = valueString(this.rec.text, kv);
          // A bare UID that ends the record short of any UID's length was cut there (`podUID=d1c475`): no pod.
          if (kv.shape === 0 && i === this.kvCount - 1 && UID_FIELD_SET.has(field) && PARTIAL_UID.test(s)) break;
          v = field === F.pods ? (i === this.cutPair ? wholeItemsOfCutList(s) : listItems(s)) : s;
          break;
        }
      }
    } else {
      v = jsonValue(this.rec.json![name]);
    }
    if (v === undefined && this.extraFields && !base) v = this.extraFields[name];
    if (v === undefined && field === F.msg) v = this.messageText;
    this.memoStamp[slot] = this.serial;
    this.memoValue[slot] = v;
    return v;
  }
}

/**
 * The items of a list value cut before its "]": a quoted item cut short is left out by listItems already; an
 * unquoted one (`pods=[ns/a ns/b ns/infra-gatew`, klog ≤ 2.90) is the list's last item, and is left out here.
 */
function wholeItemsOfCutList(s: string): string[] {
  const items = listItems(s);
  const last = items[items.length - 1];
  return last !== undefined && s.trimEnd().endsWith(last) ? items.slice(0, -1) : items;
}

function jsonValue(v: unknown): FieldValue | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'string' ? x : objectRef(x) ?? JSON.stringify(x)));
  return objectRef(v) ?? JSON.stringify(v);
}

function objectRef(v: unknown): string | undefined {
  if (v && typeof v === 'object' && typeof (v as { name?: unknown }).name === 'string' && Object.keys(v).length <= 3) {
    const o = v as { name: string; namespace?: string };
    return o.namespace ? `${o.namespace}/${o.name}` : o.name;
  }
  return undefined;
}
