/**
 * Two-pointer gestures (touch pinch and two-finger pan) as d3-zoom transform maths, kept pure for unit tests.
 *
 * At the start of the gesture we keep the window and the two contact points. During it, the window is the one in
 * which the time that was under the pinch centre is under the new centre, scaled by how much the fingers' distance
 * changed: moving both fingers together pans, spreading them zooms in around their centre, and both at once do both.
 */
import { scaleLinear, zoomIdentity } from 'd3';

export interface PinchPoint {
  /** Canvas-relative CSS px. */
  xPx: number;
  yPx: number;
}

export interface PinchStart {
  startUs: number;
  endUs: number;
  widthPx: number;
  a: PinchPoint;
  b: PinchPoint;
}

/** Below this finger distance the zoom factor is not trusted (fingers on top of each other): pan only. */
const MIN_SPREAD_PX = 8;

export function centreOf(a: PinchPoint, b: PinchPoint): PinchPoint {
  return { xPx: (a.xPx + b.xPx) / 2, yPx: (a.yPx + b.yPx) / 2 };
}

function spread(a: PinchPoint, b: PinchPoint): number {
  return Math.hypot(a.xPx - b.xPx, a.yPx - b.yPx);
}

/** The window for the fingers now at `a` and `b`. Times stay relative to the start window (epoch µs are large). */
export function pinchWindow(start: PinchStart, a: PinchPoint, b: PinchPoint): { startUs: number; endUs: number } {
  const from = centreOf(start.a, start.b);
  const to = centreOf(a, b);
  const before = spread(start.a, start.b);
  const now = spread(a, b);
  const k = before >= MIN_SPREAD_PX && now >= MIN_SPREAD_PX ? now / before : 1;
  // d3-zoom's transform: x' = k·x + tx, chosen so that the start centre lands on the new centre.
  const transform = zoomIdentity.translate(to.xPx, 0).scale(k).translate(-from.xPx, 0);
  const scale = scaleLinear().domain([0, start.endUs - start.startUs]).range([0, start.widthPx]);
  const [d0, d1] = transform.rescaleX(scale).domain();
  return { startUs: start.startUs + d0, endUs: start.startUs + d1 };
}

/** Vertical two-finger movement scrolls the lanes. */
export function pinchScrollDeltaPx(start: PinchStart, a: PinchPoint, b: PinchPoint): number {
  return centreOf(a, b).yPx - centreOf(start.a, start.b).yPx;
}
