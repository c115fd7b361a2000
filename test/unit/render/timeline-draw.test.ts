import { describe, expect, test } from 'vitest';
import { analyzeText, seedText } from '../../helpers.ts';
import { drawTimeline } from '../../../src/render/draw-timeline.ts';
import { hitTest } from '../../../src/render/hit-test.ts';
import { markBox, bandBox, rowAtY } from '../../../src/render/row-layout.ts';
import { rowTopPx } from '../../../src/render/frame.ts';
import { frameFor, recordingContext } from './render-kit.ts';
import { syntheticKlog } from '../../browser/synthetic-log.ts';

describe('row layout', () => {
  const trace = analyzeText(seedText('000'), 'seed-000.log');
  const frame = frameFor(trace, trace.startUs, trace.endUs);

  test('rows are contiguous and every pod lane sits under its own pod header', () => {
    const rows = frame.layout.rows;
    for (let i = 1; i < rows.length; i++) expect(rows[i].yPx).toBe(rows[i - 1].yPx + rows[i - 1].heightPx);
    let currentPod = -2;
    for (const row of rows) {
      if (row.kind === 'group') currentPod = row.group.pod;
      else if (trace.lanes[row.lane].pod >= 0) expect(trace.lanes[row.lane].pod).toBe(currentPod);
    }
    expect(frame.layout.pinned.map((r) => trace.lanes[r.lane].kind)).toEqual(['sync-loop']);
  });

  test('rowAtY finds the row under any y', () => {
    for (const [i, row] of frame.layout.rows.entries()) {
      expect(rowAtY(frame.layout, row.yPx)).toBe(i);
      expect(rowAtY(frame.layout, row.yPx + row.heightPx - 0.5)).toBe(i);
    }
    expect(rowAtY(frame.layout, frame.layout.contentHeightPx + 5)).toBe(-1);
  });
});

describe('hit testing', () => {
  const trace = analyzeText(seedText('004'), 'seed-004.log');

  test('a click on an event mark finds that event, a click on a band finds that span', () => {
    const e = trace.events.count >> 1;
    const t = trace.events.timeUs[e];
    const frame = frameFor(trace, t - 500, t + 500);
    const lane = trace.events.lane[e];
    const pinned = frame.layout.pinnedOfLane[lane];
    const row = pinned >= 0 ? frame.layout.pinned[pinned] : frame.layout.rows[frame.layout.rowOfLane[lane]];
    if (row.kind !== 'lane') throw new Error('expected a lane row');
    const box = markBox(trace, row);
    const hit = hitTest(frame, frame.scale.toPx(t), rowTopPx(frame, row) + box.topPx + box.heightPx / 2);
    expect(hit).toMatchObject({ kind: 'event', lane });
    if (hit?.kind === 'event') expect(trace.events.timeUs[hit.event]).toBe(t);

    const s = trace.spans.count - 1;
    const sFrame = frameFor(trace, trace.spans.startUs[s], trace.spans.endUs[s] + 1000);
    const sRow = sFrame.layout.rows[sFrame.layout.rowOfLane[trace.spans.lane[s]]] ?? sFrame.layout.pinned[sFrame.layout.pinnedOfLane[trace.spans.lane[s]]];
    if (sRow.kind !== 'lane') throw new Error('expected a lane row');
    const bb = bandBox(trace, sRow, 0);
    const mid = (trace.spans.startUs[s] + trace.spans.endUs[s]) / 2;
    expect(hitTest(sFrame, sFrame.scale.toPx(mid), rowTopPx(sFrame, sRow) + bb.topPx + 2)).toMatchObject({ kind: 'span' });
  });
});

describe('labels', () => {
  test('a band that starts in the middle of the canvas is labelled with its state', () => {
    const trace = analyzeText(seedText('000'), 'seed-000.log');
    // Readiness turns not-ready while a pod status is generated; show it from a little before it starts.
    const s = Array.from({ length: trace.spans.count }, (_, i) => i).find((i) => trace.strings[trace.spans.state[i]].startsWith('not-ready'))!;
    expect(s).toBeDefined();
    const startUs = trace.spans.startUs[s];
    const log = recordingContext();
    drawTimeline(log.ctx, frameFor(trace, startUs - 20_000, startUs + 20_000, 1000, 3000), []);
    expect(log.texts.some((t) => t.startsWith('not-ready'))).toBe(true);
  });
});

describe('drawing cost', () => {
  // 50,000 events on 20 pods, fully zoomed out on a 1000 px canvas.
  const trace = analyzeText([...syntheticKlog({ pods: 20, lines: 50_000 })].join(''), 'synthetic.log', { year: 2024 });

  test('merged blocks keep the rectangles per lane near the pixel width, not the event count', () => {
    const frame = frameFor(trace, trace.startUs, trace.endUs, 1000, 4000);
    const log = recordingContext();
    drawTimeline(log.ctx, frame, []);
    const rects = (log.calls.get('rect') ?? 0) + (log.calls.get('fillRect') ?? 0);
    const visibleLanes = frame.layout.rows.filter((r) => r.kind === 'lane').length + frame.layout.pinned.length;
    expect(trace.events.count).toBeGreaterThan(40_000);
    // Without merging every event would be a rectangle; merged, a dense lane is a handful of blocks.
    expect(rects).toBeLessThan(visibleLanes * 100);
    expect(rects).toBeLessThan(trace.events.count / 10);
  });

  test('zoomed in, only the rows and items in view are drawn', () => {
    const mid = (trace.startUs + trace.endUs) / 2;
    const wide = recordingContext();
    drawTimeline(wide.ctx, frameFor(trace, trace.startUs, trace.endUs, 1000, 300), []);
    const narrow = recordingContext();
    drawTimeline(narrow.ctx, frameFor(trace, mid, mid + 10_000, 1000, 300), []);
    for (const x of narrow.rectXs) expect(x).toBeGreaterThan(-10);
    for (const x of narrow.rectXs) expect(x).toBeLessThan(1010);
    expect(narrow.rectXs.length).toBeLessThan(wide.rectXs.length * 2);
  });
});
