/**
 * Scrolls the lanes so the selection is in view when something outside the timeline selected it (the log pane,
 * the pod finder, J/K). The store bumps `revealNonce` to ask.
 */
import { useEffect, type RefObject } from 'react';
import type { AppState } from '../../store/app-store.ts';
import { selectRowLayout } from '../../store/selectors.ts';
import { useStoreApi } from '../app/StoreContext.tsx';

function selectedRowY(s: AppState): { yPx: number; heightPx: number } | undefined {
  const layout = selectRowLayout(s);
  const trace = s.loaded?.trace;
  if (!layout || !trace) return undefined;
  const sel = s.selection;
  let lane = -1;
  if (sel.kind === 'event') lane = trace.events.lane[sel.event];
  else if (sel.kind === 'span') lane = trace.spans.lane[sel.span];
  if (lane >= 0) {
    if (layout.pinnedOfLane[lane] >= 0) return undefined; // always visible
    const r = layout.rowOfLane[lane];
    if (r >= 0) return layout.rows[r];
    const pod = trace.lanes[lane].pod;
    if (pod >= 0 && layout.groupRowOfPod[pod] >= 0) return layout.rows[layout.groupRowOfPod[pod]];
    return undefined;
  }
  if (sel.kind === 'pod' && layout.groupRowOfPod[sel.pod] >= 0) return layout.rows[layout.groupRowOfPod[sel.pod]];
  return undefined;
}

export function useReveal(body: RefObject<HTMLElement | null>): void {
  const store = useStoreApi();
  useEffect(() => store.subscribe((s, p) => {
    if (s.revealNonce === p.revealNonce) return;
    const el = body.current;
    const layout = selectRowLayout(s);
    const row = selectedRowY(s);
    if (!el || !layout || !row) return;
    const visibleH = el.clientHeight - layout.pinnedHeightPx;
    if (row.yPx >= s.scrollTopPx && row.yPx + row.heightPx <= s.scrollTopPx + visibleH) return;
    // The spacer may need React to grow first (a group was just expanded); the next frame has the new height.
    requestAnimationFrame(() => {
      el.scrollTop = Math.max(0, row.yPx - visibleH / 3);
    });
  }), [store, body]);
}
