/**
 * Merging a part collected in another thread (collected-part.ts) into the main collection, so that the result is
 * exactly what reading the whole input in one thread gives: the same columns, the same string ids, the same pods.
 *
 * - Records are appended after the main thread's, in input order; the rest of a paused source continues its line
 *   numbers, and its source takes in the part's counts, notes, diagnostics and raw bytes (SourceHandle.absorb)
 *   before it ends (years are given over the whole source then).
 * - String ids: strings are interned walking the part's records in order, each record's in the order collecting
 *   it interns them (its default node, its node name, then container ID, container name, sandbox ID, text) — so
 *   the table grows exactly as it would have.
 * - Pods: references stay references (indices shifted) and are resolved for the whole input afterwards
 *   (Collector.finish), in record order.
 *
 * Before anything is changed the merge checks that reading the part on its own cannot have differed from reading
 * on (SourceHandle.continuationBlocker); if it could, it merges nothing and says why — the caller then reads that
 * stretch of input in the main thread instead.
 */
import { refNumber, type Collector, type SourceHandle } from './collector.ts';
import type { CollectedPart } from './collected-part.ts';
import { ASSUMED_NODE_KEY } from './source-segment.ts';

/**
 * Appends `part` to the collector's columns. `paused` is the main thread's source that the part's first source
 * continues (paused with SourceHandle.pause), if it does; end it after the merge. Returns '' when merged, else why
 * the part could not be merged (then nothing was changed).
 */
export function mergePart(collector: Collector, paused: SourceHandle | undefined, part: CollectedPart): string {
  const rest = part.sources[0]?.kind === 'rest' ? part.sources[0] : undefined;
  if (rest) {
    if (!paused) return 'the part continues a source that was not paused';
    const why = paused.continuationBlocker(rest.segment);
    if (why) return why;
  }
  const o = collector.out;
  const base = o.count;
  const firstWhole = paused ? paused.index + 1 : o.sources.length;
  const wholeSources = part.sources.length - (rest ? 1 : 0);
  const idMap = new Int32Array(part.strings.length).fill(-1);
  idMap[0] = 0;
  const idOf = (id: number): number => {
    let mapped = idMap[id];
    if (mapped < 0) {
      mapped = o.strings.intern(part.strings[id]);
      idMap[id] = mapped;
    }
    return mapped;
  };
  const c = part.columns;
  o.reserve(base + part.count);
  o.time.set(c.time, base);
  o.yearHint.set(c.yearHint, base);
  o.lineCount.set(c.lineCount, base);
  o.severity.set(c.severity, base);
  o.pid.set(c.pid, base);
  o.msg.set(c.msg, base);
  o.kind.set(c.kind, base);
  o.laneKind.set(c.laneKind, base);
  o.fileAdd.set(c.fileAdd, base);
  o.probe.set(c.probe, base);
  o.num.set(c.num, base);
  const lineOffset = rest ? paused!.linesRead : 0;
  // The part's references, as this collection numbers them.
  const refMap = part.podRefs.map((ref) => refNumber(o, ref));
  for (let i = 0; i < part.count; i++) {
    const at = base + i;
    const isRest = rest !== undefined && i < rest.first + rest.count;
    o.source[at] = isRest ? paused!.index : firstWhole + c.source[i] - (rest ? 1 : 0);
    o.line[at] = isRest ? c.line[i] + lineOffset : c.line[i];
    const ref = c.podRef[i];
    o.podRef[at] = ref >= 0 ? refMap[ref] : ref;
    // Interned in the order collecting the record would have interned them.
    o.defaultNode[at] = c.defaultNode[i] === ASSUMED_NODE_KEY ? paused!.defaultNodeKey() : idOf(c.defaultNode[i]);
    o.nodeName[at] = idOf(c.nodeName[i]);
    o.cid[at] = idOf(c.cid[i]);
    o.cname[at] = idOf(c.cname[i]);
    o.sid[at] = idOf(c.sid[i]);
    o.text[at] = idOf(c.text[i]);
  }
  for (const [record, refs] of part.multiRefs) o.multiRefs.set(base + record, refs.map((r) => refMap[r]));
  for (const [shortId, name] of part.idNames) if (!o.idNames.has(shortId)) o.idNames.set(shortId, name);
  o.count += part.count;
  o.readAsBytes += part.readAsBytes;
  for (const s of part.sources) {
    if (s.kind === 'rest') {
      paused!.absorb(s.segment, base + s.first, s.count);
      continue;
    }
    const index = firstWhole + s.info.index - (rest ? 1 : 0);
    o.sources[index] = { ...s.info, index, diagnostics: s.info.diagnostics.map((d) => ({ ...d, source: index })) };
    o.raw[index] = s.raw;
  }
  collector.countMergedSources(wholeSources);
  return '';
}
