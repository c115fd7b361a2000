/**
 * A fingerprint of a whole Trace: one SHA-256 per part (every event column, spans, links, lane index, lanes, pods,
 * containers, nodes, strings, sources with their diagnostics, raw text, anomalies, findings). Two runs that agree on
 * every part built the same trace; when they do not, the part names say where to look.
 *
 * Raw text is hashed by content (the bytes and the line offsets), not by how it happened to be cut into chunks.
 */
import { createHash, type Hash } from 'node:crypto';
import { joinRaw } from '../../src/model/raw-text.ts';
import type { Trace } from '../../src/model/trace.ts';

type Typed = Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array;

function typedBytes(a: Typed): Buffer {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength);
}

function digest(feed: (h: Hash) => void): string {
  const h = createHash('sha256');
  feed(h);
  return h.digest('hex').slice(0, 16);
}

const json = (value: unknown) => digest((h) => h.update(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v))));

export function traceFingerprint(trace: Trace): Record<string, string> {
  const parts: Record<string, string> = {};
  const ev = trace.events;
  parts['events.count'] = String(ev.count);
  for (const [name, col] of Object.entries(ev)) {
    if (name === 'count') continue;
    parts[`events.${name}`] = digest((h) => h.update(typedBytes(col as Typed)));
  }
  const sp = trace.spans;
  parts['spans.count'] = String(sp.count);
  for (const [name, col] of Object.entries(sp)) if (name !== 'count') parts[`spans.${name}`] = digest((h) => h.update(typedBytes(col as Typed)));
  parts.links = digest((h) => { h.update(typedBytes(trace.links.from)); h.update(typedBytes(trace.links.to)); h.update(typedBytes(trace.links.kind)); });
  parts.laneIndex = digest((h) => {
    for (const a of [trace.laneEventStart, trace.laneEventIdx, trace.laneSpanStart, trace.laneSpanIdx]) h.update(typedBytes(a));
  });
  parts.strings = digest((h) => { for (const s of trace.strings) h.update(s + '\u0000'); });
  parts.lanes = json(trace.lanes);
  parts.pods = json(trace.pods);
  parts.containers = json(trace.containers);
  parts.nodes = json(trace.nodes);
  parts.multiPod = json(Object.entries(trace.multiPod));
  parts.anomalies = json(trace.anomalies);
  parts.gaps = json(trace.gaps);
  parts.findings = json(trace.findings);
  parts.range = `${trace.startUs}..${trace.endUs}`;
  trace.sources.forEach((s, i) => {
    const { diagnostics, ...info } = s;
    parts[`source${i}.info`] = json(info);
    parts[`source${i}.diagnostics`] = json(diagnostics);
    const raw = trace.raw[i];
    parts[`source${i}.raw`] = digest((h) => {
      h.update(typedBytes(joinRaw(raw)));
      h.update(typedBytes(raw.lineStarts));
    });
  });
  return parts;
}

/** Parts that differ between two fingerprints (a part missing on one side counts). */
export function fingerprintDiff(a: Record<string, string>, b: Record<string, string>): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => a[k] !== b[k]);
}
