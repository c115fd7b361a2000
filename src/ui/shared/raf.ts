/**
 * One requestAnimationFrame per canvas, coalesced with a dirty flag (Perfetto's raf_scheduler): any number of
 * schedule() calls within a frame cause one draw.
 */
export interface RafScheduler {
  schedule(): void;
  cancel(): void;
}

export function createRafScheduler(draw: () => void): RafScheduler {
  let handle = 0;
  return {
    schedule() {
      if (handle) return;
      handle = requestAnimationFrame(() => {
        handle = 0;
        draw();
      });
    },
    cancel() {
      if (handle) cancelAnimationFrame(handle);
      handle = 0;
    },
  };
}
