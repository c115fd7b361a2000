/**
 * Scrolls the lanes so the focused finding's lanes are in view (the store bumps `findingFocusNonce` when a finding
 * is focused). The topmost of its rows goes a little below the top of the scrolled area, so the lanes under it
 * — usually the rest of the same pod — are in view too.
 */
import { useEffect, type RefObject } from 'react';
import type { AppState } from '../../store/app-store.ts';
import { findingPods } from '../../store/findings-slice.ts';
import { selectRowLayout } from '../../store/selectors.ts';
import { useStoreApi } from '../app/StoreContext.tsx';

/** Content y (scrolled rows) of the finding's topmost lane or pod row; undefined when all of them are pinned or hidden. */
export function findingTopY(s: AppState): number | undefined {
  const trace = s.loaded?.trace;
  const layout = selectRowLayout(s);
  const finding = trace?.findings[s.activeFinding];
  if (!trace || !layout || !finding) return undefined;
  let top = Infinity;
  for (const lane of finding.lanes) {
    if (lane < 0 || lane >= layout.rowOfLane.length) continue;
    const r = layout.rowOfLane[lane];
    if (r >= 0) top = Math.min(top, layout.rows[r].yPx);
  }
  for (const pod of findingPods(trace, finding)) {
    const r = layout.groupRowOfPod[pod];
    if (r >= 0) top = Math.min(top, layout.rows[r].yPx);
  }
  return Number.isFinite(top) ? top : undefined;
}

export function useFindingFocus(body: RefObject<HTMLElement | null>): void {
  const store = useStoreApi();
  useEffect(() => store.subscribe((s, p) => {
    if (s.findingFocusNonce === p.findingFocusNonce) return;
    // The spacer may have to grow first (pods were just expanded); the next frame has the new layout rendered.
    requestAnimationFrame(() => {
      const el = body.current;
      const state = store.getState();
      const y = findingTopY(state);
      if (!el || y === undefined) return;
      el.scrollTop = Math.max(0, y - 30);
    });
  }), [store, body]);
}
