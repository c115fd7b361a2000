/** Pointer state of the timeline that changes at pointer speed: kept in a ref, drawn on the overlay, never in React. */
import type { Hit } from '../../render/hit-test.ts';

export interface TimelineInteraction {
  hover: Hit | undefined;
  cursorXPx: number;
  dragRange: { startUs: number; endUs: number } | undefined;
}

export function newInteraction(): TimelineInteraction {
  return { hover: undefined, cursorXPx: NaN, dragRange: undefined };
}
