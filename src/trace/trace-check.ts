/**
 * Cross-reference checks for a Trace read from an untrusted file: every index points inside the table it names,
 * CSR lane indexes are well formed, every event's lines exist in its source's raw text. After this passes, the UI
 * can index the trace without bounds checks and never reads past the raw text.
 */
import { ShareError } from './errors.ts';
import { pieceLength } from '../model/raw-text.ts';
import type { Trace } from '../model/trace.ts';

function bad(path: string, message: string): never {
  throw new ShareError('bad-structure', `${path}: ${message}`);
}

/** Every value of `values` lies in [lo, hi). */
function inRange(values: ArrayLike<number>, lo: number, hi: number, path: string): void {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (!(v >= lo && v < hi)) bad(`${path}[${i}]`, `${v} is not in ${lo}…${hi - 1}`);
  }
}

/** A CSR index: `start` has lanes+1 non-decreasing offsets ending at idx.length; idx values are < itemCount. */
function csr(start: Uint32Array, idx: Uint32Array, lanes: number, itemCount: number, path: string): void {
  if (start.length !== lanes + 1) bad(`${path}Start`, `expected ${lanes + 1} offsets, found ${start.length}`);
  if (start[0] !== 0 || start[lanes] !== idx.length) bad(`${path}Start`, 'offsets do not cover the index');
  for (let l = 0; l < lanes; l++) if (start[l] > start[l + 1]) bad(`${path}Start[${l}]`, 'offsets go backwards');
  inRange(idx, 0, itemCount, `${path}Idx`);
}

export function checkTraceReferences(t: Trace): void {
  const nSources = t.sources.length;
  const nEvents = t.events.count;
  const nSpans = t.spans.count;
  const nLanes = t.lanes.length;
  const nPods = t.pods.length;
  const nNodes = t.nodes.length;
  const nContainers = t.containers.length;
  const nStrings = t.strings.length;
  if (t.raw.length !== nSources) bad('raw', `expected one raw text per source (${nSources}), found ${t.raw.length}`);
  if (nStrings === 0 || t.strings[0] !== '') bad('strings[0]', 'must be the empty string');

  t.sources.forEach((s, i) => {
    if (s.index !== i) bad(`sources[${i}].index`, `expected ${i}`);
    for (const [k, d] of s.diagnostics.entries()) if (d.source !== i) bad(`sources[${i}].diagnostics[${k}].source`, `expected ${i}`);
  });
  t.raw.forEach((r, i) => {
    const starts = r.lineStarts;
    const total = r.pieces.length ? r.pieceStarts[r.pieces.length - 1] + pieceLength(r, r.pieces.length - 1) : 0;
    if (starts.length < 1 || starts[0] !== 0 || starts[starts.length - 1] !== total) bad(`raw[${i}].lineStarts`, 'does not span the text');
    for (let k = 1; k < starts.length; k++) if (!(starts[k] >= starts[k - 1])) bad(`raw[${i}].lineStarts[${k}]`, 'goes backwards');
  });

  const ev = t.events;
  inRange(ev.source, 0, nSources, 'events.source');
  inRange(ev.lane, 0, nLanes, 'events.lane');
  inRange(ev.pod, -1, nPods, 'events.pod');
  inRange(ev.container, -1, nContainers, 'events.container');
  inRange(ev.node, 0, Math.max(1, nNodes), 'events.node');
  for (const col of ['cid', 'cname', 'text'] as const) inRange(ev[col], 0, nStrings, `events.${col}`);
  for (let i = 0; i < nEvents; i++) {
    const lines = t.raw[ev.source[i]].lineStarts.length - 1;
    if (ev.line[i] < 1 || ev.line[i] + Math.max(1, ev.lineCount[i]) - 1 > lines) bad(`events.line[${i}]`, `line ${ev.line[i]} is not in its source (${lines} lines)`);
    if (Number.isNaN(ev.timeUs[i])) bad(`events.timeUs[${i}]`, 'not a time');
  }

  const sp = t.spans;
  inRange(sp.lane, 0, nLanes, 'spans.lane');
  inRange(sp.state, 0, nStrings, 'spans.state');
  inRange(sp.startEvent, -1, nEvents, 'spans.startEvent');
  inRange(sp.endEvent, -1, nEvents, 'spans.endEvent');
  inRange(sp.container, -1, nContainers, 'spans.container');
  inRange(t.links.from, 0, nEvents, 'links.from');
  inRange(t.links.to, 0, nEvents, 'links.to');
  csr(t.laneEventStart, t.laneEventIdx, nLanes, nEvents, 'laneEvent');
  csr(t.laneSpanStart, t.laneSpanIdx, nLanes, nSpans, 'laneSpan');

  t.nodes.forEach((n, i) => {
    if (n.index !== i) bad(`nodes[${i}].index`, `expected ${i}`);
    inRange(n.starts, 0, nEvents, `nodes[${i}].starts`);
    inRange(n.lanes, 0, nLanes, `nodes[${i}].lanes`);
  });
  t.lanes.forEach((l, i) => {
    if (l.index !== i) bad(`lanes[${i}].index`, `expected ${i}`);
    if (l.node >= nNodes) bad(`lanes[${i}].node`, `no node ${l.node}`);
    if (l.pod >= nPods) bad(`lanes[${i}].pod`, `no pod ${l.pod}`);
  });
  t.pods.forEach((p, i) => {
    if (p.index !== i) bad(`pods[${i}].index`, `expected ${i}`);
    if (p.node >= nNodes) bad(`pods[${i}].node`, `no node ${p.node}`);
    if (p.twin >= nPods) bad(`pods[${i}].twin`, `no pod ${p.twin}`);
    if (p.admission.event >= nEvents) bad(`pods[${i}].admission.event`, `no event ${p.admission.event}`);
    inRange(p.lanes, 0, nLanes, `pods[${i}].lanes`);
    inRange(p.containers, 0, nContainers, `pods[${i}].containers`);
  });
  t.containers.forEach((c, i) => {
    if (c.index !== i) bad(`containers[${i}].index`, `expected ${i}`);
    if (c.pod >= nPods) bad(`containers[${i}].pod`, `no pod ${c.pod}`);
    if (c.lane >= nLanes) bad(`containers[${i}].lane`, `no lane ${c.lane}`);
  });
  for (const [key, pods] of Object.entries(t.multiPod)) {
    if (Number(key) >= nEvents) bad(`multiPod[${key}]`, 'no such event');
    inRange(pods, 0, nPods, `multiPod[${key}]`);
  }
  t.anomalies.forEach((a, i) => {
    if (a.event >= nEvents) bad(`anomalies[${i}].event`, `no event ${a.event}`);
    if (a.pod >= nPods) bad(`anomalies[${i}].pod`, `no pod ${a.pod}`);
  });
  t.gaps.forEach((g, i) => {
    if (g.node >= t.nodes.length) bad(`gaps[${i}].node`, `no node ${g.node}`);
    if (g.source >= nSources) bad(`gaps[${i}].source`, `no source ${g.source}`);
    if (!(g.endUs >= g.startUs)) bad(`gaps[${i}]`, 'ends before it starts');
  });
  t.findings.forEach((f, i) => {
    inRange(f.pods, 0, nPods, `findings[${i}].pods`);
    inRange(f.containers, 0, nContainers, `findings[${i}].containers`);
    inRange(f.lanes, 0, nLanes, `findings[${i}].lanes`);
    inRange(f.evidence, 0, nEvents, `findings[${i}].evidence`);
  });
}
