/**
 * Stable keys for things in a Trace, so that a link still points at the same event, pod, lane or span after the
 * lines are parsed again (indices may differ; names and line numbers do not). An event is its source file name and
 * its first line number; a pod is `podId` (`ns/name`, or the uid); a lane is its id; a span is its lane and start.
 */
import type { Trace } from '../model/trace.ts';
import { podId } from '../model/trace-query.ts';
import type { EventRef, SelectionKey, StableViewState, ViewState } from './share-types.ts';

export function eventRef(trace: Trace, e: number): EventRef {
  return { source: trace.sources[trace.events.source[e]]?.name ?? '', line: trace.events.line[e] };
}

/** The event a reference names (also when the line is a continuation line of its record), or -1. */
export function findEvent(trace: Trace, ref: EventRef): number {
  const source = trace.sources.findIndex((s) => s.name === ref.source);
  if (source < 0) return -1;
  const ev = trace.events;
  let within = -1;
  for (let i = 0; i < ev.count; i++) {
    if (ev.source[i] !== source) continue;
    if (ev.line[i] === ref.line) return i;
    if (within < 0 && ev.line[i] < ref.line && ref.line < ev.line[i] + ev.lineCount[i]) within = i;
  }
  return within;
}

export function selectionKey(trace: Trace, sel: NonNullable<ViewState['selected']>): SelectionKey | undefined {
  switch (sel.kind) {
    case 'event': return sel.index < trace.events.count ? { kind: 'event', event: eventRef(trace, sel.index) } : undefined;
    case 'pod': return trace.pods[sel.index] ? { kind: 'pod', pod: podId(trace.pods[sel.index]) } : undefined;
    case 'lane': return trace.lanes[sel.index] ? { kind: 'lane', laneId: trace.lanes[sel.index].id } : undefined;
    case 'span': {
      if (sel.index >= trace.spans.count) return undefined;
      return { kind: 'span', laneId: trace.lanes[trace.spans.lane[sel.index]].id, startUs: trace.spans.startUs[sel.index] };
    }
  }
}

export function resolveSelection(trace: Trace, key: SelectionKey): ViewState['selected'] {
  switch (key.kind) {
    case 'event': {
      const e = findEvent(trace, key.event);
      return e >= 0 ? { kind: 'event', index: e } : undefined;
    }
    case 'pod': {
      const p = trace.pods.findIndex((pod) => podId(pod) === key.pod || pod.uid === key.pod);
      return p >= 0 ? { kind: 'pod', index: p } : undefined;
    }
    case 'lane': {
      const l = trace.lanes.findIndex((lane) => lane.id === key.laneId);
      return l >= 0 ? { kind: 'lane', index: l } : undefined;
    }
    case 'span': {
      const l = trace.lanes.findIndex((lane) => lane.id === key.laneId);
      if (l < 0) return undefined;
      for (let k = trace.laneSpanStart[l]; k < trace.laneSpanStart[l + 1]; k++) {
        const s = trace.laneSpanIdx[k];
        if (trace.spans.startUs[s] === key.startUs) return { kind: 'span', index: s };
      }
      return undefined;
    }
  }
}

/** The view in link form. */
export function toStableView(trace: Trace, view: ViewState): StableViewState {
  const { selected, ...rest } = view;
  const key = selected ? selectionKey(trace, selected) : undefined;
  return key ? { ...rest, selected: key } : rest;
}

/** A link's view for the trace it opened into; a selection that no longer resolves is dropped. */
export function fromStableView(trace: Trace, view: StableViewState): ViewState {
  const { selected, ...rest } = view;
  const resolved = selected ? resolveSelection(trace, selected) : undefined;
  return resolved ? { ...rest, selected: resolved } : rest;
}
