/**
 * Test support for the render layer: a FrameContext for a trace, and a recording 2D context whose draw calls can
 * be counted (Firefox Profiler's draw-log tests).
 */
import type { FrameContext } from '../../../src/render/frame.ts';
import { buildLaneEventIndex, buildSpanEndPrefix } from '../../../src/render/lane-index.ts';
import { layoutRows } from '../../../src/render/row-layout.ts';
import { LIGHT_THEME } from '../../../src/render/theme.ts';
import { TimeScale } from '../../../src/render/time-scale.ts';
import { assignSubRows, buildLaneGroups, sortPods } from '../../../src/store/lane-groups.ts';
import type { Trace } from '../../../src/model/trace.ts';

export function frameFor(trace: Trace, startUs: number, endUs: number, widthPx = 1000, heightPx = 2000): FrameContext {
  const groups = buildLaneGroups(trace);
  const subRows = assignSubRows(trace);
  const filter = {
    laneKinds: [], containers: [], pods: [], namespaces: [], eventsFiltered: false, narrowsPods: false,
    podVisible: new Uint32Array(trace.pods.length), laneVisible: new Uint32Array(trace.lanes.length),
  };
  const layout = layoutRows({ trace, groups, podOrder: sortPods(trace, 'name'), collapsed: {}, filter, subRows });
  return {
    trace, scale: new TimeScale(startUs, endUs, widthPx), widthPx, heightPx, layout, scrollTopPx: 0,
    events: buildLaneEventIndex(trace, undefined), spanEndPrefix: buildSpanEndPrefix(trace), subRows, theme: LIGHT_THEME, minGapPx: 3,
  };
}

export interface DrawLog {
  ctx: CanvasRenderingContext2D;
  calls: Map<string, number>;
  /** x of every rect()/fillRect() call. */
  rectXs: number[];
  /** Every string drawn with fillText. */
  texts: string[];
}

/** A 2D context that records what is drawn (enough of the API for the render layer). */
export function recordingContext(): DrawLog {
  const calls = new Map<string, number>();
  const rectXs: number[] = [];
  const texts: string[] = [];
  const count = (name: string) => calls.set(name, (calls.get(name) ?? 0) + 1);
  const target: Record<string, unknown> = {
    measureText: (s: string) => ({ width: s.length * 6 }),
    createLinearGradient: () => ({ addColorStop: () => undefined }),
    createPattern: () => null,
  };
  const ctx = new Proxy(target, {
    get(t, prop: string) {
      if (prop in t) return t[prop];
      return (...args: unknown[]) => {
        count(prop);
        if (prop === 'rect' || prop === 'fillRect') rectXs.push(args[0] as number);
        if (prop === 'fillText') texts.push(args[0] as string);
      };
    },
    set(t, prop: string, value) {
      t[prop] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
  return { ctx, calls, rectXs, texts };
}
