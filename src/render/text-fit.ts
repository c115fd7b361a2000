/**
 * Fitting labels into bands and gaps. Text widths are measured once per (font, string) and cached; truncation
 * estimates the cut from the measured width (labels are short, so the estimate is within a character).
 */
const widthCache = new Map<string, number>();
const MAX_CACHED = 20_000;

export function textWidth(ctx: CanvasRenderingContext2D, text: string): number {
  const key = ctx.font + '\u0000' + text;
  let w = widthCache.get(key);
  if (w === undefined) {
    if (widthCache.size > MAX_CACHED) widthCache.clear();
    w = ctx.measureText(text).width;
    widthCache.set(key, w);
  }
  return w;
}

/** The label cut to fit `maxPx` (with an ellipsis), or '' if not even a few characters fit. */
export function fitText(ctx: CanvasRenderingContext2D, text: string, maxPx: number): string {
  if (maxPx < 14 || !text) return '';
  const full = textWidth(ctx, text);
  if (full <= maxPx) return text;
  const chars = Math.floor((text.length * (maxPx - 8)) / full);
  return chars >= 3 ? text.slice(0, chars) + '…' : '';
}
