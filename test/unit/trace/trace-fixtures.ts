/** Helpers shared by the share/export tests. */
import { joinRaw } from '../../../src/model/raw-text.ts';
import type { EventTable, Trace } from '../../../src/model/trace.ts';
import type { Note } from '../../../src/trace/share-types.ts';

/** The columns of trace.ts's EventTable (the model may keep extra internal columns, which are not part of the contract). */
const EVENT_COLUMNS = {
  count: true, timeUs: true, source: true, line: true, lineCount: true, severity: true, node: true, pid: true, msg: true,
  kind: true, lane: true, pod: true, container: true, cid: true, cname: true, num: true, text: true,
} satisfies Record<keyof EventTable, true>;

/**
 * A Trace as the data contract defines it, with the raw text joined into one buffer per source (chunk boundaries
 * carry no information).
 */
export function comparableTrace(t: Trace): object {
  const events = Object.fromEntries(Object.keys(EVENT_COLUMNS).map((k) => [k, t.events[k as keyof EventTable]]));
  return {
    ...t,
    events,
    // Base64 of the joined bytes: compared as one string, which is much faster than byte by byte.
    raw: t.raw.map((r) => ({ bytes: Buffer.from(joinRaw(r)).toString('base64'), lineStarts: r.lineStarts })),
  };
}

/** One note of each target kind, with text that must stay inert. */
export function sampleNotes(trace: Trace): Note[] {
  const e = Math.min(3, trace.events.count - 1);
  const notes: Note[] = [
    { id: 'n1', text: 'the restart <img src=x onerror=alert(1)>', target: { kind: 'range', startUs: trace.startUs, endUs: trace.startUs + 1_000_000 } },
  ];
  if (trace.lanes.length) notes.push({ id: 'n2', text: 'this lane', target: { kind: 'lane', laneId: trace.lanes[0].id } });
  if (e >= 0) {
    notes.push({ id: 'n3', text: 'here 🔥', target: { kind: 'event', event: { source: trace.sources[trace.events.source[e]].name, line: trace.events.line[e] } } });
  }
  return notes;
}

/** Joined text of a source's raw bytes. */
export function rawText(t: Trace, source = 0): string {
  return Buffer.from(joinRaw(t.raw[source])).toString('utf8');
}
