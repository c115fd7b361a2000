/**
 * Virtual scrolling maths for very long lists. Browsers cap an element's height (about 16.7 M px in Chromium),
 * so above MAX_SCROLL_PX the scroll range is compressed: the scroll fraction picks the first row, and a million
 * lines still scroll smoothly and reach the end.
 */
export const MAX_SCROLL_PX = 8_000_000;

export interface VirtualMetrics {
  /** Height of the scrolling spacer. */
  scrollHeightPx: number;
  /** Index of the first row in view (may be fractional) for a scrollTop. */
  firstRow(scrollTopPx: number): number;
  /** scrollTop that puts `row` at the top of the view. */
  scrollTopFor(row: number): number;
}

export function virtualMetrics(rowCount: number, rowPx: number, viewPx: number): VirtualMetrics {
  const fullPx = rowCount * rowPx;
  if (fullPx <= MAX_SCROLL_PX) {
    return { scrollHeightPx: fullPx, firstRow: (top) => top / rowPx, scrollTopFor: (row) => row * rowPx };
  }
  const rowsInView = viewPx / rowPx;
  const scrollRangePx = MAX_SCROLL_PX - viewPx;
  const rowRange = rowCount - rowsInView;
  return {
    scrollHeightPx: MAX_SCROLL_PX,
    firstRow: (top) => (Math.min(top, scrollRangePx) / scrollRangePx) * rowRange,
    scrollTopFor: (row) => (Math.max(0, Math.min(row, rowRange)) / rowRange) * scrollRangePx,
  };
}
