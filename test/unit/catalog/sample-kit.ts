/**
 * The language of the catalog sample tables: one realistic log line per era an entry exists in, written from the
 * reference's exact message text, with what the whole pipeline must make of it. `run` analyses one line alone
 * (its own source, so no other line can lend it a pod or a container) and reads back what the trace says.
 */
import { analyzeSources } from '../../../src/model/analyze.ts';
import { CATALOG, KINDS } from '../../../src/catalog/catalog.ts';
import type { LaneKind } from '../../../src/model/trace.ts';

export type Era = 'printf' | 'structured' | 'json';

export interface Expect {
  /** Pods the line names, each `namespace/name(uid)` with absent parts empty: `/web-0()`, `/(uid)`. */
  pods?: string[];
  cname?: string;
  /** Container ID the event carries (without the runtime scheme). */
  cid?: string;
  /** ID of the sandbox instance the event is attached to. */
  sandbox?: string;
  num?: number;
  text?: string;
  /** Kind after refinement, when it differs from the entry's. */
  kind?: string;
  /** Lane, when it differs from the entry's (a pod lane without a pod falls back to a node lane). */
  lane?: LaneKind;
  /** A line the sample needs before it in its source (what tells a journal's kubelet identifier); not the one checked. */
  before?: string;
}

export interface Sample extends Expect {
  era: Era;
  line: string;
}

export interface EntrySamples {
  id: string;
  kind: string;
  lane: LaneKind;
  samples: Sample[];
}

export const UID = '3f9a2c1e-7b4d-4e8a-9c61-2d5e8f0a1b7c';
export const UID2 = 'a1b2c3d4-e5f6-4711-8899-aabbccddeeff';
/** Static pods have the hash of their manifest as UID. */
export const STATIC_UID = '6c0d3e9a1f2b4c5d8e7f9a0b1c2d3e4f';
export const CID = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
export const CID2 = 'd4735e3a265e16eee03f59718b9b5d03019c07d8b6c51f90da3a666eec13ab35';
export const SANDBOX = '4e07408562bedb8b60ce05c1decfe3ad16b72230967de01f640b7e4729b49fce';
/** `format.Pod` of the sample pod, as printf-era lines write it. */
export const WEB0 = `web-0_default(${UID})`;
export const DB1 = `db-1_prod(${UID2})`;

/** A pod as `Expect.pods` writes it. */
export const pod = (ns: string, name: string, uid = '') => `${ns}/${name}(${uid})`;

/** A klog text line: severity, `file:line`, message (raw printf text, or `"msg" key=value…`). */
export function klog(sev: 'I' | 'W' | 'E' | 'F', at: string, message: string): string {
  return `${sev}0315 10:02:03.123456    2891 ${at}] ${message}`;
}

/** A `--logging-format=json` line: caller and the record's fields (`msg`, `v` or `err`, key/values). */
export function json(caller: string, fields: Record<string, unknown>): string {
  return JSON.stringify({ ts: 1710496923123.456, caller, ...fields });
}

export const P = (line: string, e: Expect = {}): Sample => ({ era: 'printf', line, ...e });
export const S = (line: string, e: Expect = {}): Sample => ({ era: 'structured', line, ...e });
export const J = (line: string, e: Expect = {}): Sample => ({ era: 'json', line, ...e });

export function entry(id: string, kind: string, lane: LaneKind, ...samples: Sample[]): EntrySamples {
  return { id, kind, lane, samples };
}

export interface Observed {
  events: number;
  id: string;
  kind: string;
  lane: string;
  pods: string[];
  cname: string;
  cid: string;
  sandbox: string;
  num: number;
  text: string;
}

/** Analyses one sample line alone (after `before`, if given) and reads back its event. */
export function run(line: string, before?: string): Observed {
  const t = analyzeSources([{ name: 'sample.log', data: (before ? `${before}\n` : '') + line + '\n' }]);
  const ev = t.events;
  const sampleLine = before ? before.split('\n').length + 1 : 1;
  const mine = Array.from({ length: ev.count }, (_, e) => e).filter((e) => ev.line[e] === sampleLine);
  if (mine.length === 0) return { events: 0, id: '', kind: '', lane: '', pods: [], cname: '', cid: '', sandbox: '', num: NaN, text: '' };
  const i = mine[0];
  const podIds = ev.pod[i] >= 0 ? [ev.pod[i]] : t.multiPod[i] ?? [];
  const inst = ev.container[i] >= 0 ? t.containers[ev.container[i]] : undefined;
  return {
    events: mine.length,
    id: CATALOG[ev.msg[i]].id,
    kind: KINDS[ev.kind[i]],
    lane: t.lanes[ev.lane[i]]?.kind ?? '',
    pods: podIds.map((p) => pod(t.pods[p].namespace, t.pods[p].name, t.pods[p].uid)),
    cname: ev.cname[i] ? t.strings[ev.cname[i]] : '',
    cid: ev.cid[i] ? t.strings[ev.cid[i]] : '',
    sandbox: inst?.sandbox ? inst.id : '',
    num: ev.num[i],
    text: ev.text[i] ? t.strings[ev.text[i]] : '',
  };
}
