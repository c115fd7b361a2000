/**
 * The finding highlight and the notes layer, drawn into a recording context: what is drawn where, and where the
 * notes say they were drawn (the boxes the tooltip and the context menu use).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { analyzeText } from '../../helpers.ts';
import { runDetectors } from '../../../src/findings/run.ts';
import { drawFindingHighlight, findingRows } from '../../../src/render/draw-findings.ts';
import { eventPoint } from '../../../src/render/draw-overlay.ts';
import { drawNotes, noteAt, type NoteMark } from '../../../src/render/draw-notes.ts';
import { frameFor, recordingContext } from './render-kit.ts';

const NAME = 'seed-004-stuck-terminating-worker.log';
const trace = analyzeText(readFileSync(join(import.meta.dirname, '..', '..', '..', 'public', 'incidents', NAME), 'utf8'), NAME, { year: 2023 });
trace.findings = runDetectors(trace);
const calls = (ctx: ReturnType<typeof recordingContext>, name: string) => ctx.calls.get(name) ?? 0;

describe('finding highlight', () => {
  const finding = trace.findings.find((f) => f.id === 'runtime-call-errors')!;
  const pad = (finding.endUs - finding.startUs) * 0.5;

  test('the range edges, a tint per lane row, a ring per evidence event in view, and the title', () => {
    const frame = frameFor(trace, finding.startUs - pad, finding.endUs + pad);
    const log = recordingContext();
    drawFindingHighlight(log.ctx, frame, finding);
    const x0 = frame.scale.toPx(finding.startUs);
    const x1 = frame.scale.toPx(finding.endUs);
    expect(log.rectXs).toContain(Math.round(x0));
    expect(log.rectXs).toContain(Math.round(x1));
    const rows = findingRows(frame, finding);
    expect(rows.length).toBeGreaterThan(0);
    // Band over everything, a tint and a flag per row, two edges.
    expect(calls(log, 'fillRect')).toBeGreaterThanOrEqual(1 + 2 * rows.length + 2);
    const inView = finding.evidence.filter((e) => !eventPoint(frame, e)!.offScreen);
    expect(calls(log, 'arc')).toBe(inView.length);
    expect(log.texts.some((t) => t.startsWith('⚑ Container runtime calls failing'))).toBe(true);
  });

  test('a finding far outside the window draws only its lane flags, no rings and no edges in view', () => {
    const frame = frameFor(trace, finding.endUs + 10_000_000, finding.endUs + 20_000_000);
    const log = recordingContext();
    drawFindingHighlight(log.ctx, frame, finding);
    expect(calls(log, 'arc')).toBe(0);
    expect(log.rectXs.filter((x) => x > 3 && x < frame.widthPx)).toEqual([]);
  });
});

describe('notes layer', () => {
  const e = trace.events.line.findIndex((l) => l === 230);
  const lane = trace.events.lane[e];
  const t = trace.events.timeUs[e];
  const frame = frameFor(trace, t - 1000, t + 1000);
  const notes: NoteMark[] = [
    { id: 'r', text: 'the kill fails here', kind: 'range', event: -1, lane: -1, startUs: t - 200, endUs: t + 200 },
    { id: 'l', text: 'runtime lane', kind: 'lane', event: -1, lane, startUs: NaN, endUs: NaN },
    { id: 'e', text: 'connection closed', kind: 'event', event: e, lane, startUs: t, endUs: t },
    { id: 'gone', text: 'on an event the trace lacks', kind: 'event', event: -1, lane: -1, startUs: NaN, endUs: NaN },
    { id: 'far', text: 'later', kind: 'range', event: -1, lane: -1, startUs: t + 5000, endUs: t + 6000 },
  ];

  test('each note in view is drawn with its text where its target is; the rest are not', () => {
    const log = recordingContext();
    const boxes = drawNotes(log.ctx, frame, notes);
    expect(boxes.map((b) => b.id).sort()).toEqual(['e', 'l', 'r']);
    const byId = Object.fromEntries(boxes.map((b) => [b.id, b]));
    expect(byId.r.x).toBeCloseTo(frame.scale.toPx(t - 200), 5);
    expect(byId.r.w).toBeGreaterThanOrEqual(frame.scale.toPx(t + 200) - frame.scale.toPx(t - 200) - 0.001);
    expect(byId.e.x).toBeCloseTo(frame.scale.toPx(t), 5);
    expect(byId.l.x).toBe(4);
    for (const text of ['the kill fails here', 'runtime lane', 'connection closed']) expect(log.texts).toContain(`✎ ${text}`);
    expect(log.texts.join(' ')).not.toContain('later');
  });

  test('overlapping ranges go on separate levels; noteAt finds the note under a point', () => {
    const two: NoteMark[] = [notes[0], { ...notes[0], id: 'r2', startUs: t - 100, endUs: t + 100, text: 'inside' }];
    const boxes = drawNotes(recordingContext().ctx, frame, two);
    expect(boxes[1].y).toBeGreaterThan(boxes[0].y);
    expect(noteAt(boxes, boxes[1].x + 1, boxes[1].y + 1)).toBe('r2');
    expect(noteAt(boxes, boxes[0].x + 1, boxes[0].y + 1)).toBe('r');
    expect(noteAt(boxes, -50, -50)).toBeUndefined();
  });

  test('no notes: nothing drawn at all', () => {
    const log = recordingContext();
    expect(drawNotes(log.ctx, frame, [])).toEqual([]);
    expect(log.calls.size).toBe(0);
  });
});
