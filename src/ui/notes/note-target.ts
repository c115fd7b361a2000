/**
 * Notes in words and in motion: what a note is attached to, as a short phrase for the notes list and the editor,
 * and going to it (select the event, reveal the lane, zoom to the range).
 */
import type { Trace } from '../../model/trace.ts';
import { nodeTitle, podLabel } from '../../model/trace-query.ts';
import { cachedEventLabel } from '../../render/labels.ts';
import type { AppStore } from '../../store/app-store.ts';
import type { ResolvedNote } from '../../store/notes-slice.ts';
import type { NoteTarget } from '../../trace/share-types.ts';
import { formatDurationUs, formatEpochUs } from '../../util/time.ts';

function laneTitle(trace: Trace, lane: number): string {
  const info = trace.lanes[lane];
  const pod = info.pod >= 0 ? trace.pods[info.pod] : undefined;
  return pod ? `${info.title} · ${podLabel(pod)}` : `${info.title} · ${nodeTitle(trace.nodes[info.node]?.name ?? '')}`;
}

/** "event at line 87 (SyncLoop DELETE …)", "lane pod worker · ns/pod", "10:42:26.10 → … (19ms)". */
export function describeTarget(trace: Trace, target: NoteTarget, resolved?: Pick<ResolvedNote, 'event' | 'lane'>): string {
  switch (target.kind) {
    case 'range': {
      const a = Math.min(target.startUs, target.endUs);
      const b = Math.max(target.startUs, target.endUs);
      return `time ${formatEpochUs(a)} → ${formatEpochUs(b).slice(11)} (${formatDurationUs(b - a)})`;
    }
    case 'lane': {
      const lane = resolved?.lane ?? trace.lanes.findIndex((l) => l.id === target.laneId);
      return lane >= 0 ? `lane ${laneTitle(trace, lane)}` : `lane ${target.laneId} (not in this log)`;
    }
    case 'event': {
      const where = trace.sources.length > 1 ? `${target.event.source}:${target.event.line}` : `line ${target.event.line}`;
      const e = resolved?.event ?? -1;
      return e >= 0 ? `${where} · ${cachedEventLabel(trace, e)}` : `${where} (not in this log)`;
    }
  }
}

/** Brings a note's target into view. */
export function goToNote(store: AppStore, note: ResolvedNote): void {
  const s = store.getState();
  const trace = s.loaded?.trace;
  if (!trace) return;
  if (note.note.target.kind === 'event' && note.event >= 0) {
    s.selectEventAndReveal(note.event, true);
  } else if (note.note.target.kind === 'range' && Number.isFinite(note.startUs)) {
    s.zoomToRange(note.startUs, note.endUs);
    s.select({ kind: 'range', startUs: note.startUs, endUs: note.endUs });
  } else if (note.lane >= 0) {
    const pod = trace.lanes[note.lane].pod;
    if (pod >= 0) {
      s.expandGroup(`pod:${trace.pods[pod].uid}`);
      s.select({ kind: 'pod', pod });
      s.requestReveal();
    }
  }
}
