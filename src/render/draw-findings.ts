/**
 * The highlight of the finding being looked at, drawn on the overlay canvas under the hover and selection marks:
 * a tinted band over its time range, its lanes (or their collapsed groups) tinted across the range and flagged at
 * the left edge, the range's edges as lines, and a ring on each evidence event.
 */
import type { Finding, FindingSeverity } from '../model/trace.ts';
import { eventPoint } from './draw-overlay.ts';
import { rowForLane, rowTopPx, type FrameContext } from './frame.ts';
import type { Row } from './row-layout.ts';
import { fitText } from './text-fit.ts';

/** Finding colours by theme and severity (the chrome's badges use the same hues, see ui/findings/findings.css). */
export const FINDING_COLOURS: Record<'light' | 'dark', Record<FindingSeverity, string>> = {
  light: { error: '#d0342c', warning: '#c7811a', info: '#4a6fa5' },
  dark: { error: '#ff6b61', warning: '#f0a63a', info: '#7ea6e0' },
};

/** Evidence rings drawn at most (a finding keeps its evidence bounded; this is a second guard). */
const MAX_RINGS = 500;
const LANE_FLAG_PX = 3;

/** The rows standing for a finding's lanes and pods (a collapsed pod's lanes are its group row), each once. */
export function findingRows(frame: FrameContext, finding: Finding): Row[] {
  const rows = new Set<Row>();
  for (const lane of finding.lanes) {
    const row = rowForLane(frame, lane);
    if (row) rows.add(row);
  }
  const { layout } = frame;
  for (const pod of finding.pods) {
    const r = pod >= 0 && pod < layout.groupRowOfPod.length ? layout.groupRowOfPod[pod] : -1;
    if (r >= 0) rows.add(layout.rows[r]);
  }
  return [...rows];
}

function isPinned(row: Row): boolean {
  return row.kind === 'lane' && row.pinned;
}

export function drawFindingHighlight(ctx: CanvasRenderingContext2D, frame: FrameContext, finding: Finding): void {
  const { scale, widthPx, heightPx, layout, theme } = frame;
  const colour = FINDING_COLOURS[theme.name][finding.severity] ?? FINDING_COLOURS[theme.name].info;
  const x0 = Math.max(-1, Math.min(widthPx + 1, scale.toPx(finding.startUs)));
  const x1 = Math.max(x0 + 2, Math.min(widthPx + 1, scale.toPx(finding.endUs)));
  ctx.save();
  ctx.fillStyle = colour;

  // The time range over every row.
  ctx.globalAlpha = 0.045;
  ctx.fillRect(x0, 0, x1 - x0, heightPx);

  // Its lanes: tinted inside the range, flagged at the left edge so they stand out when the range is off-screen.
  const rows = findingRows(frame, finding);
  const drawRows = (pinned: boolean) => {
    for (const row of rows) {
      if (isPinned(row) !== pinned) continue;
      const y = rowTopPx(frame, row);
      if (y + row.heightPx < 0 || y > heightPx) continue;
      ctx.globalAlpha = 0.11;
      ctx.fillRect(x0, y, x1 - x0, row.heightPx);
      ctx.globalAlpha = 0.9;
      ctx.fillRect(0, y + 1, LANE_FLAG_PX, row.heightPx - 2);
    }
  };
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, layout.pinnedHeightPx, widthPx, heightPx - layout.pinnedHeightPx);
  ctx.clip();
  drawRows(false);
  ctx.restore();
  drawRows(true);

  // The range's edges.
  ctx.globalAlpha = 0.75;
  if (x0 >= 0 && x0 <= widthPx) ctx.fillRect(Math.round(x0), 0, 1, heightPx);
  if (x1 >= 0 && x1 <= widthPx) ctx.fillRect(Math.round(x1), 0, 1, heightPx);

  // Evidence events.
  ctx.globalAlpha = 1;
  ctx.strokeStyle = colour;
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  for (const e of finding.evidence.slice(0, MAX_RINGS)) {
    if (e < 0 || e >= frame.trace.events.count) continue;
    const p = eventPoint(frame, e);
    if (!p || p.offScreen || p.x < -6 || p.x > widthPx + 6) continue;
    ctx.moveTo(p.x + 5, p.y);
    ctx.arc(p.x, p.y, 5, 0, Math.PI * 2);
  }
  ctx.stroke();

  // The title at the top of the range, when there is room for it.
  ctx.font = theme.smallFont;
  ctx.textBaseline = 'middle';
  const labelX = Math.max(4, x0 + 4);
  const label = fitText(ctx, `⚑ ${finding.title}`, Math.min(360, x1 - labelX - 4, widthPx - labelX - 4));
  if (label) {
    const y = layout.pinnedHeightPx + 9;
    const w = ctx.measureText(label).width;
    ctx.globalAlpha = 0.92;
    ctx.fillStyle = theme.background;
    ctx.fillRect(labelX - 3, y - 7, w + 6, 14);
    ctx.globalAlpha = 1;
    ctx.fillStyle = colour;
    ctx.fillText(label, labelX, y);
  }
  ctx.restore();
}
