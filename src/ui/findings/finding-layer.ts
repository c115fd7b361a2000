/** The active finding's highlight as an underlay of the timeline's overlay canvas (see render/draw-findings.ts). */
import { drawFindingHighlight } from '../../render/draw-findings.ts';
import type { FrameContext } from '../../render/frame.ts';
import type { AppState } from '../../store/app-store.ts';

export function findingUnderlay(state: AppState, frame: FrameContext): ((ctx: CanvasRenderingContext2D) => void) | undefined {
  const finding = state.activeFinding >= 0 ? frame.trace.findings[state.activeFinding] : undefined;
  return finding ? (ctx) => drawFindingHighlight(ctx, frame, finding) : undefined;
}
