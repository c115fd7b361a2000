/**
 * The buffers of a Trace that can move to the page without copying: every typed-array column, the line offsets and
 * the raw text's pieces. A buffer may back several views, and a transfer list must name it once.
 */
import type { Trace } from '../model/trace.ts';

export function traceTransferables(trace: Trace): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  const add = (view: ArrayBufferView) => {
    // SharedArrayBuffers are shared, not transferred; the core never makes them, but be safe.
    if (view.buffer instanceof ArrayBuffer && view.buffer.byteLength > 0) buffers.add(view.buffer);
  };
  for (const table of [trace.events, trace.spans, trace.links] as unknown as Record<string, unknown>[]) {
    for (const value of Object.values(table)) if (ArrayBuffer.isView(value)) add(value);
  }
  add(trace.laneEventStart);
  add(trace.laneEventIdx);
  add(trace.laneSpanStart);
  add(trace.laneSpanIdx);
  for (const raw of trace.raw) {
    add(raw.lineStarts);
    for (const piece of raw.pieces) add(piece);
  }
  return [...buffers];
}
