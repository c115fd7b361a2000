/** The hatch used for "unknown" state bands, made once per theme (patterns are cheap to fill, costly to create). */
import type { Theme } from './theme.ts';

const cache = new Map<string, CanvasPattern | null>();

export function hatchPattern(ctx: CanvasRenderingContext2D, theme: Theme): CanvasPattern | null {
  const key = theme.name;
  if (cache.has(key)) return cache.get(key)!;
  if (typeof document === 'undefined') return null; // drawing without a DOM (tests): the caller falls back to a flat fill
  const tile = document.createElement('canvas');
  tile.width = 8;
  tile.height = 8;
  const t = tile.getContext('2d')!;
  t.fillStyle = theme.unknownBand;
  t.fillRect(0, 0, 8, 8);
  t.strokeStyle = theme.unknownHatch;
  t.lineWidth = 1.5;
  t.beginPath();
  for (const o of [-8, 0, 8]) {
    t.moveTo(o, 8);
    t.lineTo(o + 8, 0);
  }
  t.stroke();
  const pattern = ctx.createPattern(tile, 'repeat');
  cache.set(key, pattern);
  return pattern;
}
