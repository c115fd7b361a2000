/**
 * Numbers the performance script (scripts/ui-perf.ts) and the browser tests read, a few on `window`:
 *
 *   - each timeline canvas draw (base lanes, overlay, axis, overview strip), grouped into the frame it was drawn
 *     in; a frame is closed by a message posted from its first draw, which runs after the browser has finished
 *     that frame's rendering on the main thread (rAF callbacks, style, layout, paint of the DOM around the
 *     canvases, such as the lane headers). Per frame: the sum of the draws, the whole rendering step (from the
 *     frame's animation time to that message) and, when an input (wheel, pointer, key, touch) came before it, the
 *     time from that input to the end of the frame that showed it;
 *   - when a loaded trace was posted by the worker, reached the store, and first painted (after that frame).
 */
import type { AppStore } from '../../store/app-store.ts';
import { traceTransferables } from '../../worker/transfer.ts';

export interface FrameRecord {
  /** Canvas drawing in this frame, ms: the sum, and per layer. */
  drawMs: number;
  layers: Record<string, number>;
  /** From the frame's animation time (the rAF timestamp) to the end of its rendering step, ms. */
  renderMs: number;
  /** From the earliest input since the previous frame to the end of this one, ms; NaN if no input led to it. */
  inputToPaintMs: number;
  /** performance.now() at the end of the frame. */
  endAt: number;
}

export interface PerfProbe {
  /** Duration of recent base-layer draws, ms (ring buffer, newest last). */
  drawMs: number[];
  /** Recent frames with a timeline draw (ring buffer, newest last). */
  frames: FrameRecord[];
  /** performance.now() when the worker posted the last trace, when it reached the store, and when the timeline
   * first finished painting it. */
  postedAt: number;
  loadedAt: number;
  firstPaintAt: number;
  parseMs: number;
  /** How many base-layer draws happened (tests use it to wait for a redraw). */
  draws: number;
  /** Draws so far per layer ('base', 'overlay', 'axis', 'minimap'): tests check which layers a gesture redraws. */
  layerDraws: Record<string, number>;
  /** The visible window (tests check zoom and pan with it). */
  viewport(): { startUs: number; endUs: number };
}

const MAX_SAMPLES = 2_000;
/** An input with no frame drawn this long after it did not lead to one (a key that changed nothing). */
const INPUT_STALE_MS = 250;

export const perfProbe: PerfProbe = {
  drawMs: [], frames: [], postedAt: NaN, loadedAt: NaN, firstPaintAt: NaN, parseMs: NaN, draws: 0, layerDraws: {},
  viewport: () => ({ startUs: NaN, endUs: NaN }),
};

let pendingInputAt = NaN;
let open: { layers: Record<string, number>; drawMs: number; startedAt: number; base: boolean } | undefined;
let frameEnd: MessageChannel | undefined;

function push<T>(ring: T[], value: T): void {
  ring.push(value);
  if (ring.length > MAX_SAMPLES) ring.splice(0, ring.length - MAX_SAMPLES);
}

function closeFrame(): void {
  const frame = open;
  open = undefined;
  if (!frame) return;
  const now = performance.now();
  // An input that came after this frame started is shown by a later one.
  const input = pendingInputAt;
  const shown = !Number.isNaN(input) && input <= frame.startedAt;
  if (shown) pendingInputAt = NaN;
  push(perfProbe.frames, {
    drawMs: frame.drawMs, layers: frame.layers, renderMs: now - frame.startedAt, inputToPaintMs: shown ? now - input : NaN, endAt: now,
  });
  if (frame.base && Number.isNaN(perfProbe.firstPaintAt) && !Number.isNaN(perfProbe.loadedAt)) perfProbe.firstPaintAt = now;
}

/** One canvas layer drew for `ms` in the current animation frame. */
export function recordLayerDraw(layer: string, ms: number): void {
  perfProbe.layerDraws[layer] = (perfProbe.layerDraws[layer] ?? 0) + 1;
  if (!open) {
    const animationTime = document.timeline.currentTime;
    open = { layers: {}, drawMs: 0, startedAt: typeof animationTime === 'number' ? animationTime : performance.now() - ms, base: false };
    frameEnd ??= new MessageChannel();
    frameEnd.port1.onmessage = closeFrame;
    frameEnd.port2.postMessage(0);
  }
  open.layers[layer] = (open.layers[layer] ?? 0) + ms;
  open.drawMs += ms;
}

/** The base layer (lanes, bands, marks) drew. */
export function recordDraw(ms: number): void {
  perfProbe.draws++;
  push(perfProbe.drawMs, ms);
  recordLayerDraw('base', ms);
  if (open) open.base = true;
}

function noteInput(e: Event): void {
  const at = e.timeStamp;
  if (!Number.isNaN(pendingInputAt) && at - pendingInputAt > INPUT_STALE_MS) pendingInputAt = NaN;
  if (Number.isNaN(pendingInputAt)) pendingInputAt = at;
}

export function exposePerfProbe(store: AppStore): void {
  (window as unknown as { __syncloopPerf: PerfProbe }).__syncloopPerf = perfProbe;
  // Bytes held in the loaded trace's ArrayBuffers (columns and raw text): memory outside the JS heap.
  (window as unknown as { __syncloopTraceBytes: () => number }).__syncloopTraceBytes = () => {
    const trace = store.getState().loaded?.trace;
    return trace ? traceTransferables(trace).reduce((sum, b) => sum + b.byteLength, 0) : 0;
  };
  perfProbe.viewport = () => {
    const { startUs, endUs } = store.getState().viewport;
    return { startUs, endUs };
  };
  for (const type of ['wheel', 'pointerdown', 'pointermove', 'keydown', 'touchmove']) {
    window.addEventListener(type, noteInput, { capture: true, passive: true });
  }
  store.subscribe((state, previous) => {
    if (state.loaded !== previous.loaded && state.loaded) {
      perfProbe.loadedAt = performance.now();
      perfProbe.postedAt = state.loadStats?.postedAt ?? NaN;
      perfProbe.firstPaintAt = NaN;
      perfProbe.parseMs = state.loadStats?.parseMs ?? NaN;
    }
  });
}
